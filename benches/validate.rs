//! Validation throughput of `IRI-reference` (RFC 3987 section 2.2): this
//! crate's generated DFA against the other Rust IRI validators, with plain
//! UTF-8 validation as the floor.
//!
//! Run with `cargo bench --bench validate` (about 80 seconds once built, on
//! two cores). It does three things:
//!
//! 1. A sanity pass over both corpora and a list of boundary cases (see
//!    `corpus/mod.rs`): how many references each library accepts, how many
//!    verdicts differ from this crate's, and the first few differing inputs,
//!    escaped. Timing libraries that validate different languages would
//!    compare nothing, so read this first. The pass also checks this crate
//!    against what the corpus generator meant each entry to be.
//! 2. One criterion group per corpus (`validate-mixed`, `validate-long`),
//!    throughput in bytes, each benchmark validating the whole corpus once
//!    per iteration: `rfc3987-recognize` (the bare DFA walk),
//!    `rfc3987-check` (the same plus building the error on failure),
//!    `rfc3987-check-all` (the same through the batch API, four walks
//!    interleaved),
//!    `oxiri`, `iri-string`, `fluent-uri`, and on the long corpus the floor
//!    `simdutf8` and `std-from-utf8`. Every peer is asked for the same
//!    answer: is this string an `IRI-reference`? (oxiri and fluent-uri also
//!    record component offsets on the way, which is part of what they cost.)
//! 3. A ratio table: each benchmark's time divided by `rfc3987-recognize`'s
//!    on the same corpus, read back from criterion's
//!    `<criterion home>/<group>/<bench>/new/estimates.json`. Results older
//!    than this run (a filter skipped them) are left out.
//!
//! Known legitimate differences: none so far. On these corpora and boundary
//! cases oxiri 0.3, iri-string 0.7 and fluent-uri 0.4 give this crate's
//! verdict on every input, including RFC 6874 zone identifiers (rejected by
//! all: RFC 3986 has no `%` in an IP literal), noncharacters, and
//! `iprivate` outside a query. oxiri checks IPv6 with the standard library's
//! `Ipv6Addr` parser rather than the ABNF, so that is where a difference
//! would first be expected; the sanity pass prints any that appear.

use std::hint::black_box;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, SamplingMode, Throughput};
use rfc3987::grammar::rules::IRI_REFERENCE;

mod corpus;
mod ratios;

use ratios::Corpus as _;

/// A corpus and whether its group also times the UTF-8 floor.
struct Corpus {
    name: &'static str,
    entries: Vec<corpus::Entry>,
    utf8_floor: bool,
}

impl ratios::Corpus for Corpus {
    fn name(&self) -> &str {
        self.name
    }

    fn len(&self) -> usize {
        self.entries.len()
    }

    fn bytes(&self) -> usize {
        self.entries.iter().map(|entry| entry.text.len()).sum()
    }
}

// Benchmark ids, which criterion also uses as folder names.
const RFC3987_RECOGNIZE: &str = "rfc3987-recognize";
const RFC3987_CHECK: &str = "rfc3987-check";
const RFC3987_CHECK_ALL: &str = "rfc3987-check-all";
const OXIRI: &str = "oxiri";
const IRI_STRING: &str = "iri-string";
const FLUENT_URI: &str = "fluent-uri";
const SIMDUTF8: &str = "simdutf8";
const STD_FROM_UTF8: &str = "std-from-utf8";
/// Benchmark ids in table order; the baseline of every ratio comes first.
const BENCHMARKS: &[&str] = &[
    RFC3987_RECOGNIZE,
    RFC3987_CHECK,
    RFC3987_CHECK_ALL,
    OXIRI,
    IRI_STRING,
    FLUENT_URI,
    SIMDUTF8,
    STD_FROM_UTF8,
];

/// A peer's verdict with its reason, for the sanity pass.
type Verdict = fn(&str) -> Result<(), String>;

const PEERS: &[(&str, Verdict)] = &[
    (OXIRI, |s| {
        oxiri::IriRef::parse(s).map(drop).map_err(|e| e.to_string())
    }),
    (IRI_STRING, |s| {
        iri_string::types::IriReferenceStr::new(s)
            .map(drop)
            .map_err(|e| e.to_string())
    }),
    (FLUENT_URI, |s| {
        fluent_uri::IriRef::parse(s)
            .map(drop)
            .map_err(|e| format!("{:?} at byte {}", e.kind(), e.index()))
    }),
];

/// How many differing inputs the sanity pass prints per library and direction.
const SHOW: usize = 3;

fn main() {
    let corpora = [
        Corpus {
            name: "mixed",
            entries: corpus::mixed_entries(),
            utf8_floor: false,
        },
        Corpus {
            name: "long",
            entries: corpus::long_entries(),
            utf8_floor: true,
        },
        Corpus {
            name: "crawl",
            entries: corpus::crawl_entries(),
            utf8_floor: true,
        },
    ];
    if !std::env::args().any(|arg| arg == "--list") {
        sanity(&Corpus {
            name: "edge",
            entries: corpus::edge_entries(),
            utf8_floor: false,
        });
    }
    ratios::run("validate", "refs", &corpora, BENCHMARKS, sanity, bench);
}

