//! The whole-process comparison: `iri check` over a file
//! against the same loop around oxiri, so that reading, splitting and
//! writing are counted on both sides.
//!
//! ```text
//! cargo run --release --example check_loop -- write /tmp/iris.txt   # ~15 MB
//! cargo build --release -p rfc3987-cli && cargo build --release --example check_loop
//! target/release/iri check < /tmp/iris.txt > /dev/null 2> /tmp/ours.err
//! target/release/examples/check_loop oxiri < /tmp/iris.txt > /dev/null 2> /tmp/oxiri.err
//! ```
//!
//! `write FILE` writes the benches' `crawl` and `mixed` corpora (see
//! `benches/corpus/mod.rs`), interleaved and repeated until the file holds
//! about 15 MB: crawl-shaped URLs with raw tokens, and every shape of
//! reference, about 6 % of lines invalid. `oxiri` and `rfc3987` read lines
//! from stdin and answer as `iri check` does in plain mode: nothing on
//! stdout for a valid line; an empty line on stdout and `line N: MESSAGE`
//! on stderr for an invalid one (a line that is not UTF-8 is invalid).
//! `rfc3987` is the same loop around this crate's `check_bytes`, for
//! telling the CLI's own costs from the library's.

use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

#[path = "../benches/corpus/mod.rs"]
mod corpus;

/// About how many bytes `write` puts in the file.
const FILE_BYTES: usize = 15_000_000;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["write", path] => write(path),
        ["oxiri"] => check_lines(|line| match std::str::from_utf8(line) {
            Ok(text) => oxiri::IriRef::parse(text)
                .map(|_| ())
                .map_err(|e| e.to_string()),
            Err(e) => Err(e.to_string()),
        }),
        ["rfc3987"] => check_lines(|line| {
            rfc3987::check_bytes(&rfc3987::grammar::rules::IRI_REFERENCE, line)
                .map_err(|e| e.to_string())
        }),
        _ => {
            eprintln!("usage: check_loop write FILE | check_loop oxiri | check_loop rfc3987");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("check_loop: {e}");
            ExitCode::from(2)
        }
    }
}

/// Writes the corpora, interleaved, until about [`FILE_BYTES`].
fn write(path: &str) -> Result<bool, io::Error> {
    let crawl = corpus::crawl();
    let mixed = corpus::mixed();
    let mut out = BufWriter::new(std::fs::File::create(path)?);
    let mut written = 0;
    let lines = crawl.iter().zip(mixed.iter().cycle());
    for (a, b) in lines.cycle() {
        if written >= FILE_BYTES {
            break;
        }
        for line in [a, b] {
            // A line break inside an entry would split it in two.
            let line = line.replace(['\n', '\r'], " ");
            writeln!(out, "{line}")?;
            written += line.len() + 1;
        }
    }
    out.flush()?;
    Ok(true)
}

/// Runs `check` on every line of stdin, answering like `iri check`;
/// `Ok(false)` when a line was invalid.
fn check_lines(check: impl Fn(&[u8]) -> Result<(), String>) -> Result<bool, io::Error> {
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut stdout = BufWriter::new(io::stdout().lock());
    let mut stderr = BufWriter::new(io::stderr().lock());
    let mut line = Vec::new();
    let mut number = 0u64;
    let mut all_valid = true;
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        number += 1;
        let text = line.strip_suffix(b"\n").unwrap_or(&line);
        if let Err(message) = check(text) {
            all_valid = false;
            stdout.write_all(b"\n")?;
            writeln!(stderr, "line {number}: {message}")?;
        }
    }
    stdout.flush()?;
    stderr.flush()?;
    Ok(all_valid)
}
