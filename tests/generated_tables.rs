//! The emitted tables and their accelerated walker agree with the
//! compiler's own DFA (`abnf_dfa::dfa::Dfa::run`, a plain one-byte-at-a-time
//! walk) for every rule, on inputs built to exercise self-loop runs of every
//! length around the eight-byte skip, multi-byte characters, and errors; and
//! the accelerated walk agrees with the plain walk of the same tables
//! (`Rule::recognize_plain`) there and on every code point.

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
    let inputs = mixed_inputs(0x5EED, 3000);
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

/// `count` inputs made of [`PIECES`], repeated so that runs cross the
/// eight-byte chunks at every length, some with a byte replaced by one
/// that is not UTF-8 or removed (often cutting a character short).
fn mixed_inputs(seed: u64, count: usize) -> Vec<Vec<u8>> {
    let mut rng = Rng::new(seed);
    let mut inputs: Vec<Vec<u8>> = Vec::new();
    for _ in 0..count {
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
    inputs
}

/// The accelerated walk and the plain walk agree, error offsets included,
/// for every rule on the generated inputs (the differential suite compares
/// `recognize` with an interpreter too).
#[test]
fn accelerated_walk_matches_the_plain_walk() {
    // The scanner skips only on inputs with 64 bytes or more left, so
    // each input is also repeated into a long one.
    let mut inputs = mixed_inputs(0xACCE1, 3000);
    let long: Vec<Vec<u8>> = inputs
        .iter()
        .filter(|input| !input.is_empty())
        .map(|input| input.repeat(1 + 200 / input.len()))
        .collect();
    inputs.extend(long);
    for rule in Rule::all() {
        for input in &inputs {
            assert_eq!(
                rule.recognize(input),
                rule.recognize_plain(input),
                "rule {} on {:?}",
                rule.name(),
                String::from_utf8_lossy(input)
            );
        }
    }
}

/// Every code point, in runs long enough for the eight-byte skip and alone,
/// early in inputs long enough for the scanner to skip,
/// in each accelerated state of the top-level rules (path, query,
/// fragment, userinfo, host, scheme, relative path): the accelerated walk
/// gives the plain walk's verdict and offset.
#[test]
fn accelerated_walk_matches_on_every_code_point() {
    let rule = &rfc3987::grammar::rules::IRI_REFERENCE;
    let prefixes = [
        "http://u",
        "http://h/p",
        "http://h?q",
        "http://h#f",
        "a",
        "s:",
    ];
    let mut input = Vec::with_capacity(64);
    let mut utf8 = [0u8; 4];
    let mut compared = 0usize;
    for c in ('\0'..=char::MAX).filter(|c| !c.is_ascii_control()) {
        let encoded = c.encode_utf8(&mut utf8).as_bytes();
        for prefix in prefixes {
            input.clear();
            input.extend_from_slice(prefix.as_bytes());
            input.extend_from_slice(b"abcdefgh");
            // Alone, then in a run across an eight-byte boundary, then
            // (for one code point in sixteen) cut short at the end; the
            // scanner skips only with 64 bytes or more left, hence the
            // long run before the end.
            input.extend_from_slice(encoded);
            input.extend_from_slice(b"%4Fxy");
            for _ in 0..3 {
                input.extend_from_slice(encoded);
            }
            input.extend_from_slice(&[b'q'; 64]);
            let cut = input.len() + encoded.len() - 1;
            input.extend_from_slice(encoded);
            let ends: &[usize] = if (c as u32).is_multiple_of(16) {
                &[cut, input.len()]
            } else {
                &[input.len()]
            };
            for &end in ends {
                let bytes = &input[..end];
                compared += 1;
                assert_eq!(
                    rule.recognize(bytes),
                    rule.recognize_plain(bytes),
                    "on {:?}",
                    String::from_utf8_lossy(bytes)
                );
            }
        }
    }
    assert!(compared > 6_000_000, "{compared}");
}

/// Four interleaved walks give each input's own verdict: for every rule,
/// on inputs of all lengths (so that walks die, end and are refilled at
/// every point), and through `check_batch`, `check_all`, `check_all_bytes`
/// and `check_batch_bytes` (whose iterators judge an input under 16 bytes
/// at once where no block is pending, and block the others).
#[test]
fn batched_walks_match_single_ones() {
    // Short inputs are interleaved, long ones (over 256 bytes) go alone:
    // mix both, so that lanes are refilled around the long ones.
    let mut inputs = mixed_inputs(0xBA7C4, 2001);
    inputs.extend(inputs.clone().iter().map(|input| input.repeat(3)));
    let long: Vec<Vec<u8>> = inputs
        .iter()
        .step_by(7)
        .filter(|input| !input.is_empty())
        .map(|input| input.repeat(1 + 300 / input.len()))
        .collect();
    for (i, input) in long.into_iter().enumerate() {
        inputs.insert(i * 13 % inputs.len(), input);
    }
    let slices: Vec<&[u8]> = inputs.iter().map(Vec::as_slice).collect();
    for rule in Rule::all() {
        let batched: Vec<(&[u8], Result<(), usize>)> =
            rule.recognize_all(slices.iter().copied()).collect();
        assert_eq!(batched.len(), slices.len(), "{}", rule.name());
        for (input, (echoed, verdict)) in slices.iter().zip(batched) {
            assert_eq!(*input, echoed);
            assert_eq!(
                verdict,
                rule.recognize_plain(input),
                "rule {} on {:?}",
                rule.name(),
                String::from_utf8_lossy(input)
            );
        }
    }
    let texts: Vec<&str> = inputs
        .iter()
        .filter_map(|input| std::str::from_utf8(input).ok())
        .collect();
    let rule = &rfc3987::grammar::rules::IRI_REFERENCE;
    let singles: Vec<_> = texts.iter().map(|t| rfc3987::check(rule, t)).collect();
    assert_eq!(rfc3987::check_batch(rule, &texts), singles);
    let all: Vec<_> = rfc3987::check_all(rule, texts.iter().copied()).collect();
    assert_eq!(all, singles);
    assert!(texts.iter().any(|t| t.len() < 16) && texts.iter().any(|t| t.len() >= 16));
    assert!(singles.iter().any(Result::is_ok) && singles.iter().any(Result::is_err));
    // Bytes, malformed UTF-8 included: the same errors as one at a time.
    for rule in [
        rule,
        &rfc3987::grammar::rules::IRI,
        &rfc3987::grammar::rules::IHOST,
    ] {
        let singles: Vec<_> = slices
            .iter()
            .map(|input| rfc3987::check_bytes(rule, input))
            .collect();
        let batched: Vec<_> = rfc3987::check_all_bytes(rule, slices.iter().copied()).collect();
        assert_eq!(batched, singles, "{}", rule.name());
        assert_eq!(
            rfc3987::check_batch_bytes(rule, &slices),
            singles,
            "{}",
            rule.name()
        );
    }
}

/// Every lead byte with every byte after it, well-formed UTF-8 or not
/// (overlong forms, surrogates, past U+10FFFF, cut short), inside long
/// runs of each accelerated state: the scanner checks well-formedness
/// itself before skipping a character, and must agree with the plain walk.
#[test]
fn accelerated_walk_matches_on_every_two_byte_prefix() {
    let prefixes = ["http://u", "http://h/p", "http://h?q", "http://h#f", "a"];
    let mut compared = 0;
    for prefix in prefixes {
        for lead in 0x80..=0xFFu8 {
            for second in 0..=0xFFu8 {
                for tail in [&[0x80u8, 0xBF][..], &[0xBF], &[b'a', 0x80]] {
                    let mut input = prefix.as_bytes().to_vec();
                    input.extend_from_slice(&[b'x'; 20]);
                    input.extend_from_slice(&[lead, second]);
                    input.extend_from_slice(tail);
                    input.extend_from_slice(&[b'y'; 70]);
                    for rule in [
                        &rfc3987::grammar::rules::IRI_REFERENCE,
                        &rfc3987::grammar::rules::IRI,
                    ] {
                        compared += 1;
                        assert_eq!(
                            rule.recognize(&input),
                            rule.recognize_plain(&input),
                            "rule {} on {:?}",
                            rule.name(),
                            String::from_utf8_lossy(&input)
                        );
                    }
                }
            }
        }
    }
    assert!(compared > 300_000, "{compared}");
}

/// One "did you mean" policy for rule names: the runtime's
/// `Rule::suggest` (behind `iri check --rule NAME`) and the grammar
/// compiler's `suggest::nearest` (behind its undefined-rule errors) give
/// the same names, in the same order, for misspellings of every kind
/// (a letter off, a piece missing, case, a prefix, nothing near).
#[test]
fn rule_suggestions_follow_the_compilers_policy() {
    let names: Vec<&str> = Rule::all().iter().map(|rule| rule.name()).collect();
    let misspellings = [
        "iri-refrence",
        "IRI-REF",
        "ipv6",
        "ipv4adress",
        "ipath-abempty ",
        "isegmentnznc",
        "ihost",
        "ireg_name",
        "querry",
        "fragmnt",
        "schem",
        "uri",
        "pct",
        "hexdigit",
        "x",
        "",
        "no-such-rule-anywhere",
    ];
    let mut suggested = 0;
    for name in misspellings {
        let runtime = Rule::suggest(name);
        assert_eq!(
            runtime,
            abnf_dfa::suggest::nearest(name, names.iter().copied()),
            "{name:?}"
        );
        suggested += usize::from(!runtime.is_empty());
    }
    assert!(
        suggested >= 12,
        "{suggested} of the misspellings got a suggestion"
    );
}
