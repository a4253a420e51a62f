//! The syntax error: why an input does not match a rule, and where.
//!
//! One type, [`CheckError`], for every rule and every operation; a
//! [`ParseError`](crate::ParseError) is a `CheckError` plus the input it
//! is about. It carries the rule, the byte offset, the recognizer's state
//! before the rejected character and what was found there: four words,
//! `Copy`, built without allocating or formatting. Only `Display` turns
//! the state into words, from the generator's data (what the state would
//! have accepted, which rule it was inside of; see [`Expected`]), so the
//! phrasing comes from the grammar and follows any edit of it.

use core::fmt;

use crate::expected::{write_char, Expected};
use crate::grammar::{class, rules, Rule};
use crate::pieces::MessageBuffer;

/// The name of the rule `rules::ABSOLUTE_IRI`, read from it when the
/// crate is compiled: comparing names rather than addresses keeps its
/// tables out of a program that never parses an absolute IRI.
const ABSOLUTE_IRI: &str = rules::ABSOLUTE_IRI.name();

/// An input that does not match an ABNF rule: where, under which rule,
/// what was found, and what would have been accepted instead.
///
/// `offset` is the byte offset of the first character the grammar rejects,
/// or the input's length when the input ended before the rule was complete.
/// A character that the recognizer refused at its second or third byte
/// (U+FFFE, U+0085) is reported at its first byte, with what the state
/// before it would have accepted.
///
/// ```
/// let e = rfc3987::check(&rfc3987::grammar::rules::IRI_REFERENCE, "http://a/b c").unwrap_err();
/// assert_eq!(e.offset(), 10);
/// assert_eq!(e.rule(), "isegment");
/// assert_eq!(
///     e.to_string(),
///     "expected ipchar, '#', '/', '?' or the end of the input, found ' ' (U+0020) \
///      at byte 10 in isegment; percent-encode it as %20"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckError {
    rule: &'static Rule,
    offset: usize,
    state: u32,
    found: Found,
    reason: Reason,
    scheme: SchemeNote,
}

/// What the text before the offset says beyond the state, found when the
/// error is made (the text is not kept).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SchemeNote {
    None,
    /// The text ends inside a `%HH` triplet (in `%` or `%H`).
    InPercent,
    /// Nothing before the `:`.
    Empty,
    /// The text before the `:` would be a scheme but for its first
    /// character.
    FirstNotLetter,
}

impl PartialEq for Rule {
    fn eq(&self, other: &Rule) -> bool {
        core::ptr::eq(self, other)
    }
}

impl Eq for Rule {}

impl fmt::Debug for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why, beyond "the grammar does not allow it".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reason {
    /// The recognizer rejected the character in `state`.
    Grammar,
    /// An unpaired surrogate at UTF-16 code unit `unit`.
    Utf16 { unit: usize },
    /// Components that each match but cannot be put together that way.
    Structure(&'static str),
}

/// What stood at an error's offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Found {
    /// A character the rule does not allow there.
    Char(char),
    /// A byte that does not start a well-formed UTF-8 sequence there.
    InvalidUtf8(u8),
    /// In UTF-16 input, a surrogate code unit without its pair: it encodes
    /// no character (RFC 3987 section 6.2: an interface that takes IRIs in
    /// UTF-16 must decode them before the syntax applies).
    UnpairedSurrogate(u16),
    /// The input ended too early.
    End,
}

/// How a message names what it found: `' ' (U+0020)`, `U+0009` for a
/// control or bidirectional formatting character (which would garble or
/// reorder the line if printed), `the end of the input`; characters are
/// written the same way in every message.
impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut pieces = MessageBuffer::new(f);
        self.write_to(&mut pieces)?;
        pieces.finish()
    }
}

impl Found {
    /// See the `Display` impl.
    fn write_to(&self, p: &mut MessageBuffer<'_, '_>) -> fmt::Result {
        match *self {
            Found::Char(c) => {
                write_char(p, c)?;
                if !crate::expected::shown_as_code(c) {
                    p.str(" (U+")?;
                    p.hex(c as u32, 4)?;
                    p.str(")")?;
                }
                Ok(())
            }
            Found::InvalidUtf8(b) => {
                p.str("invalid UTF-8 (byte 0x")?;
                p.hex(u32::from(b), 2)?;
                p.str(")")
            }
            Found::UnpairedSurrogate(u) => {
                p.str("the unpaired surrogate 0x")?;
                p.hex(u32::from(u), 4)
            }
            Found::End => p.str("the end of the input"),
        }
    }
}

