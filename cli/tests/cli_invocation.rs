//! The binary under the ways programs call it: standard output to a pipe,
//! a file, `/dev/null` opened write-only (a shell's `>/dev/null`) and
//! read-write (Python's `subprocess.DEVNULL`, service managers), `/dev/full`
//! and a closed descriptor; standard input from a pipe, a file, a
//! directory, a descriptor open for writing only, and a closed one. Each
//! exit status and message is checked against `docs/cli.md` ("Input and
//! output", and the extensions' note on standard streams).

#![cfg(unix)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `iri ARGS` under `sh -c` with the shell redirections `redirect`.
fn sh(args: &str, redirect: &str) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(format!("\"$0\" {args} {redirect}"))
        .arg(env!("CARGO_BIN_EXE_iri"))
        .stdin(Stdio::null())
        .output()
        .expect("sh runs")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// A scratch folder of this test's own, emptied first.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("iri-invocation-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn stdout_to_a_pipe() {
    let output = sh("to-uri http://é.example/", "");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(output.stdout, b"http://%C3%A9.example/\n");
}

#[test]
fn stdout_to_a_file() {
    let dir = scratch("file");
    let file = dir.join("out");
    let output = sh(
        "to-uri http://é.example/",
        &format!(">'{}'", file.display()),
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(std::fs::read(&file).unwrap(), b"http://%C3%A9.example/\n");
}

/// Contract: output that is discarded is not an error, however
/// `/dev/null` was opened. Every subcommand is tried read-write.
#[test]
fn stdout_to_dev_null_in_either_mode() {
    for redirect in [">/dev/null", "1<>/dev/null"] {
        for args in [
            "check http://a/",
            "parse http://a/",
            "to-uri http://é/",
            "to-iri http://%C3%A9/",
            "normalize HTTP://a/",
            "resolve http://a/b c",
            "relativize http://a/b http://a/c",
            "find 'see http://a/'",
            "entry ' <http://a/> '",
            "lint http://a/",
            "select --scripts Latin http://a/",
            "display http://a/",
        ] {
            let output = sh(args, redirect);
            assert_eq!(
                output.status.code(),
                Some(0),
                "iri {args} {redirect}: {}",
                stderr(&output)
            );
            assert_eq!(stderr(&output), "", "iri {args} {redirect}");
        }
    }
    // From Python's point of view: stdout=DEVNULL opens it read-write.
    let mut child = Command::new(env!("CARGO_BIN_EXE_iri"))
        .arg("to-uri")
        .stdin(Stdio::piped())
        .stdout(Stdio::from(
            std::fs::OpenOptions::new()
                .read(true)
                .write(true)
                .open("/dev/null")
                .unwrap(),
        ))
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"http://\xC3\xA9/\n")
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
}

/// Contract: a write error is reported, status 1.
#[cfg(target_os = "linux")]
#[test]
fn stdout_to_dev_full_is_a_write_error() {
    let output = sh("to-uri http://a/", ">/dev/full");
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).starts_with("iri: cannot write standard output: No space left on device"),
        "{}",
        stderr(&output)
    );
}

/// A closed stdout cannot be told from `/dev/null` (the Rust runtime
/// opens `/dev/null` in its place), so it is written to as `/dev/null`
/// is: the status is the inputs' (docs/cli.md says so).
#[test]
fn a_closed_stdout_is_written_to_as_dev_null() {
    let output = sh("check http://a/", ">&-");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stderr(&output), "");
    let output = sh("check 'a b'", ">&-");
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("line 1: error at byte 1"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn stdin_from_a_pipe() {
    let output = sh("to-uri", "").status;
    assert_eq!(output.code(), Some(0), "empty stdin has no inputs");
    let mut child = Command::new(env!("CARGO_BIN_EXE_iri"))
        .arg("to-uri")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"http://\xC3\xA9/\nhttp://a/\n")
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(output.stdout, b"http://%C3%A9/\nhttp://a/\n");
}

#[test]
fn stdin_from_a_file() {
    let dir = scratch("stdin-file");
    let file = dir.join("in");
    std::fs::write(&file, "http://é/\nhttp://a/").unwrap();
    let output = sh("to-uri", &format!("<'{}'", file.display()));
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(output.stdout, b"http://%C3%A9/\nhttp://a/\n");
}

/// Contract: a read error is reported on stderr, status 1.
#[cfg(target_os = "linux")]
#[test]
fn stdin_from_a_directory_is_a_read_error() {
    let output = sh("to-uri", "</");
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("iri: cannot read standard input: Is a directory"),
        "{}",
        stderr(&output)
    );
}

/// A descriptor open for writing only fails every read (EBADF), which the
/// standard library's `Stdin` would take for the end of the input: it is
/// a read error like any other.
#[test]
fn stdin_open_for_writing_only_is_a_read_error() {
    let dir = scratch("stdin-write-only");
    let file = dir.join("in");
    std::fs::write(&file, "http://a/\n").unwrap();
    for args in ["check", "to-uri", "lint", "find", "entry"] {
        let output = sh(args, &format!("0>'{}'", file.display()));
        assert_eq!(
            output.status.code(),
            Some(1),
            "iri {args}: {}",
            stderr(&output)
        );
        assert!(
            stderr(&output).contains("iri: cannot read standard input: Bad file descriptor"),
            "iri {args}: {}",
            stderr(&output)
        );
    }
}

/// A closed stdin is `/dev/null` to the program (the runtime opens it in
/// its place): no inputs, status 0.
#[test]
fn a_closed_stdin_has_no_inputs() {
    let output = sh("to-uri", "<&-");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(output.stdout.is_empty());
}
