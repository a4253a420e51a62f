//! What each DFA state would have accepted next, named by the grammar.
//!
//! A syntax error is a state and a character the state does not take. To
//! say what *would* have been taken, this module derives, for every state
//! `s` of a compiled rule:
//!
//! - the *units* accepted from `s`: every character whose UTF-8 encoding
//!   leads from `s` to a live state, the `%HH` triplet when `%` and two hex
//!   digits do, and the end of the input when `s` accepts;
//! - a [`Description`] of those units in the grammar's words: a greedy
//!   cover by the grammar's *unit-like* rules (rules each of whose strings
//!   is one character or one `%HH` triplet, found by analysing their
//!   compiled DFAs: `ALPHA`, `ipchar`, `sub-delims`, ...), largest
//!   coverage first, then the characters no rule covers, listed literally;
//! - the *context*: the innermost non-unit rules (`isegment`, `port`,
//!   `iuserinfo`, ...) that the last character read belongs to, from the
//!   provenance the NFA keeps for every position.
//!
//! [`Description::phrase`] puts a description in words ("ipchar, '/',
//! '?', '#' or the end of the input"), emitted with it, so that the
//! runtime's message copies one string. Edit the grammar and the messages
//! follow.

use std::collections::{HashMap, VecDeque};

use regex_syntax::utf8::Utf8Sequences;

use super::Dfa;
use crate::nfa::{Nfa, State};

/// Inclusive code-point ranges, sorted, disjoint, never spanning the
/// surrogates (so that set operations count only characters).
pub type Ranges = Vec<(u32, u32)>;

/// A set of units: characters and, apart, the `%HH` triplet.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Units {
    /// Single characters.
    pub chars: Ranges,
    /// Whether a `%HH` triplet (any two hex digits) is a unit of the set.
    pub pct: bool,
}

/// A unit-like rule of the grammar and its units.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitRule {
    /// The rule, as the grammar spells it.
    pub name: String,
    /// Its strings, as units.
    pub units: Units,
}

/// What a state accepts next, described for a message.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Description {
    /// Unit-like rules of the cover, largest coverage first.
    pub rules: Vec<String>,
    /// Characters no rule of the cover names, as ranges.
    pub chars: Vec<(u32, u32)>,
    /// A `%HH` triplet that no rule of the cover names.
    pub pct: bool,
    /// Whether the input may end here.
    pub end: bool,
    /// Whether a `%HH` triplet is accepted here at all (whoever names it):
    /// then percent-encoding is the way to write a character that is not.
    pub percent: bool,
}

/// Ranges of more characters than this are named by their ends
/// (`'a'-'z'`); shorter ones character by character.
const LIST_MAX: u32 = 3;

impl Description {
    /// The description in words, as a message prints it: `ipchar, '#',
    /// '/', '?' or the end of the input`; `nothing` when the state accepts
    /// nothing (never in a message: the state before a rejected character
    /// is live). Rules first, then the characters no rule names (runs of
    /// more than three by their ends), then `%HH`, then the end.
    /// Emitted as data, so that showing an error copies one string.
    pub fn phrase(&self) -> String {
        let mut items: Vec<String> = self.rules.clone();
        for &(lo, hi) in &self.chars {
            if hi - lo < LIST_MAX {
                items.extend((lo..=hi).map(char_name));
            } else {
                items.push(format!("{}-{}", char_name(lo), char_name(hi)));
            }
        }
        if self.pct {
            items.push("'%' and two hex digits".to_owned());
        }
        if self.end {
            items.push("the end of the input".to_owned());
        }
        match items.split_last() {
            None => "nothing".to_owned(),
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        }
    }
}

/// How a phrase names a character: `'c'` for printable ASCII, `U+XXXX`
/// (four to six hex digits) for the rest, whose glyphs could be invisible,
/// confusable or reorder the line (controls, whitespace, bidirectional
/// formatting, combining marks).
fn char_name(c: u32) -> String {
    match char::from_u32(c) {
        Some(c @ ' '..='~') => format!("'{c}'"),
        _ => format!("U+{c:04X}"),
    }
}