impl CheckError {
    /// Builds the error for a DFA that rejected `input` at byte `dfa_offset`.
    ///
    /// The DFA may notice a bad multi-byte character only at its second or
    /// third byte (`U+FFFE` shares its first byte with allowed characters);
    /// the reported offset is moved back to the character's first byte.
    /// Ill-formed UTF-8 is reported where the malformation starts.
    pub(crate) fn new(rule: &'static Rule, input: &[u8], dfa_offset: usize) -> Self {
        let valid = valid_before(input, dfa_offset);
        Self::after_walk(rule, input, valid, dfa_offset, None)
    }

    /// [`new`](Self::new) for the walk's failure `reject` (no second walk
    /// for the state, unless the offset moves back to the start of a
    /// character).
    pub(crate) fn rejected_bytes(
        rule: &'static Rule,
        input: &[u8],
        reject: crate::scan::Reject,
    ) -> Self {
        let at = reject.offset;
        // An ASCII byte after an ASCII byte (or first): the DFA, which
        // takes only well-formed UTF-8, read the bytes before it as
        // characters and is between two, so the byte is the character
        // found and nothing around it needs decoding (the common case: a
        // space, a quote, a bracket).
        if let Some(&byte) = input.get(at) {
            if byte.is_ascii()
                && at
                    .checked_sub(1)
                    .is_none_or(|before| input[before].is_ascii())
            {
                let found = Found::Char(char::from(byte));
                return Self::located(rule, input, at, found, at, Some(reject.state));
            }
        }
        let valid = valid_before(input, at);
        Self::after_walk(rule, input, valid, at, Some(reject.state))
    }

    /// [`new`](Self::new) for text already known to be UTF-8: no second
    /// pass over it.
    #[inline]
    pub(crate) fn in_text(rule: &'static Rule, input: &str, dfa_offset: usize) -> Self {
        let (offset, found) = locate_in_text(input, dfa_offset);
        Self::located(rule, input.as_bytes(), offset, found, dfa_offset, None)
    }

    /// The error for the walk's failure `reject` on text (no second walk:
    /// the walk says the state, unless the offset moves back to the start
    /// of a character). Callers build it out of line (`check`'s
    /// `rejected`, the parsers' and the resolver's), so that the verdict's
    /// caller keeps one call on its rejecting branch, and the common error
    /// (the walk's state, no note) is built there without a stack frame.
    #[inline(always)]
    pub(crate) fn rejected(rule: &'static Rule, input: &str, reject: crate::scan::Reject) -> Self {
        let (offset, found) = locate_in_text(input, reject.offset);
        Self::located(
            rule,
            input.as_bytes(),
            offset,
            found,
            reject.offset,
            Some(reject.state),
        )
    }

    /// [`new`](Self::new), given that `input[..valid]` is the longest
    /// well-formed UTF-8 prefix and the state before `dfa_offset` if the
    /// walk knows it (otherwise the prefix is walked once more, plainly:
    /// only errors pay for it).
    fn after_walk(
        rule: &'static Rule,
        input: &[u8],
        valid: usize,
        dfa_offset: usize,
        walked: Option<u32>,
    ) -> Self {
        let (offset, found) = locate(input, valid, dfa_offset);
        Self::located(rule, input, offset, found, dfa_offset, walked)
    }

    /// The error once [`locate`] (or [`locate_in_text`]) has said where
    /// and what: the state before `offset` (the walk's, when it stopped
    /// there) and what the text before it adds. Most errors need neither
    /// another walk nor a note (the walk stopped on the character found,
    /// which is not a `:` and does not follow a `%`): those are built
    /// here, the rest by [`noted`](Self::noted), out of line, which keeps
    /// the common case without a frame (cachegrind of `cargo bench
    /// --bench cputime -- --quick --only=rfc3987-check crawl-invalid`).
    #[inline(always)]
    fn located(
        rule: &'static Rule,
        input: &[u8],
        offset: usize,
        found: Found,
        dfa_offset: usize,
        walked: Option<u32>,
    ) -> Self {
        let prefix = input.get(..offset).unwrap_or(input);
        match walked {
            Some(state)
                if offset == dfa_offset
                    && found != Found::Char(':')
                    && !ends_in_percent(prefix) =>
            {
                Self::grammar(rule, offset, state, found, SchemeNote::None)
            }
            _ => Self::noted(rule, prefix, offset, found, dfa_offset, walked),
        }
    }

