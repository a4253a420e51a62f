//! Section 3.1: IRI to URI.

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt;
#[cfg(feature = "idna")]
use core::ops::Range;

#[cfg(feature = "idna")]
use super::idna::host_to_ascii;
use super::{Component, MappingError, URI_EXCLUDED_ASCII};
#[cfg(feature = "idna")]
use crate::components;
use crate::components::Positions;
use crate::error::CheckError;
use crate::grammar::{class, rules, Rule};
use crate::percent;
use crate::scheme::{SchemeTable, STANDARD};
use crate::Error;

/// Maps an IRI reference to a URI reference (section 3.1, steps 1c and 2),
/// with the default options: no IDNA, no lenient handling.
///
/// ```
/// use rfc3987::mapping::to_uri;
///
/// assert_eq!(to_uri("http://résumé.example.org").unwrap(), "http://r%C3%A9sum%C3%A9.example.org");
/// // The identity on URIs, including their percent-encodings.
/// assert_eq!(to_uri("http://example.org/%7e%2F").unwrap(), "http://example.org/%7e%2F");
/// assert!(to_uri("http://example.org/<tag>").is_err());
/// ```
pub fn to_uri(iri: &str) -> Result<String, Error> {
    ToUri::new().convert(iri)
}

/// The section 3.1 mapping, with its options.
///
/// ```
/// use rfc3987::mapping::ToUri;
///
/// let mapping = ToUri::new().idna(true).lenient(true);
/// assert_eq!(
///     mapping.convert("https://bücher.example/a b?q=ä").unwrap(),
///     "https://xn--bcher-kva.example/a%20b?q=%C3%A4"
/// );
/// ```
#[derive(Clone, Copy)]
#[must_use = "a configuration does nothing until it is used"]
pub struct ToUri<'a> {
    /// ToASCII when [`ToUri::idna`] is on.
    #[cfg(feature = "idna")]
    idna: Option<HostToAscii>,
    lenient: bool,
    // Read by IDNA only (which hosts are domain names).
    #[cfg_attr(not(feature = "idna"), allow(dead_code))]
    schemes: &'a SchemeTable,
}

/// ToASCII of a host, held by [`ToUri`] once [`ToUri::idna`] turns it on
/// rather than chosen by a flag at each conversion, so that UTS 46 and its
/// data are linked only into programs that turn IDNA on: chosen at each
/// call (here and in the normalizer's scheme rung), UTS 46, its data and
/// this crate's IDNA code added 348 KB to the stripped default-features
/// program of `bash benches/build-weight.sh`, which maps without IDNA.
#[cfg(feature = "idna")]
type HostToAscii = fn(&str, &mut String) -> Result<(), MappingError>;

impl fmt::Debug for ToUri<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut d = f.debug_struct("ToUri");
        #[cfg(feature = "idna")]
        d.field("idna", &self.idna.is_some());
        d.field("lenient", &self.lenient)
            .field("schemes", &self.schemes)
            .finish()
    }
}

impl Default for ToUri<'static> {
    fn default() -> Self {
        ToUri::new()
    }
}

impl ToUri<'static> {
    /// The plain mapping: steps 1c and 2 only.
    pub fn new() -> Self {
        ToUri {
            #[cfg(feature = "idna")]
            idna: None,
            lenient: false,
            schemes: &STANDARD,
        }
    }
}

impl<'a> ToUri<'a> {
    /// Converts the `ireg-name` of schemes whose hosts are domain names
    /// with ToASCII, label by label, before step 2 (see the [module
    /// docs](super#idna)). Off by default.
    #[cfg(feature = "idna")]
    #[inline]
    pub fn idna(mut self, on: bool) -> Self {
        self.idna = if on {
            Some(host_to_ascii as HostToAscii)
        } else {
            None
        };
        self
    }

    /// Percent-encodes the printable US-ASCII characters that URIs do not
    /// allow ([`URI_EXCLUDED_ASCII`]) instead of failing on them. Off by
    /// default.
    pub fn lenient(mut self, on: bool) -> Self {
        self.lenient = on;
        self
    }

