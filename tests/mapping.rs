//! The mapping between IRIs and URIs (RFC 3987 section 3): every example
//! of sections 3.1 and 3.2.1, then each rule of the two procedures, the
//! options, components and errors.

use rfc3987::mapping::encoding_rs::{ISO_8859_5, UTF_16BE, UTF_8, WINDOWS_1252, WINDOWS_1258};
#[cfg(feature = "idna")]
use rfc3987::mapping::IdnaReason;
use rfc3987::mapping::{
    from_legacy, from_text, to_iri, to_uri, Component, MappingError, ToIri, ToUri, BIDI_FORMATTING,
    URI_EXCLUDED_ASCII,
};
#[cfg(feature = "idna")]
use rfc3987::scheme::{Scheme, SchemeTable};
use rfc3987::Error;

#[cfg(feature = "idna")]
fn idna_uri(iri: &str) -> Result<String, Error> {
    ToUri::new().idna(true).convert(iri)
}

#[cfg(feature = "idna")]
fn idna_iri(uri: &str) -> String {
    ToIri::new().idna(true).convert(uri).unwrap()
}

// ---------------------------------------------------------------------
// Section 3.1 examples.

#[test]
fn rfc_3_1_resume_with_and_without_toascii() {
    // "http://r&#xE9;sum&#xE9;.example.org" may be converted to
    // "http://xn--rsum-bpad.example.org" instead of
    // "http://r%C3%A9sum%C3%A9.example.org".
    let iri = "http://r\u{E9}sum\u{E9}.example.org";
    #[cfg(feature = "idna")]
    assert_eq!(idna_uri(iri).unwrap(), "http://xn--rsum-bpad.example.org");
    assert_eq!(to_uri(iri).unwrap(), "http://r%C3%A9sum%C3%A9.example.org");
}

#[test]
fn rfc_3_1_vietnamese_from_windows_1258_is_nfc() {
    // A direct transcoding from windows-1258 gives "Vi&#xEA;&#x323;t Nam";
    // step 1 b normalizes it to "Vi&#x1EC7;t Nam".
    let iri = from_legacy(b"http://example.org/Vi\xEA\xF2t%20Nam", WINDOWS_1258).unwrap();
    assert_eq!(iri, "http://example.org/Vi\u{1EC7}t%20Nam");
    assert_eq!(
        to_uri(&iri).unwrap(),
        "http://example.org/Vi%E1%BB%87t%20Nam"
    );
    // Step 1 c: the same characters as Unicode input are not normalized.
    let unicode = "http://example.org/Vi\u{EA}\u{323}t%20Nam";
    assert_eq!(
        to_uri(unicode).unwrap(),
        "http://example.org/Vi%C3%AA%CC%A3t%20Nam"
    );
    assert_eq!(from_legacy(unicode.as_bytes(), UTF_8).unwrap(), unicode);
    // Step 1 a: typed text is normalized.
    assert_eq!(from_text(unicode), iri);
}

#[test]
fn rfc_3_1_idn_in_the_query_is_left_to_the_server() {
    let iri = "http://validator.w3.org/check?uri=http%3A%2F%2Fr\u{E9}sum\u{E9}.example.org";
    let uri = "http://validator.w3.org/check?uri=http%3A%2F%2Fr%C3%A9sum%C3%A9.example.org";
    assert_eq!(to_uri(iri).unwrap(), uri);
    // ToASCII is for the host only.
    #[cfg(feature = "idna")]
    assert_eq!(idna_uri(iri).unwrap(), uri);
}

#[test]
fn rfc_3_1_existing_percent_encodings_are_not_encoded_again() {
    let uri = to_uri("http://www.example.org/red%09ros\u{E9}#red").unwrap();
    assert_eq!(uri, "http://www.example.org/red%09ros%C3%A9#red");
    assert_ne!(
        uri,
        "http%3A%2F%2Fwww.example.org%2Fred%2509ros%C3%A9%23red"
    );
}

#[test]
fn rfc_3_1_old_italic_non_bmp_characters() {
    assert_eq!(
        to_uri("http://example.com/\u{10300}\u{10301}\u{10302}").unwrap(),
        "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82"
    );
}

