//! Bidirectional IRIs (RFC 3987 section 4): the structure rules of section
//! 4.2 and the strict check of section 4.1.
//!
//! # The idea
//!
//! An IRI is stored in logical order (the order it is typed and read) but
//! shown by the Unicode Bidirectional Algorithm, which reorders runs of
//! right-to-left characters (Hebrew, Arabic, ...). Delimiters such as `.`,
//! `/` and `=` have no direction of their own, so a badly built IRI can look
//! like another one. Section 4.2 keeps the display predictable with two
//! restrictions, each a SHOULD, on every *component*:
//!
//! 1. a component does not use both right-to-left and left-to-right
//!    characters ([`Restriction::NoMixing`]);
//! 2. a component that uses right-to-left characters starts and ends with
//!    one ([`Restriction::RtlEnds`]).
//!
//! ```
//! use rfc3987::bidi::Restriction;
//! use rfc3987::IriRef;
//!
//! // Section 4.4, example 1, with Hebrew letters for the RFC's capitals.
//! let iri = IriRef::parse("http://ab.גדהוזח.ij/kl/mn/op.html")?;
//! assert!(iri.bidi_violations().is_empty());
//! // Example 8: the digits at the ends of the rtl segments are not allowed.
//! let iri = IriRef::parse("http://ab.cd.ef/זח1/2טי/כל.html")?;
//! let found: Vec<_> = iri.bidi_violations().iter().map(|v| (v.restriction(), v.range())).collect();
//! assert_eq!(found, [(Restriction::RtlEnds, 16..21), (Restriction::RtlEnds, 22..27)]);
//! # Ok::<(), rfc3987::ParseError>(())
//! ```
//!
//! # What a component is
//!
//! Section 4.2 names the rules `iuserinfo`, `ireg-name`, `isegment`,
//! `iquery` and `ifragment`, and lets finer parts count as components: the
//! labels of a host name (as IDNA requires), the names and values of a
//! query, the extensions of a resource name. This module reads them so:
//!
//! - the userinfo and the fragment are one component each;
//! - a registered name is split into labels at `.` (and at the other label
//!   separators of RFC 3490 section 3.1); IP literals are ASCII and have no
//!   direction;
//! - each path segment is one component, split further at `.` into the
//!   name and its extensions unless [`Split::extensions`] is off. Example 4
//!   of section 4.4 (`.../IJ/KL.html`, allowed) needs this split: the
//!   segment `KL.html` mixes directions, its parts `KL` and `html` do not;
//! - the query is split at `&` and `;` into pairs and each pair at its
//!   first `=` into a name and a value, unless [`Split::query_pairs`] is off
//!   (then the query is one component).
//!
//! [`Split::whole_components`] turns both splits off: the components are
//! then exactly the grammar rules section 4.2 names.
//!
//! # What counts as right-to-left
//!
//! Characters are classed by their Unicode `Bidi_Class` (ICU4X's data,
//! `icu_properties`): `R` and `AL` are right-to-left, `L` is
//! left-to-right, every other class (digits, punctuation, combining marks,
//! ...) has no direction of its own. Two readings of the section:
//!
//! - **Text is taken as written**, percent-encodings included, because the
//!   restrictions are about display and `%D7%90` is displayed as the
//!   characters `%`, `D`, `7`, ... So example 9 (`GH%31`, flagged) ends
//!   with the digit `1`, and the hex letters of a triplet are left-to-right
//!   characters: a right-to-left segment holding `%2F` mixes directions.
//!   Mapping the whole component to URI notation (section 3.1) always
//!   satisfies both rules, as section 4.2 says.
//! - **Combining marks follow their base**: trailing characters of class
//!   `NSM` (Hebrew points, Arabic harakat) are skipped when finding the
//!   last character of a component, as in the bidi rule of IDNA (RFC 5893
//!   section 2, rule 3). Bidi formatting characters (forbidden anyway, see
//!   [`IriRef::check_strict`]) are ignored.
//!
//! # Cost
//!
//! One pass over the characters of each component, one `Bidi_Class` lookup
//! per non-ASCII character; the result is allocated only when something is
//! found.

use alloc::vec::Vec;
use core::fmt;
use core::ops::Range;

use icu_properties::{props::BidiClass, CodePointMapData};

