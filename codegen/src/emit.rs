//! Rust source for the compiled rules and classes: data only.
//!
//! The output is meant for the `rfc3987` crate's runtime, which holds the
//! walker (`src/scan/`) and the `Rule` type (`src/grammar.rs`); it names
//! them by absolute paths (`crate::scan::Dfa`, `crate::grammar::Rule`).
//! It reads like this:
//!
//! - `rules::NAME`: one `Rule` per start rule, documented with its ABNF and
//!   its size, built from a `crate::scan::Dfa` value: the byte-class
//!   table, the transition table (`u16` state ids premultiplied by the row
//!   width, so a transition is one load: `trans[state + class]`), the start
//!   state, the first accepting state, the first accelerated state and the
//!   accelerated states' code tables (see `abnf_dfa::dfa::accel`). State 0
//!   is dead; accelerated states form one range; `Dfa::new` is a `const
//!   fn` that checks the layout when the crate compiles, which is what
//!   lets the scanner index without bounds checks.
//! - `ALL_RULES`, sorted by lowercase name for lookup.
//! - Tables are emitted once and shared by every rule they are equal for,
//!   each its own `static` (a shift machine's rows, a wide table, a
//!   transition table), so that a program links only the tables of the
//!   rules it names; `ACCEL` holds every distinct code table of every
//!   rule, with the sets the scanner derives from each once.
//! - `EXPECTED` and `CONTEXTS`, what each state accepts next and the rules
//!   it is inside of, for messages: runs (`[start, length]`) of three
//!   pools (`NAME_LISTS`, `CHAR_RANGES`, `PHRASES`) rather than pointers,
//!   since each pointer in a static is a relocation in a
//!   position-independent binary.
//! - `class::is_name(char)`: one predicate per character class, an ASCII
//!   bit mask plus a sorted range table above ASCII.
//!
//! Code is built with `quote`, checked by parsing it with `syn`, and laid
//! out by `prettyplease`; a header comment says where it came from.

use std::collections::HashMap;
use std::fmt::Write as _;

use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::quote;

use crate::char_class::CharClass;
use crate::config::Config;
use crate::dfa::accel::{self, Accelerated};
use crate::dfa::expected::{self, Description, UnitRule};
use crate::dfa::seen;
use crate::dfa::shift::{self, Machine, Machines, Wide};
use crate::dfa::Dfa;
use crate::error::Error;
use crate::grammar::Grammar;
use crate::nfa::Nfa;

