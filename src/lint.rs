//! Lint: every SHOULD and MUST NOT of RFC 3987 sections 4, 5.3, 6.1, 7.5
//! and 8, and those of RFC 3986 that a valid IRI can break (sections 2.1,
//! 3.2.1, 3.2.3, 7.5, 7.6: lower-case `%hh`, passwords, default ports, a
//! userinfo posing as the host), that the grammar does not already
//! enforce, as warnings.
//!
//! # The idea
//!
//! A string can match `IRI-reference` and still be a bad IRI: one that
//! renders misleadingly, that two people would type differently, or that
//! a careless decoder reads as something else. The RFC says so in prose,
//! not in ABNF; [`IriRef::lint`] turns that prose into [`Warning`]s, each
//! with a stable [`Code`], the [`Component`] it is in, a byte range and a
//! message citing the section.
//!
//! ```
//! use rfc3987::lint::Code;
//! use rfc3987::IriRef;
//!
//! // Section 8's example of an overlong UTF-8 sequence, and full-width Latin.
//! let iri = IriRef::parse("HTTP://example.org/%C0%AF../ｆｉｌｅ")?;
//! let codes: Vec<_> = iri.lint().iter().map(|w| w.code().as_str()).collect();
//! assert_eq!(codes, ["uppercase-scheme", "pct-overlong", "not-nfkc"]);
//! let w = &iri.lint()[1];
//! assert_eq!(w.range(), 19..25);
//! assert_eq!(w.to_string(), "pct-overlong [path 19..25]: %C0%AF is an overlong UTF-8 form of '/' (U+002F), which a lax decoder reads as that character (section 8)");
//! // The RFC's own examples that follow the rules are clean.
//! assert!(IriRef::parse("http://résumé.example.org/引き出し?page=2#第1章")?.lint().is_empty());
//! // A Punycode homograph is flagged as its Unicode form is: Cyrillic
//! // `аррӏе` beside the Latin `com` reads "apple".
//! let spoof = IriRef::parse("http://xn--80ak6aa92e.com/")?.lint();
//! assert_eq!(spoof[0].code(), Code::Confusable);
//! assert_eq!(spoof[0].range(), 7..21);
//! # Ok::<(), rfc3987::ParseError>(())
//! ```
//!
//! # The warnings
//!
//! | code | fires on | section |
//! | --- | --- | --- |
//! | `bidi-formatting` | a bidi formatting character (`Bidi_Control`) written as itself | 4.1 MUST NOT |
//! | `invisible` | an invisible format character written as itself (U+200B ZERO WIDTH SPACE, U+2060 WORD JOINER, U+FEFF, U+00AD SOFT HYPHEN; not U+180E MONGOLIAN VOWEL SEPARATOR, which shapes words), and a joiner U+200C or U+200D that joins nothing where it stands (`/\u{200C}`, `a\u{200C}b`; not in Persian `می‌خواهم`, Devanagari `क्‍ष` or an emoji sequence) | 6.1 b, 8 |
//! | `bidi-mixed` | a component with right-to-left and left-to-right characters | 4.2 rule 1 |
//! | `bidi-rtl-ends` | a right-to-left component that starts or ends otherwise | 4.2 rule 2 |
//! | `bidi-number-label` | a host label of numbers in a host with right-to-left labels | 4.4 example 10 ("allowed but not recommended") |
//! | `not-nfc` | a component (percent-decoded) not in NFC | 5.3.2.2, 7.5, 8 |
//! | `not-nfkc` | a component in NFC but not NFKC: ligatures, full-width Latin, half-width Katakana | 6.1 b, 7.5 |
//! | `mixed-script` | a component mixing scripts that no language uses together | 7.5, 8 |
//! | `confusable` | a UTS 39 mixed-script confusable (any part), or a whole-script confusable with Latin (a host label beside Latin labels) | 6.1 b, 7.5, 8 |
//! | `pct-not-utf8` | `%HH` octets that are not UTF-8 | 3.2, 6.4, 8 |
//! | `pct-overlong` | an overlong UTF-8 form, such as `%C0%AF` for `/` | 8 |
//! | `pct-unreserved` | a percent-encoded ASCII `unreserved` character (`%41`) | 5.3.2.3 |
//! | `pct-should-show` | a percent-encoded character an IRI would show (in an IRI that already uses non-ASCII characters) | 3.2, 7.5 |
//! | `uppercase-scheme` | upper-case letters in the scheme | 5.3.2.1 |
//! | `uppercase-host` | upper-case letters in a registered name: US-ASCII ones, or any script's in a domain name (`MÜNCHEN.de`, `ПРИМЕР.рф`) | 5.3.2.1, 5.3.3, 7.5 |
//! | `idn-invalid` | a host of a domain-name scheme that is not a valid domain name (US-ASCII ones too), with the rule that failed | 3.1 |
//! | `idna2008` | a host label of a domain-name scheme, valid for UTS 46, with a code point IDNA2008 disallows (a symbol or an emoji, `∕` that looks like `/`, a conjoining jamo, U+0640 TATWEEL) or a CONTEXTO one out of its context (`a·b`) | 3.1, 8; RFC 5891, RFC 5892 |
//! | `default-port` | a port that is empty or the scheme's default (`http://a:80/`, `https://a:/`; the schemes of [`crate::scheme::STANDARD`]) | 5.3.3; RFC 3986 section 3.2.3 (a SHOULD of producers) |
//! | `pct-lowercase` | `%HH` with lower-case hexadecimal digits (`%c3%a9`) | 5.3.2.1; RFC 3986 section 2.1 (a SHOULD of producers) |
//! | `dot-segments` | a `.` or `..` segment in the path of an IRI with a scheme (`http://a/b/../c`): "intended only for use within relative references", and left in place by implementations that do not resolve an IRI | 5.3.2.4 |
//! | `password` | a password after the `:` of the userinfo (not quoted in the message) | 8; RFC 3986 sections 3.2.1 ("deprecated") and 7.5 |
//! | `userinfo-host` | a userinfo that reads as a domain name (`http://www.example.com@evil.example/`), which a reader takes for the host | 8; RFC 3986 section 7.6 |
//! | `ipv4-like` | a host of a domain-name scheme whose last label is a number: not RFC 3986's dotted-decimal `IPv4address`, so a registered name, which browsers read as an IPv4 address (`0x7f.0.0.1`, `127.1`, `2130706433`) or reject (`256.256.256.256`, `example.123`) | 8; RFC 3986 section 7.4 |
//!
//! # Readings
//!
//! - **Components** are those of [`crate::bidi`]: labels of a registered
//!   name, path segments split into name and extensions, query names and
//!   values, the userinfo and the fragment. `bidi-*`, `mixed-script` and
//!   `confusable` look at these parts; `not-nfc`, `not-nfkc` and `pct-*`
//!   at whole components.
//! - **Percent-encoding**: the bidi rules read the text as written (see
//!   [`crate::bidi`]); the normalization, script and confusable checks read
//!   the characters the component denotes, `%HH` runs decoded as UTF-8
//!   (octets that are not UTF-8 read as U+FFFD), also where the component
//!   is US-ASCII as written (`p%D0%B0ypal`).
//! - **`not-nfkc`** fires only when `not-nfc` does not: text not in NFC is
//!   not in NFKC either. Section 7.5 allows exceptions (a search for a word
//!   written with a ligature); the lint cannot know them, it warns. It
//!   does not warn on the five letters NFKC decomposes that are their
//!   language's ordinary spelling, not typographic variants (Thai SARA AM
//!   of `น้ำ`, Lao AM, HO NO and HO MO, the Armenian `և` of `Երևան`), nor
//!   on the Korean letters typed alone (`ㅋㅋㅋ`, Hangul Compatibility
//!   Jamo).
//! - **`mixed-script`** follows UTS 39's "highly restrictive" level: a
//!   component is fine when one script covers it (Japanese counts Han,
//!   Hiragana and Katakana as one, Korean Han and Hangul), or when it is
//!   Latin plus one of those Asian sets; Latin with Cyrillic or Greek, the
//!   section's own example, is not. A host label is one identifier, as
//!   UTS 39 reads it; the other parts are text, read word by word (runs of
//!   letters, marks, numbers and joiners between punctuation, symbols and
//!   spaces): a Russian title that names `Doctor_Who` or `HTML5` mixes
//!   words of two scripts, not scripts in a word, while `pаypal` with a
//!   Cyrillic `а` is flagged anywhere. The mixed-script form of
//!   `confusable` reads words the same way.
//! - **`confusable`** follows UTS 39 section 4: a look-alike across
//!   scripts, never within one. A *mixed-script confusable* (checked on
//!   every part) has characters of several scripts, which no one script
//!   covers as `mixed-script` reads them, and a skeleton of one: `pаypal`
//!   with a Cyrillic `а` reads `paypal`, while the Japanese `一ノ瀬` or
//!   `聞く` (Han and kana, whose skeletons hold `ー`, `/` and `❬`) is one
//!   script. Where the skeleton is Latin, the letters of other scripts must
//!   read as US-ASCII letters, as a spoof of a Latin name's are:
//!   `КиберPunk` (`Kᴎ6epPunk`) is two words run together, `mixed-script`
//!   only. A *whole-script
//!   confusable* (checked on host labels only, when another label of the
//!   host has Latin letters, as a `.com` does) is all of one script other
//!   than Latin, each letter a look-alike of a US-ASCII letter: Cyrillic
//!   `аррӏе.com` reads `apple.com`. Latin in Unicode holds more than host
//!   names are written in, so a skeleton with IPA letters, small capitals,
//!   marks, or digits that were letters is no name to spoof: Russian
//!   `мир` (`ʍᴎp`), `сбер` (`c6ep`) and Greek `αθήνα` are words. A Russian word in a path, or under `.рф`, is a
//!   word, not a spoof, and a Latin word whose only look-alike is its own
//!   script's spelling (`cœur` and `coeur`, `Æble` and `AEble`) is
//!   spelling. Confusions inside ASCII (`br0ken`, `1ame`, section 7.5)
//!   are left to people.
//! - **Host labels** are read in their Unicode form: an `xn--` label
//!   (any case) that decodes is checked for `mixed-script`, `confusable`
//!   and the bidi rules of section 4.2 as its Unicode form is (the
//!   Punycode homograph is the spoof section 8 worries about most); the
//!   warning's range is the label as written.
//! - **`pct-should-show`** is limited to IRIs that already contain a
//!   non-ASCII character: a URI (all ASCII) is a legitimate form of an IRI
//!   (section 3.1), but an IRI that shows some characters and hides others
//!   is only half converted. A character to_iri would keep encoded (a bidi
//!   formatting character, a space, a compatibility variant, a combining
//!   mark) never fires.
//! - **`idn-invalid`** applies to every host of the schemes whose hosts
//!   are domain names ([`crate::scheme::STANDARD`]'s `dns_host`: `http`,
//!   `https`, `ws`, `wss`, `ftp`, `file`), US-ASCII ones too (bad
//!   Punycode, `-` first or last, a label over 63 octets, a name over
//!   253), with the check and the profile of [`crate::mapping`]'s IDNA
//!   section; the message is [`crate::mapping::MappingError::Idna`]'s, with its
//!   offset in the input, and names the rule that failed
//!   ([`crate::mapping::IdnaReason`]). It fires where `iri to-uri
//!   --idna` fails: section 4.4's example 10 (a label of numbers beside
//!   right-to-left labels) is both `bidi-number-label`, RFC 3987's "allowed
//!   but not recommended", and `idn-invalid`, since IDNA's bidi rule
//!   rejects the host. Where the bidi rule fails, the message adds which
//!   of its six conditions (RFC 5893 section 2) and the character at
//!   fault (`src/lint/bidi_rule.rs`): `a١` keeps an Arabic-Indic digit
//!   in a left-to-right label (condition 5).
//! - **`idna2008`** reads each label of such a host that UTS 46 accepts
//!   (else `idn-invalid` fires) in its UTS 46 form (mapped, `xn--`
//!   decoded), with IDNA2008's derived property and CONTEXTO rules
//!   (`src/lint/idna2008.rs`): registries and IDNA2008 software refuse
//!   what browsers accept. The message names the label, the code point,
//!   its byte in the input (or its place in the mapped form) and the rule,
//!   and says when UTS 39 makes it a look-alike of a delimiter (`∕` of
//!   `/`, `‧` of `.`), the mark of a spoof that fakes where the host ends.
//! - **`ipv4-like`** reads a host of those schemes as the WHATWG URL
//!   standard does (`src/lint/ipv4.rs`): percent-decoded, mapped by UTS 46,
//!   a host whose last label is a number is an IPv4 address in the forms
//!   of `inet_aton` (hexadecimal, octal, fewer than four parts) or
//!   nothing. The message says which address, or why it is rejected;
//!   `123.example` and `web2.0.example` end in a name and are names.
//! - **`bidi-formatting`** is one warning per component, from the first
//!   such character to the last, with their count.
//! - **Many findings**: after the first eight warnings of one code, the
//!   next ones in the same component stretch the eighth over their range
//!   and are counted in its message (`(and N more like it, up to byte
//!   E)`), so that a hostile input gives a few warnings, not one per
//!   character.
//!
//! # Cost
//!
//! Linear in the length of the input: each check is one pass over a
//! component, the normalization checks stop at the first change, and
//! quoted text in messages is at most 40 characters. Runs of adjacent
//! `%HH` triplets that fire the same code give one warning, and warnings
//! coalesce as the readings say: memory and output stay a small multiple
//! of the input (`tests/linear_time.rs` bounds the heap at 16 bytes per
//! input byte).

