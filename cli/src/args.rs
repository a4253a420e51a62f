//! The arguments after the subcommand's name: options, then inputs.
//!
//! The command line is `iri SUBCOMMAND [ARG]...`, where each `ARG` is read
//! left to right:
//!
//! - `--help` or `-h` asks for the subcommand's help, whatever follows;
//! - `--` ends the options: every later argument is an input, even one that
//!   starts with `-` (`iri check -- -x` checks `-x`);
//! - `--NAME` is a flag, `--NAME=VALUE` or `--NAME VALUE` an option with a
//!   value; `--json` is common to every subcommand, the others come from the
//!   subcommand's [`OptionSpec`] list. Options and inputs may be mixed;
//! - a lone `-` and anything not starting with `-` is an input, byte for
//!   byte (non-UTF-8 arguments included: they fail as inputs, not as usage).
//!
//! The tokens come from [`lexopt`]; the rules above are this module's.
//! Everything else is a usage error: an unknown option, a short option other
//! than `-h`, a value for a flag, a missing value (`--rule` last, or followed
//! by an argument starting with `-`: rule names and levels never do, so the
//! user forgot the value), an option with a value given twice (which one was
//! meant is a guess), and a value that is not UTF-8.
//!
//! # Two steps, both before anything runs
//!
//! [`parse`] reads the tokens into a [`Parsed`] (the rules above). Then the
//! subcommand's `Args::from_parsed` types it: one struct per subcommand,
//! whose fields hold checked values (a [`Rule`], a normalization
//! [`Level`], a list of [`Script`]s, the [`Common`] output mode and
//! inputs), so that a value that means nothing (`--rule bogus`) is a usage
//! error before any input is read, and the subcommand's code reads fields,
//! never option names. Typing comes second, so that `--help` anywhere wins
//! over an invalid value, and an error of the first step (an unknown
//! option) is reported before one of the second. The helpers for values
//! that several subcommands share ([`rule_option`], [`level_option`],
//! [`scripts`]) are here.

use std::ffi::OsString;
use std::fmt;

use rfc3987::display::scripts_named;
use rfc3987::grammar::Rule;
use rfc3987::normalize::Level;
use rfc3987::select::Script;

use crate::output::Mode;

/// An option that a subcommand accepts, besides `--json` and `--help`.
#[derive(Debug)]
pub struct OptionSpec {
    /// The name after `--`, e.g. `rule`.
    pub name: &'static str,
    /// `Some(placeholder)` when the option takes a value (the placeholder, e.g.
    /// `R`, is for messages and the help), `None` for a flag.
    pub value: Option<&'static str>,
    /// What it does, for the help: lines of at most 50 columns.
    pub help: &'static str,
}

/// What `iri` knows of a subcommand before running it: its name, usage
/// and help, and the options it accepts.
#[derive(Debug)]
pub struct CommandSpec {
    /// The name typed after `iri`, e.g. `check`.
    pub name: &'static str,
    /// One line for `iri --help`.
    pub summary: &'static str,
    /// The synopsis, e.g. `iri check [--rule R] [--json] [INPUT...]`; repeated
    /// under every usage error.
    pub usage: &'static str,
    /// The subcommand's own options; `--json` and `--help` are common to
    /// all. The options section of the help is generated from them
    /// ([`crate::help::options`]).
    pub options: &'static [OptionSpec],
    /// What `--json` prints, for the options section of the help.
    pub json: &'static str,
    /// The full text of `iri NAME --help` (a function, so that it may list
    /// things known only at run time, like the grammar's rule names).
    pub help: fn() -> String,
}

/// The options every subcommand accepts (`--help` is handled apart, since it
/// stops the parsing).
const COMMON: &[OptionSpec] = &[OptionSpec {
    name: "json",
    value: None,
    help: "",
}];

/// What the command line asks for.
#[derive(Debug)]
pub enum Parse {
    /// `--help` or `-h`: print the subcommand's help, exit 0.
    Help,
    /// Run the subcommand.
    Run(Parsed),
}

/// The options and inputs of a command line that asks for a run, before
/// the subcommand types them (its `Args::from_parsed`, the one place that
/// reads options by name).
#[derive(Debug)]
pub struct Parsed {
    /// The subcommand's options, which [`flag`](Self::flag) and
    /// [`value`](Self::value) may ask for (with the common ones).
    specs: &'static [OptionSpec],
    /// Options seen, in order: the name and, for an option with a value, the
    /// value (a flag has an empty one).
    options: Vec<(&'static str, String)>,
    /// The inputs given as arguments, in order; empty means "read stdin".
    pub inputs: Vec<OsString>,
}

impl Parsed {
    /// Whether the flag `--name` was given.
    pub fn flag(&self, name: &str) -> bool {
        self.assert_known(name);
        self.options.iter().any(|(n, _)| *n == name)
    }

