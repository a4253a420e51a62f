//! Cleaning typed or pasted IRIs (RFC 3987 section 7.2) on hostile input:
//! a 10 MB line, every code point, linear time.

use std::time::{Duration, Instant};

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

fn fastest(f: impl Fn()) -> Duration {
    (0..3)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .min()
        .unwrap()
}

#[test]
fn hostile_input_takes_linear_time() {
    // As in tests/find.rs: 16 times the input may take at most 64 times
    // the time (a quadratic cleaner would take 256), measured up to three
    // times.
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
        let ratio = || {
            let t_small = fastest(|| {
                std::hint::black_box(clean(&small).is_ok());
            });
            let t_large = fastest(|| {
                std::hint::black_box(clean(&large).is_ok());
            });
            t_large.as_secs_f64() / t_small.as_secs_f64().max(1e-6)
        };
        let mut ratios = Vec::new();
        while ratios.len() < 3 {
            ratios.push(ratio());
            if ratios[ratios.len() - 1] < (FACTOR * 4) as f64 {
                break;
            }
        }
        assert!(
            ratios.len() < 3 || ratios[2] < (FACTOR * 4) as f64,
            "{piece:?}: {FACTOR}x the input took {ratios:.1?}x the time"
        );
    }
}