use crate::mapping::{is_bidi_formatting, Component, LABEL_SEPARATORS};
use crate::{Error, Found, Host, IriRef, ParseError};

/// Which finer parts count as components for section 4.2 (see the module
/// docs). [`Split::new`] splits query pairs and extensions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Split {
    query_pairs: bool,
    extensions: bool,
}

impl Default for Split {
    fn default() -> Self {
        Self::new()
    }
}

impl Split {
    /// Query names and values, and the name and extensions of a path
    /// segment, are components of their own.
    pub const fn new() -> Self {
        Split {
            query_pairs: true,
            extensions: true,
        }
    }

    /// Only the rules section 4.2 names are components (host labels are
    /// still split, as IDNA requires).
    pub const fn whole_components() -> Self {
        Split {
            query_pairs: false,
            extensions: false,
        }
    }

    /// Whether the query splits at `&` and `;` into pairs, and each pair at
    /// its first `=` into a name and a value.
    pub const fn query_pairs(mut self, on: bool) -> Self {
        self.query_pairs = on;
        self
    }

    /// Whether a path segment splits at `.` into a name and extensions.
    pub const fn extensions(mut self, on: bool) -> Self {
        self.extensions = on;
        self
    }
}

/// One of the two restrictions of section 4.2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Restriction {
    /// Rule 1: "A component SHOULD NOT use both right-to-left and
    /// left-to-right characters."
    NoMixing,
    /// Rule 2: "A component using right-to-left characters SHOULD start and
    /// end with right-to-left characters."
    RtlEnds,
}

/// A component that breaks a restriction of section 4.2.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Violation {
    component: Component,
    range: Range<usize>,
    offset: usize,
    restriction: Restriction,
}

impl Violation {
    /// The component the part belongs to.
    pub fn component(&self) -> Component {
        self.component
    }

    /// The byte range of the part (a label, a segment or its name or
    /// extension, a query name or value, ...) in the IRI's text.
    pub fn range(&self) -> Range<usize> {
        self.range.clone()
    }

    /// The byte offset of the character that breaks the restriction: for
    /// [`Restriction::NoMixing`] the first character whose direction
    /// differs from the part's first strong character, for
    /// [`Restriction::RtlEnds`] the first or last character that is not
    /// right-to-left.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// Which restriction.
    pub fn restriction(&self) -> Restriction {
        self.restriction
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.restriction {
            Restriction::NoMixing => write!(
                f,
                "the component at bytes {}..{} mixes right-to-left and left-to-right characters (at byte {}); section 4.2, rule 1",
                self.range.start, self.range.end, self.offset
            ),
            Restriction::RtlEnds => write!(
                f,
                "the component at bytes {}..{} uses right-to-left characters but does not start and end with one (at byte {}); section 4.2, rule 2",
                self.range.start, self.range.end, self.offset
            ),
        }
    }
}

/// A bidirectional formatting character in an IRI (section 4.1: "IRIs
/// MUST NOT contain bidirectional formatting characters").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BidiError {
    offset: usize,
    c: char,
}

impl BidiError {
    /// Byte offset of the character.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The character ([`is_bidi_formatting`]).
    pub fn char(&self) -> char {
        self.c
    }
}

impl fmt::Display for BidiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bidirectional formatting character {} at byte {}; section 4.1 forbids it in IRIs (percent-encode it)",
            Found::Char(self.c),
            self.offset
        )
    }
}

impl core::error::Error for BidiError {}

/// Parses `text` as an `IRI-reference` and applies
/// [`IriRef::check_strict`].
///
/// ```
/// use rfc3987::bidi::check_strict;
/// use rfc3987::Error;
///
/// assert!(check_strict("http://example.org/שלום").is_ok());
/// let error = check_strict("http://example.org/\u{202E}lmth.exe").unwrap_err();
/// assert!(matches!(error, Error::Bidi(_)));
/// assert_eq!(error.offset(), 19);
/// assert!(matches!(check_strict("a b"), Err(Error::Parse(_))));
/// ```
pub fn check_strict(text: &str) -> Result<IriRef<&str>, Error> {
    let iri = IriRef::parse(text)?;
    iri.check_strict()?;
    Ok(iri)
}

/// Parses `text` as an `IRI-reference` and lists its section 4.2
/// violations ([`IriRef::bidi_violations`]).
pub fn violations(text: &str) -> Result<Vec<Violation>, ParseError> {
    Ok(IriRef::parse(text)?.bidi_violations())
}

