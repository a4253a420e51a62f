//! Minimization by partition refinement, then state ordering and byte-class
//! merging.
//!
//! Refinement is Moore's: start from {accepting, non-accepting} and split
//! blocks by the blocks their transitions reach, until nothing splits. It
//! yields the same (unique) minimal DFA as Hopcroft's algorithm; for the few
//! hundred states of the IRI grammars the simpler algorithm costs
//! milliseconds. States that can never reach an accepting state all fall
//! into the dead state's block.

use std::collections::{HashMap, VecDeque};

use super::{Dfa, RawDfa};

pub(crate) fn minimize(raw: &RawDfa, rule: String) -> Dfa {
    let n = raw.accepting.len();
    let k = raw.class_count;
    let mut block: Vec<usize> = raw.accepting.iter().map(|&a| usize::from(a)).collect();
    let mut block_count = block.iter().collect::<std::collections::HashSet<_>>().len();
    loop {
        let mut signatures: HashMap<Vec<usize>, usize> = HashMap::new();
        let mut next_block = vec![0; n];
        for s in 0..n {
            let mut signature = Vec::with_capacity(k + 1);
            signature.push(block[s]);
            signature.extend(
                raw.trans[s * k..(s + 1) * k]
                    .iter()
                    .map(|&t| block[t as usize]),
            );
            let fresh = signatures.len();
            next_block[s] = *signatures.entry(signature).or_insert(fresh);
        }
        let count = signatures.len();
        block = next_block;
        if count == block_count {
            break;
        }
        block_count = count;
    }

    // Order blocks: dead first, then non-accepting, then accepting; within
    // each group in breadth-first order from the start, for locality.
    let dead = block[0];
    let mut representative = vec![usize::MAX; block_count];
    let mut bfs_order = Vec::with_capacity(block_count);
    let mut queue = VecDeque::from([raw.start as usize]);
    let mut visited = vec![false; n];
    visited[raw.start as usize] = true;
    while let Some(s) = queue.pop_front() {
        if representative[block[s]] == usize::MAX {
            representative[block[s]] = s;
            bfs_order.push(block[s]);
        }
        for &t in &raw.trans[s * k..(s + 1) * k] {
            if !visited[t as usize] {
                visited[t as usize] = true;
                queue.push_back(t as usize);
            }
        }
    }
    if representative[dead] == usize::MAX {
        representative[dead] = 0;
    }
    let accepting = |b: usize| raw.accepting[representative[b]];
    let mut order = vec![dead];
    order.extend(
        bfs_order
            .iter()
            .copied()
            .filter(|&b| b != dead && !accepting(b)),
    );
    let accept_from = order.len() as u32;
    order.extend(
        bfs_order
            .iter()
            .copied()
            .filter(|&b| b != dead && accepting(b)),
    );
    let mut new_id = vec![0u32; block_count];
    for (id, &b) in order.iter().enumerate() {
        new_id[b] = id as u32;
    }

    // The transition table over the NFA's classes, then merge classes whose
    // columns are equal in every state.
    let state_count = order.len();
    let mut columns: Vec<Vec<u32>> = vec![Vec::with_capacity(state_count); k];
    for &b in &order {
        let s = representative[b];
        for (class, column) in columns.iter_mut().enumerate() {
            column.push(new_id[block[raw.trans[s * k + class] as usize]]);
        }
    }
    let mut merged: HashMap<&Vec<u32>, u8> = HashMap::new();
    let mut class_map = vec![0u8; k];
    let mut kept: Vec<&Vec<u32>> = Vec::new();
    for (class, column) in columns.iter().enumerate() {
        let fresh = kept.len() as u8;
        class_map[class] = *merged.entry(column).or_insert_with(|| {
            kept.push(column);
            fresh
        });
    }
    let class_count = kept.len();
    let mut trans = vec![0u32; state_count * class_count];
    for (class, column) in kept.iter().enumerate() {
        for (state, &target) in column.iter().enumerate() {
            trans[state * class_count + class] = target;
        }
    }
    let mut classes = [0u8; 256];
    for (byte, class) in classes.iter_mut().enumerate() {
        *class = class_map[raw.classes[byte] as usize];
    }
    Dfa {
        rule,
        classes,
        class_count,
        trans,
        state_count,
        start: new_id[block[raw.start as usize]],
        accept_from,
    }
}
