//! Internationalized Resource Identifiers (RFC 3987), exact to the RFC's
//! ABNF because the recognizers are generated from it.
//!
//! # In five minutes
//!
//! **Parse** a string into one of four types, one per top-level rule of
//! section 2.2. Parsing runs the generated DFA once and then finds the
//! component boundaries; nothing is allocated unless it fails.
//!
//! ```
//! use rfc3987::{Iri, IriRef};
//!
//! let iri = Iri::parse("https://例え.jp/引き出し/résumé.html?page=2#第1章")?;
//! let reference: IriRef<String> = "../other?x".parse()?; // owned text
//! # Ok::<(), rfc3987::ParseError>(())
//! ```
//!
//! **Inspect** its components: each is a slice of the text, found at parse
//! time, so every accessor is O(1). Absent (`None`) and present but empty
//! (`Some("")`) differ, as RFC 3986 section 5.3 requires.
//!
//! ```
//! # use rfc3987::{Host, Iri};
//! let iri = Iri::parse("https://例え.jp/引き出し/résumé.html?page=2#第1章")?;
//! assert_eq!(iri.scheme(), "https");
//! assert_eq!(iri.host(), Some("例え.jp"));
//! assert_eq!(iri.host_parsed(), Some(Host::RegName("例え.jp")));
//! assert_eq!(iri.port(), None);
//! assert_eq!(iri.path_segments().collect::<Vec<_>>(), ["引き出し", "résumé.html"]);
//! assert_eq!(iri.query(), Some("page=2"));
//! assert_eq!(iri.fragment(), Some("第1章"));
//! # Ok::<(), rfc3987::ParseError>(())
//! ```
//!
//! **Errors** say where, under which rule, and why; `{:#}` adds a caret.
//! There is one syntax error for every rule and operation ([`CheckError`];
//! a [`ParseError`] is one plus its input), and its words come from the
//! grammar: the generator records, for every recognizer state, what it
//! would have accepted (named by the grammar's single-character rules such
//! as `ipchar`) and which rule it is inside of, and the error only phrases
//! that data with the character it found.
//!
//! ```
//! let error = rfc3987::IriRef::parse("http://example.org/a b").unwrap_err();
//! assert_eq!(error.to_string(),
//!            "expected ipchar, '#', '/', '?' or the end of the input, found ' ' (U+0020) \
//!             at byte 20 in isegment; percent-encode it as %20");
//! assert_eq!(error.rule(), "isegment");
//! ```
//!
//! **Build** from components, each checked against its rule, or edit an
//! owned value in place; the result is always valid, or an error. Section
//! 7.4's helpers in [`encode`] turn arbitrary text into components.
//!
//! ```
//! use rfc3987::{encode, Builder};
//!
//! let name = encode::path_segment("résumé 1.html", encode::Target::Iri);
//! let mut iri = Builder::new().scheme("http").host("example.org").build_iri()?;
//! iri.set_path(&format!("/files/{name}"))?;
//! assert_eq!(iri, "http://example.org/files/résumé%201.html");
//! # Ok::<(), rfc3987::ParseError>(())
//! ```
//!
//! **Operate** on the parsed values: map an IRI to a URI (section 3.1)
//! and back (section 3.2), normalize and compare on the section 5.3
//! ladder, resolve references against a base and back (section 6.5, RFC
//! 3986 section 5.2). Each operation is a method that takes and returns
//! typed values, validates nothing again, and borrows its input
//! (`IriRef<Cow<str>>`) when it changes nothing; an `Iri` gives an `Iri`.
//!
//! ```
//! use rfc3987::{normalize::Level, Iri, IriRef};
//!
//! let iri = Iri::parse("HTTP://résumé.example.org:80/a/./b/../%7Bc%7d")?;
//! assert_eq!(iri.to_uri(), "HTTP://r%C3%A9sum%C3%A9.example.org:80/a/./b/../%7Bc%7d");
//! assert_eq!(iri.normalize(), "http://résumé.example.org:80/a/%7Bc%7D");
//! assert!(iri.equivalent(&Iri::parse("http://résumé.example.org/a/%7Bc%7D")?, Level::Scheme));
//!
//! let base = Iri::parse("http://a/b/c/d;p?q")?;
//! let target = base.resolve(&IriRef::parse("../g")?);
//! assert_eq!(target, "http://a/b/g");
//! assert_eq!(base.relativize(&target), "../g");
//! # Ok::<(), rfc3987::ParseError>(())
//! ```
//!
//! The modules [`mapping`], [`normalize`] and [`resolve`] hold the options
//! (`ToUri`, `ToIri`, `Normalizer`, and `resolve::Base`, a base prepared
//! once for many references) and the same operations as functions on
//! strings, which parse first: `to_uri("http://résumé.example.org/")`,
//! `normalize(..)`, `resolve(base, reference)`.
//!
//! # Naming
//!
//! One scheme across modules: an operation `op` is a method `value.op()`
//! with default options and `value.op_with(&options)` with others
//! (`to_uri`/`to_uri_with`, `to_iri`/`to_iri_with`,
//! `normalize`/`normalize_with`); the string function `module::op(text)`
//! parses then calls it; `op_into(.., &mut String)` appends to a buffer
//! (`resolve_into`, `normalize_into`, `convert_into`). Setters take
//! `Option<&str>` for a component the type may lack (`IriRef::set_scheme(None)`
//! removes the scheme) and `&str` for one it must have (`Iri::set_scheme`).
//! `has_x()` tells whether a component is present. Types name grammar
//! rules (`IriRef` is `IRI-reference`), so `AbsoluteIri` is
//! `absolute-IRI`: an IRI without a fragment.
//!
//! **Beyond the grammar**, sections 4, 6.1, 7.5, 7.6 and 8: [`bidi`]
//! checks the bidi rules (`iri.check_strict()`, `iri.bidi_violations()`),
//! [`display`] gives the text to show (`iri.for_display()`), and [`lint`]
//! lists every SHOULD and MUST NOT those sections state as coded warnings
//! (`iri.lint()`).
//!
//! To validate against any rule of the grammar without building a value,
//! use [`check`] with a [`grammar::rules`] recognizer.
//!
//! # Errors
//!
//! Every error says what went wrong, where (a byte offset, or a range),
//! and under which grammar rule (or which section of the RFC), with one
//! type per kind of failure:
//!
//! | type | returned by | what |
//! | --- | --- | --- |
//! | [`CheckError`] | [`check`], [`check_bytes`] and their batch forms | the syntax error: the rule, the offset, what was found and what the grammar expected there, in the grammar's words; `Copy`, built without allocating |
//! | [`ParseError`] | `parse`, [`Builder`], the setters, [`lint::lint`], [`bidi::violations`] | a `CheckError` with the input it is about, for the caret line of `{:#}` |
//! | [`mapping::MappingError`] | `to_uri_with` on a parsed IRI | what section 3.1 refuses: a character a URI cannot hold, a host that IDNA rejects (`MappingError::Idna`, whose [`mapping::IdnaReason`] normalization reports too) |
//! | [`normalize::NormalizeError`] | `normalize_with`, `Normalizer::normalize_ref` | the one failure of a parsed value: a host that is not a domain name, with strict hosts |
//! | [`bidi::BidiError`] | `check_strict` on a parsed value | a bidirectional formatting character (section 4.1) |
//! | [`entry::EntryError`] | [`entry::clean`] | typed text that cleaning could not make an IRI |
//! | [`Error`] | the functions on strings: [`normalize::normalize`], [`resolve::resolve`], [`mapping::to_uri`], [`bidi::check_strict`], [`percent::decode_utf8`], ... | any of the above, so that one `?` takes them all |
//!
//! **An operation on typed values returns only its own failures.** A
//! parsed value is valid, so its methods never report a syntax error:
//! resolution and the syntax rungs of normalization cannot fail at all,
//! mapping fails only where section 3.1 says it may. **A function on
//! strings parses first, so it can fail either way, and returns
//! [`Error`]**: `From` converts every other type into it, its `Display`
//! is the inner error's, and for a function of two inputs
//! ([`resolve::resolve`], [`normalize::equiv`], [`resolve::relativize`])
//! [`Error::In`] says which ([`Input`]) and holds the error of that input
//! ([`InputError`], without allocating), which is also its `source`.
//!
//! ```
//! use rfc3987::normalize::{equiv, Level};
//! use rfc3987::{Error, Input};
//!
//! let e = equiv("http://a/", "http://a/b c", Level::Syntax).unwrap_err();
//! assert_eq!(e.input(), Some(Input::Second));
//! assert_eq!((e.offset(), e.syntax().unwrap().rule()), (10, "isegment"));
//! let source = std::error::Error::source(&e).unwrap();
//! assert!(source.downcast_ref::<rfc3987::CheckError>().is_some());
//! assert!(matches!(rfc3987::mapping::to_uri("a b"), Err(Error::Mapping(_))));
//! ```
//!
//! # Design
//!
//! **One type generic over its storage**, rather than an unsized borrowed
//! type with an owned buffer (`Path`/`PathBuf`): `IriRef<&str>` borrows,
//! `IriRef<String>` owns and can be edited, `IriRef<Box<str>>` and
//! `IriRef<Arc<str>>` store and share. Two reasons decide it. The
//! component offsets are stored next to the text, which an unsized
//! `IriStr(str)` cannot hold (its accessors would have to split again on
//! every call), and turning a `&str` into a `&IriStr` needs a pointer cast,
//! which this crate does not write (`unsafe` is denied outside the DFA
//! walker). The four
//! types form the hierarchy of the grammar, each dereferencing to the more
//! general one:
//!
//! | type | rule | |
//! | --- | --- | --- |
//! | [`IriRef`] | `IRI-reference` | anything below |
//! | [`Iri`] | `IRI` | has a scheme; derefs to `IriRef` |
//! | [`AbsoluteIri`] | `absolute-IRI` | no fragment; derefs to `Iri` |
//! | [`RelativeRef`] | `irelative-ref` | no scheme; derefs to `IriRef` |
//!
//! Equality, ordering and hashing are simple string comparison (section
//! 5.3.1): two values are equal when their texts are, whatever their
//! storage, and `Borrow<str>` lets a `HashSet<IriRef<String>>` be queried
//! with a `&str`. Equivalence beyond that is [`normalize`]'s.
//!
//! **Text is UTF-8** (`&str`), as section 7.1 recommends; UTF-16 callers
//! (section 6.2) use `from_utf16`, which decodes once and then parses.
//!
//! **Architecture invariant: every syntax decision comes from `abnf/`.**
//! The recognizers in [`grammar`] and the character predicates in
//! [`grammar::class`] are generated by the `abnf-dfa` compiler from the
//! grammar files; nothing in this crate writes a character range by hand.
//! How the components are found in a string the DFA accepted, and why that
//! is the grammar's own parse, is explained in the source of the
//! `components` module.
//!
//! # Layers
//!
//! From the grammar to the guidelines, in the order to read them:
//!
//! | layer | where | what |
//! | --- | --- | --- |
//! | grammar | `abnf/` | the RFCs' ABNF, and `generate.conf`: which rules and classes to compile |
//! | automaton | `codegen/` (crate `abnf-dfa`) | ABNF to a byte NFA, a minimized DFA per rule, the scanner's acceleration data and the error phrases |
//! | tables | `src/grammar/generated.rs` (kept in step with `abnf/` by `build.rs`), [`grammar`] | the generated tables, included as [`grammar::rules`] and [`grammar::class`] |
//! | scanner | `scan` | the hand-written walker over those tables (the crate's only `unsafe`), with the layout it reads (`scan::codes`) |
//! | types | [`IriRef`] and the other three, `components`, [`CheckError`], [`ParseError`], [`Builder`] | validation once at the type boundary, the components found by the same walk |
//! | operations | [`mapping`], [`normalize`], [`resolve`], [`encode`], [`percent`], [`query`], [`scheme`] | methods on the typed values, and the same as functions on strings |
//! | guidelines | [`bidi`], [`display`], [`lint`], [`select`], [`find`], [`entry`], `interpret` | sections 4 and 7: what to show, what to warn about, how to find and clean IRIs in text |
//!
//! **Imports go one way, from the bottom up.** `chars` (the character
//! predicates no grammar rule gives: the Unicode property `Bidi_Control`,
//! how messages show a character) and `scan` import nothing from the rest
//! of the crate: the scanner defines the layout the generated tables are
//! written in (`scan::Dfa`, `scan::codes`), and the generated code asserts
//! against it. `grammar` and `expected` (what each state accepts next)
//! hold the tables on top of them; the types use the tables, and the
//! operations and guidelines the types.
//!
//! # Features
//!
//! Without features the crate needs only `alloc` and no Unicode data:
//! parsing and validation, components, the builder, IRI-to-URI mapping
//! without IDNA, syntax-based normalization and equivalence, resolution,
//! `encode`, `percent`, `query` and `scheme`. Each feature adds what it
//! names; without it its items are absent (never done differently), so
//! every function present in two builds answers alike in both.
//!
//! - `std` (default). The IRI types, their errors, the builder and the
//!   encoders need only `alloc`: host addresses are `core::net` values (the
//!   types `std::net` re-exports) and the errors implement
//!   `core::error::Error` (which is `std::error::Error`), so they are the
//!   same with or without `std`. With `std` the scanner detects AVX2 at
//!   run time, and `find::Finder::find_lines` reads a `BufRead`.
//! - `normalization` (default): the Unicode normalization forms, with
//!   ICU4X's normalizer: `normalize::Chars::Nfc` and `Chars::Nfkc`,
//!   `mapping::from_text` and URI-to-IRI conversion (`mapping::to_iri`,
//!   `ToIri`, `to_iri()`), which decodes only NFKC-stable characters.
//! - `idna` (default; brings `normalization`): UTS 46 with the `idna`
//!   crate: `ToUri::idna`, `ToIri::idna`, the scheme rung of normalization
//!   (`normalize::Level::Scheme`, whose DNS hosts are IDNs, and
//!   `Normalizer::strict_hosts`), `MappingError::Idna` and `mapping::IdnaReason`.
//! - `text` (default; brings `normalization`): section 7.2's `entry` and
//!   section 7.3's `find`, with ICU4X's character properties.
//! - `bidi` (default): section 4.2's rules (`bidi`, `check_strict`), with
//!   ICU4X's Bidi_Class.
//! - `display` and `lint` (default; both bring `bidi` and `idna`, `lint`
//!   also `normalization`): sections 7.5 and 7.6 (`display`, `select`) and
//!   the coded warnings of sections 4, 5.3, 6.1, 7.5 and 8 and of RFC
//!   3986's SHOULDs (`lint`), with ICU4X's scripts and
//!   `unicode-security`'s confusables (UTS 39).
//! - `serde`: `Serialize` and `Deserialize` for the four types;
//!   deserializing parses, so it validates.
//! - `legacy` (brings `normalization`): `mapping::from_legacy`, section
//!   3.1 step 1 for octets in a legacy encoding (Shift_JIS, windows-1258,
//!   ...), with `encoding_rs`, and section 7.7's `interpret`.
//!
//! README's "Features" table says what each costs to build.
//!
//! The `iri` command-line tool is its own crate (`rfc3987-cli`, in `cli/`),
//! so depending on this library compiles none of its dependencies.
// `unsafe` is denied everywhere but in `scan`, the DFA walker, whose hot
// loop loads transitions without bounds checks (the generated layout,
// checked at compile time, is the proof; see that module's docs).
#![deny(unsafe_code)]
// These docs link items of every default feature; a build without some
// of them documents fewer items, and its links to the absent ones are
// left as text (`RUSTDOCFLAGS="-D warnings" cargo doc -p rfc3987
// --no-default-features` is otherwise clean).
#![cfg_attr(
    not(all(
        feature = "idna",
        feature = "normalization",
        feature = "text",
        feature = "bidi",
        feature = "display",
        feature = "lint"
    )),
    allow(rustdoc::broken_intra_doc_links)
)]
#![no_std]
#![warn(missing_docs)]

