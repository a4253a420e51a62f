//! Showing IRIs to people (RFC 3987 sections 4.1 and 7.6).
//!
//! # The idea
//!
//! The characters of an IRI are stored in logical order; on screen the
//! Unicode Bidirectional Algorithm orders them. Section 4.1 says an IRI
//! "MUST be rendered in the same way as \[it\] would be if \[it were\] in a
//! left-to-right embedding", and that the marks which set up the embedding
//! "are not themselves part of the IRI". Section 7.6 adds that parts the
//! display cannot show correctly "should be percent-encoded before being
//! displayed". [`IriRef::for_display`] does both and returns text for a
//! screen, not an IRI (the marks are not IRI characters):
//!
//! ```
//! use rfc3987::display::Show;
//! use rfc3987::IriRef;
//!
//! // Right-to-left letters inside: isolated left-to-right (LRI ... PDI).
//! let iri = IriRef::parse("http://example.org/שלום")?;
//! assert_eq!(iri.for_display(), "\u{2066}http://example.org/שלום\u{2069}");
//! // Nothing to reorder: as it is.
//! let iri = IriRef::parse("http://example.org/résumé")?;
//! assert_eq!(iri.for_display(), "http://example.org/résumé");
//! // ...unless the surrounding text is right-to-left.
//! let shown = iri.for_display_with(&Show::new().rtl_context(true));
//! assert_eq!(shown, "\u{2066}http://example.org/résumé\u{2069}");
//! # Ok::<(), rfc3987::ParseError>(())
//! ```
//!
//! # When the IRI is wrapped
//!
//! The text is wrapped when, after the encoding below, it contains a
//! right-to-left character (`Bidi_Class` `R` or `AL`), or when the caller
//! says the surrounding text is right-to-left ([`Show::rtl_context`]).
//! Section 4.1 lets a display skip the embedding when it changes nothing,
//! and advises erring on the side of caution; this rule is that caution: an
//! IRI of left-to-right and neutral characters in left-to-right text is the
//! only case left bare. The wrapping is U+2066 LEFT-TO-RIGHT ISOLATE ...
//! U+2069 POP DIRECTIONAL ISOLATE by default (Unicode 6.3's isolates, which
//! also keep the IRI's neutral characters from joining the text around
//! it), or the RFC's own U+202A LEFT-TO-RIGHT EMBEDDING ... U+202C POP
//! DIRECTIONAL FORMATTING with [`Show::embedding`], for renderers that
//! predate isolates.
//!
//! # What is percent-encoded
//!
//! Bidi formatting characters, always: an IRI must not contain them
//! (section 4.1), and one left raw could reorder the text around the IRI
//! (a stray RLO inside LRE ... PDF would outlive the PDF). Invisible
//! format characters, always (U+200B ZERO WIDTH SPACE, U+2060 WORD
//! JOINER, U+FEFF, U+00AD SOFT HYPHEN; not the joiners U+200C and U+200D,
//! which shape words): one shows as nothing, so the IRI would look like
//! the one without it (section 6.1 b). Then, only
//! where the caller asks, and only non-ASCII characters (ASCII is the URI
//! repertoire, always shown):
//!
//! - [`Show::scripts`]: characters of none of the given scripts
//!   (by `Script_Extensions`: `Common` characters, such as punctuation,
//!   are shown with any script; an `Inherited` one, a combining mark, a
//!   joiner or a variation selector, is shown or encoded with the
//!   character before it);
//! - [`Show::bidi_unsafe`]: every component that breaks a restriction of
//!   section 4.2 ([`crate::bidi`]), whole, as section 4.2 says ("the whole
//!   component has to be mapped");
//! - [`Show::confusables`]: in a word that UTS 39 finds confusable (a
//!   mixed-script confusable such as `pаypal` with a Cyrillic `а`, or a
//!   host label all of one script that reads as the Latin of the host's
//!   other labels, such as Cyrillic `аррӏе.com`), every non-ASCII
//!   character: the whole word, as section 4.2 maps a whole component,
//!   since a word with some letters encoded is neither readable nor safe
//!   (`мир` shown as `ми%D1%80`). Words are read as
//!   [`crate::lint`] reads them for its `confusable` warning: a Russian,
//!   Greek or Armenian word written in its own script is shown as it is.
//!
//! Encoding is section 3.1's (UTF-8, `%HH` in uppercase), so the shown text,
//! stripped of the wrapping marks, is an IRI reference equivalent to the
//! original: the same URI.
//!
//! ```
//! use rfc3987::display::{Script, Show};
//! use rfc3987::IriRef;
//!
//! let iri = IriRef::parse("http://example.org/résumé/日本/раураl")?;
//! let latin = Show::new().scripts(&[Script::Latin]);
//! assert_eq!(
//!     iri.for_display_with(&latin),
//!     "http://example.org/résumé/%E6%97%A5%E6%9C%AC/%D1%80%D0%B0%D1%83%D1%80%D0%B0l"
//! );
//! let wary = Show::new().confusables(true);
//! assert_eq!(iri.for_display_with(&wary), "http://example.org/résumé/日本/%D1%80%D0%B0%D1%83%D1%80%D0%B0l");
//! # Ok::<(), rfc3987::ParseError>(())
//! ```
//!
//! # Cost
//!
//! One pass over the text, plus one over each component for
//! [`Show::bidi_unsafe`]; the text is borrowed when nothing changes.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;

