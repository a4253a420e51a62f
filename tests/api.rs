//! The public API: conversions and traits, errors (messages and caret
//! rendering pinned verbatim), the builder and setters, section 7.4
//! encoding, UTF-16 input and serde.

use std::collections::{BTreeSet, HashSet};
use std::rc::Rc;
use std::sync::Arc;

use rfc3987::encode::{self, Target};
use rfc3987::{AbsoluteIri, Builder, ErrorKind, Found, Iri, IriRef, ParseError, RelativeRef};

fn error(input: &str) -> ParseError {
    IriRef::parse(input).unwrap_err()
}

// ---------------------------------------------------------------- traits

#[test]
fn conversions_between_storages() {
    let text = "http://example.org/ä?b#c";
    let borrowed: IriRef<&str> = IriRef::try_from(text).unwrap();
    let owned: IriRef<String> = IriRef::try_from(String::from(text)).unwrap();
    let parsed: IriRef<String> = text.parse().unwrap();
    let boxed = IriRef::parse(Box::<str>::from(text)).unwrap();
    let shared = IriRef::parse(Arc::<str>::from(text)).unwrap();
    let counted = IriRef::parse(Rc::<str>::from(text)).unwrap();
    assert_eq!(borrowed, owned);
    assert_eq!(owned, parsed);
    assert_eq!(boxed, shared);
    assert_eq!(counted, borrowed);
    assert_eq!(borrowed.into_owned(), owned);
    assert_eq!(owned.as_deref(), borrowed);
    assert_eq!(boxed.clone().into_owned().query(), Some("b"));
    assert_eq!(String::from(owned.clone()), text);
    assert_eq!(owned.clone().into_inner(), text);
    assert_eq!(shared.as_str(), text);
}

#[test]
fn a_reference_to_an_owned_line_parses() {
    // Lines read as `String`s: `Iri::parse(&line)` borrows them (the
    // storage bound is `AsRef<str>`, which `&String` meets).
    let line = String::from("http://example.org/a?b");
    let iri = Iri::parse(&line).unwrap();
    assert_eq!(iri.path(), "/a");
    let reference = IriRef::parse(&line).unwrap();
    assert_eq!(reference.as_str(), line);
    let cow = IriRef::parse(std::borrow::Cow::Borrowed(line.as_str())).unwrap();
    assert_eq!(cow.query(), Some("b"));
    assert!(Iri::parse(&String::from("no scheme")).is_err());
}

#[test]
fn component_names_follow_the_fields() {
    // `Components::NAMES` (the CLI's JSON keys, the Arrow struct fields) in
    // the order the struct declares its fields, as `Debug` prints them.
    let debug = format!(
        "{:?}",
        IriRef::parse("s://u@h:1/p?q#f").unwrap().components()
    );
    let mut at = 0;
    for name in rfc3987::Components::NAMES {
        let found = debug[at..].find(&format!("{name}: ")).unwrap();
        at += found + name.len();
    }
}

#[test]
fn owned_input_is_not_copied() {
    let text = String::from("http://example.org/a");
    let address = text.as_ptr();
    let iri = Iri::try_from(text).unwrap();
    assert_eq!(iri.as_str().as_ptr(), address);
    let back = iri.into_inner();
    assert_eq!(back.as_ptr(), address);

    // On failure the String comes back in the error, still not copied.
    let bad = String::from("http://example.org/a b");
    let address = bad.as_ptr();
    let e = IriRef::try_from(bad).unwrap_err();
    assert_eq!(e.input().as_ptr(), address);
    let input = e.into_input();
    assert_eq!(input.as_ptr(), address);
}

#[test]
fn display_debug_and_string_comparisons() {
    let r = IriRef::parse("http://例え.jp/").unwrap();
    assert_eq!(r.to_string(), "http://例え.jp/");
    assert_eq!(format!("{r:?}"), "IriRef(\"http://例え.jp/\")");
    let iri = Iri::parse("a:b").unwrap();
    assert_eq!(format!("{iri:?}"), "Iri(\"a:b\")");
    assert_eq!(format!("{iri}"), "a:b");
    assert!(iri == "a:b");
    assert!("a:b" == iri);
    assert!(*"a:b" == iri);
    let owned = String::from("a:b");
    assert!(iri == owned);
    assert!(iri != "a:c");
    let s: &str = iri.as_ref();
    assert_eq!(s, "a:b");
}

