"""The vectorized functions: the same results as the str API row by row
(and so as the CLI), nulls, errors, layouts, chunks and threads."""

from __future__ import annotations

import pyarrow as pa
import pytest

import rfc3987_rs as r
from rfc3987_rs import IriError
from rfc3987_rs import arrow as ra

from conftest import INPUTS

COLUMN = INPUTS + [None]


def per_row(call, values, *args, **kwargs):
    """The str API on each value: its result, None for a null or an error."""
    out = []
    for value in values:
        if value is None:
            out.append(None)
            continue
        try:
            out.append(call(value, *args, **kwargs))
        except IriError:
            out.append(None)
    return out


LAYOUTS = [pa.string(), pa.large_string(), pa.string_view()]


@pytest.mark.parametrize("type_", LAYOUTS, ids=str)
def test_each_function_matches_the_str_api_row_by_row(type_):
    column = pa.array(COLUMN, type=type_)
    assert ra.check(column).to_pylist() == [
        None if v is None else r.check(v) for v in COLUMN
    ]
    assert ra.check(column, "IRI").to_pylist() == [
        None if v is None else r.check(v, "IRI") for v in COLUMN
    ]
    assert ra.parse(column).to_pylist() == per_row(r.parse, COLUMN)
    assert ra.to_uri(column).to_pylist() == per_row(r.to_uri, COLUMN)
    assert ra.to_uri(column, idna=True, nfc=True).to_pylist() == per_row(
        r.to_uri, COLUMN, idna=True, nfc=True
    )
    assert ra.to_iri(column).to_pylist() == per_row(r.to_iri, COLUMN)
    assert ra.normalize(column).to_pylist() == per_row(r.normalize, COLUMN)
    assert ra.normalize(column, "scheme", nfkc=True).to_pylist() == per_row(
        r.normalize, COLUMN, "scheme", nfkc=True
    )
    base = "http://a/b/c/d;p?q"
    assert ra.resolve(base, column).to_pylist() == [
        None if v is None else per_row(lambda x: r.resolve(base, x), [v])[0] for v in COLUMN
    ]
    assert ra.lint(column).to_pylist() == [
        None if ws is None else [w._asdict() for w in ws] for ws in per_row(r.lint, COLUMN)
    ]
    assert ra.relativize(base, column).to_pylist() == per_row(lambda x: r.relativize(base, x), COLUMN)
    assert ra.parse(column, "IRI").to_pylist() == per_row(r.parse, COLUMN, "IRI")
    assert ra.resolve(base, column, strict=False).to_pylist() == per_row(
        lambda x: r.resolve(base, x, strict=False), COLUMN
    )


@pytest.mark.parametrize("type_", LAYOUTS, ids=str)
def test_outputs_keep_the_offset_width(type_):
    out = ra.normalize(pa.array(["HTTP://A/"], type=type_))
    assert out.type == (pa.large_string() if type_ == pa.large_string() else pa.string())
    assert ra.parse(pa.array(["x"], type=type_)).type.num_fields == 8


def test_equivalent_row_by_row():
    a = pa.array(["http://a/%7e", "http://a/", None, "x y", "http://A/"])
    b = pa.array(["HTTP://A/~", "http://b/", "http://a/", "x", None])
    assert ra.equivalent(a, b).to_pylist() == [True, False, None, None, None]
    assert ra.equivalent(a, b, "simple").to_pylist() == [False, False, None, None, None]
    with pytest.raises(IriError) as caught:
        ra.equivalent(a, b, on_error="raise")
    assert caught.value.row == 3 and caught.value.message.startswith("first input: ")
    with pytest.raises(ValueError, match="one length"):
        ra.equivalent(a, b[:2])


