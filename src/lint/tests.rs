use super::*;
use alloc::string::ToString;

/// The codes of `text`'s warnings, in order.
fn codes(text: &str) -> Vec<&'static str> {
    lint(text)
        .unwrap()
        .iter()
        .map(|w| w.code().as_str())
        .collect()
}

/// The one warning of `text` with `code`.
fn only(text: &str, code: Code) -> Warning {
    let found: Vec<Warning> = lint(text)
        .unwrap()
        .into_iter()
        .filter(|w| w.code() == code)
        .collect();
    assert_eq!(found.len(), 1, "{text}: {found:?}");
    found.into_iter().next().unwrap()
}

/// Each warning cites a section and names its code once.
fn well_formed(w: &Warning) {
    assert!(w.message().contains("section"), "{w}");
    assert!(w.to_string().starts_with(w.code().as_str()), "{w}");
}

#[test]
fn bidi_formatting() {
    let w = only("http://a/b\u{202E}c", Code::BidiFormatting);
    assert_eq!((w.component(), w.range()), (Component::Path, 10..13));
    assert!(w.message().contains("U+202E") && w.message().contains("section 4.1"));
    // In any component; the isolates and ALM too; encoded is fine.
    let w = only("http://a/?\u{2066}", Code::BidiFormatting);
    assert_eq!(w.component(), Component::Query);
    let w = only("http://u\u{061C}@a/", Code::BidiFormatting);
    assert_eq!(w.component(), Component::Userinfo);
    assert_eq!(codes("http://a/%E2%80%AE"), [] as [&str; 0]);
    well_formed(&w);
}

/// Characters that show as nothing, written as themselves: one warning
/// per component naming the first by code point; encoded, or the joiners
/// that shape Persian and Indic words or join an emoji sequence, nothing;
/// a joiner that joins nothing is invisible too.
#[test]
fn invisible() {
    let w = only("http://a/pay\u{200B}pal", Code::Invisible);
    assert_eq!((w.component(), w.range()), (Component::Path, 12..15));
    assert!(
        w.message().starts_with("invisible character U+200B:") && w.message().contains("6.1 b"),
        "{w}"
    );
    well_formed(&w);
    let w = only("http://a/?q=\u{FEFF}x\u{2060}\u{AD}", Code::Invisible);
    assert_eq!((w.component(), w.range()), (Component::Query, 12..21));
    assert!(
        w.message()
            .starts_with("3 invisible characters, the first U+FEFF at byte 12"),
        "{w}"
    );
    for clean in [
        "http://a/pay%E2%80%8Bpal",
        "https://fa.wikipedia.org/wiki/\u{646}\u{6CC}\u{645}\u{200C}\u{641}\u{627}\u{635}\u{644}\u{647}",
        "http://a/\u{915}\u{94D}\u{200D}\u{937}",
        // The Mongolian vowel separator shapes a word's last vowel.
        "http://a/\u{182C}\u{1820}\u{1837}\u{180E}\u{1820}",
        "http://a/\u{DC1}\u{DCA}\u{200D}\u{DBB}\u{DD3}",
        "http://a/\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}",
        "http://a/\u{1F44D}\u{1F3FD}\u{200D}\u{1F525}",
        "http://a/x%E2%80%8Cy",
    ] {
        assert_eq!(codes(clean), [] as [&str; 0], "{clean}");
    }
    for (text, range) in [
        ("https://example.com/\u{200C}", 20..23),
        ("https://example.com/a\u{200C}b", 21..24),
        ("https://example.com/a\u{200D}", 21..24),
        ("http://a/\u{1F602}\u{200D}b", 13..16),
        // After a letter that joins on the right only (alef).
        ("http://a/\u{627}\u{200C}\u{628}", 11..14),
    ] {
        let w = only(text, Code::Invisible);
        assert_eq!(w.range(), range, "{text}");
        well_formed(&w);
    }
    // A bidi formatting character is that, not also invisible.
    assert_eq!(codes("http://a/\u{200F}"), ["bidi-formatting"]);
}

#[test]
fn bidi_mixed_and_rtl_ends() {
    let w = only("http://a/שלוםabc", Code::BidiMixed);
    assert_eq!((w.component(), w.range()), (Component::Path, 9..20));
    assert!(w.message().contains("section 4.2 rule 1"), "{w}");
    well_formed(&w);
    let w = only("http://a/של1", Code::BidiRtlEnds);
    assert_eq!(w.range(), 9..14);
    assert!(w.message().contains("'1' (U+0031) at byte 13"), "{w}");
    well_formed(&w);
    // A host label: the bidi rule, and IDNA's own.
    assert_eq!(
        codes("http://1שלום.example/"),
        ["bidi-rtl-ends", "idn-invalid"]
    );
}

