//! Spark's conventions in SQL: a strict function stops the query at a
//! failed row with an error naming the row, its input and why; its `try_`
//! form gives NULL; NULL in, NULL out; an absent component is NULL; the
//! struct results' fields and the lint list work with DataFusion's
//! field access and nested functions.

mod common;
use common::text;

use datafusion::arrow::array::{Array, ArrayRef, AsArray, RecordBatch};
use datafusion::arrow::datatypes::UInt64Type;
use datafusion::common::Result;
use datafusion::prelude::SessionContext;

fn context() -> SessionContext {
    let ctx = SessionContext::new();
    rfc3987_datafusion::register_all(&ctx);
    ctx
}

async fn run(sql: &str) -> Result<RecordBatch> {
    let batches = context().sql(sql).await?.collect().await?;
    Ok(datafusion::arrow::compute::concat_batches(
        &batches[0].schema(),
        &batches,
    )?)
}

async fn one(sql: &str) -> ArrayRef {
    let batch = run(sql).await.unwrap_or_else(|e| panic!("{sql}: {e}"));
    batch.column(0).clone()
}

/// Each function whose rows can fail, with arguments around `{}`, the
/// argument that fails or is NULL.
const FALLIBLE: &[(&str, &str)] = &[
    ("iri_parse", "{}"),
    ("iri_scheme", "{}"),
    ("iri_authority", "{}"),
    ("iri_userinfo", "{}"),
    ("iri_host", "{}"),
    ("iri_port", "{}"),
    ("iri_path", "{}"),
    ("iri_query", "{}"),
    ("iri_fragment", "{}"),
    ("iri_to_uri", "{}"),
    ("iri_to_iri", "{}"),
    ("iri_normalize", "{}"),
    ("iri_normalize", "{}, 'scheme', 'nfkc'"),
    ("iri_resolve", "'http://a/b/c', {}"),
    ("iri_resolve", "{}, 'g'"),
    ("iri_relativize", "'http://a/b/c', {}"),
    ("iri_equivalent", "{}, 'http://a/'"),
    ("iri_equivalent", "'http://a/', {}, 'simple'"),
    ("iri_lint", "{}"),
];

/// Rows for the functions: a valid one first, then the failing one.
const TABLE: &str = "(VALUES ('http://a/x'), ('http://a b'), ('http://c/')) AS t(u)";

#[test]
fn every_function_that_can_fail_has_a_try_form_and_no_other_has() {
    let names = rfc3987_datafusion::function_names();
    let strict: Vec<&str> = names
        .iter()
        .map(String::as_str)
        .filter(|n| !n.starts_with("try_"))
        .collect();
    for (name, _) in FALLIBLE {
        assert!(strict.contains(name), "{name} is registered");
        assert!(
            names.contains(&format!("try_{name}")),
            "try_{name} is registered"
        );
    }
    for name in &strict {
        let listed = FALLIBLE.iter().any(|(f, _)| f == name);
        assert_eq!(
            listed,
            !matches!(*name, "iri_valid" | "iri_error"),
            "{name}: only iri_valid and iri_error answer for every row"
        );
    }
    assert_eq!(names.len(), 2 * strict.len() - 2);
}

#[tokio::test]
async fn a_strict_function_names_the_failed_row_and_a_try_function_gives_null() {
    for (name, args) in FALLIBLE {
        let call = |prefix: &str| format!("{prefix}{name}({})", args.replace("{}", "u"));
        // Strict: the error names the function, the row in its batch, the
        // input, the offset and the rule, and the try_ form.
        let sql = format!("SELECT {} FROM {TABLE}", call(""));
        let e = run(&sql).await.expect_err(&sql).to_string();
        assert!(
            e.contains(&format!("{name}: row 1 of the batch, ")),
            "{sql}: {e}"
        );
        assert!(e.contains("\"http://a b\""), "{sql}: {e}");
        assert!(e.contains("at byte 8"), "{sql}: {e}");
        // The rule, but for the mapping of section 3.1, whose error is
        // not a grammar rule's (a space is an ireg-name's end there).
        if *name != "iri_to_uri" {
            assert!(e.contains("ireg-name"), "{sql}: {e}");
        }
        assert!(e.contains(&format!("try_{name} gives NULL")), "{sql}: {e}");
        // try_: NULL for that row only (an absent component may be NULL
        // in the others too).
        let got = one(&format!("SELECT {} FROM {TABLE}", call("try_"))).await;
        assert_eq!(got.len(), 3);
        assert!(
            got.is_null(1),
            "try_{name}({args}) is NULL for the failed row"
        );
        if !["iri_query", "iri_fragment", "iri_userinfo", "iri_port"].contains(name) {
            assert!(got.is_valid(0) && got.is_valid(2), "try_{name}({args})");
        }
    }
}

