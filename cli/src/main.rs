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
//! One module per subcommand ([`check`]), over three shared ones:
//!
//! - [`args`]: the options after the subcommand's name (`--json`, `--help`,
//!   the subcommand's own), and the inputs given as arguments;
//! - [`input`]: where inputs come from — arguments, or else the lines of
//!   standard input; numbering; invalid UTF-8; outcomes;
//! - [`output`]: plain and JSON results, and the `line N: error at byte
//!   OFFSET: MESSAGE` lines on stderr;
//! - [`pipeline`]: the one input loop, on the main thread or on every
//!   core, in input order; the exit status.
//!
//! **Adding a subcommand is one new module plus one line in [`COMMANDS`].**
//! The module defines a `pub const COMMAND: Command` (its name, options and
//! help) whose `run` turns the parsed arguments into a per-input closure and
//! hands it to [`pipeline::sequential`], [`pipeline::parallel`] or [`pipeline::batched`];
//! everything the contract says about inputs, outputs and exit statuses
//! happens in the shared modules, and the options section of its help is
//! generated from its option table ([`help`]).
//!
//! **Exit statuses** (contract, "Input and output"): 0 when every input
//! succeeded, 1 when at least one failed (or input or output broke), 2 for a
//! usage error, reported on stderr with the usage line.
//!
//! The command line is split into options and values by [`lexopt`];
//! [`args`] applies the contract's rules to them (the subcommand's option
//! table, missing or repeated values) and is tested on its own. `--json`
//! output is `#[derive(Serialize)]` structs, one per result shape, written
//! by [`output::Output::json`].
#![forbid(unsafe_code)]

mod args;
mod check;
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

use std::ffi::{OsStr, OsString};
use std::io::{self, Write};
use std::process::ExitCode;

use args::{OptionSpec, Parse, Parsed, UsageError};

/// A subcommand: what `iri` dispatches to after reading its name.
pub struct Command {
    /// The name typed after `iri`, e.g. `check`.
    pub name: &'static str,
    /// One line for `iri --help`.
    pub summary: &'static str,
    /// The synopsis, e.g. `iri check [--rule R] [--json] [INPUT...]`; repeated
    /// under every usage error.
    pub usage: &'static str,
    /// The subcommand's own options; `--json` and `--help` are common to
    /// all. The options section of the help is generated from them
    /// ([`help::options`]).
    pub options: &'static [OptionSpec],
    /// What `--json` prints, for the options section of the help.
    pub json: &'static str,
    /// The full text of `iri NAME --help` (a function, so that it may list
    /// things known only at run time, like the grammar's rule names).
    pub help: fn() -> String,
    /// Runs the subcommand; an `Err` is a usage error found after parsing
    /// (an unknown rule name, say), reported like a parsing error.
    pub run: fn(Parsed) -> Result<ExitCode, UsageError>,
}

/// The dispatch table: every subcommand `iri` knows, in `--help` order.
const COMMANDS: &[&Command] = &[
    &check::COMMAND,
    &parse::COMMAND,
    &to_uri::COMMAND,
    &to_iri::COMMAND,
    &normalize::COMMAND,
    &resolve::COMMAND,
    &resolve::RELATIVIZE,
    &equiv::COMMAND,
    &find::COMMAND,
    &entry::COMMAND,
    &lint::COMMAND,
    &interpret::COMMAND,
    &select::COMMAND,
    &display::COMMAND,
];

/// Exit status for a usage error (contract: 2).
const EXIT_USAGE: u8 = 2;

fn main() -> ExitCode {
    let mut args = std::env::args_os().skip(1);
    let Some(first) = args.next() else {
        return usage_error(None, &UsageError::new("missing subcommand"));
    };
    match first.to_str() {
        Some("-h" | "--help") => {
            print_stdout(&tool_help());
            return ExitCode::SUCCESS;
        }
        Some("-V" | "--version") => {
            print_stdout(&format!("iri {}\n", env!("CARGO_PKG_VERSION")));
            return ExitCode::SUCCESS;
        }
        _ => {}
    }
    let Some(command) = find_command(&first) else {
        return usage_error(None, &unknown_command(&first));
    };
    let rest: Vec<OsString> = args.collect();
    let parsed = match args::parse(command.options, rest) {
        Ok(Parse::Help) => {
            print_stdout(&(command.help)());
            return ExitCode::SUCCESS;
        }
        Ok(Parse::Run(parsed)) => parsed,
        Err(error) => return usage_error(Some(command), &error),
    };
    (command.run)(parsed).unwrap_or_else(|error| usage_error(Some(command), &error))
}

fn find_command(name: &OsStr) -> Option<&'static Command> {
    COMMANDS
        .iter()
        .copied()
        .find(|c| name.to_str() == Some(c.name))
}

/// The message for a first argument that names no subcommand. Options are
/// the likeliest mistake (`iri --json check`): the contract puts them after
/// the subcommand, so say so.
fn unknown_command(name: &OsStr) -> UsageError {
    let names: Vec<&str> = COMMANDS.iter().map(|c| c.name).collect();
    let shown = name.to_string_lossy();
    let what = if shown.starts_with('-') {
        format!("unknown option '{shown}' (options go after the subcommand)")
    } else {
        format!("unknown subcommand '{shown}'")
    };
    UsageError::new(format!("{what}; the subcommands are: {}", names.join(", ")))
}

/// Reports a usage error on stderr and returns exit status 2.
fn usage_error(command: Option<&Command>, error: &UsageError) -> ExitCode {
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
    let width = COMMANDS.iter().map(|c| c.name.len()).max().unwrap_or(0);
    for command in COMMANDS {
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
    fn command_names_are_unique_and_found() {
        for (i, command) in COMMANDS.iter().enumerate() {
            assert!(COMMANDS[..i].iter().all(|c| c.name != command.name));
            let found = find_command(OsStr::new(command.name)).unwrap();
            assert_eq!(found.name, command.name);
        }
        assert!(find_command(OsStr::new("CHECK")).is_none());
    }

    #[test]
    fn unknown_command_lists_the_subcommands() {
        let message = unknown_command(OsStr::new("chek")).to_string();
        assert!(
            message.starts_with("unknown subcommand 'chek'"),
            "{message}"
        );
        let names: Vec<&str> = COMMANDS.iter().map(|c| c.name).collect();
        let list = format!("the subcommands are: {}", names.join(", "));
        assert!(message.ends_with(&list), "{message}");
        let message = unknown_command(OsStr::new("--json")).to_string();
        assert!(
            message.contains("options go after the subcommand"),
            "{message}"
        );
    }

    #[test]
    fn every_help_page_shows_its_usage_and_options_in_80_columns() {
        for command in COMMANDS {
            let help = (command.help)();
            assert!(help.contains(command.usage.split(" [").next().unwrap()));
            for option in command.options {
                let label = format!("  --{} ", option.name);
                assert!(help.contains(&label), "{}: {label}", command.name);
                assert!(!option.help.is_empty(), "{}", option.name);
            }
            for common in ["  --json ", "  -h, --help ", "  -- "] {
                assert!(help.contains(common), "{}: {common}", command.name);
            }
            for line in help.lines() {
                assert!(line.chars().count() <= 80, "{}: {line}", command.name);
            }
        }
    }

    #[test]
    fn tool_help_lists_every_subcommand() {
        let help = tool_help();
        for command in COMMANDS {
            assert!(help.lines().any(|line| {
                line.trim_start().starts_with(command.name) && line.ends_with(command.summary)
            }));
        }
    }
}
