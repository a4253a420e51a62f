//! The column functions on a pool of several threads give the column they
//! give on one thread (values, nulls, error rows, in order), on columns
//! large enough to be cut into chunks; and the functions that take the
//! library's options (`split`, `to_uri_from_text`, `resolve_base`,
//! `equivalent_with`, `lint_warnings`) against the single-string API.

use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::types::UInt64Type;
use arrow_array::{Array, ArrayRef, LargeStringArray, StringArray, StringViewArray};
use rfc3987::grammar::rules;
use rfc3987::mapping::{ToIri, ToUri};
use rfc3987::normalize::{Level, Normalizer};
use rfc3987::resolve::Base;
use rfc3987::{Iri, Splitter};

/// Rows enough for many chunks, with nulls, failures, non-ASCII rows and
/// lint findings spread over them (every 7th, 11th, 13th, 17th row).
fn big_rows() -> Vec<Option<String>> {
    (0..20_000)
        .map(|i| match i {
            i if i % 7 == 0 => None,
            i if i % 11 == 0 => Some(format!("http://a/{i} bad")),
            i if i % 13 == 0 => Some(format!("http://例え.jp/パス/{i}?q=ж")),
            i if i % 17 == 0 => Some(format!("http://ex%41mple.org/{i}/\u{202e}")),
            i => Some(format!("HTTP://Example.COM/{i}/./%7e/../x?{i}")),
        })
        .collect()
}

fn columns() -> Vec<ArrayRef> {
    let rows = big_rows();
    let as_str: Vec<Option<&str>> = rows.iter().map(Option::as_deref).collect();
    let utf8: ArrayRef = Arc::new(StringArray::from(as_str.clone()));
    vec![
        utf8.clone(),
        Arc::new(LargeStringArray::from(as_str.clone())),
        Arc::new(StringViewArray::from(as_str)),
        // A slice: chunks are read at the slice's offset.
        utf8.slice(333, 18_000),
    ]
}

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
}

/// `f` on one thread and on four: equal columns.
fn same_on_any_pool<T: PartialEq + std::fmt::Debug + Send>(f: impl Fn() -> T + Send + Sync) {
    let one = pool(1).install(&f);
    let four = pool(4).install(&f);
    assert_eq!(one, four);
}

/// A column as compared: `dyn Array`'s equality is that of its data.
fn data(column: ArrayRef) -> ArrayRef {
    column
}

#[test]
fn every_function_gives_the_same_column_on_one_thread_and_on_four() {
    let normalizer = Normalizer::new(Level::Scheme);
    let base = "http://a/b/c/d;p?q";
    for column in columns() {
        let c = column.as_ref();
        same_on_any_pool(|| data(rfc3987_arrow::valid(c, &rules::IRI_REFERENCE).unwrap()));
        same_on_any_pool(|| data(rfc3987_arrow::parse(c).unwrap()));
        same_on_any_pool(|| data(rfc3987_arrow::component(c, "host").unwrap()));
        same_on_any_pool(|| data(rfc3987_arrow::to_uri(c).unwrap()));
        same_on_any_pool(|| data(rfc3987_arrow::to_uri_with(c, &ToUri::new().idna(true)).unwrap()));
        same_on_any_pool(|| data(rfc3987_arrow::to_iri(c, &ToIri::new()).unwrap()));
        same_on_any_pool(|| data(rfc3987_arrow::normalize(c, &normalizer).unwrap()));
        same_on_any_pool(|| data(rfc3987_arrow::resolve(c, base).unwrap()));
        same_on_any_pool(|| data(rfc3987_arrow::relativize(c, base).unwrap()));
        same_on_any_pool(|| data(rfc3987_arrow::resolve_columns(c, c).unwrap()));
        same_on_any_pool(|| data(rfc3987_arrow::equivalent(c, c, Level::Syntax).unwrap()));
        same_on_any_pool(|| data(rfc3987_arrow::lint(c).unwrap()));
        same_on_any_pool(|| data(rfc3987_arrow::lint_warnings(c).unwrap()));
        same_on_any_pool(|| {
            let w = rfc3987_arrow::normalize_with_errors(c, &normalizer).unwrap();
            (data(w.values), data(w.errors))
        });
        same_on_any_pool(|| {
            let w = rfc3987_arrow::equivalent_with_errors(c, c, Level::Simple).unwrap();
            (data(w.values), data(w.errors))
        });
    }
}

