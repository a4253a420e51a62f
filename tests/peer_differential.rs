//! This crate against three independent IRI parsers, oxiri 0.3,
//! iri-string 0.7 and fluent-uri 0.4, on seeded generated and mutated
//! strings, and on every short bracketed sequence of IPv6 tokens.
//!
//! For every input, each peer is asked whether it is an `IRI-reference`
//! and an `IRI` (and, for iri-string, an `absolute-IRI` and an
//! `irelative-ref`), and where this crate and the peer both accept, for
//! the components. The comparison and the table of known deviations are
//! the ones of the `against_*` fuzz targets, `fuzz/src/differential.rs`
//! (included below; it says what is compared). This test brings the
//! inputs: a disagreement passes only when a row of the table excuses
//! it; any other fails with the escaped input, its seed and the answers.
//! The test prints how many cases each row excused; a row about verdicts
//! or components that excuses nothing fails too, so the table cannot go
//! stale (`tests/fuzz_differential.rs` does the same for the rows about
//! resolution and the URI mapping).
//!
//! The inputs (see [`make_input`]) are derivations of the grammar
//! (`tests/support/gen.rs`), mutations of them (the generator's own edits
//! and [`mutate`]'s, which splice in delimiters, percent signs, hex digits,
//! non-ASCII boundary characters, spaces, controls, brackets and pieces of
//! IP literals), authorities whose host is a soup of IPv6 tokens (where
//! hand-written IPv6 parsers are most likely to differ), and random
//! strings; a second test enumerates every short sequence of IPv6 tokens
//! as a bracketed host.

// Only the verdicts and components are asked here.
#[allow(dead_code)]
#[path = "../fuzz/src/differential.rs"]
mod differential;
mod support;

use std::collections::BTreeMap;
use std::sync::OnceLock;

use differential::{Disagreement, Kind, Question, Rule, DEVIATIONS, PEERS};

use support::gen::{Generator, Rng};
use support::interp::{escape, Grammar, RuleId};

/// Inputs judged; each is asked every rule's question of every peer.
const CASES: usize = 200_000;
/// Seed of the whole run; case `i` draws from `case_seed(SEED, i)`.
const SEED: u64 = 0x3987_0A71;
/// Unexcused disagreements listed in a failure message.
const SHOWN: usize = 20;

fn grammar() -> &'static Grammar {
    static GRAMMAR: OnceLock<Grammar> = OnceLock::new();
    GRAMMAR.get_or_init(Grammar::load)
}

// No row of the table is about verdicts or components: on the inputs of
// these tests (and on a million more generated ones and every bracketed
// sequence of up to seven IPv6 tokens, tried while writing them) the
// three peers agree with this crate on every verdict and every component.
// Their sources say why: oxiri (`src/lib.rs`) checks each component with
// tables of the RFC's classes, its own `is_ucschar` with the exact section
// 2.2 ranges (and `iprivate` in the query only), and IPv6 literals with
// `std::net::Ipv6Addr`'s parser, whose grammar (at most four hex digits a
// group, an embedded IPv4 address only as the last 32 bits, no leading
// zeros in it, `::` for at least one group) is RFC 3986's `IPv6address`;
// iri-string (`src/parser/validate.rs`, `validate/authority.rs`,
// `char.rs`) and fluent-uri (`src/parse.rs`) are hand-written
// transcriptions of the same ABNF.

