//! The `iri` binary against `docs/cli.md` (the CLI contract), clause by clause,
//! for `iri check`: the built binary is run with arguments and stdin, and its
//! stdout, stderr and exit status are compared with what the contract says.

mod cli_support;

use cli_support::{iri, iri_command, objects, Run};

use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;
use std::thread;

use rfc3987::grammar::Rule;
use serde_json::Value;

/// The library's error for `input` against the rule named `rule`.
fn library_error(rule: &str, input: &[u8]) -> rfc3987::CheckError {
    let rule = Rule::find(rule).unwrap();
    rfc3987::check_bytes(rule, input).unwrap_err()
}

/// Asserts that `object` is the contract's `check` object for `input`:
/// valid, or invalid at `offset` with the library's message for `rule`.
fn assert_object(object: &Value, rule: &str, input: &[u8], expected: Expected) {
    let text = String::from_utf8_lossy(input);
    assert_eq!(object["input"], *text, "{object}");
    match expected {
        Ok(()) => {
            assert_eq!(object["valid"], true, "{object}");
            assert_eq!(object.as_object().unwrap().len(), 2, "{object}");
        }
        Err(offset) => {
            assert_eq!(object["valid"], false, "{object}");
            assert_eq!(object["error"]["offset"], offset, "{object}");
            let message = library_error(rule, input).to_string();
            assert_eq!(object["error"]["message"], *message, "{object}");
            assert_eq!(object.as_object().unwrap().len(), 3, "{object}");
            assert_eq!(object["error"].as_object().unwrap().len(), 2, "{object}");
        }
    }
}

/// The stderr line of a plain-mode failure: the offset once, in the
/// prefix, then the library's message without it.
fn error_line(number: usize, rule: &str, input: &[u8]) -> String {
    let error = library_error(rule, input);
    let message = error.message();
    format!(
        "line {number}: error at byte {}: {message}\n",
        error.offset()
    )
}

// ---- inputs: arguments or stdin ----

#[test]
fn valid_arguments_print_nothing_and_exit_0() {
    let run = iri(&["check", "http://résumé.example.org/", "", "a/b?c#d"], b"");
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr.as_str()),
        (0, "", "")
    );
}

#[test]
fn arguments_are_the_inputs_and_stdin_is_then_ignored() {
    let run = iri(&["check", "--json", "ok"], b"a b\nc d\n");
    assert_eq!(run.code, 0);
    let objects = objects(&run);
    assert_eq!(objects.len(), 1);
    assert_object(&objects[0], "IRI-reference", b"ok", Ok(()));
}

#[test]
fn without_arguments_each_stdin_line_is_an_input() {
    let run = iri(&["check", "--json"], b"a\nb c\n");
    assert_eq!(run.code, 1);
    let objects = objects(&run);
    assert_eq!(objects.len(), 2);
    assert_object(&objects[0], "IRI-reference", b"a", Ok(()));
    assert_object(&objects[1], "IRI-reference", b"b c", Err(1));
}

#[test]
fn double_dash_makes_option_like_arguments_inputs() {
    let run = iri(&["check", "--json", "--", "-x", "--json"], b"");
    assert_eq!(run.code, 0);
    let objects = objects(&run);
    assert_eq!(objects.len(), 2);
    assert_object(&objects[0], "IRI-reference", b"-x", Ok(()));
    assert_object(&objects[1], "IRI-reference", b"--json", Ok(()));
}

#[test]
fn options_may_follow_the_inputs() {
    let run = iri(&["check", "a b", "--json", "--rule", "ipath"], b"");
    assert_eq!(run.code, 1);
    assert_object(&objects(&run)[0], "ipath", b"a b", Err(1));
}

// ---- plain and JSON outputs ----

#[test]
fn plain_failure_is_an_empty_line_and_a_numbered_stderr_line() {
    let run = iri(&["check", "http://example.org/a b"], b"");
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "\n");
    assert_eq!(
        run.stderr,
        "line 1: error at byte 20: expected ipchar, '#', '/', '?' or the end of the input, \
         found ' ' (U+0020) in isegment; percent-encode it as %20\n"
    );
}

#[test]
fn json_objects_carry_input_validity_and_error() {
    let run = iri(
        &["check", "--json", "http://例え.テスト/", "http://a/<b>"],
        b"",
    );
    assert_eq!(run.code, 1);
    assert_eq!(run.stderr, "", "JSON mode reports errors in the objects");
    let objects = objects(&run);
    assert_eq!(objects.len(), 2);
    assert_object(
        &objects[0],
        "IRI-reference",
        "http://例え.テスト/".as_bytes(),
        Ok(()),
    );
    assert_object(&objects[1], "IRI-reference", b"http://a/<b>", Err(9));
    // The contract's own spelling of an object.
    assert!(run
        .stdout
        .starts_with("{\"input\": \"http://例え.テスト/\", \"valid\": true}\n"));
}

