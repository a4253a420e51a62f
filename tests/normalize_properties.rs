//! Properties of normalization (RFC 3987 section 5.3) on generated IRI
//! references, 100,000 per property (a seeded generator, so every run
//! checks the same cases and a failure names its input):
//!
//! - **idempotence**: `n(n(x)) == n(x)` on the syntax and scheme rungs,
//!   with and without NFC/NFKC;
//! - **validity**: `n(x)` matches `IRI-reference`, and `IRI` when `x` does;
//! - **perturbations are equivalences**: rewriting `x` in ways the RFC
//!   declares meaningless (scheme and ASCII host case, percent-encoding
//!   `iunreserved` characters other than bidi formatting ones, hex case, inserted `.` and
//!   `x/..` segments) gives an IRI equivalent to `x` on the syntax rung;
//!   adding default or empty ports, toggling an empty path and `/`, host
//!   case and ACE (`xn--`) labels, `localhost` for `file`, gives one
//!   equivalent on the scheme rung;
//! - **the ladder is monotone**: equivalent on a rung implies equivalent on
//!   every higher rung.

use rfc3987::grammar::{class, rules};
use rfc3987::mapping::is_bidi_formatting;
#[cfg(feature = "idna")]
use rfc3987::normalize::NormalizeError;
use rfc3987::normalize::{Chars, Level, Normalizer};

#[path = "support/rng.rs"]
mod rng;
use rng::Rng;

const CASES: usize = 100_000;

#[test]
fn idempotent_and_valid_on_the_syntax_rung() {
    idempotent_and_valid(Normalizer::new(Level::Syntax), 0x1D_0001);
}

#[test]
#[cfg(feature = "idna")]
fn idempotent_and_valid_on_the_scheme_rung() {
    idempotent_and_valid(Normalizer::new(Level::Scheme), 0x1D_0002);
}

#[test]
fn idempotent_and_valid_with_nfc_and_nfkc() {
    idempotent_and_valid(Normalizer::new(Level::Syntax).chars(Chars::Nfc), 0x1D_0003);
    #[cfg(feature = "idna")]
    idempotent_and_valid(Normalizer::new(Level::Scheme).chars(Chars::Nfkc), 0x1D_0004);
}

fn idempotent_and_valid(n: Normalizer<'_>, seed: u64) {
    let mut rng = Rng::new(seed);
    for _ in 0..CASES {
        let x = Parts::generate(&mut rng).render();
        // Every valid reference has a normal form on every rung: hosts that
        // UTS 46 rejects are kept, not errors (unless strict hosts).
        let once = n.normalize(&x).unwrap_or_else(|e| panic!("{x}: {e}"));
        let twice = n
            .normalize(&once)
            .unwrap_or_else(|e| panic!("{x} -> {once}: {e}"));
        assert_eq!(twice, once, "not idempotent on {x}");
        rfc3987::check(&rules::IRI_REFERENCE, &once).unwrap();
        if rfc3987::check(&rules::IRI, &x).is_ok() {
            rfc3987::check(&rules::IRI, &once).unwrap_or_else(|e| panic!("{x} -> {once}: {e}"));
        }
    }
}

#[test]
#[cfg(feature = "idna")]
fn strict_hosts_only_add_errors() {
    // With strict hosts the scheme rung either fails (some generated hosts
    // are invalid IDNs on purpose) or agrees with the lenient default.
    let lenient = Normalizer::new(Level::Scheme);
    let strict = lenient.strict_hosts(true);
    let mut rng = Rng::new(0x1D_0007);
    let mut errors = 0;
    for _ in 0..CASES / 10 {
        let x = Parts::generate(&mut rng).render();
        match strict.normalize(&x) {
            Ok(normal) => assert_eq!(normal, lenient.normalize(&x).unwrap(), "{x}"),
            Err(rfc3987::Error::Normalize(NormalizeError::InvalidHost { .. })) => errors += 1,
            Err(e) => panic!("{x}: {e}"),
        }
    }
    assert!(errors > 0 && errors < CASES / 100, "{errors} invalid hosts");
}

