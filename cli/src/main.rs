//! `iri`: the command-line face of the `rfc3987` library, as
//! `docs/cli.md` (the CLI contract) specifies it.
//!
//! ```text
//! $ iri check 'http://résumé.example.org/' 'http://example.org/a b' 2>&1 >/dev/null
//! line 2: error at byte 20: expected ipchar, '#', '/', '?' or the end of the input, found ' ' (U+0020) in isegment; percent-encode it as %20
//! $ iri check --json 'http://example.org/a b'
//! {"input": "http://example.org/a b", "valid": false, "error": {"offset": 20, "message": "expected ipchar, '#', '/', '?' or the end of the input, found ' ' (U+0020) at byte 20 in isegment; percent-encode it as %20"}}
//! ```
//!
//! # Layout
//!
//! One module per subcommand ([`check`], [`parse`], ...), each with its
//! [`args::CommandSpec`] (name, usage, options, help), its `Args` (its
//! options typed) and its `run`, over the shared ones:
//!
//! - [`command`]: the table of subcommands, the command line read once
//!   into a [`command::Command`] (a subcommand with its options typed, in
//!   the manner of ripgrep's low-level arguments), and the dispatch;
//! - [`args`]: the options after the subcommand's name (`--json`,
//!   `--help`, the subcommand's own), the inputs given as arguments, and
//!   the helpers that type values several subcommands share (`--rule`,
//!   `--level`, `--scripts`);
//! - [`help`]: the parts of the help pages generated from a subcommand's
//!   option table;
//! - [`input`]: where inputs come from — arguments, or else the lines of
//!   standard input; numbering; invalid UTF-8; outcomes;
//! - [`output`]: plain and JSON results, and the `line N: error at byte
//!   OFFSET: MESSAGE` lines on stderr;
//! - [`pipeline`]: the one input loop, on the main thread or on every
//!   core, in input order; the exit status.
//!
//! A subcommand's `run` turns its typed options into a per-input closure
//! and hands it to [`pipeline::sequential`], [`pipeline::parallel`] or
//! [`pipeline::batched`]; everything the contract says about inputs,
//! outputs and exit statuses happens in the shared modules.
//!
//! **Exit statuses** (contract, "Input and output"): 0 when every input
//! succeeded, 1 when at least one failed (or input or output broke), 2 for a
//! usage error, reported on stderr with the usage line. Every usage error
//! is found before the first input is read ([`command::parse`]).
//!
//! The command line is split into options and values by [`lexopt`];
//! [`args`] applies the contract's rules to them (the subcommand's option
//! table, missing or repeated values) and is tested on its own. `--json`
//! output is `#[derive(Serialize)]` structs, one per result shape, written
//! by [`output::Output::json`].
#![forbid(unsafe_code)]

mod args;
mod check;
mod command;
mod display;
mod entry;
mod equiv;
mod find;
mod help;
mod input;
mod interpret;
mod lint;
mod normalize;
mod output;
mod parallel;
mod parse;
mod pipeline;
mod resolve;
mod select;
mod to_iri;
mod to_uri;

use std::io::{self, Write};
use std::process::ExitCode;

use args::{CommandSpec, UsageError};
use command::{Invocation, SUBCOMMANDS};

/// Exit status for a usage error (contract: 2).
const EXIT_USAGE: u8 = 2;

fn main() -> ExitCode {
    match command::parse(std::env::args_os().skip(1)) {
        Ok(Invocation::ToolHelp) => {
            print_stdout(&tool_help());
            ExitCode::SUCCESS
        }
        Ok(Invocation::Version) => {
            print_stdout(&format!("iri {}\n", env!("CARGO_PKG_VERSION")));
            ExitCode::SUCCESS
        }
        Ok(Invocation::Help(spec)) => {
            print_stdout(&(spec.help)());
            ExitCode::SUCCESS
        }
        Ok(Invocation::Run(command)) => command.run(),
        Err(misuse) => usage_error(misuse.spec, &misuse.error),
    }
}

/// Reports a usage error on stderr and returns exit status 2.
fn usage_error(command: Option<&CommandSpec>, error: &UsageError) -> ExitCode {
    let message = match command {
        Some(command) => format!(
            "iri {}: {error}\nusage: {}\nrun 'iri {} --help' for more\n",
            command.name, command.usage, command.name
        ),
        None => format!(
            "iri: {error}\nusage: iri SUBCOMMAND [OPTIONS] [INPUT...]\nrun 'iri --help' for more\n"
        ),
    };
    // Nothing useful can be done if stderr itself is gone.
    let _ = io::stderr().lock().write_all(message.as_bytes());
    ExitCode::from(EXIT_USAGE)
}

/// Writes help or version text; a closed stdout (`iri --help | head -1`) is
/// not worth a message.
fn print_stdout(text: &str) {
    let mut stdout = io::stdout().lock();
    let _ = stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush());
}

fn tool_help() -> String {
    let mut help = String::from(
        "iri: validate and process Internationalized Resource Identifiers (RFC 3987)\n\
         \n\
         usage: iri SUBCOMMAND [OPTIONS] [INPUT...]\n\
         \n\
         Subcommands:\n",
    );
    let width = SUBCOMMANDS
        .iter()
        .map(|c| c.spec.name.len())
        .max()
        .unwrap_or(0);
    for command in SUBCOMMANDS {
        let command = command.spec;
        help.push_str(&format!("  {:width$}  {}\n", command.name, command.summary));
    }
    help.push_str(
        "\n\
         Each subcommand takes its inputs as arguments or, when none are given,\n\
         one per line from standard input. Options go after the subcommand's\n\
         name; every subcommand accepts --json and --help.\n\
         \n\
         Exit status: 0 when every input succeeded, 1 when at least one failed,\n\
         2 for a usage error.\n\
         \n\
         Run 'iri SUBCOMMAND --help' for the details of one subcommand.\n",
    );
    help
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tool_help_lists_every_subcommand() {
        let help = tool_help();
        for command in SUBCOMMANDS {
            let command = command.spec;
            assert!(help.lines().any(|line| {
                line.trim_start().starts_with(command.name) && line.ends_with(command.summary)
            }));
        }
    }
}
