//! The generated DFAs against an independent interpreter of the same ABNF.
//!
//! `tests/support/interp.rs` reads `abnf/*.abnf` with the `abnf` crate and
//! interprets the syntax tree directly (sets of end positions, no DFA, no
//! UTF-8 byte ranges). Here both judge the same seeded inputs: grammar
//! derivations (members by construction), mutations of them (mostly near
//! misses), derivations of a sibling rule (IRIs fed to URI rules and the
//! other way round), and random strings of boundary characters.
//!
//! For each input they must agree on membership, and for each non-member on
//! where it fails: [`rfc3987::check`] must report the start of the first
//! character that no member can continue with (the interpreter's longest
//! viable prefix), and the raw [`Rule::recognize`] offset must be the
//! longest viable *byte* prefix (inside a multi-byte character the DFA keeps
//! going while the bytes read so far can still begin a viable character).
//!
//! The eight top-level rules judge the same 100,000 inputs (made from each
//! of their generators in turn, so each rule sees derivations of its own, of
//! its relatives and of the other protocol); the four IRI rules share one
//! memo table per input, as do the four URI rules. Every other rule gets
//! 5,000 inputs of its own.
//!
//! Every disagreement is reported with the rule, the escaped input, the seed
//! and both verdicts.

mod support;

use std::collections::BTreeSet;
use std::sync::OnceLock;

use rfc3987::grammar::Rule;
use support::gen::{Generator, Rng};
use support::interp::{escape, Grammar, Matcher, RuleId, Verdict};

fn grammar() -> &'static Grammar {
    static GRAMMAR: OnceLock<Grammar> = OnceLock::new();
    GRAMMAR.get_or_init(Grammar::load)
}

/// Inputs judged by every top-level start rule.
const TOP_CASES: usize = 100_000;
/// Cases per other rule.
const RULE_CASES: usize = 5_000;
/// Disagreements listed in a failure message.
const SHOWN: usize = 20;

/// The top-level start rules, each with a related rule (mostly the same
/// rule of the other protocol) whose derivations make good near misses.
const TOP_RULES: [(&str, &str); 8] = [
    ("IRI-reference", "URI-reference"),
    ("IRI", "URI"),
    ("absolute-IRI", "IRI"),
    ("irelative-ref", "IRI-reference"),
    ("URI-reference", "IRI-reference"),
    ("URI", "IRI"),
    ("absolute-URI", "URI"),
    ("relative-ref", "irelative-ref"),
];

/// What one run saw.
struct Tally {
    rule: &'static str,
    cases: usize,
    valid: usize,
    problems: Vec<String>,
    problem_count: usize,
}

impl Tally {
    fn new(rule: &'static str) -> Tally {
        Tally {
            rule,
            cases: 0,
            valid: 0,
            problems: Vec::new(),
            problem_count: 0,
        }
    }

    fn problem(&mut self, message: String) {
        self.problem_count += 1;
        if self.problems.len() < SHOWN {
            self.problems.push(message);
        }
    }

    fn report(&self) -> String {
        format!(
            "{}: {} cases, {} valid, {} invalid",
            self.rule,
            self.cases,
            self.valid,
            self.cases - self.valid
        )
    }

    /// What went wrong, if anything: disagreements, or (with `need_mix`)
    /// inputs that were all valid or all invalid.
    fn failure(&self, need_mix: bool) -> Option<String> {
        let mut out = Vec::new();
        if need_mix && (self.valid == 0 || self.valid == self.cases) {
            out.push(format!(
                "{}: the mix must hold valid and invalid inputs",
                self.report()
            ));
        }
        if self.problem_count > 0 {
            out.push(format!(
                "{}: {} disagreement(s) between the DFA and the interpreter, first {}:\n{}",
                self.report(),
                self.problem_count,
                self.problems.len(),
                self.problems.join("\n")
            ));
        }
        (!out.is_empty()).then(|| out.join("\n"))
    }
}