/// Pieces [`mutate`] splices in: delimiters, percent-encodings good and
/// bad, hex digits, non-ASCII characters on the edges of `ucschar` and
/// `iprivate` (and just outside them), spaces and controls, brackets and
/// IP literal fragments, and authority pieces.
const PIECES: &[&str] = &[
    // gen-delims and sub-delims
    ":",
    "/",
    "?",
    "#",
    "[",
    "]",
    "@",
    "!",
    "$",
    "&",
    "'",
    "(",
    ")",
    "*",
    "+",
    ",",
    ";",
    "=",
    // other ASCII that no IRI allows unencoded
    "<",
    ">",
    "\"",
    "{",
    "}",
    "|",
    "\\",
    "^",
    "`",
    // percent-encoding
    "%",
    "%%",
    "%2",
    "%25",
    "%zz",
    "%G0",
    "%4",
    "%41",
    "%e9",
    "%C3%A9",
    "%2F",
    "%3A",
    // hex digits and numbers
    "0",
    "9",
    "a",
    "F",
    "g",
    "ffff",
    "FFFFF",
    "00",
    "255",
    "256",
    "65535",
    "65536",
    // non-ASCII: ucschar edges and their outside neighbours, iprivate,
    // noncharacters, bidi formatting, dot look-alikes
    "é",
    "\u{9F}",
    "\u{A0}",
    "\u{D7FF}",
    "\u{E000}",
    "\u{F8FF}",
    "\u{F900}",
    "\u{FDCF}",
    "\u{FDD0}",
    "\u{FDEF}",
    "\u{FDF0}",
    "\u{FFEF}",
    "\u{FFF0}",
    "\u{FFFD}",
    "\u{FFFE}",
    "\u{FFFF}",
    "\u{10000}",
    "\u{1FFFD}",
    "\u{1FFFE}",
    "\u{2FFFF}",
    "\u{E0FFF}",
    "\u{E1000}",
    "\u{EFFFD}",
    "\u{EFFFE}",
    "\u{F0000}",
    "\u{FFFFD}",
    "\u{100000}",
    "\u{10FFFD}",
    "\u{10FFFF}",
    "\u{200E}",
    "\u{202E}",
    "\u{3002}",
    "\u{FF0E}",
    // spaces and controls
    " ",
    "\t",
    "\n",
    "\r",
    "\0",
    "\u{1F}",
    "\u{7F}",
    "\u{85}",
    "\u{3000}",
    // IP literals and pieces of them
    "[::1]",
    "[v1.x]",
    "[]",
    "::",
    ":::",
    "1::",
    "::1",
    "1:2:3:4:5:6:7:8",
    "1:2:3:4:5:6:7:8:9",
    "1:2:3:4:5:6:7::",
    "::1:2:3:4:5:6:7",
    "::ffff:192.0.2.1",
    "1.2.3.4",
    "01.2.3.4",
    "1.2.3.256",
    "1.2.3",
    "fe80::1%25eth0",
    "v1.",
    "V7.:",
    "vF.x",
    "v.x",
    "v1x",
    // authority and path pieces
    "//",
    "///",
    "user:pw@",
    ":80",
    ":0x50",
    "xn--",
    "..",
    "./",
    "../",
    "/.",
    "/..",
];

/// Tokens of the IPv6 soup: groups of one to five hex digits, separators,
/// dotted quads good and bad, and the IPvFuture prefix.
const V6_TOKENS: &[&str] = &[
    "0",
    "1",
    "a",
    "fF",
    "123",
    "abcd",
    "FFFF",
    "12345",
    "g",
    ":",
    ":",
    ":",
    "::",
    "::",
    ":::",
    "1.2.3.4",
    "255.255.255.255",
    "0.0.0.0",
    "01.2.3.4",
    "1.2.3.256",
    "1.2.3",
    "1.2.3.4.5",
    ".",
    "v1.",
    "%25",
    "%",
    "é",
];

/// One to four edits of `input` at character boundaries: insert a piece,
/// replace one to three characters with a piece, delete one to three
/// characters, or duplicate a short slice.
fn mutate(rng: &mut Rng, input: &str) -> String {
    let mut chars: Vec<char> = input.chars().collect();
    for _ in 0..1 + rng.below(4) {
        let len = chars.len();
        let piece: Vec<char> = rng.choose(PIECES).chars().collect();
        match rng.below(8) {
            0..=2 => {
                let at = rng.below(len + 1);
                chars.splice(at..at, piece);
            }
            3..=5 if len > 0 => {
                let at = rng.below(len);
                let end = (at + 1 + rng.below(3)).min(len);
                chars.splice(at..end, piece);
            }
            6 if len > 0 => {
                let at = rng.below(len);
                let end = (at + 1 + rng.below(3)).min(len);
                chars.drain(at..end);
            }
            _ if len > 0 => {
                let from = rng.below(len);
                let to = (from + 1 + rng.below(6)).min(len);
                let copy: Vec<char> = chars[from..to].to_vec();
                let at = rng.below(len + 1);
                chars.splice(at..at, copy);
            }
            _ => chars.extend(piece),
        }
    }
    chars.into_iter().collect()
}

/// A bracketed host of one to twelve [`V6_TOKENS`].
fn v6_soup(rng: &mut Rng) -> String {
    let mut host = String::from("[");
    for _ in 0..1 + rng.below(12) {
        host.push_str(rng.choose(V6_TOKENS));
    }
    if !rng.one_in(20) {
        host.push(']');
    }
    host
}

