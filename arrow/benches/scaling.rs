//! Wall time of the column functions on one thread against every thread
//! of the pool, on a column of a million rows: how the chunks on rayon's
//! pool scale.
//!
//! Run with `cargo bench -p rfc3987-arrow --bench scaling` (about a
//! minute on 2 cores). The column is the root crate's `mixed` corpus
//! (`benches/corpus`: 10,000 references of about 60 bytes, valid and not,
//! ASCII and not) repeated to 1,000,000 rows. Each operation runs on a
//! pool of one thread and on the global pool (one thread per core, or
//! `RAYON_NUM_THREADS`), alternately, 5 rounds each; the best round of
//! each counts, and the ratio is many threads' time over one thread's
//! (0.5 is perfect on 2 cores), and the CPU ratio is the process's CPU
//! time over all rounds on the pool over that on one thread (1.0: the
//! chunks and the join cost nothing; a busy machine shows it in the wall
//! time, where other processes take the cores, not here). Without `--bench` (as `cargo test` runs
//! it) each operation runs once on a small column on both pools and the
//! two columns are compared.

use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

use arrow_array::{ArrayRef, StringArray};
use rfc3987::grammar::rules::IRI_REFERENCE;
use rfc3987::normalize::{Level, Normalizer};

#[path = "../../benches/corpus/mod.rs"]
mod corpus;

type Op = fn(&ArrayRef) -> ArrayRef;

/// CPU time of the whole process (every thread), in seconds, from
/// `/proc/self/stat` (user and system clock ticks, 100 per second); 0
/// where the kernel does not say.
fn process_cpu_s() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The fields after the command name, which ends with the last ')'.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or("", |(_, rest)| rest)
        .split_whitespace()
        .collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // utime and stime are fields 14 and 15 of stat(5), 12 and 13 here.
    (ticks(11) + ticks(12)) / 100.0
}

const OPS: &[(&str, Op)] = &[
    ("check", |c| {
        rfc3987_arrow::valid(c, &IRI_REFERENCE).unwrap()
    }),
    ("parse", |c| rfc3987_arrow::parse(c).unwrap()),
    ("normalize", |c| {
        rfc3987_arrow::normalize(c, &Normalizer::new(Level::Syntax)).unwrap()
    }),
    ("to_uri", |c| rfc3987_arrow::to_uri(c).unwrap()),
];

fn main() {
    let quick = !std::env::args().any(|arg| arg == "--bench")
        || std::env::args().any(|arg| arg == "--quick");
    let (rows, rounds) = if quick { (20_000, 1) } else { (1_000_000, 5) };
    let texts = corpus::mixed();
    let column: ArrayRef = Arc::new(StringArray::from_iter_values(
        texts.iter().cycle().take(rows),
    ));
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a pool of one thread");
    let threads = rayon::current_num_threads();
    println!("{rows} rows; 1 thread against the global pool's {threads}");
    println!(
        "{:<10} {:>12} {:>12} {:>7} {:>10}",
        "operation", "1 thread ms", "pool ms", "ratio", "CPU ratio"
    );
    for (name, op) in OPS {
        if quick {
            // Same column on either pool.
            let (alone, pooled) = (one.install(|| op(&column)), op(&column));
            assert_eq!(alone.to_data(), pooled.to_data(), "{name}");
        }
        let mut best = [Duration::MAX; 2];
        let mut cpu = [0.0; 2];
        for _ in 0..rounds {
            let (t, c) = (Instant::now(), process_cpu_s());
            black_box(one.install(|| op(black_box(&column))));
            best[0] = best[0].min(t.elapsed());
            cpu[0] += process_cpu_s() - c;
            let (t, c) = (Instant::now(), process_cpu_s());
            black_box(op(black_box(&column)));
            best[1] = best[1].min(t.elapsed());
            cpu[1] += process_cpu_s() - c;
        }
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        println!(
            "{:<10} {:>12.1} {:>12.1} {:>7.2} {:>10.2}",
            name,
            ms(best[0]),
            ms(best[1]),
            ms(best[1]) / ms(best[0]),
            cpu[1] / cpu[0].max(f64::MIN_POSITIVE)
        );
    }
    if quick {
        println!("(quick mode: one round on a small column; run with --bench for figures)");
    }
}
