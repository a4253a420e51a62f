//! Keeps the committed recognizers in step with the grammar files.
//!
//! The recognizers and character-class tables that `abnf-dfa` generates
//! from `abnf/` are committed as `src/grammar/generated.rs`, whose header
//! records the FNV-1a hash of each input (`abnf/generate.conf` and the
//! grammar files it names). This script only hashes those files and
//! compares: a user of the crate, whose `abnf/` is the published one,
//! compiles no grammar compiler. When a hash differs (a grammar edit inside
//! the repository), or when `RFC3987_REGENERATE` is set, it runs the
//! generator, `cargo run` of `codegen/` with a target folder of its own
//! (so no lock is shared with this build), and rewrites the file, so
//! editing `abnf/` and running `cargo build` is the whole workflow.
//! `tests/generated_grammar.rs` fails when the committed file differs from
//! what the generator makes of `abnf/` (a hand edit, or a generator change).
//!
//! It also names, once, the two target predicates the scanner's SIMD code
//! is compiled under, declared to `check-cfg`: `simd_path` (a target with
//! a wide scanner path: x86_64, or aarch64 with NEON) and `neon_path` (the
//! aarch64 one of the two). Read from cargo's `CARGO_CFG_*` variables
//! here rather than through a crate for it, which every dependent build
//! would compile first (`cargo build --timings`: 0.3 s before this script
//! on two cores).

use std::path::{Path, PathBuf};
use std::process::Command;

/// The committed generated file, relative to the package root.
const GENERATED: &str = "src/grammar/generated.rs";
/// The command that regenerates it, for messages.
const REGENERATE: &str =
    "cargo run -p abnf-dfa --release -- --config abnf/generate.conf --emit src/grammar/generated.rs";

/// `neon_path`: `all(target_arch = "aarch64", target_feature = "neon")`;
/// `simd_path`: `any(target_arch = "x86_64", neon_path)`.
fn target_predicates() {
    let cfg = |name: &str| std::env::var(name).unwrap_or_default();
    let arch = cfg("CARGO_CFG_TARGET_ARCH");
    let features = cfg("CARGO_CFG_TARGET_FEATURE");
    let neon = arch == "aarch64" && features.split(',').any(|f| f == "neon");
    let simd = arch == "x86_64" || neon;
    for (name, holds) in [("neon_path", neon), ("simd_path", simd)] {
        println!("cargo::rustc-check-cfg=cfg({name})");
        if holds {
            println!("cargo::rustc-cfg={name}");
        }
    }
}

fn main() {
    target_predicates();

    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    println!("cargo:rerun-if-changed=abnf");
    println!("cargo:rerun-if-changed={GENERATED}");
    println!("cargo:rerun-if-env-changed=RFC3987_REGENERATE");

    let generated = manifest.join(GENERATED);
    let forced = std::env::var_os("RFC3987_REGENERATE").is_some_and(|v| !v.is_empty());
    let stale = match stale_inputs(&manifest, &generated) {
        Ok(stale) => stale,
        Err(error) => fail(&error),
    };
    if stale.is_empty() && !forced {
        return;
    }
    let generator = manifest.join("codegen").join("Cargo.toml");
    if !generator.is_file() {
        fail(&format!(
            "{} differs from the hashes in {GENERATED}'s header, and this copy of the crate \
             has no generator: with abnf-dfa installed (`cargo install abnf-dfa`), run \
             `abnf-dfa --config abnf/generate.conf --emit {GENERATED}` in {}",
            stale.join(", "),
            manifest.display()
        ));
    }
    regenerate(&manifest, &generator, &generated);
    match stale_inputs(&manifest, &generated) {
        Ok(stale) if stale.is_empty() => {}
        Ok(stale) => fail(&format!(
            "after regenerating, {GENERATED}'s header still disagrees with {} \
             (abnf-dfa's input hash and this script's differ)",
            stale.join(", ")
        )),
        Err(error) => fail(&error),
    }
}

