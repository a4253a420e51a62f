//! The bottom of the crate imports nothing from above it (the crate docs'
//! *Layers*): the scanner, the character predicates and the message writer
//! name no other module of the crate, and `expected` (what a generated
//! state accepts next, read by the errors) only those two. Read from the
//! source, so that an import up the layers fails here with its line.
//!
//! Only code counts: comment lines (docs may link anywhere) and each
//! file's `#[cfg(test)]` foot (tests may use the whole crate) are skipped.

use std::path::{Path, PathBuf};

/// The modules at the bottom, and the crate modules each may import.
const BOTTOM: &[(&str, &[&str])] = &[
    ("src/chars.rs", &[]),
    ("src/pieces.rs", &[]),
    ("src/scan", &["scan"]),
    ("src/expected.rs", &["chars", "pieces"]),
];

fn rust_files(path: &Path) -> Vec<PathBuf> {
    if path.is_file() {
        return vec![path.to_owned()];
    }
    let mut files = Vec::new();
    for entry in std::fs::read_dir(path).expect("a source folder") {
        files.extend(rust_files(&entry.expect("an entry").path()));
    }
    files.retain(|file| file.extension().is_some_and(|e| e == "rs"));
    files
}

/// The modules named by `crate::NAME` paths in the code lines of `text`
/// (before its `#[cfg(test)]` foot), with their line numbers.
fn crate_paths(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let code = line.trim_start();
        if code.starts_with("#[cfg(test)]") {
            break;
        }
        if code.starts_with("//") {
            continue;
        }
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            rest = &rest[at + "crate::".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            found.push((number + 1, name));
        }
    }
    found
}

#[test]
fn the_bottom_modules_import_nothing_above_them() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut checked = 0;
    for &(path, allowed) in BOTTOM {
        for file in rust_files(&root.join(path)) {
            if file.file_name().is_some_and(|name| name == "tests.rs") {
                continue;
            }
            let text = std::fs::read_to_string(&file).expect("a source file");
            for (line, module) in crate_paths(&text) {
                assert!(
                    allowed.contains(&module.as_str()),
                    "{}:{line} imports crate::{module}, above its layer",
                    file.display()
                );
            }
            checked += 1;
        }
    }
    // chars, pieces, expected and the scanner's dozen files.
    assert!(checked >= 12, "{checked} files checked");
}

#[test]
fn crate_paths_are_found_in_code_and_not_in_comments_or_tests() {
    let text = "use crate::a::B;\n/// [`x`](crate::b)\nlet y = crate::c::d(crate::e);\n\
                #[cfg(test)]\nuse crate::f;\n";
    assert_eq!(
        crate_paths(text),
        [(1, "a".into()), (3, "c".into()), (3, "e".into())]
    );
}
