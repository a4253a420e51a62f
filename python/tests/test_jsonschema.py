"""The jsonschema format checker for `iri` and `iri-reference`."""

from __future__ import annotations

import jsonschema
import pytest

import rfc3987_rs as r
from rfc3987_rs.jsonschema import format_checker

from conftest import INPUTS


@pytest.mark.parametrize("fmt,rule", [("iri", "IRI"), ("iri-reference", "IRI-reference")])
def test_formats_are_the_grammar_rules(fmt, rule):
    checker = format_checker()
    for text in INPUTS + ["http://例え.jp/パス?q#f", "../a", "http://a/b c"]:
        assert checker.conforms(text, fmt) is r.check(text, rule), text


def test_validate_reports_where_and_why():
    schema = {"type": "object", "properties": {"home": {"type": "string", "format": "iri"}}}
    jsonschema.validate({"home": "http://例え.jp/"}, schema, format_checker=format_checker())
    with pytest.raises(jsonschema.ValidationError) as caught:
        jsonschema.validate({"home": "../relative"}, schema, format_checker=format_checker())
    error = caught.value
    assert isinstance(error.cause, r.IriError)
    assert error.cause.rule is not None and error.cause.offset == 0
    validator = jsonschema.Draft202012Validator(
        {"type": "array", "items": {"format": "iri-reference"}}, format_checker=format_checker()
    )
    errors = list(validator.iter_errors(["../ok", "http://a/b c", 42, None]))
    assert [e.path[0] for e in errors] == [1]


def test_other_formats_are_kept_and_the_base_is_left_alone():
    base = jsonschema.FormatChecker()
    before = dict(base.checkers)
    checker = format_checker(base)
    assert base.checkers == before
    assert checker.conforms("2026-11-29", "date") and not checker.conforms("29/11", "date")
    assert set(base.checkers) <= set(checker.checkers)
