"""A ``jsonschema`` format checker for the JSON Schema formats ``iri``
and ``iri-reference`` (RFC 3987's ``IRI`` and ``IRI-reference`` rules),
checked by the Rust grammar of :mod:`rfc3987_rs`::

    import jsonschema
    from rfc3987_rs.jsonschema import format_checker

    schema = {"type": "string", "format": "iri"}
    jsonschema.validate("http://例え.jp/", schema, format_checker=format_checker())

Without it, ``jsonschema`` checks these formats only when the
GPL-licensed pure-Python ``rfc3987`` package is installed (and skips them
otherwise). A failed check names the byte offset and the rule that
rejected the string (the :class:`rfc3987_rs.IriError` is the error's
``cause``). As JSON Schema says, a format applies to strings only: other
instances pass.
"""

from __future__ import annotations

from typing import Optional

import jsonschema

from ._native import IriError, validate

__all__ = ["FORMATS", "format_checker"]

#: JSON Schema format name -> the RFC 3987 rule it names.
FORMATS = {"iri": "IRI", "iri-reference": "IRI-reference"}


def format_checker(base: Optional[jsonschema.FormatChecker] = None) -> jsonschema.FormatChecker:
    """A ``jsonschema.FormatChecker`` with ``iri`` and ``iri-reference``
    checked by this package, and every other format of ``base`` (default:
    a new ``jsonschema.FormatChecker()``, all the formats ``jsonschema``
    knows). ``base`` itself is left unchanged."""
    checker = jsonschema.FormatChecker(formats=())
    if base is None:
        base = jsonschema.FormatChecker()
    checker.checkers = dict(base.checkers)
    for name, rule in FORMATS.items():

        def check(instance: object, rule: str = rule) -> bool:
            if isinstance(instance, str):
                validate(instance, rule)
            return True

        checker.checks(name, raises=IriError)(check)
    return checker
