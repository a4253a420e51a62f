"""Polars expressions over :mod:`rfc3987_rs.arrow`: each function takes a
string expression and returns one, evaluated batch by batch
(``Expr.map_batches``) on the Series' Arrow data, without a Python loop::

    import polars as pl
    from rfc3987_rs import polars as rp

    df.with_columns(key=rp.normalize(pl.col("iri")))

Rejected inputs become nulls (as ``on_error="null"``).
"""

from __future__ import annotations

import polars as pl

from . import arrow as ra

__all__ = ["check", "normalize", "parse", "resolve", "to_iri", "to_uri"]

_PARTS = pl.Struct(
    {name: pl.String for name in
     ("scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment")}
)


def _lift(function, dtype):
    def on_series(series: pl.Series) -> pl.Series:
        out = function(series.to_arrow())
        return pl.Series(series.name, out, dtype=dtype)

    return on_series


def _map(expr: pl.Expr, function, dtype) -> pl.Expr:
    return expr.map_batches(_lift(function, dtype), return_dtype=dtype, is_elementwise=True)


def check(expr: pl.Expr, rule: str = "IRI-reference") -> pl.Expr:
    """Booleans: does each string match the ABNF rule ``rule``?"""
    return _map(expr, lambda a: ra.check(a, rule), pl.Boolean)


def parse(expr: pl.Expr, rule: str = "IRI-reference") -> pl.Expr:
    """A struct of the components (null for a rejected input)."""
    return _map(expr, lambda a: ra.parse(a, rule), _PARTS)


def to_uri(expr: pl.Expr, **options) -> pl.Expr:
    """RFC 3987 section 3.1 (options as :func:`rfc3987_rs.to_uri`)."""
    return _map(expr, lambda a: ra.to_uri(a, **options), pl.String)


def to_iri(expr: pl.Expr, **options) -> pl.Expr:
    """RFC 3987 section 3.2 (options as :func:`rfc3987_rs.to_iri`)."""
    return _map(expr, lambda a: ra.to_iri(a, **options), pl.String)


def normalize(expr: pl.Expr, level: str = "syntax", **options) -> pl.Expr:
    """RFC 3987 section 5.3 (options as :func:`rfc3987_rs.normalize`)."""
    return _map(expr, lambda a: ra.normalize(a, level, **options), pl.String)


def resolve(base: str, expr: pl.Expr, **options) -> pl.Expr:
    """Each reference resolved against ``base``."""
    return _map(expr, lambda a: ra.resolve(base, a, **options), pl.String)