    /// The table that says which schemes have domain names as hosts
    /// (default: [`STANDARD`]).
    pub fn schemes<'b>(self, schemes: &'b SchemeTable) -> ToUri<'b> {
        ToUri {
            #[cfg(feature = "idna")]
            idna: self.idna,
            lenient: self.lenient,
            schemes,
        }
    }

    /// Maps an `IRI-reference` to a `URI-reference`.
    pub fn convert(&self, iri: &str) -> Result<String, Error> {
        let mut out = String::new();
        self.convert_into(iri, &mut out)?;
        Ok(out)
    }

    /// Like [`convert`](Self::convert), appending to `out` (left as it was
    /// on error).
    pub fn convert_into(&self, iri: &str, out: &mut String) -> Result<(), Error> {
        self.map(iri, None, out)
    }

    /// Maps one component alone: the text must match the component's rule
    /// (`ifragment` for [`Component::Fragment`], ...). With
    /// [`idna`](Self::idna), a [`Component::Host`] that is a registered
    /// name is converted with ToASCII, and so is the host of a
    /// [`Component::Authority`].
    ///
    /// ```
    /// use rfc3987::mapping::{Component, ToUri};
    ///
    /// let mapping = ToUri::new().idna(true);
    /// assert_eq!(mapping.component(Component::Host, "納豆.example.org").unwrap(), "xn--99zt52a.example.org");
    /// assert_eq!(mapping.component(Component::Query, "q=\u{E000}").unwrap(), "q=%EE%80%80");
    /// assert!(mapping.component(Component::Path, "a?b").is_err());
    /// ```
    pub fn component(&self, component: Component, text: &str) -> Result<String, Error> {
        let mut out = String::new();
        self.map(text, Some(component), &mut out)?;
        Ok(out)
    }

    fn map(
        &self,
        input: &str,
        component: Option<Component>,
        out: &mut String,
    ) -> Result<(), Error> {
        let rule = component.map_or(&rules::IRI_REFERENCE, Component::rule);
        let text: Cow<'_, str> = if self.lenient && input.bytes().any(is_excluded) {
            Cow::Owned(encode_excluded(input))
        } else {
            Cow::Borrowed(input)
        };
        // Errors are found in `text` and reported at offsets in `input`.
        if let Err(reject) = rule.reject_str(&text) {
            return Err(self.syntax_error(rule, input, &text, reject));
        }
        // The mapping reads no component but ToASCII's host, which
        // `dns_host` finds (from the parsed value's positions where a
        // typed method has them).
        self.map_valid(&text, component, None, out)
            .map_err(|#[allow(unused_mut)] mut e| {
                #[cfg(feature = "idna")]
                if let MappingError::Idna { offset, .. } = &mut e {
                    *offset = original_offset(input, &text, *offset);
                }
                Error::Mapping(e)
            })
    }

    /// The error for `input`, whose `text` (`input` after lenient
    /// encoding) `rule` rejected: the section 3.1 error for an excluded
    /// ASCII character that lenient handling would have encoded, else the
    /// grammar's diagnosis, at its offset in the input. The diagnosis is
    /// made only when it is the error (a space or a quote, the common
    /// failure of a crawl, needs none).
    #[cold]
    fn syntax_error(
        &self,
        rule: &'static Rule,
        input: &str,
        text: &str,
        reject: crate::scan::Reject,
    ) -> Error {
        let offset = original_offset(input, text, reject.offset);
        // An excluded character is US-ASCII, so the rejected byte is the
        // whole character, and the walk's offset the diagnosis's.
        match input.as_bytes().get(offset) {
            Some(&byte) if !self.lenient && is_excluded(byte) => {
                Error::Mapping(MappingError::NotAllowed {
                    offset,
                    c: char::from(byte),
                })
            }
            _ if input.len() == text.len() => {
                Error::Syntax(CheckError::rejected(rule, input, reject))
            }
            _ => Error::Syntax(CheckError::new(rule, input.as_bytes(), offset)),
        }
    }

    /// Maps `text`, valid under `component`'s rule (or `IRI-reference`,
    /// with its components at `pos` when known), without validating it
    /// again; errors (IDNA only) are at offsets in `text`.
    pub(crate) fn map_valid(
        &self,
        text: &str,
        component: Option<Component>,
        pos: Option<&Positions>,
        out: &mut String,
    ) -> Result<(), MappingError> {
        #[cfg(feature = "idna")]
        if let Some((to_ascii, host)) = self
            .idna
            .and_then(|to_ascii| Some((to_ascii, self.dns_host(text, component, pos)?)))
        {
            let start = out.len();
            encode_ucs(&text[..host.start], out);
            if let Err(e) = to_ascii(&text[host.clone()], out) {
                out.truncate(start);
                return Err(e.shifted(host.start));
            }
            encode_ucs(&text[host.end..], out);
            return Ok(());
        }
        #[cfg(not(feature = "idna"))]
        let _ = (component, pos);
        encode_ucs(text, out);
        Ok(())
    }

    /// Where the `ireg-name` that ToASCII applies to is in `text`, if
    /// anywhere: the host of a reference whose scheme has domain names as
    /// hosts, or a host given alone. IP literals and IPv4 addresses are not
    /// names.
    #[cfg(feature = "idna")]
    fn dns_host(
        &self,
        text: &str,
        component: Option<Component>,
        pos: Option<&Positions>,
    ) -> Option<Range<usize>> {
        let host = match component {
            Some(Component::Host) => 0..text.len(),
            Some(Component::Authority) => {
                let (start, end) = components::host_bounds(text.as_bytes(), 0, text.len());
                start..end
            }
            Some(_) => return None,
            None => {
                let pos = pos.copied().unwrap_or_else(|| components::split(text));
                if !self.schemes.get(pos.scheme(text)?).dns_host() || !pos.has_authority() {
                    return None;
                }
                pos.host_start..pos.host_end
            }
        };
        let name = &text[host.clone()];
        let is_name = !name.starts_with('[') && !components::is_ipv4(name);
        is_name.then_some(host)
    }
}

