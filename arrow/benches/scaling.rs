//! Wall time of the column functions on one thread against every thread
//! of the pool, on a column of a million rows: how the chunks on rayon's
//! pool scale.
//!
//! Run with `cargo bench -p rfc3987-arrow --bench scaling` (about two
//! minutes on 2 cores). The column is the root crate's `mixed` corpus
//! (`benches/corpus`: 10,000 references of about 60 bytes, valid and not,
//! ASCII and not) repeated to 1,000,000 rows. Each operation runs on a
//! pool of one thread and on the global pool (one thread per core, or
//! `RAYON_NUM_THREADS`), and the ratio is many threads' time over one
//! thread's (0.5 is perfect on 2 cores), measured two ways:
//!
//! - **Own process**: each configuration runs in a process of its own (this
//!   program again, with `--child OPERATION one|pool`), 5 rounds, the best
//!   counting; three such processes per configuration, alternately, the
//!   best of them counting. The CPU ratio is the processes' CPU time on
//!   the pool over that on one thread (1.0: the chunks and the join cost
//!   nothing).
//! - **Shared process**: both configurations alternate in this process, 5
//!   rounds each, after the operations before them. The allocator's state
//!   then carries over: memory the earlier rounds and operations freed
//!   serves the one-thread rounds' output without fresh pages, while the
//!   pool's join still copies into fresh pages, so this ratio is the
//!   higher one, as in a long-running process that calls one function
//!   after another.
//!
//! Without `--bench` (as `cargo test` runs it) each operation runs once on
//! a small column on both pools and the two columns are compared.

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
    ("resolve", |c| {
        rfc3987_arrow::resolve(c, "http://a/b/c/d;p?q").unwrap()
    }),
];

/// The column of `rows` rows of `mixed`.
fn column(rows: usize) -> ArrayRef {
    let texts = corpus::mixed();
    Arc::new(StringArray::from_iter_values(
        texts.iter().cycle().take(rows),
    ))
}

/// The best of `rounds` runs of `op` on `column`, on the pool of one
/// thread or the global pool, and the process's CPU time they took.
fn time(
    op: Op,
    column: &ArrayRef,
    one: Option<&rayon::ThreadPool>,
    rounds: usize,
) -> (Duration, f64) {
    let mut best = Duration::MAX;
    let cpu = process_cpu_s();
    for _ in 0..rounds {
        let t = Instant::now();
        match one {
            Some(pool) => black_box(pool.install(|| op(black_box(column)))),
            None => black_box(op(black_box(column))),
        };
        best = best.min(t.elapsed());
    }
    (best, process_cpu_s() - cpu)
}

const ROWS: usize = 1_000_000;
const ROUNDS: usize = 5;
/// Processes per configuration in the own-process measurement.
const PROCESSES: usize = 3;

fn one_thread() -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a pool of one thread")
}

/// `--child OPERATION one|pool`: one configuration in this process;
/// prints the best round's seconds and the CPU seconds.
fn child(name: &str, config: &str) {
    let (_, op) = OPS
        .iter()
        .find(|(n, _)| *n == name)
        .expect("a known operation");
    let column = column(ROWS);
    let one = (config == "one").then(one_thread);
    let (best, cpu) = time(*op, &column, one.as_ref(), ROUNDS);
    println!("{} {cpu}", best.as_secs_f64());
}

/// The own-process measurement of `name`: (best one-thread time, best
/// pool time, CPU ratio).
fn in_own_processes(name: &str) -> (f64, f64, f64) {
    let exe = std::env::current_exe().expect("this program's path");
    let mut best = [f64::MAX; 2];
    let mut cpu = [0.0; 2];
    for _ in 0..PROCESSES {
        for (k, config) in ["one", "pool"].into_iter().enumerate() {
            let out = std::process::Command::new(&exe)
                .args(["--bench", "--child", name, config])
                .output()
                .expect("the child runs");
            assert!(out.status.success(), "{name} {config}: {out:?}");
            let text = String::from_utf8(out.stdout).expect("UTF-8");
            let mut fields = text
                .split_whitespace()
                .map(|f| f.parse::<f64>().expect("a number"));
            best[k] = best[k].min(fields.next().expect("seconds"));
            cpu[k] += fields.next().expect("CPU seconds");
        }
    }
    (best[0], best[1], cpu[1] / cpu[0].max(f64::MIN_POSITIVE))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(at) = args.iter().position(|a| a == "--child") {
        child(&args[at + 1], &args[at + 2]);
        return;
    }
    let quick = !args.iter().any(|arg| arg == "--bench") || args.iter().any(|arg| arg == "--quick");
    let one = one_thread();
    if quick {
        // Same column on either pool.
        let column = column(20_000);
        for (name, op) in OPS {
            let (alone, pooled) = (one.install(|| op(&column)), op(&column));
            assert_eq!(alone.to_data(), pooled.to_data(), "{name}");
        }
        println!(
            "(quick mode: each operation once on a small column; run with --bench for figures)"
        );
        return;
    }
    let threads = rayon::current_num_threads();
    println!("{ROWS} rows; 1 thread against the global pool's {threads}; ms, best rounds");
    println!(
        "{:<10} {:>9} {:>9} {:>7} {:>10} | {:>9} {:>9} {:>7}",
        "operation", "own: 1", "pool", "ratio", "CPU ratio", "shared: 1", "pool", "ratio"
    );
    let column = column(ROWS);
    for (name, op) in OPS {
        let (own_one, own_pool, cpu_ratio) = in_own_processes(name);
        let mut shared = [Duration::MAX; 2];
        for _ in 0..ROUNDS {
            shared[0] = shared[0].min(time(*op, &column, Some(&one), 1).0);
            shared[1] = shared[1].min(time(*op, &column, None, 1).0);
        }
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        println!(
            "{:<10} {:>9.1} {:>9.1} {:>7.2} {:>10.2} | {:>9.1} {:>9.1} {:>7.2}",
            name,
            own_one * 1e3,
            own_pool * 1e3,
            own_pool / own_one,
            cpu_ratio,
            ms(shared[0]),
            ms(shared[1]),
            ms(shared[1]) / ms(shared[0]),
        );
    }
}