/// Judges one input with both implementations and records disagreements.
/// `derived` marks inputs the generator derived from `rule` itself, which the
/// interpreter must accept (a check of generator and interpreter together).
#[allow(clippy::too_many_arguments)]
fn compare(
    matcher: &mut Matcher,
    rule: &'static Rule,
    id: RuleId,
    input: &str,
    verdict: Verdict,
    derived: bool,
    seed: u64,
    tally: &mut Tally,
) {
    tally.cases += 1;
    let dfa = rule.recognize(input.as_bytes());
    if derived && !verdict.member {
        tally.problem(format!(
            "  generator/interpreter: derivation of {} not accepted by the interpreter \
             (seed {seed}): \"{}\"",
            rule.name(),
            escape(input)
        ));
    }
    if dfa.is_ok() != verdict.member {
        tally.problem(format!(
            "  {}: \"{}\" (seed {seed}): DFA {}, interpreter {}",
            rule.name(),
            escape(input),
            verdict_text(dfa.is_ok()),
            verdict_text(verdict.member)
        ));
        return;
    }
    if verdict.member {
        tally.valid += 1;
        return;
    }
    // Both reject: the reported offsets must be where the language says.
    let checked = rfc3987::check(rule, input)
        .err()
        .map(|e| e.offset())
        .unwrap_or(usize::MAX);
    if checked != verdict.viable_bytes {
        tally.problem(format!(
            "  {}: \"{}\" (seed {seed}): check() reports offset {checked}, \
             the longest viable prefix is {} bytes",
            rule.name(),
            escape(input),
            verdict.viable_bytes
        ));
    }
    let raw = dfa.err().unwrap_or(usize::MAX);
    let next_is_multibyte = input[verdict.viable_bytes..]
        .chars()
        .next()
        .is_some_and(|c| c.len_utf8() > 1);
    let expected_raw = if next_is_multibyte {
        matcher
            .byte_error_offset_after(id, input, verdict)
            .unwrap_or(usize::MAX)
    } else {
        verdict.viable_bytes
    };
    if raw != expected_raw {
        tally.problem(format!(
            "  {}: \"{}\" (seed {seed}): recognize() stops at byte {raw}, \
             the longest viable byte prefix is {expected_raw}",
            rule.name(),
            escape(input)
        ));
    }
}

fn verdict_text(ok: bool) -> &'static str {
    if ok {
        "accepts"
    } else {
        "rejects"
    }
}

/// One seeded input made from the derivations of `source`: 40% derivations
/// (returned with `true`: the interpreter must accept them), 40% mutated
/// derivations, 10% derivations of `sibling` (or of a random rule when there
/// is none), mutated half the time, 10% random strings.
fn make_input(gen: &mut Generator, source: RuleId, sibling: Option<RuleId>) -> (String, bool) {
    match gen.rng.below(20) {
        0..=7 => (gen.generate(source), true),
        8..=15 => {
            let base = gen.generate(source);
            (gen.mutate(&base), false)
        }
        16 | 17 => {
            let other = sibling.unwrap_or_else(|| gen.random_rule());
            let base = gen.generate(other);
            if gen.rng.chance(1, 2) {
                (gen.mutate(&base), false)
            } else {
                (base, false)
            }
        }
        _ => (gen.random_string(), false),
    }
}

/// The seed of one case, so that a failure names something reproducible.
fn case_seed(seed: u64, case: usize) -> u64 {
    seed ^ (case as u64).wrapping_mul(0x2545_F491_4F6C_DD1D)
}

fn find(name: &str) -> (&'static Rule, RuleId) {
    let rule = Rule::find(name).unwrap_or_else(|| panic!("no generated rule {name}"));
    let id = grammar()
        .rule(name)
        .unwrap_or_else(|| panic!("the interpreter has no rule {name}"));
    (rule, id)
}

/// `cases` seeded inputs for the rule `name` alone.
fn run(name: &'static str, cases: usize, seed: u64) -> Tally {
    let g = grammar();
    let (rule, id) = find(name);
    let mut gen = Generator::new(g, seed);
    let mut matcher = Matcher::new(g);
    let mut tally = Tally::new(rule.name());
    for case in 0..cases {
        let case_seed = case_seed(seed, case);
        gen.rng = Rng::new(case_seed);
        let (input, derived) = make_input(&mut gen, id, None);
        let verdict = matcher.verdict(id, &input);
        compare(
            &mut matcher,
            rule,
            id,
            &input,
            verdict,
            derived,
            case_seed,
            &mut tally,
        );
    }
    tally
}