#[test]
fn an_incomplete_input_fails_at_its_length() {
    let run = iri(&["check", "--json", "--rule", "IRI", "http"], b"");
    assert_object(&objects(&run)[0], "IRI", b"http", Err(4));
    assert!(objects(&run)[0]["error"]["message"]
        .as_str()
        .unwrap()
        .contains("found the end of the input at byte 4 in scheme"));
}

// ---- --rule ----

/// What `check` must say about an input: valid, or invalid at this offset.
type Expected = Result<(), usize>;

/// Each rule with inputs and what `check` must say about them.
const RULE_CASES: &[(&str, &[(&str, Expected)])] = &[
    (
        "IRI",
        &[
            ("http://example.org/", Ok(())),
            ("http://例え.テスト/パス?q#f", Ok(())),
            ("http:", Ok(())),
            ("//example.org/", Err(0)),
            ("http", Err(4)),
        ],
    ),
    (
        "absolute-IRI",
        &[
            ("http://a/b?c", Ok(())),
            ("urn:isbn:0451450523", Ok(())),
            ("http://a/b?c#d", Err(12)),
            ("/b", Err(0)),
        ],
    ),
    (
        "irelative-ref",
        &[
            ("../a?b#c", Ok(())),
            ("//résumé.example/", Ok(())),
            ("", Ok(())),
            ("http://a", Err(4)),
        ],
    ),
    (
        "URI",
        &[
            ("http://example.org/", Ok(())),
            ("http://a/%C3%A9", Ok(())),
            ("http://résumé.example.org/", Err(8)),
            ("a b:", Err(1)),
        ],
    ),
    (
        "ipath",
        &[
            ("a/b/c", Ok(())),
            ("/a//b", Ok(())),
            ("", Ok(())),
            ("a?b", Err(1)),
            ("a#", Err(1)),
        ],
    ),
    (
        "IPv6address",
        &[
            ("::1", Ok(())),
            ("2001:db8::ff00:42:8329", Ok(())),
            ("::ffff:192.0.2.1", Ok(())),
            ("[::1]", Err(0)),
            ("::g", Err(2)),
            ("1:2:3:4:5:6:7", Err(13)),
        ],
    ),
    (
        "ALPHA",
        &[
            ("a", Ok(())),
            ("Z", Ok(())),
            ("ab", Err(1)),
            ("1", Err(0)),
            ("é", Err(0)),
            ("", Err(0)),
        ],
    ),
    (
        "iri-REFERENCE",
        &[
            ("http://résumé.example.org/", Ok(())),
            ("", Ok(())),
            ("a b", Err(1)),
        ],
    ),
];

#[test]
fn each_rule_checks_its_own_syntax_in_json() {
    for (rule, cases) in RULE_CASES {
        let stdin: String = cases
            .iter()
            .map(|(input, _)| format!("{input}\n"))
            .collect();
        let run = iri(&["check", "--json", "--rule", rule], stdin.as_bytes());
        let objects = objects(&run);
        assert_eq!(objects.len(), cases.len(), "--rule {rule}: {run:?}");
        for (object, (input, expected)) in objects.iter().zip(*cases) {
            assert_object(object, rule, input.as_bytes(), *expected);
        }
        let any_invalid = cases.iter().any(|(_, expected)| expected.is_err());
        assert_eq!(run.code, i32::from(any_invalid), "--rule {rule}");
    }
}

#[test]
fn each_rule_reports_plain_errors_by_argument_position() {
    for (rule, cases) in RULE_CASES {
        let flag = format!("--rule={rule}");
        let mut args = vec!["check", flag.as_str()];
        args.extend(cases.iter().map(|(input, _)| *input));
        let run = iri(&args, b"");
        let expected_stderr: String = (1..)
            .zip(*cases)
            .filter(|(_, (_, expected))| expected.is_err())
            .map(|(number, (input, _))| error_line(number, rule, input.as_bytes()))
            .collect();
        let failures = cases.iter().filter(|(_, e)| e.is_err()).count();
        assert_eq!(run.stderr, expected_stderr, "--rule {rule}");
        assert_eq!(run.stdout, "\n".repeat(failures), "--rule {rule}");
        assert_eq!(run.code, i32::from(failures > 0), "--rule {rule}");
    }
}

