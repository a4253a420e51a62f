//! Shift machines: a few states of a DFA packed so that a scanner's
//! transition is one shift, with no dependent memory load.
//!
//! A table walk reads `trans[state + class]`: the next load's address
//! depends on the state just loaded, so every byte waits for the L1 cache
//! (four or five cycles). A *shift machine* keeps at most [`STATES`]
//! states of the DFA and, for every ASCII byte, one 64-bit *row* holding
//! all their transitions on that byte, six bits each: the field at bit
//! `6k` is the offset (`6j`) of the state that machine state `k` goes to.
//! The state is its own offset, so a step is
//!
//! ```text
//! state = rows[byte] >> state      (shift counts are taken mod 64)
//! ```
//!
//! The row's load depends on the byte alone and can issue early; what
//! chains bytes is a shift, one cycle. (The idea is the "shift-based DFA"
//! of Per Vognsen's notes; the construction here is this crate's own.)
//!
//! Offset 0 is the *escape*: every transition that leaves the machine's
//! states, or kills the walk, goes there, and field 0 of every row is 0,
//! so it is absorbing. A scanner walks a chunk of ASCII bytes in the
//! machine; if it ends in the escape, the scanner walks the chunk again
//! with the table from the state it began in, which is exact (the table
//! finds the dead byte, or goes on in states the machine does not have).
//!
//! One machine per accelerated state (see [`accel`](super::accel)), that
//! state first, because a walk reaches those states and stays around them:
//! a path, then a query and a fragment. The other states are chosen
//! greedily, each time the state outside the machine with the highest
//! score, until the machine is full or closed: the (state, ASCII byte)
//! pairs of the machine that lead to it, plus the ASCII bytes that loop
//! on it (text dwells there: a query beats a port). From the path state
//! of `IRI-reference` that gives the nine states of `ipath-abempty [ "?"
//! iquery ] [ "#" ifragment ]` over ASCII (each of path, query and
//! fragment, after `%`, after `%H`), so the rest of an ASCII URL after its
//! authority never leaves the machine.
//!
//! The start state is seldom accelerated, and greedy choice from it
//! follows relative paths (many bytes lead there) rather than the one
//! `:` of a scheme. So the start state's machine
//! ([`Machine::following`]) takes the states that the configuration's
//! *trails* (inputs of a common shape, such as `http://example.org/a?q`)
//! walk through, in the order met, and greedy choice fills the rest; a
//! rule gets one when some trail walks at least [`TRAIL_MIN`] bytes in
//! its DFA. Which states a machine holds is a matter of speed only: the
//! scanner's result is the table's either way.
//!
//! Nine states are too few for the start of a URL whose path or query has
//! a `%HH` (the scheme, `:`, `/`, `//`, the host, the path and the query
//! fill them): the start state also gets a [`Wide`] machine, the same
//! transitions for fifteen states, one byte per state, for a scanner that
//! walks it with a 16-byte shuffle where the CPU has one. It follows the
//! trails, then the configuration's *wide trails*, then greedy choice.

use super::accel::Accelerated;
use super::Dfa;

/// Bits per state in a row.
pub const WIDTH: u32 = 6;
/// States a machine holds besides the escape: fields `1..=9`, the tenth
/// field (bits 54-59) being the last that fits in 64 bits.
pub const STATES: usize = 9;
/// Bytes of a trail a DFA must walk for its start state to get a
/// machine: the scanner walks machines a chunk (eight bytes) at a time,
/// so a shorter run in one never pays.
pub const TRAIL_MIN: usize = 8;

/// A shift machine (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Machine {
    /// The DFA states of machine states `1..`, the entry first; machine
    /// state `k` has offset `WIDTH * k`.
    pub states: Vec<u32>,
    /// For each byte, the transitions of every machine state: ASCII bytes
    /// as the DFA takes them; for text known to be UTF-8, a lead byte
    /// keeps a state whose every well-formed character starting with it
    /// returns to it ([`Dfa::stay_lengths`]), and escapes otherwise, and a
    /// continuation byte keeps every state (the character returns where
    /// its lead said); other bytes escape.
    pub rows: [u64; 256],
}

