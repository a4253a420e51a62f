//! Reference resolution (RFC 3987 section 6.5 = RFC 3986 section 5.2) and
//! its inverse:
//!
//! - every example of RFC 3986 section 5.4, normal and abnormal, and again
//!   with non-ASCII segments (IRIs resolve exactly like URIs);
//! - a reference implementation transcribed from the pseudo-code of
//!   sections 5.2.2-5.2.4 and 5.3 with plain string buffers, against which
//!   the library is checked on generated (base, reference) pairs;
//! - properties on 100,000 generated pairs each: the result matches `IRI`
//!   and splits back into the components it was built from;
//!   `resolve(base, relativize(base, t)) == t`; and no generated reference
//!   that resolves to `t` is shorter than `relativize(base, t)`.

use rfc3987::grammar::rules;
use rfc3987::resolve::{relativize, remove_dot_segments, resolve, resolve_non_strict, Base};
use rfc3987::{Iri, IriRef};

#[path = "support/rng.rs"]
mod rng;
use rng::Rng;

const BASE: &str = "http://a/b/c/d;p?q";

/// RFC 3986 section 5.4.1.
const NORMAL: &[(&str, &str)] = &[
    ("g:h", "g:h"),
    ("g", "http://a/b/c/g"),
    ("./g", "http://a/b/c/g"),
    ("g/", "http://a/b/c/g/"),
    ("/g", "http://a/g"),
    ("//g", "http://g"),
    ("?y", "http://a/b/c/d;p?y"),
    ("g?y", "http://a/b/c/g?y"),
    ("#s", "http://a/b/c/d;p?q#s"),
    ("g#s", "http://a/b/c/g#s"),
    ("g?y#s", "http://a/b/c/g?y#s"),
    (";x", "http://a/b/c/;x"),
    ("g;x", "http://a/b/c/g;x"),
    ("g;x?y#s", "http://a/b/c/g;x?y#s"),
    ("", "http://a/b/c/d;p?q"),
    (".", "http://a/b/c/"),
    ("./", "http://a/b/c/"),
    ("..", "http://a/b/"),
    ("../", "http://a/b/"),
    ("../g", "http://a/b/g"),
    ("../..", "http://a/"),
    ("../../", "http://a/"),
    ("../../g", "http://a/g"),
];

/// RFC 3986 section 5.4.2 (the last, `http:g`, for a strict parser).
const ABNORMAL: &[(&str, &str)] = &[
    ("../../../g", "http://a/g"),
    ("../../../../g", "http://a/g"),
    ("/./g", "http://a/g"),
    ("/../g", "http://a/g"),
    ("g.", "http://a/b/c/g."),
    (".g", "http://a/b/c/.g"),
    ("g..", "http://a/b/c/g.."),
    ("..g", "http://a/b/c/..g"),
    ("./../g", "http://a/b/g"),
    ("./g/.", "http://a/b/c/g/"),
    ("g/./h", "http://a/b/c/g/h"),
    ("g/../h", "http://a/b/c/h"),
    ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
    ("g;x=1/../y", "http://a/b/c/y"),
    ("g?y/./x", "http://a/b/c/g?y/./x"),
    ("g?y/../x", "http://a/b/c/g?y/../x"),
    ("g#s/./x", "http://a/b/c/g#s/./x"),
    ("g#s/../x", "http://a/b/c/g#s/../x"),
    ("http:g", "http:g"),
];

#[test]
fn rfc3986_normal_examples() {
    for (reference, target) in NORMAL {
        assert_eq!(resolve(BASE, reference).unwrap(), *target, "{reference}");
    }
}

#[test]
fn rfc3986_abnormal_examples() {
    for (reference, target) in ABNORMAL {
        assert_eq!(resolve(BASE, reference).unwrap(), *target, "{reference}");
    }
}

#[test]
fn rfc3986_non_strict_example() {
    assert_eq!(
        resolve_non_strict(BASE, "http:g").unwrap(),
        "http://a/b/c/g"
    );
    assert_eq!(
        resolve_non_strict(BASE, "HTTP:g").unwrap(),
        "http://a/b/c/g"
    );
    // Everything else is as the strict parser does it.
    for (reference, target) in NORMAL.iter().chain(&ABNORMAL[..ABNORMAL.len() - 1]) {
        assert_eq!(resolve_non_strict(BASE, reference).unwrap(), *target);
    }
}