#[tokio::test]
async fn the_error_counts_rows_in_the_batch_and_quotes_both_sides() {
    let e =
        run("SELECT iri_resolve(b, r) FROM (VALUES ('http://a/', 'g'), ('x y', 'h')) AS t(b, r)")
            .await
            .unwrap_err()
            .to_string();
    assert!(
        e.contains("iri_resolve: row 1 of the batch, base \"x y\", reference \"h\": base: "),
        "{e}"
    );
    let e = run(
        "SELECT iri_equivalent(a, b) FROM (VALUES ('http://a/', '%'), ('a:', 'b:')) AS t(a, b)",
    )
    .await
    .unwrap_err()
    .to_string();
    assert!(
        e.contains(
            "row 0 of the batch, first input \"http://a/\", second input \"%\": second input: "
        ),
        "{e}"
    );
    // A mapping error (not a grammar rule's) names no rule.
    let e = run("SELECT iri_to_uri('http://a b')")
        .await
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("iri_to_uri: row 0 of the batch, \"http://a b\": found ' ' (U+0020) at byte 8"),
        "{e}"
    );
    assert!(!e.contains("(rule"), "{e}");
    // A control character is shown escaped.
    let e = run("SELECT iri_normalize('http://a/\u{7f}')")
        .await
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("iri_normalize: row 0 of the batch, \"http://a/\\u{7f}\": ")
            && e.contains("isegment"),
        "{e}"
    );
}

#[tokio::test]
async fn null_in_null_out() {
    for (name, args) in FALLIBLE {
        for prefix in ["", "try_"] {
            let sql = format!(
                "SELECT {prefix}{name}({}) FROM (VALUES (CAST(NULL AS VARCHAR))) AS t(u)",
                args.replace("{}", "u")
            );
            let got = one(&sql).await;
            assert!(got.is_null(0), "{sql}");
            // A NULL literal, too.
            let sql = format!("SELECT {prefix}{name}({})", args.replace("{}", "NULL"));
            let got = one(&sql).await;
            assert!(got.is_null(0), "{sql}");
        }
    }
    for sql in [
        "SELECT iri_valid(NULL)",
        "SELECT iri_valid('http://a/', NULL)",
        "SELECT iri_error(NULL)",
        "SELECT iri_normalize('http://a/', NULL)",
        "SELECT iri_normalize('http://a/', 'syntax', NULL)",
        "SELECT iri_equivalent('http://a/', 'http://a/', NULL)",
        "SELECT iri_resolve(NULL, 'g')",
        "SELECT iri_relativize(NULL, 'http://a/')",
    ] {
        assert!(one(sql).await.is_null(0), "{sql}");
    }
}

#[tokio::test]
async fn an_absent_component_is_null_and_an_empty_one_is_empty() {
    let batch = run(
        "SELECT iri_query(u) AS q, iri_fragment(u) AS f, iri_port(u) AS p, iri_userinfo(u) AS ui, \
                iri_authority(u) AS a, iri_path(u) AS path, iri_scheme(u) AS s \
         FROM (VALUES ('http://h:/p?#'), ('urn:x'), ('//h')) AS t(u)",
    )
    .await
    .unwrap();
    let col = |name: &str| batch.column_by_name(name).unwrap().clone();
    assert_eq!(text(&col("q"), 0).as_deref(), Some(""));
    assert_eq!(text(&col("f"), 0).as_deref(), Some(""));
    assert_eq!(text(&col("p"), 0).as_deref(), Some(""));
    assert_eq!(text(&col("ui"), 0), None);
    for name in ["q", "f", "p", "ui", "a"] {
        assert_eq!(text(&col(name), 1), None, "{name} of urn:x");
    }
    assert_eq!(text(&col("path"), 1).as_deref(), Some("x"));
    assert_eq!(text(&col("path"), 2).as_deref(), Some(""));
    assert_eq!(text(&col("s"), 2), None);
}

