//! The `against_*` fuzz targets' properties in `cargo test`: this crate
//! against oxiri, iri-string and fluent-uri on verdicts, components,
//! resolution and the IRI-to-URI mapping (`fuzz/src/differential.rs`,
//! included below), on proptest inputs with a fixed seed:
//!
//! - one string: derivations of the grammar's reference rules, mutated
//!   once in four, short strings over an alphabet heavy in delimiters,
//!   and paths of dot segments (`.`, `..`, `%2E`) under a scheme or not;
//! - two strings, `BASE\nREFERENCE`: a derived `IRI` or a dotty path
//!   under a scheme as the base, a derived or dotty reference or noise.
//!
//! The seed corpus of the targets (`fuzz/seeds/strings`, `fuzz/seeds/resolve`)
//! and the inputs they once failed on (`fuzz/regressions/against_*/`) go
//! through the targets' own property, [`differential::check`].
//!
//! For each peer, every disagreement must be excused by a row of the
//! deviation table, every row of that peer must excuse at least one case
//! (so the table cannot go stale), and enough inputs must be valid for the
//! run to mean something. Each failure names the inputs and both answers.

#[path = "../fuzz/src/differential.rs"]
mod differential;
mod support;

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::sync::OnceLock;

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

use differential::{Difference, Peer, DEVIATIONS, PEERS};
use support::gen::Generator;
use support::interp::Grammar;

fn grammar() -> &'static Grammar {
    static GRAMMAR: OnceLock<Grammar> = OnceLock::new();
    GRAMMAR.get_or_init(Grammar::load)
}

/// A derivation of one of `rules`, mutated once in four (the generator's
/// seed comes from proptest, so a case is replayed from its seed; the
/// failure message names the input).
fn grammar_text(rules: &'static [&'static str]) -> impl Strategy<Value = String> {
    (any::<u64>(), select(rules), 0..4u8).prop_map(|(seed, rule, mutate)| {
        let g = grammar();
        let mut gen = Generator::new(g, seed);
        let id = g.rule(rule).unwrap_or_else(|| panic!("no rule {rule}"));
        let text = gen.generate(id);
        if mutate == 0 {
            gen.mutate(&text)
        } else {
            text
        }
    })
}

/// Short strings over an alphabet heavy in delimiters, percent-encodings
/// and IP literal pieces.
fn noise() -> impl Strategy<Value = String> {
    const STARTS: &[&str] = &["", "", "//", "s://", "http://", "s:", "s://[", "//[v1."];
    const ALPHABET: &[&str] = &[
        ":", "/", "?", "#", "[", "]", "@", "%", ".", "..", "v", "a", "F", "1", "0", "::", "-", "=",
        " ", "é", "\u{E000}", "%2F", "%2E", "%2e", "%C3%A9", "%FF", "1.2.3.4", "_",
    ];
    (select(STARTS), vec(select(ALPHABET), 0..14))
        .prop_map(|(start, body)| format!("{start}{}", body.concat()))
}

/// Paths of dot segments (literal and percent-encoded), empty segments
/// and names, under a scheme and an authority or not.
fn dotty(scheme: bool) -> impl Strategy<Value = String> {
    const SEGMENTS: &[&str] = &[
        "", ".", "..", "a", "b", "é", "%2E", "%2e", ".%2E", "%2E%2E", "x:y",
    ];
    let head = if scheme {
        select(&["s:", "http:", "s:/", "s://a", "http://a", "s://"][..])
    } else {
        select(&["", "", "/", "//a", "./", "../"][..])
    };
    (
        head,
        vec(select(SEGMENTS), 0..6),
        select(&["", "", "?q", "#f", "?y#s"][..]),
    )
        .prop_map(|(head, segments, tail)| format!("{head}{}{tail}", segments.join("/")))
}

const TOP_RULES: &[&str] = &[
    "IRI-reference",
    "IRI",
    "irelative-ref",
    "absolute-IRI",
    "URI-reference",
];

/// One string (the `strings` seeds' layout).
fn one_string() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => grammar_text(TOP_RULES),
        2 => noise(),
        1 => dotty(true),
        1 => dotty(false),
    ]
}

/// `BASE\nREFERENCE` (the `resolve` seeds' layout).
fn two_strings() -> impl Strategy<Value = String> {
    let base = prop_oneof![2 => grammar_text(&["IRI"]), 2 => dotty(true)];
    let reference = prop_oneof![
        2 => grammar_text(&["irelative-ref", "IRI"]),
        3 => dotty(false),
        1 => dotty(true),
        1 => noise(),
    ];
    (base, reference).prop_map(|(b, r)| format!("{b}\n{r}"))
}

/// Cases of each layout, per peer.
const CASES: u32 = 20_000;
/// Unexcused disagreements listed in a failure message, per kind.
const SHOWN: usize = 4;

/// What a peer's run saw.
#[derive(Default)]
struct Tally {
    inputs: usize,
    valid: usize,
    excused: BTreeMap<usize, usize>,
    /// Unexcused disagreements by (question, kind of difference).
    unexcused: BTreeMap<String, Vec<String>>,
    unexcused_count: usize,
}

