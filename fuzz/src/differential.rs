//! This crate against three independent IRI libraries, oxiri 0.3,
//! iri-string 0.7 and fluent-uri 0.4, on the same inputs: the properties
//! of the `against_*` fuzz targets, of `tests/fuzz_differential.rs` and
//! of `tests/peer_differential.rs`, each written once here.
//!
//! # What is compared
//!
//! - **Verdicts** on the reference rules of RFC 3987 section 2.2 that a
//!   peer has a type for: `IRI-reference` and `IRI` (all three peers),
//!   `absolute-IRI` and `irelative-ref` (iri-string's `IriAbsoluteStr` and
//!   `IriRelativeStr`; oxiri and fluent-uri have no type for either).
//! - **Components**, wherever both accept: scheme, authority, path, query
//!   and fragment (all three), and the authority's userinfo, host and port
//!   (iri-string and fluent-uri; oxiri does not split the authority), each
//!   the same substring or absent on both sides.
//! - **Resolution** (RFC 3986 section 5.2 with its strict parser, as
//!   [`rfc3987::resolve::resolve`]), wherever both accept the base as an
//!   `IRI` and the reference as an `IRI-reference`: the same target, or
//!   the same refusal. A base's fragment is stripped before it goes to
//!   iri-string and fluent-uri, which take only an `absolute-IRI` as the
//!   base: section 5.1 strips it before use, so this changes no answer.
//! - **IRI-to-URI mapping** (RFC 3987 section 3.1, [`rfc3987::mapping::to_uri`]
//!   against iri-string's `encode_to_uri`), byte for byte.
//!
//! # Deviations
//!
//! A disagreement passes only when it matches a row of [`DEVIATIONS`]: a
//! way in which a peer departs from RFC 3986 or RFC 3987, with the rule
//! that decides the case and a predicate that recognizes it from the
//! inputs (not from the verdicts alone). Any other disagreement is a
//! finding: [`check`] panics with the inputs and both answers, which stops
//! a fuzz run. The tests count the cases each row excuses and fail when a
//! row excuses none, so the table cannot go stale.
//!
//! # Input layout
//!
//! One string (the `strings` seeds): its verdicts, components and URI
//! mapping, and its resolution against RFC 3986 section 5.4's base
//! [`RFC_BASE`]. Two strings split at the first `\n` (the `resolve` seeds,
//! `BASE\nREFERENCE`): the verdicts, components and mapping of both, and
//! the reference resolved against the base. Ill-formed UTF-8 is skipped:
//! the peers take `&str` only.

use std::fmt;

use rfc3987::{mapping, resolve};
use rfc3987::{AbsoluteIri, Components, Iri, IriRef, RelativeRef};

/// The base of RFC 3986 section 5.4's examples, against which a one-string
/// input is resolved.
pub const RFC_BASE: &str = "http://a/b/c/d;p?q";

/// The other library.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Peer {
    Oxiri,
    IriString,
    FluentUri,
}

/// Every peer, in report order.
pub const PEERS: [Peer; 3] = [Peer::Oxiri, Peer::IriString, Peer::FluentUri];

/// A reference rule of RFC 3987 section 2.2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rule {
    /// `IRI-reference`.
    Reference,
    /// `IRI`: a scheme, an optional fragment.
    Iri,
    /// `absolute-IRI`: a scheme, no fragment.
    Absolute,
    /// `irelative-ref`: no scheme.
    Relative,
}

impl Rule {
    /// The rules `peer` has a type for.
    pub fn offered_by(peer: Peer) -> &'static [Rule] {
        match peer {
            Peer::Oxiri | Peer::FluentUri => &[Rule::Reference, Rule::Iri],
            Peer::IriString => &[Rule::Reference, Rule::Iri, Rule::Absolute, Rule::Relative],
        }
    }
}

/// What is asked of both libraries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Question {
    /// Whether the input matches the rule, and if so its components.
    Parse(Rule),
    /// The target of the reference against the base.
    Resolve,
    /// The URI the IRI reference maps to.
    ToUri,
}

impl Question {
    /// The kind of question, without the rule.
    pub fn kind(self) -> Kind {
        match self {
            Question::Parse(_) => Kind::Parse,
            Question::Resolve => Kind::Resolve,
            Question::ToUri => Kind::ToUri,
        }
    }
}