/// A Unicode script (`Script::Latin`, `Script::Han`), as ICU4X names it;
/// [`scripts_named`] reads one from its name or ISO 15924 code.
pub use icu_properties::props::Script;
use icu_properties::script::ScriptWithExtensions;
use icu_properties::PropertyParser;

use crate::bidi::{for_each_part, is_rtl, offset_in, Split};
use crate::chars::is_invisible_format;
use crate::confusable::{confusable, has_latin_label, words};
use crate::mapping::{is_bidi_formatting, Component};
use crate::percent::push_encoded;
use crate::IriRef;

/// The marks that make a left-to-right context around a shown IRI.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Embedding {
    /// U+2066 LEFT-TO-RIGHT ISOLATE ... U+2069 POP DIRECTIONAL ISOLATE.
    #[default]
    Isolate,
    /// U+202A LEFT-TO-RIGHT EMBEDDING ... U+202C POP DIRECTIONAL
    /// FORMATTING, as section 4.1 writes it.
    Embed,
}

impl Embedding {
    fn marks(self) -> (char, char) {
        match self {
            Embedding::Isolate => ('\u{2066}', '\u{2069}'),
            Embedding::Embed => ('\u{202A}', '\u{202C}'),
        }
    }
}

/// How to show an IRI: the options of [`IriRef::for_display_with`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Show<'a> {
    rtl_context: bool,
    embedding: Embedding,
    scripts: Option<&'a [Script]>,
    bidi_unsafe: bool,
    confusables: bool,
}

impl<'a> Show<'a> {
    /// Left-to-right surroundings, isolates, nothing encoded but bidi
    /// formatting characters.
    pub const fn new() -> Self {
        Show {
            rtl_context: false,
            embedding: Embedding::Isolate,
            scripts: None,
            bidi_unsafe: false,
            confusables: false,
        }
    }

    /// Whether the text around the IRI is right-to-left (then the IRI is
    /// always wrapped).
    pub const fn rtl_context(mut self, on: bool) -> Self {
        self.rtl_context = on;
        self
    }

    /// Which marks wrap the IRI.
    pub const fn embedding(mut self, embedding: Embedding) -> Self {
        self.embedding = embedding;
        self
    }

    /// The scripts the display can show; other non-ASCII characters are
    /// percent-encoded, and a combining mark, joiner or variation
    /// selector after an encoded character with it (no Persian ZWNJ or
    /// accent is left among the `%HH` triplets of its word).
    pub const fn scripts<'b>(self, scripts: &'b [Script]) -> Show<'b> {
        Show {
            rtl_context: self.rtl_context,
            embedding: self.embedding,
            scripts: Some(scripts),
            bidi_unsafe: self.bidi_unsafe,
            confusables: self.confusables,
        }
    }

    /// Whether to percent-encode the components that break section 4.2.
    pub const fn bidi_unsafe(mut self, on: bool) -> Self {
        self.bidi_unsafe = on;
        self
    }

    /// Whether to percent-encode the look-alike characters of confusable
    /// words and host labels (UTS 39 section 4, read as [`crate::lint`]
    /// reads it: `pаypal`, `аррӏе.com`; not `Москва`).
    pub const fn confusables(mut self, on: bool) -> Self {
        self.confusables = on;
        self
    }

    /// Whether a non-ASCII character is of none of the scripts the
    /// display can show.
    pub(crate) fn hides(&self, c: char) -> bool {
        self.scripts.is_some_and(|scripts| {
            let ext = ScriptWithExtensions::new().get_script_extensions_val(c);
            !(ext.contains(&Script::Common)
                || ext.contains(&Script::Inherited)
                || scripts.iter().any(|s| ext.contains(s)))
        })
    }
}

