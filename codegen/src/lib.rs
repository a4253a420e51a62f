//! `abnf-dfa`: compiles ABNF grammars (RFC 5234) to minimized byte-level DFAs
//! and emits them as table-driven Rust recognizers, plus character-class
//! predicates.
//!
//! The pipeline, one module per stage:
//!
//! 1. [`grammar`]: load and merge grammar files, with `file:line:col` for
//!    every error.
//! 2. [`regular`]: reject rules that refer to themselves (a cycle cannot
//!    become a finite automaton), naming each step of the cycle.
//! 3. [`nfa`]: compile a rule to a byte-level NFA; code-point ranges become
//!    UTF-8 byte sequences (surrogates excluded), strings are
//!    case-insensitive unless `%s`.
//! 4. [`dfa`]: determinize (subset construction, with a state limit),
//!    minimize, and compress the byte alphabet into equivalence classes.
//! 5. [`char_class`]: the set of characters `c` such that the one-character
//!    string `c` matches a rule, as sorted ranges.
//! 6. [`emit`]: Rust source with static tables and recognizer functions.
//!
//! [`Config`] says which files, start rules and classes; [`generate`] runs it
//! all. The `abnf-dfa` binary exposes the same for people editing grammars.
#![forbid(unsafe_code)]

pub mod char_class;
pub mod config;
pub mod dfa;
pub mod emit;
pub mod error;
pub mod grammar;
pub mod nfa;
pub mod regular;
pub mod suggest;

pub use config::Config;
pub use error::{Error, Loc};
pub use grammar::Grammar;

/// The result of [`generate`]: Rust source and what went into it.
pub struct Generated {
    /// The Rust source, formatted by prettyplease.
    pub source: String,
    /// One entry per start rule, in configuration order.
    pub stats: Vec<dfa::Stats>,
}

/// Loads the configured grammars and emits recognizers and classes.
pub fn generate(config: &Config) -> Result<Generated, Error> {
    let grammar = Grammar::load(&config.grammar_files)?;
    let starts = config.start_rules(&grammar)?;
    let mut compiled = Vec::new();
    for name in &starts {
        let rule = grammar.require(name)?;
        compiled.push(dfa::compile_rule(&grammar, &rule.name, config.max_states)?);
    }
    let mut classes = Vec::new();
    for name in &config.classes {
        let rule = grammar.require(name)?;
        let dfa = match compiled.iter().find(|c| c.rule == rule.name) {
            Some(found) => found.clone(),
            None => dfa::compile_rule(&grammar, &rule.name, config.max_states)?,
        };
        classes.push(char_class::CharClass::of(rule, &dfa));
    }
    let units = unit_rules(&grammar, &compiled, config.max_states);
    let stats = compiled.iter().map(|d| d.stats()).collect();
    let source = emit::emit(config, &grammar, &compiled, &classes, &units)?;
    Ok(Generated { source, stats })
}

/// The grammar's unit-like rules (see [`dfa::expected`]), in grammar
/// order. Rules that cannot be compiled (recursive, prose) are not
/// unit-like; their errors are reported where they are start rules.
pub fn unit_rules(
    grammar: &Grammar,
    compiled: &[dfa::Dfa],
    max_states: usize,
) -> Vec<dfa::expected::UnitRule> {
    let mut units = Vec::new();
    for rule in grammar.rules() {
        let dfa = match compiled.iter().find(|c| c.rule == rule.name) {
            Some(found) => found.clone(),
            None => match dfa::compile_rule(grammar, &rule.name, max_states) {
                Ok(dfa) => dfa,
                Err(_) => continue,
            },
        };
        if dfa::expected::is_unit_like(&dfa) {
            units.push(dfa::expected::UnitRule {
                name: rule.name.clone(),
                units: dfa::expected::rule_units(&dfa),
            });
        }
    }
    units
}
