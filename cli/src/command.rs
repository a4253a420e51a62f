//! The subcommands: the table `iri` looks names up in, the command line
//! read once into a [`Command`] (a subcommand with its options typed),
//! and the dispatch to the subcommand's `run`.
//!
//! [`parse()`] reads the whole command line before anything runs: the
//! subcommand's name, then its options and inputs ([`args::parse`]), then
//! their values, typed by the subcommand's `Args::from_parsed` (a rule
//! name into a [`rfc3987::grammar::Rule`], a list into scripts, BASE into
//! an IRI). Every usage error is found there, with the subcommand it is
//! about, and [`Command::run`] only runs.
//!
//! **Adding a subcommand** is one new module (its [`CommandSpec`], its
//! `Args` with `from_parsed`, its `run`), plus a variant of [`Command`], a
//! row of [`SUBCOMMANDS`] and an arm of [`Command::run`].

use std::ffi::{OsStr, OsString};
use std::process::ExitCode;

use crate::args::{self, CommandSpec, Common, Parse, Parsed, UsageError};
use crate::{
    check, display, entry, equiv, find, interpret, lint, normalize, parse, resolve, select, to_iri,
    to_uri,
};

/// A subcommand with its options typed and checked: what `iri` runs.
pub enum Command {
    Check(check::Args),
    Parse(parse::Args),
    ToUri(to_uri::Args),
    ToIri(to_iri::Args),
    Normalize(normalize::Args),
    Resolve(resolve::Args),
    Relativize(resolve::RelativizeArgs),
    Equiv(equiv::Args),
    Find(find::Args),
    Entry(Common),
    Lint(Common),
    Interpret(interpret::Args),
    Select(select::Args),
    Display(display::Args),
}

impl Command {
    /// Runs the subcommand over its inputs; returns the exit status (0 or
    /// 1: usage errors were found when its options were typed).
    pub fn run(self) -> ExitCode {
        match self {
            Command::Check(args) => check::run(args),
            Command::Parse(args) => parse::run(args),
            Command::ToUri(args) => to_uri::run(args),
            Command::ToIri(args) => to_iri::run(args),
            Command::Normalize(args) => normalize::run(args),
            Command::Resolve(args) => resolve::run(args),
            Command::Relativize(args) => resolve::run_relativize(args),
            Command::Equiv(args) => equiv::run(args),
            Command::Find(args) => find::run(args),
            Command::Entry(common) => entry::run(common),
            Command::Lint(common) => lint::run(common),
            Command::Interpret(args) => interpret::run(args),
            Command::Select(args) => select::run(args),
            Command::Display(args) => display::run(args),
        }
    }
}

/// A row of [`SUBCOMMANDS`]: what `iri` knows of a subcommand, and the
/// step that types its options into a [`Command`].
pub struct Subcommand {
    pub spec: &'static CommandSpec,
    typed: fn(Parsed) -> Result<Command, UsageError>,
}

/// The dispatch table: every subcommand `iri` knows, in `--help` order.
pub const SUBCOMMANDS: &[Subcommand] = &[
    Subcommand {
        spec: &check::SPEC,
        typed: |p| check::Args::from_parsed(p).map(Command::Check),
    },
    Subcommand {
        spec: &parse::SPEC,
        typed: |p| parse::Args::from_parsed(p).map(Command::Parse),
    },
    Subcommand {
        spec: &to_uri::SPEC,
        typed: |p| to_uri::Args::from_parsed(p).map(Command::ToUri),
    },
    Subcommand {
        spec: &to_iri::SPEC,
        typed: |p| Ok(Command::ToIri(to_iri::Args::from_parsed(p))),
    },
    Subcommand {
        spec: &normalize::SPEC,
        typed: |p| normalize::Args::from_parsed(p).map(Command::Normalize),
    },
    Subcommand {
        spec: &resolve::SPEC,
        typed: |p| resolve::Args::from_parsed(p).map(Command::Resolve),
    },
    Subcommand {
        spec: &resolve::RELATIVIZE_SPEC,
        typed: |p| resolve::RelativizeArgs::from_parsed(p).map(Command::Relativize),
    },
    Subcommand {
        spec: &equiv::SPEC,
        typed: |p| equiv::Args::from_parsed(p).map(Command::Equiv),
    },
    Subcommand {
        spec: &find::SPEC,
        typed: |p| find::Args::from_parsed(p).map(Command::Find),
    },
    Subcommand {
        spec: &entry::SPEC,
        typed: |p| Ok(Command::Entry(p.into_common())),
    },
    Subcommand {
        spec: &lint::SPEC,
        typed: |p| Ok(Command::Lint(p.into_common())),
    },
    Subcommand {
        spec: &interpret::SPEC,
        typed: |p| interpret::Args::from_parsed(p).map(Command::Interpret),
    },
    Subcommand {
        spec: &select::SPEC,
        typed: |p| select::Args::from_parsed(p).map(Command::Select),
    },
    Subcommand {
        spec: &display::SPEC,
        typed: |p| display::Args::from_parsed(p).map(Command::Display),
    },
];