#[test]
fn not_nfc() {
    // Section 5.3.2.2's example.
    let w = only(
        "http://www.example.org/re\u{301}sume\u{301}.html",
        Code::NotNfc,
    );
    // From the character the fault starts at (the `e` an accent follows)
    // to the component's end.
    assert_eq!((w.component(), w.range()), (Component::Path, 24..38));
    well_formed(&w);
    // Percent-encoded text counts as what it denotes.
    only("http://www.example.org/re%CC%81sume.html", Code::NotNfc);
    // Not NFC implies not NFKC: one warning.
    assert_eq!(codes("http://a/e\u{301}"), ["not-nfc"]);
}

#[test]
fn not_nfkc() {
    // Section 7.5's ligature, section 6.1's full-width Latin and
    // half-width Katakana.
    let w = only("http://example.org/\u{FB01}le", Code::NotNfkc);
    assert!(w.message().contains("U+FB01"), "{w}");
    // The range is the characters at fault, the first named and the
    // others counted.
    assert_eq!(w.range(), 19..22);
    well_formed(&w);
    let w = only("https://ja.wikipedia.org/wiki/ＮＴＴ_docomo", Code::NotNfkc);
    assert_eq!(w.range(), 30..39);
    assert!(w.message().contains("'Ｎ' (U+FF2E) and 2 more"), "{w}");
    let w = only("http://example.org/a/%EF%AC%81b/c", Code::NotNfkc);
    assert_eq!(w.range(), 21..30);
    only("http://example.org/ｆｏｏ", Code::NotNfkc);
    let w = only("http://example.org/ｶﾀｶﾅ", Code::NotNfkc);
    assert!(w.message().contains("U+FF76"), "{w}");
    only("http://example.org/?q=%EF%AC%81", Code::NotNfkc);
}

#[test]
fn ordinary_spelling_that_nfkc_decomposes_is_not_a_variant() {
    // Thai SARA AM, Lao AM and HO NO, the Armenian ech-yiwn: the
    // language's own spelling (Wikipedia's titles), written or encoded.
    for iri in [
        "https://th.wikipedia.org/wiki/น้ำ",
        "https://th.wikipedia.org/wiki/สำนักงาน",
        "https://th.wikipedia.org/wiki/%E0%B8%99%E0%B9%89%E0%B8%B3",
        "https://lo.wikipedia.org/wiki/ນ້ຳ?q=ໜ",
        "https://hy.wikipedia.org/wiki/Երևան",
        "https://ko.wikipedia.org/wiki/ㅋㅋㅋ",
        "https://ko.wikipedia.org/wiki/ㄱ",
        "https://example.kr/?q=%E3%85%8B%E3%85%8B",
    ] {
        assert_eq!(codes(iri), [] as [&str; 0], "{iri}");
    }
    // Encoded among characters, it is text the IRI shows as itself
    // (section 3.2), like the letters around it.
    let iri = "https://hy.wikipedia.org/wiki/Եր%D6%87ան";
    assert_eq!(codes(iri), ["pct-should-show"], "{iri}");
    // Not a host label that section 3.2 keeps encoded: it would read as
    // another name (`pаypal`, a Cyrillic `а`).
    let iri = "http://m%C3%BCller.p%D0%B0ypal.com/ü";
    let w = only(iri, Code::PctShouldShow);
    assert_eq!(&iri[w.range()], "%C3%BC", "{w}");
    // A typographic variant beside them is still found, and named.
    let w = only("https://th.wikipedia.org/wiki/น้ำ\u{FB01}", Code::NotNfkc);
    assert!(w.message().contains("U+FB01"), "{w}");
    let w = only("https://hy.wikipedia.org/wiki/և\u{FF76}և", Code::NotNfkc);
    assert!(w.message().contains("U+FF76"), "{w}");
}

#[test]
fn mixed_script() {
    // Section 7.5: Latin "A" and Cyrillic "A". Here a Cyrillic `а`.
    let w = only("http://example.org/p\u{430}ypal", Code::MixedScript);
    assert!(w.message().contains("Latin, Cyrillic"), "{w}");
    assert_eq!((w.component(), w.range()), (Component::Path, 19..26));
    well_formed(&w);
    // Per label and per part: Latin and Greek in separate parts is fine.
    assert_eq!(codes("http://example.org/abc/αβγ.txt"), [] as [&str; 0]);
    // Japanese mixes scripts legitimately, with Latin too.
    assert_eq!(
        codes("http://example.org/Web開発とカタカナ"),
        [] as [&str; 0]
    );
    assert_eq!(codes("http://example.org/한국어漢字"), [] as [&str; 0]);
    only("http://example.org/αβγabc", Code::MixedScript);
}