/// A [`Question`] without its rule: what a row of [`DEVIATIONS`] is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    Parse,
    Resolve,
    ToUri,
}

/// The components, each the substring a parser reports, `None` when
/// absent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Split<'a> {
    pub scheme: Option<&'a str>,
    pub authority: Option<&'a str>,
    pub userinfo: Option<&'a str>,
    pub host: Option<&'a str>,
    pub port: Option<&'a str>,
    pub path: &'a str,
    pub query: Option<&'a str>,
    pub fragment: Option<&'a str>,
}

impl<'a> From<Components<'a>> for Split<'a> {
    fn from(c: Components<'a>) -> Split<'a> {
        Split {
            scheme: c.scheme,
            authority: c.authority,
            userinfo: c.userinfo,
            host: c.host,
            port: c.port,
            path: c.path,
            query: c.query,
            fragment: c.fragment,
        }
    }
}

impl Split<'_> {
    /// The five components of RFC 3986 section 3, without the authority's
    /// parts (for a peer that does not split the authority).
    fn five(self) -> Self {
        Split {
            userinfo: None,
            host: None,
            port: None,
            ..self
        }
    }
}

/// How a peer's answer differs from this crate's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Difference {
    /// This crate accepts, the peer rejects (for [`Question::Resolve`]:
    /// the peer's resolution fails, with its error).
    PeerRejects(String),
    /// The peer accepts, this crate rejects.
    PeerAccepts,
    /// Both answer, differently (both answers, debug-printed).
    Differs { ours: String, peer: String },
}

/// One disagreement, as the deviation predicates see it.
#[derive(Clone, Debug)]
pub struct Disagreement<'a> {
    pub peer: Peer,
    pub question: Question,
    /// The base, for [`Question::Resolve`].
    pub base: Option<&'a str>,
    /// The input, or the reference for [`Question::Resolve`].
    pub input: &'a str,
    pub difference: Difference,
}

impl fmt::Display for Disagreement<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} on {:?} ", self.peer, self.question)?;
        if let Some(base) = self.base {
            write!(f, "base {base:?} ")?;
        }
        write!(f, "{:?}: {:?}", self.input, self.difference)
    }
}

// ---------------------------------------------------------------------
// The questions

/// This crate's verdict on `input` as `rule`, with the components.
pub fn ours(rule: Rule, input: &str) -> Option<Split<'_>> {
    let accepted = match rule {
        Rule::Reference => IriRef::parse(input).is_ok(),
        Rule::Iri => Iri::parse(input).is_ok(),
        Rule::Absolute => AbsoluteIri::parse(input).is_ok(),
        Rule::Relative => RelativeRef::parse(input).is_ok(),
    };
    // Each narrower type splits as `IriRef` does (the `parse` target
    // checks it).
    let reference = IriRef::parse(input).ok().filter(|_| accepted)?;
    Some(reference.into_components().into())
}