/// The ASCII bytes that keep the DFA in `state`.
fn dwell(dfa: &Dfa, state: u32) -> usize {
    (0..128u8).filter(|&b| dfa.step(state, b) == state).count()
}

impl Machine {
    /// The machine entered at `entry` (not the dead state), its states
    /// chosen greedily (see the module docs).
    pub fn of(dfa: &Dfa, entry: u32) -> Machine {
        assert!(entry != 0, "the dead state has no machine");
        Machine::grown(dfa, vec![entry])
    }

    /// The start state's machine if `trails` earn one: the states the
    /// DFA walks through on each trail from its start (while it lives),
    /// in the order first met, then the greedy choice. `None` when no
    /// trail walks [`TRAIL_MIN`] bytes, or the start state is accelerated
    /// (it has a machine of its own).
    pub fn following(dfa: &Dfa, trails: &[String], accelerated: bool) -> Option<Machine> {
        let states = trail_states(dfa, trails, accelerated, STATES)?;
        Some(Machine::grown(dfa, states))
    }

    /// The machine of `states` (the entry first), grown greedily to
    /// [`STATES`].
    fn grown(dfa: &Dfa, states: Vec<u32>) -> Machine {
        let states = grow(dfa, states, STATES);
        let offset = |target: Option<u32>| {
            target
                .and_then(|target| states.iter().position(|&s| s == target))
                .map_or(0, |k| (k as u64 + 1) * u64::from(WIDTH))
        };
        let mut rows = [0u64; 256];
        for (k, &state) in states.iter().enumerate() {
            let field = (k as u32 + 1) * WIDTH;
            let stays = dfa.stay_lengths(state);
            for (byte, row) in (0..=255u8).zip(&mut rows) {
                *row |= offset(target(dfa, &stays, state, byte)) << field;
            }
        }
        Machine { states, rows }
    }

    /// Runs the machine from its entry over `input`: the DFA state reached,
    /// or `None` at the escape. What the scanner does, for the tests.
    pub fn run(&self, input: &str) -> Option<u32> {
        let mut state = u64::from(WIDTH);
        for &byte in input.as_bytes() {
            state = self.rows[usize::from(byte)].wrapping_shr(state as u32) & 63;
        }
        let k = (state / u64::from(WIDTH)) as usize;
        k.checked_sub(1).map(|k| self.states[k])
    }
}

/// The states the DFA walks through on each of `trails` from its start
/// (while it lives), in the order first met, at most `capacity`: the
/// start of a start machine. `None` when no trail walks [`TRAIL_MIN`]
/// bytes, or the start state is accelerated (it has a machine of its
/// own).
fn trail_states(
    dfa: &Dfa,
    trails: &[String],
    accelerated: bool,
    capacity: usize,
) -> Option<Vec<u32>> {
    if accelerated || dfa.start == 0 {
        return None;
    }
    let mut states = vec![dfa.start];
    let mut earned = false;
    for trail in trails {
        let mut state = dfa.start;
        for (walked, &byte) in trail.as_bytes().iter().enumerate() {
            state = dfa.step(state, byte);
            if state == 0 {
                break;
            }
            earned |= walked + 1 >= TRAIL_MIN;
            if !states.contains(&state) && states.len() < capacity {
                states.push(state);
            }
        }
    }
    earned.then_some(states)
}