use alloc::borrow::Cow;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::{self, Write as _};
use core::ops::Range;

use icu_normalizer::ComposingNormalizerBorrowed;

use crate::bidi::bidi_class;
use crate::bidi::is_rtl;
use crate::bidi::{
    check_part, for_each_part, offset_in, part_restrictions, Restriction, Split, Violation,
};
use crate::chars::{
    is_compatibility_variant, is_invisible_format, is_orthographic_compatibility, is_scriptless,
    script, script_name,
};
use crate::confusable::{
    confusable, has_latin_label, label_to_unicode, unicode_label, words, Confusion,
};
use crate::grammar::class;
use crate::mapping::{
    check_host, is_ace, is_bidi_formatting, joins_in_part, IdnaReason, MappingError, Quoted, ToIri,
    LABEL_SEPARATORS,
};
use icu_properties::props::BidiClass;

use crate::percent::{self, Piece};
use crate::scheme::STANDARD;
use crate::{Found, Host, IriRef, ParseError};

/// What a [`Warning`] is about. [`as_str`](Self::as_str) is the stable
/// name `iri lint` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Code {
    /// `bidi-formatting`: a bidi formatting character (section 4.1).
    BidiFormatting,
    /// `invisible`: an invisible format character (section 6.1 b).
    Invisible,
    /// `bidi-mixed`: section 4.2, rule 1.
    BidiMixed,
    /// `bidi-rtl-ends`: section 4.2, rule 2.
    BidiRtlEnds,
    /// `bidi-number-label`: section 4.4, example 10.
    BidiNumberLabel,
    /// `not-nfc`: not in Normalization Form C.
    NotNfc,
    /// `not-nfkc`: in NFC, not in NFKC.
    NotNfkc,
    /// `mixed-script`: scripts no language uses together.
    MixedScript,
    /// `confusable`: looks like an ASCII name.
    Confusable,
    /// `pct-not-utf8`: percent-encoded octets that are not UTF-8.
    PctNotUtf8,
    /// `pct-overlong`: an overlong UTF-8 form.
    PctOverlong,
    /// `pct-unreserved`: a percent-encoded ASCII unreserved character.
    PctUnreserved,
    /// `pct-should-show`: a percent-encoded character an IRI shows.
    PctShouldShow,
    /// `uppercase-scheme`.
    UppercaseScheme,
    /// `uppercase-host`.
    UppercaseHost,
    /// `idn-invalid`: a host label IDNA rejects.
    IdnInvalid,
    /// `ipv4-like`: a registered name a browser reads as an IPv4 address,
    /// or rejects as a malformed one (RFC 3986 section 7.4).
    Ipv4Like,
    /// `idna2008`: a host label with a code point IDNA2008 (RFC 5892)
    /// does not allow there, though UTS 46 does.
    Idna2008,
    /// `default-port`: a port that is empty or the scheme's default
    /// (RFC 3986 section 3.2.3).
    DefaultPort,
    /// `pct-lowercase`: `%HH` written with lower-case hexadecimal digits
    /// (RFC 3986 section 2.1).
    PctLowercase,
    /// `dot-segments`: a `.` or `..` segment in the path of an IRI with a
    /// scheme (section 5.3.2.4).
    DotSegments,
    /// `password`: a password in the userinfo (RFC 3986 sections 3.2.1
    /// and 7.5).
    Password,
    /// `userinfo-host`: a userinfo that reads as a host name, before the
    /// real host (RFC 3986 section 7.6).
    UserinfoHost,
}

