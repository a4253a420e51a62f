"""Inputs and the check of the standalone-cluster job.

    python data.py write OUT.parquet ROWS   # the job's input, column iri
    python data.py check INPUT.parquet OUTPUT_DIR BASE IRI_BINARY

``write`` makes ROWS IRIs, deterministic: the test inputs of
``python/tests/conftest.py`` (valid and invalid, non-ASCII, IP literals,
percent-encodings, dot segments), then generated ones in which case,
percent-encoding, default ports and dot segments vary, so that many rows
share a normal form. ``check`` compares the job's output, sorted by key,
with the ``iri`` binary's on the same lines (normalize on the scheme rung, keep the distinct
normal forms in code point order, resolve), line by line, and exits 1 on
the first difference.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from conftest import INPUTS  # noqa: E402

HOSTS = ["example.org", "Example.ORG", "例え.テスト", "пример.испытание", "[::1]", "192.168.0.1", "xn--r8jz45g.xn--zckzah"]
SEGMENTS = ["a", "b", "%7euser", "~user", "caf%C3%A9", "café", ".", "..", "パス", "%41"]


def generated(rows: int) -> list[str]:
    """INPUTS, then generated IRIs up to ``rows``."""
    rng = random.Random(3987)
    out = [s for s in INPUTS if "\n" not in s][:rows]
    while len(out) < rows:
        scheme = rng.choice(["http", "HTTP", "https", "Http"])
        host = rng.choice(HOSTS)
        port = rng.choice(["", ":", ":80", ":8080"])
        path = "/".join(rng.choice(SEGMENTS) for _ in range(rng.randint(0, 4)))
        query = rng.choice(["", "?q=1", "?Q=%41", "?"])
        fragment = rng.choice(["", "#f", "#%7e"])
        out.append(f"{scheme}://{host}{port}/{path}{query}{fragment}")
    return out


def write(path: str, rows: str) -> None:
    table = pa.table({"iri": pa.array(generated(int(rows)), type=pa.string())})
    pq.write_table(table, path, row_group_size=64 * 1024)


def cli(binary: str, args: list[str], lines: list[str]) -> list[dict]:
    data = "".join(line + "\n" for line in lines).encode()
    done = subprocess.run([binary, *args, "--json"], input=data, capture_output=True, check=False)
    if done.returncode not in (0, 1):
        sys.exit(f"iri {' '.join(args)} failed: {done.stderr.decode()}")
    return [json.loads(line) for line in done.stdout.decode().splitlines()]


def check(source: str, output: str, base: str, binary: str) -> None:
    lines = pq.read_table(source).column("iri").to_pylist()
    keys = sorted({o["output"] for o in cli(binary, ["normalize", "--level", "scheme"], lines) if "output" in o})
    targets = cli(binary, ["resolve", base], keys)
    expected = [f"{k}\t{t.get('output', '')}" for k, t in zip(keys, targets)]
    table = pq.read_table(output)
    rows = sorted(zip(table.column("key").to_pylist(), table.column("target").to_pylist()))
    got = [f"{k}\t{t if t is not None else ''}" for k, t in rows]
    for number, (want, have) in enumerate(zip(expected, got), 1):
        if want != have:
            sys.exit(f"line {number}: the CLI gives {want!r}, the job {have!r}")
    if len(expected) != len(got):
        sys.exit(f"the CLI gives {len(expected)} lines, the job {len(got)}")
    print(f"the job's {len(got)} lines equal the CLI's ({len(lines)} inputs)")


if __name__ == "__main__":
    command, *args = sys.argv[1:]
    {"write": write, "check": check}[command](*args)