/// Top-level rules on the same inputs, made from all eight rules'
/// generators in turn; every rule must see valid and invalid inputs.
/// `family` selects the rules judged (by index into `TOP_RULES`).
fn run_top_level(family: &[usize]) {
    let g = grammar();
    let seed = 0x3987_3986;
    let sources: Vec<(RuleId, RuleId)> = TOP_RULES
        .iter()
        .map(|(name, sibling)| (find(name).1, find(sibling).1))
        .collect();
    let rules: Vec<(&'static Rule, RuleId)> = family
        .iter()
        .map(|&index| find(TOP_RULES[index].0))
        .collect();
    let ids: Vec<RuleId> = rules.iter().map(|&(_, id)| id).collect();
    let mut tallies: Vec<Tally> = rules
        .iter()
        .map(|(rule, _)| Tally::new(rule.name()))
        .collect();
    let mut gen = Generator::new(g, seed);
    let mut matcher = Matcher::new(g);
    for case in 0..TOP_CASES {
        let case_seed = case_seed(seed, case);
        gen.rng = Rng::new(case_seed);
        let source = case % TOP_RULES.len();
        let (input, derived) = make_input(&mut gen, sources[source].0, Some(sources[source].1));
        let verdicts = matcher.verdicts(&ids, &input);
        for (index, &(rule, id)) in rules.iter().enumerate() {
            compare(
                &mut matcher,
                rule,
                id,
                &input,
                verdicts[index],
                derived && family[index] == source,
                case_seed,
                &mut tallies[index],
            );
        }
    }
    let mut failures = Vec::new();
    for tally in &tallies {
        println!("{}", tally.report());
        failures.extend(tally.failure(true));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// IRI-reference, IRI, absolute-IRI, irelative-ref.
#[test]
fn top_level_iri_rules() {
    run_top_level(&[0, 1, 2, 3]);
}

/// URI-reference, URI, absolute-URI, relative-ref.
#[test]
fn top_level_uri_rules() {
    run_top_level(&[4, 5, 6, 7]);
}

/// Every rule that is not a top-level start rule, in two halves so that the
/// test harness can run them side by side.
fn run_other_rules(half: usize) {
    let others: Vec<&'static Rule> = Rule::all()
        .iter()
        .copied()
        .filter(|rule| !TOP_RULES.iter().any(|(top, _)| *top == rule.name()))
        .collect();
    assert!(!others.is_empty());
    let mut failures = Vec::new();
    let mut checked = 0;
    for (index, rule) in others.iter().enumerate() {
        if index % 2 != half {
            continue;
        }
        // Every generated rule is known to the interpreter (checked in
        // `rule_names_match_the_interpreter`); a missing one fails here too.
        let tally = run(rule.name(), RULE_CASES, 0x5234_0000 + index as u64);
        checked += 1;
        println!("{}", tally.report());
        failures.extend(tally.failure(false));
    }
    assert!(checked > 0);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn other_rules_first_half() {
    run_other_rules(0);
}

#[test]
fn other_rules_second_half() {
    run_other_rules(1);
}

/// The build generated a recognizer for exactly the rules the grammar files
/// define, spelled as there.
#[test]
fn rule_names_match_the_interpreter() {
    let generated: BTreeSet<&str> = Rule::all().iter().map(|rule| rule.name()).collect();
    let loaded: BTreeSet<&str> = grammar().rule_names().iter().map(|s| &**s).collect();
    assert_eq!(
        generated.len(),
        Rule::all().len(),
        "duplicate generated names"
    );
    let only_generated: Vec<_> = generated.difference(&loaded).collect();
    let only_loaded: Vec<_> = loaded.difference(&generated).collect();
    assert!(
        only_generated.is_empty() && only_loaded.is_empty(),
        "generated but not in the grammar files: {only_generated:?}; \
         in the grammar files but not generated: {only_loaded:?}"
    );
    for name in &loaded {
        let found = Rule::find(&name.to_ascii_uppercase()).map(|rule| rule.name());
        assert_eq!(found, Some(*name), "Rule::find of {name} in upper case");
    }
}

/// The interpreter on its own, against answers worked out by hand from the
/// RFCs, so that the differential runs compare the DFA with something known
/// to be right on the tricky parts.
#[test]
fn interpreter_self_checks() {
    let g = grammar();
    // (rule, input, member, longest viable prefix in bytes)
    let cases: &[(&str, &str, bool, usize)] = &[
        // ipath-empty = 0<ipchar> is the empty string (RFC 3987 section 2.2).
        ("ipath-empty", "", true, 0),
        ("ipath-empty", "a", false, 0),
        ("path-empty", "", true, 0),
        // Alternatives sharing prefixes: a first-match reading of
        // IPv6address would take `h16 ":"` greedily and fail these.
        ("IPv6address", "1:2:3:4:5:6:7:8", true, 15),
        ("IPv6address", "1:2:3:4:5:6:1.2.3.4", true, 19),
        ("IPv6address", "1::", true, 3),
        ("IPv6address", "::", true, 2),
        ("IPv6address", "1:2:3:4:5:6:7::", true, 16),
        ("IPv6address", "1:2:3:4:5:6:7:8:9", false, 15),
        ("IPv6address", "1::2::3", false, 5),
        ("IPv6address", "12345::", false, 4),
        ("IPv6address", "::1.2.3.256", false, 10),
        // dec-octet: "25" then "6" is no octet; "01" has a leading zero.
        ("dec-octet", "255", true, 3),
        ("dec-octet", "256", false, 2),
        ("dec-octet", "01", false, 1),
        // Case-insensitive literals fold ASCII only (RFC 5234 section 2.3).
        ("IPvFuture", "V1.x", true, 4),
        ("HEXDIG", "f", true, 1),
        ("HEXDIG", "g", false, 0),
        // Characters, not bytes: ucschar and iprivate by code point.
        ("ucschar", "\u{A0}", true, 2),
        ("ucschar", "\u{9F}", false, 0),
        ("ucschar", "\u{E1000}", true, 4),
        ("ucschar", "\u{E0FFF}", false, 0),
        ("iprivate", "\u{10FFFD}", true, 4),
        ("iquery", "\u{E000}", true, 3),
        ("ifragment", "\u{E000}", false, 0),
        // Prefix viability: "http" could still become a scheme.
        ("IRI", "http", false, 4),
        ("IRI", "http://a b", false, 8),
        ("irelative-ref", "a:b", false, 1),
        ("IRI-reference", "", true, 0),
        ("IRI", "", false, 0),
    ];
    let mut wrong = Vec::new();
    for &(rule, input, member, viable) in cases {
        let id = g.rule(rule).unwrap_or_else(|| panic!("no rule {rule}"));
        let verdict = g.verdict(id, input);
        if verdict.member != member || (!member && verdict.viable_bytes != viable) {
            wrong.push(format!(
                "{rule} \"{}\": got {verdict:?}, want member {member}, viable {viable}",
                escape(input)
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));

    // Inputs of 128 characters and more take the heap bitsets.
    let iri = g.rule("IRI").unwrap();
    let long = format!("http://example.org/{}", "a\u{E9}/".repeat(100));
    assert!(g.verdict(iri, &long).member);
    let long_bad = format!("{long} ");
    let verdict = g.verdict(iri, &long_bad);
    assert!(!verdict.member);
    assert_eq!(verdict.viable_bytes, long.len());
    assert_eq!(
        g.byte_error_offset(iri, &format!("{long}\u{FFFE}")),
        Some(long.len() + 2)
    );

    // Byte-level stops inside a rejected multi-byte character: U+FFFE
    // (EF BF BE) shares EF BF with U+FFEF, which ucschar allows, so a
    // byte recognizer of ipath-abempty dies on its third byte; U+E000
    // (EE 80 80) is iprivate, and nothing else starts with EE, so it dies
    // on the first.
    let abempty = g.rule("ipath-abempty").unwrap();
    assert_eq!(g.byte_error_offset(abempty, "/\u{FFFE}"), Some(3));
    assert_eq!(g.byte_error_offset(abempty, "/\u{E000}"), Some(1));
    assert_eq!(g.byte_error_offset(abempty, "/a"), None);
}

/// The interpreter's reading of ABNF itself, on a small grammar: `=/`,
/// case-sensitive `%s` strings, `%x` sequences, repetition bounds, and
/// ambiguity that only sets of end positions handle.
#[test]
fn interpreter_reads_abnf() {
    let g = Grammar::from_sources(&[
        (
            "one.abnf",
            "greeting = %s\"Hi\" / \"yo\"\nA-B = 2*3\"ab\" [ \"c\" ]\n",
        ),
        (
            "two.abnf",
            "GREETING =/ %x68.65.79\namb = *\"a\" \"a\" \"b\"\nempty = 0<anything>\n",
        ),
    ]);
    let cases: &[(&str, &str, bool)] = &[
        ("greeting", "Hi", true),
        ("greeting", "hi", false),
        ("greeting", "YO", true),
        ("greeting", "hey", true),
        ("greeting", "Hey", false),
        ("a-b", "abab", true),
        ("a-b", "ABabaBc", true),
        ("a-b", "ab", false),
        ("a-b", "abababab", false),
        ("amb", "aaab", true),
        ("amb", "b", false),
        ("empty", "", true),
        ("empty", "x", false),
    ];
    for &(rule, input, member) in cases {
        let id = g.rule(rule).unwrap_or_else(|| panic!("no rule {rule}"));
        assert_eq!(g.matches(id, input), member, "{rule} \"{input}\"");
    }
    assert_eq!(g.name(g.rule("GREETING").unwrap()), "greeting");
}
