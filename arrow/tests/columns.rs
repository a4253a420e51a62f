//! Each column function against the library's single-string API, row by
//! row, on the three string layouts: same values, same nulls, same errors.

use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::types::UInt64Type;
use arrow_array::{Array, ArrayRef, Int32Array, LargeStringArray, StringArray, StringViewArray};
use arrow_schema::DataType;
use rfc3987::grammar::rules;
use rfc3987::mapping::{ToIri, ToUri};
use rfc3987::normalize::{Chars, Level, Normalizer};
use rfc3987::IriRef;

/// Valid, invalid, empty, null, non-ASCII, IDN, percent-encoded, relative.
const INPUTS: &[Option<&str>] = &[
    Some("http://example.org/a/./b/../c?q#f"),
    Some("HTTP://Example.ORG:80/%7euser"),
    None,
    Some("http://résumé.example.org/ü?q=ж#ф"),
    Some("http://xn--rsum-bpad.example.org/D%C3%BCrst"),
    Some("http://a b"),
    Some(""),
    Some("../g;x?y#s"),
    Some("//[::1]:/p?"),
    Some("foo:%zz"),
    Some("mailto:user@example.com"),
    Some("http://example.org/e\u{301}"),
    Some("http://u@h:8080/p?q#"),
    Some("http://a/\u{202e}b"),
    None,
];

/// The inputs in each layout.
fn layouts() -> Vec<ArrayRef> {
    vec![
        Arc::new(StringArray::from(INPUTS.to_vec())),
        Arc::new(LargeStringArray::from(INPUTS.to_vec())),
        Arc::new(StringViewArray::from(INPUTS.to_vec())),
    ]
}

/// Row `i` of a text column, `None` when null.
fn text(column: &ArrayRef, i: usize) -> Option<String> {
    if column.is_null(i) {
        return None;
    }
    Some(match column.data_type() {
        DataType::Utf8 => column.as_string::<i32>().value(i).to_owned(),
        DataType::LargeUtf8 => column.as_string::<i64>().value(i).to_owned(),
        other => panic!("text column of type {other}"),
    })
}

/// Checks a text result and its error column against `expected`, the
/// single-string API's result for each non-null input.
fn check_text<E: std::fmt::Display>(
    input: &ArrayRef,
    got: rfc3987_arrow::WithErrors,
    expected: impl Fn(&str) -> Result<String, (usize, E)>,
) {
    let large = matches!(input.data_type(), DataType::LargeUtf8);
    assert_eq!(
        got.values.data_type(),
        &rfc3987_arrow::text_type(input.data_type())
    );
    assert_eq!(got.values.data_type() == &DataType::LargeUtf8, large);
    assert_eq!(got.values.len(), INPUTS.len());
    let errors = got.errors.as_struct();
    assert_eq!(errors.len(), INPUTS.len());
    for (i, row) in INPUTS.iter().enumerate() {
        match row.map(&expected) {
            None => {
                assert!(got.values.is_null(i), "row {i}");
                assert!(errors.is_null(i), "row {i}");
            }
            Some(Ok(value)) => {
                assert_eq!(
                    text(&got.values, i).as_deref(),
                    Some(value.as_str()),
                    "row {i}"
                );
                assert!(errors.is_null(i), "row {i}");
            }
            Some(Err((offset, message))) => {
                assert!(got.values.is_null(i), "row {i}");
                assert!(errors.is_valid(i), "row {i}");
                let offsets = errors.column(0).as_primitive::<UInt64Type>();
                assert_eq!(offsets.value(i), offset as u64, "row {i}");
                let messages = errors.column(2).as_string::<i32>();
                assert_eq!(messages.value(i), message.to_string(), "row {i}");
            }
        }
    }
}

#[test]
fn valid_is_the_library_check() {
    for input in layouts() {
        for rule in [
            &rules::IRI_REFERENCE,
            &rules::IRI,
            &rules::URI,
            &rules::IHOST,
        ] {
            let got = rfc3987_arrow::valid_with_errors(&input, rule).unwrap();
            let plain = rfc3987_arrow::valid(&input, rule).unwrap();
            assert_eq!(plain.to_data(), got.values.to_data());
            let verdicts = got.values.as_boolean();
            let errors = got.errors.as_struct();
            for (i, row) in INPUTS.iter().enumerate() {
                match row.map(|s| rfc3987::check(rule, s)) {
                    None => assert!(verdicts.is_null(i) && errors.is_null(i)),
                    Some(Ok(())) => assert!(verdicts.value(i) && errors.is_null(i)),
                    Some(Err(e)) => {
                        assert!(verdicts.is_valid(i) && !verdicts.value(i));
                        let offsets = errors.column(0).as_primitive::<UInt64Type>();
                        assert_eq!(offsets.value(i), e.offset() as u64);
                        assert_eq!(errors.column(1).as_string::<i32>().value(i), e.rule());
                        assert_eq!(errors.column(2).as_string::<i32>().value(i), e.to_string());
                    }
                }
            }
        }
    }
}

