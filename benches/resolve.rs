//! Reference resolution throughput (RFC 3987 section 6.5, RFC 3986 section
//! 5.2): this crate against oxiri and iri-string on the same references.
//!
//! Run with `cargo bench --bench resolve` (about 60 seconds once built).
//! It does three things:
//!
//! 1. A sanity pass: on how many references the three libraries produce
//!    the same target, and the first few where they do not.
//! 2. Criterion groups, throughput in reference bytes, each benchmark
//!    resolving every reference once per iteration into a new `String`:
//!    - `resolve-mixed`: the `mixed` corpus of `corpus/mod.rs` (its valid
//!      entries: 70 % IRIs, 30 % relative references of every shape)
//!      against the RFC 3986 section 5.4 base `http://a/b/c/d;p?q`;
//!    - `resolve-relative`: references made relative from the same corpus
//!      (each IRI's path, query and fragment, as a relative-path reference
//!      from the base's directory) against an internationalized base, so
//!      that every resolution merges paths;
//!    - `resolve-dots`: 200 references of 2-8 KiB made of runs of `.`,
//!      `..` and named segments, where a quadratic dot-segment removal
//!      would show;
//!    - `resolve-dots-short`: 20,000 relative references of one to six
//!      segments, most of them `.` or `..` (`../g`, `./a/../b?q`, the
//!      shape of RFC 3986 section 5.4's examples and of links climbing a
//!      site's tree), against the RFC's base: the fixed costs of a
//!      resolution, where the long ones measure the per-byte ones.
//!
//!    Benchmarks: `rfc3987` ([`rfc3987::resolve::resolve`] on strings:
//!    validates base and reference on every call), `rfc3987-parsed`
//!    (`IriRef::parse` of the reference, then `Iri::resolve` against a base
//!    parsed once, giving an `Iri<String>` with its components: the same
//!    work as the peers), `rfc3987-base` (the same against a
//!    [`rfc3987::resolve::Base`] made once from the parsed base, which
//!    finds the base's directory once, not per reference; no peer has such
//!    a type), `oxiri` (`IriRef::parse`, then `Iri::resolve`
//!    against a base parsed once), and `iri-string`
//!    (`IriReferenceStr::new`, then `resolve_against` a base validated
//!    once, `to_dedicated_string`). `rfc3987-relativize` times the inverse
//!    on the targets (no peer has it), for scale.
//! 3. A ratio table: each benchmark's time over `rfc3987`'s.
//!
//! Known differences: none on these corpora (the sanity pass counts every
//! target equal). Outside them, a target with no authority whose path
//! would start with `//` (`a:/..//g` against anything) is written `a:/.//g`
//! here, while oxiri 0.3 fails with `PathStartingWithTwoSlashes` and
//! iri-string 0.7 reports it as not representable per RFC 3986.

use std::time::Duration;

use criterion::{Criterion, SamplingMode, Throughput};
use iri_string::format::ToDedicatedString;
use iri_string::types::{IriAbsoluteStr, IriReferenceStr};
use rfc3987::grammar::rules;
use rfc3987::resolve::{relativize, resolve, Base};

mod corpus;
mod ratios;

use ratios::Corpus as _;

const RFC3987: &str = "rfc3987";
const RFC3987_PARSED: &str = "rfc3987-parsed";
const RFC3987_BASE: &str = "rfc3987-base";
const OXIRI: &str = "oxiri";
const IRI_STRING: &str = "iri-string";
const RFC3987_RELATIVIZE: &str = "rfc3987-relativize";
const BENCHMARKS: &[&str] = &[
    RFC3987,
    RFC3987_PARSED,
    RFC3987_BASE,
    OXIRI,
    IRI_STRING,
    RFC3987_RELATIVIZE,
];

const SHOW: usize = 3;

struct Corpus {
    name: &'static str,
    base: String,
    references: Vec<String>,
}

impl ratios::Corpus for Corpus {
    fn name(&self) -> &str {
        self.name
    }