#[cfg(feature = "std")]
extern crate std;

extern crate alloc;

// The layers of the crate docs, bottom up.

// Character predicates no grammar rule gives, and the writer messages
// are composed with; they import nothing.
mod chars;
mod pieces;
// The scanner: walks the generated tables.
#[allow(
    unsafe_code,
    reason = "the DFA walker; each block has its SAFETY argument"
)]
mod scan;
// The tables, generated from `abnf/` by `build.rs`, and what a state
// expects next (for errors).
mod expected;
pub mod grammar;
// The types: parse, components, errors, building.
mod builder;
mod component;
mod components;
mod error;
mod host;
mod parse_error;
mod splitter;
mod types;
mod utf16;
// The operations on typed values, and the error that covers them all.
mod crate_error;
pub mod encode;
pub mod mapping;
pub mod normalize;
pub mod percent;
pub mod query;
pub mod resolve;
pub mod scheme;
// The guidelines of sections 4 and 7.
#[cfg(feature = "bidi")]
pub mod bidi;
#[cfg(any(feature = "lint", feature = "display"))]
mod confusable;
#[cfg(feature = "display")]
pub mod display;
#[cfg(feature = "text")]
pub mod entry;
#[cfg(feature = "text")]
pub mod find;
#[cfg(feature = "legacy")]
pub mod interpret;
#[cfg(feature = "lint")]
pub mod lint;
#[cfg(feature = "display")]
pub mod select;