#[test]
fn comparison_is_simple_string_comparison() {
    // Section 5.3.1: no normalization, no case folding.
    let a = IriRef::parse("http://example.org/").unwrap();
    let b = IriRef::parse("HTTP://example.org/").unwrap();
    let c = IriRef::parse("http://example.org").unwrap();
    assert_ne!(a, b);
    assert_ne!(a, c);
    assert!(b < a); // 'H' < 'h'
    assert!(c < a);
    let mut sorted: BTreeSet<IriRef<String>> = BTreeSet::new();
    for s in ["b:", "a:", "a:/", "A:"] {
        sorted.insert(s.parse().unwrap());
    }
    let order: Vec<&str> = sorted.iter().map(|r| r.as_str()).collect();
    assert_eq!(order, ["A:", "a:", "a:/", "b:"]);
}

#[test]
fn borrow_lets_a_set_be_queried_with_str() {
    let mut set: HashSet<IriRef<String>> = HashSet::new();
    set.insert("http://a/".parse().unwrap());
    set.insert("http://b/".parse().unwrap());
    assert!(set.contains("http://a/"));
    assert!(!set.contains("http://c/"));
    let borrowed: HashSet<Iri<&str>> = [Iri::parse("x:y").unwrap()].into_iter().collect();
    assert!(borrowed.contains("x:y"));
}

#[test]
fn conversions_between_kinds() {
    let r = IriRef::parse("http://a/b#c").unwrap();
    let iri = Iri::try_from(r).unwrap();
    assert_eq!(iri.scheme(), "http");
    let back: IriRef<&str> = iri.into();
    assert_eq!(back, r);
    // An IRI with a fragment is not an absolute IRI; the IRI comes back.
    let not_absolute = AbsoluteIri::try_from(iri).unwrap_err();
    assert_eq!(not_absolute, iri);
    let absolute = AbsoluteIri::try_from(Iri::parse("http://a/b").unwrap()).unwrap();
    assert_eq!(IriRef::from(absolute), "http://a/b");
    assert_eq!(Iri::from(absolute).fragment(), None);
    assert_eq!(iri.without_fragment(), "http://a/b");
    assert_eq!(iri.without_fragment().path(), "/b");

    let relative = IriRef::parse("//a/b").unwrap();
    assert_eq!(Iri::try_from(relative).unwrap_err(), relative);
    let relative = RelativeRef::try_from(relative).unwrap();
    assert_eq!(relative.host(), Some("a"));
    assert_eq!(IriRef::from(relative).scheme(), None);
    assert!(RelativeRef::try_from(r).is_err());

    assert_eq!(r.as_iri().map(|i| i.scheme().len()), Some(4));
    assert!(r.as_relative().is_none());
    assert!(relative.as_iri().is_none());
}

#[test]
fn each_type_accepts_its_rule() {
    for (input, reference, iri, absolute, relative) in [
        ("http://a/b?c#d", true, true, false, false),
        ("http://a/b?c", true, true, true, false),
        ("//a/b", true, false, false, true),
        ("a/b:c", true, false, false, true),
        ("", true, false, false, true),
        ("#f", true, false, false, true),
        ("1a:b", false, false, false, false),
        ("a b", false, false, false, false),
    ] {
        assert_eq!(IriRef::parse(input).is_ok(), reference, "{input}");
        assert_eq!(Iri::parse(input).is_ok(), iri, "{input}");
        assert_eq!(AbsoluteIri::parse(input).is_ok(), absolute, "{input}");
        assert_eq!(RelativeRef::parse(input).is_ok(), relative, "{input}");
        assert_eq!(input.parse::<Iri<String>>().is_ok(), iri, "{input}");
        assert_eq!(
            input.parse::<AbsoluteIri<String>>().is_ok(),
            absolute,
            "{input}"
        );
        assert_eq!(
            input.parse::<RelativeRef<String>>().is_ok(),
            relative,
            "{input}"
        );
    }
}

// ---------------------------------------------------------------- errors