#[test]
fn confusable() {
    // Whole-script: an all-Cyrillic label beside Latin ones reads "pay".
    let w = only("http://\u{440}\u{430}\u{443}.com/", Code::Confusable);
    assert!(
        w.message().contains("'pay'") && w.message().contains("Cyrillic"),
        "{w}"
    );
    assert_eq!((w.component(), w.range()), (Component::Host, 7..13));
    well_formed(&w);
    // The same word in a path, or under a Cyrillic top-level domain,
    // is a Russian word, not a spoof of a host.
    assert_eq!(
        codes("http://example.org/\u{440}\u{430}\u{443}"),
        [] as [&str; 0]
    );
    assert_eq!(
        codes("http://\u{440}\u{430}\u{443}.\u{440}\u{444}/"),
        [] as [&str; 0]
    );
    // Mixed-script: a Cyrillic `а` among Latin letters, anywhere.
    let w = only("http://example.org/p\u{430}ypal", Code::Confusable);
    assert!(w.message().contains("'paypal'"), "{w}");
    for (word, looks) in [
        ("g\u{43E}\u{43E}gle", "google"),
        ("Mill\u{435}r", "Miller"),
        ("\u{3BD}ideo", "video"),
    ] {
        let w = only(
            &alloc::format!("http://example.org/{word}"),
            Code::Confusable,
        );
        assert!(w.message().contains(&alloc::format!("'{looks}'")), "{w}");
    }
    // Two words run together, one Cyrillic (`Кибер` reads `Kᴎ6ep`): mixed
    // scripts, but no look-alike of a Latin word.
    assert_eq!(
        codes("http://example.org/\u{41A}\u{438}\u{431}\u{435}\u{440}Punk"),
        ["mixed-script"]
    );
    // The A-label of a whole-script homograph is flagged as its
    // Unicode form is, at the label's range in the input.
    let w = only("http://xn--80ak6aa92e.com/", Code::Confusable);
    assert!(w.message().contains("xn--80ak6aa92e"), "{w}");
    assert_eq!(w.range(), 7..21);
    // Percent-encoded, an A-label is the same label (`%61` is `a`).
    let w = only("http://xn--80%61k6aa92e.com/", Code::Confusable);
    assert_eq!(w.range(), 7..23);
    // Letters of one script whose look-alike is that script's own
    // spelling are not spoofs (UTS 39): œ, æ, ß, ĳ.
    // (`Æble` in a host is upper case, and only that.)
    for word in ["c\u{153}ur", "\u{C6}ble", "\u{153}uvre", "stra\u{DF}e"] {
        let upper = word.chars().any(char::is_uppercase);
        assert_eq!(
            codes(&alloc::format!("http://{word}.fr/{word}")),
            if upper {
                &["uppercase-host"][..]
            } else {
                &[][..]
            },
            "{word}"
        );
    }
    // A name in one other script is left to its readers (7.5), though
    // Hebrew `סע` has the skeleton `oy`.
    assert_eq!(codes("http://example.org/סע"), [] as [&str; 0]);
    assert_eq!(codes("http://example.org/résumé"), [] as [&str; 0]);
}