impl<T: AsRef<str>> IriRef<T> {
    /// Section 4.1's MUST NOT, which the grammar does not express: rejects
    /// the first bidirectional formatting character ([`is_bidi_formatting`],
    /// the Unicode property `Bidi_Control`: LRM, RLM, ALM, LRE, RLE, LRO,
    /// RLO, PDF, LRI, RLI, FSI, PDI). Percent-encoded ones are allowed:
    /// they are data, not characters of the IRI.
    ///
    /// ```
    /// use rfc3987::IriRef;
    /// assert!(IriRef::parse("http://example.org/%E2%80%AE")?.check_strict().is_ok());
    /// let error = IriRef::parse("http://example.org/\u{2067}x")?.check_strict().unwrap_err();
    /// assert_eq!((error.offset(), error.char()), (19, '\u{2067}'));
    /// # Ok::<(), rfc3987::ParseError>(())
    /// ```
    pub fn check_strict(&self) -> Result<(), BidiError> {
        match self
            .as_str()
            .char_indices()
            .find(|&(_, c)| !c.is_ascii() && is_bidi_formatting(c))
        {
            Some((offset, c)) => Err(BidiError { offset, c }),
            None => Ok(()),
        }
    }

    /// The violations of section 4.2's restrictions, in text order, with
    /// the components split as [`Split::new`] says. Empty for any IRI
    /// without right-to-left characters.
    pub fn bidi_violations(&self) -> Vec<Violation> {
        self.bidi_violations_with(&Split::new())
    }

    /// [`bidi_violations`](Self::bidi_violations) with the components split
    /// as `split` says.
    ///
    /// ```
    /// use rfc3987::bidi::Split;
    /// use rfc3987::IriRef;
    ///
    /// // Section 4.4, example 4: allowed, with `html` an extension.
    /// let iri = IriRef::parse("http://אב.גד.ef/gh/טי/כל.html")?;
    /// assert!(iri.bidi_violations().is_empty());
    /// assert_eq!(iri.bidi_violations_with(&Split::whole_components()).len(), 2);
    /// # Ok::<(), rfc3987::ParseError>(())
    /// ```
    pub fn bidi_violations_with(&self, split: &Split) -> Vec<Violation> {
        let text = self.as_str();
        let mut found = Vec::new();
        if text.is_ascii() {
            return found;
        }
        for_each_part(self, split, |component, range| {
            check_part(text, component, range, &mut found);
        });
        found
    }
}

/// Calls `f` with each part of `iri` that section 4.2 treats as a
/// component (as `split` says), as byte ranges of its text, in order.
/// Empty parts are skipped.
pub(crate) fn for_each_part<T: AsRef<str>>(
    iri: &IriRef<T>,
    split: &Split,
    mut f: impl FnMut(Component, Range<usize>),
) {
    let text = iri.as_str();
    let mut emit = |component, part: &str| {
        if !part.is_empty() {
            let start = offset_in(text, part);
            f(component, start..start + part.len());
        }
    };
    let components = iri.components();
    if let Some(userinfo) = components.userinfo {
        emit(Component::Userinfo, userinfo);
    }
    if let Some(Host::RegName(name)) = components.host_parsed() {
        for label in name.split(LABEL_SEPARATORS) {
            emit(Component::Host, label);
        }
    }
    for segment in components.path_segments() {
        if split.extensions {
            for part in segment.split('.') {
                emit(Component::Path, part);
            }
        } else {
            emit(Component::Path, segment);
        }
    }
    if let Some(query) = components.query {
        if split.query_pairs {
            for pair in query.split(['&', ';']) {
                match pair.split_once('=') {
                    Some((name, value)) => {
                        emit(Component::Query, name);
                        emit(Component::Query, value);
                    }
                    None => emit(Component::Query, pair),
                }
            }
        } else {
            emit(Component::Query, query);
        }
    }
    if let Some(fragment) = components.fragment {
        emit(Component::Fragment, fragment);
    }
}

/// The byte offset of `part`, a slice of `whole`, in `whole`.
pub(crate) fn offset_in(whole: &str, part: &str) -> usize {
    part.as_ptr() as usize - whole.as_ptr() as usize
}

