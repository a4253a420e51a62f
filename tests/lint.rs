//! `lint`, `bidi` and `display` on the RFC's own examples and on hostile
//! input.
//!
//! The examples of RFC 3987 sections 3.1, 3.2, 4.4, 5.3 and 6.4 are linted
//! with the warnings each should get: none for those that follow the rules,
//! and exactly the right codes for those the RFC gives as what not to do
//! (or as legacy forms). Hostile inputs (every code point, megabyte lines)
//! must not panic and must take linear time, checked as a ratio of times
//! per byte, never an absolute time.
#![cfg(all(feature = "lint", feature = "display"))]

use std::hint::black_box;
#[path = "support/linear.rs"]
mod linear;
use linear::per_byte_ratio;

use rfc3987::display::{Script, Show};
use rfc3987::grammar::class;
use rfc3987::lint::{lint, Code, Component};
use rfc3987::mapping::{to_uri, ToIri};
use rfc3987::IriRef;

/// The RFC's Bidi Notation (capitals are right-to-left letters) in Hebrew.
fn hebrew(notation: &str) -> String {
    let alphabet: Vec<char> = "אבגדהוזחטיכלמנסעפצקרשת".chars().collect();
    notation
        .chars()
        .map(|c| {
            if c.is_ascii_uppercase() {
                alphabet[usize::from(c as u8 - b'A')]
            } else {
                c
            }
        })
        .collect()
}

fn codes(text: &str) -> Vec<&'static str> {
    let mut codes: Vec<&'static str> = lint(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .iter()
        .map(|w| w.code().as_str())
        .collect();
    codes.sort_unstable();
    codes.dedup();
    codes
}

#[test]
fn rfc_examples_get_exactly_their_warnings() {
    // (section, example as the RFC gives it, XML character references
    // written out, warnings expected)
    let examples: &[(&str, &str, &[&str])] = &[
        // 3.1: the IRI, its IDNA form and its URI form.
        ("3.1", "http://résumé.example.org", &[]),
        ("3.1", "http://xn--rsum-bpad.example.org", &[]),
        ("3.1", "http://r%C3%A9sum%C3%A9.example.org", &[]),
        ("3.1", "http://www.example.org/red%09rosé#red", &[]),
        ("3.1", "http://www.example.org/red%09ros%C3%A9#red", &[]),
        ("3.1", "http://example.com/\u{10300}\u{10301}\u{10302}", &[]),
        (
            "3.1",
            "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82",
            &[],
        ),
        // 3.2: a legacy URI, not UTF-8 (a section 8 / 6.4 warning), and its
        // UTF-8 form.
        (
            "3.2",
            "http://www.example.org/r%E9sum%E9.html",
            &["pct-not-utf8"],
        ),
        ("3.2", "http://www.example.org/r%C3%A9sum%C3%A9.html", &[]),
        // 3.2.1: the conversion keeps the RLO encoded, as 4.1 requires.
        (
            "3.2.1",
            "http://\u{7D0D}\u{8C46}.example.org/%E2%80%AE",
            &[],
        ),
        ("3.2.1", "http://www.example.org/D%C3%BCrst", &[]),
        ("3.2.1", "http://www.example.org/Dürst", &[]),
        ("3.2.1", "http://www.example.org/D%FCrst", &["pct-not-utf8"]),
        // 5.3: the comparison ladder's examples.
        ("5.3.1", "http://example.org/rosé", &[]),
        (
            "5.3.2.1",
            "HTTP://www.EXAMPLE.com/",
            &["uppercase-host", "uppercase-scheme"],
        ),
        ("5.3.2.1", "http://www.example.com/", &[]),
        ("5.3.2.2", "http://www.example.org/résumé.html", &[]),
        (
            "5.3.2.2",
            "http://www.example.org/re\u{301}sume\u{301}.html",
            &["not-nfc"],
        ),
        ("5.3.2.3", "http://example.org/~user", &[]),
        // Lower-case digits too (section 5.3.2.1).
        (
            "5.3.2.3",
            "http://example.org/%7euser",
            &["pct-lowercase", "pct-unreserved"],
        ),
        ("5.3.2.3", "http://example.org/%7Euser", &["pct-unreserved"]),
        // 5.3.3: the empty port and the default one, which RFC 3986
        // section 3.2.3 asks producers to leave out; an empty path or
        // query is no fault (RFC 3986 section 6.2.3 keeps delimiters).
        ("5.3.3", "http://example.com/?", &[]),
        ("5.3.3", "http://example.com", &[]),
        ("5.3.3", "http://example.com:/", &["default-port"]),
        ("5.3.3", "http://example.com:80/", &["default-port"]),
        ("5.3.4", "http://résumé.example.org", &[]),
        // 6.4: UTF-8 and a legacy encoding side by side.
        (
            "6.4",
            "http://www.example.org/r%E9sum%E9.xml#r%C3%A9sum%C3%A9",
            &["pct-not-utf8"],
        ),
        (
            "6.4",
            "http://www.example.org/r%E9sum%E9.xml#résumé",
            &["pct-not-utf8"],
        ),
        // The crate docs' examples, in the spirit of the RFC's.
        (
            "-",
            "https://例え.jp/引き出し/résumé.html?page=2#第1章",
            &[],
        ),
    ];
    for (section, example, expected) in examples {
        assert_eq!(codes(example), *expected, "section {section}: {example}");
    }
}

