//! `iri normalize`, `iri resolve` and `iri equiv` against
//! `docs/cli.md` (the CLI contract): the built binary is run with arguments
//! and stdin, and its stdout, stderr and exit status are compared with what
//! the contract and the library say.

mod cli_support;

use cli_support::{iri, objects};

use rfc3987::normalize::{Level, Normalizer};
use serde_json::json;

// ---- normalize -------------------------------------------------------------

#[test]
fn normalize_arguments_plain() {
    let run = iri(
        &[
            "normalize",
            "eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9",
            "HTTP://example.COM:80",
        ],
        b"",
    );
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr.as_str()),
        (
            0,
            "example://a/b/c/%7Bfoo%7D/rosé\nhttp://example.com:80\n",
            ""
        )
    );
}

#[test]
fn normalize_levels_and_characters() {
    let run = iri(
        &[
            "normalize",
            "--level",
            "scheme",
            "HTTP://example.COM:80",
            "http://xn--rsum-bpad.example.org",
        ],
        b"",
    );
    assert_eq!(
        run.stdout,
        "http://example.com/\nhttp://résumé.example.org/\n"
    );
    let decomposed = "http://a/re\u{301}sume\u{301}";
    let run = iri(&["normalize", decomposed], b"");
    assert_eq!(run.stdout, format!("{decomposed}\n"));
    let run = iri(&["normalize", "--nfc", decomposed], b"");
    assert_eq!(run.stdout, "http://a/résumé\n");
    let run = iri(&["normalize", "--nfkc", "http://a/ＡＢ"], b"");
    assert_eq!(run.stdout, "http://a/AB\n");
}

#[test]
fn normalize_failures_per_contract() {
    let run = iri(
        &["normalize"],
        b"http://a/b c\nhttp://a/\xFF\n\nhttp://A/\n",
    );
    assert_eq!(run.code, 1);
    // One line per input, in order; failures are empty lines.
    assert_eq!(run.stdout, "\n\n\nhttp://a/\n");
    assert_eq!(
        run.stderr,
        "line 1: error at byte 10: expected ipchar, '#', '/', '?' or the end of the input, \
         found ' ' (U+0020) in isegment; percent-encode it as %20\n\
         line 2: error at byte 9: expected ipchar, '#', '/', '?' or the end of the input, \
         found invalid UTF-8 (byte 0xFF) in isegment\n"
    );
    let run = iri(
        &["normalize", "--json", "--level=scheme", "--strict-hosts"],
        b"http://a_b/\nhttp://a b\n",
    );
    assert_eq!(run.code, 1);
    let objects = objects(&run);
    assert_eq!(objects[0]["input"], "http://a_b/");
    assert_eq!(objects[0]["error"]["offset"], 7);
    // The reason in the words of `to-uri --idna`.
    let reason = "'_' (U+005F) is not allowed in a domain name label";
    assert!(objects[0]["error"]["message"]
        .as_str()
        .unwrap()
        .contains(reason));
    let to_uri = iri(&["to-uri", "--idna", "http://a_b/"], b"");
    assert!(to_uri.stderr.contains(reason), "{}", to_uri.stderr);
    assert_eq!(objects[1]["error"]["offset"], 8);
    assert!(run.stderr.is_empty());
}

#[test]
fn normalize_json_success() {
    let run = iri(&["normalize", "--json", "HTTP://a/%7e"], b"");
    assert_eq!(run.code, 0);
    assert_eq!(
        objects(&run),
        [json!({"input": "HTTP://a/%7e", "output": "http://a/~"})]
    );
}

#[test]
fn normalize_usage_errors() {
    for args in [
        &["normalize", "--level", "simple"][..],
        &["normalize", "--level"],
        &["normalize", "--nfc", "--nfkc", "x"],
        &["normalize", "--bogus"],
    ] {
        let run = iri(args, b"");
        assert_eq!(run.code, 2, "{args:?}");
        assert!(run.stderr.starts_with("iri normalize: "), "{}", run.stderr);
        assert!(run.stdout.is_empty());
    }
    let run = iri(&["normalize", "--help"], b"");
    assert_eq!(run.code, 0);
    assert!(run.stdout.starts_with("iri normalize: "));
}