/// A character's direction for section 4.2.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Direction {
    Ltr,
    Rtl,
    /// No strong direction (weak and neutral classes).
    Neutral,
    /// A combining mark: takes its base's direction.
    Mark,
    /// A bidi formatting character: ignored here.
    Formatting,
}

/// The Bidi_Class of `c`, from ICU4X's data (the same family as the
/// normalizer and the IDNA mapping, so one Unicode version throughout).
pub(crate) fn bidi_class(c: char) -> BidiClass {
    CodePointMapData::<BidiClass>::new().get(c)
}

#[cfg(any(feature = "display", feature = "lint"))]
pub(crate) fn is_rtl(c: char) -> bool {
    !c.is_ascii()
        && matches!(
            bidi_class(c),
            BidiClass::RightToLeft | BidiClass::ArabicLetter
        )
}

fn direction(c: char) -> Direction {
    if c.is_ascii() {
        // ASCII letters are L; everything else in ASCII is weak or neutral.
        return if c.is_ascii_alphabetic() {
            Direction::Ltr
        } else {
            Direction::Neutral
        };
    }
    if is_bidi_formatting(c) {
        return Direction::Formatting;
    }
    match bidi_class(c) {
        BidiClass::LeftToRight => Direction::Ltr,
        BidiClass::RightToLeft | BidiClass::ArabicLetter => Direction::Rtl,
        BidiClass::NonspacingMark => Direction::Mark,
        _ => Direction::Neutral,
    }
}

/// The restrictions of section 4.2 that `part`, one component's text
/// (a decoded `xn--` label), breaks.
#[cfg(feature = "lint")]
pub(crate) fn part_restrictions(part: &str) -> Vec<Restriction> {
    let mut found = Vec::new();
    check_part(part, Component::Host, 0..part.len(), &mut found);
    found.into_iter().map(|v| v.restriction).collect()
}

