//! Properties of the mapping between IRIs and URIs (RFC 3987 section 3) on
//! generated references, 100,000 per property (a seeded generator, so every
//! run checks the same cases and a failure names its input):
//!
//! - **IRI to URI** (section 3.1) on generated IRIs: the result is an
//!   ASCII `URI-reference`; the mapping is idempotent; it changes no
//!   character, only how characters are written (percent-decoding the
//!   input and the output gives the same octets); with an excluded ASCII
//!   character inserted, lenient handling equals encoding it by hand, and
//!   the plain mapping fails exactly there.
//! - **URI to IRI** (section 3.2) on generated URIs full of percent-encoded
//!   octets (UTF-8 of every kind of character, ill-formed UTF-8, random
//!   octets, hex in both cases): the result is an `IRI-reference` without
//!   bidi formatting characters; the conversion is idempotent; the mapping
//!   is the identity on URIs; and **the result maps back to the input by
//!   section 3.1 except for hex case and percent-encoded unreserved
//!   characters**, as section 3.2 promises.
//! - **IDNA** (10,000 cases): on hosts built from IDN labels, ToASCII then
//!   ToUnicode gives the IRI back, and its URI maps back to the same URI
//!   with or without ToUnicode.

use rfc3987::grammar::{class, rules};
#[cfg(feature = "idna")]
use rfc3987::mapping::to_iri;
use rfc3987::mapping::{
    is_bidi_formatting, to_uri, MappingError, ToIri, ToUri, URI_EXCLUDED_ASCII,
};
use rfc3987::percent::{self, Piece};
use rfc3987::Error;

#[path = "support/rng.rs"]
mod rng;
use rng::Rng;

const CASES: usize = 100_000;

#[test]
fn iri_to_uri_is_valid_idempotent_keeps_every_character_and_lenient_encodes() {
    let lenient = ToUri::new().lenient(true);
    let mut rng = Rng::new(0x3987_0301);
    for _ in 0..CASES {
        let iri = generate(&mut rng, Kind::Iri);
        let uri = to_uri(&iri).unwrap_or_else(|e| panic!("{iri:?}: {e}"));
        rfc3987::check(&rules::URI_REFERENCE, &uri)
            .unwrap_or_else(|e| panic!("{iri:?} -> {uri:?}: {e}"));
        assert_eq!(to_uri(&uri).unwrap(), uri, "not idempotent on {iri:?}");
        assert_eq!(octets(&uri), octets(&iri), "{iri:?} -> {uri:?}");

        // An excluded ASCII character at a random character boundary:
        // lenient handling encodes it as if it had been written `%HH`...
        let mut at = rng.below(iri.len() + 1);
        while !iri.is_char_boundary(at) {
            at -= 1;
        }
        let c = rng.choose(&URI_EXCLUDED_ASCII);
        let sloppy = format!("{}{c}{}", &iri[..at], &iri[at..]);
        let by_hand = format!("{}%{:02X}{}", &iri[..at], c as u8, &iri[at..]);
        match rfc3987::check(&rules::IRI_REFERENCE, &by_hand) {
            Ok(()) => assert_eq!(lenient.convert(&sloppy).unwrap(), to_uri(&by_hand).unwrap()),
            // `%20` where no percent-encoding may be (the scheme, a port).
            Err(_) => assert!(lenient.convert(&sloppy).is_err(), "{sloppy:?}"),
        }
        // ...and without it, the mapping fails at that character.
        let error = to_uri(&sloppy).unwrap_err();
        assert_eq!(
            error,
            Error::Mapping(MappingError::NotAllowed { offset: at, c }),
            "{sloppy:?}"
        );
    }
}

#[test]
fn uri_to_iri_is_valid_idempotent_and_maps_back() {
    let without_policy = ToIri::new().keep_lookalikes(false);
    let mut rng = Rng::new(0x3987_0303);
    let mut decoded = 0;
    for case in 0..CASES {
        let uri = generate(&mut rng, Kind::Uri);
        assert_eq!(to_uri(&uri).unwrap(), uri, "not the identity on {uri:?}");
        let expected = canonical(&uri);
        // Without the look-alike policy on every fourth case (25,000).
        let conversions = [ToIri::new(), without_policy];
        let conversions = if case % 4 == 0 {
            &conversions[..]
        } else {
            &conversions[..1]
        };
        for conversion in conversions {
            let iri = conversion
                .convert(&uri)
                .unwrap_or_else(|e| panic!("{uri:?}: {e}"));
            assert!(!iri.chars().any(is_bidi_formatting), "{uri:?} -> {iri:?}");
            // Converting again checks that `iri` is an IRI-reference.
            let again = conversion
                .convert(&iri)
                .unwrap_or_else(|e| panic!("{uri:?} -> {iri:?}: {e}"));
            assert_eq!(again, iri, "not idempotent on {uri:?}");
            let back = to_uri(&iri).unwrap();
            assert_eq!(back, expected, "{uri:?} -> {iri:?} -> {back:?}");
            decoded += usize::from(!iri.is_ascii());
        }
    }
    // Not vacuous: most cases decode some non-ASCII character.
    assert!(decoded > CASES * 3 / 4, "{decoded}");
}

