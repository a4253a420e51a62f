"""A local-mode Spark job (local[2]) that normalizes, deduplicates and
resolves a column of IRIs through the UDFs, compared line by line with the
`iri` binary's output on the same lines, once per UDF kind this pyspark
runs (arrow_udf on Spark 4.1+, pandas_udf on every version)."""

from __future__ import annotations

import os
import sys

import pyspark
import pytest
from pyspark.sql import SparkSession
from pyspark.sql import functions as F

from rfc3987_rs import spark as rs

from conftest import INPUTS

BASE = "http://a/b/c/d;p?q"

# The UDF kinds this pyspark runs: its native one, and pandas_udf (the
# one of Spark before 4.1) where that is not already the native one.
KINDS = ["arrow_udf", "pandas_udf"] if hasattr(F, "arrow_udf") else ["pandas_udf"]


@pytest.fixture(params=KINDS)
def kind(request, monkeypatch):
    """Each test once per UDF kind (RFC3987_RS_SPARK_UDF forces it)."""
    monkeypatch.setenv("RFC3987_RS_SPARK_UDF", request.param)
    assert rs.udf_kind() == request.param
    return request.param


def test_the_udf_kind_follows_the_pyspark_version(monkeypatch):
    monkeypatch.delenv("RFC3987_RS_SPARK_UDF", raising=False)
    major, minor = (int(part) for part in pyspark.__version__.split(".")[:2])
    want = "arrow_udf" if (major, minor) >= (4, 1) else "pandas_udf"
    assert rs.udf_kind() == want, pyspark.__version__
    monkeypatch.setenv("RFC3987_RS_SPARK_UDF", "rows")
    with pytest.raises(ValueError, match="use one of arrow_udf, pandas_udf"):
        rs.udf_kind()
    if want == "pandas_udf":
        monkeypatch.setenv("RFC3987_RS_SPARK_UDF", "arrow_udf")
        with pytest.raises(ValueError, match="no arrow_udf"):
            rs.udf_kind()


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


def test_normalize_deduplicate_resolve_matches_the_cli(spark, iri, kind):
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


def test_check_parse_and_to_uri_columns(spark, iri, kind):
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



def test_equivalent_columns(spark, iri, kind):
    pairs = [
        ("HTTP://Example.COM/%7euser", "http://example.com/~user"),
        ("http://a/b", "http://a/c"),
        ("http://a/b c", "http://a/b"),
        (None, "http://a/"),
    ]
    df = spark.createDataFrame(pairs, "a string, b string")
    rows = df.select("a", "b", rs.equivalent("a", "b").alias("same")).collect()
    got = {(row.a, row.b): row.same for row in rows}
    lines = [f"{a}\t{b}" for a, b in pairs[:3]]
    for (a, b), obj in zip(pairs[:3], iri(["equiv"], lines)):
        assert got[(a, b)] is obj.get("equivalent"), (a, b)
    assert got[(None, "http://a/")] is None


def test_a_task_runs_on_the_cores_spark_gave_it(spark):
    # spark.task.cpus is 1 (the default): each task's function gets one
    # thread, as the task has one core; outside a task too.
    assert rs._task_threads() == 1
    cpus = spark.conf.get("spark.task.cpus", "1")
    threads = F.udf(lambda _: rs._task_threads(), "int")
    seen = {row[0] for row in spark.range(8, numPartitions=2).select(threads("id")).collect()}
    assert seen == {int(cpus)}
