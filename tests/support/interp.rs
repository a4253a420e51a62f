//! An independent interpreter of the grammar files in `abnf/`, for tests only.
//!
//! **It shares nothing with `abnf-dfa`.** It reads the same files with the
//! `abnf` crate and interprets the syntax tree directly, so a bug in the DFA
//! compiler (UTF-8 byte ranges, determinization, minimization, table emission)
//! shows up as a disagreement between the two.
//!
//! # Semantics
//!
//! Terminals are characters (Unicode scalar values), as the grammar files say
//! in their headers; positions below are character indices. For a node and a
//! start position the interpreter computes the *set* of end positions the node
//! can reach (RFC 5234 has no ordered choice: `A / B` matches whatever either
//! matches, so first-match backtracking would be wrong for, e.g., IPv6address
//! alternatives that share prefixes). Results are memoized per (rule,
//! position), which keeps a run polynomial.
//!
//! Alongside the end set, every evaluation returns the *longest viable
//! position*: the largest `m` such that `input[start..m]` is a prefix of some
//! string of the node's language. Viable prefixes are prefix-closed, so this
//! one number describes all of them. It composes like the end sets:
//!
//! - a character class reaches `start + 1` when the character matches;
//! - `A B` reaches the farther of "inside A" and "A complete at `j`, then
//!   inside B from `j`" over all ends `j` of A;
//! - `A / B` reaches the farther of the two;
//! - `n*m A` reaches any position after k < m complete copies and then
//!   "inside the next copy".
//!
//! This relies on every rule's language being non-empty (a part with an empty
//! language could never be completed); [`Grammar::load`] checks that.
//!
//! String literals are case-insensitive unless written `%s"..."`, folding
//! ASCII letters only (RFC 5234 section 2.3). `x = 0<prose>` is "zero
//! repetitions", the empty string: that is how RFC 3986 and RFC 3987 write
//! `path-empty` and `ipath-empty`. Any other prose-val cannot be interpreted
//! and makes loading fail.
//!
//! # Simplification
//!
//! After parsing, alternatives of single characters (and rules that are
//! nothing but that, such as `ALPHA` or `ucschar`) are merged into one
//! character class, so that `ipchar` costs one range lookup instead of a
//! dozen memoized rule calls, and small rules without repetition (such as
//! `pct-encoded`) are evaluated in place rather than memoized. Neither
//! changes any language.

use std::collections::HashMap;

use abnf::types::{Kind, Node as Ast, Repeat, TerminalValues};

/// Index of a node (see [`Grammar::node`]).
pub type NodeId = usize;
/// Index of a rule (see [`Grammar::rule`]).
pub type RuleId = usize;

/// One interpreted grammar node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    /// One character from a sorted list of disjoint, non-adjacent inclusive
    /// code point ranges.
    Class(Vec<(u32, u32)>),
    /// Concatenation.
    Seq(Vec<NodeId>),
    /// Alternatives (no order: the union of what each matches).
    Alt(Vec<NodeId>),
    /// `min*max item`; `max == None` is unbounded.
    Rep {
        /// Lower bound, inclusive.
        min: usize,
        /// Upper bound, inclusive.
        max: Option<usize>,
        /// The repeated node.
        item: NodeId,
    },
    /// A reference to a rule.
    Rule(RuleId),
    /// The empty string.
    Empty,
}

/// The grammar files, merged into one rule set.
pub struct Grammar {
    names: Vec<String>,
    bodies: Vec<NodeId>,
    by_lower: HashMap<String, RuleId>,
    nodes: Vec<Node>,
    /// For each node that is a class, its ASCII members as a bitmap (a fast
    /// path for the common case; other nodes have 0).
    ascii: Vec<u128>,
}

/// The grammar files the build compiles (see `abnf/generate.conf`).
pub const GRAMMAR_FILES: [&str; 3] = ["core.abnf", "rfc3986.abnf", "rfc3987.abnf"];

