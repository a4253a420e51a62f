//! The components of an IRI reference, named once for the whole crate.
//!
//! Parsing, building, mapping one component alone, bidi checks and lint
//! warnings all speak of the same eight components (RFC 3986 section 3),
//! so one enum serves them all; its names are the field names of
//! [`Components`](crate::Components), `iri parse --json`, the Arrow struct
//! column and the Python dictionaries.

use core::fmt;

#[cfg(feature = "normalization")]
use crate::grammar::class;
use crate::grammar::{rules, Rule};

/// One component of an IRI reference, in the order they are written.
///
/// ```
/// use rfc3987::Component;
///
/// assert_eq!(Component::Query.as_str(), "query");
/// assert_eq!(Component::Query.rule().name(), "iquery");
/// assert_eq!("host".parse::<Component>(), Ok(Component::Host));
/// let iri = rfc3987::IriRef::parse("http://u@example.org:8080/a?q#f").unwrap();
/// assert_eq!(iri.components().get(Component::Port), Some("8080"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Component {
    /// `scheme`, without its `:`.
    Scheme,
    /// `iauthority`: userinfo, host and port, without the leading `//`.
    Authority,
    /// `iuserinfo`, without its `@`.
    Userinfo,
    /// `ihost`: an IP literal (with its brackets), an IPv4 address or an
    /// `ireg-name`.
    Host,
    /// `port`, without its `:`.
    Port,
    /// `ipath`, present in every reference (possibly empty).
    Path,
    /// `iquery`, without its `?`: the only component where `iprivate`
    /// characters are allowed.
    Query,
    /// `ifragment`, without its `#`.
    Fragment,
}

impl Component {
    /// Every component, in the order they are written (and of the fields
    /// of [`Components`](crate::Components)).
    pub const ALL: [Component; 8] = [
        Component::Scheme,
        Component::Authority,
        Component::Userinfo,
        Component::Host,
        Component::Port,
        Component::Path,
        Component::Query,
        Component::Fragment,
    ];

    /// Its name: `scheme`, `authority`, `userinfo`, `host`, `port`, `path`,
    /// `query` or `fragment`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Component::Scheme => "scheme",
            Component::Authority => "authority",
            Component::Userinfo => "userinfo",
            Component::Host => "host",
            Component::Port => "port",
            Component::Path => "path",
            Component::Query => "query",
            Component::Fragment => "fragment",
        }
    }

    /// The ABNF rule the component's text matches (`iquery` for
    /// [`Query`](Self::Query), ...).
    pub fn rule(self) -> &'static Rule {
        match self {
            Component::Scheme => &rules::SCHEME,
            Component::Authority => &rules::IAUTHORITY,
            Component::Userinfo => &rules::IUSERINFO,
            Component::Host => &rules::IHOST,
            Component::Port => &rules::PORT,
            Component::Path => &rules::IPATH,
            Component::Query => &rules::IQUERY,
            Component::Fragment => &rules::IFRAGMENT,
        }
    }

    /// Whether `c` may appear unencoded in this component with the meaning
    /// of data (not of a delimiter): the component's character class from
    /// the grammar, minus `reserved`. For ASCII that is `unreserved`; for
    /// the rest it is `ucschar`, plus `iprivate` in the query. The scheme
    /// and the port hold no percent-encoding; an authority's data is its
    /// userinfo's or its host's (`ireg-name` is inside `iuserinfo`).
    /// Mapping and normalization ask it which characters they may write
    /// as they are.
    #[cfg(feature = "normalization")]
    pub(crate) fn allows_unencoded(self, c: char) -> bool {
        let in_class = match self {
            Component::Scheme | Component::Port => false,
            Component::Authority | Component::Userinfo => class::is_iuserinfo(c),
            Component::Host => class::is_ireg_name(c),
            Component::Path => class::is_isegment(c),
            Component::Query => class::is_iquery(c),
            Component::Fragment => class::is_ifragment(c),
        };
        in_class && !class::is_reserved(c)
    }
}

impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// From its name, as [`as_str`](Component::as_str) writes it (ASCII case
/// ignored).
impl core::str::FromStr for Component {
    type Err = crate::Error;

    /// `#[inline]`: compiled only in a crate that calls it (see
    /// `crate::check_batch`).
    #[inline]
    fn from_str(name: &str) -> Result<Component, crate::Error> {
        Component::ALL
            .into_iter()
            .find(|c| c.as_str().eq_ignore_ascii_case(name))
            .ok_or(crate::Error::UnknownComponent)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_rules_are_the_i_rules() {
        for c in Component::ALL {
            assert_eq!(c.as_str().parse(), Ok(c));
            let rule = c.rule().name();
            assert!(
                rule == c.as_str() || rule == alloc::format!("i{c}"),
                "{rule}"
            );
        }
        assert_eq!("Fragment".parse(), Ok(Component::Fragment));
        assert_eq!(
            "paths".parse::<Component>(),
            Err(crate::Error::UnknownComponent)
        );
        assert!(Component::ALL.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn unencoded_is_the_class_less_reserved() {
        for c in Component::ALL {
            let data = !matches!(c, Component::Scheme | Component::Port);
            assert_eq!(c.allows_unencoded('a'), data, "{c}");
            for delimiter in [':', '/', '?', '#', '[', ']', '@', '=', '&'] {
                assert!(!c.allows_unencoded(delimiter), "{c} {delimiter}");
            }
        }
        assert!(Component::Path.allows_unencoded('\u{e9}'));
        assert!(!Component::Path.allows_unencoded('\u{E000}'));
        assert!(Component::Query.allows_unencoded('\u{E000}'));
    }
}
