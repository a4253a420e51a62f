//! Generates the recognizers and character-class tables from `abnf/`.
//!
//! Reads `abnf/generate.conf` (which grammar files, which start rules, which
//! classes) and writes `$OUT_DIR/grammar.rs`, included by `src/grammar.rs`.
//! Any edit under `abnf/` makes the next `cargo build` regenerate.

use std::path::PathBuf;

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let config_path = manifest.join("abnf").join("generate.conf");
    println!("cargo:rerun-if-changed=abnf");
    println!("cargo:rerun-if-changed={}", config_path.display());

    let generated = abnf_dfa::Config::load(&config_path)
        .and_then(|config| {
            for file in &config.grammar_files {
                println!("cargo:rerun-if-changed={}", file.display());
            }
            abnf_dfa::generate(&config)
        })
        .unwrap_or_else(|error| {
            // Cargo shows a failing build script's stderr; the error already
            // says file:line:col, so print it as it is.
            eprintln!("error: {error}");
            std::process::exit(1);
        });

    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets it")).join("grammar.rs");
    if let Err(error) = std::fs::write(&out, generated.source) {
        eprintln!("error: cannot write {}: {error}", out.display());
        std::process::exit(1);
    }
}
