//! Cleaning typed or pasted IRIs (RFC 3987 section 7.2, RFC 3986
//! Appendix C). The `text` feature (a default one).
//!
//! People enter IRIs by typing, dictating or pasting them, and what they
//! enter is close to an IRI but often not one: surrounded by spaces or by
//! the `<...>` and `"..."` that Appendix C says are not part of it, typed
//! with an East Asian input method in full-width mode, not in NFC, or with
//! a space in a file name. Section 7.2 says entry "must ensure, as much as
//! possible, that the restrictions defined in section 2.2 are met", "by
//! appropriately converting the characters being input, by eliminating
//! characters that cannot be converted, and/or by issuing a warning or
//! error message to the user". [`clean`] converts, and reports every
//! conversion; it eliminates nothing but wrappers and the white space and
//! invisible marks around them, and what it cannot convert is an error
//! that points at it.
//!
//! ```
//! use rfc3987::entry::{clean, ChangeKind};
//!
//! let cleaned = clean(" <ｈｔｔｐ://例え.jp/ﾃｽﾄ/my file.html> ")?;
//! assert_eq!(cleaned.iri(), "http://例え.jp/テスト/my%20file.html");
//! let kinds: Vec<ChangeKind> = cleaned.changes().iter().map(|c| c.kind).collect();
//! assert_eq!(kinds, [
//!     ChangeKind::Trimmed, ChangeKind::Unwrapped,         // ` <`
//!     ChangeKind::Unwrapped, ChangeKind::Trimmed,         // `> `
//!     ChangeKind::Width,                                  // ｈｔｔｐ
//!     ChangeKind::Width,                                  // ﾃｽﾄ
//!     ChangeKind::PercentEncoded,                         // the space
//! ]);
//! let width = &cleaned.changes()[4];
//! assert_eq!((width.range.clone(), &*width.before, &*width.after), (2..14, "ｈｔｔｐ", "http"));
//!
//! // Pasted from Japanese prose: corner brackets, the full stop after
//! // them, and an ideographic full stop between the host's labels.
//! let cleaned = clean("「http://例え。テスト/パス」。")?;
//! assert_eq!(cleaned.iri(), "http://例え.テスト/パス");
//! # Ok::<(), rfc3987::entry::EntryError>(())
//! ```
//!
//! # The steps, in order
//!
//! 1. **Trim and unwrap.** White space (Unicode `White_Space`: the
//!    no-break and ideographic spaces too), bidi formatting characters
//!    (the LRM and RLM that right-to-left text puts around an IRI) and
//!    invisible format characters (U+200B ZERO WIDTH SPACE, U+FEFF) around
//!    the text are removed, then a wrapper, repeatedly: angle brackets
//!    (`<…>`, full-width `＜…＞`), a pair of quotation marks of any script
//!    (Unicode `Quotation_Mark`: `"…"`, `“…”`, `„…“`, `«…»`, `「…」`,
//!    `『…』`; the apostrophe, which IRIs hold, only around an IRI with a
//!    scheme, `'https://a/'` as code quotes it, and so Markdown's `*…*`,
//!    `**…**`, `_…_`, `` `…` ``, `~~…~~`), or a pair of brackets that
//!    encloses the whole text (`Bidi_Paired_Bracket`: `(…)`, `（…）`,
//!    `【…】`); sentence punctuation right after a closing wrapper
//!    (`<…>.`, `「…」。`: `Sentence_Break` `STerm`, `ATerm`, `SContinue`);
//!    `URL:` (any case, the colon full-width too), Appendix C's old
//!    prefix, right inside angle brackets or before an IRI with a scheme
//!    or white space, so `<URL:http://a/>` and `URL:http://a/` give
//!    `http://a/`; elsewhere `url:x` is an IRI of the `url` scheme and
//!    stays. And a label before an IRI: a few words, a colon and white
//!    space before an IRI with a scheme (`Link: https://a/`, `Lien :
//!    https://a/`), which would otherwise become the scheme, with its
//!    space encoded into the path; no IRI holds white space after its
//!    scheme's colon, so no IRI is taken for a label (a label that cannot
//!    be a scheme needs no white space: `リンク：https://a/`, as Japanese
//!    writes it); a list or quotation
//!    marker (one to eight characters, none a letter) and a space before
//!    an IRI with a scheme goes too (`• https://a/`, `1. https://a/`,
//!    `> https://a/`; non-ASCII marks need no space, `※https://a/`). And
//!    half a wrapper,
//!    the other half left in the text the IRI was copied from, where the
//!    IRI cannot hold it (section 7.2's "eliminating characters that
//!    cannot be converted"): an opening quotation mark or bracket right
//!    before an IRI with a scheme, which no scheme holds (`「https://a/`,
//!    `(https://a/`), unless its other half follows the IRI, where the
//!    text goes on past the wrapper (`「https://a/」です` stays an error),
//!    or a `>` or `"` at the end of such an IRI that nothing in it opens
//!    (`https://a/>`); a closing bracket or quotation mark an IRI holds is
//!    its data (`https://a/b)`). At most eight
//!    layers come off: a text wrapped deeper is an error. This step reads each
//!    character as steps 3 and 4 will make it (`(…）` is a pair, `＇` is
//!    the apostrophe) and reads through the line breaks that step 2
//!    removes (`<…>` + line break + `.`), so that cleaning what
//!    [`clean`] gives changes nothing.
//! 2. **Line breaks.** A line break inside the text (CR, LF, and the
//!    other mandatory breaks of UAX 14: VT, which a word processor writes
//!    for a manual line break, FF, U+0085, U+2028, U+2029), with the white
//!    space around it (an indentation of no-break or ideographic spaces
//!    too), is removed: Appendix C says white space added to
//!    break a long identifier across lines "should be ignored". So are
//!    the invisible marks of where a line may or may not break, which
//!    layout software puts into text for the same purpose: U+00AD SOFT
//!    HYPHEN (a word processor's hyphenation), U+200B ZERO WIDTH SPACE (a
//!    page that lets a long address wrap), U+2060 WORD JOINER and U+FEFF
//!    (`https://exa\u{AD}mple.com/long\u{200B}path` was typed as
//!    `https://example.com/longpath`). And so are white space and bidi
//!    and invisible format characters where an address cannot hold them
//!    and no encoding makes it work: in the scheme (invisible ones only:
//!    `ht tp` may be two words, an error), right after `scheme:` or
//!    `scheme://` (`mailto: a@b`, `https: //a`, `https:// a`), and in the
//!    authority next to one of its delimiters (`example. com`,
//!    `example.com :8080`, `example.com /a`); white space between two
//!    characters of a name there (`exa mple.com`, `example.com and more`)
//!    is an error, since removing it would guess whether it joins or
//!    separates words. Other spaces are data, and are encoded in step 5.
//! 3. **Width.** Full-width forms of ASCII (U+FF01 to U+FF5E: `ｈ`, `：`,
//!    `／`) and the ideographic space (U+3000, the space bar in full-width
//!    mode) become ASCII and half-width Katakana (U+FF61 to U+FF9F: `ﾃ`,
//!    `ｶﾞ`, `｡`) become full-width, as section 7.2 asks of input methods,
//!    by NFKC applied to those characters only. NFKC elsewhere would
//!    change characters section 7.2 does not mention (`ﬁ`, `²`).
//! 4. **NFC.** The text is normalized to NFC, as section 3.1 step 1a says
//!    of IRIs entered from paper or speech.
//! 5. **Percent-encoding.** A character that the grammar does not allow
//!    where it stands is written as the `%HH` of its UTF-8 octets: space,
//!    controls, `<>"{}|\^` and `` ` ``, a `%` not followed by two hex
//!    digits, characters outside `ucschar` (noncharacters, for instance),
//!    private-use characters outside the query, `[` and `]` outside the
//!    authority, a second `#`. Bidi formatting characters (section 4.1)
//!    are encoded too: the grammar allows them, but IRIs "MUST NOT"
//!    contain them; and the other invisible format characters (U+2061
//!    FUNCTION APPLICATION, U+2064 INVISIBLE PLUS, ...; not the joiners
//!    U+200C and U+200D nor U+180E MONGOLIAN VOWEL SEPARATOR, which shape
//!    words), which would make
//!    the IRI look like the one without them (section 6.1 b). So is white
//!    space that the grammar allows (U+00A0
//!    NO-BREAK SPACE, U+2009 THIN SPACE, U+202F, ... as text copied from
//!    a web page or a word processor holds them where a space was): it
//!    cannot be seen or told from a space, and its `%HH` form stands for
//!    the same URI (section 3.1). An ideographic full stop (`。`, also typed as `．` or
//!    `｡`) in the host becomes `.`: RFC 3490 section 3.1 says it MUST be
//!    recognized as a label separator.
//! 6. **Validation** as an `IRI-reference`.
//!
//! Each change is a [`Change`]: its [`ChangeKind`], the byte range of the
//! input it comes from, and the text before and after. `before` is always
//! the input's own text in that range, also where an earlier step changed
//! the same characters (the ideographic space that step 3 made a space
//! and step 5 encodes: `before` is U+3000, `after` `%20`); `after` is what
//! the step made of it. Where NFC composed characters that the steps also
//! changed, step 5's change covers the characters around them whole.
//!
//! # What cannot be converted
//!
//! A scheme cannot hold percent-encoded characters, and a reference whose
//! first segment holds a `:` must have a scheme (RFC 3986 section 4.2), so
//! a character that does not belong in a scheme before the first `:` is
//! one [`clean`] cannot convert: `ht tp://a` fails, and
//! [`EntryError::unconvertible`] lists each such character with its
//! offset. Other failures (a port that is not a number, a malformed IP
//! literal) are [`EntryError::syntax`] errors at their place in the input.
//! An error names the character as it was typed (`＜`, not the `<` that
//! step 3 makes of it). Blank input (nothing, white space, or empty
//! wrappers) is an error too: typing nothing names nothing. So is white
//! space between two characters of a name in the authority
//! ([`EntryError::is_white_space_in_authority`]).
//!
//! No scheme is invented: `www.example.com` is a valid relative reference
//! (a path), and comes back unchanged. Which scheme was meant, and
//! against which base the reference resolves, is the caller's to say.
//!
//! # Cost
//!
//! Linear in the input. Nothing is copied into a new string when the
//! input is already clean; otherwise one output string, and one
//! [`Change`] per run of changes of one kind: changes of one kind fewer
//! than 32 bytes of untouched ASCII apart are one change, so memory stays
//! within a small multiple of the input whatever it holds
//! (`cargo test --test linear_time entry` measures the peak heap on
//! hostile shapes).

