"""Internationalized Resource Identifiers (RFC 3987), from the Rust crate
``rfc3987``: validation against any ABNF rule of the RFCs, components,
IRI-to-URI mapping and back, normalization, resolution and relativization,
lint warnings, IRIs found in text, cleaning of typed IRIs and the form to
show readers of given scripts.

The functions on ``str`` raise :class:`IriError` (a ``ValueError``) with the
byte ``offset`` (and ``char_offset``, the same place as a ``str`` index),
the ABNF ``rule`` and the library's ``message``. The functions in
:mod:`rfc3987_rs.arrow` do the same over pyarrow arrays.

Ranges come twice: ``start``/``end`` in bytes of the UTF-8 text (as the
``iri`` command and the Arrow functions give them) and
``char_start``/``char_end`` in code points, to slice the ``str``:
``s[w.char_start:w.char_end]``.
"""

from __future__ import annotations

from typing import Iterable, List, NamedTuple, Optional

from . import _native
from ._native import (
    IriError,
    check,
    equivalent,
    normalize,
    parse,
    relativize,
    resolve,
    to_iri,
    to_uri,
    validate,
)

__all__ = [
    "Entry",
    "EntryChange",
    "FoundIri",
    "IriError",
    "LintWarning",
    "Selection",
    "check",
    "entry",
    "equivalent",
    "find",
    "lint",
    "normalize",
    "parse",
    "relativize",
    "resolve",
    "select",
    "to_iri",
    "to_uri",
    "validate",
]


class LintWarning(NamedTuple):
    """One warning of :func:`lint` (the objects of ``iri lint --json``)."""

    code: str
    """What it is about: ``bidi-formatting``, ``mixed-script``, ..."""
    component: str
    """The component it is in: ``host``, ``path``, ..."""
    start: int
    """Byte offset of what it is about, in the UTF-8 of the input."""
    end: int
    """Byte offset just past it."""
    char_start: int
    """``start`` as an index into the ``str``."""
    char_end: int
    """``end`` as an index into the ``str``."""
    message: str
    """The explanation, citing the RFC's section."""

    def __str__(self) -> str:
        """As ``iri lint`` prints it: ``CODE [COMPONENT START..END]: MESSAGE``."""
        return f"{self.code} [{self.component} {self.start}..{self.end}]: {self.message}"


class FoundIri(NamedTuple):
    """One IRI that :func:`find` found in text."""

    start: int
    """Byte offset of the text where it was found."""
    end: int
    """Byte offset just past it."""
    char_start: int
    """``start`` as an index into the ``str``."""
    char_end: int
    """``end`` as an index into the ``str``."""
    text: str
    """The text there."""
    iri: str
    """The IRI: the text, less the white space inside ``<...>``."""


class EntryChange(NamedTuple):
    """One change :func:`entry` made."""

    kind: str
    """``trimmed``, ``unwrapped``, ``label``, ``stray-space``,
    ``line-break``, ``width``, ``nfc``, ``percent-encoded`` or
    ``label-separator``."""
    start: int
    """Byte offset in the input of what it changed."""
    end: int
    """Byte offset just past it."""
    char_start: int
    """``start`` as an index into the ``str``."""
    char_end: int
    """``end`` as an index into the ``str``."""
    before: str
    """The text before (empty for nothing)."""
    after: str
    """The text after (empty for a removal)."""


class Entry(NamedTuple):
    """A cleaned IRI reference and the changes that made it."""

    iri: str
    changes: List[EntryChange]


class Selection(NamedTuple):
    """The form :func:`select` chose."""

    output: str
    """The text to show or send."""
    form: str
    """``iri``, ``uri`` or ``mixed``."""


def lint(s: str) -> List[LintWarning]:
    """The warnings of RFC 3987 sections 4, 6.1, 7.5 and 8 on ``s`` (an
    IRI reference), in the order of ``iri lint``; raises :class:`IriError`
    when ``s`` is not an IRI reference."""
    return [LintWarning(*w) for w in _native._lint(s)]


def find(text: str, schemes: Optional[Iterable[str]] = None) -> List[FoundIri]:
    """The IRIs in running text (RFC 3987 section 7.3), as ``iri find``
    finds them; ``schemes`` (``"name:"`` or ``"name://"`` each) keeps only
    those schemes. A bad ``schemes`` entry is a ``ValueError``."""
    names = None if schemes is None else list(schemes)
    return [FoundIri(*m) for m in _native._find(text, names)]


def entry(s: str) -> Entry:
    """A typed or pasted IRI cleaned (RFC 3987 section 7.2), as ``iri
    entry`` cleans it; raises :class:`IriError` at the first character
    that cannot become part of an IRI reference."""
    iri, changes = _native._entry(s)
    return Entry(iri, [EntryChange(*c) for c in changes])


def select(s: str, scripts: Iterable[str], *, punycode_hosts: bool = False) -> Selection:
    """The form of ``s`` to show or send to readers of ``scripts``
    (Unicode script names or ISO 15924 codes, ``Jpan`` and ``Kore`` for
    the scripts written together; RFC 3987 section 7.5), as
    ``iri select`` chooses it. An unknown script is a ``ValueError``."""
    output, form = _native._select(s, list(scripts), punycode_hosts=punycode_hosts)
    return Selection(output, form)
