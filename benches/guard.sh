#!/usr/bin/env bash
# Instructions per input of this crate's string operations, counted by
# cachegrind: a measure that does not move with the machine's load, for
# the "nothing gets slower" guard of a change.
#
# For each corpus of the `cputime` bench (benches/corpus/mod.rs and its
# synthetic ones) and each row (rfc3987-check, -parse, -to-uri,
# -normalize, -resolve), runs
#     valgrind --tool=cachegrind --cache-sim=no cputime --quick --only=ROW CORPUS
# and the baseline `--only=none CORPUS` (the bench's setup and oxiri's
# row, which every run has), and prints
#     (Ir(row) - Ir(none)) / inputs
# where `inputs` is the corpus size the bench prints. The counts are
# deterministic for a given build and machine, so one run decides.
#
# Usage:
#     benches/guard.sh                       # this tree: corpus x row table
#     benches/guard.sh DIR                   # the tree at DIR
#     benches/guard.sh DIR_BEFORE DIR_AFTER  # both, then before | after | change %
# Each DIR is a checkout of this repository whose `cputime` bench has the
# five rows; it is built with `cargo bench --bench cputime --no-run`.
# Environment: CORPORA="crawl rdf" and ROWS="check parse" narrow the
# table (default: every corpus, every row); GUARD_OUT=DIR keeps the
# cachegrind outputs and the tables there (default: a temporary folder);
# LIMIT=3 is the change, in percent, past which a cell is flagged;
# JOBS=N runs N valgrinds at once (default: the number of cores).
# Needs cargo, valgrind, awk and bash 4.3 or later. A tree is 90 valgrind
# runs (15 corpora, the baseline and 5 rows), about 4.5 minutes of CPU
# time; their results land in GUARD_OUT as they finish.

set -euo pipefail

rows_default="check parse to-uri normalize resolve"
read -r -a rows <<<"${ROWS:-$rows_default}"
limit="${LIMIT:-3}"
jobs="${JOBS:-$(nproc 2>/dev/null || echo 1)}"
out="${GUARD_OUT:-$(mktemp -d)}"
mkdir -p "$out"

die() {
    echo "guard.sh: $*" >&2
    exit 1
}

command -v valgrind >/dev/null || die "valgrind is not installed"
command -v cargo >/dev/null || die "cargo is not installed"

# The path of the `cputime` bench executable of the tree at $1, built.
build() {
    local dir="$1" exe
    exe="$(cd "$dir" && cargo bench --bench cputime --no-run --message-format=json 2>/dev/null |
        sed -n 's/.*"name":"cputime".*"executable":"\([^"]*\)".*/\1/p' | tail -n 1)"
    [[ -n "$exe" && -x "$exe" ]] ||
        die "no cputime executable built in $dir (run: cd $dir && cargo bench --bench cputime --no-run)"
    echo "$exe"
}

# Instructions executed by one quick run: instruction count (Ir) from the
# cachegrind output's `summary:` line.
instructions() {
    local exe="$1" file="$2"
    shift 2
    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file="$file" \
        "$exe" --quick "$@" >/dev/null 2>"$file.log" ||
        die "valgrind failed on $exe $*: see $file.log"
    awk '/^summary:/ { print $2 }' "$file"
}

