//! Normalization and the comparison ladder (RFC 3987 section 5.3): every
//! example of sections 5.3.2 and 5.3.3 (and of RFC 3986 section 6.2, whose
//! text they adapt), then each rule and each reading of the RFC that the
//! module docs state, one case at a time.

#[cfg(feature = "idna")]
use rfc3987::mapping::IdnaReason;
#[cfg(feature = "idna")]
use rfc3987::normalize::NormalizeError;
use rfc3987::normalize::{equiv, normalize, Chars, Level, Normalizer};
#[cfg(feature = "idna")]
use rfc3987::scheme::{Scheme, SchemeTable};
use rfc3987::{Error, Input};
use rfc3987::{Iri, IriRef};

fn syntax(input: &str) -> String {
    normalize(input).unwrap_or_else(|e| panic!("{input}: {e}"))
}

#[cfg(feature = "idna")]
fn scheme(input: &str) -> String {
    Normalizer::new(Level::Scheme)
        .normalize(input)
        .unwrap_or_else(|e| panic!("{input}: {e}"))
}

fn with_chars(chars: Chars, input: &str) -> String {
    Normalizer::new(Level::Syntax)
        .chars(chars)
        .normalize(input)
        .unwrap_or_else(|e| panic!("{input}: {e}"))
}

/// Asserts `equiv(a, b, level) == expected` and its symmetric.
fn assert_equiv(a: &str, b: &str, level: Level, expected: bool) {
    assert_eq!(
        equiv(a, b, level).unwrap(),
        expected,
        "{a} vs {b} at {level:?}"
    );
    assert_eq!(
        equiv(b, a, level).unwrap(),
        expected,
        "{b} vs {a} at {level:?}"
    );
}

// ---- The RFC's examples -------------------------------------------------

#[test]
fn section_5_3_2_example() {
    let a = "example://a/b/c/%7Bfoo%7D/rosé";
    let b = "eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9";
    assert_eq!(syntax(a), a);
    assert_eq!(syntax(b), a);
    assert_equiv(a, b, Level::Simple, false);
    assert_equiv(a, b, Level::Syntax, true);
    #[cfg(feature = "idna")]
    assert_equiv(a, b, Level::Scheme, true);
}

#[test]
fn section_5_3_2_1_case_examples() {
    assert_eq!(syntax("HTTP://www.EXAMPLE.com/"), "http://www.example.com/");
    assert_equiv(
        "HTTP://www.EXAMPLE.com/",
        "http://www.example.com/",
        Level::Syntax,
        true,
    );
    // RFC 3986 section 6.2.2.1: hex digits in uppercase.
    assert_eq!(syntax("http://a/%3a%2f"), "http://a/%3A%2F");
    assert_equiv("http://a/%3a", "http://a/%3A", Level::Syntax, true);
    // Other components are case-sensitive (on the scheme rung, the
    // `idna` feature's).
    #[cfg(feature = "idna")]
    {
        assert_equiv("http://a/X", "http://a/x", Level::Scheme, false);
        assert_equiv("http://U@a/", "http://u@a/", Level::Scheme, false);
        assert_equiv("http://a/?Q", "http://a/?q", Level::Scheme, false);
        assert_equiv("http://a/#F", "http://a/#f", Level::Scheme, false);
    }
}

#[test]
fn section_5_3_2_2_character_normalization_example() {
    let nfc = "http://www.example.org/résumé.html";
    let decomposed = "http://www.example.org/re\u{301}sume\u{301}.html";
    // Comparison must not apply NFC (the section's MUST)...
    assert_equiv(nfc, decomposed, Level::Syntax, false);
    #[cfg(feature = "idna")]
    assert_equiv(nfc, decomposed, Level::Scheme, false);
    assert_eq!(syntax(decomposed), decomposed);
    // ...but producers may ask for it.
    assert_eq!(with_chars(Chars::Nfc, decomposed), nfc);
    assert_eq!(with_chars(Chars::Nfc, nfc), nfc);
    let n = Normalizer::new(Level::Syntax).chars(Chars::Nfc);
    assert!(n.equivalent(nfc, decomposed).unwrap());
}

#[test]
fn section_5_3_2_3_percent_encoding_examples() {
    let forms = [
        "http://example.org/~user",
        "http://example.org/%7euser",
        "http://example.org/%7Euser",
    ];
    for a in forms {
        assert_eq!(syntax(a), forms[0]);
        for b in forms {
            assert_equiv(a, b, Level::Syntax, true);
        }
    }
}

