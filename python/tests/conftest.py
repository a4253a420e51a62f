"""Shared inputs and the `iri` binary that the results are compared with."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Valid and invalid references: ASCII, non-ASCII (Japanese, Cyrillic,
# Arabic with bidi, emoji), IP literals, percent-encodings, dot segments,
# empty components, the empty string, controls and ill-placed characters.
INPUTS = [
    "http://example.org/a/b?c#d",
    "HTTP://User@Example.COM:80/%7euser/./a/../b?Q=%41#Frag",
    "http://user:pw@例え.テスト:8080/パス/ファイル?クエリ=値#断片",
    "https://пример.испытание/путь?к=з",
    "http://مثال.إختبار/مسار",
    "http://[::1]:/?#",
    "http://[2001:DB8::A]/x",
    "http://192.168.0.1:8080",
    "mailto:someone@example.com",
    "urn:isbn:0451450523",
    "file:///etc/passwd",
    "//example.org/path",
    "../../g;x?y#s",
    "?only=query",
    "#only-fragment",
    "",
    "a/b/c/./../d",
    "http://a/%E2%82%AC/%c3%a9",
    "http://xn--r8jz45g.xn--zckzah/",
    "http://a/😀?q=🙂",
    "http://a/b c",
    "http://a/<b>",
    "http://[::1/",
    "http://a:8x/",
    "1http://a/",
    "http://a/%zz",
    "http://a/%",
    "http://a/\u200e",
    "\x00",
    "http://a/\x7f",
    "http://a/\ufffe",
    "ht tp://a/",
    "http://a/b#c#d",
    "http://ex%41mple.org/",
]

VALID = [s for s in INPUTS if s not in ("http://a/b c",)]


def iri_binary() -> Path:
    """The CLI, built with `cargo build -p rfc3987-cli` when absent
    (`IRI_BIN` names another)."""
    named = os.environ.get("IRI_BIN")
    if named:
        return Path(named)
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    binary = target / "debug" / "iri"
    if not binary.exists():
        subprocess.run(
            ["cargo", "build", "-q", "-p", "rfc3987-cli"], cwd=ROOT, check=True
        )
    return binary


@pytest.fixture(scope="session")
def iri():
    """Runs `iri ARGS --json` over lines on standard input; one JSON object
    per line."""
    binary = iri_binary()

    def run(args: list[str], lines: list[str]) -> list[dict]:
        for line in lines:
            assert "\n" not in line, "the CLI splits on newlines"
        data = "".join(line + "\n" for line in lines).encode()
        done = subprocess.run(
            [str(binary), *args, "--json"], input=data, capture_output=True
        )
        assert done.returncode in (0, 1), done.stderr.decode()
        out = [json.loads(line) for line in done.stdout.decode().splitlines()]
        assert len(out) == len(lines)
        return out

    return run
