//! Accelerated states: the data a scanner needs to skip runs of text that
//! cannot leave a state, without walking the table one dependent load at a
//! time.
//!
//! Inside a path segment, a query or a fragment the DFA sits in one state
//! for long runs: `/docs/Résumé%20final` stays in the state "inside a
//! path" for every letter, every `%HH` triple and every accented letter.
//! A table walk pays one load per byte, each waiting for the previous one
//! (the next row depends on the state just read), about five cycles a byte.
//! Whether a byte *stays* in a known state needs no such chain: it is a
//! lookup that depends on the byte alone, so a scanner can test many bytes
//! at once and advance over the whole run.
//!
//! For every state with a self-loop this module derives a 256-entry table
//! of *codes*, one per byte, with these bits:
//!
//! - [`STAY`]: an ASCII byte whose own transition loops.
//! - [`PERCENT`] (on `%` only), [`HEX1`], [`HEX2`]: `%` followed by a
//!   [`HEX1`] byte and a [`HEX2`] byte returns to the state. Set only when
//!   *every* such triple returns and no other byte continues after `%`, so
//!   the scanner may trust the bits without the table.
//! - [`CONTINUATION`]: the byte is a UTF-8 continuation byte (`80`-`BF`).
//! - [`INSIDE`]: any of the above: the byte may be inside a run. A window
//!   of bytes all [`INSIDE`] is worth skipping; one that is not ends soon.
//! - [`LEAD_SHIFT`] (two bits): on a UTF-8 lead byte, the number of
//!   continuation bytes that follow it, when *every well-formed*
//!   character starting with the lead returns to the state
//!   ([`Dfa::stay_lengths`]); the scanner checks well-formedness itself.
//!   `E4` (CJK) and `E0` (Devanagari, Thai) qualify inside a path
//!   segment; `EF` does not, because `U+FFFE` is not `ucschar`: the
//!   scanner walks such characters with the table, which stays exact.
//!   Four-byte leads (`F0`-`F4`) get 3 when every well-formed character
//!   starting with them returns *except the noncharacters* `U+xFFFE` and
//!   `U+xFFFF` that end every plane, which the scanner must then rule out
//!   itself (`F0`: emoji, historic scripts; `F0`-`F2`: CJK extensions).
//!   `F3` does not qualify in `ucschar`'s states (`U+E0000`-`U+E0FFF` are
//!   out), nor does `F4` outside a query (private use). The shift
//!   machines do not use these codes: they keep a lead only where all its
//!   characters return (`Dfa::stay_lengths`).
//!
//! Example: in the path state of `IRI-reference`, `a`-`z`, `/`, `:` have
//! [`STAY`]; `%` has [`PERCENT`] and `0`-`9`, `A`-`F`, `a`-`f` have
//! [`HEX1`] and [`HEX2`]; `C3` has one continuation byte; `?` and `#` have
//! no bit (they leave the state), nor does a space (it kills the walk).
//!
//! [`Accelerated::of`] also renumbers the states so that accelerated ones
//! form one range, `accel_from..accel_from + accel_count` (the non-accepting
//! ones, then the accepting ones, so that accepting states still start at
//! `accept_from`): "is this state accelerated?" is one subtraction and one
//! compare in the scanner's loop.

use super::Dfa;

/// An ASCII byte whose transition loops to the state.
pub const STAY: u8 = 1 << 0;
/// `%`, when every `%` [`HEX1`] [`HEX2`] triple returns to the state.
pub const PERCENT: u8 = 1 << 1;
/// A byte allowed right after `%` (in a returning triple).
pub const HEX1: u8 = 1 << 2;
/// A byte allowed second after `%` (in a returning triple).
pub const HEX2: u8 = 1 << 3;
/// A UTF-8 continuation byte, `80`-`BF`.
pub const CONTINUATION: u8 = 1 << 4;
/// Any of the bits: the byte may be inside a run.
pub const INSIDE: u8 = 1 << 7;
/// Shift of the two bits that hold, on a lead byte all of whose characters
/// return to the state, how many continuation bytes follow it (1 to 3).
pub const LEAD_SHIFT: u32 = 5;