/// The rules whose derivations seed the inputs.
struct Sources {
    /// Whole references, absolute or relative, IRI or URI.
    references: [RuleId; 5],
    iauthority: RuleId,
    ipv6address: RuleId,
    ipath_abempty: RuleId,
    iquery: RuleId,
    ifragment: RuleId,
}

impl Sources {
    fn new(g: &Grammar) -> Sources {
        let rule = |name: &str| {
            g.rule(name)
                .unwrap_or_else(|| panic!("the grammar has no rule {name}"))
        };
        Sources {
            references: [
                rule("IRI-reference"),
                rule("IRI"),
                rule("irelative-ref"),
                rule("absolute-IRI"),
                rule("URI-reference"),
            ],
            iauthority: rule("iauthority"),
            ipv6address: rule("IPv6address"),
            ipath_abempty: rule("ipath-abempty"),
            iquery: rule("iquery"),
            ifragment: rule("ifragment"),
        }
    }
}

/// One seeded input: 25% derivations of a reference rule, 35% mutations
/// of them (half by the generator, half by [`mutate`]), 25% built around
/// an authority (derived, derived and mutated, or an IPv6 soup), with or
/// without a scheme, 15% random strings.
fn make_input(gen: &mut Generator, sources: &Sources) -> String {
    match gen.rng.below(20) {
        0..=4 => {
            let rule = gen.rng.choose(&sources.references);
            gen.generate(rule)
        }
        5..=11 => {
            let rule = gen.rng.choose(&sources.references);
            let base = gen.generate(rule);
            if gen.rng.one_in(2) {
                gen.mutate(&base)
            } else {
                mutate(&mut gen.rng, &base)
            }
        }
        12..=16 => {
            let host = match gen.rng.below(4) {
                0 => gen.generate(sources.iauthority),
                1 => {
                    let authority = gen.generate(sources.iauthority);
                    mutate(&mut gen.rng, &authority)
                }
                2 => format!("[{}]", gen.generate(sources.ipv6address)),
                _ => v6_soup(&mut gen.rng),
            };
            let port = match gen.rng.below(4) {
                0 => ":",
                1 => ":8080",
                _ => "",
            };
            let mut out = String::from(["", "s:", "http:"][gen.rng.below(3)]);
            out.push_str("//");
            out.push_str(&host);
            out.push_str(port);
            out.push_str(&gen.generate(sources.ipath_abempty));
            if gen.rng.one_in(3) {
                out.push('?');
                out.push_str(&gen.generate(sources.iquery));
            }
            if gen.rng.one_in(3) {
                out.push('#');
                out.push_str(&gen.generate(sources.ifragment));
            }
            out
        }
        _ => gen.random_string(),
    }
}

/// The seed of one case, so that a failure names something reproducible.
fn case_seed(seed: u64, case: usize) -> u64 {
    seed ^ (case as u64).wrapping_mul(0x2545_F491_4F6C_DD1D)
}

/// What a run saw: its mix, the deviations it excused, and the
/// disagreements nothing excused.
struct Tally {
    name: &'static str,
    inputs: usize,
    comparisons: usize,
    /// (rule, this crate accepts) -> inputs.
    mix: BTreeMap<(Rule, bool), usize>,
    /// Cases excused by each row of [`DEVIATIONS`].
    excused: Vec<usize>,
    unexcused: Vec<String>,
    unexcused_count: usize,
}

/// Every rule some peer has a type for.
const RULES: [Rule; 4] = [Rule::Reference, Rule::Iri, Rule::Absolute, Rule::Relative];

impl Tally {
    fn new(name: &'static str) -> Tally {
        Tally {
            name,
            inputs: 0,
            comparisons: 0,
            mix: BTreeMap::new(),
            excused: vec![0; DEVIATIONS.len()],
            unexcused: Vec::new(),
            unexcused_count: 0,
        }
    }

