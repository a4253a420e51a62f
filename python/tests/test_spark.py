"""A local-mode Spark job (local[2]) that normalizes, deduplicates and
resolves a column of IRIs through the Arrow UDFs, compared line by line
with the `iri` binary's output on the same lines."""

from __future__ import annotations

import os
import sys

import pytest
from pyspark.sql import SparkSession
from pyspark.sql import functions as F

from rfc3987_rs import spark as rs

from conftest import INPUTS

BASE = "http://a/b/c/d;p?q"


@pytest.fixture(scope="module")
def spark():
    # The workers run this interpreter, which has rfc3987_rs installed.
    os.environ["PYSPARK_PYTHON"] = sys.executable
    os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    session = (
        SparkSession.builder.master("local[2]")
        .appName("rfc3987_rs-test")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .getOrCreate()
    )
    yield session
    session.stop()


def lines():
    # Duplicates that normalization merges, over several partitions.
    variants = ["HTTP://Example.COM/%7euser/./a", "http://example.com/~user/a", "http://EXAMPLE.com:/%7Euser/a"]
    return (INPUTS + variants) * 3


def test_normalize_deduplicate_resolve_matches_the_cli(spark, iri):
    df = spark.createDataFrame([(line,) for line in lines()], "iri string").repartition(4)
    result = (
        df.withColumn("key", rs.normalize("iri"))
        .where(F.col("key").isNotNull())
        .dropDuplicates(["key"])
        .withColumn("target", rs.resolve(BASE, "key"))
        .select("key", "target")
        .orderBy("key")
        .collect()
    )

    # The same with the binary: normalize every line, keep the distinct
    # outputs, resolve them.
    normalized = iri(["normalize"], lines())
    keys = sorted({obj["output"] for obj in normalized if "output" in obj})
    targets = iri(["resolve", BASE], keys)
    expected = [(k, t.get("output")) for k, t in zip(keys, targets)]

    assert [(row.key, row.target) for row in result] == expected
    assert len(keys) < len(set(lines()))  # the variants merged


def test_check_parse_and_to_uri_columns(spark, iri):
    df = spark.createDataFrame([(line,) for line in INPUTS] + [(None,)], "iri string")
    rows = df.select(
        "iri", rs.check("iri").alias("valid"), rs.parse("iri").alias("p"), rs.to_uri("iri").alias("uri")
    ).collect()
    by_input = {row.iri: row for row in rows}
    assert by_input[None].valid is None and by_input[None].p is None
    for line, parsed, uri in zip(INPUTS, iri(["parse"], INPUTS), iri(["to-uri"], INPUTS)):
        row = by_input[line]
        assert row.valid is parsed["valid"], line
        if parsed["valid"]:
            assert row.p.asDict() == {k: parsed[k] for k in row.p.asDict()}, line
        else:
            assert row.p is None
        assert row.uri == uri.get("output"), line