#[test]
fn section_5_3_2_4_dot_segments() {
    assert_eq!(syntax("http://a/b/c/./../../g"), "http://a/g");
    assert_eq!(syntax("http://a/b/./c/."), "http://a/b/c/");
    assert_eq!(syntax("http://a/.."), "http://a/");
    // RFC 3986 section 6.2.2's example.
    assert_eq!(
        syntax("eXAMPLE://a/./b/../b/%63/%7bfoo%7d"),
        "example://a/b/c/%7Bfoo%7D"
    );
}

#[test]
#[cfg(feature = "idna")]
fn section_5_3_3_examples() {
    let forms = [
        "http://example.com",
        "http://example.com/",
        "http://example.com:/",
        "http://example.com:80/",
    ];
    for a in forms {
        // "the second IRI above is the normal form for the http scheme".
        assert_eq!(scheme(a), forms[1]);
        for b in forms {
            assert_equiv(a, b, Level::Scheme, true);
        }
    }
    // Syntax-based normalization knows no ports or empty-path rules.
    assert_equiv(forms[0], forms[1], Level::Syntax, false);
    assert_equiv(forms[1], forms[3], Level::Syntax, false);
    // Delimiters of empty components stay.
    for a in forms {
        assert_equiv(a, "http://example.com/?", Level::Scheme, false);
        assert_equiv(a, "http://example.com/#", Level::Scheme, false);
    }
    assert_eq!(scheme("http://example.com?"), "http://example.com/?");
}

#[test]
#[cfg(feature = "idna")]
fn section_5_3_3_idn_example() {
    let unicode = "http://résumé.example.org";
    let ace = "http://xn--rsum-bpad.example.org";
    assert_equiv(unicode, ace, Level::Syntax, false);
    assert_equiv(unicode, ace, Level::Scheme, true);
    // Kept in Unicode ("SHOULD NOT be converted into ASCII Compatible
    // Encoding").
    assert_eq!(scheme(ace), "http://résumé.example.org/");
}

// ---- Case ---------------------------------------------------------------

#[test]
fn hosts_are_lowercased_only_when_us_ascii() {
    assert_eq!(syntax("foo://ExAmple.ORG/P"), "foo://example.org/P");
    // Non-ASCII hosts are left to IDN processing.
    assert_eq!(syntax("foo://RÉSUMÉ.Example/"), "foo://RÉSUMÉ.Example/");
    assert_eq!(syntax("foo://%C3%89X.COM/"), "foo://ÉX.COM/");
    // Encoded reserved characters keep uppercase hex.
    assert_eq!(syntax("foo://A%2fB%2C/"), "foo://a%2Fb%2C/");
    // IP literals: hex digits and the IPvFuture "v" too.
    assert_eq!(syntax("http://[2001:DB8::A]/"), "http://[2001:db8::a]/");
    assert_eq!(syntax("http://[V7.AbC]/"), "http://[v7.abc]/");
}

// ---- Percent-encoding ----------------------------------------------------

#[test]
fn exactly_iunreserved_characters_are_decoded() {
    // Unreserved and ucschar: decoded in every component.
    assert_eq!(
        syntax("s://%75%C3%A9@h%61%C3%A9/%61%C3%A9?%61%C3%A9#%61%C3%A9"),
        "s://ué@haé/aé?aé#aé"
    );
    // Reserved characters never.
    assert_eq!(syntax("s://h/a%2Fb%3Fc%23d%40e"), "s://h/a%2Fb%3Fc%23d%40e");
    assert_eq!(syntax("s://h/?a%3Db%26c"), "s://h/?a%3Db%26c");
    // Neither other ASCII (space, quotes, `%` itself).
    assert_eq!(syntax("s://h/%20%22%25%5b"), "s://h/%20%22%25%5B");
    // iprivate: never, not even in the query that allows it unencoded
    // (it is not iunreserved).
    assert_eq!(
        syntax("s://h/%EE%80%80?%EE%80%80"),
        "s://h/%EE%80%80?%EE%80%80"
    );
    assert_eq!(syntax("s://h/#%EE%80%80"), "s://h/#%EE%80%80");
    // Characters outside ucschar (a noncharacter, U+FFF0).
    assert_eq!(
        syntax("s://h/%EF%B7%90%EF%BF%B0"),
        "s://h/%EF%B7%90%EF%BF%B0"
    );
    // Not UTF-8: overlong '/', a surrogate, a lone continuation byte.
    assert_eq!(
        syntax("s://h/%c0%af%ed%a0%80%80"),
        "s://h/%C0%AF%ED%A0%80%80"
    );
    // A run that mixes valid and invalid octets splits per octet.
    assert_eq!(syntax("s://h/%e2%82%ac%e2%82"), "s://h/€%E2%82");
}

