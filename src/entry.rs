//! Cleaning typed or pasted IRIs (RFC 3987 section 7.2, RFC 3986
//! Appendix C).
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
//! conversion; it eliminates nothing but wrappers and white space, and what
//! it cannot convert is an error that points at it.
//!
//! ```
//! use rfc3987::entry::{clean, ChangeKind};
//!
//! let cleaned = clean(" <ｈｔｔｐ://例え.jp/ﾃｽﾄ/my file.html> ")?;
//! assert_eq!(cleaned.iri(), "http://例え.jp/テスト/my%20file.html");
//! let kinds: Vec<ChangeKind> = cleaned.changes().iter().map(|c| c.kind).collect();
//! assert_eq!(kinds, [
//!     ChangeKind::Trimmed, ChangeKind::Trimmed,           // the spaces
//!     ChangeKind::Unwrapped, ChangeKind::Unwrapped,       // `<` and `>`
//!     ChangeKind::Width,                                  // ｈｔｔｐ
//!     ChangeKind::Width,                                  // ﾃｽﾄ
//!     ChangeKind::PercentEncoded,                         // the space
//! ]);
//! let width = &cleaned.changes()[4];
//! assert_eq!((width.range.clone(), &*width.before, &*width.after), (2..14, "ｈｔｔｐ", "http"));
//! # Ok::<(), rfc3987::entry::EntryError>(())
//! ```
//!
//! # The steps, in order
//!
//! 1. **Trim and unwrap.** White space (Unicode `White_Space`) around the
//!    text is removed, then a wrapper: `<` and `>`, `"` and `"`, or a
//!    leading `URL:` (any case, Appendix C's old prefix), repeatedly, so
//!    `<URL:http://a/>` gives `http://a/`.
//! 2. **Line breaks.** A line break inside the text, with the spaces and
//!    tabs around it, is removed: Appendix C says white space added to
//!    break a long identifier across lines "should be ignored". Other
//!    spaces are data, and are encoded in step 5.
//! 3. **Width.** Full-width forms of ASCII (U+FF01 to U+FF5E: `ｈ`, `：`,
//!    `／`) become ASCII and half-width Katakana (U+FF61 to U+FF9F: `ﾃ`,
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
//!    contain them.
//! 6. **Validation** as an `IRI-reference`.
//!
//! Each change is a [`Change`]: its [`ChangeKind`], the byte range of the
//! input it comes from, and the text before and after. `before` is the
//! text as the step found it: the input's own text except where an
//! earlier step changed the same characters (a half-width Katakana that
//! step 3 widened and step 4 composed).
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
//!
//! # Cost
//!
//! Linear in the input. Nothing is copied into a new string when the
//! input is already clean; otherwise one output string, and one
//! [`Change`] per run of changed characters.

use core::fmt;
use core::ops::{Range, RangeInclusive};

use alloc::borrow::{Cow, ToOwned};
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

use icu_normalizer::ComposingNormalizerBorrowed;

use crate::grammar::{class, rules};
use crate::mapping::is_bidi_formatting;
use crate::percent::push_encoded;
use crate::{IriRef, ParseError};

/// Full-width forms of the printable ASCII characters `!` to `~`, in the
/// Unicode block Halfwidth and Fullwidth Forms (U+FF00 to U+FFEF). Not
/// grammar syntax: the block's layout, which NFKC maps to ASCII.
const FULLWIDTH_ASCII: RangeInclusive<char> = '\u{FF01}'..='\u{FF5E}';

/// Half-width Katakana and CJK punctuation (`｡`, `｢`, `｣`, `､`, `･`) in the
/// same block, which NFKC maps to their full-width forms (composing a
/// voiced sound mark with the letter before it).
const HALFWIDTH_KATAKANA: RangeInclusive<char> = '\u{FF61}'..='\u{FF9F}';

/// What a [`Change`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ChangeKind {
    /// White space around the text removed (step 1).
    Trimmed,
    /// A wrapper removed: `<`, `>`, `"` or `URL:` (step 1).
    Unwrapped,
    /// A line break and the spaces and tabs around it removed (step 2).
    LineBreak,
    /// Full-width ASCII made ASCII, half-width Katakana made full-width
    /// (step 3).
    Width,
    /// Normalized to NFC (step 4).
    Nfc,
    /// Characters the grammar does not allow there, percent-encoded
    /// (step 5).
    PercentEncoded,
}

