//! Character predicates the grammar does not give: Unicode properties
//! that the RFC's prose names (section 4.1's bidirectional formatting
//! characters) and the one test of how a message shows a character.
//!
//! **The bottom of the crate**: this module imports nothing from the
//! crate, so every layer may use it (the error messages as much as the
//! mapping and the linter). Character classes of the grammar are not here:
//! they are generated from `abnf/` (`grammar::class`).

/// Whether `c` is a bidirectional formatting character: the Unicode
/// property `Bidi_Control`, which is section 4.1's seven
/// ([`BIDI_FORMATTING`](crate::mapping::BIDI_FORMATTING)) and those
/// Unicode added since, U+061C ARABIC LETTER MARK and the isolates U+2066
/// to U+2069 (LRI, RLI, FSI, PDI).
/// [`to_iri`](crate::mapping::to_iri), normalization and the section 7.4
/// encoders never write one unencoded.
///
/// ```
/// use rfc3987::mapping::is_bidi_formatting;
/// assert!(is_bidi_formatting('\u{202E}') && is_bidi_formatting('\u{2067}'));
/// assert!(!is_bidi_formatting('א'));
/// ```
///
/// The property's twelve code points are written out here rather than
/// looked up in ICU4X's data, so that the core build (no features) needs
/// no Unicode data: `Bidi_Control` is unchanged since Unicode 6.3, and
/// the unit test `bidi_control_is_icu4xs_property` checks this list
/// against ICU4X's on every code point (`cargo test --lib chars`).
pub fn is_bidi_formatting(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Whether messages name `c` by its code point alone (`U+202E`), not
/// quoted: a character that would garble or reorder a line (controls,
/// bidirectional formatting, whitespace other than ' ') or show as
/// nothing (`Default_Ignorable_Code_Point`: U+200B ZERO WIDTH SPACE, the
/// joiners, variation selectors, U+00AD SOFT HYPHEN, ...).
pub(crate) fn shown_as_code(c: char) -> bool {
    if c.is_ascii() {
        // The ASCII answer of the general test below, without its Unicode
        // property lookup (messages name many ASCII characters): the
        // controls, which include all ASCII whitespace but ' '.
        return c.is_ascii_control();
    }
    c.is_control() || is_bidi_formatting(c) || c.is_whitespace() || is_default_ignorable(c)
}

/// Whether `c` is `Default_Ignorable_Code_Point`: a character a renderer
/// shows as nothing when it does not support it. Written out, as
/// [`is_bidi_formatting`] is, so that the core build's messages need no
/// Unicode data; the unit test `default_ignorable_is_icu4xs_property`
/// checks the list against ICU4X's on every code point.
fn is_default_ignorable(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{061C}'
            | '\u{115F}'
            | '\u{1160}'
            | '\u{17B4}'
            | '\u{17B5}'
            | '\u{180B}'..='\u{180F}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{3164}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}'
            | '\u{FFA0}'
            | '\u{FFF0}'..='\u{FFF8}'
            | '\u{1BCA0}'..='\u{1BCA3}'
            | '\u{1D173}'..='\u{1D17A}'
            | '\u{E0000}'..='\u{E0FFF}'
    )
}

