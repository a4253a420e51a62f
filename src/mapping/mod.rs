//! Mapping between IRIs and URIs (RFC 3987 section 3): [`to_uri()`] and
//! [`to_iri()`], with optional IDNA host conversion.
//!
//! # The idea
//!
//! Most protocols still carry URIs: ASCII only. Section 3 is what lets an
//! IRI be used on them anyway. **IRI to URI** (section 3.1, [`to_uri()`]) is
//! one rule: every character of `ucschar` or `iprivate` becomes its UTF-8
//! octets written as `%HH`; nothing else changes, not even `%HH` triplets
//! that were there already. **URI to IRI** (section 3.2, [`to_iri()`]) goes
//! back as far as it safely can: it decodes the `%HH` runs that are the
//! UTF-8 of a character an IRI may carry there, and keeps everything else
//! encoded (with uppercase hex).
//!
//! ```
//! use rfc3987::mapping::{to_iri, to_uri};
//!
//! // Section 3.1: characters outside US-ASCII become UTF-8 triplets.
//! assert_eq!(
//!     to_uri("http://example.com/\u{10300}\u{10301}\u{10302}").unwrap(),
//!     "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82"
//! );
//! // Existing percent-encodings are not encoded again (not `%2509`).
//! assert_eq!(
//!     to_uri("http://www.example.org/red%09rosé#red").unwrap(),
//!     "http://www.example.org/red%09ros%C3%A9#red"
//! );
//! // Section 3.2.1: strictly legal UTF-8 is decoded...
//! assert_eq!(to_iri("http://www.example.org/D%C3%BCrst").unwrap(), "http://www.example.org/Dürst");
//! // ...an octet that is not UTF-8 stays encoded...
//! assert_eq!(to_iri("http://www.example.org/D%FCrst").unwrap(), "http://www.example.org/D%FCrst");
//! // ...and so does a character that is not appropriate (U+202E RIGHT-TO-LEFT
//! // OVERRIDE, forbidden by section 4.1), with its hex made uppercase.
//! assert_eq!(
//!     to_iri("http://xn--99zt52a.example.org/%e2%80%ae").unwrap(),
//!     "http://xn--99zt52a.example.org/%E2%80%AE"
//! );
//! ```
//!
//! Both work on IRI references and, through [`Component`], on one
//! component alone (section 3.1: "Everything in this section also applies
//! to ... components thereof (for example, fragment identifiers)"):
//!
//! ```
//! use rfc3987::mapping::{Component, ToIri, ToUri};
//!
//! assert_eq!(ToUri::new().component(Component::Fragment, "résumé").unwrap(), "r%C3%A9sum%C3%A9");
//! assert_eq!(ToIri::new().component(Component::Fragment, "r%C3%A9sum%C3%A9").unwrap(), "résumé");
//! ```
//!
//! # IRI to URI (section 3.1)
//!
//! **Step 1** makes a sequence of Unicode characters from whatever holds
//! the IRI. Text that is already Unicode (a `&str`) is used as it is
//! (variant c: no normalization), which is what [`to_uri()`] takes. The other
//! two variants are separate, explicit calls, because they change
//! characters: [`from_text`] applies NFC to an IRI that was typed, read
//! aloud or copied from paper (variant a), and `from_legacy` decodes
//! octets in a non-Unicode encoding and applies NFC (variant b; the
//! `legacy` feature, which brings `encoding_rs`). The RFC's
//! own example: Vietnamese typed in windows-1258 comes out as `ê` followed
//! by a combining dot below; NFC makes it the one character `ệ`.
//!
//! ```
//! use rfc3987::mapping::{encoding_rs::WINDOWS_1258, from_legacy, to_uri};
//!
//! let iri = from_legacy(b"http://example.org/Vi\xEA\xF2t%20Nam", WINDOWS_1258).unwrap();
//! assert_eq!(iri, "http://example.org/Vi\u{1EC7}t%20Nam");
//! assert_eq!(to_uri(&iri).unwrap(), "http://example.org/Vi%E1%BB%87t%20Nam");
//! ```
//!
//! **Step 2** is the percent-encoding. The input is first checked against
//! the grammar (`IRI-reference`, or the component's rule), so that the
//! output is always a `URI-reference` (the test suite checks this on
//! generated IRIs): the mapping is the identity on URIs and idempotent.
//!
//! **Options** ([`ToUri`]):
//!
//! - [`ToUri::idna`]: for schemes whose hosts are domain names (the
//!   [`SchemeTable`](crate::scheme::SchemeTable)'s `dns_host`, by default
//!   `http`, `https`, `ws`, `wss`, `ftp`, `file`), the `ireg-name` is
//!   converted label by label with ToASCII before step 2, as section 3.1
//!   allows: `http://résumé.example.org` becomes
//!   `http://xn--rsum-bpad.example.org` instead of
//!   `http://r%C3%A9sum%C3%A9.example.org`. A label that fails is an
//!   [`MappingError::Idna`] naming the label and the reason. See [the IDNA
//!   section](#idna) for how ToASCII is read.
//! - [`ToUri::lenient`]: section 3.1 lets systems that accept IRIs
//!   percent-encode the printable US-ASCII characters that URIs do not
//!   allow ([`URI_EXCLUDED_ASCII`]: space, `<`, `>`, `"`, `{`, `}`, `|`, `\`,
//!   `^`, `` ` ``), and says the conversion SHOULD fail when they are not
//!   converted. Off by default, so such a character is a
//!   [`MappingError::NotAllowed`] at its byte offset. `#`, `%`, `[` and `]`
//!   are never converted (the section says they MUST NOT be): a second `#`
//!   stays an error.
//!
//! ```
//! use rfc3987::mapping::{to_uri, ToUri};
//!
//! assert_eq!(
//!     ToUri::new().idna(true).convert("http://résumé.example.org").unwrap(),
//!     "http://xn--rsum-bpad.example.org"
//! );
//! assert_eq!(to_uri("http://résumé.example.org").unwrap(), "http://r%C3%A9sum%C3%A9.example.org");
//! // Section 3.1's note: an IDN inside the query is the server's business.
//! assert_eq!(
//!     to_uri("http://validator.w3.org/check?uri=http%3A%2F%2Frésumé.example.org").unwrap(),
//!     "http://validator.w3.org/check?uri=http%3A%2F%2Fr%C3%A9sum%C3%A9.example.org"
//! );
//! let error = to_uri("http://example.org/a b").unwrap_err();
//! assert_eq!(error.offset(), 20);
//! assert_eq!(ToUri::new().lenient(true).convert("http://example.org/a b").unwrap(), "http://example.org/a%20b");
//! assert!(ToUri::new().lenient(true).convert("http://example.org/#a#b").is_err());
//! ```
//!
//! # URI to IRI (section 3.2)
//!
//! (The `normalization` feature, a default one: what is appropriate to
//! decode depends on Unicode normalization data.)
//!
//! [`to_iri()`] follows the five steps of section 3.2, one component at a
//! time (the component decides what is appropriate):
//!
//! 1. The input is checked against `IRI-reference` (a URI is one; literal
//!    non-ASCII characters are accepted and kept).
//! 2. A `%HH` run is decoded only where it is the UTF-8 of a character
//!    that is not `%`, not `reserved` and not a US-ASCII character that
//!    URIs exclude: `%2F` stays `%2F`, `%41` becomes `A`.
//! 3. Octets that are not part of strictly legal UTF-8 stay encoded: overlong
//!    forms (`%C0%AF`), surrogates (`%ED%A0%80`), truncated sequences, bytes
//!    that never occur in UTF-8 (`%FC`). The decoding is [`crate::percent`]'s.
//! 4. A decoded character stays encoded unless it is appropriate where it
//!    is: it must be allowed unencoded in its component by the grammar
//!    (section 2.2: `ucschar` anywhere, `iprivate` only in the query), it
//!    must not be a bidirectional formatting character ([`BIDI_FORMATTING`],
//!    section 4.1), and, by this library's reading of section 6.1 (which
//!    leaves the choice to implementations; see [`ToIri::keep_lookalikes`]):
//!    - it must not be a Unicode compatibility or canonical variant of other
//!      characters, that is NFKC must leave it unchanged: this keeps encoded
//!      the look-alikes that section 6.1 names, full-width Latin (`Ａ`),
//!      half-width Katakana (`ｶ`), the spaces that look like a space
//!      (U+00A0, U+3000, U+2000 to U+200A), and more of the same kind
//!      (mathematical letters, ligatures, superscripts, presentation forms);
//!      but not the letters NFKC decomposes that are their language's
//!      ordinary spelling (Thai SARA AM `ำ` of `น้ำ`, Lao AM, HO NO and HO
//!      MO, the Armenian `և` of `Երևան`, the Korean letters typed alone,
//!      `ㅋㅋㅋ`), which are decoded;
//!    - it must not be white space (`char::is_whitespace`: U+1680, U+2028,
//!      U+2029, which have no compatibility mapping);
//!    - it must not be an invisible format character
//!      (`Default_Ignorable_Code_Point` and `General_Category=Cf`: U+200B
//!      ZERO WIDTH SPACE, U+2060 WORD JOINER, U+FEFF, U+00AD SOFT HYPHEN,
//!      ...), which shows as nothing, so that the IRI would look like the
//!      one without it; U+180E MONGOLIAN VOWEL SEPARATOR, which shapes
//!      Mongolian words, is decoded, and so are the joiners U+200C and
//!      U+200D where they shape a word (RFC 5892's CONTEXTJ: after a
//!      virama, or a ZWNJ between letters that join, as in Persian
//!      `می‌خواهم` and Devanagari `क्‍ष`) or join an emoji sequence
//!      (`👨‍👩‍👧`); elsewhere (`/%E2%80%8C`, `a%E2%80%8Cb`) they show as
//!      nothing and stay encoded;
//!    - it must not be a mark (`General_Category=M*`: combining marks,
//!      variation selectors, spacing vowel signs) right after a delimiter,
//!      a `%HH` triplet or the start of the component, where it would draw
//!      itself onto the delimiter or onto nothing.
//! 5. Hex digits of what stays encoded are made uppercase (the section's
//!    third example: `%e2%80%ae` becomes `%E2%80%AE`).
//!
//! Character encodings other than UTF-8 are never guessed (the section
//! forbids it): `r%E9sum%E9` stays as it is. The result maps back to the
//! input by [`to_uri()`], except that percent-encoded unreserved characters
//! come back decoded and hex digits uppercase, as the section says; the
//! test suite checks this, and that [`to_iri()`] is idempotent, on generated
//! URIs.
//!
//! ```
//! use rfc3987::mapping::{to_iri, to_uri};
//!
//! let uri = "http://www.example.org/r%E9sum%E9.html";
//! assert_eq!(to_iri(uri).unwrap(), uri);
//! // Section 3.1 maps the result back to the input.
//! let uri = "http://example.org/%e2%82%ac?%EE%80%80#%ef%bc%a1";
//! let iri = to_iri(uri).unwrap();
//! assert_eq!(iri, "http://example.org/€?\u{E000}#%EF%BC%A1");
//! assert_eq!(to_uri(&iri).unwrap(), "http://example.org/%E2%82%AC?%EE%80%80#%EF%BC%A1");
//! ```
//!
//! With [`ToIri::idna`], `xn--` labels of a domain-name host are converted
//! with ToUnicode, as section 3.2.1 allows: `xn--99zt52a` becomes `納豆`.
//!
//! ```
//! use rfc3987::mapping::ToIri;
//!
//! assert_eq!(
//!     ToIri::new().idna(true).convert("http://xn--99zt52a.example.org/%e2%80%ae").unwrap(),
//!     "http://納豆.example.org/%E2%80%AE"
//! );
//! ```
//!
//! # IDNA
//!
//! (The `idna` feature, a default one.)
//!
//! Section 3.1 cites the ToASCII operation of RFC 3490 (IDNA2003) with
//! UseSTD3ASCIIRules, and AllowUnassigned set for mapping (not creating)
//! IRIs. The `idna` crate implements UTS 46 (with ICU4X's Unicode data),
//! the successor that browsers and registries use. **One profile checks
//! every domain name**, for every operation that asks whether a host is
//! one: [`ToUri::idna`], [`crate::normalize::Normalizer::strict_hosts`]
//! and the `idn-invalid` warning of [`crate::lint`]:
//!
//! | UTS 46 option | value |
//! | --- | --- |
//! | Transitional_Processing | false (`ß` is kept, not mapped to `ss`) |
//! | UseSTD3ASCIIRules | true (letters, digits and `-` once mapped) |
//! | CheckHyphens | first and last only (`-` may stand third and fourth, as in real names) |
//! | CheckBidi | true (RFC 5893) |
//! | CheckJoiners | true (RFC 5892 CONTEXTJ; UTS 46 has no CONTEXTO test) |
//! | VerifyDnsLength | true: 1 to 63 octets per label, 253 per name, an empty last label (the root) allowed |
//!
//! and, as UTS 46 requires without CheckHyphens, no label whose Unicode
//! form begins with `xn--`. Every host of a domain-name scheme is checked,
//! US-ASCII ones too: `http://xn--zz.example/` (bad Punycode),
//! `http://-a.example/` and a 64-octet label fail as `http://日本.xn--zz/`
//! does. An empty host (`file:///etc`) names no domain and is not checked.
//! Two differences from RFC 3490 follow from UTS 46 and are not
//! configurable there: unassigned code points are rejected (as with
//! AllowUnassigned false), and labels must also pass the bidi and joiner
//! rules of IDNA2008. A failure is a [`MappingError::Idna`] with the label and the
//! rule that failed ([`IdnaReason`]); `tests/idna_conformance.rs` runs every
//! line of Unicode's `IdnaTestV2.txt` (UTS 46 version 16.0) through
//! [`ToUri::idna`] for the verdict and the failing rule (all agree but
//! seven lines on code points unassigned in 16.0 that ICU4X's newer data
//! assigns).
//!
//! US-ASCII labels are kept as written (RFC 3490 section 4.1: ToASCII does
//! not change them), so [`ToUri::idna`] is the identity on URIs whose hosts
//! pass. Each label's `%HH` triplets are decoded first, since ToASCII works
//! on characters (section 3.1 applies ToASCII where the scheme does not
//! allow percent-encoding in host names).
//!
//! [`ToIri::idna`] converts a label with ToUnicode only when the result is
//! valid and appropriate: each character allowed unencoded in `ireg-name`
//! and appropriate as in step 4 above, the label of one script as UTS 39's
//! Highly Restrictive level counts them (Latin with Han and kana is one,
//! as Japanese writes it: `ソニーstore`; `xn--pypal-4ve`, `pаypal` with a
//! Cyrillic `а`, stays in Punycode, as browsers show it), not a
//! whole-script look-alike of a Latin name in a host with a Latin label
//! (`xn--80ak6aa92e.com`, all Cyrillic `аррӏе.com`, stays; `аррӏе.рф` is
//! shown), and ToASCII of
//! the whole new host giving back the host up to ASCII case (so
//! `XN--99ZT52A` is decoded too: ToASCII lowercases). Otherwise the label
//! is kept as it is, never an error. The whole-script test reads UTS 39's
//! confusable data, which the `display` and `lint` features link (as
//! [`crate::lint`]'s `confusable` warning does); a build with neither
//! shows such a label. The same test keeps a host label's `%HH` encoded
//! ([`ToIri::keep_lookalikes`]): `p%D0%B0ypal.com` is not shown as
//! `pаypal.com`.
//!
//! # Cost
//!
//! [`to_uri()`]: one pass of the generated `IRI-reference` recognizer, then
//! one pass that copies ASCII runs and encodes the rest, into one output
//! allocation ([`ToUri::convert_into`] reuses the caller's string). IDNA
//! runs on the hosts of domain-name schemes only. [`to_iri()`]: the
//! recognizer, then one pass over the pieces of each component; decoding
//! allocates nothing, and only a decoded non-ASCII character costs an NFKC
//! quick check. `cargo bench --bench mapping` compares [`to_uri()`] with the
//! `iri-string` crate's mapping on the shared corpus.
//!
//! # Limits
//!
//! - Invisible format characters other than the bidi ones of section 4.1
//!   (U+200B ZERO WIDTH SPACE, U+2060 WORD JOINER, U+FEFF) are decoded:
//!   Unicode gives them no compatibility mapping, and the joiners U+200C
//!   and U+200D are needed in some scripts and in emoji sequences.
//! - A reference without a scheme (`//résumé.example/`) has no known host
//!   syntax, so [`ToUri::idna`] leaves its host alone; map a host alone
//!   with [`Component::Host`] to ask for ToASCII explicitly.
//! - Scheme-specific syntax (section 6.1 a) is not checked.