/// Emits the generated module for `dfas` (start rules) and `classes`.
pub fn emit(
    config: &Config,
    grammar: &Grammar,
    dfas: &[Dfa],
    classes: &[CharClass],
    units: &[UnitRule],
) -> Result<String, Error> {
    let mut tables = Tables::default();
    let mut accel = AccelTables::default();
    let mut shift_rows = ShiftRows::default();
    let mut diagnostics = Diagnostics::default();
    let mut rule_items = Vec::new();
    let wide_trails: Vec<String> = config
        .trails
        .iter()
        .chain(&config.wide_trails)
        .cloned()
        .collect();
    for dfa in dfas {
        rule_items.push(rule_item(
            grammar,
            dfa,
            dfas,
            &config.trails,
            &wide_trails,
            units,
            &mut tables,
            &mut accel,
            &mut shift_rows,
            &mut diagnostics,
        )?);
    }
    let pools = Pools::of(&diagnostics)?;
    let expected_count = Literal::usize_unsuffixed(diagnostics.descriptions.len());
    let expected_items = diagnostics
        .descriptions
        .iter()
        .zip(&pools.descriptions)
        .map(|(d, placed)| {
            let [rules, chars, phrase] = placed.map(run);
            let (pct, end, percent) = (d.pct, d.end, d.percent);
            quote! { Expected::new(#rules, #chars, #phrase, #pct, #end, #percent) }
        });
    let context_count = Literal::usize_unsuffixed(diagnostics.contexts.len());
    let context_items = pools.contexts.iter().map(|&placed| run(placed));
    let name_count = Literal::usize_unsuffixed(pools.names.len());
    let names = pools.names.iter().map(String::as_str);
    let char_count = Literal::usize_unsuffixed(pools.chars.len());
    let char_pairs = pools.chars.iter().map(|&(lo, hi)| {
        let (lo, hi) = (hex(lo), hex(hi));
        quote! { (#lo, #hi) }
    });
    let phrases = pools.phrases.as_str();
    let accel_count = Literal::usize_unsuffixed(accel.tables.len());
    let accel_tables = accel.tables.iter().map(|codes| {
        let codes = codes.iter().map(|&code| Literal::u8_unsuffixed(code));
        quote! { [#(#codes),*] }
    });
    // One static per distinct machine's rows and per wide table, so that
    // a program links only those of the rules it uses.
    let shift_statics = shift_rows.rows.iter().enumerate().map(|(id, rows)| {
        let name = shift_rows_name(id);
        let rows = rows.iter().map(|&row| hex64(row));
        quote! {
            /// A shift machine's rows (see `abnf_dfa::dfa::shift`): per
            /// byte, the transitions of its states, six bits each.
            static #name: [u64; 256] = [#(#rows),*];
        }
    });
    // Only where some rule has a wide machine (a configuration without
    // trails has none): no unused import.
    let wide_use = if shift_rows.wide.is_empty() {
        quote! {}
    } else {
        quote! { use crate::scan::Wide; }
    };
    let wide_statics = shift_rows.wide.iter().enumerate().map(|(id, table)| {
        let name = wide_table_name(id);
        let lanes = table.iter().map(|lanes| {
            let lanes = lanes.iter().map(|&lane| Literal::u8_unsuffixed(lane));
            quote! { [#(#lanes),*] }
        });
        quote! {
            /// A wide start machine's table (see `abnf_dfa::dfa::shift::Wide`):
            /// per byte, the machine state each machine state goes to.
            static #name: crate::scan::WideTable = crate::scan::WideTable([#(#lanes),*]);
        }
    });
    let mut sorted: Vec<&Dfa> = dfas.iter().collect();
    sorted.sort_by_key(|d| d.rule.to_ascii_lowercase());
    let all: Vec<Ident> = sorted.iter().map(|d| ident(&screaming(&d.rule))).collect();
    let rule_count = Literal::usize_unsuffixed(all.len());
    let class_items: Vec<TokenStream> = classes.iter().map(class_item).collect();
    let table_items = tables.items;
    let [stay, percent, hex1, hex2, continuation, inside] = [
        accel::STAY,
        accel::PERCENT,
        accel::HEX1,
        accel::HEX2,
        accel::CONTINUATION,
        accel::INSIDE,
    ]
    .map(Literal::u8_unsuffixed);
    let lead_shift = Literal::u32_unsuffixed(accel::LEAD_SHIFT);
    let [no_hash, no_question_or_hash] =
        [seen::NO_HASH, seen::NO_QUESTION_OR_HASH].map(Literal::u8_unsuffixed);

    let tokens = quote! {
        /// One recognizer per start rule.
        pub mod rules {
            use crate::grammar::Rule;
            use crate::scan::{Dfa, Shift};
            #wide_use
            #(#rule_items)*
        }

        /// What each state accepts next, named by the grammar's unit-like
        /// rules (see `abnf_dfa::dfa::expected`); rules index it per state.
        /// Each entry's rule names, characters and phrase are runs
        /// (`[start, length]`) of `NAME_LISTS`, `CHAR_RANGES` and `PHRASES`.
        pub(crate) static EXPECTED: [crate::expected::Expected; #expected_count] = {
            use crate::expected::Expected;
            [#(#expected_items),*]
        };

        /// The innermost non-unit rules a state is inside of (see
        /// `abnf_dfa::dfa::expected::contexts`), each a run of `NAME_LISTS`;
        /// rules index it per state.
        pub(crate) static CONTEXTS: [[u16; 2]; #context_count] = [#(#context_items),*];

        /// The rule-name lists of `EXPECTED` and `CONTEXTS`, laid end to end
        /// (a list that is already a run of it is not repeated): the tables
        /// hold offsets, not pointers, which a position-independent binary
        /// would relocate one by one.
        pub(crate) static NAME_LISTS: [&str; #name_count] = [#(#names),*];

        /// The characters of `EXPECTED`'s entries, as inclusive ranges, laid
        /// end to end.
        pub(crate) static CHAR_RANGES: [(u32, u32); #char_count] = [#(#char_pairs),*];

        /// The phrases of `EXPECTED`'s entries, laid end to end.
        pub(crate) const PHRASES: &str = #phrases;

        /// Every start rule, sorted by lowercase name.
        pub static ALL_RULES: &[&crate::grammar::Rule; #rule_count] = &[#(&rules::#all),*];

        /// Character classes: `is_rule(c)` is true when the one-character
        /// string `c` matches the rule.
        pub mod class {
            #[inline]
            fn in_class(ascii: u128, ranges: &[(u32, u32)], c: char) -> bool {
                let c = c as u32;
                if c < 128 {
                    return ascii >> c & 1 == 1;
                }
                ranges
                    .binary_search_by(|&(lo, hi)| {
                        if hi < c {
                            ::core::cmp::Ordering::Less
                        } else if lo > c {
                            ::core::cmp::Ordering::Greater
                        } else {
                            ::core::cmp::Ordering::Equal
                        }
                    })
                    .is_ok()
            }
            #(#class_items)*
        }

        /// The bits of the accelerated states' codes (see
        /// `abnf_dfa::dfa::accel`) and of the states' facts (see
        /// `abnf_dfa::dfa::seen`) are defined by the scanner that reads
        /// them (`crate::scan::codes`): the tables below are written with
        /// this generator's, so the two must be equal.
        const _: () = {
            use crate::scan::codes;
            assert!(codes::STAY == #stay, "scan::codes::STAY is not the generator's");
            assert!(codes::PERCENT == #percent, "scan::codes::PERCENT is not the generator's");
            assert!(codes::HEX1 == #hex1, "scan::codes::HEX1 is not the generator's");
            assert!(codes::HEX2 == #hex2, "scan::codes::HEX2 is not the generator's");
            assert!(
                codes::CONTINUATION == #continuation,
                "scan::codes::CONTINUATION is not the generator's"
            );
            assert!(codes::INSIDE == #inside, "scan::codes::INSIDE is not the generator's");
            assert!(
                codes::LEAD_SHIFT == #lead_shift,
                "scan::codes::LEAD_SHIFT is not the generator's"
            );
            assert!(codes::NO_HASH == #no_hash, "scan::codes::NO_HASH is not the generator's");
            assert!(
                codes::NO_QUESTION_OR_HASH == #no_question_or_hash,
                "scan::codes::NO_QUESTION_OR_HASH is not the generator's"
            );
        };

        /// The code tables of accelerated states, shared by all rules: per
        /// byte, how it keeps the state (see `abnf_dfa::dfa::accel`).
        static ACCEL: crate::scan::CodeTables<#accel_count> =
            crate::scan::CodeTables::new([#(#accel_tables),*]);

        #(#shift_statics)*

        #(#wide_statics)*

        #(#table_items)*
    };
    let file: syn::File = syn::parse2(tokens).map_err(|e| {
        Error::general(format!(
            "abnf-dfa emitted code that does not parse ({e}); this is a bug"
        ))
    })?;
    Ok(header(config, dfas, classes) + &prettyplease::unparse(&file))
}

/// Shared static tables, deduplicated by content.
#[derive(Default)]
struct Tables {
    names: HashMap<(char, Vec<u64>), Ident>,
    items: Vec<TokenStream>,
}

impl Tables {
    /// The name of a static array `[ty; len]` with these values, emitting
    /// it the first time. `kind` is `c` (classes), `t` (transitions), `a`
    /// (accelerated-state indexes), `s` (their shift machines), `f` (the
    /// states' facts), `e` (expected sets) or `x` (contexts).
    fn get(&mut self, kind: char, ty: &str, values: Vec<u64>) -> Ident {
        let key = (kind, values);
        if let Some(name) = self.names.get(&key) {
            return name.clone();
        }
        let prefix = match kind {
            'c' => "CLASSES",
            't' => "TRANS",
            'e' => "EXPECTED_INDEX",
            'x' => "CONTEXT_INDEX",
            's' => "SHIFT_INDEX",
            'f' => "FACTS",
            _ => "ACCEL_INDEX",
        };
        let name = ident(&format!("{prefix}_{}", self.items.len()));
        let ty_ident = ident(ty);
        let len = Literal::usize_unsuffixed(key.1.len());
        let literals = key.1.iter().map(|&v| match ty {
            "u8" => Literal::u8_unsuffixed(v as u8),
            _ => Literal::u16_unsuffixed(v as u16),
        });
        self.items
            .push(quote! { static #name: [#ty_ident; #len] = [#(#literals),*]; });
        self.names.insert(key, name.clone());
        name
    }
}

/// Distinct descriptions and contexts across all rules, indexed by `u16`.
#[derive(Default)]
struct Diagnostics {
    descriptions: Vec<Description>,
    description_ids: HashMap<Description, u64>,
    contexts: Vec<Vec<String>>,
    context_ids: HashMap<Vec<String>, u64>,
}

impl Diagnostics {
    fn description(&mut self, d: Description) -> Result<u64, Error> {
        intern(&mut self.descriptions, &mut self.description_ids, d)
    }

    fn context(&mut self, c: Vec<String>) -> Result<u64, Error> {
        intern(&mut self.contexts, &mut self.context_ids, c)
    }
}

fn intern<T: Clone + Eq + std::hash::Hash>(
    items: &mut Vec<T>,
    ids: &mut HashMap<T, u64>,
    item: T,
) -> Result<u64, Error> {
    if let Some(&id) = ids.get(&item) {
        return Ok(id);
    }
    let id = items.len() as u64;
    if id > u64::from(u16::MAX) {
        return Err(Error::general(
            "more than 65536 distinct expected sets; widen their index".to_owned(),
        ));
    }
    items.push(item.clone());
    ids.insert(item, id);
    Ok(id)
}

/// `[start, length]`, a run of one of the pools.
fn run([start, len]: [u16; 2]) -> TokenStream {
    let (start, len) = (Literal::u16_unsuffixed(start), Literal::u16_unsuffixed(len));
    quote! { [#start, #len] }
}

/// The diagnostics' lists laid end to end in three pools (rule names,
/// character ranges, phrases), so that `EXPECTED` and `CONTEXTS` hold
/// runs of them (`[start, length]`, `u16` each) instead of pointers: each
/// pointer in a static is a relocation that a position-independent
/// binary carries and applies at load time.
struct Pools {
    names: Vec<String>,
    chars: Vec<(u32, u32)>,
    phrases: String,
    /// Per description: its rules, characters and phrase.
    descriptions: Vec<[[u16; 2]; 3]>,
    /// Per context: its rules.
    contexts: Vec<[u16; 2]>,
}

impl Pools {
    fn of(diagnostics: &Diagnostics) -> Result<Pools, Error> {
        let mut names = Vec::new();
        let mut chars = Vec::new();
        // Longest lists first, so that shorter ones are found inside them.
        let mut name_lists: Vec<&[String]> = diagnostics
            .descriptions
            .iter()
            .map(|d| d.rules.as_slice())
            .chain(diagnostics.contexts.iter().map(Vec::as_slice))
            .collect();
        name_lists.sort_by_key(|list| std::cmp::Reverse(list.len()));
        for list in name_lists {
            place(&mut names, list)?;
        }
        let mut char_lists: Vec<&[(u32, u32)]> = diagnostics
            .descriptions
            .iter()
            .map(|d| d.chars.as_slice())
            .collect();
        char_lists.sort_by_key(|list| std::cmp::Reverse(list.len()));
        for list in char_lists {
            place(&mut chars, list)?;
        }
        let mut phrases = String::new();
        let mut descriptions = Vec::new();
        for d in &diagnostics.descriptions {
            let phrase = d.phrase();
            let at = match phrases.find(&phrase) {
                Some(at) => at,
                None => {
                    phrases.push_str(&phrase);
                    phrases.len() - phrase.len()
                }
            };
            descriptions.push([
                place(&mut names, &d.rules)?,
                place(&mut chars, &d.chars)?,
                [narrow(at)?, narrow(phrase.len())?],
            ]);
        }
        let contexts = diagnostics
            .contexts
            .iter()
            .map(|list| place(&mut names, list))
            .collect::<Result<_, _>>()?;
        narrow(phrases.len())?;
        Ok(Pools {
            names,
            chars,
            phrases,
            descriptions,
            contexts,
        })
    }
}

/// Where `list` is a run of `pool`, appending what is missing: found
/// whole, or overlapping the pool's end, or appended.
fn place<T: Clone + PartialEq>(pool: &mut Vec<T>, list: &[T]) -> Result<[u16; 2], Error> {
    let start = if list.is_empty() {
        0
    } else if let Some(at) = pool.windows(list.len()).position(|run| run == list) {
        at
    } else {
        let overlap = (1..list.len())
            .rev()
            .find(|&k| pool.ends_with(&list[..k]))
            .unwrap_or(0);
        pool.extend_from_slice(&list[overlap..]);
        pool.len() - list.len()
    };
    narrow(pool.len())?;
    Ok([narrow(start)?, narrow(list.len())?])
}

fn narrow(n: usize) -> Result<u16, Error> {
    u16::try_from(n).map_err(|_| {
        Error::general(format!(
            "a diagnostics pool of {n} items; its runs are u16, widen them"
        ))
    })
}

/// Distinct code tables across all rules, indexed by `u8`.
#[derive(Default)]
struct AccelTables {
    tables: Vec<[u8; 256]>,
    ids: HashMap<[u8; 256], u64>,
}

impl AccelTables {
    /// The index of `codes` in `ACCEL`, adding it the first time.
    fn id(&mut self, codes: &[u8; 256]) -> Result<u64, Error> {
        if let Some(&id) = self.ids.get(codes) {
            return Ok(id);
        }
        let id = self.tables.len() as u64;
        if id > u64::from(u8::MAX) {
            return Err(Error::general(
                "more than 256 distinct accelerated-state tables; widen ACCEL_INDEX".to_owned(),
            ));
        }
        self.tables.push(*codes);
        self.ids.insert(*codes, id);
        Ok(id)
    }
}

/// Distinct shift-machine rows across all rules, indexed by `usize`.
#[derive(Default)]
struct ShiftRows {
    rows: Vec<[u64; 256]>,
    ids: HashMap<[u64; 256], usize>,
    /// The wide start machines' tables, likewise.
    wide: Vec<[[u8; 16]; 256]>,
    wide_ids: HashMap<[[u8; 16]; 256], usize>,
}

impl ShiftRows {
    /// The number of `rows` (its static's suffix), adding them the first
    /// time.
    fn id(&mut self, rows: &[u64; 256]) -> usize {
        let next = self.rows.len();
        *self.ids.entry(*rows).or_insert_with(|| {
            self.rows.push(*rows);
            next
        })
    }

    /// The number of `table` (its static's suffix), adding it the first
    /// time.
    fn wide_id(&mut self, table: &[[u8; 16]; 256]) -> usize {
        let next = self.wide.len();
        *self.wide_ids.entry(*table).or_insert_with(|| {
            self.wide.push(*table);
            next
        })
    }
}

/// The name of the static that holds the shift machine rows number `id`.
fn shift_rows_name(id: usize) -> Ident {
    ident(&format!("SHIFT_ROWS_{id}"))
}

/// The name of the static that holds the wide table number `id`.
fn wide_table_name(id: usize) -> Ident {
    ident(&format!("WIDE_TABLE_{id}"))
}

/// The `crate::scan::Wide` value of `wide`, for a rule whose state ids
/// are premultiplied by `stride`.
fn wide_item(wide: &Wide, stride: usize, rows: &mut ShiftRows) -> TokenStream {
    let mut full = [0u64; shift::WIDE_STATES + 1];
    for (slot, &state) in full[1..].iter_mut().zip(&wide.states) {
        *slot = u64::from(state) * stride as u64;
    }
    let full = full.iter().map(|&s| Literal::u16_unsuffixed(s as u16));
    let table = wide_table_name(rows.wide_id(&wide.table));
    quote! { Wide::new(&super::#table, [#(#full),*]) }
}

/// The `crate::scan::Shift` values of `machines`, for a rule whose state
/// ids are premultiplied by `stride`.
fn shift_items(machines: &[Machine], stride: usize, rows: &mut ShiftRows) -> Vec<TokenStream> {
    machines
        .iter()
        .map(|machine| {
            let name = shift_rows_name(rows.id(&machine.rows));
            let mut full = [0u64; shift::STATES + 1];
            for (slot, &state) in full[1..].iter_mut().zip(&machine.states) {
                *slot = u64::from(state) * stride as u64;
            }
            let full = full.iter().map(|&s| Literal::u16_unsuffixed(s as u16));
            quote! { Shift::new(&super::#name, [#(#full),*]) }
        })
        .collect()
}

#[allow(clippy::too_many_arguments, reason = "one per kind of shared table")]
fn rule_item(
    grammar: &Grammar,
    dfa: &Dfa,
    rules: &[Dfa],
    trails: &[String],
    wide_trails: &[String],
    units: &[UnitRule],
    tables: &mut Tables,
    accel: &mut AccelTables,
    shift_rows: &mut ShiftRows,
    diagnostics: &mut Diagnostics,
) -> Result<TokenStream, Error> {
    let def = grammar
        .get(&dfa.rule)
        .expect("start rules come from the grammar");
    let stats = dfa.stats();
    let fast = Accelerated::of(dfa);
    let all = Machines::of(&fast, trails);
    let dfa = &all.dfa;
    let stride = dfa.stride();
    let classes = tables.get(
        'c',
        "u8",
        dfa.classes.iter().map(|&c| u64::from(c)).collect(),
    );
    let rows = dfa.trans.iter().map(|&t| u64::from(t) * stride as u64);
    let trans = tables.get('t', "u16", rows.collect());
    // Indexed by premultiplied offset from the first accelerated state;
    // only multiples of the stride are read.
    let mut index = vec![0u64; fast.codes.len() * stride];
    for (i, codes) in fast.codes.iter().enumerate() {
        index[i * stride] = accel.id(codes)?;
    }
    let accel_index = tables.get('a', "u8", index);
    // One shift machine per accelerated state (and maybe the start
    // state's, last); per state of the
    // machines' range (premultiplied offset from its first state, only
    // multiples of the stride read), the machine and the state's offset
    // in its rows.
    let machines = &all.machines;
    if machines.len() > 256 {
        return Err(Error::general(format!(
            "rule {}: more than 256 shift machines; widen SHIFT_INDEX",
            dfa.rule
        )));
    }
    let shifts = shift_items(machines, stride, shift_rows);
    // The start state's wide machine, where it has a shift machine.
    let wide = match machines.len() > fast.codes.len() {
        true => Wide::following(&all.dfa, wide_trails, false),
        false => None,
    };
    let wide_name = ident(&format!("{}_WIDE", screaming(&dfa.rule)));
    let (wide_ref, wide_static) = match &wide {
        Some(wide) => {
            let item = wide_item(wide, stride, shift_rows);
            (
                quote! { Some(&#wide_name) },
                quote! { static #wide_name: Wide = #item; },
            )
        }
        None => (quote! { None }, quote! {}),
    };
    let mut index = vec![0u64; all.index.len() * stride];
    for (i, &(id, k)) in all.index.iter().enumerate() {
        index[i * stride] = (id as u64) << 8 | u64::from(k * shift::WIDTH);
    }
    let shift_index = tables.get('s', "u16", index);
    let shift_from = Literal::usize_unsuffixed(all.shift_from as usize * stride);
    // Per state, what every path to it has read (`seen`), indexed by its
    // premultiplied id shifted right by `facts_shift` (the stride's whole
    // binary logarithm: distinct states stay distinct, and the scanner
    // needs no division).
    let facts_shift = stride.ilog2();
    let mut index = vec![0u64; (((dfa.state_count - 1) * stride) >> facts_shift) + 1];
    for (state, fact) in seen::facts(dfa).into_iter().enumerate() {
        index[(state * stride) >> facts_shift] = u64::from(fact);
    }
    let facts = tables.get('f', "u8", index);
    let facts_shift = Literal::u32_unsuffixed(facts_shift);
    // Per state (not premultiplied): what it accepts next, and the rules
    // it is inside of.
    let nfa = Nfa::compile(grammar, &dfa.rule)?;
    // Messages name neither single characters (units) nor the pieces of
    // a fixed-size construct (`h16` in `IPv6address`).
    let pieces = grammar.pieces();
    let is_unit = |name: &str| {
        units.iter().any(|u| u.name == name) || pieces.iter().any(|p| p.eq_ignore_ascii_case(name))
    };
    // Two rules that differ only in the empty string (`isegment` and
    // `isegment-nz`) share their states once a character is read; such a
    // state is named by the wider one, whichever path led to it.
    let compiled = |name: &str| rules.iter().find(|d| d.rule.eq_ignore_ascii_case(name));
    let widens = |outer: &str, inner: &str| match (compiled(outer), compiled(inner)) {
        (Some(outer), Some(inner)) => outer.includes(inner, false) && inner.includes(outer, true),
        _ => false,
    };
    let contexts = expected::contexts(dfa, &nfa, &is_unit, &widens);
    let mut expected_index = Vec::with_capacity(dfa.state_count);
    let mut context_index = Vec::with_capacity(dfa.state_count);
    for (state, context) in (0..dfa.state_count as u32).zip(contexts) {
        let description = if state == 0 {
            Description::default()
        } else {
            let here = expected::state_units(dfa, state);
            expected::describe(&here, dfa.is_accepting(state), units)
        };
        expected_index.push(diagnostics.description(description)?);
        context_index.push(diagnostics.context(context)?);
    }
    let expected_index = tables.get('e', "u16", expected_index);
    let context_index = tables.get('x', "u16", context_index);
    let start = dfa.start as usize * stride;
    let accept_from = dfa.accept_from as usize * stride;
    let accel_from = fast.accel_from as usize * stride;
    let name = &dfa.rule;
    let abnf = &def.source;
    let public = ident(&screaming(name));
    let private = ident(&format!("{}_DFA", screaming(name)));
    let shifts_name = ident(&format!("{}_SHIFTS", screaming(name)));
    let shift_len = Literal::usize_unsuffixed(machines.len());
    let (states, class_count, table_bytes) = (
        Literal::usize_unsuffixed(stats.states),
        Literal::usize_unsuffixed(stats.classes),
        Literal::usize_unsuffixed(stats.table_bytes),
    );
    let (stride, start, accept_from, accel_from) = (
        Literal::usize_unsuffixed(stride),
        Literal::usize_unsuffixed(start),
        Literal::usize_unsuffixed(accept_from),
        Literal::usize_unsuffixed(accel_from),
    );
    let doc = format!(
        " The rule `{name}` ({}:{}):\n\n ```abnf\n{}\n ```\n\n {states} states ({} accelerated), \
         {class_count} byte classes, {table_bytes} bytes of tables.",
        file_name(&def.loc.file),
        def.loc.line,
        indent(abnf),
        fast.codes.len(),
    );
    let doc = doc_lines(&doc);
    Ok(quote! {
        #(#[doc = #doc])*
        pub static #public: Rule = Rule::new(
            #name,
            &#private,
            #states,
            &super::#expected_index,
            &super::#context_index,
        );
        static #private: Dfa = Dfa::new(
            &super::#classes,
            &super::#trans,
            #stride,
            #start,
            #accept_from,
            #accel_from,
            &super::#accel_index,
            &super::ACCEL,
            #shift_from,
            &super::#shift_index,
            &#shifts_name,
            #wide_ref,
            &super::#facts,
            #facts_shift,
        );
        static #shifts_name: [Shift; #shift_len] = [#(#shifts),*];
        #wide_static
    })
}

fn class_item(class: &CharClass) -> TokenStream {
    let function = ident(&format!(
        "is_{}",
        screaming(&class.rule).to_ascii_lowercase()
    ));
    let ascii: Literal = format!("0x{:032x}", class.ascii_mask())
        .parse()
        .expect("a hex literal");
    let ranges = class.non_ascii_ranges();
    let len = Literal::usize_unsuffixed(ranges.len());
    let pairs = ranges.iter().map(|&(lo, hi)| {
        let (lo, hi) = (hex(lo), hex(hi));
        quote! { (#lo, #hi) }
    });
    let doc = format!(
        " Whether the one-character string `c` matches `{}` ({}:{}):\n\n ```abnf\n{}\n ```",
        class.rule,
        file_name(&class.loc.file),
        class.loc.line,
        indent(&class.source)
    );
    let doc = doc_lines(&doc);
    quote! {
        #(#[doc = #doc])*
        #[inline]
        pub fn #function(c: char) -> bool {
            static RANGES: [(u32, u32); #len] = [#(#pairs),*];
            in_class(#ascii, &RANGES, c)
        }
    }
}

fn header(config: &Config, dfas: &[Dfa], classes: &[CharClass]) -> String {
    let mut h = String::new();
    let _ = writeln!(
        h,
        "// @generated by abnf-dfa {}. Do not edit by hand.",
        env!("CARGO_PKG_VERSION")
    );
    let _ = writeln!(h, "//");
    let _ = writeln!(
        h,
        "// To change it, edit the grammar files or the configuration and rebuild:"
    );
    let _ = writeln!(
        h,
        "// `cargo build` runs build.rs, which regenerates when a hash below"
    );
    let _ = writeln!(h, "// differs from its file's. The command it runs:");
    let _ = writeln!(
        h,
        "//   cargo run -p abnf-dfa --release -- --config abnf/generate.conf --emit src/grammar/generated.rs"
    );
    let _ = writeln!(h, "//");
    let _ = writeln!(
        h,
        "// Inputs (FNV-1a 64-bit hash of the contents, carriage returns left out):"
    );
    if !config.text.is_empty() {
        let _ = writeln!(
            h,
            "//   {} {:016x}",
            file_name(&config.origin),
            input_hash(config.text.as_bytes())
        );
    }
    for path in &config.grammar_files {
        let hash = std::fs::read(path)
            .map(|b| format!("{:016x}", input_hash(&b)))
            .unwrap_or_else(|_| "unreadable".into());
        let _ = writeln!(h, "//   {} {hash}", file_name(&path.display().to_string()));
    }
    let _ = writeln!(
        h,
        "// {} start rules, {} character classes.",
        dfas.len(),
        classes.len()
    );
    let _ = writeln!(h, "//");
    let width = dfas.iter().map(|d| d.rule.len()).max().unwrap_or(4);
    let _ = writeln!(h, "//   {:width$}  states  classes  table bytes", "rule");
    for d in dfas {
        let s = d.stats();
        let _ = writeln!(
            h,
            "//   {:width$}  {:6}  {:7}  {:11}",
            s.rule, s.states, s.classes, s.table_bytes
        );
    }
    h.push('\n');
    h
}

/// The last path component, so that headers do not depend on the machine.
fn file_name(path: &str) -> &str {
    path.rsplit(['/', '\\']).next().unwrap_or(path)
}

/// One `#[doc]` attribute per line, so that prettyplease writes `///` lines.
fn doc_lines(doc: &str) -> Vec<String> {
    doc.split('\n').map(str::to_string).collect()
}

/// A row of a shift machine as a hex literal.
fn hex64(value: u64) -> Literal {
    format!("0x{value:016X}").parse().expect("a hex literal")
}

/// A code point as a hex literal, as the grammar writes them.
fn hex(value: u32) -> Literal {
    format!("0x{value:X}").parse().expect("a hex literal")
}

fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!(" {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `IRI-reference` -> `IRI_REFERENCE`.
pub fn screaming(rule: &str) -> String {
    rule.chars()
        .map(|c| {
            if c == '-' {
                '_'
            } else {
                c.to_ascii_uppercase()
            }
        })
        .collect()
}

fn ident(name: &str) -> Ident {
    Ident::new(name, Span::call_site())
}

/// FNV-1a (64 bits) of an input file's bytes, carriage returns left out so
/// that a checkout with CRLF line ends hashes the same. The crate's build
/// script computes the same hash to decide whether to regenerate; a
/// mismatch between the two would make it fail after regenerating, with a
/// message saying so.
fn input_hash(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .filter(|&&b| b != b'\r')
        .fold(0xcbf29ce484222325, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x100000001b3)
        })
}