/// Whether every string of the rule `dfa` recognizes is one character or
/// one `%` followed by two hex digits (and it has at least one string).
pub fn is_unit_like(dfa: &Dfa) -> bool {
    #[derive(Clone, Copy, PartialEq, Eq, Hash)]
    enum Pos {
        Start,
        /// Continuation bytes still to come in a character.
        Cont(u8),
        Done,
        /// After `%` (a whole character too: `%` alone).
        Pct1,
        Pct2,
    }
    let mut seen = std::collections::HashSet::new();
    let mut queue = VecDeque::from([(dfa.start, Pos::Start)]);
    let mut accepts = false;
    while let Some((state, pos)) = queue.pop_front() {
        if !seen.insert((state, pos)) {
            continue;
        }
        if dfa.is_accepting(state) {
            if !matches!(pos, Pos::Done | Pos::Pct1) {
                return false;
            }
            accepts = true;
        }
        for byte in 0..=255u8 {
            let next = dfa.step(state, byte);
            if next == 0 {
                continue;
            }
            let pos = match pos {
                Pos::Start => match byte {
                    b'%' => Pos::Pct1,
                    0x00..=0x7F => Pos::Done,
                    0xC2..=0xDF => Pos::Cont(1),
                    0xE0..=0xEF => Pos::Cont(2),
                    0xF0..=0xF4 => Pos::Cont(3),
                    _ => return false,
                },
                Pos::Cont(1) => Pos::Done,
                Pos::Cont(k) => Pos::Cont(k - 1),
                Pos::Done => return false,
                Pos::Pct1 if byte.is_ascii_hexdigit() => Pos::Pct2,
                Pos::Pct2 if byte.is_ascii_hexdigit() => Pos::Done,
                Pos::Pct1 | Pos::Pct2 => return false,
            };
            queue.push_back((next, pos));
        }
    }
    accepts
}

/// The units of a unit-like rule: its one-character strings and whether
/// some `%HH` is one of its strings.
pub fn rule_units(dfa: &Dfa) -> Units {
    let chars = chars_from(dfa, dfa.start, End::Accepting, &mut HashMap::new());
    let after = dfa.step(dfa.start, b'%');
    let pct = after != 0
        && hex_bytes().any(|h| {
            let mid = dfa.step(after, h);
            mid != 0 && hex_bytes().any(|l| dfa.is_accepting(dfa.step(mid, l)))
        });
    Units { chars, pct }
}

fn hex_bytes() -> impl Iterator<Item = u8> + Clone {
    (b'0'..=b'9').chain(b'A'..=b'F').chain(b'a'..=b'f')
}

/// The units accepted from `state`: characters that lead to a live state,
/// and `%HH` when `%` and two hex digits do. `%` itself counts as a
/// character only when something other than a hex triplet follows it.
pub fn state_units(dfa: &Dfa, state: u32) -> Units {
    let mut chars = chars_from(dfa, state, End::Live, &mut HashMap::new());
    let after = dfa.step(state, b'%');
    let pct = after != 0
        && hex_bytes().any(|h| {
            let mid = dfa.step(after, h);
            mid != 0 && hex_bytes().any(|l| dfa.step(mid, l) != 0)
        });
    if pct {
        let alone = dfa.is_accepting(after)
            || (0..=255u8).any(|b| !b.is_ascii_hexdigit() && dfa.step(after, b) != 0);
        if !alone {
            chars = subtract(&chars, &[(0x25, 0x25)]);
        }
    }
    Units { chars, pct }
}

type Memo = HashMap<(u32, Vec<(u8, u8)>), Vec<(u32, u32)>>;

/// Where a character must lead for [`chars_from`] to count it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum End {
    /// Any state but the dead one: the character can be continued.
    Live,
    /// An accepting state: the character completes a match.
    Accepting,
}

