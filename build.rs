//! Generates the recognizers and character-class tables from `abnf/`.
//!
//! Reads `abnf/generate.conf` (which grammar files, which start rules, which
//! classes) and writes `$OUT_DIR/grammar.rs`, included by `src/grammar.rs`.
//! Any edit under `abnf/` makes the next `cargo build` regenerate.
//!
//! It also names, once, the two target predicates the scanner's SIMD code
//! is compiled under (`cfg_aliases`, which declares them to `check-cfg`):
//! `simd_path` (a target with a wide scanner path: x86_64, or aarch64 with
//! NEON) and `neon_path` (the aarch64 one of the two).

use std::path::PathBuf;

fn main() {
    cfg_aliases::cfg_aliases! {
        neon_path: { all(target_arch = "aarch64", target_feature = "neon") },
        simd_path: { any(target_arch = "x86_64", neon_path) },
    }

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
