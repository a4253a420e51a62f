//! Editing a grammar changes what the generated recognizer accepts.
//!
//! Copies the project's grammar files, lets `scheme` also allow `_`, and
//! compiles both versions: the edited one accepts `my_scheme:x`, the
//! original does not, and the emitted source differs.

use std::path::{Path, PathBuf};

use abnf_dfa::{dfa, generate, Config, Grammar};

fn project_abnf() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../abnf")
}

fn copy_with_edit(dir: &Path, edit: impl Fn(&str) -> String) -> Config {
    std::fs::create_dir_all(dir).unwrap();
    for name in ["core.abnf", "rfc3986.abnf", "rfc3987.abnf", "generate.conf"] {
        let text = std::fs::read_to_string(project_abnf().join(name)).unwrap();
        let text = if name == "rfc3986.abnf" {
            edit(&text)
        } else {
            text
        };
        std::fs::write(dir.join(name), text).unwrap();
    }
    Config::load(&dir.join("generate.conf")).unwrap()
}

#[test]
fn scheme_edit_changes_the_recognizer() {
    let base = std::env::temp_dir().join(format!("abnf-dfa-regenerate-{}", std::process::id()));
    let original = copy_with_edit(&base.join("original"), str::to_string);
    let edited = copy_with_edit(&base.join("edited"), |text| {
        let old = r#"scheme        = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )"#;
        assert!(
            text.contains(old),
            "the scheme rule moved; update this test"
        );
        text.replace(
            old,
            r#"scheme        = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." / "_" )"#,
        )
    });

    let verdict = |config: &Config, rule: &str, input: &str| {
        let grammar = Grammar::load(&config.grammar_files).unwrap();
        dfa::compile_rule(&grammar, rule, config.max_states)
            .unwrap()
            .run(input.as_bytes())
    };
    assert_eq!(verdict(&original, "IRI", "my_scheme:x"), Err(2));
    assert_eq!(verdict(&edited, "IRI", "my_scheme:x"), Ok(()));
    assert_eq!(verdict(&edited, "scheme", "a_b"), Ok(()));
    // Relative references see the change too (`a_b:x` is no longer a path).
    assert_eq!(verdict(&original, "IRI-reference", "a_b:x"), Err(3));
    assert_eq!(verdict(&edited, "IRI-reference", "a_b:x"), Ok(()));

    let before = generate(&original).unwrap().source;
    let after = generate(&edited).unwrap().source;
    assert_ne!(before, after);
    std::fs::remove_dir_all(&base).ok();
}

#[test]
fn scheme_edit_changes_the_expected_set() {
    use abnf_dfa::dfa::expected::{describe, state_units};
    let base = std::env::temp_dir().join(format!("abnf-dfa-expected-{}", std::process::id()));
    let original = copy_with_edit(&base.join("original"), str::to_string);
    let edited = copy_with_edit(&base.join("edited"), |text| {
        text.replace(
            r#"scheme        = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )"#,
            r#"scheme        = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." / "_" )"#,
        )
    });
    // What `IRI` accepts after `my` (inside the scheme), in the grammar's words.
    let after_my = |config: &Config| {
        let grammar = Grammar::load(&config.grammar_files).unwrap();
        let dfa = dfa::compile_rule(&grammar, "IRI", config.max_states).unwrap();
        let units = abnf_dfa::unit_rules(&grammar, std::slice::from_ref(&dfa), config.max_states);
        let state = dfa.step(dfa.step(dfa.start, b'm'), b'y');
        describe(&state_units(&dfa, state), dfa.is_accepting(state), &units)
    };
    let before = after_my(&original);
    assert_eq!(before.rules, ["ALPHA", "DIGIT"]);
    let literal = |d: &dfa::expected::Description| -> String {
        d.chars
            .iter()
            .flat_map(|&(lo, hi)| lo..=hi)
            .filter_map(char::from_u32)
            .collect()
    };
    assert_eq!(literal(&before), "+-.:");
    assert!(!before.end && !before.percent);
    let after = after_my(&edited);
    assert_eq!(after.rules, ["ALPHA", "DIGIT"]);
    assert_eq!(literal(&after), "+-.:_");
    std::fs::remove_dir_all(&base).ok();
}

/// The pieces that messages do not name, on the project's grammar: the
/// fixed-size insides of IP addresses and the single-character rules used
/// only inside other single-character rules.
#[test]
fn pieces_of_the_project_grammar() {
    let config = Config::load(&project_abnf().join("generate.conf")).unwrap();
    let grammar = Grammar::load(&config.grammar_files).unwrap();
    let mut pieces = grammar.pieces();
    pieces.sort_unstable_by_key(|name| name.to_ascii_lowercase());
    assert_eq!(
        pieces,
        [
            "CR",
            "dec-octet",
            "gen-delims",
            "h16",
            "HTAB",
            "LF",
            "ls32",
            "SP",
            "ucschar"
        ]
    );
}