/// UTS 39 whole-script confusables, read as section 8's spoof: a label
/// made only of look-alikes of US-ASCII letters. Ordinary words, whose
/// skeletons hold IPA letters, small capitals, marks or digits, are not.
#[test]
fn whole_script_confusable_reads_as_an_ascii_name() {
    let words: Vec<&str> = include_str!("ordinary_words.txt")
        .lines()
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .collect();
    assert!(words.len() >= 200, "{}", words.len());
    for word in words {
        for tld in ["com", "ru", "net"] {
            let iri = alloc::format!("http://{word}.{tld}/");
            assert_eq!(codes(&iri), [] as [&str; 0], "{iri}");
        }
    }
    for (spoof, looks) in [
        ("\u{430}\u{440}\u{440}\u{4CF}\u{435}", "apple"),
        ("\u{455}\u{441}\u{43E}\u{440}\u{435}", "scope"),
        ("\u{440}\u{435}\u{441}\u{443}\u{440}\u{441}", "pecypc"),
        ("\u{440}\u{430}\u{443}\u{440}\u{430}\u{4CF}", "paypal"),
        ("\u{443}\u{445}\u{43E}", "yxo"),
        ("\u{3BF}\u{3C1}\u{3BF}", "opo"),
        ("\u{A4EE}\u{A4F2}", "Al"),
        ("xn--80ak6aa92e", "apple"),
    ] {
        let w = only(&alloc::format!("http://{spoof}.com/"), Code::Confusable);
        assert!(
            w.message().contains(&alloc::format!("Latin '{looks}'")),
            "{w}"
        );
    }
    // Section 3.2 shows none of the spoofs, and every ordinary word
    // (`mapping::to_iri`, `%HH` and A-labels).
    let shown = |uri: &str| {
        crate::mapping::ToIri::new()
            .idna(true)
            .convert(uri)
            .unwrap()
    };
    let encoded =
        |word: &str| -> String { word.bytes().map(|b| alloc::format!("%{b:02X}")).collect() };
    for word in include_str!("ordinary_words.txt")
        .lines()
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
    {
        let ace = crate::mapping::ToUri::new()
            .idna(true)
            .convert(&alloc::format!("http://{word}.com/"))
            .unwrap();
        let iri = alloc::format!("http://{word}.com/");
        // UTS 46 maps some words first (Armenian `և` is `եւ`).
        assert!(!shown(&ace).contains("xn--"), "{ace}");
        assert_eq!(shown(&alloc::format!("http://{}.com/", encoded(word))), iri);
    }
    for spoof in [
        "\u{430}\u{440}\u{440}\u{4CF}\u{435}",
        "\u{455}\u{441}\u{43E}\u{440}\u{435}",
        "\u{440}\u{430}\u{443}\u{440}\u{430}\u{4CF}",
        "p\u{430}ypal",
    ] {
        let ace = crate::mapping::ToUri::new()
            .idna(true)
            .convert(&alloc::format!("http://{spoof}.com/"))
            .unwrap();
        for uri in [ace, alloc::format!("http://{}.com/", encoded(spoof))] {
            assert!(shown(&uri).is_ascii(), "{uri}: {}", shown(&uri));
        }
    }

    assert_eq!(
        codes("http://\u{41C}\u{41E}\u{420}\u{415}.com/"),
        ["uppercase-host"]
    );
    let upper = codes("http://\u{410}\u{420}\u{420}\u{4C0}\u{415}.com/");
    assert!(upper.contains(&"confusable"), "{upper:?}");
    // A digit in the label is a digit of the name; a letter that looks
    // like a digit (`б` reads `6`) is not a look-alike of a name.
    only("http://\u{440}\u{430}\u{443}2.com/", Code::Confusable);
    assert_eq!(
        codes("http://\u{441}\u{431}\u{435}\u{440}.com/"),
        [] as [&str; 0]
    );
}

#[test]
fn pct_not_utf8() {
    let warnings = lint("http://www.example.org/r%E9sum%E9.html").unwrap();
    let ranges: Vec<_> = warnings.iter().map(|w| (w.code(), w.range())).collect();
    assert_eq!(
        ranges,
        [(Code::PctNotUtf8, 24..27), (Code::PctNotUtf8, 30..33)]
    );
    well_formed(&warnings[0]);
    // A run is one warning; a surrogate is not UTF-8.
    let w = only("http://a/%ED%A0%80", Code::PctNotUtf8);
    assert_eq!(w.range(), 9..18);
}

#[test]
fn pct_overlong() {
    // Section 8's example.
    let w = only("http://a/%C0%AF..", Code::PctOverlong);
    assert_eq!(w.range(), 9..15);
    assert!(w.message().contains("'/' (U+002F)"), "{w}");
    well_formed(&w);
    let w = only("http://a/%e0%80%af", Code::PctOverlong);
    assert_eq!(w.range(), 9..18);
    let w = only("http://a/%F0%80%80%AF", Code::PctOverlong);
    assert_eq!(w.range(), 9..21);
    // `%C0` alone is just not UTF-8.
    assert_eq!(codes("http://a/%C0x"), ["pct-not-utf8"]);
    assert_eq!(
        codes("http://a/%C1%BF%FF"),
        ["pct-overlong", "pct-not-utf8"]
    );
}

#[test]
fn pct_unreserved() {
    // Section 5.3.2.3's examples.
    let w = only("http://example.org/%7euser", Code::PctUnreserved);
    assert_eq!(w.range(), 19..22);
    assert!(w.message().contains("'~'"), "{w}");
    well_formed(&w);
    let w = only("http://example.org/%41%42/%2F", Code::PctUnreserved);
    assert_eq!(w.range(), 19..25);
}

