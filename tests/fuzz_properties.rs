//! The fuzz targets' properties in `cargo test`, so that CI checks them on
//! every change: the same functions (`fuzz/src/properties.rs`, included
//! below) on
//!
//! - every saved crash in `fuzz/regressions/<target>/`, each file one
//!   input exactly as the fuzzer gave it;
//! - the seed corpus in `fuzz/seeds/`, made from the RFCs' examples, a
//!   few edge cases and derivations of the grammar, which this test also
//!   keeps fresh (`UPDATE_FUZZ_SEEDS=1 cargo test --test fuzz_properties`
//!   rewrites it);
//! - proptest inputs: derivations of the grammar's rules by the generator
//!   in `tests/support/gen.rs`, mutated or not, noise over an alphabet
//!   heavy in delimiters, paths full of dot segments, and arbitrary bytes,
//!   with a fixed seed so every run checks the same cases.
//!
//! Each property function says whether its input was valid for the
//! operation; a strategy that yields too few valid inputs fails the test
//! rather than checking little.
// The properties include lint, display and text (find, entry) ones
// (fuzz/src/properties.rs).
#![cfg(all(feature = "lint", feature = "display", feature = "text"))]

#[path = "../fuzz/src/properties.rs"]
mod properties;
mod support;

use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

use properties::{Checked, Property, TARGETS};
use support::gen::Generator;
use support::interp::Grammar;

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz")
}

fn target(name: &str) -> Property {
    TARGETS
        .iter()
        .find(|(n, _)| *n == name)
        .unwrap_or_else(|| panic!("no fuzz target {name}"))
        .1
}

/// Runs `property` on `data`, returning the panic message if it fails.
fn failure(property: Property, data: &[u8]) -> Option<String> {
    let outcome = catch_unwind(AssertUnwindSafe(|| property(data)));
    let payload = outcome.err()?;
    let message = payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default();
    Some(message)
}

/// The files of `dir`, sorted by name (none when it does not exist).
fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return BTreeMap::new();
    };
    entries
        .map(|entry| {
            let path = entry.expect("readable").path();
            assert!(path.is_file(), "{} is not a file", path.display());
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&path).expect("readable"))
        })
        .collect()
}

#[test]
fn saved_regressions_pass() {
    let root = fuzz_dir().join("regressions");
    let mut failures = Vec::new();
    let mut count = 0;
    for entry in std::fs::read_dir(&root).expect("fuzz/regressions exists") {
        let dir = entry.unwrap().path();
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        if name.starts_with("against_") {
            // The differential targets' (`fuzz/src/differential.rs`):
            // tests/fuzz_differential.rs replays them.
            continue;
        }
        // A folder that names no target would be skipped silently.
        let property = target(&name);
        for (file, data) in files(&dir) {
            count += 1;
            if let Some(message) = failure(property, &data) {
                failures.push(format!("fuzz/regressions/{name}/{file}: {message}"));
            }
        }
    }
    assert!(count > 0, "no regressions found under {}", root.display());
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

// ---------------------------------------------------------------------
// The seed corpus

/// Which seed folder each target reads: the one-string targets share one.
fn seed_folder(target: &str) -> &'static str {
    match target {
        "resolve" => "resolve",
        "builder" => "builder",
        _ => "strings",
    }
}

