//! The crate's errors: every public error type is a `core::error::Error`
//! whatever the cargo features (CI also runs this file with
//! `--no-default-features --features std`), is `Send + Sync + 'static`,
//! converts with `?` into `Box<dyn Error + Send + Sync>` and into the
//! crate's `Error`; each says what failed, where (a byte offset) and under
//! which rule (or which section); and `source` leads from the crate's
//! `Error` to the typed error inside.

use std::error::Error as StdError;

#[cfg(feature = "bidi")]
use rfc3987::bidi::BidiError;
#[cfg(feature = "text")]
use rfc3987::entry::EntryError;
use rfc3987::grammar::rules;
use rfc3987::mapping::MappingError;
#[cfg(feature = "idna")]
use rfc3987::mapping::{IdnaReason, ToUri};
#[cfg(feature = "idna")]
use rfc3987::normalize::Normalizer;
use rfc3987::normalize::{Level, NormalizeError};
use rfc3987::{CheckError, Error, Input, Iri, IriRef, ParseError};

type BoxError = Box<dyn StdError + Send + Sync + 'static>;

fn is_error<E: StdError + Send + Sync + 'static>() {}

#[test]
fn every_error_type_is_a_thread_safe_error() {
    is_error::<CheckError>();
    is_error::<ParseError>();
    is_error::<MappingError>();
    is_error::<NormalizeError>();
    #[cfg(feature = "bidi")]
    is_error::<BidiError>();
    #[cfg(feature = "text")]
    is_error::<EntryError>();
    is_error::<Error>();
}

/// Each operation's failure, through `?`.
fn fails(which: usize) -> Result<(), BoxError> {
    match which {
        0 => rfc3987::check(&rules::IRI, "a b")?,
        1 => drop(Iri::parse("a b")?),
        2 => drop(rfc3987::mapping::to_uri("a b")?),
        #[cfg(feature = "idna")]
        3 => drop(ToUri::new().idna(true).convert("http://a_b.é/")?),
        4 => drop(rfc3987::mapping::from_legacy(b"\xFF", encoding_rs::UTF_8)?),
        5 => drop(rfc3987::normalize::normalize("a b")?),
        6 => drop(rfc3987::normalize::equiv("a", "b c", Level::Syntax)?),
        7 => drop(rfc3987::resolve::resolve("a b", "c")?),
        #[cfg(feature = "idna")]
        8 => drop(
            Normalizer::new(Level::Scheme)
                .strict_hosts(true)
                .normalize("http://a_b/")?,
        ),
        #[cfg(feature = "bidi")]
        9 => drop(rfc3987::bidi::check_strict("a\u{202E}")?),
        10 => drop(rfc3987::percent::decode_utf8("%FF")?),
        #[cfg(feature = "text")]
        11 => drop(rfc3987::entry::clean("ht tp://example.org/")?),
        12 => drop("paths".parse::<rfc3987::Component>()?),
        #[cfg(feature = "text")]
        13 => drop(rfc3987::find::Finder::with_schemes(&["1a:"])?),
        _ => unreachable!(),
    }
    Ok(())
}

#[test]
fn every_error_converts_with_the_question_mark() {
    for which in 0..14 {
        // Cases 3 and 8 are the `idna` feature's, 9 the `bidi` feature's,
        // 11 and 13 the `text` feature's.
        let compiled_out = (matches!(which, 3 | 8) && cfg!(not(feature = "idna")))
            || (which == 9 && cfg!(not(feature = "bidi")))
            || (matches!(which, 11 | 13) && cfg!(not(feature = "text")));
        if compiled_out {
            continue;
        }
        let error = fails(which).expect_err("each case fails");
        assert!(!error.to_string().is_empty(), "case {which}");
    }
}

/// An operation, its error, the offset, a word of what and the rule.
type Representative = (
    &'static str,
    Box<dyn StdError>,
    usize,
    &'static str,
    &'static str,
);