#[test]
fn pct_should_show() {
    let w = only(
        "http://example.org/résumé/%C3%A9%C3%A8t",
        Code::PctShouldShow,
    );
    assert_eq!((w.component(), w.range()), (Component::Path, 28..40));
    assert!(w.message().contains("'éè'"), "{w}");
    well_formed(&w);
    // A URI is a legitimate form: no warning.
    assert_eq!(
        codes("http://example.org/r%C3%A9sum%C3%A9"),
        [] as [&str; 0]
    );
    // What to_iri keeps encoded never fires: a mark or a joiner may be
    // kept where it stands.
    for kept in [
        "http://example.org/é/%E2%80%AE%C2%A0%CC%81",
        "http://example.org/é/%EF%B8%8F",
        "http://example.org/é/%E2%80%8C",
    ] {
        let kept = codes(kept);
        assert!(!kept.contains(&"pct-should-show"), "{kept:?}");
    }
}

#[test]
fn uppercase_scheme_and_host() {
    // Section 5.3.2.1's example.
    let warnings = lint("HTTP://www.EXAMPLE.com/").unwrap();
    assert_eq!(warnings.len(), 2);
    let (scheme, host) = (&warnings[0], &warnings[1]);
    assert_eq!(
        (scheme.code(), scheme.range()),
        (Code::UppercaseScheme, 0..4)
    );
    assert!(scheme.message().contains("write 'http'"), "{scheme}");
    assert_eq!((host.code(), host.range()), (Code::UppercaseHost, 7..22));
    assert!(host.message().contains("write 'www.example.com'"), "{host}");
    well_formed(scheme);
    well_formed(host);
    // Hex digits of a triplet are not letters of the name.
    assert_eq!(codes("http://%C3%A9.example/"), [] as [&str; 0]);
    // A domain name is case-insensitive in every script; another
    // registered name in its US-ASCII letters.
    for (iri, lower) in [
        ("http://MÜNCHEN.DE/", "münchen.de"),
        ("http://mÜnchen.de/", "münchen.de"),
        ("https://ПРИМЕР.РФ/", "пример.рф"),
        ("foo://MÜNCHEN/", "mÜnchen"),
    ] {
        let w = only(iri, Code::UppercaseHost);
        assert!(
            w.message().contains(&alloc::format!("write '{lower}'")),
            "{w}"
        );
        well_formed(&w);
    }
    assert_eq!(codes("foo://mÜnchen/"), [] as [&str; 0]);
    assert_eq!(codes("http://münchen.de/"), [] as [&str; 0]);
}

#[test]
fn idn_invalid() {
    let w = only("http://a_b.例え.jp/", Code::IdnInvalid);
    assert_eq!((w.component(), w.range()), (Component::Host, 7..10));
    assert!(w.message().contains("'_' (U+005F)"), "{w}");
    well_formed(&w);
    let w = only("https://-例え.jp/", Code::IdnInvalid);
    assert!(w.message().contains("'-'"), "{w}");
    // Not a domain-name scheme: not checked.
    assert_eq!(codes("foo://a_b.例え.jp/"), [] as [&str; 0]);
    // Where `to-uri --idna` rejects the host, whatever else fires: a
    // label of numbers beside right-to-left labels breaks IDNA's bidi
    // rule (RFC 5893) as well as section 4.4's advice.
    for (iri, expected) in [
        (
            "http://مثال.123/",
            &["bidi-number-label", "idn-invalid"][..],
        ),
        ("http://ש.123/", &["bidi-number-label", "idn-invalid"]),
        // (`١` also reads as the Latin `l`.)
        ("http://١.example/", &["confusable", "idn-invalid"]),
    ] {
        assert_eq!(codes(iri), expected, "{iri}");
        let w = only(iri, Code::IdnInvalid);
        assert!(
            w.message().contains("'123'") || w.message().contains("'١'"),
            "{w}"
        );
    }
    // A label that breaks the bidi rule is told which of RFC 5893's six
    // conditions, and which character.
    for (iri, rule, at) in [
        (
            "http://a\u{661}.com/",
            "rule 5 ",
            "'\u{661}' (U+0661) at byte 8",
        ),
        (
            "http://\u{645}\u{62B}\u{627}\u{644}.123/",
            "rule 1 ",
            "'1' (U+0031) at byte 16",
        ),
        (
            "http://1\u{5E9}\u{5DC}\u{5D5}\u{5DD}.example/",
            "rule 1 ",
            "'1' (U+0031) at byte 7",
        ),
        (
            "http://\u{5E9}\u{5DC}\u{5D5}\u{5DD}-.com/",
            "rule 3 ",
            "'-' (U+002D) at byte 15",
        ),
        (
            "http://\u{645}\u{661}\u{6F1}.eg/",
            "rule 4 ",
            "(U+06F1) at byte 11",
        ),
        (
            "http://xn--a-smc.com/",
            "rule 2 ",
            "'a' (U+0061) character 2 of '\u{624}a'",
        ),
    ] {
        let w = only(iri, Code::IdnInvalid);
        assert!(
            w.message()
                .contains(&alloc::format!("here {rule}of RFC 5893 section 2"))
                && w.message().contains(at),
            "{iri}: {w}"
        );
    }
    // A hostile label is quoted bounded.
    let long = alloc::format!("http://{}_例/", "é".repeat(10_000));
    let w = only(&long, Code::IdnInvalid);
    assert!(w.message().len() < 400, "{}", w.message().len());
}

