//! One domain-name check for every operation that asks for one: `to_uri`
//! with IDNA, normalization with strict hosts and the `idn-invalid` lint
//! give one verdict and one reason on each host (the profile of
//! `rfc3987::mapping`'s IDNA section).
#![cfg(feature = "lint")]

use rfc3987::lint::{lint, Code};
use rfc3987::mapping::{IdnaReason, MappingError, ToUri};
use rfc3987::normalize::{Level, NormalizeError, Normalizer};
use rfc3987::Error;

const HOSTS: &[(&str, Option<IdnaReason>)] = &[
    ("example.com", None),
    ("résumé.example.org", None),
    ("xn--rsum-bpad.example.org", None),
    ("XN--RSUM-BPAD.example.org", None),
    ("faß.de", None),
    ("a.b.", None),
    ("ab--cd.example", None),
    ("\u{627}\u{661}.com", None),
    ("xn--zz.example", Some(IdnaReason::InvalidAce)),
    ("日本.xn--zz", Some(IdnaReason::InvalidAce)),
    ("xn--a", Some(IdnaReason::Disallowed('\u{80}'))),
    ("xn--xn--b-eee", Some(IdnaReason::AceNested)),
    ("xn--abc-.example", Some(IdnaReason::AceAscii)),
    ("xn--e-xbb.example", Some(IdnaReason::AceNotMapped)),
    ("-a.example", Some(IdnaReason::Hyphen)),
    ("a-.example", Some(IdnaReason::Hyphen)),
    ("my_host.example", Some(IdnaReason::Disallowed('_'))),
    ("a..b", Some(IdnaReason::EmptyLabel)),
    ("a7\u{667}z", Some(IdnaReason::Bidi)),
    ("1a.\u{5D0}", Some(IdnaReason::Bidi)),
    ("a\u{200D}b", Some(IdnaReason::ContextJ('\u{200D}'))),
    ("\u{301}a", Some(IdnaReason::LeadingMark('\u{301}'))),
];

fn long_hosts() -> Vec<(String, Option<IdnaReason>)> {
    vec![
        // A 64-octet label, US-ASCII or once converted.
        ("a".repeat(64), Some(IdnaReason::LabelTooLong)),
        ("a".repeat(63), None),
        (
            format!("é{}", "a".repeat(60)),
            Some(IdnaReason::LabelTooLong),
        ),
        // 321 octets once converted: five labels of é and 50 letters.
        (
            vec![format!("é{}", "a".repeat(50)); 5].join("."),
            Some(IdnaReason::NameTooLong),
        ),
        (
            vec!["a".repeat(50); 5].join("."),
            Some(IdnaReason::NameTooLong),
        ),
    ]
}

#[test]
fn to_uri_strict_hosts_and_lint_agree() {
    let to_uri = ToUri::new().idna(true);
    let strict = Normalizer::new(Level::Scheme).strict_hosts(true);
    let all = HOSTS
        .iter()
        .map(|&(h, r)| (h.to_string(), r))
        .chain(long_hosts());
    for (host, want) in all {
        let iri = format!("http://{host}/");
        let mapped = match to_uri.convert(&iri) {
            Ok(_) => None,
            Err(Error::Mapping(MappingError::Idna { reason, .. })) => Some(reason),
            Err(e) => panic!("{iri}: {e}"),
        };
        assert_eq!(mapped, want, "{iri}: to_uri");
        let normalized = match strict.normalize(&iri) {
            Ok(_) => None,
            Err(Error::Normalize(NormalizeError::InvalidHost { reason, .. })) => Some(reason),
            Err(e) => panic!("{iri}: {e}"),
        };
        assert_eq!(normalized, want, "{iri}: strict hosts");
        let warnings = lint(&iri).unwrap();
        let idn: Vec<_> = warnings
            .iter()
            .filter(|w| w.code() == Code::IdnInvalid)
            .collect();
        match (&mapped, idn.as_slice()) {
            (None, []) => {}
            (Some(reason), [w]) => {
                // The same reason in the same words.
                let reason = reason.to_string();
                assert!(w.message().contains(&reason), "{w}");
                let error = strict.normalize(&iri).unwrap_err().to_string();
                assert!(error.contains(&reason), "{error}");
            }
            _ => panic!("{iri}: {mapped:?} and {idn:?}"),
        }
    }
}
