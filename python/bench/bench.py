"""IRIs per second: the vectorized Arrow path, a Python loop over the str
API, the pure-Python `rfc3987` package (PyPI) and `urllib.parse`, on the
same inputs; and a local-mode PySpark job (normalize, deduplicate,
resolve) on 1 and 2 cores.

    python python/bench/bench.py [--rows N] [--spark-rows N] [--no-spark]

Prints a Markdown table of IRIs per second. Each figure
is the best of --repeat runs (wall clock, time.perf_counter).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
import urllib.parse

import pyarrow as pa
import rfc3987 as pure  # PyPI's pure-Python package (regular expressions)

import rfc3987_rs as r
from rfc3987_rs import arrow as ra

BASE = "http://example.org/a/b/c;p?q"


def corpus(rows: int, seed: int = 3987) -> list[str]:
    """A deterministic mix: absolute ASCII URLs, IRIs with non-ASCII hosts
    and paths, percent-encodings and dot segments, relative references,
    and ~2% invalid inputs."""
    rng = random.Random(seed)
    words = ["index", "a", "b", "docs", "wiki", "パス", "путь", "مسار", "%7Euser", ".", "..", "2024"]
    hosts = ["example.org", "WWW.Example.COM", "例え.テスト", "пример.рф", "[2001:db8::1]", "192.0.2.7"]
    out = []
    for i in range(rows):
        path = "/".join(rng.choice(words) for _ in range(rng.randint(1, 5)))
        kind = rng.random()
        if kind < 0.55:
            text = f"{rng.choice(['http', 'https', 'HTTP'])}://{rng.choice(hosts)}/{path}"
            if rng.random() < 0.5:
                text += f"?q={i}&lang=ja"
            if rng.random() < 0.2:
                text += "#frag"
        elif kind < 0.80:
            text = f"{'../' * rng.randint(0, 2)}{path}?x={i}"
        elif kind < 0.98:
            text = f"https://user@{rng.choice(hosts)}:8080/{path}#{i}"
        else:
            text = f"http://{rng.choice(hosts)}/bad path/{i}"
        out.append(text)
    return out


def best(repeat: int, work) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def safe(call):
    def run(*args):
        try:
            return call(*args)
        except ValueError:
            return None

    return run


def python_rows(rows: list[str], repeat: int) -> list[tuple[str, str, float]]:
    column = pa.array(rows)
    threads = os.cpu_count() or 1
    check, parse, norm, res = safe(r.check), safe(r.parse), safe(r.normalize), safe(r.resolve)
    cases = [
        ("check", "rfc3987_rs.arrow, 1 thread", lambda: ra.check(column, threads=1)),
        ("check", f"rfc3987_rs.arrow, {threads} threads", lambda: ra.check(column)),
        ("check", "loop over rfc3987_rs.check", lambda: [check(s) for s in rows]),
        ("check", "loop over rfc3987.match (PyPI)",
         lambda: [pure.match(s, rule="IRI_reference") is not None for s in rows]),
        ("parse", "rfc3987_rs.arrow, 1 thread", lambda: ra.parse(column, threads=1)),
        ("parse", f"rfc3987_rs.arrow, {threads} threads", lambda: ra.parse(column)),
        ("parse", "loop over rfc3987_rs.parse", lambda: [parse(s) for s in rows]),
        ("parse", "loop over rfc3987.parse (PyPI)",
         lambda: [safe(pure.parse)(s, "IRI_reference") for s in rows]),
        ("parse", "loop over urllib.parse.urlsplit (no validation)",
         lambda: [safe(urllib.parse.urlsplit)(s) for s in rows]),
        ("normalize", "rfc3987_rs.arrow, 1 thread", lambda: ra.normalize(column, threads=1)),
        ("normalize", f"rfc3987_rs.arrow, {threads} threads", lambda: ra.normalize(column)),
        ("normalize", "loop over rfc3987_rs.normalize", lambda: [norm(s) for s in rows]),
        ("resolve", "rfc3987_rs.arrow, 1 thread", lambda: ra.resolve(BASE, column, threads=1)),
        ("resolve", f"rfc3987_rs.arrow, {threads} threads", lambda: ra.resolve(BASE, column)),
        ("resolve", "loop over rfc3987_rs.resolve", lambda: [res(BASE, s) for s in rows]),
        ("resolve", "loop over rfc3987.resolve (PyPI)",
         lambda: [safe(pure.resolve)(BASE, s) for s in rows]),
        ("resolve", "loop over urllib.parse.urljoin (no validation)",
         lambda: [urllib.parse.urljoin(BASE, s) for s in rows]),
    ]
    out = []
    for op, how, work in cases:
        seconds = best(repeat, work)
        out.append((op, how, len(rows) / seconds))
        print(f"  {op:9} {how:50} {len(rows) / seconds:14,.0f} IRIs/s", file=sys.stderr)
    return out


def spark_rows(rows: list[str], repeat: int) -> list[tuple[str, str, float]]:
    os.environ["PYSPARK_PYTHON"] = sys.executable
    from pyspark.sql import SparkSession
    from pyspark.sql import functions as F

    from rfc3987_rs import spark as rs

    out = []
    for cores in (1, 2):
        spark = (
            SparkSession.builder.master(f"local[{cores}]")
            .appName("rfc3987_rs-bench")
            .config("spark.ui.enabled", "false")
            .config("spark.sql.shuffle.partitions", str(cores))
            .config("spark.driver.bindAddress", "127.0.0.1")
            .getOrCreate()
        )
        df = spark.createDataFrame([(s,) for s in rows], "iri string").repartition(cores).cache()
        df.count()

        def job(normalize):
            return (
                df.withColumn("key", normalize("iri"))
                .where(F.col("key").isNotNull())
                .dropDuplicates(["key"])
                .withColumn("target", rs.resolve(BASE, "key"))
                .agg(F.count("target"))
                .collect()
            )

        plain = F.udf(safe(r.normalize), "string")
        for how, normalize in (("arrow_udf (rfc3987_rs.spark)", rs.normalize), ("per-row Python udf for normalize", plain)):
            job(normalize)  # warm the workers
            seconds = best(repeat, lambda: job(normalize))
            label = f"local[{cores}], {how}"
            out.append(("spark job", label, len(rows) / seconds))
            print(f"  spark job {label:50} {len(rows) / seconds:14,.0f} IRIs/s", file=sys.stderr)
        spark.stop()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=200_000)
    parser.add_argument("--spark-rows", type=int, default=200_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-spark", action="store_true")
    args = parser.parse_args()

    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"pyarrow {pa.__version__}", file=sys.stderr)
    results = python_rows(corpus(args.rows), args.repeat)
    if not args.no_spark:
        results += spark_rows(corpus(args.spark_rows), args.repeat)

    print("| operation | how | IRIs/s | vs the rfc3987_rs loop |")
    print("| --- | --- | ---: | ---: |")
    for op, how, rate in results:
        loop = next((x for o, h, x in results if o == op and h.startswith("loop over rfc3987_rs")), None)
        if op == "spark job":
            loop = next(x for o, h, x in results if o == op and h.startswith("local[1], per-row"))
        ratio = f"{rate / loop:.2f}x" if loop else ""
        print(f"| {op} | {how} | {rate:,.0f} | {ratio} |")


if __name__ == "__main__":
    main()