/// `states` (the entry first) grown greedily to `capacity`: each time the
/// state outside them with the highest score (see the module docs).
fn grow(dfa: &Dfa, mut states: Vec<u32>, capacity: usize) -> Vec<u32> {
    while states.len() < capacity {
        let mut pulls = vec![0usize; dfa.state_count];
        for &state in &states {
            for byte in 0..128u8 {
                pulls[dfa.step(state, byte) as usize] += 1;
            }
        }
        pulls[0] = 0;
        for &state in &states {
            pulls[state as usize] = 0;
        }
        // The most pulled state, where text dwells before all (its
        // ASCII self-loops count as pulls), the lowest id on a tie.
        let score = |s: usize| pulls[s] + dwell(dfa, s as u32);
        let best = (0..dfa.state_count)
            .filter(|&s| pulls[s] > 0)
            .max_by_key(|&s| (score(s), core::cmp::Reverse(s)));
        match best {
            Some(state) => states.push(state as u32),
            None => break,
        }
    }
    states
}

/// Where a machine takes `state` on `byte` (`stays`: its
/// [`Dfa::stay_lengths`]): ASCII bytes as the DFA does; for text known to
/// be UTF-8, a lead byte keeps the state when every well-formed character
/// it begins returns there, and a continuation byte keeps it (the
/// character returns where its lead said); `None` otherwise (the escape,
/// unless the state reached is the machine's).
fn target(dfa: &Dfa, stays: &[u8; 256], state: u32, byte: u8) -> Option<u32> {
    match byte {
        0..=0x7F => Some(dfa.step(state, byte)).filter(|&next| next != 0),
        0x80..=0xBF => Some(state),
        _ if stays[usize::from(byte)] > 1 => Some(state),
        _ => None,
    }
}

/// States a [`Wide`] machine holds besides the escape: the lanes of a
/// 16-byte shuffle.
pub const WIDE_STATES: usize = 15;

/// A start machine of up to [`WIDE_STATES`] states, walked with a byte
/// shuffle (`pshufb`) instead of shifts: lane `k` of `table[byte]` is the
/// machine state that machine state `k` goes to (`0` the escape, which
/// every lane of every byte keeps). A shift machine's rows hold nine
/// states, which a URL's start uses up on the scheme, `:`, `/`, `//`, the
/// host, the path and the query; sixteen lanes hold the `%` and `%H`
/// states of the path and the query too, and the fragment, where a
/// crawled URL's walk would otherwise leave its machine. Same states
/// first (the trails'), the same greedy choice after them, the same
/// transitions as a [`Machine`]'s rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wide {
    /// The DFA states of machine states `1..`, the entry (the start
    /// state) first.
    pub states: Vec<u32>,
    /// For each byte, the machine state each machine state goes to.
    pub table: [[u8; 16]; 256],
}

impl Wide {
    /// The wide start machine if `trails` earn one (as
    /// [`Machine::following`]).
    pub fn following(dfa: &Dfa, trails: &[String], accelerated: bool) -> Option<Wide> {
        let states = trail_states(dfa, trails, accelerated, WIDE_STATES)?;
        let states = grow(dfa, states, WIDE_STATES);
        let lane = |target: Option<u32>| {
            target
                .and_then(|target| states.iter().position(|&s| s == target))
                .map_or(0, |k| k as u8 + 1)
        };
        let mut table = [[0u8; 16]; 256];
        for (k, &state) in states.iter().enumerate() {
            let stays = dfa.stay_lengths(state);
            for (byte, lanes) in (0..=255u8).zip(&mut table) {
                lanes[k + 1] = lane(target(dfa, &stays, state, byte));
            }
        }
        Some(Wide { states, table })
    }

    /// Runs the machine from its entry over `input`: the DFA state
    /// reached, or `None` at the escape. What the scanner does, for the
    /// tests.
    pub fn run(&self, input: &str) -> Option<u32> {
        let mut lane = 1usize;
        for &byte in input.as_bytes() {
            lane = usize::from(self.table[usize::from(byte)][lane]);
        }
        lane.checked_sub(1).map(|k| self.states[k])
    }
}

