//! Operations as methods on the typed values: same results as the string
//! functions, no re-validation, borrowed results when nothing changes, and
//! the kind kept (an `Iri` maps and normalizes to an `Iri`).

use std::borrow::Cow;

use rfc3987::mapping::{to_iri, to_uri};
#[cfg(feature = "idna")]
use rfc3987::mapping::{MappingError, ToIri, ToUri};
#[cfg(feature = "idna")]
use rfc3987::normalize::Normalizer;
use rfc3987::normalize::{equiv, normalize, Level};
use rfc3987::{Iri, IriRef};

mod support;
use support::gen::Generator;
use support::interp::Grammar;

fn is_borrowed(value: IriRef<Cow<'_, str>>) -> bool {
    matches!(value.into_inner(), Cow::Borrowed(_))
}

#[test]
fn unchanged_results_borrow_the_input() {
    let uri = IriRef::parse("http://example.org/a?b#c").unwrap();
    assert!(is_borrowed(uri.to_uri()));
    assert!(is_borrowed(uri.to_iri()));
    assert!(is_borrowed(uri.normalize()));
    let iri = IriRef::parse("http://例え.jp/%E2%80%AE").unwrap();
    assert!(!is_borrowed(iri.to_uri()));
    // Only the bidi control is encoded, and it stays encoded.
    assert!(is_borrowed(iri.to_iri()));
}

/// Every rung of the ladder (the scheme rung is the `idna` feature's).
#[cfg(feature = "idna")]
const LEVELS: &[Level] = &[Level::Simple, Level::Syntax, Level::Scheme];
#[cfg(not(feature = "idna"))]
const LEVELS: &[Level] = &[Level::Simple, Level::Syntax];

#[test]
fn methods_agree_with_the_string_functions() {
    let grammar = Grammar::load();
    let rule = grammar.rule("IRI-reference").unwrap();
    let mut gen = Generator::new(&grammar, 0x7E_0001);
    for _ in 0..20_000 {
        let text = gen.generate(rule);
        let r = IriRef::parse(text.as_str()).unwrap();
        assert_eq!(r.to_uri(), to_uri(&text).unwrap(), "{text}");
        assert_eq!(r.to_iri(), to_iri(&text).unwrap(), "{text}");
        assert_eq!(r.normalize(), normalize(&text).unwrap(), "{text}");
        #[cfg(feature = "idna")]
        {
            let scheme = Normalizer::new(Level::Scheme);
            assert_eq!(
                r.normalize_with(&scheme).unwrap(),
                scheme.normalize(&text).unwrap(),
                "{text}"
            );
        }
        // The results' components are those of their text parsed afresh.
        let normal = r.normalize();
        assert_eq!(
            normal.components(),
            IriRef::parse(normal.as_str()).unwrap().components()
        );
        let other = gen.generate(rule);
        let o = IriRef::parse(other.as_str()).unwrap();
        for &level in LEVELS {
            assert_eq!(
                r.equivalent(&o, level),
                equiv(&text, &other, level).unwrap(),
                "{text} {other}"
            );
        }
        assert!(r.equivalent(&r.normalize(), Level::Syntax), "{text}");
    }
}

#[test]
fn literal_bidi_formatting_characters_are_encoded_by_both_to_iri() {
    // Section 4.1: the conversion encodes them; the typed method used to
    // return such an input unchanged when it had nothing to decode.
    for text in ["http://a/\u{202E}b", "x\u{200F}y?\u{2067}", "#\u{61C}"] {
        let typed = IriRef::parse(text).unwrap();
        assert_eq!(typed.to_iri().as_str(), to_iri(text).unwrap(), "{text:?}");
        assert!(typed.to_iri().as_str().is_ascii(), "{text:?}");
    }
    // Other non-ASCII text without `%` is still borrowed.
    assert!(is_borrowed(IriRef::parse("http://é/ж").unwrap().to_iri()));
}

#[test]
fn iris_stay_iris() {
    let iri = Iri::parse("HTTP://résumé.example.org:80/a/../b").unwrap();
    let uri: Iri<Cow<'_, str>> = iri.to_uri();
    assert_eq!(uri.scheme(), "HTTP");
    let normal: Iri<Cow<'_, str>> = iri.normalize();
    assert_eq!(normal, "http://résumé.example.org:80/b");
    #[cfg(feature = "idna")]
    {
        let scheme = iri.normalize_with(&Normalizer::new(Level::Scheme)).unwrap();
        assert_eq!(scheme.as_str(), "http://résumé.example.org/b");
    }
    let back: Iri<Cow<'_, str>> = uri.to_iri();
    assert_eq!(back, iri);
}

#[test]
#[cfg(feature = "idna")]
fn idna_options_and_their_errors() {
    let iri = Iri::parse("http://r\u{E9}sum\u{E9}.a_b.org/").unwrap();
    let error = iri.to_uri_with(&ToUri::new().idna(true)).unwrap_err();
    let MappingError::Idna { offset, .. } = &error else {
        panic!("{error}");
    };
    // The offset is the label's in the input, as with the string function.
    assert_eq!(*offset, 16);
    let ascii = Iri::parse("http://xn--99zt52a.example.org/").unwrap();
    assert_eq!(
        ascii.to_iri_with(&ToIri::new().idna(true)),
        "http://納豆.example.org/"
    );
}