/// Host labels UTS 46 accepts but IDNA2008 (RFC 5891, RFC 5892) does not:
/// the label, the code point, where it is and the rule.
#[test]
fn idna2008() {
    for (iri, range, named, rule) in [
        ("http://💩.la/", 7..11, "U+1F4A9) at byte 7", "LetterDigits"),
        ("http://i❤.ws/", 7..11, "U+2764) at byte 8", "LetterDigits"),
        ("http://☃.net/", 7..10, "U+2603", "LetterDigits"),
        (
            "http://ex\u{2010}ample.com/",
            7..17,
            "U+2010",
            "looks like '-'",
        ),
        (
            "http://\u{640}\u{640}.example/",
            7..11,
            "U+0640",
            "section 2.6",
        ),
        ("http://\u{1806}.example/", 7..10, "U+1806", "LetterDigits"),
        // Compatibility jamo map to conjoining ones (UTS 46).
        (
            "http://\u{3131}.kr/",
            7..10,
            "'\u{1100}' (U+1100) as character 1 of its UTS 46 form",
            "OldHangulJamo",
        ),
        (
            "http://a\u{B7}b.cat/",
            7..11,
            "U+00B7) at byte 8",
            "appendix A.3",
        ),
        ("http://\u{3B1}\u{375}.gr/", 7..11, "U+0375", "appendix A.4"),
        (
            "http://\u{645}\u{5F3}\u{645}.il/",
            7..13,
            "U+05F3",
            "appendices A.5 and A.6",
        ),
        ("http://a\u{30FB}b.jp/", 7..12, "U+30FB", "appendix A.7"),
        // As its Unicode form, for an A-label or `%HH`.
        (
            "http://xn--ab-0ea.cat/",
            7..17,
            "as character 2 of its UTS 46 form 'a\u{B7}b'",
            "A.3",
        ),
        ("http://a%E2%88%95b.com/", 7..18, "U+2215", "looks like '/'"),
    ] {
        let w = only(iri, Code::Idna2008);
        assert_eq!((w.component(), w.range()), (Component::Host, range), "{w}");
        assert!(
            w.message().contains(named) && w.message().contains(rule),
            "{iri}: {w}"
        );
        well_formed(&w);
    }
    // Mixed Arabic-Indic digit forms (appendices A.8 and A.9) break
    // RFC 5893's rule 4 too, which UTS 46 checks: `idn-invalid` only.
    let found = codes("http://\u{645}\u{661}\u{6F1}.eg/");
    assert!(
        found.contains(&"idn-invalid") && !found.contains(&"idna2008"),
        "{found:?}"
    );
    // A delimiter look-alike is said to be one: the host hides a path.
    let w = only(
        "http://paypal.com\u{2215}login.evil.example/",
        Code::Idna2008,
    );
    assert_eq!(w.range(), 14..25);
    assert!(
        w.message()
            .contains("'com\u{2215}login' holds '\u{2215}' (U+2215) at byte 17")
            && w.message().contains("looks like '/'"),
        "{w}"
    );
    // Words of many scripts, and each CONTEXTO code point in its context.
    for clean in [
        "http://l\u{B7}l.cat/",
        "http://col\u{B7}legi.cat/",
        "http://stra\u{DF}e.de/",
        "http://MÜNCHEN.de/",
        "http://\u{3B5}\u{3BB}\u{375}\u{3BB}.gr/",
        "http://\u{5E6}\u{5D4}\u{5F4}\u{5DC}.il/",
        "http://\u{30B9}\u{30BF}\u{30FC}\u{30FB}\u{30A6}\u{30A9}\u{30FC}\u{30BA}.jp/",
        "http://\u{645}\u{62B}\u{627}\u{644}\u{662}.eg/",
        "http://\u{6A9}\u{62A}\u{627}\u{628}\u{6F2}.ir/",
        "http://\u{D55C}\u{AD6D}.kr/",
        "http://\u{C5}\u{C6}\u{D8}.no/",
        "http://\u{535}\u{580}\u{587}\u{561}\u{576}.am/",
        "http://\u{E20}\u{E32}\u{E29}\u{E32}\u{E44}\u{E17}\u{E22}.th/",
        "http://\u{939}\u{93F}\u{928}\u{94D}\u{926}\u{940}.in/",
        "http://\u{F58}\u{F72}\u{F42}\u{F0B}.bt/",
        "foo://\u{1F4A9}.la/",
    ] {
        let found = codes(clean);
        assert!(!found.contains(&"idna2008"), "{clean}: {found:?}");
    }
}

