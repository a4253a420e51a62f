//! The `iri-sql` binary on small CSV, Parquet and JSON files written here:
//! its results against the library's, its output formats, where it reads
//! SQL from, and its errors and exit statuses.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::{Arc, OnceLock};

use datafusion::arrow::array::{ArrayRef, Int64Array, RecordBatch, StringArray};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::parquet::arrow::ArrowWriter;
use rfc3987::normalize::{Level, Normalizer};

/// The inputs: valid, invalid, non-ASCII, a comma and a quote.
const URLS: &[&str] = &[
    "HTTP://Example.ORG:80/a/../b",
    "http://résumé.example.org/%7euser?q=1,2",
    "http://a b/",
    "urn:ISBN:0451450523",
    "http://example.com/\"q\"",
    "//h/p?#",
];

/// A directory with `urls.csv`, `urls.parquet` and `urls.json`, each with
/// the columns `id` and `url`.
fn data() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("iri-sql-data");
        std::fs::create_dir_all(&dir).unwrap();
        let mut csv = String::from("id,url\n");
        let mut json = String::new();
        for (id, url) in URLS.iter().enumerate() {
            csv.push_str(&format!("{id},\"{}\"\n", url.replace('"', "\"\"")));
            json.push_str(&format!("{{\"id\": {id}, \"url\": {url:?}}}\n"));
        }
        std::fs::write(dir.join("urls.csv"), csv).unwrap();
        std::fs::write(dir.join("urls.json"), json).unwrap();
        let schema = Arc::new(Schema::new(vec![
            Field::new("id", DataType::Int64, false),
            Field::new("url", DataType::Utf8, true),
        ]));
        let columns: Vec<ArrayRef> = vec![
            Arc::new(Int64Array::from_iter_values(0..URLS.len() as i64)),
            Arc::new(StringArray::from(URLS.to_vec())),
        ];
        let batch = RecordBatch::try_new(schema.clone(), columns).unwrap();
        let file = std::fs::File::create(dir.join("urls.parquet")).unwrap();
        let mut writer = ArrowWriter::try_new(file, schema, None).unwrap();
        writer.write(&batch).unwrap();
        writer.close().unwrap();
        dir
    })
}

