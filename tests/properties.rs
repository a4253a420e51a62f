//! Properties of parsing, building, editing and encoding, on generated
//! input.
//!
//! Generated IRIs are made from components whose characters come from the
//! generated class predicates (`class::is_*`), so the generators follow
//! the grammar files rather than restating them. Two kinds of input:
//!
//! - *built*: components generated to fit together, assembled by hand;
//!   parsing must succeed and give back exactly those components;
//! - *noise*: short strings over an alphabet heavy in delimiters, most of
//!   them invalid; for the valid ones the split must agree with the
//!   grammar (each component matches its own rule) and with fluent-uri, an
//!   independent parser; for the invalid ones the error must be
//!   consistent with `check`.

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;
use rfc3987::grammar::{class, rules, Rule};
use rfc3987::percent::{pieces, Piece};
use rfc3987::{
    AbsoluteIri, Builder, Components, ErrorKind, Found, Iri, IriRef, ParseError, RelativeRef,
};

/// A character of `class`, ASCII three times out of four when the class
/// has non-ASCII members (probed with `é` and U+E000, a `ucschar` and an
/// `iprivate` character).
fn char_of(class: fn(char) -> bool) -> BoxedStrategy<char> {
    let ascii: Vec<char> = (0u8..0x80).map(char::from).filter(|&c| class(c)).collect();
    if !class('é') && !class('\u{E000}') {
        return select(ascii).boxed();
    }
    let wide = any::<char>().prop_filter("not in the class", move |&c| !c.is_ascii() && class(c));
    prop_oneof![3 => select(ascii), 1 => wide].boxed()
}

/// A `%HH` triplet, hex digits in either case.
fn pct_encoded() -> impl Strategy<Value = String> {
    (char_of(class::is_hexdig), char_of(class::is_hexdig)).prop_map(|(a, b)| format!("%{a}{b}"))
}

/// Text of characters of `class` and `%HH` triplets.
fn text_of(class: fn(char) -> bool, max: usize) -> impl Strategy<Value = String> {
    vec(
        prop_oneof![5 => char_of(class).prop_map(String::from), 1 => pct_encoded()],
        0..max,
    )
    .prop_map(|atoms| atoms.concat())
}

fn scheme() -> impl Strategy<Value = String> {
    // The rest of a scheme: what `scheme` accepts after a letter.
    let tail = |c: char| c.is_ascii() && rules::SCHEME.recognize(&[b'a', c as u8]).is_ok();
    (char_of(class::is_alpha), vec(char_of(tail), 0..6))
        .prop_map(|(first, rest)| core::iter::once(first).chain(rest).collect())
}

fn host() -> impl Strategy<Value = String> {
    let hexdigits = vec(char_of(class::is_hexdig), 1..4).prop_map(String::from_iter);
    let future_char = |c: char| class::is_unreserved(c) || class::is_sub_delims(c) || c == ':';
    prop_oneof![
        3 => text_of(class::is_ireg_name, 8),
        1 => any::<[u8; 4]>().prop_map(|o| std::net::Ipv4Addr::from(o).to_string()),
        1 => any::<[u16; 8]>().prop_map(|g| format!("[{}]", std::net::Ipv6Addr::from(g))),
        1 => any::<u32>().prop_map(|a| {
            format!("[{}]", std::net::Ipv4Addr::from(a).to_ipv6_mapped())
        }),
        1 => (hexdigits, vec(char_of(future_char), 1..6))
            .prop_map(|(v, rest)| format!("[v{v}.{}]", String::from_iter(rest))),
    ]
}

/// Components that fit together, assembled by hand into `text`.
#[derive(Clone, Debug)]
struct Built {
    text: String,
    scheme: Option<String>,
    userinfo: Option<String>,
    host: Option<String>,
    port: Option<String>,
    path: String,
    query: Option<String>,
    fragment: Option<String>,
}