#[cfg(feature = "serde")]
mod serde_impl;
#[cfg(test)]
mod test_rng;

pub use builder::Builder;
pub use component::Component;
pub use crate_error::{Error, Input, InputError};
pub use error::{CheckError, Found};
pub use expected::Expected;
pub use host::Host;
pub use parse_error::{ErrorKind, ParseError};
pub use splitter::Splitter;
pub use types::{AbsoluteIri, Components, Iri, IriRef, PathSegments, RelativeRef};

/// Checks `input` against the ABNF rule `rule`.
///
/// Runs the rule's generated DFA once over the input. On failure the error
/// points at the character that the grammar rejects (the start of that
/// character, when the DFA only noticed a later byte of it), or at the end
/// of the input when it ended too early.
#[inline]
pub fn check(rule: &'static grammar::Rule, input: &str) -> Result<(), CheckError> {
    match rule.reject_str(input) {
        Ok(()) => Ok(()),
        Err(reject) => Err(rejected(rule, input, reject)),
    }
}

/// The error for the walk's failure `reject` on `input`: out of line, so
/// that an accepting `check` carries one call on its rejecting branch.
#[cold]
#[inline(never)]
fn rejected(rule: &'static grammar::Rule, input: &str, reject: scan::Reject) -> CheckError {
    CheckError::rejected(rule, input, reject)
}

