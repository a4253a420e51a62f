//! Compiling a rule to a byte-level NFA.
//!
//! ABNF terminals are characters (code points); the runtime reads bytes. So
//! every character and every code-point range is compiled to the UTF-8 byte
//! sequences that encode it (`regex_syntax::utf8::Utf8Sequences` does the
//! splitting, e.g. `%xA0-D7FF` becomes `[C2-DF][80-BF]`, `[E0][A0-BF][80-BF]`,
//! `[E1-EC][80-BF][80-BF]`, `[ED][80-9F][80-BF]`). Surrogate code points are
//! removed from every range, so the automaton accepts only well-formed UTF-8.
//!
//! The construction is Thompson's, written backwards: each node is compiled
//! with the state that follows it (its continuation) already known, so
//! repetitions are unrolled by compiling the same node several times with
//! different continuations. Rule references are inlined; [`crate::regular`]
//! has already made sure that terminates.

use std::collections::HashMap;

use abnf::types::{Node, Repeat, TerminalValues};
use regex_syntax::utf8::Utf8Sequences;

use crate::error::Error;
use crate::grammar::{Grammar, RuleDef};

/// Index of an NFA state.
pub type StateId = u32;

/// NFAs larger than this are refused (huge counted repetitions).
pub const MAX_NFA_STATES: usize = 2_000_000;

/// One NFA state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum State {
    /// Reads one byte within one of the inclusive ranges, then goes to `next`.
    Bytes {
        ranges: Vec<(u8, u8)>,
        next: StateId,
    },
    /// Goes to every target without reading (an epsilon fan-out).
    Split(Vec<StateId>),
    /// The whole input matched.
    Match,
}

/// A byte-level NFA with one start state.
#[derive(Clone, Debug)]
pub struct Nfa {
    /// All states; [`StateId`]s index this.
    pub states: Vec<State>,
    /// Where matching starts.
    pub start: StateId,
    /// `origins[state]` indexes [`paths`](Nfa::paths): the rules being
    /// inlined when the state was made (its provenance), so that a
    /// diagnostic can name the rule a position belongs to.
    pub origins: Vec<u32>,
    /// Distinct rule paths, outermost (the start rule) first, innermost last.
    pub paths: Vec<Vec<String>>,
}

impl Nfa {
    /// Compiles the rule named `rule` (which must be defined and reach no cycle).
    pub fn compile(grammar: &Grammar, rule: &str) -> Result<Nfa, Error> {
        let def = grammar.require(rule)?;
        let mut builder = Builder {
            grammar,
            states: vec![State::Match],
            origins: vec![0],
            paths: vec![vec![def.name.clone()]],
            path_ids: HashMap::from([(vec![def.name.clone()], 0)]),
            stack: vec![def.name.clone()],
            path: 0,
        };
        let start = builder.node(&def.node, 0, def)?;
        Ok(Nfa {
            states: builder.states,
            start,
            origins: builder.origins,
            paths: builder.paths,
        })
    }
}

struct Builder<'g> {
    grammar: &'g Grammar,
    states: Vec<State>,
    origins: Vec<u32>,
    paths: Vec<Vec<String>>,
    path_ids: HashMap<Vec<String>, u32>,
    /// The rules being inlined, outermost first.
    stack: Vec<String>,
    /// The id of `stack` in `paths`.
    path: u32,
}