    /// Puts every rule's question about `input` to this crate and every
    /// peer that has a type for it; `origin` says how to make the input
    /// again (its seed).
    fn judge(&mut self, input: &str, origin: impl Fn() -> String) {
        self.inputs += 1;
        for rule in RULES {
            let ours = differential::ours(rule, input);
            *self.mix.entry((rule, ours.is_some())).or_default() += 1;
            for peer in PEERS {
                if !Rule::offered_by(peer).contains(&rule) {
                    continue;
                }
                self.comparisons += 1;
                let Some(difference) = differential::compare_parse(peer, rule, input, ours) else {
                    continue;
                };
                let disagreement = Disagreement {
                    peer,
                    question: Question::Parse(rule),
                    base: None,
                    input,
                    difference,
                };
                match differential::excuse(&disagreement) {
                    Some(row) => self.excused[row] += 1,
                    None => {
                        self.unexcused_count += 1;
                        if self.unexcused.len() < SHOWN {
                            self.unexcused.push(format!(
                                "  {disagreement} (\"{}\", {})",
                                escape(input),
                                origin()
                            ));
                        }
                    }
                }
            }
        }
    }

    /// Prints the mix and the deviation counts; returns what went wrong.
    fn report(&self, min_share: usize) -> Vec<String> {
        println!(
            "{}: {} inputs, {} comparisons",
            self.name, self.inputs, self.comparisons
        );
        for ((rule, accepted), count) in &self.mix {
            let verdict = if *accepted { "accepts" } else { "rejects" };
            println!("  {rule:?}: rfc3987 {verdict} {count}");
        }
        println!("  deviations on verdicts and components excused:");
        let rows = DEVIATIONS.iter().zip(&self.excused);
        for (deviation, count) in rows.filter(|(d, _)| d.kind == Kind::Parse) {
            println!(
                "  {count:>7}  {:?}: {} ({})",
                deviation.peer, deviation.description, deviation.rule
            );
        }
        let mut failures = Vec::new();
        for rule in [Rule::Reference, Rule::Iri] {
            for accepted in [false, true] {
                let count = self.mix.get(&(rule, accepted)).copied().unwrap_or(0);
                if count * 100 < self.inputs * min_share {
                    failures.push(format!(
                        "{}: at least {min_share}% of the inputs must be {} as {rule:?}s: {:?}",
                        self.name,
                        if accepted { "accepted" } else { "rejected" },
                        self.mix
                    ));
                }
            }
        }
        if self.unexcused_count > 0 {
            failures.push(format!(
                "{}: {} disagreement(s) with no deviation to excuse them, first {}:\n{}",
                self.name,
                self.unexcused_count,
                self.unexcused.len(),
                self.unexcused.join("\n")
            ));
        }
        failures
    }
}

/// Seeded generated and mutated inputs.
#[test]
fn generated_and_mutated_inputs() {
    let g = grammar();
    let sources = Sources::new(g);
    let mut gen = Generator::new(g, SEED);
    let mut tally = Tally::new("generated and mutated");
    for case in 0..CASES {
        let seed = case_seed(SEED, case);
        gen.rng = Rng::new(seed);
        let input = make_input(&mut gen, &sources);
        tally.judge(&input, || format!("seed {seed:#x}"));
    }
    let mut failures = tally.report(10);
    // The generated run is the one that must keep every row alive: a row
    // it no longer needs has gone stale.
    for (deviation, count) in DEVIATIONS.iter().zip(&tally.excused) {
        if deviation.kind == Kind::Parse && *count == 0 {
            failures.push(format!(
                "deviation \"{}\" of {:?} excused nothing: drop it or fix its predicate",
                deviation.description, deviation.peer
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every sequence of up to [`LITERAL_TOKENS_MAX`] [`LITERAL_TOKENS`] as the
/// host of an authority, in brackets: every IPv6 shape up to eight groups
/// (with and without `::`, an embedded IPv4 address anywhere, too many
/// groups, a group too long, a bad dotted quad), and IPvFuture among them.
#[test]
fn every_short_ip_literal() {
    let mut tally = Tally::new("IP literals");
    let mut pending = vec![(String::new(), 0)];
    while let Some((literal, tokens)) = pending.pop() {
        let input = format!("s://[{literal}]:1/");
        tally.judge(&input, || "enumerated".to_owned());
        if tokens < LITERAL_TOKENS_MAX {
            for token in LITERAL_TOKENS {
                pending.push((format!("{literal}{token}"), tokens + 1));
            }
        }
    }
    let failures = tally.report(1);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The pieces of [`every_short_ip_literal`]'s literals.
const LITERAL_TOKENS: [&str; 9] = [
    "1:", "f:F:", "::", ":", "1", "1.2.3.4", "12345", "01.2.3.4", "v1.x",
];
/// Up to six pieces: 9^6 + ... + 1 = 597,871 literals.
const LITERAL_TOKENS_MAX: usize = 6;