#[test]
fn section_4_4_examples_are_linted_as_the_rfc_says() {
    // Examples 1 to 7 are allowed; 10 is "allowed but not recommended",
    // which `bidi-number-label` says, and breaks the bidi rule of IDNA
    // (RFC 5893), so that `to-uri --idna` rejects it: `idn-invalid`.
    for (n, notation, expected) in [
        (1, "http://ab.CDEFGH.ij/kl/mn/op.html", &[] as &[&str]),
        (2, "http://ab.CDE.FGH/ij/kl/mn/op.html", &[]),
        (3, "http://AB.CD.EF/GH/IJ/KL?MN=OP;QR=ST#UV", &[]),
        (4, "http://AB.CD.ef/gh/IJ/KL.html", &[]),
        (5, "http://ab.cd.EF/GH/ij/kl.html", &[]),
        (6, "http://ab.CD.EF/GH/IJ/kl.html", &[]),
        (7, "http://ab.CDE123FGH.ij/kl/mn/op.html", &[]),
        (8, "http://ab.cd.ef/GH1/2IJ/KL.html", &["bidi-rtl-ends"]),
        // The encoded digits are unreserved characters, too.
        (
            9,
            "http://ab.cd.ef/GH%31/%32IJ/KL.html",
            &["bidi-rtl-ends", "pct-unreserved"],
        ),
        (
            10,
            "http://ab.CDEFGH.123/kl/mn/op.html",
            &["bidi-number-label", "idn-invalid"],
        ),
    ] {
        let text = hebrew(notation);
        assert_eq!(codes(&text), expected, "example {n}: {text}");
    }
}

/// Every scalar value, in one IRI reference: the `ipchar`s in a path, the
/// `iquery` ones in the query, and all of them percent-encoded.
fn every_code_point() -> Vec<String> {
    let all = || (0..=0x10FFFFu32).filter_map(char::from_u32);
    let path: String = all().filter(|&c| class::is_ipchar(c) && c != '%').collect();
    let query: String = all().filter(|&c| class::is_iquery(c) && c != '%').collect();
    let mut encoded = String::from("x:/");
    for c in all() {
        let mut buf = [0; 4];
        for b in c.encode_utf8(&mut buf).bytes() {
            encoded.push_str(&format!("%{b:02X}"));
        }
    }
    // Hosts: each code point that ireg-name allows, in labels of 40.
    let host_chars: Vec<char> = all()
        .filter(|&c| class::is_ireg_name(c) && c != '%')
        .collect();
    let host: Vec<String> = host_chars
        .chunks(40)
        .take(2000)
        .map(|chunk| chunk.iter().collect())
        .collect();
    vec![
        format!("http://example.org/{path}?{query}#{path}"),
        format!("http://{}/", host.join(".")),
        encoded,
    ]
}