#[test]
fn error_accessors() {
    let e = error("http://example.org/a b");
    assert_eq!(e.offset(), 20);
    assert_eq!(e.rule(), "isegment");
    assert_eq!(e.found(), Found::Char(' '));
    assert_eq!(e.kind(), ErrorKind::Syntax);
    assert_eq!(e.input(), "http://example.org/a b");
    // The offset is the one `check` reports.
    let check = rfc3987::check(
        &rfc3987::grammar::rules::IRI_REFERENCE,
        "http://example.org/a b",
    )
    .unwrap_err();
    assert_eq!(check.offset(), e.offset());
    let boxed: Box<dyn std::error::Error + Send + Sync> = Box::new(e);
    assert!(boxed.to_string().starts_with("expected ipchar, "));
}

/// Every message names what was expected, what was found, and where.
#[test]
fn messages_pinned() {
    let cases: &[(&str, &str, &str, ErrorKind)] = &[
        (
            "http://example.org/a b",
            "isegment",
            "expected ipchar, '#', '/', '?' or the end of the input, found ' ' (U+0020) at byte 20 in isegment; percent-encode it as %20",
            ErrorKind::Syntax,
        ),
        (
            "http://example.org/%zz",
            "isegment",
            "expected HEXDIG, found 'z' (U+007A) at byte 20 in isegment; a '%' starts a %HH triplet (pct-encoded, RFC 3986 section 2.1): write a '%' itself as %25",
            ErrorKind::PercentEncoding,
        ),
        (
            "http://example.org/a%4",
            "isegment",
            "expected HEXDIG, found the end of the input at byte 22 in isegment; a '%' starts a %HH triplet (pct-encoded, RFC 3986 section 2.1): write a '%' itself as %25",
            ErrorKind::PercentEncoding,
        ),
        (
            "http://example.org/\u{E000}",
            "isegment",
            "expected ipchar, '#', '/', '?' or the end of the input, found '\u{E000}' (U+E000) at byte 19 in isegment; private-use characters (iprivate) are allowed only in the query (RFC 3987 section 2.2): percent-encode it as %EE%80%80",
            ErrorKind::PrivateUse,
        ),
        (
            "http://example.org/?a#\u{F0000}",
            "ifragment",
            "expected ipchar, '/', '?' or the end of the input, found '\u{F0000}' (U+F0000) at byte 22 in ifragment; private-use characters (iprivate) are allowed only in the query (RFC 3987 section 2.2): percent-encode it as %F3%B0%80%80",
            ErrorKind::PrivateUse,
        ),
        (
            "http://ex ample.org/",
            "ireg-name",
            "expected ipchar, '#', '/', '?' or the end of the input, found ' ' (U+0020) at byte 9 in ireg-name; percent-encode it as %20",
            ErrorKind::Syntax,
        ),
        (
            "http://example.org:80a/",
            "iuserinfo",
            "expected ipchar, found '/' (U+002F) at byte 22 in iuserinfo; what follows \"//\" is read as a userinfo until an '@', since it is not host:port (a port is digits only, RFC 3986 section 3.2.3)",
            ErrorKind::Syntax,
        ),
        (
            "http://u@example.org:8x",
            "iauthority",
            "expected DIGIT, '#', '/', '?' or the end of the input, found 'x' (U+0078) at byte 22 in iauthority; a port is digits only (port = *DIGIT, RFC 3986 section 3.2.3): an IPv6 address goes in brackets, a path starts with '/'",
            ErrorKind::Syntax,
        ),
        (
            "http://[::1",
            "IPv6address",
            "expected HEXDIG, '.', ':' or ']', found the end of the input at byte 11 in IPv6address",
            ErrorKind::Syntax,
        ),
        (
            "http://[1:2:3:4:5:6:7:8:9]/",
            "IPv6address",
            "expected HEXDIG or ']', found ':' (U+003A) at byte 23 in IPv6address",
            ErrorKind::Syntax,
        ),
        (
            "http://[::1]x",
            "IP-literal",
            "expected '#', '/', ':', '?' or the end of the input, found 'x' (U+0078) at byte 12 in IP-literal",
            ErrorKind::Syntax,
        ),
        (
            "http://[x]",
            "IP-literal",
            "expected HEXDIG, ':', 'V' or 'v', found 'x' (U+0078) at byte 8 in IP-literal",
            ErrorKind::Syntax,
        ),
        (
            "http://[v1x]",
            "IPvFuture",
            "expected HEXDIG or '.', found 'x' (U+0078) at byte 10 in IPvFuture",
            ErrorKind::Syntax,
        ),
        (
            "http://a/?b c",
            "iquery",
            "expected ipchar, iprivate, '#', '/', '?' or the end of the input, found ' ' (U+0020) at byte 11 in iquery; percent-encode it as %20",
            ErrorKind::Syntax,
        ),
        (
            "http://a/#b#c",
            "ifragment",
            "expected ipchar, '/', '?' or the end of the input, found '#' (U+0023) at byte 11 in ifragment; percent-encode it as %23",
            ErrorKind::Syntax,
        ),
        (
            "ht tp://a/",
            "isegment-nz-nc",
            "expected ipchar, '#', '/', '?' or the end of the input, found ' ' (U+0020) at byte 2 in isegment-nz-nc; percent-encode it as %20",
            ErrorKind::Syntax,
        ),
        (
            "1http://a/",
            "isegment-nz-nc",
            "expected iunreserved, sub-delims, pct-encoded, '#', '/', '?', '@' or the end of the input, found ':' (U+003A) at byte 5 in isegment-nz-nc; a ':' in the first segment of a relative reference would read as a scheme (ipath-noscheme, RFC 3986 section 4.2): percent-encode it as %3A or start the path with \"./\"; a scheme starts with a letter (RFC 3986 section 3.1)",
            ErrorKind::Syntax,
        ),
        (
            "://a/",
            "IRI-reference",
            "expected iunreserved, sub-delims, pct-encoded, '#', '/', '?', '@' or the end of the input, found ':' (U+003A) at byte 0 in IRI-reference; a ':' in the first segment of a relative reference would read as a scheme (ipath-noscheme, RFC 3986 section 4.2): percent-encode it as %3A or start the path with \"./\"; a scheme before ':' cannot be empty",
            ErrorKind::Syntax,
        ),
        (
            "a\u{FFFE}",
            "isegment-nz-nc",
            "expected ipchar, '#', '/', '?' or the end of the input, found '\u{FFFE}' (U+FFFE) at byte 1 in isegment-nz-nc; percent-encode it as %EF%BF%BE",
            ErrorKind::Syntax,
        ),
        (
            "a\nb",
            "isegment-nz-nc",
            "expected ipchar, '#', '/', '?' or the end of the input, found U+000A at byte 1 in isegment-nz-nc; percent-encode it as %0A",
            ErrorKind::Syntax,
        ),
    ];
    for &(input, rule, message, kind) in cases {
        let e = error(input);
        assert_eq!(e.to_string(), message, "{input:?}");
        assert_eq!(e.rule(), rule, "{input:?}");
        assert_eq!(e.kind(), kind, "{input:?}");
    }
}