#[test]
fn rule_names_are_case_insensitive_in_both_spellings() {
    for flag in [
        &["--rule", "iri-REFERENCE"][..],
        &["--rule=IRI-reference"],
        &["--rule=iri-reference"],
        &[],
    ] {
        let mut args = vec!["check", "--json"];
        args.extend_from_slice(flag);
        args.extend(["http://résumé.example.org/", "a b"]);
        let run = iri(&args, b"");
        let objects = objects(&run);
        assert_object(
            &objects[0],
            "IRI-reference",
            "http://résumé.example.org/".as_bytes(),
            Ok(()),
        );
        assert_object(&objects[1], "IRI-reference", b"a b", Err(1));
    }
    let run = iri(&["check", "--rule", "ipv6ADDRESS", "::1"], b"");
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
}

#[test]
fn every_rule_of_the_grammar_can_be_named() {
    let names: Vec<&str> = Rule::all().iter().map(|rule| rule.name()).collect();
    for name in &names {
        let run = iri(&["check", "--json", "--rule", name], b"a\n");
        assert_ne!(run.code, 2, "--rule {name}: {}", run.stderr);
        assert_eq!(objects(&run).len(), 1, "--rule {name}");
    }
}

// ---- usage errors ----

/// Asserts a usage error: exit 2, nothing on stdout, `wanted` on stderr.
fn assert_usage_error(args: &[&str], wanted: &str) {
    let run = iri(args, b"a\n");
    assert_eq!(run.code, 2, "{args:?}: {run:?}");
    assert_eq!(run.stdout, "", "{args:?}");
    assert!(run.stderr.contains(wanted), "{args:?}: {}", run.stderr);
}

#[test]
fn an_unknown_rule_is_a_usage_error_suggesting_names() {
    assert_usage_error(
        &["check", "--rule", "iri-refrence", "x"],
        "iri check: unknown rule 'iri-refrence'; did you mean IRI-reference",
    );
    assert_usage_error(&["check", "--rule=ipv6", "x"], "IPv6address");
    assert_usage_error(
        &["check", "--rule=qqqqqqqqqqqqqqqq"],
        "unknown rule 'qqqqqqqqqqqqqqqq'",
    );
}

#[test]
fn unknown_options_and_missing_values_are_usage_errors() {
    assert_usage_error(&["check", "--bogus", "x"], "unknown option '--bogus'");
    assert_usage_error(&["check", "-x"], "unknown option '-x'");
    assert_usage_error(&["check", "--json=yes"], "option '--json' takes no value");
    assert_usage_error(&["check", "x", "--rule"], "option '--rule' needs a value");
    assert_usage_error(
        &["check", "--rule", "--json", "x"],
        "option '--rule' needs a value",
    );
    assert_usage_error(&["check", "--rule=IRI", "--rule=URI"], "more than once");
    // Every usage error repeats the usage line.
    assert_usage_error(
        &["check", "--bogus"],
        "usage: iri check [--rule R] [--json] [INPUT...]",
    );
}

#[test]
fn subcommand_errors_are_usage_errors() {
    assert_usage_error(&[], "missing subcommand");
    assert_usage_error(
        &["chekc", "x"],
        "unknown subcommand 'chekc'; the subcommands are: check",
    );
    assert_usage_error(&["--json", "check", "x"], "options go after the subcommand");
}

#[test]
fn help_goes_to_stdout_and_exits_0() {
    for args in [&["--help"][..], &["-h"]] {
        let run = iri(args, b"");
        assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{args:?}");
        assert!(run.stdout.contains("usage: iri SUBCOMMAND"), "{args:?}");
        assert!(run.stdout.contains("\n  check  "), "{args:?}");
    }
    for args in [
        &["check", "--help"][..],
        &["check", "-h"],
        &["check", "x", "--json", "-h"],
    ] {
        let run = iri(args, b"a b\n");
        assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{args:?}");
        assert!(run
            .stdout
            .contains("usage: iri check [--rule R] [--json] [INPUT...]"));
        assert!(
            run.stdout.contains("U+FFFD"),
            "the help documents lossy JSON input"
        );
        assert!(
            run.stdout.contains(" IPv6address "),
            "the help lists the rules"
        );
    }
}

// ---- mixed inputs, exit status, numbering ----

#[test]
fn mixed_stdin_plain_numbers_failures_by_line() {
    let stdin = b"http://a/\nhttp://a b\n\n<x>\nok\n";
    let run = iri(&["check"], stdin);
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stdout, "\n\n",
        "one empty line per failure, nothing for a success"
    );
    assert_eq!(
        run.stderr,
        error_line(2, "IRI-reference", b"http://a b") + &error_line(4, "IRI-reference", b"<x>")
    );
    assert!(run.stderr.starts_with("line 2: error at byte 8: "));
}

