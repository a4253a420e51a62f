//! `iri to-uri` and `iri to-iri` against `docs/cli.md` (the CLI contract):
//! the built binary is run with arguments and stdin, and its stdout, stderr
//! and exit status are compared with what the contract and the library say.

mod cli_support;

use cli_support::{iri, objects};

use rfc3987::mapping::{to_iri, to_uri};
use serde_json::json;

// ---- to-uri ------------------------------------------------------------------

#[test]
fn to_uri_rfc_examples_as_arguments() {
    let run = iri(
        &[
            "to-uri",
            "http://www.example.org/red%09ros\u{E9}#red",
            "http://example.com/\u{10300}\u{10301}\u{10302}",
            "http://r\u{E9}sum\u{E9}.example.org",
        ],
        b"",
    );
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr.as_str()),
        (
            0,
            "http://www.example.org/red%09ros%C3%A9#red\n\
             http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82\n\
             http://r%C3%A9sum%C3%A9.example.org\n",
            ""
        )
    );
    let run = iri(
        &["to-uri", "--idna", "http://r\u{E9}sum\u{E9}.example.org"],
        b"",
    );
    assert_eq!(run.stdout, "http://xn--rsum-bpad.example.org\n");
}

#[test]
fn to_uri_stdin_plain_errors_and_exit_status() {
    let run = iri(
        &["to-uri"],
        "http://a/\u{E9}\nhttp://a/b c\n\nhttp://a/\u{FF}\n".as_bytes(),
    );
    // The empty line is the empty reference: mapped to the empty string.
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stdout.lines().collect::<Vec<_>>(),
        ["http://a/%C3%A9", "", "", "http://a/%C3%BF"]
    );
    assert_eq!(
        run.stderr,
        "line 2: error at byte 10: found ' ' (U+0020), which a URI does not allow \
         (RFC 3987 section 3.1); percent-encode it as %20, as lenient mapping does\n"
    );
    let run = iri(&["to-uri"], b"http://a/\xFF\nok\n");
    assert_eq!((run.code, run.stdout.as_str()), (1, "\nok\n"));
    assert!(
        run.stderr.starts_with("line 1: error at byte 9: "),
        "{}",
        run.stderr
    );
}

#[test]
fn to_uri_json_and_options() {
    let run = iri(
        &["to-uri", "--json", "--lenient", "--idna"],
        "http://b\u{FC}cher.example/a b\nhttp://\u{E9}.a_b/\n".as_bytes(),
    );
    assert_eq!(run.code, 1);
    assert_eq!(
        objects(&run),
        [
            json!({"input": "http://b\u{FC}cher.example/a b", "output": "http://xn--bcher-kva.example/a%20b"}),
            json!({"input": "http://\u{E9}.a_b/", "error": {"offset": 10, "message":
                "ToASCII rejects the host label 'a_b' at byte 10: '_' (U+005F) is not allowed in a domain name label (UTS 46 with the STD3 rules)"}}),
        ]
    );
    assert_eq!(run.stderr, "");
}

#[test]
fn to_uri_step_1_options() {
    let run = iri(&["to-uri", "--nfc", "e\u{301}"], b"");
    assert_eq!(run.stdout, "%C3%A9\n");
    let run = iri(
        &["to-uri", "--encoding", "windows-1258"],
        b"Vi\xEA\xF2t\nD\xFCrst\n",
    );
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (0, "Vi%E1%BB%87t\nD%C3%BCrst\n")
    );
    let run = iri(&["to-uri", "--encoding", "shift_jis"], b"a\x82\n");
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stderr,
        "line 1: error at byte 1: the octets are not valid Shift_JIS\n"
    );
}

#[test]
fn to_uri_utf16_input_splits_on_the_encoded_newline() {
    // "http://a/Ċ" (U+010A, whose UTF-16LE has a 0x0A byte) and "b", in
    // UTF-16LE and UTF-16BE: two lines each (this split at every 0x0A byte
    // and printed garbage with exit status 0).
    let utf16 = |text: &str, le: bool| -> Vec<u8> {
        text.encode_utf16()
            .flat_map(|u| if le { u.to_le_bytes() } else { u.to_be_bytes() })
            .collect()
    };
    for (label, le) in [("utf-16le", true), ("utf-16be", false)] {
        let run = iri(
            &["to-uri", "--encoding", label],
            &utf16("http://a/\u{10A}\nb\n", le),
        );
        assert_eq!(
            (run.code, run.stdout.as_str()),
            (0, "http://a/%C4%8A\nb\n"),
            "{label}: {}",
            run.stderr
        );
    }
}