impl Code {
    /// Every code, in the order of the module docs' table.
    pub const ALL: [Code; 23] = [
        Code::BidiFormatting,
        Code::Invisible,
        Code::BidiMixed,
        Code::BidiRtlEnds,
        Code::BidiNumberLabel,
        Code::NotNfc,
        Code::NotNfkc,
        Code::MixedScript,
        Code::Confusable,
        Code::PctNotUtf8,
        Code::PctOverlong,
        Code::PctUnreserved,
        Code::PctShouldShow,
        Code::UppercaseScheme,
        Code::UppercaseHost,
        Code::IdnInvalid,
        Code::Ipv4Like,
        Code::Idna2008,
        Code::DefaultPort,
        Code::PctLowercase,
        Code::DotSegments,
        Code::Password,
        Code::UserinfoHost,
    ];

    /// The stable name: `bidi-formatting`, `not-nfc`, ...
    pub fn as_str(self) -> &'static str {
        match self {
            Code::BidiFormatting => "bidi-formatting",
            Code::Invisible => "invisible",
            Code::BidiMixed => "bidi-mixed",
            Code::BidiRtlEnds => "bidi-rtl-ends",
            Code::BidiNumberLabel => "bidi-number-label",
            Code::NotNfc => "not-nfc",
            Code::NotNfkc => "not-nfkc",
            Code::MixedScript => "mixed-script",
            Code::Confusable => "confusable",
            Code::PctNotUtf8 => "pct-not-utf8",
            Code::PctOverlong => "pct-overlong",
            Code::PctUnreserved => "pct-unreserved",
            Code::PctShouldShow => "pct-should-show",
            Code::UppercaseScheme => "uppercase-scheme",
            Code::UppercaseHost => "uppercase-host",
            Code::IdnInvalid => "idn-invalid",
            Code::Ipv4Like => "ipv4-like",
            Code::Idna2008 => "idna2008",
            Code::DefaultPort => "default-port",
            Code::PctLowercase => "pct-lowercase",
            Code::DotSegments => "dot-segments",
            Code::Password => "password",
            Code::UserinfoHost => "userinfo-host",
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The component a [`Warning`] is in (never the authority: warnings
/// point at its parts).
pub use crate::Component;

/// One warning of [`IriRef::lint`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Warning {
    code: Code,
    component: Component,
    range: Range<usize>,
    message: String,
    /// How many more warnings of this code this one stands for (adjacent
    /// parts of the same component).
    more: usize,
}

impl Warning {
    /// What it is about.
    pub fn code(&self) -> Code {
        self.code
    }

    /// Where it is.
    pub fn component(&self) -> Component {
        self.component
    }

    /// The byte range in the IRI's text of what it is about: a character,
    /// a run of `%HH` triplets, a part of a component or a whole one.
    pub fn range(&self) -> Range<usize> {
        self.range.clone()
    }

    /// The explanation, citing the section (without the code and range).
    pub fn message(&self) -> &str {
        &self.message
    }
}

/// `CODE [COMPONENT START..END]: MESSAGE`.
impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} [{} {}..{}]: {}",
            self.code, self.component, self.range.start, self.range.end, self.message
        )
    }
}

/// Parses `text` as an `IRI-reference` and lints it ([`IriRef::lint`]).
pub fn lint(text: &str) -> Result<Vec<Warning>, ParseError> {
    Ok(IriRef::parse(text)?.lint())
}

impl<T: AsRef<str>> IriRef<T> {
    /// The warnings of this IRI reference, ordered by where they start
    /// (then by [`Code`]); empty when it follows every rule the module
    /// docs list.
    pub fn lint(&self) -> Vec<Warning> {
        let mut lint = Linter {
            text: self.as_str(),
            warnings: Vec::new(),
            last: [None; Code::ALL.len()],
            seen: [0; Code::ALL.len()],
            components: Vec::new(),
        };
        lint.find_components(self);
        lint.scheme(self);
        lint.host(self);
        lint.port(self);
        lint.dot_segments(self);
        lint.userinfo(self);
        lint.characters();
        lint.bidi(self);
        lint.parts(self);
        lint.whole_components();
        let mut warnings = lint.warnings;
        for w in &mut warnings {
            if w.more > 0 {
                let _ = write!(
                    w.message,
                    " (and {} more like it, up to byte {})",
                    w.more, w.range.end
                );
            }
        }
        warnings.sort_by_key(|w| (w.range.start, w.code));
        warnings
    }
}

/// How many warnings of one code are kept apart before adjacent ones
/// coalesce ([`Linter::warn`]).
const SEPARATE: usize = 8;

struct Linter<'t> {
    text: &'t str,
    warnings: Vec<Warning>,
    /// The index in `warnings` of the last warning of each code.
    last: [Option<usize>; Code::ALL.len()],
    /// How many warnings of each code were asked for.
    seen: [usize; Code::ALL.len()],
    /// The present components other than the scheme and port, with their
    /// ranges, in order.
    components: Vec<(Component, Range<usize>)>,
}

impl<'t> Linter<'t> {
    /// Adds a warning. Past the first [`SEPARATE`] of `code`, when the
    /// last warning of `code` is in the same component, it stretches that
    /// one over `range` and counts it instead (so that a hostile input of
    /// many findings yields a few warnings per code and component, and
    /// memory and output stay a small multiple of the input).
    fn warn(&mut self, code: Code, component: Component, range: Range<usize>, message: String) {
        let seen = &mut self.seen[code as usize];
        *seen += 1;
        if *seen > SEPARATE {
            if let Some(i) = self.last[code as usize] {
                let last = &mut self.warnings[i];
                if last.component == component && last.range.end <= range.end {
                    last.range.end = range.end;
                    last.more += 1;
                    return;
                }
            }
        }
        self.last[code as usize] = Some(self.warnings.len());
        self.warnings.push(Warning {
            code,
            component,
            range,
            message,
            more: 0,
        });
    }