#[cfg(feature = "idna")]
mod idna;
#[cfg(feature = "legacy")]
mod legacy;
#[cfg(feature = "normalization")]
mod text;
#[cfg(feature = "normalization")]
mod to_iri;
mod to_uri;

use core::fmt;

use alloc::borrow::Cow;
use alloc::string::String;

use crate::grammar::rules;
use crate::{Found, Iri, IriRef};

#[cfg(feature = "idna")]
pub use self::idna::IdnaReason;
#[cfg(feature = "lint")]
pub(crate) use self::idna::Quoted;
#[cfg(feature = "idna")]
pub(crate) use self::idna::{check_host, is_ace};
#[cfg(feature = "legacy")]
pub use self::legacy::from_legacy;
#[cfg(feature = "normalization")]
pub use self::text::from_text;
#[cfg(feature = "lint")]
pub(crate) use self::to_iri::joins_in_part;
#[cfg(feature = "normalization")]
pub use self::to_iri::{to_iri, ToIri};
pub use self::to_uri::{to_uri, ToUri};

/// The label separators of RFC 3490 section 3.1: FULL STOP, IDEOGRAPHIC
/// FULL STOP, FULLWIDTH FULL STOP and HALFWIDTH IDEOGRAPHIC FULL STOP, all
/// of which "MUST be recognized as dots".
#[cfg(any(feature = "idna", feature = "bidi", feature = "normalization"))]
pub(crate) const LABEL_SEPARATORS: [char; 4] = ['.', '\u{3002}', '\u{FF0E}', '\u{FF61}'];

