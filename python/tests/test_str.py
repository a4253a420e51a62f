"""The str API, checked against the `iri` binary's --json output on the
same inputs, and its errors."""

from __future__ import annotations

import pytest

import rfc3987_rs as r
from rfc3987_rs import IriError

from conftest import INPUTS

FIELDS = ["scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"]


def outcome(call, *args, **kwargs):
    """(True, result) or (False, (offset, message)) for the CLI comparison."""
    try:
        return True, call(*args, **kwargs)
    except IriError as e:
        return False, (e.offset, e.message)


def cli_outcome(obj, key="output"):
    if "error" in obj:
        return False, (obj["error"]["offset"], obj["error"]["message"])
    return True, obj[key]


@pytest.mark.parametrize("rule", ["IRI-reference", "IRI", "absolute-URI", "ihost", "ALPHA"])
def test_check_and_validate_match_the_cli(iri, rule):
    cli = iri(["check", "--rule", rule], INPUTS)
    for text, obj in zip(INPUTS, cli):
        assert r.check(text, rule) is obj["valid"], text
        assert outcome(r.validate, text, rule) == (
            (True, None) if obj["valid"] else cli_outcome(obj)
        ), text


def test_parse_matches_the_cli_fields_and_nulls(iri):
    cli = iri(["parse"], INPUTS)
    for text, obj in zip(INPUTS, cli):
        ok, got = outcome(r.parse, text)
        assert ok is obj["valid"], text
        if ok:
            assert list(got) == FIELDS
            assert got == {k: obj[k] for k in FIELDS}, text
        else:
            assert got == cli_outcome(obj)[1], text


@pytest.mark.parametrize(
    "args,kwargs",
    [([], {}), (["--idna"], {"idna": True}), (["--nfc"], {"nfc": True}), (["--lenient"], {"lenient": True})],
)
def test_to_uri_matches_the_cli(iri, args, kwargs):
    for text, obj in zip(INPUTS, iri(["to-uri", *args], INPUTS)):
        assert outcome(r.to_uri, text, **kwargs) == cli_outcome(obj), text


@pytest.mark.parametrize("args,kwargs", [([], {}), (["--idna"], {"idna": True})])
def test_to_iri_matches_the_cli(iri, args, kwargs):
    for text, obj in zip(INPUTS, iri(["to-iri", *args], INPUTS)):
        assert outcome(r.to_iri, text, **kwargs) == cli_outcome(obj), text


@pytest.mark.parametrize(
    "args,level,kwargs",
    [
        ([], "syntax", {}),
        (["--level", "scheme"], "scheme", {}),
        (["--nfc"], "syntax", {"nfc": True}),
        (["--nfkc", "--level", "scheme"], "scheme", {"nfkc": True}),
        (["--strict-hosts", "--level", "scheme"], "scheme", {"strict_hosts": True}),
    ],
)
def test_normalize_matches_the_cli(iri, args, level, kwargs):
    for text, obj in zip(INPUTS, iri(["normalize", *args], INPUTS)):
        assert outcome(r.normalize, text, level, **kwargs) == cli_outcome(obj), text


@pytest.mark.parametrize("base", ["http://a/b/c/d;p?q", "urn:x:y", "http://例え/パス/"])
def test_resolve_matches_the_cli(iri, base):
    for text, obj in zip(INPUTS, iri(["resolve", base], INPUTS)):
        assert outcome(r.resolve, base, text) == cli_outcome(obj), text


@pytest.mark.parametrize("level", ["simple", "syntax", "scheme"])
def test_equivalent_matches_the_cli(iri, level):
    pairs = [(a, b) for a in INPUTS[:12] for b in INPUTS[:12]] + [
        ("http://a/b c", "http://a/"),
        ("http://a/", "http://a/b c"),
    ]
    cli = iri(["equiv", "--level", level], [f"{a}\t{b}" for a, b in pairs])
    for (a, b), obj in zip(pairs, cli):
        ok, got = outcome(r.equivalent, a, b, level)
        if "error" in obj:
            # The CLI's offset counts in the whole line `A<TAB>B`.
            assert not ok
            assert got[1] == obj["error"]["message"]
            side = 0 if got[1].startswith("first") else len(a.encode()) + 1
            assert side + got[0] == obj["error"]["offset"]
        else:
            assert (ok, got) == (True, obj["equivalent"]), (a, b)


def test_lint_matches_the_cli(iri):
    for text, obj in zip(INPUTS, iri(["lint"], INPUTS)):
        ok, got = outcome(r.lint, text)
        assert ok is obj["valid"], text
        if ok:
            fields = ["code", "component", "start", "end", "message"]
            assert [{k: getattr(w, k) for k in fields} for w in got] == obj["warnings"], text
            # The str range slices what the byte range does.
            for w in got:
                assert text[w.char_start : w.char_end] == text.encode()[w.start : w.end].decode()
        else:
            assert got == cli_outcome(obj)[1]