impl Grammar {
    /// Reads and merges `abnf/core.abnf`, `abnf/rfc3986.abnf` and
    /// `abnf/rfc3987.abnf`.
    pub fn load() -> Grammar {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("abnf");
        let texts: Vec<(String, String)> = GRAMMAR_FILES
            .iter()
            .map(|file| {
                let path = dir.join(file);
                let text = std::fs::read_to_string(&path)
                    .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
                (file.to_string(), text)
            })
            .collect();
        let refs: Vec<(&str, &str)> = texts.iter().map(|(f, t)| (&**f, &**t)).collect();
        Grammar::from_sources(&refs)
    }

    /// Merges the given `(file name, ABNF text)` sources into one rule set.
    pub fn from_sources(sources: &[(&str, &str)]) -> Grammar {
        // Rule name (lowercase) -> (spelling at the basic definition, bodies).
        let mut order: Vec<String> = Vec::new();
        let mut defs: HashMap<String, (String, Vec<Ast>)> = HashMap::new();
        for (file, text) in sources {
            let mut text = text.to_string();
            if !text.ends_with('\n') {
                text.push('\n');
            }
            let rules = abnf::rulelist(&text)
                .unwrap_or_else(|e| panic!("{file}: ABNF does not parse: {e}"));
            for rule in rules {
                let lower = rule.name().to_ascii_lowercase();
                match rule.kind() {
                    Kind::Basic => {
                        if defs.contains_key(&lower) {
                            panic!("{file}: rule {} defined twice", rule.name());
                        }
                        order.push(lower.clone());
                        defs.insert(lower, (rule.name().to_string(), vec![rule.node().clone()]));
                    }
                    Kind::Incremental => match defs.get_mut(&lower) {
                        Some((_, bodies)) => bodies.push(rule.node().clone()),
                        None => panic!(
                            "{file}: `{} =/` adds to a rule that is not defined before it",
                            rule.name()
                        ),
                    },
                }
            }
        }

        let by_lower: HashMap<String, RuleId> = order
            .iter()
            .enumerate()
            .map(|(id, lower)| (lower.clone(), id))
            .collect();
        let mut builder = Builder {
            nodes: Vec::new(),
            by_lower: &by_lower,
        };
        let raw_bodies: Vec<NodeId> = order
            .iter()
            .map(|lower| {
                let (name, asts) = &defs[lower];
                let alts: Vec<NodeId> = asts.iter().map(|ast| builder.compile(ast, name)).collect();
                if alts.len() == 1 {
                    alts[0]
                } else {
                    builder.push(Node::Alt(alts))
                }
            })
            .collect();
        let names: Vec<String> = order.iter().map(|lower| defs[lower].0.clone()).collect();

        let mut simplifier = Simplifier {
            raw: builder.nodes,
            raw_bodies: &raw_bodies,
            names: &names,
            out: Vec::new(),
            rule_state: vec![RuleState::Todo; raw_bodies.len()],
        };
        let bodies: Vec<NodeId> = (0..raw_bodies.len())
            .map(|rule| simplifier.rule_body(rule))
            .collect();
        let nodes = simplifier.out;

        let ascii: Vec<u128> = nodes
            .iter()
            .map(|node| match node {
                Node::Class(ranges) => (0..128u32)
                    .filter(|&c| class_contains(ranges, c))
                    .fold(0, |bits, c| bits | 1 << c),
                _ => 0,
            })
            .collect();

        let grammar = Grammar {
            names,
            bodies,
            by_lower,
            nodes,
            ascii,
        };
        grammar.check_nonempty();
        grammar
    }

    /// Every rule name, spelled as at its (basic) definition.
    pub fn rule_names(&self) -> &[String] {
        &self.names
    }

    /// The rule named `name`, case-insensitively (RFC 5234 section 2.1).
    pub fn rule(&self, name: &str) -> Option<RuleId> {
        self.by_lower.get(&name.to_ascii_lowercase()).copied()
    }

    /// The rule's name as the grammar spells it.
    pub fn name(&self, rule: RuleId) -> &str {
        &self.names[rule]
    }