    fn range_of(&self, part: &str) -> Range<usize> {
        let start = offset_in(self.text, part);
        start..start + part.len()
    }

    fn find_components<T: AsRef<str>>(&mut self, iri: &IriRef<T>) {
        let c = iri.components();
        let all = [
            (Component::Scheme, c.scheme),
            (Component::Userinfo, c.userinfo),
            (Component::Host, c.host),
            (Component::Port, c.port),
            (Component::Path, Some(c.path)),
            (Component::Query, c.query),
            (Component::Fragment, c.fragment),
        ];
        for (component, text) in all {
            if let Some(text) = text {
                let range = self.range_of(text);
                self.components.push((component, range));
            }
        }
    }

    /// The component holding byte `offset`.
    fn component_at(&self, offset: usize) -> Component {
        self.components
            .iter()
            .find(|(_, range)| range.contains(&offset))
            .map_or(Component::Path, |(component, _)| *component)
    }

    fn scheme<T: AsRef<str>>(&mut self, iri: &IriRef<T>) {
        let Some(scheme) = iri.scheme() else {
            return;
        };
        if scheme.bytes().any(|b| b.is_ascii_uppercase()) {
            let message = format!(
                "the scheme '{}' has upper-case letters, write '{}' (section 5.3.2.1: schemes are normalized to lowercase, RFC 3986 section 3.1)",
                Quoted(scheme),
                Quoted(&scheme.to_ascii_lowercase())
            );
            self.warn(
                Code::UppercaseScheme,
                Component::Scheme,
                self.range_of(scheme),
                message,
            );
        }
    }

    /// RFC 3986 section 3.2.3: "URI producers and normalizers should omit
    /// the port component and its ':' delimiter if port is empty or if its
    /// value would be the same as that of the scheme's default" (the
    /// schemes of [`STANDARD`]; `:080` is `:80`), as scheme-based
    /// normalization does (section 5.3.3). The range covers the `:`.
    fn port<T: AsRef<str>>(&mut self, iri: &IriRef<T>) {
        let Some(port) = iri.components().port else {
            return;
        };
        let why = if port.is_empty() {
            String::from("the port is empty")
        } else {
            let scheme = iri.scheme().unwrap_or("");
            let default = STANDARD.lookup(scheme).and_then(|s| s.default_port());
            match default {
                Some(default) if port.parse::<u16>() == Ok(default) => format!(
                    "':{}' is the default port of '{}'",
                    Quoted(port),
                    Quoted(scheme)
                ),
                _ => return,
            }
        };
        let range = self.range_of(port);
        let message = format!(
            "{why}: leave the ':' and the port out (RFC 3986 section 3.2.3: producers should omit an empty or default port; section 5.3.3: scheme-based normalization removes it)"
        );
        self.warn(
            Code::DefaultPort,
            Component::Port,
            range.start - 1..range.end,
            message,
        );
    }

    /// Section 5.3.2.4: "The complete path segments "." and ".." are
    /// intended only for use within relative references", and some
    /// implementations fail to remove them from a path that is not
    /// relative. One warning over the path's dot segments, from the first
    /// to the last, in an IRI with a scheme; the message gives the path
    /// as normalization writes it.
    fn dot_segments<T: AsRef<str>>(&mut self, iri: &IriRef<T>) {
        if iri.scheme().is_none() {
            return;
        }
        let path = iri.path();
        let mut dots = path
            .split('/')
            .scan(0, |start, segment| {
                let at = *start;
                *start += segment.len() + 1;
                Some((at, segment))
            })
            .filter(|(_, segment)| matches!(*segment, "." | ".."));
        let Some((first, segment)) = dots.next() else {
            return;
        };
        let (count, last) = dots.fold((1, first + segment.len()), |(n, _), (at, s)| {
            (n + 1, at + s.len())
        });
        let mut removed = String::new();
        crate::resolve::remove_dot_segments(path, &mut removed);
        let more = match count {
            1 => String::new(),
            n => format!(" and {} more", n - 1),
        };
        let message = format!(
            "the segment '{segment}'{more} in the path of an IRI: '.' and '..' are intended only for relative references, write the path '{}' (section 5.3.2.4: implementations that take an IRI as resolved may leave them in place)",
            Quoted(&removed)
        );
        let start = self.range_of(path).start;
        self.warn(
            Code::DotSegments,
            Component::Path,
            start + first..start + last,
            message,
        );
    }

    /// RFC 3986 section 3.2.1: "Use of the format "user:password" in the
    /// userinfo field is deprecated" (section 7.5: URIs are displayed,
    /// bookmarked and logged); the message does not repeat the password.
    /// Section 7.6: a userinfo that reads as a domain name
    /// (`ftp://cnn.example.com&story=breaking_news@10.0.0.1/`) makes a
    /// reader take it for the host.
    fn userinfo<T: AsRef<str>>(&mut self, iri: &IriRef<T>) {
        let Some(userinfo) = iri.components().userinfo else {
            return;
        };
        let range = self.range_of(userinfo);
        let (user, password) = match userinfo.split_once(':') {
            Some((user, password)) => (user, password),
            None => (userinfo, ""),
        };
        if !password.is_empty() {
            let start = range.start + user.len() + 1;
            let size = match password.len() {
                1 => String::from("1 byte"),
                n => format!("{n} bytes"),
            };
            let message = format!(
                "the userinfo holds a password ({size} after the ':', not shown): the form 'user:password' is deprecated, as IRIs are shown, bookmarked and logged in clear text (RFC 3986 sections 3.2.1 and 7.5, section 8)"
            );
            self.warn(
                Code::Password,
                Component::Userinfo,
                start..range.end,
                message,
            );
        }
        if let Some(name) = leading_domain_name(&decode(user)) {
            let host = iri.host().unwrap_or("");
            let message = format!(
                "the userinfo starts with '{}', which reads as a host name, but the host is '{}' (RFC 3986 section 7.6: a userinfo before the host can make a reader take it for the host; section 8)",
                Quoted(name),
                Quoted(host)
            );
            self.warn(
                Code::UserinfoHost,
                Component::Userinfo,
                range.start..range.start + user.len(),
                message,
            );
        }
    }