/// Every character whose encoding leads from `state` to a live (or
/// accepting, per `end`) state, as
/// normalized ranges. The continuation bytes are walked once per (state,
/// remaining byte ranges), so a state that allows all of `ucschar` costs
/// a few thousand steps, not a million.
fn chars_from(dfa: &Dfa, state: u32, end: End, memo: &mut Memo) -> Ranges {
    let mut out: Vec<(u32, u32)> = Vec::new();
    for sequence in Utf8Sequences::new('\0', char::MAX) {
        let ranges: Vec<(u8, u8)> = sequence
            .as_slice()
            .iter()
            .map(|r| (r.start, r.end))
            .collect();
        let n = ranges.len();
        let shift = 6 * (n as u32 - 1);
        let mask = 0xFFu8 >> (n + usize::from(n > 1));
        for lead in ranges[0].0..=ranges[0].1 {
            let next = dfa.step(state, lead);
            if next == 0 {
                continue;
            }
            let base = u32::from(lead & mask) << shift;
            for (a, z) in tail(dfa, next, &ranges[1..], end, memo) {
                push_range(&mut out, base | a, base | z);
            }
        }
    }
    normalize(out)
}

/// The suffix values (six bits per byte) of continuations along `ranges`
/// that keep `state` live (or reach an accepting state, per `end`).
fn tail(dfa: &Dfa, state: u32, ranges: &[(u8, u8)], end: End, memo: &mut Memo) -> Vec<(u32, u32)> {
    let Some((&(lo, hi), rest)) = ranges.split_first() else {
        let counted = end == End::Live || dfa.is_accepting(state);
        return if counted { vec![(0, 0)] } else { Vec::new() };
    };
    let key = (state, ranges.to_vec());
    if let Some(found) = memo.get(&key) {
        return found.clone();
    }
    let shift = 6 * rest.len() as u32;
    let mut out = Vec::new();
    for byte in lo..=hi {
        let next = dfa.step(state, byte);
        if next == 0 {
            continue;
        }
        let base = u32::from(byte & 0x3F) << shift;
        for (a, z) in tail(dfa, next, rest, end, memo) {
            push_range(&mut out, base | a, base | z);
        }
    }
    memo.insert(key, out.clone());
    out
}

fn push_range(out: &mut Vec<(u32, u32)>, lo: u32, hi: u32) {
    match out.last_mut() {
        Some((_, end)) if *end + 1 == lo => *end = hi,
        _ => out.push((lo, hi)),
    }
}

/// Sorts, merges, and cuts ranges at the surrogates.
pub fn normalize(mut ranges: Vec<(u32, u32)>) -> Ranges {
    ranges.sort_unstable();
    let mut out: Ranges = Vec::new();
    for (lo, hi) in ranges {
        let pieces = [(lo, hi.min(0xD7FF)), (lo.max(0xE000), hi)];
        for (a, z) in pieces {
            if a > z {
                continue;
            }
            match out.last_mut() {
                Some((_, end)) if *end + 1 >= a && !(*end == 0xD7FF && a == 0xE000) => {
                    *end = (*end).max(z)
                }
                _ => out.push((a, z)),
            }
        }
    }
    out
}

/// Number of code points in `ranges`.
pub fn size(ranges: &[(u32, u32)]) -> u64 {
    ranges.iter().map(|&(a, z)| u64::from(z - a) + 1).sum()
}

/// `a` ∩ `b`.
pub fn intersect(a: &[(u32, u32)], b: &[(u32, u32)]) -> Ranges {
    let mut out = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        let lo = a[i].0.max(b[j].0);
        let hi = a[i].1.min(b[j].1);
        if lo <= hi {
            out.push((lo, hi));
        }
        if a[i].1 < b[j].1 {
            i += 1;
        } else {
            j += 1;
        }
    }
    out
}

/// `a` minus `b`.
pub fn subtract(a: &[(u32, u32)], b: &[(u32, u32)]) -> Ranges {
    let mut out = Vec::new();
    for &(lo, hi) in a {
        let mut at = lo;
        for &(blo, bhi) in b {
            if bhi < at || blo > hi {
                continue;
            }
            if blo > at {
                out.push((at, blo - 1));
            }
            at = bhi.saturating_add(1);
            if at > hi {
                break;
            }
        }
        if at <= hi && at >= lo {
            out.push((at, hi));
        }
    }
    out
}