#[test]
fn parse_gives_the_components_or_null() {
    for input in layouts() {
        let got = rfc3987_arrow::parse_with_errors(&input).unwrap();
        let parts = got.values.as_struct();
        assert_eq!(
            parts.fields(),
            &rfc3987_arrow::parse_fields(matches!(input.data_type(), DataType::LargeUtf8))
        );
        let errors = got.errors.as_struct();
        for (i, row) in INPUTS.iter().enumerate() {
            let Some(row) = row else {
                assert!(parts.is_null(i) && errors.is_null(i));
                continue;
            };
            match IriRef::parse(*row) {
                Ok(r) => {
                    assert!(parts.is_valid(i) && errors.is_null(i), "row {i}");
                    let expected = [
                        r.scheme(),
                        r.authority(),
                        r.userinfo(),
                        r.host(),
                        r.port(),
                        Some(r.path()),
                        r.query(),
                        r.fragment(),
                    ];
                    for (k, part) in expected.iter().enumerate() {
                        let column = parts.column(k);
                        assert_eq!(text(column, i).as_deref(), *part, "row {i} field {k}");
                    }
                }
                Err(e) => {
                    assert!(parts.is_null(i) && errors.is_valid(i), "row {i}");
                    assert_eq!(
                        errors.column(0).as_primitive::<UInt64Type>().value(i),
                        e.offset() as u64
                    );
                    assert_eq!(errors.column(1).as_string::<i32>().value(i), e.rule());
                    assert_eq!(errors.column(2).as_string::<i32>().value(i), e.to_string());
                }
            }
        }
        // The plain form is the same column.
        assert_eq!(
            rfc3987_arrow::parse(&input).unwrap().to_data(),
            got.values.to_data()
        );
    }
}

#[test]
fn mappings_are_the_library_mappings() {
    for input in layouts() {
        check_text(
            &input,
            rfc3987_arrow::to_uri_with_errors(&input, &ToUri::new()).unwrap(),
            |s| ToUri::new().convert(s).map_err(|e| (e.offset(), e)),
        );
        // The default mapping by the typed, borrowing path: same values.
        let typed = rfc3987_arrow::to_uri(&input).unwrap();
        let options = rfc3987_arrow::to_uri_with(&input, &ToUri::new()).unwrap();
        assert_eq!(typed.to_data(), options.to_data());
        let idna = ToUri::new().idna(true);
        check_text(
            &input,
            rfc3987_arrow::to_uri_with_errors(&input, &idna).unwrap(),
            |s| idna.convert(s).map_err(|e| (e.offset(), e)),
        );
        for conversion in [ToIri::new(), ToIri::new().idna(true)] {
            check_text(
                &input,
                rfc3987_arrow::to_iri_with_errors(&input, &conversion).unwrap(),
                |s| conversion.convert(s).map_err(|e| (e.offset(), e)),
            );
            assert_eq!(
                rfc3987_arrow::to_iri(&input, &conversion)
                    .unwrap()
                    .to_data(),
                rfc3987_arrow::to_iri_with_errors(&input, &conversion)
                    .unwrap()
                    .values
                    .to_data()
            );
        }
    }
}

#[test]
fn normalize_is_the_normalizer() {
    for input in layouts() {
        for level in [Level::Simple, Level::Syntax, Level::Scheme] {
            for chars in [Chars::AsIs, Chars::Nfc, Chars::Nfkc] {
                for strict in [false, true] {
                    let n = Normalizer::new(level).chars(chars).strict_hosts(strict);
                    let got = rfc3987_arrow::normalize_with_errors(&input, &n).unwrap();
                    assert_eq!(
                        rfc3987_arrow::normalize(&input, &n).unwrap().to_data(),
                        got.values.to_data()
                    );
                    check_text(&input, got, |s| n.normalize(s).map_err(|e| (e.offset(), e)));
                }
            }
        }
    }
}

