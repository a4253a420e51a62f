//! Cleaning typed or pasted IRIs (RFC 3987 section 7.2) on hostile input:
//! a 10 MB line, every code point, linear time.
#![cfg(feature = "text")]

#[path = "support/linear.rs"]
mod linear;
use linear::per_byte_ratio;

use rfc3987::entry::{clean, ChangeKind};
use rfc3987::IriRef;

#[test]
fn every_code_point() {
    // All of them in one relative reference: whatever is cleaned is valid,
    // and each change's range is a place in the input.
    let all: String = (0..=0x10FFFF).filter_map(char::from_u32).collect();
    let cleaned = clean(&all).unwrap();
    assert!(IriRef::parse(cleaned.iri().as_str()).is_ok());
    for change in cleaned.changes() {
        assert!(all.get(change.range.clone()).is_some(), "{change:?}");
    }
    // Each alone in a scheme: cleaned, or an error inside the input.
    let mut text = String::new();
    for c in (0..=0x10FFFF).filter_map(char::from_u32) {
        text.clear();
        text.push('h');
        text.push(c);
        text.push_str(":x");
        if let Err(error) = clean(&text) {
            assert!(error.offset() <= text.len());
        }
    }
}

#[test]
fn a_ten_megabyte_line() {
    let mut line = String::from("<http://例え.jp/");
    let mut pieces = 0;
    while line.len() < 10 << 20 {
        line.push_str("résumé/");
        pieces += 1;
        if pieces % 1000 == 0 {
            line.push_str("ｶﾞ a\u{301}/");
        }
    }
    line.push('>');
    let cleaned = clean(&line).unwrap();
    assert!(cleaned.iri().as_str().ends_with("résumé/"));
    let kinds = |kind| cleaned.changes().iter().filter(|c| c.kind == kind).count();
    let changed = pieces / 1000;
    assert_eq!(kinds(ChangeKind::Width), changed);
    assert_eq!(kinds(ChangeKind::Nfc), changed);
    assert_eq!(kinds(ChangeKind::PercentEncoded), changed);
    assert_eq!(kinds(ChangeKind::Unwrapped), 2);
}

#[test]
fn hostile_input_takes_linear_time() {
    // As in tests/find.rs: the time per byte on 16 times the input may be
    // at most 4 times the time per byte on the input (a quadratic cleaner
    // reads 16), measured again up to five times.
    const SMALL: usize = 1 << 14;
    const FACTOR: usize = 16;
    let pieces = ["a b ", "ｈ", "e\u{301}", "\u{FDD0}x", "%", "\n x", "#", "ｶﾞ"];
    for piece in pieces {
        let build = |bytes: usize| {
            let mut text = String::from("http://a/");
            while text.len() < bytes {
                text.push_str(piece);
            }
            text
        };
        let (small, large) = (build(SMALL), build(SMALL * FACTOR));
        let op = |text: &str| {
            std::hint::black_box(clean(text).is_ok());
        };
        let ratio = per_byte_ratio(&op, &small, &large, 4.0);
        assert!(
            ratio < 4.0,
            "{piece:?}: {FACTOR}x the input took {ratio:.1}x the time per byte"
        );
    }
}