/// The codes of `state` (see the module docs), or `None` when no byte and
/// no character keeps the DFA in it (or it is the dead state, which the
/// scanner must notice rather than skip in).
pub fn codes(dfa: &Dfa, state: u32) -> Option<[u8; 256]> {
    if state == 0 {
        return None;
    }
    let mut codes = [0u8; 256];
    let mut stays = false;
    for (byte, length) in dfa.stay_lengths(state).into_iter().enumerate() {
        match length {
            0 => {}
            1 => {
                codes[byte] |= STAY;
                stays = true;
            }
            _ => {
                codes[byte] |= (length - 1) << LEAD_SHIFT;
                stays = true;
            }
        }
    }
    if !stays {
        return None;
    }
    for lead in 0xF0..=0xF4u8 {
        let code = &mut codes[usize::from(lead)];
        if *code == 0 && returns_but_noncharacters(dfa, state, lead) {
            *code |= 3 << LEAD_SHIFT;
        }
    }
    for code in &mut codes[0x80..=0xBF] {
        *code |= CONTINUATION;
    }
    if let Some((first, second)) = percent_triples(dfa, state) {
        codes[usize::from(b'%')] |= PERCENT;
        for byte in 0..256 {
            if first[byte] {
                codes[byte] |= HEX1;
            }
            if second[byte] {
                codes[byte] |= HEX2;
            }
        }
    }
    for code in &mut codes {
        if *code != 0 {
            *code |= INSIDE;
        }
    }
    Some(codes)
}

/// Whether every well-formed four-byte character starting with `lead`
/// brings the DFA from `state` back to `state`, except perhaps the two
/// noncharacters that end each plane (`U+xFFFE`, `U+xFFFF`: second byte
/// `x` with low nibble `F`, then `BF`, then `BE` or `BF`), which the
/// scanner leaves to the table. Every plane of `ucschar` and `iprivate`
/// ends just before them, so without the exception no four-byte lead
/// would ever qualify, and emoji or CJK extension text would leave every
/// run it is in.
fn returns_but_noncharacters(dfa: &Dfa, state: u32, lead: u8) -> bool {
    let after_lead = dfa.step(state, lead);
    if after_lead == 0 {
        return false;
    }
    // Whether every third and fourth byte after reaching `at` returns
    // (but the noncharacters' `BF BE`/`BF BF` when `plane_end`), for
    // each distinct `at` once: the second bytes lead to few states.
    let mut checked: Vec<(u32, bool)> = Vec::new();
    let (low, high) = super::utf8_second_bytes(lead);
    (low..=high).all(|second| {
        let at = dfa.step(after_lead, second);
        let plane_end = second & 0x0F == 0x0F;
        if checked.contains(&(at, plane_end)) {
            return true;
        }
        let returns = (0x80..=0xBFu8).all(|third| {
            let after_third = dfa.step(at, third);
            (0x80..=0xBFu8).all(|fourth| {
                let noncharacter = plane_end && third == 0xBF && fourth >= 0xBE;
                noncharacter || dfa.step(after_third, fourth) == state
            })
        });
        if returns {
            checked.push((at, plane_end));
        }
        returns
    })
}

/// The bytes allowed first and second after `%` from `state`, when every
/// `%` `x` `y` with `x` first and `y` second returns to `state` and the
/// two positions do not branch (all first bytes lead to one state).
fn percent_triples(dfa: &Dfa, state: u32) -> Option<([bool; 256], [bool; 256])> {
    let after_percent = dfa.step(state, b'%');
    if after_percent == 0 {
        return None;
    }
    let mut first = [false; 256];
    let mut middle = None;
    for byte in 0..=255u8 {
        let next = dfa.step(after_percent, byte);
        if next == 0 {
            continue;
        }
        if *middle.get_or_insert(next) != next {
            return None;
        }
        first[usize::from(byte)] = true;
    }
    let middle = middle?;
    let mut second = [false; 256];
    for byte in 0..=255u8 {
        match dfa.step(middle, byte) {
            0 => {}
            next if next == state => second[usize::from(byte)] = true,
            _ => return None,
        }
    }
    Some((first, second))
}

/// A DFA renumbered so that its accelerated states form one range, with
/// their codes.
pub struct Accelerated {
    /// The same automaton, states renumbered: 0 dead, then non-accepting
    /// states without codes, non-accepting with, accepting with, accepting
    /// without.
    pub dfa: Dfa,
    /// The first accelerated state.
    pub accel_from: u32,
    /// The codes of states `accel_from..accel_from + codes.len()`.
    pub codes: Vec<[u8; 256]>,
}

