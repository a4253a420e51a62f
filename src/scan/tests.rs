use alloc::string::String;
use alloc::vec::Vec;

use super::codes::{HEX1, HEX2, LEAD_SHIFT, PERCENT, STAY};
use super::simd::Path;
use super::table::{divide_by_inverse, stride_inverse};
use super::walk::{plane_end, SECOND_BYTES, SKIP_MIN};
use super::*;
use crate::grammar::{rules, Rule};

/// `SECOND_BYTES` is UTF-8's: a lead byte, a second byte and
/// continuation bytes form a well-formed character exactly when the
/// second byte is in the lead's range.
#[test]
fn second_bytes_are_utf8s() {
    for lead in 0xC2..=0xF4u8 {
        let length = match lead {
            0xC2..=0xDF => 2,
            0xE0..=0xEF => 3,
            _ => 4,
        };
        for second in 0..=255u8 {
            let bytes = [lead, second, 0x80, 0x80];
            assert_eq!(
                core::str::from_utf8(&bytes[..length]).is_ok(),
                SECOND_BYTES[usize::from(lead)].contains(&second),
                "{lead:02X} {second:02X}"
            );
        }
    }
}

/// Every code a table gives is a promise about the transition table:
/// check each one against it, for every accelerated state of every rule.
#[test]
fn codes_keep_their_promises() {
    let mut promises = 0usize;
    for rule in Rule::all() {
        let dfa = rule.dfa();
        let stride = dfa.trans.len() / rule.states();
        for state in (0..dfa.trans.len()).step_by(stride) {
            let Some(codes) = dfa.codes(state) else {
                continue;
            };
            // SAFETY (of the `step` calls): `state` is a multiple of the
            // stride below `trans.len()`, and so is every `step` result.
            let step = |s: usize, b: u8| unsafe { dfa.step(s, b) };
            for byte in 0..=255u8 {
                let c = codes[usize::from(byte)];
                if c & STAY != 0 {
                    promises += 1;
                    assert_eq!(step(state, byte), state, "{}: {byte:02X}", rule.name());
                }
                if c & PERCENT != 0 {
                    for high in (0..=255u8).filter(|&h| codes[usize::from(h)] & HEX1 != 0) {
                        for low in (0..=255u8).filter(|&l| codes[usize::from(l)] & HEX2 != 0) {
                            let end = step(step(step(state, byte), high), low);
                            assert_eq!(end, state, "{}: %{high:02X}{low:02X}", rule.name());
                        }
                    }
                }
                let continuations = c >> LEAD_SHIFT & 3;
                if continuations != 0 {
                    promises += 1;
                    for second in SECOND_BYTES[usize::from(byte)].clone() {
                        for fill in [0x80u8, 0x8F, 0x90, 0x9F, 0xA0, 0xBF] {
                            if continuations == 3 && plane_end(second, &[fill, fill]) {
                                // The exception of four-byte leads.
                                continue;
                            }
                            let mut at = step(step(state, byte), second);
                            for _ in 1..continuations {
                                at = step(at, fill);
                            }
                            assert_eq!(
                                at,
                                state,
                                "{}: {byte:02X} {second:02X} {fill:02X}",
                                rule.name()
                            );
                        }
                    }
                }
            }
        }
    }
    assert!(
        promises > 1000,
        "only {promises} promises: the codes are lost"
    );
}

