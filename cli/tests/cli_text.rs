//! `iri find` and `iri entry` (extensions of `docs/cli.md`): the built
//! binary on arguments and stdin, plain and `--json`, and exit statuses.

mod cli_support;

use cli_support::{iri, objects};
use serde_json::json;

#[test]
fn find_prints_one_line_per_iri() {
    let text = "See <http://a/b>, http://例え.jp/引き出し. and mailto:x@y.\n\
                nothing here\n\
                [md](https://c/d_(e)) \u{FF} ftp://f/\n";
    let run = iri(&["find"], text.as_bytes());
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr.as_str()),
        (
            0,
            "http://a/b\nhttp://例え.jp/引き出し\nmailto:x@y\nhttps://c/d_(e)\nftp://f/\n",
            ""
        )
    );
}

#[test]
fn find_json_has_line_and_byte_range() {
    let run = iri(&["find", "--json", "no IRI", "é http://a/ <urn:x:y>"], b"");
    assert_eq!(run.code, 0);
    assert_eq!(
        objects(&run),
        [
            json!({"line": 2, "start": 3, "end": 12, "text": "http://a/", "iri": "http://a/"}),
            json!({"line": 2, "start": 14, "end": 21, "text": "urn:x:y", "iri": "urn:x:y"}),
        ]
    );
    let run = iri(&["find", "--json", "<http://例え.jp/ パス>"], b"");
    assert_eq!(
        objects(&run),
        [
            json!({"line": 1, "start": 1, "end": 25, "text": "http://例え.jp/ パス", "iri": "http://例え.jp/パス"})
        ]
    );
}

#[test]
fn find_exit_status_and_schemes() {
    let run = iri(&["find", "no IRI here", "http: alone"], b"");
    assert_eq!((run.code, run.stdout.as_str()), (1, ""));
    let run = iri(
        &[
            "find",
            "--schemes",
            "gemini://,doi:",
            "gemini://g/ doi:10.1/2 http://a/",
        ],
        b"",
    );
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (0, "gemini://g/\ndoi:10.1/2\n")
    );
    let run = iri(&["find", "--schemes", "http", "x"], b"");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("'http' is not 'name:' or 'name://'"),
        "{}",
        run.stderr
    );
}

#[test]
fn find_a_long_line() {
    let mut text = String::new();
    while text.len() < 4 << 20 {
        text.push_str("voir https://例え.jp/a?b=c, ");
    }
    text.push('\n');
    let run = iri(&["find"], text.as_bytes());
    assert_eq!(run.code, 0);
    assert_eq!(run.stdout.lines().count(), text.matches("https").count());
    assert!(run.stdout.lines().all(|l| l == "https://例え.jp/a?b=c"));
}

#[test]
fn entry_plain_and_json() {
    let run = iri(
        &["entry"],
        " <ｈｔｔｐ://a/my file> \nht tp://a/\n\n".as_bytes(),
    );
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "http://a/my%20file\n\n\n");
    assert!(
        run.stderr
            .starts_with("line 2: error at byte 2: cannot convert ' ' (U+0020)"),
        "{}",
        run.stderr
    );
    let run = iri(&["entry", "--json", "\"http://a/b c\""], b"");
    assert_eq!(run.code, 0);
    assert_eq!(
        objects(&run),
        [json!({
            "input": "\"http://a/b c\"",
            "output": "http://a/b%20c",
            "changes": [
                {"kind": "unwrapped", "start": 0, "end": 1, "before": "\"", "after": ""},
                {"kind": "unwrapped", "start": 13, "end": 14, "before": "\"", "after": ""},
                {"kind": "percent-encoded", "start": 11, "end": 12, "before": " ", "after": "%20"},
            ]
        })]
    );
    let run = iri(&["entry", "--json", "http://a:8o/"], b"");
    assert_eq!(run.code, 1);
    assert_eq!(objects(&run)[0]["error"]["offset"], 11);
}

#[test]
fn select_prints_the_form_for_the_audience() {
    let input = "http://例え.jp/résumé?q=日本";
    let run = iri(&["select", "--scripts", "Latin", "--json", input], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        objects(&run)[0],
        json!({"input": input, "output": "http://%E4%BE%8B%E3%81%88.jp/résumé?q=%E6%97%A5%E6%9C%AC", "form": "mixed"})
    );
    // Scripts that cover everything keep the IRI; none gives the URI.
    let run = iri(
        &["select", "--scripts", "Latin,Han,Hiragana"],
        input.as_bytes(),
    );
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (0, format!("{input}\n").as_str())
    );
    let run = iri(&["select", "--scripts", "Cyrillic", "http://a/日"], b"");
    assert_eq!(run.stdout, "http://a/%E6%97%A5\n");
    assert_eq!(iri(&["select", "--scripts", "Klingon", "x"], b"").code, 2);
}

#[test]
fn interpret_offers_legacy_decodings() {
    let run = iri(
        &[
            "interpret",
            "--encodings",
            "windows-1252",
            "--legacy-only",
            "--json",
        ],
        b"http://a/r%E9sum%E9.html\nhttp://a/r%C3%A9sum%C3%A9.html\n",
    );
    // The second is UTF-8 already: legacy only, no candidate, a failure.
    assert_eq!(run.code, 1);
    let objects = objects(&run);
    assert_eq!(
        objects[0]["candidates"],
        json!([{"encoding": "windows-1252", "output": "http://a/résumé.html"}])
    );
    assert_eq!(objects[1]["candidates"], json!([]));
    let run = iri(
        &[
            "interpret",
            "--encodings",
            "shift_jis",
            "http://a/%93%FA%96%7B%2F",
        ],
        b"",
    );
    assert_eq!((run.code, run.stdout.as_str()), (0, "http://a/日本%2F\n"));
    assert_eq!(iri(&["interpret", "x"], b"").code, 2);
}
