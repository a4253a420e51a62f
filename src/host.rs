//! The kinds of host (RFC 3986 section 3.2.2) and their addresses.
//!
//! `ihost = IP-literal / IPv4address / ireg-name`, with `IP-literal = "["
//! ( IPv6address / IPvFuture ) "]"`. A host that the grammar has accepted
//! is one of four kinds, told apart by its first characters (`[`, then
//! `v` or `V` for `IPvFuture`) and, between `IPv4address` and
//! `ireg-name`, by the section's first-match-wins rule: a host that
//! matches `IPv4address` is an address, so `192.0.2.16` is one and
//! `192.0.2.016` (a leading zero, which `dec-octet` does not allow) is a
//! registered name.
//!
//! The addresses are returned as [`core::net`] values (the same types as
//! `std::net`, available without `std`). They are read from text that the
//! generated DFA has already validated, so the conversion only computes
//! numbers; it never rejects and never panics.

use core::net::{Ipv4Addr, Ipv6Addr};

use crate::components::is_ipv4;

/// A host and its kind, as [`IriRef::host_parsed`] returns it.
///
/// [`IriRef::host_parsed`]: crate::IriRef::host_parsed
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Host<'a> {
    /// A registered name (`ireg-name`), as written: possibly empty,
    /// possibly with `%HH` triplets and non-ASCII characters, in its
    /// original case. Usually a DNS name, but RFC 3986 section 3.2.2 does
    /// not require one.
    RegName(&'a str),
    /// An `IPv4address` in dotted-decimal form.
    Ipv4(Ipv4Addr),
    /// An `IPv6address` between brackets (any of its forms, an embedded
    /// IPv4 address included).
    Ipv6(Ipv6Addr),
    /// An `IPvFuture` literal between brackets: the text inside them, such
    /// as `v7.fe80::1+en0`, starting with its `v` and version.
    IpvFuture(&'a str),
}

/// The host as URI text: a registered name as written, IPv4 in
/// dotted-decimal form, IPv6 in its RFC 5952 text and `IPvFuture` as
/// written, both between brackets.
///
/// ```
/// use rfc3987::IriRef;
/// let r = IriRef::parse("http://[2001:DB8:0:0:0:0:0:1]:8080/")?;
/// assert_eq!(r.host_parsed().unwrap().to_string(), "[2001:db8::1]");
/// # Ok::<(), rfc3987::ParseError>(())
/// ```
impl core::fmt::Display for Host<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Host::RegName(name) => f.write_str(name),
            Host::Ipv4(address) => write!(f, "{address}"),
            Host::Ipv6(address) => write!(f, "[{address}]"),
            Host::IpvFuture(text) => write!(f, "[{text}]"),
        }
    }
}