use core::fmt;
use core::ops::{Range, RangeInclusive};

use alloc::borrow::{Cow, ToOwned};
use alloc::boxed::Box;
use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;

use icu_normalizer::ComposingNormalizerBorrowed;

use icu_properties::props::LineBreak;
use icu_properties::CodePointMapData;

use crate::chars::is_invisible_format;
use crate::grammar::{class, rules};
use crate::mapping::is_bidi_formatting;
use crate::percent::push_encoded;
use crate::{IriRef, ParseError};

mod wrappers;
use wrappers::{unwrap, MAX_WRAPPERS};

/// Full-width forms of the printable ASCII characters `!` to `~`, in the
/// Unicode block Halfwidth and Fullwidth Forms (U+FF00 to U+FFEF). Not
/// grammar syntax: the block's layout, which NFKC maps to ASCII.
const FULLWIDTH_ASCII: RangeInclusive<char> = '\u{FF01}'..='\u{FF5E}';

/// Half-width Katakana and CJK punctuation (`｡`, `｢`, `｣`, `､`, `･`) in the
/// same block, which NFKC maps to their full-width forms (composing a
/// voiced sound mark with the letter before it).
const HALFWIDTH_KATAKANA: RangeInclusive<char> = '\u{FF61}'..='\u{FF9F}';

/// The ideographic space, which step 3 maps to a space.
const IDEOGRAPHIC_SPACE: char = '\u{3000}';

/// The ideographic full stop, a label separator in a host (RFC 3490
/// section 3.1).
const IDEOGRAPHIC_FULL_STOP: char = '\u{3002}';

/// What a [`Change`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ChangeKind {
    /// White space around the text removed (step 1).
    Trimmed,
    /// A wrapper removed: `<`, `>`, `"` or `URL:` (step 1).
    Unwrapped,
    /// A label before the IRI removed with the white space after it:
    /// `Link: ` in `Link: https://a/` (step 1).
    Label,
    /// White space or an invisible format character in the scheme, right
    /// after `scheme:` or `//`, or next to a delimiter of the authority,
    /// removed: `https:// example. com`, `mailto: a@b`, an LRM inside a
    /// host (step 2).
    StraySpace,
    /// A line break and the white space around it, or an invisible
    /// mark of where a line may break (U+00AD SOFT HYPHEN, U+200B ZERO
    /// WIDTH SPACE, U+2060 WORD JOINER, U+FEFF), removed (step 2).
    LineBreak,
    /// Full-width ASCII made ASCII, half-width Katakana made full-width
    /// (step 3).
    Width,
    /// Normalized to NFC (step 4).
    Nfc,
    /// Characters the grammar does not allow there, percent-encoded
    /// (step 5).
    PercentEncoded,
    /// An ideographic full stop (U+3002, also typed as the half-width
    /// U+FF61) in a host made the label separator `.`, as RFC 3490
    /// section 3.1 says it must be read (step 5).
    LabelSeparator,
}

impl ChangeKind {
    /// A lowercase name for the kind: `trimmed`, `unwrapped`, `label`,
    /// `stray-space`, `line-break`, `width`, `nfc`, `percent-encoded`,
    /// `label-separator`.
    pub fn name(self) -> &'static str {
        match self {
            ChangeKind::Trimmed => "trimmed",
            ChangeKind::Unwrapped => "unwrapped",
            ChangeKind::Label => "label",
            ChangeKind::StraySpace => "stray-space",
            ChangeKind::LineBreak => "line-break",
            ChangeKind::Width => "width",
            ChangeKind::Nfc => "nfc",
            ChangeKind::PercentEncoded => "percent-encoded",
            ChangeKind::LabelSeparator => "label-separator",
        }
    }
}

/// One change [`clean`] made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// What was done.
    pub kind: ChangeKind,
    /// The bytes of the input it concerns.
    pub range: Range<usize>,
    /// The input's text in `range` (empty for nothing).
    pub before: String,
    /// What the step made of it (empty for a removal).
    pub after: String,
}