    /// The root node of a rule's (simplified) definition.
    pub fn body(&self, rule: RuleId) -> NodeId {
        self.bodies[rule]
    }

    /// A node.
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id]
    }

    /// Whether `input` is in the rule's language.
    pub fn matches(&self, rule: RuleId, input: &str) -> bool {
        Matcher::new(self).verdict(rule, input).member
    }

    /// Membership and the longest viable prefix (see [`Verdict`]).
    pub fn verdict(&self, rule: RuleId, input: &str) -> Verdict {
        Matcher::new(self).verdict(rule, input)
    }

    /// See [`Matcher::byte_error_offset`].
    pub fn byte_error_offset(&self, rule: RuleId, input: &str) -> Option<usize> {
        Matcher::new(self).byte_error_offset(rule, input)
    }

    /// Fails loading when some rule's language is empty: the longest-viable
    /// computation assumes every part of a concatenation can be completed.
    fn check_nonempty(&self) {
        // A fixpoint over the rules, so that the order of definitions (and
        // recursion, were there any) does not matter.
        let mut known = vec![false; self.names.len()];
        loop {
            let mut changed = false;
            for rule in 0..self.names.len() {
                if !known[rule] && self.nonempty(self.bodies[rule], &known) {
                    known[rule] = true;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        for (rule, nonempty) in known.iter().enumerate() {
            assert!(
                *nonempty,
                "rule {} matches nothing; the interpreter assumes non-empty languages",
                self.names[rule]
            );
        }
    }

    fn nonempty(&self, node: NodeId, known: &[bool]) -> bool {
        match &self.nodes[node] {
            Node::Class(ranges) => !ranges.is_empty(),
            Node::Seq(items) => items.iter().all(|&n| self.nonempty(n, known)),
            Node::Alt(items) => items.iter().any(|&n| self.nonempty(n, known)),
            Node::Rep { min, item, .. } => *min == 0 || self.nonempty(*item, known),
            Node::Rule(rule) => known[*rule],
            Node::Empty => true,
        }
    }
}

/// The code points whose UTF-8 encoding has `len` bytes and starts with
/// `prefix` (a proper prefix of a well-formed encoding), as an interval.
fn utf8_interval(prefix: &[u8], len: usize) -> (u32, u32) {
    let lead_bits = match len {
        2 => 0x1F,
        3 => 0x0F,
        _ => 0x07,
    };
    let mut value = u32::from(prefix[0] & lead_bits);
    for &b in &prefix[1..] {
        value = (value << 6) | u32::from(b & 0x3F);
    }
    let missing = 6 * (len - prefix.len()) as u32;
    let lo = value << missing;
    let hi = lo | ((1 << missing) - 1);
    let (min, max) = match len {
        2 => (0x80, 0x7FF),
        3 => (0x800, 0xFFFF),
        _ => (0x1_0000, 0x10_FFFF),
    };
    (lo.max(min), hi.min(max))
}

/// The interpreter's answer for one input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The whole input is in the rule's language.
    pub member: bool,
    /// The longest prefix (in characters) that is a prefix of some member.
    pub viable_chars: usize,
    /// The same prefix, in bytes: where a checker must report the error of
    /// a non-member (the start of the first rejected character, or the
    /// input's length when the input ended early).
    pub viable_bytes: usize,
}

/// Parses syntax trees into raw nodes.
struct Builder<'a> {
    nodes: Vec<Node>,
    by_lower: &'a HashMap<String, RuleId>,
}

