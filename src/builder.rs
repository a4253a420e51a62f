//! Building an IRI from components, and editing one in place.
//!
//! # Why the result is always valid
//!
//! Each component is checked against its own rule (`scheme`, `iuserinfo`,
//! `ihost`, `port`, `ipath`, `iquery`, `ifragment`) with the generated
//! recognizers, so none contains the delimiter that would end it early
//! (`scheme` has no `:`, `iuserinfo` no `@`, `ihost` no `:` outside
//! brackets, `ipath` no `?` or `#`, `iquery` no `#`). The delimiters are
//! then written by this module. What is left is how the path fits between
//! the others (RFC 3986 sections 3.3 and 4.2), checked explicitly:
//!
//! - after an authority, the path is empty or starts with `/`
//!   (`ipath-abempty`), otherwise `http://h` + `a` would read as the host
//!   `ha`;
//! - without an authority, the path does not start with `//`, which would
//!   read as an authority;
//! - without a scheme and an authority, the first segment has no `:`
//!   (`ipath-noscheme`), which would read as a scheme.
//!
//! With those, the text is `IRI-reference` by the rule's own alternatives,
//! and splitting it gives back the components (the argument of
//! [`crate::components`]). The property tests check both on generated
//! components; debug builds also run the DFA over every result.
//!
//! A combination that does not fit is an error ([`ErrorKind::Structure`]),
//! never silently repaired: rewriting a path (`/.//a` for `//a`) changes
//! what the caller wrote, and is the business of resolution and
//! normalization.
//!
//! The builder's and the setters' functions are `#[inline]`: like
//! generics, they are compiled in the crate that calls them, so a program
//! that only parses does not compile them (`bash benches/build-weight.sh`
//! builds such a program and prints what it costs).
//!
//! [`ErrorKind::Structure`]: crate::ErrorKind::Structure

use alloc::string::{String, ToString};
use core::fmt::Write;

use crate::component::Component;
use crate::components::{host_bounds, split};
use crate::error::CheckError;
use crate::grammar::{rules, Rule};
use crate::parse_error::{diagnose_component, Kind, ParseError};
use crate::types::{AbsoluteIri, Iri, IriRef, RelativeRef};

/// A port, as digits or as a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Port<'a> {
    Text(&'a str),
    Number(u16),
}

/// The components to assemble; `host: None` means no authority.
#[derive(Clone, Copy, Debug, Default)]
struct Parts<'a> {
    scheme: Option<&'a str>,
    userinfo: Option<&'a str>,
    host: Option<&'a str>,
    port: Option<Port<'a>>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

