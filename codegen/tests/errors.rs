//! Grammar errors as a person editing a grammar file sees them: message and
//! `file:line:col`, through the same entry points as the build.

use std::path::{Path, PathBuf};

use abnf_dfa::{generate, Config};

/// Writes `text` as `name` in a fresh folder with a configuration that
/// compiles `start`, and returns the error's display.
fn error_of(name: &str, text: &str, start: &str, max_states: usize) -> String {
    let dir = std::env::temp_dir().join(format!("abnf-dfa-errors-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let grammar = dir.join(name);
    std::fs::write(&grammar, text).unwrap();
    let mut config = Config::new(vec![grammar], vec![start.to_string()]);
    config.max_states = max_states;
    let message = match generate(&config) {
        Ok(_) => panic!("{name} compiled, but it should not"),
        Err(error) => error.to_string(),
    };
    std::fs::remove_dir_all(&dir).ok();
    // Paths differ per run; keep the file name only.
    message.replace(&format!("{}/", dir.display()), "")
}

#[test]
fn undefined_rule() {
    assert_eq!(
        error_of(
            "undefined.abnf",
            "top = \"a\" middle\nmiddel = \"b\"\n",
            "top",
            100
        ),
        "undefined.abnf:1:11: rule `middle` is not defined (used in `top`); did you mean `middel`?"
    );
}

#[test]
fn recursion() {
    assert_eq!(
        error_of(
            "recursion.abnf",
            "expr = term *(\"+\" term)\nterm = \"x\" / \"(\" expr \")\"\n",
            "expr",
            100
        ),
        "recursion.abnf:2:18: rule `expr` refers to itself: expr -> term -> expr \
         (recursion cannot be compiled to a finite automaton)\n  \
         recursion.abnf:1:8: `expr` refers to `term` here\n  \
         recursion.abnf:2:18: `term` refers to `expr` here"
    );
}

#[test]
fn syntax_error() {
    assert_eq!(
        error_of(
            "syntax.abnf",
            "; comment\ntop = \"a\"\n      / \"b\" )\n",
            "top",
            100
        ),
        "syntax.abnf:3:13: ABNF syntax error near `)`"
    );
}

#[test]
fn unterminated_string() {
    let message = error_of("string.abnf", "top = \"a\n", "top", 100);
    assert!(
        message.starts_with("string.abnf:1:7: ABNF syntax error near `\"a`"),
        "{message}"
    );
}

#[test]
fn state_limit() {
    // The 10th character from the end is `a`: 2^10 states at least.
    assert_eq!(
        error_of(
            "limit.abnf",
            "tail = *(\"a\" / \"b\") \"a\" 9(\"a\" / \"b\")\n",
            "tail",
            300
        ),
        "limit.abnf:1:1: rule `tail` needs more than 300 DFA states (stopped at 300); \
         raise `max-states` in the configuration if this is expected"
    );
}

#[test]
fn duplicate_definition() {
    assert_eq!(
        error_of("duplicate.abnf", "top = \"a\"\nTOP = \"b\"\n", "top", 100),
        "duplicate.abnf:2:1: rule `TOP` is defined twice\n  \
         duplicate.abnf:1:1: first defined here; use `=/` to add alternatives"
    );
}

#[test]
fn value_outside_unicode() {
    assert_eq!(
        error_of("value.abnf", "top = %x110000\n", "top", 100),
        "value.abnf:1:1: rule `top` uses %x110000, which is not a Unicode scalar value \
         (surrogates D800-DFFF and values above 10FFFF are not characters)"
    );
}

#[test]
fn unknown_start_rule() {
    assert_eq!(
        error_of("start.abnf", "alpha-num = \"a\"\n", "alpha-nom", 100),
        "rule `alpha-nom` is not defined; did you mean `alpha-num`?"
    );
}

#[test]
fn configuration_errors_are_located() {
    let message = Config::parse(
        "generate.conf",
        "grammar a.abnf\nstart x\nmax-states lots\n",
        Path::new("."),
    )
    .unwrap_err()
    .to_string();
    assert_eq!(
        message,
        "generate.conf:3:1: max-states takes a number, not `lots`"
    );
    let missing = Config::load(&PathBuf::from("/nonexistent/generate.conf"))
        .unwrap_err()
        .to_string();
    assert!(
        missing.starts_with("cannot read configuration /nonexistent/generate.conf:"),
        "{missing}"
    );
}