/// Greedy cover of `units` by `rules` (each a subset of `units`): the rule
/// covering the most units not yet covered first, ties to the smaller
/// rule, then by name; a rule is taken only when it covers at least two new
/// characters or the `%HH` unit. What is left is listed literally.
pub fn describe(units: &Units, end: bool, rules: &[UnitRule]) -> Description {
    let candidates: Vec<&UnitRule> = rules
        .iter()
        .filter(|r| {
            (!r.units.pct || units.pct)
                && subtract(&r.units.chars, &units.chars).is_empty()
                && (r.units.pct || !r.units.chars.is_empty())
        })
        .collect();
    let mut left = units.chars.clone();
    let mut pct_left = units.pct;
    let mut chosen = Vec::new();
    loop {
        let best = candidates
            .iter()
            .filter(|r| !chosen.contains(&r.name))
            .map(|r| {
                let new = size(&intersect(&r.units.chars, &left));
                let pct = r.units.pct && pct_left;
                (r, new, pct)
            })
            .filter(|&(_, new, pct)| new >= 2 || pct)
            .max_by(|a, b| {
                let score = |x: &(&&UnitRule, u64, bool)| x.1 + u64::from(x.2);
                score(a)
                    .cmp(&score(b))
                    .then_with(|| {
                        let total = |r: &UnitRule| size(&r.units.chars) + u64::from(r.units.pct);
                        total(b.0).cmp(&total(a.0))
                    })
                    .then_with(|| b.0.name.cmp(&a.0.name))
            });
        let Some((rule, _, _)) = best else { break };
        left = subtract(&left, &rule.units.chars);
        pct_left &= !rule.units.pct;
        chosen.push(rule.name.clone());
    }
    Description {
        rules: chosen,
        chars: left,
        pct: pct_left,
        end,
        percent: units.pct,
    }
}

/// For every state of `dfa`, the innermost non-unit rules that the last
/// character read belongs to, over every input that leads to the state
/// (by NFA provenance; the start state's is the start rule), the most
/// common first: a state reached by many characters of `ireg-name` and by
/// digits that could also begin a `dec-octet` names `ireg-name` first,
/// except that when a later rule `widens` the first (`widens(outer,
/// inner)`: the same strings but the empty one), the wider one comes
/// first: minimization merges the state inside an `isegment-nz` with the
/// one inside an `isegment`, and "in isegment" is true of both. `unit`
/// says which rule names are unit-like (skipped: a message names
/// `isegment`, not the `ALPHA` inside it).
///
/// Walks the subset construction again, in step with `dfa`: each NFA
/// subset met is paired with the DFA state the same input reaches, and the
/// NFA states that read the last byte name the rules.
pub fn contexts(
    dfa: &Dfa,
    nfa: &Nfa,
    unit: &dyn Fn(&str) -> bool,
    widens: &dyn Fn(&str, &str) -> bool,
) -> Vec<Vec<String>> {
    let n = dfa.state_count;
    let start_name = nfa.paths[0][0].clone();
    // Per DFA state, each innermost non-unit rule met, with how many
    // transitions into the state read a byte of it.
    let mut found: Vec<Vec<(usize, String)>> = vec![Vec::new(); n];
    // Bytes the NFA cannot tell apart behave alike: one representative each.
    let mut boundary = [false; 257];
    for state in &nfa.states {
        if let State::Bytes { ranges, .. } = state {
            for &(lo, hi) in ranges {
                boundary[lo as usize] = true;
                boundary[hi as usize + 1] = true;
            }
        }
    }
    let representatives: Vec<u8> = (0..=255u8)
        .filter(|&b| b == 0 || boundary[b as usize])
        .collect();
    let start = closure(nfa, &[nfa.start]);
    let mut seen: HashMap<(u32, Vec<u32>), ()> = HashMap::new();
    seen.insert((dfa.start, start.clone()), ());
    let mut queue = VecDeque::from([(dfa.start, start)]);
    while let Some((state, set)) = queue.pop_front() {
        for &byte in &representatives {
            let next_state = dfa.step(state, byte);
            if next_state == 0 {
                continue;
            }
            let mut targets = Vec::new();
            for &s in &set {
                if let State::Bytes { ranges, next } = &nfa.states[s as usize] {
                    if ranges.iter().any(|&(lo, hi)| lo <= byte && byte <= hi) {
                        targets.push(*next);
                        let path = &nfa.paths[nfa.origins[s as usize] as usize];
                        if let Some(depth) = path.iter().rposition(|r| !unit(r)) {
                            let names = &mut found[next_state as usize];
                            match names.iter_mut().find(|(_, name)| *name == path[depth]) {
                                Some((count, _)) => *count += 1,
                                None => names.push((1, path[depth].clone())),
                            }
                        }
                    }
                }
            }
            let next_set = closure(nfa, &targets);
            let key = (next_state, next_set);
            if !seen.contains_key(&key) {
                seen.insert(key.clone(), ());
                queue.push_back(key);
            }
        }
    }
    found
        .into_iter()
        .enumerate()
        .map(|(state, mut named)| {
            if state == 0 || state as u32 == dfa.start || named.is_empty() {
                return vec![start_name.clone()];
            }
            named.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
            let mut names: Vec<String> = named.into_iter().map(|(_, name)| name).collect();
            if let Some(wider) = names.iter().skip(1).position(|o| widens(o, &names[0])) {
                let name = names.remove(wider + 1);
                names.insert(0, name);
            }
            names
        })
        .collect()
}