/// `peer`'s verdict on `input` as `rule`, compared with `ours`; `None`
/// when they agree (or the peer has no type for `rule`).
pub fn compare_parse(
    peer: Peer,
    rule: Rule,
    input: &str,
    ours: Option<Split<'_>>,
) -> Option<Difference> {
    // The peers' accessors borrow the parsed value, so the comparison
    // happens inside each arm.
    let compare = |theirs: Option<Split<'_>>| match (ours, theirs) {
        (None, None) => None,
        (Some(_), None) => Some(Difference::PeerRejects(String::new())),
        (None, Some(_)) => Some(Difference::PeerAccepts),
        (Some(a), Some(b)) => {
            let a = if peer == Peer::Oxiri { a.five() } else { a };
            (a != b).then(|| Difference::Differs {
                ours: format!("{a:?}"),
                peer: format!("{b:?}"),
            })
        }
    };
    match (peer, rule) {
        (Peer::Oxiri, Rule::Reference) => {
            let parsed = oxiri::IriRef::parse(input).ok();
            compare(parsed.as_ref().map(|r| Split {
                scheme: r.scheme(),
                authority: r.authority(),
                userinfo: None,
                host: None,
                port: None,
                path: r.path(),
                query: r.query(),
                fragment: r.fragment(),
            }))
        }
        (Peer::Oxiri, Rule::Iri) => {
            let parsed = oxiri::Iri::parse(input).ok();
            compare(parsed.as_ref().map(|r| Split {
                scheme: Some(r.scheme()),
                authority: r.authority(),
                userinfo: None,
                host: None,
                port: None,
                path: r.path(),
                query: r.query(),
                fragment: r.fragment(),
            }))
        }
        (Peer::IriString, rule) => {
            use iri_string::types::{IriAbsoluteStr, IriReferenceStr, IriRelativeStr, IriStr};
            let accepted = match rule {
                Rule::Reference => IriReferenceStr::new(input).is_ok(),
                Rule::Iri => IriStr::new(input).is_ok(),
                Rule::Absolute => IriAbsoluteStr::new(input).is_ok(),
                Rule::Relative => IriRelativeStr::new(input).is_ok(),
            };
            // Every iri-string type splits as `IriReferenceStr` does.
            let parsed = IriReferenceStr::new(input).ok().filter(|_| accepted);
            compare(parsed.map(|r| {
                let parts = r.authority_components();
                Split {
                    scheme: r.scheme_str(),
                    authority: r.authority_str(),
                    userinfo: parts.as_ref().and_then(|a| a.userinfo()),
                    host: parts.as_ref().map(|a| a.host()),
                    port: parts.as_ref().and_then(|a| a.port()),
                    path: r.path_str(),
                    query: r.query_str(),
                    fragment: r.fragment_str(),
                }
            }))
        }
        (Peer::FluentUri, Rule::Reference | Rule::Iri) => {
            let parsed = match rule {
                Rule::Reference => fluent_uri::IriRef::parse(input).ok(),
                _ => fluent_uri::Iri::parse(input)
                    .ok()
                    .and_then(|_| fluent_uri::IriRef::parse(input).ok()),
            };
            compare(parsed.as_ref().map(|r| {
                let authority = r.authority();
                Split {
                    scheme: r.scheme().map(|s| s.as_str()),
                    authority: authority.map(|a| a.as_str()),
                    userinfo: authority.and_then(|a| a.userinfo()).map(|u| u.as_str()),
                    host: authority.map(|a| a.host()),
                    port: authority.and_then(|a| a.port()).map(|p| p.as_str()),
                    path: r.path().as_str(),
                    query: r.query().map(|q| q.as_str()),
                    fragment: r.fragment().map(|f| f.as_str()),
                }
            }))
        }
        (Peer::Oxiri | Peer::FluentUri, Rule::Absolute | Rule::Relative) => None,
    }
}

/// The base without its fragment: what section 5.1 uses, and the
/// `absolute-IRI` iri-string and fluent-uri require.
fn without_fragment(base: &str) -> &str {
    base.split_once('#').map_or(base, |(head, _)| head)
}

/// `peer`'s resolution of `reference` against `base`, compared with
/// this crate's; `None` when they agree, or when either side rejects an
/// input (the verdicts cover that).
pub fn compare_resolve(peer: Peer, base: &str, reference: &str) -> Option<Difference> {
    let ours = resolve::resolve(base, reference).ok()?;
    let theirs: Result<String, String> = match peer {
        Peer::Oxiri => {
            let b = oxiri::Iri::parse(base).ok()?;
            let r = oxiri::IriRef::parse(reference).ok()?;
            b.resolve(&r)
                .map(oxiri::Iri::into_inner)
                .map_err(|e| e.to_string())
        }
        Peer::IriString => {
            use iri_string::types::{IriAbsoluteStr, IriReferenceStr};
            let b = IriAbsoluteStr::new(without_fragment(base)).ok()?;
            let r = IriReferenceStr::new(reference).ok()?;
            Ok(r.resolve_against(b).to_string())
        }
        Peer::FluentUri => {
            let b = fluent_uri::Iri::parse(without_fragment(base)).ok()?;
            let r = fluent_uri::IriRef::parse(reference).ok()?;
            r.resolve_against(&b)
                .map(|t| t.as_str().to_owned())
                .map_err(|e| e.to_string())
        }
    };
    match theirs {
        Ok(t) if t == ours => None,
        Ok(t) => Some(Difference::Differs {
            ours: format!("{ours:?}"),
            peer: format!("{t:?}"),
        }),
        Err(e) => Some(Difference::PeerRejects(e)),
    }
}

