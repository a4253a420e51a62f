//! The committed recognizers are what `abnf-dfa` makes of `abnf/` today.
//!
//! `src/grammar/generated.rs` is generated, never edited: build.rs
//! regenerates it when an input's hash differs from its header's, and this
//! test catches the rest (a hand edit, or a change to the generator that
//! `abnf/`'s hashes cannot see).

use std::path::Path;

use abnf_dfa::{generate, Config};

#[test]
fn committed_recognizers_match_the_grammar() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = Config::load(&root.join("abnf/generate.conf")).unwrap();
    let fresh = generate(&config).unwrap().source;
    let committed = std::fs::read_to_string(root.join("src/grammar/generated.rs")).unwrap();
    if fresh != committed {
        let line = fresh
            .lines()
            .zip(committed.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| fresh.lines().count().min(committed.lines().count()));
        panic!(
            "src/grammar/generated.rs differs from what abnf-dfa makes of abnf/ \
             (first at line {}); regenerate it with\n  \
             RFC3987_REGENERATE=1 cargo build\nor\n  \
             cargo run -p abnf-dfa --release -- --config abnf/generate.conf --emit src/grammar/generated.rs",
            line + 1
        );
    }
}