/// Replaces the ASCII letters that name segments and components in the
/// examples with non-ASCII text, leaving the delimiters, dots and the
/// scheme alone.
fn internationalize(text: &str) -> String {
    let (scheme, rest) = match text.split_once(':') {
        Some((s, r)) if s == "http" || s == "g" => (Some(s), r),
        _ => (None, text),
    };
    let mut out = String::new();
    if let Some(s) = scheme {
        out.push_str(s);
        out.push(':');
    }
    for c in rest.chars() {
        let replacement = match c {
            'a' => "ä",
            'b' => "βήτα",
            'c' => "ц",
            'd' => "ד",
            'g' => "ग",
            'h' => "ह",
            'p' => "пп",
            'q' => "\u{E000}q", // iprivate: allowed in queries
            's' => "𝔰",
            'x' => "✗",
            'y' => "ÿ",
            _ => {
                out.push(c);
                continue;
            }
        };
        out.push_str(replacement);
    }
    out
}

#[test]
fn rfc3986_examples_with_non_ascii_segments() {
    let base = internationalize(BASE);
    assert_eq!(base, "http://ä/βήτα/ц/ד;пп?\u{E000}q");
    for (reference, target) in NORMAL.iter().chain(ABNORMAL) {
        let reference = internationalize(reference);
        let target = internationalize(target);
        assert_eq!(resolve(&base, &reference).unwrap(), target, "{reference}");
    }
}

#[test]
fn remove_dot_segments_examples() {
    // RFC 3986 section 5.2.4's two traces.
    for (path, expected) in [
        ("/a/b/c/./../../g", "/a/g"),
        ("mid/content=5/../6", "mid/6"),
    ] {
        let mut out = String::new();
        remove_dot_segments(path, &mut out);
        assert_eq!(out, expected);
        assert_eq!(reference::remove_dot_segments(path), expected);
    }
}

#[test]
fn invalid_inputs_are_errors_with_offsets() {
    let error = resolve("no-scheme/here", "g").unwrap_err();
    assert_eq!(error.input(), Some(rfc3987::Input::Base));
    assert!(matches!(error, rfc3987::Error::In { .. }));
    let error = resolve(BASE, "a b").unwrap_err();
    assert_eq!(error.offset(), 1);
    assert!(error.to_string().contains("U+0020"), "{error}");
    assert!(relativize(BASE, "relative/ref").is_err());
}

/// `text` with one of `pieces` inserted at a random character boundary.
fn broken(rng: &mut Rng, text: &str, pieces: &[&str]) -> String {
    let mut cut = rng.below(text.len() + 1);
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    [&text[..cut], pieces[rng.below(pieces.len())], &text[cut..]].concat()
}

/// A base that is not an `IRI` gets the error `check` gives for it, from
/// `resolve`, `resolve_non_strict` and `resolve_into` alike; one that is
/// resolves.
#[test]
fn broken_bases_get_the_error_check_gives() {
    use rfc3987::resolve::resolve_into;
    use rfc3987::{Error, Input};
    let mut rng = Rng::new(0x5EED_0007);
    let mut out = String::new();
    for _ in 0..20_000 {
        let base = gen::iri(&mut rng);
        let broken = broken(
            &mut rng,
            &base,
            &["<", " ", "%G", "\\", "#", ":", "[", "//"],
        );
        let want = rfc3987::check(&rules::IRI, &broken).map_err(|e| Error::In {
            input: Input::Base,
            error: rfc3987::InputError::Syntax(e),
        });
        let got = resolve(&broken, "../g").map(drop);
        assert_eq!(got, want, "{broken:?}");
        assert_eq!(
            resolve_non_strict(&broken, "g").map(drop),
            want,
            "{broken:?}"
        );
        out.clear();
        assert_eq!(resolve_into(&broken, "./g", &mut out), want, "{broken:?}");
    }
}

#[test]
fn base_fragment_is_ignored() {
    assert_eq!(
        resolve("http://a/b/c/d;p?q#f", "g").unwrap(),
        "http://a/b/c/g"
    );
    assert_eq!(resolve("http://a/b#f", "").unwrap(), "http://a/b");
}

