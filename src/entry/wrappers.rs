//! Step 1 of [`clean`](super::clean): the blank, the wrappers (angle
//! brackets, quotation marks, brackets of every script), the `URL:`
//! prefixes, labels and list markers around a pasted IRI, and the
//! sentence punctuation after a wrapper, found and removed layer by layer
//! (the module docs of [`entry`](super) list what each is).

use core::ops::Range;

use alloc::borrow::ToOwned;
use alloc::string::String;
use alloc::vec::Vec;

use crate::chars::is_quotation_mark;
use crate::grammar::class;

use super::{
    as_mapped, is_break_mark, kept_chars, leading_blank, surrounds, trailing_blank, Change,
    ChangeKind,
};

/// Wrappers (and `URL:` prefixes, and punctuation after a wrapper) that
/// step 1 removes, at most: more than people put around an IRI, and a
/// bound on the work (each layer's bracket check reads the text).
/// Wrappers past it stay, and are data or errors like any character.
pub(super) const MAX_WRAPPERS: usize = 8;

/// Step 1: the range of `input` left after trimming and unwrapping, or the
/// offset of a wrapper nested deeper than [`MAX_WRAPPERS`].
///
/// Removals on each side that touch are one change (`<<x>>` gives one
/// change for `<<` and one for `>>`).
pub(super) fn unwrap(input: &str, changes: &mut Vec<Change>) -> Result<Range<usize>, usize> {
    let (mut start, mut end) = (0, input.len());
    // Removals at the front, in order, and at the back, last first.
    let mut front: Vec<(ChangeKind, Range<usize>)> = Vec::new();
    let mut back: Vec<(ChangeKind, Range<usize>)> = Vec::new();
    let touching =
        |side: &mut Vec<(ChangeKind, Range<usize>)>, kind, range: Range<usize>| match side
            .last_mut()
        {
            Some((last, r)) if *last == kind && r.end == range.start => r.end = range.end,
            Some((last, r)) if *last == kind && range.end == r.start => r.start = range.start,
            _ => side.push((kind, range)),
        };
    // Whether a `URL:` prefix may follow: right inside angle brackets.
    let mut prefix_allowed = false;
    let mut layers = 0;
    loop {
        let text = &input[start..end];
        let leading = text.len() - text.trim_start_matches(surrounds).len();
        if leading > 0 {
            touching(&mut front, ChangeKind::Trimmed, start..start + leading);
            start += leading;
        }
        let text = &input[start..end];
        let trailing = text.len() - text.trim_end_matches(surrounds).len();
        if trailing > 0 {
            touching(&mut back, ChangeKind::Trimmed, end - trailing..end);
            end -= trailing;
        }
        let text = &input[start..end];
        if layers == MAX_WRAPPERS {
            let more = wrapper(text).is_some()
                || punctuation_after_wrapper(text).is_some()
                || url_prefix_len(text, prefix_allowed).is_some()
                || label_len(text).is_some()
                || marker_len(text).is_some()
                || half_wrapper(text).is_some();
            if more {
                return Err(start);
            }
            break;
        }
        layers += 1;
        if let Some((open, close, angle)) = wrapper(text) {
            touching(&mut front, ChangeKind::Unwrapped, start..start + open);
            touching(&mut back, ChangeKind::Unwrapped, end - close..end);
            start += open;
            end -= close;
            prefix_allowed = angle;
        } else if let Some(len) = punctuation_after_wrapper(text) {
            touching(&mut back, ChangeKind::Trimmed, end - len..end);
            end -= len;
        } else if let Some(len) = url_prefix_len(text, prefix_allowed) {
            touching(&mut front, ChangeKind::Unwrapped, start..start + len);
            start += len;
            prefix_allowed = false;
        } else if let Some(len) = label_len(text).or_else(|| marker_len(text)) {
            touching(&mut front, ChangeKind::Label, start..start + len);
            start += len;
            prefix_allowed = false;
        } else if let Some((open, close)) = half_wrapper(text) {
            if open > 0 {
                touching(&mut front, ChangeKind::Unwrapped, start..start + open);
                start += open;
            }
            if close > 0 {
                touching(&mut back, ChangeKind::Unwrapped, end - close..end);
                end -= close;
            }
            prefix_allowed = false;
        } else {
            break;
        }
    }
    changes.extend(
        front
            .into_iter()
            .chain(back.into_iter().rev())
            .map(|(kind, range)| Change {
                kind,
                before: input[range.clone()].to_owned(),
                range,
                after: String::new(),
            }),
    );
    Ok(start..end)
}

