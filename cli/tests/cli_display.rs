//! `iri display` (an extension of `docs/cli.md`): the display form of RFC
//! 3987 sections 4.1 and 7.6 from the built binary, one line per input,
//! plain and `--json`, each option, errors and exit statuses.

mod cli_support;

use cli_support::{iri, objects};
use serde_json::json;

const LRI: char = '\u{2066}';
const PDI: char = '\u{2069}';

#[test]
fn right_to_left_iris_are_isolated_one_line_per_input() {
    let input = "http://example.org/שלום\n\
                 http://مثال.إختبار/صفحة\n\
                 http://例え.テスト/引き出し\n\
                 http://a/\u{202E}gpj.exe\n";
    let run = iri(&["display"], input.as_bytes());
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    assert_eq!(
        run.stdout,
        format!(
            "{LRI}http://example.org/שלום{PDI}\n\
             {LRI}http://مثال.إختبار/صفحة{PDI}\n\
             http://例え.テスト/引き出し\n\
             http://a/%E2%80%AEgpj.exe\n"
        )
    );
}

#[test]
fn json_and_the_embedding_marks() {
    let run = iri(
        &["display", "--json", "--embedding", "embed", "x:سلام", "x:a"],
        b"",
    );
    assert_eq!(run.code, 0);
    assert_eq!(
        objects(&run),
        [
            json!({"input": "x:سلام", "output": "\u{202A}x:سلام\u{202C}"}),
            json!({"input": "x:a", "output": "x:a"}),
        ]
    );
    // In right-to-left text every IRI is wrapped.
    let run = iri(
        &["display", "--rtl-context", "http://example.org/résumé"],
        b"",
    );
    assert_eq!(run.stdout, format!("{LRI}http://example.org/résumé{PDI}\n"));
}

#[test]
fn what_the_display_cannot_show_is_percent_encoded() {
    // A Latin-only display: Japanese and Cyrillic characters encoded,
    // one by one; é, and a Common arrow, shown.
    let run = iri(
        &[
            "display",
            "--scripts",
            "Latin",
            "http://example.org/café/日本→мир",
        ],
        b"",
    );
    assert_eq!(
        run.stdout,
        "http://example.org/café/%E6%97%A5%E6%9C%AC→%D0%BC%D0%B8%D1%80\n"
    );
    // A Japanese display shows kana and kanji, and encodes Hangul.
    let run = iri(
        &[
            "display",
            "--scripts=Han,Hiragana,Katakana",
            "x:例え/カタ/한",
        ],
        b"",
    );
    assert_eq!(run.stdout, "x:例え/カタ/%ED%95%9C\n");
    // A Cyrillic а among Latin letters, with --confusables.
    let run = iri(&["display", "--confusables", "http://pаypal.example/"], b"");
    assert_eq!(run.stdout, "http://p%D0%B0ypal.example/\n");
    // Section 4.4 example 8, in Hebrew: the two segments that break
    // section 4.2 are encoded whole.
    let run = iri(
        &[
            "display",
            "--bidi-unsafe",
            "http://ab.cd.ef/זח1/2טי/כל.html",
        ],
        b"",
    );
    assert_eq!(
        run.stdout,
        format!("{LRI}http://ab.cd.ef/%D7%96%D7%971/2%D7%98%D7%99/כל.html{PDI}\n")
    );
}

#[test]
fn failures_and_usage_errors() {
    let run = iri(&["display"], b"http://a/b c\nhttp://a/\xFF\nx:y\n");
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "\n\nx:y\n");
    assert!(
        run.stderr.starts_with("line 1: error at byte 10: ")
            && run.stderr.contains("\nline 2: error at byte 9: "),
        "{}",
        run.stderr
    );
    let run = iri(&["display", "--json", "http://a/b c"], b"");
    assert_eq!(objects(&run)[0]["error"]["offset"], 10);
    for args in [
        &["display", "--embedding", "rlo", "x:a"][..],
        &["display", "--scripts", "Elvish", "x:a"],
        &["display", "--scripts"],
        &["display", "--bogus"],
    ] {
        let run = iri(args, b"");
        assert_eq!(run.code, 2, "{args:?}");
        assert!(run.stderr.contains("usage: iri display"), "{}", run.stderr);
    }
    let run = iri(&["--help"], b"");
    assert!(run.stdout.contains("\n  display "), "{}", run.stdout);
}