/// Step 2: each character of `ucschar` or `iprivate` becomes its UTF-8
/// octets as `%HH` (uppercase hex); everything else is copied.
///
/// **Invariant: `text` matches an IRI rule**, where every non-ASCII
/// character is in `ucschar` or `iprivate` (section 2.2; debug builds check
/// it against the grammar). So step 2 is: encode every octet of every
/// non-ASCII character, which is every octet from 0x80 up. ASCII runs are
/// copied whole and the output is reserved once, to its exact length.
pub(super) fn encode_ucs(text: &str, out: &mut String) {
    debug_assert!(text
        .chars()
        .all(|c| c.is_ascii() || class::is_ucschar(c) || class::is_iprivate(c)));
    let bytes = text.as_bytes();
    let non_ascii = count_non_ascii(bytes);
    if non_ascii == 0 {
        out.push_str(text);
        return;
    }
    out.reserve(text.len() + 2 * non_ascii);
    let mut i = 0;
    while i < bytes.len() {
        let run = bytes[i..]
            .iter()
            .position(|b| !b.is_ascii())
            .unwrap_or(bytes.len() - i);
        // Both ends are character boundaries: ASCII bytes start and end
        // characters, and a run stops at the first byte of a non-ASCII one.
        out.push_str(&text[i..i + run]);
        i += run;
        while i < bytes.len() && !bytes[i].is_ascii() {
            let at = 3 * usize::from(bytes[i] - 0x80);
            out.push_str(&HIGH_TRIPLETS[at..at + 3]);
            i += 1;
        }
    }
}

/// How many bytes of `bytes` are 0x80 or more: eight at a time, by their
/// high bits.
fn count_non_ascii(bytes: &[u8]) -> usize {
    let mut chunks = bytes.chunks_exact(8);
    let mut count = 0;
    for chunk in &mut chunks {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        count += (u64::from_le_bytes(word) & 0x8080_8080_8080_8080).count_ones() as usize;
    }
    count + chunks.remainder().iter().filter(|b| !b.is_ascii()).count()
}

/// `%80%81...%FF`: the triplet of each octet from 0x80 up, uppercase hex
/// (section 3.1 step 2.2), so that step 2 copies three bytes per octet.
const HIGH_TRIPLETS: &str = {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    const BYTES: [u8; 384] = {
        let mut table = [0u8; 384];
        let mut octet = 0;
        while octet < 128 {
            table[3 * octet] = b'%';
            table[3 * octet + 1] = HEX[(0x80 + octet) >> 4];
            table[3 * octet + 2] = HEX[(0x80 + octet) & 0xF];
            octet += 1;
        }
        table
    };
    match core::str::from_utf8(&BYTES) {
        Ok(table) => table,
        Err(_) => panic!("the triplets are ASCII"),
    }
};

/// [`URI_EXCLUDED_ASCII`] as a bit set over US-ASCII, for the byte scan.
const EXCLUDED: u128 = {
    let mut set = 0u128;
    let mut i = 0;
    while i < URI_EXCLUDED_ASCII.len() {
        set |= 1 << URI_EXCLUDED_ASCII[i] as u32;
        i += 1;
    }
    set
};

/// Whether `byte` is one of [`URI_EXCLUDED_ASCII`].
fn is_excluded(byte: u8) -> bool {
    byte < 128 && EXCLUDED >> byte & 1 == 1
}