    /// [`located`](Self::located) where the state must be walked again or
    /// a note may apply: `prefix` is the text before `offset`.
    #[cold]
    #[inline(never)]
    fn noted(
        rule: &'static Rule,
        prefix: &[u8],
        offset: usize,
        found: Found,
        dfa_offset: usize,
        walked: Option<u32>,
    ) -> Self {
        let state = match walked {
            Some(state) if offset == dfa_offset => state,
            _ => rule.state_after(prefix),
        };
        let scheme = if ends_in_percent(prefix)
            && rule.expected_at(state).rules() == [rules::HEXDIG.name()]
        {
            SchemeNote::InPercent
        } else if found == Found::Char(':')
            && (prefix.is_empty()
                || rule
                    .context_at(state)
                    .contains(&rules::ISEGMENT_NZ_NC.name()))
            && allows_scheme(rule)
        {
            scheme_note(prefix)
        } else {
            SchemeNote::None
        };
        Self::grammar(rule, offset, state, found, scheme)
    }

    /// The error of a character the grammar rejects.
    #[inline(always)]
    fn grammar(
        rule: &'static Rule,
        offset: usize,
        state: u32,
        found: Found,
        scheme: SchemeNote,
    ) -> Self {
        CheckError {
            rule,
            offset,
            state,
            found,
            reason: Reason::Grammar,
            scheme,
        }
    }

    /// An error for UTF-16 input: the unpaired surrogate `unit_value` at
    /// code unit `unit`, which is byte `offset` of the decoded text.
    pub(crate) fn utf16(offset: usize, unit: usize, unit_value: u16) -> CheckError {
        CheckError {
            rule: &rules::IRI_REFERENCE,
            offset,
            state: 0,
            found: Found::UnpairedSurrogate(unit_value),
            reason: Reason::Utf16 { unit },
            scheme: SchemeNote::None,
        }
    }

    /// An error for a combination of components: `message` names the rule
    /// and section; `offset` points into the assembled IRI `text`.
    pub(crate) fn structure(
        text: &str,
        offset: usize,
        rule: &'static Rule,
        message: &'static str,
    ) -> CheckError {
        let found = text
            .get(offset..)
            .and_then(|rest| rest.chars().next())
            .map_or(Found::End, Found::Char);
        CheckError {
            rule,
            offset,
            state: 0,
            found,
            reason: Reason::Structure(message),
            scheme: SchemeNote::None,
        }
    }