#[test]
fn resolve_and_relativize_are_the_library_functions() {
    let base = "http://a/b/c/d;p?q";
    for input in layouts() {
        // A reference that does not parse fails with the typed parse's
        // error (same offset as the string function's, a richer message).
        let resolved = |s: &str| match IriRef::parse(s) {
            Ok(_) => rfc3987::resolve::resolve(base, s).map_err(|e| (e.offset(), e.to_string())),
            Err(e) => Err((e.offset(), e.to_string())),
        };
        check_text(
            &input,
            rfc3987_arrow::resolve_with_errors(&input, base).unwrap(),
            resolved,
        );
        assert_eq!(
            rfc3987_arrow::resolve(&input, base).unwrap().to_data(),
            rfc3987_arrow::resolve_with_errors(&input, base)
                .unwrap()
                .values
                .to_data()
        );
        check_text(
            &input,
            rfc3987_arrow::relativize_with_errors(&input, base).unwrap(),
            |s| match rfc3987::Iri::parse(s) {
                Ok(_) => {
                    rfc3987::resolve::relativize(base, s).map_err(|e| (e.offset(), e.to_string()))
                }
                Err(e) => Err((e.offset(), e.to_string())),
            },
        );
        // A column of bases, the same base in each layout.
        let bases: ArrayRef = Arc::new(StringViewArray::from(vec![Some(base); INPUTS.len()]));
        check_text(
            &input,
            rfc3987_arrow::resolve_columns_with_errors(&bases, &input).unwrap(),
            resolved,
        );
    }
    let bad = rfc3987_arrow::resolve(&layouts()[0], "no/scheme").unwrap_err();
    assert!(bad.to_string().contains("is not an IRI"), "{bad}");
}

/// Bases in runs (as rows of one page are), alternating, invalid between
/// valid ones, and null: every row is what the library's `resolve` gives
/// for its own base and reference, whatever the row before it held.
#[test]
fn resolve_columns_rows_are_independent_of_their_neighbours() {
    let bases = [
        "http://a/b/c/d;p?q",
        "http://a/b/c/d;p?q",
        "http://a/b/c/d;p?q",
        "https://例え.jp/über/ファイル",
        "http://a/b/c/d;p?q",
        "no/scheme",
        "http://a/b/c/d;p?q",
        "http://a/b/c/d;p?q#f",
        "http://a",
        "http://a",
        "x:a/./b/",
        "x:a/./b/",
    ];
    let references = [
        "g", "../g", "a b", "./ж?y", "", "g", "g", "#s", "g", "../..", "c", "../d",
    ];
    let mut base_column: Vec<Option<&str>> = bases.iter().copied().map(Some).collect();
    let mut reference_column: Vec<Option<&str>> = references.iter().copied().map(Some).collect();
    base_column.push(None);
    reference_column.push(Some("g"));
    base_column.push(Some("http://a"));
    reference_column.push(Some("h"));
    let got = rfc3987_arrow::resolve_columns_with_errors(
        &(Arc::new(StringArray::from(base_column.clone())) as ArrayRef),
        &(Arc::new(StringArray::from(reference_column.clone())) as ArrayRef),
    )
    .unwrap();
    let values = got.values.as_string::<i32>();
    for (row, (base, reference)) in base_column.iter().zip(&reference_column).enumerate() {
        let want = base.and_then(|b| rfc3987::resolve::resolve(b, reference.unwrap()).ok());
        let have = (!values.is_null(row)).then(|| values.value(row));
        assert_eq!(have, want.as_deref(), "row {row}: {base:?} + {reference:?}");
    }
    assert!(values.is_null(2) && values.is_null(5) && values.is_null(12));
}

#[test]
fn resolve_columns_reports_the_failing_base() {
    let bases: ArrayRef = Arc::new(StringArray::from(vec![
        Some("rel/base"),
        Some("http://a/b"),
        None,
        Some("http://a/"),
    ]));
    let refs: ArrayRef = Arc::new(StringArray::from(vec![
        Some("g"),
        Some("a b"),
        Some("g"),
        None,
    ]));
    let got = rfc3987_arrow::resolve_columns_with_errors(&bases, &refs).unwrap();
    assert!((0..4).all(|i| got.values.is_null(i)));
    let errors = got.errors.as_struct();
    let messages = errors.column(2).as_string::<i32>();
    assert!(
        messages.value(0).starts_with("base: "),
        "{}",
        messages.value(0)
    );
    assert!(!messages.value(1).starts_with("base: "));
    assert!(errors.is_null(2) && errors.is_null(3));
    let short: ArrayRef = Arc::new(StringArray::from(vec!["g"]));
    assert!(rfc3987_arrow::resolve_columns(&bases, &short).is_err());
}

