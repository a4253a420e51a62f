//! How a browser reads a host that RFC 3986 calls a registered name but
//! that ends in a number: as an IPv4 address, in one of the "rare IP
//! address formats" of RFC 3986 section 7.4.
//!
//! RFC 3986's `IPv4address` is dotted-decimal only, four parts of `0` to
//! `255` without leading zeros; anything else made of digits and dots is a
//! `reg-name`. The WHATWG URL standard's host parser, which browsers
//! follow for `http`, `https`, `ws`, `wss`, `ftp` and `file`, instead
//! reads every host whose last label is a number as an IPv4 address,
//! in the forms of `inet_aton`: hexadecimal (`0x7f`), octal (a leading
//! `0`), and fewer than four parts, the last filling the remaining bytes
//! (`127.1`, `2130706433`); a host whose last label is a number but that
//! is no such address (`256.256.256.256`, `example.123`) is rejected.
//! So `0x7f.0.0.1` is a name to RFC 3986 and the loopback address to a
//! browser: two readers disagree on where the IRI leads (section 8).

use alloc::vec::Vec;

/// How a browser reads a host that ends in a number.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Reading {
    /// As this IPv4 address, from parts written in these forms.
    Address(u32, Forms),
    /// Not at all: the part at this index is not a number or too large.
    Rejected(usize, Why),
}

/// The rare forms a host's parts are written in.
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct Forms {
    /// A part in hexadecimal (`0x7f`).
    pub hex: bool,
    /// A part in octal (`0177`), or a decimal part with a leading zero.
    pub octal: bool,
    /// How many parts, when not four.
    pub parts: usize,
}

/// Why a browser rejects a host that ends in a number.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Why {
    /// The part is not a number in any form.
    NotANumber,
    /// The number is too large for its place (over 255, or the last part
    /// over what the remaining bytes hold).
    TooLarge,
    /// More than four parts.
    TooManyParts,
}

/// The WHATWG URL reading of the ASCII host `host` (already
/// percent-decoded and mapped to lowercase ASCII), when its last label
/// (a trailing empty one set aside) is a number: all ASCII digits, or a
/// number in the forms above ("ends in a number"). `None` for a host that
/// does not end in a number (`123.example`, `web2.0.example`).
pub(super) fn reading(host: &str) -> Option<Reading> {
    let mut parts: Vec<&str> = host.split('.').collect();
    if parts.len() > 1 && parts.last() == Some(&"") {
        parts.pop();
    }
    let last = *parts.last()?;
    let ends_in_number =
        !last.is_empty() && (last.bytes().all(|b| b.is_ascii_digit()) || number(last).is_some());
    if !ends_in_number {
        return None;
    }
    if parts.len() > 4 {
        return Some(Reading::Rejected(4, Why::TooManyParts));
    }
    let mut forms = Forms {
        parts: if parts.len() == 4 { 0 } else { parts.len() },
        ..Forms::default()
    };
    let mut address: u64 = 0;
    for (i, part) in parts.iter().enumerate() {
        let Some((value, radix)) = number(part) else {
            return Some(Reading::Rejected(i, Why::NotANumber));
        };
        forms.hex |= radix == 16;
        forms.octal |= radix == 8;
        let last = i + 1 == parts.len();
        // Each part but the last is one byte; the last fills the rest.
        let limit: u64 = if last {
            1 << (8 * (5 - parts.len()))
        } else {
            256
        };
        if value >= limit {
            return Some(Reading::Rejected(i, Why::TooLarge));
        }
        address = if last {
            address << (8 * (5 - parts.len())) | value
        } else {
            address << 8 | value
        };
    }
    Some(Reading::Address(address as u32, forms))
}

/// The WHATWG "IPv4 number" `part` with its radix: `0x` or `0X` then hex
/// digits (none is zero), a leading `0` then octal digits, or decimal;
/// `None` when it is none of these, or over `u32::MAX` (too large for
/// any place).
fn number(part: &str) -> Option<(u64, u32)> {
    let (digits, radix) =
        if let Some(hex) = part.strip_prefix("0x").or_else(|| part.strip_prefix("0X")) {
            (hex, 16)
        } else if part.len() > 1 && part.starts_with('0') {
            (&part[1..], 8)
        } else {
            (part, 10)
        };
    if part.is_empty() {
        return None;
    }
    let mut value: u64 = 0;
    for c in digits.chars() {
        let digit = c.to_digit(radix)?;
        value = value * u64::from(radix) + u64::from(digit);
        if value > u64::from(u32::MAX) + 1 {
            // Too large for any place; reading on could overflow.
            value = u64::from(u32::MAX) + 1;
        }
    }
    Some((value, radix))
}

/// `address` in dotted-decimal.
pub(super) fn dotted(address: u32) -> alloc::string::String {
    let [a, b, c, d] = address.to_be_bytes();
    alloc::format!("{a}.{b}.{c}.{d}")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The forms of RFC 3986 section 7.4 and WHATWG URL's IPv4 parser.
    #[test]
    fn readings() {
        for (host, address) in [
            ("0x7f.0.0.1", "127.0.0.1"),
            ("0177.0.0.1", "127.0.0.1"),
            ("2130706433", "127.0.0.1"),
            ("127.1", "127.0.0.1"),
            ("1.2.3", "1.2.0.3"),
            ("0x7f000001", "127.0.0.1"),
            ("192.168.0.1.", "192.168.0.1"),
            ("0x.0.0.0", "0.0.0.0"),
            ("010.0.0.010", "8.0.0.8"),
        ] {
            match reading(host) {
                Some(Reading::Address(a, _)) => assert_eq!(dotted(a), address, "{host}"),
                other => panic!("{host}: {other:?}"),
            }
        }
        assert_eq!(
            reading("0x7f.0.0.1"),
            Some(Reading::Address(
                0x7f00_0001,
                Forms {
                    hex: true,
                    octal: false,
                    parts: 0
                }
            ))
        );
        for (host, rejected) in [
            ("256.256.256.256", Reading::Rejected(0, Why::TooLarge)),
            ("999.1.1.1", Reading::Rejected(0, Why::TooLarge)),
            ("1.2.3.256", Reading::Rejected(3, Why::TooLarge)),
            (
                "1.65536",
                Reading::Address(
                    0x0100_0000 | 65536,
                    Forms {
                        parts: 2,
                        ..Forms::default()
                    },
                ),
            ),
            ("1.16777216", Reading::Rejected(1, Why::TooLarge)),
            ("example.123", Reading::Rejected(0, Why::NotANumber)),
            ("09.1.1.1", Reading::Rejected(0, Why::NotANumber)),
            ("1x.2", Reading::Rejected(0, Why::NotANumber)),
            ("1.2.3.4.5", Reading::Rejected(4, Why::TooManyParts)),
            ("99999999999999999999", Reading::Rejected(0, Why::TooLarge)),
        ] {
            assert_eq!(reading(host), Some(rejected), "{host}");
        }
        for name in [
            "123.example",
            "web2.0.example",
            "example.com",
            "x.y",
            "a.0xg",
            ".",
        ] {
            assert_eq!(reading(name), None, "{name}");
        }
    }
}
