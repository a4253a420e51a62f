"""The functions of :mod:`rfc3987_rs` over Arrow string columns.

Each takes a ``pyarrow.Array`` (``string``, ``large_string`` or
``string_view``), a ``pyarrow.ChunkedArray`` (each chunk in turn), or any
object exporting the Arrow PyCapsule interface (``__arrow_c_array__`` or
``__arrow_c_stream__``, e.g. a Polars Series), and returns a new pyarrow
array (a ChunkedArray for chunked input). The strings are read in place
through the Arrow C data interface; the work runs in Rust without the GIL,
as the column functions of the ``rfc3987-arrow`` crate: large arrays in
chunks on a persistent thread pool (``threads=None``: rayon's global pool,
one thread per core or ``RAYON_NUM_THREADS``; ``threads=N``: a pool of N
threads kept for later calls).

A null input gives a null output. A rejected input gives a null output
with ``on_error="null"`` (the default), or raises :class:`IriError` with
``row`` set with ``on_error="raise"``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Optional, Union

import pyarrow as pa

from . import _native
from ._native import IriError

__all__ = [
    "IriError",
    "check",
    "equivalent",
    "lint",
    "normalize",
    "parse",
    "relativize",
    "resolve",
    "to_iri",
    "to_uri",
]

if TYPE_CHECKING:
    from typing import TypeAlias

    #: What the functions take: a pyarrow Array or ChunkedArray of strings,
    #: an object with the Arrow PyCapsule interface, or a sequence of
    #: str/None.
    Values: TypeAlias = Any
    #: What they return: an Array, or a ChunkedArray for chunked input.
    Result: TypeAlias = Union["pa.Array[Any]", "pa.ChunkedArray[Any]"]


def _arrow(values: Values) -> Result:
    """A pyarrow Array or ChunkedArray of strings for ``values``."""
    if isinstance(values, (pa.Array, pa.ChunkedArray)):
        return values
    if hasattr(values, "__arrow_c_array__"):
        return pa.array(values)
    if hasattr(values, "__arrow_c_stream__"):
        return pa.chunked_array(values)
    return pa.array(values, type=pa.string())


def _each_chunk(function: Callable[..., Any], values: Values, *args: Any, **kwargs: Any) -> Result:
    values = _arrow(values)
    if isinstance(values, pa.ChunkedArray):
        chunks, start = [], 0
        for chunk in values.chunks:
            try:
                chunks.append(function(chunk, *args, **kwargs))
            except IriError as error:
                # Rows count from the start of the column, not the chunk's.
                row = getattr(error, "row", None)
                if row is not None:
                    error.row = row + start
                    error.args = (f"row {error.row}: {error.message}",)
                raise
            start += len(chunk)
        if chunks:
            return pa.chunked_array(chunks)
        # No chunk to take the output type from: run on an empty one.
        return pa.chunked_array([function(pa.array([], type=values.type), *args, **kwargs)])
    out: Result = function(values, *args, **kwargs)
    return out


def check(values: Values, rule: str = "IRI-reference", *, threads: Optional[int] = None) -> Result:
    """Booleans: does each string match the ABNF rule ``rule``?"""
    return _each_chunk(_native.check_array, values, rule, threads=threads)


def parse(
    values: Values,
    rule: str = "IRI-reference",
    *,
    on_error: str = "null",
    threads: Optional[int] = None,
) -> Result:
    """A struct array of the components (the keys of :func:`rfc3987_rs.parse`)."""
    return _each_chunk(_native.parse_array, values, rule, on_error=on_error, threads=threads)


def to_uri(
    values: Values,
    *,
    idna: bool = False,
    lenient: bool = False,
    nfc: bool = False,
    on_error: str = "null",
    threads: Optional[int] = None,
) -> Result:
    """RFC 3987 section 3.1, row by row."""
    return _each_chunk(
        _native.to_uri_array,
        values,
        idna=idna,
        lenient=lenient,
        nfc=nfc,
        on_error=on_error,
        threads=threads,
    )


def to_iri(
    values: Values,
    *,
    idna: bool = False,
    decode_lookalikes: bool = False,
    on_error: str = "null",
    threads: Optional[int] = None,
) -> Result:
    """RFC 3987 section 3.2, row by row."""
    return _each_chunk(
        _native.to_iri_array,
        values,
        idna=idna,
        decode_lookalikes=decode_lookalikes,
        on_error=on_error,
        threads=threads,
    )


def normalize(
    values: Values,
    level: str = "syntax",
    *,
    nfc: bool = False,
    nfkc: bool = False,
    strict_hosts: bool = False,
    on_error: str = "null",
    threads: Optional[int] = None,
) -> Result:
    """RFC 3987 section 5.3, row by row."""
    return _each_chunk(
        _native.normalize_array,
        values,
        level,
        nfc=nfc,
        nfkc=nfkc,
        strict_hosts=strict_hosts,
        on_error=on_error,
        threads=threads,
    )


def resolve(
    base: str,
    values: Values,
    *,
    strict: bool = True,
    on_error: str = "null",
    threads: Optional[int] = None,
) -> Result:
    """Each reference resolved against ``base`` (an invalid base raises)."""
    values = _arrow(values)

    def one(chunk: Any, **kwargs: Any) -> Any:
        return _native.resolve_array(base, chunk, **kwargs)

    return _each_chunk(one, values, strict=strict, on_error=on_error, threads=threads)


def relativize(
    base: str,
    values: Values,
    *,
    on_error: str = "null",
    threads: Optional[int] = None,
) -> Result:
    """The shortest reference from ``base`` to each IRI (an invalid base
    raises), as :func:`rfc3987_rs.relativize`."""
    values = _arrow(values)

    def one(chunk: Any, **kwargs: Any) -> Any:
        return _native.relativize_array(base, chunk, **kwargs)

    return _each_chunk(one, values, on_error=on_error, threads=threads)


def equivalent(
    a: Values,
    b: Values,
    level: str = "syntax",
    *,
    strict_hosts: bool = False,
    on_error: str = "null",
    threads: Optional[int] = None,
) -> Result:
    """Booleans: is ``a[i]`` equivalent to ``b[i]`` on the rung ``level``?"""
    a, b = _arrow(a), _arrow(b)
    if isinstance(a, pa.ChunkedArray):
        a = a.combine_chunks()
    if isinstance(b, pa.ChunkedArray):
        b = b.combine_chunks()
    out: Result = _native.equivalent_array(
        a, b, level, strict_hosts=strict_hosts, on_error=on_error, threads=threads
    )
    return out


def lint(values: Values, *, on_error: str = "null", threads: Optional[int] = None) -> Result:
    """A list of warnings per row, each a struct with the fields of
    :class:`rfc3987_rs.LintWarning` (``code``, ``component``, ``start``,
    ``end``, ``char_start``, ``char_end``, ``message``)."""
    return _each_chunk(_native.lint_array, values, on_error=on_error, threads=threads)