    fn host<T: AsRef<str>>(&mut self, iri: &IriRef<T>) {
        let Some(Host::RegName(host)) = iri.host_parsed() else {
            return;
        };
        let range = self.range_of(host);
        let dns = iri
            .scheme()
            .and_then(|s| STANDARD.lookup(s))
            .is_some_and(|s| s.dns_host());
        // A domain name is case-insensitive in every script (UTS 46 maps
        // `MÜNCHEN` and `ПРИМЕР` to lowercase); another registered name in
        // its US-ASCII letters (RFC 3986 section 6.2.2.1).
        let upper = percent::pieces(host).any(|p| {
            matches!(p, Piece::Literal(c) if c.is_ascii_uppercase() || (dns && c.is_uppercase()))
        });
        if upper {
            let lower: String = lowercase_literals(host, dns);
            let why = if dns {
                "section 5.3.3: a domain name is case-insensitive, and UTS 46 maps it to lowercase"
            } else {
                "section 5.3.2.1: registered names are case-insensitive and normalized to lowercase"
            };
            let message = format!(
                "the host '{}' has upper-case letters, write '{}' ({why}, section 7.5: lowercase is less ambiguous)",
                Quoted(host),
                Quoted(&lower)
            );
            self.warn(Code::UppercaseHost, Component::Host, range.clone(), message);
        }
        if !dns {
            return;
        }
        // Section 4.4, example 10: a label of numbers in a name with
        // right-to-left labels, "allowed but not recommended" by RFC 3987
        // and against the bidi rule of IDNA, reported as what it is.
        let mut number_label = None;
        let mut offset = range.start;
        let mut rtl = false;
        for label in host.split(LABEL_SEPARATORS) {
            rtl |= unicode_label(label).chars().any(is_rtl);
            let numbers = !label.is_empty()
                && label.chars().all(|c| {
                    matches!(
                        bidi_class(c),
                        BidiClass::EuropeanNumber | BidiClass::ArabicNumber
                    )
                });
            if numbers && number_label.is_none() {
                number_label = Some(offset..offset + label.len());
            }
            offset += label.len()
                + host[offset - range.start + label.len()..]
                    .chars()
                    .next()
                    .map_or(0, char::len_utf8);
        }
        if let Some(label) = number_label.filter(|_| rtl) {
            let message = format!(
                "the label '{}' is all numbers in a host with right-to-left labels: allowed but not recommended (section 4.4, example 10: its display order is unclear), and against the bidi rule of IDNA (RFC 5893)",
                Quoted(&self.text[label.clone()])
            );
            self.warn(Code::BidiNumberLabel, Component::Host, label, message);
        }
        self.ipv4_like(host, range.clone());
        let checked = check_host(host);
        if checked.is_ok() {
            self.idna2008(host, range.start);
        }
        if let Err(error) = checked {
            let error = error.shifted(range.start);
            let MappingError::Idna {
                offset: start,
                label,
                reason,
                ..
            } = &error
            else {
                return; // Checking a host fails only on IDNA.
            };
            let start = *start;
            let end = (start + label.len()).min(range.end);
            let which = if *reason == IdnaReason::Bidi {
                self.bidi_rule(start..end)
            } else {
                String::new()
            };
            let message = format!(
                "{error}{which} (section 3.1: a host that is a domain name must be valid for IDNA, RFC 3490, UTS 46)"
            );
            self.warn(Code::IdnInvalid, Component::Host, start..end, message);
        }
    }

    /// For an `idn-invalid` label at `range` that breaks the bidi rule:
    /// which condition of RFC 5893 section 2, and the character at fault
    /// (its byte in the input, or its place in the label's Unicode form).
    fn bidi_rule(&self, range: Range<usize>) -> String {
        let written = &self.text[range.clone()];
        let decoded = decode(written).to_lowercase();
        // Mapped as UTS 46 maps (case folded, NFC), without its validity
        // checks, which mark the characters at fault U+FFFD.
        let mapped = if is_ace(&decoded) {
            match idna::punycode::decode_to_string(&decoded[4..]) {
                Some(unicode) => unicode,
                None => return String::new(),
            }
        } else {
            ComposingNormalizerBorrowed::new_nfc()
                .normalize(&decoded)
                .into_owned()
        };
        let Some((rule, c, index)) = bidi_rule::violation(&mapped) else {
            return String::new();
        };
        let at = match written.find(c).filter(|_| !is_ace(&decoded)) {
            Some(i) => format!("at byte {}", range.start + i),
            None => format!("character {} of '{}'", index + 1, Quoted(&mapped)),
        };
        format!(
            "; here rule {rule} of RFC 5893 section 2, {}: {} {at} breaks it",
            bidi_rule::describe(rule),
            Found::Char(c)
        )
    }

    /// `ipv4-like`: the registered name `host` of a domain-name scheme, at
    /// `range`, read as a browser reads it ([`ipv4::reading`]) on its
    /// WHATWG form: `%HH` decoded, then UTS 46 ToASCII (full-width digits
    /// are digits), or as written where that fails.
    fn ipv4_like(&mut self, host: &str, range: Range<usize>) {
        let decoded = decode(host);
        let ascii = match idna::domain_to_ascii(&decoded) {
            Ok(ascii) => ascii,
            Err(_) if decoded.is_ascii() => decoded.to_ascii_lowercase(),
            Err(_) => return,
        };
        let Some(reading) = ipv4::reading(&ascii) else {
            return;
        };
        let why = "RFC 3986 section 7.4: rare IP address formats; section 8: two readers disagree on where the IRI leads";
        let message = match reading {
            ipv4::Reading::Address(address, forms) => {
                let mut how: Vec<String> = Vec::new();
                if forms.hex {
                    how.push(String::from("a hexadecimal part"));
                }
                if forms.octal {
                    how.push(String::from("an octal part, with a leading 0"));
                }
                if forms.parts > 0 {
                    let parts = if forms.parts == 1 { "part" } else { "parts" };
                    how.push(format!("{} {parts}, not four", forms.parts));
                }
                if how.is_empty() {
                    how.push(String::from("a trailing dot"));
                }
                let dotted = ipv4::dotted(address);
                format!(
                    "the host '{}' is no dotted-decimal IPv4address (RFC 3986 section 3.2.2) but a reg-name, which a browser reads as the IPv4 address {dotted} ({}; WHATWG URL host parsing), {why}: write {dotted}",
                    Quoted(host),
                    how.join(", ")
                )
            }
            ipv4::Reading::Rejected(index, reason) => {
                let part = ascii
                    .trim_end_matches('.')
                    .split('.')
                    .nth(index)
                    .unwrap_or("");
                let reason = match reason {
                    ipv4::Why::NotANumber => format!("'{}' is not a number", Quoted(part)),
                    ipv4::Why::TooLarge => format!("'{}' is too large for its place", Quoted(part)),
                    ipv4::Why::TooManyParts => String::from("it has more than four parts"),
                };
                format!(
                    "the host '{}' ends in a number, so a browser reads it as an IPv4 address and rejects it ({reason}; WHATWG URL host parsing), and a domain name's top-level label is not all digits (RFC 3696 section 2), {why}",
                    Quoted(host)
                )
            }
        };
        self.warn(Code::Ipv4Like, Component::Host, range, message);
    }

    /// `idna2008`: the first code point of each label of `host` (at byte
    /// `base`, valid for UTS 46) that IDNA2008 does not allow there.
    fn idna2008(&mut self, host: &str, base: usize) {
        let mut start = base;
        for label in host.split(LABEL_SEPARATORS) {
            let range = start..start + label.len();
            start = range.end
                + self.text[range.end..]
                    .chars()
                    .next()
                    .map_or(0, char::len_utf8);
            let decoded = decode(label);
            if decoded
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-')
                && !is_ace(&decoded)
            {
                continue;
            }
            let (mapped, _) = idna::uts46::Uts46::new().to_unicode(
                decoded.as_bytes(),
                idna::uts46::AsciiDenyList::EMPTY,
                idna::uts46::Hyphens::Allow,
            );
            let Some(found) = idna2008::check_label(&mapped) else {
                continue;
            };
            let written = &self.text[range.clone()];
            let at = match written.find(found.c) {
                Some(i) => format!("at byte {}", range.start + i),
                None => format!(
                    "as character {} of its UTS 46 form '{}'",
                    found.index + 1,
                    Quoted(&mapped)
                ),
            };
            let prototype: String =
                unicode_security::skeleton(found.c.encode_utf8(&mut [0; 4])).collect();
            let looks = match prototype.as_str() {
                "/" | "." | ":" | "?" | "#" | "@" | "-" => format!(
                    "; it looks like '{prototype}' (UTS 39), a sign of spoofing: the host reads as another name"
                ),
                _ => String::new(),
            };
            let message = format!(
                "the label '{}' holds {} {at}, {}: UTS 46 accepts it, but IDNA2008 (RFC 5891), which registries follow, does not{looks} (section 3.1: a host that is a domain name follows IDNA; section 8)",
                Quoted(written),
                Found::Char(found.c),
                found.rule.describe()
            );
            self.warn(Code::Idna2008, Component::Host, range, message);
        }
    }