/// Many lines through stdin: the batched, two-thread path must give
/// exactly the library's answers, in input order.
#[test]
fn normalize_streams_many_lines_in_order() {
    let mut stdin = String::new();
    let mut expected = String::new();
    let n = Normalizer::new(Level::Syntax);
    for i in 0..30_000 {
        let line = match i % 5 {
            0 => format!("HTTP://Example.COM/{i}/./a/../%7e%C3%A9"),
            1 => format!("../{i}/%2e/x?q=%41"),
            2 => format!("http://a/{i} bad"),
            3 => format!("urn:x:{i}#%7E"),
            _ => format!("//H{i}/p"),
        };
        stdin.push_str(&line);
        stdin.push('\n');
        expected.push_str(&n.normalize(&line).unwrap_or_default());
        expected.push('\n');
    }
    let run = iri(&["normalize"], stdin.as_bytes());
    assert_eq!(run.code, 1);
    assert!(run.stdout == expected, "output differs from the library's");
    assert_eq!(run.stderr.lines().count(), 6000);
    assert!(run.stderr.starts_with("line 3: error at byte "));
}

// ---- resolve ---------------------------------------------------------------

#[test]
fn resolve_arguments_and_stdin() {
    let base = "http://a/b/c/d;p?q";
    let run = iri(&["resolve", base, "g", "../..", "http:g"], b"");
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (0, "http://a/b/c/g\nhttp://a/\nhttp:g\n")
    );
    let run = iri(&["resolve", base], b"g?y#s\n\n//g\n");
    assert_eq!(
        run.stdout,
        "http://a/b/c/g?y#s\nhttp://a/b/c/d;p?q\nhttp://g\n"
    );
    let run = iri(&["resolve", "--non-strict", base, "http:g"], b"");
    assert_eq!(run.stdout, "http://a/b/c/g\n");
    let run = iri(&["resolve", "--json", base, "./ф"], b"");
    assert_eq!(
        objects(&run),
        [json!({"input": "./ф", "output": "http://a/b/c/ф"})]
    );
}

#[test]
fn resolve_failures_and_usage_errors() {
    let run = iri(&["resolve", "http://a/"], b"a b\n\xC3\ng\n");
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "\n\nhttp://a/g\n");
    assert!(
        run.stderr.starts_with("line 1: error at byte 1: "),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("\nline 2: error at byte 0: "),
        "{}",
        run.stderr
    );
    for args in [&["resolve"][..], &["resolve", "relative/base", "g"]] {
        let run = iri(args, b"g\n");
        assert_eq!(run.code, 2, "{args:?}");
        assert!(run.stdout.is_empty());
        assert!(run.stderr.starts_with("iri resolve: "), "{}", run.stderr);
    }
}

// ---- equiv -----------------------------------------------------------------

#[test]
fn relativize_is_the_inverse_of_resolve() {
    let base = "http://a/b/c/d;p?q";
    let run = iri(
        &[
            "relativize",
            base,
            "http://a/b/c/g",
            "http://a/g",
            "http://g",
            "https://a/é/ê",
        ],
        b"",
    );
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (0, "g\n/g\n//g\nhttps://a/é/ê\n")
    );
    // The UTF-8 lead byte shared by é and ê (this panicked in the library).
    let run = iri(&["relativize", "a:/é/", "a:/ê"], b"");
    assert_eq!((run.code, run.stdout.as_str()), (0, "/ê\n"));
    let run = iri(&["relativize", "--json", base], b"http://a/b/g\n../g\n");
    assert_eq!(run.code, 1);
    let objects = objects(&run);
    assert_eq!(
        objects[0],
        json!({"input": "http://a/b/g", "output": "../g"})
    );
    assert_eq!(objects[1]["error"]["offset"], 0);
    // The base itself is the empty reference: an empty line in plain mode,
    // as a failure prints, told apart by the status; `--json` tells them
    // apart always.
    let run = iri(&["relativize", base, base], b"");
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr.as_str()),
        (0, "\n", "")
    );
    let run = iri(&["relativize", base, "a b"], b"");
    assert_eq!((run.code, run.stdout.as_str()), (1, "\n"));
    assert!(!run.stderr.is_empty());
    let run = iri(&["relativize", "--json", base, base, "a b"], b"");
    let both = cli_support::objects(&run);
    assert_eq!(both[0], json!({"input": base, "output": ""}));
    assert!(both[1].get("output").is_none() && both[1]["error"].is_object());
    assert_eq!(iri(&["relativize"], b"").code, 2);
    assert_eq!(iri(&["relativize", "b/c"], b"").code, 2);
}