/// Every shift machine of every rule is the table restricted to the
/// machine's states: for each machine state and ASCII byte, the row
/// leads to the state the table leads to when the machine has it, and
/// to the escape otherwise; and each accelerated state's machine is
/// entered at that state.
#[test]
fn shift_machines_are_the_table() {
    let mut checked = 0usize;
    for rule in Rule::all() {
        let dfa = rule.dfa();
        let accelerated = dfa.accel_index.len() / dfa.stride;
        for (i, machine) in dfa.shifts.iter().enumerate() {
            // An accelerated state's machine, or the start state's.
            let own = if i < accelerated {
                dfa.accel_from + i * dfa.stride
            } else {
                dfa.start
            };
            assert_eq!(machine.state(shift::ENTRY), own);
            assert_eq!(dfa.machine(own).map(|(_, k)| k), Some(shift::ENTRY));
            let states: Vec<(u64, usize)> = (1..64u64)
                .filter(|k| k % shift::WIDTH == 0)
                .map(|k| (k, machine.state(k)))
                .filter(|&(_, state)| state != 0)
                .collect();
            for byte in 0..=255u8 {
                assert_eq!(
                    machine.walk(shift::ESCAPE, &[byte]),
                    shift::ESCAPE,
                    "{}: the escape must be absorbing",
                    rule.name()
                );
            }
            for &(k, state) in &states {
                for byte in 0..=255u8 {
                    let expected = machine_target(dfa, state, byte)
                        .and_then(|next| states.iter().find(|&&(_, s)| s == next))
                        .map_or(shift::ESCAPE, |&(j, _)| j);
                    assert_eq!(
                        machine.walk(k, &[byte]),
                        expected,
                        "{}: state {state} byte {byte:02X}",
                        rule.name()
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 100_000, "only {checked} transitions checked");
    // The reference rules walk the configuration's trail
    // (`http://example.org/a?q`): their start states have machines.
    for rule in [&rules::IRI_REFERENCE, &rules::IRI, &rules::URI_REFERENCE] {
        let dfa = rule.dfa();
        let (machine, entry) = dfa.machine(dfa.start).expect("a start machine");
        assert_eq!((machine.state(entry), entry), (dfa.start, shift::ENTRY));
    }
}

/// Where a machine (shift or wide) must take `state` (a state id of
/// `dfa`) on `byte`: the table's step on ASCII (`None` where it dies),
/// `state` itself on a continuation byte and on a lead byte the
/// state's codes vouch for, `None` (the escape) on other leads. The
/// machine holds the state or escapes.
fn machine_target(dfa: &Dfa, state: usize, byte: u8) -> Option<usize> {
    match byte {
        // SAFETY: `state` is a state id of this DFA.
        0..=0x7F => Some(unsafe { dfa.step(state, byte) }).filter(|&next| next != 0),
        0x80..=0xBF => Some(state),
        _ => lead_vouched(dfa, state, byte).then_some(state),
    }
}

/// Whether a machine may keep `state` on the lead byte `byte`: where
/// the state's codes vouch for all its characters. (A four-byte
/// lead's code leaves out the noncharacters: it is vouched for here
/// only if they return too.)
fn lead_vouched(dfa: &Dfa, state: usize, byte: u8) -> bool {
    let count = dfa
        .codes(state)
        .map_or(0, |codes| codes[usize::from(byte)] >> LEAD_SHIFT & 3);
    match count {
        0 => false,
        // SAFETY (of the `step` calls): `state` is a state id of
        // this DFA, and so is every `step` result.
        3 => SECOND_BYTES[usize::from(byte)]
            .clone()
            .filter(|second| second & 0x0F == 0x0F)
            .all(|second| {
                [0xBE, 0xBF].iter().all(|&last| {
                    let mut at = unsafe { dfa.step(state, byte) };
                    for b in [second, 0xBF, last] {
                        at = unsafe { dfa.step(at, b) };
                    }
                    at == state
                })
            }),
        _ => true,
    }
}

/// Every lane of every wide machine goes where the table goes, as a
/// shift machine's fields do (`shift_machines_are_the_table`); lane
/// 0, the escape, stays; and a crawled URL's walk (`%HH` in its path
/// and query, a fragment) never leaves the machine of the reference
/// rules.
#[test]
fn wide_machines_are_the_table() {
    let mut checked = 0usize;
    let mut wide_rules = 0;
    for rule in Rule::all() {
        let dfa = rule.dfa();
        let Some(wide) = dfa.wide else { continue };
        wide_rules += 1;
        assert_eq!(wide.state(1), dfa.start);
        let lanes: Vec<(u8, usize)> = (1..16u8)
            .map(|k| (k, wide.state(k)))
            .filter(|&(_, state)| state != 0)
            .collect();
        for byte in 0..=255u8 {
            assert_eq!(wide.lanes(byte)[0], 0, "{}: the escape stays", rule.name());
            // The fast path's first test: the byte enters exactly
            // when the start state's step lands in a lane.
            #[cfg(simd_path)]
            assert_eq!(
                wide.enters(byte),
                machine_target(dfa, dfa.start, byte)
                    .is_some_and(|next| lanes.iter().any(|&(_, s)| s == next)),
                "{}: byte {byte:02X} enters",
                rule.name()
            );
        }
        for &(k, state) in &lanes {
            for byte in 0..=255u8 {
                let expected = machine_target(dfa, state, byte)
                    .and_then(|next| lanes.iter().find(|&&(_, s)| s == next))
                    .map_or(0, |&(j, _)| j);
                assert_eq!(
                    wide.lanes(byte)[usize::from(k)],
                    expected,
                    "{}: state {state} byte {byte:02X}",
                    rule.name()
                );
                checked += 1;
            }
        }
    }
    assert!(
        wide_rules >= 3 && checked > 10_000,
        "only {checked} transitions checked"
    );
    for rule in [&rules::IRI_REFERENCE, &rules::IRI, &rules::URI_REFERENCE] {
        let dfa = rule.dfa();
        let wide = dfa.wide.expect("a wide start machine");
        let relative = rule.name().ends_with("reference");
        let urls: &[&str] = if relative {
            &["https://example.org/a/b%41c?q=%41&r#frag", "/a%41b?c%41"]
        } else {
            &["https://example.org/a/b%41c?q=%41&r#frag"]
        };
        for url in urls {
            let mut lane = 1u8;
            for &byte in url.as_bytes() {
                lane = wide.lanes(byte)[usize::from(lane)];
                assert_ne!(lane, 0, "{}: {url:?} leaves at {byte:02X}", rule.name());
            }
            assert_eq!(
                Some(wide.state(lane)),
                dfa.walk(dfa.start, url.as_bytes()).ok()
            );
        }
    }
}

/// A machine's walk of an input's last chunk, its first bytes kept as
/// walked, is the walk of the bytes after them: from every machine
/// state (the escape included) of every rule, on chunks of every
/// byte value, for every count of bytes walked already. A `KEEP` row
/// that moves some state, or a byte walked twice, fails it.
#[test]
fn the_last_chunk_walks_as_its_tail() {
    let mut next = crate::test_rng::xorshift(0x2545_F491_4F6C_DD1D);
    let mut checked = 0usize;
    for rule in Rule::all() {
        for machine in rule.dfa().shifts {
            for k in (0..=shift::STATES as u64).map(|k| k * shift::WIDTH) {
                for _ in 0..64 {
                    // Mostly bytes that IRIs are made of, so that
                    // most walks do not escape at once; any byte too.
                    const COMMON: &[u8] = b"az09/%AF?#=&.:@-~[]";
                    let any = next().is_multiple_of(4);
                    let last = next().to_le_bytes().map(|b| {
                        if any {
                            b
                        } else {
                            COMMON[usize::from(b) % COMMON.len()]
                        }
                    });
                    for walked in 0..=CHUNK {
                        assert_eq!(
                            machine.walk_last(k, &last, walked),
                            machine.walk(k, &last[walked..]),
                            "{}: offset {k}, {last:02X?}, {walked} walked",
                            rule.name()
                        );
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 100_000, "only {checked} walks checked");
}

/// The multiplication that numbers a state is the division, for
/// every rule's stride and every id a state may have.
#[test]
fn states_are_numbered_as_by_division() {
    for rule in Rule::all() {
        let dfa = rule.dfa();
        for state in 0..dfa.trans.len() {
            assert_eq!(
                dfa.number(state) as usize,
                state / dfa.stride,
                "{} state {state}",
                rule.name()
            );
        }
    }
    // And for every stride and id the checks in `new` allow.
    for stride in (1..=1usize << 16)
        .step_by(97)
        .chain([255, 256, 4096, 1 << 16])
    {
        let inverse = stride_inverse(stride);
        for state in (0..1usize << 16).step_by(13).chain([(1 << 16) - 1]) {
            assert_eq!(divide_by_inverse(state, inverse) as usize, state / stride);
        }
    }
}

/// Every window-check path gives the plain walk's verdict, error
/// offset included, for every rule, on inputs made of pieces that
/// stay in runs (ASCII of every kind, `%HH`, characters of every
/// UTF-8 length, noncharacters, iprivate) and pieces that end them or
/// kill the walk, at every length up to a few 32-byte windows, behind
/// prefixes that shift the runs through every alignment. The AVX2
/// path runs the walk compiled for AVX2 and BMI2 (`resume_avx2`), the
/// others the baseline code, so both builds of the walk are compared.
#[test]
fn every_path_walks_as_the_table() {
    const PIECES: &[&str] = &[
        "abcdefghijklmnop",
        "XYZ",
        "0123456789",
        "-._~",
        "!$&'()*+,;=",
        ":",
        "@",
        "/",
        "?",
        "#",
        "[",
        "]",
        "%41",
        "%e4%B8%ad",
        "%",
        "%4",
        "%G1",
        " ",
        "\"",
        "<",
        "^",
        "\u{7f}",
        "\u{e9}",
        "\u{4e2d}\u{6587}",
        "\u{928}\u{92e}",
        "\u{1f600}",
        "\u{1fffe}",
        "\u{2ffff}",
        "\u{20bb7}",
        "\u{e0001}",
        "\u{10fffd}",
        "\u{10ffff}",
        "\u{fffe}",
        "\u{e000}",
        "\u{f0000}",
        "\u{a0}",
        "\u{85}",
        "\u{d7ff}",
    ];
    // Heads that the start machine walks, escapes from at every
    // offset of its first chunks, or never enters.
    const HEADS: &[&str] = &[
        "",
        "http://",
        "http://a",
        "s://u@h:1/p",
        "//h",
        "a/b",
        "x:",
        "https://www.",
        "chrome-extension://",
        "urn:isbn:",
        "/a/b?",
        "../",
        "h\u{e9}://",
    ];
    let mut next = crate::test_rng::xorshift(0x9E37_79B9_7F4A_7C15u64);
    let mut inputs: Vec<Vec<u8>> = Vec::new();
    for _ in 0..3000 {
        let mut input = HEADS[next() as usize % HEADS.len()].as_bytes().to_vec();
        // Past SKIP_MIN, so that runs are skipped too.
        let stop = next() as usize % (SKIP_MIN + 96);
        while input.len() < stop {
            let piece = PIECES[next() as usize % PIECES.len()];
            // Mostly run text, now and then anything.
            let piece = if next().is_multiple_of(4) {
                piece
            } else {
                PIECES[next() as usize % 7]
            };
            input.extend_from_slice(piece.as_bytes());
        }
        inputs.push(input);
    }
    // Raw bytes too (invalid UTF-8 inside runs).
    for _ in 0..500 {
        let mut input = b"http://h/".to_vec();
        for _ in 0..next() as usize % (SKIP_MIN + 64) {
            let byte = next() as u8;
            input.push(if next().is_multiple_of(3) {
                byte
            } else {
                b'a' + byte % 26
            });
        }
        inputs.push(input);
    }
    let mut compared = 0usize;
    for rule in Rule::all() {
        let dfa = rule.dfa();
        for input in &inputs {
            let plain = dfa.reject_plain(input);
            if let Err(reject) = plain {
                assert_eq!(
                    reject.state as usize,
                    dfa.state_after(&input[..reject.offset]),
                    "{} {:?}",
                    rule.name(),
                    String::from_utf8_lossy(input)
                );
            }
            let text = core::str::from_utf8(input).is_ok();
            for path in Path::available() {
                for shift in [0usize, 1, 5, 13, 31] {
                    let mut shifted = Vec::with_capacity(input.len() + shift);
                    shifted.extend(core::iter::repeat_n(b'a', shift));
                    shifted.extend_from_slice(input);
                    let input = &shifted[shift..];
                    assert_eq!(
                        dfa.resume::<false>(path, dfa.start, input, 0).map(drop),
                        plain,
                        "{} {path:?} {:?}",
                        rule.name(),
                        String::from_utf8_lossy(input)
                    );
                    compared += 1;
                    if text {
                        assert_eq!(
                            dfa.resume::<true>(path, dfa.start, input, 0).map(drop),
                            plain,
                            "text: {} {path:?} {:?}",
                            rule.name(),
                            String::from_utf8_lossy(input)
                        );
                        compared += 1;
                    }
                }
            }
        }
    }
    assert!(compared > 100_000, "only {compared} comparisons");
}

/// `build.rs` names the target predicates: x86_64 and aarch64 with NEON
/// get the wide path, so a lost predicate cannot silently compile it out.
#[test]
fn the_wide_path_is_compiled_where_the_target_has_one() {
    let x86_64 = cfg!(target_arch = "x86_64");
    let neon = cfg!(all(target_arch = "aarch64", target_feature = "neon"));
    assert_eq!(cfg!(simd_path), x86_64 || neon);
    assert_eq!(cfg!(neon_path), neon);
}
