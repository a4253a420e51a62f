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