/// A cleaned IRI reference and the changes that made it.
#[derive(Clone, Debug)]
pub struct Cleaned {
    iri: IriRef<String>,
    changes: Vec<Change>,
}

impl Cleaned {
    /// The IRI reference.
    pub fn iri(&self) -> &IriRef<String> {
        &self.iri
    }

    /// The IRI reference, giving up the changes.
    pub fn into_iri(self) -> IriRef<String> {
        self.iri
    }

    /// Every change, in the order made (by step, then by position).
    pub fn changes(&self) -> &[Change] {
        &self.changes
    }
}

/// Why [`clean`] could not make an IRI reference of its input.
///
/// One pointer wide, the failure behind a reference count: the crate's
/// [`Error`](crate::Error) holds it, and every caller who drops an `Error`
/// or a `Result` of one runs its drop, which for this variant is then a
/// decrement and a call, not the loops over vectors of a failure that
/// caller never meets. Dropping a `Result<String, Error>` (what the string
/// functions return) then takes 9 instructions on its valid path, with no
/// registers saved (`bash benches/guard.sh`, `to-uri` on `relative-tiny`:
/// 589 instructions per input with the failure inline, 578 with it here).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryError(Arc<Failure>);

/// What an [`EntryError`] holds.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Failure {
    offset: usize,
    /// The input's character at `offset`, as typed (`None` at its end).
    typed: Option<char>,
    /// Whether the input is wrapped more than [`MAX_WRAPPERS`] deep.
    too_deep: bool,
    /// Whether `typed` is white space between two characters of a name
    /// in the authority.
    split_authority: bool,
    unconvertible: Vec<(usize, char)>,
    syntax: Option<Box<ParseError>>,
    changes: Vec<Change>,
}

impl EntryError {
    /// Byte offset in the input of the first character that could not be
    /// made part of an IRI reference.
    pub fn offset(&self) -> usize {
        self.0.offset
    }

    /// The characters before the first `:` that a scheme does not allow and
    /// that percent-encoding cannot fix, as typed (a full-width `＜`, not
    /// the `<` that step 3 makes of it), with their offsets in the input;
    /// empty for a [`syntax`](Self::syntax) error.
    pub fn unconvertible(&self) -> &[(usize, char)] {
        &self.0.unconvertible
    }

    /// For a failure other than unconvertible characters, the parse error
    /// of the cleaned text (its offsets are in the cleaned text;
    /// [`offset`](Self::offset) is in the input).
    pub fn syntax(&self) -> Option<&ParseError> {
        self.0.syntax.as_deref()
    }

    /// The changes made before the failure.
    pub fn changes(&self) -> &[Change] {
        &self.0.changes
    }

    /// Whether the input was blank: empty, white space, or wrappers with
    /// nothing inside (`<>`). An empty reference is valid ("this
    /// document"), but entry is for what a person typed, and typing
    /// nothing names nothing.
    pub fn is_blank(&self) -> bool {
        self.0.syntax.is_none()
            && self.0.unconvertible.is_empty()
            && !self.0.too_deep
            && !self.0.split_authority
    }

    /// Whether the input is wrapped in more layers of brackets, quotes,
    /// `URL:` prefixes and punctuation than entry removes (eight): more
    /// than anyone types, and left alone they would make a cleaned result
    /// that a second cleaning changes.
    pub fn is_too_deeply_wrapped(&self) -> bool {
        self.0.too_deep
    }

    /// Whether the input has white space inside its authority between two
    /// characters of a name (`https://exa mple.com/`, `https://example.com
    /// and more`): entry removes white space next to the authority's
    /// delimiters (`example. com`, `// example.com`), where it can only
    /// be a slip, but here it may as well separate two words, and removing
    /// it would be a guess. [`offset`](Self::offset) is its byte.
    pub fn is_white_space_in_authority(&self) -> bool {
        self.0.split_authority
    }
}

impl fmt::Display for EntryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(error) = &self.0.syntax {
            return match self.0.typed {
                Some(c) => write!(
                    f,
                    "{c:?} (U+{:04X}) at byte {}: after cleaning, {}",
                    u32::from(c),
                    self.0.offset,
                    error.message()
                ),
                None => write!(
                    f,
                    "the end of the input at byte {}: after cleaning, {}",
                    self.0.offset,
                    error.message()
                ),
            };
        }
        if self.0.too_deep {
            return write!(
                f,
                "a wrapper at byte {} is nested more than {MAX_WRAPPERS} deep: remove the \
                 brackets, quotes or `URL:` prefixes around the IRI",
                self.0.offset
            );
        }
        if let (true, Some(c)) = (self.0.split_authority, self.0.typed) {
            return write!(
                f,
                "white space {c:?} (U+{:04X}) at byte {} inside the authority, between two \
                 characters of a name: removing it would guess whether it joins or separates \
                 words (RFC 3986 section 3.2 allows no white space there)",
                u32::from(c),
                self.0.offset
            );
        }
        let Some(&(offset, c)) = self.0.unconvertible.first() else {
            return write!(
                f,
                "nothing to clean at byte {}: the input is blank (white space or empty wrappers)",
                self.0.offset
            );
        };
        write!(
            f,
            "cannot convert {c:?} (U+{:04X}) at byte {offset}: a scheme (before the first ':') \
             cannot hold it, not even percent-encoded",
            u32::from(c)
        )?;
        if self.0.unconvertible.len() > 1 {
            write!(f, " ({} such characters)", self.0.unconvertible.len())?;
        }
        Ok(())
    }
}

impl core::error::Error for EntryError {}

/// Cleans a typed or pasted IRI reference (see the [module
/// documentation](self) for the steps): the IRI reference and every change
/// made, or an error at the first character that cannot be converted.
///
/// ```
/// use rfc3987::entry::clean;
///
/// // Pasted from mail, with the line break a mailer added.
/// let cleaned = clean("<http://www.ics.uci.edu/pub/\n   ietf/uri/historical.html#WARNING>")?;
/// assert_eq!(cleaned.iri(), "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING");
///
/// let error = clean("ht tp://example.org/").unwrap_err();
/// assert_eq!(error.offset(), 2);
/// assert_eq!(error.unconvertible(), [(2, ' ')]);
/// # Ok::<(), rfc3987::entry::EntryError>(())
/// ```
pub fn clean(input: &str) -> Result<Cleaned, EntryError> {
    let mut changes = Vec::new();
    let body = match unwrap(input, &mut changes) {
        Ok(body) => body,
        Err(offset) => {
            return Err(EntryError(Arc::new(Failure {
                offset,
                typed: input[offset..].chars().next(),
                too_deep: true,
                split_authority: false,
                unconvertible: Vec::new(),
                syntax: None,
                changes,
            })))
        }
    };
    if body.is_empty() {
        return Err(EntryError(Arc::new(Failure {
            offset: body.start,
            typed: None,
            too_deep: false,
            split_authority: false,
            unconvertible: Vec::new(),
            syntax: None,
            changes,
        })));
    }
    let stray = match stray_zones(input, body.clone()) {
        Ok(stray) => stray,
        Err(offset) => {
            return Err(EntryError(Arc::new(Failure {
                offset,
                typed: input[offset..].chars().next(),
                too_deep: false,
                split_authority: true,
                unconvertible: Vec::new(),
                syntax: None,
                changes,
            })))
        }
    };
    let (mapped, mapped_spans) = map_characters(input, body.clone(), &stray, &mut changes);
    let unconvertible = scheme_problems(input, &mapped, &mapped_spans);
    if let Some(&(offset, typed)) = unconvertible.first() {
        return Err(EntryError(Arc::new(Failure {
            offset,
            typed: Some(typed),
            too_deep: false,
            split_authority: false,
            unconvertible,
            syntax: None,
            changes,
        })));
    }
    let encoded = encode(input, &mapped, &mapped_spans, &mut changes, None);
    match IriRef::parse(encoded) {
        Ok(iri) => Ok(Cleaned { iri, changes }),
        Err(error) => {
            // Where the error stands in `mapped`, then in the input.
            let mut spans = Spans::new(0..mapped.len());
            encode(
                input,
                &mapped,
                &mapped_spans,
                &mut Vec::new(),
                Some(&mut spans),
            );
            let at = spans.input_offset(error.offset(), mapped.len());
            let (offset, typed) = mapped_spans
                .typed(input, &mapped, at)
                .map(|(offset, c)| (offset, Some(c)))
                .unwrap_or_else(|| {
                    let offset = mapped_spans.input_offset(at, body.end);
                    (offset, input[offset..body.end].chars().next())
                });
            Err(EntryError(Arc::new(Failure {
                offset,
                typed,
                too_deep: false,
                split_authority: false,
                unconvertible: Vec::new(),
                syntax: Some(Box::new(error)),
                changes,
            })))
        }
    }
}

