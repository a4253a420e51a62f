"""Types of the compiled module (python/src): the str functions and the
vectorized ones over Arrow arrays that rfc3987_rs and rfc3987_rs.arrow
wrap."""

from typing import Any, List, Optional, Tuple

class IriError(ValueError):
    offset: int
    char_offset: int
    rule: Optional[str]
    message: str
    input: str
    row: Optional[int]

def check(s: str, rule: str = "IRI-reference") -> bool: ...
def validate(s: str, rule: str = "IRI-reference") -> None: ...
def parse(s: str, rule: str = "IRI-reference") -> dict[str, Optional[str]]: ...
def to_uri(s: str, *, idna: bool = False, lenient: bool = False, nfc: bool = False) -> str: ...
def to_iri(s: str, *, idna: bool = False, decode_lookalikes: bool = False) -> str: ...
def normalize(
    s: str,
    level: str = "syntax",
    *,
    nfc: bool = False,
    nfkc: bool = False,
    strict_hosts: bool = False,
) -> str: ...
def resolve(base: str, reference: str, *, strict: bool = True) -> str: ...
def relativize(base: str, target: str) -> str: ...
def equivalent(a: str, b: str, level: str = "syntax", *, strict_hosts: bool = False) -> bool: ...
def _lint(s: str) -> List[Tuple[str, str, int, int, int, int, str]]: ...
def _find(
    s: str, schemes: Optional[List[str]] = None
) -> List[Tuple[int, int, int, int, str, str]]: ...
def _entry(s: str) -> Tuple[str, List[Tuple[str, int, int, int, int, str, str]]]: ...
def _select(s: str, scripts: List[str], *, punycode_hosts: bool = False) -> Tuple[str, str]: ...

# The vectorized functions take any object pyarrow reads as an array
# (PyCapsule interface) and return a pyarrow.Array.
def check_array(array: Any, rule: str = "IRI-reference", *, threads: Optional[int] = None) -> Any: ...
def parse_array(
    array: Any,
    rule: str = "IRI-reference",
    *,
    on_error: str = "null",
    threads: Optional[int] = None,
) -> Any: ...
def to_uri_array(
    array: Any,
    *,
    idna: bool = False,
    lenient: bool = False,
    nfc: bool = False,
    on_error: str = "null",
    threads: Optional[int] = None,
) -> Any: ...
def to_iri_array(
    array: Any,
    *,
    idna: bool = False,
    decode_lookalikes: bool = False,
    on_error: str = "null",
    threads: Optional[int] = None,
) -> Any: ...
def normalize_array(
    array: Any,
    level: str = "syntax",
    *,
    nfc: bool = False,
    nfkc: bool = False,
    strict_hosts: bool = False,
    on_error: str = "null",
    threads: Optional[int] = None,
) -> Any: ...
def resolve_array(
    base: str,
    array: Any,
    *,
    strict: bool = True,
    on_error: str = "null",
    threads: Optional[int] = None,
) -> Any: ...
def relativize_array(
    base: str, array: Any, *, on_error: str = "null", threads: Optional[int] = None
) -> Any: ...
def equivalent_array(
    a: Any,
    b: Any,
    level: str = "syntax",
    *,
    strict_hosts: bool = False,
    on_error: str = "null",
    threads: Optional[int] = None,
) -> Any: ...
def lint_array(array: Any, *, on_error: str = "null", threads: Optional[int] = None) -> Any: ...