#[test]
fn messages_for_the_narrower_types() {
    let e = Iri::parse("example.org/a").unwrap_err();
    assert_eq!(
        e.to_string(),
        "expected ALPHA, DIGIT, '+', '-', '.' or ':', found '/' (U+002F) at byte 11 in scheme"
    );
    assert_eq!(e.rule(), "scheme");
    let e = Iri::parse("").unwrap_err();
    assert_eq!(
        e.to_string(),
        "expected ALPHA, found the end of the input at byte 0 in IRI"
    );
    let e = AbsoluteIri::parse("http://a/b?c#d").unwrap_err();
    assert_eq!(
        e.to_string(),
        "expected ipchar, iprivate, '/', '?' or the end of the input, found '#' (U+0023) at \
         byte 12 in iquery; an absolute-IRI has no fragment (RFC 3987 section 2.2): remove \
         the fragment or parse an IRI"
    );
    assert_eq!(e.rule(), "iquery");
    let e = RelativeRef::parse("http://a/").unwrap_err();
    assert_eq!(
        e.to_string(),
        "expected iunreserved, sub-delims, pct-encoded, '#', '/', '?', '@' or the end of the \
         input, found ':' (U+003A) at byte 4 in isegment-nz-nc; a ':' in the first segment \
         of a relative reference would read as a scheme (ipath-noscheme, RFC 3986 section \
         4.2): percent-encode it as %3A or start the path with \"./\""
    );
}