#[test]
fn decoded_dots_are_dot_segments() {
    assert_eq!(syntax("http://a/b/%2E%2E/c"), "http://a/c");
    assert_eq!(syntax("http://a/b/%2e/c"), "http://a/b/c");
}

// ---- Paths and references ---------------------------------------------------

#[test]
fn relative_references() {
    // Relative-path references keep their dot segments: they climb the base.
    assert_eq!(syntax("../a/./b/%7e"), "../a/./b/~");
    assert_eq!(syntax("./a:b"), "./a:b");
    // Absolute-path and network-path references lose them, whatever the base.
    assert_eq!(syntax("/a/../b"), "/b");
    assert_eq!(syntax("//H/a/../b"), "//h/b");
    assert_eq!(syntax(""), "");
    assert_eq!(syntax("?%7E#%7e"), "?~#~");
}

#[test]
fn paths_never_turn_into_authorities() {
    assert_eq!(syntax("a:/..//b"), "a:/.//b");
    assert_eq!(syntax("a:/.//b"), "a:/.//b");
    assert_eq!(syntax("/..//b"), "/.//b");
    // Under an authority, a path may start with "//".
    assert_eq!(syntax("a://h/..//b"), "a://h//b");
}

#[test]
fn rootless_paths() {
    assert_eq!(syntax("urn:ISBN:0-395-36341-1"), "urn:ISBN:0-395-36341-1");
    assert_eq!(syntax("a:b/../c"), "a:/c");
    assert_eq!(syntax("mailto:%41@example.org"), "mailto:A@example.org");
}

// ---- Scheme-based ---------------------------------------------------------

#[test]
#[cfg(feature = "idna")]
fn standard_scheme_rules() {
    for (input, expected) in [
        ("https://h:443", "https://h/"),
        ("https://h:80/", "https://h:80/"),
        ("ws://h:80", "ws://h/"),
        ("wss://h:443?x", "wss://h/?x"),
        ("ftp://u@h:21", "ftp://u@h/"),
        ("http://h:0080/", "http://h/"),
        ("http://h:08080/", "http://h:8080/"),
        ("http://h:000/", "http://h:0/"),
        (
            "http://h:99999999999999999999/",
            "http://h:99999999999999999999/",
        ),
        ("file://localhost/etc/x", "file:///etc/x"),
        ("file://LOCALHOST/etc/x", "file:///etc/x"),
        ("file://u@localhost/x", "file://u@localhost/x"),
        ("file://localhost:1/x", "file://localhost:1/x"),
        ("file:///etc/x", "file:///etc/x"),
        ("file://h", "file://h/"),
        ("file:x", "file:x"),
        // Unlisted schemes: the generic rules only.
        ("foo://h:80", "foo://h:80/"),
        ("foo://h:", "foo://h/"),
        ("urn:a:b", "urn:a:b"),
        // Fragments untouched beyond syntax.
        ("http://h#", "http://h/#"),
    ] {
        assert_eq!(scheme(input), expected, "{input}");
    }
}

#[test]
#[cfg(feature = "idna")]
fn idn_hosts() {
    for (input, expected) in [
        ("http://ÉXAMPLE.com/", "http://éxample.com/"),
        (
            "http://Xn--RSUM-BPAD.example.org/",
            "http://résumé.example.org/",
        ),
        ("http://%C3%A9x.com/", "http://éx.com/"),
        // Full-width letters and the ideographic full stop (UTS 46 mapping).
        ("http://ＥＸ。com/", "http://ex.com/"),
        ("http://faß.de/", "http://faß.de/"),
        ("http://example.com./", "http://example.com./"),
        ("http://1.2.3.4/", "http://1.2.3.4/"),
        ("http://[::1]/", "http://[::1]/"),
        ("http:///p", "http:///p"),
    ] {
        assert_eq!(scheme(input), expected, "{input}");
    }
    // Non-DNS schemes keep their hosts as syntax-based normalization left
    // them.
    assert_eq!(scheme("foo://ÉXAMPLE.com/"), "foo://ÉXAMPLE.com/");
}