// ---------------------------------------------------------------------
// Section 3.2.1 examples.

#[test]
fn rfc_3_2_1_durst_is_decoded() {
    assert_eq!(
        to_iri("http://www.example.org/D%C3%BCrst").unwrap(),
        "http://www.example.org/D\u{FC}rst"
    );
}

#[test]
fn rfc_3_2_1_latin_1_octet_stays_encoded() {
    assert_eq!(
        to_iri("http://www.example.org/D%FCrst").unwrap(),
        "http://www.example.org/D%FCrst"
    );
}

#[test]
fn rfc_3_2_1_right_to_left_override_stays_encoded_in_uppercase() {
    let uri = "http://xn--99zt52a.example.org/%e2%80%ae";
    assert_eq!(
        to_iri(uri).unwrap(),
        "http://xn--99zt52a.example.org/%E2%80%AE"
    );
    // ToUnicode of the punycode label: U+7D0D U+8C46 (Japanese Natto).
    #[cfg(feature = "idna")]
    assert_eq!(
        idna_iri(uri),
        "http://\u{7D0D}\u{8C46}.example.org/%E2%80%AE"
    );
}

#[test]
fn every_bidi_control_stays_encoded_in_to_iri() {
    // Section 4.1's seven, and those Unicode added since: ALM and the
    // isolates LRI, RLI, FSI, PDI (these were decoded).
    for encoded in [
        "%E2%80%8E",
        "%E2%80%8F",
        "%E2%80%AA",
        "%E2%80%AB",
        "%E2%80%AC",
        "%E2%80%AD",
        "%E2%80%AE",
        "%D8%9C",
        "%E2%81%A6",
        "%E2%81%A7",
        "%E2%81%A8",
        "%E2%81%A9",
    ] {
        let uri = format!("http://a/x{encoded}y?{encoded}#{encoded}");
        assert_eq!(to_iri(&uri).unwrap(), uri, "{encoded}");
    }
}

#[test]
fn rfc_3_2_no_encoding_other_than_utf8_is_guessed() {
    let uri = "http://www.example.org/r%E9sum%E9.html";
    assert_eq!(to_iri(uri).unwrap(), uri);
    assert_eq!(
        to_iri("http://www.example.org/r%C3%A9sum%C3%A9.html").unwrap(),
        "http://www.example.org/r\u{E9}sum\u{E9}.html"
    );
    // The section's reason: the e-acute IRI maps to a different URI.
    assert_eq!(
        to_uri("http://www.example.org/r\u{E9}sum\u{E9}.html").unwrap(),
        "http://www.example.org/r%C3%A9sum%C3%A9.html"
    );
}

// ---------------------------------------------------------------------
// Section 3.1, step 2 and its options.

#[test]
fn mapping_is_the_identity_on_uris() {
    for uri in [
        "",
        "http://example.org/%7e%7E/%2F?%3d#%C3%A9",
        "urn:isbn:0451450523",
        "//[2001:db8::1]:80/a/../b",
        "mailto:a@b.c?subject=%E2%82%AC",
        "../a;b=c?#",
    ] {
        assert_eq!(to_uri(uri).unwrap(), uri);
    }
}

#[test]
fn ucschar_and_iprivate_are_encoded_in_every_component() {
    assert_eq!(
        to_uri("s://\u{E9}:\u{E9}@\u{E9}.x:1/\u{E9}/\u{E1000}?\u{E000}&\u{F0000}#\u{FFEF}")
            .unwrap(),
        "s://%C3%A9:%C3%A9@%C3%A9.x:1/%C3%A9/%F3%A1%80%80?%EE%80%80&%F3%B0%80%80#%EF%BF%AF"
    );
}

#[test]
fn each_excluded_ascii_character_fails_or_is_encoded_when_lenient() {
    let lenient = ToUri::new().lenient(true);
    for c in URI_EXCLUDED_ASCII {
        let iri = format!("http://example.org/a{c}b?q{c}#f{c}");
        let error = to_uri(&iri).unwrap_err();
        assert_eq!(
            error,
            Error::Mapping(MappingError::NotAllowed { offset: 20, c })
        );
        let hex = format!("%{:02X}", c as u8);
        assert_eq!(
            lenient.convert(&iri).unwrap(),
            format!("http://example.org/a{hex}b?q{hex}#f{hex}")
        );
    }
}

