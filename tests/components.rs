//! Every accessor on the RFC 3986 section 1.1.2 examples, on IRIs in
//! several scripts, on present-but-empty versus absent components, and on
//! every kind of host.

use std::net::{Ipv4Addr, Ipv6Addr};

use rfc3987::{AbsoluteIri, Components, Host, Iri, IriRef, RelativeRef};

/// One case: the input, its components, and its host's kind.
struct Case {
    input: &'static str,
    components: Components<'static>,
    host: Option<Host<'static>>,
    segments: &'static [&'static str],
}

const NONE: Components<'static> = Components {
    scheme: None,
    authority: None,
    userinfo: None,
    host: None,
    port: None,
    path: "",
    query: None,
    fragment: None,
};

/// Checks every accessor of `r` (and of the borrowed and owned forms)
/// against the case.
fn check(case: &Case) {
    let r = IriRef::parse(case.input).unwrap_or_else(|e| panic!("{e:#}"));
    let c = &case.components;
    assert_eq!(r.components(), *c, "{}", case.input);
    assert_eq!(r.into_components(), *c);
    assert_eq!(r.scheme(), c.scheme);
    assert_eq!(r.has_scheme(), c.scheme.is_some());
    assert_eq!(r.authority(), c.authority);
    assert_eq!(r.has_authority(), c.authority.is_some());
    assert_eq!(r.userinfo(), c.userinfo);
    assert_eq!(r.has_userinfo(), c.userinfo.is_some());
    assert_eq!(r.host(), c.host);
    assert_eq!(r.host_parsed(), case.host);
    assert_eq!(r.port(), c.port);
    assert_eq!(r.has_port(), c.port.is_some());
    assert_eq!(r.port_u16(), c.port.and_then(|p| p.parse::<u16>().ok()));
    assert_eq!(r.path(), c.path);
    assert_eq!(r.path_segments().collect::<Vec<_>>(), case.segments);
    let mut reversed: Vec<_> = r.path_segments().rev().collect();
    reversed.reverse();
    assert_eq!(reversed, case.segments);
    assert_eq!(r.query(), c.query);
    assert_eq!(r.has_query(), c.query.is_some());
    assert_eq!(r.fragment(), c.fragment);
    assert_eq!(r.has_fragment(), c.fragment.is_some());

    // The same through every storage and every type that accepts it.
    let owned: IriRef<String> = case.input.parse().unwrap();
    assert_eq!(owned.components(), *c);
    let boxed = IriRef::parse(Box::<str>::from(case.input)).unwrap();
    assert_eq!(boxed.components(), *c);
    let shared = IriRef::parse(std::sync::Arc::<str>::from(case.input)).unwrap();
    assert_eq!(shared.components(), *c);
    match c.scheme {
        Some(scheme) => {
            let iri = Iri::parse(case.input).unwrap();
            assert_eq!(iri.scheme(), scheme);
            assert_eq!(iri.components(), *c);
            assert!(RelativeRef::parse(case.input).is_err());
            assert_eq!(AbsoluteIri::parse(case.input).is_ok(), c.fragment.is_none());
            let absolute = iri.without_fragment();
            assert_eq!(
                absolute.components(),
                Components {
                    fragment: None,
                    ..*c
                }
            );
        }
        None => {
            assert_eq!(RelativeRef::parse(case.input).unwrap().components(), *c);
            assert!(Iri::parse(case.input).is_err());
        }
    }
}