/// iri-string's URI for `input` compared with [`mapping::to_uri`]'s;
/// `None` when they agree, when iri-string rejects the input (the
/// verdicts cover that), or for another peer (neither oxiri nor
/// fluent-uri maps IRIs to URIs). iri-string mapping an input that this
/// crate does not map is a disagreement.
pub fn compare_to_uri(peer: Peer, input: &str) -> Option<Difference> {
    if peer != Peer::IriString {
        return None;
    }
    let r = iri_string::types::IriReferenceStr::new(input).ok()?;
    let theirs = r.encode_to_uri().to_string();
    match mapping::to_uri(input) {
        Ok(ours) if ours == theirs => None,
        Ok(ours) => Some(Difference::Differs {
            ours: format!("{ours:?}"),
            peer: format!("{theirs:?}"),
        }),
        Err(_) => Some(Difference::PeerAccepts),
    }
}

// ---------------------------------------------------------------------
// The table

/// A documented departure of a peer from RFC 3986 or RFC 3987.
pub struct Deviation {
    pub peer: Peer,
    /// The question it answers differently.
    pub kind: Kind,
    /// What the peer does.
    pub description: &'static str,
    /// The rule that decides the case, and what it says.
    pub rule: &'static str,
    /// Whether a disagreement is this case.
    pub recognizes: fn(&Disagreement) -> bool,
}

/// The known deviations, found by running the comparisons: none on
/// verdicts, components or the URI mapping (`tests/peer_differential.rs`
/// says why the parsers agree), seven on resolution. Each predicate recognizes its case from the inputs: an
/// exact condition on them, and, where the peer gives an answer, that
/// answer recomputed by this crate's resolution on inputs changed the way
/// the peer's documentation says it reads them.
pub const DEVIATIONS: &[Deviation] = &[
    Deviation {
        peer: Peer::Oxiri,
        kind: Kind::Resolve,
        description: "refuses a resolution whose target has no authority and a path that \
                      dot-segment removal starts with `//` (`s:` and `/.//g`, `a:/b` and `..//g`)",
        rule: "RFC 3986 5.2.2 and 5.2.4 give the path `//g`, which 3.3 forbids without an \
               authority (`s://g` would read `g` as one); the RFC gives no target. This crate \
               writes `s:/.//g` (the same path once dots are removed, the WHATWG serializer's \
               answer), as iri-string and fluent-uri do",
        recognizes: |d| {
            matches!(d.difference, Difference::PeerRejects(_))
                && target(d).is_some_and(|t| {
                    let t = IriRef::parse(t.as_str()).expect("a resolution is an IRI");
                    t.authority().is_none() && t.path().starts_with("/.//")
                })
        },
    },
    Deviation {
        peer: Peer::IriString,
        kind: Kind::Resolve,
        description: "removes percent-encoded dot segments (`%2E`, `.%2e`, `%2E%2E`) \
                      during resolution, as if they were `.` and `..`",
        rule: "RFC 3986 5.2.4 removes the complete segments `.` and `..` only; `%2E` \
               stands for `.` under the percent-encoding normalization of 6.2.2.2, which \
               resolution does not perform (5.2.1 leaves normalizing the base optional)",
        recognizes: |d| matches_model(d, Model::DOTS),
    },
    Deviation {
        peer: Peer::FluentUri,
        kind: Kind::Resolve,
        description: "keeps the dot segments of a rootless path in a reference with a \
                      scheme (`s:a/../b` stays `s:a/../b`)",
        rule: "RFC 3986 5.2.2: a reference with a scheme gets \
               `T.path = remove_dot_segments(R.path)`, whatever its path (`s:a/../b` is `s:/b`)",
        recognizes: |d| {
            let r = IriRef::parse(d.input).expect("accepted");
            matches!(&d.difference, Difference::Differs { peer, .. } if *peer == format!("{:?}", d.input))
                && r.scheme().is_some()
                && !r.path().starts_with('/')
        },
    },
    Deviation {
        peer: Peer::FluentUri,
        kind: Kind::Resolve,
        description: "refuses a relative reference (not empty, not a fragment alone) \
                      against a base with neither an authority nor a `/` in front of its path, \
                      empty or not (`s:a` and `b`, `s:` and `?q`)",
        rule: "RFC 3986 5.2.2 and 5.2.3 resolve it: the merge keeps the base path up to its \
               last `/` (`s:a` and `b` give `s:b`), a query alone keeps the base path \
               (`s:?q`); 5.2.1 requires only a scheme of the base",
        recognizes: |d| {
            let b = IriRef::parse(d.base.expect("resolution")).expect("accepted");
            let r = IriRef::parse(d.input).expect("accepted");
            matches!(d.difference, Difference::PeerRejects(_))
                && b.authority().is_none()
                && !b.path().starts_with('/')
                && r.scheme().is_none()
                && !(d.input.is_empty() || d.input.starts_with('#'))
        },
    },
    Deviation {
        peer: Peer::FluentUri,
        kind: Kind::Resolve,
        description: "removes percent-encoded dot segments (`%2E`, `.%2e`, `%2E%2E`) \
                      during resolution, as if they were `.` and `..`",
        rule: "RFC 3986 5.2.4 removes the complete segments `.` and `..` only; `%2E` \
               stands for `.` under the percent-encoding normalization of 6.2.2.2, which \
               resolution does not perform (5.2.1 leaves normalizing the base optional)",
        recognizes: |d| matches_model(d, Model::DOTS),
    },
    Deviation {
        peer: Peer::FluentUri,
        kind: Kind::Resolve,
        description: "merges a relative path against a base path that ends in `..` as if \
                      the base ended in `../` (`s:/a/..` and `b` give `s:/b`)",
        rule: "RFC 3986 5.2.3: the merge drops the base path's last segment, whatever it is \
               (`/a/..` and `b` merge to `/a/b`)",
        recognizes: |d| matches_model(d, Model::DOUBLE_DOT_BASE),
    },
    Deviation {
        peer: Peer::FluentUri,
        kind: Kind::Resolve,
        description: "removes the dot segments of the base path when the reference has an \
                      empty path (`s:/a/./b` and `?q` give `s:/a/b?q`)",
        rule: "RFC 3986 5.2.2: with an empty reference path, `T.path = Base.path` as it is",
        recognizes: |d| matches_model(d, Model::BASE_DOTS),
    },
];