#[test]
fn number_sign_percent_and_brackets_are_never_converted() {
    let lenient = ToUri::new().lenient(true);
    for iri in [
        "http://example.org/a#b#c",
        "http://example.org/100%",
        "http://example.org/%zz",
        "http://example.org/[a]",
        "http://[example.org/",
    ] {
        let error = lenient.convert(iri).unwrap_err();
        assert!(matches!(error, Error::Syntax(_)), "{iri}: {error}");
        assert!(matches!(to_uri(iri), Err(Error::Syntax(_))), "{iri}");
    }
}

#[test]
fn other_invalid_iris_are_syntax_errors_with_their_offset() {
    // iprivate outside the query, a noncharacter, a control character.
    for (iri, offset) in [
        ("http://a/\u{E000}", 9),
        ("http://a/\u{FDD0}", 9),
        ("http://a/b\tc", 10),
        ("1http://a", 5), // a relative path: no ':' in its first segment
    ] {
        let error = to_uri(iri).unwrap_err();
        assert!(matches!(error, Error::Syntax(_)), "{iri}: {error}");
        assert_eq!(error.offset(), offset, "{iri}: {error}");
    }
    assert_eq!(
        to_uri("http://a/\u{E000}").unwrap_err().to_string(),
        "expected ipchar, '#', '/', '?' or the end of the input, found '\u{E000}' (U+E000) \
         at byte 9 in isegment; private-use characters (iprivate) are allowed only in the \
         query (RFC 3987 section 2.2): percent-encode it as %EE%80%80"
    );
}

#[test]
fn convert_into_appends_and_leaves_the_buffer_alone_on_error() {
    let mut out = String::from("> ");
    ToUri::new().convert_into("\u{E9}", &mut out).unwrap();
    assert_eq!(out, "> %C3%A9");
    #[cfg(feature = "idna")]
    {
        let mut out = String::from("> ");
        assert!(ToUri::new()
            .idna(true)
            .convert_into("http://\u{E9}_x/\u{E9}", &mut out)
            .is_err());
        assert_eq!(out, "> ");
    }
    let mut out = String::from("> ");
    ToIri::new().convert_into("%C3%A9", &mut out).unwrap();
    assert_eq!(out, "> \u{E9}");
}

// ---------------------------------------------------------------------
// ToASCII (section 3.1).

#[test]
#[cfg(feature = "idna")]
fn toascii_applies_to_domain_name_schemes_only() {
    assert_eq!(
        idna_uri("https://b\u{FC}cher.example/").unwrap(),
        "https://xn--bcher-kva.example/"
    );
    assert_eq!(
        idna_uri("ftp://u\u{E9}@b\u{FC}cher.example:21/").unwrap(),
        "ftp://u%C3%A9@xn--bcher-kva.example:21/"
    );
    // Unknown schemes, relative references: no known host syntax.
    assert_eq!(
        idna_uri("foo://b\u{FC}cher/").unwrap(),
        "foo://b%C3%BCcher/"
    );
    assert_eq!(idna_uri("//b\u{FC}cher/").unwrap(), "//b%C3%BCcher/");
    // A scheme table can say otherwise.
    let mut table = SchemeTable::standard();
    table.insert(Scheme::new("foo").with_dns_host());
    let mapping = ToUri::new().idna(true).schemes(&table);
    assert_eq!(
        mapping.convert("foo://b\u{FC}cher/").unwrap(),
        "foo://xn--bcher-kva/"
    );
    // Scheme names are case-insensitive.
    assert_eq!(
        idna_uri("HTTP://b\u{FC}cher").unwrap(),
        "HTTP://xn--bcher-kva"
    );
}