#[test]
#[cfg(feature = "idna")]
fn hosts_uts_46_rejects_are_compared_as_written_on_the_scheme_rung() {
    // Section 5.3.3's IDN processing is for comparing: a host that ToASCII
    // rejects keeps its syntax-normalized form, so strings equal on the
    // syntax rung stay equal here (this was an error, even for two
    // identical strings).
    for (input, expected) in [
        ("http://my_host.example.com/", "http://my_host.example.com/"),
        (
            "HTTP://Office_Chairs_And_Armchairs.Klen-Mebel.RU:80",
            "http://office_chairs_and_armchairs.klen-mebel.ru/",
        ),
        ("file://file_name.json", "file://file_name.json/"),
        ("http://sub.-mkyong.com/test", "http://sub.-mkyong.com/test"),
        ("http://xn--zz.example/", "http://xn--zz.example/"),
        ("http://u@a%2Fb:8/", "http://u@a%2Fb:8/"),
        ("http://Ex_ample.é/", "http://Ex_ample.é/"), // not US-ASCII: case kept
    ] {
        assert_eq!(scheme(input), expected, "{input}");
        assert_eq!(scheme(expected), expected, "{expected}");
    }
    assert_equiv(
        "http://my_host.example.com/",
        "http://my_host.example.com/",
        Level::Scheme,
        true,
    );
    assert_equiv(
        "http://MY_HOST.example.com:80",
        "http://my_host.example.com/",
        Level::Scheme,
        true,
    );
}

#[test]
#[cfg(feature = "idna")]
fn a_decoded_label_beginning_with_xn_is_rejected_on_the_first_pass() {
    // `xn--xn--b-eee` decodes to `xn--ψb`, which UTS 46 forbids and
    // ToASCII rejects: decoding it made normalization not idempotent.
    let once = scheme("http://xn--xn--b-eee");
    assert_eq!(once, "http://xn--xn--b-eee/");
    assert_eq!(scheme(&once), once);
    assert_equiv("http://xn--xn--b-eee", &once, Level::Scheme, true);
    assert!(Normalizer::new(Level::Scheme)
        .strict_hosts(true)
        .normalize("http://xn--xn--b-eee")
        .is_err());
}

#[test]
#[cfg(feature = "idna")]
fn ideographic_full_stops_are_dots_on_the_scheme_rung() {
    for (input, expected) in [
        ("https://example.com\u{3002}/", "https://example.com./"),
        ("https://example\u{FF0E}com/", "https://example.com/"),
        ("https://example\u{FF61}com/", "https://example.com/"),
    ] {
        assert_eq!(scheme(input), expected, "{input}");
    }
}

#[test]
fn only_iunreserved_characters_are_decoded() {
    // Section 5.3.2.3 decodes "characters in the unreserved set": for IRIs
    // iunreserved, which has no iprivate (raw U+E000 is allowed in the
    // query, but decoding it is not normalization).
    assert_eq!(
        syntax("http://example.org/?%ee%80%80"),
        "http://example.org/?%EE%80%80"
    );
    assert_eq!(
        syntax("http://example.org/?\u{E000}"),
        "http://example.org/?\u{E000}"
    );
    // Bidi formatting characters (section 4.1) stay encoded.
    for encoded in ["%E2%80%AE", "%E2%80%8F", "%E2%81%A6", "%E2%81%A9", "%D8%9C"] {
        let input = format!(
            "http://a/{}?{}#{}",
            encoded.to_lowercase(),
            encoded,
            encoded
        );
        assert_eq!(
            syntax(&input),
            format!("http://a/{encoded}?{encoded}#{encoded}")
        );
    }
    assert_eq!(syntax("http://a/%C3%A9%E2%80%AE"), "http://a/é%E2%80%AE");
}