#[test]
#[cfg(feature = "idna")]
fn idna_round_trips_on_generated_hosts() {
    let to_ascii = ToUri::new().idna(true);
    let to_unicode = ToIri::new().idna(true);
    let mut rng = Rng::new(0x3987_0305);
    for _ in 0..CASES / 10 {
        let labels = 1 + rng.below(3);
        let host: Vec<&str> = (0..labels).map(|_| rng.choose(IDN_LABELS)).collect();
        let host = host.join(".");
        let iri = format!(
            "{}://{host}/{}",
            rng.choose(&["http", "https", "ftp"]),
            rng.choose(IDN_LABELS)
        );
        let uri = to_ascii
            .convert(&iri)
            .unwrap_or_else(|e| panic!("{iri:?}: {e}"));
        rfc3987::check(&rules::URI, &uri).unwrap();
        // ToUnicode gives the host back; the path is percent-decoded.
        assert_eq!(to_unicode.convert(&uri).unwrap(), iri, "{uri:?}");
        assert_eq!(to_ascii.convert(&to_iri(&uri).unwrap()).unwrap(), uri);
    }
}

/// Labels in the form UTS 46 maps to (lowercase, NFC), so ToUnicode of
/// their ACE form is the label itself; left-to-right and right-to-left.
#[cfg(feature = "idna")]
const IDN_LABELS: &[&str] = &[
    "example",
    "a1",
    "résumé",
    "納豆",
    "bücher",
    "παράδειγμα",
    "пример",
    "例え",
    "faß",
    "한국",
    "ไทย",
    "मराठी",
    "مثال",
    "דוגמה",
    "x-y",
];

/// What section 3.2 says the round trip gives: `uri` with percent-encoded
/// `unreserved` characters decoded and the hex of the other triplets in
/// uppercase.
fn canonical(uri: &str) -> String {
    let mut out = String::new();
    for piece in percent::pieces(uri) {
        match piece {
            Piece::Literal(c) | Piece::Stray(c) => out.push(c),
            Piece::Encoded { c, .. } if class::is_unreserved(c) => out.push(c),
            Piece::Encoded { c, .. } => percent::push_encoded(&mut out, c),
            Piece::Invalid { octet, .. } => percent::push_octet(&mut out, octet),
        }
    }
    out
}

/// The octets that `text` stands for, with every `%HH` decoded.
fn octets(text: &str) -> Vec<u8> {
    let mut out = Vec::new();
    for piece in percent::pieces(text) {
        match piece {
            Piece::Literal(c) | Piece::Encoded { c, .. } | Piece::Stray(c) => {
                out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes())
            }
            Piece::Invalid { octet, .. } => out.push(octet),
        }
    }
    out
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Literal `ucschar` (and `iprivate` in the query) besides triplets.
    Iri,
    /// US-ASCII only.
    Uri,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    Userinfo,
    Host,
    Path,
    Query,
    Fragment,
}

/// A random reference of `kind`, checked against the grammar (a generator
/// bug fails the test rather than testing less).
fn generate(rng: &mut Rng, kind: Kind) -> String {
    let mut out = String::new();
    let scheme = !rng.one_in(4);
    if scheme {
        out.push_str(rng.choose(&[
            "http", "https", "ftp", "file", "urn", "foo", "x-y+z.1", "HTTP",
        ]));
        out.push(':');
    }
    let authority = rng.below(10) < 6;
    if authority {
        out.push_str("//");
        if rng.one_in(5) {
            text(rng, kind, Part::Userinfo, &mut out);
            out.push('@');
        }
        match rng.below(10) {
            0 => out.push_str(rng.choose(&["127.0.0.1", "[::1]", "[2001:db8::A]", "[v7.x:y]"])),
            _ => text(rng, kind, Part::Host, &mut out),
        }
        if rng.one_in(4) {
            out.push(':');
            out.push_str(rng.choose(&["", "80", "8080"]));
        }
    }
    // The path: with an authority, empty or absolute; without one, never
    // starting with "//", and (without a scheme) no ':' before the first
    // '/' (the grammar would read a scheme).
    let mut path = String::new();
    for i in 0..rng.below(4) {
        if i > 0 || authority || rng.one_in(2) {
            path.push('/');
        }
        text(rng, kind, Part::Path, &mut path);
    }
    if !authority && path.starts_with("//") {
        path.insert(1, 'a');
    }
    if !scheme && !authority {
        let first = path.find('/').unwrap_or(path.len());
        let segment = path[..first].replace(':', "%3A");
        path.replace_range(..first, &segment);
    }
    out.push_str(&path);
    if rng.one_in(3) {
        out.push('?');
        text(rng, kind, Part::Query, &mut out);
    }
    if rng.one_in(3) {
        out.push('#');
        text(rng, kind, Part::Fragment, &mut out);
    }
    let rule = match kind {
        Kind::Iri => &rules::IRI_REFERENCE,
        Kind::Uri => &rules::URI_REFERENCE,
    };
    rfc3987::check(rule, &out).unwrap_or_else(|e| panic!("generated {out:?}: {e}"));
    out
}

