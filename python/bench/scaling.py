"""The vectorized functions on one thread against the pool: wall time of
each of ``rfc3987_rs.arrow``'s check, parse, normalize, to_uri and
resolve on a column of ROWS generated IRIs (``python/cluster/data.py``),
``threads=1`` against ``threads=None`` (rayon's global pool, one thread
per core), best of 5 alternating rounds, after checking that both give
the same column.

    python python/bench/scaling.py [ROWS]     # 1,000,000 by default

Prints a Markdown table: milliseconds on one thread, on the pool, and
their ratio (0.5 is perfect on 2 cores).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pyarrow as pa

from rfc3987_rs import arrow as ra

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "cluster"))
from data import generated  # noqa: E402

BASE = "http://a/b/c/d;p?q"

OPERATIONS = {
    "check": lambda a, t: ra.check(a, threads=t),
    "parse": lambda a, t: ra.parse(a, threads=t),
    "normalize": lambda a, t: ra.normalize(a, threads=t),
    "to_uri": lambda a, t: ra.to_uri(a, threads=t),
    "resolve": lambda a, t: ra.resolve(BASE, a, threads=t),
}


def main(rows: int) -> None:
    values = pa.array(generated(rows), pa.string())
    print(f"{rows} rows, {values.nbytes / 1e6:.1f} MB, {os.cpu_count()} cores; best of 5 alternating rounds")
    print("| operation | 1 thread ms | pool ms | ratio |")
    print("| --- | ---: | ---: | ---: |")
    for name, run in OPERATIONS.items():
        if not run(values, 1).equals(run(values, None)):
            sys.exit(f"{name}: one thread and the pool give different columns")
        one, pool = [], []
        for _ in range(5):
            start = time.perf_counter()
            run(values, 1)
            one.append(time.perf_counter() - start)
            start = time.perf_counter()
            run(values, None)
            pool.append(time.perf_counter() - start)
        print(f"| {name} | {min(one) * 1e3:.1f} | {min(pool) * 1e3:.1f} | {min(pool) / min(one):.2f} |", flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000)