/// The characters that NFKC decomposes although they are the ordinary
/// spelling of their language, not a typographic variant: what its
/// keyboards type, its dictionaries and its titles hold (CLDR lists each
/// among the exemplar characters of Armenian, Thai or Lao), while their
/// decompositions are not how the language is written. U+0587 ARMENIAN
/// SMALL LIGATURE ECH YIWN (`Երևան`, and the word "and"), U+0E33 THAI
/// CHARACTER SARA AM (`น้ำ`, `สำนักงาน`), U+0EB3 LAO VOWEL SIGN AM, U+0EDC
/// LAO HO NO and U+0EDD LAO HO MO. Section 7.5's advice against
/// "variants for compatibility reasons, for example for typographic
/// purposes" is not about them: Thai Wikipedia's title `น้ำ` holds U+0E33,
/// and its NFKC form names another page. So are the Hangul Compatibility
/// Jamo (U+3131 to U+318E but U+3164 HANGUL FILLER, which shows as
/// nothing): the Korean letters that keyboards type alone (`ㅋㅋㅋ`,
/// `ㄱ`), whose NFKC forms are conjoining jamo that fuse with the
/// syllables around them.
#[cfg(feature = "normalization")]
pub(crate) fn is_orthographic_compatibility(c: char) -> bool {
    matches!(
        c,
        '\u{0587}'
            | '\u{0E33}'
            | '\u{0EB3}'
            | '\u{0EDC}'
            | '\u{0EDD}'
            | '\u{3131}'..='\u{3163}'
            | '\u{3165}'..='\u{318E}'
    )
}

/// Whether `c` is a compatibility variant, which section 7.5 advises
/// against and section 3.2 keeps percent-encoded as a look-alike (section
/// 6.1 b): NFKC changes it, taken alone (full-width and half-width forms,
/// ligatures such as U+FB01, compatibility spaces, U+212B ANGSTROM SIGN),
/// and it is not ordinary spelling ([`is_orthographic_compatibility`]).
#[cfg(feature = "normalization")]
pub(crate) fn is_compatibility_variant(c: char) -> bool {
    let mut buf = [0; 4];
    !icu_normalizer::ComposingNormalizerBorrowed::new_nfkc().is_normalized(c.encode_utf8(&mut buf))
        && !is_orthographic_compatibility(c)
}

/// Whether `c` is an invisible format character other than a joiner:
/// `Default_Ignorable_Code_Point` with `General_Category=Cf` (U+200B ZERO
/// WIDTH SPACE, U+2060 WORD JOINER, U+FEFF, U+00AD SOFT HYPHEN, ...), not
/// `Join_Control` (U+200C and U+200D, which shape words of many scripts)
/// nor U+180E MONGOLIAN VOWEL SEPARATOR, which shapes the vowel after it
/// inside a Mongolian word (`ᠬᠠᠷ\u{180E}ᠠ`) as the joiners do in Persian.
/// Text carries them around an IRI unseen; none is part of what a reader
/// takes for the address, and inside an IRI one makes it look like the
/// IRI without it (section 6.1 b): [`to_iri`](crate::mapping::to_iri)
/// keeps them encoded, a display encodes them, and lint warns
/// (`invisible`).
#[cfg(feature = "normalization")]
pub(crate) fn is_invisible_format(c: char) -> bool {
    use icu_properties::props::{DefaultIgnorableCodePoint, GeneralCategory, JoinControl};
    use icu_properties::{CodePointMapData, CodePointSetData};
    !c.is_ascii()
        && CodePointMapData::<GeneralCategory>::new().get(c) == GeneralCategory::Format
        && CodePointSetData::new::<DefaultIgnorableCodePoint>().contains(c)
        && !CodePointSetData::new::<JoinControl>().contains(c)
        && c != MONGOLIAN_VOWEL_SEPARATOR
}