    /// The value of `--name`, if given.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.assert_known(name);
        self.options
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }

    /// What every subcommand's `Args` holds: the output mode of `--json`
    /// and the inputs.
    pub fn into_common(self) -> Common {
        let mode = if self.flag("json") {
            Mode::Json
        } else {
            Mode::Plain
        };
        Common {
            mode,
            inputs: self.inputs,
        }
    }

    /// A name that no option of the subcommand has would read as "not
    /// given" forever: the typing step asks only for its own options.
    fn assert_known(&self, name: &str) {
        debug_assert!(
            COMMON.iter().chain(self.specs).any(|o| o.name == name),
            "no option --{name}"
        );
    }
}

/// The options every subcommand's `Args` holds, typed.
#[derive(Debug)]
pub struct Common {
    /// Plain text, or JSON with `--json`.
    pub mode: Mode,
    /// The inputs given as arguments, in order; empty means "read stdin".
    pub inputs: Vec<OsString>,
}

/// A command line that does not follow the subcommand's usage (exit status 2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UsageError(String);

impl UsageError {
    /// A usage error with this message (lowercase, no final period: it is
    /// printed after `iri SUBCOMMAND: `).
    pub fn new(message: impl Into<String>) -> Self {
        UsageError(message.into())
    }
}

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// For the subcommands' unit tests: `args` parsed against `options`,
/// which must ask for a run.
#[cfg(test)]
pub fn parsed_for_test(options: &'static [OptionSpec], args: &[&str]) -> Parsed {
    match parse(options, args.iter().map(OsString::from)) {
        Ok(Parse::Run(parsed)) => parsed,
        other => panic!("{args:?} should ask for a run: {other:?}"),
    }
}

/// Parses the arguments after the subcommand's name, against the
/// subcommand's `options` plus the common ones.
///
/// [`lexopt`] splits the arguments into options and values (`--name=value`,
/// `--`, non-UTF-8 arguments kept as they are); this function applies the
/// rules above that lexopt leaves to its caller.
pub fn parse(
    options: &'static [OptionSpec],
    args: impl IntoIterator<Item = OsString>,
) -> Result<Parse, UsageError> {
    let mut parsed = Parsed {
        specs: options,
        options: Vec::new(),
        inputs: Vec::new(),
    };
    let mut parser = lexopt::Parser::from_args(args);
    loop {
        // The whole argument, for the message about a short option (lexopt
        // reads `-rule` as `-r` `-u` `-l` `-e`; the user typed `-rule`).
        let current = next_raw(&mut parser);
        let arg = parser.next().map_err(|e| UsageError::new(e.to_string()))?;
        let name = match arg {
            None => return Ok(Parse::Run(parsed)),
            Some(lexopt::Arg::Value(input)) => {
                parsed.inputs.push(input);
                continue;
            }
            Some(lexopt::Arg::Short(_)) => {
                let current = current.unwrap_or_default();
                if current == "-h" {
                    return Ok(Parse::Help);
                }
                return Err(UsageError::new(format!(
                    "unknown option '{}'",
                    current.to_string_lossy()
                )));
            }
            Some(lexopt::Arg::Long("help")) => return Ok(Parse::Help),
            Some(lexopt::Arg::Long(name)) => name.to_owned(),
        };
        let Some(spec) = COMMON.iter().chain(options).find(|o| o.name == name) else {
            return Err(UsageError::new(format!("unknown option '--{name}'")));
        };
        let inline_value = parser.optional_value();
        let value = match (spec.value, inline_value) {
            (None, None) => String::new(),
            (None, Some(_)) => {
                return Err(UsageError::new(format!("option '--{name}' takes no value")))
            }
            (Some(_), Some(value)) => utf8_value(&name, value)?,
            (Some(placeholder), None) => {
                // Rule names, levels and lists never start with `-`: an
                // option there means the value was forgotten.
                let next = next_raw(&mut parser);
                if next.is_none_or(|next| next.as_encoded_bytes().starts_with(b"-")) {
                    return Err(UsageError::new(format!(
                        "option '--{name}' needs a value: --{name} {placeholder}"
                    )));
                }
                let value = parser.value().map_err(|e| UsageError::new(e.to_string()))?;
                utf8_value(&name, value)?
            }
        };
        if spec.value.is_some() && parsed.value(spec.name).is_some() {
            return Err(UsageError::new(format!(
                "option '--{name}' is given more than once"
            )));
        }
        parsed.options.push((spec.name, value));
    }
}

