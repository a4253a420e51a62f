//! Snapshot of the emitted source for a small grammar, so that changes to
//! the generated code are reviewed as a diff. Set `UPDATE_SNAPSHOTS=1` to
//! rewrite `tests/snapshots/` after an intended change.

use std::path::Path;

use abnf_dfa::{generate, Config};

#[test]
fn small_grammar_snapshot() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots");
    let config_text = "grammar small.abnf\nstart word number\nclass letter\n";
    let config = Config::parse("small.conf", config_text, &dir).unwrap();
    let source = generate(&config).unwrap().source;
    let snapshot = dir.join("small.rs");
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&snapshot, &source).unwrap();
    }
    let expected = std::fs::read_to_string(&snapshot).unwrap_or_default();
    assert!(
        source == expected,
        "emitted source differs from {}; review the change and rerun with UPDATE_SNAPSHOTS=1",
        snapshot.display()
    );
}
