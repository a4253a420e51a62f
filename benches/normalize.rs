//! Normalization throughput (RFC 3987 section 5.3): this crate's syntax-
//! and scheme-based normalization against iri-string's, on the shared
//! deterministic corpora of `corpus/mod.rs`.
//!
//! Run with `cargo bench --bench normalize` (about 40 seconds once built).
//! It does three things:
//!
//! 1. A sanity pass: on how many inputs the two libraries' syntax-based
//!    normal forms are the same string, and the first few that differ.
//!    Differences are expected where the RFCs are read differently (see
//!    below), and are printed so that the timing is read knowing what each
//!    library does.
//! 2. One criterion group per corpus (`normalize-mixed`, `normalize-long`),
//!    throughput in input bytes, each benchmark normalizing the whole corpus
//!    once per iteration, every input validated and normalized into a new
//!    `String`: `rfc3987-syntax`, `rfc3987-scheme` (plus default ports,
//!    empty paths and UTS 46 IDN processing of hosts), and `iri-string`
//!    (`IriStr::new` then `normalize().to_dedicated_string()`).
//! 3. A ratio table: each benchmark's time over `rfc3987-syntax`'s.
//!
//! The corpora: every entry of `mixed` that is an `IRI` (iri-string
//! normalizes absolute IRIs only; relative references are resolved first),
//! and all of `long`.
//!
//! Known differences in the normal forms: one kind only. iri-string drops
//! an empty port (`http://h:/`) in its syntax-based normalization; RFC 3987
//! section 5.3.3 (like RFC 3986 section 6.2.3) lists that under
//! scheme-based normalization, so this crate drops it on the scheme rung.
//! On the corpora below that accounts for every difference (123 of 7,845
//! IRIs when this was written); both decode `ucschar`, keep reserved
//! characters encoded and remove dot segments alike.

use std::time::Duration;

use criterion::{Criterion, SamplingMode, Throughput};
use iri_string::format::ToDedicatedString;
use iri_string::types::IriStr;
use rfc3987::grammar::rules;
use rfc3987::normalize::{Level, Normalizer};

mod corpus;
mod ratios;

use ratios::Corpus as _;
use ratios::Texts as Corpus;

const RFC3987_SYNTAX: &str = "rfc3987-syntax";
const RFC3987_SCHEME: &str = "rfc3987-scheme";
const IRI_STRING: &str = "iri-string";
const BENCHMARKS: &[&str] = &[RFC3987_SYNTAX, RFC3987_SCHEME, IRI_STRING];

/// How many differing inputs the sanity pass prints.
const SHOW: usize = 4;

fn iris(texts: Vec<String>) -> Vec<String> {
    texts
        .into_iter()
        .filter(|text| rfc3987::check(&rules::IRI, text).is_ok())
        .collect()
}

fn main() {
    let corpora = [
        Corpus {
            name: "mixed",
            texts: iris(corpus::mixed()),
        },
        Corpus {
            name: "long",
            texts: iris(corpus::long()),
        },
    ];
    ratios::run("normalize", "IRIs", &corpora, BENCHMARKS, sanity, bench);
}

fn ours(level: Level, text: &str) -> Option<String> {
    Normalizer::new(level).normalize(text).ok()
}

fn iri_string(text: &str) -> Option<String> {
    IriStr::new(text)
        .ok()
        .map(|iri| iri.normalize().to_dedicated_string().into())
}

/// Prints how the two libraries' syntax-based normal forms compare.
fn sanity(corpus: &Corpus) {
    let mut same = 0;
    let mut differ = Vec::new();
    let mut scheme_failed = 0;
    for text in &corpus.texts {
        let a = ours(Level::Syntax, text).expect("every corpus entry is an IRI");
        let b = iri_string(text).expect("iri-string accepts every IRI of the corpus");
        if a == b {
            same += 1;
        } else {
            differ.push((text, a, b));
        }
        if ours(Level::Scheme, text).is_none() {
            scheme_failed += 1;
        }
    }
    println!(
        "sanity pass, corpus `{}`: {} IRIs, {} bytes; same syntax-based normal form in both libraries: {}, different: {}; invalid IDN hosts (scheme rung errors): {}",
        corpus.name,
        corpus.texts.len(),
        corpus.bytes(),
        same,
        differ.len(),
        scheme_failed
    );
    for (text, a, b) in differ.iter().take(SHOW) {
        println!("    input      {}", excerpt(text));
        println!("    rfc3987    {}", excerpt(a));
        println!("    iri-string {}", excerpt(b));
    }
    println!();
}

fn excerpt(text: &str) -> String {
    const WIDTH: usize = 150;
    if text.len() <= WIDTH {
        return format!("{text:?}");
    }
    let mut end = WIDTH;
    while !text.is_char_boundary(end) {
        end += 1;
    }
    format!("{:?}… ({} bytes)", &text[..end], text.len())
}

fn bench(criterion: &mut Criterion, corpus: &Corpus) {
    let texts: Vec<&str> = corpus.texts.iter().map(String::as_str).collect();
    let mut group = criterion.benchmark_group(ratios::group("normalize", corpus));
    group
        .throughput(Throughput::Bytes(corpus.bytes() as u64))
        .sampling_mode(SamplingMode::Flat)
        .sample_size(30)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    let syntax = Normalizer::new(Level::Syntax);
    let scheme = Normalizer::new(Level::Scheme);
    ratios::time_strings(&mut group, RFC3987_SYNTAX, &texts, |s| {
        syntax.normalize(s).ok()
    });
    ratios::time_strings(&mut group, RFC3987_SCHEME, &texts, |s| {
        scheme.normalize(s).ok()
    });
    ratios::time_strings(&mut group, IRI_STRING, &texts, iri_string);
    group.finish();
}