def test_on_error_raise_gives_the_row_offset_rule_and_message():
    column = pa.array(["http://a/", None, "http://a/b c"])
    assert ra.normalize(column).to_pylist() == ["http://a/", None, None]
    with pytest.raises(IriError) as caught:
        ra.normalize(column, on_error="raise")
    e = caught.value
    assert (e.row, e.offset, e.rule, e.input) == (2, 10, "isegment", "http://a/b c")
    assert str(e) == f"row 2: {e.message}"
    with pytest.raises(IriError, match="^row 2: "):
        ra.parse(column, on_error="raise")
    with pytest.raises(IriError, match="^base: "):
        ra.resolve("relative/base", column)
    with pytest.raises(ValueError, match="on_error"):
        ra.to_uri(column, on_error="ignore")


def test_raised_errors_are_the_str_function_s_errors():
    """on_error="raise" reports the first failed row as the str function
    reports that row: same offset, rule, message and input."""
    cases = [
        (ra.parse, r.parse, ()),
        (ra.to_uri, r.to_uri, ()),
        (ra.to_iri, r.to_iri, ()),
        (ra.normalize, r.normalize, ()),
        (ra.lint, r.lint, ()),
    ]
    for text in INPUTS:
        for column_fn, str_fn, args in cases:
            try:
                str_fn(text, *args)
                continue
            except IriError as e:
                expected = (e.offset, e.char_offset, e.rule, e.message, e.input)
            column = pa.array(["http://ok/", None, text])
            with pytest.raises(IriError) as caught:
                column_fn(column, *args, on_error="raise")
            got = caught.value
            assert got.row == 2, (text, column_fn)
            assert (got.offset, got.char_offset, got.rule, got.message, got.input) == expected


def test_threads_zero_is_a_value_error_and_pools_are_reused():
    with pytest.raises(ValueError, match="at least 1"):
        ra.check(["a"], threads=0)
    column = pa.array(["http://A/"] * 50_000)
    for _ in range(3):
        assert ra.normalize(column, threads=2).equals(ra.normalize(column))


def test_chunked_arrays_keep_their_chunks_and_count_rows_from_the_start():
    column = pa.chunked_array([["http://A/"], [], ["x", "y z"]])
    out = ra.normalize(column)
    assert isinstance(out, pa.ChunkedArray)
    assert out.to_pylist() == ["http://a/", "x", None]
    with pytest.raises(IriError) as caught:
        ra.to_uri(column, on_error="raise")
    assert caught.value.row == 2 and str(caught.value).startswith("row 2: ")
    empty = ra.check(pa.chunked_array([], type=pa.string()))
    assert empty.to_pylist() == [] and empty.type == pa.bool_()


def test_python_lists_and_capsule_objects_are_accepted():
    assert ra.check(["http://a/", None, "a b"]).to_pylist() == [True, None, False]


def test_non_string_arrays_are_type_errors():
    with pytest.raises(TypeError, match="expected an Arrow array of strings"):
        ra.check(pa.array([1, 2]))


def test_large_arrays_split_over_threads_give_the_same_answer():
    rows = [f"HTTP://Example.COM/{i}/./%7e/../x?{i}" for i in range(100_000)]
    rows[77_777] = "http://a/b c"
    rows[12] = None
    column = pa.array(rows)
    one = ra.normalize(column, threads=1)
    many = ra.normalize(column, threads=4)
    assert one.equals(many)
    assert many[77_777].as_py() is None and many[12].as_py() is None
    assert many[99_999].as_py() == "http://example.com/99999/x?99999"
    with pytest.raises(IriError) as caught:
        ra.normalize(column, on_error="raise", threads=4)
    assert caught.value.row == 77_777
    assert ra.check(column, threads=3).equals(ra.check(column, threads=1))
    assert ra.parse(column, threads=3).equals(ra.parse(column, threads=1))
    assert ra.lint(column, threads=3).equals(ra.lint(column, threads=1))


def test_slices_are_read_at_their_offset():
    column = pa.array(["a b", "http://A/", "HTTP://B/", None])[1:3]
    assert ra.normalize(column).to_pylist() == ["http://a/", "http://b/"]
    assert ra.check(column).to_pylist() == [True, True]