#[test]
fn ip_literals_lowercase_on_syntax_and_rfc_5952_on_scheme_rung() {
    // Hosts are case-insensitive: hex digits lowercase on the syntax rung.
    assert_eq!(syntax("http://[2001:DB8::A]/"), "http://[2001:db8::a]/");
    assert_eq!(syntax("http://[V7.AB]/"), "http://[v7.ab]/");
    assert_eq!(syntax("http://[0:0::1]/"), "http://[0:0::1]/");
    assert_equiv("http://[0:0::1]/", "http://[::1]/", Level::Syntax, false);
}

#[test]
#[cfg(feature = "idna")]
fn ip_literals_take_rfc_5952_text_on_the_scheme_rung() {
    // RFC 5952 text on the scheme rung: longest zero run compressed (the
    // first of equal runs), no leading zeros, a single zero group kept.
    for (input, expected) in [
        ("http://[0:0::1]/", "http://[::1]/"),
        ("http://[::1]/", "http://[::1]/"),
        (
            "http://[2001:0DB8:0000:0000:0000:0000:0000:0001]/",
            "http://[2001:db8::1]/",
        ),
        (
            "http://[2001:db8:0:1:1:1:1:1]/",
            "http://[2001:db8:0:1:1:1:1:1]/",
        ),
        ("http://[2001:0:0:1:0:0:0:1]/", "http://[2001:0:0:1::1]/"),
        (
            "http://[2001:db8:0:0:1:0:0:1]/",
            "http://[2001:db8::1:0:0:1]/",
        ),
        (
            "http://[::FFFF:192.0.2.1]:80/",
            "http://[::ffff:192.0.2.1]/",
        ),
        ("foo://[0:0::1]/", "foo://[::1]/"),
        ("http://[V7.AB]/", "http://[v7.ab]/"),
    ] {
        assert_eq!(scheme(input), expected, "{input}");
    }
    assert_equiv("http://[0:0::1]/", "http://[::1]/", Level::Scheme, true);
}

#[test]
#[cfg(feature = "idna")]
fn strict_hosts_make_invalid_idn_hosts_errors_on_the_scheme_rung() {
    let n = Normalizer::new(Level::Scheme).strict_hosts(true);
    for (input, offset, len, reason) in [
        ("http://xn--zz.example/", 7, 14, IdnaReason::InvalidAce), // bad Punycode
        ("http://a_b.example/", 7, 11, IdnaReason::Disallowed('_')), // STD3: no underscore
        ("http://-a.example/", 7, 10, IdnaReason::Hyphen),         // STD3: no leading hyphen
        ("http://u@a%2Fb:8/", 9, 5, IdnaReason::Disallowed('/')),  // a reserved character in a name
    ] {
        let error = n.normalize(input).unwrap_err();
        assert_eq!(
            error,
            Error::Normalize(NormalizeError::InvalidHost {
                offset,
                len,
                reason
            }),
            "{input}"
        );
        assert_eq!(error.offset(), offset);
        assert!(error.to_string().contains(&reason.to_string()), "{error}");
        // The syntax rung has no opinion on DNS names.
        assert!(normalize(input).is_ok());
    }
    let error = n.equivalent("http://a/", "http://xn--zz/").unwrap_err();
    assert_eq!(error.input(), Some(Input::Second));
}

#[test]
#[cfg(feature = "idna")]
fn the_scheme_table_is_extensible() {
    let mut table = SchemeTable::standard();
    table.insert(
        Scheme::new("gopher")
            .with_default_port(70)
            .with_empty_path_is_root()
            .with_dns_host(),
    );
    table.insert(Scheme::new("http").with_default_port(8080));
    let n = Normalizer::new(Level::Scheme).schemes(&table);
    assert_eq!(
        n.normalize("GOPHER://Ä.example:70").unwrap(),
        "gopher://ä.example/"
    );
    // The replaced http entry: port 8080, no empty-path rule, no IDN.
    assert_eq!(n.normalize("http://Ä:8080").unwrap(), "http://Ä");
    assert_eq!(n.normalize("http://h:80/").unwrap(), "http://h:80/");
    // Unlisted schemes with another fallback.
    let mut strict = SchemeTable::empty();
    strict.set_fallback(Scheme::new(""));
    let n = Normalizer::new(Level::Scheme).schemes(&strict);
    assert_eq!(n.normalize("http://h:").unwrap(), "http://h");
}

// ---- Character normalization ----------------------------------------------