/// Whether the joiner `c` (U+200C ZWNJ or U+200D ZWJ) stands where RFC
/// 5892 Appendix A.1 and A.2 (CONTEXTJ) let it shape a word, between the
/// characters `before` (nearest first) and `after`: right after a virama
/// (`Canonical_Combining_Class` 9: Devanagari `क्‍ष`, Sinhala `ශ්‍රී`),
/// or, for ZWNJ, between a left- or dual-joining and a right- or
/// dual-joining character with only transparent ones between
/// (`Joining_Type`: Persian `می‌خواهم`). Elsewhere it changes nothing a
/// reader sees (`a\u{200C}b`, `/\u{200C}`).
#[cfg(feature = "normalization")]
pub(crate) fn joins_by_contextj(
    c: char,
    before: impl Iterator<Item = char> + Clone,
    after: impl Iterator<Item = char>,
) -> bool {
    use icu_properties::props::{CanonicalCombiningClass, JoiningType};
    use icu_properties::CodePointMapData;
    let ccc = CodePointMapData::<CanonicalCombiningClass>::new();
    if before
        .clone()
        .next()
        .is_some_and(|b| ccc.get(b) == CanonicalCombiningClass::Virama)
    {
        return true;
    }
    if c != '\u{200C}' {
        return false;
    }
    let jt = CodePointMapData::<JoiningType>::new();
    // The nearest character that is not transparent, in `chars`.
    let joining = |chars: &mut dyn Iterator<Item = char>| {
        chars
            .map(|c| jt.get(c))
            .find(|&t| t != JoiningType::Transparent)
    };
    let (mut before, mut after) = (before, after);
    matches!(
        joining(&mut before),
        Some(JoiningType::LeftJoining | JoiningType::DualJoining)
    ) && matches!(
        joining(&mut after),
        Some(JoiningType::RightJoining | JoiningType::DualJoining)
    )
}

/// Whether `label` meets UTS 39's Highly Restrictive level (section 5.2),
/// the test browsers apply before they show a domain name's label in
/// Unicode: it is of one script ([`is_single_script`]); or of Latin and
/// one of the scripts written together (`ソニーstore`). `pаypal` (a
/// Cyrillic `а` among Latin letters) mixes Latin and Cyrillic: a
/// homograph's sign (section 8).
#[cfg(feature = "normalization")]
pub(crate) fn is_highly_restrictive(label: &str) -> bool {
    let reading = ScriptReading::of(label);
    reading.single || reading.latin_with_one_written_together
}

/// The `Script` property of `c`, from ICU4X's data: the crate's one
/// source of it (`find`, `lint`, `display`, `select` and the confusables
/// read it here).
#[cfg(any(feature = "text", feature = "lint", feature = "display"))]
#[inline]
pub(crate) fn script(c: char) -> icu_properties::props::Script {
    icu_properties::CodePointMapData::<icu_properties::props::Script>::new().get(c)
}

/// Whether `script` is no script of its own (Common, Inherited or
/// Unknown: a digit, punctuation, a combining mark, an unassigned code
/// point), whose characters go with any script.
#[cfg(any(feature = "lint", feature = "display"))]
pub(crate) fn is_scriptless(script: icu_properties::props::Script) -> bool {
    use icu_properties::props::Script;
    script == Script::Common || script == Script::Inherited || script == Script::Unknown
}

/// The Unicode name of `script` (`Latin`, `Old_Italic`), as messages
/// name it.
#[cfg(any(feature = "lint", feature = "display"))]
pub(crate) fn script_name(script: icu_properties::props::Script) -> &'static str {
    icu_properties::PropertyNamesLong::<icu_properties::props::Script>::new()
        .get(script)
        .unwrap_or("Unknown")
}

/// Whether `text` is of one script by UTS 39's resolved script set
/// (section 5.1): the `Script_Extensions` of its characters have a script
/// in common, the scripts written together counting as one (`Jpan`: Han,
/// Hiragana and Katakana; `Kore`: Han and Hangul; `Hanb`: Han and
/// Bopomofo), `Common` and `Inherited` characters going with any. The
/// surname `一ノ瀬` is one script (`Jpan`); `pаypal` is not.
#[cfg(any(feature = "lint", feature = "display"))]
pub(crate) fn is_single_script(text: &str) -> bool {
    ScriptReading::of(text).single
}

/// The one reading of UTS 39's scripts that [`is_highly_restrictive`] and
/// [`is_single_script`] answer from, with ICU4X's `Script_Extensions`.
#[cfg(feature = "normalization")]
struct ScriptReading {
    /// The resolved script set is not empty.
    single: bool,
    /// Every character is Latin or of one of `Jpan`, `Kore`, `Hanb`.
    latin_with_one_written_together: bool,
}