/// Runs `iri-sql ARGS` in the data directory with `stdin`.
fn iri_sql(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_iri-sql"))
        .args(args)
        .current_dir(data())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(output: &Output) -> String {
    assert_eq!(
        output.status.code(),
        Some(0),
        "stderr: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

/// The library's normal form of each URL, `""` where it fails (CSV
/// writes a NULL as an empty field).
fn normal_forms() -> Vec<String> {
    let normalizer = Normalizer::new(Level::Syntax);
    URLS.iter()
        .map(|url| {
            let mut out = String::new();
            match normalizer.normalize_into(url, &mut out) {
                Ok(()) => out,
                Err(_) => String::new(),
            }
        })
        .collect()
}

/// The second CSV field of each line after the header (`id` never needs
/// quotes; `n` is quoted when it holds a comma or a quote).
fn csv_column(text: &str) -> Vec<String> {
    let mut reader = text.lines();
    assert_eq!(reader.next(), Some("id,n"));
    reader
        .map(|line| {
            let (_, field) = line.split_once(',').unwrap();
            match field.strip_prefix('"').and_then(|f| f.strip_suffix('"')) {
                Some(quoted) => quoted.replace("\"\"", "\""),
                None => field.to_owned(),
            }
        })
        .collect()
}

#[test]
fn each_file_format_is_a_table_by_its_path() {
    let want = normal_forms();
    // Two inputs are not IRIs (a space, a quote): NULL, an empty field.
    assert_eq!(want.iter().filter(|n| n.is_empty()).count(), 2);
    for file in ["urls.parquet", "urls.csv", "urls.json"] {
        let sql = format!("SELECT id, try_iri_normalize(url) AS n FROM '{file}' ORDER BY id");
        let out = stdout(&iri_sql(&["--format", "csv", "-c", &sql], ""));
        assert_eq!(csv_column(&out), want, "{file}");
    }
}

#[test]
fn sql_from_stdin_a_file_and_several_statements() {
    let sql = "CREATE EXTERNAL TABLE urls STORED AS PARQUET LOCATION 'urls.parquet';\n\
               SELECT id, try_iri_normalize(url) AS n FROM urls ORDER BY id;\n";
    let want = normal_forms();
    // Standard input, with and without `-f -`.
    for args in [&["--format", "csv"][..], &["--format", "csv", "-f", "-"]] {
        let out = stdout(&iri_sql(args, sql));
        assert_eq!(csv_column(&out), want, "{args:?}");
    }
    let path = data().join("query.sql");
    std::fs::write(&path, sql).unwrap();
    let out = stdout(&iri_sql(
        &["--format", "csv", "-f", path.to_str().unwrap()],
        "",
    ));
    assert_eq!(csv_column(&out), want);
}

#[test]
fn copy_writes_parquet_that_reads_back() {
    let out_path = data().join("hosts.parquet");
    let _ = std::fs::remove_file(&out_path);
    let sql = format!(
        "COPY (SELECT id, try_iri_host(url) AS host FROM 'urls.csv' ORDER BY id) TO '{}'",
        out_path.display()
    );
    stdout(&iri_sql(&["-c", &sql], ""));
    let sql = format!("SELECT host FROM '{}' ORDER BY id", out_path.display());
    let out = stdout(&iri_sql(&["--format", "json", "-c", &sql], ""));
    let hosts: Vec<&str> = out.lines().collect();
    assert_eq!(
        hosts,
        [
            r#"{"host":"Example.ORG"}"#,
            r#"{"host":"résumé.example.org"}"#,
            "{}",
            "{}",
            "{}",
            r#"{"host":"h"}"#,
        ]
    );
}

#[test]
fn tables_show_structs_and_lists() {
    let out = stdout(&iri_sql(
        &["-c", "SELECT try_iri_parse(url)['scheme'] AS s, iri_lint(url) AS lint FROM 'urls.parquet' WHERE id = 0"],
        "",
    ));
    assert!(out.contains("| s    | lint"), "{out}");
    assert!(
        out.contains("| HTTP | [uppercase-scheme, uppercase-host, default-port, dot-segments] |"),
        "{out}"
    );
    let out = stdout(&iri_sql(
        &[
            "--format",
            "json",
            "-c",
            "SELECT iri_parse('http://u@h:1/p?q#f') AS p",
        ],
        "",
    ));
    assert_eq!(
        out.trim(),
        r#"{"p":{"scheme":"http","authority":"u@h:1","userinfo":"u","host":"h","port":"1","path":"/p","query":"q","fragment":"f"}}"#
    );
}

#[test]
fn a_failed_row_is_exit_status_1_with_the_row_named() {
    let output = iri_sql(
        &[
            "-c",
            "SELECT 1; SELECT iri_normalize(url) FROM 'urls.csv'; SELECT 3",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(1));
    let err = stderr(&output);
    assert!(err.starts_with("iri-sql: statement 2: "), "{err}");
    assert!(err.contains("\"http://a b/\""), "{err}");
    assert!(err.contains("try_iri_normalize gives NULL"), "{err}");
    // The first statement's result was printed; the third did not run.
    let out = String::from_utf8(output.stdout).unwrap();
    assert!(out.contains("| Int64(1) |"), "{out}");
    assert!(!out.contains("Int64(3)"), "{out}");
}

#[test]
fn errors_of_the_query_exit_1_and_of_the_command_line_exit_2() {
    for (args, status, says) in [
        (&["-c", "SELEC 1"][..], 1, "statement 1: SQL error"),
        (
            &["-c", "SELECT * FROM 'missing.parquet'"],
            1,
            "statement 1: ",
        ),
        (
            &["-c", "SELECT iri_normalize(url, 'loud') FROM 'urls.csv'"],
            1,
            "unknown level 'loud'",
        ),
        (&["-c", "SELECT no_such_function(1)"], 1, "no_such_function"),
        (
            &["-f", "no-such-file.sql"],
            1,
            "cannot read no-such-file.sql",
        ),
        (
            &["--format", "xml", "-c", "SELECT 1"],
            2,
            "unknown format 'xml'",
        ),
        (&["--bogus"], 2, "--bogus"),
        (&["-c"], 2, "missing argument"),
        (&["-c", "SELECT 1", "-f", "x.sql"], 2, "give the SQL once"),
        (&["-c", "  "], 2, "no SQL to run"),
        (
            &["--format", "csv", "-c", "SELECT iri_parse('a:b') AS p"],
            1,
            "statement 1: ",
        ),
    ] {
        let output = iri_sql(args, "");
        let err = stderr(&output);
        assert_eq!(output.status.code(), Some(status), "{args:?}: {err}");
        assert!(err.starts_with("iri-sql: "), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    // No SQL on standard input either.
    let output = iri_sql(&[], "");
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn help_version_and_the_function_list() {
    let help = stdout(&iri_sql(&["--help"], ""));
    assert!(help.starts_with("usage: iri-sql"), "{help}");
    let version = stdout(&iri_sql(&["-V"], ""));
    assert!(version.starts_with("iri-sql "), "{version}");
    let list = stdout(&iri_sql(&["--functions"], ""));
    let names: Vec<&str> = list.lines().collect();
    assert_eq!(names, rfc3987_datafusion::function_names());
    assert!(names.contains(&"try_iri_to_uri") && names.contains(&"iri_error"));
}
