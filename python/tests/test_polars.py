"""The vectorized functions from Polars expressions (map_batches over the
Series' Arrow data), as in README.md's example."""

from __future__ import annotations

import polars as pl

import rfc3987_rs as r
from rfc3987_rs import polars as rp

from conftest import INPUTS


def test_expressions_normalize_check_and_resolve_a_column():
    df = pl.DataFrame({"iri": INPUTS + [None]})
    out = df.with_columns(
        valid=rp.check(pl.col("iri")),
        normalized=rp.normalize(pl.col("iri")),
        uri=rp.to_uri(pl.col("iri")),
        target=rp.resolve("http://a/b/c/d;p?q", pl.col("iri")),
    )
    assert out.schema["valid"] == pl.Boolean
    assert out.schema["normalized"] == pl.String
    for row in out.iter_rows(named=True):
        text = row["iri"]
        if text is None:
            assert row["valid"] is None and row["normalized"] is None
            continue
        assert row["valid"] is r.check(text)
        assert row["normalized"] == (r.normalize(text) if r.check(text) else None)
        assert row["uri"] == (r.to_uri(text) if r.check(text) and " " not in text and "<" not in text else None)
        if r.check(text):
            assert row["target"] == r.resolve("http://a/b/c/d;p?q", text)


def test_deduplicate_by_normalized_form_with_group_by():
    df = pl.DataFrame({"iri": ["http://A/%7e", "http://a/~", "HTTP://a:80/~", "http://b/", "bad iri"]})
    unique = (
        df.with_columns(key=rp.normalize(pl.col("iri"), "scheme"))
        .filter(pl.col("key").is_not_null())
        .unique("key", keep="first", maintain_order=True)
    )
    assert unique["key"].to_list() == ["http://a/~", "http://b/"]


def test_parse_gives_a_struct_column():
    df = pl.DataFrame({"iri": ["http://u@h:1/p?q#f", "x y"]})
    parts = df.select(rp.parse(pl.col("iri")).alias("p")).unnest("p")
    assert parts.row(0, named=True) == r.parse("http://u@h:1/p?q#f")
    assert parts.row(1) == (None,) * 8


def test_the_iri_namespace_takes_columns_in_a_lazy_query():
    import rfc3987_rs.polars  # noqa: F401  (registers the namespace)

    lazy = pl.LazyFrame({"iri": ["HTTP://A/%7e", "http://a/~", None, "bad iri", "../g"]})
    out = (
        lazy.with_columns(
            key=pl.col("iri").iri.normalize("scheme"),
            valid=pl.col("iri").iri.check(),
            uri=pl.col("iri").iri.to_uri(),
            target=pl.col("iri").iri.resolve("http://a/b/c"),
            host=pl.col("iri").iri.parse().struct.field("host"),
            warnings=pl.col("iri").iri.lint().list.len(),
        )
        .filter(pl.col("valid"))
        .collect()
    )
    assert out["key"].to_list() == ["http://a/~", "http://a/~", "../g"]
    assert out["target"].to_list() == [r.resolve("http://a/b/c", t) for t in out["iri"].to_list()]
    assert out["target"].to_list()[2] == "http://a/g"
    assert out["host"].to_list() == ["A", "a", None]
    assert out["warnings"].to_list() == [len(r.lint(t)) for t in out["iri"].to_list()]


def test_functions_take_column_names():
    df = pl.DataFrame({"iri": ["HTTP://A/", "x y"]})
    out = df.select(n=rp.normalize("iri"), c=rp.check("iri"), rel=rp.relativize("http://a/b", "iri"))
    assert out.rows() == [("http://a/", True, r.relativize("http://a/b", "HTTP://A/")), (None, False, None)]