/// Examples from RFC 3986 (sections 1.1.2, 3, 5.4) and RFC 3987 (sections
/// 3.1, 3.2, 5.3, 6.4), as written there.
const RFC_EXAMPLES: &[&str] = &[
    "ftp://ftp.is.co.za/rfc/rfc1808.txt",
    "http://www.ietf.org/rfc/rfc2396.txt",
    "ldap://[2001:db8::7]/c=GB?objectClass?one",
    "mailto:John.Doe@example.com",
    "news:comp.infosystems.www.servers.unix",
    "tel:+1-816-555-1212",
    "telnet://192.0.2.16:80/",
    "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
    "foo://example.com:8042/over/there?name=ferret#nose",
    "urn:example:animal:ferret:nose",
    "http://a/b/c/d;p?q",
    "http://r\u{e9}sum\u{e9}.example.org",
    "http://r%C3%A9sum%C3%A9.example.org",
    "http://xn--rsum-bpad.example.org",
    "http://www.example.org/D%C3%BCrst",
    "http://www.example.org/D\u{fc}rst",
    "http://www.example.org/D%FCrst",
    "http://xn--99zt52a.example.org/%e2%80%ae",
    "http://\u{7d0d}\u{8c46}.example.org/%E2%80%AE",
    "http://www.example.org/red%09ros%C3%A9#red",
    "http://example.com/%7Euser",
    "eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9",
    "example://a/b/c/%7Bfoo%7D/ros\u{e9}",
    "http://example.com",
    "http://example.com/",
    "http://example.com:/",
    "http://example.com:80/",
    "http://example.org/~user",
    "http://example.org/%7euser",
    "http://example.org/%7Euser",
    "http://[::1]:8080/a?b#c",
    "http://[v7.x]/",
    "file:///etc/hosts",
    "//example.org/scheme-relative/URI/with/absolute/path/to/resource.txt",
    "/relative/URI/with/absolute/path/to/resource.txt",
    "relative/path/to/resource.txt",
    "../../../resource.txt",
    "./resource.txt#frag01",
    "resource.txt",
    "#frag01",
    "",
    "http://\u{5e9}\u{5dc}\u{5d5}\u{5dd}.example.org/",
    "http://ab.\u{5d0}\u{5d1}\u{5d2}.\u{5d3}\u{5d4}\u{5d5}.example/",
    "http://example.org/\u{e000}?\u{e000}",
    "http://example.com/a%2Fb%3Fc%23d",
    "http://example.com/%C0%AF%FF%ED%A0%80",
];

/// Inputs that broke a property once (see `fuzz/regressions/`) or sit on
/// an edge the RFCs name: label separators other than `.` (RFC 3490
/// section 3.1), hosts that STD3 rejects, nested ACE labels, non-ASCII
/// next to a path's last `/`.
const EDGE_CASES: &[&str] = &[
    "http://\u{4f8b}\u{3048}\u{3002}jp/",
    "http://a\u{FF0E}b\u{FF61}c\u{3002}/",
    "http://my_host.example.com/",
    "http://xn--xn--b-eee",
    "HTTP://Example.COM:080/a/./b/../c/%7e%2F?%3f#%23",
    "a:/\u{e9}/",
    "file://localhost/etc",
    "a:/..//g",
    // Runs of four-byte characters long enough for the window check, and
    // the noncharacters, tag characters and private planes that end them.
    "http://example.org/\u{1f980}\u{2070e}/\u{1f980}\u{2070e}/\u{1f980}\u{2070e}/\u{1f980}\u{2070e}/\u{1f980}\u{2070e}/\u{1f980}\u{2070e}/?q=\u{1f44d}\u{1f3fd}\u{1f44d}\u{1f3fd}\u{1f44d}\u{1f3fd}\u{1f44d}\u{1f3fd}\u{f0001}\u{100001}#\u{1f600}\u{1f600}\u{1f600}\u{1f600}\u{1f600}",
    "https://\u{4f8b}.jp/a\u{1f980}a\u{1f980}a\u{1f980}a\u{1f980}a\u{1f980}a\u{1f980}a\u{1f980}a\u{1f980}\u{1fffe}bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb?xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\u{e0001}\u{10fffd}yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy\u{2ffff}",
];

/// RFC 3986 section 5.4's references (normal and abnormal), resolved
/// against its base `http://a/b/c/d;p?q`.
const RFC_REFERENCES: &[&str] = &[
    "g:h",
    "g",
    "./g",
    "g/",
    "/g",
    "//g",
    "?y",
    "g?y",
    "#s",
    "g#s",
    "g?y#s",
    ";x",
    "g;x",
    "g;x?y#s",
    "",
    ".",
    "./",
    "..",
    "../",
    "../g",
    "../..",
    "../../",
    "../../g",
    "../../../g",
    "../../../../g",
    "/./g",
    "/../g",
    "g.",
    ".g",
    "g..",
    "..g",
    "./../g",
    "./g/.",
    "g/./h",
    "g/../h",
    "g;x=1/./y",
    "g;x=1/../y",
    "g?y/./x",
    "g?y/../x",
    "g#s/./x",
    "g#s/../x",
    "http:g",
];

fn grammar() -> &'static Grammar {
    static GRAMMAR: OnceLock<Grammar> = OnceLock::new();
    GRAMMAR.get_or_init(Grammar::load)
}