/// The inputs listed in the generated file's header whose hash differs from
/// the file's now (all of them when the file or its header is missing).
fn stale_inputs(manifest: &Path, generated: &Path) -> Result<Vec<String>, String> {
    let Ok(text) = std::fs::read_to_string(generated) else {
        return Ok(vec![format!("{GENERATED} (missing)")]);
    };
    let inputs = header_inputs(&text);
    if inputs.is_empty() {
        return Ok(vec![format!("{GENERATED} (no input hashes in its header)")]);
    }
    let mut stale = Vec::new();
    for (name, recorded) in inputs {
        let path = manifest.join("abnf").join(name);
        println!("cargo:rerun-if-changed={}", path.display());
        let bytes = std::fs::read(&path)
            .map_err(|error| format!("cannot read {}: {error}", path.display()))?;
        if format!("{:016x}", input_hash(&bytes)) != recorded {
            stale.push(format!("abnf/{name}"));
        }
    }
    Ok(stale)
}

/// The `NAME HASH` lines under the header's `// Inputs` line.
fn header_inputs(text: &str) -> Vec<(&str, &str)> {
    text.lines()
        .take_while(|line| line.starts_with("//"))
        .skip_while(|line| !line.starts_with("// Inputs"))
        .skip(1)
        .map_while(|line| {
            let mut words = line.strip_prefix("//   ")?.split(' ');
            match (words.next(), words.next(), words.next()) {
                (Some(name), Some(hash), None) if hash.len() == 16 => Some((name, hash)),
                _ => None,
            }
        })
        .collect()
}

/// FNV-1a (64 bits) without carriage returns: the hash `abnf-dfa` writes
/// in the header (`input_hash` in codegen/src/emit.rs); if the two ever
/// differed, `main` would fail right after regenerating, saying so.
fn input_hash(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .filter(|&&b| b != b'\r')
        .fold(0xcbf29ce484222325, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x100000001b3)
        })
}

/// Runs the generator into OUT_DIR, then replaces the committed file.
fn regenerate(manifest: &Path, generator: &Path, generated: &Path) {
    let out_dir = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets it"));
    // OUT_DIR is TARGET/[TRIPLE/]PROFILE/build/PKG-HASH/out: the generator
    // gets a folder of its own beside PROFILE, shared by every profile.
    let target_dir = out_dir
        .ancestors()
        .nth(4)
        .map_or_else(|| out_dir.join("abnf-dfa"), |dir| dir.join("abnf-dfa"));
    let fresh = out_dir.join("generated.rs");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    println!("cargo:warning=regenerating {GENERATED} from abnf/ ({REGENERATE})");
    let status = Command::new(cargo)
        .current_dir(manifest)
        .args(["run", "--quiet", "--release", "--manifest-path"])
        .arg(generator)
        .arg("--target-dir")
        .arg(&target_dir)
        .args(["--", "--config", "abnf/generate.conf", "--emit"])
        .arg(&fresh)
        // This build's flags and job server are not the generator's: it is
        // a host tool, built with its own cargo's defaults.
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .env_remove("CARGO_MAKEFLAGS")
        .env_remove("MAKEFLAGS")
        .env_remove("MFLAGS")
        .status()
        .unwrap_or_else(|error| fail(&format!("cannot run cargo for abnf-dfa: {error}")));
    if !status.success() {
        // The generator printed its error (file:line:col: message) above.
        fail(&format!("abnf-dfa failed on abnf/ ({status})"));
    }
    let source = std::fs::read(&fresh)
        .unwrap_or_else(|error| fail(&format!("cannot read {}: {error}", fresh.display())));
    if std::fs::read(generated).ok().as_deref() != Some(&source[..]) {
        std::fs::write(generated, source).unwrap_or_else(|error| {
            fail(&format!("cannot write {}: {error}", generated.display()))
        });
    }
}

fn fail(message: &str) -> ! {
    // Cargo shows a failing build script's stderr.
    eprintln!("error: {message}");
    std::process::exit(1);
}