/// Sections 3.1 and 3.2 on parsed values: nothing to validate again, and
/// a result that borrows the input when the mapping changes nothing.
impl<T: AsRef<str>> IriRef<T> {
    /// The URI reference this IRI reference maps to (section 3.1 step 2,
    /// no IDNA): non-ASCII characters percent-encoded as UTF-8. It cannot
    /// fail, and borrows `self` when it is already a URI reference.
    ///
    /// ```
    /// use rfc3987::IriRef;
    /// let iri = IriRef::parse("http://résumé.example.org/?q=ü")?;
    /// assert_eq!(iri.to_uri(), "http://r%C3%A9sum%C3%A9.example.org/?q=%C3%BC");
    /// # Ok::<(), rfc3987::ParseError>(())
    /// ```
    #[must_use]
    pub fn to_uri(&self) -> IriRef<Cow<'_, str>> {
        if self.as_str().is_ascii() {
            return self.borrowed();
        }
        let mut out = String::with_capacity(self.as_str().len() * 2);
        to_uri::encode_ucs(self.as_str(), &mut out);
        self.derived(out)
    }

    /// The section 3.1 mapping with `mapping`'s options (IDNA's ToASCII
    /// of the host can fail; offsets are in `self`).
    ///
    /// ```
    /// use rfc3987::{mapping::ToUri, IriRef};
    /// let iri = IriRef::parse("http://résumé.example.org/")?;
    /// let uri = iri.to_uri_with(&ToUri::new().idna(true)).unwrap();
    /// assert_eq!(uri.host(), Some("xn--rsum-bpad.example.org"));
    /// # Ok::<(), rfc3987::ParseError>(())
    /// ```
    pub fn to_uri_with(&self, mapping: &ToUri<'_>) -> Result<IriRef<Cow<'_, str>>, MappingError> {
        let mut out = String::with_capacity(self.as_str().len() * 2);
        mapping.map_valid(self.as_str(), None, Some(&self.positions()), &mut out)?;
        Ok(self.derived(out))
    }

    /// The IRI reference this URI (or IRI) reference converts to (section
    /// 3.2, no IDNA): `%HH` runs that are UTF-8 for characters an IRI may
    /// hold decoded. Borrows `self` when nothing is decoded.
    ///
    /// ```
    /// use rfc3987::IriRef;
    /// let uri = IriRef::parse("http://www.example.org/D%C3%BCrst")?;
    /// assert_eq!(uri.to_iri(), "http://www.example.org/Dürst");
    /// # Ok::<(), rfc3987::ParseError>(())
    /// ```
    #[cfg(feature = "normalization")]
    #[must_use]
    pub fn to_iri(&self) -> IriRef<Cow<'_, str>> {
        self.to_iri_with(&ToIri::new())
    }

    /// The section 3.2 conversion with `conversion`'s options.
    #[cfg(feature = "normalization")]
    #[must_use]
    pub fn to_iri_with(&self, conversion: &ToIri<'_>) -> IriRef<Cow<'_, str>> {
        let text = self.as_str();
        // Unchanged unless something is to decode, a host to convert, or a
        // literal bidi formatting character to encode (as `ToIri::convert`
        // encodes it: section 4.1).
        let literal_bidi = || !text.is_ascii() && text.chars().any(is_bidi_formatting);
        if !text.contains('%') && !conversion.is_idna() && !literal_bidi() {
            return self.borrowed();
        }
        let mut out = String::with_capacity(text.len());
        conversion.convert_valid(text, self.positions(), &mut out);
        self.derived(out)
    }
}

