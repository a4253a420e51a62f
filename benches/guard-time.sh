#!/usr/bin/env bash
# Time, the other half of the "nothing gets slower" guard (benches/guard.sh
# counts instructions): this crate's five string operations (check, parse,
# to-uri, normalize, resolve) in two versions of the crate, linked into one
# program and timed in interleaved rounds, so that both see the same
# machine at the same moments, on every corpus of the `cputime` bench.
#
# A difference of a few percent in one build can be the placement of the
# code rather than the code: the same two versions, linked in the other
# order, can turn a cell's +5 % into -3 %, and code that is the same
# instruction for instruction (`check` when the scanner did not change)
# has measured up to 17 % slower in one build and equal in the other. So
# the program is built twice, with the two versions' code in either
# order, run RUNS times in each build, and a cell's figure is the mean of
# the two builds' medians; a row whose code did not change shows how far
# placement and load move a cell in that run.
#
#     bash benches/guard-time.sh BEFORE_DIR             # against this tree
#     bash benches/guard-time.sh BEFORE_DIR AFTER_DIR
#
# Prints, per corpus and operation, the time of AFTER over BEFORE (the
# best of ROUNDS rounds each, a round being MB megabytes of the corpus,
# CPU time of the thread) for each run, then the medians and their mean,
# flagging means over 1 + LIMIT/100. Environment: RUNS (3), ROUNDS (9),
# MB (20), LIMIT (3), CORPORA="crawl rdf" (default: all), OUT=DIR keeps
# the runs' tables (default: a temporary folder). On two cores about 2
# minutes a run, 15 minutes in all with the two builds; run it alone on
# the machine.
#
# Each DIR is a checkout of this repository with the string functions
# `check`, `IriRef::parse`, `mapping::to_uri`, `normalize::normalize` and
# `resolve::resolve`; its package is copied and renamed so that both link
# into one program. Needs cargo, awk and the crates.io registry.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
before="$(cd "${1:?usage: guard-time.sh BEFORE_DIR [AFTER_DIR]}" && pwd)"
after="$(cd "${2:-$repo}" && pwd)"
runs="${RUNS:-3}"
limit="${LIMIT:-3}"
work="$(mktemp -d)"
out="${OUT:-$work/out}"
mkdir -p "$out"
trap 'rm -rf "$work"' EXIT