/// Lenient handling: `input` with each character of [`URI_EXCLUDED_ASCII`]
/// percent-encoded.
fn encode_excluded(input: &str) -> String {
    let mut out = String::with_capacity(input.len() + 8);
    for c in input.chars() {
        match u8::try_from(c) {
            Ok(byte) if is_excluded(byte) => percent::push_octet(&mut out, byte),
            _ => out.push(c),
        }
    }
    out
}

/// The offset in `input` of what is at `offset` in `text`, which is
/// `input` itself or [`encode_excluded`]`(input)` (an offset inside an
/// added triplet maps to the character it encodes).
fn original_offset(input: &str, text: &str, offset: usize) -> usize {
    if input.len() == text.len() {
        return offset;
    }
    let mut in_text = 0;
    for (i, c) in input.char_indices() {
        let len = if u8::try_from(c).is_ok_and(is_excluded) {
            3
        } else {
            c.len_utf8()
        };
        if in_text + len > offset {
            return i;
        }
        in_text += len;
    }
    input.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn step_two_copies_ascii_and_encodes_the_rest() {
        let mut out = String::new();
        encode_ucs("a/é?\u{E000}#\u{10300}", &mut out);
        assert_eq!(out, "a/%C3%A9?%EE%80%80#%F0%90%8C%80");
    }

    #[test]
    fn non_ascii_bytes_are_counted() {
        for text in ["", "abc", "é", "aé€😀bcdefghijé", &"xé".repeat(37)] {
            let expected = text.bytes().filter(|b| !b.is_ascii()).count();
            assert_eq!(count_non_ascii(text.as_bytes()), expected, "{text}");
        }
    }

    /// The syntax error of a mapping is the one the grammar's diagnosis
    /// gives at its offset in the input, also after lenient encoding
    /// (where the text checked is not the input).
    #[test]
    fn syntax_errors_are_the_diagnosis_at_their_offset() {
        let inputs = [
            "ht tp://a/",
            "http://a/%zz",
            "http://é/%4",
            "http://[::1/",
            "été:x",
            "http://a/\u{E000}",
            "http://ü:port/",
            ":",
            "http://a/ b%zz",
            "http://é/ a|b%4",
            "a://x#y#z",
        ];
        for lenient in [false, true] {
            let mapping = ToUri::new().lenient(lenient);
            for input in inputs {
                let Err(Error::Syntax(e)) = mapping.convert(input) else {
                    continue;
                };
                let made = CheckError::new(&rules::IRI_REFERENCE, input.as_bytes(), e.offset());
                assert_eq!(e, made, "{input:?} lenient {lenient}");
            }
        }
        // Each input above fails with a syntax error one way or the other.
        for input in inputs {
            assert!(
                [false, true].iter().any(|&l| matches!(
                    ToUri::new().lenient(l).convert(input),
                    Err(Error::Syntax(_))
                )),
                "{input:?}"
            );
        }
    }

    #[test]
    fn high_triplets_match_push_octet() {
        let mut expected = String::new();
        for octet in 0x80..=0xFF {
            percent::push_octet(&mut expected, octet);
        }
        assert_eq!(HIGH_TRIPLETS, expected);
    }

    #[test]
    fn excluded_set_is_the_list() {
        for byte in 0..=255u8 {
            assert_eq!(
                is_excluded(byte),
                URI_EXCLUDED_ASCII.contains(&char::from(byte)),
                "{byte}"
            );
        }
    }

    #[test]
    fn offsets_map_back_through_lenient_encoding() {
        let input = "a b<é";
        let text = encode_excluded(input);
        assert_eq!(text, "a%20b%3Cé");
        for (in_text, expected) in [
            (0, 0),
            (1, 1),
            (2, 1),
            (3, 1),
            (4, 2),
            (5, 3),
            (8, 4),
            (10, 6),
        ] {
            assert_eq!(
                original_offset(input, &text, in_text),
                expected,
                "{in_text}"
            );
        }
    }

    #[test]
    fn lenient_errors_point_into_the_input() {
        // The space becomes `%20`, which no scheme allows: the text is a
        // relative reference whose first segment may not hold the `:`.
        let error = ToUri::new().lenient(true).convert("ht tp://a").unwrap_err();
        assert_eq!(error.offset(), 5);
        assert!(matches!(error, Error::Syntax(_)));
        let error = ToUri::new().lenient(true).convert("a b#c#d").unwrap_err();
        assert_eq!(error.offset(), 5);
    }
}