fn built() -> impl Strategy<Value = Built> {
    let authority = (
        proptest::option::of(text_of(class::is_iuserinfo, 6)),
        host(),
        proptest::option::of(vec(char_of(class::is_digit), 0..6).prop_map(String::from_iter)),
    );
    (
        proptest::option::of(scheme()),
        proptest::option::of(authority),
        any::<bool>(),
        vec(text_of(class::is_isegment, 5), 0..5),
        proptest::option::of(text_of(class::is_iquery, 8)),
        proptest::option::of(text_of(class::is_ifragment, 8)),
    )
        .prop_map(
            |(scheme, authority, rooted, mut segments, query, fragment)| {
                let (userinfo, host, port) = match authority {
                    Some((u, h, p)) => (u, Some(h), p),
                    None => (None, None, None),
                };
                // Shape the path so that it fits (RFC 3986 sections 3.3, 4.2).
                if host.is_none() && !segments.is_empty() && segments[0].is_empty() {
                    segments[0] = String::from("s"); // no "//" without authority
                }
                if scheme.is_none() && host.is_none() && !rooted && !segments.is_empty() {
                    segments[0] = segments[0].replace(':', "%3A"); // ipath-noscheme
                }
                let rooted = rooted || (host.is_some() && !segments.is_empty());
                let path = format!("{}{}", if rooted { "/" } else { "" }, segments.join("/"));
                let mut text = String::new();
                if let Some(s) = &scheme {
                    text += s;
                    text += ":";
                }
                if let Some(h) = &host {
                    text += "//";
                    if let Some(u) = &userinfo {
                        text += u;
                        text += "@";
                    }
                    text += h;
                    if let Some(p) = &port {
                        text += ":";
                        text += p;
                    }
                }
                text += &path;
                if let Some(q) = &query {
                    text += "?";
                    text += q;
                }
                if let Some(f) = &fragment {
                    text += "#";
                    text += f;
                }
                Built {
                    text,
                    scheme,
                    userinfo,
                    host,
                    port,
                    path,
                    query,
                    fragment,
                }
            },
        )
}

/// Short strings over an alphabet heavy in delimiters and edge cases,
/// half of them after a start that opens an authority.
fn noise() -> impl Strategy<Value = String> {
    const STARTS: &[&str] = &[
        "", "", "", "", "//", "s://", "s://u@", "s:", "s://[", "s://[::", "//[v1.",
    ];
    const ALPHABET: &[char] = &[
        ':', '/', '?', '#', '[', ']', '@', '%', '.', 'v', 'V', 'a', 'F', '1', '0', '9', '-', '+',
        '~', '!', '=', ' ', 'é', '😀', '\u{E000}', '\u{FFFE}',
    ];
    (select(STARTS), vec(select(ALPHABET), 0..16))
        .prop_map(|(start, body)| format!("{start}{}", String::from_iter(body)))
}

/// The text put back together from its components.
fn reassemble(c: &Components<'_>) -> String {
    let mut s = String::new();
    if let Some(scheme) = c.scheme {
        s = format!("{scheme}:");
    }
    if let Some(authority) = c.authority {
        s += "//";
        s += authority;
    }
    s += c.path;
    if let Some(q) = c.query {
        s += "?";
        s += q;
    }
    if let Some(f) = c.fragment {
        s += "#";
        s += f;
    }
    s
}

fn matches(rule: &Rule, text: Option<&str>) -> bool {
    text.is_none_or(|t| rule.recognize(t.as_bytes()).is_ok())
}

/// fluent-uri's components, for comparison.
fn fluent(text: &str) -> Option<[Option<String>; 8]> {
    let r = fluent_uri::IriRef::parse(text).ok()?;
    let auth = r.authority();
    Some([
        r.scheme().map(|s| s.as_str().to_owned()),
        auth.as_ref().map(|a| a.as_str().to_owned()),
        auth.as_ref()
            .and_then(|a| a.userinfo())
            .map(|u| u.as_str().to_owned()),
        auth.as_ref().map(|a| a.host().to_owned()),
        auth.as_ref()
            .and_then(|a| a.port())
            .map(|p| p.as_str().to_owned()),
        Some(r.path().as_str().to_owned()),
        r.query().map(|q| q.as_str().to_owned()),
        r.fragment().map(|f| f.as_str().to_owned()),
    ])
}

fn owned(c: &Components<'_>) -> [Option<String>; 8] {
    [
        c.scheme,
        c.authority,
        c.userinfo,
        c.host,
        c.port,
        Some(c.path),
        c.query,
        c.fragment,
    ]
    .map(|x| x.map(str::to_owned))
}