#[cfg(feature = "normalization")]
impl ScriptReading {
    fn of(text: &str) -> ScriptReading {
        use alloc::vec::Vec;
        use icu_properties::props::Script;
        use icu_properties::script::ScriptWithExtensions;
        /// A script, or one of UTS 39's scripts written together.
        #[derive(Clone, Copy, PartialEq)]
        enum Written {
            One(Script),
            Jpan,
            Kore,
            Hanb,
        }
        use Written::{Hanb, Jpan, Kore};
        let extensions = ScriptWithExtensions::new();
        let latin = Written::One(Script::Latin);
        let written_together = [Jpan, Kore, Hanb];
        let mut resolved: Option<Vec<Written>> = None;
        // Whether each character so far is Latin or of `written_together[i]`:
        // constant memory, whatever the length of `text`, and one buffer
        // for every character's scripts.
        let mut latin_or = [true; 3];
        let mut codes: Vec<Written> = Vec::new();
        for c in text.chars() {
            let set = extensions.get_script_extensions_val(c);
            if set.contains(&Script::Common) || set.contains(&Script::Inherited) {
                continue;
            }
            codes.clear();
            codes.extend(set.iter().map(Written::One));
            for script in set.iter() {
                if script == Script::Han {
                    codes.extend([Jpan, Kore, Hanb]);
                } else if script == Script::Hiragana || script == Script::Katakana {
                    codes.push(Jpan);
                } else if script == Script::Hangul {
                    codes.push(Kore);
                } else if script == Script::Bopomofo {
                    codes.push(Hanb);
                }
            }
            for (ok, written) in latin_or.iter_mut().zip(&written_together) {
                *ok &= codes.contains(&latin) || codes.contains(written);
            }
            match &mut resolved {
                None => resolved = Some(codes.clone()),
                Some(common) => common.retain(|s| codes.contains(s)),
            }
        }
        ScriptReading {
            single: resolved.is_none_or(|common| !common.is_empty()),
            latin_with_one_written_together: latin_or.contains(&true),
        }
    }
}

/// Whether `c` is a letter, a mark or a number (`General_Category` L, M or
/// N): part of a word in any script.
#[cfg(any(feature = "text", feature = "lint", feature = "display"))]
pub(crate) fn is_word_character(c: char) -> bool {
    use icu_properties::props::{GeneralCategory, GeneralCategoryGroup};
    let gc = icu_properties::CodePointMapData::<GeneralCategory>::new().get(c);
    GeneralCategoryGroup::Letter.contains(gc)
        || GeneralCategoryGroup::Mark.contains(gc)
        || GeneralCategoryGroup::Number.contains(gc)
}

/// Whether the joiner `c` (U+200C ZWNJ or U+200D ZWJ) joins where it
/// stands, between `before` (nearest first) and `after`: by RFC 5892's
/// CONTEXTJ rules ([`joins_by_contextj`]: Persian `می‌خواهم`, Devanagari
/// `क्‍ष`), or as the ZWJ between two pictographs of an emoji sequence
/// (`👨‍👩‍👧`; skin tones and variation selectors between). Elsewhere
/// (`/\u{200C}`, `a\u{200C}b`) it shows as nothing.
#[cfg(feature = "normalization")]
pub(crate) fn joiner_joins(
    c: char,
    before: impl Iterator<Item = char> + Clone,
    after: impl Iterator<Item = char> + Clone,
) -> bool {
    use icu_properties::props::{EmojiModifier, ExtendedPictographic};
    use icu_properties::CodePointSetData;
    if joins_by_contextj(c, before.clone(), after.clone()) {
        return true;
    }
    let pictograph = CodePointSetData::new::<ExtendedPictographic>();
    let modifier = CodePointSetData::new::<EmojiModifier>();
    let (mut before, mut after) = (before, after);
    c == '\u{200D}'
        && before
            .find(|&ch| !(matches!(ch, '\u{FE0E}' | '\u{FE0F}') || modifier.contains(ch)))
            .is_some_and(|ch| pictograph.contains(ch))
        && after.next().is_some_and(|ch| pictograph.contains(ch))
}

