//! Which of the six conditions of the bidi rule for domain names (RFC 5893
//! section 2) a label breaks, and at which character, for the message of
//! an `idn-invalid` warning whose reason is the bidi rule: UTS 46 says only
//! that the rule failed.
//!
//! The rule, on a label of a domain name that has a right-to-left label:
//!
//! 1. the first character is L, R or AL (R or AL: a right-to-left label;
//!    L: a left-to-right one);
//! 2. a right-to-left label holds only R, AL, AN, EN, ES, CS, ET, ON, BN
//!    and NSM;
//! 3. it ends with R, AL, EN or AN, then any NSM;
//! 4. it does not hold both EN and AN;
//! 5. a left-to-right label holds only L, EN, ES, CS, ET, ON, BN and NSM;
//! 6. it ends with L or EN, then any NSM.

use icu_properties::props::BidiClass as B;

use crate::bidi::bidi_class;

/// The condition of RFC 5893 section 2 that `label` (its UTS 46 form)
/// breaks first, with the character at fault and its index in
/// characters; `None` when it keeps all six.
pub(super) fn violation(label: &str) -> Option<(u8, char, usize)> {
    let chars: alloc::vec::Vec<(char, B)> = label.chars().map(|c| (c, bidi_class(c))).collect();
    let &(first, first_class) = chars.first()?;
    let rtl = match first_class {
        B::RightToLeft | B::ArabicLetter => true,
        B::LeftToRight => false,
        _ => return Some((1, first, 0)),
    };
    let allowed: &[B] = if rtl {
        &[
            B::RightToLeft,
            B::ArabicLetter,
            B::ArabicNumber,
            B::EuropeanNumber,
            B::EuropeanSeparator,
            B::CommonSeparator,
            B::EuropeanTerminator,
            B::OtherNeutral,
            B::BoundaryNeutral,
            B::NonspacingMark,
        ]
    } else {
        &[
            B::LeftToRight,
            B::EuropeanNumber,
            B::EuropeanSeparator,
            B::CommonSeparator,
            B::EuropeanTerminator,
            B::OtherNeutral,
            B::BoundaryNeutral,
            B::NonspacingMark,
        ]
    };
    let (only, ends) = if rtl { (2, 3) } else { (5, 6) };
    if let Some((i, &(c, _))) = chars
        .iter()
        .enumerate()
        .find(|(_, (_, class))| !allowed.contains(class))
    {
        return Some((only, c, i));
    }
    if let Some((i, &(c, class))) = chars
        .iter()
        .enumerate()
        .rev()
        .find(|(_, (_, class))| *class != B::NonspacingMark)
    {
        let good_end: &[B] = if rtl {
            &[
                B::RightToLeft,
                B::ArabicLetter,
                B::EuropeanNumber,
                B::ArabicNumber,
            ]
        } else {
            &[B::LeftToRight, B::EuropeanNumber]
        };
        if !good_end.contains(&class) {
            return Some((ends, c, i));
        }
    }
    if rtl {
        let en = chars
            .iter()
            .position(|(_, class)| *class == B::EuropeanNumber);
        let an = chars
            .iter()
            .position(|(_, class)| *class == B::ArabicNumber);
        if let (Some(en), Some(an)) = (en, an) {
            let second = en.max(an);
            return Some((4, chars[second].0, second));
        }
    }
    None
}

/// What condition `rule` of RFC 5893 section 2 requires, for a message.
pub(super) fn describe(rule: u8) -> &'static str {
    match rule {
        1 => "a label must start with a letter of either direction (L, R or AL)",
        2 => "a right-to-left label holds only right-to-left letters, numbers, separators, neutrals and marks (no left-to-right letter)",
        3 => "a right-to-left label must end with a right-to-left letter or a digit",
        4 => "a right-to-left label must not mix European digits and Arabic-Indic digits",
        5 => "a left-to-right label holds only left-to-right letters, European digits, separators, neutrals and marks (no right-to-left letter, no Arabic-Indic digit)",
        _ => "a left-to-right label must end with a left-to-right letter or a European digit",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_rule() {
        for (label, expected) in [
            ("a\u{661}", Some((5, '\u{661}', 1))),
            ("a\u{5D0}b", Some((5, '\u{5D0}', 1))),
            ("1\u{5D0}", Some((1, '1', 0))),
            ("\u{5D0}a", Some((2, 'a', 1))),
            ("\u{5D0}-", Some((3, '-', 1))),
            ("\u{645}1\u{661}", Some((4, '\u{661}', 2))),
            ("ab-", Some((6, '-', 2))),
            ("abc", None),
            ("ab1", None),
            ("\u{5D0}\u{5D1}", None),
            ("\u{645}\u{62B}\u{627}\u{644}\u{662}", None),
            ("\u{5E9}\u{5DC}\u{5D5}\u{5DD}", None),
        ] {
            assert_eq!(violation(label), expected, "{label}");
        }
    }
}