#[test]
fn results_never_read_as_an_authority() {
    // The one departure from the pseudo-code: "a:" + "//g" would make `g`
    // an authority.
    for (base, reference, target) in [
        ("a:/b", "..//g", "a:/.//g"),
        ("a:/b/c", "/..//g", "a:/.//g"),
        ("a:b", "a:/..//g", "a:/.//g"),
        ("a:", "x/..//g", "a:/.//g"),
        ("a://h/b", "..//g", "a://h//g"),
    ] {
        let resolved = resolve(base, reference).unwrap();
        assert_eq!(resolved, target, "{base} {reference}");
        rfc3987::check(&rules::IRI, &resolved).unwrap();
    }
}

#[test]
fn rootless_and_authority_free_bases() {
    for (base, reference, target) in [
        ("a:b/c", "d", "a:b/d"),
        ("a:b/c", "../d", "a:/d"), // remove_dot_segments("b/../d") is "/d"
        ("a:b", "c", "a:c"),
        ("a:", "c", "a:c"),
        ("a:", "?q", "a:?q"),
        ("a:?x", "#f", "a:?x#f"),
        ("http://h", "g", "http://h/g"), // merge under an empty path
        ("http://h", "", "http://h"),
        ("http://h?q", "?", "http://h?"),
    ] {
        assert_eq!(
            resolve(base, reference).unwrap(),
            target,
            "{base} {reference}"
        );
        assert_eq!(reference::resolve(base, reference), target);
    }
}

#[test]
fn relativize_examples() {
    for (base, target, expected) in [
        (BASE, "http://a/b/c/g", "g"),
        (BASE, "http://a/b/c/g/", "g/"),
        (BASE, "http://a/g", "/g"),
        (BASE, "http://a/b/g", "../g"),
        (BASE, "http://a/", "/"),
        (BASE, "http://a/b/", ".."),
        (BASE, "http://g", "//g"),
        (BASE, "http://a/b/c/d;p?y", "?y"),
        (BASE, "http://a/b/c/d;p?q#s", "#s"),
        (BASE, "http://a/b/c/d;p?q", ""),
        (BASE, "http://a/b/c/d;p?", "?"),
        (BASE, "http://a/b/c/d;p?q#", "#"),
        (BASE, "https://a/b", "https://a/b"),
        // Dot segments: only the empty reference keeps the base's path as
        // it is; otherwise no reference reaches such a target.
        (BASE, "http://a/b/c/d;p/../g", "http://a/b/c/d;p/../g"),
        ("http://a/./b?q", "http://a/./b?q#f", "#f"),
        (BASE, "http://a//x", "/.//x"),
        (BASE, "http://a/b/c//x", ".//x"),
        ("http://a", "http://a/", "."), // ties go to the relative path
        ("http://a?q", "http://a", "//a"),
        ("http://a/x", "http://a", "//a"),
        ("a:b/c", "a:b/d", "d"),
        ("a:b", "a:x:y", "./x:y"),
        ("a:b/c", "a:x", "a:x"), // "../x" would resolve to "a:/x"
        ("a:/b", "a:/.//g", ".//g"),
        ("http://ä/βήτα/ц", "http://ä/βήτα/ग", "ग"),
        // The first differing characters share their UTF-8 lead byte: the
        // common prefix must not be cut inside a character (this panicked).
        ("a:/é/", "a:/ê", "/ê"),
        (
            "http://example.org/docs/résumé/a",
            "http://example.org/docs/rêve",
            "../rêve",
        ),
        ("http://例え.jp/日本/x", "http://例え.jp/日時", "/日時"),
        ("http://a/x/ä/b", "http://a/x/ö", "../ö"),
    ] {
        let got = relativize(base, target).unwrap();
        assert_eq!(got, expected, "{base} -> {target}");
        let typed = Iri::parse(base)
            .unwrap()
            .relativize(&Iri::parse(target).unwrap());
        assert_eq!(typed.as_str(), got, "{base} -> {target}");
        let back = resolve(base, &got).unwrap();
        if got == target {
            assert_eq!(back, reference::resolve(base, target), "{base} -> {target}");
        } else {
            assert_eq!(back, target, "{base} -> {target}");
        }
    }
}

