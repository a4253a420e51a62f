//! ToASCII and ToUnicode of `ireg-name` labels (sections 3.1 and 3.2.1),
//! through the `idna` crate's UTS 46 (see the module docs of
//! [`crate::mapping`] for how RFC 3490's flags are read).

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt;

use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};

use super::{is_bidi_formatting, Component, MappingError, LABEL_SEPARATORS};
use crate::percent::{self, Piece};
use crate::Found;

/// The longest domain name, in octets, without the root's trailing dot
/// (RFC 1034 section 3.1, as UTS 46's VerifyDnsLength counts it).
const MAX_NAME_LEN: usize = 253;

/// The longest label, in octets (RFC 1034 section 3.1).
const MAX_LABEL_LEN: usize = 63;

/// Why ToASCII rejected a label: the validity rule of UTS 46 (and the
/// IDNA2008 rules it includes) that failed, found by asking each rule of
/// the label separately (the order is in [`crate::mapping`]'s docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IdnaReason {
    /// An empty label before a dot (`a..b`); only the last label, the root,
    /// may be empty (UTS 46 A4_2).
    EmptyLabel,
    /// The label's `%HH` triplets are not UTF-8.
    NotUtf8,
    /// A character that a label may not contain: disallowed or unassigned
    /// in UTS 46 (V7), outside letters, digits and `-` under the STD3 rules
    /// (U1: `_`, a `%2E` that decodes to a dot).
    Disallowed(char),
    /// The label starts with a combining mark (UTS 46 V6).
    LeadingMark(char),
    /// The label maps to nothing: every character of it is one that UTS 46
    /// ignores (U+00AD SOFT HYPHEN, variation selectors, ...).
    MapsToNothing,
    /// The label starts or ends with `-` (UTS 46 V3, CheckHyphens).
    Hyphen,
    /// An `xn--` label whose Punycode does not decode, or decodes to
    /// nothing (RFC 3492; UTS 46 P4, A3).
    InvalidAce,
    /// An `xn--` label whose Punycode decodes to US-ASCII only
    /// (`xn--abc-`): an A-label stands for a label with non-ASCII
    /// characters (RFC 5890 section 2.3.2.1; UTS 46 P4).
    AceAscii,
    /// An `xn--` label that decodes to a label not in the form UTS 46 maps
    /// to (not NFC, or with letters mapping lowercases: `xn--e-xbb` is `e`
    /// and a combining acute), which no ToASCII writes (UTS 46 V1).
    AceNotMapped,
    /// An `xn--` label that decodes to a label itself beginning with
    /// `xn--` (`xn--xn--b-eee` is `xn--ψb`; UTS 46 V4).
    AceNested,
    /// Longer than 63 octets once converted (A4_2).
    LabelTooLong,
    /// The whole name is longer than 253 octets once converted (A4_1).
    NameTooLong,
    /// The label, in a name with a right-to-left label, breaks the
    /// bidirectional rule of RFC 5893 (UTS 46 CheckBidi, B1 to B6).
    Bidi,
    /// U+200C ZERO WIDTH NON-JOINER or U+200D ZERO WIDTH JOINER out of the
    /// context RFC 5892's CONTEXTJ rules allow (UTS 46 CheckJoiners, C1
    /// and C2).
    ContextJ(char),
}

