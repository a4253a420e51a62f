//! Subset construction over the NFA's byte partition.
//!
//! Bytes that no NFA range tells apart form one class (the boundaries of
//! all ranges cut 0..=255 into intervals), so the construction steps once
//! per class rather than once per byte. DFA state 0 is the empty set: the
//! dead state.

use std::collections::HashMap;

use super::RawDfa;
use crate::nfa::{Nfa, State, StateId};

/// Builds the DFA, or `Err(states)` once more than `max_states` are needed.
pub(crate) fn determinize(nfa: &Nfa, max_states: usize) -> Result<RawDfa, usize> {
    let (classes, representatives) = byte_partition(nfa);
    let class_count = representatives.len();
    let mut closure = Closure {
        seen: vec![0; nfa.states.len()],
        stamp: 0,
        stack: Vec::new(),
    };

    let mut sets: Vec<Vec<StateId>> = vec![Vec::new()];
    let mut ids: HashMap<Vec<StateId>, u32> = HashMap::from([(Vec::new(), 0)]);
    let start_set = closure.of(nfa, &[nfa.start]);
    ids.insert(start_set.clone(), 1);
    sets.push(start_set);

    let mut trans: Vec<u32> = vec![0; class_count];
    let mut targets: Vec<StateId> = Vec::new();
    let mut current = 1;
    while current < sets.len() {
        for &byte in &representatives {
            targets.clear();
            for &s in &sets[current] {
                if let State::Bytes { ranges, next } = &nfa.states[s as usize] {
                    if ranges.iter().any(|&(lo, hi)| lo <= byte && byte <= hi) {
                        targets.push(*next);
                    }
                }
            }
            let set = closure.of(nfa, &targets);
            let id = match ids.get(&set) {
                Some(&id) => id,
                None => {
                    if sets.len() >= max_states {
                        return Err(sets.len());
                    }
                    let id = sets.len() as u32;
                    ids.insert(set.clone(), id);
                    sets.push(set);
                    id
                }
            };
            trans.push(id);
        }
        current += 1;
    }
    let accepting = sets
        .iter()
        .map(|set| set.iter().any(|&s| nfa.states[s as usize] == State::Match))
        .collect();
    Ok(RawDfa {
        classes,
        class_count,
        trans,
        accepting,
        start: 1,
    })
}

/// The coarsest partition of bytes that every NFA range respects, and one
/// representative byte per class.
fn byte_partition(nfa: &Nfa) -> ([u8; 256], Vec<u8>) {
    let mut boundary = [false; 257];
    for state in &nfa.states {
        if let State::Bytes { ranges, .. } = state {
            for &(lo, hi) in ranges {
                boundary[lo as usize] = true;
                boundary[hi as usize + 1] = true;
            }
        }
    }
    let mut classes = [0u8; 256];
    let mut representatives = vec![0u8];
    for byte in 1..256 {
        if boundary[byte] {
            representatives.push(byte as u8);
        }
        classes[byte] = (representatives.len() - 1) as u8;
    }
    (classes, representatives)
}

/// Epsilon closures, reusing one visited array (stamped per call).
struct Closure {
    seen: Vec<u32>,
    stamp: u32,
    stack: Vec<StateId>,
}

impl Closure {
    /// The byte-reading and matching states reachable from `seeds` without
    /// reading, sorted: the identity of a DFA state.
    fn of(&mut self, nfa: &Nfa, seeds: &[StateId]) -> Vec<StateId> {
        self.stamp += 1;
        let mut set = Vec::new();
        self.stack.extend_from_slice(seeds);
        while let Some(s) = self.stack.pop() {
            if self.seen[s as usize] == self.stamp {
                continue;
            }
            self.seen[s as usize] = self.stamp;
            match &nfa.states[s as usize] {
                State::Split(targets) => self.stack.extend_from_slice(targets),
                State::Bytes { .. } | State::Match => set.push(s),
            }
        }
        set.sort_unstable();
        set
    }
}