/// What the command line asks `iri` to do.
pub enum Invocation {
    /// `iri --help` or `iri -h`.
    ToolHelp,
    /// `iri --version` or `iri -V`.
    Version,
    /// `iri SUBCOMMAND ... --help`: that subcommand's help.
    Help(&'static CommandSpec),
    /// A subcommand to run.
    Run(Command),
}

/// A command line that does not follow the usage (exit status 2), and the
/// subcommand it names, if any, for the usage line of the message.
#[derive(Debug)]
pub struct Misuse {
    pub spec: Option<&'static CommandSpec>,
    pub error: UsageError,
}

/// Reads the arguments after `iri` (see the module docs): what to do, or
/// the first usage error.
pub fn parse(argv: impl IntoIterator<Item = OsString>) -> Result<Invocation, Misuse> {
    let mut argv = argv.into_iter();
    let outside = |error| Misuse { spec: None, error };
    let Some(first) = argv.next() else {
        return Err(outside(UsageError::new("missing subcommand")));
    };
    match first.to_str() {
        Some("-h" | "--help") => return Ok(Invocation::ToolHelp),
        Some("-V" | "--version") => return Ok(Invocation::Version),
        _ => {}
    }
    let Some(subcommand) = find(&first) else {
        return Err(outside(unknown_command(&first)));
    };
    let misuse = |error| Misuse {
        spec: Some(subcommand.spec),
        error,
    };
    match args::parse(subcommand.spec.options, argv).map_err(misuse)? {
        Parse::Help => Ok(Invocation::Help(subcommand.spec)),
        Parse::Run(parsed) => (subcommand.typed)(parsed)
            .map(Invocation::Run)
            .map_err(misuse),
    }
}

/// The subcommand named `name` (exactly: names are lowercase).
fn find(name: &OsStr) -> Option<&'static Subcommand> {
    SUBCOMMANDS
        .iter()
        .find(|c| name.to_str() == Some(c.spec.name))
}