#[test]
fn equiv_levels() {
    let stdin = "http://a/%7e\thttp://a/~\nHTTP://a/\thttp://a/\nhttp://a\thttp://a:80/\n";
    let verdicts = |level: &str| iri(&["equiv", "--level", level], stdin.as_bytes()).stdout;
    assert_eq!(verdicts("simple"), "false\nfalse\nfalse\n");
    assert_eq!(verdicts("syntax"), "true\ntrue\nfalse\n");
    assert_eq!(verdicts("scheme"), "true\ntrue\ntrue\n");
    // The default is syntax.
    assert_eq!(iri(&["equiv"], stdin.as_bytes()).stdout, verdicts("syntax"));
}

#[test]
fn scheme_rung_keeps_hosts_uts_46_rejects_unless_strict() {
    let run = iri(
        &["normalize", "--level", "scheme"],
        "http://xn--xn--b-eee\nhttp://my_host.example.com:80\nhttps://example.com\u{3002}/\n"
            .as_bytes(),
    );
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (
            0,
            "http://xn--xn--b-eee/\nhttp://my_host.example.com/\nhttps://example.com./\n"
        )
    );
    let pair = "http://my_host.example.com/\thttp://my_host.example.com/\n";
    let run = iri(&["equiv", "--level", "scheme"], pair.as_bytes());
    assert_eq!((run.code, run.stdout.as_str()), (0, "true\n"));
    let run = iri(
        &["equiv", "--level", "scheme", "--strict-hosts"],
        pair.as_bytes(),
    );
    assert_eq!((run.code, run.stdout.as_str()), (1, "\n"));
    assert!(
        run.stderr
            .contains("'_' (U+005F) is not allowed in a domain name label"),
        "{}",
        run.stderr
    );
}

#[test]
fn equiv_json_and_failures() {
    let run = iri(
        &["equiv", "--json"],
        b"example://a/b/c/%7Bfoo%7D\teXAMPLE://a/./b/../b/%63/%7bfoo%7d\nno tab\na\tb c\n",
    );
    assert_eq!(run.code, 1);
    let objects = objects(&run);
    assert_eq!(
        objects[0],
        json!({"input": ["example://a/b/c/%7Bfoo%7D", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d"], "equivalent": true})
    );
    // "input" is an array whether the line succeeded or not.
    assert_eq!(objects[1]["input"], json!(["no tab"]));
    assert_eq!(objects[1]["error"]["offset"], 6);
    assert_eq!(objects[2]["input"], json!(["a", "b c"]));
    assert_eq!(objects[2]["error"]["offset"], 3);
    let run = iri(&["equiv", "a\tb"], b"");
    assert_eq!((run.code, run.stdout.as_str()), (0, "false\n"));
    let run = iri(&["equiv", "--level", "nfc"], b"");
    assert_eq!(run.code, 2);
}

// ---- answers before the next line ------------------------------------------

/// Contract: a caller that writes one line and waits for its answer gets
/// it before it sends the next, also from the subcommands that compute
/// their batches on threads with a large read buffer (`normalize`,
/// `to-uri`) and from `check` (batches on the main thread).
#[test]
fn each_answer_comes_before_the_next_line_is_sent() {
    use std::io::{BufRead, BufReader, Write};
    use std::sync::mpsc;
    use std::time::Duration;

    for (command, input, expected) in [
        (
            &["normalize"][..],
            "HTTP://Example.ORG/a/./b",
            "http://example.org/a/b",
        ),
        (
            &["to-uri"],
            "http://例え.jp/ü",
            "http://%E4%BE%8B%E3%81%88.jp/%C3%BC",
        ),
        (
            &["check", "--json"],
            "http://example.org/",
            "{\"input\": \"http://example.org/\", \"valid\": true}",
        ),
    ] {
        let mut child = cli_support::iri_command(command).spawn().unwrap();
        let command = command.join(" ");
        let mut stdin = child.stdin.take().unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        for round in 0..3 {
            writeln!(stdin, "{input}").unwrap();
            stdin.flush().unwrap();
            // The answer is read on another thread so that a missing one
            // fails the test instead of hanging it.
            let (send, receive) = mpsc::channel();
            let reader = std::thread::spawn(move || {
                let mut line = String::new();
                stdout.read_line(&mut line).unwrap();
                send.send(line).unwrap();
                stdout
            });
            let answer = receive
                .recv_timeout(Duration::from_secs(20))
                .unwrap_or_else(|_| panic!("iri {command}: no answer to line {round} in 20 s"));
            assert_eq!(answer, format!("{expected}\n"), "iri {command}");
            stdout = reader.join().unwrap();
        }
        drop(stdin);
        assert!(child.wait().unwrap().success(), "iri {command}");
    }
}