/// The same operations on IRIs keep the type: an IRI maps to an IRI.
impl<T: AsRef<str>> Iri<T> {
    /// [`IriRef::to_uri`], as an IRI.
    #[must_use]
    pub fn to_uri(&self) -> Iri<Cow<'_, str>> {
        Iri(self.0.to_uri())
    }

    /// [`IriRef::to_uri_with`], as an IRI.
    pub fn to_uri_with(&self, mapping: &ToUri<'_>) -> Result<Iri<Cow<'_, str>>, MappingError> {
        self.0.to_uri_with(mapping).map(Iri)
    }

    /// [`IriRef::to_iri`], as an IRI.
    #[cfg(feature = "normalization")]
    #[must_use]
    pub fn to_iri(&self) -> Iri<Cow<'_, str>> {
        Iri(self.0.to_iri())
    }

    /// [`IriRef::to_iri_with`], as an IRI.
    #[cfg(feature = "normalization")]
    #[must_use]
    pub fn to_iri_with(&self, conversion: &ToIri<'_>) -> Iri<Cow<'_, str>> {
        Iri(self.0.to_iri_with(conversion))
    }
}

/// The `encoding_rs` crate, whose [`Encoding`](encoding_rs::Encoding)
/// values [`from_legacy`] takes (`encoding_rs::WINDOWS_1252`,
/// `encoding_rs::Encoding::for_label(b"iso-8859-5")`, ...).
#[cfg(feature = "legacy")]
pub use encoding_rs;