    /// `bidi-formatting` and `invisible`: one warning per component that
    /// has such characters written as themselves, from the first to the
    /// last, naming the first and the count (so that a hostile input of
    /// many yields one warning, not one each).
    fn characters(&mut self) {
        self.characters_of(Code::BidiFormatting, |_, _, c| is_bidi_formatting(c));
        self.characters_of(Code::Invisible, |text, i, c| {
            (is_invisible_format(c) && !is_bidi_formatting(c)) || joins_nothing(text, i, c)
        });
    }

    /// The warnings of [`Self::characters`] for the characters of `code`,
    /// those for which `test(text, offset, c)` holds.
    fn characters_of(&mut self, code: Code, test: impl Fn(&str, usize, char) -> bool) {
        // (component, range, first character, count)
        let mut current: Option<(Component, Range<usize>, char, usize)> = None;
        let mut found = Vec::new();
        for (i, c) in self.text.char_indices() {
            if c.is_ascii() || !test(self.text, i, c) {
                continue;
            }
            let component = self.component_at(i);
            let end = i + c.len_utf8();
            match &mut current {
                Some((at, range, _, count)) if *at == component => {
                    range.end = end;
                    *count += 1;
                }
                _ => {
                    found.extend(current.take());
                    current = Some((component, i..end, c, 1));
                }
            }
        }
        found.extend(current);
        for (component, range, first, count) in found {
            // What they are, and why not, for one and for many.
            let (what, one, many) = match code {
                Code::BidiFormatting => (
                    "bidirectional formatting character",
                    "IRIs MUST NOT contain it (section 4.1), percent-encode it",
                    "IRIs MUST NOT contain them (section 4.1), percent-encode them",
                ),
                _ => (
                    "invisible character",
                    "it shows as nothing, so the IRI looks like the one without it (section 6.1 b: look-alikes; section 8: spoofing), percent-encode it",
                    "they show as nothing, so the IRI looks like the one without them (section 6.1 b: look-alikes; section 8: spoofing), percent-encode them",
                ),
            };
            let message = if count == 1 {
                format!("{what} {}: {one}", Found::Char(first))
            } else {
                format!(
                    "{count} {what}s, the first {} at byte {}: {many}",
                    Found::Char(first),
                    range.start
                )
            };
            self.warn(code, component, range, message);
        }
    }

    /// The rules of section 4.2, part by part (one part's violations held
    /// at a time).
    fn bidi<T: AsRef<str>>(&mut self, iri: &IriRef<T>) {
        let text = self.text;
        if text.is_ascii() {
            return;
        }
        let mut found = Vec::new();
        for_each_part(iri, &Split::new(), |component, range| {
            check_part(text, component, range, &mut found);
            for v in found.drain(..) {
                self.bidi_violation(&v);
            }
        });
    }

    fn bidi_violation(&mut self, v: &Violation) {
        {
            let part = &self.text[v.range()];
            let at = self.text[v.offset()..].chars().next().unwrap_or(' ');
            let (code, message) = match v.restriction() {
                Restriction::NoMixing => (
                    Code::BidiMixed,
                    format!(
                        "'{}' mixes right-to-left and left-to-right characters ({} at byte {}), section 4.2 rule 1: a component SHOULD NOT use both",
                        Quoted(part),
                        Found::Char(at),
                        v.offset()
                    ),
                ),
                Restriction::RtlEnds => (
                    Code::BidiRtlEnds,
                    format!(
                        "'{}' uses right-to-left characters but {} at byte {} is not one, section 4.2 rule 2: such a component SHOULD start and end with right-to-left characters",
                        Quoted(part),
                        Found::Char(at),
                        v.offset()
                    ),
                ),
            };
            self.warn(code, v.component(), v.range(), message);
        }
    }

    /// `mixed-script` and `confusable`, on each part; for the labels of a
    /// host, on their Unicode form (an `xn--` label decoded, with the
    /// bidi rules of section 4.2 too).
    fn parts<T: AsRef<str>>(&mut self, iri: &IriRef<T>) {
        // Whether the host has a label with Latin letters (its top-level
        // domain, usually): then a label of one other script that reads
        // as Latin is a whole-script confusable (UTS 39 section 4).
        let latin_host = has_latin_label(iri);
        let text = self.text;
        for_each_part(iri, &Split::new(), |component, range| {
            let written = &text[range.clone()];
            let ace = component == Component::Host && is_ace(&decode(written));
            // US-ASCII as written, it may still denote other characters
            // (`p%D0%B0ypal`), which the checks read.
            if written.is_ascii() && !written.contains('%') && !ace {
                return;
            }
            self.part(component, range, ace, latin_host);
        });
    }

    /// The checks of [`Self::parts`] on one part.
    fn part(&mut self, component: Component, range: Range<usize>, ace: bool, latin_host: bool) {
        {
            let written = &self.text[range.clone()];
            let decoded = if ace {
                match label_to_unicode(written) {
                    Some(unicode) => Cow::Owned(unicode),
                    None => return,
                }
            } else {
                decode(written)
            };
            if decoded.is_ascii() {
                return;
            }
            let what = if ace {
                format!(
                    "'{}' (the A-label of '{}')",
                    Quoted(written),
                    Quoted(&decoded)
                )
            } else {
                format!("'{}'", Quoted(&decoded))
            };
            if ace {
                self.ace_bidi(&decoded, &what, range.clone());
            }
            // A host label is one identifier, as UTS 39 reads it; other
            // parts are text, whose words are read one by one: a Russian
            // title may name `Doctor_Who`, but no word mixes scripts.
            let host = component == Component::Host;
            let units: Vec<&str> = if host {
                alloc::vec![&*decoded]
            } else {
                words(&decoded).collect()
            };
            // What a message names: the part, or the word and its part.
            let subject = |word: &str| {
                if word == &*decoded {
                    what.clone()
                } else {
                    format!("'{}' (a word of {what})", Quoted(word))
                }
            };
            if let Some((word, scripts)) = units
                .iter()
                .find_map(|&word| Some((word, mixed_scripts(word)?)))
            {
                let message = format!(
                    "{} mixes the scripts {scripts}, section 7.5: the characters of one component should be ones used together in one language (section 8: spoofing)",
                    subject(word)
                );
                self.warn(Code::MixedScript, component, range.clone(), message);
            }
            let whole_script = host && latin_host;
            if let Some((word, confusion)) = units
                .iter()
                .find_map(|&word| Some((word, confusable(word, whole_script)?)))
            {
                let message = match confusion {
                    Confusion::MixedScript(skeleton) => format!(
                        "{} mixes scripts and looks like '{}', written in one (UTS 39 mixed-script confusable), sections 6.1 b and 7.5: avoid look-alikes (section 8: spoofing)",
                        subject(word),
                        Quoted(&skeleton)
                    ),
                    Confusion::WholeScript(script, skeleton) => format!(
                        "{what} is all {script} and looks like the Latin '{}' of the host's other labels (UTS 39 whole-script confusable), sections 6.1 b and 7.5: avoid look-alikes (section 8: spoofing)",
                        Quoted(&skeleton)
                    ),
                };
                self.warn(Code::Confusable, component, range, message);
            }
        }
    }