/// Appends 0 to 8 random atoms of one component.
fn text(rng: &mut Rng, kind: Kind, part: Part, out: &mut String) {
    for _ in 0..rng.below(9) {
        match rng.below(10) {
            0..=2 => out.push(ascii(rng, part)),
            3..=5 => encoded_char(rng, out),
            6 => {
                // A random octet.
                let octet = rng.below(256) as u8;
                push_triplet(rng, out, octet);
            }
            7 => {
                // Ill-formed UTF-8 on purpose.
                let bad: &[&[u8]] = &[
                    &[0xC0, 0xAF],
                    &[0xE0, 0x80, 0xAF],
                    &[0xED, 0xA0, 0x80],
                    &[0xE2, 0x82],
                    &[0xFC],
                    &[0xF4, 0x90, 0x80, 0x80],
                    &[0x80],
                ];
                for &octet in rng.choose(bad) {
                    push_triplet(rng, out, octet);
                }
            }
            _ if kind == Kind::Iri => {
                let c = loop {
                    let c = random_char(rng);
                    if class::is_ucschar(c) || (part == Part::Query && class::is_iprivate(c)) {
                        break c;
                    }
                };
                out.push(c);
            }
            _ => out.push(ascii(rng, part)),
        }
    }
}

/// A character allowed as itself in `part` of a URI.
fn ascii(rng: &mut Rng, part: Part) -> char {
    loop {
        let c = char::from(0x21 + rng.below(0x5E) as u8);
        let allowed = match part {
            Part::Userinfo => class::is_userinfo(c),
            Part::Host => class::is_reg_name(c),
            Part::Path => class::is_segment(c),
            Part::Query => class::is_query(c),
            Part::Fragment => class::is_fragment(c),
        };
        if allowed && c != '%' {
            return c;
        }
    }
}

/// The UTF-8 of a character of an interesting kind, percent-encoded.
fn encoded_char(rng: &mut Rng, out: &mut String) {
    let c = match rng.below(8) {
        0 => char::from(rng.below(0x80) as u8),
        1 => rng.choose(&rfc3987::mapping::BIDI_FORMATTING),
        2 => rng.choose(&[
            '\u{E000}',
            '\u{F0000}',
            '\u{FDD0}',
            '\u{FFFE}',
            '\u{FF21}',
            '\u{3000}',
            '\u{A0}',
            '\u{301}',
            '\u{1680}',
            '\u{200D}',
            '\u{FEFF}',
            '\u{85}',
            '\u{10FFFD}',
        ]),
        3 => rng.choose(&['é', 'ü', '納', '豆', '\u{10300}', '😀', 'א', 'ب', 'ß', 'Ω']),
        _ => random_char(rng),
    };
    for &octet in c.encode_utf8(&mut [0; 4]).as_bytes() {
        push_triplet(rng, out, octet);
    }
}

/// Any scalar value, most often from the BMP.
fn random_char(rng: &mut Rng) -> char {
    loop {
        let limit = if rng.one_in(4) { 0x11_0000 } else { 0x1_0000 };
        if let Some(c) = char::from_u32(rng.below(limit) as u32) {
            return c;
        }
    }
}

/// `%HH` in upper, lower or mixed case.
fn push_triplet(rng: &mut Rng, out: &mut String, octet: u8) {
    const UPPER: &[u8; 16] = b"0123456789ABCDEF";
    const LOWER: &[u8; 16] = b"0123456789abcdef";
    out.push('%');
    for nibble in [octet >> 4, octet & 0xF] {
        let digits = if rng.one_in(2) { UPPER } else { LOWER };
        out.push(char::from(digits[usize::from(nibble)]));
    }
}
