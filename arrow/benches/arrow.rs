//! IRIs per second of the Arrow column functions against a loop over the
//! single-string API on the same inputs, in CPU time (the cputime style of
//! the root crate's `benches/cputime.rs`: on a machine that runs builds
//! beside the benches, wall-clock figures move by 2x).
//!
//! Run with `cargo bench -p rfc3987-arrow --bench arrow` (about a minute).
//! For each corpus of the root crate's `benches/corpus` (`mixed`: 10,000
//! references of about 60 bytes; `long`: 1,000 of 1-4 KiB), each
//! operation runs over about 30 MB per round (the corpus as many times as
//! that takes), 5 rounds; the best round counts. The loop is what a
//! caller without this crate writes: the library's function per string,
//! its result kept (a `String` per row where the API returns one). The
//! Arrow path builds the result column. Without `--bench` (as `cargo
//! test` runs it) each pair runs once on each corpus and the two paths'
//! results are compared.

use std::hint::black_box;
use std::sync::Arc;
use std::time::Instant;

use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, StringArray};
use rfc3987::grammar::rules::IRI_REFERENCE;
use rfc3987::normalize::{Level, Normalizer};
use rfc3987::IriRef;

#[path = "../../benches/corpus/mod.rs"]
mod corpus;

/// This thread's CPU time in nanoseconds, or wall-clock time where the
/// kernel does not say.
fn now_ns(start: Instant) -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or_else(|| start.elapsed().as_nanos() as u64)
}

/// One operation: the loop over strings and the column function, each
/// returning how many rows succeeded (so that neither is optimized away
/// and both can be compared).
struct Op {
    name: &'static str,
    by_loop: fn(&[String]) -> usize,
    by_column: fn(&ArrayRef) -> usize,
}

fn non_null(column: &ArrayRef) -> usize {
    column.len() - column.null_count()
}

const OPS: &[Op] = &[
    Op {
        name: "valid",
        by_loop: |texts| {
            texts
                .iter()
                .filter(|t| rfc3987::check(&IRI_REFERENCE, t).is_ok())
                .count()
        },
        by_column: |column| {
            let verdicts = rfc3987_arrow::valid(column, &IRI_REFERENCE).unwrap();
            verdicts.as_boolean().true_count()
        },
    },
    Op {
        name: "parse",
        // Each component found and kept, as the column keeps them.
        by_loop: |texts| {
            let mut kept = Vec::with_capacity(texts.len());
            for t in texts {
                if let Ok(r) = IriRef::parse(t.as_str()) {
                    kept.push(r.into_components());
                }
            }
            black_box(&kept);
            kept.len()
        },
        by_column: |column| non_null(&rfc3987_arrow::parse(column).unwrap()),
    },
    Op {
        name: "to_uri",
        by_loop: |texts| {
            texts
                .iter()
                .filter_map(|t| rfc3987::mapping::to_uri(t).ok())
                .map(black_box)
                .count()
        },
        by_column: |column| non_null(&rfc3987_arrow::to_uri(column).unwrap()),
    },
    Op {
        name: "normalize",
        by_loop: |texts| {
            let n = Normalizer::new(Level::Syntax);
            texts
                .iter()
                .filter_map(|t| n.normalize(t).ok())
                .map(black_box)
                .count()
        },
        by_column: |column| {
            non_null(&rfc3987_arrow::normalize(column, &Normalizer::new(Level::Syntax)).unwrap())
        },
    },
];

fn main() {
    let quick = !std::env::args().any(|arg| arg == "--bench")
        || std::env::args().any(|arg| arg == "--quick");
    let (rounds, round_bytes): (usize, usize) = if quick { (1, 0) } else { (5, 30_000_000) };
    let corpora = [("mixed", corpus::mixed()), ("long", corpus::long())];
    println!(
        "{:<8} {:<10} {:>14} {:>14} {:>8}",
        "corpus", "operation", "loop IRIs/s", "arrow IRIs/s", "ratio"
    );
    for (name, texts) in &corpora {
        let bytes: usize = texts.iter().map(String::len).sum();
        let repeat = round_bytes.div_ceil(bytes).max(1);
        let column: ArrayRef = Arc::new(StringArray::from_iter_values(texts));
        for op in OPS {
            // Same verdicts both ways: the comparison is of equal work.
            assert_eq!((op.by_loop)(texts), (op.by_column)(&column), "{}", op.name);
            let start = Instant::now();
            let mut best = [u64::MAX; 2];
            for _ in 0..rounds {
                let t0 = now_ns(start);
                for _ in 0..repeat {
                    black_box((op.by_loop)(black_box(texts)));
                }
                let t1 = now_ns(start);
                for _ in 0..repeat {
                    black_box((op.by_column)(black_box(&column)));
                }
                let t2 = now_ns(start);
                best[0] = best[0].min(t1 - t0);
                best[1] = best[1].min(t2 - t1);
            }
            let rows = (texts.len() * repeat) as f64;
            let per_s = |ns: u64| rows / (ns.max(1) as f64 / 1e9);
            println!(
                "{:<8} {:<10} {:>14.0} {:>14.0} {:>8.2}",
                name,
                op.name,
                per_s(best[0]),
                per_s(best[1]),
                per_s(best[1]) / per_s(best[0])
            );
        }
    }
    if quick {
        println!("(quick mode: one round over each corpus once; run with --bench for figures)");
    }
}
