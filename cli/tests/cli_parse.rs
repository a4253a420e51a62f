//! `iri parse` against `docs/cli.md` (the CLI contract): the JSON object of
//! every RFC 3986 section 1.1.2 example and of IRIs in several scripts is
//! compared with the library's components, field by field, and the plain
//! mode, failures, `--rule` and usage errors with what the contract says.

mod cli_support;

use cli_support::{iri, objects};
use rfc3987::IriRef;
use serde_json::{json, Value};

/// The contract's success object for `input`, built from the library.
fn expected(input: &str) -> Value {
    let parts = IriRef::parse(input).unwrap().into_components();
    json!({
        "input": input,
        "valid": true,
        "scheme": parts.scheme,
        "authority": parts.authority,
        "userinfo": parts.userinfo,
        "host": parts.host,
        "port": parts.port,
        "path": parts.path,
        "query": parts.query,
        "fragment": parts.fragment,
    })
}

const RFC3986_EXAMPLES: [&str; 8] = [
    "ftp://ftp.is.co.za/rfc/rfc1808.txt",
    "http://www.ietf.org/rfc/rfc2396.txt",
    "ldap://[2001:db8::7]/c=GB?objectClass?one",
    "mailto:John.Doe@example.com",
    "news:comp.infosystems.www.servers.unix",
    "tel:+1-816-555-1212",
    "telnet://192.0.2.16:80/",
    "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
];

