//! The bits of the generated tables that the scanner reads: the *codes*
//! of accelerated states and the *facts* of every state.
//!
//! # Maintenance
//!
//! The generator (`abnf-dfa`, `codegen/src/dfa/accel.rs` and
//! `codegen/src/dfa/seen.rs`) writes tables with these bits; this module,
//! written by hand, is where the scanner reads their meaning. The two
//! must agree, so the generated code asserts, in a `const` item, that
//! each constant here equals the generator's: change one side only and
//! `cargo build` fails with the name of the bit. (The generator defines
//! nothing here; the scanner depends on no generated module.)
//!
//! # Codes
//!
//! For every state with a self-loop, 256 codes, one per byte
//! (`abnf_dfa::dfa::accel` derives them): whether the byte keeps the DFA
//! in the state without the table. In the path state of `IRI-reference`,
//! `a`-`z`, `/` and `:` have [`STAY`]; `%` has [`PERCENT`], and `0`-`9`,
//! `A`-`F`, `a`-`f` have [`HEX1`] and [`HEX2`]; `C3` says one
//! continuation byte follows ([`LEAD_SHIFT`]); `?`, `#` and a space have
//! no bit.
//!
//! # Facts
//!
//! For every state, what every path from the start to it has read
//! (`abnf_dfa::dfa::seen`): a walk that ends in a [`NO_HASH`] state read
//! no `#`, so the split into components need not search for one.

/// An ASCII byte whose transition loops to the state.
pub(crate) const STAY: u8 = 1 << 0;
/// `%`, when every `%` [`HEX1`] [`HEX2`] triple returns to the state and
/// no other byte continues after `%`.
pub(crate) const PERCENT: u8 = 1 << 1;
/// A byte allowed right after `%` (in a returning triple).
pub(crate) const HEX1: u8 = 1 << 2;
/// A byte allowed second after `%` (in a returning triple).
pub(crate) const HEX2: u8 = 1 << 3;
/// A UTF-8 continuation byte, `80`-`BF`.
pub(crate) const CONTINUATION: u8 = 1 << 4;
/// Any of the bits: the byte may be inside a run. A window of bytes all
/// `INSIDE` is worth a skip; one that is not ends soon.
pub(crate) const INSIDE: u8 = 1 << 7;
/// Shift of the two bits that hold, on a UTF-8 lead byte all of whose
/// well-formed characters return to the state, how many continuation
/// bytes follow it (1 to 3; 0 where the lead is not vouched for). The
/// scanner checks well-formedness itself (`walk::SECOND_BYTES`), and for
/// a four-byte lead that the character is not one of the two
/// noncharacters ending its plane (`walk::plane_end`).
pub(crate) const LEAD_SHIFT: u32 = 5;

/// A fact: no path from the start to the state reads a `#`.
pub(crate) const NO_HASH: u8 = 1 << 0;
/// A fact: no path from the start to the state reads a `?` or a `#`.
pub(crate) const NO_QUESTION_OR_HASH: u8 = 1 << 1;