/// The reason in words, the same wherever an IDNA check fails
/// ([`MappingError::Idna`], [`crate::normalize::NormalizeError::InvalidHost`]).
impl fmt::Display for IdnaReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
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
            IdnaReason::Hyphen => f.write_str(
                "it starts or ends with '-' (RFC 5891 section 4.2.3.1, UTS 46 V3; '--' inside a label is allowed, as browsers allow it)",
            ),
            IdnaReason::InvalidAce => f.write_str(
                "an 'xn--' label must be the Punycode of a valid label, and this one does not decode (RFC 3492)",
            ),
            IdnaReason::AceAscii => f.write_str(
                "an 'xn--' label must be the Punycode of a label with non-ASCII characters, and this one decodes to US-ASCII only (RFC 5890 section 2.3.2.1)",
            ),
            IdnaReason::AceNotMapped => f.write_str(
                "an 'xn--' label must be the Punycode of a valid label, and this one decodes to a label not in the form UTS 46 maps to (not NFC, or not lower case), which no ToASCII writes (UTS 46 V1)",
            ),
            IdnaReason::AceNested => f.write_str(
                "an 'xn--' label must be the Punycode of a valid label, and this one decodes to a label that itself begins with 'xn--' (UTS 46 V4)",
            ),
            IdnaReason::LabelTooLong => f.write_str("longer than 63 octets once converted"),
            IdnaReason::NameTooLong => f.write_str("longer than 253 octets once converted"),
            IdnaReason::Bidi => f.write_str(
                "it breaks the bidi rule for domain names (RFC 5893: in a name with right-to-left labels, each label must start with a letter of its direction and keep one direction)",
            ),
            IdnaReason::ContextJ(c) => write!(
                f,
                "{} is allowed only after a virama or between joining letters (RFC 5892 CONTEXTJ)",
                Found::Char(c)
            ),
        }
    }
}