#[test]
fn json_objects_of_the_rfc_examples() {
    let mut args = vec!["parse", "--json"];
    args.extend(RFC3986_EXAMPLES);
    let run = iri(&args, b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let objects = objects(&run);
    assert_eq!(objects.len(), RFC3986_EXAMPLES.len());
    for (object, input) in objects.iter().zip(RFC3986_EXAMPLES) {
        assert_eq!(*object, expected(input));
    }
    // Spot checks that do not go through the library.
    assert_eq!(objects[2]["host"], "[2001:db8::7]");
    assert_eq!(objects[2]["query"], "objectClass?one");
    assert_eq!(objects[3]["authority"], Value::Null);
    assert_eq!(objects[3]["path"], "John.Doe@example.com");
    assert_eq!(objects[6]["port"], "80");
    // The field order of the contract's table.
    let line = run.stdout.lines().next().unwrap();
    let order = [
        "input",
        "valid",
        "scheme",
        "authority",
        "userinfo",
        "host",
        "port",
        "path",
        "query",
        "fragment",
    ];
    let positions: Vec<usize> = order
        .iter()
        .map(|key| line.find(&format!("\"{key}\":")).unwrap())
        .collect();
    assert!(positions.windows(2).all(|w| w[0] < w[1]), "{line}");
}

#[test]
fn the_generic_example_and_several_scripts() {
    let run = iri(
        &["parse", "--json"],
        "foo://example.com:8042/over/there?name=ferret#nose\n\
         http://user@例え.jp:8080/引き出し/résumé.html?página=2#第1章\n\
         https://пример.рф/путь\n\
         http://ジェーピーニック.jp/\n\
         ../../أ/ب?ت#ث\n"
            .as_bytes(),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let objects = objects(&run);
    assert_eq!(
        objects[0],
        json!({
            "input": "foo://example.com:8042/over/there?name=ferret#nose",
            "valid": true,
            "scheme": "foo",
            "authority": "example.com:8042",
            "userinfo": null,
            "host": "example.com",
            "port": "8042",
            "path": "/over/there",
            "query": "name=ferret",
            "fragment": "nose",
        })
    );
    assert_eq!(objects[1]["userinfo"], "user");
    assert_eq!(objects[1]["host"], "例え.jp");
    assert_eq!(objects[1]["path"], "/引き出し/résumé.html");
    assert_eq!(objects[1]["fragment"], "第1章");
    assert_eq!(objects[2]["host"], "пример.рф");
    assert_eq!(objects[4]["scheme"], Value::Null);
    assert_eq!(objects[4]["path"], "../../أ/ب");
    assert_eq!(objects[4]["query"], "ت");
    for (object, line) in objects.iter().zip(run.stdout.lines()) {
        let input = object["input"].as_str().unwrap();
        assert_eq!(*object, expected(input), "{line}");
    }
}

#[test]
fn present_but_empty_differs_from_absent() {
    let run = iri(
        &["parse", "--json", "http://[::1]:/?#", "http://h", "x:", ""],
        b"",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let objects = objects(&run);
    assert_eq!(objects[0]["host"], "[::1]");
    assert_eq!(objects[0]["port"], "");
    assert_eq!(objects[0]["query"], "");
    assert_eq!(objects[0]["fragment"], "");
    assert_eq!(objects[1]["port"], Value::Null);
    assert_eq!(objects[1]["path"], "");
    assert_eq!(objects[1]["query"], Value::Null);
    assert_eq!(objects[1]["fragment"], Value::Null);
    assert_eq!(objects[2]["authority"], Value::Null);
    assert_eq!(objects[3]["path"], "", "the path is always a string");
}

#[test]
fn plain_mode_is_one_aligned_line_per_input() {
    let run = iri(&["parse", "http://a/?", "rel#x"], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        "scheme=http  authority=a  host=a  path=/    query=\n\
         \x20                                 path=rel          fragment=x\n"
    );
    // Streamed lines are not padded.
    let run = iri(&["parse"], b"http://a/?\nrel#x\n");
    assert_eq!(
        run.stdout,
        "scheme=http  authority=a  host=a  path=/  query=\npath=rel  fragment=x\n"
    );
}

/// A rule without a path (an authority, a host, a query) prints no
/// `path=`; `--json` keeps the contract's string, empty.
#[test]
fn rules_without_a_path_print_none() {
    let run = iri(&["parse", "--rule", "iauthority", "a@b:1"], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "authority=a@b:1  userinfo=a  host=b  port=1\n");
    let run = iri(
        &["parse", "--rule", "ihost"],
        b"\xd0\xbf\xd1\x80\xd0\xb8.\xd1\x80\xd1\x84\n",
    );
    assert_eq!(run.stdout, "host=при.рф\n");
    let run = iri(&["parse", "--rule", "iquery"], b"a=b\n");
    assert_eq!(run.stdout, "query=a=b\n");
    // The path rules and the hierarchical parts keep theirs, empty or not.
    let run = iri(&["parse", "--rule", "ipath"], b"\n");
    assert_eq!(run.stdout, "path=\n");
    let run = iri(&["parse", "--rule", "ihier-part"], b"//a\n");
    assert_eq!(run.stdout, "authority=a  host=a  path=\n");
    let run = iri(&["parse", "--rule", "iauthority", "--json", "a@b:1"], b"");
    assert_eq!(objects(&run)[0]["path"], json!(""));
}

#[test]
fn failures_follow_the_contract() {
    let run = iri(&["parse"], b"http://a/b c\nok\n\xff\n");
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "\npath=ok\n\n");
    let errors: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(errors.len(), 2, "{}", run.stderr);
    assert!(
        errors[0].starts_with("line 1: error at byte 10: expected ipchar, "),
        "{}",
        errors[0]
    );
    assert!(
        errors[1].starts_with("line 3: error at byte 0: "),
        "{}",
        errors[1]
    );

    let run = iri(&["parse", "--json", "http://a/b c", "%zz"], b"");
    assert_eq!(run.code, 1);
    let objects = objects(&run);
    assert_eq!(objects[0]["input"], "http://a/b c");
    assert_eq!(objects[0]["valid"], false);
    assert_eq!(objects[0]["error"]["offset"], 10);
    assert_eq!(objects[1]["error"]["offset"], 1);
    let message = objects[1]["error"]["message"].as_str().unwrap();
    assert!(message.contains("pct-encoded"), "{message}");
    assert_eq!(objects[0].as_object().unwrap().len(), 3);
}

#[test]
fn rules_choose_what_is_valid_and_how_it_splits() {
    // A URI rule rejects what only an IRI allows, at the character.
    let run = iri(&["parse", "--json", "--rule", "uri", "http://é/"], b"");
    assert_eq!(run.code, 1);
    assert_eq!(objects(&run)[0]["error"]["offset"], 7);
    // IRI requires a scheme; irelative-ref forbids one.
    let run = iri(&["parse", "--rule=IRI", "//a"], b"");
    assert_eq!(run.code, 1);
    let run = iri(&["parse", "--rule=irelative-ref", "a:b"], b"");
    assert_eq!(run.code, 1);
    // A part of a reference splits into its own components.
    let run = iri(
        &["parse", "--json", "--rule", "iauthority", "u@[v1.x]:"],
        b"",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let object = &objects(&run)[0];
    assert_eq!(object["authority"], "u@[v1.x]:");
    assert_eq!(object["userinfo"], "u");
    assert_eq!(object["host"], "[v1.x]");
    assert_eq!(object["port"], "");
    assert_eq!(object["scheme"], Value::Null);
    let run = iri(
        &["parse", "--json", "--rule", "iquery", "a=1&b=\u{E000}"],
        b"",
    );
    assert_eq!(objects(&run)[0]["query"], "a=1&b=\u{E000}");
    let run = iri(&["parse", "--json", "--rule", "ihier-part", "a:b"], b"");
    assert_eq!(objects(&run)[0]["path"], "a:b");
    assert_eq!(objects(&run)[0]["scheme"], Value::Null);
}

#[test]
fn usage_errors_exit_2() {
    let run = iri(&["parse", "--rule", "ALPHA", "a"], b"");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("iri check --rule ALPHA"),
        "{}",
        run.stderr
    );
    let run = iri(&["parse", "--rule", "iri-refrence", "a"], b"");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("IRI-reference"), "{}", run.stderr);
    let run = iri(&["parse", "--bogus"], b"");
    assert_eq!(run.code, 2);
    assert_eq!(run.stdout, "");
}