#[test]
fn linear_dot_segment_removal_agrees_with_the_pseudo_code() {
    let mut rng = Rng::new(0x5EED_0001);
    let segments = [
        "a",
        "bc",
        "",
        ".",
        "..",
        ".a",
        "a.",
        "...",
        "é",
        "%2E",
        "segment-of-17-b.",
    ];
    let mut out = String::new();
    for _ in 0..100_000 {
        let mut path = String::new();
        if rng.below(2) == 0 {
            path.push('/');
        }
        // Mostly short paths, and some long enough to be searched in more
        // than one 16-byte window.
        let count = if rng.below(4) == 0 { 40 } else { 7 };
        for i in 0..rng.below(count) {
            if i > 0 {
                path.push('/');
            }
            path.push_str(segments[rng.below(segments.len())]);
        }
        if rng.below(4) == 0 {
            path.push('/');
        }
        out.clear();
        remove_dot_segments(&path, &mut out);
        assert_eq!(out, reference::remove_dot_segments(&path), "{path:?}");
    }
}

#[test]
fn resolution_agrees_with_the_pseudo_code_and_stays_valid() {
    let mut rng = Rng::new(0x5EED_0002);
    for _ in 0..100_000 {
        let base = gen::iri(&mut rng);
        let reference = gen::reference(&mut rng);
        let resolved = resolve(&base, &reference).unwrap();
        assert_eq!(
            resolved,
            reference::resolve(&base, &reference),
            "{base} + {reference}"
        );
        rfc3987::check(&rules::IRI, &resolved)
            .unwrap_or_else(|e| panic!("{base} {reference} -> {resolved}: {e}"));
    }
}

#[test]
fn relativize_round_trips() {
    let mut rng = Rng::new(0x5EED_0003);
    for _ in 0..100_000 {
        let base = gen::iri(&mut rng);
        // Targets in the image of resolution: near the base most of the time.
        let reference = gen::reference(&mut rng);
        let other_base = if rng.below(4) == 0 {
            gen::iri(&mut rng)
        } else {
            base.clone()
        };
        let target = resolve(&other_base, &reference).unwrap();
        let relative = relativize(&base, &target).unwrap();
        let back = resolve(&base, &relative).unwrap();
        // A target with dot segments (copied from a base path by an empty
        // reference) may be out of reach from `base`: then it is its own
        // answer, and resolves like any IRI.
        let path = reference::parse(&target).path;
        if relative != target || reference::remove_dot_segments(&path) == path {
            assert_eq!(back, target, "{base} -> {target} via {relative}");
        } else {
            assert_eq!(back, reference::resolve(&base, &target));
        }
        // Shortest: no reference we know of that reaches the target is
        // shorter (the generating one, when it was resolved against `base`).
        if other_base == base {
            assert!(
                relative.len() <= reference.len(),
                "{base} -> {target}: {relative} longer than {reference}"
            );
        }
    }
}

#[test]
fn parsed_values_resolve_like_strings() {
    let mut rng = Rng::new(0x5EED_0004);
    for _ in 0..20_000 {
        let base_text = gen::iri(&mut rng);
        let reference_text = gen::reference(&mut rng);
        let base = Iri::parse(base_text.as_str()).unwrap();
        let reference = IriRef::parse(reference_text.as_str()).unwrap();
        let target = base.resolve(&reference);
        assert_eq!(target, resolve(&base_text, &reference_text).unwrap());
        // The value's components are those of its text parsed afresh.
        let reparsed = IriRef::parse(target.as_str()).unwrap();
        assert_eq!(target.components(), reparsed.components());
        assert_eq!(
            base.resolve_non_strict(&reference),
            resolve_non_strict(&base_text, &reference_text).unwrap()
        );
        let relative = base.relativize(&target);
        assert_eq!(relative, relativize(&base_text, target.as_str()).unwrap());
        let reparsed = IriRef::parse(relative.as_str()).unwrap();
        assert_eq!(relative.components(), reparsed.components());
    }
}

