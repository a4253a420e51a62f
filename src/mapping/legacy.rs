//! Section 3.1 step 1, variants b and c for octets in a legacy encoding
//! (the `legacy` feature, which brings `encoding_rs`).

use alloc::borrow::Cow;
use alloc::string::String;

use encoding_rs::{DecoderResult, Encoding, UTF_16BE, UTF_16LE, UTF_8};

use super::from_text;
use crate::Error;

/// Step 1 variants b and c for octets: decodes `bytes` from `encoding`
/// (an Encoding Standard encoding of the `encoding_rs` crate, re-exported
/// as [`super::encoding_rs`]) and, for a non-Unicode encoding (variant b),
/// normalizes the result to NFC. UTF-8 and UTF-16 input is not normalized
/// (variant c). No byte order mark is looked for: the encoding is the one
/// given.
///
/// Bytes that are not valid in `encoding` are an error at their offset
/// ([`Error::Legacy`]), never replaced.
///
/// ```
/// use rfc3987::mapping::encoding_rs::{ISO_8859_5, UTF_8};
/// use rfc3987::mapping::{from_legacy, to_uri};
///
/// // Section 3.2.1: <FC> is U+045C in iso-8859-5.
/// let iri = from_legacy(b"http://example.org/\xFC", ISO_8859_5).unwrap();
/// assert_eq!(to_uri(&iri).unwrap(), "http://example.org/%D1%9C");
/// let error = from_legacy(b"http://\xC3(", UTF_8).unwrap_err();
/// assert_eq!(error.offset(), 7);
/// ```
pub fn from_legacy(bytes: &[u8], encoding: &'static Encoding) -> Result<String, Error> {
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let mut out = String::new();
    let mut read = 0;
    loop {
        let needed = decoder
            .max_utf8_buffer_length_without_replacement(bytes.len() - read)
            .unwrap_or(bytes.len() - read);
        out.reserve(needed.max(4));
        let (result, n) =
            decoder.decode_to_string_without_replacement(&bytes[read..], &mut out, true);
        read += n;
        match result {
            DecoderResult::InputEmpty => break,
            DecoderResult::OutputFull => continue,
            DecoderResult::Malformed(bad, after) => {
                return Err(Error::Legacy {
                    offset: read - usize::from(after) - usize::from(bad),
                    encoding,
                })
            }
        }
    }
    let unicode = [UTF_8, UTF_16LE, UTF_16BE].contains(&encoding);
    if unicode {
        return Ok(out);
    }
    Ok(match from_text(&out) {
        Cow::Borrowed(_) => out,
        Cow::Owned(normalized) => normalized,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;
    use encoding_rs::{SHIFT_JIS, WINDOWS_1252, WINDOWS_1258};

    #[test]
    fn windows_1258_vietnamese_is_normalized() {
        // Section 3.1's note: "Vi&#xEA;&#x323;t Nam" becomes "Vi&#x1EC7;t Nam".
        let iri = from_legacy(b"Vi\xEA\xF2t", WINDOWS_1258).unwrap();
        assert_eq!(iri, "Vi\u{1EC7}t");
    }

    #[test]
    fn unicode_encodings_are_not_normalized() {
        assert_eq!(
            from_legacy("e\u{301}".as_bytes(), UTF_8).unwrap(),
            "e\u{301}"
        );
        assert_eq!(from_legacy(b"e\x00\x01\x03", UTF_16LE).unwrap(), "e\u{301}");
    }

    #[test]
    fn malformed_input_is_an_error_where_it_starts() {
        let e = from_legacy(b"ab\x82", SHIFT_JIS).unwrap_err();
        assert_eq!(e.offset(), 2);
        assert_eq!(
            e.to_string(),
            "the octets at byte 2 are not valid Shift_JIS"
        );
        let e = from_legacy(b"abc\xFF\xFE", UTF_8).unwrap_err();
        assert_eq!(e.offset(), 3);
        assert_eq!(from_legacy(b"caf\xE9", WINDOWS_1252).unwrap(), "café");
    }

    #[test]
    fn long_input_needs_more_than_one_buffer() {
        let bytes = [0xE9u8; 5000];
        assert_eq!(from_legacy(&bytes, WINDOWS_1252).unwrap(), "é".repeat(5000));
    }
}
