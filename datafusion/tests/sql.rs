//! SQL over a CSV file of IRIs, each function's result compared with the
//! `iri` binary's `--json` output on the same lines.
//!
//! The binary is built here with `cargo build -p rfc3987-cli` into this
//! test's own target directory (and profile), so a fresh clone needs
//! nothing more than `cargo test`.

mod common;
use common::text;

use std::io::Write as _;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use datafusion::arrow::array::{Array, ArrayRef, AsArray, RecordBatch};
use datafusion::arrow::datatypes::{DataType, Field, Schema, UInt64Type};
use datafusion::prelude::{CsvReadOptions, SessionContext};
use serde_json::Value;

/// `(iri, other)` rows: valid, invalid, null, non-ASCII, IDN hosts,
/// commas and quotes (CSV quoting). No empty string: CSV reads an empty
/// field as null.
const ROWS: &[(Option<&str>, Option<&str>)] = &[
    (
        Some("http://example.org/a/./b/../c?q#f"),
        Some("http://example.org/a/c?q#f"),
    ),
    (
        Some("HTTP://Example.ORG:80/%7euser"),
        Some("http://example.org/~user"),
    ),
    (None, Some("http://a/")),
    (
        Some("http://résumé.example.org/ü?q=ж#ф"),
        Some("http://xn--rsum-bpad.example.org/%C3%BC?q=%D0%B6#%D1%84"),
    ),
    (
        Some("http://xn--rsum-bpad.example.org/D%C3%BCrst"),
        Some("http://résumé.example.org/Dürst"),
    ),
    (Some("http://a b"), Some("http://a/")),
    (Some("../g;x?y#s"), Some("../g;x?y#s")),
    (Some("//[::1]:/p?"), Some("//[::1]/p?")),
    (Some("foo:%zz"), Some("foo:")),
    (
        Some("mailto:user@example.com"),
        Some("MAILTO:user@example.com"),
    ),
    (
        Some("http://example.org/e\u{301}"),
        Some("http://example.org/\u{e9}"),
    ),
    (Some("http://u@h:8080/p?q#"), None),
    (Some("http://a/\u{202e}b"), Some("http://a/b")),
    (
        Some("http://例え.テスト/パス"),
        Some("http://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9"),
    ),
    (
        Some("https://münchen.de:443/straße?q=1,2"),
        Some("https://xn--mnchen-3ya.de/stra%C3%9Fe?q=1,2"),
    ),
    (
        Some("http://example.com/\"quoted\""),
        Some("http://example.com/"),
    ),
    (
        Some("ftp://Ü@bücher.example/%e2%82%ac"),
        Some("ftp://%C3%9C@b%C3%BCcher.example/%E2%82%AC"),
    ),
    (
        Some("http://my_host.example.com/%41"),
        Some("http://my_host.example.com/A"),
    ),
    (Some("urn:isbn:0451450523"), Some("urn:ISBN:0451450523")),
    (
        Some("http://ＥＸＡＭＰＬＥ.com/ｆｕｌｌ"),
        Some("http://example.com/full"),
    ),
];

const BASE: &str = "http://a/b/c/d;p?q";

/// The `iri` binary, built once.
fn iri() -> &'static PathBuf {
    static BINARY: OnceLock<PathBuf> = OnceLock::new();
    BINARY.get_or_init(|| {
        // target/<profile>/deps/<this test>
        let exe = std::env::current_exe().unwrap();
        let profile_dir = exe.parent().unwrap().parent().unwrap().to_path_buf();
        let target_dir = profile_dir.parent().unwrap();
        let mut build = Command::new(env!("CARGO"));
        build
            .args([
                "build",
                "--quiet",
                "-p",
                "rfc3987-cli",
                "--bin",
                "iri",
                "--target-dir",
            ])
            .arg(target_dir)
            .current_dir(env!("CARGO_MANIFEST_DIR"));
        if profile_dir
            .file_name()
            .is_some_and(|name| name == "release")
        {
            build.arg("--release");
        }
        let status = build.status().expect("cargo runs");
        assert!(status.success(), "building the iri binary failed");
        let binary = profile_dir.join(format!("iri{}", std::env::consts::EXE_SUFFIX));
        assert!(binary.exists(), "{} was not built", binary.display());
        binary
    })
}