/// The wrapper around all of `text`, as the lengths of its opening and
/// closing characters and whether they are angle brackets: `<…>` (also
/// full-width, `＜…＞`, which step 3 would map to `<>`), a pair of
/// quotation marks (Unicode `Quotation_Mark`: `"…"`, `“…”`, `‘…’`, `„…“`,
/// `«…»`, `»…«`, `‹…›`, `「…」`, `『…』`; the ASCII apostrophe, a
/// sub-delimiter that IRIs hold, only around an IRI with a scheme, as
/// code quotes one: `'https://a/'`, where the first `'` could be nothing
/// else), or a pair of brackets (`Bidi_Paired_Bracket`:
/// `(…)`, `[…]`, `（…）`, `【…】`, `《…》`, `〈…〉`) whose opening one is
/// closed by the last character, not before it.
pub(super) fn wrapper(text: &str) -> Option<(usize, usize, bool)> {
    let first = text.chars().next()?;
    let last = text.chars().next_back()?;
    if text.len() < first.len_utf8() + last.len_utf8() {
        return None;
    }
    let lengths = (first.len_utf8(), last.len_utf8());
    let (first, last) = (as_mapped(first), as_mapped(last));
    match (first, last) {
        ('<', '>') => return Some((lengths.0, lengths.1, true)),
        // The apostrophe, and Markdown's emphasis, code and strike-through
        // marks (`*…*`, `_…_`, `` `…` ``, `~…~`, each layer one pair),
        // only around an IRI with a scheme: there no IRI holds one.
        ('\'', '\'') | ('*', '*') | ('_', '_') | ('`', '`') | ('~', '~') => {
            let inside = &text[lengths.0..text.len() - lengths.1];
            return scheme_len(inside.trim_start_matches(first))
                .map(|_| (lengths.0, lengths.1, false));
        }
        ('\'', _) | (_, '\'') => return None,
        _ => {}
    }
    if !closes(first, last) {
        return None;
    }
    if crate::chars::bracket(first) != Some(crate::chars::Bracket::Open { close: last }) {
        return Some((lengths.0, lengths.1, false)); // Quotation marks.
    }
    // The opening bracket must be the one the last character closes.
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        let mapped = as_mapped(c);
        if mapped == first {
            depth += 1;
        } else if mapped == last {
            depth -= 1;
            if depth == 0 && i + c.len_utf8() < text.len() {
                return None;
            }
        }
    }
    Some((lengths.0, lengths.1, false))
}

/// Whether `close` closes what `open` opens, both as step 3 maps them
/// ([`as_mapped`]): `<` by `>`; a quotation mark by any quotation mark
/// (Unicode `Quotation_Mark`: `"…"`, `„…“`, `»…«`, `「…」`); a bracket
/// by its partner (`Bidi_Paired_Bracket`: `(…)`, `【…】`). What
/// [`wrapper`] pairs around a whole text, and what makes [`half_wrapper`]
/// leave an opener whose other half follows the IRI.
pub(super) fn closes(open: char, close: char) -> bool {
    if open == '<' {
        return close == '>';
    }
    (is_quotation_mark(open) && is_quotation_mark(close))
        || crate::chars::bracket(open) == Some(crate::chars::Bracket::Open { close })
}

/// Half a wrapper, the other half left in the text the IRI was copied
/// from, where the IRI cannot hold it (section 7.2: "eliminating
/// characters that cannot be converted"): an opening quotation mark or
/// bracket (or `<`) right before an IRI with a scheme, which no scheme
/// holds (`「https://a/`, `(https://a/`, `"https://a/`), as `(its length,
/// 0)`; or, at the end of such an IRI, a `>` or `"` (full-width too) that
/// nothing in it opens (`https://a/>`, `https://a/"`), which no IRI holds,
/// as `(0, its length)`. A closing bracket or quotation mark that an IRI
/// may hold (`https://a/b)`, `https://a/b」`) is its data: a valid IRI is
/// not changed.
fn half_wrapper(text: &str) -> Option<(usize, usize)> {
    let first = text.chars().next()?;
    let open = as_mapped(first);
    let opening = open == '<'
        || is_quotation_mark(open)
        || matches!(
            crate::chars::bracket(open),
            Some(crate::chars::Bracket::Open { .. })
        );
    let after = text[first.len_utf8()..].trim_start_matches(surrounds);
    if opening && scheme_len(after).is_some() {
        // With its other half after the IRI, the text goes on past the
        // wrapper (`「https://a/」です`): not one IRI; left as it is.
        // Read as cleaning leaves it: a `"` or `>` after it is encoded
        // (`%22`, `%3E`), and still closes it when the result is cleaned
        // again.
        let encoded = |triplet: &[u8]| {
            after
                .as_bytes()
                .windows(3)
                .any(|w| w.eq_ignore_ascii_case(triplet))
        };
        if after.chars().any(|c| closes(open, as_mapped(c)))
            || (closes(open, '"') && encoded(b"%22"))
            || (closes(open, '>') && encoded(b"%3E"))
        {
            return None;
        }
        return Some((first.len_utf8(), 0));
    }
    scheme_len(text)?;
    let last = text.chars().next_back()?;
    let body = &text[..text.len() - last.len_utf8()];
    let opened_by = match as_mapped(last) {
        '>' => '<',
        '"' => '"',
        _ => return None,
    };
    (!body.chars().any(|b| as_mapped(b) == opened_by)).then_some((0, last.len_utf8()))
}