/// A derivation of the grammar rule `rule`.
fn derive(gen: &mut Generator<'_>, rule: &str) -> String {
    let id = grammar()
        .rule(rule)
        .unwrap_or_else(|| panic!("no rule {rule}"));
    gen.generate(id)
}

/// The seed corpus, by folder and file name.
fn seeds() -> BTreeMap<&'static str, BTreeMap<String, Vec<u8>>> {
    let mut out: BTreeMap<&str, BTreeMap<String, Vec<u8>>> = BTreeMap::new();
    let mut gen = Generator::new(grammar(), 0xF022_5EED);
    let strings = out.entry("strings").or_default();
    for (i, example) in RFC_EXAMPLES.iter().enumerate() {
        strings.insert(format!("rfc-{i:02}"), example.as_bytes().to_vec());
    }
    for (i, edge) in EDGE_CASES.iter().enumerate() {
        strings.insert(format!("edge-{i:02}"), edge.as_bytes().to_vec());
    }
    let rules = ["IRI-reference", "IRI", "irelative-ref", "URI-reference"];
    for i in 0..24 {
        let text = derive(&mut gen, rules[i % rules.len()]);
        strings.insert(format!("grammar-{i:02}"), text.into_bytes());
    }
    let resolve = out.entry("resolve").or_default();
    for (i, reference) in RFC_REFERENCES.iter().enumerate() {
        let pair = format!("http://a/b/c/d;p?q\n{reference}");
        resolve.insert(format!("rfc-{i:02}"), pair.into_bytes());
    }
    for (i, (base, target)) in [("a:/\u{e9}/", "a:/\u{ea}"), ("a:/b", "a:/.//g")]
        .iter()
        .enumerate()
    {
        resolve.insert(
            format!("edge-{i:02}"),
            format!("{base}\n{target}").into_bytes(),
        );
    }
    for i in 0..12 {
        let base = derive(&mut gen, "IRI");
        let other = derive(&mut gen, ["irelative-ref", "IRI"][i % 2]);
        resolve.insert(
            format!("grammar-{i:02}"),
            format!("{base}\n{other}").into_bytes(),
        );
    }
    let builder = out.entry("builder").or_default();
    for i in 0..16 {
        // The components of one example, over another as the start.
        let example = RFC_EXAMPLES[i * 2 % RFC_EXAMPLES.len()];
        let start = RFC_EXAMPLES[(i * 2 + 1) % RFC_EXAMPLES.len()];
        builder.insert(format!("rfc-{i:02}"), builder_input(example, start));
    }
    for i in 0..8 {
        let example = derive(&mut gen, "IRI-reference");
        let start = derive(&mut gen, "IRI-reference");
        builder.insert(format!("grammar-{i:02}"), builder_input(&example, &start));
    }
    out
}

/// The `builder` target's input that gives the components of `example`
/// and starts the setters from `start`.
fn builder_input(example: &str, start: &str) -> Vec<u8> {
    let r = rfc3987::IriRef::parse(example).expect("a valid example");
    let c = r.components();
    let parts = [
        c.scheme,
        c.userinfo,
        c.host,
        c.port,
        Some(c.path),
        c.query,
        c.fragment,
    ];
    let mut mask = 0u8;
    let mut text = String::from(start);
    for (i, part) in parts.iter().enumerate() {
        if let Some(part) = part {
            mask |= 1 << i;
            text = format!("{text}\n{part}");
        }
    }
    let mut data = vec![mask];
    data.extend_from_slice(text.as_bytes());
    data
}

