//! `iri lint` against `docs/cli.md` (the CLI contract and its extensions
//! section): one output line per input, `--json` objects, exit statuses.

mod cli_support;

use cli_support::{iri, objects};

use serde_json::json;

#[test]
fn plain_lines_one_per_input() {
    let run = iri(
        &[
            "lint",
            "http://résumé.example.org/",
            "HTTP://example.org/%C0%AF",
            "http://ab.cd.ef/זח1/2טי/כל.html",
        ],
        b"",
    );
    assert_eq!(run.code, 1);
    assert_eq!(run.stderr, "");
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 3);
    // A clean input gives an empty line.
    assert_eq!(lines[0], "");
    assert_eq!(
        lines[1],
        "uppercase-scheme [scheme 0..4]: the scheme 'HTTP' has upper-case letters, write 'http' \
         (section 5.3.2.1: schemes are normalized to lowercase, RFC 3986 section 3.1); \
         pct-overlong [path 19..25]: %C0%AF is an overlong UTF-8 form of '/' (U+002F), \
         which a lax decoder reads as that character (section 8)"
    );
    // Section 4.4, example 8: both segments, separated by "; ".
    let warnings: Vec<&str> = lines[2].split("; ").collect();
    assert_eq!(warnings.len(), 2, "{}", lines[2]);
    assert!(warnings[0].starts_with("bidi-rtl-ends [path 16..21]: "));
    assert!(warnings[1].starts_with("bidi-rtl-ends [path 22..27]: "));
}

#[test]
fn clean_inputs_exit_zero() {
    let run = iri(
        &["lint"],
        "http://www.example.org/r%C3%A9sum%C3%A9.html\nhttps://例え.jp/引き出し?page=2#第1章\n"
            .as_bytes(),
    );
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr.as_str()),
        (0, "\n\n", "")
    );
}

#[test]
fn invalid_input_is_the_usual_failure() {
    let run = iri(&["lint"], b"http://a/b c\nhttp://a/\xFF\nhttp://a/\n");
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "\n\n\n");
    let errors: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(errors.len(), 2, "{}", run.stderr);
    assert!(
        errors[0].starts_with("line 1: error at byte 10: "),
        "{}",
        errors[0]
    );
    assert!(
        errors[1].starts_with("line 2: error at byte 9: "),
        "{}",
        errors[1]
    );
}

#[test]
fn json_lists_the_warnings() {
    let run = iri(
        &["lint", "--json", "http://a/%7euser", "http://a/", "a b"],
        b"",
    );
    assert_eq!(run.code, 1);
    let objects = objects(&run);
    assert_eq!(objects.len(), 3);
    assert_eq!(
        objects[0],
        json!({
            "input": "http://a/%7euser",
            "valid": true,
            "warnings": [{
                "code": "pct-unreserved",
                "component": "path",
                "start": 9,
                "end": 12,
                "message": "%7e encodes the unreserved '~', which should be written as itself \
                            (section 5.3.2.3, RFC 3986 section 2.3)",
            }, {
                "code": "pct-lowercase",
                "component": "path",
                "start": 9,
                "end": 12,
                "message": "%7e has lower-case hexadecimal digits, write '%7E' (section 5.3.2.1: \
                            percent-encodings are normalized to upper case, RFC 3986 section 2.1: \
                            producers should use upper-case digits)",
            }],
        })
    );
    assert_eq!(
        objects[1],
        json!({"input": "http://a/", "valid": true, "warnings": []})
    );
    assert_eq!(objects[2]["valid"], false);
    assert_eq!(objects[2]["error"]["offset"], 1);
}

#[test]
fn usage_errors_exit_two_and_help_lists_the_codes() {
    let run = iri(&["lint", "--idna", "x"], b"");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("usage: iri lint"), "{}", run.stderr);
    let run = iri(&["lint", "--help"], b"");
    assert_eq!(run.code, 0);
    for code in ["bidi-formatting", "pct-overlong", "idn-invalid"] {
        assert!(run.stdout.contains(code), "{code}");
    }
    let run = iri(&["--help"], b"");
    assert!(run
        .stdout
        .lines()
        .any(|l| l.trim_start().starts_with("lint ")));
}

#[test]
fn a_long_hostile_line() {
    // 1 MB of right-to-left text, overlong forms and bidi controls.
    let line = format!("http://a/{}\n", "ש1\u{202E}%C0%AF/".repeat(100_000));
    let run = iri(&["lint", "--json"], line.as_bytes());
    assert_eq!(run.code, 1);
    let objects = objects(&run);
    assert_eq!(objects.len(), 1);
    // Runs of one warning in adjacent segments coalesce: a few warnings,
    // the last of each code stretching over the rest of the path.
    let warnings = objects[0]["warnings"].as_array().unwrap();
    assert!(warnings.len() < 100, "{}", warnings.len());
    // The input echoed, and little more.
    assert!(run.stdout.len() < 2 * line.len(), "{}", run.stdout.len());
    let last = warnings.last().unwrap();
    assert!(
        last["end"].as_u64().unwrap() + 2 >= line.len() as u64,
        "{last}"
    );
    assert!(
        last["message"].as_str().unwrap().contains("more like it"),
        "{last}"
    );
}

/// Many lines through stdin: the batches go to every core, and the output
/// must be the library's warnings for each line, in input order.
#[test]
fn lint_streams_many_lines_in_order() {
    let mut stdin = String::new();
    let mut expected = String::new();
    let mut invalid = 0;
    for i in 0..3_000 {
        let line = match i % 4 {
            0 => format!("HTTP://Example.COM/{i}/%7e"),
            1 => format!("http://a/{i} bad"),
            2 => format!("http://résumé.example.org/{i}"),
            _ => format!("../{i}/%C0%AF?q"),
        };
        stdin.push_str(&line);
        stdin.push('\n');
        match rfc3987::IriRef::parse(line.as_str()) {
            Ok(iri) => {
                let warnings: Vec<String> = iri.lint().iter().map(ToString::to_string).collect();
                expected.push_str(&warnings.join("; "));
            }
            Err(_) => invalid += 1,
        }
        expected.push('\n');
    }
    let run = iri(&["lint"], stdin.as_bytes());
    assert_eq!(run.code, 1);
    assert!(run.stdout == expected, "output differs from the library's");
    assert_eq!(run.stderr.lines().count(), invalid);
    assert!(run.stderr.starts_with("line 2: error at byte "));
}