# A copy of the package at $1 named rfc3987-$2, outside its workspace.
copy() {
    local dir="$work/$2" part
    mkdir -p "$dir"
    for part in Cargo.toml build.rs src abnf README.md codegen; do
        if [[ -e "$1/$part" ]]; then cp -r "$1/$part" "$dir/"; fi
    done
    local manifest
    for manifest in "$dir/Cargo.toml" "$dir/codegen/Cargo.toml"; do
        [[ -f "$manifest" ]] || continue
        awk -v name="rfc3987-$2" '
            /^\[/ { skip = /^\[workspace|^\[dev-dependencies|^\[\[bench|^\[profile|^\[target\./ }
            skip { next }
            /^name = "rfc3987"$/ { print "name = \"" name "\""; next }
            /^edition\.workspace/ { print "edition = \"2021\""; next }
            /\.workspace = true/ { next }
            { print }' "$manifest" >"$manifest.new"
        mv "$manifest.new" "$manifest"
    done
}
copy "$before" before
copy "$after" after
cp "$repo/benches/corpus/mod.rs" "$work/corpus.rs"

# The program, with the two versions in the order given ($1 $2).
program() {
    local dir="$work/order-$1"
    mkdir -p "$dir/src"
    cp "$work/corpus.rs" "$dir/src/corpus.rs"
    printf '[package]\nname = "guard-time"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n\n[dependencies]\n%s = { package = "rfc3987-%s", path = "../%s" }\n%s = { package = "rfc3987-%s", path = "../%s" }\nrustix = { version = "1", features = ["time"] }\n\n[workspace]\n' \
        "$1" "$1" "$1" "$2" "$2" "$2" >"$dir/Cargo.toml"
    cat >"$dir/src/main.rs" <<EOF
use std::hint::black_box;
mod corpus;

/// This thread's CPU time in nanoseconds.
fn now_ns() -> u64 {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    t.tv_sec as u64 * 1_000_000_000 + t.tv_nsec as u64
}

type Pass = fn(&[String]) -> usize;

macro_rules! ops {
    (\$c:ident) => {
        [
            (|ts: &[String]| ts.iter().filter(|s| \$c::check(&\$c::grammar::rules::IRI_REFERENCE, s).is_ok()).count()) as Pass,
            (|ts: &[String]| ts.iter().filter(|s| black_box(\$c::IriRef::parse(s.as_str())).is_ok()).count()) as Pass,
            (|ts: &[String]| ts.iter().filter(|s| black_box(\$c::mapping::to_uri(s.as_str())).is_ok()).count()) as Pass,
            (|ts: &[String]| ts.iter().filter(|s| black_box(\$c::normalize::normalize(s.as_str())).is_ok()).count()) as Pass,
            (|ts: &[String]| ts.iter().filter(|s| black_box(\$c::resolve::resolve("http://a/b/c/d;p?q", s.as_str())).is_ok()).count()) as Pass,
        ]
    };
}

/// One round: \`passes\` passes, the CPU time of one.
fn round(texts: &[String], pass: Pass, passes: usize) -> f64 {
    let t = now_ns();
    for _ in 0..passes {
        black_box(pass(black_box(texts)));
    }
    (now_ns() - t) as f64 / passes as f64
}

fn main() {
    let picked: Vec<String> = std::env::args().skip(1).collect();
    let var = |name: &str, default: usize| std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default);
    let (rounds, mb) = (var("ROUNDS", 9), var("MB", 20));
    let names = ["check", "parse", "to-uri", "normalize", "resolve"];
    let $1 = ops!($1);
    let $2 = ops!($2);
    let corpora = corpus::timed(|s| after::check(&after::grammar::rules::IRI_REFERENCE, s).is_ok());
    for (name, texts) in &corpora {
        if !picked.is_empty() && !picked.iter().any(|p| p == name) {
            continue;
        }
        let bytes: usize = texts.iter().map(String::len).sum();
        let passes = mb * 1_000_000 / bytes + 1;
        for op in 0..names.len() {
            assert_eq!(before[op](texts), after[op](texts), "{name} {}: the versions disagree", names[op]);
            let (mut b, mut a) = (f64::MAX, f64::MAX);
            for r in 0..rounds {
                // Each goes first in every other round.
                if r % 2 == 0 {
                    b = b.min(round(texts, before[op], passes));
                    a = a.min(round(texts, after[op], passes));
                } else {
                    a = a.min(round(texts, after[op], passes));
                    b = b.min(round(texts, before[op], passes));
                }
            }
            println!("{name} {} {b:.0} {a:.0} {:.4}", names[op], a / b);
        }
    }
}
EOF
    (cd "$dir" && cargo build --release --quiet)
    echo "$dir/target/release/guard-time"
}

read -r -a corpora <<<"${CORPORA:-}"
for order in "before after" "after before"; do
    # shellcheck disable=SC2086 # two words, the two versions
    exe="$(program $order)"
    for run in $(seq 1 "$runs"); do
        "$exe" "${corpora[@]}" >"$out/${order// /-}-$run.txt"
    done
done

# corpus op | ratio per run, per build | median per build | their mean.
awk -v limit="$limit" -v runs="$runs" '
    function median(list,    n, v, i, j, t) {
        n = split(list, v, " ")
        for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
        return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
    }
    {
        key = $1 " " $2
        if (!(key in seen)) { seen[key] = 1; keys[++count] = key }
        build = FILENAME ~ /before-after/ ? 1 : 2
        ratios[key, build] = ratios[key, build] " " $5
    }
    END {
        printf "%-16s %-10s %-26s %-26s %8s %8s %8s\n", "corpus", "op", "before-after runs", "after-before runs", "median", "median", "mean"
        for (i = 1; i <= count; i++) {
            key = keys[i]
            m1 = median(ratios[key, 1]); m2 = median(ratios[key, 2]); mean = (m1 + m2) / 2
            split(key, k, " ")
            flag = mean > 1 + limit / 100 ? "  over " limit " %" : ""
            if (flag != "") over++
            printf "%-16s %-10s %-26s %-26s %8.3f %8.3f %8.3f%s\n", k[1], k[2], ratios[key, 1], ratios[key, 2], m1, m2, mean, flag
        }
        printf "%d cells, %d over %s %% (the mean of the two builds'"'"' medians of %d runs)\n", count, over + 0, limit, runs
    }' "$out"/before-after-*.txt "$out"/after-before-*.txt