#[test]
fn chunked_results_keep_each_row_in_place() {
    let rows = big_rows();
    let column: ArrayRef = Arc::new(StringArray::from(
        rows.iter().map(Option::as_deref).collect::<Vec<_>>(),
    ));
    let normalizer = Normalizer::new(Level::Syntax);
    let got = pool(4)
        .install(|| rfc3987_arrow::normalize_with_errors(&column, &normalizer))
        .unwrap();
    let values = got.values.as_string::<i32>();
    let errors = got.errors.as_struct();
    for (i, row) in rows.iter().enumerate() {
        match row.as_deref().map(|t| normalizer.normalize(t)) {
            None => assert!(values.is_null(i) && errors.is_null(i), "row {i}"),
            Some(Ok(n)) => assert_eq!(values.value(i), n, "row {i}"),
            Some(Err(e)) => {
                assert!(values.is_null(i) && errors.is_valid(i), "row {i}");
                let offset = errors.column(0).as_primitive::<UInt64Type>().value(i);
                assert_eq!(offset as usize, e.offset(), "row {i}");
            }
        }
    }
}

#[test]
fn split_uses_the_rule_s_splitter() {
    let column: ArrayRef = Arc::new(StringArray::from(vec![
        Some("user@例え.jp:8080"),
        Some("a b"),
        None,
        Some("host"),
    ]));
    let splitter = Splitter::new(&rules::IAUTHORITY).unwrap();
    let got = rfc3987_arrow::split_with_errors(&column, splitter).unwrap();
    let parts = got.values.as_struct();
    for (i, text) in ["user@例え.jp:8080", "a b", "", "host"].iter().enumerate() {
        if column.is_null(i) {
            assert!(parts.is_null(i) && got.errors.is_null(i));
            continue;
        }
        match splitter.split(text) {
            Ok(expected) => {
                for (name, value) in rfc3987_arrow::COMPONENTS.iter().zip(expected.to_array()) {
                    let field = parts.column_by_name(name).unwrap().as_string::<i32>();
                    assert_eq!(field.is_valid(i).then(|| field.value(i)), value, "{name}");
                }
            }
            Err(_) => assert!(parts.is_null(i) && got.errors.is_valid(i)),
        }
    }
    assert_eq!(
        parts
            .column_by_name("path")
            .unwrap()
            .as_string::<i32>()
            .value(0),
        ""
    );
}

#[test]
fn to_uri_from_text_maps_the_nfc_form() {
    let column: ArrayRef = Arc::new(StringArray::from(vec![
        Some("http://example.org/e\u{301}"),
        Some("http://a b"),
        None,
    ]));
    let mapping = ToUri::new();
    let got = rfc3987_arrow::to_uri_from_text_with_errors(&column, &mapping).unwrap();
    let values = got.values.as_string::<i32>();
    let nfc = rfc3987::mapping::from_text("http://example.org/e\u{301}");
    assert_eq!(values.value(0), mapping.convert(&nfc).unwrap());
    assert_eq!(values.value(0), "http://example.org/%C3%A9");
    assert!(values.is_null(1) && got.errors.is_valid(1));
    assert!(values.is_null(2) && got.errors.is_null(2));
}