    /// Byte offset of the first rejected character (the input length when the
    /// input ended too early).
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The rule the rejected character was inside of, as the grammar spells
    /// it: the innermost rule (other than single-character ones such as
    /// `ALPHA` or `ipchar`) that the last character read belongs to
    /// (`isegment`, `iquery`, `port`, `scheme`, `ireg-name`, ...), from the
    /// generator's data; the checked rule itself at the start of the input.
    /// Where two readings are open (`//h` may be a host or a userinfo),
    /// the deeper one; [`rules`](Self::rules) lists all.
    pub fn rule(&self) -> &'static str {
        self.rules().first().copied().unwrap_or(self.rule.name())
    }

    /// Every rule the rejected character could have been inside of,
    /// deepest first (see [`rule`](Self::rule)).
    pub fn rules(&self) -> &'static [&'static str] {
        match self.reason {
            Reason::Grammar => self.rule.context_at(self.state),
            Reason::Utf16 { .. } => &["UTF-16"],
            Reason::Structure(_) => &[],
        }
    }

    /// The rule that was checked (`IRI-reference`, `scheme`, ...).
    pub fn checked_rule(&self) -> &'static Rule {
        self.rule
    }

    /// What stood at [`offset`](Self::offset).
    pub fn found(&self) -> Found {
        self.found
    }

    /// What the rule would have accepted at [`offset`](Self::offset), in
    /// the grammar's words; `None` for errors that are not about one
    /// character (UTF-16 decoding, components that do not fit together).
    pub fn expected(&self) -> Option<&'static Expected> {
        match self.reason {
            Reason::Grammar => Some(self.rule.expected_at(self.state)),
            _ => None,
        }
    }

    /// The kind of problem.
    pub fn kind(&self) -> crate::ErrorKind {
        use crate::ErrorKind;
        match (self.reason, self.hint()) {
            (Reason::Utf16 { .. }, _) => ErrorKind::Encoding,
            (Reason::Structure(_), _) => ErrorKind::Structure,
            (_, Hint::Percent) => ErrorKind::PercentEncoding,
            (_, Hint::PrivateUse(_)) => ErrorKind::PrivateUse,
            _ => ErrorKind::Syntax,
        }
    }

    /// The message without the offset: `expected ipchar, ..., found ' '
    /// (U+0020) in isegment; percent-encode it as %20`, for callers that
    /// print the position themselves (the `iri` tool).
    pub fn message(&self) -> impl fmt::Display + '_ {
        Message {
            error: self,
            offset: false,
        }
    }

    /// The suggestion for this error, from the state's data and the
    /// character found. The rules it looks for are named by their
    /// generated constants (`rules::IUSERINFO.name()`), never by a string
    /// written here: a rule renamed in `abnf/` fails to compile, and one
    /// that no longer reaches a context fails the message snapshots
    /// (`parse_error`'s `messages` test pins every hint).
    fn hint(&self) -> Hint {
        let (Reason::Grammar, Some(expected)) = (self.reason, self.expected()) else {
            return Hint::None;
        };
        let context = self.rules();
        if self.scheme == SchemeNote::InPercent {
            return Hint::Percent;
        }
        // An authority that read as a userinfo to its end (`h:80a/`: not
        // host:port, and no '@' came).
        let ends_authority = matches!(self.found, Found::End | Found::Char('/' | '?' | '#'));
        if context.first() == Some(&rules::IUSERINFO.name()) && ends_authority {
            return Hint::UserinfoOrPort;
        }
        let Found::Char(c) = self.found else {
            return Hint::None;
        };
        // By name, not by address: taking `rules::ABSOLUTE_IRI`'s address
        // would link its tables (about 50 KB) into every program that
        // formats an error, whether it parses absolute IRIs or not.
        if c == '#' && self.rule.name() == ABSOLUTE_IRI && expected.end() {
            return Hint::Fragment;
        }
        // A ':' where a first segment (isegment-nz-nc) was open, or at the
        // very start of a rule that allows a scheme.
        let first_segment = context.contains(&rules::ISEGMENT_NZ_NC.name())
            || (self.offset == 0 && allows_scheme(self.rule));
        if c == ':' && first_segment {
            return Hint::FirstSegmentColon;
        }
        if c == '%' && expected.lists(']') {
            return Hint::ZoneId;
        }
        // In the authority where only a port's DIGITs (or its end) may
        // follow (the generated context and expected set say so): the
        // usual mistakes are a path without its '/', or an IPv6 address
        // without brackets.
        if context.first() == Some(&rules::IAUTHORITY.name())
            && expected.rules().contains(&rules::DIGIT.name())
        {
            return Hint::Port;
        }
        if expected.percent_encoding() {
            if class::is_iprivate(c) {
                return Hint::PrivateUse(c);
            }
            return Hint::PercentEncode(c);
        }
        Hint::None
    }
}

/// A suggestion appended to a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Hint {
    None,
    PercentEncode(char),
    PrivateUse(char),
    Percent,
    FirstSegmentColon,
    Fragment,
    ZoneId,
    Port,
    UserinfoOrPort,
}

/// How many bytes of `input` are well-formed UTF-8, as far as an error at
/// `dfa_offset` needs to know: the DFAs accept only well-formed UTF-8, so
/// a malformation at or before the DFA's offset is what stopped it (or,
/// for a sequence cut off at the end, what would have). A character
/// holding the offset ends within four bytes of it, so the bytes up to
/// there say all (a character cut by that end starts after the offset,
/// and only shortens the count to a point past it).
///
/// Nor is the text before the offset read again: the DFA took every byte
/// before `dfa_offset`, so up to the last character start among them
/// (at most four bytes back; a continuation byte follows at most three
/// others) the bytes are whole characters, and only the bytes from there
/// are decoded. An error costs the same at any offset.
fn valid_before(input: &[u8], dfa_offset: usize) -> usize {
    let end = input.len().min(dfa_offset.saturating_add(4));
    let taken = dfa_offset.min(end);
    let back = taken.saturating_sub(4);
    // With no character start in those bytes (which the DFA cannot have
    // taken, or the offset is 0), everything is decoded from the start.
    let start = input[back..taken]
        .iter()
        .rposition(|&b| !is_continuation(b))
        .map_or(0, |at| back + at);
    debug_assert!(core::str::from_utf8(&input[..start]).is_ok());
    let checked = &input[start..end];
    start
        + match core::str::from_utf8(checked) {
            Ok(_) => checked.len(),
            Err(e) => e.valid_up_to(),
        }
}