#[test]
fn seed_corpus_is_fresh_and_passes() {
    let root = fuzz_dir().join("seeds");
    let update = std::env::var_os("UPDATE_FUZZ_SEEDS").is_some();
    let seeds = seeds();
    for (folder, wanted) in &seeds {
        let dir = root.join(folder);
        if update {
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).unwrap();
            for (name, data) in wanted {
                std::fs::write(dir.join(name), data).unwrap();
            }
        }
        assert!(
            files(&dir) == *wanted,
            "fuzz/seeds/{folder} is stale: run `UPDATE_FUZZ_SEEDS=1 cargo test --test \
             fuzz_properties seed_corpus` and commit the result"
        );
    }
    let mut failures = Vec::new();
    let mut valid = 0;
    for (name, property) in TARGETS {
        for (file, data) in &seeds[seed_folder(name)] {
            match catch_unwind(AssertUnwindSafe(|| property(data))) {
                Ok(Checked::Valid) => valid += 1,
                Ok(Checked::Rejected) => {}
                Err(_) => failures.push(format!(
                    "{name} on fuzz/seeds/{}/{file}: {}",
                    seed_folder(name),
                    failure(*property, data).unwrap_or_default()
                )),
            }
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
    assert!(valid > 300, "only {valid} seeds were valid inputs");
}

// ---------------------------------------------------------------------
// Proptest

/// Runs `property` on `cases` inputs of `strategy` (fixed seed), and
/// requires that at least `min_valid` of them were valid inputs.
fn drive<S: Strategy<Value = Vec<u8>>>(name: &str, strategy: S, cases: u32, min_valid: u32) {
    let property = target(name);
    let config = Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    };
    let rng = TestRng::deterministic_rng(RngAlgorithm::ChaCha);
    let mut runner = TestRunner::new_with_rng(config, rng);
    let valid = std::cell::Cell::new(0);
    let result = runner.run(&strategy, |data| {
        if property(&data) == Checked::Valid {
            valid.set(valid.get() + 1);
        }
        Ok(())
    });
    let valid = valid.get();
    if let Err(e) = result {
        panic!("{name}: {e}");
    }
    assert!(
        valid >= min_valid,
        "{name}: only {valid} of {cases} inputs were valid"
    );
}

/// A derivation of one of `rules`, mutated once in four (the generator's
/// own seed comes from proptest, so the case can be replayed but not
/// shrunk: the failure message names the input).
fn grammar_text(rules: &'static [&'static str]) -> impl Strategy<Value = String> {
    (any::<u64>(), select(rules), 0..4u8).prop_map(|(seed, rule, mutate)| {
        let mut gen = Generator::new(grammar(), seed);
        let text = derive(&mut gen, rule);
        if mutate == 0 {
            gen.mutate(&text)
        } else {
            text
        }
    })
}

/// Short strings over an alphabet heavy in delimiters and edge cases
/// (these shrink well).
fn noise() -> impl Strategy<Value = String> {
    const STARTS: &[&str] = &["", "", "", "//", "s://", "http://", "s:", "s://[", "//[v1."];
    const ALPHABET: &[&str] = &[
        ":",
        "/",
        "?",
        "#",
        "[",
        "]",
        "@",
        "%",
        ".",
        "..",
        "v",
        "a",
        "F",
        "1",
        "0",
        "-",
        "~",
        "=",
        " ",
        "é",
        "😀",
        "\u{E000}",
        "\u{202E}",
        "%2F",
        "%3f",
        "%23",
        "%2E",
        "%C3%A9",
        "%FF",
        "%e2%80%ae",
        "xn--",
        "XN--",
        "\u{3002}",
        "_",
    ];
    (select(STARTS), vec(select(ALPHABET), 0..16))
        .prop_map(|(start, body)| format!("{start}{}", body.concat()))
}

/// Paths made of dot segments, empty segments and a few names, under an
/// optional scheme and authority.
fn dotty(scheme: bool) -> impl Strategy<Value = String> {
    const SEGMENTS: &[&str] = &["", ".", "..", "a", "b", "é", "%2E", "x:y", "g;x=1"];
    let head = if scheme {
        select(&["http:", "a:", "http://a", "a://h", "a:/", "http://ä"][..])
    } else {
        select(&["", "", "/", "//a", "./", "../"][..])
    };
    (
        head,
        vec(select(SEGMENTS), 0..6),
        select(&["", "", "?q", "?", "#f", "?y#s"][..]),
    )
        .prop_map(|(head, segments, tail)| format!("{head}{}{tail}", segments.join("/")))
}

const TOP_RULES: &[&str] = &["IRI-reference", "IRI", "irelative-ref", "absolute-IRI"];

/// One string, mostly valid references, as bytes; sometimes not UTF-8.
fn one_string() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        6 => grammar_text(TOP_RULES).prop_map(String::into_bytes),
        3 => noise().prop_map(String::into_bytes),
        1 => grammar_text(&["URI-reference"]).prop_map(String::into_bytes),
        1 => vec(any::<u8>(), 0..24),
    ]
}

#[test]
fn parse_properties() {
    drive("parse", one_string(), 10_000, 4000);
}

