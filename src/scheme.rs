//! What scheme-based normalization (RFC 3987 section 5.3.3, RFC 3986
//! section 6.2.3) knows about schemes: a table that callers can extend.
//!
//! # The idea
//!
//! Syntax-based normalization knows only the generic grammar, so it cannot
//! tell that `http://example.com`, `http://example.com/`,
//! `http://example.com:/` and `http://example.com:80/` are one resource
//! (the RFC's example). The `http` specification can: its default port is
//! 80 and an empty path means `/`. A [`Scheme`] records such facts for one
//! scheme, and a [`SchemeTable`] maps scheme names to them:
//!
//! ```
//! use rfc3987::scheme::{Scheme, SchemeTable, STANDARD};
//!
//! assert_eq!(STANDARD.get("HTTPS").default_port(), Some(443));
//! let mut table = SchemeTable::standard();
//! table.insert(Scheme::new("gopher").with_default_port(70).with_dns_host());
//! assert_eq!(table.get("gopher").default_port(), Some(70));
//! ```
//!
//! | field | effect in [`crate::normalize`] | RFC |
//! | --- | --- | --- |
//! | [`default_port`](Scheme::default_port) | `:80` removed for `http` | 3987 §5.3.3 |
//! | [`empty_path_is_root`](Scheme::empty_path_is_root) | `//host` gets the path `/` | 3987 §5.3.3 |
//! | [`dns_host`](Scheme::dns_host) | registered names are IDNs: validated, mapped with UTS 46, kept in Unicode | 3987 §5.3.3, §3.1 |
//! | [`default_host`](Scheme::default_host) | `file://localhost/x` becomes `file:///x` | 3986 §6.2.3, 8089 §2 |
//!
//! Rules that hold for every scheme are not in the table: an empty port is
//! always removed with its `:`, and the fragment is never touched (section
//! 5.3.3).
//!
//! # Unlisted schemes
//!
//! A scheme missing from the table gets the table's *fallback* entry,
//! which by default holds only what RFC 3986 section 6.2.3 states "in
//! general": "a URI that uses the generic syntax for authority with an
//! empty path should be normalized to a path of `/`". It has no default
//! port, no default host, and its hosts are not taken for DNS names, since
//! nothing says that they are (`urn`, `tag`, a private scheme...). Change
//! it with [`SchemeTable::set_fallback`].
//!
//! # Cost
//!
//! A lookup compares the name with each entry (ASCII case-insensitively);
//! the standard table has six entries, so this is a few byte compares.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

/// What normalization knows about one scheme.
///
/// Build one with [`Scheme::new`] and the `with_*` methods (all `const`,
/// so a table can be a `static`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scheme {
    name: Cow<'static, str>,
    default_port: Option<u16>,
    empty_path_is_root: bool,
    dns_host: bool,
    default_host: Option<&'static str>,
}

impl Scheme {
    /// A scheme named `name` (compared ASCII case-insensitively, as
    /// RFC 3986 section 3.1 makes schemes) with no rules yet: no default
    /// port, an empty path kept empty, a host that is not a DNS name, no
    /// default host.
    pub const fn new(name: &'static str) -> Self {
        Scheme {
            name: Cow::Borrowed(name),
            default_port: None,
            empty_path_is_root: false,
            dns_host: false,
            default_host: None,
        }
    }

    /// Like [`Scheme::new`], for a name known only at run time.
    pub fn named(name: String) -> Self {
        Scheme {
            name: Cow::Owned(name),
            ..Scheme::new("")
        }
    }

    /// With a default port: `:PORT` equal to it (as a number, so `:080` for
    /// 80 too) is removed.
    pub const fn with_default_port(mut self, port: u16) -> Self {
        self.default_port = Some(port);
        self
    }

    /// With an empty path under an authority equivalent to `/` (`http`:
    /// RFC 7230 section 2.7.3).
    pub const fn with_empty_path_is_root(mut self) -> Self {
        self.empty_path_is_root = true;
        self
    }

    /// With registered names that are DNS names, so Internationalized
    /// Domain Names: validated and mapped (case folding, NFC, full-width
    /// forms...) per UTS 46, `xn--` labels shown in Unicode.
    pub const fn with_dns_host(mut self) -> Self {
        self.dns_host = true;
        self
    }

    /// With a host that means the same as an empty one (`file`:
    /// `localhost`, RFC 8089 section 2). Per RFC 3986 section 6.2.3 it is
    /// normalized to the empty host, unless userinfo or a port is present.
    /// Compared ASCII case-insensitively; give it in lowercase.
    pub const fn with_default_host(mut self, host: &'static str) -> Self {
        self.default_host = Some(host);
        self
    }

    /// The scheme's name, as given.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The default port, if the scheme has one.
    pub fn default_port(&self) -> Option<u16> {
        self.default_port
    }

    /// Whether an empty path under an authority means `/`.
    pub fn empty_path_is_root(&self) -> bool {
        self.empty_path_is_root
    }

    /// Whether registered names are DNS names (IDN processing applies).
    pub fn dns_host(&self) -> bool {
        self.dns_host
    }