/// Whether `c` marks where a line may (U+00AD SOFT HYPHEN, U+200B ZERO
/// WIDTH SPACE) or may not (U+2060 WORD JOINER, U+FEFF in its old use)
/// break: invisible, and put into text by the software that laid it out
/// (a word processor's hyphenation, a page that lets a long address wrap),
/// as a line break is; step 2 removes it inside the text as it removes a
/// line break (UAX 14 classes `ZW`, `WJ` and the soft hyphen).
fn is_break_mark(c: char) -> bool {
    matches!(c, '\u{00AD}' | '\u{200B}' | '\u{2060}' | '\u{FEFF}')
}

/// Whether step 1 removes `c` around the text: white space (`White_Space`),
/// the bidi formatting characters that right-to-left text puts around an
/// IRI (`Bidi_Control`: LRM, RLM, ALM, the embeddings, overrides and
/// isolates, which section 4.1 forbids in an IRI) and the other invisible
/// format characters (`Default_Ignorable_Code_Point` with
/// `General_Category=Cf`: U+200B ZERO WIDTH SPACE, U+2060 WORD JOINER,
/// U+FEFF, a pasted byte order mark), but not the joiners U+200C and
/// U+200D nor the Mongolian vowel separator. Inside the text they are data (step 5 encodes the bidi
/// formatting characters).
fn surrounds(c: char) -> bool {
    c.is_whitespace() || is_bidi_formatting(c) || is_invisible_format(c)
}

/// The characters of `text` that step 2 keeps, as steps 3 and 4 make
/// them standing alone ([`as_mapped`]), with their byte ranges in `text`:
/// white space with a line break in it, the marks of where a line may
/// break, and bidi and invisible format characters (which step 2 removes
/// from a scheme and an authority, where this reading is used) are
/// skipped. Step 1 reads text this way so that what it decides on the
/// text is what it would decide on the cleaned result.
fn kept_chars(text: &str) -> impl Iterator<Item = (Range<usize>, char)> + '_ {
    let mut i = 0;
    // The end of the last run of white space found to hold no line break.
    let mut plain_blank_end = 0;
    core::iter::from_fn(move || loop {
        let c = text.get(i..)?.chars().next()?;
        if c.is_whitespace() && i >= plain_blank_end {
            let (blank, line_break) = leading_blank(&text[i..]);
            if line_break {
                i += blank;
                continue;
            }
            plain_blank_end = i + blank;
        } else if is_break_mark(c) || is_bidi_formatting(c) || is_invisible_format(c) {
            i += c.len_utf8();
            continue;
        }
        let start = i;
        i += c.len_utf8();
        return Some((start..i, as_mapped(c)));
    })
}

/// Whether `c` ends a line: Unicode `Line_Break` classes `BK` (VT, which
/// a word processor writes for a manual line break, FF, U+2028 LINE
/// SEPARATOR, U+2029 PARAGRAPH SEPARATOR), `CR`, `LF` and `NL` (U+0085
/// NEXT LINE), UAX 14's mandatory breaks.
fn is_line_break(c: char) -> bool {
    matches!(
        CodePointMapData::<LineBreak>::new().get(c),
        LineBreak::MandatoryBreak
            | LineBreak::CarriageReturn
            | LineBreak::LineFeed
            | LineBreak::NextLine
    )
}

/// The length of the white space (`White_Space`) that starts `text`, and
/// whether it holds a line break ([`is_line_break`]): step 2 removes such
/// a run whole, the no-break and ideographic spaces of an indentation too.
fn leading_blank(text: &str) -> (usize, bool) {
    let mut line_break = false;
    let len = text
        .char_indices()
        .find(|&(_, c)| {
            line_break |= is_line_break(c);
            !c.is_whitespace()
        })
        .map_or(text.len(), |(i, _)| i);
    (len, line_break)
}

/// [`leading_blank`] at the end of `text`.
fn trailing_blank(text: &str) -> (usize, bool) {
    let mut line_break = false;
    let kept = text
        .char_indices()
        .rev()
        .find(|&(_, c)| {
            line_break |= is_line_break(c);
            !c.is_whitespace()
        })
        .map_or(0, |(i, c)| i + c.len_utf8());
    (text.len() - kept, line_break)
}

/// The character that steps 3 and 4 make of `c` standing alone (`（` is
/// `(`, `｢` is `「`, `＇` is `'`, U+2329 is `〈`), or `c` itself when they
/// make more than one character of it. Step 1 reads characters as these:
/// otherwise `(）` would stay, become `()` in step 3, and a second
/// cleaning would unwrap it, so cleaning would not be idempotent.
fn as_mapped(c: char) -> char {
    if c.is_ascii() {
        return c;
    }
    let normalizer = if in_width_block(c) {
        ComposingNormalizerBorrowed::new_nfkc()
    } else {
        ComposingNormalizerBorrowed::new_nfc()
    };
    let mut buf = [0; 4];
    let mapped = normalizer.normalize(c.encode_utf8(&mut buf));
    let mut chars = mapped.chars();
    match (chars.next(), chars.next()) {
        (Some(m), None) => m,
        _ => c,
    }
}

/// The most unchanged bytes between two changes of one kind that
/// [`push_change`] merges into one change: a run of the same change with
/// short stretches of untouched text between (`a\0a\0a\0`, `ａbａbａb`)
/// is reported once, so that the changes of any input take memory within
/// a small multiple of its length, while changes that far apart stay
/// apart.
const MERGE_GAP: usize = 32;

