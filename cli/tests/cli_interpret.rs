//! `iri interpret` (an extension of `docs/cli.md`) on a mixed log: lines
//! in UTF-8, in Latin-1 and in Shift_JIS, plain and `--json`, with and
//! without `--legacy-only`.

mod cli_support;

use cli_support::{iri, objects};
use serde_json::json;

/// A server log as browsers of different eras fill it: 日本 and résumé in
/// UTF-8, 日本 in Shift_JIS (93FA 967B), résumé in Latin-1, an ASCII URI
/// and an IRI typed as such.
const LOG: &str = "http://example.jp/%E6%97%A5%E6%9C%AC.html\n\
                   http://example.jp/%93%FA%96%7B.html\n\
                   http://example.org/r%E9sum%E9.html\n\
                   http://example.org/r%C3%A9sum%C3%A9.html\n\
                   http://example.org/index.html\n\
                   http://пример.рф/путь\n";

#[test]
fn a_mixed_log_passes_whole() {
    let run = iri(
        &["interpret", "--encodings", "shift_jis,windows-1252"],
        LOG.as_bytes(),
    );
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    assert_eq!(
        run.stdout,
        "http://example.jp/日本.html\n\
         http://example.jp/日本.html\n\
         http://example.org/résumé.html\n\
         http://example.org/résumé.html\n\
         http://example.org/index.html\n\
         http://пример.рф/путь\n"
    );
}

#[test]
fn json_names_utf8_as_the_encoding() {
    let run = iri(
        &[
            "interpret",
            "--encodings",
            "shift_jis,windows-1252",
            "--json",
        ],
        LOG.as_bytes(),
    );
    assert_eq!(run.code, 0);
    let encodings: Vec<Vec<String>> = objects(&run)
        .iter()
        .map(|o| {
            o["candidates"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c["encoding"].as_str().unwrap().to_owned())
                .collect()
        })
        .collect();
    assert_eq!(
        encodings,
        [
            vec!["UTF-8"],
            // windows-1252 reads the Shift_JIS octets too, second.
            vec!["Shift_JIS", "windows-1252"],
            vec!["windows-1252"],
            vec!["UTF-8"],
            vec!["UTF-8"],
            vec!["UTF-8"],
        ]
    );
    assert_eq!(
        objects(&run)[0],
        json!({
            "input": "http://example.jp/%E6%97%A5%E6%9C%AC.html",
            "candidates": [{"encoding": "UTF-8", "output": "http://example.jp/日本.html"}],
        })
    );
}

#[test]
fn legacy_only_keeps_the_legacy_lines() {
    let run = iri(
        &[
            "interpret",
            "--encodings",
            "shift_jis,windows-1252",
            "--legacy-only",
        ],
        LOG.as_bytes(),
    );
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stdout,
        "\n\
         http://example.jp/日本.html\n\
         http://example.org/résumé.html\n\
         \n\n\n"
    );
}

#[test]
fn undecodable_and_invalid_inputs_fail() {
    // 0x81 alone: a Shift_JIS lead byte with no trail; not UTF-8 either.
    let run = iri(&["interpret", "--encodings", "shift_jis", "x:%81"], b"");
    assert_eq!((run.code, run.stdout.as_str()), (1, "\n"));
    // An invalid reference is an error where it stops (here its end).
    let run = iri(&["interpret", "--encodings", "shift_jis", "x:%8"], b"");
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.starts_with("line 1: error at byte 4:"),
        "{}",
        run.stderr
    );
    let run = iri(
        &["interpret", "--encodings", "shift_jis", "--legacy-only=1"],
        b"",
    );
    assert_eq!(run.code, 2);
}
