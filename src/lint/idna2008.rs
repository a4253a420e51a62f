//! IDNA2008's own test of a label's code points (RFC 5892 sections 2 and
//! 3, with the CONTEXTO rules of its appendix A), which UTS 46 does not
//! apply.
//!
//! UTS 46, which browsers and [`crate::mapping`] follow, maps a label and
//! then accepts every code point its table calls valid, symbols included
//! (`💩.la`, `i❤.ws`, U+2215 DIVISION SLASH in `paypal.com∕login.evil.example`);
//! it checks the CONTEXTJ rules (the joiners) but none of CONTEXTO.
//! IDNA2008 (RFC 5891), which registries follow, derives each code point's
//! status from Unicode properties:
//!
//! ```text
//! Exceptions (2.6)             its status in the table
//! Unassigned (2.10)            UNASSIGNED
//! LDH (2.5): a-z 0-9 -         PVALID
//! JoinControl (2.8)            CONTEXTJ
//! Unstable (2.2)               DISALLOWED  changes under NFKC and case folding
//! IgnorableProperties (2.3)    DISALLOWED  Default_Ignorable, White_Space, noncharacters
//! IgnorableBlocks (2.4)        DISALLOWED  three blocks of symbols
//! OldHangulJamo (2.9)          DISALLOWED  Hangul_Syllable_Type L, V, T
//! LetterDigits (2.1)           PVALID      Ll Lu Lo Nd Lm Mn Mc
//! otherwise                    DISALLOWED  symbols, punctuation, ...
//! ```
//!
//! A CONTEXTO code point is allowed only where its rule of appendix A
//! holds (A.3 to A.9). The properties come from ICU4X (`icu_properties`),
//! the scripts too, the exceptions from RFC 5892's fixed table. The label is read after UTS 46 mapping (so an
//! upper-case letter, or a full-width one, is read as what it maps to, as
//! a browser sends it): Korean compatibility jamo `ㄱ` maps to the
//! conjoining `ᄀ`, an OldHangulJamo.
//!
//! Approximation: Unstable is read as `Changes_When_NFKC_Casefolded`,
//! which is RFC 5892's `cp != NFKC(casefold(NFKC(cp)))` up to the default
//! ignorables NFKC_Casefold also removes (which IgnorableProperties
//! disallows anyway). CONTEXTJ is left to UTS 46's CheckJoiners, which
//! [`crate::mapping`] applies.

use icu_properties::props::{
    Block, ChangesWhenNfkcCasefolded, DefaultIgnorableCodePoint, GeneralCategory,
    HangulSyllableType, NoncharacterCodePoint, Script, WhiteSpace,
};
use icu_properties::{CodePointMapData, CodePointSetData};

use crate::chars::script;

/// The first code point of the (UTS 46 mapped) label that IDNA2008 does
/// not allow where it stands.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Finding {
    /// Its index in the label, in characters.
    pub index: usize,
    /// The code point.
    pub c: char,
    /// The rule it breaks.
    pub rule: Rule,
}

/// Why IDNA2008 does not allow a code point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Rule {
    /// DISALLOWED by the Exceptions table (section 2.6).
    Exception,
    /// Unassigned (section 2.10).
    Unassigned,
    /// Unstable (section 2.2).
    Unstable,
    /// IgnorableProperties (section 2.3).
    IgnorableProperty,
    /// IgnorableBlocks (section 2.4).
    IgnorableBlock,
    /// OldHangulJamo (section 2.9).
    OldHangulJamo,
    /// Not LetterDigits (section 2.1): a symbol, punctuation, ...
    NotLetterDigit,
    /// A.3: MIDDLE DOT only between two `l`.
    MiddleDot,
    /// A.4: GREEK LOWER NUMERAL SIGN (KERAIA) only before Greek.
    Keraia,
    /// A.5, A.6: HEBREW PUNCTUATION GERESH and GERSHAYIM only after Hebrew.
    Geresh,
    /// A.7: KATAKANA MIDDLE DOT only in a label with Hiragana, Katakana
    /// or Han.
    KatakanaMiddleDot,
    /// A.8, A.9: Arabic-Indic digits and extended Arabic-Indic digits not
    /// in one label.
    ArabicIndicDigits,
}