/// Pushes `change` (made by the same step as the last one, in order of
/// position), merged into the last change when it is of the same kind and
/// the text between them is at most [`MERGE_GAP`] bytes of visible ASCII
/// (no white space, which step 2 may remove, no control): text that no
/// step changes, so that it stands in `before` and `after` as it is in
/// the input. Removals around
/// the text (trimming, unwrapping) merge only when they touch.
fn push_change(changes: &mut Vec<Change>, change: Change, input: &str) {
    if let Some(last) = changes.last_mut() {
        if last.kind == change.kind && last.range.end <= change.range.start {
            let gap = &input[last.range.end..change.range.start];
            let mergeable = match change.kind {
                ChangeKind::Trimmed | ChangeKind::Unwrapped | ChangeKind::Label => gap.is_empty(),
                _ => gap.len() <= MERGE_GAP && gap.bytes().all(|b| b.is_ascii_graphic()),
            };
            if mergeable {
                last.range.end = change.range.end;
                last.before.push_str(gap);
                last.before.push_str(&change.before);
                last.after.push_str(gap);
                last.after.push_str(&change.after);
                return;
            }
        }
    }
    changes.push(change);
}

/// Where each part of a derived text comes from in its source (the
/// input, for steps 2 to 4's text; that text, for step 5's): stretches
/// copied as they are, and edits (a stretch of the source replaced by
/// other text, or removed). Only the edits are stored, the copied text
/// between them implied; edits at most [`MERGE_GAP`] bytes apart are one
/// edit. So the map of a text with a change every few bytes costs memory
/// in proportion to its clusters of changes, and an offset inside such a
/// cluster is placed at the cluster's start.
#[derive(Debug)]
struct Spans {
    /// The source's range: derived offset 0 comes from `source.start`.
    source: Range<usize>,
    /// Sorted, and apart: derived bytes `out` come from source bytes
    /// `input`.
    edits: Vec<Edit>,
}

#[derive(Debug, Clone)]
struct Edit {
    out: Range<usize>,
    input: Range<usize>,
}

impl Spans {
    fn new(source: Range<usize>) -> Spans {
        Spans {
            source,
            edits: Vec::new(),
        }
    }

    /// Records that the derived text `out` comes from the source's
    /// `input`, byte for byte when `verbatim` (implied, so not stored).
    fn push(&mut self, out: Range<usize>, input: Range<usize>, verbatim: bool) {
        if verbatim {
            return;
        }
        if let Some(last) = self.edits.last_mut() {
            if input.start - last.input.end <= MERGE_GAP {
                last.out.end = out.end;
                last.input.end = input.end;
                return;
            }
        }
        self.edits.push(Edit { out, input });
    }

    /// The edit that derived byte `out` is in, or the source offset it
    /// was copied from.
    fn locate(&self, out: usize) -> Result<&Edit, usize> {
        let Some(i) = self
            .edits
            .partition_point(|e| e.out.start <= out)
            .checked_sub(1)
        else {
            return Err(self.source.start + out);
        };
        let edit = &self.edits[i];
        if out < edit.out.end {
            Ok(edit)
        } else {
            Err(edit.input.end + (out - edit.out.end))
        }
    }

    /// The source bytes that the derived bytes `out` come from
    /// (`source_end..source_end` past the end).
    fn input_range(&self, out: Range<usize>, source_end: usize) -> Range<usize> {
        match self.locate(out.start) {
            Ok(edit) => edit.input.clone(),
            Err(start) if start >= self.source.end => source_end..source_end,
            Err(start) => {
                let next = self
                    .edits
                    .get(self.edits.partition_point(|e| e.out.start <= out.start))
                    .map_or(self.source.end, |e| e.input.start);
                start..(start + out.len()).min(next)
            }
        }
    }

    /// The source offset of the derived offset `out` (`source_end` for
    /// the end of the text).
    fn input_offset(&self, out: usize, source_end: usize) -> usize {
        self.input_range(out..out, source_end).start
    }

    /// The character of `input` that the character of `mapped` (steps 2
    /// to 4's text) at `i` was typed as, and its offset: in a changed
    /// span, found by mapping the span's characters one by one (step 3
    /// maps one character to one; `None` where NFC joined characters and
    /// the walk does not land on `i`).
    fn typed(&self, input: &str, mapped: &str, i: usize) -> Option<(usize, char)> {
        let span = match self.locate(i) {
            Err(at) => return Some((at, input.get(at..)?.chars().next()?)),
            Ok(edit) => edit,
        };
        let nfkc = ComposingNormalizerBorrowed::new_nfkc();
        let mut out = span.out.start;
        for (k, t) in input[span.input.clone()].char_indices() {
            if out == i {
                return Some((span.input.start + k, t));
            }
            let mut buf = [0u8; 4];
            let typed = t.encode_utf8(&mut buf);
            out += if in_width_block(t) {
                nfkc.normalize(typed).len()
            } else {
                typed.len()
            };
            if out > i || out > mapped.len() {
                return None;
            }
        }
        None
    }
}

/// Records that `range` of `input` goes, with nothing written for it
/// after `out`: a change of `kind`, and its span.
fn remove(
    kind: ChangeKind,
    range: Range<usize>,
    input: &str,
    out: &str,
    changes: &mut Vec<Change>,
    spans: &mut Spans,
) {
    let change = Change {
        kind,
        range: range.clone(),
        before: input[range.clone()].to_owned(),
        after: String::new(),
    };
    push_change(changes, change, input);
    spans.push(out.len()..out.len(), range, false);
}