/// This crate's target for a resolution disagreement.
fn target(d: &Disagreement) -> Option<String> {
    resolve::resolve(d.base?, d.input).ok()
}

/// Ways iri-string and fluent-uri read the inputs of a resolution, each
/// a bit: what their documentation says they do differently from RFC
/// 3986 section 5.2.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Model(u8);

impl Model {
    /// A segment that decodes to `.` or `..` is one (fluent-uri's
    /// `classify_segment`, iri-string's dot-segment removal).
    const DOTS: Model = Model(1);
    /// A base path ending in `..` ends in `../` (fluent-uri).
    const DOUBLE_DOT_BASE: Model = Model(2);
    /// With an empty reference path, the base path loses its dot
    /// segments (fluent-uri).
    const BASE_DOTS: Model = Model(4);

    /// Every way `peer` reads differently.
    fn of(peer: Peer) -> Model {
        match peer {
            Peer::Oxiri => Model(0),
            Peer::IriString => Model::DOTS,
            Peer::FluentUri => Model(7),
        }
    }

    fn has(self, other: Model) -> bool {
        self.0 & other.0 != 0
    }
}

/// Whether `d` is a resolution that `only` changes the inputs of, and
/// whose peer answer is this crate's resolution of the inputs as the
/// peer reads them (every way of [`Model::of`] the peer).
fn matches_model(d: &Disagreement, only: Model) -> bool {
    let (Some(base), Difference::Differs { peer, .. }) = (d.base, &d.difference) else {
        return false;
    };
    let model = Model::of(d.peer);
    let (Some(b), Some(r)) = (as_read(base, d.input, model), as_read(base, d.input, only)) else {
        return false;
    };
    let changed = r != (base.to_owned(), d.input.to_owned());
    changed && resolve::resolve(&b.0, &b.1).is_ok_and(|t| format!("{t:?}") == *peer)
}