/// The bidirectional formatting characters that section 4.1 forbids in
/// IRIs ("IRIs MUST NOT contain bidirectional formatting characters (LRM,
/// RLM, LRE, RLE, LRO, RLO, and PDF)"): U+200E LEFT-TO-RIGHT MARK, U+200F
/// RIGHT-TO-LEFT MARK, U+202A LEFT-TO-RIGHT EMBEDDING, U+202B RIGHT-TO-LEFT
/// EMBEDDING, U+202C POP DIRECTIONAL FORMATTING, U+202D LEFT-TO-RIGHT
/// OVERRIDE, U+202E RIGHT-TO-LEFT OVERRIDE.
///
/// The grammar of section 2.2 allows them (they are in `ucschar`), so they
/// are not a grammar class; this list is section 4.1's. Unicode has added
/// more since (the isolates and ALM): [`is_bidi_formatting`] tests them
/// all.
pub const BIDI_FORMATTING: [char; 7] = [
    '\u{200E}', '\u{200F}', '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}',
];

/// The printable US-ASCII characters that URIs do not allow, as section
/// 3.1 lists them: space, `<`, `>`, `"`, `{`, `}`, `|`, `\`, `^` and `` `
/// ``. [`ToUri::lenient`] percent-encodes them; otherwise they make the
/// mapping fail. (They are exactly the printable ASCII characters outside
/// `unreserved`, `reserved` and `%`; the tests check that against the
/// grammar.)
pub const URI_EXCLUDED_ASCII: [char; 10] = [' ', '<', '>', '"', '{', '}', '|', '\\', '^', '`'];

