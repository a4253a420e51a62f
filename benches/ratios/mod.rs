//! The driver and ratio tables shared by the benches (`mod ratios;`):
//! [`run`] checks each corpus, times it, and prints each benchmark's time
//! over a baseline's, read back from what criterion wrote in this run.
//!
//! Criterion keeps its estimates in
//! `<criterion home>/<group>/<bench>/new/estimates.json`; results older
//! than the run (a filter skipped them) are left out, so a table never
//! mixes runs.
#![allow(dead_code, reason = "each bench uses the part it needs")]

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use std::hint::black_box;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion};

/// A corpus as the driver sees it: a name, an input size, a count.
pub trait Corpus {
    /// The corpus name, e.g. `mixed`; the criterion group is
    /// `<bench>-<name>`.
    fn name(&self) -> &str;
    /// How many inputs one iteration reads.
    fn len(&self) -> usize;
    /// Bytes of input per iteration.
    fn bytes(&self) -> usize;
}

/// The plainest corpus: named texts, each one input.
pub struct Texts {
    /// The corpus name (`mixed`, `long`).
    pub name: &'static str,
    /// The inputs.
    pub texts: Vec<String>,
}

impl Corpus for Texts {
    fn name(&self) -> &str {
        self.name
    }

    fn len(&self) -> usize {
        self.texts.len()
    }

    fn bytes(&self) -> usize {
        self.texts.iter().map(String::len).sum()
    }
}

/// The criterion group of `corpus` in the bench `bench`.
pub fn group(bench: &str, corpus: &impl Corpus) -> String {
    format!("{bench}-{}", corpus.name())
}

/// The common `main`: `sanity` on every corpus (skipped for `--list`),
/// then `time` on each in one criterion run, then the ratio table of
/// `benchmarks` (the first is the baseline); `noun` names the inputs in
/// the column titles (`refs`, `IRIs`).
pub fn run<C: Corpus>(
    bench: &str,
    noun: &str,
    corpora: &[C],
    benchmarks: &[&str],
    sanity: impl Fn(&C),
    time: impl Fn(&mut Criterion, &C),
) {
    let listing = std::env::args().any(|arg| arg == "--list");
    if !listing {
        corpora.iter().for_each(&sanity);
    }
    let started = SystemTime::now();
    let mut criterion = Criterion::default().configure_from_args();
    for corpus in corpora {
        time(&mut criterion, corpus);
    }
    if listing {
        return;
    }
    criterion.final_summary();
    let columns: Vec<Column> = corpora
        .iter()
        .map(|corpus| Column {
            group: group(bench, corpus),
            title: format!(
                "{} ({} {noun}, {:.2} MB)",
                corpus.name(),
                corpus.len(),
                corpus.bytes() as f64 / 1e6
            ),
            bytes: corpus.bytes(),
        })
        .collect();
    print(&columns, benchmarks, started);
}

/// One column of a table: a criterion group and how much input one
/// iteration reads.
pub struct Column {
    /// The criterion group, e.g. `normalize-mixed`.
    pub group: String,
    /// The column's title.
    pub title: String,
    /// Bytes of input per iteration, for the MB/s figures.
    pub bytes: usize,
}

/// Where criterion writes its results, found as criterion finds it:
/// `$CRITERION_HOME`, else `$CARGO_TARGET_DIR/criterion`, else the
/// `criterion` folder of the target directory this bench runs from, else
/// `target/criterion`.
fn criterion_home(group: &str) -> PathBuf {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        return home.into();
    }
    if let Some(target) = std::env::var_os("CARGO_TARGET_DIR") {
        return PathBuf::from(target).join("criterion");
    }
    std::env::current_exe()
        .ok()
        .and_then(|exe| {
            exe.ancestors()
                .map(|dir| dir.join("criterion"))
                .find(|home| home.join(group).is_dir())
        })
        .unwrap_or_else(|| PathBuf::from("target/criterion"))
}

/// Criterion's estimate of one iteration in nanoseconds (the slope when it
/// sampled linearly, else the mean), if written since `since`.
fn estimate_ns(home: &Path, group: &str, bench: &str, since: SystemTime) -> Option<f64> {
    let path = home
        .join(group)
        .join(bench)
        .join("new")
        .join("estimates.json");
    let written = std::fs::metadata(&path)
        .and_then(|meta| meta.modified())
        .ok()?;
    if written < since {
        return None;
    }
    let json: serde_json::Value = serde_json::from_slice(&std::fs::read(&path).ok()?).ok()?;
    let typical = if json["slope"].is_null() {
        &json["mean"]
    } else {
        &json["slope"]
    };
    typical["point_estimate"].as_f64()
}

/// Prints, as a Markdown table, each of `benches` (rows) over the first
/// one's time, per column, with throughput in MB/s. Prints one line
/// instead when the baseline was not run.
pub fn print(columns: &[Column], benches: &[&str], since: SystemTime) {
    let times: Vec<Vec<Option<f64>>> = columns
        .iter()
        .map(|column| {
            let home = criterion_home(&column.group);
            benches
                .iter()
                .map(|bench| estimate_ns(&home, &column.group, bench, since))
                .collect()
        })
        .collect();
    let baseline = benches[0];
    if times.iter().all(|column| column[0].is_none()) {
        println!("no ratio table: criterion wrote no `{baseline}` estimate in this run");
        return;
    }
    println!("\ntime / {baseline} time, same corpus (above 1 = slower than {baseline}); throughput in MB/s of input\n");
    let width = benches.iter().map(|b| b.len()).max().unwrap_or(9).max(9);
    let mut header = format!("| {:<width$} |", "benchmark");
    let mut rule = format!("|{}|", "-".repeat(width + 2));
    for column in columns {
        header.push_str(&format!(" {:<30} |", column.title));
        rule.push_str(&format!("{}:|", "-".repeat(31)));
    }
    println!("{header}\n{rule}");
    for (row, bench) in benches.iter().enumerate() {
        let mut line = format!("| {bench:<width$} |");
        for (column, times) in columns.iter().zip(&times) {
            let mbs = |ns: f64| column.bytes as f64 / ns * 1e3;
            let cell = match (times[row], times[0]) {
                (Some(ns), Some(base)) => format!("{:.2} ({:.0} MB/s)", ns / base, mbs(ns)),
                (Some(ns), None) => format!("– ({:.0} MB/s)", mbs(ns)),
                (None, _) => "–".to_owned(),
            };
            line.push_str(&format!(" {cell:>30} |"));
        }
        println!("{line}");
    }
}

/// One benchmark of a string-to-string operation: `f` on every input, each
/// result a new string (its length is summed so nothing is optimized out).
pub fn time_strings<F: Fn(&str) -> Option<String>>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    id: &str,
    inputs: &[&str],
    f: F,
) {
    group.bench_function(id, |b| {
        b.iter(|| {
            inputs
                .iter()
                .filter_map(|&input| f(black_box(input)))
                .map(|s| s.len())
                .sum::<usize>()
        })
    });
}