/// A base prepared once resolves each of many references as the one-off
/// calls do, strict and not, parsed and as strings; a reference that is
/// not an `IRI-reference` gets the error `resolve` gives for it.
#[test]
fn a_prepared_base_resolves_like_the_one_off_calls() {
    let mut rng = Rng::new(0x5EED_0005);
    let mut out = String::new();
    for _ in 0..4_000 {
        let base_text = gen::iri(&mut rng);
        let iri = Iri::parse(base_text.as_str()).unwrap();
        let base = Base::new(iri.as_deref());
        assert_eq!(base.as_str(), base_text);
        let loose = Base::new(iri.into_owned()).non_strict();
        for _ in 0..8 {
            let text = gen::reference(&mut rng);
            let reference = IriRef::parse(text.as_str()).unwrap();
            let strict = resolve(&base_text, &text).unwrap();
            let target = base.resolve(&reference);
            assert_eq!(target, strict, "{base_text} + {text}");
            assert_eq!(target.components(), iri.resolve(&reference).components());
            assert_eq!(base.resolve_str(&text).unwrap(), strict);
            out.clear();
            out.push('<');
            base.resolve_into(&reference, &mut out);
            assert_eq!(out[1..], strict);
            assert_eq!(
                loose.resolve(&reference),
                resolve_non_strict(&base_text, &text).unwrap()
            );
            assert_eq!(
                loose.resolve_str(&text).unwrap(),
                resolve_non_strict(&base_text, &text).unwrap()
            );
            // Broken at a random character boundary: the same error.
            let broken = broken(&mut rng, &text, &["<", " ", "%G", "\\"]);
            assert_eq!(
                base.resolve_str(&broken),
                resolve(&base_text, &broken),
                "{broken:?}"
            );
            assert!(base.resolve_str(&broken).is_err(), "{broken:?}");
        }
    }
}

/// Relative references made mostly of dot segments, with paths on both
/// sides of the 63 bytes that the short resolution of a path-only
/// reference reads in masks, against bases with and without an
/// authority, an empty path, a directory with dot segments, a long one:
/// every way to resolve them gives the pseudo-code's target, and its
/// components are those of the target parsed afresh.
#[test]
fn short_relative_references_resolve_like_the_pseudo_code() {
    const BASES: &[&str] = &[
        "http://a/b/c/d;p?q",
        "http://a",
        "http://a?q",
        "http://a/",
        "http://a/b/./c/d",
        "http://a/b/../c/",
        "http://u@h:8/x/y/#f",
        "https://例え.jp/ü/ß?ä",
        "http://a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/t/u/v/w/x/y/z/0/1/2/3/",
        "http://a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/t/u/v/w/x/y/z/0/1/2/3/4/5/6/7/8/9/",
        "http://a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/t/u/v/w/x/y/z/0/1/2/./4/5/6/7/8/9/",
        "http://a/.b/c",
        "a:b/c",
        "a:/b/c",
        "a:",
    ];
    const SEGMENTS: &[&str] = &[
        ".", "..", "..", "a", "", ".a", "..b", "é", "x;y", "...", "seg",
    ];
    let mut rng = Rng::new(0x5EED_0006);
    let mut out = String::new();
    for _ in 0..200_000 {
        let base_text = BASES[rng.below(BASES.len())];
        let mut text = String::from(["", "/"][rng.below(2)]);
        let count = if rng.below(4) == 0 {
            8 + rng.below(20)
        } else {
            rng.below(7)
        };
        for i in 0..count {
            if i > 0 {
                text.push('/');
            }
            text.push_str(SEGMENTS[rng.below(SEGMENTS.len())]);
        }
        if rng.below(6) == 0 {
            text.push('/');
        }
        if text
            .split('/')
            .next()
            .is_some_and(|first| first.contains(':'))
        {
            text.insert_str(0, "./");
        }
        text.push_str(["", "?", "?q=1", "?y/../x"][rng.below(4)]);
        text.push_str(["", "#", "#s/./x"][rng.below(3)]);
        let expected = reference::resolve(base_text, &text);
        assert_eq!(
            resolve(base_text, &text).unwrap(),
            expected,
            "{base_text} + {text}"
        );
        let iri = Iri::parse(base_text).unwrap();
        let parsed = IriRef::parse(text.as_str()).unwrap();
        let target = iri.resolve(&parsed);
        assert_eq!(target, expected, "{base_text} + {text}");
        let reparsed = IriRef::parse(target.as_str()).unwrap();
        assert_eq!(target.components(), reparsed.components(), "{target}");
        let base = Base::new(iri);
        let target = base.resolve(&parsed);
        assert_eq!(target, expected, "{base_text} + {text}");
        assert_eq!(target.components(), reparsed.components(), "{target}");
        assert_eq!(base.resolve_str(&text).unwrap(), expected);
        out.clear();
        out.push('<');
        base.resolve_into(&parsed, &mut out);
        assert_eq!(out[1..], expected);
    }
}

