//! `abnf-dfa`: compile ABNF rules to DFAs from the command line.
//!
//! ```text
//! abnf-dfa --grammar FILE... --rule NAME... [--class NAME...] [--max-states N]
//!          [--stats] [--emit OUT.rs] [--dump NAME]
//! abnf-dfa --config abnf/generate.conf [--stats] [--emit OUT.rs]
//! ```
//!
//! `--stats` prints states, byte classes and table bytes per rule; `--emit`
//! writes the generated Rust; `--dump` prints a rule's transition table.
//! Errors are printed as `file:line:col: message` and exit with status 1;
//! usage errors exit with 2.

use std::path::PathBuf;
use std::process::ExitCode;

use abnf_dfa::{dfa, Config, Error, Grammar};

const USAGE: &str =
    "usage: abnf-dfa (--config FILE | --grammar FILE... --rule NAME...) [--class NAME...]
                [--max-states N] [--stats] [--emit OUT.rs] [--dump NAME]";

struct Args {
    config: Option<PathBuf>,
    grammars: Vec<PathBuf>,
    rules: Vec<String>,
    classes: Vec<String>,
    max_states: Option<usize>,
    stats: bool,
    emit: Option<PathBuf>,
    dump: Vec<String>,
}

fn parse_args(raw: Vec<String>) -> Result<Args, String> {
    let mut args = Args {
        config: None,
        grammars: Vec::new(),
        rules: Vec::new(),
        classes: Vec::new(),
        max_states: None,
        stats: false,
        emit: None,
        dump: Vec::new(),
    };
    let mut list: Option<&str> = None;
    let mut iter = raw.into_iter();
    while let Some(arg) = iter.next() {
        let mut value = |flag: &str| iter.next().ok_or_else(|| format!("{flag} needs a value"));
        match arg.as_str() {
            "-h" | "--help" => return Err(String::new()),
            "--grammar" | "--rule" | "--class" => {
                list = Some(if arg == "--grammar" {
                    "g"
                } else if arg == "--rule" {
                    "r"
                } else {
                    "c"
                })
            }
            "--config" => args.config = Some(PathBuf::from(value("--config")?)),
            "--emit" => args.emit = Some(PathBuf::from(value("--emit")?)),
            "--dump" => args.dump.push(value("--dump")?),
            "--max-states" => {
                let n = value("--max-states")?;
                args.max_states = Some(
                    n.parse()
                        .map_err(|_| format!("--max-states takes a number, not `{n}`"))?,
                );
            }
            "--stats" => args.stats = true,
            flag if flag.starts_with('-') => return Err(format!("unknown option `{flag}`")),
            _ => match list {
                Some("g") => args.grammars.push(PathBuf::from(arg)),
                Some("r") => args.rules.push(arg),
                Some(_) => args.classes.push(arg),
                None => {
                    return Err(format!(
                        "`{arg}`: give it after --grammar, --rule or --class"
                    ))
                }
            },
        }
    }
    if args.config.is_none()
        && (args.grammars.is_empty() || (args.rules.is_empty() && args.dump.is_empty()))
    {
        return Err("give --config, or --grammar files and --rule names".into());
    }
    Ok(args)
}

fn run(args: Args) -> Result<(), Error> {
    let mut config = match &args.config {
        Some(path) => Config::load(path)?,
        None => Config::new(args.grammars.clone(), args.rules.clone()),
    };
    if args.config.is_some() {
        config.grammar_files.extend(args.grammars.iter().cloned());
        config.start.extend(args.rules.iter().cloned());
    }
    config.classes.extend(args.classes.iter().cloned());
    if let Some(n) = args.max_states {
        config.max_states = n;
    }
    for name in &args.dump {
        let grammar = Grammar::load(&config.grammar_files)?;
        let dfa = dfa::compile_rule(&grammar, name, config.max_states)?;
        print!("{}", dump(&dfa));
    }
    if config.start.is_empty() {
        return Ok(());
    }
    let generated = abnf_dfa::generate(&config)?;
    if args.stats {
        let width = generated
            .stats
            .iter()
            .map(|s| s.rule.len())
            .max()
            .unwrap_or(4)
            .max(4);
        println!(
            "{:width$}  {:>6}  {:>7}  {:>3}  {:>11}",
            "rule", "states", "classes", "id", "table bytes"
        );
        for s in &generated.stats {
            println!(
                "{:width$}  {:>6}  {:>7}  {:>3}  {:>11}",
                s.rule,
                s.states,
                s.classes,
                format!("u{}", s.id_bytes * 8),
                s.table_bytes
            );
        }
    }
    if let Some(out) = &args.emit {
        std::fs::write(out, &generated.source)
            .map_err(|e| Error::general(format!("cannot write {}: {e}", out.display())))?;
    }
    Ok(())
}

/// A readable transition table: per state, the byte ranges to each target.
fn dump(dfa: &dfa::Dfa) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "rule {}: {} states, {} classes, start {}, accepting from {} (0 is dead)",
        dfa.rule, dfa.state_count, dfa.class_count, dfa.start, dfa.accept_from
    );
    for state in 1..dfa.state_count as u32 {
        let mark = if dfa.is_accepting(state) {
            " (accepts)"
        } else {
            ""
        };
        let _ = writeln!(out, "state {state}{mark}");
        let mut byte = 0usize;
        while byte < 256 {
            let target = dfa.step(state, byte as u8);
            let start = byte;
            while byte < 256 && dfa.step(state, byte as u8) == target {
                byte += 1;
            }
            if target != 0 {
                let _ = writeln!(out, "  {:02X}-{:02X} -> {target}", start, byte - 1);
            }
        }
    }
    out
}

fn main() -> ExitCode {
    match parse_args(std::env::args().skip(1).collect()) {
        Err(message) if message.is_empty() => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("abnf-dfa: {message}\n{USAGE}");
            ExitCode::from(2)
        }
        Ok(args) => match run(args) {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("error: {error}");
                ExitCode::from(1)
            }
        },
    }
}