impl Builder<'_> {
    /// Makes `stack` current again after a push or pop, interning it.
    fn enter_path(&mut self) {
        let next = self.paths.len() as u32;
        self.path = *self.path_ids.entry(self.stack.clone()).or_insert_with(|| {
            self.paths.push(self.stack.clone());
            next
        });
    }

    fn push(&mut self, state: State, rule: &RuleDef) -> Result<StateId, Error> {
        if self.states.len() >= MAX_NFA_STATES {
            return Err(Error::at(
                rule.loc.clone(),
                format!("rule `{}` expands to more than {MAX_NFA_STATES} NFA states (a large counted repetition?)", rule.name),
            ));
        }
        self.states.push(state);
        self.origins.push(self.path);
        Ok((self.states.len() - 1) as StateId)
    }

    /// Compiles `node` so that matching it continues at `next`; returns its start.
    fn node(&mut self, node: &Node, next: StateId, rule: &RuleDef) -> Result<StateId, Error> {
        match node {
            Node::Alternatives(list) => {
                let mut starts = Vec::with_capacity(list.len());
                for alternative in list {
                    starts.push(self.node(alternative, next, rule)?);
                }
                self.push(State::Split(starts), rule)
            }
            Node::Concatenation(list) => {
                let mut at = next;
                for part in list.iter().rev() {
                    at = self.node(part, at, rule)?;
                }
                Ok(at)
            }
            Node::Group(inner) => self.node(inner, next, rule),
            Node::Optional(inner) => {
                let body = self.node(inner, next, rule)?;
                self.push(State::Split(vec![body, next]), rule)
            }
            Node::Repetition { repeat, node } => self.repetition(repeat, node, next, rule),
            Node::Rulename(name) => {
                let target = self.grammar.require(name)?;
                let outer = self.path;
                self.stack.push(target.name.clone());
                self.enter_path();
                let start = self.node(&target.node, next, target);
                self.stack.pop();
                self.path = outer;
                start
            }
            Node::String(literal) => {
                let mut at = next;
                for c in literal.value().chars().rev() {
                    at = if !literal.is_case_sensitive() && c.is_ascii_alphabetic() {
                        let (lower, upper) = (c.to_ascii_lowercase() as u8, c.to_ascii_uppercase() as u8);
                        self.push(State::Bytes { ranges: vec![(upper, upper), (lower, lower)], next: at }, rule)?
                    } else {
                        self.char_bytes(c, at, rule)?
                    };
                }
                Ok(at)
            }
            Node::TerminalValues(TerminalValues::Concatenation(values)) => {
                let mut at = next;
                for &value in values.iter().rev() {
                    let c = char::from_u32(value).ok_or_else(|| bad_value(rule, value))?;
                    at = self.char_bytes(c, at, rule)?;
                }
                Ok(at)
            }
            Node::TerminalValues(TerminalValues::Range(lo, hi)) => self.range(*lo, *hi, next, rule),
            Node::Prose(text) => Err(Error::at(
                rule.loc.clone(),
                format!(
                    "rule `{}` uses the prose value <{text}>, which has no formal meaning and cannot be compiled \
                     (only a prose value repeated zero times, like `0<{text}>`, is accepted: it matches the empty string)",
                    rule.name
                ),
            )),
        }
    }

    fn repetition(
        &mut self,
        repeat: &Repeat,
        node: &Node,
        next: StateId,
        rule: &RuleDef,
    ) -> Result<StateId, Error> {
        let min = repeat.min().unwrap_or(0);
        let max = repeat.max();
        if max == Some(0) {
            // `0<prose>` and `0elem`: the empty string; the element is never compiled.
            return Ok(next);
        }
        if let Some(max) = max {
            if min > max {
                return Err(Error::at(
                    rule.loc.clone(),
                    format!("rule `{}` has a repetition `{min}*{max}` whose minimum exceeds its maximum", rule.name),
                ));
            }
        }
        // The optional tail first: `x*` as a loop, or `(x (x ...)?)?` for
        // `max - min` optional copies; then `min` mandatory copies before it.
        let mut at = match max {
            None => {
                let split = self.push(State::Split(Vec::new()), rule)?;
                let body = self.node(node, split, rule)?;
                self.states[split as usize] = State::Split(vec![body, next]);
                split
            }
            Some(max) => {
                let mut at = next;
                for _ in min..max {
                    let body = self.node(node, at, rule)?;
                    at = self.push(State::Split(vec![body, next]), rule)?;
                }
                at
            }
        };
        for _ in 0..min {
            at = self.node(node, at, rule)?;
        }
        Ok(at)
    }

    fn char_bytes(&mut self, c: char, next: StateId, rule: &RuleDef) -> Result<StateId, Error> {
        let mut buf = [0u8; 4];
        let mut at = next;
        for &b in c.encode_utf8(&mut buf).as_bytes().iter().rev() {
            at = self.push(
                State::Bytes {
                    ranges: vec![(b, b)],
                    next: at,
                },
                rule,
            )?;
        }
        Ok(at)
    }

    fn range(&mut self, lo: u32, hi: u32, next: StateId, rule: &RuleDef) -> Result<StateId, Error> {
        if lo > hi {
            return Err(Error::at(
                rule.loc.clone(),
                format!(
                    "rule `{}` has the empty range %x{lo:X}-{hi:X} (start after end)",
                    rule.name
                ),
            ));
        }
        if hi > 0x10FFFF {
            return Err(bad_value(rule, hi));
        }
        // Surrogates are not characters: clip them out of the range.
        let lo_char = char::from_u32(if (0xD800..=0xDFFF).contains(&lo) {
            0xE000
        } else {
            lo
        });
        let hi_char = char::from_u32(if (0xD800..=0xDFFF).contains(&hi) {
            0xD7FF
        } else {
            hi
        });
        let mut starts = Vec::new();
        if let (Some(lo), Some(hi)) = (lo_char, hi_char) {
            if lo <= hi {
                for sequence in Utf8Sequences::new(lo, hi) {
                    let mut at = next;
                    for byte_range in sequence.as_slice().iter().rev() {
                        at = self.push(
                            State::Bytes {
                                ranges: vec![(byte_range.start, byte_range.end)],
                                next: at,
                            },
                            rule,
                        )?;
                    }
                    starts.push(at);
                }
            }
        }
        // A range of surrogates only matches nothing: an empty fan-out.
        self.push(State::Split(starts), rule)
    }
}

fn bad_value(rule: &RuleDef, value: u32) -> Error {
    Error::at(
        rule.loc.clone(),
        format!(
            "rule `{}` uses %x{value:X}, which is not a Unicode scalar value (surrogates D800-DFFF and values above 10FFFF are not characters)",
            rule.name
        ),
    )
}
