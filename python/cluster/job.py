"""The standalone-cluster job: read a Parquet file of IRIs (column
``iri``), normalize each, keep one row per normal form (deduplication by
equivalence on the scheme rung, RFC 3987 section 5.3.3), resolve each normal form against a base
and write Parquet (columns ``key``, ``target``).

    python job.py MASTER_URL INPUT.parquet OUTPUT_DIR BASE

Prints one line, ``rows=N keys=K seconds=S udf=KIND executors=E``: the
input's rows, the keys written, the job's wall time (read to write,
without the session's start-up), the kind of UDF this Spark runs
(``arrow_udf`` or ``pandas_udf``) and the executors (JVMs) that ran it.
"""

from __future__ import annotations

import sys
import time

from pyspark.sql import SparkSession
from pyspark.sql import functions as F

from rfc3987_rs import spark as rs


def main(master: str, source: str, output: str, base: str) -> None:
    spark = (
        SparkSession.builder.master(master)
        .appName("rfc3987_rs-cluster-job")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.driver.memory", "512m")
        .config("spark.executor.memory", "768m")
        .config("spark.executor.cores", "1")
        .config("spark.sql.shuffle.partitions", "4")
        .config("spark.sql.files.maxPartitionBytes", str(4 << 20))
        .getOrCreate()
    )
    try:
        start = time.perf_counter()
        frame = spark.read.parquet(source)
        rows = frame.count()
        keys = (
            frame.withColumn("key", rs.normalize("iri", "scheme"))
            .where(F.col("key").isNotNull())
            .dropDuplicates(["key"])
            .withColumn("target", rs.resolve(base, "key"))
            .select("key", "target")
        )
        keys.write.mode("overwrite").parquet(output)
        seconds = time.perf_counter() - start
        written = spark.read.parquet(output).count()
        # The block managers the driver knows, less its own: one per
        # executor JVM the workers started.
        executors = spark.sparkContext._jsc.sc().getExecutorMemoryStatus().size() - 1
        print(
            f"rows={rows} keys={written} seconds={seconds:.2f} udf={rs.udf_kind()} executors={executors}",
            flush=True,
        )
    finally:
        spark.stop()


if __name__ == "__main__":
    if len(sys.argv) != 5:
        sys.exit("usage: job.py MASTER_URL INPUT.parquet OUTPUT_DIR BASE")
    main(*sys.argv[1:])