#[test]
fn scan_properties() {
    // Several inputs a line, so the batch walk mixes lengths and verdicts.
    let lines = vec(one_string(), 1..6).prop_map(|inputs| inputs.join(&b'\n'));
    drive("scan", lines, 2_000, 1000);
}

/// Prose around references: words in several scripts, delimiters of
/// running text, and references with and without schemes.
fn prose() -> impl Strategy<Value = Vec<u8>> {
    const WORDS: &[&str] = &[
        " ",
        "  ",
        "\n",
        "see",
        "日本語の",
        "Привет",
        "مرحبا",
        "Straße",
        "(",
        ")",
        "<",
        ">",
        "\"",
        ".",
        ",",
        ";",
        "!",
        "?",
        "「",
        "」",
        "URL:",
        "[x](",
        "http://",
        "mailto:",
        "https://",
        // Punctuation, quotes and brackets of other scripts, which end an
        // IRI (section 7.3 read with Unicode properties), often with no
        // space after them.
        "、",
        "。",
        "，",
        "．",
        "：",
        "！",
        "？",
        "،",
        "।",
        "…",
        "“",
        "”",
        "‘",
        "’",
        "„",
        "«",
        "»",
        "『",
        "』",
        "（",
        "）",
        "【",
        "】",
        // Bidi formatting characters and white space of other kinds.
        "\u{200E}",
        "\u{200F}",
        "\u{61C}",
        "\u{202B}",
        "\u{202C}",
        "\u{2067}",
        "\u{2069}",
        "\u{A0}",
        "\u{3000}",
        "\u{200B}",
        "\u{FEFF}",
        // Markdown emphasis, and what a host never holds.
        "**",
        "*",
        "_",
        "~~",
        "~",
        ",",
        "'s",
        "—",
        "에서",
        "で",
        "👈",
        "→",
        "\u{AD}",
        "™",
        ".com",
    ];
    let piece = prop_oneof![
        3 => select(WORDS).prop_map(str::to_owned),
        // References under schemes the default finder knows.
        3 => (select(&["http://", "https://", "ftp://", "mailto:", "urn:"][..]), grammar_text(&["iauthority", "ipath-rootless"]))
            .prop_map(|(scheme, rest)| format!("{scheme}{rest}")),
        1 => grammar_text(TOP_RULES),
    ];
    // Pieces joined by a space, or by nothing (as Japanese and Chinese
    // write), or a line break.
    let joint = select(&[" ", " ", "", "\n"][..]);
    vec((piece, joint), 0..12).prop_map(|pieces| {
        let mut text = String::new();
        for (piece, joint) in pieces {
            text.push_str(&piece);
            text.push_str(joint);
        }
        text.into_bytes()
    })
}

#[test]
fn find_properties() {
    let strategy = prop_oneof![3 => prose(), 1 => typed()];
    drive("find", strategy, 4_000, 800);
}

#[test]
fn lint_properties() {
    let strategy = prop_oneof![
        4 => one_string(),
        1 => select(&[
            "http://\u{5D0}\u{5D1}.example/\u{5D2}/abc",
            "http://a/\u{202E}x",
            "http://ＡＢ.example/ﬁ",
            "http://a/%C0%AF?%41",
            "HTTP://EXAMPLE.org/\u{627}1",
            "http://a/r%E9sum%E9.html?%2F%E9%93%FA#%83%5C",
            "http://例え.jp/résumé?q=日本",
        ][..])
        .prop_map(|s| s.as_bytes().to_vec()),
    ];
    drive("lint", strategy, 4_000, 2000);
}

