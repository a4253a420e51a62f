//! Components of a string checked against any rule that has them: a whole
//! reference (`IRI`, `URI-reference`, ...), a hierarchical part, an
//! authority, or one component's rule (`ihost`, `ipath-absolute`, ...).
//!
//! `iri parse --rule`, the Python `parse(rule=...)` and the Arrow `parse`
//! split this way, so they agree on every rule.
//!
//! Correctness: every reference rule's language is inside
//! `IRI-reference`'s (the URI rules are the IRI rules without `ucschar`
//! and `iprivate`, `absolute-IRI` and `irelative-ref` are alternatives of
//! `IRI-reference`), so a string one of them accepted splits as an
//! `IRI-reference` does; tests/components.rs checks it on generated
//! inputs against the typed parsers.

use crate::component::Component;
use crate::components::{host_bounds, split};
use crate::grammar::{rules, Rule};
use crate::parse_error::ParseError;
use crate::types::Components;

/// How a rule's strings split.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    /// A whole reference.
    Reference,
    /// `ihier-part` / `irelative-part`: `//` authority path, or a path.
    HierPart,
    /// `iauthority`: userinfo, host and port.
    WholeAuthority,
    /// The whole string is this component.
    Whole(Component),
}

/// The rules that split, each IRI rule beside its URI counterpart. The
/// pieces inside a component (`h16`, `dec-octet`, `pct-encoded`) and the
/// character classes are absent: their strings are no component. (`ipchar`
/// is there, as a path of one character, as `iri parse` always took it.)
static SHAPES: [(&Rule, Shape); 50] = {
    use Component::*;
    use Shape::*;
    [
        (&rules::IRI_REFERENCE, Reference),
        (&rules::URI_REFERENCE, Reference),
        (&rules::IRI, Reference),
        (&rules::URI, Reference),
        (&rules::ABSOLUTE_IRI, Reference),
        (&rules::ABSOLUTE_URI, Reference),
        (&rules::IRELATIVE_REF, Reference),
        (&rules::RELATIVE_REF, Reference),
        (&rules::IHIER_PART, HierPart),
        (&rules::HIER_PART, HierPart),
        (&rules::IRELATIVE_PART, HierPart),
        (&rules::RELATIVE_PART, HierPart),
        (&rules::IAUTHORITY, WholeAuthority),
        (&rules::AUTHORITY, WholeAuthority),
        (&rules::SCHEME, Whole(Scheme)),
        (&rules::IUSERINFO, Whole(Userinfo)),
        (&rules::USERINFO, Whole(Userinfo)),
        (&rules::IHOST, Whole(Host)),
        (&rules::HOST, Whole(Host)),
        (&rules::IREG_NAME, Whole(Host)),
        (&rules::REG_NAME, Whole(Host)),
        (&rules::IP_LITERAL, Whole(Host)),
        (&rules::IPV4ADDRESS, Whole(Host)),
        (&rules::IPV6ADDRESS, Whole(Host)),
        (&rules::IPVFUTURE, Whole(Host)),
        (&rules::PORT, Whole(Port)),
        (&rules::IPATH, Whole(Path)),
        (&rules::PATH, Whole(Path)),
        (&rules::IPATH_ABEMPTY, Whole(Path)),
        (&rules::PATH_ABEMPTY, Whole(Path)),
        (&rules::IPATH_ABSOLUTE, Whole(Path)),
        (&rules::PATH_ABSOLUTE, Whole(Path)),
        (&rules::IPATH_NOSCHEME, Whole(Path)),
        (&rules::PATH_NOSCHEME, Whole(Path)),
        (&rules::IPATH_ROOTLESS, Whole(Path)),
        (&rules::PATH_ROOTLESS, Whole(Path)),
        (&rules::IPATH_EMPTY, Whole(Path)),
        (&rules::PATH_EMPTY, Whole(Path)),
        (&rules::ISEGMENT, Whole(Path)),
        (&rules::SEGMENT, Whole(Path)),
        (&rules::ISEGMENT_NZ, Whole(Path)),
        (&rules::SEGMENT_NZ, Whole(Path)),
        (&rules::ISEGMENT_NZ_NC, Whole(Path)),
        (&rules::SEGMENT_NZ_NC, Whole(Path)),
        (&rules::IPCHAR, Whole(Path)),
        (&rules::PCHAR, Whole(Path)),
        (&rules::IQUERY, Whole(Query)),
        (&rules::QUERY, Whole(Query)),
        (&rules::IFRAGMENT, Whole(Fragment)),
        (&rules::FRAGMENT, Whole(Fragment)),
    ]
};

/// A rule whose strings have components, and the way to split them.
///
/// ```
/// use rfc3987::grammar::rules;
/// use rfc3987::{Component, Splitter};
///
/// let authority = Splitter::new(&rules::IAUTHORITY).unwrap();
/// let parts = authority.split("user@例え.jp:8080").unwrap();
/// assert_eq!((parts.userinfo, parts.host, parts.port), (Some("user"), Some("例え.jp"), Some("8080")));
///
/// let uri = Splitter::new(&rules::URI).unwrap();
/// assert_eq!(uri.split("http://例え.jp/").unwrap_err().offset(), 7);
///
/// assert_eq!(Splitter::new(&rules::IHOST).unwrap().component(), Some(Component::Host));
/// assert!(Splitter::new(&rules::ALPHA).is_none());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Splitter {
    rule: &'static Rule,
    shape: Shape,
}