// Defined with the crate's other character predicates (`crate::chars`,
// which imports nothing from the crate); this is its public path.
pub use crate::chars::is_bidi_formatting;

/// One component of an IRI reference, for mapping it alone
/// ([`ToUri::component`], [`ToIri::component`]). The scheme and the port
/// are US-ASCII by the grammar, so mapping them is the identity.
pub use crate::Component;

/// Why the mapping of an IRI to a URI failed (section 3.1): a character
/// that a URI cannot take, or a host that IDNA rejects.
/// [`offset`](Self::offset) is a byte offset in the input as given. (The
/// functions on strings, which also parse, return the crate's
/// [`Error`](crate::Error); the mapping of a parsed IRI fails only on
/// IDNA.)
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MappingError {
    /// A printable US-ASCII character that URIs do not allow
    /// ([`URI_EXCLUDED_ASCII`]), with lenient handling off ([`ToUri::lenient`]);
    /// section 3.1 says the conversion SHOULD then fail.
    NotAllowed {
        /// Byte offset of the character.
        offset: usize,
        /// The character.
        c: char,
    },
    /// A host label that IDNA processing rejected ([`ToUri::idna`]): UTS
    /// 46 ToASCII with the STD3 rules and the DNS lengths.
    #[cfg(feature = "idna")]
    #[non_exhaustive]
    Idna {
        /// Byte offset of the label in the input (of the host, for
        /// [`IdnaReason::NameTooLong`] and for [`IdnaReason::Bidi`] that
        /// no one label breaks).
        offset: usize,
        /// The label as written in the input, after [`ToUri::lenient`]'s
        /// encoding if any (the whole host for a reason about the name).
        label: String,
        /// Why it failed.
        reason: IdnaReason,
        /// Whether `label` is the whole host: a reason about the name, or
        /// a host of one label (the message then says "host", not "host
        /// label").
        whole_host: bool,
    },
}

