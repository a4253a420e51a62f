//! Rust source for the compiled rules and classes.
//!
//! The output is self-contained (it depends on `core` only) and reads like
//! this:
//!
//! - `Dfa<S>`: the table layout and its walker, once. `S` is `u8` or `u16`,
//!   whichever holds the largest state id; ids are premultiplied by the row
//!   width, so a transition is one load: `trans[state + class]`. State 0 is
//!   dead, states from `accept_from` on accept. Each row ends with the id of
//!   the state's self-loop table (`LOOPS`): the characters that surely keep
//!   the state, the data a run-skipping scanner needs.
//! - `rules::NAME`: one `Rule` per start rule, documented with its ABNF and
//!   its size, and `ALL_RULES`, sorted by lowercase name for lookup.
//! - Tables are emitted once and shared by every rule they are equal for.
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
use crate::dfa::Dfa;
use crate::error::Error;
use crate::grammar::Grammar;

/// Emits the generated module for `dfas` (start rules) and `classes`.
pub fn emit(
    config: &Config,
    grammar: &Grammar,
    dfas: &[Dfa],
    classes: &[CharClass],
) -> Result<String, Error> {
    let mut tables = Tables::default();
    let mut loops = LoopSets::default();
    let mut rule_items = Vec::new();
    for dfa in dfas {
        rule_items.push(rule_item(grammar, dfa, &mut tables, &mut loops));
    }
    let loop_count = Literal::usize_unsuffixed(loops.sets.len() + 1);
    let loop_sets = loops.sets.iter().map(|set| {
        let set = set.iter().map(|&length| Literal::u8_unsuffixed(length));
        quote! { [#(#set),*] }
    });
    let mut sorted: Vec<&Dfa> = dfas.iter().collect();
    sorted.sort_by_key(|d| d.rule.to_ascii_lowercase());
    let all: Vec<Ident> = sorted.iter().map(|d| ident(&screaming(&d.rule))).collect();
    let rule_count = Literal::usize_unsuffixed(all.len());
    let class_items: Vec<TokenStream> = classes.iter().map(class_item).collect();
    let table_items = tables.items;

    let tokens = quote! {
        /// A DFA over byte classes, as `abnf-dfa` lays it out.
        ///
        /// `classes[byte]` is the byte's class; the next state from `state`
        /// is `trans[state + class]`, because state ids are premultiplied
        /// by the row width (`stride`): a transition is one dependent load.
        /// State 0 is the dead state; states from `accept_from` on accept.
        ///
        /// The last column of each row is not a class: it holds the id of
        /// the state's self-loop table `LOOPS[id]` (`LOOPS[0]` is empty),
        /// read by [`Dfa::stay_lengths`].
        pub struct Dfa<S: 'static> {
            pub classes: &'static [u8; 256],
            pub trans: &'static [S],
            pub stride: usize,
            pub start: usize,
            pub accept_from: usize,
        }

        impl<S: ::core::marker::Copy + ::core::convert::Into<usize>> Dfa<S> {
            /// `Ok` if `input` matches; otherwise the offset of the byte that
            /// led to the dead state, or `input.len()` if the input ended in
            /// a state that does not accept.
            ///
            /// One table load per byte, each depending on the previous one.
            /// Skipping self-loop runs with [`Dfa::stay_lengths`] was
            /// measured slower on mixed IRIs (short runs, and branches that
            /// mispredict where ASCII and other scripts alternate), so the
            /// walk stays branch-free apart from the dead-state exit.
            #[inline]
            pub fn recognize(&self, input: &[u8]) -> ::core::result::Result<(), usize> {
                let mut state = self.start;
                for (offset, &byte) in input.iter().enumerate() {
                    state = self.trans[state + self.classes[byte as usize] as usize].into();
                    if state == 0 {
                        return ::core::result::Result::Err(offset);
                    }
                }
                if state >= self.accept_from {
                    ::core::result::Result::Ok(())
                } else {
                    ::core::result::Result::Err(input.len())
                }
            }

            /// For the premultiplied `state`, the self-loop table: for each
            /// byte, the length of a character starting with it that surely
            /// brings the DFA back to `state` (`1` for an ASCII byte whose
            /// transition loops, `2` to `4` for a UTF-8 lead byte all of
            /// whose continuation bytes `80`-`BF` lead back, `0` otherwise).
            /// This is what a scanner needs to skip runs of text inside a
            /// component with independent loads instead of a dependent chain.
            pub fn stay_lengths(&self, state: usize) -> &'static [u8; 256] {
                &LOOPS[self.trans[state + self.stride - 1].into()]
            }

            /// The premultiplied state reached from `state` on `byte` (`0`
            /// is dead).
            #[inline]
            pub fn step(&self, state: usize, byte: u8) -> usize {
                self.trans[state + self.classes[byte as usize] as usize].into()
            }
        }

        /// Self-loop tables, shared by all rules (see [`Dfa::stay_lengths`]);
        /// the first is empty, for states without a self-loop.
        static LOOPS: [[u8; 256]; #loop_count] = [[0; 256], #(#loop_sets),*];

        /// A DFA with 8-bit or 16-bit state ids.
        #[derive(Clone, Copy)]
        pub enum Table {
            U8(&'static Dfa<u8>),
            U16(&'static Dfa<u16>),
        }

        /// An ABNF rule of the grammar files, with its generated recognizer.
        pub struct Rule {
            name: &'static str,
            abnf: &'static str,
            table: Table,
            states: usize,
            byte_classes: usize,
            table_bytes: usize,
        }

        impl Rule {
            /// The rule's name, spelled as in the grammar file.
            pub fn name(&self) -> &'static str {
                self.name
            }

            /// The rule's definition as written in the grammar file.
            pub fn abnf(&self) -> &'static str {
                self.abnf
            }

            /// Runs the rule's DFA over `input`. `Ok` if it matches; else the
            /// offset of the first byte that no match can continue with, or
            /// `input.len()` if the input ended too early. Only well-formed
            /// UTF-8 can match.
            #[inline]
            pub fn recognize(&self, input: &[u8]) -> ::core::result::Result<(), usize> {
                match self.table {
                    Table::U8(dfa) => dfa.recognize(input),
                    Table::U16(dfa) => dfa.recognize(input),
                }
            }

            /// The generated tables.
            pub fn table(&self) -> Table {
                self.table
            }

            /// Number of DFA states, the dead state included.
            pub fn states(&self) -> usize {
                self.states
            }

            /// Number of byte classes.
            pub fn byte_classes(&self) -> usize {
                self.byte_classes
            }

            /// Bytes of the class table and transition table.
            pub fn table_bytes(&self) -> usize {
                self.table_bytes
            }
        }

        /// One recognizer per start rule.
        pub mod rules {
            use super::{Dfa, Rule, Table};
            #(#rule_items)*
        }

        /// Every start rule, sorted by lowercase name.
        pub static ALL_RULES: &[&Rule; #rule_count] = &[#(&rules::#all),*];

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
    /// it the first time.
    fn get(&mut self, kind: char, ty: &str, values: Vec<u64>) -> Ident {
        let key = (kind, values);
        if let Some(name) = self.names.get(&key) {
            return name.clone();
        }
        let prefix = if kind == 'c' { "CLASSES" } else { "TRANS" };
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

/// Distinct self-loop tables across all rules; a table's id is its index + 1.
#[derive(Default)]
struct LoopSets {
    sets: Vec<[u8; 256]>,
    ids: HashMap<[u8; 256], u64>,
}

impl LoopSets {
    /// The id of `state`'s self-loop set, `0` when it has none or when the
    /// id would not fit a state id of `id_bytes` bytes.
    fn id(&mut self, dfa: &Dfa, state: u32, id_bytes: usize) -> u64 {
        let set = dfa.stay_lengths(state);
        if set.iter().all(|&length| length == 0) {
            return 0;
        }
        if let Some(&id) = self.ids.get(&set) {
            return id;
        }
        let next = self.sets.len() as u64 + 1;
        if next >= 1 << (8 * id_bytes) {
            return 0;
        }
        self.sets.push(set);
        self.ids.insert(set, next);
        next
    }
}

fn rule_item(
    grammar: &Grammar,
    dfa: &Dfa,
    tables: &mut Tables,
    loops: &mut LoopSets,
) -> TokenStream {
    let def = grammar
        .get(&dfa.rule)
        .expect("start rules come from the grammar");
    let stats = dfa.stats();
    let ty = if stats.id_bytes == 1 { "u8" } else { "u16" };
    let stride = dfa.stride();
    let classes = tables.get(
        'c',
        "u8",
        dfa.classes.iter().map(|&c| u64::from(c)).collect(),
    );
    let mut rows = Vec::with_capacity(dfa.state_count * stride);
    for state in 0..dfa.state_count {
        let row = &dfa.trans[state * dfa.class_count..(state + 1) * dfa.class_count];
        rows.extend(row.iter().map(|&t| u64::from(t) * stride as u64));
        rows.push(loops.id(dfa, state as u32, stats.id_bytes));
    }
    let trans = tables.get('t', ty, rows);
    let start = dfa.start as usize * stride;
    let accept_from = dfa.accept_from as usize * stride;
    let name = &dfa.rule;
    let abnf = &def.source;
    let public = ident(&screaming(name));
    let private = ident(&format!("{}_DFA", screaming(name)));
    let variant = ident(if stats.id_bytes == 1 { "U8" } else { "U16" });
    let ty_ident = ident(ty);
    let (states, class_count, table_bytes) = (
        Literal::usize_unsuffixed(stats.states),
        Literal::usize_unsuffixed(stats.classes),
        Literal::usize_unsuffixed(stats.table_bytes),
    );
    let (stride, start, accept_from) = (
        Literal::usize_unsuffixed(stride),
        Literal::usize_unsuffixed(start),
        Literal::usize_unsuffixed(accept_from),
    );
    let doc = format!(
        " The rule `{name}` ({}:{}):\n\n ```abnf\n{}\n ```\n\n {states} states, {class_count} byte classes, \
         {}-bit state ids, {table_bytes} bytes of tables.",
        file_name(&def.loc.file),
        def.loc.line,
        indent(abnf),
        stats.id_bytes * 8,
    );
    let doc = doc_lines(&doc);
    quote! {
        #(#[doc = #doc])*
        pub static #public: Rule = Rule {
            name: #name,
            abnf: #abnf,
            table: Table::#variant(&#private),
            states: #states,
            byte_classes: #class_count,
            table_bytes: #table_bytes,
        };
        static #private: Dfa<#ty_ident> = Dfa {
            classes: &super::#classes,
            trans: &super::#trans,
            stride: #stride,
            start: #start,
            accept_from: #accept_from,
        };
    }
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
    let _ = writeln!(h, "// `cargo build` runs build.rs. To see it alone:");
    let _ = writeln!(
        h,
        "//   cargo run -p abnf-dfa -- --config abnf/generate.conf --emit OUT.rs"
    );
    let _ = writeln!(h, "//");
    let _ = writeln!(h, "// Configuration: {}", file_name(&config.origin));
    let _ = writeln!(h, "// Grammar files (FNV-1a 64-bit hash of the contents):");
    for path in &config.grammar_files {
        let hash = std::fs::read(path)
            .map(|b| format!("{:016x}", fnv1a(&b)))
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
    let _ = writeln!(
        h,
        "//   {:width$}  states  classes  id  table bytes",
        "rule"
    );
    for d in dfas {
        let s = d.stats();
        let _ = writeln!(
            h,
            "//   {:width$}  {:6}  {:7}  u{:<2}  {:11}",
            s.rule,
            s.states,
            s.classes,
            s.id_bytes * 8,
            s.table_bytes
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

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf29ce484222325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x100000001b3)
    })
}