/// Steps 2 to 4 over `body`: line breaks, width and NFC.
fn map_characters(
    input: &str,
    body: Range<usize>,
    stray: &StrayZones,
    changes: &mut Vec<Change>,
) -> (String, Spans) {
    let nfc = ComposingNormalizerBorrowed::new_nfc();
    let nfkc = ComposingNormalizerBorrowed::new_nfkc();
    let mut out = String::with_capacity(body.len());
    let mut spans = Spans::new(body.clone());
    let mut width_changes = Vec::new();
    let mut nfc_changes = Vec::new();
    let mut pos = body.start;
    // The end of the last run of white space found to hold no line
    // break: its characters are segments, and the run is not read again.
    let mut plain_blank_end = body.start;
    while pos < body.end {
        // A run of white space with a line break in it goes.
        if pos >= plain_blank_end {
            let (blank, line_break) = leading_blank(&input[pos..body.end]);
            if line_break {
                let range = pos..pos + blank;
                remove(
                    ChangeKind::LineBreak,
                    range,
                    input,
                    &out,
                    changes,
                    &mut spans,
                );
                pos += blank;
                continue;
            }
            plain_blank_end = pos + blank;
        }
        // A mark of where a line may or may not break: removed as a line
        // break is.
        if let Some(mark) = input[pos..body.end]
            .chars()
            .next()
            .filter(|&c| is_break_mark(c))
        {
            let end = pos + mark.len_utf8();
            remove(
                ChangeKind::LineBreak,
                pos..end,
                input,
                &out,
                changes,
                &mut spans,
            );
            pos = end;
            continue;
        }
        // White space or an invisible format character where an address
        // cannot hold it.
        if let Some(c) = input[pos..body.end]
            .chars()
            .next()
            .filter(|&c| stray.removes(pos, c))
        {
            let end = pos + c.len_utf8();
            remove(
                ChangeKind::StraySpace,
                pos..end,
                input,
                &out,
                changes,
                &mut spans,
            );
            pos = end;
            continue;
        }
        // A segment: a character and the non-ASCII ones after it up to
        // white space, a bidi or invisible format character, or a break
        // mark. NFC and the width mapping never
        // reach across an ASCII character or white space (none composes
        // with what precedes it), so segments are normalized apart.
        let first = input[pos..].chars().next().map_or(1, char::len_utf8);
        let rest = &input[pos + first..body.end];
        let len = first
            + rest
                .char_indices()
                .find(|&(_, c)| c.is_ascii() || surrounds(c) || is_break_mark(c))
                .map_or(rest.len(), |(k, _)| k);
        let range = pos..pos + len;
        let segment = &input[range.clone()];
        pos += len;
        if len == 1 {
            out.push_str(segment);
            continue;
        }
        let widened = widen(&nfkc, input, range.clone(), &mut width_changes);
        let normalized = nfc.normalize(&widened);
        if normalized != widened {
            // Against the input, so that `before` is the input's text
            // (a full-width letter that step 3 widened included).
            let (before, after, narrowed) = narrow(segment, &normalized, range.start);
            let change = Change {
                kind: ChangeKind::Nfc,
                range: narrowed,
                before: before.to_owned(),
                after: after.to_owned(),
            };
            push_change(&mut nfc_changes, change, input);
        }
        let verbatim = normalized == segment;
        spans.push(out.len()..out.len() + normalized.len(), range, verbatim);
        out.push_str(&normalized);
    }
    changes.append(&mut width_changes);
    changes.append(&mut nfc_changes);
    if !nfc.is_normalized(&out) {
        // A removed line break joined a character and a combining mark
        // (`z` and U+0341 across `\n`), which NFC now composes: normalize
        // the joined text as a whole, as one change over the body (the
        // segments no longer map one to one).
        let joined = nfc.normalize(&out).into_owned();
        changes.push(Change {
            kind: ChangeKind::Nfc,
            range: body.clone(),
            before: input[body.clone()].to_owned(),
            after: joined.clone(),
        });
        spans = Spans::new(body.clone());
        spans.push(0..joined.len(), body, false);
        out = joined;
    }
    (out, spans)
}

/// Where step 2 removes white space and invisible format characters
/// (`White_Space`, `Bidi_Control`, the invisible `Cf` characters of
/// [`surrounds`]), as input byte ranges: neither can stand in a scheme,
/// right after `scheme:` or `//`, or in an authority, and there a space is
/// a slip (`https:// example.com`, `mailto: a@b`, `example. com`) and an
/// invisible character an unseen stowaway (an LRM pasted inside a host),
/// where percent-encoding would make an address that never works.
/// Elsewhere (a path, a query, a fragment) white space is data, and step
/// 5 encodes it.
#[derive(Debug, Default)]
struct StrayZones {
    /// The scheme: invisible characters only (white space in a scheme is
    /// an unconvertible character, since `ht tp` may be two words).
    scheme: Range<usize>,
    /// From after the scheme's colon through the authority.
    rest: Range<usize>,
}

impl StrayZones {
    /// Whether step 2 removes `c`, at input byte `at`.
    fn removes(&self, at: usize, c: char) -> bool {
        let invisible = is_bidi_formatting(c) || is_invisible_format(c);
        (self.scheme.contains(&at) && invisible)
            || (self.rest.contains(&at) && (invisible || c.is_whitespace()))
    }
}

/// The [`StrayZones`] of `input[body]`, read as steps 2 to 4 will make
/// it ([`kept_chars`]); or the offset of white space between two
/// characters of a name in the authority, which only the one who typed
/// it can place (`https://exa mple.com/`): white space next to a delimiter
/// of the authority (`//`, `.` or `。`, `:`, `@`, `[`, `]`, its end) goes.
fn stray_zones(input: &str, body: Range<usize>) -> Result<StrayZones, usize> {
    let at = |k: usize| body.start + k;
    let text = &input[body.clone()];
    let mut chars = kept_chars(text).peekable();
    let mut slashes = 0;
    let mut first_slash = None;
    let colon = if let Some((range, '/')) = chars.peek().cloned() {
        // A network-path reference: `//` itself, with nothing between.
        chars.next();
        if chars
            .next_if(|(r, c)| *c == '/' && r.start == range.end)
            .is_none()
        {
            return Ok(StrayZones::default());
        }
        slashes = 2;
        first_slash = Some(range.start);
        range.start
    } else {
        // The scheme and its colon.
        let mut first = true;
        loop {
            let Some((range, c)) = chars.next() else {
                return Ok(StrayZones::default());
            };
            if c == ':' && !first {
                break range.end;
            }
            let allowed = if first {
                class::is_alpha(c)
            } else {
                class::is_scheme(c)
            };
            if !allowed {
                return Ok(StrayZones::default());
            }
            first = false;
        }
    };
    let scheme = body.start..at(colon);
    // White space after the colon, and `//` with white space around it.
    let mut end = text.len();
    while let Some(&(ref range, c)) = chars.peek() {
        if c == '/' && slashes < 2 {
            slashes += 1;
            first_slash.get_or_insert(range.start);
        } else if !c.is_whitespace() {
            end = range.start;
            break;
        }
        chars.next();
    }
    if slashes < 2 {
        // No authority: the white space before the path goes (`mailto:
        // a@b`, `https: /a`), and not what follows a single `/`.
        let end = first_slash.map_or(end, |slash| end.min(slash));
        return Ok(StrayZones {
            scheme,
            rest: at(colon)..at(end),
        });
    }
    // The authority, up to `/`, `?` or `#`.
    let delimiter = |c: char| matches!(c, '.' | ':' | '@' | '[' | ']' | IDEOGRAPHIC_FULL_STOP);
    let mut before_space: Option<char> = None;
    let mut last = '/';
    let mut space: Option<usize> = None;
    end = text.len();
    for (range, c) in chars {
        if matches!(c, '/' | '?' | '#') {
            end = range.start;
            break;
        }
        if c.is_whitespace() {
            if space.is_none() {
                space = Some(range.start);
                before_space = Some(last);
            }
            continue;
        }
        if let (Some(k), Some(b)) = (space.take(), before_space.take()) {
            if !delimiter(b) && b != '/' && !delimiter(c) {
                return Err(at(k));
            }
        }
        last = c;
    }
    Ok(StrayZones {
        scheme,
        rest: at(colon)..at(end),
    })
}

/// Step 3 on one segment at `offset` in the input: each run of full-width
/// ASCII or half-width Katakana through NFKC.
fn widen<'a>(
    nfkc: &ComposingNormalizerBorrowed<'static>,
    input: &'a str,
    range: Range<usize>,
    changes: &mut Vec<Change>,
) -> Cow<'a, str> {
    let (segment, offset) = (&input[range.clone()], range.start);
    let in_block = in_width_block;
    let Some(first) = segment.find(in_block) else {
        return Cow::Borrowed(segment);
    };
    let mut out = String::with_capacity(segment.len());
    out.push_str(&segment[..first]);
    let mut rest = &segment[first..];
    while let Some(start) = rest.find(in_block) {
        out.push_str(&rest[..start]);
        let run = &rest[start..];
        let len = run.find(|c| !in_block(c)).unwrap_or(run.len());
        let run = &run[..len];
        let mapped = nfkc.normalize(run);
        let at = offset + (segment.len() - rest.len()) + start;
        let change = Change {
            kind: ChangeKind::Width,
            range: at..at + len,
            before: run.to_owned(),
            after: mapped.clone().into_owned(),
        };
        push_change(changes, change, input);
        out.push_str(&mapped);
        rest = &rest[start + len..];
    }
    out.push_str(rest);
    Cow::Owned(out)
}

