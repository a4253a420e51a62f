//! Every public error type is a `core::error::Error` whatever the cargo
//! features (CI also runs this file with `--no-default-features --features
//! std`), is `Send + Sync + 'static`, and converts with `?` into
//! `Box<dyn Error + Send + Sync>`.

use std::error::Error;

use rfc3987::mapping::{IdnaError, LegacyError, MappingError, ToUri};
use rfc3987::normalize::{EquivError, Level, NormalizeError, Normalizer};
use rfc3987::resolve::ResolveError;
use rfc3987::{CheckError, ParseError};

type BoxError = Box<dyn Error + Send + Sync + 'static>;

fn is_error<E: Error + Send + Sync + 'static>() {}

#[test]
fn every_error_type_is_a_thread_safe_error() {
    is_error::<CheckError>();
    is_error::<ParseError>();
    is_error::<MappingError>();
    is_error::<IdnaError>();
    is_error::<LegacyError>();
    is_error::<NormalizeError>();
    is_error::<EquivError>();
    is_error::<ResolveError>();
}

/// Each operation's failure, through `?`.
fn fails(which: usize) -> Result<(), BoxError> {
    match which {
        0 => rfc3987::check(&rfc3987::grammar::rules::IRI, "a b")?,
        1 => drop(rfc3987::Iri::parse("a b")?),
        2 => drop(rfc3987::mapping::to_uri("a b")?),
        3 => drop(ToUri::new().idna(true).convert("http://a_b.é/")?),
        4 => drop(rfc3987::mapping::from_legacy(b"\xFF", encoding_rs::UTF_8)?),
        5 => drop(rfc3987::normalize::normalize("a b")?),
        6 => drop(rfc3987::normalize::equiv("a", "b c", Level::Syntax)?),
        7 => drop(rfc3987::resolve::resolve("a b", "c")?),
        8 => drop(
            Normalizer::new(Level::Scheme)
                .strict_hosts(true)
                .normalize("http://a_b/")?,
        ),
        _ => unreachable!(),
    }
    Ok(())
}

#[test]
fn every_error_converts_with_the_question_mark() {
    for which in 0..9 {
        let error = fails(which).expect_err("each case fails");
        assert!(!error.to_string().is_empty(), "case {which}");
    }
}