/// `(base, reference)` as a peer that reads them by `model` sees them,
/// rewritten so that this crate's resolution gives its answer.
fn as_read(base: &str, reference: &str, model: Model) -> Option<(String, String)> {
    let b = IriRef::parse(base).ok()?.into_components();
    let r = IriRef::parse(reference).ok()?.into_components();
    let mut base_path = b.path.to_owned();
    let mut reference_path = r.path.to_owned();
    if model.has(Model::DOTS) {
        base_path = decode_dot_segments(&base_path);
        reference_path = decode_dot_segments(&reference_path);
    }
    let merges = r.scheme.is_none() && r.authority.is_none();
    let relative_path = merges && !reference_path.is_empty() && !reference_path.starts_with('/');
    let double_dot_end = base_path == ".." || base_path.ends_with("/..");
    if relative_path && double_dot_end && model.has(Model::DOUBLE_DOT_BASE) {
        base_path.push('/');
    }
    if merges
        && reference_path.is_empty()
        && model.has(Model::BASE_DOTS)
        && base_path.starts_with('/')
    {
        let mut out = String::new();
        resolve::remove_dot_segments(&base_path, &mut out);
        // Without an authority, `//` opens the path as `/.//` (fluent-uri
        // does so too).
        base_path = match b.authority {
            None if out.starts_with("//") => format!("/.{out}"),
            _ => out,
        };
    }
    Some((reassemble(b, &base_path), reassemble(r, &reference_path)))
}

/// The path's segments that decode to `.` or `..` (`%2E`, `.%2e`,
/// `%2E%2E`) written as such.
fn decode_dot_segments(path: &str) -> String {
    let segments: Vec<String> = path
        .split('/')
        .map(|s| {
            let decoded = s.replace("%2E", ".").replace("%2e", ".");
            if decoded == "." || decoded == ".." {
                decoded
            } else {
                s.to_owned()
            }
        })
        .collect();
    segments.join("/")
}

/// `c` with its path replaced by `path`.
fn reassemble(c: Components<'_>, path: &str) -> String {
    let mut out = String::new();
    if let Some(scheme) = c.scheme {
        out += scheme;
        out.push(':');
    }
    if let Some(authority) = c.authority {
        out += "//";
        out += authority;
    }
    out += path;
    if let Some(query) = c.query {
        out.push('?');
        out += query;
    }
    if let Some(fragment) = c.fragment {
        out.push('#');
        out += fragment;
    }
    out
}

/// The row of [`DEVIATIONS`] that excuses `d`, if any.
pub fn excuse(d: &Disagreement) -> Option<usize> {
    DEVIATIONS
        .iter()
        .position(|row| row.peer == d.peer && row.kind == d.question.kind() && (row.recognizes)(d))
}

// ---------------------------------------------------------------------
// The properties

/// What one input gave: whether this crate accepted it (the reference,
/// for two strings; the resolution must succeed too), and every
/// disagreement with the row that excuses it.
pub struct Outcome<'a> {
    pub valid: bool,
    pub disagreements: Vec<(Disagreement<'a>, Option<usize>)>,
}

/// Every question about `data` put to this crate and `peer` (see the
/// module documentation for the layout).
pub fn compare(peer: Peer, data: &[u8]) -> Outcome<'_> {
    let mut out = Outcome {
        valid: false,
        disagreements: Vec::new(),
    };
    let Ok(text) = std::str::from_utf8(data) else {
        return out;
    };
    let (base, reference, inputs): (&str, &str, &[&str]) = match text.split_once('\n') {
        Some((base, reference)) => (base, reference, &[base, reference][..]),
        None => (RFC_BASE, text, &[text][..]),
    };
    let mut push = |question, base, input, difference| {
        let d = Disagreement {
            peer,
            question,
            base,
            input,
            difference,
        };
        let row = excuse(&d);
        out.disagreements.push((d, row));
    };
    for &input in inputs {
        for &rule in Rule::offered_by(peer) {
            if let Some(difference) = compare_parse(peer, rule, input, ours(rule, input)) {
                push(Question::Parse(rule), None, input, difference);
            }
        }
        if let Some(difference) = compare_to_uri(peer, input) {
            push(Question::ToUri, None, input, difference);
        }
    }
    if let Some(difference) = compare_resolve(peer, base, reference) {
        push(Question::Resolve, Some(base), reference, difference);
    }
    out.valid = IriRef::parse(reference).is_ok() && resolve::resolve(base, reference).is_ok();
    out
}

/// The property of the `against_*` targets: every disagreement with
/// `peer` on `data` is a known deviation; panics on the first that is
/// not. Returns whether the input was valid (see [`Outcome`]).
pub fn check(peer: Peer, data: &[u8]) -> bool {
    let outcome = compare(peer, data);
    for (d, row) in &outcome.disagreements {
        assert!(
            row.is_some(),
            "a disagreement no row of DEVIATIONS excuses: {d}"
        );
    }
    outcome.valid
}
