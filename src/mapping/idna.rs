//! ToASCII and ToUnicode of `ireg-name` labels (sections 3.1 and 3.2.1),
//! through the `idna` crate's UTS 46 (see the module docs of
//! [`crate::mapping`] for how RFC 3490's flags are read).

use alloc::string::String;
use core::fmt;

use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};

use super::{is_bidi_formatting, Component};
use crate::percent::{self, Piece};
use crate::Found;

/// The longest domain name, in octets, without the root's trailing dot
/// (RFC 1034 section 3.1, as UTS 46's VerifyDnsLength counts it).
const MAX_NAME_LEN: usize = 253;

/// The longest label, in octets (RFC 1034 section 3.1).
const MAX_LABEL_LEN: usize = 63;

/// A host label that ToASCII rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdnaError {
    pub(super) offset: usize,
    label: String,
    reason: IdnaReason,
    /// Whether the error is about the whole host, not one label.
    whole_host: bool,
}

/// Why ToASCII rejected a label, as far as the tests in the module docs
/// can tell (UTS 46 itself reports only that a label failed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IdnaReason {
    /// An empty label before a dot (`a..b`); only the last label, the root,
    /// may be empty.
    EmptyLabel,
    /// The label's `%HH` triplets are not UTF-8.
    NotUtf8,
    /// A character that a label may not contain: disallowed or unassigned
    /// in UTS 46, outside letters, digits and `-` under the STD3 rules
    /// (`_`, a `%2E` that decodes to a dot), or a joiner out of context.
    Disallowed(char),
    /// The label starts with a combining mark.
    LeadingMark(char),
    /// The label maps to nothing: every character of it is one that UTS 46
    /// ignores (U+00AD SOFT HYPHEN, variation selectors, ...).
    MapsToNothing,
    /// The label starts or ends with `-` (STD3 rules).
    Hyphen,
    /// An `xn--` label that is not the Punycode of a valid label.
    InvalidAce,
    /// Longer than 63 octets once converted.
    LabelTooLong,
    /// The whole name is longer than 253 octets once converted.
    NameTooLong,
    /// The label, or the name with its other labels, breaks the
    /// bidirectional rules of RFC 5893 (or another contextual rule).
    Bidi,
}

impl IdnaError {
    /// Byte offset of the label (of the host, for
    /// [`IdnaReason::NameTooLong`] and [`IdnaReason::Bidi`] across labels)
    /// in the input.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The label as written in the input, after [`ToUri::lenient`]'s
    /// encoding if any (the whole host for a reason about the name).
    ///
    /// [`ToUri::lenient`]: super::ToUri::lenient
    pub fn label(&self) -> &str {
        &self.label
    }

    /// Why it failed.
    pub fn reason(&self) -> IdnaReason {
        self.reason
    }
}

impl fmt::Display for IdnaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = if self.whole_host {
            "host"
        } else {
            "host label"
        };
        write!(
            f,
            "ToASCII rejects the {what} '{}' at byte {}: ",
            Quoted(&self.label),
            self.offset
        )?;
        match self.reason {
            IdnaReason::EmptyLabel => f.write_str("empty label"),
            IdnaReason::NotUtf8 => f.write_str("its percent-encoded octets are not UTF-8"),
            IdnaReason::Disallowed(c) => write!(
                f,
                "{} is not allowed in a domain name label (UTS 46 with the STD3 rules)",
                Found::Char(c)
            ),
            IdnaReason::LeadingMark(c) => {
                write!(f, "it starts with the combining mark {}", Found::Char(c))
            }
            IdnaReason::MapsToNothing => {
                f.write_str("it maps to nothing (all its characters are ignored by UTS 46 mapping)")
            }
            IdnaReason::Hyphen => f.write_str("it starts or ends with '-'"),
            IdnaReason::InvalidAce => {
                f.write_str("an 'xn--' label must be the Punycode of a valid label")
            }
            IdnaReason::LabelTooLong => f.write_str("longer than 63 octets once converted"),
            IdnaReason::NameTooLong => f.write_str("longer than 253 octets once converted"),
            IdnaReason::Bidi => f.write_str(
                "it breaks the bidirectional or contextual rules of IDNA (RFC 5893, RFC 5892)",
            ),
        }
    }
}

impl core::error::Error for IdnaError {}

