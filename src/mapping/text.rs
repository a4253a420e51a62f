//! Section 3.1 step 1, variant a: IRIs typed, read aloud or copied from
//! paper, which are normalized to NFC.

use alloc::borrow::Cow;

use icu_normalizer::ComposingNormalizerBorrowed;

/// Step 1 variant a: an IRI "written on paper, read aloud, or otherwise
/// represented as a sequence of characters independent of any character
/// encoding" (typed in, say) is normalized to NFC before step 2.
///
/// Borrows `text` when it is already in NFC. The whole text is normalized,
/// as the section says, delimiters included: `=` followed by U+0338
/// COMBINING LONG SOLIDUS OVERLAY becomes the one character `≠`.
///
/// ```
/// use rfc3987::mapping::{from_text, to_uri};
///
/// // "Vietnam" typed with a combining dot below.
/// let typed = "http://example.org/Vie\u{302}\u{323}t";
/// assert_eq!(from_text(typed), "http://example.org/Vi\u{1EC7}t");
/// assert_eq!(to_uri(&from_text(typed)).unwrap(), "http://example.org/Vi%E1%BB%87t");
/// ```
pub fn from_text(text: &str) -> Cow<'_, str> {
    ComposingNormalizerBorrowed::new_nfc().normalize(text)
}