#[tokio::test]
async fn struct_fields_are_reachable_by_field_access_and_get_field() {
    // `.field` on a column that holds the struct; `['field']` and
    // `get_field` on the call itself (DataFusion's SQL planner takes no
    // `.field` right after a function call).
    let batch = run(
        "SELECT iri_parse(u)['host'] AS bracket, get_field(iri_parse(u), 'port') AS get, \
                p.scheme AS dot, p.path AS path, e.message AS message, e.offset AS offset, \
                try_iri_parse(u)['host'] AS try_host \
         FROM (SELECT u, try_iri_parse(u) AS p, iri_error(u) AS e \
               FROM (VALUES ('http://h:8/p')) AS t(u)) AS s",
    )
    .await
    .unwrap();
    assert_eq!(batch.num_rows(), 1);
    let col = |name: &str| batch.column_by_name(name).unwrap().clone();
    assert_eq!(text(&col("bracket"), 0).as_deref(), Some("h"));
    assert_eq!(text(&col("get"), 0).as_deref(), Some("8"));
    assert_eq!(text(&col("dot"), 0).as_deref(), Some("http"));
    assert_eq!(text(&col("path"), 0).as_deref(), Some("/p"));
    assert_eq!(text(&col("try_host"), 0).as_deref(), Some("h"));
    // A valid IRI has no error: the struct is NULL, and so are its fields.
    assert!(col("message").is_null(0) && col("offset").is_null(0));

    let batch = run(
        "SELECT iri_error(u)['message'] AS message, get_field(iri_error(u), 'offset') AS offset, \
                e.rule AS rule, try_iri_parse(u)['host'] AS host \
         FROM (SELECT u, iri_error(u) AS e FROM (VALUES ('http://h:8/p q')) AS t(u)) AS s",
    )
    .await
    .unwrap();
    let col = |name: &str| batch.column_by_name(name).unwrap().clone();
    let message = text(&col("message"), 0).unwrap();
    assert!(message.contains("at byte 12"), "{message}");
    assert_eq!(col("offset").as_primitive::<UInt64Type>().value(0), 12);
    assert_eq!(text(&col("rule"), 0).as_deref(), Some("isegment"));
    assert!(col("host").is_null(0));
}

#[tokio::test]
async fn nested_functions_work_on_the_lint_list() {
    let batch = run(
        "SELECT u, array_has(iri_lint(u), 'confusable') AS confusable, \
                cardinality(iri_lint(u)) AS n, array_to_string(iri_lint(u), ',') AS codes \
         FROM (VALUES ('http://p\u{430}ypal.com/'), ('HTTP://a/%41'), ('http://a/')) AS t(u) \
         ORDER BY u",
    )
    .await
    .unwrap();
    let by_input: Vec<(String, bool, String)> = (0..batch.num_rows())
        .map(|i| {
            (
                text(batch.column(0), i).unwrap(),
                batch.column(1).as_boolean().value(i),
                text(batch.column(3), i).unwrap(),
            )
        })
        .collect();
    assert_eq!(
        by_input,
        vec![
            (
                "HTTP://a/%41".into(),
                false,
                "uppercase-scheme,pct-unreserved".into()
            ),
            ("http://a/".into(), false, String::new()),
            (
                "http://p\u{430}ypal.com/".into(),
                true,
                "mixed-script,confusable".into()
            ),
        ]
    );
    // One row per warning, and a filter on the list.
    let batch = run(
        "SELECT unnest(iri_lint(u)) AS code FROM (VALUES ('HTTP://a/%41'), ('http://a/')) AS t(u)",
    )
    .await
    .unwrap();
    assert_eq!(batch.num_rows(), 2);
    let batch = run(
        "SELECT count(*) AS n FROM (VALUES ('HTTP://a/%41'), ('http://a/'), ('http://p\u{430}ypal.com/')) AS t(u) \
         WHERE array_has_any(iri_lint(u), ['confusable', 'uppercase-scheme'])",
    )
    .await
    .unwrap();
    assert_eq!(
        batch
            .column(0)
            .as_primitive::<datafusion::arrow::datatypes::Int64Type>()
            .value(0),
        2
    );
}