#[test]
fn syntax_perturbations_are_syntax_equivalent() {
    let syntax = Normalizer::new(Level::Syntax);
    #[cfg(feature = "idna")]
    let scheme = Normalizer::new(Level::Scheme);
    let mut rng = Rng::new(0x1D_0005);
    for _ in 0..CASES {
        let parts = Parts::generate(&mut rng);
        let x = parts.render();
        let y = parts.perturb_syntax(&mut rng).render();
        rfc3987::check(&rules::IRI_REFERENCE, &y).unwrap_or_else(|e| panic!("{x} -> {y}: {e}"));
        assert_eq!(
            syntax.normalize(&x).unwrap(),
            syntax.normalize(&y).unwrap(),
            "{x} vs {y}"
        );
        // Monotone: equivalent on the scheme rung too.
        #[cfg(feature = "idna")]
        assert_eq!(
            scheme.normalize(&x).unwrap(),
            scheme.normalize(&y).unwrap(),
            "{x} vs {y}"
        );
    }
}

#[test]
#[cfg(feature = "idna")]
fn scheme_perturbations_are_scheme_equivalent() {
    let scheme = Normalizer::new(Level::Scheme);
    let mut rng = Rng::new(0x1D_0006);
    for _ in 0..CASES {
        let parts = Parts::generate(&mut rng);
        let x = parts.render();
        let a = scheme.normalize(&x).unwrap_or_else(|e| panic!("{x}: {e}"));
        let y = parts.perturb_scheme(&mut rng).render();
        rfc3987::check(&rules::IRI_REFERENCE, &y).unwrap_or_else(|e| panic!("{x} -> {y}: {e}"));
        let b = scheme
            .normalize(&y)
            .unwrap_or_else(|e| panic!("{x} -> {y}: {e}"));
        assert_eq!(a, b, "{x} vs {y}");
    }
}

const SCHEMES: &[&str] = &[
    "http", "https", "HTTP", "hTtPs", "ws", "wss", "ftp", "file", "urn", "foo", "a+b-c.d",
];
/// Hosts, and whether they are US-ASCII once percent-decoded.
const HOSTS: &[(&str, bool)] = &[
    ("example.com", true),
    ("ExAmple.ORG", true),
    ("a-b.c", true),
    ("a%2Eb", true),
    ("127.0.0.1", true),
    ("localhost", true),
    ("", true),
    ("[::1]", true),
    ("[2001:DB8::a]", true),
    ("[v7.X]", true),
    ("xn--rsum-bpad.example", true),
    ("résumé.example", false),
    ("%C3%A9x.com", false),
    ("日本.jp", false),
    ("münchen.DE", false),
    ("\u{212A}elvin", false),
    ("a_b", true), // not a valid DNS name (STD3)
];
const USERINFOS: &[&str] = &["user", "u:p", "%41b", "é", "", "a%3Ab"];
const PORTS: &[&str] = &["", "80", "443", "0080", "8080", "21", "0"];
const SEGMENTS: &[&str] = &[
    "a", "B", "", ".", "..", "%2E", "%2e%2E", "%7e", "%7E", "~", "é", "%C3%A9", "%c3%a9", "%2F",
    "%2f", "%20", "%FF", "%C0%AF", "x:y", "日本", "e\u{301}", "ＡＢ", "\u{212A}", "a=b", "%E2%82",
    "ß", "\u{1FEF}", "．",
];
const QUERIES: &[&str] = &[
    "",
    "q",
    "\u{E000}",
    "%EE%80%80",
    "a=b&c=d",
    "%3D",
    "?/",
    "%7e",
    "x=é",
    "=\u{338}",
];
const FRAGMENTS: &[&str] = &["", "f", "%7E", "é", "/?", "%ee%80%80", "a\u{301}"];