#[test]
fn mixed_stdin_json_has_one_object_per_input_in_order() {
    let inputs: [(&[u8], Expected); 5] = [
        (b"http://a/", Ok(())),
        (b"http://a b", Err(8)),
        (b"", Ok(())),
        (b"<x>", Err(0)),
        (b"ok", Ok(())),
    ];
    let stdin: Vec<u8> = inputs
        .iter()
        .flat_map(|(i, _)| [*i, b"\n"].concat())
        .collect();
    let run = iri(&["check", "--json"], &stdin);
    assert_eq!(run.code, 1);
    let objects = objects(&run);
    assert_eq!(objects.len(), inputs.len());
    for (object, (input, expected)) in objects.iter().zip(inputs) {
        assert_object(object, "IRI-reference", input, expected);
    }
}

#[test]
fn all_valid_stdin_exits_0() {
    let run = iri(&["check"], b"http://a/\n\n../b\n");
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr.as_str()),
        (0, "", "")
    );
}

// ---- bytes: invalid UTF-8, \r, empty lines, the last line ----

#[test]
fn an_invalid_utf8_line_fails_alone() {
    let stdin = b"http://a/\xFF\nhttp://b/\n\xC3\xA9t\xFF\n\x80abc\n";
    let run = iri(&["check", "--json"], stdin);
    assert_eq!(run.code, 1);
    let objects = objects(&run);
    assert_eq!(objects.len(), 4);
    assert_object(&objects[0], "IRI-reference", b"http://a/\xFF", Err(9));
    assert_eq!(objects[0]["input"], "http://a/\u{FFFD}");
    assert!(objects[0]["error"]["message"]
        .as_str()
        .unwrap()
        .contains("invalid UTF-8"));
    assert_object(&objects[1], "IRI-reference", b"http://b/", Ok(()));
    assert_object(&objects[2], "IRI-reference", b"\xC3\xA9t\xFF", Err(3));
    assert_eq!(objects[2]["input"], "ét\u{FFFD}");
    assert_object(&objects[3], "IRI-reference", b"\x80abc", Err(0));
    assert_eq!(objects[3]["input"], "\u{FFFD}abc");

    let run = iri(&["check"], stdin);
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "\n\n\n");
    assert_eq!(
        run.stderr,
        error_line(1, "IRI-reference", b"http://a/\xFF")
            + &error_line(3, "IRI-reference", b"\xC3\xA9t\xFF")
            + &error_line(4, "IRI-reference", b"\x80abc")
    );
}

#[cfg(unix)]
#[test]
fn an_invalid_utf8_argument_fails_alone() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;

    let output = iri_command(&["check", "--json"])
        .arg(OsStr::from_bytes(b"a\xFFb"))
        .arg("c")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let run = Run {
        code: 1,
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
    };
    let objects = objects(&run);
    assert_object(&objects[0], "IRI-reference", b"a\xFFb", Err(1));
    assert_object(&objects[1], "IRI-reference", b"c", Ok(()));
}

#[test]
fn a_carriage_return_stays_part_of_the_input() {
    const HINT: &str =
        "; the line ends with a carriage return (CRLF line ends?): remove it, e.g. with tr -d '\\r'";
    let run = iri(&["check", "--json"], b"http://a/\r\nb\r\n");
    assert_eq!(run.code, 1);
    let objects = objects(&run);
    assert_eq!(objects.len(), 2);
    for (object, input, offset) in [(&objects[0], "http://a/\r", 9), (&objects[1], "b\r", 1)] {
        assert_eq!(object["input"], input);
        assert_eq!(object["error"]["offset"], offset);
        let message = library_error("IRI-reference", input.as_bytes()).to_string();
        assert_eq!(object["error"]["message"], format!("{message}{HINT}"));
    }

    let run = iri(&["check", "--rule", "ALPHA"], b"a\r\n");
    let line = error_line(1, "ALPHA", b"a\r");
    assert_eq!(run.stderr, format!("{}{HINT}\n", line.trim_end()));
    assert!(run.stderr.starts_with("line 1: error at byte 1: "));
}