#[test]
fn nfc_and_nfkc_keep_the_structure() {
    // NFC per run: "=" + U+0338 would compose to "≠" across a delimiter.
    assert_eq!(
        with_chars(Chars::Nfc, "s://h/?a=\u{338}b&c=e\u{301}"),
        "s://h/?a=\u{338}b&c=é"
    );
    // NFKC: full-width letters fold; a full-width solidus folds to "/",
    // which is then encoded rather than made a delimiter.
    assert_eq!(with_chars(Chars::Nfkc, "s://h/ＡＢ／c"), "s://h/AB%2Fc");
    // NFC maps U+1FEF to "`", not allowed in IRIs: encoded.
    assert_eq!(with_chars(Chars::Nfc, "s://h/a\u{1FEF}"), "s://h/a%60");
    // Decoded characters take part; the host is normalized too, and then
    // lowercased if it became ASCII (U+212A KELVIN SIGN is "K").
    assert_eq!(with_chars(Chars::Nfc, "s://\u{212A}/e%CC%81"), "s://k/é");
    // NFKC can make dot segments: they are removed.
    assert_eq!(with_chars(Chars::Nfkc, "s://h/a/．．/b"), "s://h/b");
    // Syntax rung without characters: all of the above as written.
    assert_eq!(syntax("s://h/ＡＢ／c"), "s://h/ＡＢ／c");
}

// ---- Levels and errors -----------------------------------------------------------

#[test]
fn simple_comparison_is_code_point_equality() {
    assert_equiv("http://a/", "http://a/", Level::Simple, true);
    assert_equiv("http://a/", "HTTP://a/", Level::Simple, false);
    assert_equiv("http://a/%7e", "http://a/%7E", Level::Simple, false);
    assert_eq!(
        Normalizer::new(Level::Simple)
            .normalize("HTTP://A/%7e")
            .unwrap(),
        "HTTP://A/%7e"
    );
}

#[test]
fn invalid_inputs_are_errors_with_offsets() {
    let error = normalize("http://a/b c").unwrap_err();
    assert!(matches!(error, Error::Syntax(_)));
    assert_eq!(error.offset(), 10);
    let error = equiv("http://a/", "http://a/%zz", Level::Syntax).unwrap_err();
    assert_eq!((error.input(), error.offset()), (Some(Input::Second), 10));
    assert!(error.to_string().starts_with("second input: "), "{error}");
    assert!(equiv("a b", "a", Level::Simple).is_err());
}

#[test]
fn parsed_values_normalize_like_strings() {
    // The top rung: the scheme rung with the `idna` feature, else the
    // syntax rung.
    #[cfg(feature = "idna")]
    let n = Normalizer::new(Level::Scheme);
    #[cfg(not(feature = "idna"))]
    let n = Normalizer::new(Level::Syntax);
    parsed_values_normalize_like_strings_on(n);
    #[cfg(feature = "idna")]
    {
        let iri = Iri::parse("http://a_b/").unwrap();
        assert!(n.strict_hosts(true).normalize_iri(&iri).is_err());
    }
}

fn parsed_values_normalize_like_strings_on(n: Normalizer<'static>) {
    for text in [
        "HTTP://User@Example.COM:80/a/./b/../%7e?%41#%42",
        "//H/a/../b",
        "../a/%2e/b",
        "file://localhost/x",
        "urn:X:%61",
    ] {
        let reference = IriRef::parse(text).unwrap();
        let normal = n.normalize_ref(&reference).unwrap();
        assert_eq!(normal, n.normalize(text).unwrap());
        let reparsed = IriRef::parse(normal.as_str()).unwrap();
        assert_eq!(normal.components(), reparsed.components());
        if let Ok(iri) = Iri::parse(text) {
            let normal = n.normalize_iri(&iri).unwrap();
            assert_eq!(normal, n.normalize(text).unwrap());
            assert_eq!(normal.scheme(), iri.scheme().to_ascii_lowercase());
        }
    }
    let iri = Iri::parse("http://a_b/").unwrap();
    assert_eq!(n.normalize_iri(&iri).unwrap(), iri);
    let simple = Normalizer::new(Level::Simple);
    assert_eq!(simple.normalize_iri(&iri).unwrap(), iri);
}

#[test]
#[cfg(feature = "idna")]
fn normalize_into_appends() {
    let mut out = String::from("> ");
    Normalizer::new(Level::Scheme)
        .normalize_into("HTTP://A:80", &mut out)
        .unwrap();
    assert_eq!(out, "> http://a/");
}