/// Whether step 3 maps `c`: full-width ASCII, half-width Katakana, and the
/// ideographic space (U+3000, which NFKC makes a space: what the space bar
/// types in full-width mode).
fn in_width_block(c: char) -> bool {
    FULLWIDTH_ASCII.contains(&c) || HALFWIDTH_KATAKANA.contains(&c) || c == IDEOGRAPHIC_SPACE
}

/// `before` and `after` without their common prefix and suffix (whole
/// characters), and the input range of what is left of `before`, which
/// starts at `offset`.
fn narrow<'a>(before: &'a str, after: &'a str, offset: usize) -> (&'a str, &'a str, Range<usize>) {
    let prefix: usize = before
        .chars()
        .zip(after.chars())
        .take_while(|(a, b)| a == b)
        .map(|(a, _)| a.len_utf8())
        .sum();
    let (b, a) = (&before[prefix..], &after[prefix..]);
    let suffix: usize = b
        .chars()
        .rev()
        .zip(a.chars().rev())
        .take_while(|(x, y)| x == y)
        .map(|(x, _)| x.len_utf8())
        .sum();
    let suffix = suffix.min(b.len()).min(a.len());
    let (b, a) = (&b[..b.len() - suffix], &a[..a.len() - suffix]);
    (b, a, offset + prefix..offset + prefix + b.len())
}

/// The characters before the first `:` (when no `/`, `?` or `#` comes
/// first) that cannot be in a scheme, with their input offsets.
fn scheme_problems(input: &str, mapped: &str, spans: &Spans) -> Vec<(usize, char)> {
    let Some(colon) = mapped
        .find([':', '/', '?', '#'])
        .filter(|&i| mapped.as_bytes()[i] == b':')
    else {
        return Vec::new();
    };
    let scheme = &mapped[..colon];
    if rules::SCHEME.recognize(scheme.as_bytes()).is_ok() {
        return Vec::new();
    }
    scheme
        .char_indices()
        .filter(|&(i, c)| {
            let allowed = if i == 0 {
                class::is_alpha(c)
            } else {
                let mut pair = [0u8; 5];
                pair[0] = b'a';
                let len = 1 + c.encode_utf8(&mut pair[1..]).len();
                rules::SCHEME.recognize(&pair[..len]).is_ok()
            };
            !allowed
        })
        .map(|(i, c)| {
            spans
                .typed(input, mapped, i)
                .unwrap_or((spans.input_offset(i, mapped.len()), c))
        })
        .collect()
}

/// Step 5: `mapped` with what the grammar does not allow percent-encoded;
/// changes recorded against the input through `mapped_spans`.
fn encode(
    input: &str,
    mapped: &str,
    mapped_spans: &Spans,
    changes: &mut Vec<Change>,
    mut spans: Option<&mut Spans>,
) -> String {
    // The delimiters that split a reference (RFC 3986 section 3): the
    // scheme's `:`, the authority after `//` up to `/`, `?` or `#`, the
    // first `?` after it, the first `#`.
    let hier = match mapped.find([':', '/', '?', '#']) {
        Some(i) if i > 0 && mapped.as_bytes()[i] == b':' => i + 1,
        _ => 0,
    };
    let authority = mapped[hier..].starts_with("//").then(|| {
        let start = hier + 2;
        let end = mapped[start..]
            .find(['/', '?', '#'])
            .map_or(mapped.len(), |k| start + k);
        start..end
    });
    let path = authority.as_ref().map_or(hier, |a| a.end);
    let fragment = mapped[path..].find('#').map(|k| path + k);
    let query = mapped[path..fragment.unwrap_or(mapped.len())]
        .find('?')
        .map(|k| path + k);
    let in_query = |i: usize| query.is_some_and(|q| i > q) && fragment.is_none_or(|f| i < f);
    // The host: the authority after its last `@`.
    let host_start = authority
        .as_ref()
        .map(|a| a.start + mapped[a.clone()].rfind('@').map_or(0, |k| k + 1));
    let in_host = |i: usize| {
        authority.as_ref().is_some_and(|a| a.contains(&i)) && host_start.is_some_and(|h| i >= h)
    };

    let bytes = mapped.as_bytes();
    let hex = |i: usize| {
        bytes
            .get(i)
            .is_some_and(|&b| class::is_hexdig(char::from(b)))
    };
    let mut out = String::with_capacity(mapped.len());
    // The open run of encoded characters: (start in mapped, start in out,
    // the recorder's mark there).
    let mut run: Option<(usize, usize, Mark)> = None;
    let mut recorder = Recorder::new(input, mapped, mapped_spans);
    let combining = icu_normalizer::properties::CanonicalCombiningClassMapBorrowed::new();
    for (i, c) in mapped.char_indices() {
        recorder.at(i, &out, changes);
        // A combining mark right after an encoded character would follow
        // a hex digit, and compose with it (`%5E` + U+030F is `%5Ȅ`): the
        // result would not be NFC, and cleaning it again would change it.
        // So it is encoded too.
        let after_encoded = run.is_some();
        let keep = match c {
            c if after_encoded && !c.is_ascii() && combining.get_u8(c) != 0 => false,
            '#' => fragment == Some(i),
            '[' | ']' => authority.as_ref().is_some_and(|a| a.contains(&i)),
            '%' => hex(i + 1) && hex(i + 2),
            c if c.is_ascii() => class::is_unreserved(c) || class::is_reserved(c),
            c => {
                (class::is_ucschar(c)
                    && !is_bidi_formatting(c)
                    && !c.is_whitespace()
                    && !is_invisible_format(c))
                    || (class::is_iprivate(c) && in_query(i))
            }
        };
        let source = i..i + c.len_utf8();
        if c == IDEOGRAPHIC_FULL_STOP && in_host(i) {
            if let Some((from, out_from, mark)) = run.take() {
                let kind = ChangeKind::PercentEncoded;
                recorder.record(kind, from..i, out_from, mark, &out, changes);
            }
            let mark = recorder.mark();
            if let Some(spans) = spans.as_deref_mut() {
                spans.push(out.len()..out.len() + 1, source.clone(), false);
            }
            let out_from = out.len();
            out.push('.');
            let kind = ChangeKind::LabelSeparator;
            recorder.record(kind, source, out_from, mark, &out, changes);
            continue;
        }
        if keep {
            if let Some((from, out_from, mark)) = run.take() {
                let kind = ChangeKind::PercentEncoded;
                recorder.record(kind, from..i, out_from, mark, &out, changes);
            }
            out.push(c);
        } else {
            if run.is_none() {
                run = Some((i, out.len(), recorder.mark()));
            }
            let from = out.len();
            push_encoded(&mut out, c);
            if let Some(spans) = spans.as_deref_mut() {
                spans.push(from..out.len(), source, false);
            }
        }
    }
    if let Some((from, out_from, mark)) = run {
        let kind = ChangeKind::PercentEncoded;
        recorder.record(kind, from..mapped.len(), out_from, mark, &out, changes);
    }
    recorder.at(mapped.len(), &out, changes);
    out
}

