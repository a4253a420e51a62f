//! Conformance cases for the grammar's edges, as data.
//!
//! Each row is `(rule, input, expected)`: `OK`, or `at(n)` for a rejection
//! at byte offset `n`, the start of the first character the grammar rejects
//! (the input's length when the input ends too early). Every row runs on two
//! engines: the generated DFA through [`rfc3987::check`], and the independent
//! interpreter of `tests/support/interp.rs` (rows of raw bytes that are not
//! UTF-8 run on the DFA only: the interpreter reads characters).
//!
//! The sources: RFC 3987 section 2.2 (ucschar, iprivate), 3.1 and 3.2
//! (examples), 4.1 (bidi formatting characters are syntactically allowed);
//! RFC 3986 sections 1.1.2, 3, 3.2.2 (IP literals, dec-octet), 2.1
//! (percent-encoding), 5.4 (reference resolution examples).

mod support;

use std::sync::OnceLock;

use rfc3987::grammar::{class, rules, Rule};
use support::interp::{escape, escape_bytes, Grammar};

/// `Ok`, or the expected error offset.
type Expect = Result<(), usize>;

const OK: Expect = Ok(());

const fn at(offset: usize) -> Expect {
    Err(offset)
}

type Row = (&'static Rule, &'static str, Expect);

fn grammar() -> &'static Grammar {
    static GRAMMAR: OnceLock<Grammar> = OnceLock::new();
    GRAMMAR.get_or_init(Grammar::load)
}