/// Checks raw bytes against `rule`; bytes that are not well-formed UTF-8 are
/// rejected where the malformation starts, since the DFAs accept only UTF-8.
pub fn check_bytes(rule: &'static grammar::Rule, input: &[u8]) -> Result<(), CheckError> {
    match rule.reject(input) {
        Ok(()) => Ok(()),
        Err(reject) => Err(CheckError::rejected_bytes(rule, input, reject)),
    }
}

/// [`check`] on each of `inputs`, in order: the shape of a crawler's or an
/// RDF loader's work, many short strings.
///
/// Four table walks run interleaved, so that their memory loads overlap
/// (a table walk waits on load latency), with the same results as
/// [`check`]. Each input's start is first walked as [`check`] begins, by
/// a byte shuffle that holds a URL's scheme, host, path and query (no
/// load waiting on the one before): most ASCII URLs end there, and the
/// interleaved walks take up the rest of the others. Against a loop of
/// [`check`] that gives 1.05 to 1.15 times its throughput on mixed and
/// short relative references, and 0.85 to 1.0 on ASCII URLs, which the
/// byte shuffle already walks without waiting (`cargo bench --bench
/// cputime`, rows `rfc3987-check-batch` and `rfc3987-check`).
/// Inputs under 16 bytes or over 256 are walked alone, as [`check`]
/// walks them. The iterator form is [`check_all`].
///
/// ```
/// use rfc3987::grammar::rules::IRI_REFERENCE;
///
/// let lines = ["http://example.org/a", "../b?c", "http://x/a b"];
/// let verdicts = rfc3987::check_batch(&IRI_REFERENCE, &lines);
/// assert!(verdicts[0].is_ok() && verdicts[1].is_ok());
/// assert_eq!(verdicts[2].unwrap_err().offset(), 10);
/// ```
// `#[inline]`: compiled in the crate that calls it, as a generic is, so
// a program that does not call it does not compile it (`bash
// benches/build-weight.sh` builds such a program and prints its cost).
#[inline]
pub fn check_batch(
    rule: &'static grammar::Rule,
    inputs: &[&str],
) -> alloc::vec::Vec<Result<(), CheckError>> {
    let verdicts = rule.reject_slice(inputs);
    inputs
        .iter()
        .zip(verdicts)
        .map(|(input, verdict)| verdict.map_err(|reject| rejected(rule, input, reject)))
        .collect()
}