#[test]
#[cfg(feature = "idna")]
fn toascii_leaves_ascii_hosts_and_addresses_alone() {
    for uri in [
        "http://Example.ORG/",
        "http://127.0.0.1/",
        "http://[::1]/",
        "http://%41.example/",
        "http://xn--99zt52a.example.org/",
    ] {
        assert_eq!(idna_uri(uri).unwrap(), uri);
    }
    // A US-ASCII host is still checked as a domain name.
    for (uri, reason) in [
        ("http://my_host/", IdnaReason::Disallowed('_')),
        ("http://xn--zz.example/", IdnaReason::InvalidAce),
        ("http://-a.example/", IdnaReason::Hyphen),
    ] {
        match idna_uri(uri) {
            Err(Error::Mapping(MappingError::Idna { reason: r, .. })) => {
                assert_eq!(r, reason, "{uri}")
            }
            other => panic!("{uri}: {other:?}"),
        }
    }
}

#[test]
#[cfg(feature = "idna")]
fn toascii_decodes_percent_encoded_utf8_hosts() {
    // The URI form of the section's example gives the same ACE host.
    assert_eq!(
        idna_uri("http://r%C3%A9sum%C3%A9.example.org").unwrap(),
        "http://xn--rsum-bpad.example.org"
    );
    // Case mapping and NFC are part of ToASCII.
    assert_eq!(
        idna_uri("http://R\u{C9}SUM\u{C9}.Example.org").unwrap(),
        "http://xn--rsum-bpad.Example.org"
    );
}

#[test]
#[cfg(feature = "idna")]
fn ideographic_full_stops_are_label_separators() {
    // RFC 3490 section 3.1: U+3002, U+FF0E and U+FF61 are dots; ToASCII
    // output uses '.'.
    for (iri, uri) in [
        ("https://example.com\u{3002}/", "https://example.com./"),
        ("http://\u{FC}\u{3002}/", "http://xn--tda./"),
        (
            "http://b\u{FC}cher\u{FF0E}de\u{FF61}/x",
            "http://xn--bcher-kva.de./x",
        ),
    ] {
        assert_eq!(idna_uri(iri).unwrap(), uri, "{iri}");
        assert_eq!(idna_uri(uri).unwrap(), uri, "{uri}");
    }
    // ToUnicode in to_iri keeps the separator as written.
    assert_eq!(
        idna_iri("http://xn--bcher-kva.de%E3%80%82/"),
        "http://b\u{FC}cher.de\u{3002}/"
    );
}

#[test]
#[cfg(feature = "idna")]
fn toascii_reasons_are_the_real_ones_and_messages_bounded() {
    let reason = |iri: &str| match idna_uri(iri) {
        Err(Error::Mapping(MappingError::Idna { reason, .. })) => reason,
        other => panic!("{iri}: {other:?}"),
    };
    // A label of characters UTS 46 ignores maps to nothing; it was
    // reported as "longer than 63 octets".
    assert_eq!(reason("https://\u{AD}/"), IdnaReason::MapsToNothing);
    assert_eq!(
        reason("https://\u{E9}.\u{200B}/"),
        IdnaReason::MapsToNothing
    );
    assert_eq!(
        reason(&format!("http://\u{E9}{}/", "a".repeat(70))),
        IdnaReason::LabelTooLong
    );
    let message = idna_uri(&format!("http://\u{E9}{}.org/", "a".repeat(100_000)))
        .unwrap_err()
        .to_string();
    assert!(message.len() < 300, "{message}");
}

