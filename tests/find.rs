//! Finding IRIs in running text (RFC 3987 section 7.3, RFC 3986 Appendix
//! C): prose in several scripts, Markdown, HTML-ish text, and hostile
//! input (a 10 MB line, every code point) in linear time.
#![cfg(feature = "text")]

#[path = "support/linear.rs"]
mod linear;
use linear::per_byte_ratio;

use rfc3987::find::{find, Finder};
use rfc3987::grammar::rules;
use rfc3987::{check, Iri};

fn found(text: &str) -> Vec<&str> {
    find(text).map(|m| m.as_str()).collect()
}

#[test]
fn japanese() {
    let text = "詳しくは http://例え.jp/引き出し/資料.html をご覧ください。";
    assert_eq!(found(text), ["http://例え.jp/引き出し/資料.html"]);
    // Section 7.3: the Japanese after the IRI continues it when nothing
    // delimits it; the full stop is punctuation.
    let text = "資料はhttps://例え.jp/引き出し。";
    assert_eq!(found(text), ["https://例え.jp/引き出し"]);
    let text = "「https://例え.jp/テスト」と（http://例え.jp/a）、<http://例え.jp/b>";
    assert_eq!(
        found(text),
        [
            "https://例え.jp/テスト",
            "http://例え.jp/a",
            "http://例え.jp/b"
        ]
    );
}

#[test]
fn arabic() {
    let text = "زوروا https://مثال.com/صفحة، أو mailto:بريد@مثال.com؟ شكرا";
    assert_eq!(
        found(text),
        ["https://مثال.com/صفحة", "mailto:بريد@مثال.com"]
    );
}

#[test]
fn russian() {
    let text = "Смотрите https://пример.рф/страница?ид=1, а также «http://пример.рф/документ».";
    assert_eq!(
        found(text),
        [
            "https://пример.рф/страница?ид=1",
            "http://пример.рф/документ"
        ]
    );
}

#[test]
fn german() {
    let text = "Siehe „https://beispiel.de/straße“ und https://de.wikipedia.org/wiki/Köln_(Stadt).";
    assert_eq!(
        found(text),
        [
            "https://beispiel.de/straße",
            "https://de.wikipedia.org/wiki/Köln_(Stadt)"
        ]
    );
}

#[test]
fn markdown() {
    let text = "A [link](http://a/b) and <http://a> and [wiki](https://en.wikipedia.org/wiki/Rust_(programming_language)).";
    assert_eq!(
        found(text),
        [
            "http://a/b",
            "http://a",
            "https://en.wikipedia.org/wiki/Rust_(programming_language)"
        ]
    );
    let text = "![image](https://example.org/i.png \"title\") `ftp://x/y`";
    assert_eq!(found(text), ["https://example.org/i.png", "ftp://x/y"]);
}

#[test]
fn html_ish() {
    let text = r#"<a href="http://a/b?x=1&amp;y=2">x</a> <img src='https://c/d.png'>"#;
    assert_eq!(found(text), ["http://a/b?x=1&amp;y=2", "https://c/d.png"]);
    let text = "<p>Mail <a href=\"mailto:a@example.org\">us</a>.</p>";
    assert_eq!(found(text), ["mailto:a@example.org"]);
}

#[test]
fn prose_with_trailing_punctuation() {
    let text = "Go to http://a/b. Or http://a/c, or http://a/d; http://a/e: http://a/f! \
                http://a/g? 'http://a/h' (http://a/i) [http://a/j] {http://a/k}";
    assert_eq!(
        found(text),
        [
            "http://a/b",
            "http://a/c",
            "http://a/d",
            "http://a/e",
            "http://a/f",
            "http://a/g",
            "http://a/h",
            "http://a/i",
            "http://a/j",
            "http://a/k"
        ]
    );
}

#[test]
fn offsets_slice_the_text() {
    let text = "Ünïcödé (https://ä.example/ö) urn:isbn:0451450523 data:,Hello%2C%20World";
    let matches: Vec<_> = find(text).collect();
    assert_eq!(matches.len(), 3);
    for m in &matches {
        assert_eq!(&text[m.range()], m.as_str());
        assert_eq!(m.iri(), &Iri::parse(m.as_str()).unwrap());
    }
    assert_eq!(matches[2].as_str(), "data:,Hello%2C%20World");
}

