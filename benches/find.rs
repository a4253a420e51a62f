//! Throughput of finding IRIs in running text (RFC 3987 section 7.3):
//! [`find`], its bytes form and its streaming form, on generated prose.
//!
//! Run with `cargo bench --bench find`. It does three things:
//!
//! 1. A sanity pass: how many of the IRIs written into the prose were
//!    found exactly (an IRI that itself ends in punctuation, such as
//!    `?` or `)`, loses it when written bare, as the heuristic says).
//! 2. One criterion group per corpus (`find-prose`, `find-plain`),
//!    throughput in input bytes: `rfc3987-find` ([`find`] over each line),
//!    `rfc3987-find-bytes` ([`Finder::find_iter_bytes`] over each line),
//!    `rfc3987-find-lines` ([`Finder::find_lines`] over the whole text,
//!    reading lines and owning each IRI found).
//! 3. A ratio table: each benchmark's time over `rfc3987-find`'s.
//!
//! The corpora are generated, deterministic: `prose` is lines of words in
//! ten scripts with one to three IRIs each, taken from the valid entries
//! of `corpus::mixed()` whose scheme is a default one, each written bare,
//! in `<...>`, in `"..."`, in `(...)` or after `URL:`, and followed by
//! `.`, `,` or nothing; `plain` is the same prose without IRIs (but with
//! colons), the cost of reading text that holds none.
//!
//! Under `cargo test` (no `--bench` argument) criterion runs each
//! benchmark once, and the corpora are small: the bench body is a test.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, SamplingMode, Throughput};
use rfc3987::find::{find, Finder};

mod corpus;
mod ratios;

use ratios::Corpus as _;

const FIND: &str = "rfc3987-find";
const FIND_BYTES: &str = "rfc3987-find-bytes";
const FIND_LINES: &str = "rfc3987-find-lines";
const BENCHMARKS: &[&str] = &[FIND, FIND_BYTES, FIND_LINES];

/// Words of prose, several scripts; `:` appears in prose too.
#[rustfmt::skip]
const WORDS: &[&str] = &[
    "the", "link", "is", "here:", "see", "also", "note:", "and", "or", "résumé", "Straße", "für",
    "страница", "смотрите", "документ", "مرحبا", "صفحة", "شكرا", "שלום", "बदलाव", "ภาษาไทย",
    "資料は", "こちら", "をご覧ください", "例え", "한국어", "ελληνικά", "10:30", "a.m.", "e.g.",
    "ratio 3:1", "(aside)", "\"quoted\"", "—", "…",
];

struct Corpus {
    name: &'static str,
    lines: Vec<String>,
    /// The IRIs written into the lines, in order.
    written: Vec<String>,
    /// The lines joined by `\n`, for the streaming form.
    joined: String,
}

impl ratios::Corpus for Corpus {
    fn name(&self) -> &str {
        self.name
    }

    fn len(&self) -> usize {
        self.lines.len()
    }

    fn bytes(&self) -> usize {
        self.joined.len()
    }
}

/// `count` lines of prose, with IRIs when `iris` is true.
fn prose(name: &'static str, count: usize, iris: bool) -> Corpus {
    let schemes: Vec<&str> = rfc3987::find::DEFAULT_SCHEMES
        .iter()
        .map(|entry| entry.trim_end_matches('/'))
        .collect();
    let pool: Vec<String> = corpus::mixed_entries()
        .into_iter()
        .filter(|entry| entry.valid)
        .map(|entry| entry.text)
        .filter(|text| {
            schemes.iter().any(|scheme| {
                text.get(..scheme.len())
                    .is_some_and(|s| s.eq_ignore_ascii_case(scheme))
            })
        })
        .collect();
    let mut lines = Vec::with_capacity(count);
    let mut written = Vec::new();
    let mut n = 0u64;
    for i in 0..count {
        let mut line = String::new();
        let words = 8 + i % 9;
        let with = if iris { 1 + i % 3 } else { 0 };
        for w in 0..words {
            n = n
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            if w > 0 {
                line.push(' ');
            }
            line.push_str(WORDS[(n >> 33) as usize % WORDS.len()]);
            if w % (words / with.max(1)).max(1) == 1 && written.len() < (i + 1) * 3 && with > 0 {
                let iri = &pool[(n >> 20) as usize % pool.len()];
                let (open, close) = match (n >> 40) % 5 {
                    0 => ("<", ">"),
                    1 => ("\"", "\""),
                    2 => ("(", ")"),
                    3 => ("<URL:", ">"),
                    _ => ("", ""),
                };
                let after = [".", ",", ""][(n >> 45) as usize % 3];
                line.push(' ');
                line.push_str(open);
                line.push_str(iri);
                line.push_str(close);
                line.push_str(after);
                written.push(iri.clone());
            }
        }
        lines.push(line);
    }
    let joined = lines.join("\n");
    Corpus {
        name,
        lines,
        written,
        joined,
    }
}

fn main() {
    let benching = std::env::args().any(|arg| arg == "--bench");
    let count = if benching { 20_000 } else { 50 };
    let corpora = [prose("prose", count, true), prose("plain", count, false)];
    ratios::run("find", "lines", &corpora, BENCHMARKS, sanity, bench);
}

/// Prints how many written IRIs were found exactly, and checks that the
/// three forms agree.
fn sanity(corpus: &Corpus) {
    let found: Vec<&str> = corpus
        .lines
        .iter()
        .flat_map(|line| find(line).map(|m| m.as_str()))
        .collect();
    let mut unmatched: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for iri in &found {
        *unmatched.entry(iri).or_default() += 1;
    }
    let exact = corpus
        .written
        .iter()
        .filter(|iri| match unmatched.get_mut(iri.as_str()) {
            Some(n) if *n > 0 => {
                *n -= 1;
                true
            }
            _ => false,
        })
        .count();
    let bytes: usize = corpus
        .lines
        .iter()
        .map(|line| Finder::new().find_iter_bytes(line.as_bytes()).count())
        .sum();
    let streamed = Finder::new()
        .find_lines(corpus.joined.as_bytes())
        .filter(Result::is_ok)
        .count();
    assert_eq!((bytes, streamed), (found.len(), found.len()));
    println!(
        "sanity pass, corpus `{}`: {} lines, {} bytes; IRIs written: {}, found: {}, found exactly as written: {}",
        corpus.name,
        corpus.lines.len(),
        corpus.bytes(),
        corpus.written.len(),
        found.len(),
        exact,
    );
}

fn bench(criterion: &mut Criterion, corpus: &Corpus) {
    let mut group = criterion.benchmark_group(ratios::group("find", corpus));
    group
        .throughput(Throughput::Bytes(corpus.bytes() as u64))
        .sampling_mode(SamplingMode::Flat)
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    group.bench_function(FIND, |b| {
        b.iter(|| {
            corpus
                .lines
                .iter()
                .map(|line| find(black_box(line)).count())
                .sum::<usize>()
        })
    });
    group.bench_function(FIND_BYTES, |b| {
        let finder = Finder::new();
        b.iter(|| {
            corpus
                .lines
                .iter()
                .map(|line| finder.find_iter_bytes(black_box(line.as_bytes())).count())
                .sum::<usize>()
        })
    });
    group.bench_function(FIND_LINES, |b| {
        let finder = Finder::new();
        b.iter(|| {
            finder
                .find_lines(black_box(corpus.joined.as_bytes()))
                .filter(Result::is_ok)
                .count()
        })
    });
    group.finish();
}