/// A generated reference, component by component (so perturbations can
/// change one component without re-parsing).
#[derive(Clone, Debug)]
struct Parts {
    scheme: Option<String>,
    userinfo: Option<String>,
    /// Host, and whether it is US-ASCII once percent-decoded; `None` is no
    /// authority.
    host: Option<(String, bool)>,
    port: Option<String>,
    path: String,
    query: Option<String>,
    fragment: Option<String>,
}

impl Parts {
    fn generate(rng: &mut Rng) -> Parts {
        let scheme = (!rng.one_in(4)).then(|| rng.choose(SCHEMES).to_owned());
        let authority = rng.below(10) < 7;
        let (userinfo, host, port) = if authority {
            (
                rng.one_in(5).then(|| rng.choose(USERINFOS).to_owned()),
                Some({
                    let (h, ascii) = rng.choose(HOSTS);
                    (h.to_owned(), ascii)
                }),
                rng.one_in(3).then(|| rng.choose(PORTS).to_owned()),
            )
        } else {
            (None, None, None)
        };
        let absolute = authority || rng.one_in(2);
        let mut path = String::new();
        let segments = rng.below(6);
        for i in 0..segments {
            if absolute || i > 0 {
                path.push('/');
            }
            path.push_str(rng.choose(SEGMENTS));
        }
        if authority && segments == 0 && rng.one_in(2) {
            path.push('/');
        }
        if !authority {
            if path.starts_with("//") {
                // Not an authority: protect as the RFC's paths must be.
                path.insert_str(0, "/.");
            }
            let first = path.split('/').next().unwrap_or("");
            let (empty, colon) = (first.is_empty(), first.contains(':'));
            if scheme.is_none() && !absolute && segments > 0 && (empty || colon) {
                // path-noscheme: the first segment is non-empty, colon-free.
                path.insert_str(0, "./");
            }
            if scheme.is_some() && !absolute && empty && segments > 0 {
                path.insert(0, 's');
            }
        }
        Parts {
            scheme,
            userinfo,
            host,
            port,
            path,
            query: rng.one_in(3).then(|| rng.choose(QUERIES).to_owned()),
            fragment: rng.one_in(4).then(|| rng.choose(FRAGMENTS).to_owned()),
        }
    }

    fn render(&self) -> String {
        let mut out = String::new();
        if let Some(s) = &self.scheme {
            out.push_str(s);
            out.push(':');
        }
        if let Some((host, _)) = &self.host {
            out.push_str("//");
            if let Some(u) = &self.userinfo {
                out.push_str(u);
                out.push('@');
            }
            out.push_str(host);
            if let Some(p) = &self.port {
                out.push(':');
                out.push_str(p);
            }
        }
        out.push_str(&self.path);
        if let Some(q) = &self.query {
            out.push('?');
            out.push_str(q);
        }
        if let Some(f) = &self.fragment {
            out.push('#');
            out.push_str(f);
        }
        out
    }

    /// Rewrites that syntax-based normalization must undo.
    fn perturb_syntax(&self, rng: &mut Rng) -> Parts {
        let decoded = |c| class::is_iunreserved(c) && !is_bidi_formatting(c);
        let mut p = self.clone();
        if let Some(s) = &mut p.scheme {
            *s = random_case(rng, s);
        }
        if let Some(u) = &mut p.userinfo {
            *u = encode_some(rng, u, decoded);
        }
        if let Some((host, ascii)) = &mut p.host {
            if !host.starts_with('[') {
                if *ascii {
                    *host = random_case(rng, host);
                }
                *host = encode_some(rng, host, decoded);
            } else {
                *host = random_case(rng, host);
            }
        }
        let hierarchical = p.scheme.is_some() || p.host.is_some() || p.path.starts_with('/');
        p.path = encode_some(rng, &p.path, decoded);
        if hierarchical && p.path.starts_with('/') && rng.one_in(2) {
            p.path = insert_dots(rng, &p.path);
        }
        // Section 5.3.2.3 decodes iunreserved only: encoding iprivate (in
        // the query) or a bidi formatting character is not meaningless.
        if let Some(q) = &mut p.query {
            *q = encode_some(rng, q, decoded);
        }
        if let Some(f) = &mut p.fragment {
            *f = encode_some(rng, f, decoded);
        }
        p
    }