/// U+180E MONGOLIAN VOWEL SEPARATOR: see [`is_invisible_format`].
#[cfg(feature = "normalization")]
const MONGOLIAN_VOWEL_SEPARATOR: char = '\u{180E}';

/// U+05F4 HEBREW PUNCTUATION GERSHAYIM: Hebrew text quotes with it
/// (`ראו ״https://example.co.il/דף״ לפרטים`), though Unicode's
/// `Quotation_Mark` leaves it out ([`is_quotation_mark`] takes it in).
/// Inside a word it marks an acronym or a number and stands before the
/// last letter (`צה״ל`, `תשפ״ה`): like `’`, it stands inside words
/// (`Word_Break=MidLetter`), so `find` ends an IRI there only when a
/// quotation mark opened it, and at the end of one it is a closing quote.
/// The geresh U+05F3 is not a quote: it ends words (`ג׳ורג׳`).
#[cfg(feature = "text")]
pub(crate) const HEBREW_GERSHAYIM: char = '\u{5F4}';

/// Whether `c` quotes: Unicode's `Quotation_Mark`, and
/// [`HEBREW_GERSHAYIM`], with which Hebrew text quotes.
#[cfg(feature = "text")]
pub(crate) fn is_quotation_mark(c: char) -> bool {
    use icu_properties::props::QuotationMark;
    c == HEBREW_GERSHAYIM || icu_properties::CodePointSetData::new::<QuotationMark>().contains(c)
}

/// A paired bracket of any script (Unicode `Bidi_Paired_Bracket_Type`),
/// with its partner (`Bidi_Paired_Bracket`): `(` and `)`, `（` and `）`,
/// `「` and `」`, `【` and `】`, `《` and `》`...
#[cfg(feature = "text")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bracket {
    /// An opening bracket, closed by `close`.
    Open { close: char },
    /// A closing bracket, opened by `open`.
    Close { open: char },
}

/// The paired bracket `c` is, if it is one.
#[cfg(feature = "text")]
pub(crate) fn bracket(c: char) -> Option<Bracket> {
    use icu_properties::props::{BidiMirroringGlyph, BidiPairedBracketType};
    let glyph = icu_properties::CodePointMapData::<BidiMirroringGlyph>::new().get(c);
    match (glyph.paired_bracket_type, glyph.mirroring_glyph) {
        (BidiPairedBracketType::Open, Some(close)) => Some(Bracket::Open { close }),
        (BidiPairedBracketType::Close, Some(open)) => Some(Bracket::Close { open }),
        _ => None,
    }
}

/// Whether `c` is an enclosed number or letter (`①`, `⑴`, `⒈`, `Ⓐ`,
/// `❶`: the Enclosed Alphanumerics block and the Dingbats' circled
/// digits), with which Chinese and Japanese text numbers items and notes
/// (`…/a②`, `①https://…`). No Unicode property names them.
#[cfg(feature = "text")]
pub(crate) fn is_enclosed_alphanumeric(c: char) -> bool {
    matches!(c, '\u{2460}'..='\u{24FF}' | '\u{2776}'..='\u{2793}')
}