/// The byte offset and what stood there, for a DFA that stopped at
/// `dfa_offset` in `input` whose first `valid` bytes are UTF-8.
fn locate(input: &[u8], valid: usize, dfa_offset: usize) -> (usize, Found) {
    if valid < input.len() && valid <= dfa_offset {
        return (valid, Found::InvalidUtf8(input[valid]));
    }
    if dfa_offset >= input.len() {
        return (input.len(), Found::End);
    }
    // The prefix up to `valid` is UTF-8 and contains the DFA's offset:
    // report the character that byte belongs to, found by stepping back
    // over continuation bytes and decoding at most four bytes (never the
    // whole prefix again: an error costs the same on any length).
    let mut start = dfa_offset.min(valid);
    while start > 0 && start < valid && is_continuation(input[start]) {
        start -= 1;
    }
    let piece = &input[start..valid.min(start + 4)];
    let piece = match core::str::from_utf8(piece) {
        Ok(text) => text,
        Err(cut) => core::str::from_utf8(&piece[..cut.valid_up_to()]).unwrap_or_default(),
    };
    match piece.chars().next() {
        Some(c) => (start, Found::Char(c)),
        None => (input.len(), Found::End),
    }
}

/// [`locate`] for text (every byte of it well-formed UTF-8): the
/// character holding `dfa_offset`, found from its first byte without
/// decoding the bytes around it as UTF-8 again (which cost a rejected
/// crawl-shaped URL about a tenth of its instructions).
///
/// An ASCII byte is a character of its own (no UTF-8 sequence holds
/// one), so the common rejection (a space, a quote, a bracket) takes no
/// step back.
#[inline(always)]
fn locate_in_text(input: &str, dfa_offset: usize) -> (usize, Found) {
    match input.as_bytes().get(dfa_offset) {
        None => return (input.len(), Found::End),
        Some(&byte) if byte.is_ascii() => return (dfa_offset, Found::Char(char::from(byte))),
        Some(_) => {}
    }
    let mut start = dfa_offset;
    while !input.is_char_boundary(start) {
        start -= 1;
    }
    match input[start..].chars().next() {
        Some(c) => (start, Found::Char(c)),
        None => (input.len(), Found::End),
    }
}

/// Whether `byte` continues a UTF-8 sequence (`80`-`BF`).
fn is_continuation(byte: u8) -> bool {
    byte & 0xC0 == 0x80
}

/// Writes the UTF-8 octets of `c` as `%HH` triplets.
fn write_encoded(p: &mut MessageBuffer<'_, '_>, c: char) -> fmt::Result {
    let mut buf = [0u8; 4];
    for octet in c.encode_utf8(&mut buf).bytes() {
        p.str("%")?;
        p.hex(u32::from(octet), 2)?;
    }
    Ok(())
}

struct Message<'a> {
    error: &'a CheckError,
    offset: bool,
}

impl fmt::Display for Message<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Into one buffer, one write (see the `pieces` module).
        let mut pieces = MessageBuffer::new(f);
        self.write_to(&mut pieces)?;
        pieces.finish()
    }
}