/// One JSON object per line of `iri ARGS --json` on `lines`.
fn cli(args: &[&str], lines: &[String]) -> Vec<Value> {
    cli_or_usage_error(args, lines).unwrap_or_else(|| panic!("iri {args:?}: usage error"))
}

/// [`cli`], or `None` when `iri` rejects its arguments (exit status 2:
/// for `resolve BASE`, a BASE that is not an IRI).
fn cli_or_usage_error(args: &[&str], lines: &[String]) -> Option<Vec<Value>> {
    let mut child = Command::new(iri())
        .args(args)
        .arg("--json")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut input = lines.join("\n");
    input.push('\n');
    // A usage error exits before reading stdin, so the write may find the
    // pipe closed: the exit status, not the write, says what happened.
    match child.stdin.take().unwrap().write_all(input.as_bytes()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        written => written.unwrap(),
    }
    let output = child.wait_with_output().unwrap();
    if output.status.code() == Some(2) {
        return None;
    }
    assert!(
        matches!(output.status.code(), Some(0 | 1)),
        "iri {args:?} failed"
    );
    let text = String::from_utf8(output.stdout).unwrap();
    let objects: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        objects.len(),
        lines.len(),
        "iri {args:?}: one object per line"
    );
    Some(objects)
}

/// The CLI's objects for the rows whose inputs are all present, by row;
/// `None` for the other rows (SQL gives null there).
fn cli_rows(args: &[&str], line: impl Fn(&str, &str) -> Option<String>) -> Vec<Option<Value>> {
    let lines: Vec<Option<String>> = ROWS
        .iter()
        .map(|(a, b)| line(a.unwrap_or_default(), b.unwrap_or_default()).filter(|_| a.is_some()))
        .collect();
    let present: Vec<String> = lines.iter().flatten().cloned().collect();
    let mut objects = cli(args, &present).into_iter();
    lines
        .iter()
        .map(|l| l.as_ref().and_then(|_| objects.next()))
        .collect()
}

/// Runs `sql` over the CSV table `iris (id, iri, other)`; columns by name,
/// rows ordered by `id`.
async fn query(select: &str) -> RecordBatch {
    static CSV: OnceLock<PathBuf> = OnceLock::new();
    let path = CSV.get_or_init(|| {
        let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("rfc3987-datafusion-iris.csv");
        let quote = |field: Option<&str>| match field {
            Some(text) => format!("\"{}\"", text.replace('"', "\"\"")),
            None => String::new(),
        };
        let mut text = String::from("id,iri,other\n");
        for (id, (iri, other)) in ROWS.iter().enumerate() {
            text.push_str(&format!("{id},{},{}\n", quote(*iri), quote(*other)));
        }
        std::fs::write(&path, text).unwrap();
        path
    });
    let ctx = SessionContext::new();
    rfc3987_datafusion::register_all(&ctx);
    let schema = Schema::new(vec![
        Field::new("id", DataType::Int64, false),
        Field::new("iri", DataType::Utf8, true),
        Field::new("other", DataType::Utf8, true),
    ]);
    ctx.register_csv(
        "iris",
        path.to_str().unwrap(),
        CsvReadOptions::new().has_header(true).schema(&schema),
    )
    .await
    .unwrap();
    let batches = ctx
        .sql(&format!("SELECT {select} FROM iris ORDER BY id"))
        .await
        .unwrap()
        .collect()
        .await
        .unwrap();
    let batch = datafusion::arrow::compute::concat_batches(&batches[0].schema(), &batches).unwrap();
    assert_eq!(batch.num_rows(), ROWS.len(), "no row lost");
    batch
}

fn column<'a>(batch: &'a RecordBatch, name: &str) -> &'a ArrayRef {
    batch
        .column_by_name(name)
        .unwrap_or_else(|| panic!("no column {name}"))
}

/// The CLI's `output` (null on error) against a text column.
fn same_outputs(batch: &RecordBatch, name: &str, expected: &[Option<Value>]) {
    let got = column(batch, name);
    let mut compared = 0;
    for (i, object) in expected.iter().enumerate() {
        let want = object
            .as_ref()
            .and_then(|o| o["output"].as_str().map(str::to_owned));
        assert_eq!(text(got, i), want, "{name}, row {i}: {:?}", ROWS[i]);
        compared += usize::from(want.is_some());
    }
    assert!(
        compared > ROWS.len() / 3,
        "{name}: too few successful rows ({compared})"
    );
}