/// The length of the sentence punctuation that ends `text` right after a
/// wrapper around the rest (`<http://a/>.`, `「http://a/」。`,
/// `“http://a/”,`): the full stops, commas, colons, question and
/// exclamation marks of every script
/// ([`is_sentence_punctuation`](crate::chars::is_sentence_punctuation)).
///
/// The run reads through the line breaks (with the blanks around them)
/// that step 2 removes: otherwise `(x)` + line break + `!` would become
/// `(x)!`, which a second cleaning unwraps, and cleaning would not be
/// idempotent.
fn punctuation_after_wrapper(text: &str) -> Option<usize> {
    let mut start = text.len();
    let mut punctuation = false;
    while let Some(c) = text[..start].chars().next_back() {
        if crate::chars::is_sentence_punctuation(as_mapped(c)) {
            start -= c.len_utf8();
            punctuation = true;
            continue;
        }
        // A bidi mark or invisible character between them (`»` RLM `.`),
        // which would be trimmed once the punctuation is gone.
        if surrounds(c) && !c.is_whitespace() {
            start -= c.len_utf8();
            continue;
        }
        let (blank, line_break) = trailing_blank(&text[..start]);
        if !line_break {
            break;
        }
        start -= blank;
    }
    let len = text.len() - start;
    (punctuation && wrapper(&text[..start]).is_some()).then_some(len)
}

/// The length of a `URL:` prefix (ASCII case-insensitive, the colon
/// full-width too) at the start of `text`: RFC 3986 Appendix C's old
/// prefix (`<URL:http://a/>`). Inside angle brackets it always goes.
/// Elsewhere `url:x` is an IRI of the `url` scheme, and stays; the prefix
/// goes when what follows it is itself an IRI with a scheme
/// (`URL:https://a/`, `URL:mailto:a@b`: nobody names a `url:` IRI that
/// way), or a space, tab, line break or ideographic space (`URL: x`),
/// which no IRI holds.
///
/// The match reads characters as steps 2 to 4 make them (through the line
/// breaks that step 2 removes, full-width letters as ASCII): otherwise
/// `ur` + line break + `l:` would become a `url:` prefix that a second
/// cleaning strips, and cleaning would not be idempotent.
fn url_prefix_len(text: &str, in_angle_brackets: bool) -> Option<usize> {
    let mut chars = kept_chars(text);
    let mut end = 0;
    for expected in "URL:".chars() {
        let (range, c) = chars.next()?;
        if !c.eq_ignore_ascii_case(&expected) {
            return None;
        }
        end = range.end;
    }
    // White space that no IRI holds: ASCII's, and the ideographic space
    // that step 3 makes a space. (U+00A0 and the other Unicode spaces are
    // `ucschar`: `url:\u{A0}x` is an IRI.)
    let spaced = text[end..]
        .chars()
        .next()
        .is_some_and(|c| as_mapped(c).is_ascii_whitespace());
    // What follows, past the white space and invisible characters that
    // step 2 removes after a scheme's colon.
    let rest = text[end..].trim_start_matches(|c| surrounds(c) || is_break_mark(c));
    (in_angle_brackets || spaced || begins_iri(rest)).then_some(end)
}

