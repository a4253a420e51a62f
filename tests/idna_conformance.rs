//! Every line of Unicode's `IdnaTestV2.txt` (UTS 46 conformance data,
//! Unicode 16.0, copied from the `idna` crate's package into
//! `tests/data/` with its license header) through [`ToUri::idna`] on a
//! host alone: the verdict of the nontransitional ToASCII column, the
//! output where it succeeds, and, where it fails, that the reason the
//! error gives ([`IdnaReason`]) is one of the conditions the file lists.
//!
//! The file's status codes are read under the profile of
//! `rfc3987::mapping`'s IDNA section, as the file's header says an
//! implementation with other flags must:
//!
//! - `V2` (hyphens third and fourth) is not checked: CheckHyphens is on
//!   for the first and last position only;
//! - an empty last label (the root, `a.b.`) is allowed, so `A4_2` and
//!   `A4_1` are recomputed for such lines from the file's output without
//!   the root;
//! - `X4_2` (an empty label in ToUnicode) is `A4_2` in ToASCII.
//!
//! Characters that `ireg-name` does not allow unencoded are given
//! percent-encoded (ToASCII decodes `%HH` first). The file's lines with a
//! lone surrogate (`\uD900`) cannot be a Rust string; they are counted,
//! and the count is checked.
#![cfg(feature = "idna")]

use rfc3987::grammar::rules;
use rfc3987::mapping::{Component, IdnaReason, MappingError, ToUri};
use rfc3987::Error;

const DATA: &str = include_str!("data/IdnaTestV2.txt");

/// Lines whose only error is `V7` for a code point unassigned in Unicode
/// 16.0 (U+32931, U+3E8AC, and those inside the `xn--` labels) that the
/// `idna` crate's data, ICU4X's of a later Unicode version, treats as
/// valid. Each must still be accepted: a change shows here.
const NEWER_DATA: [usize; 7] = [3386, 4219, 4220, 4405, 5858, 5859, 5860];

/// `\uXXXX` and `\x{XXXX}` escapes decoded; `None` for a surrogate.
fn unescape(field: &str) -> Option<String> {
    let field = field.trim();
    if field == "\"\"" {
        return Some(String::new());
    }
    let mut out = String::new();
    let mut rest = field;
    while let Some(at) = rest.find('\\') {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        let (hex, len) = if let Some(x) = tail.strip_prefix("\\x{") {
            let end = x.find('}').expect("closed \\x{");
            (&x[..end], 4 + end)
        } else if let Some(u) = tail.strip_prefix("\\u") {
            (&u[..4], 6)
        } else {
            panic!("unknown escape in {field:?}");
        };
        out.push(char::from_u32(u32::from_str_radix(hex, 16).unwrap())?);
        rest = &tail[len..];
    }
    out.push_str(rest);
    Some(out)
}

fn statuses(field: &str) -> Option<Vec<String>> {
    let field = field.trim();
    if field.is_empty() {
        return None;
    }
    let inner = field.trim_start_matches('[').trim_end_matches(']');
    Some(
        inner
            .split(',')
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect(),
    )
}

/// The file's codes that a reason stands for.
fn codes_of(reason: IdnaReason) -> &'static [&'static str] {
    match reason {
        IdnaReason::EmptyLabel | IdnaReason::MapsToNothing => &["A4_2"],
        IdnaReason::Disallowed(_) => &["V7", "U1", "P4"],
        IdnaReason::LeadingMark(_) => &["V6"],
        IdnaReason::Hyphen => &["V3"],
        IdnaReason::InvalidAce => &["P4", "A3"],
        IdnaReason::AceAscii => &["P4", "A3"],
        IdnaReason::AceNotMapped => &["V1"],
        IdnaReason::AceNested => &["V4"],
        IdnaReason::LabelTooLong => &["A4_2"],
        IdnaReason::NameTooLong => &["A4_1"],
        IdnaReason::Bidi => &["B1", "B2", "B3", "B4", "B5", "B6"],
        IdnaReason::ContextJ(_) => &["C1", "C2"],
        other => panic!("a reason this file cannot produce: {other:?}"),
    }
}