#[test]
fn caret_rendering_pinned() {
    assert_eq!(
        format!("{:#}", error("http://example.org/a b")),
        "expected ipchar, '#', '/', '?' or the end of the input, found ' ' (U+0020) at byte \
         20 in isegment; percent-encode it as %20\n  http://example.org/a b\n                      ^"
    );
    // At the end of the input, the caret stands after the last character.
    assert_eq!(
        format!("{:#}", error("http://[::1")),
        "expected HEXDIG, '.', ':' or ']', found the end of the input at byte 11 in IPv6address\n  \
         http://[::1\n             ^"
    );
    // Columns are display widths: 例 and え take two each (the caret was
    // two columns short); a tab is escaped.
    assert_eq!(
        format!("{:#}", error("http://例え.jp/\tx")),
        "expected ipchar, '#', '/', '?' or the end of the input, found U+0009 at byte 17 in \
         isegment; percent-encode it as %09\n  http://例え.jp/\\tx\n                 ^"
    );
    // A combining mark takes no column.
    assert_eq!(
        format!("{:#}", error("http://e\u{301}.jp/ x")),
        "expected ipchar, '#', '/', '?' or the end of the input, found ' ' (U+0020) at byte \
         14 in isegment; percent-encode it as %20\n  http://e\u{301}.jp/ x\n              ^"
    );
    // A bidirectional formatting character is valid (`ucschar`) but is
    // escaped on the caret line, where it would reorder the text; here the
    // error is the space after it.
    assert_eq!(
        format!("{:#}", error("a\u{202E}b c")),
        "expected iunreserved, sub-delims, pct-encoded, '#', '/', '?', '@' or the end of the \
         input, found ' ' (U+0020) at byte 5 in isegment-nz-nc; percent-encode it as %20\n  \
         a\\u{202e}b c\n            ^"
    );
    // A long input is cut around the offset.
    let long = format!(
        "http://example.org/{}a b{}",
        "x".repeat(100),
        "y".repeat(100)
    );
    let rendered = format!("{:#}", error(&long));
    let lines: Vec<&str> = rendered.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(
        lines[1],
        format!("  …{}a b{}…", "x".repeat(39), "y".repeat(28))
    );
    // 40 characters before the offset, 30 from it; `…` takes a column.
    assert_eq!(lines[2], format!("  {}^", " ".repeat(41)));
}

#[test]
fn debug_shows_every_field() {
    let e = error("a b");
    assert_eq!(
        format!("{e:?}"),
        "ParseError { offset: 1, rule: \"isegment-nz-nc\", found: Char(' '), kind: Syntax, \
         message: expected ipchar, '#', '/', '?' or the end of the input, found ' ' (U+0020) \
         in isegment-nz-nc; percent-encode it as %20, input: \"a b\" }"
    );
}

// ---------------------------------------------------------------- builder

#[test]
fn builder_assembles_every_component() {
    let r = Builder::new()
        .scheme("foo")
        .userinfo("ユーザー")
        .host("[::1]")
        .port_str("")
        .path("/a/b")
        .query("")
        .fragment("f")
        .build()
        .unwrap();
    assert_eq!(r, "foo://ユーザー@[::1]:/a/b?#f");
    assert_eq!(r.port(), Some(""));
    assert_eq!(r.query(), Some(""));

    assert_eq!(Builder::new().build().unwrap(), "");
    assert_eq!(Builder::new().host("").build().unwrap(), "//");
    assert_eq!(
        Builder::new()
            .scheme("file")
            .host("")
            .path("/etc")
            .build()
            .unwrap(),
        "file:///etc"
    );
    assert_eq!(
        Builder::new().path("a:b").scheme("urn").build().unwrap(),
        "urn:a:b"
    );
    assert_eq!(
        Builder::new()
            .path("../x")
            .query("y")
            .build_relative()
            .unwrap(),
        "../x?y"
    );
    assert_eq!(
        Builder::new()
            .scheme("s")
            .path("p")
            .build_absolute()
            .unwrap(),
        "s:p"
    );
}