#[test]
fn to_uri_matches_the_library_on_many_lines() {
    let inputs: Vec<String> = (0..3000)
        .map(|i| format!("http://example.org/{i}/r\u{E9}sum\u{E9}?q=\u{E000}{i}#\u{10300}"))
        .collect();
    let stdin = inputs.join("\n") + "\n";
    let run = iri(&["to-uri"], stdin.as_bytes());
    assert_eq!(run.code, 0);
    let expected: Vec<String> = inputs.iter().map(|i| to_uri(i).unwrap()).collect();
    assert_eq!(run.stdout.lines().collect::<Vec<_>>(), expected);
}

// ---- to-iri ------------------------------------------------------------------

#[test]
fn to_iri_rfc_examples() {
    let run = iri(
        &[
            "to-iri",
            "http://www.example.org/D%C3%BCrst",
            "http://www.example.org/D%FCrst",
            "http://xn--99zt52a.example.org/%e2%80%ae",
        ],
        b"",
    );
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr.as_str()),
        (
            0,
            "http://www.example.org/D\u{FC}rst\n\
             http://www.example.org/D%FCrst\n\
             http://xn--99zt52a.example.org/%E2%80%AE\n",
            ""
        )
    );
    let run = iri(
        &[
            "to-iri",
            "--idna",
            "http://xn--99zt52a.example.org/%e2%80%ae",
        ],
        b"",
    );
    assert_eq!(
        run.stdout,
        "http://\u{7D0D}\u{8C46}.example.org/%E2%80%AE\n"
    );
}

#[test]
fn to_iri_json_errors_and_options() {
    let run = iri(&["to-iri", "--json"], b"http://a/%EF%BC%A1\nhttp://a/%4\n");
    assert_eq!(run.code, 1);
    assert_eq!(
        objects(&run),
        [
            json!({"input": "http://a/%EF%BC%A1", "output": "http://a/%EF%BC%A1"}),
            json!({"input": "http://a/%4", "error": {"offset": 11, "message":
                "expected HEXDIG, found the end of the input at byte 11 in isegment; a '%' \
                 starts a %HH triplet (pct-encoded, RFC 3986 section 2.1): write a '%' itself \
                 as %25"}}),
        ]
    );
    let run = iri(
        &["to-iri", "--decode-lookalikes", "http://a/%EF%BC%A1"],
        b"",
    );
    assert_eq!(run.stdout, "http://a/\u{FF21}\n");
}

#[test]
fn to_iri_matches_the_library_and_to_uri_maps_back() {
    let inputs: Vec<String> = (0..3000)
        .map(|i| format!("http://example.org/{i}/r%C3%A9sum%c3%a9?q=%EE%80%80#%F0%90%8C%80%2f"))
        .collect();
    let stdin = inputs.join("\n") + "\n";
    let run = iri(&["to-iri"], stdin.as_bytes());
    assert_eq!(run.code, 0);
    let lines: Vec<&str> = run.stdout.lines().collect();
    let expected: Vec<String> = inputs.iter().map(|i| to_iri(i).unwrap()).collect();
    assert_eq!(lines, expected);
    let back = iri(&["to-uri"], run.stdout.as_bytes());
    assert_eq!(
        back.stdout.lines().collect::<Vec<_>>(),
        inputs
            .iter()
            .map(|i| i.replace("%c3%a9", "%C3%A9").replace("%2f", "%2F"))
            .collect::<Vec<_>>()
    );
}

// ---- usage -------------------------------------------------------------------

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["to-uri", "--bogus"][..],
        &["to-uri", "--encoding"],
        &["to-uri", "--encoding", "klingon", "x"],
        &["to-uri", "--nfc", "--encoding", "latin1", "x"],
        &["to-iri", "--lenient", "x"],
    ] {
        let run = iri(args, b"");
        assert_eq!(run.code, 2, "{args:?}");
        assert!(run.stdout.is_empty(), "{args:?}");
        assert!(
            run.stderr.starts_with(&format!("iri {}: ", args[0])),
            "{args:?}: {}",
            run.stderr
        );
    }
    for name in ["to-uri", "to-iri"] {
        let run = iri(&[name, "--help"], b"");
        assert_eq!(run.code, 0);
        assert!(run.stdout.starts_with(&format!("iri {name}: ")));
    }
}