/// One representative failure of each operation, as the error type the
/// operation returns (typed methods their own, string functions the
/// crate's), with the offset it reports, a word of what failed and the
/// rule (or RFC section) its message names.
fn representatives() -> Vec<Representative> {
    #[cfg(any(feature = "idna", feature = "bidi"))]
    let iri = |text| Iri::parse(text).unwrap();
    #[allow(unused_mut)]
    let mut cases: Vec<Representative> = vec![
        (
            "check",
            Box::new(rfc3987::check(&rules::IRI, "http://a/b c").unwrap_err()),
            10,
            "found ' '",
            "in isegment",
        ),
        (
            "parse",
            Box::new(IriRef::parse("http://a/b c").unwrap_err()),
            10,
            "found ' '",
            "in isegment",
        ),
        (
            "mapping::to_uri",
            Box::new(rfc3987::mapping::to_uri("http://a/<").unwrap_err()),
            9,
            "found '<'",
            "section 3.1",
        ),
        (
            "mapping::to_iri",
            Box::new(rfc3987::mapping::to_iri("http://a/%zz").unwrap_err()),
            10,
            "found 'z'",
            "in isegment",
        ),
        (
            "normalize::normalize",
            Box::new(rfc3987::normalize::normalize("http://a/b c").unwrap_err()),
            10,
            "found ' '",
            "in isegment",
        ),
        (
            "normalize::equiv",
            Box::new(rfc3987::normalize::equiv("a", "b c", Level::Syntax).unwrap_err()),
            1,
            "second input: ",
            "in isegment-nz-nc",
        ),
        (
            "resolve::resolve",
            Box::new(rfc3987::resolve::resolve("1a:", "g").unwrap_err()),
            0,
            "base: ",
            "in IRI",
        ),
        (
            "resolve::relativize",
            Box::new(rfc3987::resolve::relativize("http://a/", "g h").unwrap_err()),
            1,
            "found ' '",
            "in scheme",
        ),
        (
            "percent::decode_utf8",
            Box::new(rfc3987::percent::decode_utf8("a%C0%AF").unwrap_err()),
            1,
            "(%C0)",
            "UTF-8",
        ),
        (
            "mapping::from_legacy",
            Box::new(rfc3987::mapping::from_legacy(b"ab\x82", encoding_rs::SHIFT_JIS).unwrap_err()),
            2,
            "octets",
            "Shift_JIS",
        ),
    ];
    #[cfg(feature = "idna")]
    {
        let strict = Normalizer::new(Level::Scheme).strict_hosts(true);
        let idna: [Representative; 2] = [
            (
                "to_uri_with",
                Box::new(
                    iri("http://a_b.example/")
                        .to_uri_with(&ToUri::new().idna(true))
                        .unwrap_err(),
                ),
                7,
                "'_'",
                "UTS 46",
            ),
            (
                "normalize_with",
                Box::new(
                    iri("http://a_b.example/")
                        .normalize_with(&strict)
                        .unwrap_err(),
                ),
                7,
                "not a valid domain name",
                "UTS 46",
            ),
        ];
        cases.extend(idna);
    }
    #[cfg(feature = "text")]
    cases.push((
        "entry::clean",
        Box::new(rfc3987::entry::clean("http://[::1＞]/").unwrap_err()),
        11,
        "'＞' (U+FF1E)",
        "in IPv6address",
    ));
    #[cfg(feature = "bidi")]
    let cases = {
        let mut cases = cases;
        let bidi: [Representative; 2] = [
            (
                "check_strict",
                Box::new(iri("http://a/\u{202E}x").check_strict().unwrap_err()),
                9,
                "bidirectional formatting character",
                "section 4.1",
            ),
            (
                "bidi::check_strict",
                Box::new(rfc3987::bidi::check_strict("http://a/\u{200F}").unwrap_err()),
                9,
                "U+200F",
                "section 4.1",
            ),
        ];
        cases.extend(bidi);
        cases
    };
    cases
}

#[test]
fn every_error_says_what_where_and_which_rule() {
    for (operation, error, offset, what, rule) in representatives() {
        let message = error.to_string();
        assert!(message.contains(what), "{operation}: {message}");
        assert!(message.contains(rule), "{operation}: {message}");
        let at = format!("at byte {offset}");
        assert!(message.contains(&at), "{operation}: {message}");
    }
}

/// The offsets the messages say are the ones the errors report, and the
/// rule is the one they name.
#[test]
fn accessors_agree_with_the_messages() {
    let e = rfc3987::resolve::resolve("1a:", "g").unwrap_err();
    assert_eq!((e.input(), e.offset()), (Some(Input::Base), 0));
    assert_eq!(e.syntax().map(CheckError::rule), Some("IRI"));

    let e = rfc3987::mapping::to_uri("http://a/<").unwrap_err();
    let Error::Mapping(mapping) = &e else {
        panic!("{e:?}")
    };
    assert_eq!((e.offset(), mapping.rule()), (9, "URI-reference"));
}