/// The byte-reading and matching NFA states reachable from `seeds`.
fn closure(nfa: &Nfa, seeds: &[u32]) -> Vec<u32> {
    let mut seen = std::collections::HashSet::new();
    let mut stack = seeds.to_vec();
    let mut out = Vec::new();
    while let Some(s) = stack.pop() {
        if !seen.insert(s) {
            continue;
        }
        match &nfa.states[s as usize] {
            State::Split(targets) => stack.extend_from_slice(targets),
            _ => out.push(s),
        }
    }
    out.sort_unstable();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dfa::compile_rule;
    use crate::grammar::Grammar;

    #[test]
    fn phrases() {
        let described = |rules: &[&str], chars: &[(u32, u32)], pct, end| Description {
            rules: rules.iter().map(|r| (*r).to_owned()).collect(),
            chars: chars.to_vec(),
            pct,
            end,
            percent: pct,
        };
        let cases = [
            (
                described(
                    &["ipchar"],
                    &[(0x23, 0x23), (0x2F, 0x2F), (0x3F, 0x3F)],
                    false,
                    true,
                ),
                "ipchar, '#', '/', '?' or the end of the input",
            ),
            (described(&[], &[(0x41, 0x5A)], false, false), "'A'-'Z'"),
            (described(&["DIGIT"], &[], false, false), "DIGIT"),
            (described(&[], &[], false, true), "the end of the input"),
            (described(&[], &[], false, false), "nothing"),
            (
                described(
                    &[],
                    &[(0x9, 0xA), (0x20, 0x20), (0x7F, 0x7F), (0xE9, 0xE9)],
                    false,
                    false,
                ),
                "U+0009, U+000A, ' ', U+007F or U+00E9",
            ),
            (
                described(
                    &[],
                    &[(0x41, 0x43), (0xE000, 0xF8FF), (0x10_0000, 0x10_FFFD)],
                    true,
                    false,
                ),
                "'A', 'B', 'C', U+E000-U+F8FF, U+100000-U+10FFFD or '%' and two hex digits",
            ),
            (
                described(&["ALPHA", "DIGIT"], &[(0x0, 0x1F)], false, true),
                "ALPHA, DIGIT, U+0000-U+001F or the end of the input",
            ),
        ];
        for (description, phrase) in cases {
            assert_eq!(description.phrase(), phrase, "{description:?}");
        }
    }

    const GRAMMAR: &str = "\
top    = scheme \":\" *pchar\n\
scheme = ALPHA *( ALPHA / DIGIT / \"+\" )\n\
pchar  = ALPHA / DIGIT / pct / \":\"\n\
pct    = \"%\" HEXDIG HEXDIG\n\
ALPHA  = %x41-5A / %x61-7A\n\
DIGIT  = %x30-39\n\
HEXDIG = DIGIT / \"A\" / \"B\" / \"C\" / \"D\" / \"E\" / \"F\"\n\
pair   = ALPHA ALPHA\n";

    fn setup() -> (Grammar, Vec<UnitRule>) {
        let g = Grammar::from_sources(&[("t.abnf", GRAMMAR)]).unwrap();
        let mut units = Vec::new();
        for rule in g.rules() {
            let dfa = compile_rule(&g, &rule.name, 1000).unwrap();
            if is_unit_like(&dfa) {
                units.push(UnitRule {
                    name: rule.name.clone(),
                    units: rule_units(&dfa),
                });
            }
        }
        (g, units)
    }

    #[test]
    fn unit_likeness_is_found_by_analysis() {
        let (_, units) = setup();
        let names: Vec<&str> = units.iter().map(|u| u.name.as_str()).collect();
        assert_eq!(names, ["pchar", "pct", "ALPHA", "DIGIT", "HEXDIG"]);
        let pct = &units[1].units;
        assert!(pct.pct && pct.chars.is_empty());
        // Digits and ':' are adjacent (30-3A).
        assert_eq!(
            units[0].units.chars,
            [(0x30, 0x3A), (0x41, 0x5A), (0x61, 0x7A)]
        );
        assert!(units[0].units.pct);
    }

    #[test]
    fn cover_prefers_large_rules_then_lists_the_rest() {
        let (g, units) = setup();
        let dfa = compile_rule(&g, "top", 1000).unwrap();
        let after_a = dfa.step(dfa.start, b'a');
        let d = describe(
            &state_units(&dfa, after_a),
            dfa.is_accepting(after_a),
            &units,
        );
        assert_eq!(d.rules, ["ALPHA", "DIGIT"]);
        assert_eq!(d.chars, [(0x2B, 0x2B), (0x3A, 0x3A)]);
        assert!(!d.end && !d.pct && !d.percent);
        let path = dfa.step(after_a, b':');
        let d = describe(&state_units(&dfa, path), dfa.is_accepting(path), &units);
        assert_eq!(d.rules, ["pchar"]);
        assert!(d.chars.is_empty() && d.end && d.percent && !d.pct);
        let start = describe(&state_units(&dfa, dfa.start), false, &units);
        assert_eq!(start.rules, ["ALPHA"]);
    }

    #[test]
    fn contexts_name_the_innermost_non_unit_rule() {
        let (g, units) = setup();
        let dfa = compile_rule(&g, "top", 1000).unwrap();
        let nfa = Nfa::compile(&g, "top").unwrap();
        let unit = |name: &str| units.iter().any(|u| u.name == name);
        let all = contexts(&dfa, &nfa, &unit, &|_, _| false);
        let after_a = dfa.step(dfa.start, b'a');
        assert_eq!(all[after_a as usize], ["scheme"]);
        let path = dfa.step(dfa.step(after_a, b':'), b'x');
        assert_eq!(all[path as usize], ["top"]);
        assert_eq!(all[dfa.start as usize], ["top"]);
    }

    #[test]
    fn range_operations() {
        let a = normalize(vec![(0x41, 0x5A), (0x61, 0x7A), (0x5B, 0x5B)]);
        assert_eq!(a, [(0x41, 0x5B), (0x61, 0x7A)]);
        assert_eq!(
            normalize(vec![(0xD000, 0xE0FF)]),
            [(0xD000, 0xD7FF), (0xE000, 0xE0FF)]
        );
        assert_eq!(subtract(&a, &[(0x50, 0x62)]), [(0x41, 0x4F), (0x63, 0x7A)]);
        assert_eq!(intersect(&a, &[(0x50, 0x62)]), [(0x50, 0x5B), (0x61, 0x62)]);
        assert_eq!(size(&a), 27 + 26);
    }
}