#[test]
fn builder_reports_the_component_that_fails() {
    let cases: &[(Builder<'_>, &str, &str, usize)] = &[
        (Builder::new().scheme("1http"), "scheme", "1http", 0),
        (Builder::new().scheme("ht tp"), "scheme", "ht tp", 2),
        (
            Builder::new().host("a").userinfo("a@b"),
            "iuserinfo",
            "a@b",
            1,
        ),
        (Builder::new().host("a:80"), "ireg-name", "a:80", 1),
        (Builder::new().host("[::1"), "IPv6address", "[::1", 4),
        (Builder::new().host("a").port_str("8o"), "port", "8o", 1),
        (Builder::new().path("/a?b"), "ipath", "/a?b", 2),
        (Builder::new().query("a#b"), "iquery", "a#b", 1),
        (Builder::new().fragment("a#b"), "ifragment", "a#b", 1),
        (Builder::new().path("/%4"), "isegment", "/%4", 3),
    ];
    for (builder, rule, input, offset) in cases {
        let e = builder.build().unwrap_err();
        assert_eq!(
            (e.rule(), e.input(), e.offset()),
            (*rule, *input, *offset),
            "{e}"
        );
    }
    let e = Builder::new().host("a:80").build().unwrap_err();
    assert_eq!(
        e.to_string(),
        "expected iunreserved, sub-delims, pct-encoded or the end of the input, found ':' \
         (U+003A) at byte 1 in ireg-name; percent-encode it as %3A"
    );
}

#[test]
fn builder_refuses_components_that_do_not_fit() {
    let cases: &[(Builder<'_>, &str, &str)] = &[
        (
            Builder::new().scheme("http").host("h").path("a"),
            "http://ha",
            "a path after an authority must be empty or start with '/' (ipath-abempty, RFC \
             3986 section 3.3), found 'a' (U+0061) at byte 8",
        ),
        (
            Builder::new().scheme("http").path("//a"),
            "http://a",
            "a path without an authority cannot start with \"//\" (RFC 3986 section 3.3), \
             found '/' (U+002F) at byte 5",
        ),
        (Builder::new().path("a/b:c"), "a/b:c", ""),
        (
            Builder::new().path("a:b/c"),
            "a:b/c",
            "the first segment of a relative reference's path cannot contain ':' \
             (ipath-noscheme, RFC 3986 section 4.2), found ':' (U+003A) at byte 1",
        ),
        (
            Builder::new().userinfo("u"),
            "",
            "a userinfo or a port needs a host (an empty one is written host(\"\")) \
             (iauthority, RFC 3986 section 3.2), found the end of the input at byte 0",
        ),
        (
            Builder::new().port(80),
            "",
            "a userinfo or a port needs a host (an empty one is written host(\"\")) \
             (iauthority, RFC 3986 section 3.2), found the end of the input at byte 0",
        ),
    ];
    for (builder, input, message) in cases {
        match builder.build() {
            Ok(r) => {
                assert!(message.is_empty(), "{r} built, expected {message}");
                assert_eq!(r, *input);
            }
            Err(e) => {
                assert_eq!(e.kind(), ErrorKind::Structure);
                assert_eq!(e.to_string(), *message);
                assert_eq!(e.input(), *input);
            }
        }
    }
    let e = Builder::new().path("a").build_iri().unwrap_err();
    assert_eq!(
        e.to_string(),
        "an IRI needs a scheme (IRI, RFC 3987 section 2.2), found 'a' (U+0061) at byte 0"
    );
    let e = Builder::new()
        .scheme("a")
        .fragment("")
        .build_absolute()
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "an absolute IRI has no fragment (absolute-IRI, RFC 3987 section 2.2), found '#' \
         (U+0023) at byte 2"
    );
    let e = Builder::new().scheme("a").build_relative().unwrap_err();
    assert_eq!(e.rule(), "irelative-ref");
}

// ---------------------------------------------------------------- setters

#[test]
fn setters_edit_in_place() {
    let mut r: IriRef<String> = "http://example.org/a?b#c".parse().unwrap();
    r.set_scheme(Some("https")).unwrap();
    r.set_userinfo(Some("ユーザー")).unwrap();
    r.set_port(Some("8443")).unwrap();
    r.set_host("例え.jp").unwrap();
    r.set_path("/b/c").unwrap();
    r.set_query(Some("")).unwrap();
    r.set_fragment(None).unwrap();
    assert_eq!(r, "https://ユーザー@例え.jp:8443/b/c?");
    assert_eq!(r.host(), Some("例え.jp"));
    r.set_authority(Some("[::1]:80")).unwrap();
    assert_eq!(r, "https://[::1]:80/b/c?");
    assert_eq!((r.userinfo(), r.port()), (None, Some("80")));
    r.set_authority(None).unwrap();
    assert_eq!(r, "https:/b/c?");
    r.set_scheme(None).unwrap();
    assert_eq!(r, "/b/c?");
    r.set_host("h").unwrap();
    assert_eq!(r, "//h/b/c?");
    r.set_userinfo(None).unwrap();
    r.set_port(None).unwrap();
    assert_eq!(r, "//h/b/c?");
}

#[test]
fn setters_leave_the_value_alone_on_error() {
    let mut r: IriRef<String> = "foo:a:b".parse().unwrap();
    let before = r.clone();
    // Without the scheme, `a:b` would read as a scheme.
    let e = r.set_scheme(None).unwrap_err();
    assert_eq!(e.rule(), "ipath-noscheme");
    // A path must start with "/" after an authority.
    assert_eq!(r.set_host("h").unwrap_err().rule(), "ipath-abempty");
    assert_eq!(r.set_path("//x").unwrap_err().rule(), "ipath-absolute");
    assert_eq!(r.set_query(Some("#")).unwrap_err().rule(), "iquery");
    assert_eq!(r.set_fragment(Some("a b")).unwrap_err().rule(), "ifragment");
    assert_eq!(r.set_scheme(Some("")).unwrap_err().rule(), "scheme");
    let e = r.set_userinfo(Some("u")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Structure);
    assert_eq!(
        e.to_string(),
        "there is no authority to hold a userinfo; set a host first (iauthority, RFC 3986 \
         section 3.2), found 'a' (U+0061) at byte 4"
    );
    assert_eq!(
        r.set_port(Some("1")).unwrap_err().kind(),
        ErrorKind::Structure
    );
    assert_eq!(
        r.set_authority(Some("a b")).unwrap_err().rule(),
        "ireg-name"
    );
    assert_eq!(r, before);
    assert_eq!(r.components(), before.components());
}

#[test]
fn setters_of_the_narrower_types_keep_their_kind() {
    let mut iri: Iri<String> = "http://a/b#c".parse().unwrap();
    iri.set_scheme("ftp").unwrap();
    iri.set_fragment(None).unwrap();
    assert_eq!(iri, "ftp://a/b");
    assert_eq!(iri.scheme(), "ftp");

    let mut absolute: AbsoluteIri<String> = "http://a/b".parse().unwrap();
    absolute.set_query(Some("q")).unwrap();
    absolute.set_scheme("https").unwrap();
    assert_eq!(absolute, "https://a/b?q");

    let mut relative: RelativeRef<String> = "a/b".parse().unwrap();
    relative.set_path("c:d").unwrap_err();
    relative.set_path("./c:d").unwrap();
    relative.set_fragment(Some("f")).unwrap();
    relative.set_host("h").unwrap_err(); // "./c:d" cannot follow an authority
    relative.set_path("/c").unwrap();
    relative.set_host("h").unwrap();
    assert_eq!(relative, "//h/c#f");
}

// ---------------------------------------------------------------- encode

#[test]
fn section_7_4_file_names() {
    assert_eq!(
        encode::path_segment("résumé 1.html", Target::Iri),
        "résumé%201.html"
    );
    assert_eq!(
        encode::path_segment("résumé 1.html", Target::Uri),
        "r%C3%A9sum%C3%A9%201.html"
    );
    assert_eq!(encode::path_segment("a/b:c", Target::Iri), "a%2Fb%3Ac");
    assert_eq!(encode::path("/a b/c", Target::Uri), "/a%20b/c");
    assert_eq!(encode::query("q=日本&x", Target::Iri), "q%3D日本%26x");
    assert_eq!(encode::query("a/b?c", Target::Uri), "a/b?c");
    assert_eq!(encode::fragment("page=2", Target::Iri), "page%3D2");
    assert_eq!(encode::userinfo("user:pass", Target::Iri), "user%3Apass");
    assert_eq!(encode::reg_name("exa mple", Target::Iri), "exa%20mple");
}

#[test]
fn encoded_components_build_valid_iris() {
    let name = "日本語 ファイル#1?.txt";
    for target in [Target::Iri, Target::Uri] {
        let segment = encode::path_segment(name, target);
        let path = format!("/{segment}");
        let query = encode::query(name, target);
        let fragment = encode::fragment(name, target);
        let userinfo = encode::userinfo(name, target);
        let host = encode::reg_name(name, target);
        let r = Builder::new()
            .scheme("http")
            .userinfo(&userinfo)
            .host(&host)
            .path(&path)
            .query(&query)
            .fragment(&fragment)
            .build()
            .unwrap();
        assert_eq!(r.path_segments().collect::<Vec<_>>(), [&*segment]);
        assert_eq!(r.query(), Some(&*query));
        assert!(r.has_scheme());
        if target == Target::Uri {
            assert!(r.as_str().is_ascii());
        }
        // A relative reference made of one segment keeps its meaning.
        let relative = RelativeRef::parse(&*segment).unwrap();
        assert_eq!(relative.path(), &*segment);
    }
}

// ---------------------------------------------------------------- UTF-16

#[test]
fn utf16_input() {
    let text = "http://例え.jp/😀?q";
    let units: Vec<u16> = text.encode_utf16().collect();
    let r = IriRef::<String>::from_utf16(&units).unwrap();
    assert_eq!(r, text);
    assert_eq!(r.path(), "/😀");
    assert!(Iri::<String>::from_utf16(&units).is_ok());

    // A grammar error: the offset is in the decoded text, and also
    // available in code units.
    let units: Vec<u16> = "http://例え.jp/😀 x".encode_utf16().collect();
    let e = IriRef::<String>::from_utf16(&units).unwrap_err();
    assert_eq!(e.offset(), 21);
    assert_eq!(e.utf16_offset(), 15);
    assert_eq!(units[15], u16::from(b' '));

    // An unpaired surrogate.
    let mut units: Vec<u16> = "http://a/".encode_utf16().collect();
    units.push(0xD800);
    units.extend("b".encode_utf16());
    let e = IriRef::<String>::from_utf16(&units).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Encoding);
    assert_eq!(e.found(), Found::UnpairedSurrogate(0xD800));
    assert_eq!((e.offset(), e.utf16_offset()), (9, 9));
    assert_eq!(
        format!("{e:#}"),
        "invalid UTF-16: the unpaired surrogate 0xD800 at code unit 9 (byte 9 once decoded) \
         encodes no character (RFC 3987 section 6.2)\n  http://a/\u{FFFD}b\n           ^"
    );
}