#[test]
#[cfg(feature = "idna")]
fn toascii_failure_says_which_label_and_why() {
    let error = idna_uri("http://r\u{E9}sum\u{E9}.a_b.org/").unwrap_err();
    let Error::Mapping(MappingError::Idna {
        offset,
        label,
        reason,
        ..
    }) = &error
    else {
        panic!("{error}");
    };
    assert_eq!(label, "a_b");
    assert_eq!(*offset, 16);
    assert_eq!(*reason, IdnaReason::Disallowed('_'));
    assert_eq!(
        error.to_string(),
        "ToASCII rejects the host label 'a_b' at byte 16: '_' (U+005F) is not allowed in a \
         domain name label (UTS 46 with the STD3 rules)"
    );
    let cases: &[(&str, usize, IdnaReason)] = &[
        ("http://\u{E9}..org", 10, IdnaReason::EmptyLabel),
        ("http://\u{E9}-/", 7, IdnaReason::Hyphen),
        ("http://\u{E9}.xn--zz/", 10, IdnaReason::InvalidAce),
        ("http://\u{E9}.xn--a/", 10, IdnaReason::Disallowed('\u{80}')),
        (
            "http://\u{301}\u{E9}/",
            7,
            IdnaReason::LeadingMark('\u{301}'),
        ),
        ("http://a.\u{E9}%FF/", 9, IdnaReason::NotUtf8),
        ("http://\u{5D0}1a/", 7, IdnaReason::Bidi),
    ];
    for &(iri, offset, reason) in cases {
        match idna_uri(iri) {
            Err(Error::Mapping(
                e @ MappingError::Idna {
                    offset: at,
                    reason: why,
                    ..
                },
            )) => assert_eq!((at, why), (offset, reason), "{iri}: {e}"),
            other => panic!("{iri}: {other:?}"),
        }
    }
}

#[test]
#[cfg(feature = "idna")]
fn idna_errors_point_into_the_input_when_lenient() {
    let error = ToUri::new()
        .idna(true)
        .lenient(true)
        .convert("http://a b.\u{E9}/")
        .unwrap_err();
    match error {
        Error::Mapping(MappingError::Idna {
            offset,
            label,
            reason,
            ..
        }) => {
            assert_eq!(offset, 7);
            assert_eq!(label, "a%20b");
            assert_eq!(reason, IdnaReason::Disallowed(' '));
        }
        other => panic!("{other:?}"),
    }
}

// ---------------------------------------------------------------------
// Section 3.2, step by step.

#[test]
fn step_2_keeps_percent_reserved_and_excluded_ascii_encoded() {
    assert_eq!(
        to_iri("http://a/%25%2F%3F%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D%3A").unwrap(),
        "http://a/%25%2F%3F%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D%3A"
    );
    assert_eq!(
        to_iri("http://a/%20%3c%3E%22%7B%7D%7C%5C%5E%60%00%7F").unwrap(),
        "http://a/%20%3C%3E%22%7B%7D%7C%5C%5E%60%00%7F"
    );
    // Unreserved characters are decoded.
    assert_eq!(
        to_iri("http://a/%41%7a%30%2D%2E%5F%7E").unwrap(),
        "http://a/Az0-._~"
    );
}

#[test]
fn step_3_keeps_octets_outside_strict_utf8_encoded() {
    for (uri, iri) in [
        ("http://a/%C0%AF", "http://a/%C0%AF"),       // overlong '/'
        ("http://a/%e0%80%af", "http://a/%E0%80%AF"), // overlong, 3 octets
        ("http://a/%ED%A0%80", "http://a/%ED%A0%80"), // surrogate U+D800
        ("http://a/%E2%82x", "http://a/%E2%82x"),     // truncated
        ("http://a/%FC", "http://a/%FC"),             // never in UTF-8
        ("http://a/%F4%90%80%80", "http://a/%F4%90%80%80"), // above U+10FFFF
        ("http://a/%80%C3%A9", "http://a/%80\u{E9}"), // stray continuation
    ] {
        assert_eq!(to_iri(uri).unwrap(), iri, "{uri}");
    }
}

#[test]
fn step_4_keeps_inappropriate_characters_encoded() {
    // iprivate: in the query only.
    assert_eq!(
        to_iri("http://a/%EE%80%80?%EE%80%80#%EE%80%80").unwrap(),
        "http://a/%EE%80%80?\u{E000}#%EE%80%80"
    );
    assert_eq!(to_iri("?%F3%B0%80%80").unwrap(), "?\u{F0000}");
    // Not ucschar: noncharacters, C1 controls, U+FFFE.
    assert_eq!(
        to_iri("x/%EF%B7%90%C2%85%EF%BF%BE").unwrap(),
        "x/%EF%B7%90%C2%85%EF%BF%BE"
    );
    // Section 4.1: every bidi formatting character, even where ucschar is allowed.
    for c in BIDI_FORMATTING {
        let mut encoded = String::new();
        rfc3987::percent::push_encoded(&mut encoded, c);
        let uri = format!("http://a/{encoded}?{encoded}#{encoded}");
        assert_eq!(to_iri(&uri).unwrap(), uri);
        assert_eq!(to_iri(&uri.to_lowercase()).unwrap(), uri);
        // Written as themselves, they are encoded too.
        assert_eq!(
            to_iri(&format!("http://a/{c}")).unwrap(),
            format!("http://a/{encoded}")
        );
    }
}

