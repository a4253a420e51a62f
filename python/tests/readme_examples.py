"""The Python examples of the README files (README.md's Python, Polars
and jsonschema sections, python/README.md), for test_readme.py to run
and for `mypy --strict` in .ci/python to check against the installed
package's types.

The PySpark example is neither run nor type-checked here: it needs a
Spark session, and test_spark.py runs the same job; rfc3987_rs.spark is
outside the typed API.

    python python/tests/readme_examples.py --write DIR

writes each example to DIR/readme_example_N.py.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
READMES = [ROOT / "README.md", ROOT / "python" / "README.md"]

_BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def examples() -> list[tuple[str, str]]:
    """(where, code) of each Python example, Spark's left out."""
    found = []
    for readme in READMES:
        text = readme.read_text(encoding="utf-8")
        for n, match in enumerate(_BLOCK.finditer(text), start=1):
            code = match.group(1)
            if "pyspark" in code:
                continue
            found.append((f"{readme.relative_to(ROOT)} example {n}", code))
    return found


def main(argv: list[str]) -> int:
    if len(argv) != 3 or argv[1] != "--write":
        print(__doc__, file=sys.stderr)
        return 2
    out = Path(argv[2])
    out.mkdir(parents=True, exist_ok=True)
    for i, (where, code) in enumerate(examples(), start=1):
        (out / f"readme_example_{i}.py").write_text(f"# {where}\n{code}", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