impl MappingError {
    /// Byte offset in the input where the problem is (for an IDNA error,
    /// where the label starts).
    pub fn offset(&self) -> usize {
        match self {
            MappingError::NotAllowed { offset, .. } => *offset,
            #[cfg(feature = "idna")]
            MappingError::Idna { offset, .. } => *offset,
        }
    }

    /// The same error with its offset moved `by` bytes on (a host's or a
    /// mapped text's offsets made the input's).
    #[cfg(feature = "idna")]
    pub(crate) fn shifted(mut self, by: usize) -> Self {
        match &mut self {
            MappingError::NotAllowed { offset, .. } | MappingError::Idna { offset, .. } => {
                *offset += by
            }
        }
        self
    }

    /// The grammar rule the problem is against: `URI-reference` for a
    /// character a URI does not allow (section 3.1), `ireg-name` for a
    /// host label.
    pub fn rule(&self) -> &'static str {
        match self {
            MappingError::NotAllowed { .. } => rules::URI_REFERENCE.name(),
            #[cfg(feature = "idna")]
            MappingError::Idna { .. } => rules::IREG_NAME.name(),
        }
    }
}

impl fmt::Display for MappingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MappingError::NotAllowed { offset, c } => write!(
                f,
                "found {} at byte {offset}, which a URI does not allow (RFC 3987 \
                 section 3.1); percent-encode it as %{:02X}, as lenient mapping does",
                Found::Char(*c),
                *c as u32
            ),
            #[cfg(feature = "idna")]
            MappingError::Idna {
                offset,
                label,
                reason,
                whole_host,
            } => {
                let what = if *whole_host { "host" } else { "host label" };
                write!(
                    f,
                    "ToASCII rejects the {what} '{}' at byte {offset}: {reason}",
                    idna::Quoted(label)
                )?;
                // A reason about characters names what the Punycode
                // decodes to, which the reader did not write.
                match (*whole_host, reason) {
                    (_, IdnaReason::InvalidAce | IdnaReason::EmptyLabel | IdnaReason::NotUtf8)
                    | (_, IdnaReason::NameTooLong)
                    | (true, _) => Ok(()),
                    _ => match idna::decoded_ace(label) {
                        Some(unicode) => write!(
                            f,
                            " ('{}' is the Punycode of '{}')",
                            idna::Quoted(label),
                            idna::Quoted(&unicode)
                        ),
                        None => Ok(()),
                    },
                }
            }
        }
    }
}