/// Whether a display encodes `c` whatever it is asked: a bidi formatting
/// character (section 4.1: an IRI must not contain it, and one left raw
/// could reorder the text around the IRI) or an invisible format character
/// (it shows as nothing, so the IRI would look like the one without it:
/// section 6.1 b), not the joiners U+200C and U+200D, which shape words.
pub(crate) fn never_shown(c: char) -> bool {
    is_bidi_formatting(c) || is_invisible_format(c)
}

/// The scripts `name` stands for, as a list of scripts to show is
/// written: a Unicode script name (`Latin`, `Old_Italic`) or ISO 15924
/// code (`Latn`), matched as Unicode matches property values (case,
/// spaces, `_` and `-` do not count: `old italic`); or an ISO 15924 code
/// for scripts written together (`Jpan`: Han, Hiragana and Katakana;
/// `Kore`: Hangul and Han; `Hanb`: Han and Bopomofo; `Hrkt`: Hiragana
/// and Katakana) or for a variant of one (`Hans` and `Hant`: Han; `Aran`:
/// Arabic; `Latf` and `Latg`: Latin; `Cyrs`: Cyrillic; `Syre`, `Syrj` and
/// `Syrn`: Syriac; `Geok`: Georgian), since Unicode's Script property has
/// none of these.
///
/// ```
/// use rfc3987::display::{scripts_named, Script};
/// assert_eq!(scripts_named("latin"), Some(vec![Script::Latin]));
/// assert_eq!(scripts_named("Cyrl"), Some(vec![Script::Cyrillic]));
/// assert_eq!(
///     scripts_named("Jpan"),
///     Some(vec![Script::Han, Script::Hiragana, Script::Katakana])
/// );
/// assert_eq!(scripts_named("old italic"), Some(vec![Script::OldItalic]));
/// assert_eq!(scripts_named("OLD-ITALIC"), scripts_named("Ital"));
/// assert_eq!(scripts_named("Klingon"), None);
/// ```
#[must_use]
pub fn scripts_named(name: &str) -> Option<Vec<Script>> {
    let together: &[Script] = match name.to_ascii_lowercase().as_str() {
        "jpan" => &[Script::Han, Script::Hiragana, Script::Katakana],
        "kore" => &[Script::Hangul, Script::Han],
        "hanb" => &[Script::Han, Script::Bopomofo],
        "hrkt" => &[Script::Hiragana, Script::Katakana],
        "hans" | "hant" => &[Script::Han],
        "aran" => &[Script::Arabic],
        "latf" | "latg" => &[Script::Latin],
        "cyrs" => &[Script::Cyrillic],
        "syre" | "syrj" | "syrn" => &[Script::Syriac],
        "geok" => &[Script::Georgian],
        _ => &[],
    };
    if !together.is_empty() {
        return Some(together.to_vec());
    }
    // Unicode's loose matching (UAX 44 LM3): case, spaces, `_` and `-`
    // do not count (`old italic`, `Old_Italic`, `OLD-ITALIC`).
    let script = PropertyParser::<Script>::new().get_loose(name)?;
    Some(alloc::vec![script])
}

/// The byte ranges of `iri`'s confusable words and host labels (see
/// [`crate::confusable`]), in order: where [`Show::confusables`] encodes
/// the look-alike characters.
fn confusable_words<T: AsRef<str>>(iri: &IriRef<T>) -> Vec<Range<usize>> {
    let text = iri.as_str();
    let latin_host = has_latin_label(iri);
    let mut found = Vec::new();
    for_each_part(iri, &Split::new(), |component, range| {
        let part = &text[range.clone()];
        if part.is_ascii() {
            return;
        }
        if component == Component::Host {
            if confusable(part, latin_host).is_some() {
                found.push(range);
            }
            return;
        }
        for word in words(part) {
            if confusable(word, false).is_some() {
                let start = offset_in(text, word);
                found.push(start..start + word.len());
            }
        }
    });
    found
}