#[test]
fn step_4_section_6_1_lookalikes() {
    for lookalike in [
        "%EF%BC%A1",    // U+FF21 FULLWIDTH LATIN CAPITAL LETTER A
        "%EF%BD%B6",    // U+FF76 HALFWIDTH KATAKANA LETTER KA
        "%E3%80%80",    // U+3000 IDEOGRAPHIC SPACE
        "%C2%A0",       // U+00A0 NO-BREAK SPACE
        "%E2%80%83",    // U+2003 EM SPACE
        "%EF%BC%8F",    // U+FF0F FULLWIDTH SOLIDUS
        "%E2%80%A8",    // U+2028 LINE SEPARATOR
        "%EF%AC%81",    // U+FB01 LATIN SMALL LIGATURE FI
        "%F0%9D%90%80", // U+1D400 MATHEMATICAL BOLD CAPITAL A
        "%E2%84%AB",    // U+212B ANGSTROM SIGN
    ] {
        let uri = format!("http://a/x{lookalike}");
        assert_eq!(to_iri(&uri).unwrap(), uri, "{lookalike}");
        // Without the policy, only section 4.1 holds them back.
        let iri = ToIri::new().keep_lookalikes(false).convert(&uri).unwrap();
        assert!(!iri.contains('%'), "{lookalike}: {iri}");
    }
    // Combining marks decode after a letter, not after a delimiter.
    assert_eq!(
        to_iri("http://a/e%CC%81?=%CC%B8").unwrap(),
        "http://a/e\u{301}?=%CC%B8"
    );
}

#[test]
fn step_5_hex_of_kept_triplets_is_uppercase_and_literals_are_kept() {
    assert_eq!(
        to_iri("http://a/%2f%c3x%28").unwrap(),
        "http://a/%2F%C3x%28"
    );
    // Any IRI-reference is accepted; literal characters stay.
    assert_eq!(
        to_iri("http://\u{E9}/\u{E9}%C3%A9").unwrap(),
        "http://\u{E9}/\u{E9}\u{E9}"
    );
}

#[test]
fn every_component_is_converted_and_delimiters_kept() {
    assert_eq!(
        to_iri("s://%C3%A9:%3A@%C3%A9.x:8080/%C3%A9/%2F?%C3%A9=%3D#%C3%A9%23").unwrap(),
        "s://\u{E9}:%3A@\u{E9}.x:8080/\u{E9}/%2F?\u{E9}=%3D#\u{E9}%23"
    );
    assert_eq!(to_iri("s://[v7.a]:1").unwrap(), "s://[v7.a]:1");
    assert_eq!(to_iri("").unwrap(), "");
}

#[test]
fn to_iri_rejects_what_is_not_an_iri_reference() {
    let error = to_iri("http://a/%4").unwrap_err();
    assert_eq!(error.offset(), 11);
    assert_eq!(to_iri("a b").unwrap_err().offset(), 1);
}

// ---------------------------------------------------------------------
// ToUnicode (section 3.2.1).