/// Prints what each library accepts and where it parts from this crate.
fn sanity(corpus: &Corpus) {
    let entries = &corpus.entries;
    let meant_invalid = entries.iter().filter(|entry| !entry.valid).count();
    println!(
        "sanity pass, corpus `{}`: {} references, {} bytes, {} meant invalid by the generator",
        corpus.name,
        entries.len(),
        corpus.bytes(),
        meant_invalid
    );
    let ours: Vec<Result<(), rfc3987::CheckError>> = entries
        .iter()
        .map(|entry| rfc3987::check(&IRI_REFERENCE, &entry.text))
        .collect();

    let accepted = ours.iter().filter(|verdict| verdict.is_ok()).count();
    let against_intent: Vec<usize> = (0..entries.len())
        .filter(|&i| ours[i].is_ok() != entries[i].valid)
        .collect();
    println!(
        "  {:<12} accepts {:>6}; differs from the generator's intent on {}",
        "rfc3987",
        accepted,
        against_intent.len()
    );
    for &i in against_intent.iter().take(SHOW) {
        let text = &entries[i].text;
        match &ours[i] {
            Ok(()) => println!("      meant invalid, accepted: {}", excerpt(text, None)),
            Err(error) => {
                println!(
                    "      meant valid, rejected: {} ({error})",
                    excerpt(text, Some(error.offset()))
                )
            }
        }
    }
    if !against_intent.is_empty() {
        println!("  WARNING: the generator or rfc3987 is wrong about the entries above");
    }

    for &(name, verdict) in PEERS {
        let theirs: Vec<Result<(), String>> =
            entries.iter().map(|entry| verdict(&entry.text)).collect();
        let accepted = theirs.iter().filter(|verdict| verdict.is_ok()).count();
        // Inputs only rfc3987 accepts, with the peer's reason; inputs only
        // the peer accepts, with rfc3987's error.
        let only_ours: Vec<(&str, &String)> = entries
            .iter()
            .zip(ours.iter().zip(&theirs))
            .filter_map(|(entry, verdicts)| match verdicts {
                (Ok(()), Err(reason)) => Some((entry.text.as_str(), reason)),
                _ => None,
            })
            .collect();
        let only_theirs: Vec<(&str, &rfc3987::CheckError)> = entries
            .iter()
            .zip(ours.iter().zip(&theirs))
            .filter_map(|(entry, verdicts)| match verdicts {
                (Err(error), Ok(())) => Some((entry.text.as_str(), error)),
                _ => None,
            })
            .collect();
        println!(
            "  {:<12} accepts {:>6}; rejects {} that rfc3987 accepts, accepts {} that rfc3987 rejects",
            name,
            accepted,
            only_ours.len(),
            only_theirs.len()
        );
        for &(text, reason) in only_ours.iter().take(SHOW) {
            println!("      {name} rejects {} ({reason})", excerpt(text, None));
        }
        for &(text, error) in only_theirs.iter().take(SHOW) {
            println!(
                "      {name} accepts {} (rfc3987: {error})",
                excerpt(text, Some(error.offset()))
            );
        }
    }
    println!();
}

/// The input, escaped (`{:?}` shows controls, spaces inside quotes and
/// private-use characters as `\u{..}`), cut to a window around `offset`
/// when it is long.
fn excerpt(text: &str, offset: Option<usize>) -> String {
    const WIDTH: usize = 160;
    if text.len() <= WIDTH {
        return format!("{text:?}");
    }
    let center = offset.unwrap_or(0);
    let mut start = center.saturating_sub(WIDTH / 2);
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = (start + WIDTH).min(text.len());
    while !text.is_char_boundary(end) {
        end += 1;
    }
    format!(
        "{}{:?}{} ({} bytes, window from byte {start})",
        if start > 0 { "…" } else { "" },
        &text[start..end],
        if end < text.len() { "…" } else { "" },
        text.len()
    )
}

/// Times every validator on `corpus`, one whole pass per iteration.
fn bench(criterion: &mut Criterion, corpus: &Corpus) {
    let texts: Vec<&str> = corpus
        .entries
        .iter()
        .map(|entry| entry.text.as_str())
        .collect();
    let mut group = criterion.benchmark_group(ratios::group("validate", corpus));
    // A pass takes a millisecond or more, so flat sampling (the same
    // iteration count in every sample) fits the budget: 12 benchmarks of
    // 1 s warm-up plus 4 s measurement, plus analysis, take about 80 s.
    group
        .throughput(Throughput::Bytes(corpus.bytes() as u64))
        .sampling_mode(SamplingMode::Flat)
        .sample_size(50)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));

    time(&mut group, RFC3987_RECOGNIZE, &texts, |s| {
        IRI_REFERENCE.recognize(s.as_bytes()).is_ok()
    });
    time(&mut group, RFC3987_CHECK, &texts, |s| {
        rfc3987::check(&IRI_REFERENCE, s).is_ok()
    });
    group.bench_function(RFC3987_CHECK_ALL, |b| {
        b.iter(|| {
            rfc3987::check_all(&IRI_REFERENCE, black_box(&texts).iter().copied())
                .filter(Result::is_ok)
                .count()
        })
    });
    time(&mut group, OXIRI, &texts, |s| {
        oxiri::IriRef::parse(s).is_ok()
    });
    time(&mut group, IRI_STRING, &texts, |s| {
        iri_string::types::IriReferenceStr::new(s).is_ok()
    });
    time(&mut group, FLUENT_URI, &texts, |s| {
        fluent_uri::IriRef::parse(s).is_ok()
    });
    if corpus.utf8_floor {
        time(&mut group, SIMDUTF8, &texts, |s| {
            simdutf8::basic::from_utf8(s.as_bytes()).is_ok()
        });
        time(&mut group, STD_FROM_UTF8, &texts, |s| {
            std::str::from_utf8(s.as_bytes()).is_ok()
        });
    }
    group.finish();
}

/// One benchmark: validate every text, count acceptances. Generic over the
/// validator so that each one is inlined into its own loop.
fn time<F: Fn(&str) -> bool>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    id: &str,
    texts: &[&str],
    accepts: F,
) {
    group.bench_function(id, |b| {
        b.iter(|| {
            texts
                .iter()
                .filter(|&&text| accepts(black_box(text)))
                .count()
        })
    });
}