/// The same for the errors of the scheme rung's strict hosts.
#[test]
#[cfg(feature = "idna")]
fn strict_host_accessors_agree_with_the_messages() {
    let strict = Normalizer::new(Level::Scheme).strict_hosts(true);
    let e = Iri::parse("http://a_b.example/")
        .unwrap()
        .normalize_with(&strict)
        .unwrap_err();
    assert_eq!((e.offset(), e.rule()), (7, "ireg-name"));
    let NormalizeError::InvalidHost { len, reason, .. } = e else {
        panic!("{e:?}")
    };
    assert_eq!((len, reason), (11, IdnaReason::Disallowed('_')));

    let e = rfc3987::normalize::equiv("http://a/", "http://xn--zz/", Level::Scheme);
    assert!(e.unwrap().eq(&false), "not strict: compared as written");
    let e = strict
        .equivalent("http://a/", "http://xn--zz/")
        .unwrap_err();
    assert_eq!((e.input(), e.offset()), (Some(Input::Second), 7));
}

/// `source` leads from the crate's `Error` to the typed error inside,
/// through which input for a function of two, and on to an IDNA failure's
/// own error.
#[test]
fn sources_reach_the_inner_cause() {
    let e = rfc3987::resolve::resolve("1a:", "g").unwrap_err();
    let links = chain(&e);
    assert_eq!(links.len(), 2, "{links:?}");
    let syntax = links[1].downcast_ref::<CheckError>().expect("a CheckError");
    assert_eq!(Some(syntax), e.syntax());
    assert!(e.to_string().ends_with(&syntax.to_string()));

    #[cfg(feature = "idna")]
    idna_sources_reach_the_inner_cause();

    let e = Error::from(IriRef::parse("a b").unwrap_err());
    let links = chain(&e);
    assert_eq!(links.len(), 2, "{links:?}");
    assert!(links[1].downcast_ref::<ParseError>().is_some());

    for (error, inner) in [
        (rfc3987::percent::decode_utf8("%FF").unwrap_err(), 1),
        ("x".parse::<rfc3987::Component>().unwrap_err(), 1),
    ] {
        assert_eq!(chain(&error).len(), inner, "{error}: no error inside");
    }
}

fn chain<'a>(error: &'a (dyn StdError + 'static)) -> Vec<&'a (dyn StdError + 'static)> {
    std::iter::successors(Some(error), |&e| e.source()).collect()
}

/// The IDNA and strict-host failures' chains, down to the typed error.
#[cfg(feature = "idna")]
fn idna_sources_reach_the_inner_cause() {
    let e = rfc3987::mapping::ToUri::new()
        .idna(true)
        .convert("http://a_b.example/")
        .unwrap_err();
    let links = chain(&e);
    assert_eq!(links.len(), 2, "{links:?}");
    let idna = links[1]
        .downcast_ref::<MappingError>()
        .expect("a MappingError");
    assert!(
        matches!(
            idna,
            MappingError::Idna {
                reason: IdnaReason::Disallowed('_'),
                ..
            }
        ),
        "{idna:?}"
    );

    let strict = Normalizer::new(Level::Scheme).strict_hosts(true);
    let e = strict.equivalent("http://a/", "http://a_b/").unwrap_err();
    let links = chain(&e);
    assert!(
        links[1].downcast_ref::<NormalizeError>().is_some(),
        "{links:?}"
    );
}

/// The texts of the small failures, kept from the types they replace.
#[test]
fn small_failures_keep_their_words() {
    assert_eq!(
        rfc3987::percent::decode_utf8("ok%E2%82")
            .unwrap_err()
            .to_string(),
        "the percent-encoded octet at byte 2 (%E2) is not part of well-formed UTF-8"
    );
    #[cfg(feature = "text")]
    assert_eq!(
        rfc3987::find::Finder::with_schemes(&["a:", "1a:"])
            .unwrap_err()
            .to_string(),
        "scheme list entry 1 is not `name:` or `name://` with a valid scheme name"
    );
    assert_eq!(
        "x".parse::<rfc3987::Component>().unwrap_err().to_string(),
        "not a component name (scheme, authority, userinfo, host, port, path, query, fragment)"
    );
}
