"""Polars expressions over :mod:`rfc3987_rs.arrow`, evaluated batch by
batch on the Series' Arrow data (the Rust column functions, without a
Python loop per row), in eager and lazy queries alike.

Importing this module registers the expression namespace ``iri``::

    import polars as pl
    import rfc3987_rs.polars  # registers pl.col(...).iri

    df.lazy().with_columns(key=pl.col("iri").iri.normalize("scheme")).collect()

and the same functions take a column name or an expression::

    from rfc3987_rs import polars as rp

    df.with_columns(key=rp.normalize("iri"), valid=rp.check(pl.col("iri")))

Rejected inputs become nulls (as ``on_error="null"``); null stays null.
"""

from __future__ import annotations

from typing import Any, Callable, Union

import polars as pl

from . import arrow as ra

__all__ = [
    "IriExpr",
    "check",
    "lint",
    "normalize",
    "parse",
    "relativize",
    "resolve",
    "to_iri",
    "to_uri",
]

#: A column name or a Polars expression of strings.
IntoExpr = Union[str, pl.Expr]

_PARTS = pl.Struct(
    {
        name: pl.String
        for name in (
            "scheme",
            "authority",
            "userinfo",
            "host",
            "port",
            "path",
            "query",
            "fragment",
        )
    }
)

_WARNINGS = pl.List(
    pl.Struct(
        {
            "code": pl.String,
            "component": pl.String,
            "start": pl.UInt64,
            "end": pl.UInt64,
            "char_start": pl.UInt64,
            "char_end": pl.UInt64,
            "message": pl.String,
        }
    )
)


def _expr(column: IntoExpr) -> pl.Expr:
    return pl.col(column) if isinstance(column, str) else column


def _map(column: IntoExpr, function: Callable[[Any], Any], dtype: Any) -> pl.Expr:
    """``function`` (pyarrow array -> pyarrow array) on each batch."""

    def on_series(series: pl.Series) -> pl.Series:
        return pl.Series(series.name, function(series.to_arrow()), dtype=dtype)

    return _expr(column).map_batches(on_series, return_dtype=dtype, is_elementwise=True)


def check(column: IntoExpr, rule: str = "IRI-reference") -> pl.Expr:
    """Booleans: does each string match the ABNF rule ``rule``?"""
    return _map(column, lambda a: ra.check(a, rule), pl.Boolean)


def parse(column: IntoExpr, rule: str = "IRI-reference") -> pl.Expr:
    """A struct of the components (null for a rejected input)."""
    return _map(column, lambda a: ra.parse(a, rule), _PARTS)


def to_uri(
    column: IntoExpr, *, idna: bool = False, lenient: bool = False, nfc: bool = False
) -> pl.Expr:
    """RFC 3987 section 3.1 (options as :func:`rfc3987_rs.to_uri`)."""
    return _map(
        column, lambda a: ra.to_uri(a, idna=idna, lenient=lenient, nfc=nfc), pl.String
    )


def to_iri(column: IntoExpr, *, idna: bool = False, decode_lookalikes: bool = False) -> pl.Expr:
    """RFC 3987 section 3.2 (options as :func:`rfc3987_rs.to_iri`)."""
    return _map(
        column,
        lambda a: ra.to_iri(a, idna=idna, decode_lookalikes=decode_lookalikes),
        pl.String,
    )


def normalize(
    column: IntoExpr,
    level: str = "syntax",
    *,
    nfc: bool = False,
    nfkc: bool = False,
    strict_hosts: bool = False,
) -> pl.Expr:
    """RFC 3987 section 5.3 (options as :func:`rfc3987_rs.normalize`)."""
    return _map(
        column,
        lambda a: ra.normalize(a, level, nfc=nfc, nfkc=nfkc, strict_hosts=strict_hosts),
        pl.String,
    )


def resolve(base: str, column: IntoExpr, *, strict: bool = True) -> pl.Expr:
    """Each reference resolved against ``base``."""
    return _map(column, lambda a: ra.resolve(base, a, strict=strict), pl.String)


def relativize(base: str, column: IntoExpr) -> pl.Expr:
    """The shortest reference from ``base`` to each IRI."""
    return _map(column, lambda a: ra.relativize(base, a), pl.String)


def lint(column: IntoExpr) -> pl.Expr:
    """The warnings of each row: a list of structs with the fields of
    :class:`rfc3987_rs.LintWarning`."""
    return _map(column, ra.lint, _WARNINGS)


@pl.api.register_expr_namespace("iri")
class IriExpr:
    """``expr.iri``: the functions of this module on a string expression,
    ``pl.col("iri").iri.normalize()``."""

    def __init__(self, expr: pl.Expr) -> None:
        self._expr = expr

    def check(self, rule: str = "IRI-reference") -> pl.Expr:
        """Booleans: does each string match the ABNF rule ``rule``?"""
        return check(self._expr, rule)

    def parse(self, rule: str = "IRI-reference") -> pl.Expr:
        """A struct of the components (null for a rejected input)."""
        return parse(self._expr, rule)

    def to_uri(self, *, idna: bool = False, lenient: bool = False, nfc: bool = False) -> pl.Expr:
        """RFC 3987 section 3.1."""
        return to_uri(self._expr, idna=idna, lenient=lenient, nfc=nfc)

    def to_iri(self, *, idna: bool = False, decode_lookalikes: bool = False) -> pl.Expr:
        """RFC 3987 section 3.2."""
        return to_iri(self._expr, idna=idna, decode_lookalikes=decode_lookalikes)

    def normalize(
        self,
        level: str = "syntax",
        *,
        nfc: bool = False,
        nfkc: bool = False,
        strict_hosts: bool = False,
    ) -> pl.Expr:
        """RFC 3987 section 5.3."""
        return normalize(self._expr, level, nfc=nfc, nfkc=nfkc, strict_hosts=strict_hosts)

    def resolve(self, base: str, *, strict: bool = True) -> pl.Expr:
        """Each reference resolved against ``base``."""
        return resolve(base, self._expr, strict=strict)

    def relativize(self, base: str) -> pl.Expr:
        """The shortest reference from ``base`` to each IRI."""
        return relativize(base, self._expr)

    def lint(self) -> pl.Expr:
        """The warnings of each row."""
        return lint(self._expr)