/// What every parse error must satisfy, whatever the input.
fn check_error(text: &str, e: &ParseError, rule: &'static Rule) -> Result<(), TestCaseError> {
    let check = rfc3987::check(rule, text).unwrap_err();
    prop_assert_eq!(e.offset(), check.offset());
    prop_assert_eq!(e.found(), check.found());
    prop_assert!(Rule::find(e.rule()).is_some(), "unknown rule {}", e.rule());
    prop_assert!(text.is_char_boundary(e.offset()));
    match e.kind() {
        ErrorKind::PercentEncoding => {
            let before = &text[..e.offset()];
            prop_assert!(before.ends_with('%') || before[..before.len() - 1].ends_with('%'));
        }
        ErrorKind::PrivateUse => {
            prop_assert!(matches!(e.found(), Found::Char(c) if class::is_iprivate(c)));
        }
        _ => {}
    }
    let message = e.to_string();
    prop_assert!(
        message.contains(&format!("at byte {}", e.offset())),
        "{}",
        message
    );
    let rendered = format!("{e:#}");
    prop_assert_eq!(rendered.lines().count(), 3);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Parsing a built IRI gives back its components, and reassembling
    /// them gives back the text.
    #[test]
    fn built_iris_parse_into_their_components(b in built()) {
        let r = IriRef::parse(&*b.text).map_err(|e| TestCaseError::fail(format!("{e:#}")))?;
        let c = r.components();
        prop_assert_eq!(c.scheme, b.scheme.as_deref());
        prop_assert_eq!(c.userinfo, b.userinfo.as_deref());
        prop_assert_eq!(c.host, b.host.as_deref());
        prop_assert_eq!(c.port, b.port.as_deref());
        prop_assert_eq!(c.path, &*b.path);
        prop_assert_eq!(c.query, b.query.as_deref());
        prop_assert_eq!(c.fragment, b.fragment.as_deref());
        prop_assert_eq!(reassemble(&c), b.text.clone());
        prop_assert_eq!(Some(owned(&c)), fluent(&b.text));
    }

    /// The builder makes the same text from the same components, and the
    /// setters can rebuild it piece by piece.
    #[test]
    fn the_builder_and_the_setters_agree_with_hand_assembly(b in built()) {
        let mut builder = Builder::new().path(&b.path);
        if let Some(s) = &b.scheme { builder = builder.scheme(s); }
        if let Some(u) = &b.userinfo { builder = builder.userinfo(u); }
        if let Some(h) = &b.host { builder = builder.host(h); }
        if let Some(p) = &b.port { builder = builder.port_str(p); }
        if let Some(q) = &b.query { builder = builder.query(q); }
        if let Some(f) = &b.fragment { builder = builder.fragment(f); }
        let r = builder.build().map_err(|e| TestCaseError::fail(format!("{e:#}")))?;
        prop_assert_eq!(r.as_str(), &*b.text);

        // From an empty reference, set the components from the outside in.
        let mut edited: IriRef<String> = "".parse().unwrap();
        if let Some(h) = &b.host {
            edited.set_host(h).unwrap();
            edited.set_userinfo(b.userinfo.as_deref()).unwrap();
            edited.set_port(b.port.as_deref()).unwrap();
        }
        edited.set_fragment(b.fragment.as_deref()).unwrap();
        edited.set_query(b.query.as_deref()).unwrap();
        edited.set_scheme(b.scheme.as_deref()).unwrap();
        edited.set_path(&b.path).map_err(|e| TestCaseError::fail(format!("{e:#}")))?;
        prop_assert_eq!(edited.as_str(), &*b.text);
        prop_assert_eq!(edited.components(), r.components());
    }

    /// Any setter on any valid value leaves a valid value, with the new
    /// component in place, or fails and leaves it unchanged.
    #[test]
    fn setters_never_make_an_invalid_iri(
        a in built(),
        b in built(),
        which in 0..8usize,
    ) {
        let mut r: IriRef<String> = a.text.parse().unwrap();
        let before = r.clone();
        let result = match which {
            0 => r.set_scheme(b.scheme.as_deref()),
            1 => r.set_userinfo(b.userinfo.as_deref()),
            2 => r.set_host(b.host.as_deref().unwrap_or("")),
            3 => r.set_port(b.port.as_deref()),
            4 => r.set_path(&b.path),
            5 => r.set_query(b.query.as_deref()),
            6 => r.set_fragment(b.fragment.as_deref()),
            _ => r.set_authority(IriRef::parse(&*b.text).unwrap().authority()),
        };
        prop_assert!(rules::IRI_REFERENCE.recognize(r.as_str().as_bytes()).is_ok());
        let reparsed = IriRef::parse(r.as_str()).unwrap();
        prop_assert_eq!(r.components(), reparsed.components());
        match result {
            Ok(()) => match which {
                0 => prop_assert_eq!(r.scheme(), b.scheme.as_deref()),
                4 => prop_assert_eq!(r.path(), &*b.path),
                5 => prop_assert_eq!(r.query(), b.query.as_deref()),
                6 => prop_assert_eq!(r.fragment(), b.fragment.as_deref()),
                _ => {}
            },
            Err(e) => {
                prop_assert_eq!(&r, &before);
                prop_assert_eq!(e.kind(), ErrorKind::Structure);
            }
        }
    }

    /// On noise, a valid string splits into components that each match
    /// their own rule, that reassemble into it, and that fluent-uri finds
    /// too; an invalid one gets an error consistent with `check`.
    #[test]
    fn noise_splits_like_the_grammar_or_fails_consistently(text in noise()) {
        match IriRef::parse(&*text) {
            Ok(r) => {
                let c = r.components();
                prop_assert_eq!(reassemble(&c), text.clone());
                prop_assert!(matches(&rules::SCHEME, c.scheme));
                prop_assert!(matches(&rules::IAUTHORITY, c.authority));
                prop_assert!(matches(&rules::IUSERINFO, c.userinfo));
                prop_assert!(matches(&rules::IHOST, c.host));
                prop_assert!(matches(&rules::PORT, c.port));
                prop_assert!(matches(&rules::IPATH, Some(c.path)));
                prop_assert!(matches(&rules::IQUERY, c.query));
                prop_assert!(matches(&rules::IFRAGMENT, c.fragment));
                prop_assert_eq!(Some(owned(&c)), fluent(&text));
                prop_assert_eq!(r.as_iri().is_some(), Iri::parse(&*text).is_ok());
                prop_assert_eq!(r.as_relative().is_some(), RelativeRef::parse(&*text).is_ok());
            }
            Err(e) => {
                check_error(&text, &e, &rules::IRI_REFERENCE)?;
                prop_assert!(fluent(&text).is_none());
            }
        }
        if let Err(e) = Iri::parse(&*text) {
            check_error(&text, &e, &rules::IRI)?;
        }
        if let Err(e) = RelativeRef::parse(&*text) {
            check_error(&text, &e, &rules::IRELATIVE_REF)?;
        }
        if let Err(e) = AbsoluteIri::parse(&*text) {
            check_error(&text, &e, &rules::ABSOLUTE_IRI)?;
        }
    }

    /// UTF-16 input gives the same verdict and components as UTF-8.
    #[test]
    fn utf16_parses_like_utf8(text in prop_oneof![noise(), built().prop_map(|b| b.text)]) {
        let units: Vec<u16> = text.encode_utf16().collect();
        match (IriRef::parse(&*text), IriRef::<String>::from_utf16(&units)) {
            (Ok(a), Ok(b)) => prop_assert_eq!(a.components(), b.components()),
            (Err(a), Err(b)) => {
                prop_assert_eq!(a.offset(), b.offset());
                prop_assert_eq!(a.to_string(), b.to_string());
            }
            (a, b) => prop_assert!(false, "{:?} / {:?}", a, b),
        }
    }

    /// Section 7.4 encoders: the output matches the component's rule and
    /// decodes back to the input.
    #[test]
    fn encoders_make_valid_components_that_decode_back(text in any::<String>()) {
        use rfc3987::encode::{fragment, path, path_segment, query, reg_name, userinfo, Target};
        for target in [Target::Iri, Target::Uri] {
            for (out, rule) in [
                (path_segment(&text, target), &rules::ISEGMENT),
                (path(&text, target), &rules::IPATH),
                (query(&text, target), &rules::IQUERY),
                (fragment(&text, target), &rules::IFRAGMENT),
                (userinfo(&text, target), &rules::IUSERINFO),
                (reg_name(&text, target), &rules::IREG_NAME),
            ] {
                prop_assert!(rule.recognize(out.as_bytes()).is_ok(), "{} {}", rule.name(), out);
                if rule.name() == "isegment" && !out.is_empty() {
                    // It can also be the first segment of a relative path.
                    prop_assert!(rules::ISEGMENT_NZ_NC.recognize(out.as_bytes()).is_ok());
                }
                if target == Target::Uri {
                    prop_assert!(out.is_ascii());
                }
                let decoded: String = pieces(&out)
                    .map(|piece| match piece {
                        Piece::Literal(c) | Piece::Encoded { c, .. } => c,
                        _ => char::REPLACEMENT_CHARACTER,
                    })
                    .collect();
                prop_assert_eq!(&decoded, &text);
            }
        }
    }
}

/// ASCII strings are URI references exactly when they are IRI
/// references: the IRI grammar adds only non-ASCII characters. (Checked
/// here because `IriRef` is the type URI callers use too.)
#[test]
fn on_ascii_the_iri_and_uri_grammars_agree() {
    let mut runner = proptest::test_runner::TestRunner::default();
    runner
        .run(&noise().prop_filter("ASCII", |s| s.is_ascii()), |text| {
            let bytes = text.as_bytes();
            prop_assert_eq!(
                rules::IRI_REFERENCE.recognize(bytes).is_ok(),
                rules::URI_REFERENCE.recognize(bytes).is_ok()
            );
            Ok(())
        })
        .unwrap();
}