/// Text as people type or paste it: the pieces that entry's steps act on
/// (wrappers and brackets of several scripts and their full-width,
/// half-width and NFC-singleton forms, sentence punctuation, the blanks
/// and line breaks of step 2, bidi marks and invisible characters that
/// step 1 trims, the `URL:` prefix whole, broken and full-width, width and
/// NFC material, characters that step 5 encodes),
/// in any order.
fn typed() -> impl Strategy<Value = Vec<u8>> {
    const PIECES: &[&str] = &[
        "(",
        ")",
        "<",
        ">",
        "\"",
        "“",
        "”",
        "「",
        "」",
        "＜",
        "＞",
        "（",
        "）",
        "｢",
        "｣",
        "[",
        "]",
        "«",
        "»",
        "'",
        "＇",
        "＂",
        ".",
        "!",
        "?",
        ",",
        ";",
        "。",
        "！",
        "．",
        "｡",
        "、",
        " ",
        "\t",
        "\n",
        "\r\n",
        "\u{3000}",
        "\u{A0}",
        "\u{2000}",
        "URL:",
        "url:",
        "ur",
        "l:",
        "ＵＲＬ：",
        "ｕ",
        "x",
        "ａ",
        "ﾃ",
        "ﾞ",
        "e",
        "\u{301}",
        "\u{338}",
        "%",
        "#",
        "/",
        ":",
        "\u{200E}",
        "\u{200F}",
        "\u{2067}",
        "\u{2069}",
        "\u{200B}",
        "\u{AD}",
        "\u{2060}",
        "\u{2061}",
        "\u{200D}",
        "\u{FEFF}",
        "\u{FFFD}",
        "http://a/",
        "例え",
        "\u{2329}",
        "〉",
        "\u{37E}",
        "\u{387}",
        "[x]",
    ];
    vec(select(PIECES), 1..12).prop_map(|pieces| pieces.concat().into_bytes())
}

#[test]
fn entry_properties() {
    let strategy = prop_oneof![
        3 => one_string(),
        1 => prose(),
        2 => typed(),
        1 => grammar_text(TOP_RULES).prop_map(|t| format!(" <{t}> ").into_bytes()),
        // IRIs of the `url` scheme, which entry keeps as they are, and
        // `url:` prefixes before an IRI with a scheme, which it removes.
        1 => grammar_text(TOP_RULES).prop_map(|t| format!("url:{t}").into_bytes()),
    ];
    drive("entry", strategy, 4_000, 1000);
}

#[test]
fn check_vs_parse_properties() {
    drive("check_vs_parse", one_string(), 10_000, 4000);
}

#[test]
fn to_uri_properties() {
    drive("to_uri", one_string(), 10_000, 4000);
}

#[test]
fn to_iri_properties() {
    drive("to_iri", one_string(), 10_000, 4000);
}

#[test]
fn normalize_properties() {
    let strategy = prop_oneof![
        4 => one_string(),
        1 => dotty(true).prop_map(String::into_bytes),
        1 => dotty(false).prop_map(String::into_bytes),
    ];
    drive("normalize", strategy, 10_000, 4000);
}

#[test]
fn resolve_properties() {
    let base = prop_oneof![2 => grammar_text(&["IRI"]), 1 => dotty(true)];
    let other = prop_oneof![
        2 => grammar_text(&["irelative-ref", "IRI"]),
        2 => dotty(false),
        1 => dotty(true),
        1 => noise(),
    ];
    let strategy = (base, other).prop_map(|(b, o)| format!("{b}\n{o}").into_bytes());
    drive("resolve", strategy, 10_000, 4000);
}

#[test]
fn builder_properties() {
    const PART_RULES: [&str; 7] = [
        "scheme",
        "iuserinfo",
        "ihost",
        "port",
        "ipath",
        "iquery",
        "ifragment",
    ];
    let parts = (any::<u64>(), any::<u8>()).prop_map(|(seed, mutate)| {
        let mut gen = Generator::new(grammar(), seed);
        let mut out = Vec::new();
        for (i, rule) in PART_RULES.iter().enumerate() {
            let text = derive(&mut gen, rule);
            // Bit i: a component that does not match its rule.
            out.push(if mutate & (1 << i) != 0 && gen.rng.one_in(2) {
                gen.mutate(&text)
            } else {
                text
            });
        }
        out
    });
    let strategy =
        (any::<u8>(), grammar_text(&["IRI-reference"]), parts).prop_map(|(mask, start, parts)| {
            let mut data = vec![mask];
            data.extend_from_slice(start.as_bytes());
            for (i, part) in parts.iter().enumerate() {
                if mask & (1 << i) != 0 {
                    data.push(b'\n');
                    data.extend_from_slice(part.as_bytes());
                }
            }
            data
        });
    drive("builder", strategy, 10_000, 1000);
}

#[test]
fn encode_properties() {
    let strategy = prop_oneof![
        any::<String>().prop_map(String::into_bytes),
        noise().prop_map(String::into_bytes),
        vec(any::<u8>(), 0..24),
    ];
    drive("encode", strategy, 10_000, 10_000);
}
