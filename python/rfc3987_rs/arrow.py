"""The functions of :mod:`rfc3987_rs` over Arrow string columns.

Each takes a ``pyarrow.Array`` (``string``, ``large_string`` or
``string_view``), a ``pyarrow.ChunkedArray`` (each chunk in turn), or any
object exporting the Arrow PyCapsule interface (``__arrow_c_array__`` or
``__arrow_c_stream__``, e.g. a Polars Series), and returns a new pyarrow
array (a ChunkedArray for chunked input). The strings are read in place
through the Arrow C data interface; the work runs in Rust without the GIL,
split over threads on large arrays (``threads=None``: all cores; ``1``: the
calling thread only).

A null input gives a null output. A rejected input gives a null output
with ``on_error="null"`` (the default), or raises :class:`IriError` with
``row`` set with ``on_error="raise"``.
"""

from __future__ import annotations

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
    "resolve",
    "to_iri",
    "to_uri",
]


def _arrow(values):
    """A pyarrow Array or ChunkedArray of strings for ``values``."""
    if isinstance(values, (pa.Array, pa.ChunkedArray)):
        return values
    if hasattr(values, "__arrow_c_array__"):
        return pa.array(values)
    if hasattr(values, "__arrow_c_stream__"):
        return pa.chunked_array(values)
    return pa.array(values, type=pa.string())


def _each_chunk(function, values, *args, **kwargs):
    values = _arrow(values)
    if isinstance(values, pa.ChunkedArray):
        chunks, start = [], 0
        for chunk in values.chunks:
            try:
                chunks.append(function(chunk, *args, **kwargs))
            except IriError as error:
                # Rows count from the start of the column, not the chunk's.
                if getattr(error, "row", None) is not None:
                    error.row += start
                    error.args = (f"row {error.row}: {error.message}",)
                raise
            start += len(chunk)
        if chunks:
            return pa.chunked_array(chunks)
        # No chunk to take the output type from: run on an empty one.
        return pa.chunked_array([function(pa.array([], type=values.type), *args, **kwargs)])
    return function(values, *args, **kwargs)


def check(values, rule: str = "IRI-reference", *, threads: int | None = None):
    """Booleans: does each string match the ABNF rule ``rule``?"""
    return _each_chunk(_native.check_array, values, rule, threads=threads)


def parse(values, rule: str = "IRI-reference", *, on_error: str = "null", threads=None):
    """A struct array of the components (the keys of :func:`rfc3987_rs.parse`)."""
    return _each_chunk(_native.parse_array, values, rule, on_error=on_error, threads=threads)


def to_uri(values, *, idna=False, lenient=False, nfc=False, on_error="null", threads=None):
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


def to_iri(values, *, idna=False, decode_lookalikes=False, on_error="null", threads=None):
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
    values,
    level: str = "syntax",
    *,
    nfc=False,
    nfkc=False,
    strict_hosts=False,
    on_error="null",
    threads=None,
):
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


def resolve(base: str, values, *, strict=True, on_error="null", threads=None):
    """Each reference resolved against ``base`` (an invalid base raises)."""
    values = _arrow(values)

    def one(chunk, **kwargs):
        return _native.resolve_array(base, chunk, **kwargs)

    return _each_chunk(one, values, strict=strict, on_error=on_error, threads=threads)


def equivalent(a, b, level: str = "syntax", *, strict_hosts=False, on_error="null", threads=None):
    """Booleans: is ``a[i]`` equivalent to ``b[i]`` on the rung ``level``?"""
    a, b = _arrow(a), _arrow(b)
    if isinstance(a, pa.ChunkedArray):
        a = a.combine_chunks()
    if isinstance(b, pa.ChunkedArray):
        b = b.combine_chunks()
    return _native.equivalent_array(
        a, b, level, strict_hosts=strict_hosts, on_error=on_error, threads=threads
    )


def lint(values, *, on_error="null", threads=None):
    """A list of warning strings per row (as :func:`rfc3987_rs.lint`)."""
    return _each_chunk(_native.lint_array, values, on_error=on_error, threads=threads)