impl Splitter {
    /// The splitter for `rule`, or `None` when its strings are not
    /// components: character rules (`ALPHA`, `ucschar`) and the pieces
    /// inside one component (`h16`, `pct-encoded`).
    pub fn new(rule: &'static Rule) -> Option<Splitter> {
        SHAPES
            .iter()
            .find(|(r, _)| *r == rule)
            .map(|&(_, shape)| Splitter { rule, shape })
    }

    /// The rules that split, in the grammar's order.
    pub fn rules() -> impl Iterator<Item = &'static Rule> {
        Rule::all()
            .iter()
            .copied()
            .filter(|rule| Splitter::new(rule).is_some())
    }

    /// The rule.
    pub fn rule(&self) -> &'static Rule {
        self.rule
    }

    /// The one component the rule's strings are, for a component's rule
    /// (`Host` for `ireg-name`); `None` for references, hierarchical parts
    /// and authorities.
    pub fn component(&self) -> Option<Component> {
        match self.shape {
            Shape::Whole(component) => Some(component),
            _ => None,
        }
    }

    /// Whether the rule's strings have a path: references and
    /// hierarchical parts (whose path may be empty) and the path rules do;
    /// an authority, a scheme, a host, a query do not, and the path that
    /// [`split`](Self::split) gives them is an empty stand-in.
    pub fn has_path(&self) -> bool {
        match self.shape {
            Shape::Reference | Shape::HierPart => true,
            Shape::WholeAuthority => false,
            Shape::Whole(component) => component == Component::Path,
        }
    }

    /// Checks `text` against the rule and gives its components: exact
    /// substrings of `text`, `None` when absent, the path always present
    /// (empty when the rule has none).
    pub fn split<'a>(&self, text: &'a str) -> Result<Components<'a>, ParseError> {
        if let Err(error) = crate::check(self.rule, text) {
            return Err(ParseError::new(error, text.into()));
        }
        let mut parts = Components::default();
        match self.shape {
            Shape::HierPart if !text.starts_with("//") => parts.path = text,
            Shape::Reference | Shape::HierPart => parts = Components::of(text, split(text)),
            Shape::WholeAuthority => {
                let (start, end) = host_bounds(text.as_bytes(), 0, text.len());
                parts.authority = Some(text);
                parts.userinfo = (start > 0).then(|| &text[..start - 1]);
                parts.host = Some(&text[start..end]);
                parts.port = (end < text.len()).then(|| &text[end + 1..]);
            }
            Shape::Whole(component) => parts.set(component, text),
        }
        Ok(parts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn only_references_parts_and_paths_have_a_path() {
        let has = |rule| Splitter::new(rule).unwrap().has_path();
        assert!(has(&rules::IRI_REFERENCE) && has(&rules::IHIER_PART) && has(&rules::IPATH));
        assert!(has(&rules::ISEGMENT) && has(&rules::IPATH_EMPTY));
        assert!(!has(&rules::IAUTHORITY) && !has(&rules::IHOST) && !has(&rules::SCHEME));
        assert!(!has(&rules::IQUERY) && !has(&rules::PORT));
    }

    #[test]
    fn every_rule_but_pieces_and_classes_splits() {
        // A new rule in the grammar fails this test until it is listed in
        // SHAPES or here; no rule is listed twice.
        let not_components = [
            "ALPHA",
            "BIT",
            "CHAR",
            "CR",
            "CRLF",
            "CTL",
            "DIGIT",
            "DQUOTE",
            "HEXDIG",
            "HTAB",
            "LF",
            "LWSP",
            "OCTET",
            "SP",
            "VCHAR",
            "WSP",
            "h16",
            "ls32",
            "dec-octet",
            "pct-encoded",
            "unreserved",
            "reserved",
            "gen-delims",
            "sub-delims",
            "iunreserved",
            "ucschar",
            "iprivate",
        ];
        for rule in Rule::all() {
            let listed = SHAPES.iter().filter(|(r, _)| r == rule).count();
            let expected = usize::from(!not_components.contains(&rule.name()));
            assert_eq!(listed, expected, "{}", rule.name());
        }
    }

    #[test]
    fn splits() {
        let split = |rule, text| {
            Splitter::new(rule)
                .unwrap()
                .split(text)
                .map(|c| c.to_array())
        };
        assert_eq!(
            split(&rules::IHIER_PART, "//u@h:1/p").unwrap(),
            [
                None,
                Some("u@h:1"),
                Some("u"),
                Some("h"),
                Some("1"),
                Some("/p"),
                None,
                None
            ]
        );
        // A rootless hier-part is a path, never a scheme.
        assert_eq!(
            split(&rules::IHIER_PART, "a:b").unwrap(),
            [None, None, None, None, None, Some("a:b"), None, None]
        );
        assert_eq!(
            split(&rules::IAUTHORITY, "[::1]:").unwrap(),
            [
                None,
                Some("[::1]:"),
                None,
                Some("[::1]"),
                Some(""),
                Some(""),
                None,
                None
            ]
        );
        assert_eq!(
            split(&rules::IAUTHORITY, "").unwrap(),
            [None, Some(""), None, Some(""), None, Some(""), None, None]
        );
        assert_eq!(
            split(&rules::IQUERY, "a=b?c").unwrap(),
            [None, None, None, None, None, Some(""), Some("a=b?c"), None]
        );
        let error = split(&rules::ABSOLUTE_IRI, "a:b#c").unwrap_err();
        assert_eq!((error.offset(), error.input()), (3, "a:b#c"));
        assert_eq!(
            error.to_string(),
            crate::check(&rules::ABSOLUTE_IRI, "a:b#c")
                .unwrap_err()
                .to_string()
        );
    }
}