/// RFC 3986 section 7.4's rare IP address formats: registered names to
/// RFC 3986, IPv4 addresses (or nothing) to a browser.
#[test]
fn ipv4_like() {
    for (iri, reads, form) in [
        ("http://0x7f.0.0.1/", "127.0.0.1", "a hexadecimal part"),
        ("http://0177.0.0.1/", "127.0.0.1", "an octal part"),
        ("http://2130706433/", "127.0.0.1", "1 part, not four"),
        ("http://127.1/", "127.0.0.1", "2 parts, not four"),
        ("https://1.2.3/", "1.2.0.3", "3 parts, not four"),
        ("http://192.168.0.1./", "192.168.0.1", "a trailing dot"),
        ("http://0X7F.1/", "127.0.0.1", "a hexadecimal part"),
        // What a browser decodes and maps first: `%HH`, full-width digits.
        ("http://%31%32%37.1/", "127.0.0.1", "2 parts"),
        ("http://\u{FF11}\u{FF12}\u{FF17}.1/", "127.0.0.1", "2 parts"),
    ] {
        let w = only(iri, Code::Ipv4Like);
        assert_eq!(w.component(), Component::Host, "{w}");
        assert_eq!(w.range().start, iri.find("//").unwrap() + 2, "{w}");
        assert!(
            w.message()
                .contains(&alloc::format!("IPv4 address {reads} ("))
                && w.message().contains(form),
            "{iri}: {w}"
        );
        well_formed(&w);
    }
    for (iri, why) in [
        ("http://256.256.256.256/", "'256' is too large"),
        ("http://999.1.1.1/", "'999' is too large"),
        ("http://example.123/", "'example' is not a number"),
        ("http://1.2.3.4.5/", "more than four parts"),
        ("ws://www.example.0x1/", "'www' is not a number"),
    ] {
        let w = only(iri, Code::Ipv4Like);
        assert!(
            w.message().contains(why) && w.message().contains("rejects it"),
            "{iri}: {w}"
        );
    }
    // Dotted-decimal addresses, names that end in a name, and hosts of
    // schemes whose hosts are not domain names.
    for clean in [
        "http://192.168.0.1/",
        "http://127.0.0.1:8080/",
        "http://[::1]/",
        "http://123.example/",
        "http://web2.0.example/",
        "http://3com.com/",
        "http://0x.example/",
        "foo://127.1/",
        "urn:isbn:0451450523",
    ] {
        assert_eq!(codes(clean), [] as [&str; 0], "{clean}");
    }
}

#[test]
fn every_code_has_a_test_and_a_distinct_name() {
    // The tests above, one per code, by name.
    let tested = [
        ("bidi-formatting", "http://a/\u{202E}"),
        ("invisible", "http://a/\u{200B}"),
        ("bidi-mixed", "http://a/שa"),
        ("bidi-rtl-ends", "http://a/ש1"),
        ("bidi-number-label", "http://ש.123/"),
        ("not-nfc", "http://a/e\u{301}"),
        ("not-nfkc", "http://a/\u{FB01}"),
        ("mixed-script", "http://a/a\u{3B1}"),
        ("confusable", "http://\u{440}.a/"),
        ("pct-not-utf8", "http://a/%FF"),
        ("pct-overlong", "http://a/%C0%AF"),
        ("pct-unreserved", "http://a/%41"),
        ("pct-should-show", "http://a/é%C3%A9"),
        ("uppercase-scheme", "A:b"),
        ("uppercase-host", "http://A/"),
        ("idn-invalid", "http://-é/"),
        ("ipv4-like", "http://127.1/"),
        ("idna2008", "http://a\u{2215}b.com/"),
        ("default-port", "http://a:80/"),
        ("pct-lowercase", "http://a/%c3%a9"),
        ("dot-segments", "http://a/b/../c"),
        ("password", "http://u:p@a/"),
        ("userinfo-host", "http://www.example.com@a/"),
    ];
    assert_eq!(tested.len(), Code::ALL.len());
    for (code, (name, example)) in Code::ALL.iter().zip(tested) {
        assert_eq!(code.as_str(), name);
        assert!(
            codes(example).contains(&name),
            "{example}: {:?}",
            codes(example)
        );
    }
}

