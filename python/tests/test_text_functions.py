"""relativize, find, entry and select on str, against the `iri` binary's
--json output on the same inputs, and the str indices beside the byte
offsets."""

from __future__ import annotations

import json
import subprocess

import pytest

import rfc3987_rs as r
from rfc3987_rs import IriError

from conftest import INPUTS, iri_binary


def iri_find(args: list[str], lines: list[str]) -> list[dict]:
    """`iri find ARGS --json` over the lines: one object per IRI found
    (not one per line, so not the `iri` fixture)."""
    data = "".join(line + "\n" for line in lines).encode()
    done = subprocess.run(
        [str(iri_binary()), "find", *args, "--json"], input=data, capture_output=True
    )
    assert done.returncode in (0, 1), done.stderr.decode()
    return [json.loads(line) for line in done.stdout.decode().splitlines()]


def outcome(call, *args, **kwargs):
    try:
        return True, call(*args, **kwargs)
    except IriError as e:
        return False, (e.offset, e.message)


def cli_outcome(obj, key="output"):
    if "error" in obj:
        return False, (obj["error"]["offset"], obj["error"]["message"])
    return True, obj[key]


@pytest.mark.parametrize("base", ["http://a/b/c/d;p?q", "http://例え/パス/x", "urn:x:y"])
def test_relativize_matches_the_cli(iri, base):
    targets = INPUTS + [base, base + "#f", "http://a/b/c/g?y"]
    for text, obj in zip(targets, iri(["relativize", base], targets)):
        assert outcome(r.relativize, base, text) == cli_outcome(obj), text
        if obj.get("output") is not None and "error" not in obj:
            assert r.resolve(base, r.relativize(base, text)) == r.resolve(base, text)


def test_relativize_of_a_bad_base_names_the_base():
    with pytest.raises(IriError) as caught:
        r.relativize("no-scheme", "http://a/")
    assert caught.value.message.startswith("base: ") and caught.value.input == "no-scheme"


TEXTS = [
    "see http://example.org/a, and <http://例え.jp/ パス> too.",
    "詳細は「https://例え.jp/案内」を参照、またはhttps://例え.jp/。",
    "nothing here",
    "mailto:a@b.c and ftp://x/y?z (http://q/r)",
    "",
]


def test_find_matches_the_cli():
    found = iri_find([], TEXTS)
    # One object per IRI found, numbered by input line.
    by_line: dict[int, list[dict]] = {}
    for obj in found:
        by_line.setdefault(obj["line"], []).append(obj)
    for n, text in enumerate(TEXTS, start=1):
        got = r.find(text)
        expected = by_line.get(n, [])
        assert [(m.start, m.end, m.text, m.iri) for m in got] == [
            (o["start"], o["end"], o["text"], o["iri"]) for o in expected
        ], text
        for m in got:
            assert text[m.char_start : m.char_end] == m.text


@pytest.mark.parametrize("schemes", [["https://"], ["mailto:", "ftp://"]])
def test_find_with_schemes_matches_the_cli(schemes):
    found = iri_find(["--schemes", ",".join(schemes)], TEXTS)
    expected = [(o["line"], o["iri"]) for o in found]
    got = [(n, m.iri) for n, text in enumerate(TEXTS, start=1) for m in r.find(text, schemes)]
    assert got == expected


def test_find_rejects_a_bad_scheme_entry():
    with pytest.raises(ValueError, match="schemes"):
        r.find("http://a/", ["not a scheme"])


ENTRIES = [
    " <http://www.ics.uci.edu/pub/\tietf/uri/historical.html#WARNING> ",
    "URL:http://例え.jp/パス",
    "ｈｔｔｐ://example.org/ａ",
    "http://例え。jp/",
    "http://a/b c",
    '"http://a/"',
    "ht\x00tp://a/",
    "https://exa\u00admple.com/long\u200bpath",
    "",
]


def test_entry_matches_the_cli(iri):
    for text, obj in zip(ENTRIES, iri(["entry"], ENTRIES)):
        ok, got = outcome(r.entry, text)
        if "error" in obj:
            assert (ok, got) == cli_outcome(obj), text
            continue
        assert ok, text
        assert got.iri == obj["output"]
        assert [(c.kind, c.start, c.end, c.before, c.after) for c in got.changes] == [
            (c["kind"], c["start"], c["end"], c["before"], c["after"]) for c in obj["changes"]
        ], text
        for c in got.changes:
            assert text[c.char_start : c.char_end] == text.encode()[c.start : c.end].decode()


@pytest.mark.parametrize(
    "scripts,punycode",
    [
        (["Latin"], False),
        (["Han", "Hiragana", "Katakana"], False),
        (["Jpan"], False),
        (["latn", "Kore"], True),
        (["Latn"], True),
        ([], False),
    ],
)
def test_select_matches_the_cli(iri, scripts, punycode):
    args = ["select", "--scripts=" + ",".join(scripts)] + (["--punycode-hosts"] if punycode else [])
    inputs = INPUTS + ["http://пример.рф/путь", "http://bücher.example/ü"]
    for text, obj in zip(inputs, iri(args, inputs)):
        ok, got = outcome(r.select, text, scripts, punycode_hosts=punycode)
        if "error" in obj:
            assert (ok, got) == cli_outcome(obj), text
        else:
            assert ok and (got.output, got.form) == (obj["output"], obj["form"]), text


def test_select_rejects_an_unknown_script():
    with pytest.raises(ValueError, match="unknown script 'Klingon'"):
        r.select("http://a/", ["Klingon"])


def test_select_reads_iso_15924_codes_of_scripts_written_together():
    text = "http://example.org/日本語/カタカナ/한국"
    assert r.select(text, ["Jpan"]).output == r.select(text, ["Han", "Hiragana", "Katakana"]).output
    assert r.select(text, ["Kore"]).output == r.select(text, ["Hangul", "Han"]).output


def test_char_offset_indexes_the_str():
    text = "http://例え.jp/パス a"
    with pytest.raises(IriError) as caught:
        r.validate(text)
    e = caught.value
    assert text[e.char_offset] == " " and text.encode()[e.offset : e.offset + 1] == b" "