impl<'a> Parts<'a> {
    #[inline]
    fn of(r: &'a IriRef<String>) -> Parts<'a> {
        Parts {
            scheme: r.scheme(),
            userinfo: r.userinfo(),
            host: r.host(),
            port: r.port().map(Port::Text),
            path: r.path(),
            query: r.query(),
            fragment: r.fragment(),
        }
    }

    /// Sets the authority from its text (already checked as `iauthority`),
    /// or removes it.
    fn set_authority(&mut self, authority: Option<&'a str>) {
        self.userinfo = None;
        self.port = None;
        self.host = None;
        if let Some(a) = authority {
            let (host_start, host_end) = host_bounds(a.as_bytes(), 0, a.len());
            self.userinfo = (host_start > 0).then(|| &a[..host_start - 1]);
            self.host = Some(&a[host_start..host_end]);
            self.port = (host_end < a.len()).then(|| Port::Text(&a[host_end + 1..]));
        }
    }

    /// Writes the IRI, checks how the path fits, and splits the result.
    #[inline]
    fn assemble(&self, kind: Kind) -> Result<IriRef<String>, ParseError> {
        let mut text = String::new();
        if let Some(scheme) = self.scheme {
            text.push_str(scheme);
            text.push(':');
        }
        if let Some(host) = self.host {
            text.push_str("//");
            if let Some(userinfo) = self.userinfo {
                text.push_str(userinfo);
                text.push('@');
            }
            text.push_str(host);
            match self.port {
                Some(Port::Text(port)) => {
                    text.push(':');
                    text.push_str(port);
                }
                Some(Port::Number(port)) => {
                    // Writing to a String cannot fail.
                    let _ = write!(text, ":{port}");
                }
                None => {}
            }
        } else if self.userinfo.is_some() || self.port.is_some() {
            return Err(structure(
                text,
                0,
                &rules::IAUTHORITY,
                "a userinfo or a port needs a host (an empty one is written host(\"\")) \
                 (iauthority, RFC 3986 section 3.2)",
            ));
        }
        let path_start = text.len();
        text.push_str(self.path);
        if let Some(query) = self.query {
            text.push('?');
            text.push_str(query);
        }
        let fragment_at = text.len();
        if let Some(fragment) = self.fragment {
            text.push('#');
            text.push_str(fragment);
        }

        let path = self.path;
        if self.host.is_some() && !path.is_empty() && !path.starts_with('/') {
            return Err(structure(
                text,
                path_start,
                &rules::IPATH_ABEMPTY,
                "a path after an authority must be empty or start with '/' (ipath-abempty, \
                 RFC 3986 section 3.3)",
            ));
        }
        if self.host.is_none() && path.starts_with("//") {
            return Err(structure(
                text,
                path_start,
                &rules::IPATH_ABSOLUTE,
                "a path without an authority cannot start with \"//\" (RFC 3986 section 3.3)",
            ));
        }
        if self.scheme.is_none() && self.host.is_none() {
            let first = path.split('/').next().unwrap_or_default();
            if let Some(colon) = first.find(':') {
                return Err(structure(
                    text,
                    path_start + colon,
                    &rules::IPATH_NOSCHEME,
                    "the first segment of a relative reference's path cannot contain ':' \
                     (ipath-noscheme, RFC 3986 section 4.2)",
                ));
            }
        }
        match kind {
            Kind::Iri | Kind::Absolute if self.scheme.is_none() => {
                return Err(structure(
                    text,
                    0,
                    &rules::IRI,
                    "an IRI needs a scheme (IRI, RFC 3987 section 2.2)",
                ))
            }
            Kind::Absolute if self.fragment.is_some() => {
                return Err(structure(
                    text,
                    fragment_at,
                    &rules::ABSOLUTE_IRI,
                    "an absolute IRI has no fragment (absolute-IRI, RFC 3987 section 2.2)",
                ))
            }
            Kind::Relative if self.scheme.is_some() => {
                return Err(structure(
                    text,
                    0,
                    &rules::IRELATIVE_REF,
                    "a relative reference has no scheme (irelative-ref, RFC 3987 section 2.2)",
                ))
            }
            _ => {}
        }
        debug_assert!(
            kind.rule().recognize(text.as_bytes()).is_ok(),
            "assembled {text:?} does not match {}",
            kind.rule().name()
        );
        let pos = split(&text);
        Ok(IriRef::from_positions(text, pos))
    }
}

fn structure(
    text: String,
    offset: usize,
    rule: &'static Rule,
    message: &'static str,
) -> ParseError {
    ParseError::new(CheckError::structure(&text, offset, rule, message), text)
}

/// Checks `text` against the rule of `component`; the error's input is
/// the component.
fn validate(text: &str, component: Component) -> Result<(), ParseError> {
    match component.rule().recognize(text.as_bytes()) {
        Ok(()) => Ok(()),
        Err(offset) => Err(ParseError::new(
            diagnose_component(text, offset, component),
            text.to_string(),
        )),
    }
}

fn validate_opt(text: Option<&str>, component: Component) -> Result<(), ParseError> {
    text.map_or(Ok(()), |text| validate(text, component))
}

/// Assembles an IRI reference from its components, checking each against
/// its rule.
///
/// The authority is present when [`host`](Self::host) was called (with
/// `""` for an empty host, as in `file:///`); a userinfo or port needs it.
/// Components not given are absent (the path is then empty).
///
/// Each component is checked against its rule (`scheme`, `iuserinfo`,
/// `ihost`, `port`, `ipath`, `iquery`, `ifragment`), so none contains the
/// delimiter that would end it early; the builder writes the delimiters.
/// How the path fits between the others is checked too (RFC 3986 sections
/// 3.3 and 4.2): after an authority it is empty or starts with `/`;
/// without one it does not start with `//`; without a scheme or an
/// authority its first segment has no `:`. Together these make the result
/// match the target rule, so building never produces an invalid IRI. A
/// combination that does not fit is an [`ErrorKind::Structure`] error,
/// never silently repaired.
///
/// [`ErrorKind::Structure`]: crate::ErrorKind::Structure
///
/// ```
/// use rfc3987::Builder;
///
/// let iri = Builder::new()
///     .scheme("https")
///     .host("例え.jp")
///     .port(8443)
///     .path("/引き出し/résumé.html")
///     .query("lang=ja")
///     .build_iri()?;
/// assert_eq!(iri, "https://例え.jp:8443/引き出し/résumé.html?lang=ja");
/// assert_eq!(iri.port_u16(), Some(8443));
///
/// // A component that its rule rejects: the error points into it.
/// let error = Builder::new().scheme("http").host("a b").build().unwrap_err();
/// assert_eq!(error.rule(), "ireg-name");
/// assert_eq!((error.input(), error.offset()), ("a b", 1));
///
/// // Components that do not fit together.
/// let error = Builder::new().scheme("http").host("h").path("a").build().unwrap_err();
/// assert_eq!(error.kind(), rfc3987::ErrorKind::Structure);
/// # Ok::<(), rfc3987::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
#[must_use = "a builder does nothing until `build` is called"]
pub struct Builder<'a> {
    parts: Parts<'a>,
}

