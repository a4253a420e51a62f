//! The emitted tables and their accelerated walker agree with the
//! compiler's own DFA (`abnf_dfa::dfa::Dfa::run`, a plain one-byte-at-a-time
//! walk) for every rule, on inputs built to exercise self-loop runs of every
//! length around the eight-byte skip, multi-byte characters, and errors.

use abnf_dfa::{dfa, Config, Grammar};
use rfc3987::grammar::Rule;

#[path = "support/rng.rs"]
mod rng;
use rng::Rng;

const PIECES: &[&str] = &[
    "http",
    "://",
    "a",
    "Z",
    "0",
    "9",
    "-",
    ".",
    "_",
    "~",
    "/",
    "?",
    "#",
    "@",
    ":",
    "[",
    "]",
    "%",
    "%4",
    "%41",
    "!",
    "$",
    "'",
    "(",
    "*",
    "+",
    ",",
    ";",
    "=",
    " ",
    "\t",
    "é",
    "日本",
    "\u{10000}",
    "\u{E000}",
    "\u{FFFE}",
    "\u{202E}",
    "v1.x",
    "::",
    "1.2.3.4",
    "255",
    "ffff",
    "abcdefghijklmnop",
    "xn--",
    "//",
];

#[test]
fn emitted_walker_matches_the_compiler_model() {
    let config =
        Config::load(concat!(env!("CARGO_MANIFEST_DIR"), "/abnf/generate.conf").as_ref()).unwrap();
    let grammar = Grammar::load(&config.grammar_files).unwrap();
    let mut rng = Rng::new(0x5EED);
    let mut inputs: Vec<Vec<u8>> = Vec::new();
    for _ in 0..3000 {
        let mut s = String::new();
        for _ in 0..rng.below(12) {
            let piece = PIECES[rng.below(PIECES.len())];
            // Repeat pieces so runs cross the eight-byte chunks at every length.
            for _ in 0..1 + rng.below(3) * rng.below(9) {
                s.push_str(piece);
            }
        }
        let mut bytes = s.into_bytes();
        if rng.below(20) == 0 && !bytes.is_empty() {
            let at = rng.below(bytes.len());
            bytes[at] = [0xFF, 0x80, 0xC0, 0xED][rng.below(4)];
        }
        if rng.below(10) == 0 && !bytes.is_empty() {
            // Drop a byte: often cuts a multi-byte character short.
            let cut = rng.below(bytes.len());
            bytes.remove(cut);
        }
        inputs.push(bytes);
    }
    let accepted = inputs
        .iter()
        .filter(|i| rfc3987::grammar::rules::IRI_REFERENCE.recognize(i).is_ok())
        .count();
    assert!(
        accepted > 300 && accepted < 2700,
        "the mix must hold both verdicts: {accepted} of 3000 valid"
    );
    for rule in Rule::all() {
        let model = dfa::compile_rule(&grammar, rule.name(), config.max_states).unwrap();
        for input in &inputs {
            assert_eq!(
                rule.recognize(input),
                model.run(input),
                "rule {} on {:?}",
                rule.name(),
                String::from_utf8_lossy(input)
            );
        }
    }
}

/// Every entry of every self-loop table keeps its promise: the byte (or any
/// character starting with the lead byte) leads back to the same state.
#[test]
fn stay_lengths_lead_back_to_the_same_state() {
    use rfc3987::grammar::Table;
    fn check<S: Copy + Into<usize>>(name: &str, dfa: &rfc3987::grammar::Dfa<S>) -> usize {
        let mut promises = 0;
        for state in (dfa.stride..dfa.trans.len()).step_by(dfa.stride) {
            for (lead, &length) in dfa.stay_lengths(state).iter().enumerate() {
                if length == 0 {
                    continue;
                }
                promises += 1;
                // Each continuation position at its extremes and middle.
                for fill in [0x80u8, 0x9F, 0xA0, 0xBF] {
                    let mut at = dfa.step(state, lead as u8);
                    for _ in 1..length {
                        at = dfa.step(at, fill);
                    }
                    assert_eq!(
                        at, state,
                        "{name}: state {state}, lead {lead:02X}, fill {fill:02X}"
                    );
                }
            }
        }
        promises
    }
    let mut promises = 0;
    for rule in Rule::all() {
        promises += match rule.table() {
            Table::U8(dfa) => check(rule.name(), dfa),
            Table::U16(dfa) => check(rule.name(), dfa),
        };
    }
    assert!(
        promises > 1000,
        "only {promises} self-loop entries: the tables lost them"
    );
}
