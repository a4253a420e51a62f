//! Seeded test inputs: random derivations of the grammar, mutations of them,
//! and random strings built from characters that sit on class boundaries.
//!
//! Everything is reproducible from a seed (splitmix64, no dependency), so a
//! failing case can be regenerated and a failure message can name its seed.

use super::interp::{Grammar, Node, NodeId, RuleId};

pub use super::rng::Rng;

/// Code points worth trying anywhere: each ucschar and iprivate range edge
/// and its outside neighbours (RFC 3987 section 2.2), the noncharacters at
/// the end of every plane, the surrogate gap's neighbours, bidi formatting
/// characters (RFC 3987 section 4.1), C0/C1 controls and DEL.
pub fn edge_code_points() -> Vec<u32> {
    let mut points = vec![
        0x00, 0x09, 0x0A, 0x0D, 0x1F, 0x7F, 0x80, 0x9F, 0xA0, 0xA1, 0xFF, 0x100, 0x7FF, 0x800,
        0xD7FE, 0xD7FF, 0xE000, 0xE001, 0xF8FF, 0xF900, 0xFDCF, 0xFDD0, 0xFDEF, 0xFDF0, 0xFFEF,
        0xFFF0, 0xFFFD, 0xFFFE, 0xFFFF, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E,
        0x2066, 0x2069, 0xFEFF, 0x10300, 0x1F600, 0xE0FFF, 0xE1000, 0x10_FFFF,
    ];
    for plane in 1..=0x10u32 {
        let base = plane << 16;
        points.extend([base, base + 1, base + 0xFFFD, base + 0xFFFE, base + 0xFFFF]);
        if plane > 1 {
            points.push(base - 1);
        }
    }
    points.sort_unstable();
    points.dedup();
    points
}

/// Short strings worth inserting: ASCII punctuation, controls, space,
/// percent-encoding fragments good and bad, IP literal and authority pieces,
/// and every [`edge_code_points`] character.
pub fn interesting_snippets() -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for b in 0x21u8..=0x7E {
        if b.is_ascii_punctuation() {
            out.push((b as char).to_string());
        }
    }
    for s in [
        " ",
        "\t",
        "\n",
        "\r",
        "\0",
        "\u{7F}",
        "%",
        "%4",
        "%zz",
        "%41",
        "%e2%80%ae",
        "%G1",
        "%%",
        "//",
        "::",
        ":",
        "@",
        "[",
        "]",
        "[::1]",
        "[v1.x]",
        "v",
        "V",
        "0",
        "1",
        "9",
        "25",
        "255",
        "256",
        "01",
        ".",
        "..",
        "a",
        "Z",
        "é",
        "\u{7D0D}",
    ] {
        out.push(s.to_string());
    }
    for p in edge_code_points() {
        if let Some(c) = char::from_u32(p) {
            out.push(c.to_string());
        }
    }
    out
}

/// Random derivations of the grammar, mutations, and random strings.
pub struct Generator<'g> {
    g: &'g Grammar,
    /// The generator's random source (public so callers can make choices
    /// from the same seed).
    pub rng: Rng,
    snippets: Vec<String>,
}

/// Derivations stop growing (repetitions take their minimum) past this many
/// bytes or this nesting depth.
const SOFT_LENGTH: usize = 120;
const SOFT_DEPTH: usize = 40;