/// The argument that `parser` reads next, whole (`None` at the end, or
/// in the middle of a cluster of short options, which is never read on:
/// the first short option other than `-h` is an error).
fn next_raw(parser: &mut lexopt::Parser) -> Option<OsString> {
    parser
        .try_raw_args()
        .and_then(|raw| raw.peek().map(ToOwned::to_owned))
}

/// The value of `--name` as text.
fn utf8_value(name: &str, value: OsString) -> Result<String, UsageError> {
    value.into_string().map_err(|value| {
        UsageError::new(format!(
            "the value of '--{name}' is not UTF-8: '{}'",
            value.to_string_lossy()
        ))
    })
}

/// The rule `--rule` names (`default` without `--rule`), or a usage error
/// suggesting the nearest defined names (`check` and `parse`).
pub fn rule_option(args: &Parsed, default: &'static Rule) -> Result<&'static Rule, UsageError> {
    let Some(name) = args.value("rule") else {
        return Ok(default);
    };
    Rule::find(name).ok_or_else(|| {
        let suggestions = Rule::suggest(name);
        let hint = if suggestions.is_empty() {
            "'iri check --help' lists the rules".to_owned()
        } else {
            format!("did you mean {}?", suggestions.join(", "))
        };
        UsageError::new(format!("unknown rule '{name}'; {hint}"))
    })
}

/// The rung `--level` names, among `allowed`, or `default` (`normalize`
/// and `equiv`).
pub fn level_option(
    args: &Parsed,
    allowed: &[(&str, Level)],
    default: Level,
) -> Result<Level, UsageError> {
    let Some(name) = args.value("level") else {
        return Ok(default);
    };
    allowed
        .iter()
        .find(|(n, _)| *n == name)
        .map(|&(_, level)| level)
        .ok_or_else(|| {
            let names: Vec<&str> = allowed.iter().map(|(n, _)| *n).collect();
            UsageError::new(format!(
                "unknown level '{name}'; the levels are: {}",
                names.join(", ")
            ))
        })
}

/// The scripts of `--scripts`: Unicode full names (`Latin`) or ISO 15924
/// codes (`Latn`, `Jpan`), comma-separated, as
/// [`rfc3987::display::scripts_named`] reads each; an empty list is allowed (the URI for
/// every non-ASCII component). `None` (no `--scripts`) is an error:
/// `select` requires the option, and `display` asks only when it is given.
pub fn scripts(list: Option<&str>) -> Result<Vec<Script>, UsageError> {
    let Some(list) = list else {
        return Err(UsageError::new(
            "--scripts LIST is required (e.g. --scripts Latin,Han)",
        ));
    };
    let mut scripts = Vec::new();
    for name in list
        .split(',')
        .map(str::trim)
        .filter(|name| !name.is_empty())
    {
        let named = scripts_named(name).ok_or_else(|| {
            UsageError::new(format!(
                "unknown script '{name}' (use a Unicode script name such as Latin, \
                 Cyrillic, Han, Hiragana, or an ISO 15924 code such as Latn or Jpan)"
            ))
        })?;
        scripts.extend(named);
    }
    Ok(scripts)
}

#[cfg(test)]
mod tests {
    use super::*;

    const OPTIONS: &[OptionSpec] = &[
        OptionSpec {
            name: "rule",
            value: Some("R"),
            help: "",
        },
        OptionSpec {
            name: "loud",
            value: None,
            help: "",
        },
    ];

    fn run(args: &[&str]) -> Result<Parsed, UsageError> {
        match parse(OPTIONS, args.iter().map(OsString::from))? {
            Parse::Run(parsed) => Ok(parsed),
            Parse::Help => panic!("unexpected help for {args:?}"),
        }
    }

    fn error(args: &[&str]) -> String {
        run(args).unwrap_err().to_string()
    }

    fn inputs(parsed: &Parsed) -> Vec<&str> {
        parsed.inputs.iter().map(|i| i.to_str().unwrap()).collect()
    }

    #[test]
    fn no_arguments_means_no_inputs_and_no_options() {
        let parsed = run(&[]).unwrap();
        assert!(parsed.inputs.is_empty());
        assert!(!parsed.flag("json"));
        assert_eq!(parsed.value("rule"), None);
    }

    #[test]
    fn values_inline_or_separate_and_options_among_inputs() {
        let parsed = run(&["a", "--rule=IRI", "b", "--json"]).unwrap();
        assert_eq!(parsed.value("rule"), Some("IRI"));
        assert!(parsed.flag("json"));
        assert!(!parsed.flag("loud"));
        assert_eq!(inputs(&parsed), ["a", "b"]);

        let parsed = run(&["--rule", "ipath", "--loud", "x"]).unwrap();
        assert_eq!(parsed.value("rule"), Some("ipath"));
        assert!(parsed.flag("loud"));
        assert_eq!(inputs(&parsed), ["x"]);
    }

    #[test]
    fn an_inline_value_may_be_empty_or_contain_equals() {
        assert_eq!(run(&["--rule="]).unwrap().value("rule"), Some(""));
        assert_eq!(run(&["--rule=a=b"]).unwrap().value("rule"), Some("a=b"));
    }

    #[test]
    fn double_dash_ends_options_and_single_dash_is_an_input() {
        let parsed = run(&["-", "--", "--json", "-h", "--"]).unwrap();
        assert!(!parsed.flag("json"));
        assert_eq!(inputs(&parsed), ["-", "--json", "-h", "--"]);
        assert!(run(&["--"]).unwrap().inputs.is_empty());
    }

    #[test]
    fn empty_argument_is_an_input() {
        assert_eq!(inputs(&run(&["", "--json"]).unwrap()), [""]);
    }

    #[test]
    fn help_wins_over_what_follows() {
        for args in [&["--help"][..], &["-h"], &["x", "--json", "-h", "--bogus"]] {
            let parsed = parse(OPTIONS, args.iter().map(OsString::from)).unwrap();
            assert!(matches!(parsed, Parse::Help), "{args:?}");
        }
    }

    #[test]
    fn usage_errors_say_what_is_wrong() {
        assert_eq!(error(&["--bogus"]), "unknown option '--bogus'");
        assert_eq!(error(&["--bogus=1"]), "unknown option '--bogus'");
        assert_eq!(error(&["-j"]), "unknown option '-j'");
        assert_eq!(error(&["-rule"]), "unknown option '-rule'");
        assert_eq!(error(&["--JSON"]), "unknown option '--JSON'");
        assert_eq!(error(&["--json=yes"]), "option '--json' takes no value");
        assert_eq!(error(&["--loud="]), "option '--loud' takes no value");
        assert_eq!(
            error(&["--rule"]),
            "option '--rule' needs a value: --rule R"
        );
        assert_eq!(
            error(&["--rule", "--json"]),
            "option '--rule' needs a value: --rule R"
        );
        assert_eq!(
            error(&["--rule", "IRI", "--rule=URI"]),
            "option '--rule' is given more than once"
        );
    }

    #[test]
    fn an_error_before_help_is_reported() {
        assert_eq!(error(&["--bogus", "--help"]), "unknown option '--bogus'");
    }

    #[test]
    fn script_lists_take_names_codes_and_codes_of_scripts_written_together() {
        assert_eq!(
            scripts(Some("Jpan, latn")).unwrap(),
            [
                Script::Han,
                Script::Hiragana,
                Script::Katakana,
                Script::Latin
            ]
        );
        assert_eq!(
            scripts(Some("Kore,old_italic")).unwrap(),
            [Script::Hangul, Script::Han, Script::OldItalic]
        );
        assert_eq!(
            scripts(Some("old italic,OLD-ITALIC,Ital")).unwrap(),
            [Script::OldItalic; 3]
        );
        assert_eq!(scripts(Some("")).unwrap(), []);
        assert!(scripts(Some("Latin,Klingon"))
            .unwrap_err()
            .to_string()
            .starts_with("unknown script 'Klingon'"));
    }

    #[test]
    fn repeated_flags_are_harmless() {
        assert!(run(&["--json", "--json"]).unwrap().flag("json"));
    }

    #[cfg(unix)]
    #[test]
    fn non_utf8_arguments() {
        use std::os::unix::ffi::OsStringExt;
        let bad = || OsString::from_vec(b"a\xFFb".to_vec());

        let parsed = parse(OPTIONS, [bad()]).unwrap();
        let Parse::Run(parsed) = parsed else {
            panic!("expected a run")
        };
        assert_eq!(parsed.inputs, [bad()]);

        let value = parse(OPTIONS, [OsString::from("--rule"), bad()]).unwrap_err();
        assert_eq!(
            value.to_string(),
            "the value of '--rule' is not UTF-8: 'a\u{FFFD}b'"
        );
        let option = parse(OPTIONS, [OsString::from_vec(b"--\xFF".to_vec())]).unwrap_err();
        assert_eq!(option.to_string(), "unknown option '--\u{FFFD}'");
    }
}