#[tokio::test]
async fn mappings_and_normal_forms_match_the_cli() {
    let batch = query(&format!(
        "try_iri_to_uri(iri) AS to_uri, try_iri_to_iri(iri) AS to_iri, \
         try_iri_normalize(iri) AS syntax, try_iri_normalize(iri, 'scheme') AS scheme, \
         try_iri_normalize(iri, 'syntax', 'nfc') AS nfc, try_iri_normalize(iri, 'scheme', 'nfkc') AS nfkc, \
         try_iri_resolve('{BASE}', iri) AS resolved, try_iri_resolve(other, iri) AS resolved_by_column, \
         try_iri_relativize('{BASE}', iri) AS relative"
    ))
    .await;
    let one = |a: &str, _: &str| Some(a.to_owned());
    same_outputs(&batch, "to_uri", &cli_rows(&["to-uri"], one));
    same_outputs(&batch, "to_iri", &cli_rows(&["to-iri"], one));
    same_outputs(&batch, "syntax", &cli_rows(&["normalize"], one));
    same_outputs(
        &batch,
        "scheme",
        &cli_rows(&["normalize", "--level", "scheme"], one),
    );
    same_outputs(&batch, "nfc", &cli_rows(&["normalize", "--nfc"], one));
    same_outputs(
        &batch,
        "nfkc",
        &cli_rows(&["normalize", "--level", "scheme", "--nfkc"], one),
    );
    same_outputs(&batch, "resolved", &cli_rows(&["resolve", BASE], one));
    same_outputs(&batch, "relative", &cli_rows(&["relativize", BASE], one));
    // Per-row bases: compare row by row with `iri resolve OTHER`.
    let by_column = column(&batch, "resolved_by_column");
    for (i, (iri, other)) in ROWS.iter().enumerate() {
        let want = match (iri, other) {
            (Some(iri), Some(other)) => cli_or_usage_error(&["resolve", other], &[iri.to_string()])
                .and_then(|objects| objects[0]["output"].as_str().map(str::to_owned)),
            _ => None,
        };
        assert_eq!(text(by_column, i), want, "row {i}");
    }
}

#[tokio::test]
async fn validity_components_lint_and_errors_match_the_cli() {
    let components = rfc3987_arrow::COMPONENTS
        .iter()
        .map(|c| format!("try_iri_{c}(iri) AS {c}"))
        .collect::<Vec<_>>()
        .join(", ");
    let batch = query(&format!(
        "iri_valid(iri) AS valid, iri_valid(iri, 'IRI') AS valid_iri, try_iri_parse(iri) AS parsed, \
         try_iri_lint(iri) AS lint, iri_error(iri) AS error, {components}"
    ))
    .await;
    let one = |a: &str, _: &str| Some(a.to_owned());
    let check = cli_rows(&["check"], one);
    let check_iri = cli_rows(&["check", "--rule", "IRI"], one);
    let parse = cli_rows(&["parse"], one);
    let lint = cli_rows(&["lint"], one);
    let valid = column(&batch, "valid").as_boolean();
    let valid_iri = column(&batch, "valid_iri").as_boolean();
    let parsed = column(&batch, "parsed").as_struct();
    let lints = column(&batch, "lint").as_list::<i32>();
    let errors = column(&batch, "error").as_struct();
    for i in 0..ROWS.len() {
        let Some(object) = &check[i] else {
            for c in [
                column(&batch, "valid"),
                column(&batch, "parsed"),
                column(&batch, "lint"),
                column(&batch, "error"),
            ] {
                assert!(c.is_null(i), "row {i}");
            }
            continue;
        };
        let ok = object["valid"].as_bool().unwrap();
        assert_eq!(valid.value(i), ok, "row {i}");
        assert_eq!(
            valid_iri.value(i),
            check_iri[i].as_ref().unwrap()["valid"].as_bool().unwrap(),
            "row {i}"
        );
        // The error column: the CLI's offset, null for a valid row.
        if ok {
            assert!(errors.is_null(i), "row {i}");
        } else {
            let offsets = errors
                .column_by_name("offset")
                .unwrap()
                .as_primitive::<UInt64Type>();
            assert_eq!(
                Some(offsets.value(i)),
                object["error"]["offset"].as_u64(),
                "row {i}"
            );
        }
        // The components, struct and functions, field by field.
        let parse = parse[i].as_ref().unwrap();
        assert_eq!(parsed.is_valid(i), ok, "row {i}");
        for name in rfc3987_arrow::COMPONENTS {
            let want = if ok {
                parse[name].as_str().map(str::to_owned)
            } else {
                None
            };
            assert_eq!(
                text(parsed.column_by_name(name).unwrap(), i).filter(|_| ok),
                want,
                "row {i} {name}"
            );
            assert_eq!(
                text(column(&batch, name), i),
                want,
                "row {i} try_iri_{name}"
            );
        }
        // The warning codes, in the CLI's order.
        let lint = lint[i].as_ref().unwrap();
        if ok {
            let want: Vec<&str> = lint["warnings"]
                .as_array()
                .unwrap()
                .iter()
                .map(|w| w["code"].as_str().unwrap())
                .collect();
            let row = lints.value(i);
            let got: Vec<&str> = row.as_string::<i32>().iter().map(Option::unwrap).collect();
            assert_eq!(got, want, "row {i}");
        } else {
            assert!(lints.is_null(i), "row {i}");
        }
    }
    // The inputs exercise both verdicts and some warnings.
    assert!(
        valid.iter().flatten().any(|v| !v) && valid.iter().flatten().filter(|v| *v).count() > 10
    );
    assert!((0..ROWS.len()).any(|i| lints.is_valid(i) && !lints.value(i).is_empty()));
}