impl Message<'_> {
    fn write_to(&self, p: &mut MessageBuffer<'_, '_>) -> fmt::Result {
        let e = self.error;
        let (found, at) = (e.found, e.offset);
        match e.reason {
            Reason::Utf16 { unit } => {
                p.str("invalid UTF-16: ")?;
                found.write_to(p)?;
                p.str(" at code unit ")?;
                p.decimal(unit)?;
                if self.offset {
                    p.str(" (byte ")?;
                    p.decimal(at)?;
                    p.str(" once decoded)")?;
                }
                return p.str(" encodes no character (RFC 3987 section 6.2)");
            }
            Reason::Structure(message) => {
                p.str(message)?;
                p.str(", found ")?;
                found.write_to(p)?;
                if self.offset {
                    p.str(" at byte ")?;
                    p.decimal(at)?;
                }
                return Ok(());
            }
            Reason::Grammar => {}
        }
        p.str("expected ")?;
        p.str(e.rule.expected_at(e.state).phrase())?;
        p.str(", found ")?;
        found.write_to(p)?;
        if self.offset {
            p.str(" at byte ")?;
            p.decimal(at)?;
        }
        p.str(" in ")?;
        p.str(e.rule())?;
        match e.hint() {
            Hint::None => Ok(()),
            Hint::PercentEncode(c) => {
                p.str("; percent-encode it as ")?;
                write_encoded(p, c)
            }
            Hint::PrivateUse(c) => {
                p.str(
                    "; private-use characters (iprivate) are allowed only in the query \
                     (RFC 3987 section 2.2): percent-encode it as ",
                )?;
                write_encoded(p, c)
            }
            Hint::Percent => p.str(
                "; a '%' starts a %HH triplet (pct-encoded, RFC 3986 section 2.1): \
                 write a '%' itself as %25",
            ),
            Hint::FirstSegmentColon => {
                p.str(
                    "; a ':' in the first segment of a relative reference would read as a \
                     scheme (ipath-noscheme, RFC 3986 section 4.2): percent-encode it as %3A \
                     or start the path with \"./\"",
                )?;
                scheme_hint(p, e)
            }
            Hint::Fragment => p.str(
                "; an absolute-IRI has no fragment (RFC 3987 section 2.2): remove the \
                 fragment or parse an IRI",
            ),
            Hint::ZoneId => {
                p.str("; IPv6 zone identifiers (RFC 6874) are not part of RFC 3986 or RFC 3987")
            }
            Hint::Port => p.str(
                "; a port is digits only (port = *DIGIT, RFC 3986 section 3.2.3): \
                 an IPv6 address goes in brackets, a path starts with '/'",
            ),
            Hint::UserinfoOrPort => p.str(
                "; what follows \"//\" is read as a userinfo until an '@', since it is not \
                 host:port (a port is digits only, RFC 3986 section 3.2.3)",
            ),
        }
    }
}

/// After a ':' in a first segment: if what precedes it would be a scheme
/// but for its first character, or is empty, say so.
fn scheme_hint(p: &mut MessageBuffer<'_, '_>, e: &CheckError) -> fmt::Result {
    match e.scheme {
        SchemeNote::None | SchemeNote::InPercent => Ok(()),
        SchemeNote::Empty => p.str("; a scheme before ':' cannot be empty"),
        SchemeNote::FirstNotLetter => {
            p.str("; a scheme starts with a letter (RFC 3986 section 3.1)")
        }
    }
}

/// Whether `rule` matches `a:`, a scheme alone: whether it allows a
/// scheme at its start. By the plain walk, which two bytes take anyway,
/// so that a program formatting errors does not link the accelerated
/// walk over bytes (`Rule::recognize`), a second copy of the one over
/// text that parsing uses (as `scheme_note` and `components::is_ipv4`
/// do).
fn allows_scheme(rule: &Rule) -> bool {
    rule.recognize_plain(b"a:").is_ok()
}

/// Whether `prefix` ends in `%` or `%` and a hex digit (the grammar's
/// `HEXDIG`, as the state that expects one more says).
fn ends_in_percent(prefix: &[u8]) -> bool {
    match prefix {
        [.., b'%'] => true,
        [.., b'%', h] => class::is_hexdig(char::from(*h)),
        _ => false,
    }
}

/// Judges `prefix` (the text before a rejected ':') with the generated
/// `scheme` recognizer: with a letter put in front, would it be a scheme?
fn scheme_note(prefix: &[u8]) -> SchemeNote {
    if prefix.is_empty() {
        return SchemeNote::Empty;
    }
    let mut buf = [b'a'; 64];
    let Some(slot) = buf.get_mut(1..=prefix.len()) else {
        return SchemeNote::None;
    };
    slot.copy_from_slice(prefix);
    if rules::SCHEME.recognize_plain(&buf[..=prefix.len()]).is_ok() {
        SchemeNote::FirstNotLetter
    } else {
        SchemeNote::None
    }
}

