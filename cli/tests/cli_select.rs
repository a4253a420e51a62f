//! `iri select --punycode-hosts` (an extension of `docs/cli.md`): hosts
//! in non-Latin scripts to a reader of Latin only, and Latin hosts to
//! readers of other scripts, plain and `--json`.

mod cli_support;

use cli_support::{iri, objects};
use serde_json::json;

#[test]
fn foreign_hosts_in_punycode_for_a_latin_reader() {
    let input = "http://пример.рф/\n\
                 https://例え.テスト/résumé\n\
                 http://مثال.إختبار/\n\
                 http://bücher.example/\n";
    let run = iri(
        &["select", "--scripts", "Latin", "--punycode-hosts"],
        input.as_bytes(),
    );
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    assert_eq!(
        run.stdout,
        "http://xn--e1afmkfd.xn--p1ai/\n\
         https://xn--r8jz45g.xn--zckzah/résumé\n\
         http://xn--mgbh0fb.xn--kgbechtv/\n\
         http://bücher.example/\n"
    );
    // Without the option, the hosts are percent-encoded as before.
    let run = iri(&["select", "--scripts", "Latin", "http://пример.рф/"], b"");
    assert_eq!(
        run.stdout,
        "http://%D0%BF%D1%80%D0%B8%D0%BC%D0%B5%D1%80.%D1%80%D1%84/\n"
    );
}

#[test]
fn latin_hosts_in_punycode_for_other_readers() {
    let run = iri(
        &[
            "select",
            "--scripts",
            "Cyrillic",
            "--punycode-hosts",
            "--json",
            "http://bücher.example/книги",
            "http://пример.рф/",
        ],
        b"",
    );
    assert_eq!(run.code, 0);
    assert_eq!(
        objects(&run),
        [
            json!({"input": "http://bücher.example/книги", "output": "http://xn--bcher-kva.example/книги", "form": "mixed"}),
            json!({"input": "http://пример.рф/", "output": "http://пример.рф/", "form": "iri"}),
        ]
    );
    let run = iri(
        &[
            "select",
            "--scripts=Han,Hiragana,Katakana",
            "--punycode-hosts",
            "https://café.example/日本",
            "https://例え.テスト/",
        ],
        b"",
    );
    assert_eq!(
        run.stdout,
        "https://xn--caf-dma.example/日本\nhttps://例え.テスト/\n"
    );
}

#[test]
fn other_schemes_and_rejected_hosts_are_percent_encoded() {
    let run = iri(
        &[
            "select",
            "--scripts",
            "Latin",
            "--punycode-hosts",
            "foo://пр/",
            "http://п_р/",
        ],
        b"",
    );
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (0, "foo://%D0%BF%D1%80/\nhttp://%D0%BF_%D1%80/\n")
    );
}
