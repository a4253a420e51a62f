//! Display (sections 4.1, 7.6), selection (7.5) and interpretation (7.7)
//! on IRIs in many scripts: whatever the audience or the options, the text
//! stands for the same resource.
#![cfg(all(feature = "display", feature = "legacy"))]

use rfc3987::display::{Embedding, Show};
use rfc3987::interpret::Interpret;
use rfc3987::mapping::encoding_rs::{EUC_JP, SHIFT_JIS, UTF_8, WINDOWS_1251, WINDOWS_1252};
use rfc3987::mapping::ToUri;
use rfc3987::select::{Form, Script, Select};
use rfc3987::IriRef;

/// IRIs written in one script each, or mixing several, hosts included.
const IRIS: &[&str] = &[
    "http://example.org/résumé/café?q=naïve#über",
    "http://пример.рф/путь/к/файлу?ключ=значение",
    "https://例え.テスト/引き出し/ひらがな?検索=東京#見出し",
    "http://مثال.إختبار/صفحة?سؤال=نعم",
    "http://דוגמה.טעסט/דף?שאלה=כן",
    "http://παράδειγμα.δοκιμή/σελίδα",
    "http://예시.테스트/페이지",
    "http://उदाहरण.परीक्षा/पृष्ठ",
    "http://ตัวอย่าง.ไทย/หน้า",
    "http://bücher.example/книги/本/كتاب",
    "http://user:пароль@日本.example:8080/résumé/сказка?q=سلام#ok",
    "http://ab.cd.ef/זח1/2טי/כל.html",
    "urn:x-example:東京/москва",
    "//例え.jp/relative",
    "/path/only/日本",
    "http://example.org/plain/ascii?x=y",
];

/// Audiences: the scripts they read.
const AUDIENCES: &[&[Script]] = &[
    &[],
    &[Script::Latin],
    &[Script::Cyrillic],
    &[Script::Han, Script::Hiragana, Script::Katakana],
    &[Script::Arabic],
    &[Script::Hebrew],
    &[Script::Greek, Script::Latin],
    &[Script::Hangul],
    &[Script::Devanagari],
    &[Script::Thai],
];

fn idna_uri(text: &str) -> String {
    ToUri::new().idna(true).convert(text).unwrap()
}

#[test]
fn every_selection_is_the_same_resource() {
    for text in IRIS {
        let iri = IriRef::parse(*text).unwrap();
        for scripts in AUDIENCES {
            let plain = iri.select_for(scripts);
            assert_eq!(plain.text().to_uri(), iri.to_uri(), "{text} {scripts:?}");
            let puny = iri.select_with(&Select::new(scripts).punycode_hosts(true));
            assert_eq!(
                idna_uri(puny.text().as_str()),
                idna_uri(text),
                "{text} {scripts:?}"
            );
            // The option changes the host only, and only a foreign one.
            assert_eq!(puny.text().path(), plain.text().path(), "{text}");
            assert_eq!(puny.text().query(), plain.text().query(), "{text}");
            if plain.text().host() == iri.host() {
                assert_eq!(puny, plain, "{text} {scripts:?}");
            }
            // The IRI form is the input, unchanged.
            assert_eq!(puny.form() == Form::Iri, puny.text() == *text, "{text}");
        }
    }
}

#[test]
fn a_host_in_punycode_is_ascii_and_foreign_hosts_are_never_unicode() {
    let latin = [Script::Latin];
    for text in IRIS {
        let iri = IriRef::parse(*text).unwrap();
        let Some(host) = iri.host() else { continue };
        let foreign = host.chars().any(|c| {
            let extensions = icu_properties::script::ScriptWithExtensions::new();
            let ext = extensions.get_script_extensions_val(c);
            !c.is_ascii() && !ext.contains(&Script::Common) && !ext.contains(&Script::Latin)
        });
        let puny = iri.select_with(&Select::new(&latin).punycode_hosts(true));
        let shown = puny.text().host().unwrap();
        if foreign && iri.scheme().is_some_and(|s| s.starts_with("http")) {
            assert!(shown.is_ascii() && !shown.contains('%'), "{text}: {shown}");
            assert!(shown.split('.').any(|l| l.starts_with("xn--")), "{text}");
        }
    }
}

#[test]
fn every_display_is_the_same_resource() {
    let latin = [Script::Latin];
    let shows = [
        Show::new(),
        Show::new().rtl_context(true).embedding(Embedding::Embed),
        Show::new().scripts(&latin),
        Show::new().bidi_unsafe(true).confusables(true),
    ];
    for text in IRIS {
        let iri = IriRef::parse(*text).unwrap();
        for show in &shows {
            let shown = iri.for_display_with(show);
            let inner = shown
                .strip_prefix(['\u{2066}', '\u{202A}'])
                .and_then(|s| s.strip_suffix(['\u{2069}', '\u{202C}']))
                .unwrap_or(&shown);
            let again = IriRef::parse(inner).unwrap();
            assert_eq!(again.to_uri(), iri.to_uri(), "{text}: {shown}");
        }
    }
}

#[test]
fn the_uri_of_every_iri_reads_back_as_utf8() {
    let encodings = [SHIFT_JIS, EUC_JP, WINDOWS_1251, WINDOWS_1252];
    for text in IRIS {
        let iri = IriRef::parse(*text).unwrap();
        let uri = iri.to_uri();
        let read = uri.interpret(&Interpret::new(&encodings));
        assert_eq!(read.len(), 1, "{text}");
        assert_eq!(read[0].encoding(), UTF_8);
        assert_eq!(*read[0].iri(), uri.to_iri(), "{text}");
        assert!(uri
            .interpret(&Interpret::new(&encodings).legacy_only(true))
            .is_empty());
    }
}

#[test]
fn legacy_encoded_paths_read_back_in_their_encoding() {
    // Each path written as a legacy user agent would: every octet of the
    // encoding's bytes as %HH.
    for (encoding, path) in [
        (SHIFT_JIS, "引き出し/東京"),
        (EUC_JP, "ひらがな/日本"),
        (WINDOWS_1251, "путь/файл"),
        (WINDOWS_1252, "résumé/naïve"),
    ] {
        let (bytes, _, unmappable) = encoding.encode(path);
        assert!(!unmappable);
        let encoded: String = bytes
            .iter()
            .map(|&b| {
                if b == b'/' {
                    String::from("/")
                } else {
                    format!("%{b:02X}")
                }
            })
            .collect();
        let uri = IriRef::parse(format!("http://example.org/{encoded}")).unwrap();
        let read = uri.interpret(&Interpret::new(&[encoding]));
        assert_eq!(read.len(), 1, "{path}");
        assert_eq!(read[0].encoding(), encoding);
        assert_eq!(read[0].iri().path(), format!("/{path}"));
    }
}