/// The message for a first argument that names no subcommand. Options are
/// the likeliest mistake (`iri --json check`): the contract puts them after
/// the subcommand, so say so.
fn unknown_command(name: &OsStr) -> UsageError {
    let names: Vec<&str> = SUBCOMMANDS.iter().map(|c| c.spec.name).collect();
    let shown = name.to_string_lossy();
    let what = if shown.starts_with('-') {
        format!("unknown option '{shown}' (options go after the subcommand)")
    } else {
        format!("unknown subcommand '{shown}'")
    };
    UsageError::new(format!("{what}; the subcommands are: {}", names.join(", ")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::Mode;

    fn parsed(args: &[&str]) -> Result<Invocation, Misuse> {
        parse(args.iter().map(OsString::from))
    }

    fn misuse(args: &[&str]) -> (Option<&'static str>, String) {
        let Err(misuse) = parsed(args) else {
            panic!("{args:?} should be a usage error");
        };
        (misuse.spec.map(|s| s.name), misuse.error.to_string())
    }

    /// The name of the subcommand that `command` runs.
    fn name(command: &Command) -> &'static str {
        match command {
            Command::Check(_) => "check",
            Command::Parse(_) => "parse",
            Command::ToUri(_) => "to-uri",
            Command::ToIri(_) => "to-iri",
            Command::Normalize(_) => "normalize",
            Command::Resolve(_) => "resolve",
            Command::Relativize(_) => "relativize",
            Command::Equiv(_) => "equiv",
            Command::Find(_) => "find",
            Command::Entry(_) => "entry",
            Command::Lint(_) => "lint",
            Command::Interpret(_) => "interpret",
            Command::Select(_) => "select",
            Command::Display(_) => "display",
        }
    }

    #[test]
    fn command_names_are_unique_and_found() {
        for (i, command) in SUBCOMMANDS.iter().enumerate() {
            let name = command.spec.name;
            assert!(SUBCOMMANDS[..i].iter().all(|c| c.spec.name != name));
            let found = find(OsStr::new(name)).unwrap();
            assert_eq!(found.spec.name, name);
        }
        assert!(find(OsStr::new("CHECK")).is_none());
    }

    #[test]
    fn unknown_command_lists_the_subcommands() {
        let message = unknown_command(OsStr::new("chek")).to_string();
        assert!(
            message.starts_with("unknown subcommand 'chek'"),
            "{message}"
        );
        let names: Vec<&str> = SUBCOMMANDS.iter().map(|c| c.spec.name).collect();
        let list = format!("the subcommands are: {}", names.join(", "));
        assert!(message.ends_with(&list), "{message}");
        let message = unknown_command(OsStr::new("--json")).to_string();
        assert!(
            message.contains("options go after the subcommand"),
            "{message}"
        );
    }

    /// Every subcommand types a command line without options (those that
    /// require one or an input, given it), into its own variant: the
    /// typing step asks only for options its subcommand has.
    #[test]
    fn every_subcommand_types_its_options() {
        for command in SUBCOMMANDS {
            let name = command.spec.name;
            let args: &[&str] = match name {
                "interpret" => &["--encodings=shift_jis"],
                "select" => &["--scripts=Latin"],
                "resolve" | "relativize" => &["http://a/b"],
                _ => &[],
            };
            let argv: Vec<&str> = [name, "--json"].iter().chain(args).copied().collect();
            let Ok(Invocation::Run(typed)) = parsed(&argv) else {
                panic!("{argv:?} should run");
            };
            assert_eq!(self::name(&typed), name);
        }
    }

    #[test]
    fn options_are_typed_before_running() {
        let Ok(Invocation::Run(Command::Check(check))) = parsed(&["check", "--rule=ihost", "x"])
        else {
            panic!("check should run");
        };
        assert_eq!(check.rule.name(), "ihost");
        assert_eq!(check.common.mode, Mode::Plain);
        assert_eq!(check.common.inputs, ["x"]);
        let Ok(Invocation::Run(Command::Lint(common))) = parsed(&["lint", "--json"]) else {
            panic!("lint should run");
        };
        assert_eq!(common.mode, Mode::Json);
        assert!(common.inputs.is_empty());
    }

    #[test]
    fn usage_errors_name_their_subcommand() {
        assert_eq!(misuse(&[]), (None, "missing subcommand".to_owned()));
        assert_eq!(misuse(&["chek"]).0, None);
        assert_eq!(
            misuse(&["check", "--bogus"]),
            (Some("check"), "unknown option '--bogus'".to_owned())
        );
        let (spec, message) = misuse(&["parse", "--rule", "ALPHA"]);
        assert_eq!(spec, Some("parse"));
        assert!(message.contains("is a character rule"), "{message}");
        assert_eq!(
            misuse(&["relativize"]),
            (Some("relativize"), "missing BASE".to_owned())
        );
    }

    /// The two steps keep the contract's order: a syntax error of the
    /// command line before a value that means nothing, and `--help`
    /// before both.
    #[test]
    fn help_wins_and_syntax_errors_come_first() {
        for args in [
            &["check", "--rule", "bogus", "--help"][..],
            &["select", "-h"],
            &["resolve", "--help"],
        ] {
            let parsed = parsed(args);
            assert!(matches!(parsed, Ok(Invocation::Help(_))), "{args:?}");
        }
        assert_eq!(
            misuse(&["check", "--rule", "bogus", "--bogus"]).1,
            "unknown option '--bogus'"
        );
        assert!(matches!(parsed(&["--help"]), Ok(Invocation::ToolHelp)));
        assert!(matches!(parsed(&["-V"]), Ok(Invocation::Version)));
    }

    #[test]
    fn every_help_page_shows_its_usage_and_options_in_80_columns() {
        for command in SUBCOMMANDS {
            let command = command.spec;
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
}