// ---------------------------------------------------------------- serde

#[test]
fn serde_round_trips_and_validates() {
    let r = IriRef::parse("http://例え.jp/a?b#c").unwrap();
    let json = serde_json::to_string(&r).unwrap();
    assert_eq!(json, "\"http://例え.jp/a?b#c\"");

    let owned: IriRef<String> = serde_json::from_str(&json).unwrap();
    assert_eq!(owned, r);
    let borrowed: IriRef<&str> = serde_json::from_str(&json).unwrap();
    assert_eq!(borrowed.fragment(), Some("c"));
    let boxed: Iri<Box<str>> = serde_json::from_str(&json).unwrap();
    assert_eq!(boxed.scheme(), "http");
    let shared: Vec<AbsoluteIri<Arc<str>>> = serde_json::from_str("[\"a:b\", \"c:d\"]").unwrap();
    assert_eq!(shared[1], "c:d");
    let counted: RelativeRef<Rc<str>> = serde_json::from_str("\"../x\"").unwrap();
    assert_eq!(counted.path(), "../x");

    let e = serde_json::from_str::<IriRef<String>>("\"a b\"").unwrap_err();
    assert_eq!(
        e.to_string(),
        "expected ipchar, '#', '/', '?' or the end of the input, found ' ' (U+0020) at byte \
         1 in isegment-nz-nc; percent-encode it as %20 at line 1 column 5"
    );
    assert!(serde_json::from_str::<Iri<String>>("\"/a\"").is_err());
    assert!(serde_json::from_str::<AbsoluteIri<String>>("\"a:b#c\"").is_err());
    assert!(serde_json::from_str::<IriRef<String>>("3").is_err());
    // An escaped string cannot be borrowed, but can be owned.
    assert!(serde_json::from_str::<IriRef<&str>>("\"a\\u00e9\"").is_err());
    assert_eq!(
        serde_json::from_str::<IriRef<String>>("\"a\\u00e9\"").unwrap(),
        "aé"
    );
}