/// Generated bases and references, biased toward what resolution cares
/// about: dot segments, empty segments and components, colons, authorities
/// present or not, rootless paths, and non-ASCII text.
mod gen {
    use super::Rng;

    const SCHEMES: &[&str] = &["http", "a", "urn", "HTTP"];
    const AUTHORITIES: &[&str] = &["a", "", "x.y", "u@h:8", "[::1]", "ä.example"];
    const SEGMENTS: &[&str] = &[
        "a", "b", "c", "g", "", ".", "..", "é", "日本", "g;x=1", "%2E", "x:y", ".a", "..b",
    ];
    const QUERIES: &[&str] = &["", "q", "y/./x", "\u{E000}", "a=b&c"];
    const FRAGMENTS: &[&str] = &["", "s", "s/../x", "ф"];

    fn path(rng: &mut Rng, absolute: bool, max: usize) -> String {
        let mut out = String::new();
        let n = rng.below(max + 1);
        for i in 0..n {
            if i > 0 || absolute {
                out.push('/');
            }
            out.push_str(rng.choose(SEGMENTS));
        }
        if absolute && n == 0 {
            out.push('/');
        }
        out
    }

    fn tail(rng: &mut Rng, out: &mut String, fragment: bool) {
        if rng.below(3) == 0 {
            out.push('?');
            out.push_str(rng.choose(QUERIES));
        }
        if fragment && rng.below(4) == 0 {
            out.push('#');
            out.push_str(rng.choose(FRAGMENTS));
        }
    }

    /// `scheme ":" ihier-part [ "?" iquery ] [ "#" ifragment ]`.
    pub fn iri(rng: &mut Rng) -> String {
        let mut out = String::from(rng.choose(SCHEMES));
        out.push(':');
        hier_part(rng, &mut out);
        tail(rng, &mut out, true);
        out
    }

    fn hier_part(rng: &mut Rng, out: &mut String) {
        match rng.below(4) {
            0 | 1 => {
                out.push_str("//");
                out.push_str(rng.choose(AUTHORITIES));
                if rng.below(5) != 0 {
                    out.push_str(&path(rng, true, 5));
                }
            }
            2 => {
                // Absolute path: must not start with "//".
                let p = path(rng, true, 5);
                if p.starts_with("//") {
                    out.push_str("/.");
                }
                out.push_str(&p);
            }
            _ => {
                // Rootless or empty; a first segment that is empty would
                // make the path absolute, so it gets a name.
                let p = path(rng, false, 5);
                if p.starts_with('/') {
                    out.push('s');
                }
                out.push_str(&p);
            }
        }
    }

    /// Any `IRI-reference`, mostly relative ones.
    pub fn reference(rng: &mut Rng) -> String {
        let mut out = String::new();
        match rng.below(10) {
            0 => return iri(rng),
            1 => {
                out.push_str("//");
                out.push_str(rng.choose(AUTHORITIES));
                out.push_str(&path(rng, true, 3));
            }
            2 => {
                let p = path(rng, true, 4);
                if p.starts_with("//") {
                    out.push_str("/.");
                }
                out.push_str(&p);
            }
            3 => {} // empty path: query and fragment only
            _ => {
                let p = path(rng, false, 5);
                // path-noscheme: the first segment is non-empty and has no ':'.
                let first = p.split('/').next().unwrap_or("");
                if first.is_empty() || first.contains(':') {
                    out.push_str("./");
                }
                out.push_str(&p);
            }
        }
        tail(rng, &mut out, true);
        out
    }
}