#[test]
fn rfc3986_section_1_1_2_examples() {
    let cases = [
        Case {
            input: "ftp://ftp.is.co.za/rfc/rfc1808.txt",
            components: Components {
                scheme: Some("ftp"),
                authority: Some("ftp.is.co.za"),
                host: Some("ftp.is.co.za"),
                path: "/rfc/rfc1808.txt",
                ..NONE
            },
            host: Some(Host::RegName("ftp.is.co.za")),
            segments: &["rfc", "rfc1808.txt"],
        },
        Case {
            input: "http://www.ietf.org/rfc/rfc2396.txt",
            components: Components {
                scheme: Some("http"),
                authority: Some("www.ietf.org"),
                host: Some("www.ietf.org"),
                path: "/rfc/rfc2396.txt",
                ..NONE
            },
            host: Some(Host::RegName("www.ietf.org")),
            segments: &["rfc", "rfc2396.txt"],
        },
        Case {
            input: "ldap://[2001:db8::7]/c=GB?objectClass?one",
            components: Components {
                scheme: Some("ldap"),
                authority: Some("[2001:db8::7]"),
                host: Some("[2001:db8::7]"),
                path: "/c=GB",
                query: Some("objectClass?one"),
                ..NONE
            },
            host: Some(Host::Ipv6(Ipv6Addr::new(0x2001, 0xdb8, 0, 0, 0, 0, 0, 7))),
            segments: &["c=GB"],
        },
        Case {
            input: "mailto:John.Doe@example.com",
            components: Components {
                scheme: Some("mailto"),
                path: "John.Doe@example.com",
                ..NONE
            },
            host: None,
            segments: &["John.Doe@example.com"],
        },
        Case {
            input: "news:comp.infosystems.www.servers.unix",
            components: Components {
                scheme: Some("news"),
                path: "comp.infosystems.www.servers.unix",
                ..NONE
            },
            host: None,
            segments: &["comp.infosystems.www.servers.unix"],
        },
        Case {
            input: "tel:+1-816-555-1212",
            components: Components {
                scheme: Some("tel"),
                path: "+1-816-555-1212",
                ..NONE
            },
            host: None,
            segments: &["+1-816-555-1212"],
        },
        Case {
            input: "telnet://192.0.2.16:80/",
            components: Components {
                scheme: Some("telnet"),
                authority: Some("192.0.2.16:80"),
                host: Some("192.0.2.16"),
                port: Some("80"),
                path: "/",
                ..NONE
            },
            host: Some(Host::Ipv4(Ipv4Addr::new(192, 0, 2, 16))),
            segments: &[""],
        },
        Case {
            input: "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
            components: Components {
                scheme: Some("urn"),
                path: "oasis:names:specification:docbook:dtd:xml:4.1.2",
                ..NONE
            },
            host: None,
            segments: &["oasis:names:specification:docbook:dtd:xml:4.1.2"],
        },
        // RFC 3986 section 3's example, with every component.
        Case {
            input: "foo://example.com:8042/over/there?name=ferret#nose",
            components: Components {
                scheme: Some("foo"),
                authority: Some("example.com:8042"),
                host: Some("example.com"),
                port: Some("8042"),
                path: "/over/there",
                query: Some("name=ferret"),
                fragment: Some("nose"),
                ..NONE
            },
            host: Some(Host::RegName("example.com")),
            segments: &["over", "there"],
        },
    ];
    for case in &cases {
        check(case);
    }
}