impl<T: AsRef<str>> IriRef<T> {
    /// The text to show for this IRI reference with [`Show::new`]: bidi
    /// formatting characters percent-encoded, and wrapped in LRI ... PDI
    /// when it contains right-to-left characters (see the
    /// [module docs](crate::display)).
    pub fn for_display(&self) -> Cow<'_, str> {
        self.for_display_with(&Show::new())
    }

    /// The text to show for this IRI reference as `show` says (see the
    /// [module docs](crate::display)).
    pub fn for_display_with(&self, show: &Show<'_>) -> Cow<'_, str> {
        let text = self.as_str();
        let unsafe_parts: Vec<Range<usize>> = if show.bidi_unsafe {
            let mut parts: Vec<Range<usize>> = self
                .bidi_violations_with(&Split::new())
                .into_iter()
                .map(|v| v.range())
                .collect();
            parts.dedup();
            parts
        } else {
            Vec::new()
        };
        let spoofs = if show.confusables && !text.is_ascii() {
            confusable_words(self)
        } else {
            Vec::new()
        };
        let hides_any = show.scripts.is_some() || !spoofs.is_empty() || !unsafe_parts.is_empty();
        let mut shown: Option<String> = None;
        let mut next_unsafe = 0;
        let mut next_spoof = 0;
        // Whether the last character was encoded: a combining mark, a
        // joiner or a variation selector (Inherited) goes with it.
        let mut last_encoded = false;
        for (i, c) in text.char_indices() {
            if c.is_ascii() {
                if let Some(out) = shown.as_mut() {
                    out.push(c);
                }
                last_encoded = false;
                continue;
            }
            while next_unsafe < unsafe_parts.len() && unsafe_parts[next_unsafe].end <= i {
                next_unsafe += 1;
            }
            let in_unsafe = unsafe_parts
                .get(next_unsafe)
                .is_some_and(|part| part.contains(&i));
            while next_spoof < spoofs.len() && spoofs[next_spoof].end <= i {
                next_spoof += 1;
            }
            let spoof = spoofs.get(next_spoof).is_some_and(|word| word.contains(&i));
            let encode = never_shown(c)
                || (hides_any
                    && (in_unsafe
                        || spoof
                        || show.hides(c)
                        || (last_encoded && crate::chars::script(c) == Script::Inherited)));
            last_encoded = encode;
            if encode {
                let out = shown.get_or_insert_with(|| String::from(&text[..i]));
                push_encoded(out, c);
            } else if let Some(out) = shown.as_mut() {
                out.push(c);
            }
        }
        let body: Cow<'_, str> = match shown {
            Some(s) => Cow::Owned(s),
            None => Cow::Borrowed(text),
        };
        if !show.rtl_context && !body.chars().any(is_rtl) {
            return body;
        }
        let (open, close) = show.embedding.marks();
        let mut out = String::with_capacity(body.len() + 6);
        out.push(open);
        out.push_str(&body);
        out.push(close);
        Cow::Owned(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(text: &str, show: &Show<'_>) -> String {
        IriRef::parse(text)
            .unwrap()
            .for_display_with(show)
            .into_owned()
    }

    #[test]
    fn wraps_only_when_needed() {
        let plain = IriRef::parse("http://example.org/a").unwrap();
        assert!(matches!(plain.for_display(), Cow::Borrowed(_)));
        assert_eq!(
            shown("http://ab.גד/", &Show::new().embedding(Embedding::Embed)),
            "\u{202A}http://ab.גד/\u{202C}"
        );
        assert_eq!(
            shown(
                "a",
                &Show::new().rtl_context(true).embedding(Embedding::Embed)
            ),
            "\u{202A}a\u{202C}"
        );
        // Arabic letters (AL) count as right-to-left too.
        assert_eq!(shown("x:سلام", &Show::new()), "\u{2066}x:سلام\u{2069}");
    }

    #[test]
    fn bidi_formatting_is_always_encoded() {
        // A hostile RLO cannot outlive the wrapping.
        assert_eq!(
            shown("http://a/\u{202E}gpj.exe", &Show::new()),
            "http://a/%E2%80%AEgpj.exe"
        );
        assert_eq!(
            shown("http://a/\u{2067}א", &Show::new()),
            "\u{2066}http://a/%E2%81%A7א\u{2069}"
        );
        // So is a character that shows as nothing; not a joiner.
        assert_eq!(
            shown("http://a/pay\u{200B}pal\u{FEFF}", &Show::new()),
            "http://a/pay%E2%80%8Bpal%EF%BB%BF"
        );
        assert_eq!(
            shown("http://a/\u{915}\u{94D}\u{200D}\u{937}", &Show::new()),
            "http://a/\u{915}\u{94D}\u{200D}\u{937}"
        );
    }

    #[test]
    fn encodes_unsafe_components_whole() {
        // Section 4.4 example 8 in Hebrew: both flagged segments mapped.
        let text = "http://ab.cd.ef/זח1/2טי/כל.html";
        assert_eq!(
            shown(text, &Show::new().bidi_unsafe(true)),
            "\u{2066}http://ab.cd.ef/%D7%96%D7%971/2%D7%98%D7%99/כל.html\u{2069}"
        );
        // Nothing right-to-left left: no wrapping.
        assert_eq!(
            shown("http://a/זח1", &Show::new().bidi_unsafe(true)),
            "http://a/%D7%96%D7%971"
        );
    }

    #[test]
    fn scripts_keep_common_and_inherited() {
        let greek = Show::new().scripts(&[Script::Greek]);
        // `é` is Latin: encoded; `·` (Common) and the Greek letters stay.
        assert_eq!(shown("x:αβ·é", &greek), "x:αβ·%C3%A9");
        // A combining mark (Inherited) is shown with a shown letter, and
        // encoded with an encoded one, as are the joiners and variation
        // selectors: none is left on a `%HH` triplet.
        assert_eq!(shown("x:α\u{301}", &greek), "x:α\u{301}");
        assert_eq!(shown("x:\u{301}a", &greek), "x:\u{301}a");
        let latin = Show::new().scripts(&[Script::Latin]);
        assert_eq!(
            shown("x:\u{646}\u{6CC}\u{645}\u{200C}\u{641}", &latin),
            "x:%D9%86%DB%8C%D9%85%E2%80%8C%D9%81"
        );
        assert_eq!(
            shown("x:и\u{306}e\u{301}", &latin),
            "x:%D0%B8%CC%86e\u{301}"
        );
        assert_eq!(shown("x:葛\u{FE00}", &latin), "x:%E8%91%9B%EF%B8%80");
        assert_eq!(
            shown("x:\u{5E9}\u{5C1}\u{5B8}a", &latin),
            "x:%D7%A9%D7%81%D6%B8a"
        );
        // Japanese: Han, Hiragana and Katakana listed.
        let japanese = Show::new().scripts(&[Script::Han, Script::Hiragana, Script::Katakana]);
        assert_eq!(shown("x:例え/カタ/한", &japanese), "x:例え/カタ/%ED%95%9C");
    }

    /// Words of one script are shown whatever look-alikes of Latin they
    /// have; a word that mixes scripts to read as one, or a host label
    /// that reads as the Latin of the others, is encoded where it
    /// deceives.
    #[test]
    fn confusables_are_spoofs_not_scripts() {
        let wary = Show::new().confusables(true);
        for title in [
            "https://ru.wikipedia.org/wiki/Москва",
            "https://el.wikipedia.org/wiki/Αθήνα",
            "https://uk.wikipedia.org/wiki/Київ",
            "https://sr.wikipedia.org/wiki/Београд",
            "https://hy.wikipedia.org/wiki/Երևան",
            "https://ka.wikipedia.org/wiki/თბილისი",
            "https://ja.wikipedia.org/wiki/東京タワー",
            "https://ru.wikipedia.org/wiki/Список_серий_Doctor_Who",
            "http://пример.рф/",
            "http://аррӏе.рф/",
            "http://мир.com/",
            "http://сайт.ru/",
            "http://ἀθῆναι.gr/",
        ] {
            assert_eq!(shown(title, &wary), title);
        }
        assert_eq!(
            shown("http://pаypal.com/", &wary),
            "http://p%D0%B0ypal.com/"
        );
        assert_eq!(
            shown("http://аррӏе.com/", &wary),
            "http://%D0%B0%D1%80%D1%80%D3%8F%D0%B5.com/"
        );
        // A flagged word is encoded whole, not letter by letter.
        assert_eq!(
            shown("http://ресурс.net/", &wary),
            "http://%D1%80%D0%B5%D1%81%D1%83%D1%80%D1%81.net/"
        );
        assert_eq!(
            shown("http://a/Список_pаypal", &wary),
            "http://a/Список_p%D0%B0ypal"
        );
        assert_eq!(
            shown("https://he.wikipedia.org/wiki/ירושלים", &wary),
            "\u{2066}https://he.wikipedia.org/wiki/ירושלים\u{2069}"
        );
    }

    #[test]
    fn shown_text_is_the_same_uri() {
        let text = "http://ab.cd.ef/זח1/2טי/раураl?é#\u{202E}";
        let show = Show::new()
            .bidi_unsafe(true)
            .confusables(true)
            .scripts(&[Script::Latin]);
        let shown = shown(text, &show);
        let body = shown
            .trim_start_matches('\u{2066}')
            .trim_end_matches('\u{2069}');
        let original = IriRef::parse(text).unwrap();
        let again = IriRef::parse(body).unwrap();
        assert_eq!(again.to_uri(), original.to_uri());
    }
}