impl ChangeKind {
    /// A lowercase name for the kind: `trimmed`, `unwrapped`,
    /// `line-break`, `width`, `nfc`, `percent-encoded`.
    pub fn name(self) -> &'static str {
        match self {
            ChangeKind::Trimmed => "trimmed",
            ChangeKind::Unwrapped => "unwrapped",
            ChangeKind::LineBreak => "line-break",
            ChangeKind::Width => "width",
            ChangeKind::Nfc => "nfc",
            ChangeKind::PercentEncoded => "percent-encoded",
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
    /// The text before (empty for nothing).
    pub before: String,
    /// The text after (empty for a removal).
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
#[derive(Clone, Debug)]
pub struct EntryError {
    offset: usize,
    unconvertible: Vec<(usize, char)>,
    syntax: Option<Box<ParseError>>,
    changes: Vec<Change>,
}

impl EntryError {
    /// Byte offset in the input of the first character that could not be
    /// made part of an IRI reference.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The characters before the first `:` that a scheme does not allow and
    /// that percent-encoding cannot fix, with their offsets in the input;
    /// empty for a [`syntax`](Self::syntax) error.
    pub fn unconvertible(&self) -> &[(usize, char)] {
        &self.unconvertible
    }

    /// For a failure other than unconvertible characters, the parse error
    /// of the cleaned text (its offsets are in the cleaned text;
    /// [`offset`](Self::offset) is in the input).
    pub fn syntax(&self) -> Option<&ParseError> {
        self.syntax.as_deref()
    }

    /// The changes made before the failure.
    pub fn changes(&self) -> &[Change] {
        &self.changes
    }
}

impl fmt::Display for EntryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(error) = &self.syntax {
            return write!(f, "after cleaning, {error}");
        }
        let Some(&(offset, c)) = self.unconvertible.first() else {
            return write!(f, "cannot be cleaned at byte {}", self.offset);
        };
        write!(
            f,
            "cannot convert {c:?} (U+{:04X}) at byte {offset}: a scheme (before the first ':') \
             cannot hold it, not even percent-encoded",
            u32::from(c)
        )?;
        if self.unconvertible.len() > 1 {
            write!(f, " ({} such characters)", self.unconvertible.len())?;
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
    let body = unwrap(input, &mut changes);
    let (mapped, mapped_spans) = map_characters(input, body.clone(), &mut changes);
    let unconvertible = scheme_problems(&mapped, &mapped_spans);
    if let Some(&(offset, _)) = unconvertible.first() {
        return Err(EntryError {
            offset,
            unconvertible,
            syntax: None,
            changes,
        });
    }
    let (encoded, spans) = encode(input, &mapped, &mapped_spans, &mut changes);
    match IriRef::parse(encoded) {
        Ok(iri) => Ok(Cleaned { iri, changes }),
        Err(error) => Err(EntryError {
            offset: spans.input_offset(error.offset(), body.end),
            unconvertible: Vec::new(),
            syntax: Some(Box::new(error)),
            changes,
        }),
    }
}

/// Step 1: the range of `input` left after trimming and unwrapping.
fn unwrap(input: &str, changes: &mut Vec<Change>) -> Range<usize> {
    let (mut start, mut end) = (0, input.len());
    let mut removed = |kind, range: Range<usize>| {
        changes.push(Change {
            kind,
            before: input[range.clone()].to_owned(),
            range,
            after: String::new(),
        });
    };
    loop {
        let text = &input[start..end];
        let leading = text.len() - text.trim_start().len();
        if leading > 0 {
            removed(ChangeKind::Trimmed, start..start + leading);
            start += leading;
        }
        let text = &input[start..end];
        let trailing = text.len() - text.trim_end().len();
        if trailing > 0 {
            removed(ChangeKind::Trimmed, end - trailing..end);
            end -= trailing;
        }
        let text = &input[start..end];
        let pair = [('<', '>'), ('"', '"')].into_iter().find(|&(open, close)| {
            text.len() >= 2 && text.starts_with(open) && text.ends_with(close)
        });
        if pair.is_some() {
            removed(ChangeKind::Unwrapped, start..start + 1);
            removed(ChangeKind::Unwrapped, end - 1..end);
            start += 1;
            end -= 1;
        } else if let Some(len) = url_prefix_len(text) {
            removed(ChangeKind::Unwrapped, start..start + len);
            start += len;
        } else {
            return start..end;
        }
    }
}

/// The length of a `URL:` prefix (ASCII case-insensitive) at the start of
/// `text`, reading through the line breaks (with the blanks around them)
/// that step 2 removes: otherwise `ur` + line break + `l:` would become a
/// `url:` scheme that a second cleaning strips, and cleaning would not be
/// idempotent.
fn url_prefix_len(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut matched = 0;
    let mut i = 0;
    while matched < 4 {
        let blank = bytes[i..]
            .iter()
            .position(|b| !matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
            .unwrap_or(bytes.len() - i);
        if i > 0
            && bytes[i..i + blank]
                .iter()
                .any(|b| matches!(b, b'\r' | b'\n'))
        {
            i += blank;
            continue;
        }
        if !bytes.get(i)?.eq_ignore_ascii_case(&b"URL:"[matched]) {
            return None;
        }
        matched += 1;
        i += 1;
    }
    Some(i)
}

/// Where each part of a derived text comes from in the input.
#[derive(Debug, Default)]
struct Spans {
    /// Sorted by `out`: the text from `out` (to the next span's `out`)
    /// comes from `input`, byte for byte when `verbatim`.
    spans: Vec<Span>,
}

#[derive(Debug, Clone)]
struct Span {
    out: usize,
    input: Range<usize>,
    verbatim: bool,
}

impl Spans {
    /// Records that the text appended at `out` comes from `input`.
    fn push(&mut self, out: usize, input: Range<usize>, verbatim: bool) {
        if let Some(last) = self.spans.last_mut() {
            if verbatim && last.verbatim && last.input.end == input.start {
                last.input.end = input.end;
                return;
            }
        }
        self.spans.push(Span {
            out,
            input,
            verbatim,
        });
    }

    /// The input bytes that the derived bytes `out` come from.
    fn input_range(&self, out: Range<usize>, input_end: usize) -> Range<usize> {
        let Some(i) = self
            .spans
            .partition_point(|s| s.out <= out.start)
            .checked_sub(1)
        else {
            return input_end..input_end;
        };
        let span = &self.spans[i];
        if span.verbatim {
            let start = span.input.start + (out.start - span.out);
            let end = (start + out.len()).min(span.input.end);
            if start >= span.input.end {
                return input_end..input_end;
            }
            start..end
        } else {
            span.input.clone()
        }
    }

    /// The input offset of the derived offset `out` (the end of the
    /// input's body for the end of the text).
    fn input_offset(&self, out: usize, input_end: usize) -> usize {
        self.input_range(out..out, input_end).start
    }
}

/// Steps 2 to 4 over `body`: line breaks, width and NFC.
fn map_characters(input: &str, body: Range<usize>, changes: &mut Vec<Change>) -> (String, Spans) {
    let nfc = ComposingNormalizerBorrowed::new_nfc();
    let nfkc = ComposingNormalizerBorrowed::new_nfkc();
    let mut out = String::with_capacity(body.len());
    let mut spans = Spans::default();
    let mut width_changes = Vec::new();
    let mut nfc_changes = Vec::new();
    let bytes = input.as_bytes();
    let mut pos = body.start;
    while pos < body.end {
        // A run of spaces and tabs with a line break in it goes.
        let blank = bytes[pos..body.end]
            .iter()
            .position(|b| !matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
            .unwrap_or(body.end - pos);
        if bytes[pos..pos + blank]
            .iter()
            .any(|b| matches!(b, b'\r' | b'\n'))
        {
            changes.push(Change {
                kind: ChangeKind::LineBreak,
                range: pos..pos + blank,
                before: input[pos..pos + blank].to_owned(),
                after: String::new(),
            });
            pos += blank;
            continue;
        }
        // A segment: an ASCII character and the non-ASCII ones after it.
        // NFC and the width mapping never reach across an ASCII character
        // (none composes with what precedes it), so segments are
        // normalized apart.
        let first = if bytes[pos].is_ascii() { 1 } else { 0 };
        let len = first
            + bytes[pos + first..body.end]
                .iter()
                .position(u8::is_ascii)
                .unwrap_or(body.end - pos - first);
        let range = pos..pos + len;
        let segment = &input[range.clone()];
        pos += len;
        if len == 1 {
            spans.push(out.len(), range, true);
            out.push_str(segment);
            continue;
        }
        let widened = widen(&nfkc, segment, range.start, &mut width_changes);
        let normalized = nfc.normalize(&widened);
        if normalized != widened {
            let (before, after, narrowed) = if widened == segment {
                narrow(segment, &normalized, range.start)
            } else {
                (&*widened, &*normalized, range.clone())
            };
            nfc_changes.push(Change {
                kind: ChangeKind::Nfc,
                range: narrowed,
                before: before.to_owned(),
                after: after.to_owned(),
            });
        }
        let verbatim = normalized == segment;
        spans.push(out.len(), range, verbatim);
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
        spans = Spans::default();
        spans.push(0, body, false);
        out = joined;
    }
    (out, spans)
}

/// Step 3 on one segment at `offset` in the input: each run of full-width
/// ASCII or half-width Katakana through NFKC.
fn widen<'a>(
    nfkc: &ComposingNormalizerBorrowed<'static>,
    segment: &'a str,
    offset: usize,
    changes: &mut Vec<Change>,
) -> Cow<'a, str> {
    let in_block = |c: char| FULLWIDTH_ASCII.contains(&c) || HALFWIDTH_KATAKANA.contains(&c);
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
        changes.push(Change {
            kind: ChangeKind::Width,
            range: at..at + len,
            before: run.to_owned(),
            after: mapped.clone().into_owned(),
        });
        out.push_str(&mapped);
        rest = &rest[start + len..];
    }
    out.push_str(rest);
    Cow::Owned(out)
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
fn scheme_problems(mapped: &str, spans: &Spans) -> Vec<(usize, char)> {
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
        .map(|(i, c)| (spans.input_offset(i, mapped.len()), c))
        .collect()
}

/// Step 5: `mapped` with what the grammar does not allow percent-encoded;
/// changes recorded against the input through `mapped_spans`.
fn encode(
    input: &str,
    mapped: &str,
    mapped_spans: &Spans,
    changes: &mut Vec<Change>,
) -> (String, Spans) {
    let input_end = mapped_spans.input_end();
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

    let bytes = mapped.as_bytes();
    let hex = |i: usize| {
        bytes
            .get(i)
            .is_some_and(|&b| class::is_hexdig(char::from(b)))
    };
    let mut out = String::with_capacity(mapped.len());
    let mut spans = Spans::default();
    // The open run of encoded characters: (start in mapped, start in out).
    let mut run: Option<(usize, usize)> = None;
    let combining = icu_normalizer::properties::CanonicalCombiningClassMapBorrowed::new();
    for (i, c) in mapped.char_indices() {
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
                (class::is_ucschar(c) && !is_bidi_formatting(c))
                    || (class::is_iprivate(c) && in_query(i))
            }
        };
        let source = mapped_spans.input_range(i..i + c.len_utf8(), input_end);
        if keep {
            if let Some((from, out_from)) = run.take() {
                record_encoded(
                    input,
                    mapped,
                    mapped_spans,
                    from..i,
                    &out[out_from..],
                    changes,
                );
            }
            spans.push(out.len(), source, mapped_spans.is_verbatim(i));
            out.push(c);
        } else {
            if run.is_none() {
                run = Some((i, out.len()));
            }
            spans.push(out.len(), source, false);
            push_encoded(&mut out, c);
        }
    }
    if let Some((from, out_from)) = run {
        let end = mapped.len();
        record_encoded(
            input,
            mapped,
            mapped_spans,
            from..end,
            &out[out_from..],
            changes,
        );
    }
    (out, spans)
}

