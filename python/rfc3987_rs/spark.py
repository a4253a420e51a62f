"""PySpark column functions over :mod:`rfc3987_rs.arrow`: Arrow-native UDFs
(``pyspark.sql.functions.arrow_udf``, Spark 4.1 and later; older Spark
can call :mod:`rfc3987_rs.arrow` from ``DataFrame.mapInArrow``). Spark hands each Python
worker Arrow record batches; the functions run on them in Rust, without a
Python loop per row::

    from pyspark.sql import functions as F
    from rfc3987_rs import spark as rs

    df.withColumn("key", rs.normalize("iri")).dropDuplicates(["key"])

Rejected inputs become nulls (as ``on_error="null"``). Each worker needs
``rfc3987_rs`` installed in the Python that ``PYSPARK_PYTHON`` names.
"""

from __future__ import annotations

import pyarrow as pa
from pyspark.sql import functions as F

__all__ = ["check", "normalize", "parse", "resolve", "to_iri", "to_uri"]

_PARTS = (
    "scheme string, authority string, userinfo string, host string, "
    "port string, path string, query string, fragment string"
)


def _udf(function, return_type: str):
    """A Spark UDF from `function`: pa.Array -> pa.Array."""
    if not hasattr(F, "arrow_udf"):
        raise RuntimeError(
            "rfc3987_rs.spark's column functions need pyspark 4.1 or later "
            "(arrow_udf); on older Spark call rfc3987_rs.arrow from "
            "DataFrame.mapInArrow"
        )

    def on_arrow(values: pa.Array) -> pa.Array:
        return function(values)

    return F.arrow_udf(on_arrow, return_type)


def check(column, rule: str = "IRI-reference"):
    """Booleans: does each string match the ABNF rule ``rule``?"""
    from . import arrow as ra

    return _udf(lambda a: ra.check(a, rule), "boolean")(column)


def parse(column, rule: str = "IRI-reference"):
    """A struct of the components (null for a rejected input)."""
    from . import arrow as ra

    return _udf(lambda a: ra.parse(a, rule), _PARTS)(column)


def to_uri(column, **options):
    """RFC 3987 section 3.1 (options as :func:`rfc3987_rs.to_uri`)."""
    from . import arrow as ra

    return _udf(lambda a: ra.to_uri(a, **options), "string")(column)


def to_iri(column, **options):
    """RFC 3987 section 3.2 (options as :func:`rfc3987_rs.to_iri`)."""
    from . import arrow as ra

    return _udf(lambda a: ra.to_iri(a, **options), "string")(column)


def normalize(column, level: str = "syntax", **options):
    """RFC 3987 section 5.3 (options as :func:`rfc3987_rs.normalize`)."""
    from . import arrow as ra

    return _udf(lambda a: ra.normalize(a, level, **options), "string")(column)


def resolve(base: str, column, **options):
    """Each reference resolved against ``base``."""
    from . import arrow as ra

    return _udf(lambda a: ra.resolve(base, a, **options), "string")(column)
