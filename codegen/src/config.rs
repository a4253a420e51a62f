//! What to generate: grammar files, start rules, character classes, limits.
//!
//! The file format (`abnf/generate.conf` in the `rfc3987` crate) is a list of
//! `key value...` lines; `#` starts a comment:
//!
//! ```text
//! grammar core.abnf rfc3986.abnf rfc3987.abnf   # paths relative to this file
//! start IRI-reference IRI                       # or `*` for every rule
//! class ALPHA ucschar                           # is_alpha(char), is_ucschar(char)
//! max-states 20000                              # determinization limit per rule
//! trail http://example.org/a?q                   # a start machine follows it
//! wide-trail http://example.org/a%41?q%41         # the wide one follows it too
//! ```
//!
//! Keys may repeat; their values accumulate (the last `max-states` wins).
//! A `trail` is an input of a common shape: a rule whose DFA walks a
//! chunk of one gets a shift machine for its start state made of the
//! states the trails walk through (see [`crate::dfa::shift`]). Trails
//! change how fast inputs are walked, never what is accepted. (`#` starts
//! a comment, so a trail cannot hold one.) A `wide-trail` is followed by
//! the wide start machines only, after the trails: they hold fifteen
//! states where a shift machine holds nine.

use std::path::{Path, PathBuf};

use crate::error::{Error, Loc};
use crate::grammar::Grammar;

/// The default determinization limit, per rule.
pub const DEFAULT_MAX_STATES: usize = 20_000;

/// What [`crate::generate`] compiles.
#[derive(Clone, Debug)]
pub struct Config {
    /// Grammar files, merged in this order.
    pub grammar_files: Vec<PathBuf>,
    /// Start rules; `*` stands for every rule the grammars define.
    pub start: Vec<String>,
    /// Rules that become character-class predicates.
    pub classes: Vec<String>,
    /// Determinization fails past this many DFA states for one rule.
    pub max_states: usize,
    /// Inputs of a common shape, for the start states' shift machines.
    pub trails: Vec<String>,
    /// More, for the wide start machines only (after `trails`).
    pub wide_trails: Vec<String>,
    /// Where the configuration came from, for the generated header.
    pub origin: String,
    /// The configuration's text (empty when it came from the command
    /// line), whose hash the generated header records beside the grammar
    /// files', so that a build can tell that an input changed.
    pub text: String,
}

impl Config {
    /// A configuration for the given files and start rules, no classes.
    pub fn new(grammar_files: Vec<PathBuf>, start: Vec<String>) -> Self {
        Config {
            grammar_files,
            start,
            classes: Vec::new(),
            max_states: DEFAULT_MAX_STATES,
            trails: Vec::new(),
            wide_trails: Vec::new(),
            origin: "command line".to_string(),
            text: String::new(),
        }
    }

    /// Reads a configuration file; grammar paths are relative to its folder.
    pub fn load(path: &Path) -> Result<Self, Error> {
        let text = std::fs::read_to_string(path).map_err(|e| {
            Error::general(format!("cannot read configuration {}: {e}", path.display()))
        })?;
        let base = path.parent().unwrap_or(Path::new("."));
        Self::parse(&path.display().to_string(), &text, base)
    }

    /// Parses configuration text; `file` names it in errors.
    pub fn parse(file: &str, text: &str, base: &Path) -> Result<Self, Error> {
        let mut config = Config::new(Vec::new(), Vec::new());
        config.origin = file.to_string();
        config.text = text.to_string();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("");
            let mut words = line.split_whitespace();
            let Some(key) = words.next() else { continue };
            let values: Vec<&str> = words.collect();
            let loc = Loc {
                file: file.into(),
                line: i + 1,
                col: raw.find(key).map_or(1, |c| c + 1),
            };
            match key {
                "grammar" => config
                    .grammar_files
                    .extend(values.iter().map(|v| base.join(v))),
                "start" => config.start.extend(values.iter().map(|v| v.to_string())),
                "class" => config.classes.extend(values.iter().map(|v| v.to_string())),
                "trail" => config.trails.extend(values.iter().map(|v| v.to_string())),
                "wide-trail" => config
                    .wide_trails
                    .extend(values.iter().map(|v| v.to_string())),
                "max-states" => {
                    config.max_states = match values.as_slice() {
                        [n] => n.parse().map_err(|_| {
                            Error::at(loc.clone(), format!("max-states takes a number, not `{n}`"))
                        })?,
                        _ => return Err(Error::at(loc, "max-states takes one number")),
                    }
                }
                other => {
                    return Err(Error::at(
                        loc,
                        format!(
                            "unknown key `{other}` (expected grammar, start, class, max-states, trail or wide-trail)"
                        ),
                    ))
                }
            }
        }
        if config.grammar_files.is_empty() {
            return Err(Error::general(format!(
                "{file}: no `grammar` line names a grammar file"
            )));
        }
        Ok(config)
    }

    /// The start rules as the grammar spells them, `*` expanded, in order
    /// and without repeats; unknown names are errors that suggest others.
    pub fn start_rules(&self, grammar: &Grammar) -> Result<Vec<String>, Error> {
        let mut names: Vec<String> = Vec::new();
        for wanted in &self.start {
            let found: Vec<String> = if wanted == "*" {
                grammar.rules().iter().map(|r| r.name.clone()).collect()
            } else {
                vec![grammar.require(wanted)?.name.clone()]
            };
            for name in found {
                if !names.contains(&name) {
                    names.push(name);
                }
            }
        }
        Ok(names)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_keys_and_accumulates() {
        let c = Config::parse(
            "g.conf",
            "grammar a.abnf b.abnf # two\nstart *\nclass X\nclass Y Z\nmax-states 9\n",
            Path::new("dir"),
        )
        .unwrap();
        assert_eq!(
            c.grammar_files,
            vec![PathBuf::from("dir/a.abnf"), PathBuf::from("dir/b.abnf")]
        );
        assert_eq!(c.start, vec!["*"]);
        assert_eq!(c.classes, vec!["X", "Y", "Z"]);
        assert_eq!(c.max_states, 9);
    }

    #[test]
    fn unknown_key_is_located() {
        let err =
            Config::parse("g.conf", "grammar a.abnf\n  starts x\n", Path::new(".")).unwrap_err();
        assert_eq!(
            err.to_string(),
            "g.conf:2:3: unknown key `starts` (expected grammar, start, class, max-states, trail or wide-trail)"
        );
    }
}
