"""The README's Python examples run (see readme_examples.py)."""

from __future__ import annotations

import pytest

from readme_examples import examples

EXAMPLES = examples()


def test_there_are_examples():
    assert len(EXAMPLES) >= 4


@pytest.mark.parametrize("where,code", EXAMPLES, ids=[w for w, _ in EXAMPLES])
def test_example_runs(where, code):
    exec(compile(code, where, "exec"), {"__name__": "readme_example"})