#[test]
fn resolve_base_honours_a_non_strict_base() {
    let column: ArrayRef = Arc::new(StringArray::from(vec![Some("http:g"), Some("a b"), None]));
    let base = Base::new(Iri::parse("http://a/b/c/d;p?q").unwrap());
    let strict = rfc3987_arrow::resolve_base(&column, &base).unwrap();
    let loose = rfc3987_arrow::resolve_base_with_errors(&column, &base.non_strict()).unwrap();
    assert_eq!(strict.as_string::<i32>().value(0), "http:g");
    let values = loose.values.as_string::<i32>();
    assert_eq!(
        values.value(0),
        rfc3987::resolve::resolve_non_strict("http://a/b/c/d;p?q", "http:g").unwrap()
    );
    assert!(values.is_null(1) && loose.errors.is_valid(1) && values.is_null(2));
}

#[test]
fn equivalent_with_uses_the_normalizer_options() {
    let a: ArrayRef = Arc::new(StringArray::from(vec![
        Some("http://a/%7e"),
        Some("http://a_b/"),
        Some("http://a/"),
        None,
    ]));
    let b: ArrayRef = Arc::new(StringArray::from(vec![
        Some("HTTP://A/~"),
        Some("http://a_b/"),
        Some("x y"),
        Some("http://a/"),
    ]));
    for strict in [false, true] {
        let n = Normalizer::new(Level::Scheme).strict_hosts(strict);
        let got = rfc3987_arrow::equivalent_with_errors_by(&a, &b, &n).unwrap();
        let values = got.values.as_boolean();
        let errors = got.errors.as_struct();
        for i in 0..3 {
            let (x, y) = (a.as_string::<i32>().value(i), b.as_string::<i32>().value(i));
            match n.equivalent(x, y) {
                Ok(v) => assert!(values.is_valid(i) && values.value(i) == v && errors.is_null(i)),
                Err(e) => {
                    assert!(values.is_null(i) && errors.is_valid(i));
                    let message = errors.column(2).as_string::<i32>().value(i);
                    assert_eq!(message, e.to_string());
                }
            }
        }
        assert!(values.is_null(3) && errors.is_null(3));
    }
    let plain = rfc3987_arrow::equivalent_with(&a, &b, &Normalizer::new(Level::Syntax)).unwrap();
    assert!(plain.as_boolean().value(0));
}

#[test]
fn lint_warnings_are_the_library_warnings_with_character_ranges() {
    let texts = [
        Some("http://ex%41mple.org/\u{202e}"),
        Some("http://例え.jp/\u{200e}x"),
        Some("http://a/"),
        Some("a b"),
        None,
    ];
    let column: ArrayRef = Arc::new(LargeStringArray::from(texts.to_vec()));
    let got = rfc3987_arrow::lint_warnings_with_errors(&column).unwrap();
    assert_eq!(got.values.data_type(), &rfc3987_arrow::lint_warnings_type());
    let lists = got.values.as_list::<i32>();
    for (i, text) in texts.iter().enumerate() {
        let Some(text) = text else {
            assert!(lists.is_null(i) && got.errors.is_null(i));
            continue;
        };
        let Ok(expected) = rfc3987::lint::lint(text) else {
            assert!(lists.is_null(i) && got.errors.is_valid(i));
            continue;
        };
        let row = lists.value(i);
        let row = row.as_struct();
        assert_eq!(row.len(), expected.len(), "{text}");
        let string = |name: &str, k: usize| {
            row.column_by_name(name)
                .unwrap()
                .as_string::<i32>()
                .value(k)
                .to_owned()
        };
        let number = |name: &str, k: usize| {
            row.column_by_name(name)
                .unwrap()
                .as_primitive::<UInt64Type>()
                .value(k) as usize
        };
        for (k, w) in expected.iter().enumerate() {
            assert_eq!(string("code", k), w.code().as_str());
            assert_eq!(string("component", k), w.component().as_str());
            assert_eq!(string("message", k), w.message());
            assert_eq!(number("start", k)..number("end", k), w.range());
            // The character range slices the same text as the byte range.
            let chars: String = text
                .chars()
                .skip(number("char_start", k))
                .take(number("char_end", k) - number("char_start", k))
                .collect();
            assert_eq!(chars, text[w.range()]);
        }
    }
}