#[test]
fn equivalent_is_the_typed_comparison() {
    let a: ArrayRef = Arc::new(StringArray::from(vec![
        Some("http://example.com/"),
        Some("http://example.com/"),
        Some("a b"),
        None,
        Some("http://résumé.example.org/"),
        Some("x:y"),
    ]));
    let b: ArrayRef = Arc::new(LargeStringArray::from(vec![
        Some("HTTP://Example.com:80"),
        Some("http://example.com/?"),
        Some("x:"),
        Some("x:"),
        Some("http://xn--rsum-bpad.example.org/"),
        Some("%"),
    ]));
    for level in [Level::Simple, Level::Syntax, Level::Scheme] {
        let got = rfc3987_arrow::equivalent_with_errors(&a, &b, level).unwrap();
        let verdicts = got.values.as_boolean();
        let errors = got.errors.as_struct();
        let (sa, sb) = (a.as_string::<i32>(), b.as_string::<i64>());
        for i in 0..a.len() {
            if a.is_null(i) || b.is_null(i) {
                assert!(verdicts.is_null(i) && errors.is_null(i));
                continue;
            }
            match rfc3987::normalize::equiv(sa.value(i), sb.value(i), level) {
                Ok(v) => assert_eq!(verdicts.value(i), v, "row {i} {level:?}"),
                Err(e) => {
                    assert!(verdicts.is_null(i));
                    let offsets = errors.column(0).as_primitive::<UInt64Type>();
                    assert_eq!(offsets.value(i), e.offset() as u64);
                    let message = errors.column(2).as_string::<i32>().value(i);
                    let side = if e.input() == Some(rfc3987::Input::First) {
                        "first input: "
                    } else {
                        "second input: "
                    };
                    assert!(message.starts_with(side), "{message}");
                }
            }
        }
        assert_eq!(
            rfc3987_arrow::equivalent(&a, &b, level).unwrap().to_data(),
            got.values.to_data()
        );
    }
}

#[test]
fn lint_lists_the_codes() {
    for input in layouts() {
        let got = rfc3987_arrow::lint_with_errors(&input).unwrap();
        assert_eq!(got.values.data_type(), &rfc3987_arrow::lint_type());
        let lists = got.values.as_list::<i32>();
        for (i, row) in INPUTS.iter().enumerate() {
            match row.map(rfc3987::lint::lint) {
                None => assert!(lists.is_null(i)),
                Some(Err(_)) => assert!(lists.is_null(i) && got.errors.is_valid(i)),
                Some(Ok(warnings)) => {
                    let codes: Vec<&str> = warnings.iter().map(|w| w.code().as_str()).collect();
                    let row = lists.value(i);
                    let got: Vec<&str> =
                        row.as_string::<i32>().iter().map(Option::unwrap).collect();
                    assert_eq!(got, codes, "row {i}");
                }
            }
        }
    }
    // Some row does warn, so the comparison is not of empty lists only.
    let lists = rfc3987_arrow::lint(&layouts()[0]).unwrap();
    assert!(!lists.as_list::<i32>().value(13).is_empty());
}

#[test]
fn non_strings_are_a_clear_error() {
    let numbers: ArrayRef = Arc::new(Int32Array::from(vec![1, 2]));
    let e = rfc3987_arrow::valid(&numbers, &rules::IRI).unwrap_err();
    assert!(e.to_string().contains("expected a string column"), "{e}");
    assert!(e.to_string().contains("Int32"), "{e}");
    assert!(rfc3987_arrow::parse(&numbers).is_err());
    assert!(rfc3987_arrow::normalize(&numbers, &Normalizer::default()).is_err());
    assert!(rfc3987_arrow::lint(&numbers).is_err());
}

#[test]
fn sliced_columns_keep_their_rows() {
    let input: ArrayRef = Arc::new(StringArray::from(INPUTS.to_vec()));
    let sliced = input.slice(3, 5);
    let got = rfc3987_arrow::to_uri(&sliced).unwrap();
    assert_eq!(got.len(), 5);
    for i in 0..5 {
        let expected = INPUTS[3 + i].and_then(|s| ToUri::new().convert(s).ok());
        assert_eq!(text(&got, i), expected, "row {i}");
    }
    let valid = rfc3987_arrow::valid(&sliced, &rules::IRI_REFERENCE).unwrap();
    assert_eq!(
        valid.as_boolean().iter().collect::<Vec<_>>(),
        vec![Some(true), Some(true), Some(false), Some(true), Some(true)]
    );
}

#[test]
fn empty_columns_give_empty_columns() {
    let input: ArrayRef = Arc::new(StringArray::from(Vec::<Option<&str>>::new()));
    assert_eq!(rfc3987_arrow::parse(&input).unwrap().len(), 0);
    assert_eq!(rfc3987_arrow::to_uri(&input).unwrap().len(), 0);
    assert_eq!(
        rfc3987_arrow::lint_with_errors(&input)
            .unwrap()
            .errors
            .len(),
        0
    );
}
