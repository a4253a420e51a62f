//! Section 3.2: URI to IRI.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::ops::Range;

use crate::chars::{
    is_compatibility_variant, is_highly_restrictive, is_invisible_format, joiner_joins,
};
use icu_properties::props::{GeneralCategory, GeneralCategoryGroup, JoinControl};
use icu_properties::{CodePointMapData, CodePointSetData};

#[cfg(feature = "idna")]
use super::idna::host_to_unicode;
use super::{is_bidi_formatting, Component, LABEL_SEPARATORS};
use crate::components;
use crate::grammar::class;
use crate::parse_error::Kind;
use crate::percent::{self, Piece};
use crate::scheme::{SchemeTable, STANDARD};
use crate::types::parse_str;
use crate::Error;

/// Converts a URI reference to an IRI reference (section 3.2), with the
/// default options: section 6.1 look-alikes kept encoded, no IDNA.
///
/// Any `IRI-reference` is accepted; its literal characters are kept,
/// except bidirectional formatting characters, which are encoded (section
/// 4.1: an IRI must not contain them).
///
/// ```
/// use rfc3987::mapping::to_iri;
///
/// assert_eq!(to_iri("http://www.example.org/D%C3%BCrst").unwrap(), "http://www.example.org/Dürst");
/// // Reserved characters stay encoded; `%7e` is `~`, unreserved.
/// assert_eq!(to_iri("http://a/%7e%2f?%3D").unwrap(), "http://a/~%2F?%3D");
/// // Overlong UTF-8 for `/` is not UTF-8.
/// assert_eq!(to_iri("http://a/%C0%AF").unwrap(), "http://a/%C0%AF");
/// ```
pub fn to_iri(uri: &str) -> Result<String, Error> {
    ToIri::new().convert(uri)
}

/// The section 3.2 conversion, with its options.
#[derive(Clone, Copy)]
#[must_use = "a configuration does nothing until it is used"]
pub struct ToIri<'a> {
    /// ToUnicode when [`ToIri::idna`] is on.
    #[cfg(feature = "idna")]
    idna: Option<HostToUnicode>,
    keep_lookalikes: bool,
    schemes: &'a SchemeTable,
}

/// ToUnicode of a host, keeping the labels whose characters pass the
/// test; held by [`ToIri`] once [`ToIri::idna`] turns it on rather than
/// chosen by a flag at each conversion, so that UTS 46 and its data are
/// linked only into programs that turn IDNA on (as with `ToUri`: `bash
/// benches/build-weight.sh` prints whether they are linked).
#[cfg(feature = "idna")]
type HostToUnicode = fn(&str, &dyn Fn(char) -> bool) -> Option<String>;

impl fmt::Debug for ToIri<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ToIri")
            .field("idna", &self.is_idna())
            .field("keep_lookalikes", &self.keep_lookalikes)
            .field("schemes", &self.schemes)
            .finish()
    }
}

impl Default for ToIri<'static> {
    fn default() -> Self {
        ToIri::new()
    }
}

impl ToIri<'static> {
    /// The conversion with section 6.1 look-alikes kept encoded and no
    /// IDNA.
    pub fn new() -> Self {
        ToIri {
            #[cfg(feature = "idna")]
            idna: None,
            keep_lookalikes: true,
            schemes: &STANDARD,
        }
    }
}

impl<'a> ToIri<'a> {
    /// Whether ToUnicode is on.
    pub(crate) fn is_idna(&self) -> bool {
        #[cfg(feature = "idna")]
        return self.idna.is_some();
        #[cfg(not(feature = "idna"))]
        return false;
    }

    /// Converts `xn--` labels of hosts of schemes whose hosts are domain
    /// names with ToUnicode, where the result is a valid, appropriate label
    /// of one script that does not read as another name (section 3.2.1;
    /// see the [module docs](super#idna)). Off by default.
    ///
    /// ```
    /// use rfc3987::mapping::ToIri;
    ///
    /// let conversion = ToIri::new().idna(true);
    /// assert_eq!(conversion.convert("http://xn--99zt52a.jp/").unwrap(), "http://納豆.jp/");
    /// // Latin and Cyrillic: `pаypal`.
    /// assert_eq!(conversion.convert("http://xn--pypal-4ve.com/").unwrap(), "http://xn--pypal-4ve.com/");
    /// ```
    #[cfg(feature = "idna")]
    #[inline]
    pub fn idna(mut self, on: bool) -> Self {
        self.idna = if on {
            Some(host_to_unicode as HostToUnicode)
        } else {
            None
        };
        self
    }