    /// The bidi rules of section 4.2 on the Unicode form of an `xn--`
    /// label, which the rules on the text as written cannot see.
    fn ace_bidi(&mut self, decoded: &str, what: &str, range: Range<usize>) {
        for restriction in part_restrictions(decoded) {
            let (code, message) = match restriction {
                Restriction::NoMixing => (
                    Code::BidiMixed,
                    format!("{what} mixes right-to-left and left-to-right characters, section 4.2 rule 1: a component SHOULD NOT use both"),
                ),
                Restriction::RtlEnds => (
                    Code::BidiRtlEnds,
                    format!("{what} uses right-to-left characters but does not start and end with them, section 4.2 rule 2"),
                ),
            };
            self.warn(code, Component::Host, range.clone(), message);
        }
    }

    /// Normalization and percent-encoding, on each whole component.
    fn whole_components(&mut self) {
        let shows_characters = !self.text.is_ascii();
        let components: Vec<(Component, Range<usize>)> = self
            .components
            .iter()
            .filter(|(c, _)| !matches!(c, Component::Scheme | Component::Port))
            .cloned()
            .collect();
        for (component, range) in components {
            let text = &self.text[range.clone()];
            if text.is_ascii() && !text.contains('%') {
                continue;
            }
            self.normalization(component, range.clone());
            if text.contains('%') {
                self.percent(component, range, shows_characters);
            }
        }
    }

    /// `not-nfc` and `not-nfkc`, over the component's text as its `%HH`
    /// denote it; the range runs from the first character at fault (as
    /// written, `%HH` included) to the end of the last (`not-nfkc`) or of
    /// the component (`not-nfc`, whose fault may lie in what follows).
    fn normalization(&mut self, component: Component, range: Range<usize>) {
        let raw = &self.text[range.clone()];
        let decoded = decode_by_piece(raw);
        let written = |at: usize| range.start + written_at(raw, at);
        let (_, tail) = ComposingNormalizerBorrowed::new_nfc().split_normalized(&decoded);
        if !tail.is_empty() {
            let message = format!(
                "not in NFC from '{}' on, sections 5.3.2.2 and 7.5: IRIs should be in NFC (section 8: unnormalized names invite spoofing)",
                Quoted(tail)
            );
            let from = written(decoded.len() - tail.len());
            self.warn(Code::NotNfc, component, from..range.end, message);
            return;
        }
        // The text between the characters NFKC changes that are ordinary
        // spelling (Thai SARA AM, ...), each piece checked alone; the
        // character at fault in each piece is its first compatibility
        // variant, or the first character of what NFKC changes.
        let nfkc = ComposingNormalizerBorrowed::new_nfkc();
        // The first and the last fault, and how many.
        let mut first: Option<(usize, char)> = None;
        let mut last = (0, ' ');
        let mut count = 0usize;
        let mut fault = |at: usize, c: char| {
            first.get_or_insert((at, c));
            last = (at, c);
            count += 1;
        };
        let mut at = 0;
        for piece in decoded.split(is_orthographic_compatibility) {
            let tail = nfkc.split_normalized(piece).1;
            if !tail.is_empty() {
                let tail_at = at + piece.len() - tail.len();
                let mut variants = tail
                    .char_indices()
                    .filter(|&(_, c)| is_compatibility_variant(c))
                    .peekable();
                if variants.peek().is_none() {
                    if let Some(c) = tail.chars().next() {
                        fault(tail_at, c);
                    }
                }
                for (i, c) in variants {
                    fault(tail_at + i, c);
                }
            }
            // The separator is one character, of its own length.
            at += piece.len();
            at += decoded[at..].chars().next().map_or(0, char::len_utf8);
        }
        let Some((first_at, first)) = first else {
            return;
        };
        let (last_at, last) = last;
        let more = match count {
            1 => String::new(),
            n => format!(" and {} more", n - 1),
        };
        let message = format!(
            "not in NFKC: {}{more} is a compatibility variant (a ligature, a full-width or half-width form, ...), section 7.5: names should be in NFKC, section 6.1 b: avoid look-alikes",
            Found::Char(first)
        );
        let span = written(first_at)..written(last_at + last.len_utf8());
        self.warn(Code::NotNfkc, component, span, message);
    }

    fn percent(&mut self, component: Component, range: Range<usize>, shows_characters: bool) {
        let all = self.text;
        let text = &all[range.clone()];
        let mut runs = Runs::default();
        // Lower-case hexadecimal digits, a code of their own beside the
        // others a triplet may have.
        let mut lowercase = Runs::default();
        // Host labels that section 3.2 keeps encoded: they would read as
        // another name.
        let kept = if component == Component::Host {
            ToIri::new().kept_host_labels(text)
        } else {
            Vec::new()
        };
        let mut pos = 0;
        let mut skip_to = 0;
        let mut pieces = percent::pieces(text);
        while let Some(piece) = pieces.next() {
            let start = pos;
            pos += match piece {
                Piece::Literal(c) | Piece::Stray(c) => c.len_utf8(),
                Piece::Encoded { raw, .. } | Piece::Invalid { raw, .. } => raw.len(),
            };
            if start < skip_to {
                continue;
            }
            let lower = |raw: &str| raw.bytes().any(|b| b.is_ascii_lowercase());
            let written_lower = match piece {
                Piece::Encoded { raw, .. } | Piece::Invalid { raw, .. } => lower(raw),
                Piece::Literal(_) | Piece::Stray(_) => false,
            };
            let kind = match piece {
                Piece::Literal(_) | Piece::Stray(_) => None,
                Piece::Encoded { c, .. } if c.is_ascii() => {
                    class::is_unreserved(c).then_some(Code::PctUnreserved)
                }
                Piece::Encoded { c, .. } => {
                    // Section 3.2 would show it as itself.
                    (shows_characters
                        && ToIri::new().decodes_anywhere(component, c)
                        && !kept.iter().any(|label| label.contains(&start)))
                    .then_some(Code::PctShouldShow)
                }
                Piece::Invalid { octet, .. } => match overlong(octet, pieces.clone()) {
                    Some((len, c)) => {
                        let end = start + 3 * len;
                        runs.flush(self, component, range.start, text);
                        let raw = &text[start..end];
                        let message = format!(
                            "{} is an overlong UTF-8 form of {}, which a lax decoder reads as that character (section 8)",
                            Quoted(raw),
                            Found::Char(c)
                        );
                        let at = range.start + start;
                        self.warn(Code::PctOverlong, component, at..range.start + end, message);
                        let lower = lower(raw).then_some(Code::PctLowercase);
                        lowercase.extend(self, component, range.start, text, lower, start..end);
                        skip_to = end;
                        continue;
                    }
                    None => Some(Code::PctNotUtf8),
                },
            };
            runs.extend(self, component, range.start, text, kind, start..pos);
            let lower = written_lower.then_some(Code::PctLowercase);
            lowercase.extend(self, component, range.start, text, lower, start..pos);
        }
        runs.flush(self, component, range.start, text);
        lowercase.flush(self, component, range.start, text);
    }
}

/// The current run of adjacent `%HH` pieces that fire one code.
#[derive(Default)]
struct Runs {
    current: Option<(Code, Range<usize>)>,
}

impl Runs {
    fn extend(
        &mut self,
        lint: &mut Linter<'_>,
        component: Component,
        base: usize,
        text: &str,
        kind: Option<Code>,
        piece: Range<usize>,
    ) {
        match (&mut self.current, kind) {
            (Some((code, range)), Some(kind)) if *code == kind && range.end == piece.start => {
                range.end = piece.end;
            }
            (_, kind) => {
                self.flush(lint, component, base, text);
                self.current = kind.map(|k| (k, piece));
            }
        }
    }