#[test]
#[cfg(feature = "idna")]
fn tounicode_only_for_valid_appropriate_labels_of_domain_name_schemes() {
    assert_eq!(
        idna_iri("http://xn--rsum-bpad.example.org/"),
        "http://r\u{E9}sum\u{E9}.example.org/"
    );
    for uri in [
        "http://xn--a.example.org/", // not Punycode of a valid label
        "http://xn--99zt52a.a_b/",   // the host would fail ToASCII
        "foo://xn--99zt52a/",        // not a domain-name scheme
        "//xn--99zt52a/",            // no scheme
        "http://[::1]/",
    ] {
        assert_eq!(idna_iri(uri), uri);
    }
    // Upper-case ACE is decoded too: ToASCII lowercases it.
    assert_eq!(
        idna_iri("http://XN--99ZT52A.example.org/"),
        "http://\u{7D0D}\u{8C46}.example.org/"
    );
    // A label whose Unicode form is a section 6.1 look-alike stays ACE:
    // U+FF21 is mapped by UTS 46, so no valid label decodes to it; a label
    // with a bidi formatting character is invalid IDNA.
    assert_eq!(
        idna_iri("http://xn--99zt52a.xn--rsum-bpad/"),
        "http://\u{7D0D}\u{8C46}.r\u{E9}sum\u{E9}/"
    );
}

// ---------------------------------------------------------------------
// Components alone.

#[test]
fn components_alone() {
    let uri = ToUri::new();
    let iri = ToIri::new();
    for (component, iri_text, uri_text) in [
        (Component::Userinfo, "\u{E9}:x", "%C3%A9:x"),
        (Component::Host, "\u{E9}.x", "%C3%A9.x"),
        (Component::Host, "[::1]", "[::1]"),
        (Component::Path, "/\u{E9}/a:b", "/%C3%A9/a:b"),
        (Component::Query, "\u{E000}=/?", "%EE%80%80=/?"),
        (Component::Fragment, "\u{E9}/?", "%C3%A9/?"),
        (Component::Scheme, "mailto", "mailto"),
        (Component::Port, "8080", "8080"),
        (
            Component::Authority,
            "\u{E9}:x@\u{E9}.x:80",
            "%C3%A9:x@%C3%A9.x:80",
        ),
        (Component::Authority, "[::1]:80", "[::1]:80"),
        (Component::Authority, "\u{E9}.x", "%C3%A9.x"),
    ] {
        assert_eq!(
            uri.component(component, iri_text).unwrap(),
            uri_text,
            "{component:?}"
        );
        assert_eq!(
            iri.component(component, uri_text).unwrap(),
            iri_text,
            "{component:?}"
        );
    }
    // Each component's own rule is checked.
    assert!(uri.component(Component::Fragment, "a#b").is_err());
    assert!(uri.component(Component::Userinfo, "a@b").is_err());
    assert!(iri.component(Component::Query, "%G0").is_err());
    assert!(uri.component(Component::Scheme, "1a").is_err());
    assert!(iri.component(Component::Port, "8a").is_err());
    assert!(uri.component(Component::Authority, "a/b").is_err());
    // A reserved character stays encoded in an authority's userinfo and host.
    assert_eq!(
        iri.component(Component::Authority, "a%3Ab@h%3A.x").unwrap(),
        "a%3Ab@h%3A.x"
    );
    assert_eq!(
        uri.component(Component::Query, "a b").unwrap_err(),
        Error::Mapping(MappingError::NotAllowed { offset: 1, c: ' ' })
    );
    assert_eq!(
        ToUri::new()
            .lenient(true)
            .component(Component::Fragment, "a b")
            .unwrap(),
        "a%20b"
    );
    #[cfg(feature = "idna")]
    components_alone_with_idna();
}

/// A host alone is a domain name when IDNA is asked for.
#[cfg(feature = "idna")]
fn components_alone_with_idna() {
    assert_eq!(
        ToUri::new()
            .idna(true)
            .component(Component::Host, "\u{E9}.x")
            .unwrap(),
        "xn--9ca.x"
    );
    assert_eq!(
        ToIri::new()
            .idna(true)
            .component(Component::Host, "xn--9ca.x")
            .unwrap(),
        "\u{E9}.x"
    );
    // And an authority's host, its userinfo and port kept as they are.
    assert_eq!(
        ToUri::new()
            .idna(true)
            .component(Component::Authority, "\u{E9}@\u{E9}.x:1")
            .unwrap(),
        "%C3%A9@xn--9ca.x:1"
    );
    assert_eq!(
        ToIri::new()
            .idna(true)
            .component(Component::Authority, "%C3%A9@xn--9ca.x:1")
            .unwrap(),
        "\u{E9}@\u{E9}.x:1"
    );
}