/// `expected ipchar, '#', '/', '?' or the end of the input, found ' '
/// (U+0020) at byte 10 in isegment; percent-encode it as %20`.
impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Message {
            error: self,
            offset: true,
        }
        .fmt(f)
    }
}

/// `core::error::Error` is the `std::error::Error` trait (re-exported by
/// `std`), so this holds without the `std` feature too.
impl core::error::Error for CheckError {}

#[cfg(test)]
mod tests {
    use crate::check_bytes;
    use crate::grammar::rules::IRI_REFERENCE;

    use super::Found;

    fn at(input: &[u8]) -> (usize, Found) {
        let e = check_bytes(&IRI_REFERENCE, input).unwrap_err();
        (e.offset(), e.found())
    }

    /// On text, `locate_in_text` finds what `locate` finds, at every
    /// offset of characters of every UTF-8 length, the end and past it.
    #[test]
    fn locating_in_text_is_locating_in_its_bytes() {
        for text in [
            "",
            "a",
            "é",
            "a€b",
            "𐍈x",
            "x/é€𐍈?#",
            "€€",
            "ab\u{85}c\u{FFFE}",
        ] {
            for offset in 0..=text.len() + 1 {
                assert_eq!(
                    super::locate_in_text(text, offset),
                    super::locate(text.as_bytes(), text.len(), offset),
                    "{text:?} at {offset}"
                );
            }
        }
    }

    /// The error built from the walk's state without a note
    /// (`located`'s common case) is the one built by walking the prefix
    /// again and judging every note (`noted`, as `in_text` does), on
    /// random text full of `:` and `%` (the notes' triggers).
    #[test]
    fn the_walks_error_is_the_error_found_again() {
        use super::CheckError;
        use crate::grammar::rules::{IHOST, IRI, IRI_REFERENCE, SCHEME};
        let pieces = [
            "a", "/", "//", "%", "%4", "%41", "?", "#", ":", " ", "[", "é", "😀", "1",
        ];
        let mut next = crate::test_rng::xorshift(0x9E37_79B9_7F4A_7C15);
        let (mut checked, mut noted) = (0, 0);
        for _ in 0..20_000 {
            let mut text = alloc::string::String::new();
            for _ in 0..next() % 10 {
                text.push_str(pieces[(next() >> 32) as usize % pieces.len()]);
            }
            for rule in [&IRI_REFERENCE, &IRI, &IHOST, &SCHEME] {
                let Err(reject) = rule.reject_str(&text) else {
                    continue;
                };
                let fast = CheckError::rejected(rule, &text, reject);
                assert_eq!(
                    fast,
                    CheckError::in_text(rule, &text, reject.offset),
                    "{text:?} in {}",
                    rule.name()
                );
                checked += 1;
                noted += usize::from(fast.scheme != super::SchemeNote::None);
            }
        }
        assert!(checked > 20_000 && noted > 1_000, "{checked} {noted}");
    }

    /// `valid_before` decodes only the bytes around the offset; it must
    /// say what decoding the whole prefix says, wherever a DFA stops.
    #[test]
    fn valid_before_agrees_with_decoding_the_whole_prefix() {
        use crate::grammar::rules::{IHOST, IRI, IRI_REFERENCE, URI_REFERENCE};
        let pieces: [&[u8]; 14] = [
            b"a",
            b"/",
            b"%4",
            b"?",
            b"#",
            b"http://",
            b":",
            b" ",
            "é".as_bytes(),
            "日本".as_bytes(),
            "😀".as_bytes(),
            "\u{FFFE}".as_bytes(),
            b"\xE6\x97",
            b"\xFF",
        ];
        // Drawn from the generator each time (a seed read for the length
        // before it moves stays at a multiple of 12 once it reaches one,
        // and every input after it is empty).
        let mut next = crate::test_rng::xorshift(0x2545_F491_4F6C_DD1D);
        let mut checked = 0;
        let mut longest = 0;
        for _ in 0..20_000 {
            let mut input = alloc::vec::Vec::new();
            for _ in 0..next() % 12 {
                input.extend_from_slice(pieces[(next() >> 32) as usize % pieces.len()]);
            }
            longest = longest.max(input.len());
            for rule in [&IRI_REFERENCE, &IRI, &URI_REFERENCE, &IHOST] {
                let Err(offset) = rule.recognize(&input) else {
                    continue;
                };
                let end = input.len().min(offset + 4);
                let whole = match core::str::from_utf8(&input[..end]) {
                    Ok(_) => end,
                    Err(e) => e.valid_up_to(),
                };
                assert_eq!(
                    super::valid_before(&input, offset),
                    whole,
                    "{input:?} at {offset}"
                );
                checked += 1;
            }
        }
        assert!(checked > 15_000 && longest > 20, "{checked} {longest}");
    }

