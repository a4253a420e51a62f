//! The properties the fuzz targets assert, each written once.
//!
//! Every function takes the fuzzer's bytes, reads them as the input of one
//! operation, and panics with a message naming the input when a property
//! fails. The fuzz targets in `fuzz/fuzz_targets/` are one-line calls of
//! these functions; `tests/fuzz_properties.rs` in the root crate includes
//! this file (`#[path]`) and drives the same functions from proptest
//! strategies, the seed corpus and the saved regressions, so `cargo test`
//! checks every property on every change. This file depends on nothing but
//! `rfc3987` and `std`.
//!
//! Properties, not just "no panic": each operation's output is checked
//! against the generated recognizers (its rule), against a second way of
//! computing it (check against parse, a string against a parsed value),
//! against itself (idempotence, round trips), and against an invariant
//! the RFC states (no reserved character or non-UTF-8 octet decoded).
//! Where a check needs to decode `%HH`, the decoding is [`octets`] here,
//! not the library's.
//!
//! # Input layout
//!
//! Targets of one string read the bytes as UTF-8; ill-formed UTF-8 only
//! checks that the byte-level recognizers reject it. Targets of several
//! strings split the bytes at `\n`, a character no IRI contains, so that
//! a regression file stays readable (write it with `printf '%s'`: a
//! trailing newline is part of the input). The `builder` target reads a
//! first byte as a mask of the components present; see [`builder`].

use std::borrow::Cow;
use std::net::Ipv4Addr;

use rfc3987::encode::{self, Target};
use rfc3987::grammar::{rules, Rule};
use rfc3987::mapping::{self, is_bidi_formatting, MappingError, ToIri, ToUri, URI_EXCLUDED_ASCII};
use rfc3987::normalize::{self, Chars, Level, NormalizeError, Normalizer};
use rfc3987::resolve;
use rfc3987::{
    AbsoluteIri, Builder, Components, Error, Host, Input, InputError, Iri, IriRef, ParseError,
    RelativeRef,
};

/// Every target, by name: the fuzz target `fuzz/fuzz_targets/NAME.rs`, its
/// corpus and regression folders, and the function here.
pub const TARGETS: &[(&str, Property)] = &[
    ("parse", parse),
    ("check_vs_parse", check_vs_parse),
    ("to_uri", to_uri),
    ("to_iri", to_iri),
    ("normalize", normalize),
    ("resolve", resolve),
    ("builder", builder),
    ("encode", encode),
    ("scan", scan),
    ("find", find),
    ("entry", entry),
    ("lint", lint),
];

/// A property function: panics when a property fails.
pub type Property = fn(&[u8]) -> Checked;

/// How much of a property function ran, so that tests can tell a
/// property checked on valid input from one that stopped at rejection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Checked {
    /// The input was valid for the operation, and every property ran.
    Valid,
    /// The input was rejected; only the properties of rejection ran.
    Rejected,
}

/// The four parsed types and the rule each one stands for.
const TYPES: [(&str, &Rule); 4] = [
    ("IriRef", &rules::IRI_REFERENCE),
    ("Iri", &rules::IRI),
    ("AbsoluteIri", &rules::ABSOLUTE_IRI),
    ("RelativeRef", &rules::IRELATIVE_REF),
];

/// `T::parse(text)` for the type named `name` in [`TYPES`].
fn parse_as(name: &str, text: &str) -> Result<(), ParseError> {
    match name {
        "IriRef" => IriRef::parse(text).map(drop),
        "Iri" => Iri::parse(text).map(drop),
        "AbsoluteIri" => AbsoluteIri::parse(text).map(drop),
        "RelativeRef" => RelativeRef::parse(text).map(drop),
        _ => unreachable!("{name} is not one of TYPES"),
    }
}

// ---------------------------------------------------------------------
// parse

/// `IriRef::parse` and the components: for valid input, the components
/// reassemble into the input, each matches its own rule, the accessors
/// agree with them (segments, host kind, port number), the narrower types
/// accept exactly what their rule says, and owned and UTF-16 values have
/// the same components. Ill-formed UTF-8 is rejected no later than where
/// it starts.
pub fn parse(data: &[u8]) -> Checked {
    let text = match std::str::from_utf8(data) {
        Ok(text) => text,
        Err(e) => {
            let error = rfc3987::check_bytes(&rules::IRI_REFERENCE, data)
                .expect_err("ill-formed UTF-8 accepted");
            assert!(
                error.offset() <= e.valid_up_to(),
                "{data:?}: rejected at {}, after the malformation at {}",
                error.offset(),
                e.valid_up_to()
            );
            return Checked::Rejected;
        }
    };
    let Ok(r) = IriRef::parse(text) else {
        return Checked::Rejected;
    };
    let c = r.components();
    assert_eq!(
        reassemble(&c),
        text,
        "components of {text:?} do not reassemble"
    );
    for (name, rule, part) in [
        ("scheme", &rules::SCHEME, c.scheme),
        ("authority", &rules::IAUTHORITY, c.authority),
        ("userinfo", &rules::IUSERINFO, c.userinfo),
        ("host", &rules::IHOST, c.host),
        ("port", &rules::PORT, c.port),
        ("path", &rules::IPATH, Some(c.path)),
        ("query", &rules::IQUERY, c.query),
        ("fragment", &rules::IFRAGMENT, c.fragment),
    ] {
        if let Some(part) = part {
            assert!(
                rule.recognize(part.as_bytes()).is_ok(),
                "{text:?}: the {name} {part:?} does not match {}",
                rule.name()
            );
        }
    }
    // The authority is userinfo, host and port with their delimiters.
    if let Some(authority) = c.authority {
        let mut again = String::new();
        if let Some(u) = c.userinfo {
            again = format!("{u}@");
        }
        again += c.host.expect("an authority has a host");
        if let Some(p) = c.port {
            again = format!("{again}:{p}");
        }
        assert_eq!(again, authority, "{text:?}: authority");
    } else {
        assert!(c.userinfo.is_none() && c.host.is_none() && c.port.is_none());
    }
    assert_eq!(
        (r.scheme(), r.authority(), r.userinfo(), r.host(), r.port()),
        (c.scheme, c.authority, c.userinfo, c.host, c.port),
        "{text:?}: accessors"
    );
    assert_eq!(
        (r.path(), r.query(), r.fragment()),
        (c.path, c.query, c.fragment)
    );
    assert_eq!(
        [r.has_authority(), r.has_userinfo(), r.has_port()],
        [
            c.authority.is_some(),
            c.userinfo.is_some(),
            c.port.is_some()
        ],
        "{text:?}"
    );
    assert_eq!(
        [r.has_query(), r.has_fragment(), r.has_scheme()],
        [c.query.is_some(), c.fragment.is_some(), c.scheme.is_some()],
        "{text:?}"
    );

    // Segments: a leading "/" starts none, an empty path has none.
    let segments: Vec<&str> = r.path_segments().collect();
    let expected: Vec<&str> = match c.path {
        "" => Vec::new(),
        path => path.strip_prefix('/').unwrap_or(path).split('/').collect(),
    };
    assert_eq!(segments, expected, "{text:?}: path segments");
    let mut backwards: Vec<&str> = r.path_segments().rev().collect();
    backwards.reverse();
    assert_eq!(backwards, expected, "{text:?}: path segments from the back");

    check_host(text, c.host, r.host_parsed());
    // Decimal, leading zeros allowed, and it must fit.
    let port_number = c.port.filter(|p| !p.is_empty()).and_then(|p| {
        let digits = p.trim_start_matches('0');
        if digits.is_empty() {
            Some(0)
        } else {
            digits.parse::<u16>().ok()
        }
    });
    assert_eq!(r.port_u16(), port_number, "{text:?}: port number");

    // The narrower types.
    assert_eq!(r.as_iri().is_some(), c.scheme.is_some());
    assert_eq!(r.as_relative().is_some(), c.scheme.is_none());
    assert_eq!(
        Iri::parse(text).is_ok(),
        c.scheme.is_some(),
        "{text:?}: Iri"
    );
    assert_eq!(RelativeRef::parse(text).is_ok(), c.scheme.is_none());
    assert_eq!(
        AbsoluteIri::parse(text).is_ok(),
        c.scheme.is_some() && c.fragment.is_none(),
        "{text:?}: AbsoluteIri"
    );
    if let Ok(iri) = Iri::parse(text) {
        let before_fragment = text.split_once('#').map_or(text, |(before, _)| before);
        assert_eq!(iri.without_fragment().as_str(), before_fragment);
        assert_eq!(iri.scheme(), c.scheme.unwrap_or_default());
    }

    // Other storage, UTF-16, and the text parsed again.
    let owned: IriRef<String> = text.parse().expect("parses as &str");
    assert_eq!(owned.components(), c, "{text:?}: owned");
    assert_eq!(owned.to_string(), text);
    let units: Vec<u16> = text.encode_utf16().collect();
    let utf16 = IriRef::<String>::from_utf16(&units).expect("parses as UTF-8");
    assert_eq!(utf16.components(), c, "{text:?}: UTF-16");
    Checked::Valid
}