/// Every machine of a DFA, and the DFA renumbered so that the states of
/// all machines form one range around the accelerated states: "which
/// machine is this state in, and where?" is then one subtraction and one
/// lookup for the scanner, for any state.
pub struct Machines {
    /// The DFA of [`Accelerated`], renumbered within its groups (the
    /// accelerated range, `accept_from` and the language are unchanged):
    /// states of some machine that have no codes move next to the
    /// accelerated range, the non-accepting ones just before it, the
    /// accepting ones just after it.
    pub dfa: Dfa,
    /// One machine per accelerated state, in their order, with this
    /// numbering; then the start state's, if the trails earn it one
    /// ([`Machine::following`]).
    pub machines: Vec<Machine>,
    /// The first state of the range.
    pub shift_from: u32,
    /// For each state of the range, from `shift_from` on: the index of
    /// its machine in `machines` (its own for an accelerated state, the
    /// start machine for the start state, else the first that has it)
    /// and its machine state (1, the entry, in its own machine).
    pub index: Vec<(usize, u32)>,
}

impl Machines {
    /// The machines of `fast`'s accelerated states (see the module docs)
    /// and the start state's that `trails` earn.
    pub fn of(fast: &Accelerated, trails: &[String]) -> Machines {
        let dfa = &fast.dfa;
        let accel_end = fast.accel_from + fast.codes.len() as u32;
        let accelerated = fast.accel_from..accel_end;
        let mut machines: Vec<Machine> = accelerated.clone().map(|s| Machine::of(dfa, s)).collect();
        machines.extend(Machine::following(
            dfa,
            trails,
            accelerated.contains(&dfa.start),
        ));
        let member = |s: u32| machines.iter().any(|m| m.states.contains(&s));
        // Before the range: non-members, then members; after it: members,
        // then non-members. Group sizes stay, so do the group bounds.
        let mut order: Vec<u32> = vec![0];
        order.extend((1..fast.accel_from).filter(|&s| !member(s)));
        let shift_from = order.len() as u32;
        order.extend((1..fast.accel_from).filter(|&s| member(s)));
        order.extend(accelerated);
        order.extend((accel_end..dfa.state_count as u32).filter(|&s| member(s)));
        let shift_end = order.len() as u32;
        order.extend((accel_end..dfa.state_count as u32).filter(|&s| !member(s)));
        let (renumbered, renumber) = dfa.renumbered(&order, dfa.accept_from);
        let machines: Vec<Machine> = machines
            .into_iter()
            .map(|m| Machine {
                states: m.states.iter().map(|&s| renumber[s as usize]).collect(),
                ..m
            })
            .collect();
        let index = (shift_from..shift_end)
            .map(|state| {
                // The machine it is the entry of (an accelerated state's
                // own, the start state's), else the first that has it.
                let entered = machines
                    .iter()
                    .enumerate()
                    .find(|(_, m)| m.states[0] == state);
                let (id, machine) = entered
                    .or_else(|| {
                        machines
                            .iter()
                            .enumerate()
                            .find(|(_, m)| m.states.contains(&state))
                    })
                    .expect("a state of the range is in a machine");
                let k = machine.states.iter().position(|&s| s == state);
                (id, k.expect("found in it") as u32 + 1)
            })
            .collect();
        Machines {
            dfa: renumbered,
            machines,
            shift_from,
            index,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dfa::compile_rule;
    use crate::grammar::Grammar;

    const URL: &str =
        "top = \"/\" *( seg ) [ \"?\" *( seg / \"?\" ) ] [ \"#\" *( seg / \"?\" ) ]\n\
                       seg = %x61-7A / \"/\" / \"%\" HEXDIG HEXDIG / %x800-FFFD\n\
                       HEXDIG = %x30-39 / \"A\" / \"B\" / \"C\" / \"D\" / \"E\" / \"F\"\n";

    fn compile(text: &str, rule: &str) -> Dfa {
        let g = Grammar::from_sources(&[("t.abnf", text)]).unwrap();
        compile_rule(&g, rule, 1000).unwrap()
    }

    /// Inputs for the machines' walks: `%HH` and its broken forms, the
    /// delimiters, characters that stay and ones that do not.
    const WALKS: &[&str] = &[
        "",
        "abc",
        "a%4F/b?c?d#e",
        "a%4",
        "a%G",
        "?#",
        "a#b#",
        "x?y/%41#%42",
        "A",
        " ",
        "\u{800}",
        "a\u{ABC}b?\u{900}",
        "#\u{1000}",
        "\u{7FF}",
        "\u{FFFE}",
    ];

    /// The table's walk of `input` from `from`, one character at a time,
    /// while it stays in `states`: what a machine of `states` must give.
    fn table_inside(dfa: &Dfa, from: u32, input: &str, states: &[u32]) -> Option<u32> {
        let mut state = Some(from);
        let mut buf = [0u8; 4];
        for c in input.chars() {
            state = state
                .map(|s| {
                    c.encode_utf8(&mut buf)
                        .bytes()
                        .fold(s, |s, b| dfa.step(s, b))
                })
                .filter(|&s| s != 0 && states.contains(&s));
        }
        state
    }

    /// The machine walks exactly as the table wherever it does not escape,
    /// and escapes exactly where the table leaves its states.
    #[test]
    fn machine_walks_as_the_table() {
        let dfa = compile(URL, "top");
        let path = dfa.step(dfa.start, b'/');
        let machine = Machine::of(&dfa, path);
        assert_eq!(machine.states[0], path);
        // Every state ASCII text reaches from the path: the path (which
        // is the query here: both take `?`), the fragment, each with two
        // percent states.
        let mut reached = vec![path];
        let mut i = 0;
        while let Some(&state) = reached.get(i) {
            for byte in 0..128u8 {
                let next = dfa.step(state, byte);
                if next != 0 && !reached.contains(&next) {
                    reached.push(next);
                }
            }
            i += 1;
        }
        let mut states = machine.states.clone();
        states.sort_unstable();
        reached.sort_unstable();
        assert_eq!(states, reached);
        assert_eq!(states.len(), 6);
        for input in WALKS {
            let state = table_inside(&dfa, path, input, &machine.states);
            assert_eq!(machine.run(input), state, "{input:?}");
        }
        // A lead byte some of whose characters leave the state escapes,
        // even before a character that stays (U+FFFD, whose lead EF also
        // begins U+FFFE): the scanner's table walks it.
        assert_eq!(dfa.step(dfa.step(dfa.step(path, 0xEF), 0xBF), 0xBD), path);
        assert_eq!(machine.run("a\u{FFFD}"), None);
    }

    /// Renumbering keeps the language, the groups and the codes, and the
    /// index points every state of the range at itself.
    #[test]
    fn machines_cover_one_range() {
        let dfa = compile(URL, "top");
        let fast = Accelerated::of(&dfa);
        let all = Machines::of(&fast, &[]);
        let d = &all.dfa;
        assert_eq!(d.accept_from, fast.dfa.accept_from);
        for (state, codes) in (fast.accel_from..).zip(&fast.codes) {
            assert_eq!(Some(*codes), super::super::accel::codes(d, state));
        }
        for input in [
            "/",
            "/a%4F?b#c",
            "/%4",
            "/\u{FFFE}",
            "",
            "x",
            "/%G0",
            "/a#b#",
        ] {
            assert_eq!(
                d.run(input.as_bytes()),
                dfa.run(input.as_bytes()),
                "{input:?}"
            );
        }
        assert!(!all.index.is_empty());
        for (state, &(id, k)) in (all.shift_from..).zip(&all.index) {
            assert_eq!(all.machines[id].states[k as usize - 1], state);
        }
        for machine in &all.machines {
            for &state in &machine.states {
                let i = state.checked_sub(all.shift_from).expect("in the range") as usize;
                assert!(i < all.index.len(), "state {state} past the range");
            }
        }
    }

    /// The start machine holds the states a trail walks through, in the
    /// order met, is indexed as the start state's, and is only built for
    /// a trail the DFA walks a chunk of.
    #[test]
    fn trails_make_a_start_machine() {
        let dfa = compile(URL, "top");
        let trail = "/abc%41?x#y".to_string();
        let machine = Machine::following(&dfa, core::slice::from_ref(&trail), false)
            .expect("the DFA walks the whole trail");
        let mut state = dfa.start;
        let mut met = vec![state];
        for &byte in trail.as_bytes() {
            state = dfa.step(state, byte);
            if !met.contains(&state) {
                met.push(state);
            }
        }
        assert_eq!(machine.states[..met.len()], met[..]);
        assert_eq!(machine.run(&trail), Some(state));
        // Too short, dead early, or a start state with its own machine.
        for short in ["/abc", "x/abcdefgh"] {
            assert_eq!(Machine::following(&dfa, &[short.to_string()], false), None);
        }
        assert_eq!(
            Machine::following(&dfa, core::slice::from_ref(&trail), true),
            None
        );
        let fast = Accelerated::of(&dfa);
        let all = Machines::of(&fast, &[trail]);
        assert_eq!(all.machines.len(), fast.codes.len() + 1);
        let start = all.dfa.start;
        let (id, k) = all.index[(start - all.shift_from) as usize];
        assert_eq!((id, k), (fast.codes.len(), 1));
        assert_eq!(all.machines[id].states[0], start);
    }

    /// A wide machine holds the trail's states first, and the shift
    /// machine's;
    /// it walks as the table wherever it does not escape (the inputs of
    /// `machine_walks_as_the_table` after a `/`, from the start); lane 0 stays;
    /// and a `%HH` the shift machine escapes at stays inside it.
    #[test]
    fn wide_machine_walks_as_the_table() {
        let dfa = compile(URL, "top");
        let trails = ["/abcdefg?x".to_string()];
        let machine = Machine::following(&dfa, &trails, false).expect("a start machine");
        let wide = Wide::following(&dfa, &trails, false).expect("a wide machine");
        assert_eq!(Wide::following(&dfa, &trails, true), None);
        // The trail's states first, in the same order; every state of the
        // shift machine (all this small grammar has past the start) too.
        assert_eq!(wide.states[..3], machine.states[..3]);
        assert!(machine.states.iter().all(|s| wide.states.contains(s)));
        assert!(wide.states.len() <= WIDE_STATES);
        assert!(wide.table.iter().all(|lanes| lanes[0] == 0));
        assert!(wide
            .table
            .iter()
            .flatten()
            .all(|&lane| usize::from(lane) <= wide.states.len()));
        for input in WALKS.iter().map(|walk| format!("/{walk}")) {
            let state = table_inside(&dfa, dfa.start, &input, &wide.states);
            assert_eq!(wide.run(&input), state, "{input:?}");
        }
        assert!(wide.run("/a%41b?c%42#d%43").is_some());
    }

    /// Field 0 (the escape) is absorbing, and no field points past the
    /// machine's states.
    #[test]
    fn rows_are_well_formed() {
        let dfa = compile(URL, "top");
        for state in 1..dfa.state_count as u32 {
            let machine = Machine::of(&dfa, state);
            let last = machine.states.len() as u64 * u64::from(WIDTH);
            for row in machine.rows {
                assert_eq!(row & 63, 0);
                for k in 0..=STATES as u32 {
                    let field = row >> (k * WIDTH) & 63;
                    assert!(field <= last && field.is_multiple_of(u64::from(WIDTH)));
                }
                assert_eq!(row >> ((STATES as u32 + 1) * WIDTH), 0);
            }
        }
    }
}
