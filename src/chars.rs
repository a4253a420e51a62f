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
pub fn is_bidi_formatting(c: char) -> bool {
    icu_properties::CodePointSetData::new::<icu_properties::props::BidiControl>().contains(c)
}

/// Whether messages name `c` by its code point alone (`U+202E`), not
/// quoted: a character that would garble or reorder a line (controls,
/// bidirectional formatting, whitespace other than ' ').
pub(crate) fn shown_as_code(c: char) -> bool {
    if c.is_ascii() {
        // The ASCII answer of the general test below, without its Unicode
        // property lookup (messages name many ASCII characters): the
        // controls, which include all ASCII whitespace but ' '.
        return c.is_ascii_control();
    }
    c.is_control() || is_bidi_formatting(c) || c.is_whitespace()
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