/// The host's kind agrees with its text.
fn check_host(text: &str, host: Option<&str>, parsed: Option<Host<'_>>) {
    let Some(host) = host else {
        assert_eq!(parsed, None, "{text:?}");
        return;
    };
    match parsed.expect("a host has a kind") {
        Host::RegName(name) => {
            assert_eq!(name, host);
            // Dotted-decimal without leading zeros, as IPv4address.
            assert!(host.parse::<Ipv4Addr>().is_err(), "{text:?}: {host:?}");
            assert!(!host.starts_with('['));
        }
        Host::Ipv4(address) => assert_eq!(address.to_string(), host, "{text:?}"),
        Host::Ipv6(address) => {
            let inner = host
                .strip_prefix('[')
                .and_then(|h| h.strip_suffix(']'))
                .unwrap_or_else(|| panic!("{text:?}: IPv6 {host:?} without brackets"));
            assert_eq!(inner.parse(), Ok(address), "{text:?}");
        }
        Host::IpvFuture(literal) => {
            assert_eq!(format!("[{literal}]"), host, "{text:?}");
            assert!(literal.starts_with(['v', 'V']));
        }
    }
}

/// The text put back together from its components.
fn reassemble(c: &Components<'_>) -> String {
    let mut s = String::new();
    if let Some(scheme) = c.scheme {
        s = format!("{scheme}:");
    }
    if let Some(authority) = c.authority {
        s = format!("{s}//{authority}");
    }
    s += c.path;
    if let Some(q) = c.query {
        s = format!("{s}?{q}");
    }
    if let Some(f) = c.fragment {
        s = format!("{s}#{f}");
    }
    s
}

// ---------------------------------------------------------------------
// find

/// IRIs in running text (section 7.3): every match is a valid `IRI`, is
/// the text at its range (less its white space when joined inside
/// `<...>`, and less its soft hyphens), and starts after the previous
/// match ends; no IRI found holds
/// a bidi formatting character (section 4.1) or white space of any kind
/// (`White_Space`), and no match's text starts or ends with white space;
/// the byte search agrees with the `str` search on UTF-8 text and never
/// reports a match over ill-formed UTF-8; the line-by-line search finds,
/// on each line, what the `str` search finds in that line.
pub fn find(data: &[u8]) -> Checked {
    use rfc3987::find::Finder;
    let finder = Finder::default();
    let bytes_matches: Vec<_> = finder
        .find_iter_bytes(data)
        .map(|m| (m.range(), m.as_str().to_owned()))
        .collect();
    for (range, text) in &bytes_matches {
        assert_eq!(&data[range.clone()], text.as_bytes(), "{data:?}");
    }
    let Ok(text) = std::str::from_utf8(data) else {
        return Checked::Rejected;
    };
    let mut end = 0;
    let mut found = Vec::new();
    for m in finder.find_iter(text) {
        assert!(m.start() >= end, "{text:?}: overlapping matches");
        assert_eq!(&text[m.range()], m.as_str());
        let iri = m.iri().as_str();
        if m.is_joined() {
            let joined: String = m
                .as_str()
                .chars()
                .filter(|&c| !c.is_whitespace() && c != '\u{AD}')
                .collect();
            assert_eq!(iri, joined, "{text:?}");
        } else {
            assert_eq!(iri, m.as_str(), "{text:?}");
        }
        assert!(
            !iri.chars().any(rfc3987::mapping::is_bidi_formatting),
            "{text:?}: a bidi formatting character in {iri:?}"
        );
        assert!(
            !iri.chars().any(char::is_whitespace),
            "{text:?}: white space in {iri:?}"
        );
        assert!(
            !m.as_str().starts_with(char::is_whitespace)
                && !m.as_str().ends_with(char::is_whitespace),
            "{text:?}: {:?} starts or ends with white space",
            m.as_str()
        );
        rfc3987::check(&rules::IRI, iri).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        end = m.end();
        found.push((m.range(), m.as_str().to_owned()));
    }
    assert_eq!(
        found, bytes_matches,
        "{text:?}: bytes and str searches differ"
    );
    let lines: Vec<(u64, usize, String)> = finder
        .find_lines(data)
        .map(|m| {
            let m = m.expect("reading a slice does not fail");
            (m.line, m.start, m.iri.as_str().to_owned())
        })
        .collect();
    let mut expected = Vec::new();
    for (number, line) in (1..).zip(text.split('\n')) {
        for m in finder.find_iter(line) {
            expected.push((number, m.start(), m.iri().as_str().to_owned()));
        }
    }
    assert_eq!(lines, expected, "{text:?}: the line search differs");
    if found.is_empty() {
        Checked::Rejected
    } else {
        Checked::Valid
    }
}

// ---------------------------------------------------------------------
// lint

/// Sections 4, 6.1, 7.5, 7.6 and 8 on any valid reference: every lint
/// warning has a code from `Code::ALL`, a message, and a range inside the
/// input on character boundaries, and warnings come in order of position;
/// `lint` on the text agrees with the method; every bidi violation's range
/// is inside the input; the display form holds no bidi formatting
/// character except the wrapping pair it adds, and the strict check fails
/// exactly when the input holds a raw one. Selection (7.5) keeps the URI
/// the reference stands for; interpretation (7.7) never decodes `%2F`,
/// `%3F`, `%23`, `%25` or a bidi formatting character.
pub fn lint(data: &[u8]) -> Checked {
    let Ok(text) = std::str::from_utf8(data) else {
        return Checked::Rejected;
    };
    let Ok(r) = IriRef::parse(text) else {
        assert!(rfc3987::lint::lint(text).is_err(), "{text:?}");
        return Checked::Rejected;
    };
    let warnings = r.lint();
    let mut last = 0;
    for w in &warnings {
        assert!(
            rfc3987::lint::Code::ALL.contains(&w.code()),
            "{text:?}: {w:?}"
        );
        assert!(!w.message().is_empty());
        let range = w.range();
        assert!(
            range.start <= range.end && range.end <= text.len(),
            "{text:?}: {w:?}"
        );
        assert!(text.is_char_boundary(range.start) && text.is_char_boundary(range.end));
        assert!(range.start >= last, "{text:?}: warnings out of order");
        last = range.start;
    }
    assert_eq!(
        rfc3987::lint::lint(text).expect("valid").len(),
        warnings.len()
    );
    for v in r.bidi_violations() {
        assert!(v.range().end <= text.len(), "{text:?}: {v:?}");
    }
    let shown = r.for_display();
    let inner = shown
        .strip_prefix(['\u{2066}', '\u{202A}'])
        .and_then(|s| s.strip_suffix(['\u{2069}', '\u{202C}']))
        .unwrap_or(&shown);
    assert!(
        !inner.chars().any(is_bidi_formatting),
        "{text:?}: shown as {shown:?}"
    );
    assert_eq!(
        r.check_strict().is_err(),
        text.chars().any(is_bidi_formatting),
        "{text:?}"
    );
    // Selection (7.5): every form stands for the same URI.
    for scripts in [&[][..], &[rfc3987::select::Script::Latin][..]] {
        let selected = r.select_for(scripts);
        assert_eq!(
            selected.text().to_uri(),
            r.to_uri(),
            "{text:?}: {scripts:?}"
        );
    }
    // Interpretation (7.7): candidates never decode a delimiter or a bidi
    // formatting character (raw ones in the input stay as they are).
    use rfc3987::mapping::encoding_rs::{SHIFT_JIS, WINDOWS_1252};
    let delimiters = |s: &str| {
        let upper = s.to_ascii_uppercase();
        ["%2F", "%3F", "%23", "%25"].map(|d| upper.matches(d).count())
    };
    for candidate in r.legacy_candidates(&[WINDOWS_1252, SHIFT_JIS]) {
        let out = candidate.iri().as_str();
        assert_eq!(delimiters(out), delimiters(text), "{text:?} -> {out:?}");
        let bidi = |s: &str| s.chars().filter(|&c| is_bidi_formatting(c)).count();
        assert!(
            bidi(out) <= bidi(text),
            "{text:?} -> {out:?}: decoded a bidi control"
        );
    }
    a_label_lint_is_u_label_lint(&r);
    Checked::Valid
}