/// Whether `c` is sentence or clause punctuation: punctuation
/// (`General_Category=P*`) other than dashes that ends a sentence or a
/// clause (`Terminal_Punctuation`, or `Sentence_Break` `STerm`, `ATerm` or
/// `SContinue`): `.,:;!?`, `。、，．：；！？`, `،`, `۔`, `।`. Not a dash (`–`
/// stands inside a Wikipedia title), a quotation mark or a bracket.
#[cfg(feature = "text")]
pub(crate) fn is_sentence_punctuation(c: char) -> bool {
    use icu_properties::props::{
        GeneralCategory, GeneralCategoryGroup, SentenceBreak, TerminalPunctuation,
    };
    use icu_properties::{CodePointMapData, CodePointSetData};
    let gc = CodePointMapData::<GeneralCategory>::new().get(c);
    if !GeneralCategoryGroup::Punctuation.contains(gc) || gc == GeneralCategory::DashPunctuation {
        return false;
    }
    CodePointSetData::new::<TerminalPunctuation>().contains(c)
        || matches!(
            CodePointMapData::<SentenceBreak>::new().get(c),
            SentenceBreak::STerm | SentenceBreak::ATerm | SentenceBreak::SContinue
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each exception is needed (NFKC changes it) and belongs to the
    /// script of the language whose spelling it is.
    #[test]
    #[cfg(feature = "normalization")]
    fn orthographic_exceptions_are_letters_nfkc_changes() {
        use icu_normalizer::ComposingNormalizerBorrowed;
        let nfkc = ComposingNormalizerBorrowed::new_nfkc();
        let exceptions: alloc::vec::Vec<char> = (char::MIN..=char::MAX)
            .filter(|&c| is_orthographic_compatibility(c))
            .collect();
        assert_eq!(exceptions.len(), 5 + 93, "{exceptions:?}");
        for c in exceptions {
            let mut buf = [0; 4];
            assert!(!nfkc.is_normalized(c.encode_utf8(&mut buf)), "{c}");
            assert!(!is_compatibility_variant(c), "{c}");
            assert!(!is_default_ignorable(c), "{c}");
            assert!(
                matches!(
                    c,
                    '\u{0530}'..='\u{058F}' | '\u{0E00}'..='\u{0EFF}' | '\u{3130}'..='\u{318F}'
                ),
                "{c} is not Armenian, Thai, Lao or a Hangul letter"
            );
        }
        for c in [
            '\u{FB01}', '\u{FF76}', '\u{3000}', '\u{212B}', '\u{00B5}', '\u{0F0C}', '\u{3164}',
            '\u{FFA1}',
        ] {
            assert!(is_compatibility_variant(c), "{c}");
        }
    }

    /// The characters that shape words are format characters that Unicode
    /// calls default-ignorable, and are not invisible here; the marks of
    /// where a line breaks are.
    #[test]
    #[cfg(feature = "normalization")]
    fn word_shaping_format_characters_are_not_invisible() {
        use icu_properties::props::{DefaultIgnorableCodePoint, GeneralCategory};
        use icu_properties::{CodePointMapData, CodePointSetData};
        for c in ['\u{200C}', '\u{200D}', MONGOLIAN_VOWEL_SEPARATOR] {
            assert_eq!(
                CodePointMapData::<GeneralCategory>::new().get(c),
                GeneralCategory::Format
            );
            assert!(CodePointSetData::new::<DefaultIgnorableCodePoint>().contains(c));
            assert!(!is_invisible_format(c), "{c:?}");
        }
        for c in ['\u{200B}', '\u{2060}', '\u{FEFF}', '\u{AD}', '\u{2061}'] {
            assert!(is_invisible_format(c), "{c:?}");
        }
    }

    #[test]
    #[cfg(feature = "text")]
    fn brackets_of_every_script_pair() {
        assert_eq!(bracket('('), Some(Bracket::Open { close: ')' }));
        assert_eq!(bracket('」'), Some(Bracket::Close { open: '「' }));
        assert_eq!(bracket('【'), Some(Bracket::Open { close: '】' }));
        assert_eq!(bracket('"'), None);
        assert_eq!(bracket('a'), None);
    }

    #[test]
    #[cfg(feature = "text")]
    fn sentence_punctuation_of_every_script() {
        for c in [
            '.', ',', ';', ':', '!', '?', '。', '、', '，', '．', '！', '،', '۔', '।',
        ] {
            assert!(is_sentence_punctuation(c), "{c:?}");
        }
        for c in ['-', '–', '"', '“', '(', '「', 'a', '/', '・'] {
            assert!(!is_sentence_punctuation(c), "{c:?}");
        }
    }

    #[test]
    fn ascii_characters_are_shown_as_the_general_test_says() {
        for c in (0..0x80u8).map(char::from) {
            let general =
                c.is_control() || is_bidi_formatting(c) || (c.is_whitespace() && c != ' ');
            assert_eq!(shown_as_code(c), general, "{c:?}");
        }
    }

    #[test]
    fn bidi_formatting_is_section_4_1s_seven_and_unicodes_later_ones() {
        for c in crate::mapping::BIDI_FORMATTING {
            assert!(is_bidi_formatting(c), "{c:?}");
        }
        for c in ['\u{061C}', '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}'] {
            assert!(is_bidi_formatting(c), "{c:?}");
        }
        for c in ['a', ' ', '\u{200D}', 'א', '\u{FEFF}'] {
            assert!(!is_bidi_formatting(c), "{c:?}");
        }
    }

    #[test]
    fn default_ignorable_is_icu4xs_property() {
        let icu = icu_properties::CodePointSetData::new::<
            icu_properties::props::DefaultIgnorableCodePoint,
        >();
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            assert_eq!(is_default_ignorable(c), icu.contains(c), "{c:?}");
        }
    }

    /// One script per label, scripts written together and Latin with them
    /// counting as one; mixing others is not Highly Restrictive.
    #[cfg(feature = "idna")]
    #[test]
    fn highly_restrictive_labels() {
        for label in [
            "paypal",
            "пример",
            "納豆",
            "例え",
            "ソニーstore",
            "한국어",
            "中文",
            "ㄅㄆ中",
            "münchen",
            "ελληνικά",
            "مثال",
            "ไทย",
            "bücher-2",
            "भारत",
            "",
            "123",
        ] {
            assert!(is_highly_restrictive(label), "{label}");
        }
        for label in [
            "pаypal",       // a Cyrillic а
            "gοogle",       // a Greek ο
            "пpимep",       // Latin p and e among Cyrillic
            "ひらがな한국", // Hiragana with Hangul
            "aαб",
            "مثالexample",
        ] {
            assert!(!is_highly_restrictive(label), "{label}");
        }
    }

    #[test]
    fn bidi_control_is_icu4xs_property() {
        let icu = icu_properties::CodePointSetData::new::<icu_properties::props::BidiControl>();
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            assert_eq!(is_bidi_formatting(c), icu.contains(c), "{c:?}");
        }
    }

    /// The reading of scripts agrees with the `unicode-security` crate's
    /// (`AugmentedScriptSet`, UTS 39's resolved script set) on every pair
    /// of 56 characters (3,136 pairs, each alone and before `x`): letters
    /// of 35 scripts, digits, punctuation, marks and characters whose
    /// `Script_Extensions` name several scripts.
    #[cfg(feature = "lint")]
    #[test]
    fn single_script_agrees_with_unicode_security() {
        use alloc::string::String;
        use alloc::vec::Vec;
        use unicode_security::mixed_script::AugmentedScriptSet;
        let sample: Vec<char> = "aZé中ひカ한ㄅаЖαΩمאทभবਗગଓதతಕമසབမកລ\u{10D0}\u{0531}\u{1200}ᠮ\u{0710}\u{07C0}\u{13A0}\u{1400}\u{A000}\u{2D30}1١٫-・ー々〆\u{301}\u{3099}\u{200D}\u{0640}\u{0964}\u{30FC}\u{FF71}\u{1100}\u{3131}"
            .chars()
            .collect();
        for &a in &sample {
            for &b in &sample {
                let text: String = [a, b, 'x'].iter().collect();
                for text in [&text[..text.len() - 1], &text[..]] {
                    let theirs = !AugmentedScriptSet::for_str(text).is_empty();
                    assert_eq!(is_single_script(text), theirs, "{text:?}");
                }
            }
        }
    }
}