    /// Keeps encoded the characters that this library reads section 6.1 b
    /// as excluding ("strong visual look-alikes ... should be avoided"):
    /// characters that NFKC changes, white space, invisible format
    /// characters, joiners that join nothing, and marks right after a
    /// delimiter (see the
    /// [module docs](super)), and host labels that would read as another
    /// name (`p%D0%B0ypal.com`, Latin and Cyrillic). On by
    /// default; off, every `ucschar` (and `iprivate` in the query) is
    /// decoded except the bidi formatting characters, which section 4.1
    /// forbids.
    ///
    /// ```
    /// use rfc3987::mapping::ToIri;
    ///
    /// let uri = "http://a/%EF%BC%A1%E3%80%80%EF%BD%B6";
    /// assert_eq!(ToIri::new().convert(uri).unwrap(), uri);
    /// assert_eq!(ToIri::new().keep_lookalikes(false).convert(uri).unwrap(), "http://a/Ａ\u{3000}ｶ");
    /// ```
    pub fn keep_lookalikes(mut self, on: bool) -> Self {
        self.keep_lookalikes = on;
        self
    }

    /// The table that says which schemes have domain names as hosts
    /// (default: [`STANDARD`]).
    pub fn schemes<'b>(self, schemes: &'b SchemeTable) -> ToIri<'b> {
        ToIri {
            #[cfg(feature = "idna")]
            idna: self.idna,
            keep_lookalikes: self.keep_lookalikes,
            schemes,
        }
    }

    /// Converts an `IRI-reference` (usually a URI reference).
    pub fn convert(&self, uri: &str) -> Result<String, Error> {
        let mut out = String::new();
        self.convert_into(uri, &mut out)?;
        Ok(out)
    }

    /// Like [`convert`](Self::convert), appending to `out` (left as it was
    /// on error).
    pub fn convert_into(&self, uri: &str, out: &mut String) -> Result<(), Error> {
        let reference = parse_str(uri, Kind::Reference)?;
        self.convert_valid(uri, reference.positions(), out);
        Ok(())
    }

    /// The conversion of `uri`, a valid `IRI-reference` split as `pos`
    /// (no validation: it cannot fail).
    pub(crate) fn convert_valid(&self, uri: &str, pos: components::Positions, out: &mut String) {
        out.reserve(uri.len());
        let scheme = pos.scheme(uri);
        if let Some(scheme) = scheme {
            out.push_str(scheme);
            out.push(':');
        }
        if let Some(host) = pos.host(uri) {
            out.push_str("//");
            if let Some(userinfo) = pos.userinfo(uri) {
                self.decode(Component::Userinfo, userinfo, out);
                out.push('@');
            }
            let dns = self.is_idna() && scheme.is_some_and(|s| self.schemes.get(s).dns_host());
            self.host(host, dns, out);
            if let Some(port) = pos.port(uri) {
                out.push(':');
                out.push_str(port);
            }
        }
        self.decode(Component::Path, pos.path(uri), out);
        if let Some(query) = pos.query(uri) {
            out.push('?');
            self.decode(Component::Query, query, out);
        }
        if let Some(fragment) = pos.fragment(uri) {
            out.push('#');
            self.decode(Component::Fragment, fragment, out);
        }
    }

    /// Converts one component alone; the text must match the component's
    /// rule. With [`idna`](Self::idna), a [`Component::Host`] (or the host
    /// of a [`Component::Authority`]) is taken for a domain name.
    ///
    /// ```
    /// use rfc3987::mapping::{Component, ToIri};
    ///
    /// let conversion = ToIri::new().idna(true);
    /// assert_eq!(conversion.component(Component::Host, "xn--99zt52a.jp").unwrap(), "納豆.jp");
    /// // iprivate is appropriate in the query only.
    /// assert_eq!(conversion.component(Component::Query, "%EE%80%80").unwrap(), "\u{E000}");
    /// assert_eq!(conversion.component(Component::Fragment, "%EE%80%80").unwrap(), "%EE%80%80");
    /// ```
    pub fn component(&self, component: Component, text: &str) -> Result<String, Error> {
        crate::check(component.rule(), text)?;
        let mut out = String::with_capacity(text.len());
        match component {
            Component::Host => self.host(text, self.is_idna(), &mut out),
            Component::Authority => {
                let (start, end) = components::host_bounds(text.as_bytes(), 0, text.len());
                if start > 0 {
                    self.decode(Component::Userinfo, &text[..start - 1], &mut out);
                    out.push('@');
                }
                self.host(&text[start..end], self.is_idna(), &mut out);
                out.push_str(&text[end..]);
            }
            _ => self.decode(component, text, &mut out),
        }
        Ok(out)
    }

    #[cfg_attr(not(feature = "idna"), allow(unused_variables))]
    fn host(&self, host: &str, dns: bool, out: &mut String) {
        if host.starts_with('[') {
            // An IP literal: US-ASCII, no percent-encoding.
            out.push_str(host);
            return;
        }
        let start = out.len();
        let mut at = 0;
        for label in self.kept_host_labels(host) {
            self.decode(Component::Host, &host[at..label.start], out);
            self.decode_part(Component::Host, &host[label.clone()], false, out);
            at = label.end;
        }
        self.decode(Component::Host, &host[at..], out);
        // Without the `idna` feature `dns` is always false: there is no
        // `idna` option to set.
        #[cfg(feature = "idna")]
        if let Some(to_unicode) = self.idna.filter(|_| dns) {
            if let Some(unicode) = to_unicode(&out[start..], &|c| self.appropriate(c, true)) {
                out.truncate(start);
                out.push_str(&unicode);
            }
        }
    }

    /// The byte ranges of the labels of `host` (a registered name as
    /// written) that [`convert`](Self::convert) keeps encoded: with
    /// [`keep_lookalikes`](Self::keep_lookalikes), each label with `%HH`
    /// that would read as another name once decoded
    /// ([`reads_as_another_name`]: `p%D0%B0ypal.com` keeps its label,
    /// `%D0%BC%D0%B8%D1%80.com` is shown `мир.com`). Their US-ASCII
    /// triplets are still decoded. `lint` reads it too, so that it asks
    /// to show only what this shows.
    pub(crate) fn kept_host_labels(&self, host: &str) -> Vec<Range<usize>> {
        let mut kept = Vec::new();
        if !self.keep_lookalikes || !host.contains('%') {
            return kept;
        }
        let mut decoded = String::new();
        // Read once, where a label decodes to non-ASCII; from the host as
        // written (`%HH` and `xn--` labels read as what they denote), as
        // `lint` and `display` read it.
        let mut latin_host = None;
        for label in written_labels(host) {
            let written = &host[label.clone()];
            if !written.contains('%') {
                continue;
            }
            decoded.clear();
            self.decode(Component::Host, written, &mut decoded);
            if decoded.is_ascii() {
                continue;
            }
            let latin_host = *latin_host.get_or_insert_with(|| has_latin_label(host));
            if reads_as_another_name(&decoded, latin_host) {
                kept.push(label);
            }
        }
        kept
    }

    /// Steps 2 to 5 on the text of one component, appended to `out`.
    pub(crate) fn decode(&self, component: Component, text: &str, out: &mut String) {
        self.decode_part(component, text, true, out);
    }

    /// [`decode`](Self::decode), of US-ASCII triplets only unless
    /// `non_ascii`.
    fn decode_part(&self, component: Component, text: &str, non_ascii: bool, out: &mut String) {
        // Whether the last character written can carry a combining mark: a
        // character written as itself that is not a delimiter.
        let mut after_base = false;
        let mut rest = text;
        while !rest.is_empty() {
            // Plain ASCII runs are copied whole.
            let run = rest
                .bytes()
                .position(|b| b == b'%' || !b.is_ascii())
                .unwrap_or(rest.len());
            if run > 0 {
                out.push_str(&rest[..run]);
                after_base = !class::is_reserved(char::from(rest.as_bytes()[run - 1]));
                rest = &rest[run..];
                continue;
            }
            let Some(piece) = percent::pieces(rest).next() else {
                break;
            };
            let len = match piece {
                Piece::Literal(c) => {
                    if is_bidi_formatting(c) {
                        percent::push_encoded(out, c);
                        after_base = false;
                    } else {
                        out.push(c);
                        after_base = true;
                    }
                    c.len_utf8()
                }
                Piece::Encoded { c, raw } => {
                    let decode = component.allows_unencoded(c)
                        && (c.is_ascii() || (non_ascii && self.appropriate(c, after_base)))
                        && !(self.keep_lookalikes
                            && CodePointSetData::new::<JoinControl>().contains(c)
                            && !joins(c, out, &rest[raw.len()..]));
                    if decode {
                        out.push(c);
                        after_base = true;
                    } else {
                        percent::push_encoded(out, c);
                        after_base = false;
                    }
                    raw.len()
                }
                Piece::Invalid { octet, raw } => {
                    percent::push_octet(out, octet);
                    after_base = false;
                    raw.len()
                }
                // Not in text that matches the grammar; copied as it is.
                Piece::Stray(c) => {
                    out.push(c);
                    after_base = false;
                    c.len_utf8()
                }
            };
            rest = &rest[len..];
        }
    }

    /// Whether this conversion decodes the percent-encoded non-ASCII `c` in
    /// `component` wherever it stands, whatever its neighbours: allowed
    /// there, appropriate right after a delimiter (so not a mark, which
    /// would combine with it), and not a joiner, which is decoded only
    /// where it joins. `lint` warns of `%HH` that stand for such a
    /// character (`pct-should-show`).
    #[cfg(feature = "lint")]
    pub(crate) fn decodes_anywhere(&self, component: Component, c: char) -> bool {
        component.allows_unencoded(c)
            && self.appropriate(c, false)
            && !(self.keep_lookalikes && CodePointSetData::new::<JoinControl>().contains(c))
    }

    /// Step 4 for a decoded non-ASCII character that the component allows:
    /// not a bidi formatting character (section 4.1), and, with
    /// [`keep_lookalikes`](Self::keep_lookalikes), not a section 6.1
    /// look-alike.
    fn appropriate(&self, c: char, after_base: bool) -> bool {
        if is_bidi_formatting(c) {
            return false;
        }
        if !self.keep_lookalikes {
            return true;
        }
        let combines_with_delimiter = !after_base
            && GeneralCategoryGroup::Mark
                .contains(CodePointMapData::<GeneralCategory>::new().get(c));
        !c.is_whitespace()
            && !is_invisible_format(c)
            && !combines_with_delimiter
            && !is_compatibility_variant(c)
    }
}