impl Builder<'_> {
    fn push(&mut self, node: Node) -> NodeId {
        self.nodes.push(node);
        self.nodes.len() - 1
    }

    fn single(&mut self, c: u32) -> NodeId {
        self.push(Node::Class(vec![(c, c)]))
    }

    fn compile(&mut self, ast: &Ast, rule: &str) -> NodeId {
        match ast {
            Ast::Alternatives(items) => {
                let items = items.iter().map(|a| self.compile(a, rule)).collect();
                self.push(Node::Alt(items))
            }
            Ast::Concatenation(items) => {
                let items = items.iter().map(|a| self.compile(a, rule)).collect();
                self.push(Node::Seq(items))
            }
            Ast::Repetition { repeat, node } => {
                let (min, max) = match repeat {
                    Repeat::Specific(n) => (*n, Some(*n)),
                    Repeat::Variable { min, max } => (min.unwrap_or(0), *max),
                };
                if let Some(max) = max {
                    assert!(min <= max, "{rule}: repetition {min}*{max}");
                }
                if max == Some(0) {
                    // `0<prose>` and `0element`: zero repetitions of anything
                    // is the empty string; the element is never looked at.
                    return self.push(Node::Empty);
                }
                let item = self.compile(node, rule);
                self.push(Node::Rep { min, max, item })
            }
            Ast::Rulename(name) => match self.by_lower.get(&name.to_ascii_lowercase()) {
                Some(&id) => self.push(Node::Rule(id)),
                None => panic!("{rule}: refers to undefined rule {name}"),
            },
            Ast::Group(inner) => self.compile(inner, rule),
            Ast::Optional(inner) => {
                let item = self.compile(inner, rule);
                self.push(Node::Rep {
                    min: 0,
                    max: Some(1),
                    item,
                })
            }
            Ast::String(literal) => {
                let sensitive = literal.is_case_sensitive();
                let items: Vec<NodeId> = literal
                    .value()
                    .chars()
                    .map(|c| {
                        if !sensitive && c.is_ascii_alphabetic() {
                            let lower = c.to_ascii_lowercase() as u32;
                            let upper = c.to_ascii_uppercase() as u32;
                            self.push(Node::Class(vec![(upper, upper), (lower, lower)]))
                        } else {
                            self.single(c as u32)
                        }
                    })
                    .collect();
                self.push(Node::Seq(items))
            }
            Ast::TerminalValues(TerminalValues::Range(lo, hi)) => {
                assert!(lo <= hi, "{rule}: empty range %x{lo:X}-{hi:X}");
                self.push(Node::Class(vec![(*lo, *hi)]))
            }
            Ast::TerminalValues(TerminalValues::Concatenation(values)) => {
                let items = values.iter().map(|&v| self.single(v)).collect();
                self.push(Node::Seq(items))
            }
            Ast::Prose(text) => panic!(
                "{rule}: prose-val <{text}> has no meaning an interpreter can use \
                 (only `0<...>`, the empty string, is supported)"
            ),
        }
    }
}

#[derive(Clone)]
enum RuleState {
    Todo,
    Busy,
    Done(NodeId),
}

/// Rewrites raw nodes into simplified ones (see the module docs).
struct Simplifier<'a> {
    raw: Vec<Node>,
    raw_bodies: &'a [NodeId],
    names: &'a [String],
    out: Vec<Node>,
    rule_state: Vec<RuleState>,
}

/// Rules with at most this many nodes and no repetition or reference are
/// evaluated in place instead of through the memo table.
const FLAT_LIMIT: usize = 16;