/// A label as quoted in a message: at most [`Quoted::MAX_CHARS`]
/// characters (then `…` and the length); controls, bidi formatting
/// characters and characters that UTS 46 maps to nothing (invisible, such
/// as U+00AD SOFT HYPHEN) as `<U+XXXX>`, so that a hostile label neither
/// floods, hides nor reorders the message.
pub(crate) struct Quoted<'a>(pub(crate) &'a str);

impl Quoted<'_> {
    const MAX_CHARS: usize = 40;
}

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (shown, c) in self.0.chars().enumerate() {
            if shown == Self::MAX_CHARS {
                return write!(f, "… ({} bytes)", self.0.len());
            }
            if c.is_control() || is_bidi_formatting(c) || maps_to_nothing(c) {
                write!(f, "<U+{:04X}>", c as u32)?;
            } else {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

/// Whether UTS 46 mapping removes `c` (its "ignored" characters).
fn maps_to_nothing(c: char) -> bool {
    let mut buf = [0; 4];
    let (mapped, _) = Uts46::new().to_unicode(
        c.encode_utf8(&mut buf).as_bytes(),
        AsciiDenyList::EMPTY,
        Hyphens::Allow,
    );
    mapped.is_empty()
}

/// The label separators of RFC 3490 section 3.1: FULL STOP, IDEOGRAPHIC
/// FULL STOP, FULLWIDTH FULL STOP and HALFWIDTH IDEOGRAPHIC FULL STOP, all
/// of which "MUST be recognized as dots".
pub(crate) const LABEL_SEPARATORS: [char; 4] = ['.', '\u{3002}', '\u{FF0E}', '\u{FF61}'];

/// The labels of `host`, split at every separator of [`LABEL_SEPARATORS`],
/// each with its byte offset in `host`.
fn labels(host: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut offset = 0;
    host.split(LABEL_SEPARATORS).map(move |label| {
        let at = offset;
        offset += label.len();
        // Skip the separator that ended this label (one to three bytes).
        offset += host[offset..].chars().next().map_or(0, char::len_utf8);
        (at, label)
    })
}

/// UTS 46 ToASCII of one label or name with section 3.1's flags.
fn to_ascii(text: &str, dns_length: DnsLength) -> Option<alloc::borrow::Cow<'_, str>> {
    Uts46::new()
        .to_ascii(
            text.as_bytes(),
            AsciiDenyList::STD3,
            Hyphens::CheckFirstLast,
            dns_length,
        )
        .ok()
}

/// Appends the ToASCII form of the `ireg-name` `host` (section 3.1) to
/// `out`. A host whose labels are all US-ASCII once percent-decoded is
/// appended as it is. On error `out` may hold part of the host, and the
/// error's offset is relative to `host`.
///
/// Labels are separated by any of [`LABEL_SEPARATORS`] and joined with
/// `.` in the result (RFC 3490 section 3.1), so `example.com。` maps to
/// `example.com.`.
pub(super) fn host_to_ascii(host: &str, out: &mut String) -> Result<(), IdnaError> {
    if host.bytes().all(|b| b.is_ascii() && b != b'%') {
        out.push_str(host);
        return Ok(());
    }
    let error = |offset: usize, label: &str, reason| IdnaError {
        offset,
        label: String::from(label),
        reason,
        whole_host: label.len() == host.len(),
    };
    // Each label percent-decoded, with where it is in `host`.
    let labels: alloc::vec::Vec<(usize, &str, String)> = labels(host)
        .map(|(offset, label)| {
            let mut decoded = String::with_capacity(label.len());
            for piece in percent::pieces(label) {
                match piece {
                    Piece::Literal(c) | Piece::Encoded { c, .. } => decoded.push(c),
                    Piece::Invalid { .. } | Piece::Stray(_) => {
                        return Err(error(offset, label, IdnaReason::NotUtf8))
                    }
                }
            }
            Ok((offset, label, decoded))
        })
        .collect::<Result<_, _>>()?;
    if labels.iter().all(|(_, _, decoded)| decoded.is_ascii()) {
        // Only the separators may need rewriting: ASCII labels are kept as
        // written (RFC 3490 section 4.1).
        for (i, (_, label, _)) in labels.iter().enumerate() {
            if i > 0 {
                out.push('.');
            }
            out.push_str(label);
        }
        return Ok(());
    }

    let start = out.len();
    let last = labels.len() - 1;
    for (i, (offset, label, decoded)) in labels.iter().enumerate() {
        if i > 0 {
            out.push('.');
        }
        if decoded.is_empty() && i == last && i > 0 {
            break; // The root label.
        }
        if decoded.is_empty() {
            return Err(error(*offset, label, IdnaReason::EmptyLabel));
        }
        // A separator decoded from `%HH` is data inside its label, not a
        // separator, and no label may contain it.
        if let Some(dot) = decoded.chars().find(|c| LABEL_SEPARATORS.contains(c)) {
            return Err(error(*offset, label, IdnaReason::Disallowed(dot)));
        }
        match to_ascii(decoded, DnsLength::Verify) {
            // RFC 3490 section 4.1 leaves an ASCII label as it is (UTS 46
            // would lowercase it).
            Some(_) if decoded.is_ascii() => out.push_str(decoded),
            Some(ascii) => out.push_str(&ascii),
            None => return Err(error(*offset, label, diagnose(decoded))),
        }
    }
    let name = out[start..].strip_suffix('.').unwrap_or(&out[start..]);
    if name.len() > MAX_NAME_LEN {
        return Err(error(0, host, IdnaReason::NameTooLong));
    }
    // Rules that look at all labels at once (a name with a right-to-left
    // label makes the bidi rule apply to every label).
    let whole: String = labels
        .iter()
        .map(|(_, _, decoded)| decoded.as_str())
        .collect::<alloc::vec::Vec<_>>()
        .join(".");
    if to_ascii(&whole, DnsLength::VerifyAllowRootDot).is_none() {
        return Err(error(0, host, IdnaReason::Bidi));
    }
    Ok(())
}

/// Why ToASCII rejected `label` (non-empty, percent-decoded): the first
/// test below that fails. The `idna` crate reports no reason (its `Errors`
/// is opaque), so each rule is asked of it separately: a character alone
/// (and after `a`, to tell a combining mark from a disallowed character),
/// whether the label maps to nothing, the hyphen rule on the mapped label,
/// the ACE prefix, the converted length measured (never assumed); what
/// remains is the bidi or context rules.
fn diagnose(label: &str) -> IdnaReason {
    let alone_ok = |text: &str| {
        Uts46::new()
            .to_ascii(
                text.as_bytes(),
                AsciiDenyList::STD3,
                Hyphens::Allow,
                DnsLength::Ignore,
            )
            .is_ok()
    };
    let mut buf = [0u8; 8];
    for (i, c) in label.char_indices() {
        if alone_ok(c.encode_utf8(&mut buf)) {
            continue;
        }
        buf[0] = b'a';
        let len = 1 + c.encode_utf8(&mut buf[1..]).len();
        let after_letter = core::str::from_utf8(&buf[..len]).is_ok_and(alone_ok);
        if !after_letter {
            return IdnaReason::Disallowed(c);
        }
        if i == 0 {
            return IdnaReason::LeadingMark(c);
        }
    }
    // The label as UTS 46 maps it (case folded, ignored characters
    // dropped, NFC), whatever the validity rules say of it.
    let (mapped, _) =
        Uts46::new().to_unicode(label.as_bytes(), AsciiDenyList::EMPTY, Hyphens::Allow);
    if mapped.is_empty() {
        return IdnaReason::MapsToNothing;
    }
    if mapped.starts_with('-') || mapped.ends_with('-') {
        return IdnaReason::Hyphen;
    }
    if is_ace(label) || is_ace(&mapped) {
        return IdnaReason::InvalidAce;
    }
    match to_ascii(label, DnsLength::Ignore) {
        Some(ascii) if ascii.len() > MAX_LABEL_LEN => IdnaReason::LabelTooLong,
        _ => IdnaReason::Bidi,
    }
}

/// Whether `label` has the ACE prefix `xn--` (ASCII case-insensitive).
pub(crate) fn is_ace(label: &str) -> bool {
    label
        .as_bytes()
        .get(..4)
        .is_some_and(|prefix| prefix.eq_ignore_ascii_case(b"xn--"))
}

/// Section 3.2.1's optional ToUnicode: `host` (an `ireg-name` as
/// [`super::to_iri`] wrote it) with each `xn--` label replaced by its
/// Unicode form where that is valid and appropriate, or `None` when no
/// label changes. `appropriate` is step 4's test for a decoded character.
///
/// A label is replaced only when ToUnicode succeeds, each character of the
/// result passes `appropriate` and is allowed unencoded in `ireg-name`, and
/// ToASCII of the result is the label exactly. The new host as a whole must
/// then map back by [`host_to_ascii`] to what `host` maps to, or nothing is
/// replaced (a rule across labels failed).
pub(super) fn host_to_unicode(host: &str, appropriate: impl Fn(char) -> bool) -> Option<String> {
    if !labels(host).any(|(_, label)| is_ace(label)) {
        return None;
    }
    let mut candidate = String::with_capacity(host.len() * 2);
    let mut changed = false;
    for (offset, label) in labels(host) {
        // The separator as written (the first label has none).
        if let Some(separator) = host[..offset].chars().next_back() {
            candidate.push(separator);
        }
        match label_to_unicode(label, &appropriate) {
            Some(unicode) => {
                candidate.push_str(&unicode);
                changed = true;
            }
            None => candidate.push_str(label),
        }
    }
    if !changed {
        return None;
    }
    let mut back = String::new();
    let mut expected = String::new();
    host_to_ascii(&candidate, &mut back).ok()?;
    host_to_ascii(host, &mut expected).ok()?;
    (back == expected).then_some(candidate)
}

fn label_to_unicode(label: &str, appropriate: &impl Fn(char) -> bool) -> Option<String> {
    if !is_ace(label) || label.contains('%') {
        return None;
    }
    let (unicode, result) = Uts46::new().to_unicode(
        label.as_bytes(),
        AsciiDenyList::STD3,
        Hyphens::CheckFirstLast,
    );
    result.ok()?;
    // UTS 46 forbids a decoded label that itself begins with `xn--`
    // (`xn--xn--b-eee` is `xn--ψb`): ToASCII would reject it.
    if is_ace(&unicode) {
        return None;
    }
    let fits = unicode.chars().all(|c| {
        Component::Host.allows_unencoded(c)
            && !is_bidi_formatting(c)
            && (c.is_ascii() || appropriate(c))
    });
    let round_trip = to_ascii(&unicode, DnsLength::Verify).is_some_and(|ascii| ascii == label);
    (fits && round_trip).then(|| String::from(unicode))
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;
    use alloc::string::ToString;

    fn ascii(host: &str) -> Result<String, IdnaError> {
        let mut out = String::new();
        host_to_ascii(host, &mut out).map(|()| out)
    }

    fn reason(host: &str) -> (usize, IdnaReason) {
        let e = ascii(host).unwrap_err();
        (e.offset(), e.reason())
    }

    #[test]
    fn ascii_hosts_are_left_alone() {
        for host in ["Example.ORG", "my_host", "-a-", "%41b.c", "a..b", "xn--zz"] {
            assert_eq!(ascii(host).unwrap(), host);
        }
    }

    #[test]
    fn labels_are_converted_and_ascii_labels_kept() {
        assert_eq!(
            ascii("résumé.Example.org").unwrap(),
            "xn--rsum-bpad.Example.org"
        );
        assert_eq!(
            ascii("R%C3%A9sum%C3%A9.org.").unwrap(),
            "xn--rsum-bpad.org."
        );
        assert_eq!(
            ascii("納豆.example.org").unwrap(),
            "xn--99zt52a.example.org"
        );
        // Nontransitional processing: ß is kept.
        assert_eq!(ascii("faß.de").unwrap(), "xn--fa-hia.de");
    }

    #[test]
    fn each_failure_says_which_label_and_why() {
        assert_eq!(reason("é..a"), (3, IdnaReason::EmptyLabel));
        assert_eq!(reason("é.a%FF"), (3, IdnaReason::NotUtf8));
        assert_eq!(reason("é.a_b"), (3, IdnaReason::Disallowed('_')));
        assert_eq!(reason("é.a%2Eb"), (3, IdnaReason::Disallowed('.')));
        assert_eq!(reason("é\u{FDD0}"), (0, IdnaReason::Disallowed('\u{FDD0}')));
        assert_eq!(
            reason("\u{301}a.é"),
            (0, IdnaReason::LeadingMark('\u{301}'))
        );
        assert_eq!(reason("é-.org"), (0, IdnaReason::Hyphen));
        assert_eq!(reason("é.xn--a.org"), (3, IdnaReason::InvalidAce));
        let long = "é".repeat(70);
        assert_eq!(reason(&long), (0, IdnaReason::LabelTooLong));
        // Hebrew then a European digit first: the bidi rule.
        assert_eq!(reason("\u{5D0}1a"), (0, IdnaReason::Bidi));
        let name = ["é"; 60].join(".");
        assert_eq!(reason(&name), (0, IdnaReason::NameTooLong));
        // Each label is fine alone; together they make a bidi name whose
        // first label starts with a digit.
        assert_eq!(reason("1a.\u{5D0}"), (0, IdnaReason::Bidi));
    }

    #[test]
    fn ideographic_full_stops_separate_labels() {
        // RFC 3490 section 3.1: U+3002, U+FF0E and U+FF61 are dots, and the
        // result uses '.'.
        assert_eq!(ascii("example.com\u{3002}").unwrap(), "example.com.");
        assert_eq!(ascii("ü\u{3002}").unwrap(), "xn--tda.");
        assert_eq!(ascii("a\u{FF0E}b\u{FF61}c").unwrap(), "a.b.c");
        assert_eq!(ascii("a\u{3002}\u{3002}b").unwrap(), "a..b");
        assert_eq!(ascii("\u{3002}").unwrap(), ".");
        assert_eq!(reason("ü\u{3002}\u{3002}b"), (5, IdnaReason::EmptyLabel));
        assert_eq!(reason("ü..b"), (3, IdnaReason::EmptyLabel));
        // The second label starts after the three bytes of U+3002.
        assert_eq!(reason("ü\u{3002}a_b"), (5, IdnaReason::Disallowed('_')));
        // Percent-encoded, a separator is data inside its label.
        assert_eq!(
            reason("ab%E3%80%82cd.ü"),
            (0, IdnaReason::Disallowed('\u{3002}'))
        );
    }

    #[test]
    fn reasons_are_measured_not_guessed() {
        // A label of ignored characters maps to nothing: not "too long".
        assert_eq!(reason("\u{AD}"), (0, IdnaReason::MapsToNothing));
        assert_eq!(reason("é.\u{AD}\u{200B}"), (3, IdnaReason::MapsToNothing));
        // Exactly 63 octets once converted is fine; 64 is too long.
        let ok = format!("é{}", "a".repeat(63 - "xn---9ba".len() + 1));
        let ok = &ok[..ok.len() - 1];
        assert_eq!(ascii(ok).unwrap().len(), 63);
        let long = format!("{ok}a");
        assert_eq!(reason(&long), (0, IdnaReason::LabelTooLong));
    }

    #[test]
    fn messages_are_bounded_and_escaped() {
        let huge = format!("é{}", "a".repeat(100_000));
        let message = ascii(&huge).unwrap_err().to_string();
        assert!(message.len() < 300, "{message}");
        assert!(message.contains("… (100002 bytes)"), "{message}");
        let message = ascii("\u{AD}").unwrap_err().to_string();
        assert!(
            message
                .starts_with("ToASCII rejects the host '<U+00AD>' at byte 0: it maps to nothing"),
            "{message}"
        );
        let message = ascii("é\u{202E}").unwrap_err().to_string();
        assert!(message.contains("'é<U+202E>'"), "{message}");
    }

    #[test]
    fn error_message() {
        let e = ascii("é.a_b").unwrap_err();
        assert_eq!(
            e.to_string(),
            "ToASCII rejects the host label 'a_b' at byte 3: '_' (U+005F) is not allowed \
             in a domain name label (UTS 46 with the STD3 rules)"
        );
        assert_eq!(e.label(), "a_b");
        assert_eq!(
            ascii("1a.\u{5D0}").unwrap_err().to_string(),
            "ToASCII rejects the host '1a.\u{5D0}' at byte 0: it breaks the bidirectional or \
             contextual rules of IDNA (RFC 5893, RFC 5892)"
        );
    }

    #[test]
    fn to_unicode_only_when_valid_and_appropriate() {
        let any = |_| true;
        assert_eq!(
            host_to_unicode("xn--99zt52a.example.org", any).unwrap(),
            "納豆.example.org"
        );
        // Uppercase ACE would not come back as written.
        assert_eq!(host_to_unicode("XN--99ZT52A.example.org", any), None);
        assert_eq!(host_to_unicode("xn--zz.example.org", any), None);
        assert_eq!(host_to_unicode("example.org", any), None);
        // Not appropriate by the caller's test.
        assert_eq!(host_to_unicode("xn--99zt52a.org", |c| c != '納'), None);
        // The name would not map back: another label fails ToASCII.
        assert_eq!(host_to_unicode("xn--99zt52a.a_b", any), None);
        // A decoded label that itself begins with xn-- (UTS 46 forbids it).
        assert_eq!(host_to_unicode("xn--xn--b-eee", any), None);
        // Separators are kept as written.
        assert_eq!(
            host_to_unicode("xn--bcher-kva.de\u{3002}", any).unwrap(),
            "bücher.de\u{3002}"
        );
    }
}
