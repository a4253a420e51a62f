//! Parse throughput against validation-only throughput: what finding the
//! components costs on top of the DFA pass (RFC 3987 section 2.2).
//!
//! Run with `cargo bench --bench parse` (about 40 seconds once built).
//! One criterion group per corpus of `corpus/mod.rs` (`parse-mixed`:
//! 10,000 references of every shape, 2 % invalid; `parse-long`: 1,000
//! IRIs of 1-4 KiB), throughput in bytes, each benchmark reading the whole
//! corpus once per iteration:
//!
//! - `rfc3987-recognize`: the bare DFA walk of `IRI-reference`, the
//!   validation-only baseline;
//! - `rfc3987-parse`: `IriRef::parse` on `&str`: the same walk, then the
//!   delimiter split (and, for the invalid entries, the error with its
//!   diagnosis and a copy of the input);
//! - `rfc3987-parse-components`: the same, then every accessor once, to
//!   show that they cost nothing more than slicing;
//! - `oxiri` and `fluent-uri`: their `IriRef::parse`, which also record
//!   component positions, for scale.
//!
//! Then a table of each benchmark's time over `rfc3987-recognize`'s: the
//! `rfc3987-parse` row is the ratio the crate docs quote.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, SamplingMode, Throughput};
use rfc3987::grammar::rules::IRI_REFERENCE;
use rfc3987::IriRef;

mod corpus;
mod ratios;

use ratios::Corpus as _;
use ratios::Texts as Corpus;

const RECOGNIZE: &str = "rfc3987-recognize";
const PARSE: &str = "rfc3987-parse";
const PARSE_COMPONENTS: &str = "rfc3987-parse-components";
const OXIRI: &str = "oxiri";
const FLUENT_URI: &str = "fluent-uri";
const BENCHMARKS: &[&str] = &[RECOGNIZE, PARSE, PARSE_COMPONENTS, OXIRI, FLUENT_URI];

/// Sums the lengths of every component, so that none can be optimized out.
fn touch(r: &IriRef<&str>) -> usize {
    let c = r.components();
    [
        c.scheme,
        c.authority,
        c.userinfo,
        c.host,
        c.port,
        c.query,
        c.fragment,
    ]
    .iter()
    .map(|x| x.map_or(0, str::len))
    .sum::<usize>()
        + c.path.len()
}

fn main() {
    let corpora = [
        Corpus {
            name: "mixed",
            texts: corpus::mixed(),
        },
        Corpus {
            name: "long",
            texts: corpus::long(),
        },
        Corpus {
            name: "crawl",
            texts: corpus::crawl(),
        },
    ];
    ratios::run("parse", "refs", &corpora, BENCHMARKS, sanity, bench);
}

/// The parse must agree with the DFA on every entry.
fn sanity(corpus: &Corpus) {
    let disagreements = corpus
        .texts
        .iter()
        .filter(|t| {
            IriRef::parse(t.as_str()).is_ok() != IRI_REFERENCE.recognize(t.as_bytes()).is_ok()
        })
        .count();
    assert_eq!(
        disagreements, 0,
        "parse and recognize disagree on {}",
        corpus.name
    );
}

fn bench(criterion: &mut Criterion, corpus: &Corpus) {
    let mut group = criterion.benchmark_group(ratios::group("parse", corpus));
    group
        .throughput(Throughput::Bytes(corpus.bytes() as u64))
        .sampling_mode(SamplingMode::Flat)
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_millis(500));
    let texts = &corpus.texts;
    group.bench_function(RECOGNIZE, |b| {
        b.iter(|| {
            texts
                .iter()
                .filter(|t| IRI_REFERENCE.recognize(black_box(t.as_bytes())).is_ok())
                .count()
        })
    });
    group.bench_function(PARSE, |b| {
        b.iter(|| {
            texts
                .iter()
                .filter(|t| black_box(IriRef::parse(black_box(t.as_str()))).is_ok())
                .count()
        })
    });
    group.bench_function(PARSE_COMPONENTS, |b| {
        b.iter(|| {
            texts
                .iter()
                .filter_map(|t| IriRef::parse(black_box(t.as_str())).ok())
                .map(|r| touch(&r))
                .sum::<usize>()
        })
    });
    group.bench_function(OXIRI, |b| {
        b.iter(|| {
            texts
                .iter()
                .filter(|t| black_box(oxiri::IriRef::parse(black_box(t.as_str()))).is_ok())
                .count()
        })
    });
    group.bench_function(FLUENT_URI, |b| {
        b.iter(|| {
            texts
                .iter()
                .filter(|t| black_box(fluent_uri::IriRef::parse(black_box(t.as_str()))).is_ok())
                .count()
        })
    });
    group.finish();
}