# Writes "corpus row instructions-per-input" lines for the tree at $1
# into $2, running up to $jobs valgrinds at once.
measure() {
    local dir="$1" table="$2" tag exe corpus inputs base ir row running=0
    tag="$(basename "$table" .tsv)"
    exe="$(build "$dir")"
    # The corpora and their sizes, as the bench names them.
    "$exe" --quick --only=none |
        sed -n 's/^\([a-z0-9-]*\) (\([0-9]*\) inputs,.*/\1 \2/p' >"$out/$tag.corpora"
    [[ -s "$out/$tag.corpora" ]] || die "the bench in $dir printed no corpus"
    if [[ -n "${CORPORA:-}" ]]; then
        awk -v keep=" $CORPORA " 'index(keep, " " $1 " ")' "$out/$tag.corpora" >"$out/$tag.picked"
    else
        cp "$out/$tag.corpora" "$out/$tag.picked"
    fi
    [[ -s "$out/$tag.picked" ]] || die "none of CORPORA=\"$CORPORA\" is a corpus of the bench"
    while read -r corpus inputs; do
        for row in none "${rows[@]}"; do
            if ((running >= jobs)); then
                wait -n || die "a valgrind run failed (logs in $out)"
                running=$((running - 1))
            fi
            local only="rfc3987-$row"
            [[ "$row" == none ]] && only=none
            instructions "$exe" "$out/$tag.$corpus.$row" "--only=$only" "$corpus" \
                >"$out/$tag.$corpus.$row.ir" &
            running=$((running + 1))
        done
    done <"$out/$tag.picked"
    while ((running > 0)); do
        wait -n || die "a valgrind run failed (logs in $out)"
        running=$((running - 1))
    done
    : >"$table"
    while read -r corpus inputs; do
        base="$(cat "$out/$tag.$corpus.none.ir")"
        for row in "${rows[@]}"; do
            ir="$(cat "$out/$tag.$corpus.$row.ir")"
            [[ -n "$base" && -n "$ir" ]] || die "no instruction count for $tag $corpus $row"
            awk -v c="$corpus" -v r="$row" -v ir="$ir" -v base="$base" -v n="$inputs" \
                'BEGIN { printf "%s %s %.1f\n", c, r, (ir - base) / n }' >>"$table"
        done
    done <"$out/$tag.picked"
}

# Markdown: corpus x row, instructions per input.
matrix() {
    awk -v rows="${rows[*]}" '
        BEGIN { n = split(rows, r, " ") }
        { v[$1, $2] = $3; if (!($1 in seen)) { seen[$1] = 1; order[++m] = $1 } }
        END {
            printf "| corpus |"; for (i = 1; i <= n; i++) printf " %s |", r[i]; print ""
            printf "|---|"; for (i = 1; i <= n; i++) printf "---:|"; print ""
            for (j = 1; j <= m; j++) {
                printf "| %s |", order[j]
                for (i = 1; i <= n; i++) printf " %s |", v[order[j], r[i]]
                print ""
            }
        }' "$1"
}

# Markdown: corpus, row, before, after, change %, flagged past $limit %.
compare() {
    awk -v limit="$limit" '
        NR == FNR { before[$1, $2] = $3; next }
        FNR == 1 {
            print "| corpus | row | before | after | change % |"
            print "|---|---|---:|---:|---:|"
        }
        {
            b = before[$1, $2]
            change = b > 0 ? ($3 - b) / b * 100 : 0
            flag = change > limit ? " **worse**" : ""
            printf "| %s | %s | %s | %s | %+.1f%s |\n", $1, $2, b, $3, change, flag
            if (change > limit) worse++
        }
        END { printf "\n%d cell(s) more than %s %% worse\n", worse, limit }' "$1" "$2"
}

case $# in
0 | 1)
    measure "${1:-$(cd "$(dirname "$0")/.." && pwd)}" "$out/tree.tsv"
    matrix "$out/tree.tsv" | tee "$out/tree.md"
    ;;
2)
    measure "$1" "$out/before.tsv"
    measure "$2" "$out/after.tsv"
    echo "before ($1):"
    matrix "$out/before.tsv" | tee "$out/before.md"
    echo
    echo "after ($2):"
    matrix "$out/after.tsv" | tee "$out/after.md"
    echo
    compare "$out/before.tsv" "$out/after.tsv" | tee "$out/compare.md"
    ;;
*)
    die "usage: benches/guard.sh [DIR_BEFORE] [DIR_AFTER]"
    ;;
esac
echo "guard.sh: cachegrind outputs and tables in $out" >&2