def test_lint_finds_warnings_as_structured_values():
    assert r.lint("http://example.org/") == []
    [warning, lowercase] = r.lint("http://a/%7e")
    assert (warning.code, warning.component, warning.start, warning.end) == (
        "pct-unreserved", "path", 9, 12,
    )
    assert (lowercase.code, lowercase.start, lowercase.end) == ("pct-lowercase", 9, 12)
    assert str(warning).startswith("pct-unreserved [path 9..12]: ")
    assert warning.message in str(warning)
    text = "http://例え.jp/\u200ex"
    bidi = [w for w in r.lint(text) if w.code.startswith("bidi")]
    assert bidi and text[bidi[0].char_start : bidi[0].char_end] == "\u200e"
    assert (bidi[0].start, bidi[0].char_start) == (len("http://例え.jp/".encode()), len("http://例え.jp/"))


def test_iri_error_carries_offset_rule_message_and_input():
    with pytest.raises(IriError) as caught:
        r.validate("http://例え/a b")
    e = caught.value
    assert isinstance(e, ValueError)
    assert e.offset == len("http://例え/a".encode())
    assert e.char_offset == len("http://例え/a")
    assert e.rule == "isegment"  # the rule in progress at the error
    assert e.input == "http://例え/a b"
    assert e.row is None
    assert str(e) == e.message and "U+0020" in e.message and str(e.offset) in e.message

    with pytest.raises(IriError) as caught:
        r.validate("http://a/", rule="ALPHA")
    assert (caught.value.offset, caught.value.rule) == (1, "ALPHA")

    with pytest.raises(IriError) as caught:
        r.resolve("no-scheme", "x")
    assert caught.value.message.startswith("base: ")
    assert caught.value.input == "no-scheme" and caught.value.rule == "scheme"

    with pytest.raises(IriError) as caught:
        r.to_uri("http://a/<b>")
    assert caught.value.offset == 9 and caught.value.rule == "URI-reference"
    assert r.to_uri("http://a/<b>", lenient=True) == "http://a/%3Cb%3E"

    with pytest.raises(IriError) as caught:
        r.equivalent("http://a/", "http://a/ b")
    assert caught.value.message.startswith("second input: ")
    assert caught.value.input == "http://a/ b" and caught.value.offset == 9


def test_bad_keywords_are_value_errors_that_name_the_choices():
    with pytest.raises(ValueError, match="unknown ABNF rule 'IRI-refrence'; did you mean"):
        r.check("x", "IRI-refrence")
    with pytest.raises(ValueError, match="the levels are: syntax, scheme"):
        r.normalize("x", "simple")
    with pytest.raises(ValueError, match="exclude each other"):
        r.normalize("x", nfc=True, nfkc=True)
    with pytest.raises(ValueError, match="parse splits references"):
        r.parse("a", "ALPHA")
    assert not isinstance(ValueError("x"), IriError)


def test_rules_are_matched_case_insensitively_and_parse_takes_reference_rules():
    assert r.check("http://a/", "iri") and r.check("http://a/", "uri")
    assert not r.check("../a", "IRI")
    assert r.parse("//a", "relative-ref")["authority"] == "a"
    # Parts and components split as `iri parse --rule` splits them.
    parts = r.parse("u@h:1", "iauthority")
    assert (parts["userinfo"], parts["host"], parts["port"], parts["path"]) == ("u", "h", "1", "")
    assert r.parse("a:b", "ihier-part")["path"] == "a:b" and r.parse("a:b", "ihier-part")["scheme"] is None
    assert r.parse("[::1]", "ihost")["host"] == "[::1]"
    with pytest.raises(IriError):
        r.parse("http://例え/", "URI")


def test_non_ascii_offsets_are_utf8_byte_offsets():
    with pytest.raises(IriError) as caught:
        r.validate("é€😀 ")
    assert caught.value.offset == len("é€😀".encode())


def test_strings_with_newlines_nul_and_surrogates_never_crash():
    for text in ["a\nb", "http://a/\r", "\x00\x01", "\ud800", "x" * 100_000 + " "]:
        for call in (r.validate, r.parse, r.to_uri, r.to_iri, r.normalize, r.lint):
            try:
                call(text)
            except IriError as e:
                assert 0 <= e.offset <= len(text.encode("utf-8", "surrogatepass"))
            except UnicodeEncodeError:
                # A lone surrogate is no str PyO3 can hand to Rust as UTF-8.
                assert text == "\ud800"
        assert r.check(text) is False


def test_documented_examples():
    assert r.normalize("HTTP://Example.COM/%7euser/./a/../b") == "http://example.com/~user/b"
    assert r.resolve("http://a/b/c/d;p?q", "../g") == "http://a/b/g"
    assert r.to_uri("http://例え.jp/パス") == "http://%E4%BE%8B%E3%81%88.jp/%E3%83%91%E3%82%B9"
    assert r.to_uri("http://例え.jp/", idna=True) == "http://xn--r8jz45g.jp/"
    assert r.to_iri("http://a/%E3%83%91") == "http://a/パ"
    assert r.equivalent("http://a/%7e", "HTTP://A/~")
    assert not r.equivalent("http://a/%7e", "HTTP://A/~", "simple")
    assert r.parse("http://[::1]:/?#") == {
        "scheme": "http", "authority": "[::1]:", "userinfo": None, "host": "[::1]",
        "port": "", "path": "/", "query": "", "fragment": "",
    }