// ---------------------------------------------------------------------
// Step 1 variants.

#[test]
fn legacy_encodings() {
    assert_eq!(
        from_legacy(b"http://a/D\xFCrst", WINDOWS_1252).unwrap(),
        "http://a/D\u{FC}rst"
    );
    assert_eq!(
        to_uri(&from_legacy(b"http://a/D\xFCrst", WINDOWS_1252).unwrap()).unwrap(),
        "http://a/D%C3%BCrst"
    );
    // Section 3.2.1: <fc> in iso-8859-5 is U+045C.
    assert_eq!(from_legacy(b"\xFC", ISO_8859_5).unwrap(), "\u{45C}");
    assert_eq!(from_legacy(b"\x00\xE9", UTF_16BE).unwrap(), "\u{E9}");
    let error = from_legacy(b"ab\xFF", UTF_8).unwrap_err();
    assert_eq!(error.offset(), 2);
    assert_eq!(
        error.to_string(),
        "the octets at byte 2 are not valid UTF-8"
    );
}

#[test]
fn from_text_borrows_nfc_text() {
    assert!(matches!(
        from_text("http://a/\u{E9}"),
        std::borrow::Cow::Borrowed(_)
    ));
    assert_eq!(from_text("http://a/e\u{301}"), "http://a/\u{E9}");
    // Whole text, as the section says: U+212B becomes U+00C5.
    assert_eq!(from_text("\u{212B}"), "\u{C5}");
}

/// Section 3.2 on real titles: Wikipedia articles in 45 languages and
/// scripts, percent-encoded as a browser sends them, come back as
/// written, Thai SARA AM (`น้ำ`), Lao AM and the Armenian `և` included;
/// only typographic variants (a ligature, a half-width form, a circled
/// digit, the micro sign) stay encoded.
#[test]
fn titles_in_every_script_come_back_as_written() {
    let titles = [
        "東京都",
        "北京市",
        "القاهرة",
        "ירושלים",
        "Straße",
        "Île-de-France",
        "Москва",
        "Αθήνα",
        "서울특별시",
        "भारत",
        "กรุงเทพมหานคร",
        "تهران",
        "Hà_Nội",
        "İstanbul",
        "Łódź",
        "Київ",
        "አዲስ_አበባ",
        "თბილისი",
        "Երևան",
        "ঢাকা",
        "சென்னை",
        "ရန်ကုန်",
        "น้ำ",
        "สำนักงาน",
        "ນ້ຳ",
        "ໜອງຄາຍ",
        "ཀུན་མཁྱེན",
        "ភ្នំពេញ",
        "ශ්‍රී_ලංකාව",
        "ಬೆಂಗಳೂರು",
        "മലയാളം",
        "ગુજરાત",
        "ਪੰਜਾਬ",
        "ଓଡ଼ିଆ",
        "नेपाल",
        "اردو",
        "ئۇيغۇر",
        "ᠮᠣᠩᠭᠣᠯ",
        "ꦗꦮ",
        "ߒߞߏ",
        "ܣܘܪܝܝܐ",
        "ދިވެހި",
        "Ελληνικά",
        "Æble",
        "cœur",
    ];
    for title in titles {
        let iri = format!("https://wiki.example/wiki/{title}");
        let uri = to_uri(&iri).unwrap();
        assert!(uri.is_ascii(), "{uri}");
        assert_eq!(to_iri(&uri).unwrap(), iri, "{uri}");
    }
    for (variant, encoded) in [
        ("ﬁle", "%EF%AC%81le"),
        ("ｱｲ", "%EF%BD%B1%EF%BD%B2"),
        ("①", "%E2%91%A0"),
        ("µm", "%C2%B5m"),
    ] {
        let uri = to_uri(&format!("https://wiki.example/wiki/{variant}")).unwrap();
        assert_eq!(
            to_iri(&uri).unwrap(),
            format!("https://wiki.example/wiki/{encoded}")
        );
    }
}