/// The byte ranges of the labels of `host` as written, split where a
/// separator of [`LABEL_SEPARATORS`] is written or percent-encoded:
/// `a%2Eb` is two labels, as its IRI form `a.b` is, so that what is kept
/// of a host does not change when it is converted again.
fn written_labels(host: &str) -> Vec<Range<usize>> {
    let mut labels = Vec::new();
    let (mut start, mut at) = (0, 0);
    for piece in percent::pieces(host) {
        let (c, len) = match piece {
            Piece::Literal(c) | Piece::Stray(c) => (Some(c), c.len_utf8()),
            Piece::Encoded { c, raw } => (Some(c), raw.len()),
            Piece::Invalid { raw, .. } => (None, raw.len()),
        };
        if c.is_some_and(|c| LABEL_SEPARATORS.contains(&c)) {
            labels.push(start..at);
            start = at + len;
        }
        at += len;
    }
    labels.push(start..host.len());
    labels
}

/// Whether the host label `label` (the characters it denotes), shown as
/// itself, would read as another name (sections 6.1 b, 7.5 and 8), so
/// that section 3.2 keeps it as the URI writes it (`%HH`, or with
/// [`ToIri::idna`] its A-label), as browsers show such labels: a label
/// not of one script by UTS 39's Highly Restrictive level (`pаypal`, a
/// Cyrillic `а` among Latin letters), or, in a host with a Latin label
/// (`latin_host`), a whole-script confusable with Latin (`аррӏе` beside
/// `com` reads `apple`; beside `рф` it is Russian). The whole-script test
/// reads UTS 39's confusable data, which the `display` and `lint`
/// features link; without both such a label is shown.
#[cfg_attr(
    not(any(feature = "lint", feature = "display")),
    allow(unused_variables)
)]
pub(crate) fn reads_as_another_name(label: &str, latin_host: bool) -> bool {
    if !is_highly_restrictive(label) {
        return true;
    }
    #[cfg(any(feature = "lint", feature = "display"))]
    if crate::confusable::confusable(label, latin_host).is_some() {
        return true;
    }
    false
}