/// Step 5's changes, recorded against the input exactly: each change's
/// range is the input bytes that its characters were typed as, and its
/// `before` those bytes. Steps 2 to 4's [`Spans`] store edits merged into
/// clusters, so inside a cluster the characters are matched one by one
/// (an input character with the character steps 3 and 4 make of it,
/// alone; white space and invisible characters that step 2 removed,
/// skipped). Where that fails (NFC composed characters of the cluster,
/// `ｶﾞ` is one `ガ`), the change covers the cluster's input whole, and its
/// `after` what step 5 made of all of it.
struct Recorder<'a> {
    input: &'a str,
    mapped: &'a str,
    spans: &'a Spans,
    nfkc: ComposingNormalizerBorrowed<'static>,
    /// The edit of `spans` that the walk is in, and where: (edit, input
    /// offset, mapped offset); `None` before any, or once lost.
    walk: Option<(usize, usize, usize)>,
    /// The first edit whose mapped text ends after the loop's position.
    edit: usize,
    /// Where the loop entered that edit: output offset.
    edit_out: usize,
    /// The end of the last change recorded: (input, output).
    last: Option<(usize, usize)>,
    /// A change that covers an edit whole, waiting for the loop to pass
    /// the edit's mapped end: (kind, input start, output start, mapped end,
    /// input end).
    pending: Option<(ChangeKind, usize, usize, usize, usize)>,
}

/// Where a run of changed characters began: the edit the loop was in
/// and the output offset where it entered it.
#[derive(Clone, Copy)]
struct Mark {
    edit: usize,
    edit_out: usize,
}

impl<'a> Recorder<'a> {
    fn new(input: &'a str, mapped: &'a str, spans: &'a Spans) -> Self {
        Recorder {
            input,
            mapped,
            spans,
            nfkc: ComposingNormalizerBorrowed::new_nfkc(),
            walk: None,
            edit: 0,
            edit_out: 0,
            last: None,
            pending: None,
        }
    }

    /// The loop is at mapped offset `i`, with the output `out` so far.
    fn at(&mut self, i: usize, out: &str, changes: &mut Vec<Change>) {
        let edits = &self.spans.edits;
        while edits.get(self.edit).is_some_and(|e| e.out.end <= i) {
            self.edit += 1;
        }
        if edits.get(self.edit).is_some_and(|e| e.out.start == i) {
            self.edit_out = out.len();
        }
        if let Some((kind, start, out_start, mapped_end, end)) = self.pending {
            if i >= mapped_end {
                self.pending = None;
                self.push(kind, start..end, out_start..out.len(), changes, out);
            }
        }
    }

    fn mark(&self) -> Mark {
        Mark {
            edit: self.edit,
            edit_out: self.edit_out,
        }
    }

    /// Records that the mapped characters `from` became the output from
    /// `out_from` to the end of `out`; `mark` is where their run began.
    fn record(
        &mut self,
        kind: ChangeKind,
        from: Range<usize>,
        out_from: usize,
        mark: Mark,
        out: &str,
        changes: &mut Vec<Change>,
    ) {
        let start = self.input_at(from.start, true);
        let end = self.input_at(from.end, false);
        let (m, e) = self.edit_end(from.end);
        if let Some((_, _, _, mapped_end, edit_end)) = &mut self.pending {
            // Inside an edit already covered whole: it grows.
            if from.start < *mapped_end {
                *mapped_end = (*mapped_end).max(m).max(from.end);
                *edit_end = (*edit_end).max(end.unwrap_or(e));
                return;
            }
        }
        match (start, end) {
            (Some(start), Some(end)) => {
                self.push(kind, start..end, out_from..out.len(), changes, out);
            }
            (start, end) => {
                let (start, out_start) = match start {
                    Some(start) => (start, out_from),
                    None => {
                        let edit = &self.spans.edits[mark.edit];
                        match self.last {
                            Some((input, out)) if input > edit.input.start => (input, out),
                            _ => (edit.input.start, mark.edit_out),
                        }
                    }
                };
                let end = end.unwrap_or(e);
                self.pending = Some((kind, start, out_start, m.max(from.end), end));
                // Its edit may end where the run does: `out` holds its
                // output then.
                self.at(from.end, out, changes);
            }
        }
    }

    /// The mapped and input ends of the edit that mapped offset `i`
    /// (a run's end) is in, or `i`'s own place when it is in none.
    fn edit_end(&self, i: usize) -> (usize, usize) {
        match self.spans.locate(i.saturating_sub(1)) {
            Ok(edit) => (edit.out.end, edit.input.end),
            Err(at) => (i, at + 1),
        }
    }

    /// Pushes a change of the input's `range`, which became `out[out_range]`.
    fn push(
        &mut self,
        kind: ChangeKind,
        range: Range<usize>,
        out_range: Range<usize>,
        changes: &mut Vec<Change>,
        out: &str,
    ) {
        self.last = Some((range.end, out_range.end));
        let change = Change {
            kind,
            before: self.input[range.clone()].to_owned(),
            range,
            after: out[out_range].to_owned(),
        };
        push_change(changes, change, self.input);
    }

    /// The input offset that mapped offset `p` was typed at, walking the
    /// edit it is in from where the last call left off (`p` does not
    /// decrease); with `skip_removed`, past what step 2 removed there.
    /// `None` when the edit's characters do not match one by one.
    fn input_at(&mut self, p: usize, skip_removed: bool) -> Option<usize> {
        let edits = &self.spans.edits;
        let Some(k) = edits.partition_point(|e| e.out.start <= p).checked_sub(1) else {
            return Some(self.spans.source.start + p);
        };
        let edit = &edits[k];
        if p >= edit.out.end {
            return Some(edit.input.end + (p - edit.out.end));
        }
        let (mut i, mut m) = match self.walk {
            Some((e, i, m)) if e == k && m <= p => (i, m),
            Some((e, ..)) if e == k => return None,
            _ => (edit.input.start, edit.out.start),
        };
        let removed = |t: char| {
            t.is_whitespace() || is_break_mark(t) || is_bidi_formatting(t) || is_invisible_format(t)
        };
        loop {
            let t = self.input[i..edit.input.end].chars().next();
            let matched = t.map(|t| {
                let mut buf = [0u8; 4];
                let typed = t.encode_utf8(&mut buf);
                let form = if in_width_block(t) {
                    self.nfkc.normalize(typed)
                } else {
                    Cow::Borrowed(&*typed)
                };
                self.mapped[m..].starts_with(&*form).then_some(form.len())
            });
            if m == p {
                if skip_removed {
                    if let (Some(t), Some(None)) = (t, matched) {
                        if removed(t) {
                            i += t.len_utf8();
                            continue;
                        }
                    }
                }
                self.walk = Some((k, i, m));
                return Some(i);
            }
            match (t, matched) {
                (Some(t), Some(Some(len))) if m + len <= p => {
                    m += len;
                    i += t.len_utf8();
                }
                (Some(t), Some(None)) if removed(t) => i += t.len_utf8(),
                _ => {
                    // Lost: the edit's text is not its characters' one by
                    // one (NFC composed them).
                    self.walk = Some((k, usize::MAX, usize::MAX));
                    return None;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