impl<'g> Generator<'g> {
    /// A generator over `g` seeded with `seed`.
    pub fn new(g: &'g Grammar, seed: u64) -> Generator<'g> {
        Generator {
            g,
            rng: Rng::new(seed),
            snippets: interesting_snippets(),
        }
    }

    /// A rule chosen uniformly.
    pub fn random_rule(&mut self) -> RuleId {
        self.rng.below(self.g.rule_names().len())
    }

    /// A random member of `rule`'s language.
    pub fn generate(&mut self, rule: RuleId) -> String {
        let mut out = String::new();
        self.node(self.g.body(rule), 0, &mut out);
        out
    }

    fn node(&mut self, id: NodeId, depth: usize, out: &mut String) {
        let g = self.g;
        match g.node(id) {
            Node::Class(ranges) => out.push(self.class_char(ranges)),
            Node::Empty => {}
            Node::Rule(rule) => self.node(g.body(*rule), depth + 1, out),
            Node::Seq(items) => {
                for &item in items {
                    self.node(item, depth + 1, out);
                }
            }
            Node::Alt(items) => {
                let item = *self.rng.pick(items);
                self.node(item, depth + 1, out);
            }
            Node::Rep { min, max, item } => {
                let room = max.map_or(usize::MAX, |max| max - min);
                let extra = if out.len() > SOFT_LENGTH || depth > SOFT_DEPTH {
                    0
                } else {
                    match self.rng.below(8) {
                        0 | 1 => 0,
                        2..=5 => 1 + self.rng.below(3),
                        _ => 1 + self.rng.below(8),
                    }
                };
                for _ in 0..min + extra.min(room) {
                    self.node(*item, depth + 1, out);
                }
            }
        }
    }

    /// A character of the class: half the time from its ASCII part when it
    /// has one (so that classes dominated by many ucschar ranges still yield
    /// ASCII), and within a range often one of its edges.
    fn class_char(&mut self, ranges: &[(u32, u32)]) -> char {
        // Ranges are sorted: the ASCII ones come first.
        let ascii = ranges.partition_point(|r| r.0 < 0x80);
        let (pool, ceiling) = if ascii > 0 && ascii < ranges.len() && self.rng.chance(1, 2) {
            (&ranges[..ascii], 0x7F)
        } else {
            (ranges, u32::MAX)
        };
        loop {
            let (lo, hi) = *self.rng.pick(pool);
            let hi = hi.min(ceiling);
            let point = match self.rng.below(10) {
                0 | 1 => lo,
                2 | 3 => hi,
                4 => (lo + 1).min(hi),
                5 => hi.saturating_sub(1).max(lo),
                _ => self.rng.between(lo, hi),
            };
            if let Some(c) = char::from_u32(point) {
                return c;
            }
        }
    }

    /// One to three random edits of `input`: insert, replace, delete,
    /// duplicate a slice, swap neighbours, truncate, or case-flip.
    pub fn mutate(&mut self, input: &str) -> String {
        let mut chars: Vec<char> = input.chars().collect();
        let edits = 1 + self.rng.below(3);
        for _ in 0..edits {
            let len = chars.len();
            match self.rng.below(9) {
                0 | 1 => {
                    let at = self.rng.below(len + 1);
                    let snippet: Vec<char> = self.rng.pick(&self.snippets).chars().collect();
                    chars.splice(at..at, snippet);
                }
                2 | 3 if len > 0 => {
                    let at = self.rng.below(len);
                    let snippet: Vec<char> = self.rng.pick(&self.snippets).chars().collect();
                    chars.splice(at..at + 1, snippet);
                }
                4 if len > 0 => {
                    let at = self.rng.below(len);
                    chars.remove(at);
                }
                5 if len > 0 => {
                    let from = self.rng.below(len);
                    let to = from + 1 + self.rng.below((len - from).min(6));
                    let copy: Vec<char> = chars[from..to].to_vec();
                    let at = self.rng.below(len + 1);
                    chars.splice(at..at, copy);
                }
                6 if len > 1 => {
                    let at = self.rng.below(len - 1);
                    chars.swap(at, at + 1);
                }
                7 if len > 0 => {
                    let at = self.rng.below(len);
                    chars.truncate(at);
                }
                _ => {
                    let at = self.rng.below(len + 1);
                    let c = char::from_u32(self.rng.between(0x20, 0x7E)).unwrap_or('a');
                    if at < len && chars[at].is_ascii_alphabetic() {
                        chars[at] = if chars[at].is_ascii_lowercase() {
                            chars[at].to_ascii_uppercase()
                        } else {
                            chars[at].to_ascii_lowercase()
                        };
                    } else {
                        chars.insert(at, c);
                    }
                }
            }
        }
        chars.into_iter().collect()
    }

    /// A string of up to 24 pieces: snippets, printable ASCII, and code
    /// points drawn from the whole range of Unicode scalar values.
    pub fn random_string(&mut self) -> String {
        let pieces = self.rng.below(25);
        let mut out = String::new();
        for _ in 0..pieces {
            match self.rng.below(10) {
                0..=4 => {
                    let snippet = self.rng.below(self.snippets.len());
                    out.push_str(&self.snippets[snippet]);
                }
                5..=7 => out.push(char::from(self.rng.between(0x20, 0x7E) as u8)),
                _ => {
                    let point = self.rng.between(0, 0x10_FFFF);
                    out.push(char::from_u32(point).unwrap_or('\u{FFFD}'));
                }
            }
        }
        out
    }
}