/// Whether the registered name `host` has a label with Latin letters (as
/// its `%HH` and `xn--` labels denote them), where a whole-script
/// look-alike of Latin is a spoof; read only with the confusable data
/// ([`reads_as_another_name`]).
#[cfg_attr(
    not(any(feature = "lint", feature = "display")),
    allow(unused_variables)
)]
pub(crate) fn has_latin_label(host: &str) -> bool {
    #[cfg(any(feature = "lint", feature = "display"))]
    return crate::confusable::host_has_latin_label(host);
    #[cfg(not(any(feature = "lint", feature = "display")))]
    false
}

/// Whether the joiner `c`, decoded after `out` and before `rest`, joins
/// where it stands ([`joiner_joins`]), so that decoding it shows what it
/// does; elsewhere (`/\u{200C}`, `a\u{200C}b`) it shows as nothing: a
/// section 6.1 look-alike of the IRI without it. Its neighbours are the
/// characters of its segment written as themselves (a delimiter or a kept
/// triplet ends them).
fn joins(c: char, out: &str, rest: &str) -> bool {
    let after = percent::pieces(rest).map_while(|piece| match piece {
        Piece::Literal(ch) | Piece::Encoded { c: ch, .. } => Some(ch),
        _ => None,
    });
    joins_in_part(c, out, after)
}