    fn len(&self) -> usize {
        self.references.len()
    }

    fn bytes(&self) -> usize {
        self.references.iter().map(String::len).sum()
    }
}

fn main() {
    let mixed: Vec<String> = corpus::mixed()
        .into_iter()
        .filter(|text| rfc3987::check(&rules::IRI_REFERENCE, text).is_ok())
        .collect();
    let relative: Vec<String> = mixed.iter().filter_map(|t| path_reference(t)).collect();
    let corpora = [
        Corpus {
            name: "mixed",
            base: String::from("http://a/b/c/d;p?q"),
            references: mixed,
        },
        Corpus {
            name: "relative",
            base: String::from("https://例え.jp/über/straße/ファイル;v=1?q=ü#f"),
            references: relative,
        },
        Corpus {
            name: "dots",
            base: String::from("http://a/b/c/d/e/f/g/h"),
            references: dots(),
        },
        Corpus {
            name: "dots-short",
            base: String::from("http://a/b/c/d;p?q"),
            references: short_dots(),
        },
    ];
    ratios::run("resolve", "refs", &corpora, BENCHMARKS, sanity, bench);
}

/// The path, query and fragment of an IRI with an authority, as a
/// relative-path reference (`./` first when its first segment has a colon
/// or it is empty).
fn path_reference(text: &str) -> Option<String> {
    let rest = text.split_once("://")?.1;
    let start = rest.find(['/', '?', '#'])?;
    let tail = rest[start..].strip_prefix('/').unwrap_or(&rest[start..]);
    let first = tail.split(['/', '?', '#']).next().unwrap_or("");
    if first.is_empty() || first.contains(':') {
        Some(format!("./{tail}"))
    } else {
        Some(tail.to_owned())
    }
}