#[tokio::test]
async fn equivalence_matches_the_cli() {
    let batch = query(
        "try_iri_equivalent(iri, other) AS syntax, try_iri_equivalent(iri, other, 'simple') AS simple, \
         try_iri_equivalent(iri, other, 'scheme') AS scheme",
    )
    .await;
    let pair = |a: &str, b: &str| Some(format!("{a}\t{b}"));
    for level in ["simple", "syntax", "scheme"] {
        let expected = cli_rows(&["equiv", "--level", level], pair);
        let got = column(&batch, level).as_boolean();
        let mut seen = [0, 0];
        for (i, (iri, other)) in ROWS.iter().enumerate() {
            let want = expected[i]
                .as_ref()
                .filter(|_| other.is_some() && iri.is_some())
                .and_then(|o| o["equivalent"].as_bool());
            assert_eq!(
                got.is_valid(i).then(|| got.value(i)),
                want,
                "{level}, row {i}: {:?}",
                ROWS[i]
            );
            if let Some(v) = want {
                seen[usize::from(v)] += 1;
            }
        }
        assert!(
            seen[0] > 0 && seen[1] > 0,
            "{level}: both verdicts occur ({seen:?})"
        );
    }
}

#[tokio::test]
async fn literal_arguments_are_checked() {
    let ctx = SessionContext::new();
    rfc3987_datafusion::register_all(&ctx);
    let run = |sql: &'static str| {
        let ctx = ctx.clone();
        async move { ctx.sql(sql).await?.collect().await }
    };
    let e = run("SELECT iri_valid('x:y', 'no-such-rule')")
        .await
        .unwrap_err();
    assert!(e.to_string().contains("unknown ABNF rule"), "{e}");
    let e = run("SELECT try_iri_normalize('x:y', 'loud')")
        .await
        .unwrap_err();
    assert!(e.to_string().contains("unknown level"), "{e}");
    let e = run("SELECT try_iri_resolve('not a base', 'g')")
        .await
        .unwrap_err();
    assert!(e.to_string().contains("is not an IRI"), "{e}");
    // Scalars in, scalars out; NULL literals give null.
    let batches = run("SELECT try_iri_resolve('http://a/b/c', '../d') AS r, iri_valid(NULL) AS v, iri_scheme('x:y') AS s")
        .await
        .unwrap();
    assert_eq!(text(batches[0].column(0), 0).as_deref(), Some("http://a/d"));
    assert!(batches[0].column(1).is_null(0));
    assert_eq!(text(batches[0].column(2), 0).as_deref(), Some("x"));
}