impl Rule {
    /// What the rule says, citing RFC 5892.
    pub fn describe(self) -> &'static str {
        match self {
            Rule::Exception => "DISALLOWED by the exceptions of RFC 5892 section 2.6",
            Rule::Unassigned => "unassigned (RFC 5892 section 2.10)",
            Rule::Unstable => "DISALLOWED as Unstable: NFKC and case folding change it (RFC 5892 section 2.2)",
            Rule::IgnorableProperty => "DISALLOWED as IgnorableProperties: a default-ignorable, a space or a noncharacter (RFC 5892 section 2.3)",
            Rule::IgnorableBlock => "DISALLOWED as IgnorableBlocks: a block of symbols (RFC 5892 section 2.4)",
            Rule::OldHangulJamo => "DISALLOWED as OldHangulJamo: a conjoining Hangul jamo, not a syllable (RFC 5892 section 2.9)",
            Rule::NotLetterDigit => "DISALLOWED: not a letter, mark or digit (LetterDigits, RFC 5892 sections 2.1 and 3)",
            Rule::MiddleDot => "CONTEXTO, allowed only between two 'l' (RFC 5892 appendix A.3)",
            Rule::Keraia => "CONTEXTO, allowed only before a Greek letter (RFC 5892 appendix A.4)",
            Rule::Geresh => "CONTEXTO, allowed only after a Hebrew letter (RFC 5892 appendices A.5 and A.6)",
            Rule::KatakanaMiddleDot => "CONTEXTO, allowed only in a label with Hiragana, Katakana or Han (RFC 5892 appendix A.7)",
            Rule::ArabicIndicDigits => "CONTEXTO, Arabic-Indic digits (U+0660..U+0669) and extended Arabic-Indic digits (U+06F0..U+06F9) must not share a label (RFC 5892 appendices A.8 and A.9)",
        }
    }
}

/// The derived status of RFC 5892 section 3 that matters here.
enum Status {
    Allowed,
    ContextO,
    Not(Rule),
}

/// The Exceptions of RFC 5892 section 2.6 that are PVALID: ß, final
/// sigma, Arabic ZWARAKAY and the Arabic sign SINDHI POSTPOSITION MEN,
/// the Tibetan tsheg, the ideographic number zero.
const EXCEPTION_PVALID: [char; 6] = [
    '\u{DF}', '\u{3C2}', '\u{6FD}', '\u{6FE}', '\u{F0B}', '\u{3007}',
];

/// The Exceptions of RFC 5892 section 2.6 that are CONTEXTO, besides the
/// two ranges of Arabic-Indic digits.
const EXCEPTION_CONTEXTO: [char; 5] = ['\u{B7}', '\u{375}', '\u{5F3}', '\u{5F4}', '\u{30FB}'];

/// The Exceptions of RFC 5892 section 2.6 that are DISALLOWED: ARABIC
/// TATWEEL, NKO LAJANYALAN, the Hangul tone marks, the vertical kana
/// repeat marks, VERTICAL IDEOGRAPHIC ITERATION MARK.
const EXCEPTION_DISALLOWED: [char; 10] = [
    '\u{640}', '\u{7FA}', '\u{302E}', '\u{302F}', '\u{3031}', '\u{3032}', '\u{3033}', '\u{3034}',
    '\u{3035}', '\u{303B}',
];

const ARABIC_INDIC: core::ops::RangeInclusive<char> = '\u{660}'..='\u{669}';
const EXTENDED_ARABIC_INDIC: core::ops::RangeInclusive<char> = '\u{6F0}'..='\u{6F9}';

fn status(c: char) -> Status {
    if EXCEPTION_PVALID.contains(&c) {
        return Status::Allowed;
    }
    if EXCEPTION_CONTEXTO.contains(&c)
        || ARABIC_INDIC.contains(&c)
        || EXTENDED_ARABIC_INDIC.contains(&c)
    {
        return Status::ContextO;
    }
    if EXCEPTION_DISALLOWED.contains(&c) {
        return Status::Not(Rule::Exception);
    }
    let gc = CodePointMapData::<GeneralCategory>::new().get(c);
    let noncharacter = CodePointSetData::new::<NoncharacterCodePoint>().contains(c);
    if gc == GeneralCategory::Unassigned && !noncharacter {
        return Status::Not(Rule::Unassigned);
    }
    if c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' {
        return Status::Allowed;
    }
    if c == '\u{200C}' || c == '\u{200D}' {
        // CONTEXTJ: UTS 46's CheckJoiners, applied by `crate::mapping`.
        return Status::Allowed;
    }
    if CodePointSetData::new::<ChangesWhenNfkcCasefolded>().contains(c) {
        return Status::Not(Rule::Unstable);
    }
    if noncharacter
        || CodePointSetData::new::<DefaultIgnorableCodePoint>().contains(c)
        || CodePointSetData::new::<WhiteSpace>().contains(c)
    {
        return Status::Not(Rule::IgnorableProperty);
    }
    let block = CodePointMapData::<Block>::new().get(c);
    if [
        Block::CombiningDiacriticalMarksForSymbols,
        Block::MusicalSymbols,
        Block::AncientGreekMusicalNotation,
    ]
    .contains(&block)
    {
        return Status::Not(Rule::IgnorableBlock);
    }
    let jamo = CodePointMapData::<HangulSyllableType>::new().get(c);
    if [
        HangulSyllableType::LeadingJamo,
        HangulSyllableType::VowelJamo,
        HangulSyllableType::TrailingJamo,
    ]
    .contains(&jamo)
    {
        return Status::Not(Rule::OldHangulJamo);
    }
    use GeneralCategory as G;
    if matches!(
        gc,
        G::LowercaseLetter
            | G::UppercaseLetter
            | G::OtherLetter
            | G::DecimalNumber
            | G::ModifierLetter
            | G::NonspacingMark
            | G::SpacingMark
    ) {
        return Status::Allowed;
    }
    Status::Not(Rule::NotLetterDigit)
}

