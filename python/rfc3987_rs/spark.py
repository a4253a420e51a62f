"""PySpark column functions over :mod:`rfc3987_rs.arrow`, for Spark 3.5
and 4.x. Spark hands each Python worker Arrow record batches; the
functions run on them in Rust, without a Python loop per row::

    from pyspark.sql import functions as F
    from rfc3987_rs import spark as rs

    df.withColumn("key", rs.normalize("iri")).dropDuplicates(["key"])

The UDF kind is chosen when a column is built, from the running pyspark:

- ``arrow_udf`` (Spark 4.1 and later): the batch's Arrow array goes
  straight to Rust and back;
- ``pandas_udf`` (Spark 3.0 to 4.0, which lack ``arrow_udf``): Spark
  converts each batch to a pandas Series (so pandas must be installed on
  the workers, as for any pandas UDF), the function turns it back into an
  Arrow array, runs, and returns a Series. Same results, with pandas'
  conversions on the way.

:func:`udf_kind` says which one is in use; the environment variable
``RFC3987_RS_SPARK_UDF`` (``arrow_udf`` or ``pandas_udf``) forces one,
on the driver, where the column is built.

Rejected inputs become nulls (as ``on_error="null"``); a null input gives
a null. Each function runs on as many threads as Spark gave its task
(``spark.task.cpus``, 1 by default): Spark already runs one task per
executor core, each in its own Python worker, so a pool of every core in
each worker would only make the tasks take cores from one another. Each worker needs ``rfc3987_rs`` installed in the Python that
``PYSPARK_PYTHON`` names.
"""

from __future__ import annotations

import os

import pyarrow as pa
from pyspark.sql import functions as F

__all__ = [
    "check",
    "equivalent",
    "normalize",
    "parse",
    "resolve",
    "to_iri",
    "to_uri",
    "udf_kind",
]

_PARTS = (
    "scheme string, authority string, userinfo string, host string, "
    "port string, path string, query string, fragment string"
)

_KINDS = ("arrow_udf", "pandas_udf")


def udf_kind() -> str:
    """``"arrow_udf"`` where pyspark has it (4.1+), else ``"pandas_udf"``;
    ``RFC3987_RS_SPARK_UDF`` overrides (an unknown value, or
    ``arrow_udf`` on a pyspark without it, raises ``ValueError``)."""
    forced = os.environ.get("RFC3987_RS_SPARK_UDF")
    if forced:
        if forced not in _KINDS:
            raise ValueError(
                f"RFC3987_RS_SPARK_UDF={forced!r}: use one of {', '.join(_KINDS)}"
            )
        if forced == "arrow_udf" and not hasattr(F, "arrow_udf"):
            raise ValueError(
                "RFC3987_RS_SPARK_UDF=arrow_udf: this pyspark has no arrow_udf "
                "(Spark 4.1 and later)"
            )
        return forced
    return "arrow_udf" if hasattr(F, "arrow_udf") else "pandas_udf"


def _task_threads() -> int:
    """The cores Spark gave the running task (``spark.task.cpus``), 1
    outside a task or where pyspark cannot say."""
    from pyspark import TaskContext

    context = TaskContext.get()
    cpus = getattr(context, "cpus", None) if context is not None else None
    return max(1, int(cpus())) if cpus is not None else 1


def _udf(function, return_type: str):
    """A Spark UDF from `function`: (pa.Array, threads) -> pa.Array, of
    the kind :func:`udf_kind` names."""
    if udf_kind() == "arrow_udf":

        def on_arrow(values: pa.Array) -> pa.Array:
            return function(values, _task_threads())

        return F.arrow_udf(on_arrow, return_type)
    return _pandas_udf(function, return_type)


def _pandas_udf(function, return_type: str):
    """`function` as a scalar pandas UDF: Series in, Arrow through Rust,
    Series (or, for a struct, DataFrame) out."""
    import pandas as pd
    from pyspark.sql.functions import pandas_udf

    def on_pandas(values):
        arrow = pa.array(values, type=pa.string(), from_pandas=True)
        result = function(arrow, _task_threads())
        if isinstance(result, pa.ChunkedArray):
            result = result.combine_chunks()
        if pa.types.is_struct(result.type):
            return pd.DataFrame(
                {field.name: result.field(i).to_pandas() for i, field in enumerate(result.type)}
            )
        return result.to_pandas()

    # Spark infers the pandas UDF's kind from real type hints (a string
    # annotation would need this module's globals to hold pandas).
    returns = pd.DataFrame if return_type == _PARTS else pd.Series
    on_pandas.__annotations__ = {"values": pd.Series, "return": returns}
    return pandas_udf(on_pandas, return_type)


def _pair_udf(function, return_type: str):
    """A two-column UDF: (pa.Array, pa.Array, threads) -> pa.Array."""
    if udf_kind() == "arrow_udf":

        def on_arrow(a: pa.Array, b: pa.Array) -> pa.Array:
            return function(a, b, _task_threads())

        return F.arrow_udf(on_arrow, return_type)
    import pandas as pd
    from pyspark.sql.functions import pandas_udf

    def on_pandas(a, b):
        result = function(
            pa.array(a, type=pa.string(), from_pandas=True),
            pa.array(b, type=pa.string(), from_pandas=True),
            _task_threads(),
        )
        return result.to_pandas()

    on_pandas.__annotations__ = {"a": pd.Series, "b": pd.Series, "return": pd.Series}
    return pandas_udf(on_pandas, return_type)


def check(column, rule: str = "IRI-reference"):
    """Booleans: does each string match the ABNF rule ``rule``?"""
    from . import arrow as ra

    return _udf(lambda a, t: ra.check(a, rule, threads=t), "boolean")(column)


def parse(column, rule: str = "IRI-reference"):
    """A struct of the components (null for a rejected input)."""
    from . import arrow as ra

    parts = _udf(lambda a, t: ra.parse(a, rule, threads=t), _PARTS)(column)
    if udf_kind() == "pandas_udf":
        # A pandas UDF returns a DataFrame for a struct, which has no null
        # rows: a rejected or null input would read as a struct of nulls.
        # The check puts the nulls back.
        return F.when(check(column, rule), parts)
    return parts


def to_uri(column, **options):
    """RFC 3987 section 3.1 (options as :func:`rfc3987_rs.to_uri`)."""
    from . import arrow as ra

    return _udf(lambda a, t: ra.to_uri(a, threads=t, **options), "string")(column)


def to_iri(column, **options):
    """RFC 3987 section 3.2 (options as :func:`rfc3987_rs.to_iri`)."""
    from . import arrow as ra

    return _udf(lambda a, t: ra.to_iri(a, threads=t, **options), "string")(column)


def normalize(column, level: str = "syntax", **options):
    """RFC 3987 section 5.3 (options as :func:`rfc3987_rs.normalize`)."""
    from . import arrow as ra

    return _udf(lambda a, t: ra.normalize(a, level, threads=t, **options), "string")(column)


def resolve(base: str, column, **options):
    """Each reference resolved against ``base``."""
    from . import arrow as ra

    return _udf(lambda a, t: ra.resolve(base, a, threads=t, **options), "string")(column)


def equivalent(a, b, level: str = "syntax", **options):
    """Booleans: is each row of ``a`` equivalent to ``b``'s on ``level``?"""
    from . import arrow as ra

    return _pair_udf(lambda x, y, t: ra.equivalent(x, y, level, threads=t, **options), "boolean")(a, b)