/// Whether the joiner `c` joins where it stands in a component
/// ([`joiner_joins`]), after the text `before` and before the characters
/// `after`: its neighbours are the characters of its part of the
/// component, which a delimiter (`/`, `=`, ...) or a `%` (a triplet kept
/// encoded) ends. Section 3.2 decodes a joiner only where it joins, and
/// `lint` warns of one that joins nothing.
pub(crate) fn joins_in_part(
    c: char,
    before: &str,
    after: impl Iterator<Item = char> + Clone,
) -> bool {
    let inside = |ch: &char| !(ch.is_ascii() && (class::is_reserved(*ch) || *ch == '%'));
    joiner_joins(
        c,
        before.chars().rev().take_while(inside),
        after.take_while(inside),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(text: &str) -> String {
        let mut out = String::new();
        ToIri::new().decode(Component::Path, text, &mut out);
        out
    }

    #[test]
    fn host_labels_that_read_as_another_name_stay_encoded() {
        let shown = |uri: &str| ToIri::new().convert(uri).unwrap();
        // `pаypal` with a Cyrillic `а` mixes scripts; its ASCII triplets
        // are decoded, its hex digits written in upper case.
        assert_eq!(shown("http://p%D0%B0ypal.com/"), "http://p%D0%B0ypal.com/");
        assert_eq!(
            shown("http://p%d0%b0y%70al.com/x"),
            "http://p%D0%B0ypal.com/x"
        );
        // Only that label stays; names of one script are shown.
        assert_eq!(
            shown("http://m%C3%BCller.p%D0%B0ypal.com/"),
            "http://müller.p%D0%B0ypal.com/"
        );
        assert_eq!(
            shown("http://%D0%BF%D1%80%D0%B8%D0%BC%D0%B5%D1%80.%D1%80%D1%84/"),
            "http://пример.рф/"
        );
        assert_eq!(shown("http://%E7%B4%8D%E8%B1%86.jp/"), "http://納豆.jp/");
        // A decoded `%2E` separates labels too.
        assert_eq!(
            shown("http://a%2Ep%D0%B0ypal.com/"),
            "http://a%2Ep%D0%B0ypal.com/".replace("%2E", ".")
        );
        // Converting again changes nothing, wherever a separator was
        // encoded (`%2E`, `%E3%80%82`: U+3002).
        for uri in [
            "HTTP://'%8c%e9%a5%9AL%2e%Eb%85%9E%F2%87%83%84/~FU8",
            "http://m%C3%BCller%E3%80%82p%D0%B0ypal.com/",
        ] {
            let once = shown(uri);
            assert_eq!(shown(&once), once, "{uri}");
        }
        // Paths are text, not names: words are shown.
        assert_eq!(shown("http://a/p%D0%B0ypal"), "http://a/pаypal");
        // Look-alikes decoded on request.
        assert_eq!(
            ToIri::new()
                .keep_lookalikes(false)
                .convert("http://p%D0%B0ypal.com/")
                .unwrap(),
            "http://pаypal.com/"
        );
        // A whole-script look-alike of a Latin name beside a Latin label
        // (UTS 39's confusable data).
        #[cfg(any(feature = "lint", feature = "display"))]
        {
            let apple = "%D0%B0%D1%80%D1%80%D3%8F%D0%B5";
            assert_eq!(
                shown(&alloc::format!("http://{apple}.com/")),
                alloc::format!("http://{apple}.com/")
            );
            assert_eq!(
                shown(&alloc::format!("http://{apple}.%D1%80%D1%84/")),
                "http://аррӏе.рф/"
            );
        }
        #[cfg(feature = "idna")]
        {
            let idna = |uri: &str| ToIri::new().idna(true).convert(uri).unwrap();
            assert_eq!(
                idna("http://xn--pypal-4ve.com/"),
                "http://xn--pypal-4ve.com/"
            );
            assert_eq!(idna("http://xn--e1afmkfd.xn--p1ai/"), "http://пример.рф/");
            #[cfg(any(feature = "lint", feature = "display"))]
            {
                assert_eq!(
                    idna("http://xn--80ak6aa92e.com/"),
                    "http://xn--80ak6aa92e.com/"
                );
                assert_eq!(idna("http://xn--80ak6aa92e.xn--p1ai/"), "http://аррӏе.рф/");
            }
        }
    }

    #[test]
    fn lookalikes_per_section_6_1() {
        for c in ['é', '納', '\u{301}'] {
            assert!(!is_compatibility_variant(c), "{c}");
        }
        assert!(is_compatibility_variant('\u{FF21}')); // FULLWIDTH LATIN CAPITAL LETTER A
        assert!(is_compatibility_variant('\u{FF76}')); // HALFWIDTH KATAKANA LETTER KA
        assert!(is_compatibility_variant('\u{A0}')); // NO-BREAK SPACE
        assert!(is_compatibility_variant('\u{212B}')); // ANGSTROM SIGN
                                                       // Thai SARA AM and the Armenian ech-yiwn are how those languages
                                                       // are written: decoded, as in Thai Wikipedia's `น้ำ` (water).
        assert_eq!(path("%E0%B8%99%E0%B9%89%E0%B8%B3"), "น้ำ");
        assert_eq!(path("%D4%B5%D6%80%D6%87%D5%A1%D5%B6"), "Երևան");
        assert_eq!(path("%E3%85%8B%E3%85%8B"), "ㅋㅋ");
        assert_eq!(path("%E3%85%A4"), "%E3%85%A4"); // HANGUL FILLER
        assert_eq!(path("%EF%BE%A1"), "%EF%BE%A1"); // HALFWIDTH HANGUL LETTER KIYEOK
        assert_eq!(path("%EF%AC%81"), "%EF%AC%81"); // U+FB01 LATIN SMALL LIGATURE FI
        assert_eq!(path("%E1%9A%80"), "%E1%9A%80"); // U+1680 OGHAM SPACE MARK
    }

    /// A character that shows as nothing stays encoded, so that the IRI
    /// does not look like the one without it; the joiners where they shape
    /// Persian and Indic words or join an emoji sequence, and the
    /// Mongolian vowel separator, are decoded.
    #[test]
    fn invisible_characters_stay_encoded() {
        for triplets in ["%E2%80%8B", "%EF%BB%BF", "%E2%81%A0", "%C2%AD", "%E2%81%A1"] {
            assert_eq!(
                path(&alloc::format!("a{triplets}b")),
                alloc::format!("a{triplets}b")
            );
        }
        assert_eq!(
            path("%D9%86%DB%8C%D9%85%E2%80%8C%D9%81%D8%A7%D8%B5%D9%84%D9%87"),
            "نیم\u{200C}فاصله"
        );
        assert_eq!(path("%E0%A4%95%E0%A5%8D%E2%80%8D%E0%A4%B7"), "क्\u{200D}ष");
        assert_eq!(
            path("%E0%B7%81%E0%B7%8A%E2%80%8D%E0%B6%BB%E0%B7%93"),
            "ශ්\u{200D}රී"
        );
        // Arabic harakat between the joining letters are transparent.
        assert_eq!(path("%D9%85%D9%8E%E2%80%8C%D9%81"), "مَ\u{200C}ف");
        assert_eq!(
            path("%F0%9F%91%A8%E2%80%8D%F0%9F%91%A9%E2%80%8D%F0%9F%91%A7"),
            "👨\u{200D}👩\u{200D}👧"
        );
        assert_eq!(
            path("%F0%9F%91%8D%F0%9F%8F%BD%E2%80%8D%F0%9F%94%A5"),
            "👍🏽\u{200D}🔥"
        );
        assert_eq!(
            path("%E2%9D%A4%EF%B8%8F%E2%80%8D%F0%9F%94%A5"),
            "❤️\u{200D}🔥"
        );
        // Where a joiner joins nothing it shows as nothing: after or
        // before a delimiter, between letters that do not join, after a
        // letter that joins on the left but before one that does not.
        for (uri, iri) in [
            ("%E2%80%8C", "%E2%80%8C"),
            ("a/%E2%80%8C", "a/%E2%80%8C"),
            ("%E2%80%8D/a", "%E2%80%8D/a"),
            ("a%E2%80%8Cb", "a%E2%80%8Cb"),
            ("a%E2%80%8Db", "a%E2%80%8Db"),
            ("%D9%85%E2%80%8C/", "م%E2%80%8C/"),
            // ALEF joins on the right only.
            ("%D8%A7%E2%80%8C%D8%A8", "ا%E2%80%8Cب"),
            ("%E0%A4%95%E2%80%8D%E0%A4%B7", "क%E2%80%8Dष"),
            ("%F0%9F%98%82%E2%80%8Da", "😂%E2%80%8Da"),
            ("a%E2%80%8D%F0%9F%98%82", "a%E2%80%8D😂"),
            ("%F0%9F%98%82%E2%80%8D%2F", "😂%E2%80%8D%2F"),
        ] {
            assert_eq!(path(uri), iri, "{uri}");
        }
        // The Mongolian vowel separator shapes the vowel after it.
        assert_eq!(
            path("%E1%A0%AC%E1%A0%A0%E1%A0%B7%E1%A0%8E%E1%A0%A0"),
            "\u{182C}\u{1820}\u{1837}\u{180E}\u{1820}"
        );
        let decoded = ToIri::new()
            .keep_lookalikes(false)
            .convert("x:a%E2%80%8Bb")
            .unwrap();
        assert_eq!(decoded, "x:a\u{200B}b");
    }

    #[test]
    fn combining_marks_need_a_base() {
        assert_eq!(path("e%CC%81"), "e\u{301}");
        assert_eq!(path("%C3%A9%CC%81"), "é\u{301}");
        assert_eq!(path("%CC%81"), "%CC%81");
        assert_eq!(path("a/%CC%81"), "a/%CC%81");
        assert_eq!(path("%2F%CC%81"), "%2F%CC%81");
        // Marks of class 0 too: a variation selector, a spacing vowel sign.
        assert_eq!(path("%EF%B8%8F"), "%EF%B8%8F");
        assert_eq!(path("a/%EF%B8%8F"), "a/%EF%B8%8F");
        assert_eq!(path("a/%E0%A4%BE"), "a/%E0%A4%BE");
        assert_eq!(path("%E2%9D%A4%EF%B8%8F"), "❤\u{FE0F}");
        assert_eq!(path("%E0%A4%95%E0%A4%BE"), "का");
        assert_eq!(path("%FC%CC%81"), "%FC%CC%81");
    }

    #[test]
    fn literal_bidi_formatting_characters_are_encoded() {
        assert_eq!(path("a\u{202E}b"), "a%E2%80%AEb");
        assert_eq!(path("é"), "é");
    }

    #[test]
    fn every_kept_triplet_is_uppercase() {
        assert_eq!(path("%2f%c0%af%e2%80%ae%7E"), "%2F%C0%AF%E2%80%AE~");
    }
}