/// `text` with the characters `ireg-name` does not allow as themselves
/// percent-encoded.
fn as_reg_name(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        let mut buf = [0; 4];
        let s = c.encode_utf8(&mut buf);
        if c != '%' && rfc3987::check(&rules::IREG_NAME, s).is_ok() {
            out.push(c);
        } else {
            for b in s.bytes() {
                out.push_str(&format!("%{b:02X}"));
            }
        }
    }
    out
}

#[test]
fn every_line_of_idna_test_v2() {
    assert!(DATA.starts_with("# IdnaTestV2.txt"));
    assert!(DATA.contains("# Version: 16.0.0"));
    assert!(DATA.contains("© 2024 Unicode®, Inc."));
    let mapping = ToUri::new().idna(true);
    let (mut lines, mut surrogates, mut valid, mut newer) = (0, 0, 0, 0);
    let mut failures = Vec::new();
    for (n, line) in DATA.lines().enumerate() {
        let line = line.split('#').next().unwrap();
        if line.trim().is_empty() {
            continue;
        }
        lines += 1;
        let fields: Vec<&str> = line.split(';').collect();
        let Some(source) = unescape(fields[0]) else {
            surrogates += 1;
            continue;
        };
        let to_unicode = unescape(fields[1])
            .filter(|_| !fields[1].trim().is_empty())
            .unwrap_or_else(|| source.clone());
        let unicode_status = statuses(fields[2]).unwrap_or_default();
        let to_ascii = if fields[3].trim().is_empty() {
            Some(to_unicode.clone())
        } else {
            unescape(fields[3])
        };
        let mut expected = statuses(fields[4]).unwrap_or(unicode_status);
        expected.retain(|c| c != "V2");
        for c in &mut expected {
            if c == "X4_2" {
                *c = "A4_2".to_string();
            }
        }
        let root = source.ends_with(['.', '\u{3002}', '\u{FF0E}', '\u{FF61}']);
        if let (true, Some(out)) = (root, &to_ascii) {
            expected.retain(|c| c != "A4_1" && c != "A4_2");
            let name = out.strip_suffix('.').unwrap_or(out);
            if name.split('.').any(|l| l.is_empty() || l.len() > 63) {
                expected.push("A4_2".to_string());
            }
            if name.len() > 253 {
                expected.push("A4_1".to_string());
            }
        }
        if source.is_empty() {
            // An empty host names no domain (`file:///etc`): accepted, and
            // the file's verdict (A4_1, A4_2) does not apply.
            assert_eq!(mapping.component(Component::Host, "").unwrap(), "");
            continue;
        }
        let host = as_reg_name(&source);
        let line_no = n + 1;
        match (
            mapping.component(Component::Host, &host),
            expected.is_empty(),
        ) {
            (Ok(out), true) => {
                valid += 1;
                let want = to_ascii.unwrap();
                if !out.eq_ignore_ascii_case(&want) {
                    failures.push(format!(
                        "line {line_no}: {source:?} gave {out:?}, want {want:?}"
                    ));
                }
            }
            (Ok(_), false) if NEWER_DATA.contains(&line_no) => newer += 1,
            (Ok(out), false) => failures.push(format!(
                "line {line_no}: {source:?} accepted as {out:?}, want {expected:?}"
            )),
            (Err(Error::Mapping(ref e @ MappingError::Idna { reason, .. })), false) => {
                if !codes_of(reason)
                    .iter()
                    .any(|c| expected.iter().any(|x| x == c))
                {
                    failures.push(format!(
                        "line {line_no}: {source:?}: {reason:?} is none of {expected:?} ({e})"
                    ));
                }
            }
            (Err(e), want) => failures.push(format!(
                "line {line_no}: {source:?} as {host:?} rejected ({e}), want {want:?} {expected:?}"
            )),
        }
    }
    assert!(lines > 6000, "{lines}");
    assert!(valid > 500, "{valid}");
    assert_eq!(
        newer,
        NEWER_DATA.len(),
        "lines of NEWER_DATA that now agree"
    );
    // The lines of the file with a lone surrogate (`\uD900`, `\uDF00`).
    assert_eq!(surrogates, 2, "surrogate lines");
    assert!(
        failures.is_empty(),
        "{} of {lines} lines:\n{}",
        failures.len(),
        failures[..failures.len().min(40)].join("\n")
    );
}