#[test]
fn every_code_point_is_linted_and_shown_without_panic() {
    for text in every_code_point() {
        let iri = IriRef::parse(text.as_str()).expect("built from the grammar's classes");
        let warnings = iri.lint();
        for w in &warnings {
            assert!(text.is_char_boundary(w.range().start) && text.is_char_boundary(w.range().end));
            // Bounded messages, whatever the input.
            assert!(w.message().len() < 1000, "{}", w.message().len());
        }
        let _ = iri.bidi_violations();
        let _ = iri.check_strict();
        let shown = iri.for_display_with(
            &Show::new()
                .bidi_unsafe(true)
                .confusables(true)
                .scripts(&[Script::Latin]),
        );
        assert!(!shown.is_empty());
    }
}

/// A linear algorithm gives about 1; a quadratic one about 256 (the large
/// input is 256 times the small).
const MAX_RATIO: f64 = 20.0;

/// An operation measured, by its effect on one input.
type Op = dyn Fn(&str);

/// Pathological shapes: a unit repeated to about `n` bytes after a head.
fn shape(head: &str, unit: &str, n: usize) -> String {
    let mut s = String::from(head);
    while s.len() < n {
        s.push_str(unit);
    }
    s
}

#[test]
fn lint_bidi_and_display_take_linear_time() {
    let units: &[(&str, &str)] = &[
        ("http://a/", "שa1"),
        ("http://a/", "e\u{301}"),
        ("http://a/", "\u{FB01}"),
        ("http://a/", "%C0%AF"),
        ("http://a/", "%FF"),
        ("http://a/", "%41"),
        ("http://a/é", "%C3%A9x"),
        ("http://a/", "p\u{430}"),
        ("http://a/", "\u{440}"),
        ("http://a/", "\u{202E}"),
        ("http://a/?", "q=ש&"),
        ("http://", "é."),
        ("http://", "A"),
        ("http://a/", "ש/1"),
    ];
    let ops: &[(&str, &Op)] = &[
        ("lint", &|s| {
            black_box(lint(s).map(|w| w.len()).unwrap_or(0));
        }),
        ("bidi", &|s| {
            black_box(
                IriRef::parse(s)
                    .map(|i| i.bidi_violations().len())
                    .unwrap_or(0),
            );
        }),
        ("display", &|s| {
            let show = Show::new()
                .bidi_unsafe(true)
                .confusables(true)
                .scripts(&[Script::Latin]);
            black_box(
                IriRef::parse(s)
                    .map(|i| i.for_display_with(&show).len())
                    .unwrap_or(0),
            );
        }),
    ];
    let mut failures = Vec::new();
    for (head, unit) in units {
        let small = shape(head, unit, 1 << 10);
        let large = shape(head, unit, 1 << 18);
        for (name, op) in ops {
            let r = per_byte_ratio(*op, &small, &large, MAX_RATIO);
            println!("{name:8} {unit:10?} {r:6.2}");
            if r >= MAX_RATIO {
                failures.push(format!("{name} on {unit:?}: ratio {r:.1}"));
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn a_ten_megabyte_line_is_linted() {
    let text = shape("http://a/", "שלום%C0%AFe\u{301}p\u{430}/", 10 << 20);
    let warnings = lint(&text).unwrap();
    // Each code's findings after the first few coalesce into one warning
    // that reaches the end of the path and counts them.
    assert!(warnings.len() < 100, "{}", warnings.len());
    let last = warnings.iter().map(|w| w.range().end).max().unwrap();
    assert!(last + 2 >= text.len(), "{last} of {}", text.len());
    assert!(warnings
        .iter()
        .any(|w| w.message().contains("more like it")));
}

/// The words of `tests/data/words/LANG.txt`, comments left out.
fn words(text: &'static str) -> Vec<&'static str> {
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .flat_map(str::split_whitespace)
        .collect()
}

#[test]
fn real_words_of_eleven_languages_are_not_confusables() {
    // Each word in a path and a query, and as a host label: Latin-script
    // words under `.com` (the whole-script test applies, and finds
    // nothing: one script's own spellings, such as œ for oe, are not
    // spoofs), Cyrillic and Greek words under a top-level domain of their
    // own script (a Russian word under `.com` that reads as Latin is
    // exactly the whole-script confusable UTS 39 describes), Japanese
    // words, which write Han, Hiragana and Katakana together, under `.jp`.
    let lists: [(&str, &str, &str); 11] = [
        ("fr", include_str!("data/words/fr.txt"), "com"),
        ("de", include_str!("data/words/de.txt"), "com"),
        ("da", include_str!("data/words/da.txt"), "com"),
        ("es", include_str!("data/words/es.txt"), "com"),
        ("pl", include_str!("data/words/pl.txt"), "com"),
        ("cs", include_str!("data/words/cs.txt"), "com"),
        ("tr", include_str!("data/words/tr.txt"), "com"),
        ("ru", include_str!("data/words/ru.txt"), "\u{440}\u{444}"),
        (
            "uk",
            include_str!("data/words/uk.txt"),
            "\u{443}\u{43A}\u{440}",
        ),
        ("el", include_str!("data/words/el.txt"), "\u{3B5}\u{3BB}"),
        ("ja", include_str!("data/words/ja.txt"), "jp"),
    ];
    let mut checked = 0;
    let mut flagged = Vec::new();
    for (lang, text, tld) in lists {
        let words = words(text);
        assert!(words.len() >= 200, "{lang}: {} words", words.len());
        for word in words {
            let label = word.to_lowercase().replace('\'', "");
            for iri in [
                format!("http://example.org/{word}?q={word}#{word}"),
                format!("http://{label}.{tld}/"),
            ] {
                checked += 1;
                for w in lint(&iri).unwrap_or_else(|e| panic!("{iri}: {e}")) {
                    if matches!(w.code(), Code::Confusable | Code::MixedScript) {
                        flagged.push(format!("{lang}: {w}"));
                    }
                }
                // What lint does not flag, a display wary of confusables
                // shows as written.
                let shown = IriRef::parse(iri.as_str())
                    .unwrap()
                    .for_display_with(&Show::new().confusables(true))
                    .into_owned();
                if shown != iri {
                    flagged.push(format!("{lang}: shown as {shown}"));
                }
            }
        }
    }
    assert!(checked > 4000, "{checked}");
    assert!(flagged.is_empty(), "{}", flagged.join("\n"));
}

#[test]
fn published_homograph_hosts_are_flagged_in_both_forms() {
    let list = include_str!("data/homographs.txt");
    let mut n = 0;
    for line in list.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split(" ; ").collect();
        let [unicode, ace, _why] = fields[..] else {
            panic!("bad line {line:?}")
        };
        assert!(ace.is_ascii() && ace.contains("xn--"), "{line}");
        for host in [unicode, ace] {
            let iri = format!("https://{host}/login");
            let warnings = lint(&iri).unwrap();
            let w = warnings
                .iter()
                .find(|w| w.code() == Code::Confusable)
                .unwrap_or_else(|| panic!("{iri}: {warnings:?}"));
            assert_eq!(w.component(), Component::Host, "{w}");
            // The range is in the input, inside the host.
            assert!(
                w.range().start >= 8 && w.range().end <= 8 + host.len(),
                "{w}"
            );
        }
        // The Unicode form is not shown as written to a reader wary of
        // confusables: the look-alikes are percent-encoded.
        let iri = format!("https://{unicode}/login");
        let shown = IriRef::parse(iri.as_str())
            .unwrap()
            .for_display_with(&Show::new().confusables(true))
            .into_owned();
        assert!(shown != iri && shown.contains('%'), "{shown}");
        // Nor does section 3.2 show it: the A-label stays in Punycode,
        // the `%HH` of its UTF-8 stay encoded.
        let to_iri = ToIri::new().idna(true);
        let uri = format!("https://{ace}/login");
        assert_eq!(to_iri.convert(&uri).unwrap(), uri);
        let encoded = to_uri(&iri).unwrap();
        assert!(encoded.contains('%'), "{encoded}");
        assert_eq!(to_iri.convert(&encoded).unwrap(), encoded);
        n += 1;
    }
    assert!(n >= 15, "{n}");
}

/// Titles as Wikipedias in Cyrillic, Greek, Armenian and Georgian write
/// them, naming a product or a film in Latin letters: words of two
/// scripts, each word of one, so no `mixed-script` or `confusable`
/// warning, written or percent-encoded. A word that mixes scripts among
/// them (`pаypal` with a Cyrillic `а`) is flagged, and named, in either
/// form; a host label is still one identifier (`пример-shop`).
#[test]
fn titles_naming_latin_words_mix_words_not_scripts() {
    let titles = [
        "https://ru.wikipedia.org/wiki/Список_серий_Doctor_Who",
        "https://ru.wikipedia.org/wiki/Microsoft_Windows_(операционная_система)",
        "https://ru.wikipedia.org/wiki/C++-программа",
        "https://bg.wikipedia.org/wiki/HTML5-видео",
        "https://uk.wikipedia.org/wiki/Apple_iPhone_14_(смартфон)",
        "https://sr.wikipedia.org/wiki/Gmail_—_услуга",
        "https://el.wikipedia.org/wiki/Linux_πυρήνας",
        "https://hy.wikipedia.org/wiki/Google_Երևան",
        "https://ka.wikipedia.org/wiki/YouTube_არხი",
        "https://ru.wikipedia.org/w/index.php?search=iPhone+чехол&title=Служебная",
        "https://ru.wikipedia.org/wiki/%D0%A1%D0%BF%D0%B8%D1%81%D0%BE%D0%BA_Doctor_Who",
    ];
    for iri in titles {
        let flagged: Vec<String> = lint(iri)
            .unwrap()
            .iter()
            .filter(|w| matches!(w.code(), Code::MixedScript | Code::Confusable))
            .map(|w| w.to_string())
            .collect();
        assert!(flagged.is_empty(), "{iri}: {flagged:?}");
    }
    for (iri, word) in [
        (
            "https://ru.wikipedia.org/wiki/Список_p\u{430}ypal",
            Some("p\u{430}ypal"),
        ),
        ("https://example.org/p%D0%B0ypal", None),
        (
            "https://example.org/a/p%D0%B0ypal-login",
            Some("p\u{430}ypal"),
        ),
    ] {
        let warnings = lint(iri).unwrap();
        let codes: Vec<Code> = warnings.iter().map(|w| w.code()).collect();
        assert_eq!(codes, [Code::MixedScript, Code::Confusable], "{iri}");
        for w in &warnings {
            assert!(w.message().contains("p\u{430}ypal"), "{w}");
            if let Some(word) = word {
                assert!(w.message().contains(&format!("'{word}' (a word of")), "{w}");
            }
        }
    }
    let codes: Vec<Code> = lint("http://пример-shop.example/")
        .unwrap()
        .iter()
        .map(|w| w.code())
        .collect();
    assert!(codes.contains(&Code::MixedScript), "{codes:?}");
}