/// A host read through its A-labels gets the script warnings its Unicode
/// form gets: `mixed-script`, `confusable` and the bidi rules, per label,
/// on `http://` + the host's ToASCII form and on that form decoded by
/// ToUnicode (section 3.2.1), each label compared by its index.
fn a_label_lint_is_u_label_lint<T: AsRef<str>>(r: &IriRef<T>) {
    use rfc3987::lint::{Code, Component};
    let Some(Host::RegName(host)) = r.host_parsed() else {
        return;
    };
    let Ok(ascii) = ToUri::new().idna(true).component(Component::Host, host) else {
        return;
    };
    let is_ace = |label: &str| {
        label
            .get(..4)
            .is_some_and(|p| p.eq_ignore_ascii_case("xn--"))
    };
    if !ascii.split('.').any(is_ace) {
        return;
    }
    let uri = format!("http://{ascii}/");
    let iri = ToIri::new()
        .idna(true)
        .convert(&uri)
        .expect("a URI converts to an IRI");
    let script = |text: &str| -> Vec<(Code, usize)> {
        let mut found: Vec<(Code, usize)> = rfc3987::lint::lint(text)
            .expect("valid")
            .into_iter()
            .filter(|w| {
                w.component() == Component::Host
                    && matches!(
                        w.code(),
                        Code::MixedScript | Code::Confusable | Code::BidiMixed | Code::BidiRtlEnds
                    )
            })
            .map(|w| {
                let label = text[..w.range().start].matches('.').count();
                (w.code(), label)
            })
            .collect();
        found.sort();
        found
    };
    assert_eq!(script(&uri), script(&iri), "{uri:?} and {iri:?}");
}

// ---------------------------------------------------------------------
// entry

/// Entry of typed or pasted text (section 7.2): a cleaned result is an
/// `IRI-reference`, cleaning it again changes nothing and reports no
/// change, and every change
/// names a range inside the input; a failure points inside the input. A
/// valid NFC `IRI` with nothing to clean (no white space, no invisible
/// format character (step 1 trims them around it, step 2 removes the
/// marks of line breaks inside, step 5 encodes the others), no bidi
/// formatting character, no full-width or half-width form or
/// ideographic space for step 3, no ideographic full stop in its host)
/// comes back unchanged, with no
/// change: entry never turns an IRI into another (`url:x` stays).
/// Whether `text`, past the quotes, brackets and marks before it, starts
/// with a scheme and its colon (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"`).
fn begins_with_scheme(text: &str) -> bool {
    let rest = text.trim_start_matches(|c: char| !c.is_alphanumeric());
    let name = rest.split(':').next().unwrap_or("");
    rest.len() > name.len()
        && name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
}

