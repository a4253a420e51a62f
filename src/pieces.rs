//! Messages assembled in a buffer on the stack and handed to the formatter
//! in one write.
//!
//! A syntax error's message is made of a dozen pieces (`expected `, the
//! expected set's phrase, `, found `, the character found and its code
//! point, ` in `, the rule, the hint and its `%HH` triplets). Each write
//! to a [`fmt::Formatter`] goes through its `dyn Write` (for a `String`: a
//! capacity check and a `memcpy` call), and each `{}` argument through the
//! formatting machinery, so the pieces cost more than their bytes.
//! [`MessageBuffer`] copies them into one buffer instead, writes code points and
//! numbers without the machinery, and passes the text on when the buffer
//! is full or the message done. On `iri check` over lines that are all
//! invalid that takes 2,134 instructions a line, message included,
//! against 2,910 with each piece written to the formatter (`valgrind
//! --tool=callgrind iri check < FILE`, a file of invalid lines).

use core::fmt;

/// The buffer's size: most messages fit whole; a longer one (the longest
/// hints) is passed on in two or three writes.
const CAPACITY: usize = 256;

/// A writer that gathers pieces of text before passing them to a
/// [`fmt::Formatter`]; [`finish`](Self::finish) passes the rest.
///
/// The buffer only ever holds whole `&str` pieces and ASCII digits, so it
/// is always UTF-8.
pub(crate) struct MessageBuffer<'a, 'b> {
    out: &'a mut fmt::Formatter<'b>,
    buf: [u8; CAPACITY],
    len: usize,
}

impl<'a, 'b> MessageBuffer<'a, 'b> {
    /// An empty buffer in front of `out`.
    pub(crate) fn new(out: &'a mut fmt::Formatter<'b>) -> Self {
        MessageBuffer {
            out,
            buf: [0; CAPACITY],
            len: 0,
        }
    }

    /// Appends `text`.
    #[inline]
    pub(crate) fn str(&mut self, text: &str) -> fmt::Result {
        let end = self.len + text.len();
        match self.buf.get_mut(self.len..end) {
            Some(room) => {
                room.copy_from_slice(text.as_bytes());
                self.len = end;
                Ok(())
            }
            None => {
                self.flush()?;
                if text.len() <= CAPACITY {
                    self.str(text)
                } else {
                    self.out.write_str(text)
                }
            }
        }
    }

    /// Appends the character `c`.
    #[inline]
    pub(crate) fn char(&mut self, c: char) -> fmt::Result {
        self.str(c.encode_utf8(&mut [0; 4]))
    }

    /// Appends `value` in upper-case hexadecimal, at least `digits` digits
    /// (at most 8): what `{:0digits$X}` writes.
    pub(crate) fn hex(&mut self, value: u32, digits: usize) -> fmt::Result {
        let needed = (8 - value.leading_zeros() as usize / 4).clamp(digits.min(8), 8);
        let room = self.room(needed)?;
        for (at, slot) in room.iter_mut().enumerate() {
            let shift = 4 * (needed - 1 - at);
            *slot = b"0123456789ABCDEF"[(value >> shift) as usize & 0xF];
        }
        Ok(())
    }

    /// Appends `value` in decimal.
    pub(crate) fn decimal(&mut self, value: usize) -> fmt::Result {
        let needed = value.checked_ilog10().map_or(1, |log| log as usize + 1);
        let room = self.room(needed)?;
        let mut rest = value;
        for slot in room.iter_mut().rev() {
            *slot = b'0' + (rest % 10) as u8;
            rest /= 10;
        }
        Ok(())
    }

    /// The next `len` bytes of the buffer (at most [`CAPACITY`]), counted
    /// as written: the caller fills them with ASCII.
    fn room(&mut self, len: usize) -> Result<&mut [u8], fmt::Error> {
        if self.len + len > CAPACITY {
            self.flush()?;
        }
        let start = self.len;
        let room = self.buf.get_mut(start..start + len).ok_or(fmt::Error)?;
        self.len = start + len;
        Ok(room)
    }

    /// Passes what is gathered on to the formatter.
    fn flush(&mut self) -> fmt::Result {
        let gathered = self.buf.get(..self.len).unwrap_or_default();
        self.len = 0;
        // Always UTF-8: the buffer holds whole `&str` pieces and digits.
        let text = core::str::from_utf8(gathered).map_err(|_| fmt::Error)?;
        self.out.write_str(text)
    }

    /// Passes the rest on; the message is written.
    pub(crate) fn finish(mut self) -> fmt::Result {
        self.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;
    use alloc::string::{String, ToString};

    /// Writes through [`MessageBuffer`] with `write`.
    struct Via<F: Fn(&mut MessageBuffer<'_, '_>) -> fmt::Result>(F);

    impl<F: Fn(&mut MessageBuffer<'_, '_>) -> fmt::Result> fmt::Display for Via<F> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            let mut pieces = MessageBuffer::new(f);
            (self.0)(&mut pieces)?;
            pieces.finish()
        }
    }

    #[test]
    fn hex_and_decimal_are_what_the_formatter_writes() {
        let values = (0..0x1_0000)
            .chain((0x1_0000..=0x10_FFFF).step_by(97))
            .chain([0x10_FFFF, 0x7FFF_FFFF, u32::MAX]);
        for value in values {
            let hex4 = Via(|p: &mut MessageBuffer<'_, '_>| p.hex(value, 4)).to_string();
            assert_eq!(hex4, format!("{value:04X}"));
            let hex2 = Via(|p: &mut MessageBuffer<'_, '_>| p.hex(value, 2)).to_string();
            assert_eq!(hex2, format!("{value:02X}"));
            let decimal =
                Via(|p: &mut MessageBuffer<'_, '_>| p.decimal(value as usize)).to_string();
            assert_eq!(decimal, format!("{value}"));
        }
        for value in [usize::MAX, usize::MAX / 10, 10_000_000_000_000_000_000] {
            let decimal = Via(|p: &mut MessageBuffer<'_, '_>| p.decimal(value)).to_string();
            assert_eq!(decimal, format!("{value}"));
        }
    }

    #[test]
    fn pieces_longer_than_the_buffer_arrive_whole_and_in_order() {
        // Every length around the capacity, after every fill level: the
        // text that comes out is the pieces in order, none lost or cut.
        let long: String = ('a'..='z').cycle().take(3 * CAPACITY).collect();
        for fill in [0, 1, CAPACITY / 2, CAPACITY - 1, CAPACITY] {
            for len in (0..3 * CAPACITY)
                .step_by(7)
                .chain([CAPACITY - 1, CAPACITY, CAPACITY + 1])
            {
                let written = Via(|p: &mut MessageBuffer<'_, '_>| {
                    p.str(&long[..fill])?;
                    p.char('é')?;
                    p.str(&long[..len])?;
                    p.char('日')
                })
                .to_string();
                assert_eq!(written, format!("{}é{}日", &long[..fill], &long[..len]));
            }
        }
    }

    #[test]
    fn padding_and_width_of_the_caller_are_not_applied() {
        // MessageBuffer writes as `write_str` does: a `{:>40}` of a message is the
        // message (as with the formatter's own `write_str`).
        let written = format!("{:>10}", Via(|p: &mut MessageBuffer<'_, '_>| p.str("ab")));
        assert_eq!(written, "ab");
    }
}