impl<'a> Builder<'a> {
    /// A builder with every component absent.
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets the scheme (`scheme`, RFC 3986 section 3.1), without its `:`.
    pub fn scheme(mut self, scheme: &'a str) -> Self {
        self.parts.scheme = Some(scheme);
        self
    }

    /// Sets the userinfo (`iuserinfo`), without its `@`.
    pub fn userinfo(mut self, userinfo: &'a str) -> Self {
        self.parts.userinfo = Some(userinfo);
        self
    }

    /// Sets the host (`ihost`: a registered name, an IPv4 address, or an IP
    /// literal in brackets), which makes the authority present.
    pub fn host(mut self, host: &'a str) -> Self {
        self.parts.host = Some(host);
        self
    }

    /// Sets the port from a number.
    pub fn port(mut self, port: u16) -> Self {
        self.parts.port = Some(Port::Number(port));
        self
    }

    /// Sets the port from its digits (`port`: any number of them, even
    /// none).
    pub fn port_str(mut self, port: &'a str) -> Self {
        self.parts.port = Some(Port::Text(port));
        self
    }

    /// Sets the path (`ipath`).
    pub fn path(mut self, path: &'a str) -> Self {
        self.parts.path = path;
        self
    }

    /// Sets the query (`iquery`), without its `?`.
    pub fn query(mut self, query: &'a str) -> Self {
        self.parts.query = Some(query);
        self
    }

    /// Sets the fragment (`ifragment`), without its `#`.
    pub fn fragment(mut self, fragment: &'a str) -> Self {
        self.parts.fragment = Some(fragment);
        self
    }

    #[inline]
    fn checked(&self) -> Result<(), ParseError> {
        let p = &self.parts;
        validate_opt(p.scheme, Component::Scheme)?;
        validate_opt(p.userinfo, Component::Userinfo)?;
        validate_opt(p.host, Component::Host)?;
        if let Some(Port::Text(port)) = p.port {
            validate(port, Component::Port)?;
        }
        validate(p.path, Component::Path)?;
        validate_opt(p.query, Component::Query)?;
        validate_opt(p.fragment, Component::Fragment)
    }

    /// Checks every component and assembles an [`IriRef`].
    #[inline]
    pub fn build(&self) -> Result<IriRef<String>, ParseError> {
        self.checked()?;
        self.parts.assemble(Kind::Reference)
    }

    /// Like [`build`](Self::build), for an [`Iri`]: the scheme is required.
    #[inline]
    pub fn build_iri(&self) -> Result<Iri<String>, ParseError> {
        self.checked()?;
        self.parts.assemble(Kind::Iri).map(Iri)
    }

