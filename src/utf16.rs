//! UTF-16 input (RFC 3987 sections 6.2 and 7.1).
//!
//! An IRI is a sequence of characters, not of code units (section 2);
//! section 6.2 requires an interface to say which encoding it uses, and
//! section 7.1 recommends UTF-8, which is what the generated recognizers
//! read. Callers whose platform gives them UTF-16 (Windows, Java, the web
//! platform) decode once here and then parse the UTF-8 result: the syntax
//! is checked on characters, so the two encodings accept exactly the same
//! IRIs. The only new failure is a surrogate code unit without its pair,
//! which encodes no character at all.

use alloc::string::String;

use crate::error::CheckError;
use crate::parse_error::ParseError;

/// Decodes `units`; an unpaired surrogate is an error at its position.
///
/// The error's input is the whole text decoded with U+FFFD in place of
/// each unpaired surrogate (one code unit each), so that its caret line
/// can show the context and [`ParseError::utf16_offset`] maps back.
// `#[inline]`: compiled only in a crate that calls `from_utf16` (see
// `crate::check_batch`).
#[inline]
pub(crate) fn decode(units: &[u16]) -> Result<String, ParseError> {
    let mut text = String::with_capacity(units.len());
    let mut bad = None;
    let mut unit = 0;
    for decoded in char::decode_utf16(units.iter().copied()) {
        match decoded {
            Ok(c) => {
                text.push(c);
                unit += c.len_utf16();
            }
            Err(e) => {
                bad.get_or_insert((text.len(), unit, e.unpaired_surrogate()));
                text.push(char::REPLACEMENT_CHARACTER);
                unit += 1;
            }
        }
    }
    match bad {
        None => Ok(text),
        Some((offset, unit, value)) => Err(ParseError::new(
            CheckError::utf16(offset, unit, value),
            text,
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    #[test]
    fn pairs_decode_and_lone_surrogates_fail_where_they_stand() {
        let units: Vec<u16> = "a/😀".encode_utf16().collect();
        assert_eq!(decode(&units).unwrap(), "a/😀");
        let e = decode(&[0x61, 0x2F, 0xD83D, 0x62]).unwrap_err();
        assert_eq!((e.offset(), e.utf16_offset()), (2, 2));
        assert_eq!(e.input(), "a/\u{FFFD}b");
        let e = decode(&[0xDE00, 0xD83D, 0xDE00]).unwrap_err();
        assert_eq!((e.offset(), e.utf16_offset()), (0, 0));
        assert_eq!(e.input(), "\u{FFFD}😀");
    }
}