#[test]
fn an_empty_line_is_the_empty_input() {
    // The empty string is a relative reference (RFC 3987 section 2.2:
    // irelative-part may be ipath-empty).
    let run = iri(&["check", "--json"], b"\n");
    assert_eq!(run.code, 0);
    assert_eq!(run.stdout, "{\"input\": \"\", \"valid\": true}\n");

    let run = iri(&["check", "--json", "--rule", "IRI"], b"\n\n");
    assert_eq!(run.code, 1);
    let objects = objects(&run);
    assert_eq!(objects.len(), 2);
    assert_object(&objects[0], "IRI", b"", Err(0));
    assert_object(&objects[1], "IRI", b"", Err(0));

    let run = iri(&["check", "--rule", "IRI", ""], b"");
    assert_eq!(run.stderr, error_line(1, "IRI", b""));
}

#[test]
fn the_last_line_needs_no_newline_and_a_final_newline_adds_no_input() {
    let run = iri(&["check", "--json"], b"http://a/\nhttp://b c");
    let objects_ = objects(&run);
    assert_eq!(objects_.len(), 2);
    assert_object(&objects_[1], "IRI-reference", b"http://b c", Err(8));

    let run = iri(&["check", "--json"], b"x\n");
    assert_eq!(objects(&run).len(), 1);

    let run = iri(&["check", "--json"], b"");
    assert_eq!((run.code, run.stdout.as_str()), (0, ""));
}

// ---- size ----

#[test]
fn a_one_megabyte_line() {
    let mut line = b"http://example.org/".to_vec();
    line.resize(1 << 20, b'a');
    let mut stdin = line.clone();
    stdin.push(b'\n');
    let run = iri(&["check"], &stdin);
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr.as_str()),
        (0, "", "")
    );

    // The same line, broken by a space at its very end.
    *line.last_mut().unwrap() = b' ';
    let run = iri(&["check", "--json"], &line);
    assert_eq!(run.code, 1);
    let objects = objects(&run);
    assert_eq!(objects.len(), 1);
    assert_object(&objects[0], "IRI-reference", &line, Err((1 << 20) - 1));
}

#[test]
fn a_hundred_thousand_lines_stream_through() {
    const LINES: usize = 100_000;
    let invalid = |i: usize| i.is_multiple_of(997);
    let input = |i: usize| {
        if invalid(i) {
            format!("http://host-{i}/a b")
        } else {
            format!("http://host-{i}/path?q={i}")
        }
    };
    let stdin: String = (1..=LINES).map(|i| input(i) + "\n").collect();

    let run = iri(&["check", "--json"], stdin.as_bytes());
    assert_eq!(run.code, 1);
    let objects = objects(&run);
    assert_eq!(objects.len(), LINES);
    for (i, object) in (1..).zip(&objects) {
        assert_eq!(object["input"], *input(i));
        assert_eq!(object["valid"], !invalid(i), "line {i}");
    }

    let run = iri(&["check"], stdin.as_bytes());
    assert_eq!(run.code, 1);
    let failed: Vec<usize> = (1..=LINES).filter(|&i| invalid(i)).collect();
    assert_eq!(run.stdout.len(), failed.len());
    let numbers: Vec<usize> = run
        .stderr
        .lines()
        .map(|line| {
            let rest = line.strip_prefix("line ").unwrap();
            rest[..rest.find(':').unwrap()].parse().unwrap()
        })
        .collect();
    assert_eq!(numbers, failed);
}

// ---- a reader that stops early ----

/// Reads one line of `iri check --json` over a long stream, then closes
/// the pipe; returns that line and how `iri` ended.
fn read_one_line_then_close(first_input: &str) -> (String, Run) {
    let mut child = iri_command(&["check", "--json"]).spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let first_input = first_input.to_owned();
    let writer = thread::spawn(move || {
        // Far more output than a pipe holds, so `iri` is still writing when
        // the reader goes away. Stops when `iri` stops reading.
        let _ = writeln!(stdin, "{first_input}");
        for _ in 0..200_000 {
            if stdin.write_all(b"http://example.org/\n").is_err() {
                break;
            }
        }
    });
    let mut first = String::new();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    stdout.read_line(&mut first).unwrap();
    drop(stdout);
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let run = Run {
        code: output
            .status
            .code()
            .expect("iri exits, not killed by SIGPIPE"),
        stdout: String::new(),
        stderr: String::from_utf8(output.stderr).unwrap(),
    };
    (first, run)
}

#[test]
fn a_closed_stdout_ends_quietly_with_the_status_so_far() {
    let (first, run) = read_one_line_then_close("http://example.org/");
    assert_eq!(
        first,
        "{\"input\": \"http://example.org/\", \"valid\": true}\n"
    );
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));

    let (first, run) = read_one_line_then_close("a b");
    let object: Value = serde_json::from_str(&first).unwrap();
    assert_object(&object, "IRI-reference", b"a b", Err(1));
    assert_eq!((run.code, run.stderr.as_str()), (1, ""));
}