    /// Like [`build`](Self::build), for an [`AbsoluteIri`]: the scheme is
    /// required and the fragment not allowed.
    #[inline]
    pub fn build_absolute(&self) -> Result<AbsoluteIri<String>, ParseError> {
        self.checked()?;
        self.parts
            .assemble(Kind::Absolute)
            .map(|r| AbsoluteIri(Iri(r)))
    }

    /// Like [`build`](Self::build), for a [`RelativeRef`]: the scheme is not
    /// allowed.
    #[inline]
    pub fn build_relative(&self) -> Result<RelativeRef<String>, ParseError> {
        self.checked()?;
        self.parts.assemble(Kind::Relative).map(RelativeRef)
    }
}

/// One component to replace.
#[derive(Clone, Copy)]
enum Change<'a> {
    Scheme(Option<&'a str>),
    Authority(Option<&'a str>),
    Userinfo(Option<&'a str>),
    Host(&'a str),
    Port(Option<&'a str>),
    Path(&'a str),
    Query(Option<&'a str>),
    Fragment(Option<&'a str>),
}

/// Applies `change` to the components of `r`, reassembles them as a
/// `kind`, and replaces `r` only if that worked.
#[inline]
fn edit(r: &mut IriRef<String>, kind: Kind, change: Change<'_>) -> Result<(), ParseError> {
    let mut p = Parts::of(r);
    match change {
        Change::Scheme(scheme) => p.scheme = scheme,
        Change::Authority(authority) => p.set_authority(authority),
        Change::Userinfo(userinfo) => p.userinfo = userinfo,
        Change::Host(host) => p.host = Some(host),
        Change::Port(port) => p.port = port.map(Port::Text),
        Change::Path(path) => p.path = path,
        Change::Query(query) => p.query = query,
        Change::Fragment(fragment) => p.fragment = fragment,
    }
    let edited = p.assemble(kind)?;
    let pos = edited.positions();
    r.replace(edited.into_inner(), pos);
    Ok(())
}

/// The error for a userinfo or port set where there is no authority.
fn needs_authority(r: &IriRef<String>, what: &'static str) -> ParseError {
    let offset = r.positions().path_start;
    structure(r.as_str().to_string(), offset, &rules::IAUTHORITY, what)
}

/// The setters every owned type has; `$field` reaches its `IriRef<String>`.
macro_rules! setters {
    ($Type:ident, $kind:expr) => {
        impl $Type<String> {
            /// Sets or removes the authority (`iauthority`, without the
            /// `//`). On error nothing changes.
            #[inline]
            pub fn set_authority(&mut self, authority: Option<&str>) -> Result<(), ParseError> {
                validate_opt(authority, Component::Authority)?;
                edit(self.core_mut(), $kind, Change::Authority(authority))
            }

            /// Sets or removes the userinfo (`iuserinfo`, without the `@`);
            /// setting one needs an authority. On error nothing changes.
            #[inline]
            pub fn set_userinfo(&mut self, userinfo: Option<&str>) -> Result<(), ParseError> {
                validate_opt(userinfo, Component::Userinfo)?;
                if userinfo.is_some() && !self.has_authority() {
                    return Err(needs_authority(
                        self.core_mut(),
                        "there is no authority to hold a userinfo; set a host first \
                         (iauthority, RFC 3986 section 3.2)",
                    ));
                }
                edit(self.core_mut(), $kind, Change::Userinfo(userinfo))
            }

            /// Sets the host (`ihost`), adding an authority if there was
            /// none (remove it with `set_authority(None)`). On error nothing
            /// changes.
            #[inline]
            pub fn set_host(&mut self, host: &str) -> Result<(), ParseError> {
                validate(host, Component::Host)?;
                edit(self.core_mut(), $kind, Change::Host(host))
            }

            /// Sets or removes the port (`port`: digits, possibly none);
            /// setting one needs an authority. On error nothing changes.
            #[inline]
            pub fn set_port(&mut self, port: Option<&str>) -> Result<(), ParseError> {
                validate_opt(port, Component::Port)?;
                if port.is_some() && !self.has_authority() {
                    return Err(needs_authority(
                        self.core_mut(),
                        "there is no authority to hold a port; set a host first \
                         (iauthority, RFC 3986 section 3.2)",
                    ));
                }
                edit(self.core_mut(), $kind, Change::Port(port))
            }

            /// Sets the path (`ipath`); it must fit the rest (see
            /// [`Builder`](crate::Builder)). On error nothing changes.
            #[inline]
            pub fn set_path(&mut self, path: &str) -> Result<(), ParseError> {
                validate(path, Component::Path)?;
                edit(self.core_mut(), $kind, Change::Path(path))
            }

            /// Sets or removes the query (`iquery`, without the `?`). On
            /// error nothing changes.
            #[inline]
            pub fn set_query(&mut self, query: Option<&str>) -> Result<(), ParseError> {
                validate_opt(query, Component::Query)?;
                edit(self.core_mut(), $kind, Change::Query(query))
            }
        }
    };
}

/// `set_fragment` for the types that may have a fragment.
macro_rules! fragment_setter {
    ($Type:ident, $kind:expr) => {
        impl $Type<String> {
            /// Sets or removes the fragment (`ifragment`, without the
            /// `#`). On error nothing changes.
            #[inline]
            pub fn set_fragment(&mut self, fragment: Option<&str>) -> Result<(), ParseError> {
                validate_opt(fragment, Component::Fragment)?;
                edit(self.core_mut(), $kind, Change::Fragment(fragment))
            }
        }
    };
}

/// `set_scheme` for the types whose scheme is required.
macro_rules! required_scheme_setter {
    ($Type:ident, $kind:expr) => {
        impl $Type<String> {
            /// Replaces the scheme (`scheme`, without the `:`). On error
            /// nothing changes.
            #[inline]
            pub fn set_scheme(&mut self, scheme: &str) -> Result<(), ParseError> {
                validate(scheme, Component::Scheme)?;
                edit(self.core_mut(), $kind, Change::Scheme(Some(scheme)))
            }
        }
    };
}

/// Editing in place: each setter checks the new component against its rule
/// and the result against the rest, and leaves the value unchanged on
/// error.
///
/// ```
/// use rfc3987::IriRef;
///
/// let mut r: IriRef<String> = "http://example.org/a?b#c".parse()?;
/// r.set_path("/文書/1")?;
/// r.set_query(None)?;
/// r.set_fragment(Some(""))?;
/// assert_eq!(r, "http://example.org/文書/1#");
/// assert!(r.set_query(Some("a#b")).is_err());
/// assert!(r.set_path("no-slash").is_err()); // would merge into the host
/// assert_eq!(r, "http://example.org/文書/1#");
/// r.set_scheme(None)?;
/// assert_eq!(r, "//example.org/文書/1#");
/// # Ok::<(), rfc3987::ParseError>(())
/// ```
impl IriRef<String> {
    /// Sets or removes the scheme (`scheme`, without the `:`). On error
    /// nothing changes.
    #[inline]
    pub fn set_scheme(&mut self, scheme: Option<&str>) -> Result<(), ParseError> {
        validate_opt(scheme, Component::Scheme)?;
        edit(self, Kind::Reference, Change::Scheme(scheme))
    }
}

impl IriRef<String> {
    fn core_mut(&mut self) -> &mut IriRef<String> {
        self
    }
}

impl Iri<String> {
    fn core_mut(&mut self) -> &mut IriRef<String> {
        &mut self.0
    }
}

impl AbsoluteIri<String> {
    fn core_mut(&mut self) -> &mut IriRef<String> {
        &mut self.0 .0
    }
}

impl RelativeRef<String> {
    fn core_mut(&mut self) -> &mut IriRef<String> {
        &mut self.0
    }
}

setters!(IriRef, Kind::Reference);
setters!(Iri, Kind::Iri);
setters!(AbsoluteIri, Kind::Absolute);
setters!(RelativeRef, Kind::Relative);
fragment_setter!(IriRef, Kind::Reference);
fragment_setter!(Iri, Kind::Iri);
fragment_setter!(RelativeRef, Kind::Relative);
required_scheme_setter!(Iri, Kind::Iri);
required_scheme_setter!(AbsoluteIri, Kind::Absolute);
