"""Internationalized Resource Identifiers (RFC 3987), from the Rust crate
``rfc3987``: validation against any ABNF rule of the RFCs, components,
IRI-to-URI mapping and back, normalization, resolution and lint warnings.

The functions on ``str`` raise :class:`IriError` (a ``ValueError``) with the
byte ``offset``, the ABNF ``rule`` and the library's ``message``. The
functions in :mod:`rfc3987_rs.arrow` do the same over pyarrow arrays.
"""

from ._native import (
    IriError,
    check,
    equivalent,
    lint,
    normalize,
    parse,
    resolve,
    to_iri,
    to_uri,
    validate,
)

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
    "validate",
]