/// The rule of appendix A for the CONTEXTO code point at `index` of
/// `label`, when it does not hold.
fn context_o(label: &[char], index: usize) -> Option<Rule> {
    let c = label[index];
    let before = index.checked_sub(1).map(|i| label[i]);
    let after = label.get(index + 1).copied();
    let holds = match c {
        '\u{B7}' => before == Some('l') && after == Some('l'),
        '\u{375}' => after.is_some_and(|a| script(a) == Script::Greek),
        '\u{5F3}' | '\u{5F4}' => before.is_some_and(|b| script(b) == Script::Hebrew),
        '\u{30FB}' => label.iter().any(|&x| {
            let script = script(x);
            script == Script::Hiragana || script == Script::Katakana || script == Script::Han
        }),
        c if ARABIC_INDIC.contains(&c) => !label.iter().any(|x| EXTENDED_ARABIC_INDIC.contains(x)),
        _ => !label.iter().any(|x| ARABIC_INDIC.contains(x)),
    };
    if holds {
        return None;
    }
    Some(match c {
        '\u{B7}' => Rule::MiddleDot,
        '\u{375}' => Rule::Keraia,
        '\u{5F3}' | '\u{5F4}' => Rule::Geresh,
        '\u{30FB}' => Rule::KatakanaMiddleDot,
        _ => Rule::ArabicIndicDigits,
    })
}

/// The first code point of `label` (a U-label, UTS 46 mapped) that
/// IDNA2008 does not allow, with its rule.
pub(super) fn check_label(label: &str) -> Option<Finding> {
    if label
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'-')
    {
        return None;
    }
    let chars: alloc::vec::Vec<char> = label.chars().collect();
    chars.iter().enumerate().find_map(|(index, &c)| {
        let rule = match status(c) {
            Status::Allowed => return None,
            Status::ContextO => context_o(&chars, index)?,
            Status::Not(rule) => rule,
        };
        Some(Finding { index, c, rule })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn derived_property() {
        // Words of many scripts, UTS 46 mapped: every code point PVALID.
        for label in [
            "münchen",
            "straße",
            "ελληνικά",
            "τελος",
            "пример",
            "ישראל",
            "مثال",
            "مثال٢",
            "۱۲۳",
            "例え",
            "テスト",
            "ひらがな",
            "한국",
            "ภาษาไทย",
            "हिन्दी",
            "தமிழ்",
            "l·l",
            "ελ͵λ",
            "א׳",
            "צה״ל",
            "ア・イ",
            "漢・字",
            "མིག་",
            "〇",
            "ጤና",
            "ქართული",
            "հայերեն",
            "১২৩",
        ] {
            assert_eq!(check_label(label), None, "{label}");
        }
        for (label, c, rule) in [
            ("💩", '💩', Rule::NotLetterDigit),
            ("i❤", '❤', Rule::NotLetterDigit),
            ("☃", '☃', Rule::NotLetterDigit),
            ("com∕login", '∕', Rule::NotLetterDigit),
            ("com⁄login", '⁄', Rule::NotLetterDigit),
            ("ex‐ample", '‐', Rule::NotLetterDigit),
            ("com‧evil", '‧', Rule::NotLetterDigit),
            ("\u{640}\u{640}", '\u{640}', Rule::Exception),
            ("\u{1806}", '\u{1806}', Rule::NotLetterDigit),
            ("\u{1100}", '\u{1100}', Rule::OldHangulJamo),
            ("a\u{20DD}", '\u{20DD}', Rule::IgnorableBlock),
            ("a·b", '·', Rule::MiddleDot),
            ("·ab", '·', Rule::MiddleDot),
            ("α͵", '͵', Rule::Keraia),
            ("a͵b", '͵', Rule::Keraia),
            ("a׳b", '׳', Rule::Geresh),
            ("a״", '״', Rule::Geresh),
            ("a・b", '・', Rule::KatakanaMiddleDot),
            ("・", '・', Rule::KatakanaMiddleDot),
            ("١۱", '١', Rule::ArabicIndicDigits),
            ("م١۱", '١', Rule::ArabicIndicDigits),
            ("\u{587}", '\u{587}', Rule::Unstable),
        ] {
            let found = check_label(label).unwrap_or_else(|| panic!("{label}"));
            assert_eq!((found.c, found.rule), (c, rule), "{label}");
            assert_eq!(label.chars().nth(found.index), Some(c), "{label}");
        }
    }
}