/// Sections 5.2.2-5.2.4 and 5.3 transcribed with the RFC's two string
/// buffers, step by step, quadratic and obviously faithful; plus the one
/// documented departure (a path after no authority never starts with
/// `//`).
mod reference {
    pub fn remove_dot_segments(path: &str) -> String {
        let mut input = String::from(path);
        let mut output = String::new();
        while !input.is_empty() {
            if input.starts_with("../") {
                input.replace_range(..3, "");
            } else if input.starts_with("./") {
                input.replace_range(..2, "");
            } else if input.starts_with("/./") {
                input.replace_range(..3, "/");
            } else if input == "/." {
                input = String::from("/");
            } else if input.starts_with("/../") || input == "/.." {
                let len = if input == "/.." { 3 } else { 4 };
                input.replace_range(..len, "/");
                match output.rfind('/') {
                    Some(i) => output.truncate(i),
                    None => output.clear(),
                }
            } else if input == "." || input == ".." {
                input.clear();
            } else {
                let skip = usize::from(input.starts_with('/'));
                let end = input[skip..].find('/').map_or(input.len(), |i| i + skip);
                output.push_str(&input[..end]);
                input.replace_range(..end, "");
            }
        }
        output
    }

    pub struct Parts {
        scheme: Option<String>,
        authority: Option<String>,
        pub path: String,
        query: Option<String>,
        fragment: Option<String>,
    }

    /// RFC 3986 appendix B's regular expression, by hand:
    /// `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`.
    pub fn parse(text: &str) -> Parts {
        let mut rest = text;
        let mut scheme = None;
        let stop = rest.find(['/', '?', '#']).unwrap_or(rest.len());
        if let Some(colon) = rest[..stop].find(':') {
            if colon > 0 {
                scheme = Some(rest[..colon].to_owned());
                rest = &rest[colon + 1..];
            }
        }
        let mut authority = None;
        if let Some(after) = rest.strip_prefix("//") {
            let end = after.find(['/', '?', '#']).unwrap_or(after.len());
            authority = Some(after[..end].to_owned());
            rest = &after[end..];
        }
        let end = rest.find(['?', '#']).unwrap_or(rest.len());
        let path = rest[..end].to_owned();
        rest = &rest[end..];
        let mut query = None;
        if let Some(after) = rest.strip_prefix('?') {
            let end = after.find('#').unwrap_or(after.len());
            query = Some(after[..end].to_owned());
            rest = &after[end..];
        }
        let fragment = rest.strip_prefix('#').map(str::to_owned);
        Parts {
            scheme,
            authority,
            path,
            query,
            fragment,
        }
    }

    fn merge(base: &Parts, path: &str) -> String {
        if base.authority.is_some() && base.path.is_empty() {
            format!("/{path}")
        } else {
            match base.path.rfind('/') {
                Some(i) => format!("{}{path}", &base.path[..=i]),
                None => path.to_owned(),
            }
        }
    }

    pub fn resolve(base: &str, reference: &str) -> String {
        let base = parse(base);
        let r = parse(reference);
        let t = if r.scheme.is_some() {
            Parts {
                path: remove_dot_segments(&r.path),
                ..r
            }
        } else if r.authority.is_some() {
            Parts {
                scheme: base.scheme.clone(),
                path: remove_dot_segments(&r.path),
                ..r
            }
        } else if r.path.is_empty() {
            Parts {
                scheme: base.scheme.clone(),
                authority: base.authority.clone(),
                path: base.path.clone(),
                query: r.query.or(base.query.clone()),
                fragment: r.fragment,
            }
        } else {
            let path = if r.path.starts_with('/') {
                remove_dot_segments(&r.path)
            } else {
                remove_dot_segments(&merge(&base, &r.path))
            };
            Parts {
                scheme: base.scheme.clone(),
                authority: base.authority.clone(),
                path,
                query: r.query,
                fragment: r.fragment,
            }
        };
        let mut out = String::new();
        if let Some(s) = &t.scheme {
            out.push_str(s);
            out.push(':');
        }
        if let Some(a) = &t.authority {
            out.push_str("//");
            out.push_str(a);
        } else if t.path.starts_with("//") {
            out.push_str("/.");
        }
        out.push_str(&t.path);
        if let Some(q) = &t.query {
            out.push('?');
            out.push_str(q);
        }
        if let Some(f) = &t.fragment {
            out.push('#');
            out.push_str(f);
        }
        out
    }
}