impl Tally {
    fn add(&mut self, peer: Peer, data: &str) {
        let outcome = differential::compare(peer, data.as_bytes());
        self.inputs += 1;
        self.valid += usize::from(outcome.valid);
        for (d, row) in outcome.disagreements {
            match row {
                Some(row) => *self.excused.entry(row).or_default() += 1,
                None => {
                    self.unexcused_count += 1;
                    let kind = match d.difference {
                        Difference::PeerRejects(_) => "peer rejects",
                        Difference::PeerAccepts => "peer accepts",
                        Difference::Differs { .. } => "differs",
                    };
                    let shown = self
                        .unexcused
                        .entry(format!("{:?} {kind}", d.question))
                        .or_default();
                    if shown.len() < SHOWN {
                        shown.push(d.to_string());
                    }
                }
            }
        }
    }
}

/// Runs both layouts through `peer`'s comparison and checks the tally.
fn against(peer: Peer) {
    let tally = RefCell::new(Tally::default());
    for (layout, strategy) in [
        ("one string", one_string().boxed()),
        ("two strings", two_strings().boxed()),
    ] {
        let config = Config {
            cases: CASES,
            failure_persistence: None,
            ..Config::default()
        };
        let rng = TestRng::deterministic_rng(RngAlgorithm::ChaCha);
        let mut runner = TestRunner::new_with_rng(config, rng);
        runner
            .run(&strategy, |data| {
                tally.borrow_mut().add(peer, &data);
                Ok(())
            })
            .unwrap_or_else(|e| panic!("{peer:?}, {layout}: {e}"));
    }
    let tally = tally.into_inner();
    println!(
        "{peer:?}: {} inputs, {} valid; deviations excused:",
        tally.inputs, tally.valid
    );
    let mut failures = Vec::new();
    for (row, deviation) in DEVIATIONS.iter().enumerate() {
        if deviation.peer != peer {
            continue;
        }
        let count = tally.excused.get(&row).copied().unwrap_or(0);
        println!(
            "  {count:>6}  {} ({})",
            deviation.description, deviation.rule
        );
        if count == 0 {
            failures.push(format!(
                "deviation \"{}\" excused nothing: drop it or fix its predicate",
                deviation.description
            ));
        }
    }
    if tally.valid * 2 < tally.inputs {
        failures.push(format!(
            "only {} of {} inputs were valid",
            tally.valid, tally.inputs
        ));
    }
    if tally.unexcused_count > 0 {
        let mut text = format!(
            "{} disagreement(s) no row of DEVIATIONS excuses:",
            tally.unexcused_count
        );
        for (kind, shown) in &tally.unexcused {
            text += &format!("\n {kind}:");
            for line in shown {
                text += &format!("\n   {line}");
            }
        }
        failures.push(text);
    }
    assert!(failures.is_empty(), "{peer:?}:\n{}", failures.join("\n"));
}

#[test]
fn against_oxiri() {
    against(Peer::Oxiri);
}

#[test]
fn against_iri_string() {
    against(Peer::IriString);
}

#[test]
fn against_fluent_uri() {
    against(Peer::FluentUri);
}

/// The inputs the `against_*` targets once failed on, kept in
/// `fuzz/regressions/against_<peer>/`, each file one input exactly as the
/// fuzzer gave it.
#[test]
fn saved_regressions_pass() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/regressions");
    let mut count = 0;
    for entry in std::fs::read_dir(&root).expect("fuzz/regressions exists") {
        let dir = entry.expect("readable").path();
        let name = dir
            .file_name()
            .expect("a name")
            .to_string_lossy()
            .into_owned();
        let Some(peer) = name.strip_prefix("against_") else {
            continue;
        };
        let peer = match peer {
            "oxiri" => Peer::Oxiri,
            "iri_string" => Peer::IriString,
            "fluent_uri" => Peer::FluentUri,
            _ => panic!("fuzz/regressions/{name} names no differential target"),
        };
        for file in std::fs::read_dir(&dir).expect("readable") {
            let path = file.expect("readable").path();
            count += 1;
            differential::check(peer, &std::fs::read(&path).expect("readable"));
        }
    }
    assert!(
        count > 0,
        "no differential regressions under {}",
        root.display()
    );
}

/// The targets' property on their seeds, as `.ci/fuzz-smoke` starts them.
#[test]
fn seeds_pass() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/seeds");
    let mut valid = 0;
    let mut seeds = 0;
    for folder in ["strings", "resolve"] {
        for entry in std::fs::read_dir(root.join(folder)).expect("the seed corpus") {
            let data = std::fs::read(entry.expect("readable").path()).expect("readable");
            seeds += 1;
            for peer in PEERS {
                valid += usize::from(differential::check(peer, &data));
            }
        }
    }
    assert!(
        valid * 2 > seeds * PEERS.len(),
        "only {valid} of {seeds} seeds were valid for the three peers"
    );
}