/// A label as quoted in a message: at most [`Quoted::MAX_CHARS`]
/// characters (then `…` and the length); the characters that messages
/// name by code point (controls, bidi formatting characters, white space,
/// default-ignorable characters such as the joiners) and those that UTS 46
/// maps to nothing as `<U+XXXX>`, so that a hostile label neither floods,
/// hides nor reorders the message.
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
            if crate::chars::shown_as_code(c) || maps_to_nothing(c) {
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

/// UTS 46 ToASCII of one label or name with the profile of the module
/// docs: nontransitional, STD3 rules, hyphens checked first and last,
/// CheckBidi and CheckJoiners (always on in the `idna` crate), and the DNS
/// lengths as `dns_length` says.
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
/// `out`, after checking it as a domain name: every host, US-ASCII ones
/// too (an `xn--` label must be valid Punycode, no label may start or end
/// with `-`, the lengths of the DNS hold). An empty host names no domain
/// (`file:///etc`) and is appended as it is. On error `out` may hold part
/// of the host, and the error's offset is relative to `host`.
///
/// Labels are separated by any of [`LABEL_SEPARATORS`] and joined with
/// `.` in the result (RFC 3490 section 3.1), so `example.com。` maps to
/// `example.com.`. US-ASCII labels are kept as written (RFC 3490 section
/// 4.1: ToASCII does not change them; UTS 46 would lowercase them).
pub(crate) fn host_to_ascii(host: &str, out: &mut String) -> Result<(), MappingError> {
    if host.is_empty() {
        return Ok(());
    }
    let error = |offset: usize, label: &str, reason| MappingError::Idna {
        offset,
        label: String::from(label),
        reason,
        whole_host: label.len() == host.len(),
    };
    // Each label percent-decoded, with where it is in `host`.
    let labels: alloc::vec::Vec<(usize, &str, Cow<'_, str>)> = labels(host)
        .map(|(offset, label)| {
            if !label.contains('%') {
                return Ok((offset, label, Cow::Borrowed(label)));
            }
            let mut decoded = String::with_capacity(label.len());
            for piece in percent::pieces(label) {
                match piece {
                    Piece::Literal(c) | Piece::Encoded { c, .. } => decoded.push(c),
                    Piece::Invalid { .. } | Piece::Stray(_) => {
                        return Err(error(offset, label, IdnaReason::NotUtf8))
                    }
                }
            }
            Ok((offset, label, Cow::Owned(decoded)))
        })
        .collect::<Result<_, _>>()?;

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
        match to_ascii(decoded, DnsLength::Ignore) {
            Some(ascii) if ascii.is_empty() => {
                return Err(error(*offset, label, IdnaReason::MapsToNothing))
            }
            Some(ascii) if ascii.len() > MAX_LABEL_LEN => {
                return Err(error(*offset, label, IdnaReason::LabelTooLong))
            }
            // UTS 46 V4: a label whose Unicode form begins with `xn--`
            // (`xn--xn--b-eee` is `xn--ψb`); with hyphens checked only
            // first and last the `idna` crate lets it through.
            Some(ascii) if decodes_to_ace(&ascii) => {
                return Err(error(*offset, label, IdnaReason::AceNested))
            }
            Some(_) if decoded.is_ascii() => out.push_str(label),
            Some(ascii) => out.push_str(&ascii),
            None => return Err(error(*offset, label, diagnose(decoded))),
        }
    }
    let name = out[start..].strip_suffix('.').unwrap_or(&out[start..]);
    if name.len() > MAX_NAME_LEN {
        return Err(error(0, host, IdnaReason::NameTooLong));
    }
    // The one rule that looks at all labels at once: in a name with a
    // right-to-left label the bidi rule applies to every label. Name the
    // first label that breaks it next to a right-to-left label.
    let whole: String = labels
        .iter()
        .map(|(_, _, decoded)| &**decoded)
        .collect::<alloc::vec::Vec<_>>()
        .join(".");
    if to_ascii(&whole, DnsLength::VerifyAllowRootDot).is_none() {
        let culprit = labels.iter().find(|(_, _, decoded)| {
            let mut beside_rtl = String::with_capacity(decoded.len() + 3);
            beside_rtl.push_str(decoded);
            beside_rtl.push_str(".\u{5D0}");
            !decoded.is_empty() && to_ascii(&beside_rtl, DnsLength::Ignore).is_none()
        });
        return Err(match culprit {
            Some((offset, label, _)) => error(*offset, label, IdnaReason::Bidi),
            None => error(0, host, IdnaReason::Bidi),
        });
    }
    Ok(())
}

/// Whether the ACE label `ascii` is the Punycode of a label that itself
/// begins with `xn--`.
fn decodes_to_ace(ascii: &str) -> bool {
    is_ace(ascii)
        && idna::punycode::decode_to_string(&ascii[4..]).is_some_and(|unicode| is_ace(&unicode))
}

/// Checks `host` as [`host_to_ascii`] does, without keeping the result.
pub(crate) fn check_host(host: &str) -> Result<(), MappingError> {
    host_to_ascii(host, &mut String::new())
}

/// Whether the validity rules of UTS 46 that look at one character alone
/// accept `c`: tried alone, after a Latin letter (a combining mark) and
/// between two Hebrew letters (a character of a right-to-left label, such
/// as an Arabic-Indic digit), so that neither the combining-mark rule nor
/// the bidi rule decides.
fn char_allowed(c: char) -> bool {
    let ok = |text: &str| {
        Uts46::new()
            .to_ascii(
                text.as_bytes(),
                AsciiDenyList::STD3,
                Hyphens::Allow,
                DnsLength::Ignore,
            )
            .is_ok()
    };
    let mut buf = [0u8; 12];
    let mut try_in = |before: &str, after: &str| {
        let mut len = 0;
        for part in [before, c.encode_utf8(&mut [0; 4]), after] {
            buf[len..len + part.len()].copy_from_slice(part.as_bytes());
            len += part.len();
        }
        core::str::from_utf8(&buf[..len]).is_ok_and(ok)
    };
    try_in("", "") || try_in("a", "") || try_in("\u{5D0}", "\u{5D0}")
}

fn is_mark(c: char) -> bool {
    use icu_properties::props::{GeneralCategory, GeneralCategoryGroup};
    GeneralCategoryGroup::Mark
        .contains(icu_properties::CodePointMapData::<GeneralCategory>::new().get(c))
}

/// Whether UTS 46 maps `c` to itself (its status is valid or deviation):
/// what each character of a decoded `xn--` label must be (V7). Tried in
/// the contexts of [`char_allowed`].
fn maps_to_itself(c: char) -> bool {
    let same = |text: &str| {
        let (mapped, result) =
            Uts46::new().to_unicode(text.as_bytes(), AsciiDenyList::STD3, Hyphens::Allow);
        result.is_ok() && mapped == text
    };
    let mut c_buf = [0; 4];
    let c = c.encode_utf8(&mut c_buf);
    [("", ""), ("a", ""), ("\u{5D0}", "\u{5D0}")]
        .iter()
        .any(|(before, after)| same(&[before, &*c, after].concat()))
}

const ZWNJ: char = '\u{200C}';
const ZWJ: char = '\u{200D}';
const JOINERS: [char; 2] = [ZWNJ, ZWJ];

/// The first joiner of `label` (as UTS 46 maps it) out of the context
/// that RFC 5892 Appendix A.1 and A.2 (CONTEXTJ) allow
/// ([`chars::joins_by_contextj`](crate::chars::joins_by_contextj)).
fn contextj_violation(label: &[char]) -> Option<char> {
    label.iter().enumerate().find_map(|(i, &c)| {
        let joins = crate::chars::joins_by_contextj(
            c,
            label[..i].iter().rev().copied(),
            label[i + 1..].iter().copied(),
        );
        (JOINERS.contains(&c) && !joins).then_some(c)
    })
}

/// Why ToASCII rejected `label` (non-empty, percent-decoded, no
/// separator): the first of these tests that fails. The `idna` crate
/// reports no reason (its `Errors` is opaque), so each rule is asked
/// separately, of the `idna` crate or of the Unicode properties the rule
/// is written in, in this order:
///
/// 1. a US-ASCII label of more than 63 octets ([`IdnaReason::LabelTooLong`]);
///    an `xn--` label: US-ASCII Punycode that decodes to something
///    ([`IdnaReason::InvalidAce`]), to a label that does not itself begin
///    with `xn--` ([`IdnaReason::AceNested`]), that is not all US-ASCII
///    ([`IdnaReason::AceAscii`]), each of whose characters UTS 46 maps to
///    itself ([`IdnaReason::Disallowed`]); the decoded label then takes
///    the tests below, and must be in the form UTS 46 maps to
///    ([`IdnaReason::AceNotMapped`]);
/// 2. the label as UTS 46 maps it: more than 63 characters
///    ([`IdnaReason::LabelTooLong`]: each needs at least one octet); each
///    character of the label in NFC, by [`char_allowed`]
///    ([`IdnaReason::Disallowed`]), the joiners excepted;
/// 3. a combining mark first once ignored characters are dropped
///    ([`IdnaReason::LeadingMark`]);
/// 4. the mapped label empty ([`IdnaReason::MapsToNothing`]), or with
///    `-` first or last ([`IdnaReason::Hyphen`]);
/// 5. the CONTEXTJ rules, by [`contextj_violation`]
///    ([`IdnaReason::ContextJ`]);
/// 6. what remains of the label's own rules is the bidi rule
///    ([`IdnaReason::Bidi`]), the only other rule UTS 46 applies.
fn diagnose(label: &str) -> IdnaReason {
    // A US-ASCII label is its own ToASCII form (up to case); measured
    // first, this also keeps a huge `xn--` label from Punycode decoding,
    // which is quadratic.
    if label.is_ascii() && label.len() > MAX_LABEL_LEN {
        return IdnaReason::LabelTooLong;
    }
    if is_ace(label) {
        let Some(unicode) = label
            .is_ascii()
            .then(|| idna::punycode::decode_to_string(&label[4..]))
            .flatten()
        else {
            return IdnaReason::InvalidAce;
        };
        if unicode.is_empty() {
            return IdnaReason::InvalidAce;
        }
        if is_ace(&unicode) {
            return IdnaReason::AceNested;
        }
        if unicode.is_ascii() {
            return IdnaReason::AceAscii;
        }
        if let Some(c) = unicode
            .chars()
            .find(|&c| !JOINERS.contains(&c) && !maps_to_itself(c))
        {
            return IdnaReason::Disallowed(c);
        }
        return match diagnose_unicode(&unicode) {
            Some(reason) => reason,
            // Valid as Unicode, so not the form UTS 46 maps to (not NFC).
            None => IdnaReason::AceNotMapped,
        };
    }
    diagnose_unicode(label).unwrap_or(IdnaReason::Bidi)
}

/// Tests 2 to 6 of [`diagnose`]; `None` when `label` passes ToASCII.
fn diagnose_unicode(label: &str) -> Option<IdnaReason> {
    // The label as UTS 46 maps it (case folded, ignored characters
    // dropped, NFC; a character that breaks a rule marked U+FFFD): each
    // character needs at least one octet, so more than 63 is too long,
    // whatever else is wrong (measured first: the tests below cost a
    // lookup per character).
    let (mapped, _) =
        Uts46::new().to_unicode(label.as_bytes(), AsciiDenyList::EMPTY, Hyphens::Allow);
    if mapped.chars().count() > MAX_LABEL_LEN {
        return Some(IdnaReason::LabelTooLong);
    }
    let nfc = icu_normalizer::ComposingNormalizerBorrowed::new_nfc().normalize(label);
    if let Some(c) = nfc
        .chars()
        .find(|&c| !JOINERS.contains(&c) && !char_allowed(c))
    {
        return Some(IdnaReason::Disallowed(c));
    }
    if let Some(first) = nfc.chars().find(|&c| !maps_to_nothing(c)) {
        if is_mark(first) {
            return Some(IdnaReason::LeadingMark(first));
        }
    }
    if mapped.is_empty() {
        return Some(IdnaReason::MapsToNothing);
    }
    if mapped.starts_with('-') || mapped.ends_with('-') {
        return Some(IdnaReason::Hyphen);
    }
    if to_ascii(label, DnsLength::Ignore).is_some() {
        return None;
    }
    // Joiners as written (UTS 46 mapping marks a misplaced one), ignored
    // characters dropped.
    let kept: alloc::vec::Vec<char> = nfc.chars().filter(|&c| !maps_to_nothing(c)).collect();
    if let Some(joiner) = contextj_violation(&kept) {
        return Some(IdnaReason::ContextJ(joiner));
    }
    Some(IdnaReason::Bidi)
}

/// What the `xn--` label `label` decodes to, when it is US-ASCII Punycode
/// that decodes.
pub(crate) fn decoded_ace(label: &str) -> Option<String> {
    if !is_ace(label) || !label.is_ascii() || label.len() > MAX_LABEL_LEN {
        return None;
    }
    idna::punycode::decode_to_string(&label[4..])
}

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

/// Whether `label` has the ACE prefix `xn--` (ASCII case-insensitive).
pub(crate) fn is_ace(label: &str) -> bool {
    label
        .as_bytes()
        .get(..4)
        .is_some_and(|prefix| prefix.eq_ignore_ascii_case(b"xn--"))
}

/// Section 3.2.1's optional ToUnicode: `host` (an `ireg-name` as
/// [`super::to_iri()`] wrote it) with each `xn--` label replaced by its
/// Unicode form where that is valid and appropriate, or `None` when no
/// label changes. `appropriate` is step 4's test for a decoded character.
///
/// A label is replaced only when ToUnicode succeeds, each character of the
/// result passes `appropriate` and is allowed unencoded in `ireg-name`, and
/// ToASCII of the result is the label up to ASCII case (`XN--` labels are
/// decoded). The new host as a whole must
/// then map back by [`host_to_ascii`] to what `host` maps to (up to ASCII
/// case), or nothing is
/// replaced (a rule across labels failed).
pub(super) fn host_to_unicode(host: &str, appropriate: &dyn Fn(char) -> bool) -> Option<String> {
    if !labels(host).any(|(_, label)| is_ace(label)) {
        return None;
    }
    let mut candidate = String::with_capacity(host.len() * 2);
    let mut changed = false;
    let latin_host = super::to_iri::has_latin_label(host);
    for (offset, label) in labels(host) {
        // The separator as written (the first label has none).
        if let Some(separator) = host[..offset].chars().next_back() {
            candidate.push(separator);
        }
        match label_to_unicode(label, latin_host, &appropriate) {
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
    back.eq_ignore_ascii_case(&expected).then_some(candidate)
}

fn label_to_unicode(
    label: &str,
    latin_host: bool,
    appropriate: &impl Fn(char) -> bool,
) -> Option<String> {
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
    // A label that would read as another name is shown as browsers show
    // it: in Punycode (`xn--pypal-4ve`, `pаypal` with a Cyrillic `а`;
    // `xn--80ak6aa92e.com`, `аррӏе.com`).
    if super::to_iri::reads_as_another_name(&unicode, latin_host) {
        return None;
    }
    let fits = unicode.chars().all(|c| {
        Component::Host.allows_unencoded(c)
            && !is_bidi_formatting(c)
            && (c.is_ascii() || appropriate(c))
    });
    // ToASCII lowercases: `XN--99ZT52A` is the Punycode of `納豆` too.
    let round_trip = to_ascii(&unicode, DnsLength::Verify)
        .is_some_and(|ascii| ascii.eq_ignore_ascii_case(label));
    (fits && round_trip).then(|| String::from(unicode))
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;
    use alloc::string::ToString;

    fn ascii(host: &str) -> Result<String, MappingError> {
        let mut out = String::new();
        host_to_ascii(host, &mut out).map(|()| out)
    }

    fn reason(host: &str) -> (usize, IdnaReason) {
        match ascii(host).unwrap_err() {
            MappingError::Idna { offset, reason, .. } => (offset, reason),
            e => panic!("{host}: {e}"),
        }
    }

    #[test]
    fn ascii_hosts_are_kept_as_written_and_checked() {
        for host in ["Example.ORG", "%41b.c", "XN--BCHER-KVA.de", "a.", ""] {
            assert_eq!(ascii(host).unwrap(), host);
        }
        // Every host is a domain name, US-ASCII ones too.
        assert_eq!(reason("my_host"), (0, IdnaReason::Disallowed('_')));
        assert_eq!(reason("a.-a-"), (2, IdnaReason::Hyphen));
        assert_eq!(reason("a..b"), (2, IdnaReason::EmptyLabel));
        assert_eq!(reason("xn--zz.example"), (0, IdnaReason::InvalidAce));
        assert_eq!(reason("a.xn--xn--b-eee"), (2, IdnaReason::AceNested));
        // Punycode of US-ASCII only, and of a label not in NFC.
        assert_eq!(reason("xn--abc-.com"), (0, IdnaReason::AceAscii));
        assert_eq!(reason("xn--e-xbb.com"), (0, IdnaReason::AceNotMapped));
        assert_eq!(reason(&"a".repeat(64)), (0, IdnaReason::LabelTooLong));
        let name = ["a"; 128].join(".");
        assert_eq!(reason(&name), (0, IdnaReason::NameTooLong));
        assert_eq!(ascii(&name[2..]).unwrap(), &name[2..]);
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
        assert_eq!(reason("é.xn--zz.org"), (3, IdnaReason::InvalidAce));
        // xn--a is the Punycode of U+0080, which no label may contain.
        assert_eq!(reason("é.xn--a.org"), (3, IdnaReason::Disallowed('\u{80}')));
        let long = "é".repeat(70);
        assert_eq!(reason(&long), (0, IdnaReason::LabelTooLong));
        // Hebrew then a European digit first: the bidi rule.
        assert_eq!(reason("\u{5D0}1a"), (0, IdnaReason::Bidi));
        let name = ["é"; 60].join(".");
        assert_eq!(reason(&name), (0, IdnaReason::NameTooLong));
        // Each label is fine alone; together they make a bidi name whose
        // first label starts with a digit: that label is named.
        assert_eq!(reason("1a.\u{5D0}"), (0, IdnaReason::Bidi));
        assert_eq!(reason("\u{5D0}.b.1a"), (5, IdnaReason::Bidi));
        // An Arabic-Indic digit after a Latin letter breaks the bidi rule;
        // the digit itself is allowed (`ا١` is fine).
        assert_eq!(reason("a7\u{667}z"), (0, IdnaReason::Bidi));
        assert_eq!(ascii("\u{627}\u{661}.com").unwrap(), "xn--mgb0j.com");
        // Joiners out of context.
        assert_eq!(reason("a\u{200D}b"), (0, IdnaReason::ContextJ('\u{200D}')));
        assert_eq!(reason("a\u{200C}b"), (0, IdnaReason::ContextJ('\u{200C}')));
        // After a virama ZWNJ is fine.
        assert!(ascii("\u{915}\u{94D}\u{200C}\u{937}").is_ok());
    }

    #[test]
    fn ideographic_full_stops_separate_labels() {
        // RFC 3490 section 3.1: U+3002, U+FF0E and U+FF61 are dots, and the
        // result uses '.'.
        assert_eq!(ascii("example.com\u{3002}").unwrap(), "example.com.");
        assert_eq!(ascii("ü\u{3002}").unwrap(), "xn--tda.");
        assert_eq!(ascii("a\u{FF0E}b\u{FF61}c").unwrap(), "a.b.c");
        assert_eq!(reason("a\u{3002}\u{3002}b"), (4, IdnaReason::EmptyLabel));
        assert_eq!(reason("\u{3002}"), (0, IdnaReason::EmptyLabel));
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
        assert!(matches!(&e, MappingError::Idna { label, .. } if label == "a_b"));
        assert_eq!(
            ascii("1a.\u{5D0}").unwrap_err().to_string(),
            "ToASCII rejects the host label '1a' at byte 0: it breaks the bidi rule for domain \
             names (RFC 5893: in a name with right-to-left labels, each label must start with a \
             letter of its direction and keep one direction)"
        );
        // A reason about characters of an `xn--` label names what its
        // Punycode decodes to; one about the Punycode itself does not.
        assert_eq!(
            ascii("é.xn--a-ecp.ru").unwrap_err().to_string(),
            "ToASCII rejects the host label 'xn--a-ecp' at byte 3: '⒈' (U+2488) is not allowed \
             in a domain name label (UTS 46 with the STD3 rules) ('xn--a-ecp' is the Punycode \
             of 'a⒈')"
        );
        assert_eq!(
            ascii("é.xn--abc.org").unwrap_err().to_string(),
            "ToASCII rejects the host label 'xn--abc' at byte 3: U+0082 is not allowed in a \
             domain name label (UTS 46 with the STD3 rules) ('xn--abc' is the Punycode of \
             '<U+0082><U+0081><U+0080>')"
        );
        assert_eq!(
            ascii("é.xn--zz.org").unwrap_err().to_string(),
            "ToASCII rejects the host label 'xn--zz' at byte 3: an 'xn--' label must be the \
             Punycode of a valid label, and this one does not decode (RFC 3492)"
        );
        assert_eq!(
            ascii("xn--e-xbb.com").unwrap_err().to_string(),
            "ToASCII rejects the host label 'xn--e-xbb' at byte 0: an 'xn--' label must be the \
             Punycode of a valid label, and this one decodes to a label not in the form UTS 46 \
             maps to (not NFC, or not lower case), which no ToASCII writes (UTS 46 V1) \
             ('xn--e-xbb' is the Punycode of 'e\u{301}')"
        );
    }

    #[test]
    fn to_unicode_only_when_valid_and_appropriate() {
        let any: &dyn Fn(char) -> bool = &|_| true;
        assert_eq!(
            host_to_unicode("xn--99zt52a.example.org", any).unwrap(),
            "納豆.example.org"
        );
        // Upper-case ACE is decoded too (ToASCII lowercases it).
        assert_eq!(
            host_to_unicode("XN--99ZT52A.Example.org", any).unwrap(),
            "納豆.Example.org"
        );
        assert_eq!(
            host_to_unicode("Xn--Bcher-Kva.de", any).unwrap(),
            "bücher.de"
        );
        assert_eq!(host_to_unicode("xn--zz.example.org", any), None);
        assert_eq!(host_to_unicode("example.org", any), None);
        // Not appropriate by the caller's test.
        assert_eq!(host_to_unicode("xn--99zt52a.org", &|c| c != '納'), None);
        // The name would not map back: another label fails ToASCII.
        assert_eq!(host_to_unicode("xn--99zt52a.a_b", any), None);
        // A decoded label that itself begins with xn-- (UTS 46 forbids it).
        assert_eq!(host_to_unicode("xn--xn--b-eee", any), None);
        // A label that mixes scripts stays in Punycode, as browsers show
        // it: `pаypal` with a Cyrillic `а`; Latin with kana is Japanese.
        assert_eq!(host_to_unicode("xn--pypal-4ve.com", any), None);
        assert_eq!(
            host_to_unicode("xn--pypal-4ve.xn--99zt52a.example", any).unwrap(),
            "xn--pypal-4ve.納豆.example"
        );
        assert_eq!(
            host_to_unicode("xn--store-8q4drd9r.jp", any).unwrap(),
            "ソニーstore.jp"
        );
        // Separators are kept as written.
        assert_eq!(
            host_to_unicode("xn--bcher-kva.de\u{3002}", any).unwrap(),
            "bücher.de\u{3002}"
        );
    }
}