/// `default-port` fires exactly where scheme-based normalization (section
/// 5.3.3) leaves the port out, over the `:` and the port.
#[test]
fn default_port_is_what_scheme_based_normalization_removes() {
    use crate::normalize::{Level, Normalizer};
    let normalizer = Normalizer::new(Level::Scheme);
    for (text, flagged) in [
        ("http://a:80/", true),
        ("http://a:080/x", true),
        ("http://a:/", true),
        ("https://a:443/x?y", true),
        ("HTTPS://a:443/", true),
        ("ws://a:80/", true),
        ("ftp://u@a:21/", true),
        ("foo://a:/", true),
        ("http://[::1]:80/", true),
        ("http://a:8080/", false),
        ("https://a:80/", false),
        ("http://a:65616/", false),
        ("http://a:99999999999999999999/", false),
        ("foo://a:80/", false),
        ("http://a/", false),
        ("urn:a:80", false),
    ] {
        let found = lint(text).unwrap();
        let ports: Vec<&Warning> = found
            .iter()
            .filter(|w| w.code() == Code::DefaultPort)
            .collect();
        assert_eq!(ports.len(), usize::from(flagged), "{text}: {found:?}");
        let iri = IriRef::parse(text).unwrap();
        let normal = normalizer.normalize_ref(&iri).unwrap();
        assert_eq!(
            normal.components().port.is_none(),
            flagged || iri.components().port.is_none(),
            "{text}: {normal}"
        );
        if let Some(w) = ports.first() {
            well_formed(w);
            assert_eq!(w.component(), Component::Port);
            let colon = text[w.range()].strip_prefix(':').expect("the ':'");
            assert_eq!(Some(colon), iri.components().port, "{text}");
        }
    }
}

/// `dot-segments` fires on an IRI with a scheme exactly where syntax-based
/// normalization changes the path by removing dot segments, over them, and
/// quotes the path normalization writes; relative references are where
/// they belong.
#[test]
fn dot_segments_are_what_normalization_removes_from_an_iri() {
    use crate::normalize::{Level, Normalizer};
    let normalizer = Normalizer::new(Level::Syntax);
    for (text, flagged) in [
        ("http://a/b/../c", Some(11..13)),
        ("http://a/./b/./c/..", Some(9..19)),
        ("http://a/b/.", Some(11..12)),
        ("foo:../a", Some(4..6)),
        ("http://a/b/c/", None),
        ("http://a/.x/..y/...", None),
        ("http://a/%2E%2E/b", None),
        ("../a/b", None),
        ("/a/../b", None),
        ("//a/./b", None),
    ] {
        let found = lint(text).unwrap();
        let dots: Vec<&Warning> = found
            .iter()
            .filter(|w| w.code() == Code::DotSegments)
            .collect();
        assert_eq!(
            dots.first().map(|w| w.range()),
            flagged,
            "{text}: {found:?}"
        );
        let iri = IriRef::parse(text).unwrap();
        let normal = normalizer.normalize_ref(&iri).unwrap();
        if let Some(w) = dots.first() {
            well_formed(w);
            assert_ne!(normal.path(), iri.path(), "{text}");
            assert!(
                w.message().contains(&alloc::format!("'{}'", normal.path())),
                "{w}"
            );
        }
    }
}

/// `password` covers what follows the userinfo's `:` and never quotes it;
/// `userinfo-host` fires on a userinfo that reads as a domain name, not on
/// user names with dots.
#[test]
fn passwords_and_userinfo_that_reads_as_a_host() {
    for (text, password, host) in [
        ("http://u:secret@a/", Some(9..15), None),
        ("http://u:@a/", None, None),
        ("ftp://user@a/", None, None),
        ("http://git@github.com/", None, None),
        ("http://john.smith@a/", None, None),
        ("http://john.smith.jr:pw@a/", Some(21..23), None),
        ("http://www.example.com@evil.example/", None, Some(7..22)),
        (
            "ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm",
            None,
            Some(6..41),
        ),
        (
            "http://paypal.com:hunter2@evil.example/",
            Some(18..25),
            Some(7..17),
        ),
        ("http://www.foo@a/", None, None),
        ("http://1.2@a/", None, None),
        ("http://a..com@b/", None, None),
    ] {
        let found = lint(text).unwrap();
        let range = |code| found.iter().find(|w| w.code() == code).map(|w| w.range());
        assert_eq!(range(Code::Password), password, "{text}: {found:?}");
        assert_eq!(range(Code::UserinfoHost), host, "{text}: {found:?}");
        for w in &found {
            well_formed(w);
            if let Some(secret) = password.clone() {
                assert!(!w.message().contains(&text[secret]), "{w}");
            }
        }
    }
}
