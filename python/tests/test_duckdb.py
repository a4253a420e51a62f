"""DuckDB's route: its Python API with Arrow UDFs over rfc3987_rs.arrow
(as the README shows), compared with the `iri` binary row by row."""

from __future__ import annotations

import pyarrow as pa
import pytest

import duckdb
from duckdb.func import ARROW, SPECIAL
from duckdb.sqltypes import BOOLEAN, VARCHAR

from rfc3987_rs import arrow as ra

from conftest import INPUTS

BASE = "http://a/b/c/d;p?q"


@pytest.fixture()
def con():
    con = duckdb.connect()
    # Arrow UDFs: DuckDB hands each vector over as Arrow, the function
    # runs in Rust, rejected rows come back NULL.
    con.create_function("iri_normalize", lambda a: ra.normalize(a), [VARCHAR], VARCHAR, type=ARROW, null_handling=SPECIAL)
    con.create_function("iri_to_uri", lambda a: ra.to_uri(a), [VARCHAR], VARCHAR, type=ARROW, null_handling=SPECIAL)
    con.create_function("iri_valid", lambda a: ra.check(a), [VARCHAR], BOOLEAN, type=ARROW, null_handling=SPECIAL)
    con.create_function(
        "iri_resolve", lambda a: ra.resolve(BASE, a), [VARCHAR], VARCHAR, type=ARROW,
        null_handling=SPECIAL,
    )
    yield con
    con.close()


def test_sql_over_a_table_matches_the_cli(con, iri):
    inputs = INPUTS * 3 + [None]
    table = pa.table({"id": list(range(len(inputs))), "iri": pa.array(inputs, pa.string())})
    con.register("iris", table)
    rows = con.execute(
        "SELECT iri, iri_valid(iri), iri_normalize(iri), iri_to_uri(iri), iri_resolve(iri) "
        "FROM iris ORDER BY id"
    ).fetchall()
    assert len(rows) == len(inputs)
    checks = iri(["check"], INPUTS)
    normal = iri(["normalize"], INPUTS)
    uris = iri(["to-uri"], INPUTS)
    resolved = iri(["resolve", BASE], INPUTS)
    for i, row in enumerate(rows[:-1]):
        j = i % len(INPUTS)
        assert row[0] == INPUTS[j]
        assert row[1] is checks[j]["valid"], INPUTS[j]
        assert row[2] == normal[j].get("output"), INPUTS[j]
        assert row[3] == uris[j].get("output"), INPUTS[j]
        assert row[4] == resolved[j].get("output"), INPUTS[j]
    assert rows[-1] == (None, None, None, None, None)


def test_deduplicate_by_normal_form(con, iri):
    # Case, percent-encoding and dot segments differ (the syntax rung
    # makes them one); one also has an empty port, which only the scheme
    # rung (section 5.3.3) removes.
    variants = ["HTTP://Example.COM/%7euser/./a", "http://example.com/~user/a", "http://EXAMPLE.com:/%7Euser/a"]
    con.create_function(
        "iri_normalize_scheme", lambda a: ra.normalize(a, "scheme"), [VARCHAR], VARCHAR,
        type=ARROW, null_handling=SPECIAL,
    )
    con.register("v", pa.table({"iri": variants}))
    (syntax, scheme) = con.execute(
        "SELECT count(DISTINCT iri_normalize(iri)), count(DISTINCT iri_normalize_scheme(iri)) FROM v"
    ).fetchone()
    assert syntax == len({o["output"] for o in iri(["normalize"], variants)}) == 2
    assert scheme == len({o["output"] for o in iri(["normalize", "--level", "scheme"], variants)}) == 1