impl<'a> Host<'a> {
    /// Classifies the text of a valid `ihost` (brackets included).
    pub(crate) fn classify(text: &'a str) -> Host<'a> {
        match text.as_bytes() {
            [b'[', b'v' | b'V', ..] => Host::IpvFuture(&text[1..text.len() - 1]),
            [b'[', ..] => Host::Ipv6(ipv6(&text[1..text.len() - 1])),
            _ if is_ipv4(text) => Host::Ipv4(ipv4(text)),
            _ => Host::RegName(text),
        }
    }

    /// The IP address, for the two kinds that are one.
    pub fn ip(&self) -> Option<core::net::IpAddr> {
        match *self {
            Host::Ipv4(a) => Some(a.into()),
            Host::Ipv6(a) => Some(a.into()),
            Host::RegName(_) | Host::IpvFuture(_) => None,
        }
    }
}

/// The value of a string of decimal or hexadecimal digits that a
/// recognizer has accepted (wrapping, which valid text never needs).
fn number(digits: &str, radix: u32) -> u16 {
    digits.chars().fold(0u16, |n, c| {
        n.wrapping_mul(radix as u16)
            .wrapping_add(c.to_digit(radix).unwrap_or(0) as u16)
    })
}

/// A valid `IPv4address`: four `dec-octet`s.
fn ipv4(text: &str) -> Ipv4Addr {
    let mut octets = [0u8; 4];
    for (octet, digits) in octets.iter_mut().zip(text.split('.')) {
        *octet = number(digits, 10) as u8;
    }
    Ipv4Addr::from(octets)
}

/// A valid `IPv6address`: up to eight `h16` groups, at most one `::`
/// standing for as many zero groups as are missing, and possibly an
/// `IPv4address` as the last two groups (`ls32`).
fn ipv6(text: &str) -> Ipv6Addr {
    let mut head = [0u16; 8];
    let mut tail = [0u16; 8];
    let (before, after) = match text.find("::") {
        Some(i) => (&text[..i], Some(&text[i + 2..])),
        None => (text, None),
    };
    let n_head = groups(before, &mut head);
    let mut out = head;
    if let Some(after) = after {
        let n_tail = groups(after, &mut tail);
        // The groups after `::` are the last ones; between, zeros.
        out[n_head..].fill(0);
        let from = 8usize.saturating_sub(n_tail);
        out[from..].copy_from_slice(&tail[..8 - from]);
    }
    Ipv6Addr::from(out)
}

/// Reads `h16` groups separated by `:` (and a final IPv4 address, as two
/// groups) into `out`; returns how many.
fn groups(text: &str, out: &mut [u16; 8]) -> usize {
    let mut n = 0;
    if text.is_empty() {
        return 0;
    }
    for piece in text.split(':') {
        if piece.contains('.') {
            let [a, b, c, d] = ipv4(piece).octets();
            for group in [u16::from_be_bytes([a, b]), u16::from_be_bytes([c, d])] {
                if let Some(slot) = out.get_mut(n) {
                    *slot = group;
                    n += 1;
                }
            }
        } else if let Some(slot) = out.get_mut(n) {
            *slot = number(piece, 16);
            n += 1;
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v6(text: &str) -> Ipv6Addr {
        match Host::classify(text) {
            Host::Ipv6(a) => a,
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn ipv6_forms() {
        for (text, std) in [
            ("[::]", "::"),
            ("[::1]", "::1"),
            ("[2001:db8::7]", "2001:db8::7"),
            ("[1:2:3:4:5:6:7:8]", "1:2:3:4:5:6:7:8"),
            ("[1::8]", "1::8"),
            ("[1:2:3:4:5:6:7::]", "1:2:3:4:5:6:7:0"),
            ("[::2:3:4:5:6:7:8]", "0:2:3:4:5:6:7:8"),
            ("[::ffff:192.0.2.1]", "::ffff:192.0.2.1"),
            ("[1:2:3:4:5:6:1.2.3.4]", "1:2:3:4:5:6:102:304"),
            ("[::1.2.3.4]", "::102:304"),
            ("[ABCD:ef01::0000:9]", "abcd:ef01::9"),
        ] {
            assert_eq!(v6(text), std.parse::<Ipv6Addr>().unwrap(), "{text}");
        }
    }

    #[test]
    fn first_match_wins_between_ipv4_and_reg_name() {
        assert_eq!(
            Host::classify("192.0.2.16"),
            Host::Ipv4(Ipv4Addr::new(192, 0, 2, 16))
        );
        assert_eq!(Host::classify("192.0.2.016"), Host::RegName("192.0.2.016"));
        assert_eq!(Host::classify("1.2.3.4.5"), Host::RegName("1.2.3.4.5"));
        assert_eq!(Host::classify("256.1.1.1"), Host::RegName("256.1.1.1"));
        assert_eq!(Host::classify(""), Host::RegName(""));
    }

    #[test]
    fn ipvfuture_keeps_its_text() {
        assert_eq!(
            Host::classify("[v7.fe80::1+en0]"),
            Host::IpvFuture("v7.fe80::1+en0")
        );
        assert_eq!(Host::classify("[V1.x]"), Host::IpvFuture("V1.x"));
    }
}