impl Simplifier<'_> {
    /// The node count of a tree of classes, sequences and alternatives, or
    /// `usize::MAX` when it holds a repetition or a rule reference.
    fn flat_size(&self, id: NodeId) -> usize {
        match &self.out[id] {
            Node::Class(_) | Node::Empty => 1,
            Node::Seq(items) | Node::Alt(items) => items
                .iter()
                .map(|&item| self.flat_size(item))
                .fold(1, usize::saturating_add),
            Node::Rep { .. } | Node::Rule(_) => usize::MAX,
        }
    }

    fn push(&mut self, node: Node) -> NodeId {
        self.out.push(node);
        self.out.len() - 1
    }

    fn rule_body(&mut self, rule: RuleId) -> NodeId {
        match self.rule_state[rule] {
            RuleState::Done(id) => id,
            RuleState::Busy => panic!(
                "rule {} is recursive; these grammars are not, and the class \
                 inlining here assumes so",
                self.names[rule]
            ),
            RuleState::Todo => {
                self.rule_state[rule] = RuleState::Busy;
                let id = self.simplify(self.raw_bodies[rule]);
                self.rule_state[rule] = RuleState::Done(id);
                id
            }
        }
    }

    fn simplify(&mut self, raw: NodeId) -> NodeId {
        match self.raw[raw].clone() {
            Node::Class(ranges) => self.push(Node::Class(normalize(ranges))),
            Node::Empty => self.push(Node::Empty),
            Node::Rule(rule) => {
                let body = self.rule_body(rule);
                match &self.out[body] {
                    Node::Class(ranges) => {
                        let ranges = ranges.clone();
                        self.push(Node::Class(ranges))
                    }
                    Node::Empty => self.push(Node::Empty),
                    // A small rule without repetitions or references (such
                    // as pct-encoded or dec-octet) is cheaper to evaluate in
                    // place than to memoize; nodes are immutable, so the
                    // body is shared, not copied.
                    _ if self.flat_size(body) <= FLAT_LIMIT => body,
                    _ => self.push(Node::Rule(rule)),
                }
            }
            Node::Alt(items) => {
                let mut chars: Vec<(u32, u32)> = Vec::new();
                let mut has_class = false;
                let mut rest: Vec<NodeId> = Vec::new();
                for item in items {
                    let id = self.simplify(item);
                    // Nested alternatives (a rule inlined into another) are
                    // flattened first, so their classes merge too.
                    let flat = match &self.out[id] {
                        Node::Alt(inner) => inner.clone(),
                        _ => vec![id],
                    };
                    for id in flat {
                        match &self.out[id] {
                            Node::Class(ranges) => {
                                has_class = true;
                                chars.extend(ranges);
                            }
                            _ => rest.push(id),
                        }
                    }
                }
                if has_class {
                    let class = self.push(Node::Class(normalize(chars)));
                    rest.insert(0, class);
                }
                if rest.len() == 1 {
                    rest[0]
                } else {
                    self.push(Node::Alt(rest))
                }
            }
            Node::Seq(items) => {
                let mut parts: Vec<NodeId> = Vec::new();
                for item in items {
                    let id = self.simplify(item);
                    match &self.out[id] {
                        Node::Empty => {}
                        Node::Seq(inner) => parts.extend(inner.iter().copied()),
                        _ => parts.push(id),
                    }
                }
                match parts.len() {
                    0 => self.push(Node::Empty),
                    1 => parts[0],
                    _ => self.push(Node::Seq(parts)),
                }
            }
            Node::Rep { min, max, item } => {
                let item = self.simplify(item);
                // `1*1x` is `x`; any number of empty strings is one.
                if (min == 1 && max == Some(1)) || matches!(self.out[item], Node::Empty) {
                    item
                } else {
                    self.push(Node::Rep { min, max, item })
                }
            }
        }
    }
}

/// Sorts ranges and merges overlapping or adjacent ones.
fn normalize(mut ranges: Vec<(u32, u32)>) -> Vec<(u32, u32)> {
    ranges.sort_unstable();
    let mut out: Vec<(u32, u32)> = Vec::with_capacity(ranges.len());
    for (lo, hi) in ranges {
        match out.last_mut() {
            Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
            _ => out.push((lo, hi)),
        }
    }
    out
}

/// Whether `c` is in a normalized range list.
pub fn class_contains(ranges: &[(u32, u32)], c: u32) -> bool {
    let i = ranges.partition_point(|&(_, hi)| hi < c);
    i < ranges.len() && ranges[i].0 <= c
}

/// A set of positions `0..=n`: one `u128` while `n < 128` (every generated
/// case but the longest), a heap bitset beyond.
#[derive(Clone, Debug)]
enum PosSet {
    Small(u128),
    Large(Vec<u64>),
}

impl PosSet {
    fn empty(n: usize) -> PosSet {
        if n < 128 {
            PosSet::Small(0)
        } else {
            PosSet::Large(vec![0; n / 64 + 1])
        }
    }

    fn single(n: usize, p: usize) -> PosSet {
        let mut set = PosSet::empty(n);
        set.insert(p);
        set
    }

