"""The vectorized functions on one thread against the pool: wall time of
each of ``rfc3987_rs.arrow``'s check, parse, normalize, to_uri and
resolve on a column of ROWS generated IRIs (``python/cluster/data.py``),
``threads=1`` against ``threads=None`` (rayon's global pool, one thread
per core), after checking that both give the same column.

    python python/bench/scaling.py [ROWS]     # 1,000,000 by default

Two measurements, as ``cargo bench -p rfc3987-arrow --bench scaling``
makes them: "own", each configuration in a process of its own (this
script again, with ``--child``), 5 rounds, three processes per
configuration alternately, the best round counting; and "shared", both
configurations alternating in this process, 5 rounds each, where the
allocator's state carries over from earlier rounds and operations (as
in a long-running process). Prints a Markdown table: milliseconds on one
thread, on the pool, and their ratio (0.5 is perfect on 2 cores).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pyarrow as pa

from rfc3987_rs import arrow as ra

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "cluster"))
from data import generated  # noqa: E402

BASE = "http://a/b/c/d;p?q"
ROUNDS = 5
PROCESSES = 3

OPERATIONS = {
    "check": lambda a, t: ra.check(a, threads=t),
    "parse": lambda a, t: ra.parse(a, threads=t),
    "normalize": lambda a, t: ra.normalize(a, threads=t),
    "to_uri": lambda a, t: ra.to_uri(a, threads=t),
    "resolve": lambda a, t: ra.resolve(BASE, a, threads=t),
}


def best_of(run, values, threads) -> float:
    """The best of ROUNDS runs, in seconds."""
    best = float("inf")
    for _ in range(ROUNDS):
        start = time.perf_counter()
        run(values, threads)
        best = min(best, time.perf_counter() - start)
    return best


def child(name: str, config: str, rows: int) -> None:
    values = pa.array(generated(rows), pa.string())
    print(best_of(OPERATIONS[name], values, 1 if config == "one" else None))


def own_processes(name: str, rows: int) -> tuple[float, float]:
    best = {"one": float("inf"), "pool": float("inf")}
    for _ in range(PROCESSES):
        for config in best:
            out = subprocess.run(
                [sys.executable, __file__, "--child", name, config, str(rows)],
                check=True,
                capture_output=True,
                text=True,
            )
            best[config] = min(best[config], float(out.stdout))
    return best["one"], best["pool"]


def main(rows: int) -> None:
    values = pa.array(generated(rows), pa.string())
    print(f"{rows} rows, {values.nbytes / 1e6:.1f} MB, {os.cpu_count()} cores; best rounds, ms")
    print("| operation | own: 1 thread | pool | ratio | shared: 1 thread | pool | ratio |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, run in OPERATIONS.items():
        if not run(values, 1).equals(run(values, None)):
            sys.exit(f"{name}: one thread and the pool give different columns")
        one, pool = own_processes(name, rows)
        shared_one, shared_pool = float("inf"), float("inf")
        for _ in range(ROUNDS):
            start = time.perf_counter()
            run(values, 1)
            shared_one = min(shared_one, time.perf_counter() - start)
            start = time.perf_counter()
            run(values, None)
            shared_pool = min(shared_pool, time.perf_counter() - start)
        print(
            f"| {name} | {one * 1e3:.1f} | {pool * 1e3:.1f} | {pool / one:.2f} "
            f"| {shared_one * 1e3:.1f} | {shared_pool * 1e3:.1f} | {shared_pool / shared_one:.2f} |",
            flush=True,
        )


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        child(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000)