    /// Rewrites that scheme-based normalization must undo (on top of the
    /// syntax ones).
    #[cfg(feature = "idna")]
    fn perturb_scheme(&self, rng: &mut Rng) -> Parts {
        let mut p = self.perturb_syntax(rng);
        let scheme = p.scheme.as_deref().map(str::to_ascii_lowercase);
        let default_port = match scheme.as_deref() {
            Some("http" | "ws") => Some("80"),
            Some("https" | "wss") => Some("443"),
            Some("ftp") => Some("21"),
            _ => None,
        };
        let dns = default_port.is_some() || scheme.as_deref() == Some("file");
        // A reference without a scheme gets no scheme-based rule.
        let (Some((host, _)), Some(_)) = (&mut p.host, &scheme) else {
            return p;
        };
        if p.port.is_none() {
            match (rng.below(3), default_port) {
                (0, _) => p.port = Some(String::new()),
                (1, Some(port)) => p.port = Some(format!("{}{port}", "0".repeat(rng.below(2)))),
                _ => {}
            }
        }
        if dns && !host.starts_with('[') && !host.contains('%') {
            // Any case, and ACE labels, for DNS names.
            if let Ok(ace) = idna::domain_to_ascii(host) {
                if rng.one_in(2) && !ace.is_empty() {
                    *host = ace;
                }
            }
            *host = random_case(rng, host);
        }
        if scheme.as_deref() == Some("file")
            && p.userinfo.is_none()
            && p.port.as_deref().is_none_or(str::is_empty)
            && host.is_empty()
        {
            *host = String::from("LocalHost");
        }
        let empty_path_is_root = scheme.is_some(); // every table entry, and the fallback
        if empty_path_is_root {
            if p.path.is_empty() {
                p.path.push('/');
            } else if p.path == "/" {
                p.path.clear();
            }
        }
        p
    }
}

fn random_case(rng: &mut Rng, text: &str) -> String {
    // Hex digits of triplets may change case too: that is also meaningless.
    text.chars()
        .map(|c| {
            if rng.one_in(2) {
                c.to_ascii_uppercase()
            } else {
                c.to_ascii_lowercase()
            }
        })
        .collect()
}

/// Percent-encodes some of the characters that `allowed` admits unencoded
/// (hex digits in random case), and randomizes the case of existing
/// triplets.
fn encode_some(rng: &mut Rng, text: &str, allowed: impl Fn(char) -> bool) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '%' {
            out.push('%');
            for _ in 0..2 {
                let h = chars.next().unwrap();
                out.push(if rng.one_in(2) {
                    h.to_ascii_lowercase()
                } else {
                    h.to_ascii_uppercase()
                });
            }
        } else if allowed(c) && rng.one_in(5) {
            let mut buf = [0; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                let triplet = format!("%{b:02X}");
                out.push_str(&if rng.one_in(2) {
                    triplet.to_ascii_lowercase()
                } else {
                    triplet
                });
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Inserts `/.` or `/zz/..` before one of the `/` of an absolute path, or
/// `.` after a final `/`.
fn insert_dots(rng: &mut Rng, path: &str) -> String {
    let slashes: Vec<usize> = path.match_indices('/').map(|(i, _)| i).collect();
    if path.ends_with('/') && rng.one_in(3) {
        return format!("{path}.");
    }
    let at = rng.choose(&slashes);
    let insert = if rng.one_in(2) { "/." } else { "/zz/.." };
    format!("{}{insert}{}", &path[..at], &path[at..])
}