/// Checks the part `text[range]` and appends its violations to `found`.
pub(crate) fn check_part(
    text: &str,
    component: Component,
    range: Range<usize>,
    found: &mut Vec<Violation>,
) {
    let part = &text[range.clone()];
    if part.is_ascii() {
        return;
    }
    let mut first_rtl = None;
    let mut first_ltr = None;
    // The first character that counts, and the last that is not a mark.
    let mut first = None;
    let mut last = None;
    for (i, c) in part.char_indices() {
        let d = direction(c);
        match d {
            Direction::Formatting => continue,
            Direction::Rtl => {
                first_rtl.get_or_insert(i);
            }
            Direction::Ltr => {
                first_ltr.get_or_insert(i);
            }
            Direction::Neutral | Direction::Mark => {}
        }
        first.get_or_insert((i, d));
        if d != Direction::Mark {
            last = Some((i, d));
        }
    }
    let Some(rtl) = first_rtl else {
        return;
    };
    let base = range.start;
    let at = |i: usize| base + i;
    if let Some(ltr) = first_ltr {
        found.push(Violation {
            component,
            range: range.clone(),
            offset: at(ltr.max(rtl)),
            restriction: Restriction::NoMixing,
        });
    }
    let bad_end = match (first, last) {
        (Some((i, d)), _) if d != Direction::Rtl => Some(i),
        (_, Some((i, d))) if d != Direction::Rtl => Some(i),
        // Only marks after the last strong character, or none at all.
        (_, None) => Some(0),
        _ => None,
    };
    if let Some(i) = bad_end {
        found.push(Violation {
            component,
            range,
            offset: at(i),
            restriction: Restriction::RtlEnds,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::{String, ToString};

    /// The RFC's Bidi Notation: capitals stand for right-to-left letters.
    /// Rewritten with real letters of `alphabet` (22 or more letters).
    fn letters(notation: &str, alphabet: &str) -> String {
        let alphabet: Vec<char> = alphabet.chars().collect();
        notation
            .chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    alphabet[usize::from(c as u8 - b'A')]
                } else {
                    c
                }
            })
            .collect()
    }

    const HEBREW: &str = "אבגדהוזחטיכלמנסעפצקרשת";
    const ARABIC: &str = "ابتثجحخدذرزسشصضطظعغفقكلمنهوي";

    /// The restrictions broken, in order, for `notation` in both scripts
    /// (the two must agree).
    fn broken(notation: &str, split: &Split) -> Vec<(Restriction, String)> {
        let mut results = Vec::new();
        for alphabet in [HEBREW, ARABIC] {
            let text = letters(notation, alphabet);
            let iri = IriRef::parse(text.as_str()).unwrap();
            let got: Vec<(Restriction, String)> = iri
                .bidi_violations_with(split)
                .iter()
                .map(|v| {
                    // Name the part back in Bidi Notation.
                    let part = &text[v.range()];
                    let back: String = part
                        .chars()
                        .map(|c| match alphabet.chars().position(|a| a == c) {
                            Some(n) => char::from(b'A' + n as u8),
                            None => c,
                        })
                        .collect();
                    (v.restriction(), back)
                })
                .collect();
            results.push(got);
        }
        assert_eq!(results[0], results[1], "{notation}");
        results.swap_remove(0)
    }

    fn allowed(notation: &str) {
        assert_eq!(broken(notation, &Split::new()), [], "{notation}");
    }

    #[test]
    fn section_4_4_examples_1_to_7_and_10_are_allowed() {
        // "Example 1: A single component with rtl characters is inverted:
        //  Logical representation: "http://ab.CDEFGH.ij/kl/mn/op.html""
        allowed("http://ab.CDEFGH.ij/kl/mn/op.html");
        // "Example 2: More than one consecutive component with rtl
        //  characters is inverted as a whole:
        //  Logical representation: "http://ab.CDE.FGH/ij/kl/mn/op.html""
        allowed("http://ab.CDE.FGH/ij/kl/mn/op.html");
        // "Example 3: All components of an IRI (except for the scheme) are
        //  rtl. ... Logical representation:
        //  "http://AB.CD.EF/GH/IJ/KL?MN=OP;QR=ST#UV""
        allowed("http://AB.CD.EF/GH/IJ/KL?MN=OP;QR=ST#UV");
        // "Example 4: Each of several sequences of rtl components is
        //  inverted on its own:
        //  Logical representation: "http://AB.CD.ef/gh/IJ/KL.html""
        allowed("http://AB.CD.ef/gh/IJ/KL.html");
        // "Example 5: Example 2, applied to components of different kinds:
        //  Logical representation: "http://ab.cd.EF/GH/ij/kl.html""
        allowed("http://ab.cd.EF/GH/ij/kl.html");
        // "Example 6: Same as Example 5, with more rtl components:
        //  Logical representation: "http://ab.CD.EF/GH/IJ/kl.html""
        allowed("http://ab.CD.EF/GH/IJ/kl.html");
        // "Example 7: A single rtl component includes digits:
        //  Logical representation: "http://ab.CDE123FGH.ij/kl/mn/op.html""
        allowed("http://ab.CDE123FGH.ij/kl/mn/op.html");
        // "Example 10 (allowed but not recommended):
        //  Logical representation: "http://ab.CDEFGH.123/kl/mn/op.html""
        allowed("http://ab.CDEFGH.123/kl/mn/op.html");
    }

    #[test]
    fn section_4_4_examples_8_and_9_are_flagged() {
        // "Example 8 (not allowed): Numbers are at the start or end of an
        //  rtl component:
        //  Logical representation: "http://ab.cd.ef/GH1/2IJ/KL.html""
        assert_eq!(
            broken("http://ab.cd.ef/GH1/2IJ/KL.html", &Split::new()),
            [
                (Restriction::RtlEnds, "GH1".into()),
                (Restriction::RtlEnds, "2IJ".into())
            ]
        );
        // "Example 9 (not allowed): The numbers in the previous example are
        //  percent-encoded:
        //  Logical representation: "http://ab.cd.ef/GH%31/%32IJ/KL.html","
        assert_eq!(
            broken("http://ab.cd.ef/GH%31/%32IJ/KL.html", &Split::new()),
            [
                (Restriction::RtlEnds, "GH%31".into()),
                (Restriction::RtlEnds, "%32IJ".into())
            ]
        );
    }

    #[test]
    fn examples_written_out_in_hebrew() {
        // The helper's output, spelled out once: example 1 and example 8.
        let one = IriRef::parse("http://ab.גדהוזח.ij/kl/mn/op.html").unwrap();
        assert_eq!(
            letters("http://ab.CDEFGH.ij/kl/mn/op.html", HEBREW),
            one.as_str()
        );
        assert!(one.bidi_violations().is_empty());
        let eight = IriRef::parse("http://ab.cd.ef/זח1/2טי/כל.html").unwrap();
        let v = eight.bidi_violations();
        assert_eq!(v.len(), 2);
        // `1` ends the first segment, `2` starts the second.
        assert_eq!((v[0].range(), v[0].offset()), (16..21, 20));
        assert_eq!((v[1].range(), v[1].offset()), (22..27, 22));
        assert_eq!(v[0].component(), Component::Path);
    }

    #[test]
    fn whole_components_flag_example_4_and_mixed_queries() {
        // Without the extension split, `KL.html` mixes and ends in `l`.
        assert_eq!(
            broken("http://AB.CD.ef/gh/IJ/KL.html", &Split::whole_components()),
            [
                (Restriction::NoMixing, "KL.html".into()),
                (Restriction::RtlEnds, "KL.html".into())
            ]
        );
        // A name=value query: one component, or a name and a value.
        allowed("http://ab/?q=AB&lang=he");
        assert_eq!(
            broken("http://ab/?q=AB&lang=he", &Split::whole_components()),
            [
                (Restriction::NoMixing, "q=AB&lang=he".into()),
                (Restriction::RtlEnds, "q=AB&lang=he".into())
            ]
        );
        assert_eq!(
            broken("http://ab/?q=AB&lang=he", &Split::new().query_pairs(false)),
            broken("http://ab/?q=AB&lang=he", &Split::whole_components()),
        );
    }

    #[test]
    fn each_component_kind_is_checked() {
        assert_eq!(
            broken("http://ABc@ab/", &Split::new()),
            [
                (Restriction::NoMixing, "ABc".into()),
                (Restriction::RtlEnds, "ABc".into())
            ]
        );
        assert_eq!(
            broken("http://ab.1AB/", &Split::new()),
            [(Restriction::RtlEnds, "1AB".into())]
        );
        assert_eq!(
            broken("x:/a#AB-", &Split::new()),
            [(Restriction::RtlEnds, "AB-".into())]
        );
        assert_eq!(
            broken("?AB=-CD", &Split::new()),
            [(Restriction::RtlEnds, "-CD".into())]
        );
        // An IDNA label separator other than `.` splits labels too.
        allowed("http://AB\u{3002}cd/");
        // IP literals have no direction; relative references are checked.
        allowed("http://[::1]/AB");
        assert_eq!(
            broken("AB1", &Split::new()),
            [(Restriction::RtlEnds, "AB1".into())]
        );
    }

    #[test]
    fn marks_follow_their_base_and_formatting_is_ignored() {
        // Hebrew with a point (U+05BC, NSM) at the end: allowed.
        assert!(violations("http://a/שלוםּ").unwrap().is_empty());
        // A mark alone at the start is not right-to-left.
        assert_eq!(violations("http://a/\u{5BC}של").unwrap().len(), 1);
        // Only marks after a neutral start.
        let v = violations("http://a/-\u{5BC}").unwrap();
        assert!(v.is_empty(), "no rtl letter: {v:?}");
        // An RLM is not a right-to-left letter for 4.2 (and is forbidden).
        let v = violations("http://a/של1\u{200F}").unwrap();
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].restriction(), Restriction::RtlEnds);
        assert_eq!(v[0].offset(), 13);
    }

    #[test]
    fn percent_encoding_counts_as_written() {
        // The hex letters of a triplet are left-to-right characters.
        let v = violations("http://a/של%2Fום").unwrap();
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].restriction(), Restriction::NoMixing);
        // Mapping the whole component to a URI satisfies both rules.
        assert!(violations("http://a/%D7%A9%D7%9C1").unwrap().is_empty());
    }

    #[test]
    fn strict_check_rejects_every_bidi_control() {
        for c in [
            '\u{200E}', '\u{200F}', '\u{061C}', '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}',
            '\u{202E}', '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}',
        ] {
            let text = alloc::format!("http://a/b{c}c");
            let iri = IriRef::parse(text.as_str()).unwrap();
            assert_eq!(
                iri.check_strict(),
                Err(BidiError { offset: 10, c }),
                "{c:?}"
            );
            let message = check_strict(&text).unwrap_err().to_string();
            assert!(message.contains("section 4.1"), "{message}");
        }
        // Every other character passes.
        assert!(check_strict("http://a/\u{200D}\u{200C}שלום").is_ok());
    }
}