pub fn entry(data: &[u8]) -> Checked {
    let text = String::from_utf8_lossy(data);
    if let Ok(iri) = Iri::parse(&*text) {
        // Invisible format characters: trimmed, removed or encoded.
        let invisible = |c: char| {
            use icu_properties::props::{DefaultIgnorableCodePoint, GeneralCategory, JoinControl};
            use icu_properties::{CodePointMapData, CodePointSetData};
            CodePointMapData::<GeneralCategory>::new().get(c) == GeneralCategory::Format
                && CodePointSetData::new::<DefaultIgnorableCodePoint>().contains(c)
                && !CodePointSetData::new::<JoinControl>().contains(c)
        };
        let nothing_to_clean = icu_normalizer::ComposingNormalizerBorrowed::new_nfc()
            .is_normalized(&text)
            && !text.chars().any(|c| {
                invisible(c)
                    || is_bidi_formatting(c)
                    || c.is_whitespace()
                    || ('\u{FF01}'..='\u{FF9F}').contains(&c)
                    || c == '\u{3000}'
            })
            && !iri.host().is_some_and(|h| h.contains('\u{3002}'))
            // `url:` before an IRI with a scheme, wrapped or marked or
            // not (`url:“https://a/”`, `url:*https://a/*`, `url:(a:b`), is
            // RFC 3986 Appendix C's prefix, which entry removes.
            && (!iri.scheme().eq_ignore_ascii_case("url") || !begins_with_scheme(&text[4..]));
        if nothing_to_clean {
            let cleaned = rfc3987::entry::clean(&text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
            assert_eq!(cleaned.iri().as_str(), &*text, "entry changed a valid IRI");
            assert!(
                cleaned.changes().is_empty(),
                "{text:?}: {:?}",
                cleaned.changes()
            );
        }
    }
    match rfc3987::entry::clean(&text) {
        Ok(cleaned) => {
            let iri = cleaned.iri().as_str();
            rfc3987::check(&rules::IRI_REFERENCE, iri).unwrap_or_else(|e| panic!("{text:?}: {e}"));
            for change in cleaned.changes() {
                assert_eq!(
                    text.get(change.range.clone()),
                    Some(&*change.before),
                    "{text:?}: {change:?} is not the input's text"
                );
            }
            let again = rfc3987::entry::clean(iri).unwrap_or_else(|e| panic!("{iri:?}: {e}"));
            assert_eq!(again.iri().as_str(), iri, "{text:?}: not idempotent");
            assert!(
                again.changes().is_empty(),
                "{text:?}: cleaning {iri:?} again changed {:?}",
                again.changes()
            );
            Checked::Valid
        }
        Err(e) => {
            assert!(e.offset() <= text.len(), "{text:?}: {e}");
            Checked::Rejected
        }
    }
}

// ---------------------------------------------------------------------
// scan

/// The accelerated scanner against the plain table walk, for every rule
/// of the grammar: the same verdict and the same error offset from
/// `recognize` and `recognize_plain`, and the same error from `check`
/// (which walks text) and `check_bytes`; `longest_prefix` is the longest
/// prefix `recognize` accepts (checked at its length, one byte past it,
/// and at the end); the batch walks (`recognize_all`, four interleaved
/// lanes over blocks read from an iterator, and `check_batch_bytes`, one
/// walk over a slice) give each input its single-string verdict and error,
/// whatever its neighbours. The input is split at `\n` into the batch's
/// inputs, and also taken whole.
pub fn scan(data: &[u8]) -> Checked {
    let pieces: Vec<&[u8]> = data.split(|&b| b == b'\n').collect();
    let mut valid = false;
    for rule in Rule::all() {
        for input in pieces.iter().copied().chain([data]) {
            let fast = rule.recognize(input);
            assert_eq!(
                fast,
                rule.recognize_plain(input),
                "{}: {input:?}: the accelerated and the plain walk differ",
                rule.name()
            );
            valid |= fast.is_ok();
            // Text is walked with the shift machines' character rows:
            // the same error as the bytes' walk, which takes only ASCII.
            if let Ok(text) = std::str::from_utf8(input) {
                assert_eq!(
                    rfc3987::check(rule, text),
                    rfc3987::check_bytes(rule, input),
                    "{}: {input:?}: the text and the bytes walk differ",
                    rule.name()
                );
            }
            let longest = rule.longest_prefix(input);
            if let Some(n) = longest {
                assert!(
                    rule.recognize(&input[..n]).is_ok(),
                    "{}: {input:?}",
                    rule.name()
                );
            }
            // No longer prefix matches: probe past it (the dead state is
            // sticky, so where the walk died no longer prefix can match).
            let from = longest.map_or(0, |n| n + 1);
            if let Err(offset) = fast {
                for k in from..=input.len().min(offset + 1) {
                    assert!(
                        rule.recognize(&input[..k]).is_err(),
                        "{}: {input:?}: longest_prefix {longest:?} but {k} matches",
                        rule.name()
                    );
                }
            } else {
                assert_eq!(longest, Some(input.len()), "{}: {input:?}", rule.name());
            }
        }
        let batch: Vec<_> = rule.recognize_all(pieces.iter().copied()).collect();
        assert_eq!(batch.len(), pieces.len(), "{}", rule.name());
        for ((input, verdict), piece) in batch.into_iter().zip(&pieces) {
            assert_eq!(input, *piece);
            assert_eq!(
                verdict,
                rule.recognize(piece),
                "{}: batch on {piece:?}",
                rule.name()
            );
        }
        // The slice form (one walk over all the pieces): the same errors,
        // offset, state and found character, as one at a time.
        let errors = rfc3987::check_batch_bytes(rule, &pieces);
        for (error, piece) in errors.iter().zip(&pieces) {
            assert_eq!(
                *error,
                rfc3987::check_bytes(rule, piece),
                "{}: check_batch_bytes on {piece:?}",
                rule.name()
            );
        }
        assert_eq!(errors.len(), pieces.len(), "{}", rule.name());
    }
    if valid {
        Checked::Valid
    } else {
        Checked::Rejected
    }
}

// ---------------------------------------------------------------------
// check_vs_parse

/// `check` and the parsers agree on every rule pair (`IRI-reference` and
/// `IriRef`, `IRI` and `Iri`, `absolute-IRI` and `AbsoluteIri`,
/// `irelative-ref` and `RelativeRef`): same verdict, and the same offset
/// and character when both reject. `check` on bytes and on UTF-16 agrees
/// too, and the rules nest as the grammar says (an IRI-reference is an
/// IRI or an irelative-ref, never both; on ASCII the URI rules are the IRI
/// rules).
pub fn check_vs_parse(data: &[u8]) -> Checked {
    let text = match std::str::from_utf8(data) {
        Ok(text) => text,
        Err(e) => {
            for (_, rule) in TYPES {
                let error = rfc3987::check_bytes(rule, data).expect_err("ill-formed UTF-8");
                assert!(
                    error.offset() <= e.valid_up_to(),
                    "{data:?}: {}",
                    rule.name()
                );
            }
            return Checked::Rejected;
        }
    };
    let units: Vec<u16> = text.encode_utf16().collect();
    let mut verdicts = [false; 4];
    for (i, (name, rule)) in TYPES.into_iter().enumerate() {
        let checked = rfc3987::check(rule, text);
        let parsed = parse_as(name, text);
        verdicts[i] = checked.is_ok();
        match (&checked, &parsed) {
            (Ok(()), Ok(())) => {}
            (Err(c), Err(p)) => {
                assert_eq!(
                    (c.offset(), c.found()),
                    (p.offset(), p.found()),
                    "{text:?}: check {} and {name}::parse reject differently",
                    rule.name()
                );
                assert_eq!(p.input(), text);
                assert!(Rule::find(p.rule()).is_some(), "{text:?}: {}", p.rule());
                assert!(text.is_char_boundary(c.offset()) && c.offset() <= text.len());
                // The error is rendered with its offset and a caret line.
                assert!(p.to_string().contains(&format!("at byte {}", p.offset())));
                assert_eq!(format!("{p:#}").lines().count(), 3, "{text:?}: {p:#}");
            }
            _ => panic!(
                "{text:?}: check {} says {checked:?} but {name}::parse says {parsed:?}",
                rule.name()
            ),
        }
        assert_eq!(
            rfc3987::check_bytes(rule, data),
            checked,
            "{text:?}: bytes and str"
        );
        // The DFA may notice a bad character at one of its later bytes;
        // `check` points at its start.
        match (rule.recognize(data), &checked) {
            (Ok(()), Ok(())) => {}
            (Err(at), Err(c)) => assert!(
                c.offset() <= at && at < c.offset() + 4,
                "{text:?}: {} recognized up to {at}, check says {}",
                rule.name(),
                c.offset()
            ),
            (raw, _) => panic!("{text:?}: recognize {raw:?}, check {checked:?}"),
        }
    }
    let utf16 = IriRef::<String>::from_utf16(&units);
    match (&utf16, IriRef::parse(text)) {
        (Ok(a), Ok(b)) => assert_eq!(a.components(), b.components()),
        (Err(a), Err(b)) => assert_eq!((a.offset(), a.found()), (b.offset(), b.found())),
        (a, b) => panic!("{text:?}: UTF-16 {a:?}, UTF-8 {b:?}"),
    }

    let [reference, iri, absolute, relative] = verdicts;
    assert!(
        !iri || reference,
        "{text:?}: an IRI but not an IRI-reference"
    );
    assert!(!relative || reference, "{text:?}: irelative-ref only");
    assert_eq!(reference, iri ^ relative, "{text:?}: IRI xor irelative-ref");
    let fragment = text.contains('#');
    assert_eq!(absolute, iri && !fragment, "{text:?}: absolute-IRI");
    let ok = |rule: &Rule| rule.recognize(data).is_ok();
    assert!(!ok(&rules::URI_REFERENCE) || reference, "{text:?}: URI");
    if text.is_ascii() {
        for (uri, iri) in [
            (&rules::URI_REFERENCE, &rules::IRI_REFERENCE),
            (&rules::URI, &rules::IRI),
            (&rules::ABSOLUTE_URI, &rules::ABSOLUTE_IRI),
            (&rules::RELATIVE_REF, &rules::IRELATIVE_REF),
        ] {
            assert_eq!(ok(uri), ok(iri), "{text:?}: {} on ASCII", uri.name());
        }
    }
    if reference {
        Checked::Valid
    } else {
        Checked::Rejected
    }
}

// ---------------------------------------------------------------------
// to_uri

/// Section 3.1: an IRI reference maps to an ASCII `URI-reference` (a
/// `URI` for an `IRI`) that stands for the same octets; the mapping is
/// idempotent; with IDNA the result is a URI reference too, and the
/// ideographic and full-width full stops separate labels as `.` does
/// (RFC 3490 section 3.1); lenient mapping is exactly "percent-encode the
/// excluded ASCII characters, then map", and the plain mapping fails at
/// the first of them.
pub fn to_uri(data: &[u8]) -> Checked {
    let Ok(text) = std::str::from_utf8(data) else {
        return Checked::Rejected;
    };
    let lenient = ToUri::new().lenient(true).convert(text);
    let mut by_hand = String::new();
    for c in text.chars() {
        if URI_EXCLUDED_ASCII.contains(&c) {
            by_hand += &format!("%{:02X}", c as u32);
        } else {
            by_hand.push(c);
        }
    }
    let plain = mapping::to_uri(text);
    match rfc3987::check(&rules::IRI_REFERENCE, &by_hand) {
        Ok(()) => {
            let expected = mapping::to_uri(&by_hand).expect("a valid reference maps");
            assert_eq!(lenient.as_ref(), Ok(&expected), "{text:?}: lenient");
            if let Some(at) = text.find(&URI_EXCLUDED_ASCII[..]) {
                let c = text[at..].chars().next().expect("found");
                let not_allowed = Error::Mapping(MappingError::NotAllowed { offset: at, c });
                assert_eq!(plain, Err(not_allowed), "{text:?}: plain");
            }
        }
        Err(_) => assert!(lenient.is_err(), "{text:?}: lenient {lenient:?}"),
    }
    let uri = match (plain, rfc3987::check(&rules::IRI_REFERENCE, text)) {
        (Ok(uri), Ok(())) => uri,
        (Err(Error::Syntax(e)), Err(c)) => {
            assert_eq!(e, c, "{text:?}");
            return Checked::Rejected;
        }
        (Err(Error::Mapping(MappingError::NotAllowed { offset, c })), Err(e)) => {
            assert_eq!(offset, e.offset(), "{text:?}");
            assert!(URI_EXCLUDED_ASCII.contains(&c));
            return Checked::Rejected;
        }
        (result, checked) => panic!("{text:?}: to_uri {result:?}, check {checked:?}"),
    };
    assert!(uri.is_ascii(), "{text:?} -> {uri:?}");
    must_match(&rules::URI_REFERENCE, text, &uri);
    if rules::IRI.recognize(data).is_ok() {
        must_match(&rules::URI, text, &uri);
    }
    assert_eq!(octets(&uri), octets(text), "{text:?} -> {uri:?}: octets");
    assert_eq!(
        mapping::to_uri(&uri).as_ref(),
        Ok(&uri),
        "{text:?}: not idempotent"
    );
    let idna = ToUri::new().idna(true);
    match idna.convert(text) {
        Ok(ace) => {
            assert!(ace.is_ascii(), "{text:?} -> {ace:?}");
            must_match(&rules::URI_REFERENCE, text, &ace);
            assert_eq!(
                idna.convert(&ace).as_ref(),
                Ok(&ace),
                "{text:?}: IDNA not idempotent"
            );
        }
        Err(Error::Mapping(e @ MappingError::Idna { .. })) => {
            assert!(e.offset() < text.len(), "{text:?}: {e}")
        }
        Err(e) => panic!("{text:?}: IDNA mapping fails with {e}"),
    }
    if let Some(dotted) = with_ascii_dots(text) {
        match (idna.convert(text), idna.convert(&dotted)) {
            (Ok(a), Ok(b)) => assert_eq!(a, b, "{text:?} and {dotted:?} under IDNA"),
            (Err(_), Err(_)) => {}
            (a, b) => panic!("{text:?} gives {a:?} under IDNA, but {dotted:?} gives {b:?}"),
        }
    }
    Checked::Valid
}

// ---------------------------------------------------------------------
// to_iri

/// Section 3.2: the result is an `IRI-reference` without bidi formatting
/// characters; it stands for the same octets as the input, component by
/// component; `%2F`, `%3F` and `%23` stay encoded and nothing is decoded
/// into `/`, `?` or `#`; the conversion is idempotent; and the URI of the
/// result is the URI of the input up to hex case and percent-encoded
/// unreserved characters, as section 3.2 promises. With the look-alike
/// policy off and with IDNA the first properties hold too.
pub fn to_iri(data: &[u8]) -> Checked {
    let Ok(text) = std::str::from_utf8(data) else {
        return Checked::Rejected;
    };
    match (
        mapping::to_iri(text),
        rfc3987::check(&rules::IRI_REFERENCE, text),
    ) {
        (Ok(_), Ok(())) => {}
        (Err(Error::Syntax(e)), Err(c)) => {
            assert_eq!(e, c, "{text:?}");
            return Checked::Rejected;
        }
        (result, checked) => panic!("{text:?}: to_iri {result:?}, check {checked:?}"),
    }
    let input = IriRef::parse(text).expect("checked");
    for (conversion, idna) in [
        (ToIri::new(), false),
        (ToIri::new().keep_lookalikes(false), false),
        (ToIri::new().idna(true), true),
    ] {
        let out = conversion
            .convert(text)
            .unwrap_or_else(|e| panic!("{text:?}: {e}"));
        let r =
            IriRef::parse(out.as_str()).unwrap_or_else(|e| panic!("{text:?} -> {out:?}: {e:#}"));
        assert!(!out.chars().any(is_bidi_formatting), "{text:?} -> {out:?}");
        assert_eq!(
            conversion.convert(&out).as_ref(),
            Ok(&out),
            "{text:?} -> {out:?}: not idempotent"
        );
        let (a, b) = (input.components(), r.components());
        for (name, x, y) in [
            ("scheme", a.scheme, b.scheme),
            ("userinfo", a.userinfo, b.userinfo),
            // IDNA may rewrite the host (ToUnicode); nothing else does.
            ("host", a.host, if idna { a.host } else { b.host }),
            ("port", a.port, b.port),
            ("path", Some(a.path), Some(b.path)),
            ("query", a.query, b.query),
            ("fragment", a.fragment, b.fragment),
        ] {
            assert!(octets_eq(x, y), "{text:?} -> {out:?}: the {name} changed");
            assert_eq!(
                x.map(delimiters),
                y.map(delimiters),
                "{text:?} -> {out:?}: a delimiter in the {name} was decoded"
            );
        }
        assert_eq!(a.host.is_some(), b.host.is_some(), "{text:?} -> {out:?}");
    }
    // Section 3.2's promise, on the URI of the input.
    let uri = mapping::to_uri(text).expect("a valid reference maps");
    let iri = mapping::to_iri(&uri).expect("a URI converts");
    let back = mapping::to_uri(&iri).expect("an IRI maps");
    assert_eq!(
        back,
        canonical(&uri),
        "{text:?}: {uri:?} -> {iri:?} -> {back:?}"
    );
    Checked::Valid
}

/// `uri` with percent-encoded unreserved characters decoded and the hex
/// digits of the other triplets in uppercase (what section 3.2 says a
/// round trip through an IRI may change).
fn canonical(uri: &str) -> String {
    let mut out = String::new();
    let mut rest = uri;
    while let Some(c) = rest.chars().next() {
        match triplet(rest) {
            Some(octet) if octet.is_ascii_alphanumeric() || b"-._~".contains(&octet) => {
                out.push(char::from(octet));
                rest = &rest[3..];
            }
            Some(octet) => {
                out += &format!("%{octet:02X}");
                rest = &rest[3..];
            }
            None => {
                out.push(c);
                rest = &rest[c.len_utf8()..];
            }
        }
    }
    out
}

// ---------------------------------------------------------------------
// normalize

/// Section 5.3, on the syntax and the scheme rungs: normalizing a valid
/// reference never fails (except for an invalid IDN host with
/// `strict_hosts`, whose error points at the host); the normal form is an
/// `IRI-reference` (an `IRI`, `absolute-IRI` or `irelative-ref` when the
/// input is one); normalization is idempotent; the input is equivalent to
/// its normal form; the ladder is monotone (the scheme rung of the syntax
/// normal form is the scheme rung of the input); a parsed value
/// normalizes like its text. On the syntax rung no octet changes: every
/// component stands for the same octets (scheme and host up to ASCII
/// case), `%2F`, `%3F` and `%23` are never decoded and ill-formed UTF-8 is
/// never decoded (each path segment of the result is one of the input's).
/// With NFC and NFKC the result is valid and idempotent too. Ideographic
/// and full-width full stops in a DNS host normalize as `.` does.
pub fn normalize(data: &[u8]) -> Checked {
    let Ok(text) = std::str::from_utf8(data) else {
        return Checked::Rejected;
    };
    let syntax = Normalizer::new(Level::Syntax);
    let scheme = Normalizer::new(Level::Scheme);
    let checked = rfc3987::check(&rules::IRI_REFERENCE, text);
    if let Err(c) = checked {
        for (n, level) in [(syntax, "syntax"), (scheme, "scheme")] {
            assert_eq!(
                n.normalize(text),
                Err(Error::Syntax(c)),
                "{text:?}: {level}"
            );
        }
        return Checked::Rejected;
    }
    let input = IriRef::parse(text).expect("checked");
    let normal = normalized(syntax, text, &input);
    syntax_keeps_octets(text, &input, &normal);
    let equivalent = normalize::equiv(text, &normal, Level::Syntax);
    assert_eq!(equivalent, Ok(true), "{text:?} -> {normal:?}");
    assert_eq!(normalize::normalize(text).as_ref(), Ok(&normal));

    let scheme_normal = normalized(scheme, text, &input);
    let equivalent = normalize::equiv(text, &scheme_normal, Level::Scheme);
    assert_eq!(equivalent, Ok(true), "{text:?} -> {scheme_normal:?}");
    assert_eq!(
        scheme.normalize(&normal).as_ref(),
        Ok(&scheme_normal),
        "{text:?}: the scheme rung of the syntax normal form {normal:?}"
    );
    // Strict hosts: the same result, or an error at the host, for the
    // input and its syntax normal form alike.
    let strict = scheme.strict_hosts(true);
    match strict.normalize(text) {
        Ok(out) => assert_eq!(out, scheme_normal, "{text:?}: strict hosts"),
        Err(Error::Normalize(NormalizeError::InvalidHost { offset, len, .. })) => {
            let host = input.host().expect("an invalid host is a host");
            assert_eq!(
                text.get(offset..offset + len),
                Some(host),
                "{text:?}: host span"
            );
            assert!(
                strict.normalize(&normal).is_err(),
                "{text:?}: {normal:?} strict"
            );
        }
        Err(e) => panic!("{text:?}: strict hosts: {e}"),
    }
    if let Some(dotted) = with_ascii_dots(text) {
        if let Ok(out) = strict.normalize(text) {
            let again = strict.normalize(&dotted);
            assert_eq!(again, Ok(out), "{text:?} and {dotted:?} on the scheme rung");
        }
    }
    for chars in [Chars::Nfc, Chars::Nfkc] {
        normalized(syntax.chars(chars), text, &input);
        normalized(scheme.chars(chars), text, &input);
    }
    Checked::Valid
}

/// The normal form of the valid `text` under `n`, with the properties
/// every rung has.
fn normalized(n: Normalizer<'_>, text: &str, input: &IriRef<&str>) -> String {
    let out = n
        .normalize(text)
        .unwrap_or_else(|e| panic!("{text:?}: {n:?} fails: {e}"));
    must_match(&rules::IRI_REFERENCE, text, &out);
    for rule in [&rules::IRI, &rules::ABSOLUTE_IRI, &rules::IRELATIVE_REF] {
        if rule.recognize(text.as_bytes()).is_ok() {
            must_match(rule, text, &out);
        }
    }
    let again = n.normalize(&out);
    assert_eq!(
        again.as_ref(),
        Ok(&out),
        "{text:?} -> {out:?}: not idempotent ({n:?})"
    );
    let parsed = n
        .normalize_ref(input)
        .unwrap_or_else(|e| panic!("{text:?}: the parsed value fails: {e}"));
    assert_eq!(parsed.as_str(), out, "{text:?}: parsed and text differ");
    let reparsed = IriRef::parse(out.as_str()).expect("valid");
    assert_eq!(parsed.components(), reparsed.components(), "{out:?}");
    if let Some(iri) = input.as_iri() {
        let parsed = n.normalize_iri(&iri).expect("normalizes as a reference");
        assert_eq!(parsed.as_str(), out, "{text:?}: normalize_iri");
    }
    out
}

/// Syntax-based normalization changes how octets are written, never
/// which octets: component by component (the host up to ASCII case), and
/// for the path segment by segment, since dot-segment removal drops some.
fn syntax_keeps_octets(text: &str, input: &IriRef<&str>, normal: &str) {
    let out = IriRef::parse(normal).expect("valid");
    let (a, b) = (input.components(), out.components());
    assert_eq!(
        a.scheme.map(str::to_ascii_lowercase).as_deref(),
        b.scheme,
        "{text:?} -> {normal:?}: scheme"
    );
    let lower = |host: Option<&str>| host.map(|h| octets(h).to_ascii_lowercase());
    assert_eq!(lower(a.host), lower(b.host), "{text:?} -> {normal:?}: host");
    assert_eq!(a.port, b.port, "{text:?} -> {normal:?}: port");
    for (name, x, y) in [
        ("host", a.host, b.host),
        ("userinfo", a.userinfo, b.userinfo),
        ("query", a.query, b.query),
        ("fragment", a.fragment, b.fragment),
    ] {
        if name != "host" {
            assert!(octets_eq(x, y), "{text:?} -> {normal:?}: {name} octets");
        }
        assert_eq!(
            x.map(delimiters),
            y.map(delimiters),
            "{text:?} -> {normal:?}: a delimiter in the {name} was decoded"
        );
    }
    // Segments come from the input's (or are empty where dot segments
    // were removed, or the "." that protects a path starting with "//");
    // a decoded %2F would split one, a decoded
    // %3F or %23 would end the path early.
    let mut known: Vec<Vec<u8>> = a.path.split('/').map(octets).collect();
    known.extend([b"".to_vec(), b".".to_vec()]);
    for segment in b.path.split('/') {
        assert!(
            known.contains(&octets(segment)),
            "{text:?} -> {normal:?}: segment {segment:?} is not one of the input's"
        );
    }
}

// ---------------------------------------------------------------------
// resolve

/// Resolution and relativization, on `BASE \n OTHER`. With `OTHER` as a
/// reference: the target matches `IRI`; its path is the base's when
/// `OTHER` is only a query or fragment (section 5.2.2), otherwise it has
/// no dot segments (beyond the `/.` that keeps a path from starting with
/// `//`) and the target resolves to itself; it is what the parsed values
/// and a prepared `Base` give (a `Base` also gives the string function's
/// error for an invalid `OTHER`); and `relativize` finds a reference no
/// longer than `OTHER` that resolves back to it. With `OTHER` as a target
/// IRI: `resolve(b, relativize(b, t)) == t` whenever some reference
/// reaches `t` (its path has no dot segments, it is a resolution's
/// output, or it is normalized); otherwise `relativize` returns `t`
/// itself. Errors name the right input and offset.
pub fn resolve(data: &[u8]) -> Checked {
    let Some((base, other)) = two(data) else {
        return Checked::Rejected;
    };
    let base_checked = rfc3987::check(&rules::IRI, base);
    let other_checked = rfc3987::check(&rules::IRI_REFERENCE, other);
    let resolved = resolve::resolve(base, other);
    match (&resolved, base_checked, other_checked) {
        (Ok(_), Ok(()), Ok(())) => {}
        (Err(e), Err(c), _) => {
            let want = Error::In {
                input: Input::Base,
                error: InputError::Syntax(c),
            };
            assert_eq!(*e, want, "{base:?} {other:?}");
        }
        (Err(e), Ok(()), Err(c)) => {
            let want = Error::In {
                input: Input::Reference,
                error: InputError::Syntax(c),
            };
            assert_eq!(*e, want, "{base:?} {other:?}");
        }
        (result, b, o) => panic!("{base:?} {other:?}: resolve {result:?}, check {b:?} {o:?}"),
    }
    // A prepared base gives what the one-off calls give, errors included.
    let prepared = Iri::parse(base).ok().map(resolve::Base::new);
    if let Some(prepared) = prepared {
        assert_eq!(
            prepared.resolve_str(other),
            resolved,
            "{base:?} {other:?}: Base::resolve_str"
        );
    }
    let Ok(target) = resolved else {
        return Checked::Rejected;
    };
    let iri_base = Iri::parse(base).expect("checked");
    let reference = IriRef::parse(other).expect("checked");
    let prepared = prepared.expect("checked");
    assert_eq!(
        prepared.resolve(&reference),
        target,
        "{base:?} {other:?}: Base"
    );

    must_match(&rules::IRI, other, &target);
    let parsed = Iri::parse(target.as_str()).expect("an IRI");
    let path = parsed.path();
    let r = reference.components();
    if r.scheme.is_none() && r.authority.is_none() && r.path.is_empty() {
        // Section 5.2.2: an empty path takes the base's path as it is.
        assert_eq!(
            path,
            iri_base.path(),
            "{base:?} {other:?} -> {target:?}: path"
        );
    } else {
        let unprotected = match path.strip_prefix("/.") {
            Some(rest) if rest.starts_with("//") && !parsed.has_authority() => rest,
            _ => path,
        };
        assert!(
            !has_dot_segment(unprotected),
            "{base:?} {other:?} -> {target:?}: dot segments left"
        );
        assert_eq!(
            resolve::resolve(base, &target).as_ref(),
            Ok(&target),
            "{base:?} {other:?}: the target does not resolve to itself"
        );
    }
    assert_eq!(
        iri_base.resolve(&reference),
        target,
        "{base:?} {other:?}: parsed"
    );
    let loose = resolve::resolve_non_strict(base, other)
        .unwrap_or_else(|e| panic!("{base:?} {other:?}: non-strict: {e}"));
    must_match(&rules::IRI, other, &loose);
    assert_eq!(iri_base.resolve_non_strict(&reference), loose);
    assert_eq!(prepared.non_strict().resolve(&reference), loose);

    let relative = relativize_back(base, &target);
    assert!(
        relative.len() <= other.len(),
        "{base:?} -> {target:?}: {relative:?} is longer than {other:?}"
    );

    if let Ok(iri) = Iri::parse(other) {
        let relative = relativize(base, other);
        let back = resolve::resolve(base, &relative).expect("valid");
        // Resolution removes dot segments, so a target with some is
        // reached only if it is its own resolution (`a:/.//g`).
        let reachable = !has_dot_segment(iri.path()) || target == other;
        if reachable {
            assert_eq!(back, other, "{base:?} -> {other:?} via {relative:?}");
        } else {
            assert!(
                back == other || relative == other,
                "{base:?} -> {other:?}: {relative:?} is neither a way back nor the target"
            );
        }
        let normal = normalize::normalize(other).expect("an IRI normalizes");
        relativize_back(base, &normal);
    }
    Checked::Valid
}

/// `relativize(base, target)`, checked: valid, and the same on parsed
/// values.
fn relativize(base: &str, target: &str) -> String {
    let relative =
        resolve::relativize(base, target).unwrap_or_else(|e| panic!("{base:?} -> {target:?}: {e}"));
    must_match(&rules::IRI_REFERENCE, target, &relative);
    let iri_base = Iri::parse(base).expect("checked");
    let iri_target = Iri::parse(target).expect("checked");
    assert_eq!(
        iri_base.relativize(&iri_target),
        relative,
        "{base:?} -> {target:?}: parsed"
    );
    relative
}

/// `relativize(base, target)` for a `target` that some reference
/// reaches: it resolves back to `target`.
fn relativize_back(base: &str, target: &str) -> String {
    let relative = relativize(base, target);
    let back = resolve::resolve(base, &relative).expect("valid");
    assert_eq!(back, target, "{base:?} -> {target:?} via {relative:?}");
    relative
}

/// Whether some segment of `path` is `.` or `..`.
fn has_dot_segment(path: &str) -> bool {
    path.split('/').any(|s| s == "." || s == "..")
}

// ---------------------------------------------------------------------
// builder

/// The components, in the order of the `builder` target's mask bits.
const PARTS: [&str; 7] = [
    "scheme", "userinfo", "host", "port", "path", "query", "fragment",
];

/// The builder and the setters, on `MASK START \n PART \n PART ...`: bit
/// `i` of the first byte says whether component `PARTS[i]` is given, and
/// the given ones take the lines after `START` in order (missing lines
/// are empty). The builder succeeds exactly when some IRI reference has
/// these components, and then writes exactly that one; the narrower
/// builds succeed when the scheme and fragment allow. Each setter, applied
/// to `START` (if it parses) with the given value of its component, leaves
/// a valid value whose components are the old ones with that one
/// replaced, or fails and changes nothing; it fails exactly when no IRI
/// reference has those components.
pub fn builder(data: &[u8]) -> Checked {
    let Some((&mask, rest)) = data.split_first() else {
        return Checked::Rejected;
    };
    let Ok(rest) = std::str::from_utf8(rest) else {
        return Checked::Rejected;
    };
    let mut lines = rest.split('\n');
    let start = lines.next().unwrap_or_default();
    let mut given: [Option<&str>; 7] = [None; 7];
    for (i, part) in given.iter_mut().enumerate() {
        if mask & (1 << i) != 0 {
            *part = Some(lines.next().unwrap_or_default());
        }
    }
    let wanted = Parts(given);
    let built = check_builder(&wanted);
    if let Ok(start) = IriRef::parse(start) {
        let start = Parts::of(&start.components());
        for (i, value) in given.iter().enumerate() {
            check_setter(&start, i, *value);
        }
        // A whole authority at once, from the given userinfo, host, port.
        if given[2].is_some() || mask & 0x80 != 0 {
            let authority = given[2].map(|_| wanted.authority());
            check_set_authority(&start, authority.as_deref());
        }
    }
    if built {
        Checked::Valid
    } else {
        Checked::Rejected
    }
}

/// Components by [`PARTS`] index; the path is `Some` (possibly empty)
/// whenever it is used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Parts<'a>([Option<&'a str>; 7]);

impl<'a> Parts<'a> {
    fn of(c: &Components<'a>) -> Parts<'a> {
        Parts([
            c.scheme,
            c.userinfo,
            c.host,
            c.port,
            Some(c.path),
            c.query,
            c.fragment,
        ])
    }

    /// The text these components make with the delimiters written in
    /// (userinfo and port only under a host).
    fn assemble(&self) -> String {
        let [scheme, _, host, _, path, query, fragment] = self.0;
        let mut text = String::new();
        if let Some(s) = scheme {
            text = format!("{s}:");
        }
        if host.is_some() {
            text = format!("{text}//{}", self.authority());
        }
        text += path.unwrap_or_default();
        if let Some(q) = query {
            text = format!("{text}?{q}");
        }
        if let Some(f) = fragment {
            text = format!("{text}#{f}");
        }
        text
    }

    fn authority(&self) -> String {
        let [_, userinfo, host, port, ..] = self.0;
        let mut authority = String::new();
        if let Some(u) = userinfo {
            authority = format!("{u}@");
        }
        authority += host.unwrap_or_default();
        if let Some(p) = port {
            authority = format!("{authority}:{p}");
        }
        authority
    }

    /// The reference with exactly these components, if there is one: the
    /// assembled text, when it parses back into them.
    fn reference(&self) -> Option<String> {
        let text = self.assemble();
        let r = IriRef::parse(text.as_str()).ok()?;
        let mut wanted = *self;
        wanted.0[4] = Some(wanted.0[4].unwrap_or_default());
        (Parts::of(&r.components()) == wanted).then_some(text)
    }
}

/// The builder on `wanted`: succeeds exactly when some reference has
/// these components, and then writes it. Returns whether it succeeded.
fn check_builder(wanted: &Parts<'_>) -> bool {
    let [scheme, userinfo, host, port, path, query, fragment] = wanted.0;
    let mut b = Builder::new().path(path.unwrap_or_default());
    if let Some(s) = scheme {
        b = b.scheme(s);
    }
    if let Some(u) = userinfo {
        b = b.userinfo(u);
    }
    if let Some(h) = host {
        b = b.host(h);
    }
    if let Some(p) = port {
        b = b.port_str(p);
    }
    if let Some(q) = query {
        b = b.query(q);
    }
    if let Some(f) = fragment {
        b = b.fragment(f);
    }
    let expected = wanted.reference();
    let built = b.build();
    assert_eq!(
        built.as_ref().ok().map(IriRef::as_str),
        expected.as_deref(),
        "{wanted:?}: built {built:?}"
    );
    if let Err(e) = &built {
        assert!(e.offset() <= e.input().len(), "{wanted:?}: {e:?}");
    }
    let ok = built.is_ok();
    let relative = ok && scheme.is_none();
    assert_eq!(b.build_iri().is_ok(), ok && scheme.is_some(), "{wanted:?}");
    assert_eq!(
        b.build_absolute().is_ok(),
        ok && scheme.is_some() && fragment.is_none(),
        "{wanted:?}"
    );
    assert_eq!(b.build_relative().is_ok(), relative, "{wanted:?}");
    // A port given as a number is written in decimal.
    if let Some(number) = port.and_then(|p| p.parse::<u16>().ok()) {
        if number.to_string() == port.unwrap_or_default() {
            let by_number = b.port(number).build();
            assert_eq!(by_number.ok(), built.ok(), "{wanted:?}: port {number}");
        }
    }
    ok
}

/// Setter `i` of [`PARTS`] on `start` with `value`.
fn check_setter(start: &Parts<'_>, i: usize, value: Option<&str>) {
    let text = start.reference().expect("start parses");
    let mut r: IriRef<String> = text.parse().expect("start parses");
    let result = match i {
        0 => r.set_scheme(value),
        1 => r.set_userinfo(value),
        2 => match value {
            Some(host) => r.set_host(host),
            None => return,
        },
        3 => r.set_port(value),
        4 => r.set_path(value.unwrap_or_default()),
        5 => r.set_query(value),
        _ => r.set_fragment(value),
    };
    let mut wanted = *start;
    wanted.0[i] = if i == 4 {
        Some(value.unwrap_or_default())
    } else {
        value
    };
    let ok = result.is_ok();
    setter_result(&text, PARTS[i], value, &wanted, &r, ok);
    // The same setter on `Iri<String>`, which keeps the scheme: the same
    // verdict and text.
    if let Ok(mut iri) = Iri::parse(text.clone()) {
        let result = match (i, value) {
            (0, Some(s)) => iri.set_scheme(s),
            (0, None) => return,
            (1, _) => iri.set_userinfo(value),
            (2, _) => iri.set_host(value.expect("returned above")),
            (3, _) => iri.set_port(value),
            (4, _) => iri.set_path(value.unwrap_or_default()),
            (5, _) => iri.set_query(value),
            _ => iri.set_fragment(value),
        };
        assert_eq!(
            result.is_ok(),
            ok,
            "{text:?}: Iri set {} {value:?}",
            PARTS[i]
        );
        assert_eq!(
            iri.as_str(),
            r.as_str(),
            "{text:?}: Iri set {} {value:?}",
            PARTS[i]
        );
    }
}

/// `set_authority` on `start`: the authority must match `iauthority`,
/// and then it replaces userinfo, host and port.
fn check_set_authority(start: &Parts<'_>, authority: Option<&str>) {
    let text = start.reference().expect("start parses");
    let mut r: IriRef<String> = text.parse().expect("start parses");
    let ok = r.set_authority(authority).is_ok();
    let parsed = authority.map(|a| IriRef::parse(format!("//{a}")));
    let mut wanted: Parts<'_> = *start;
    match (authority, &parsed) {
        (Some(a), Some(Ok(parsed))) if rules::IAUTHORITY.recognize(a.as_bytes()).is_ok() => {
            let c = parsed.components();
            wanted.0[1..4].copy_from_slice(&[c.userinfo, c.host, c.port]);
        }
        (Some(a), _) => {
            assert!(!ok, "{text:?}: the authority {a:?} accepted");
            assert_eq!(r.as_str(), text);
            return;
        }
        (None, _) => wanted.0[1..4].copy_from_slice(&[None, None, None]),
    }
    setter_result(&text, "authority", authority, &wanted, &r, ok);
}

/// A setter succeeded exactly when some reference has the `wanted`
/// components, and then made it; otherwise it left `text` as it was.
fn setter_result(
    text: &str,
    name: &str,
    value: Option<&str>,
    wanted: &Parts<'_>,
    r: &IriRef<String>,
    ok: bool,
) {
    let expected = wanted.reference();
    match (ok, &expected) {
        (true, Some(expected)) => {
            assert_eq!(r.as_str(), expected, "{text:?}: set {name} {value:?}");
            let reparsed = IriRef::parse(r.as_str()).expect("a setter keeps it valid");
            assert_eq!(r.components(), reparsed.components());
        }
        (false, None) => assert_eq!(r.as_str(), text, "{text:?}: a failed set {name} changed it"),
        (ok, expected) => panic!(
            "{text:?}: set {name} {value:?} succeeds: {ok}, but the reference with those \
             components is {expected:?}"
        ),
    }
}

// ---------------------------------------------------------------------
// encode

/// Section 7.4 encoders, on any text (ill-formed UTF-8 replaced): every
/// result matches its component's rule, decodes back to the text, is
/// ASCII for a URI, has no bidi formatting character, is borrowed exactly
/// when nothing changed, keeps the delimiters that the component needs
/// encoded, and the builder accepts the results as components.
pub fn encode(data: &[u8]) -> Checked {
    let text = String::from_utf8_lossy(data);
    let text = text.as_ref();
    for target in [Target::Iri, Target::Uri] {
        let segment = encode::path_segment(text, target);
        let path = encode::path(text, target);
        let query = encode::query(text, target);
        let fragment = encode::fragment(text, target);
        let userinfo = encode::userinfo(text, target);
        let host = encode::reg_name(text, target);
        for (name, out, rule) in [
            ("path_segment", &segment, &rules::ISEGMENT),
            ("path", &path, &rules::IPATH),
            ("query", &query, &rules::IQUERY),
            ("fragment", &fragment, &rules::IFRAGMENT),
            ("userinfo", &userinfo, &rules::IUSERINFO),
            ("reg_name", &host, &rules::IREG_NAME),
        ] {
            must_match(rule, text, out);
            assert_eq!(octets(out), text.as_bytes(), "{text:?}: {name} {out:?}");
            assert!(
                !out.chars().any(is_bidi_formatting),
                "{text:?}: {name} {out:?}"
            );
            assert_eq!(
                matches!(out, Cow::Borrowed(_)),
                out.as_ref() == text,
                "{text:?}: {name} borrowed or not"
            );
            if target == Target::Uri {
                assert!(out.is_ascii(), "{text:?}: {name} {out:?}");
                let uri_rule = Rule::find(&rule.name()[1..]).expect("the URI rule");
                must_match(uri_rule, text, out);
            }
            // Which delimiters may stay literal (section 7.4: data, not
            // delimiters): `/` in a path, `/?:@` in a query or fragment.
            let literal = |set: &str| out.chars().filter(|&c| set.contains(c)).count();
            let allowed = match name {
                "path" => "/",
                "query" | "fragment" => ":/?@",
                _ => "",
            };
            let reserved = literal(RESERVED);
            assert_eq!(
                reserved,
                literal(allowed),
                "{text:?}: {name} {out:?} delimiters"
            );
            let slashes = if allowed.is_empty() {
                0
            } else {
                text.matches('/').count()
            };
            assert_eq!(literal("/"), slashes, "{text:?}: {name} {out:?} slashes");
        }
        if !segment.is_empty() {
            must_match(&rules::ISEGMENT_NZ_NC, text, &segment);
        }
        let built = Builder::new()
            .scheme("s")
            .userinfo(&userinfo)
            .host(&host)
            .path(&format!("/{segment}"))
            .query(&query)
            .fragment(&fragment)
            .build()
            .unwrap_or_else(|e| panic!("{text:?}: the builder rejects the encoded parts: {e:#}"));
        let c = built.components();
        assert_eq!(
            (c.userinfo, c.host, c.query, c.fragment),
            (
                Some(&*userinfo),
                Some(&*host),
                Some(&*query),
                Some(&*fragment)
            ),
            "{text:?}"
        );
        assert_eq!(c.path_segments().collect::<Vec<_>>(), [&*segment]);
    }
    Checked::Valid
}

// ---------------------------------------------------------------------
// Shared helpers

/// `reserved` (RFC 3986 section 2.2): `gen-delims` and `sub-delims`.
const RESERVED: &str = ":/?#[]@!$&'()*+,;=";

/// Panics unless `out`, computed from `input`, matches `rule`.
fn must_match(rule: &'static Rule, input: &str, out: &str) {
    if let Err(e) = rfc3987::check(rule, out) {
        panic!("{input:?} -> {out:?} does not match {}: {e}", rule.name());
    }
}

/// `text` with the full stops that RFC 3490 section 3.1 reads as label
/// separators (U+3002, U+FF0E, U+FF61) written `.`, when it is a valid
/// reference whose host has one and whose scheme's hosts are DNS names:
/// IDNA must not tell the two apart.
fn with_ascii_dots(text: &str) -> Option<String> {
    let r = IriRef::parse(text).ok()?;
    let dns = rfc3987::scheme::STANDARD.get(r.scheme()?).dns_host();
    let host = r.host().filter(|h| dns && h.contains(FULL_STOPS))?;
    let start = host.as_ptr() as usize - text.as_ptr() as usize;
    let dotted = host.replace(FULL_STOPS, ".");
    Some(format!(
        "{}{dotted}{}",
        &text[..start],
        &text[start + host.len()..]
    ))
}

const FULL_STOPS: [char; 3] = ['\u{3002}', '\u{FF0E}', '\u{FF61}'];

/// The two strings of a two-input target, split at the first `\n`.
fn two(data: &[u8]) -> Option<(&str, &str)> {
    let text = std::str::from_utf8(data).ok()?;
    text.split_once('\n')
}

/// The octets `text` stands for: `%HH` decoded, other characters as their
/// UTF-8.
fn octets(text: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        match triplet(rest) {
            Some(octet) => {
                out.push(octet);
                rest = &rest[3..];
            }
            None => {
                out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                rest = &rest[c.len_utf8()..];
            }
        }
    }
    out
}

fn octets_eq(a: Option<&str>, b: Option<&str>) -> bool {
    a.map(octets) == b.map(octets)
}

/// The octet of a `%HH` at the start of `text`.
fn triplet(text: &str) -> Option<u8> {
    match text.as_bytes() {
        [b'%', hi, lo, ..] => {
            let hex = |d: u8| char::from(d).to_digit(16);
            Some((hex(*hi)? * 16 + hex(*lo)?) as u8)
        }
        _ => None,
    }
}

/// How many `/`, `?` and `#` are written as themselves and as `%2F`,
/// `%3F`, `%23` in `text`: percent-decoding one of them changes it.
fn delimiters(text: &str) -> [usize; 6] {
    let upper = text.to_ascii_uppercase();
    [
        text.matches('/').count(),
        text.matches('?').count(),
        text.matches('#').count(),
        upper.matches("%2F").count(),
        upper.matches("%3F").count(),
        upper.matches("%23").count(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn octets_decode_triplets_only() {
        assert_eq!(octets("a%2fé%FF%"), b"a/\xC3\xA9\xFF%");
        assert_eq!(canonical("%7e%2f%41%c3%a9"), "~%2FA%C3%A9");
        assert_eq!(delimiters("/a%2f?%3F#"), [1, 1, 1, 1, 1, 0]);
    }
}