    fn insert(&mut self, p: usize) {
        match self {
            PosSet::Small(bits) => *bits |= 1 << p,
            PosSet::Large(words) => words[p / 64] |= 1 << (p % 64),
        }
    }

    fn contains(&self, p: usize) -> bool {
        match self {
            PosSet::Small(bits) => *bits & (1 << p) != 0,
            PosSet::Large(words) => words[p / 64] & (1 << (p % 64)) != 0,
        }
    }

    fn is_empty(&self) -> bool {
        match self {
            PosSet::Small(bits) => *bits == 0,
            PosSet::Large(words) => words.iter().all(|&w| w == 0),
        }
    }

    fn union_with(&mut self, other: &PosSet) {
        match (self, other) {
            (PosSet::Small(a), PosSet::Small(b)) => *a |= b,
            (PosSet::Large(a), PosSet::Large(b)) => {
                for (a, b) in a.iter_mut().zip(b) {
                    *a |= b;
                }
            }
            _ => unreachable!("sets of one run have one size"),
        }
    }

    fn remove_all(&mut self, other: &PosSet) {
        match (self, other) {
            (PosSet::Small(a), PosSet::Small(b)) => *a &= !b,
            (PosSet::Large(a), PosSet::Large(b)) => {
                for (a, b) in a.iter_mut().zip(b) {
                    *a &= !b;
                }
            }
            _ => unreachable!("sets of one run have one size"),
        }
    }

    /// The largest position in the set.
    fn last(&self) -> Option<usize> {
        match self {
            PosSet::Small(0) => None,
            PosSet::Small(bits) => Some(127 - bits.leading_zeros() as usize),
            PosSet::Large(words) => words
                .iter()
                .rposition(|&w| w != 0)
                .map(|i| i * 64 + 63 - words[i].leading_zeros() as usize),
        }
    }

    /// The set's positions in increasing order, from a snapshot, so the
    /// caller may evaluate (and borrow the matcher) while iterating.
    fn iter(&self) -> PosIter {
        match self {
            PosSet::Small(bits) => PosIter::Small(*bits),
            PosSet::Large(words) => PosIter::Large(words.clone(), 0),
        }
    }
}

enum PosIter {
    Small(u128),
    Large(Vec<u64>, usize),
}

impl Iterator for PosIter {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        match self {
            PosIter::Small(bits) => {
                if *bits == 0 {
                    return None;
                }
                let p = bits.trailing_zeros() as usize;
                *bits &= *bits - 1;
                Some(p)
            }
            PosIter::Large(words, i) => {
                while *i < words.len() {
                    let w = words[*i];
                    if w != 0 {
                        words[*i] = w & (w - 1);
                        return Some(*i * 64 + w.trailing_zeros() as usize);
                    }
                    *i += 1;
                }
                None
            }
        }
    }
}

/// The interpreter: evaluates rules over one input at a time, reusing its
/// buffers across inputs.
pub struct Matcher<'g> {
    g: &'g Grammar,
    input: Vec<char>,
    /// `memo[rule * (n + 1) + pos]`: `(run, index into results)`; entries of
    /// other runs are stale, so nothing is cleared between inputs. An index
    /// of `BUSY` marks a rule being evaluated at that position.
    memo: Vec<(u32, u32)>,
    run: u32,
    results: Vec<(PosSet, usize)>,
    /// When set, collects the class nodes evaluated at the end of the input.
    next_chars: Option<Vec<NodeId>>,
}

const BUSY: u32 = u32::MAX;