#[test]
fn iris_in_several_scripts() {
    let cases = [
        // Japanese: host, path and fragment.
        Case {
            input: "http://例え.テスト/引き出し/ファイル.html#第一章",
            components: Components {
                scheme: Some("http"),
                authority: Some("例え.テスト"),
                host: Some("例え.テスト"),
                path: "/引き出し/ファイル.html",
                fragment: Some("第一章"),
                ..NONE
            },
            host: Some(Host::RegName("例え.テスト")),
            segments: &["引き出し", "ファイル.html"],
        },
        // Cyrillic, with userinfo and port.
        Case {
            input: "ftp://пользователь@пример.рф:2121/папка/",
            components: Components {
                scheme: Some("ftp"),
                authority: Some("пользователь@пример.рф:2121"),
                userinfo: Some("пользователь"),
                host: Some("пример.рф"),
                port: Some("2121"),
                path: "/папка/",
                ..NONE
            },
            host: Some(Host::RegName("пример.рф")),
            segments: &["папка", ""],
        },
        // Arabic (right-to-left), stored in logical order (section 4.1).
        Case {
            input: "http://مثال.إختبار/صفحة?بحث=كلمة",
            components: Components {
                scheme: Some("http"),
                authority: Some("مثال.إختبار"),
                host: Some("مثال.إختبار"),
                path: "/صفحة",
                query: Some("بحث=كلمة"),
                ..NONE
            },
            host: Some(Host::RegName("مثال.إختبار")),
            segments: &["صفحة"],
        },
        // Hebrew, a relative reference.
        Case {
            input: "../תיקייה/קובץ?שאילתה#קטע",
            components: Components {
                path: "../תיקייה/קובץ",
                query: Some("שאילתה"),
                fragment: Some("קטע"),
                ..NONE
            },
            host: None,
            segments: &["..", "תיקייה", "קובץ"],
        },
        // Greek and Devanagari, network-path reference.
        Case {
            input: "//παράδειγμα.δοκιμή/उदाहरण",
            components: Components {
                authority: Some("παράδειγμα.δοκιμή"),
                host: Some("παράδειγμα.δοκιμή"),
                path: "/उदाहरण",
                ..NONE
            },
            host: Some(Host::RegName("παράδειγμα.δοκιμή")),
            segments: &["उदाहरण"],
        },
        // Chinese and Korean mixed with percent-encoding; a 4-byte
        // character (U+1F600) in the path; a private-use one in the query.
        Case {
            input: "https://例子.测试/%E4%B8%AD/한국어/😀?\u{E000}",
            components: Components {
                scheme: Some("https"),
                authority: Some("例子.测试"),
                host: Some("例子.测试"),
                path: "/%E4%B8%AD/한국어/😀",
                query: Some("\u{E000}"),
                ..NONE
            },
            host: Some(Host::RegName("例子.测试")),
            segments: &["%E4%B8%AD", "한국어", "😀"],
        },
        // Thai in a URN-like path with colons after the scheme.
        Case {
            input: "urn:ตัวอย่าง:ทดสอบ",
            components: Components {
                scheme: Some("urn"),
                path: "ตัวอย่าง:ทดสอบ",
                ..NONE
            },
            host: None,
            segments: &["ตัวอย่าง:ทดสอบ"],
        },
    ];
    for case in &cases {
        check(case);
    }
}

#[test]
fn present_but_empty_is_not_absent() {
    let cases = [
        Case {
            input: "",
            components: NONE,
            host: None,
            segments: &[],
        },
        Case {
            input: "s:",
            components: Components {
                scheme: Some("s"),
                ..NONE
            },
            host: None,
            segments: &[],
        },
        Case {
            input: "file:///etc/hosts",
            components: Components {
                scheme: Some("file"),
                authority: Some(""),
                host: Some(""),
                path: "/etc/hosts",
                ..NONE
            },
            host: Some(Host::RegName("")),
            segments: &["etc", "hosts"],
        },
        Case {
            input: "s://@:?#",
            components: Components {
                scheme: Some("s"),
                authority: Some("@:"),
                userinfo: Some(""),
                host: Some(""),
                port: Some(""),
                query: Some(""),
                fragment: Some(""),
                ..NONE
            },
            host: Some(Host::RegName("")),
            segments: &[],
        },
        Case {
            input: "//",
            components: Components {
                authority: Some(""),
                host: Some(""),
                ..NONE
            },
            host: Some(Host::RegName("")),
            segments: &[],
        },
        Case {
            input: "?",
            components: Components {
                query: Some(""),
                ..NONE
            },
            host: None,
            segments: &[],
        },
        Case {
            input: "#",
            components: Components {
                fragment: Some(""),
                ..NONE
            },
            host: None,
            segments: &[],
        },
        Case {
            input: "/",
            components: Components { path: "/", ..NONE },
            host: None,
            segments: &[""],
        },
        Case {
            input: "a//b/",
            components: Components {
                path: "a//b/",
                ..NONE
            },
            host: None,
            segments: &["a", "", "b", ""],
        },
        // A `?` inside the query and fragment, `@` and `:` in the path.
        Case {
            input: "s:/@a:b??c/#?d/",
            components: Components {
                scheme: Some("s"),
                path: "/@a:b",
                query: Some("?c/"),
                fragment: Some("?d/"),
                ..NONE
            },
            host: None,
            segments: &["@a:b"],
        },
    ];
    for case in &cases {
        check(case);
    }
}

