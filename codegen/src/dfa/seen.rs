//! What every path from the start to a state has read: facts a parser
//! reads off the state a walk ends in, instead of searching the input.
//!
//! The split of a reference into components (RFC 3986 Appendix B) looks
//! for the first `?` and the first `#`. A walk that ends in a state that
//! no path through a `#` reaches has read none, so the reference has no
//! fragment; one that ends where no path through a `?` or a `#` leads has
//! neither query nor fragment. For `IRI-reference` those are the states
//! of the path and of the query: the two searches that read a reference's
//! tail are then not needed. A state some paths reach through the byte
//! and others not (in `URI-reference` the query and the path states that
//! accept the same language merge) has no fact, and the parser searches.

use super::Dfa;

/// No path from the start to the state reads a `#`.
pub const NO_HASH: u8 = 1 << 0;
/// No path from the start to the state reads a `?` or a `#`.
pub const NO_QUESTION_OR_HASH: u8 = 1 << 1;

/// The facts of every state, by state id: [`NO_HASH`] and
/// [`NO_QUESTION_OR_HASH`] where they hold (none for the dead state).
pub fn facts(dfa: &Dfa) -> Vec<u8> {
    let hash = never_reads(dfa, b"#");
    let either = never_reads(dfa, b"?#");
    (0..dfa.state_count)
        .map(|state| {
            if state == 0 {
                return 0;
            }
            let mut facts = 0;
            if hash[state] {
                facts |= NO_HASH;
            }
            if either[state] {
                facts |= NO_QUESTION_OR_HASH;
            }
            facts
        })
        .collect()
}

/// For each state, whether no path from the start to it reads a byte of
/// `set`: the states not reached from the targets of `set`'s bytes out of
/// the reachable states.
fn never_reads(dfa: &Dfa, set: &[u8]) -> Vec<bool> {
    let reachable = closure(dfa, vec![dfa.start]);
    let through: Vec<u32> = (0..dfa.state_count as u32)
        .filter(|&s| reachable[s as usize])
        .flat_map(|s| set.iter().map(move |&byte| dfa.step(s, byte)))
        .collect();
    closure(dfa, through).into_iter().map(|r| !r).collect()
}

/// The states reached from `seeds` by any input, the seeds included.
fn closure(dfa: &Dfa, seeds: Vec<u32>) -> Vec<bool> {
    let mut seen = vec![false; dfa.state_count];
    let mut stack = seeds;
    while let Some(state) = stack.pop() {
        if std::mem::replace(&mut seen[state as usize], true) {
            continue;
        }
        let row = &dfa.trans[state as usize * dfa.class_count..][..dfa.class_count];
        stack.extend(row.iter().filter(|&&t| !seen[t as usize]));
    }
    seen
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::Grammar;

    fn compile(text: &str, rule: &str) -> Dfa {
        let g = Grammar::from_sources(&[("t.abnf", text)]).unwrap();
        super::super::compile_rule(&g, rule, 10_000).unwrap()
    }

    /// On a small reference-like rule (whose query takes a `q` the path
    /// does not, so that their states stay apart, as in `IRI-reference`),
    /// the facts of the state each input ends in agree with the input.
    #[test]
    fn facts_follow_what_was_read() {
        let dfa = compile(
            "ref = *p [ \"?\" *( p / \"?\" / \"q\" ) ] [ \"#\" *( p / \"?\" ) ]\np = \"a\" / \"/\"\n",
            "ref",
        );
        let facts = facts(&dfa);
        let end = |input: &str| {
            input
                .bytes()
                .fold(dfa.start, |state, byte| dfa.step(state, byte))
        };
        for input in ["", "a/a", "a?", "a?q?a", "?", "#", "a#a", "a?q#a?", "/?#"] {
            let f = facts[end(input) as usize];
            assert_eq!(f & NO_HASH != 0, !input.contains('#'), "{input}");
            assert_eq!(
                f & NO_QUESTION_OR_HASH != 0,
                !input.contains(['?', '#']),
                "{input}"
            );
        }
        assert_eq!(facts[0], 0);
    }

    /// A state reached both through the byte and without it has no fact.
    #[test]
    fn a_merged_state_has_no_fact() {
        let dfa = compile("r = *( \"a\" / \"#\" )\n", "r");
        assert!(facts(&dfa).iter().all(|&f| f == 0));
    }
}