impl<'g> Matcher<'g> {
    /// An interpreter of `g`.
    pub fn new(g: &'g Grammar) -> Matcher<'g> {
        Matcher {
            g,
            input: Vec::new(),
            memo: Vec::new(),
            run: 0,
            results: Vec::new(),
            next_chars: None,
        }
    }

    /// Whole-input membership and the longest viable prefix for `rule`.
    pub fn verdict(&mut self, rule: RuleId, input: &str) -> Verdict {
        self.input.clear();
        self.input.extend(input.chars());
        self.start();
        self.judge(rule)
    }

    /// Verdicts of several rules on one input. The memo table is shared, so
    /// rules that contain one another (IRI-reference, IRI, absolute-IRI)
    /// cost little more than one.
    pub fn verdicts(&mut self, rules: &[RuleId], input: &str) -> Vec<Verdict> {
        self.input.clear();
        self.input.extend(input.chars());
        self.start();
        rules.iter().map(|&rule| self.judge(rule)).collect()
    }

    /// Forgets every memoized result: the input has changed.
    fn start(&mut self) {
        let slots = self.g.names.len() * (self.input.len() + 1);
        if self.memo.len() < slots {
            self.memo.resize(slots, (0, 0));
        }
        self.run = self.run.wrapping_add(1);
        if self.run == 0 {
            // After 2^32 runs stamps repeat: start over.
            self.memo.iter_mut().for_each(|slot| *slot = (0, 0));
            self.run = 1;
        }
        self.results.clear();
    }

    fn judge(&mut self, rule: RuleId) -> Verdict {
        let n = self.input.len();
        let mut ends = PosSet::empty(n);
        let viable_chars = self.eval_rule(rule, 0, &mut ends);
        Verdict {
            member: ends.contains(n),
            viable_chars,
            viable_bytes: self.input[..viable_chars]
                .iter()
                .map(|c| c.len_utf8())
                .sum(),
        }
    }

    /// The byte offset at which a byte-at-a-time recognizer for `rule` must
    /// stop on `input`: the length of the longest *byte* prefix of `input`
    /// that is a prefix of the UTF-8 encoding of some member of the language.
    /// `None` when `input` is a member.
    ///
    /// At the character level that is the longest viable character prefix,
    /// `k` characters. Inside the next character, a recognizer of UTF-8 keeps
    /// going as long as the bytes read so far begin some character that can
    /// follow those `k`. That set of characters is the union of the classes
    /// evaluated at position `k` of an input that ends there: every
    /// evaluation at a position is reached by complete matches of what comes
    /// before it, and every language is non-empty, so each such class starts
    /// a viable continuation; and any viable continuation's first character
    /// is matched by a class evaluated there.
    pub fn byte_error_offset(&mut self, rule: RuleId, input: &str) -> Option<usize> {
        let verdict = self.verdict(rule, input);
        self.byte_error_offset_after(rule, input, verdict)
    }

    /// [`byte_error_offset`](Self::byte_error_offset), given the verdict
    /// already computed for the same rule and input.
    pub fn byte_error_offset_after(
        &mut self,
        rule: RuleId,
        input: &str,
        verdict: Verdict,
    ) -> Option<usize> {
        if verdict.member {
            return None;
        }
        let chars: Vec<char> = input.chars().collect();
        let k = verdict.viable_chars;
        if k == chars.len() {
            return Some(input.len());
        }
        self.input.clear();
        self.input.extend_from_slice(&chars[..k]);
        self.next_chars = Some(Vec::new());
        self.start();
        self.judge(rule);
        let g = self.g;
        let next: Vec<(u32, u32)> = self
            .next_chars
            .take()
            .unwrap_or_default()
            .into_iter()
            .flat_map(|node| match &g.nodes[node] {
                Node::Class(ranges) => ranges.clone(),
                _ => Vec::new(),
            })
            .collect();
        let mut buf = [0u8; 4];
        let bytes = chars[k].encode_utf8(&mut buf).as_bytes();
        for taken in 1..bytes.len() {
            let (lo, hi) = utf8_interval(&bytes[..taken], bytes.len());
            // Surrogate code points are no characters: take them out.
            let parts = [(lo, hi.min(0xD7FF)), (lo.max(0xE000), hi)];
            let alive = parts
                .iter()
                .any(|&(lo, hi)| lo <= hi && next.iter().any(|&(a, b)| a <= hi && lo <= b));
            if !alive {
                return Some(verdict.viable_bytes + taken - 1);
            }
        }
        Some(verdict.viable_bytes + bytes.len() - 1)
    }

    fn eval_rule(&mut self, rule: RuleId, pos: usize, out: &mut PosSet) -> usize {
        let slot = rule * (self.input.len() + 1) + pos;
        let (run, index) = self.memo[slot];
        if run == self.run {
            assert!(
                index != BUSY,
                "rule {} reached itself at position {pos} without consuming input \
                 (left recursion)",
                self.g.names[rule]
            );
            let (ends, viable) = &self.results[index as usize];
            out.union_with(ends);
            return *viable;
        }
        self.memo[slot] = (self.run, BUSY);
        let mut ends = PosSet::empty(self.input.len());
        let viable = self.eval(self.g.bodies[rule], pos, &mut ends);
        out.union_with(&ends);
        self.results.push((ends, viable));
        self.memo[slot] = (self.run, (self.results.len() - 1) as u32);
        viable
    }

    /// Adds to `out` every end position of `node` started at `pos`, and
    /// returns the longest viable position.
    fn eval(&mut self, node: NodeId, pos: usize, out: &mut PosSet) -> usize {
        let g = self.g;
        let n = self.input.len();
        match &g.nodes[node] {
            Node::Class(ranges) => {
                if pos == n {
                    if let Some(next) = &mut self.next_chars {
                        next.push(node);
                    }
                    return pos;
                }
                let c = self.input[pos] as u32;
                let member = if c < 128 {
                    g.ascii[node] & (1 << c) != 0
                } else {
                    class_contains(ranges, c)
                };
                if member {
                    out.insert(pos + 1);
                    pos + 1
                } else {
                    pos
                }
            }
            Node::Empty => {
                out.insert(pos);
                pos
            }
            Node::Rule(rule) => self.eval_rule(*rule, pos, out),
            Node::Alt(items) => {
                let mut viable = pos;
                for &item in items {
                    viable = viable.max(self.eval(item, pos, out));
                }
                viable
            }
            Node::Seq(items) => {
                let mut current = PosSet::single(n, pos);
                let mut viable = pos;
                for &item in items {
                    let mut next = PosSet::empty(n);
                    for p in current.iter() {
                        viable = viable.max(self.eval(item, p, &mut next));
                    }
                    current = next;
                    if current.is_empty() {
                        break;
                    }
                }
                out.union_with(&current);
                viable
            }
            Node::Rep { min, max, item } => {
                let (min, max, item) = (*min, *max, *item);
                let mut current = PosSet::single(n, pos);
                // Positions already reached with at least `min` copies: one
                // reached again later (with more copies) can do no more.
                let mut seen = PosSet::empty(n);
                let mut viable = pos;
                let mut count = 0;
                loop {
                    if count >= min {
                        current.remove_all(&seen);
                        seen.union_with(&current);
                        out.union_with(&current);
                    }
                    match current.last() {
                        Some(last) => viable = viable.max(last),
                        None => break,
                    }
                    if max == Some(count) {
                        break;
                    }
                    let mut next = PosSet::empty(n);
                    for p in current.iter() {
                        viable = viable.max(self.eval(item, p, &mut next));
                    }
                    current = next;
                    count += 1;
                }
                viable
            }
        }
    }
}

/// Escapes `input` so that every character is visible and unambiguous
/// between double quotes: printable ASCII as is (backslash and quote
/// escaped), everything else as `\u{X}`.
pub fn escape(input: &str) -> String {
    let mut out = String::new();
    for c in input.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            ' '..='~' => out.push(c),
            _ => out.push_str(&format!("\\u{{{:X}}}", c as u32)),
        }
    }
    out
}

/// Escapes bytes like [`escape`]: printable ASCII as is (backslash and
/// quote escaped), everything else as `\xHH`.
pub fn escape_bytes(input: &[u8]) -> String {
    let mut out = String::new();
    for &b in input {
        match b {
            b'\\' => out.push_str("\\\\"),
            b'"' => out.push_str("\\\""),
            b' '..=b'~' => out.push(b as char),
            _ => out.push_str(&format!("\\x{b:02X}")),
        }
    }
    out
}