    fn flush(&mut self, lint: &mut Linter<'_>, component: Component, base: usize, text: &str) {
        let Some((code, range)) = self.current.take() else {
            return;
        };
        let raw = &text[range.clone()];
        let decoded = percent::decode_utf8_lossy(raw);
        let message = match code {
            Code::PctUnreserved => format!(
                "{} encodes the unreserved '{}', which should be written as itself (section 5.3.2.3, RFC 3986 section 2.3)",
                Quoted(raw),
                Quoted(&decoded)
            ),
            Code::PctShouldShow => format!(
                "{} encodes '{}', which this IRI could show as itself (sections 3.2 and 7.5: an IRI uses characters where it can)",
                Quoted(raw),
                Quoted(&decoded)
            ),
            Code::PctLowercase => format!(
                "{} has lower-case hexadecimal digits, write '{}' (section 5.3.2.1: percent-encodings are normalized to upper case, RFC 3986 section 2.1: producers should use upper-case digits)",
                Quoted(raw),
                Quoted(&raw.to_ascii_uppercase())
            ),
            _ => format!(
                "{} is not UTF-8 (sections 3.2 and 6.4: IRIs encode characters in UTF-8, section 8: legacy encodings invite spoofing)",
                Quoted(raw)
            ),
        };
        lint.warn(
            code,
            component,
            base + range.start..base + range.end,
            message,
        );
    }
}

/// An overlong UTF-8 form starting with the ill-formed `first` octet and
/// going on with the next `%HH` pieces: its length in octets and the
/// character it would mean to a lax decoder. Only the forms a lax decoder
/// can read: `C0`/`C1` with one continuation octet, `E0` with a second
/// octet below `A0`, `F0` with one below `90`.
fn overlong(first: u8, mut rest: percent::Pieces<'_>) -> Option<(usize, char)> {
    let (len, second_max, mut value) = match first {
        0xC0 | 0xC1 => (2, 0xBF, u32::from(first & 0x1F)),
        0xE0 => (3, 0x9F, 0),
        0xF0 => (4, 0x8F, 0),
        _ => return None,
    };
    for i in 1..len {
        let Some(Piece::Invalid { octet, .. }) = rest.next() else {
            return None;
        };
        let max = if i == 1 { second_max } else { 0xBF };
        if !(0x80..=max).contains(&octet) {
            return None;
        }
        value = value << 6 | u32::from(octet & 0x3F);
    }
    char::from_u32(value).map(|c| (len, c))
}

/// Whether `c`, at `at` of `text`, is a joiner (U+200C, U+200D) that
/// joins nothing where it stands ([`joins_in_part`]: not between letters
/// that join, after a virama, or inside an emoji sequence), so shows as
/// nothing: `https://example.com/\u{200C}`, `a\u{200C}b`. Its neighbours
/// are those of its component's part (a delimiter or a `%` ends them).
fn joins_nothing(text: &str, at: usize, c: char) -> bool {
    if !matches!(c, '\u{200C}' | '\u{200D}') {
        return false;
    }
    !joins_in_part(c, &text[..at], text[at + c.len_utf8()..].chars())
}

/// The domain name `user` (a userinfo's user, decoded) starts with, if
/// it starts with one: two labels or more of letters, digits and inner
/// hyphens, up to the end or a character that is no part of a name (`&`,
/// `=`, ...), that starts with `www` or ends with one of the most used
/// top-level domains (`www.example.com`, `cnn.example.com&story=…`,
/// `paypal.com`); not a user name with dots (`john.smith`,
/// `john.smith.jr`), nor `1.2`.
fn leading_domain_name(user: &str) -> Option<&str> {
    const COMMON: [&str; 40] = [
        "com", "org", "net", "edu", "gov", "mil", "int", "info", "biz", "io", "co", "app", "dev",
        "me", "tv", "us", "uk", "de", "jp", "ru", "cn", "fr", "it", "es", "nl", "br", "au", "ca",
        "in", "ch", "se", "pl", "kr", "tw", "eu", "xyz", "online", "site", "рф", "中国",
    ];
    let end = user
        .find(|c: char| !(c.is_alphanumeric() || c == '-' || c == '.'))
        .unwrap_or(user.len());
    let name = user[..end].trim_end_matches('.');
    let labels: Vec<&str> = name.split('.').collect();
    let well_formed = labels
        .iter()
        .all(|label| !label.is_empty() && !label.starts_with('-') && !label.ends_with('-'));
    let last = labels.last()?.to_lowercase();
    let www = labels[0].eq_ignore_ascii_case("www") && labels.len() >= 3;
    (labels.len() >= 2 && well_formed && (www || COMMON.contains(&last.as_str()))).then_some(name)
}

/// `text` with its `%HH` runs decoded as UTF-8, octets that are not UTF-8
/// as U+FFFD.
/// `text` with each `%HH` piece decoded ([`percent::pieces`]: a
/// character, or U+FFFD for each octet that is not UTF-8), so that
/// [`written_at`] finds where each character is written.
fn decode_by_piece(text: &str) -> Cow<'_, str> {
    if !text.contains('%') {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for piece in percent::pieces(text) {
        out.push(denoted(&piece));
    }
    Cow::Owned(out)
}

/// The character a piece denotes, as [`decode_by_piece`] writes it.
fn denoted(piece: &Piece<'_>) -> char {
    match *piece {
        Piece::Literal(c) | Piece::Stray(c) | Piece::Encoded { c, .. } => c,
        Piece::Invalid { .. } => char::REPLACEMENT_CHARACTER,
    }
}

/// Where in `text` the character is written that starts at `at` of
/// [`decode_by_piece`]`(text)` (its `%HH` included), or `text`'s length
/// past its end: one walk, for a warning's range.
fn written_at(text: &str, at: usize) -> usize {
    let (mut decoded, mut raw) = (0, 0);
    for piece in percent::pieces(text) {
        if decoded >= at {
            return raw;
        }
        decoded += denoted(&piece).len_utf8();
        raw += match piece {
            Piece::Literal(c) | Piece::Stray(c) => c.len_utf8(),
            Piece::Encoded { raw, .. } | Piece::Invalid { raw, .. } => raw.len(),
        };
    }
    raw
}

fn decode(text: &str) -> Cow<'_, str> {
    if !text.contains('%') {
        return Cow::Borrowed(text);
    }
    percent::decode_utf8_lossy(text)
}

/// `host` with its letters written as themselves lowercased (`%HH` kept):
/// every letter of a domain name (`unicode`), the US-ASCII ones of
/// another registered name.
fn lowercase_literals(host: &str, unicode: bool) -> String {
    let mut out = String::with_capacity(host.len());
    for piece in percent::pieces(host) {
        match piece {
            Piece::Literal(c) | Piece::Stray(c) if unicode => out.extend(c.to_lowercase()),
            Piece::Literal(c) | Piece::Stray(c) => out.push(c.to_ascii_lowercase()),
            Piece::Encoded { raw, .. } | Piece::Invalid { raw, .. } => out.push_str(raw),
        }
    }
    out
}

/// The scripts of `text` when no language uses them together (UTS 39's
/// "highly restrictive" level fails: [`crate::chars::is_highly_restrictive`]),
/// named for a message.
fn mixed_scripts(text: &str) -> Option<String> {
    if crate::chars::is_highly_restrictive(text) {
        return None;
    }
    let mut names: Vec<&'static str> = Vec::new();
    let mut more = false;
    for c in text.chars() {
        let script = script(c);
        if is_scriptless(script) {
            continue;
        }
        let name = script_name(script);
        if !names.contains(&name) {
            if names.len() == 4 {
                more = true;
                break;
            }
            names.push(name);
        }
    }
    let mut list = names.join(", ");
    if more {
        list.push_str(", ...");
    }
    Some(list)
}

mod bidi_rule;
mod idna2008;
mod ipv4;

#[cfg(test)]
mod tests;