/// A SplitMix64 sequence from `seed`: the corpora's random numbers.
fn splitmix(mut state: u64) -> impl FnMut() -> u64 {
    move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// Long references that are mostly dot segments (seeded, deterministic).
fn dots() -> Vec<String> {
    let mut next = splitmix(0x3987_0006_D075);
    let pieces = ["..", ".", "a", "bb", "ccc", "é", "..", "x/y/z"];
    (0..200)
        .map(|i| {
            let target = 2048 + (next() % 6144) as usize;
            let mut text = String::from(if i % 2 == 0 { "" } else { "/" });
            while text.len() < target {
                text.push_str(pieces[(next() % pieces.len() as u64) as usize]);
                text.push('/');
            }
            text.push_str("end");
            text
        })
        .collect()
}

/// Short references that are mostly dot segments (seeded, deterministic):
/// one to six segments, three in eight of them `..` and one `.`, a third
/// of them absolute paths, some with a query or a fragment.
fn short_dots() -> Vec<String> {
    let mut next = splitmix(0x3987_0006_5D07);
    let pieces = ["..", ".", "g", "seg", "..", "x;y", "ü", ".."];
    (0..20_000)
        .map(|i| {
            let mut text = String::from(if i % 3 == 0 { "/" } else { "" });
            for k in 0..1 + next() % 6 {
                if k > 0 {
                    text.push('/');
                }
                text.push_str(pieces[(next() % pieces.len() as u64) as usize]);
            }
            if next().is_multiple_of(3) {
                text.push_str("?q=1");
            }
            if next().is_multiple_of(4) {
                text.push_str("#f");
            }
            text
        })
        .collect()
}

fn ours(base: &str, reference: &str) -> Option<String> {
    resolve(base, reference).ok()
}

fn oxiri_resolve(base: &oxiri::Iri<&str>, reference: &str) -> Option<String> {
    let reference = oxiri::IriRef::parse(reference).ok()?;
    base.resolve(&reference).ok().map(oxiri::Iri::into_inner)
}

fn iri_string_resolve(base: &IriAbsoluteStr, reference: &str) -> Option<String> {
    let reference = IriReferenceStr::new(reference).ok()?;
    let resolved = reference.resolve_against(base);
    resolved.ensure_rfc3986_normalizable().ok()?;
    Some(resolved.to_dedicated_string().into())
}

/// The base without its fragment, as iri-string's absolute IRI.
fn absolute(base: &str) -> &IriAbsoluteStr {
    let without_fragment = base.split('#').next().unwrap_or(base);
    IriAbsoluteStr::new(without_fragment).expect("the bench bases are IRIs")
}

fn sanity(corpus: &Corpus) {
    let ox_base = oxiri::Iri::parse(corpus.base.as_str()).expect("oxiri parses the base");
    let is_base = absolute(&corpus.base);
    let parsed_base = rfc3987::Iri::parse(corpus.base.as_str()).expect("the bench bases are IRIs");
    let prepared = Base::new(parsed_base.as_deref());
    let mut agree = [0usize; 2];
    let mut shown = [0usize; 2];
    let mut round_trips = 0;
    for reference in &corpus.references {
        let a = ours(&corpus.base, reference).expect("references are valid");
        assert_eq!(prepared.resolve_str(reference).as_deref(), Ok(a.as_str()));
        let others = [
            (OXIRI, oxiri_resolve(&ox_base, reference)),
            (IRI_STRING, iri_string_resolve(is_base, reference)),
        ];
        for (i, (name, b)) in others.iter().enumerate() {
            if b.as_deref() == Some(a.as_str()) {
                agree[i] += 1;
            } else if shown[i] < SHOW {
                shown[i] += 1;
                println!("    {name} differs on {reference:?}: rfc3987 {a:?}, {name} {b:?}");
            }
        }
        let relative = relativize(&corpus.base, &a).expect("targets are IRIs");
        if resolve(&corpus.base, &relative).ok().as_deref() == Some(a.as_str()) {
            round_trips += 1;
        }
    }
    println!(
        "sanity pass, corpus `{}` (base {:?}): {} references, {} bytes; same target as rfc3987: oxiri {}, iri-string {}; relativize round-trips: {}\n",
        corpus.name,
        corpus.base,
        corpus.references.len(),
        corpus.bytes(),
        agree[0],
        agree[1],
        round_trips
    );
}

fn bench(criterion: &mut Criterion, corpus: &Corpus) {
    let references: Vec<&str> = corpus.references.iter().map(String::as_str).collect();
    let targets: Vec<String> = references
        .iter()
        .filter_map(|r| ours(&corpus.base, r))
        .collect();
    let base = corpus.base.as_str();
    let ox_base = oxiri::Iri::parse(base).expect("oxiri parses the base");
    let is_base = absolute(base);
    let mut group = criterion.benchmark_group(ratios::group("resolve", corpus));
    group
        .throughput(Throughput::Bytes(corpus.bytes() as u64))
        .sampling_mode(SamplingMode::Flat)
        .sample_size(30)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    ratios::time_strings(&mut group, RFC3987, &references, |r| ours(base, r));
    let parsed_base = rfc3987::Iri::parse(base).expect("the bench bases are IRIs");
    ratios::time_strings(&mut group, RFC3987_PARSED, &references, |r| {
        let reference = rfc3987::IriRef::parse(r).ok()?;
        Some(parsed_base.resolve(&reference).into_inner())
    });
    let prepared = Base::new(parsed_base.as_deref());
    ratios::time_strings(&mut group, RFC3987_BASE, &references, |r| {
        let reference = rfc3987::IriRef::parse(r).ok()?;
        Some(prepared.resolve(&reference).into_inner())
    });
    ratios::time_strings(&mut group, OXIRI, &references, |r| {
        oxiri_resolve(&ox_base, r)
    });
    ratios::time_strings(&mut group, IRI_STRING, &references, |r| {
        iri_string_resolve(is_base, r)
    });
    let targets: Vec<&str> = targets.iter().map(String::as_str).collect();
    ratios::time_strings(&mut group, RFC3987_RELATIVIZE, &targets, |t| {
        relativize(base, t).ok()
    });
    group.finish();
}