    #[test]
    fn rejected_character_is_reported_at_its_first_byte() {
        // U+FFFE: the DFA notices only at the third byte.
        assert_eq!(at("ab\u{FFFE}".as_bytes()), (2, Found::Char('\u{FFFE}')));
        assert_eq!(at(b"a b"), (1, Found::Char(' ')));
        assert_eq!(at(b"%4"), (2, Found::End));
    }

    #[test]
    fn ill_formed_utf8_is_reported_where_it_starts() {
        assert_eq!(at(b"\xC3\xA9t\x80x"), (3, Found::InvalidUtf8(0x80)));
        assert_eq!(at(b"\xC3\xA9\x80"), (2, Found::InvalidUtf8(0x80)));
        assert_eq!(at(b"a\xC3(b"), (1, Found::InvalidUtf8(0xC3)));
        assert_eq!(at(b"ab\xE9"), (2, Found::InvalidUtf8(0xE9)));
        assert_eq!(at(b"\xFF"), (0, Found::InvalidUtf8(0xFF)));
        // A grammar error before the malformation is reported as such.
        assert_eq!(at(b"a b\xFF"), (1, Found::Char(' ')));
    }

    /// `locate` decodes at most four bytes and `new` validates only up to
    /// four bytes past the DFA's offset: the same answer as validating and
    /// decoding the whole input, on random bytes (pieces of characters,
    /// whole ones, malformations, delimiters), for bytes and for text.
    #[test]
    fn errors_read_no_more_than_the_character_at_the_offset() {
        let pieces: [&[u8]; 14] = [
            b"a",
            b"/",
            b":",
            b"%4",
            b"1",
            b" ",
            b"\xC3",
            b"\xA9",
            b"\xE6\x97\xA5",
            b"\xF0\x9F\x98\x80",
            b"\xEF\xBF\xBE",
            b"\xED\xA0\x80",
            b"\xFF",
            b"#",
        ];
        let mut next = crate::test_rng::xorshift(0xE44);
        for _ in 0..20_000 {
            let len = (next() % 12) as usize;
            let input: alloc::vec::Vec<u8> = (0..len)
                .flat_map(|_| {
                    pieces[(next() % pieces.len() as u64) as usize]
                        .iter()
                        .copied()
                })
                .collect();
            let Err(dfa) = IRI_REFERENCE.recognize_plain(&input) else {
                continue;
            };
            let valid =
                core::str::from_utf8(&input).map_or_else(|e| e.valid_up_to(), |_| input.len());
            let expected = if valid < input.len() && valid <= dfa {
                (valid, Found::InvalidUtf8(input[valid]))
            } else if dfa >= input.len() {
                (input.len(), Found::End)
            } else {
                let text = core::str::from_utf8(&input[..valid]).unwrap();
                let start = (0..=dfa).rev().find(|&i| text.is_char_boundary(i)).unwrap();
                (start, Found::Char(text[start..].chars().next().unwrap()))
            };
            assert_eq!(at(&input), expected, "{input:02X?}");
            if let Ok(text) = core::str::from_utf8(&input) {
                let e = crate::check(&IRI_REFERENCE, text).unwrap_err();
                assert_eq!((e.offset(), e.found()), expected, "{text:?}");
                // The same error, state and all, from bytes as from text.
                assert_eq!(check_bytes(&IRI_REFERENCE, &input), Err(e), "{text:?}");
            }
        }
    }

    #[test]
    fn characters_that_would_garble_a_line_are_named_by_code_point_once() {
        use alloc::string::ToString;
        let name = |c| Found::Char(c).to_string();
        assert_eq!(name(' '), "' ' (U+0020)");
        assert_eq!(name('é'), "'é' (U+00E9)");
        assert_eq!(name('\t'), "U+0009");
        assert_eq!(name('\u{202E}'), "U+202E");
        assert_eq!(name('\u{2067}'), "U+2067");
        assert_eq!(name('\u{2003}'), "U+2003");
    }
}
