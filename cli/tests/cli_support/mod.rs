//! Running the built `iri` binary from the CLI tests: its stdout, stderr and
//! exit status, and the JSON objects of a `--json` run.
#![allow(dead_code)] // each test file uses its own part of the harness

use std::io::Write;
use std::process::{Command, Stdio};
use std::thread;

use serde_json::Value;

/// What one run of `iri` did.
#[derive(Debug)]
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// `iri ARGS` with piped stdin, stdout and stderr, not yet started.
pub fn iri_command(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_iri"));
    command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// Runs `iri ARGS` with `stdin` written from another thread (so that a large
/// input cannot deadlock against a full stdout pipe).
pub fn iri(args: &[&str], stdin: &[u8]) -> Run {
    let mut child = iri_command(args).spawn().expect("the iri binary runs");
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    // The child may exit without reading everything (arguments given): a
    // write error here is then expected, and not the test's subject.
    let writer = thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    Run {
        code: output
            .status
            .code()
            .expect("iri exits, not killed by a signal"),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    }
}

/// The JSON objects of a `--json` run, one per stdout line.
pub fn objects(run: &Run) -> Vec<Value> {
    run.stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line:?}")))
        .collect()
}