/// The fastest of a few runs of `f`, to damp the noise of a shared machine.
/// Inputs built by repeating a piece, which stress one part of the search
/// each: long matches, many candidates, long walks that end in a
/// rejection, long trims.
const HOSTILE: &[(&str, &str, &str)] = &[
    ("", "http://a/", ""),
    ("", "http:", ""),
    ("", "mailto:", ""),
    ("", "a:", ""),
    ("http://[v1.", "a:", ""),
    ("http://x:", "http:", ""),
    ("http://a/b", ")", ""),
    ("http://a/b", ".", ""),
    ("", "x http://a.b/c).", ""),
    ("", "<http://", ""),
    ("", "例え", ""),
    ("https://例え.jp/", "\u{3000}", ""),
    ("", "\"", ""),
    // The detection rules of every script: candidates cut at once by
    // punctuation, bidi marks and format characters, brackets opened and
    // never closed, quotes, and `<...>` without its `>`.
    ("", "http://、", ""),
    ("", "http://\u{200F}", ""),
    ("", "http://a/\u{200B}", ""),
    ("http://a/", "（", ""),
    ("http://a/", "）", ""),
    ("", "“http://a/’", ""),
    ("", "<http://a/ ", ""),
    ("<http://a/", " b", ">"),
    ("", "http://a/[", ""),
    // IRIs written on right after one another, or inside one another.
    ("", "http://a/b,", ""),
    ("", "http://a/和", ""),
    ("http://a", "/http://a", ""),
    ("http://a/", "和http://", ""),
    ("", "http:///", ""),
];

fn hostile(piece: (&str, &str, &str), bytes: usize) -> String {
    let (head, middle, tail) = piece;
    let mut text = String::from(head);
    while text.len() < bytes {
        text.push_str(middle);
    }
    text.push_str(tail);
    text
}

#[test]
fn hostile_input_takes_linear_time() {
    // The time per byte stays about the same as the input grows; a
    // quadratic search's would grow with the size (16 times here). The
    // bound is four times, and a piece is measured again (up to five
    // times, `support/linear.rs`) before failing, since other work shares
    // the machine.
    const SMALL: usize = 1 << 14;
    const FACTOR: usize = 16;
    for &piece in HOSTILE {
        let small = hostile(piece, SMALL);
        let large = hostile(piece, SMALL * FACTOR);
        let count = |text: &str| {
            std::hint::black_box(find(text).count());
        };
        let ratio = per_byte_ratio(&count, &small, &large, 4.0);
        assert!(
            ratio < 4.0,
            "{piece:?}: {FACTOR}x the input took {ratio:.1}x the time per byte"
        );
    }
}

#[test]
fn a_ten_megabyte_line() {
    let line = hostile(("see ", "http://例え.jp/a/b?c=d#e (x). ", ""), 10 << 20);
    let matches: Vec<_> = find(&line).collect();
    assert_eq!(matches.len(), line.matches("http").count());
    assert!(matches
        .iter()
        .all(|m| m.as_str() == "http://例え.jp/a/b?c=d#e"));
    // One IRI of 10 MB.
    let long = hostile(("http://a/", "ab/", ""), 10 << 20);
    assert_eq!(found(&long), [long.as_str()]);
    // Through the streaming form, as bytes.
    let lines = Finder::new()
        .find_lines(long.as_bytes())
        .map(|m| m.unwrap().end())
        .collect::<Vec<_>>();
    assert_eq!(lines, [long.len()]);
}

#[test]
fn every_code_point() {
    let all: String = (0..=0x10FFFF).filter_map(char::from_u32).collect();
    // Each match is valid and sits where it says.
    for m in find(&all) {
        assert_eq!(&all[m.range()], m.as_str());
        assert!(Iri::parse(m.as_str()).is_ok());
    }
    // Every code point after a scheme, each alone.
    let mut text = String::new();
    for c in (0..=0x10FFFF).filter_map(char::from_u32) {
        text.clear();
        text.push_str("http://a/");
        text.push(c);
        text.push_str("b ");
        text.push(c);
        let matches: Vec<_> = find(&text).collect();
        assert!(!matches.is_empty(), "U+{:04X}", c as u32);
        for m in matches {
            assert!(check(&rules::IRI, m.as_str()).is_ok(), "U+{:04X}", c as u32);
        }
    }
}