/// [`check_batch`] on raw bytes, as [`check_bytes`] checks them: lines
/// already split out of a buffer read from a file or a socket. The
/// iterator form is [`check_all_bytes`].
///
/// ```
/// use rfc3987::grammar::rules::IRI;
/// let lines: [&[u8]; 2] = [b"http://a/", b"http://a/\xFF"];
/// let verdicts = rfc3987::check_batch_bytes(&IRI, &lines);
/// assert!(verdicts[0].is_ok());
/// assert_eq!(verdicts[1].as_ref().unwrap_err().offset(), 9);
/// ```
#[inline]
pub fn check_batch_bytes(
    rule: &'static grammar::Rule,
    inputs: &[&[u8]],
) -> alloc::vec::Vec<Result<(), CheckError>> {
    let verdicts = rule.reject_slice(inputs);
    inputs
        .iter()
        .zip(verdicts)
        .map(|(input, verdict)| {
            verdict.map_err(|reject| CheckError::rejected_bytes(rule, input, reject))
        })
        .collect()
}

/// [`check_batch`] over any iterator of strings, lazily: inputs are read
/// a block at a time, and each result is yielded in order.
pub fn check_all<'a, I>(
    rule: &'static grammar::Rule,
    inputs: I,
) -> impl Iterator<Item = Result<(), CheckError>> + use<'a, I>
where
    I: IntoIterator<Item = &'a str>,
{
    rule.recognize_texts(inputs.into_iter())
        .map(move |(input, verdict)| verdict.map_err(|reject| rejected(rule, input, reject)))
}

/// [`check_all`] on raw bytes, as [`check_bytes`] checks them: lines read
/// from a file or a socket, whose UTF-8 is not yet known, yield the
/// offset of a malformation as the error.
///
/// ```
/// use rfc3987::grammar::rules::IRI;
/// let lines: [&[u8]; 2] = [b"http://a/", b"http://a/\xFF"];
/// let offsets: Vec<_> = rfc3987::check_all_bytes(&IRI, lines)
///     .map(|r| r.err().map(|e| e.offset()))
///     .collect();
/// assert_eq!(offsets, [None, Some(9)]);
/// ```
pub fn check_all_bytes<'a, I>(
    rule: &'static grammar::Rule,
    inputs: I,
) -> impl Iterator<Item = Result<(), CheckError>> + use<'a, I>
where
    I: IntoIterator<Item = &'a [u8]>,
{
    rule.reject_all(inputs.into_iter())
        .map(move |(input, verdict)| {
            verdict.map_err(|reject| CheckError::rejected_bytes(rule, input, reject))
        })
}

/// README.md's Rust examples, compiled and run as doctests so that they
/// cannot drift from the API.
#[cfg(all(
    doctest,
    feature = "std",
    feature = "display",
    feature = "lint",
    feature = "text"
))]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