impl Accelerated {
    /// Derives the codes of every state of `dfa` and renumbers it.
    pub fn of(dfa: &Dfa) -> Accelerated {
        let all: Vec<Option<[u8; 256]>> = (0..dfa.state_count as u32)
            .map(|state| codes(dfa, state))
            .collect();
        let accepting = |s: &u32| dfa.is_accepting(*s);
        let coded = |s: &u32| all[*s as usize].is_some();
        let live = 1..dfa.state_count as u32;
        let mut order: Vec<u32> = vec![0];
        order.extend(live.clone().filter(|s| !accepting(s) && !coded(s)));
        let accel_from = order.len() as u32;
        order.extend(live.clone().filter(|s| !accepting(s) && coded(s)));
        let accept_from = order.len() as u32;
        order.extend(live.clone().filter(|s| accepting(s) && coded(s)));
        let accel_end = order.len();
        order.extend(live.filter(|s| accepting(s) && !coded(s)));
        let (renumbered, _) = dfa.renumbered(&order, accept_from);
        let codes = order[accel_from as usize..accel_end]
            .iter()
            .map(|&old| all[old as usize].expect("coded states only"))
            .collect();
        Accelerated {
            dfa: renumbered,
            accel_from,
            codes,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dfa::compile_rule;
    use crate::grammar::Grammar;

    fn compile(text: &str, rule: &str) -> Dfa {
        let g = Grammar::from_sources(&[("t.abnf", text)]).unwrap();
        compile_rule(&g, rule, 1000).unwrap()
    }

    const SEGMENTS: &str = "top = \"/\" *( %x61-7A / \"%\" HEXDIG HEXDIG / %x800-FFFD )\n\
                            HEXDIG = %x30-39 / \"A\" / \"B\" / \"C\" / \"D\" / \"E\" / \"F\"\n";

    #[test]
    fn codes_mark_stays_percent_triples_and_leads() {
        let dfa = compile(SEGMENTS, "top");
        let inside = dfa.step(dfa.start, b'/');
        let table = codes(&dfa, inside).unwrap();
        let at = |b: u8| table[usize::from(b)];
        assert_eq!(at(b'q'), STAY | INSIDE);
        assert_eq!(at(b'/'), 0);
        assert_eq!(at(b'%'), PERCENT | INSIDE);
        // Case-insensitive HEXDIG: letters stay and may follow `%`.
        assert_eq!(at(b'a'), STAY | HEX1 | HEX2 | INSIDE);
        assert_eq!(at(b'7'), HEX1 | HEX2 | INSIDE);
        assert_eq!(at(0xE4), 2 << LEAD_SHIFT | INSIDE);
        assert_eq!(at(0xEF), 0, "U+FFFE and U+FFFF are excluded");
        assert_eq!(at(0xF0), 0, "no four-byte character is allowed");
        assert_eq!(at(0x80), CONTINUATION | INSIDE);
        assert_eq!(codes(&dfa, dfa.start), None);
        assert_eq!(codes(&dfa, 0), None);
    }

    #[test]
    fn four_byte_leads_qualify_but_for_noncharacters() {
        // Planes 1 and 2 as `ucschar` has them, plane 3 whole, and half
        // of plane 4.
        let dfa = compile(
            "top = \"/\" *( \"a\" / %x10000-1FFFD / %x20000-2FFFD / %x30000-3FFFF / %x40000-47FFF )\n",
            "top",
        );
        let inside = dfa.step(dfa.start, b'/');
        let table = codes(&dfa, inside).unwrap();
        let at = |b: u8| table[usize::from(b)];
        assert_eq!(at(0xF0), 3 << LEAD_SHIFT | INSIDE);
        assert_eq!(at(0xF1), 0, "half of plane 4 is out");
        assert_eq!(at(0xF4), 0);
        // The shift machines' notion is stricter: no noncharacter
        // exception.
        assert_eq!(dfa.stay_lengths(inside)[0xF0], 0);
    }

    #[test]
    fn percent_needs_every_triple_to_return() {
        // `%41` returns, `%42` goes elsewhere: no PERCENT bit.
        let dfa = compile("top = \"/\" *( \"a\" / \"%41\" ) [\"%42\" \"z\"]\n", "top");
        let inside = dfa.step(dfa.start, b'/');
        assert_eq!(codes(&dfa, inside).unwrap()[usize::from(b'%')], 0);
        assert_eq!(
            codes(&dfa, inside).unwrap()[usize::from(b'a')],
            STAY | INSIDE
        );
    }

    #[test]
    fn renumbering_keeps_the_language_and_groups_accelerated_states() {
        let dfa = compile(SEGMENTS, "top");
        let fast = Accelerated::of(&dfa);
        let (d, from) = (&fast.dfa, fast.accel_from);
        for (state, codes) in (from..).zip(&fast.codes) {
            assert_eq!(Some(*codes), super::codes(d, state));
        }
        for state in 0..d.state_count as u32 {
            let inside = (from..from + fast.codes.len() as u32).contains(&state);
            assert_eq!(super::codes(d, state).is_some(), inside, "state {state}");
        }
        assert!((0..d.class_count).all(|c| d.trans[c] == 0), "0 stays dead");
        for input in ["/", "/abc%4F\u{4E2D}", "/%4", "/\u{FFFE}", "", "x", "/%G0"] {
            assert_eq!(
                d.run(input.as_bytes()),
                dfa.run(input.as_bytes()),
                "{input:?}"
            );
        }
    }
}