    /// The host that means the same as the empty host, if any.
    pub fn default_host(&self) -> Option<&'static str> {
        self.default_host
    }
}

/// Scheme names mapped to their [`Scheme`] rules, plus a fallback for
/// unlisted schemes (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SchemeTable {
    schemes: Cow<'static, [Scheme]>,
    fallback: Scheme,
}

/// The generic rules of RFC 3986 section 6.2.3, for unlisted schemes.
const GENERIC: Scheme = Scheme::new("").with_empty_path_is_root();

/// The schemes this crate knows: `http` and `https` (RFC 9110 section 4.2:
/// ports 80 and 443, empty path is `/`), `ws` and `wss` (RFC 6455 section
/// 3: the same ports and rule), `ftp` (RFC 1738 section 3.2: port 21), and
/// `file` (RFC 8089: no port, `localhost` is the empty host). The hosts of
/// all six are DNS names.
pub static STANDARD: SchemeTable = SchemeTable {
    schemes: Cow::Borrowed(&[
        Scheme::new("http")
            .with_default_port(80)
            .with_empty_path_is_root()
            .with_dns_host(),
        Scheme::new("https")
            .with_default_port(443)
            .with_empty_path_is_root()
            .with_dns_host(),
        Scheme::new("ws")
            .with_default_port(80)
            .with_empty_path_is_root()
            .with_dns_host(),
        Scheme::new("wss")
            .with_default_port(443)
            .with_empty_path_is_root()
            .with_dns_host(),
        Scheme::new("ftp")
            .with_default_port(21)
            .with_empty_path_is_root()
            .with_dns_host(),
        Scheme::new("file")
            .with_empty_path_is_root()
            .with_dns_host()
            .with_default_host("localhost"),
    ]),
    fallback: GENERIC,
};

impl SchemeTable {
    /// A table with no schemes, only the generic fallback.
    pub const fn empty() -> Self {
        SchemeTable {
            schemes: Cow::Borrowed(&[]),
            fallback: GENERIC,
        }
    }

    /// A copy of [`STANDARD`], to extend.
    pub fn standard() -> Self {
        STANDARD.clone()
    }

    /// Adds `scheme`, replacing an entry of the same name.
    pub fn insert(&mut self, scheme: Scheme) {
        let schemes: &mut Vec<Scheme> = self.schemes.to_mut();
        match schemes
            .iter_mut()
            .find(|s| s.name.eq_ignore_ascii_case(&scheme.name))
        {
            Some(slot) => *slot = scheme,
            None => schemes.push(scheme),
        }
    }

    /// Replaces the rules for unlisted schemes (their name is ignored).
    pub fn set_fallback(&mut self, scheme: Scheme) {
        self.fallback = scheme;
    }

    /// The rules for the scheme `name` (ASCII case-insensitive), or the
    /// fallback.
    pub fn get(&self, name: &str) -> &Scheme {
        self.lookup(name).unwrap_or(&self.fallback)
    }

    /// The entry for `name`, without the fallback.
    pub fn lookup(&self, name: &str) -> Option<&Scheme> {
        self.schemes
            .iter()
            .find(|s| s.name.eq_ignore_ascii_case(name))
    }

    /// The listed schemes, in insertion order.
    pub fn schemes(&self) -> &[Scheme] {
        &self.schemes
    }
}

impl Default for SchemeTable {
    /// [`STANDARD`].
    fn default() -> Self {
        SchemeTable::standard()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_schemes() {
        for (name, port) in [
            ("http", Some(80)),
            ("https", Some(443)),
            ("ws", Some(80)),
            ("wss", Some(443)),
            ("ftp", Some(21)),
            ("file", None),
        ] {
            let scheme = STANDARD.lookup(name).unwrap();
            assert_eq!(scheme.default_port(), port, "{name}");
            assert!(scheme.empty_path_is_root() && scheme.dns_host(), "{name}");
        }
        assert_eq!(STANDARD.get("FiLe").default_host(), Some("localhost"));
    }

    #[test]
    fn unlisted_schemes_get_the_fallback() {
        assert!(STANDARD.lookup("urn").is_none());
        let urn = STANDARD.get("urn");
        assert!(urn.empty_path_is_root() && !urn.dns_host());
        assert_eq!(urn.default_port(), None);
        let mut table = SchemeTable::empty();
        assert!(table.schemes().is_empty());
        table.set_fallback(Scheme::new("ignored"));
        assert!(!table.get("http").empty_path_is_root());
    }

    #[test]
    fn insert_replaces_by_name() {
        let mut table = SchemeTable::standard();
        table.insert(Scheme::named(String::from("HTTP")).with_default_port(8080));
        assert_eq!(table.get("http").default_port(), Some(8080));
        assert_eq!(table.schemes().len(), STANDARD.schemes().len());
        table.insert(Scheme::new("gopher").with_default_port(70));
        assert_eq!(table.schemes().len(), STANDARD.schemes().len() + 1);
        // The static table is untouched.
        assert_eq!(STANDARD.get("http").default_port(), Some(80));
    }
}