/// A mapping error has no source: its message says all.
impl core::error::Error for MappingError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::class;
    use alloc::string::ToString;

    #[test]
    fn excluded_ascii_is_printable_ascii_outside_the_uri_grammar() {
        let derived: alloc::vec::Vec<char> = (' '..='~')
            .filter(|&c| !class::is_unreserved(c) && !class::is_reserved(c) && c != '%')
            .collect();
        let mut listed = URI_EXCLUDED_ASCII.to_vec();
        listed.sort_unstable();
        assert_eq!(derived, listed);
    }

    #[test]
    fn bidi_formatting_characters_are_ucschar() {
        // So the grammar alone would let them through: section 4.1 is why
        // they are listed here.
        for c in BIDI_FORMATTING {
            assert!(class::is_ucschar(c), "U+{:04X}", c as u32);
        }
    }

    #[test]
    fn unencoded_characters_per_component() {
        use Component::*;
        for component in [Userinfo, Host, Path, Query, Fragment] {
            assert!(component.allows_unencoded('a'));
            assert!(component.allows_unencoded('~'));
            assert!(component.allows_unencoded('é'));
            assert!(!component.allows_unencoded('/'));
            assert!(!component.allows_unencoded(':'));
            assert!(!component.allows_unencoded('%'));
            assert!(!component.allows_unencoded(' '));
            assert_eq!(component.allows_unencoded('\u{E000}'), component == Query);
        }
    }

    #[test]
    fn messages_name_the_character_as_syntax_errors_do() {
        let e = MappingError::NotAllowed { offset: 3, c: ' ' };
        assert_eq!(
            e.to_string(),
            "found ' ' (U+0020) at byte 3, which a URI does not allow (RFC 3987 section 3.1); \
             percent-encode it as %20, as lenient mapping does"
        );
        let e = MappingError::NotAllowed { offset: 0, c: '<' };
        assert!(e.to_string().starts_with("found '<' (U+003C) at byte 0"));
        // The same words as a parse of the same character.
        let parse = crate::IriRef::parse("a<").unwrap_err().to_string();
        assert!(parse.contains("found '<' (U+003C) at byte 1"), "{parse}");
    }
}