/// The length of a label before an IRI (`Link: https://a/`, `Website:
/// https://a/`, `E-mail: mailto:a@b`, French `Lien : https://a/`), through
/// the white space after its colon: a word or a few words of letters,
/// digits, `-` and `_`, a colon (full-width too), white space, and an IRI
/// with a scheme. Left in, the label would become the scheme and the space
/// a `%20` in its path; no IRI holds white space after its scheme's colon,
/// so nothing valid is taken for a label (`mailto:a@b`, `urn:isbn:1`, `a:b
/// c` have none; `mailto: a@b` has no scheme after the space).
fn label_len(text: &str) -> Option<usize> {
    let mut words = 0;
    let mut in_word = false;
    let mut colon = None;
    for (range, c) in kept_chars(text) {
        if c.is_alphanumeric() || c == '-' || c == '_' {
            words += usize::from(!in_word);
            in_word = true;
        } else if c == ' ' && in_word {
            in_word = false;
        } else if c == ':' && words > 0 {
            colon = Some(range.end);
            break;
        } else {
            return None;
        }
    }
    let colon = colon?;
    let (blank, _) = leading_blank(&text[colon..]);
    let iri = colon + blank;
    // A label that cannot be a scheme (`リンク：`, `Ссылка:`) needs no
    // white space after it: `リンク：「https://a/」` as Japanese writes it.
    let scheme_like = kept_chars(&text[..colon]).all(|(_, c)| c.is_ascii());
    ((blank > 0 || !scheme_like) && begins_iri(&text[iri..])).then_some(iri)
}

/// The length of a list or quotation marker before an IRI (`• https://a/`,
/// `→ https://a/`, `1. https://a/`, `> https://a/` in a quoted e-mail),
/// through the white space after it: one to eight characters, none a
/// letter, then a space, a tab or an ideographic space, and an IRI with a
/// scheme; or, with no space, marks that need none ([`is_unspaced_mark`]:
/// `※https://a/`, `▶https://a/`, `①https://a/`). A scheme starts with
/// a letter, so no IRI starts with them: left in, they would make the
/// input fail.
fn marker_len(text: &str) -> Option<usize> {
    let mut end = 0;
    let mut unspaced = true;
    for (k, c) in text.chars().enumerate() {
        if c.is_whitespace() {
            break;
        }
        if unspaced && end > 0 && scheme_len(&text[end..]).is_some() {
            return Some(end);
        }
        if k == 8 || c.is_alphabetic() || surrounds(c) {
            return None;
        }
        unspaced &= is_unspaced_mark(c);
        end += c.len_utf8();
    }
    // A space, a tab or an ideographic space after it (U+00A0 and the
    // other spaces that `ucschar` holds may be a relative path's data).
    let spaced = matches!(text[end..].chars().next(), Some(' ' | '\t' | '\u{3000}'));
    let (blank, _) = leading_blank(&text[end..]);
    (end > 0 && spaced && begins_iri(&text[end + blank..])).then_some(end + blank)
}

/// Whether `c` marks a note or an item with no space after it, as
/// Chinese and Japanese write `※` and `①`: a circled number (`①`, `❶`,
/// the blocks of enclosed alphanumerics and dingbats), or a non-ASCII
/// character that is no letter, number, quotation mark or bracket (those
/// open a wrapper, [`half_wrapper`]), nor a full-width form of an ASCII
/// one (`＞`, `＊`).
fn is_unspaced_mark(c: char) -> bool {
    crate::chars::is_enclosed_alphanumeric(c)
        || (!c.is_ascii()
            && !as_mapped(c).is_ascii()
            && !c.is_alphabetic()
            && !c.is_numeric()
            && !is_quotation_mark(c)
            && crate::chars::bracket(c).is_none())
}

/// Whether `text` is an IRI with a scheme, or one in a wrapper
/// (`"https://a/"`, `<https://a/>`) or after half of one (`(https://a/`),
/// as far as its start tells.
fn begins_iri(text: &str) -> bool {
    scheme_len(text).is_some()
        || wrapper(text).is_some_and(|(open, close, _)| {
            // French typography puts a space inside `« … »`.
            scheme_len(text[open..text.len() - close].trim_start_matches(surrounds)).is_some()
        })
        || half_wrapper(text).is_some_and(|(open, _)| open > 0)
}

/// The length of the scheme and its colon at the start of `text`, read as
/// steps 2 to 4 will make the characters (`ｈｔｔｐ：` is a scheme).
fn scheme_len(text: &str) -> Option<usize> {
    for (k, (range, c)) in kept_chars(text).enumerate() {
        let allowed = if k == 0 {
            class::is_alpha(c)
        } else {
            class::is_scheme(c)
        };
        if c == ':' && k > 0 {
            return Some(range.end);
        }
        if !allowed {
            return None;
        }
    }
    None
}