#[test]
fn every_kind_of_host() {
    let cases = [
        // IPv6 with an embedded IPv4 address (ls32).
        Case {
            input: "http://[::ffff:192.0.2.128]:8080/",
            components: Components {
                scheme: Some("http"),
                authority: Some("[::ffff:192.0.2.128]:8080"),
                host: Some("[::ffff:192.0.2.128]"),
                port: Some("8080"),
                path: "/",
                ..NONE
            },
            host: Some(Host::Ipv6(Ipv4Addr::new(192, 0, 2, 128).to_ipv6_mapped())),
            segments: &[""],
        },
        Case {
            input: "//u:p@[1:2:3:4:5:6:10.0.0.1]",
            components: Components {
                authority: Some("u:p@[1:2:3:4:5:6:10.0.0.1]"),
                userinfo: Some("u:p"),
                host: Some("[1:2:3:4:5:6:10.0.0.1]"),
                ..NONE
            },
            host: Some(Host::Ipv6(Ipv6Addr::new(1, 2, 3, 4, 5, 6, 0x0a00, 0x0001))),
            segments: &[],
        },
        Case {
            input: "http://[v7.fe80::a+en1]/",
            components: Components {
                scheme: Some("http"),
                authority: Some("[v7.fe80::a+en1]"),
                host: Some("[v7.fe80::a+en1]"),
                path: "/",
                ..NONE
            },
            host: Some(Host::IpvFuture("v7.fe80::a+en1")),
            segments: &[""],
        },
        // Not an IPv4 address (leading zero): a registered name.
        Case {
            input: "http://192.0.2.016:/",
            components: Components {
                scheme: Some("http"),
                authority: Some("192.0.2.016:"),
                host: Some("192.0.2.016"),
                port: Some(""),
                path: "/",
                ..NONE
            },
            host: Some(Host::RegName("192.0.2.016")),
            segments: &[""],
        },
        // A percent-encoded registered name; a port beyond u16.
        Case {
            input: "http://r%C3%A9sum%C3%A9.example:65536",
            components: Components {
                scheme: Some("http"),
                authority: Some("r%C3%A9sum%C3%A9.example:65536"),
                host: Some("r%C3%A9sum%C3%A9.example"),
                port: Some("65536"),
                ..NONE
            },
            host: Some(Host::RegName("r%C3%A9sum%C3%A9.example")),
            segments: &[],
        },
    ];
    for case in &cases {
        check(case);
    }
}

#[test]
fn ports_as_numbers() {
    let port = |s: &str| IriRef::parse(s).unwrap().port_u16();
    assert_eq!(port("//h:0"), Some(0));
    assert_eq!(port("//h:0080"), Some(80));
    assert_eq!(port("//h:65535"), Some(65535));
    assert_eq!(port("//h:65536"), None);
    assert_eq!(port("//h:000000000000000000000443"), Some(443));
    assert_eq!(port("//h:"), None);
    assert_eq!(port("//h"), None);
}

#[test]
fn host_ip_addresses() {
    let r = IriRef::parse("http://[::1]/").unwrap();
    assert_eq!(
        r.host_parsed().and_then(|h| h.ip()),
        Some(std::net::IpAddr::V6(Ipv6Addr::LOCALHOST))
    );
    let r = IriRef::parse("http://127.0.0.1/").unwrap();
    assert_eq!(
        r.host_parsed().and_then(|h| h.ip()),
        Some(std::net::IpAddr::V4(Ipv4Addr::LOCALHOST))
    );
    let r = IriRef::parse("http://localhost/").unwrap();
    assert_eq!(r.host_parsed().and_then(|h| h.ip()), None);
}