/// Runs rows on both engines and fails listing every mismatch.
fn run<S: AsRef<str>>(table: &str, rows: impl IntoIterator<Item = (&'static Rule, S, Expect)>) {
    let g = grammar();
    let mut failures = Vec::new();
    let mut count = 0;
    for (rule, input, expect) in rows {
        let input = input.as_ref();
        count += 1;
        let dfa = rfc3987::check(rule, input).map_err(|e| e.offset());
        if dfa != expect {
            failures.push(format!(
                "  DFA: {} \"{}\": got {}, want {}",
                rule.name(),
                escape(input),
                show(dfa),
                show(expect)
            ));
        }
        let id = g
            .rule(rule.name())
            .unwrap_or_else(|| panic!("the interpreter has no rule {}", rule.name()));
        let verdict = g.verdict(id, input);
        let interpreted = if verdict.member {
            Ok(())
        } else {
            Err(verdict.viable_bytes)
        };
        if interpreted != expect {
            failures.push(format!(
                "  interpreter: {} \"{}\": got {}, want {}",
                rule.name(),
                escape(input),
                show(interpreted),
                show(expect)
            ));
        }
    }
    assert!(count > 0, "{table}: empty table");
    assert!(
        failures.is_empty(),
        "{table}: {} of {count} checks failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn show(result: Expect) -> String {
    match result {
        Ok(()) => "OK".to_string(),
        Err(offset) => format!("error at byte {offset}"),
    }
}

// ---------------------------------------------------------------------------
// ucschar and iprivate (RFC 3987 section 2.2), edge by edge.

/// `ucschar`, as RFC 3987 section 2.2 lists it: the oracle for the edge rows.
const UCSCHAR: [(u32, u32); 17] = [
    (0xA0, 0xD7FF),
    (0xF900, 0xFDCF),
    (0xFDF0, 0xFFEF),
    (0x10000, 0x1FFFD),
    (0x20000, 0x2FFFD),
    (0x30000, 0x3FFFD),
    (0x40000, 0x4FFFD),
    (0x50000, 0x5FFFD),
    (0x60000, 0x6FFFD),
    (0x70000, 0x7FFFD),
    (0x80000, 0x8FFFD),
    (0x90000, 0x9FFFD),
    (0xA0000, 0xAFFFD),
    (0xB0000, 0xBFFFD),
    (0xC0000, 0xCFFFD),
    (0xD0000, 0xDFFFD),
    (0xE1000, 0xEFFFD),
];

/// `iprivate`, as RFC 3987 section 2.2 lists it.
const IPRIVATE: [(u32, u32); 3] = [(0xE000, 0xF8FF), (0xF0000, 0xFFFFD), (0x100000, 0x10FFFD)];

fn in_ranges(ranges: &[(u32, u32)], c: char) -> bool {
    ranges
        .iter()
        .any(|&(lo, hi)| (lo..=hi).contains(&(c as u32)))
}

/// Each range's first, second, second-to-last and last character, and the
/// characters just outside it (surrogates and values past U+10FFFF have no
/// `char`; they are covered as bytes in `ill_formed_utf8`).
fn edge_characters() -> Vec<char> {
    let mut points = Vec::new();
    for &(lo, hi) in UCSCHAR.iter().chain(&IPRIVATE) {
        points.extend([lo.wrapping_sub(1), lo, lo + 1, hi - 1, hi, hi + 1]);
    }
    points.sort_unstable();
    points.dedup();
    points.into_iter().filter_map(char::from_u32).collect()
}

/// Each edge character in each IRI component that RFC 3987 opens to
/// ucschar, and in the one that also takes iprivate (iquery).
#[test]
fn ucschar_and_iprivate_edges() {
    let mut rows: Vec<(&'static Rule, String, Expect)> = Vec::new();
    let mut class_failures = Vec::new();
    for c in edge_characters() {
        let ucs = in_ranges(&UCSCHAR, c);
        let private = in_ranges(&IPRIVATE, c);
        let expect = |allowed: bool, offset: usize| if allowed { OK } else { at(offset) };
        // (rule, text before, text after, allowed there)
        let contexts: [(&'static Rule, &str, &str, bool); 11] = [
            (&rules::IRI, "http://example.org/a", "b", ucs),
            (&rules::IRI, "http://example.org/?", "", ucs || private),
            (&rules::IRI, "http://example.org/#", "", ucs),
            (&rules::IRI, "http://a", "b/", ucs),
            (&rules::IRI, "http://u", "@example.org/", ucs),
            (&rules::IRI_REFERENCE, "a", "/b", ucs),
            (&rules::IRELATIVE_REF, "?", "", ucs || private),
            (&rules::URI, "http://example.org/?", "", false),
            (&rules::UCSCHAR, "", "", ucs),
            (&rules::IPRIVATE, "", "", private),
            (&rules::IQUERY, "", "", ucs || private),
        ];
        for (rule, before, after, allowed) in contexts {
            rows.push((
                rule,
                format!("{before}{c}{after}"),
                expect(allowed, before.len()),
            ));
        }
        if class::is_ucschar(c) != ucs || class::is_iprivate(c) != private {
            class_failures.push(format!(
                "U+{:04X}: is_ucschar {} is_iprivate {}, want {ucs} {private}",
                c as u32,
                class::is_ucschar(c),
                class::is_iprivate(c)
            ));
        }
    }
    assert!(class_failures.is_empty(), "{}", class_failures.join("\n"));
    run("ucschar and iprivate edges", rows);
}

/// Characters with a story: bidi formatting characters are ucschar, so the
/// syntax allows them (RFC 3987 section 4.1 forbids them by prose, not by
/// ABNF); noncharacters sit in the gaps of ucschar; iprivate belongs to
/// iquery only.
static SPECIAL_CHARACTERS: &[Row] = &[
    (&rules::IRI, "http://example.org/\u{200E}", OK), // LRM
    (&rules::IRI, "http://example.org/\u{200F}", OK), // RLM
    (&rules::IRI, "http://example.org/\u{202A}", OK), // LRE
    (&rules::IRI, "http://example.org/\u{202B}", OK), // RLE
    (&rules::IRI, "http://example.org/\u{202C}", OK), // PDF
    (&rules::IRI, "http://example.org/\u{202D}", OK), // LRO
    (&rules::IRI, "http://example.org/\u{202E}", OK), // RLO
    (&rules::IRI, "http://example.org/\u{2066}", OK), // LRI
    (&rules::IRI, "http://example.org/\u{2069}", OK), // PDI
    (&rules::IRI, "http://\u{202E}.example/", OK),
    (&rules::URI, "http://example.org/\u{202E}", at(19)),
    (&rules::IRI, "http://example.org/\u{FEFF}", OK),
    (&rules::IRI, "http://example.org/\u{FDD0}", at(19)),
    (&rules::IRI, "http://example.org/\u{FDEF}", at(19)),
    (&rules::IRI, "http://example.org/\u{FFFE}", at(19)),
    (&rules::IRI, "http://example.org/\u{FFFF}", at(19)),
    (&rules::IRI, "http://example.org/?\u{FFFE}", at(20)),
    (&rules::IRI, "http://example.org/\u{1FFFE}", at(19)),
    (&rules::IRI, "http://example.org/\u{10FFFF}", at(19)),
    (&rules::IRI, "http://example.org/?\u{10FFFF}", at(20)),
    (&rules::IRI, "http://example.org/\u{D7FF}", OK),
    (&rules::IRI, "http://example.org/\u{E000}", at(19)),
    (&rules::IRI, "http://example.org/?\u{E000}", OK),
    (
        &rules::IRI,
        "http://example.org/?a=\u{F8FF}&b=\u{10FFFD}",
        OK,
    ),
    (&rules::IRI, "http://example.org/#\u{E000}", at(20)),
    (&rules::IRI, "http://\u{E000}/", at(7)),
    (&rules::IRI, "http://\u{F0000}@a/", at(7)),
    (&rules::IRI, "\u{E000}:x", at(0)),
    (&rules::IRI_REFERENCE, "\u{E000}", at(0)),
    (&rules::IRI_REFERENCE, "?\u{E000}#\u{E000}", at(5)),
    (&rules::ISEGMENT, "\u{F8FF}", at(0)),
    (&rules::IFRAGMENT, "\u{E000}", at(0)),
    (
        &rules::IQUERY,
        "\u{E000}\u{F8FF}\u{F0000}\u{FFFFD}\u{100000}\u{10FFFD}",
        OK,
    ),
    (&rules::IUSERINFO, "\u{E000}", at(0)),
    (&rules::IREG_NAME, "\u{F900}", OK),
    // C0 and C1 controls, space, DEL: nowhere.
    (&rules::IRI, "http://example.org/\u{85}", at(19)),
    (&rules::IRI, "http://example.org/\u{9F}", at(19)),
    (&rules::IRI, "http://example.org/ ", at(19)),
    (&rules::IRI, "http://example.org/\t", at(19)),
    (&rules::IRI, "http://example.org/\u{7F}", at(19)),
    (&rules::IRI, "http://example.org/?\0", at(20)),
    // Scheme stays ASCII (RFC 3987 section 2.2 keeps RFC 3986's scheme).
    (&rules::IRI, "h\u{E9}:x", at(1)),
    (&rules::SCHEME, "\u{E9}", at(0)),
];

#[test]
fn special_characters() {
    run(
        "special characters",
        SPECIAL_CHARACTERS.iter().map(|&(r, i, e)| (r, i, e)),
    );
}

// ---------------------------------------------------------------------------
// Bytes that are not UTF-8: surrogates cannot be in a `&str`, so they (and
// overlongs, and bytes past U+10FFFF) come as raw bytes through `check_bytes`.

/// `(rule, bytes, expected)`, DFA only.
static BYTE_ROWS: &[(&Rule, &[u8], Expect)] = &[
    // Surrogates U+D800, U+DBFF, U+DC00, U+DFFF encoded as if they were
    // characters (CESU-style).
    (&rules::IRI, b"http://example.org/\xED\xA0\x80", at(19)),
    (&rules::IRI, b"http://example.org/\xED\xAF\xBF", at(19)),
    (&rules::IRI, b"http://example.org/\xED\xB0\x80", at(19)),
    (&rules::IRI, b"http://example.org/\xED\xBF\xBF", at(19)),
    (&rules::IRI, b"http://example.org/?\xED\xA0\x80", at(20)),
    (&rules::IQUERY, b"\xED\xA0\x80\xED\xB0\x80", at(0)),
    // Overlong encodings of '/' (2F) and of U+00A0.
    (&rules::IRI, b"http://example.org/\xC0\xAF", at(19)),
    (&rules::IRI, b"http://example.org/\xC1\xBF", at(19)),
    (&rules::IRI, b"http://example.org/\xE0\x80\xAF", at(19)),
    (&rules::IRI, b"http://example.org/\xE0\x82\xA0", at(19)),
    (&rules::IRI, b"http://example.org/\xF0\x80\x80\xAF", at(19)),
    // Past U+10FFFF, and bytes that never occur.
    (&rules::IRI, b"http://example.org/?\xF4\x90\x80\x80", at(20)),
    (&rules::IRI, b"http://example.org/\xF5\x80\x80\x80", at(19)),
    (
        &rules::IRI,
        b"http://example.org/\xF8\x88\x80\x80\x80",
        at(19),
    ),
    (&rules::IRI, b"http://example.org/\xFE", at(19)),
    (&rules::IRI, b"http://example.org/\xFF", at(19)),
    // Stray continuation bytes, broken and truncated sequences.
    (&rules::IRI, b"http://example.org/\x80", at(19)),
    (&rules::IRI, b"http://example.org/\xBF", at(19)),
    (&rules::IRI, b"http://example.org/\xC3\x28", at(19)),
    (&rules::IRI, b"http://example.org/\xC3", at(19)),
    (&rules::IRI, b"http://example.org/\xE2\x82", at(19)),
    (&rules::IRI, b"http://example.org/\xF0\x9F\x98", at(19)),
    (&rules::IRI, b"http://example.org/\xE2\x82x", at(19)),
    (&rules::IRI, b"\xC3\xA9", at(0)),
    // A grammar error before the malformation is the one reported.
    (&rules::IRI, b"http://exa mple.org/\xED\xA0\x80", at(10)),
    // Well-formed neighbours of the above, for contrast.
    (&rules::IRI, b"http://example.org/\xED\x9F\xBF", OK), // U+D7FF
    (&rules::IRI, b"http://example.org/?\xEE\x80\x80", OK), // U+E000
    (&rules::IRI, b"http://example.org/\xEE\x80\x80", at(19)),
    (&rules::IRI, b"http://example.org/?\xF4\x8F\xBF\xBD", OK), // U+10FFFD
    (&rules::IRI, b"http://example.org/\xC2\xA0", OK),          // U+00A0
    (&rules::IRI, b"http://example.org/\xC2\x9F", at(19)),      // U+009F
];

#[test]
fn ill_formed_utf8() {
    let mut failures = Vec::new();
    let mut well_formed: Vec<(&'static Rule, &str, Expect)> = Vec::new();
    for &(rule, bytes, expect) in BYTE_ROWS {
        let got = rfc3987::check_bytes(rule, bytes).map_err(|e| e.offset());
        if got != expect {
            failures.push(format!(
                "  {} \"{}\": got {}, want {}",
                rule.name(),
                escape_bytes(bytes),
                show(got),
                show(expect)
            ));
        }
        // Well-formed rows also go through both engines as text.
        if let Ok(text) = std::str::from_utf8(bytes) {
            well_formed.push((rule, text, expect));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    run("ill-formed UTF-8 (its well-formed rows)", well_formed);
}

/// The DFA may notice a bad character only at a later byte of it (U+FFFE
/// begins like U+FFEF, which ucschar allows): `recognize` reports the byte
/// where the DFA died, `check` the start of the character.
#[test]
fn error_inside_a_multibyte_character() {
    // (input, recognize's raw offset, check's offset)
    let cases: [(&str, usize, usize); 5] = [
        ("http://example.org/\u{FFFE}", 21, 19),
        ("http://example.org/\u{FDD0}", 21, 19),
        ("http://example.org/\u{E000}", 19, 19),
        ("http://example.org/\u{1FFFE}", 22, 19),
        ("http://example.org/\u{10FFFF}", 19, 19),
    ];
    let g = grammar();
    let iri = g.rule("IRI").unwrap();
    for (input, raw, start) in cases {
        let shown = escape(input);
        assert_eq!(rules::IRI.recognize(input.as_bytes()), Err(raw), "{shown}");
        assert_eq!(g.byte_error_offset(iri, input), Some(raw), "{shown}");
        let error = rfc3987::check(&rules::IRI, input).unwrap_err();
        assert_eq!(error.offset(), start, "{shown}");
    }
}

// ---------------------------------------------------------------------------
// IP literals (RFC 3986 section 3.2.2).

/// `IPv6address` rows; each also runs inside `IP-literal` ("[...]") and
/// inside an IRI and a URI authority ("http://[...]/"), where a rejection
/// moves by the length of what comes before.
static IPV6: &[(&str, Expect)] = &[
    // 1:  6( h16 ":" ) ls32
    ("1:2:3:4:5:6:7:8", OK),
    ("1:2:3:4:5:6:1.2.3.4", OK),
    ("FFFF:ffff:0:00:000:0000:abcd:ABCD", OK),
    ("2001:DB8:0:0:8:800:200C:417A", OK),
    // 2:  "::" 5( h16 ":" ) ls32
    ("::2:3:4:5:6:7:8", OK),
    ("::2:3:4:5:6:1.2.3.4", OK),
    // 3:  [ h16 ] "::" 4( h16 ":" ) ls32
    ("1::3:4:5:6:7:8", OK),
    ("::3:4:5:6:7:8", OK),
    ("1::3:4:5:6:1.2.3.4", OK),
    // 4:  [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
    ("1:2::4:5:6:7:8", OK),
    ("1::4:5:6:7:8", OK),
    ("::4:5:6:7:8", OK),
    // 5:  [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
    ("1:2:3::5:6:7:8", OK),
    ("1:2:3::5:6:1.2.3.4", OK),
    // 6:  [ *3( h16 ":" ) h16 ] "::" h16 ":" ls32
    ("1:2:3:4::6:7:8", OK),
    ("::6:7:8", OK),
    // 7:  [ *4( h16 ":" ) h16 ] "::" ls32
    ("1:2:3:4:5::7:8", OK),
    ("1:2:3:4:5::1.2.3.4", OK),
    ("::7:8", OK),
    ("::1.2.3.4", OK),
    ("::13.1.68.3", OK),
    ("::FFFF:129.144.52.38", OK),
    ("::ffff:192.0.2.1", OK),
    // 8:  [ *5( h16 ":" ) h16 ] "::" h16
    ("1:2:3:4:5:6::8", OK),
    ("2001:db8::7", OK),
    ("FF01::101", OK),
    ("fe80::1", OK),
    ("::8", OK),
    ("::1", OK),
    // 9:  [ *6( h16 ":" ) h16 ] "::"
    ("1:2:3:4:5:6:7::", OK),
    ("1::", OK),
    ("::", OK),
    // Too many groups.
    ("1:2:3:4:5:6:7:8:9", at(15)),
    ("::1:2:3:4:5:6:7:8", at(15)),
    ("1:2:3:4:5:6:7::8", at(15)),
    ("1:2:3:4:5:6:7:1.2.3.4", at(15)),
    ("1:2:3:4:5:6:7:8::", at(15)),
    // Too few groups, or IPv4 in the wrong place.
    ("1:2:3:4:5:6:7", at(13)),
    ("1:2:3:4:5:6:7:", at(14)),
    ("1:2:3:4:5:1.2.3.4", at(11)),
    ("1.2.3.4", at(1)),
    // Misplaced colons.
    ("1::2::3", at(5)),
    ("1:::2", at(3)),
    (":1::2", at(1)),
    (":", at(1)),
    ("", at(0)),
    // Bad groups.
    ("12345::", at(4)),
    ("g::", at(0)),
    ("::-1", at(2)),
    // Bad embedded IPv4.
    ("::1.2.3.256", at(10)),
    ("::256.1.1.1", at(5)),
    ("::1.2.3", at(7)),
    ("::1.2.3.4.5", at(9)),
    ("::01.2.3.4", at(4)),
    ("::1.2.3.04", at(9)),
    ("::ffff:1.2.3.4:5", at(14)),
    // Zone identifiers are RFC 6874, not RFC 3986.
    ("fe80::1%25eth0", at(7)),
    ("1:2:3:4:5:6:7:8%", at(15)),
];

#[test]
fn ipv6_forms() {
    let mut rows: Vec<(&'static Rule, String, Expect)> = Vec::new();
    for &(address, expect) in IPV6 {
        let shift = |by: usize| expect.map_err(|offset| offset + by);
        rows.push((&rules::IPV6ADDRESS, address.to_string(), expect));
        rows.push((&rules::IP_LITERAL, format!("[{address}]"), shift(1)));
        rows.push((&rules::IRI, format!("http://[{address}]/"), shift(8)));
        rows.push((&rules::URI, format!("http://[{address}]/"), shift(8)));
        rows.push((&rules::IHOST, format!("[{address}]"), shift(1)));
    }
    run("IPv6address", rows);
}

static IP_FUTURE_AND_LITERALS: &[Row] = &[
    (&rules::IP_LITERAL, "[v1.x]", OK),
    (&rules::IP_LITERAL, "[V1.x]", OK), // "v" is a case-insensitive literal
    (&rules::IP_LITERAL, "[vF.a:b!$]", OK),
    (&rules::IP_LITERAL, "[v1a2.~-_]", OK),
    (&rules::IP_LITERAL, "[v.x]", at(2)),
    (&rules::IP_LITERAL, "[vg.x]", at(2)),
    (&rules::IP_LITERAL, "[v1.]", at(4)),
    (&rules::IP_LITERAL, "[v1x]", at(3)),
    (&rules::IP_LITERAL, "[v1.x", at(5)),
    (&rules::IP_LITERAL, "[v1.x y]", at(5)),
    (&rules::IP_LITERAL, "[v1.%41]", at(4)),
    (&rules::IP_LITERAL, "[v1.\u{E9}]", at(4)),
    (&rules::IP_LITERAL, "[v1.x]]", at(6)),
    (&rules::IP_LITERAL, "[]", at(1)),
    (&rules::IP_LITERAL, "[x]", at(1)),
    (&rules::IPVFUTURE, "v7.:", OK),
    (&rules::IPVFUTURE, "v7", at(2)),
    (&rules::IRI, "http://[v1.x]/", OK),
    (&rules::IRI, "http://[v1.x]:80/", OK),
    (&rules::IRI, "http://[::1]:8080/", OK),
    (&rules::IRI, "http://[::1]:8a/", at(14)),
    (&rules::IRI, "http://[::1]x/", at(12)),
    (&rules::IRI, "http://[1.2.3.4]/", at(9)),
    (&rules::IRI, "http://[\u{E9}]/", at(8)),
    (&rules::IRI, "http://u@[::1]/", OK),
    (&rules::IRI, "http://[::1/", at(11)),
];

#[test]
fn ip_future_and_literals() {
    run(
        "IPvFuture and IP-literal",
        IP_FUTURE_AND_LITERALS.iter().map(|&(r, i, e)| (r, i, e)),
    );
}

static DEC_OCTET_AND_IPV4: &[Row] = &[
    (&rules::DEC_OCTET, "0", OK),
    (&rules::DEC_OCTET, "9", OK),
    (&rules::DEC_OCTET, "10", OK),
    (&rules::DEC_OCTET, "99", OK),
    (&rules::DEC_OCTET, "100", OK),
    (&rules::DEC_OCTET, "199", OK),
    (&rules::DEC_OCTET, "200", OK),
    (&rules::DEC_OCTET, "249", OK),
    (&rules::DEC_OCTET, "250", OK),
    (&rules::DEC_OCTET, "255", OK),
    (&rules::DEC_OCTET, "256", at(2)),
    (&rules::DEC_OCTET, "260", at(2)),
    (&rules::DEC_OCTET, "300", at(2)),
    (&rules::DEC_OCTET, "01", at(1)),
    (&rules::DEC_OCTET, "00", at(1)),
    (&rules::DEC_OCTET, "1000", at(3)),
    (&rules::DEC_OCTET, "2555", at(3)),
    (&rules::DEC_OCTET, "", at(0)),
    (&rules::DEC_OCTET, "-1", at(0)),
    (&rules::DEC_OCTET, "a", at(0)),
    (&rules::IPV4ADDRESS, "0.0.0.0", OK),
    (&rules::IPV4ADDRESS, "255.255.255.255", OK),
    (&rules::IPV4ADDRESS, "192.0.2.16", OK),
    (&rules::IPV4ADDRESS, "256.0.0.0", at(2)),
    (&rules::IPV4ADDRESS, "1.2.3", at(5)),
    (&rules::IPV4ADDRESS, "1.2.3.4.5", at(7)),
    (&rules::IPV4ADDRESS, "01.2.3.4", at(1)),
    (&rules::IPV4ADDRESS, "1.2.3.04", at(7)),
    (&rules::IPV4ADDRESS, "1..2.3", at(2)),
    // Not an IPv4address, but still a reg-name: a valid host.
    (&rules::IRI, "http://256.1.1.1/", OK),
    (&rules::IRI, "http://1.2.3.4/", OK),
    (&rules::IRI, "http://01.2.3.4.5/", OK),
    (&rules::IHOST, "999.999.999.999", OK),
    (&rules::URI, "telnet://192.0.2.16:80/", OK),
];

#[test]
fn dec_octet_and_ipv4() {
    run(
        "dec-octet and IPv4address",
        DEC_OCTET_AND_IPV4.iter().map(|&(r, i, e)| (r, i, e)),
    );
}

// ---------------------------------------------------------------------------
// Percent-encoding (RFC 3986 section 2.1).

static PERCENT: &[Row] = &[
    (&rules::PCT_ENCODED, "%41", OK),
    (&rules::PCT_ENCODED, "%aF", OK), // HEXDIG letters are case-insensitive
    (&rules::PCT_ENCODED, "%", at(1)),
    (&rules::PCT_ENCODED, "%4", at(2)),
    (&rules::PCT_ENCODED, "%zz", at(1)),
    (&rules::PCT_ENCODED, "%4z", at(2)),
    (&rules::PCT_ENCODED, "%411", at(3)),
    (&rules::PCT_ENCODED, "41", at(0)),
    (&rules::IRI, "http://a/%41", OK),
    (&rules::IRI, "http://a/%", at(10)),
    (&rules::IRI, "http://a/%4", at(11)),
    (&rules::IRI, "http://a/%zz", at(10)),
    (&rules::IRI, "http://a/%4g", at(11)),
    (&rules::IRI, "http://a/%%41", at(10)),
    (&rules::IRI, "http://a/%\u{E9}9", at(10)),
    (&rules::IRI, "http://a/?%", at(11)),
    (&rules::IRI, "http://a/#%G", at(11)),
    (&rules::IRI, "http://%41/", OK),
    (&rules::IRI, "http://%4/", at(9)),
    (&rules::IRI, "http://u%3A@a/", OK),
    (&rules::IRI, "http://a:%38/", at(12)), // "a:%38" could be userinfo
    (&rules::IRI, "%41:x", at(0)),
    (&rules::IRI, "h%41:x", at(1)),
    (&rules::IRI_REFERENCE, "%41:x", at(3)),
    (&rules::IRI_REFERENCE, "%41/b:c", OK),
    (&rules::URI, "http://a/%e2%80%ae", OK),
    (&rules::URI, "http://a/%", at(10)),
];

#[test]
fn percent_encoding() {
    run(
        "percent-encoding",
        PERCENT.iter().map(|&(r, i, e)| (r, i, e)),
    );
}

// ---------------------------------------------------------------------------
// RFC 3986 examples.

/// Sections 1.1.2 and 3: `(input, offset of the first ':' or None, offset
/// of '#' or None)`. Every one is a URI (so an IRI, and both references);
/// none is a relative-ref, which rejects the scheme's colon (a first path
/// segment cannot hold one); absolute-URI rejects a fragment.
static RFC3986_ABSOLUTE: &[(&str, usize, Option<usize>)] = &[
    ("ftp://ftp.is.co.za/rfc/rfc1808.txt", 3, None),
    ("http://www.ietf.org/rfc/rfc2396.txt", 4, None),
    ("ldap://[2001:db8::7]/c=GB?objectClass?one", 4, None),
    ("mailto:John.Doe@example.com", 6, None),
    ("news:comp.infosystems.www.servers.unix", 4, None),
    ("tel:+1-816-555-1212", 3, None),
    ("telnet://192.0.2.16:80/", 6, None),
    (
        "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
        3,
        None,
    ),
    (
        "foo://example.com:8042/over/there?name=ferret#nose",
        3,
        Some(45),
    ),
    ("urn:example:animal:ferret:nose", 3, None),
    ("http://a/b/c/d;p?q", 4, None), // the base URI of section 5.4
    ("http:g", 4, None),             // section 5.4.2, for strict parsers
];

#[test]
fn rfc3986_absolute_examples() {
    let mut rows: Vec<(&'static Rule, &str, Expect)> = Vec::new();
    for &(input, colon, hash) in RFC3986_ABSOLUTE {
        for rule in [
            &rules::URI,
            &rules::URI_REFERENCE,
            &rules::IRI,
            &rules::IRI_REFERENCE,
        ] {
            rows.push((rule, input, OK));
        }
        let absolute = hash.map_or(OK, at);
        rows.push((&rules::ABSOLUTE_URI, input, absolute));
        rows.push((&rules::ABSOLUTE_IRI, input, absolute));
        rows.push((&rules::RELATIVE_REF, input, at(colon)));
        rows.push((&rules::IRELATIVE_REF, input, at(colon)));
    }
    run("RFC 3986 sections 1.1.2 and 3", rows);
}

/// Section 5.4.1 (normal) and 5.4.2 (abnormal) references, with where a
/// URI (which needs a scheme) rejects each. All are URI-references.
static RFC3986_REFERENCES: &[(&str, Expect)] = &[
    ("g:h", OK),
    ("g", at(1)),
    ("./g", at(0)),
    ("g/", at(1)),
    ("/g", at(0)),
    ("//g", at(0)),
    ("?y", at(0)),
    ("g?y", at(1)),
    ("#s", at(0)),
    ("g#s", at(1)),
    ("g?y#s", at(1)),
    (";x", at(0)),
    ("g;x", at(1)),
    ("g;x?y#s", at(1)),
    ("", at(0)),
    (".", at(0)),
    ("./", at(0)),
    ("..", at(0)),
    ("../", at(0)),
    ("../g", at(0)),
    ("../..", at(0)),
    ("../../", at(0)),
    ("../../g", at(0)),
    ("../../../g", at(0)),
    ("../../../../g", at(0)),
    ("/./g", at(0)),
    ("/../g", at(0)),
    ("g.", at(2)),
    (".g", at(0)),
    ("g..", at(3)),
    ("..g", at(0)),
    ("./../g", at(0)),
    ("./g/.", at(0)),
    ("g/./h", at(1)),
    ("g/../h", at(1)),
    ("g;x=1/./y", at(1)),
    ("g;x=1/../y", at(1)),
    ("g?y/./x", at(1)),
    ("g?y/../x", at(1)),
    ("g#s/./x", at(1)),
    ("g#s/../x", at(1)),
];

#[test]
fn rfc3986_reference_examples() {
    let mut rows: Vec<(&'static Rule, &str, Expect)> = Vec::new();
    for &(input, as_uri) in RFC3986_REFERENCES {
        rows.push((&rules::URI_REFERENCE, input, OK));
        rows.push((&rules::IRI_REFERENCE, input, OK));
        rows.push((&rules::URI, input, as_uri));
        rows.push((&rules::IRI, input, as_uri));
        let relative = if input == "g:h" { at(1) } else { OK };
        rows.push((&rules::RELATIVE_REF, input, relative));
        rows.push((&rules::IRELATIVE_REF, input, relative));
    }
    run("RFC 3986 section 5.4", rows);
}

/// The components of section 3's example, each through its own rule.
static RFC3986_COMPONENTS: &[Row] = &[
    (&rules::SCHEME, "foo", OK),
    (&rules::SCHEME, "urn", OK),
    (&rules::SCHEME, "f+o-o.1", OK),
    (&rules::SCHEME, "1foo", at(0)),
    (&rules::SCHEME, "f_o", at(1)),
    (&rules::SCHEME, "", at(0)),
    (&rules::AUTHORITY, "example.com:8042", OK),
    (&rules::IAUTHORITY, "example.com:8042", OK),
    (&rules::IAUTHORITY, "user:pass@example.com:", OK),
    (&rules::IAUTHORITY, "a@b@c", at(3)),
    (&rules::PORT, "8042", OK),
    (&rules::PORT, "", OK),
    (&rules::PORT, "80a", at(2)),
    (&rules::IPATH, "/over/there", OK),
    (&rules::IPATH, "", OK),
    (&rules::IPATH, "over/there", OK),
    (&rules::IPATH, "example:animal:ferret:nose", OK), // ipath-rootless
    (&rules::IPATH_ABSOLUTE, "//over", at(1)),
    (&rules::IPATH_NOSCHEME, "a:b", at(1)),
    (&rules::IPATH_EMPTY, "", OK),
    (&rules::IPATH_EMPTY, "a", at(0)),
    (&rules::PATH_EMPTY, "", OK),
    (&rules::IQUERY, "name=ferret", OK),
    (&rules::IQUERY, "a/b?c", OK),
    (&rules::IQUERY, "a#b", at(1)),
    (&rules::IFRAGMENT, "nose", OK),
    (&rules::IFRAGMENT, "a#b", at(1)),
    (&rules::IHIER_PART, "//example.com:8042/over/there", OK),
    (
        &rules::IHIER_PART,
        "//example.com:8042/over/there?x",
        at(29),
    ),
];

#[test]
fn rfc3986_components() {
    run(
        "RFC 3986 section 3 components",
        RFC3986_COMPONENTS.iter().map(|&(r, i, e)| (r, i, e)),
    );
}

// ---------------------------------------------------------------------------
// RFC 3987 examples, with the XML notation (`&#xE9;`) written as the real
// characters.

static RFC3987_EXAMPLES: &[Row] = &[
    // Section 3.1: http://r&#xE9;sum&#xE9;.example.org
    (&rules::IRI, "http://r\u{E9}sum\u{E9}.example.org", OK),
    (
        &rules::IRI_REFERENCE,
        "http://r\u{E9}sum\u{E9}.example.org",
        OK,
    ),
    (&rules::IHOST, "r\u{E9}sum\u{E9}.example.org", OK),
    (&rules::URI, "http://r\u{E9}sum\u{E9}.example.org", at(8)),
    (
        &rules::URI_REFERENCE,
        "http://r\u{E9}sum\u{E9}.example.org",
        at(8),
    ),
    (
        &rules::IRI,
        "http://validator.w3.org/check?uri=http%3A%2F%2Fr\u{E9}sum\u{E9}.example.org",
        OK,
    ),
    (
        &rules::URI,
        "http://validator.w3.org/check?uri=http%3A%2F%2Fr\u{E9}sum\u{E9}.example.org",
        at(48),
    ),
    (
        &rules::IRI,
        "http://www.example.org/red%09ros\u{E9}#red",
        OK,
    ),
    (
        &rules::URI,
        "http://www.example.org/red%09ros\u{E9}#red",
        at(32),
    ),
    (
        &rules::URI,
        "http://www.example.org/red%09ros%C3%A9#red",
        OK,
    ),
    // Section 3.1 note: Old Italic, outside the BMP.
    (
        &rules::IRI,
        "http://example.com/\u{10300}\u{10301}\u{10302}",
        OK,
    ),
    (
        &rules::URI,
        "http://example.com/\u{10300}\u{10301}\u{10302}",
        at(19),
    ),
    (
        &rules::URI,
        "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82",
        OK,
    ),
    (
        &rules::IRI,
        "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82",
        OK,
    ),
    // Section 3.2.
    (
        &rules::URI,
        "http://www.example.org/r%C3%A9sum%C3%A9.html",
        OK,
    ),
    (
        &rules::IRI,
        "http://www.example.org/r%C3%A9sum%C3%A9.html",
        OK,
    ),
    (
        &rules::IRI,
        "http://www.example.org/r\u{E9}sum\u{E9}.html",
        OK,
    ),
    (
        &rules::URI,
        "http://www.example.org/r\u{E9}sum\u{E9}.html",
        at(24),
    ),
    (&rules::URI, "http://www.example.org/r%E9sum%E9.html", OK),
    (&rules::IRI, "http://www.example.org/r%E9sum%E9.html", OK),
    // Section 3.2.1.
    (&rules::URI, "http://www.example.org/D%C3%BCrst", OK),
    (&rules::IRI, "http://www.example.org/D\u{FC}rst", OK),
    (&rules::URI, "http://www.example.org/D\u{FC}rst", at(24)),
    (&rules::URI, "http://www.example.org/D%FCrst", OK),
    (&rules::IRI, "http://www.example.org/D%FCrst", OK),
    (&rules::URI, "http://xn--99zt52a.example.org/%e2%80%ae", OK),
    (&rules::IRI, "http://xn--99zt52a.example.org/%E2%80%AE", OK),
    (
        &rules::IRI,
        "http://\u{7D0D}\u{8C46}.example.org/%E2%80%AE",
        OK,
    ),
    (
        &rules::URI,
        "http://\u{7D0D}\u{8C46}.example.org/%E2%80%AE",
        at(7),
    ),
    // The octet notation of section 3.2.1 is not itself an IRI.
    (&rules::IRI, "http://www.example.org/D<c3><bc>rst", at(24)),
    // Section 5.3.2.2 (normalization examples): not NFC, still valid.
    (
        &rules::IRI,
        "http://www.example.org/re\u{301}sume\u{301}.html",
        OK,
    ),
    (
        &rules::URI,
        "http://www.example.org/re\u{301}sume\u{301}.html",
        at(25),
    ),
    (&rules::IRI, "example://a/b/c/%7Bfoo%7D/ros\u{E9}", OK),
    (&rules::URI, "example://a/b/c/%7Bfoo%7D/ros\u{E9}", at(29)),
    // Section 4: right-to-left characters are plain ucschar.
    (
        &rules::IRI,
        "http://ab.\u{5D0}\u{5D1}\u{5D2}.ij/kl/mn/op.html",
        OK,
    ),
    (
        &rules::IRI,
        "http://ab.\u{627}\u{628}.ij/\u{202B}kl\u{202C}",
        OK,
    ),
    (&rules::URI, "http://ab.\u{5D0}\u{5D1}\u{5D2}.ij/", at(10)),
    // Section 2.2: ipath-empty.
    (&rules::IRI, "about:", OK),
    (&rules::IRI, "about:?q", OK),
    (&rules::IRELATIVE_REF, "", OK),
    (&rules::ABSOLUTE_IRI, "a:#", at(2)),
];

#[test]
fn rfc3987_examples() {
    run(
        "RFC 3987 examples",
        RFC3987_EXAMPLES.iter().map(|&(r, i, e)| (r, i, e)),
    );
}
