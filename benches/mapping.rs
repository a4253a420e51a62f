//! IRI-to-URI mapping throughput (RFC 3987 section 3.1): this crate's
//! [`to_uri`] against iri-string's mapping, on the shared deterministic
//! corpora of `corpus/mod.rs`, in one run.
//!
//! Run with `cargo bench --bench mapping` (about 30 seconds once built).
//! It does three things:
//!
//! 1. A sanity pass: on how many inputs the two libraries give the same
//!    URI (or both reject the input), and the first few that differ.
//! 2. One criterion group per corpus (`mapping-mixed`, `mapping-long`),
//!    throughput in input bytes, each benchmark mapping the whole corpus
//!    once per iteration, every input validated and mapped into a new
//!    `String`: `rfc3987-to-uri` ([`to_uri`]), `iri-string`
//!    (`IriReferenceStr::new` then `encode_to_uri().to_dedicated_string()`),
//!    and, for scale, `rfc3987-to-iri` ([`to_iri`] of the mapped URIs,
//!    section 3.2, which iri-string does not offer).
//! 3. A ratio table: each benchmark's time over `rfc3987-to-uri`'s.
//!
//! The corpora are used whole: `mixed` (10,000 references, 2 % invalid,
//! which both libraries must reject) and `long` (1,000 IRIs of 1 to 4 KiB).

use std::time::Duration;

use criterion::{Criterion, SamplingMode, Throughput};
use iri_string::format::ToDedicatedString;
use iri_string::types::IriReferenceStr;
use rfc3987::mapping::{to_iri, to_uri};

mod corpus;
mod ratios;

use ratios::Corpus as _;

const RFC3987_TO_URI: &str = "rfc3987-to-uri";
const IRI_STRING: &str = "iri-string";
const RFC3987_TO_IRI: &str = "rfc3987-to-iri";
const BENCHMARKS: &[&str] = &[RFC3987_TO_URI, IRI_STRING, RFC3987_TO_IRI];

/// How many differing inputs the sanity pass prints.
const SHOW: usize = 4;

struct Corpus {
    name: &'static str,
    texts: Vec<String>,
    /// Each text mapped to a URI, for `rfc3987-to-iri` (invalid texts left
    /// out).
    uris: Vec<String>,
}

impl Corpus {
    fn new(name: &'static str, texts: Vec<String>) -> Self {
        let uris = texts.iter().filter_map(|text| to_uri(text).ok()).collect();
        Corpus { name, texts, uris }
    }
}

impl ratios::Corpus for Corpus {
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

fn main() {
    let corpora = [
        Corpus::new("mixed", corpus::mixed()),
        Corpus::new("long", corpus::long()),
    ];
    ratios::run("mapping", "refs", &corpora, BENCHMARKS, sanity, bench);
}

fn iri_string(text: &str) -> Option<String> {
    IriReferenceStr::new(text)
        .ok()
        .map(|iri| iri.encode_to_uri().to_dedicated_string().into())
}

/// Prints how the two libraries' mappings compare.
fn sanity(corpus: &Corpus) {
    let mut same = 0;
    let mut differ = Vec::new();
    for text in &corpus.texts {
        let a = to_uri(text).ok();
        let b = iri_string(text);
        if a == b {
            same += 1;
        } else {
            differ.push((text, a, b));
        }
    }
    println!(
        "sanity pass, corpus `{}`: {} references, {} bytes; same URI (or both rejected) in both libraries: {}, different: {}",
        corpus.name,
        corpus.texts.len(),
        corpus.bytes(),
        same,
        differ.len(),
    );
    for (text, a, b) in differ.iter().take(SHOW) {
        println!("    input      {text:?}");
        println!("    rfc3987    {a:?}");
        println!("    iri-string {b:?}");
    }
    println!();
}

fn bench(criterion: &mut Criterion, corpus: &Corpus) {
    let texts: Vec<&str> = corpus.texts.iter().map(String::as_str).collect();
    let uris: Vec<&str> = corpus.uris.iter().map(String::as_str).collect();
    let mut group = criterion.benchmark_group(ratios::group("mapping", corpus));
    group
        .throughput(Throughput::Bytes(corpus.bytes() as u64))
        .sampling_mode(SamplingMode::Flat)
        .sample_size(30)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    ratios::time_strings(&mut group, RFC3987_TO_URI, &texts, |s| to_uri(s).ok());
    ratios::time_strings(&mut group, IRI_STRING, &texts, iri_string);
    ratios::time_strings(&mut group, RFC3987_TO_IRI, &uris, |s| to_iri(s).ok());
    group.finish();
}