/// Records the percent-encoding of `mapped[from]` as `after`.
fn record_encoded(
    input: &str,
    mapped: &str,
    mapped_spans: &Spans,
    from: Range<usize>,
    after: &str,
    changes: &mut Vec<Change>,
) {
    let input_end = mapped_spans.input_end();
    let first = mapped_spans.input_range(from.start..from.start, input_end);
    let last = mapped_spans.input_range(from.end..from.end, input_end);
    let range = first.start..last.start.max(first.end);
    let before = if mapped_spans.is_verbatim(from.start) {
        input[range.clone()].to_owned()
    } else {
        mapped[from].to_owned()
    };
    changes.push(Change {
        kind: ChangeKind::PercentEncoded,
        range,
        before,
        after: after.to_owned(),
    });
}

impl Spans {
    /// The end of the input that the last span comes from.
    fn input_end(&self) -> usize {
        self.spans.last().map_or(0, |span| span.input.end)
    }

    /// Whether the derived byte `out` is copied from the input as it is.
    fn is_verbatim(&self, out: usize) -> bool {
        self.spans
            .partition_point(|s| s.out <= out)
            .checked_sub(1)
            .is_some_and(|i| self.spans[i].verbatim)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    fn cleaned(input: &str) -> String {
        match clean(input) {
            Ok(c) => c.into_iri().into_inner(),
            Err(e) => panic!("{input:?}: {e}"),
        }
    }

    fn changes(input: &str) -> Vec<(ChangeKind, Range<usize>, String, String)> {
        clean(input)
            .unwrap()
            .changes()
            .iter()
            .map(|c| (c.kind, c.range.clone(), c.before.clone(), c.after.clone()))
            .collect()
    }

    #[test]
    fn a_clean_input_is_unchanged() {
        for input in [
            "http://例え.jp/引き出し?q#f",
            "",
            "../a",
            "//h/p?x",
            "mailto:a@b",
        ] {
            let result = clean(input).unwrap();
            assert_eq!(result.iri(), input);
            assert!(result.changes().is_empty(), "{input}");
        }
    }

    #[test]
    fn wrappers_and_white_space() {
        assert_eq!(cleaned("  http://a/  "), "http://a/");
        assert_eq!(cleaned("<http://a/>"), "http://a/");
        assert_eq!(cleaned("\"http://a/\""), "http://a/");
        assert_eq!(cleaned("<URL:http://a/>"), "http://a/");
        assert_eq!(cleaned("url: http://a/"), "http://a/");
        assert_eq!(cleaned("\u{3000}\"<http://a/>\"\t"), "http://a/");
        assert_eq!(
            changes("<URL:x>"),
            [
                (ChangeKind::Unwrapped, 0..1, "<".into(), "".into()),
                (ChangeKind::Unwrapped, 6..7, ">".into(), "".into()),
                (ChangeKind::Unwrapped, 1..5, "URL:".into(), "".into()),
            ]
        );
        // A lone wrapper character is data: encoded in a path, and not
        // convertible in a scheme.
        assert_eq!(cleaned("http://a/<b"), "http://a/%3Cb");
        assert_eq!(clean("<http://a/").unwrap_err().unconvertible(), [(0, '<')]);
    }

    #[test]
    fn line_breaks_and_the_blanks_around_them_go() {
        assert_eq!(cleaned("<http://a/b-\n  c>"), "http://a/b-c");
        assert_eq!(
            changes("http://a/b \r\n c"),
            [(ChangeKind::LineBreak, 10..14, " \r\n ".into(), "".into())]
        );
    }

    #[test]
    fn width_is_mapped_in_the_block_only() {
        assert_eq!(cleaned("ｈｔｔｐ：／／ａ．ｊｐ／"), "http://a.jp/");
        assert_eq!(cleaned("http://a/ﾃｽﾄ"), "http://a/テスト");
        // A voiced sound mark composes with its letter.
        assert_eq!(cleaned("http://a/ｶﾞ"), "http://a/ガ");
        assert_eq!(
            changes("http://a/ｶﾞ"),
            [(ChangeKind::Width, 9..15, "ｶﾞ".into(), "ガ".into())]
        );
        // Outside the block NFKC is not applied: ﬁ and ² stay.
        assert_eq!(cleaned("http://a/ﬁ²"), "http://a/ﬁ²");
    }

    #[test]
    fn nfc_changes_are_narrowed() {
        assert_eq!(cleaned("http://a/re\u{301}sume\u{301}"), "http://a/résumé");
        assert_eq!(
            changes("http://a/Vie\u{302}\u{323}t"),
            [(
                ChangeKind::Nfc,
                11..16,
                "e\u{302}\u{323}".into(),
                "\u{1EC7}".into()
            )]
        );
    }

    #[test]
    fn what_the_grammar_rejects_is_encoded() {
        for (input, output) in [
            ("http://a/my file.html", "http://a/my%20file.html"),
            ("http://a/{x}|^`\\", "http://a/%7Bx%7D%7C%5E%60%5C"),
            ("http://a/100%", "http://a/100%25"),
            ("http://a/%4g", "http://a/%254g"),
            ("http://a/%41", "http://a/%41"),
            ("http://a/\u{202E}x", "http://a/%E2%80%AEx"),
            ("http://a/\u{2066}x", "http://a/%E2%81%A6x"),
            ("http://a/\u{FDD0}", "http://a/%EF%B7%90"),
            (
                "http://a/\u{E000}?\u{E000}#\u{E000}",
                "http://a/%EE%80%80?\u{E000}#%EE%80%80",
            ),
            ("http://a/[x]?[y]", "http://a/%5Bx%5D?%5By%5D"),
            ("http://[::1]/", "http://[::1]/"),
            ("http://a/#b#c", "http://a/#b%23c"),
            ("a\u{7}b", "a%07b"),
        ] {
            assert_eq!(cleaned(input), output, "{input:?}");
        }
        assert_eq!(
            changes("http://a/ x  y"),
            [
                (ChangeKind::PercentEncoded, 9..10, " ".into(), "%20".into()),
                (
                    ChangeKind::PercentEncoded,
                    11..13,
                    "  ".into(),
                    "%20%20".into()
                ),
            ]
        );
    }

    #[test]
    fn a_url_prefix_broken_by_line_breaks_is_a_wrapper() {
        // The line breaks would join `ur` and `l:` into a scheme that a
        // second cleaning strips.
        assert_eq!(cleaned("ur\n\n\nl:\n\0"), "%00");
        assert_eq!(cleaned("UR\n L:http://a/"), "http://a/");
        assert_eq!(cleaned("url:http://a/"), "http://a/");
        // Not at the start of a blank run: `u r` stays as text.
        assert_eq!(cleaned("url x"), "url%20x");
    }

    #[test]
    fn a_line_break_before_a_combining_mark_is_normalized_across() {
        // The line break goes, and `z` + U+0341 (NFC: U+0301) compose.
        assert_eq!(cleaned("http://a/z\n\u{341}"), "http://a/\u{17A}");
        assert_eq!(cleaned(&cleaned("http://a/z\n\u{341}")), "http://a/\u{17A}");
    }

    #[test]
    fn a_combining_mark_after_an_encoded_character_is_encoded_too() {
        // `^` becomes `%5E`; U+030F after it would compose with the `E`
        // (NFC: U+0204), so the result would change when cleaned again.
        assert_eq!(cleaned("a^\u{30F}"), "a%5E%CC%8F");
        assert_eq!(cleaned(&cleaned("a^\u{30F}")), "a%5E%CC%8F");
        // After a kept character the mark stays (NFC has composed it).
        assert_eq!(cleaned("ae\u{301}"), "a\u{E9}");
    }

    #[test]
    fn what_cannot_be_converted_is_an_error_at_its_place() {
        let error = clean("  ht tp://a/").unwrap_err();
        assert_eq!(error.offset(), 4);
        assert_eq!(error.unconvertible(), [(4, ' ')]);
        assert!(error.syntax().is_none());
        assert_eq!(error.changes()[0].kind, ChangeKind::Trimmed);
        let error = clean("h t%p:x").unwrap_err();
        assert_eq!(error.unconvertible(), [(1, ' '), (3, '%')]);
        assert!(error.to_string().contains("(2 such characters)"), "{error}");
        // A bad port: percent-encoding does not help. (`a:8o` could still
        // be a userinfo until the `/`, where the grammar stops.)
        let error = clean("http://a:8o/ x").unwrap_err();
        assert_eq!(error.offset(), 11);
        assert!(error.syntax().is_some());
        let error = clean("http://[::1 ]/").unwrap_err();
        assert_eq!(error.offset(), 11);
    }
}
