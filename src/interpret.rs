//! Interpreting URIs made in legacy encodings (RFC 3987 section 7.7).
//!
//! # The idea
//!
//! Section 7.7 asks software that takes IRIs for the names of local
//! resources to "accept IRIs in multiple forms", among them "URIs
//! constructed based on character encodings other than UTF-8", produced by
//! user agents "that use legacy character encodings to convert non-ASCII
//! characters to URIs"; "software for Japanese may accept URIs in
//! Shift_JIS and/or EUC-JP in addition to UTF-8". Which encodings to try
//! "depends on a number of factors", so the caller names them.
//!
//! [`IriRef::legacy_candidates`] reads each run of `%HH` triplets in the
//! userinfo, path, query and fragment, and, where the run is not
//! well-formed UTF-8, decodes it in each given encoding. A server that
//! holds `résumé.html` and receives `r%E9sum%E9.html` (ISO-8859-1, or
//! windows-1252, which the Encoding Standard uses for that label) finds it:
//!
//! ```
//! use rfc3987::mapping::encoding_rs::{SHIFT_JIS, WINDOWS_1252};
//! use rfc3987::IriRef;
//!
//! let uri = IriRef::parse("http://example.org/r%E9sum%E9.html")?;
//! // Section 3.2 (UTF-8 only) keeps the octets encoded.
//! assert_eq!(uri.to_iri(), "http://example.org/r%E9sum%E9.html");
//! let candidates = uri.legacy_candidates(&[WINDOWS_1252, SHIFT_JIS]);
//! assert_eq!(candidates.len(), 1);
//! assert_eq!(candidates[0].encoding(), WINDOWS_1252);
//! assert_eq!(candidates[0].iri(), "http://example.org/résumé.html");
//! # Ok::<(), rfc3987::ParseError>(())
//! ```
//!
//! # UTF-8 too, for mixed input
//!
//! Section 7.7 accepts the legacy forms "in addition to UTF-8". A server
//! log or a crawl holds all of them at once, so [`IriRef::interpret`] with
//! [`Interpret::new`] reads a reference whose runs are all UTF-8 (or that
//! has none: plain ASCII, or an IRI) as section 3.2 does, as one
//! candidate whose encoding is [`UTF_8`](encoding_rs::UTF_8), and the
//! others in the legacy encodings as above. Every line of a mixed log then
//! has a reading. [`Interpret::legacy_only`] drops the UTF-8 candidate:
//! what [`IriRef::legacy_candidates`] returns.
//!
//! ```
//! use rfc3987::interpret::Interpret;
//! use rfc3987::mapping::encoding_rs::{SHIFT_JIS, UTF_8, WINDOWS_1252};
//! use rfc3987::IriRef;
//!
//! let encodings = [SHIFT_JIS, WINDOWS_1252];
//! let read = |line: &str| -> Result<_, rfc3987::ParseError> {
//!     let candidates = IriRef::parse(line)?.interpret(&Interpret::new(&encodings));
//!     Ok(candidates.first().map(|c| (c.encoding(), c.iri().to_string())))
//! };
//! // 東京 in UTF-8, in Shift_JIS (938C 8B9E), and résumé in Latin-1.
//! assert_eq!(read("http://example.jp/%E6%9D%B1%E4%BA%AC")?, Some((UTF_8, "http://example.jp/東京".into())));
//! assert_eq!(read("http://example.jp/%93%8C%8B%9E")?, Some((SHIFT_JIS, "http://example.jp/東京".into())));
//! assert_eq!(read("http://example.org/r%E9sum%E9")?, Some((WINDOWS_1252, "http://example.org/résumé".into())));
//! // An IRI or an ASCII URI is its own reading.
//! assert_eq!(read("http://example.jp/東京")?, Some((UTF_8, "http://example.jp/東京".into())));
//! // Legacy only: no reading for UTF-8.
//! let uri = IriRef::parse("http://example.jp/%E6%9D%B1%E4%BA%AC")?;
//! assert!(uri.interpret(&Interpret::new(&encodings).legacy_only(true)).is_empty());
//! # Ok::<(), rfc3987::ParseError>(())
//! ```
//!
//! # The reading of section 7.7
//!
//! - **[`IriRef::to_iri`] never guesses.** Section 3.2 converts UTF-8
//!   only; trying other encodings is an interpretation, done on request
//!   here, never silently.
//! - **A run that is well-formed UTF-8 is UTF-8.** Section 7.7 notes that
//!   "the regularity of UTF-8 ... makes the potential for collisions lower
//!   than it may seem", so such runs are converted as section 3.2 says in
//!   every candidate (a URI whose path is UTF-8 and whose query is in a
//!   page's legacy encoding, as browsers make them, gets both right). The
//!   price: a legacy run that happens to be well-formed UTF-8 (`%C3%A9`,
//!   `Ã©` in windows-1252) is read as UTF-8. A URI whose runs are all
//!   UTF-8 has no legacy candidate; its reading is the UTF-8 one (above),
//!   unless [`Interpret::legacy_only`] is set.
//! - **A character is decoded only where an IRI may hold it unencoded**
//!   in its component: the shortest sequence of octets (starting with a
//!   non-ASCII one) that the encoding decodes without error to one
//!   non-ASCII character of the component's class (`ucschar`, plus
//!   `iprivate` in the query), not a bidi formatting character (section
//!   4.1). Other octets stay encoded, in uppercase hex; ASCII octets are
//!   treated as section 3.2 treats them, so reserved characters (`%2F`,
//!   `%3F`, `%23`, ...) are never decoded. The look-alike policy of
//!   [`ToIri::keep_lookalikes`](crate::mapping::ToIri::keep_lookalikes)
//!   does not apply: a file name in half-width katakana is still a file
//!   name. Nothing is normalized (section 5.3.2.2 is the caller's to
//!   apply when matching).
//! - **The host is never read in a legacy encoding**: a registered name
//!   in a legacy encoding is not a domain name (section 3.1 maps hosts
//!   through IDNA). It is converted as section 3.2 converts it, its UTF-8
//!   runs decoded and the others kept encoded, in every candidate.
//! - **Only encodings that are ASCII-compatible** in `encoding_rs`'s sense
//!   are tried (UTF-16 and ISO-2022-JP are skipped): in the others the
//!   ASCII octets of a URI would not mean themselves. An encoding whose
//!   candidate equals the section 3.2 conversion, or that decodes nothing,
//!   gives no candidate. The others come whole readings first: by how
//!   many non-ASCII octets each leaves encoded (an octet an encoding
//!   cannot read is a sign that the text is not in it: `%CF%F0%E8%E2%E5%F2`
//!   is `Привет` in windows-1251, and leaves `%F0` in Shift_JIS), then by
//!   how many compatibility variants each decodes (names are written in
//!   NFKC, section 7.5: EUC-JP's `テスト`, `%A5%C6%A5%B9%A5%C8`, is
//!   Shift_JIS's half-width `･ﾆ･ｹ･ﾈ`), then in the order given.
//!
//! - **Trailing octets written as themselves are read.** A user agent
//!   percent-encodes the octets a URI cannot hold as they are and writes
//!   the others as ASCII, so a multibyte character whose trailing octet is
//!   in ASCII's range (Shift_JIS, Big5 and GBK trail bytes from 0x40,
//!   GB18030's digits) comes half encoded: `ソフト` in Shift_JIS is
//!   `%83%5C%83t%83g`, `臺北` in Big5 `%BBO%A5_`. After a non-ASCII
//!   octet that does not decode alone, the ASCII characters that follow
//!   count as the octets they are; they are taken only when the sequence
//!   then decodes to one character the component allows, so a delimiter
//!   (`/`, `=`, `&`, all below 0x40) after a lone lead byte stays itself,
//!   and only in a reading that they make whole (no non-ASCII octet left
//!   encoded): Latin-1 `r%E9sum%E9` has no Shift_JIS reading `r駸um%E9`
//!   (E973 is 駸 there), as before. A reference that both readings make
//!   whole (`caf%E9s`) is read in the encodings in the order given.
//!
//! # Cost
//!
//! One pass over the text per encoding, one small decode call per octet
//! tried (at most four per octet).

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use encoding_rs::Encoding;

use crate::chars::is_compatibility_variant;
use crate::mapping::{is_bidi_formatting, Component, ToIri};
use crate::percent::{push_encoded, push_octet, triplet};
use crate::IriRef;

/// One reading of a URI reference in a legacy encoding: see
/// [`IriRef::legacy_candidates`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    encoding: &'static Encoding,
    iri: IriRef<String>,
}

impl Candidate {
    /// The encoding the non-UTF-8 octets were decoded in.
    pub fn encoding(&self) -> &'static Encoding {
        self.encoding
    }

    /// The IRI reference read that way.
    pub fn iri(&self) -> &IriRef<String> {
        &self.iri
    }

    /// The IRI reference, owned.
    pub fn into_iri(self) -> IriRef<String> {
        self.iri
    }
}

/// What [`IriRef::interpret`] tries: the legacy encodings, in order, and
/// whether UTF-8 is read too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[must_use = "a configuration does nothing until it is used"]
pub struct Interpret<'e> {
    encodings: &'e [&'static Encoding],
    legacy_only: bool,
}

impl<'e> Interpret<'e> {
    /// UTF-8 (section 3.2), then `encodings` in order for the runs that
    /// are not UTF-8.
    pub const fn new(encodings: &'e [&'static Encoding]) -> Self {
        Interpret {
            encodings,
            legacy_only: false,
        }
    }

    /// Whether to give no candidate for a reference that is UTF-8 already
    /// (every `%HH` run well-formed UTF-8, or none), as
    /// [`IriRef::legacy_candidates`] does: for callers that want only the
    /// references a legacy user agent made. Off by default.
    pub const fn legacy_only(mut self, on: bool) -> Self {
        self.legacy_only = on;
        self
    }
}

impl<T: AsRef<str>> IriRef<T> {
    /// The readings of this reference as `options` says (section 7.7):
    /// its section 3.2 conversion (bidi formatting characters encoded),
    /// with encoding
    /// [`UTF_8`](encoding_rs::UTF_8), when every `%HH` run is UTF-8
    /// (unless [`Interpret::legacy_only`]); otherwise
    /// [`legacy_candidates`](Self::legacy_candidates). Empty when a run is
    /// not UTF-8 and no encoding decodes one. See the
    /// [module docs](crate::interpret).
    #[must_use]
    pub fn interpret(&self, options: &Interpret<'_>) -> Vec<Candidate> {
        if !options.legacy_only && !has_legacy_run(self.as_str()) {
            // With no legacy run, a reading is section 3.2's conversion,
            // with the bidi formatting characters encoded as in every
            // candidate.
            let mut reading = Reading::new(encoding_rs::UTF_8, true, self.as_str().len());
            reading.reference(self);
            return IriRef::parse(reading.out)
                .map(|iri| Candidate {
                    encoding: encoding_rs::UTF_8,
                    iri,
                })
                .into_iter()
                .collect();
        }
        self.legacy_candidates(options.encodings)
    }

    /// The readings of this URI reference in `encodings` (section 7.7),
    /// for matching it against local names: see the
    /// [module docs](crate::interpret) for what is decoded. Empty when no
    /// run of `%HH` is outside UTF-8, or when no encoding decodes one.
    #[must_use]
    pub fn legacy_candidates(&self, encodings: &[&'static Encoding]) -> Vec<Candidate> {
        let text = self.as_str();
        let utf8 = self.to_iri();
        // Each candidate with the non-ASCII octets it left encoded and the
        // compatibility variants it decoded.
        let mut found: Vec<((usize, usize), Candidate)> = Vec::new();
        if !text.contains('%') {
            return Vec::new();
        }
        for &encoding in encodings {
            if !encoding.is_ascii_compatible() || found.iter().any(|(_, c)| c.encoding == encoding)
            {
                continue;
            }
            let mut reading = Reading::new(encoding, true, text.len());
            reading.reference(self);
            if reading.trails > 0 && reading.kept > 0 {
                // Trailing octets written as themselves are a reading
                // only of a reference they make whole; else `%HH` alone.
                reading = Reading::new(encoding, false, text.len());
                reading.reference(self);
            }
            if reading.decoded == 0 || reading.out == utf8.as_str() {
                continue;
            }
            // Valid by construction (only characters of each component's
            // class are written); parsed all the same, never unwrapped.
            let rank = (reading.kept, reading.variants);
            if let Ok(iri) = IriRef::parse(reading.out) {
                found.push((rank, Candidate { encoding, iri }));
            }
        }
        // An octet that an encoding cannot read is a sign that the text
        // is not in it: the readings that leave fewer encoded come first.
        // Then those with fewer compatibility variants: names are written
        // in NFKC (section 7.5), and another encoding's octets often read
        // as them (EUC-JP's `テスト`, `%A5%C6%A5%B9%A5%C8`, is Shift_JIS's
        // half-width `･ﾆ･ｹ･ﾈ`). A stable sort: the order given among
        // equals.
        found.sort_by_key(|&(rank, _)| rank);
        found.into_iter().map(|(_, candidate)| candidate).collect()
    }
}

/// The conversion of one reference in one encoding.
struct Reading {
    encoding: &'static Encoding,
    /// Whether ASCII characters after a `%HH` may be its character's
    /// trailing octets.
    literal_trails: bool,
    /// How many characters were decoded from the legacy encoding.
    decoded: usize,
    /// How many of them took an ASCII character as a trailing octet.
    trails: usize,
    /// How many non-ASCII octets stayed encoded.
    kept: usize,
    /// How many decoded characters are compatibility variants
    /// ([`is_compatibility_variant`]: half-width katakana, full-width
    /// Latin, ...).
    variants: usize,
    out: String,
}

impl Reading {
    fn new(encoding: &'static Encoding, literal_trails: bool, len: usize) -> Reading {
        Reading {
            encoding,
            literal_trails,
            decoded: 0,
            trails: 0,
            kept: 0,
            variants: 0,
            out: String::with_capacity(len),
        }
    }

    fn reference<T: AsRef<str>>(&mut self, iri: &IriRef<T>) {
        if let Some(scheme) = iri.scheme() {
            self.out.push_str(scheme);
            self.out.push(':');
        }
        if let Some(host) = iri.host() {
            self.out.push_str("//");
            if let Some(userinfo) = iri.userinfo() {
                self.component(Component::Userinfo, userinfo);
                self.out.push('@');
            }
            if host.starts_with('[') {
                // An IP literal: US-ASCII, no percent-encoding.
                self.out.push_str(host);
            } else {
                ToIri::new().decode(Component::Host, host, &mut self.out);
            }
            if let Some(port) = iri.port() {
                self.out.push(':');
                self.out.push_str(port);
            }
        }
        self.component(Component::Path, iri.path());
        if let Some(query) = iri.query() {
            self.out.push('?');
            self.component(Component::Query, query);
        }
        if let Some(fragment) = iri.fragment() {
            self.out.push('#');
            self.component(Component::Fragment, fragment);
        }
    }

    fn component(&mut self, component: Component, text: &str) {
        let mut rest = text;
        while let Some(c) = rest.chars().next() {
            if c != '%' {
                if is_bidi_formatting(c) {
                    push_encoded(&mut self.out, c);
                } else {
                    self.out.push(c);
                }
                rest = &rest[c.len_utf8()..];
                continue;
            }
            let (run, octets) = triplets(rest);
            if run.is_empty() {
                // A stray `%`: not in a valid reference; copied.
                self.out.push('%');
                rest = &rest[1..];
                continue;
            }
            let used = if core::str::from_utf8(&octets).is_ok() {
                ToIri::new().decode(component, run, &mut self.out);
                run.len()
            } else {
                self.legacy_run(component, rest, run.len())
            };
            rest = &rest[used..];
        }
    }

    /// The run of triplets that starts `text`, `run_len` bytes long and
    /// not UTF-8; returns how much of `text` it took: the run, or more
    /// when its last character's trailing octets were written as
    /// themselves after it (Shift_JIS `%83t`).
    fn legacy_run(&mut self, component: Component, text: &str, run_len: usize) -> usize {
        let mut at = 0;
        while at < run_len {
            // Inside the run every 3 bytes from `at` are a triplet; were one
            // not, its text would be kept as it is.
            let Some(octet) = triplet(&text.as_bytes()[at..]) else {
                self.out.push_str(&text[at..run_len]);
                return run_len;
            };
            if octet.is_ascii() {
                ToIri::new().decode(component, &text[at..at + 3], &mut self.out);
                at += 3;
                continue;
            }
            match self.character_at(component, &text[at..]) {
                Some((c, len, literal)) => {
                    self.out.push(c);
                    self.decoded += 1;
                    self.trails += usize::from(literal);
                    self.variants += usize::from(is_compatibility_variant(c));
                    at += len;
                }
                None => {
                    push_octet(&mut self.out, octet);
                    self.kept += 1;
                    at += 3;
                }
            }
        }
        at
    }

    /// The character that the shortest sequence of octets starting `text`
    /// (a `%HH` triplet of a non-ASCII octet, then up to three more
    /// octets, each a triplet or, as multibyte encodings' trailing octets
    /// in ASCII's range are often written, an ASCII character as itself)
    /// decodes to, the length of text it takes and whether it took an
    /// ASCII character, when it is one character the component may hold
    /// unencoded. ASCII characters are read only with `literal_trails`.
    fn character_at(&self, component: Component, text: &str) -> Option<(char, usize, bool)> {
        let bytes = text.as_bytes();
        let mut octets = [0u8; 4];
        let mut ends = [0usize; 4];
        let mut n = 0;
        let mut at = 0;
        while n < 4 {
            match (triplet(&bytes[at..]), bytes.get(at)) {
                (Some(octet), _) => {
                    octets[n] = octet;
                    at += 3;
                }
                (None, Some(&b)) if self.literal_trails && n > 0 && b.is_ascii() && b != b'%' => {
                    octets[n] = b;
                    at += 1;
                }
                _ => break,
            }
            ends[n] = at;
            n += 1;
        }
        (1..=n).find_map(|len| {
            let decoded = self
                .encoding
                .decode_without_bom_handling_and_without_replacement(&octets[..len])?;
            let mut chars = decoded.chars();
            let c = chars.next()?;
            let fits = chars.next().is_none()
                && !c.is_ascii()
                && !is_bidi_formatting(c)
                && component.allows_unencoded(c);
            fits.then_some((c, ends[len - 1], ends[len - 1] != 3 * len))
        })
    }
}

/// Whether a run of `%HH` triplets in `text` is not well-formed UTF-8.
fn has_legacy_run(text: &str) -> bool {
    let mut rest = text;
    while let Some(at) = rest.find('%') {
        let (run, octets) = triplets(&rest[at..]);
        if core::str::from_utf8(&octets).is_err() {
            return true;
        }
        rest = &rest[at + run.len().max(1)..];
    }
    false
}

/// The longest run of `%HH` triplets that starts `text`, and its octets.
fn triplets(text: &str) -> (&str, Cow<'_, [u8]>) {
    let bytes = text.as_bytes();
    let mut len = 0;
    while let [b'%', hi, lo, ..] = bytes[len..] {
        if !hi.is_ascii_hexdigit() || !lo.is_ascii_hexdigit() {
            break;
        }
        len += 3;
    }
    let run = &text[..len];
    (run, crate::percent::decode(run))
}

#[cfg(test)]
mod tests {
    use super::*;
    use encoding_rs::{EUC_JP, ISO_2022_JP, SHIFT_JIS, UTF_16LE, WINDOWS_1251, WINDOWS_1252};

    fn read(text: &str, encodings: &[&'static Encoding]) -> Vec<(&'static str, String)> {
        IriRef::parse(text)
            .unwrap()
            .legacy_candidates(encodings)
            .into_iter()
            .map(|c| (c.encoding().name(), String::from(c.iri().as_str())))
            .collect()
    }

    #[test]
    fn latin_1_resume() {
        // The Encoding Standard reads the ISO-8859-1 label as windows-1252.
        let latin1 = Encoding::for_label(b"iso-8859-1").unwrap();
        assert_eq!(
            read("http://example.org/r%E9sum%E9.html", &[latin1]),
            [(
                "windows-1252",
                String::from("http://example.org/résumé.html")
            )]
        );
    }

    #[test]
    fn japanese_in_shift_jis_and_euc_jp() {
        // 日本 in Shift_JIS (93FA 967B) and in EUC-JP (C6FC CBDC).
        assert_eq!(
            read("http://example.jp/%93%FA%96%7B.html", &[SHIFT_JIS, EUC_JP]),
            [("Shift_JIS", String::from("http://example.jp/日本.html"))]
        );
        assert_eq!(
            read(
                "http://example.jp/%C6%FC%CB%DC?q=%C6%FC",
                &[SHIFT_JIS, EUC_JP]
            ),
            [
                // The whole reading first: Shift_JIS reads C6, CB and DC
                // as half-width katakana, and FC CB is unassigned there,
                // so FC stays encoded.
                ("EUC-JP", String::from("http://example.jp/日本?q=日")),
                ("Shift_JIS", String::from("http://example.jp/ﾆ%FCﾋﾜ?q=ﾆ%FC")),
            ]
        );
        // Привет in windows-1251: Shift_JIS leaves F0 encoded; among
        // whole readings the order given holds.
        let privet = "http://example.ru/%CF%F0%E8%E2%E5%F2";
        let readings = read(privet, &[SHIFT_JIS, WINDOWS_1251]);
        assert_eq!(readings.len(), 2, "{readings:?}");
        assert_eq!(
            readings[0],
            ("windows-1251", String::from("http://example.ru/Привет"))
        );
        assert_eq!(readings[1].0, "Shift_JIS");
        for encodings in [[WINDOWS_1251, WINDOWS_1252], [WINDOWS_1252, WINDOWS_1251]] {
            let first = read("http://example.org/caf%E9s", &encodings)[0].0;
            assert_eq!(first, encodings[0].name());
        }
        // Katakana in EUC-JP (A5C6 A5B9 A5C8, テスト) is whole in Shift_JIS
        // too, as half-width forms: the reading in NFKC comes first, in
        // either order; Shift_JIS's own カタカナ stays its own.
        for encodings in [[SHIFT_JIS, EUC_JP], [EUC_JP, SHIFT_JIS]] {
            let readings = read("http://example.jp/%A5%C6%A5%B9%A5%C8", &encodings);
            assert_eq!(
                readings,
                [
                    ("EUC-JP", String::from("http://example.jp/テスト")),
                    ("Shift_JIS", String::from("http://example.jp/･ﾆ･ｹ･ﾈ")),
                ],
                "{encodings:?}"
            );
            let readings = read("http://example.jp/%83J%83%5E%83J%83i", &encodings);
            assert_eq!(
                readings[0],
                ("Shift_JIS", String::from("http://example.jp/カタカナ")),
                "{encodings:?}"
            );
        }

        // ソ is 835C in Shift_JIS: a trailing octet in ASCII's range.
        assert_eq!(
            read("x:%83%5C", &[SHIFT_JIS]),
            [("Shift_JIS", String::from("x:ソ"))]
        );
    }

    #[test]
    fn trailing_octets_written_as_themselves() {
        // ソフト in Shift_JIS: 835C 8374 8367, the 74 and 67 as `t`, `g`.
        assert_eq!(
            read("http://example.jp/%83%5C%83t%83g/", &[SHIFT_JIS]),
            [("Shift_JIS", String::from("http://example.jp/ソフト/"))]
        );
        // ァ (8340) in the query, the 40 as `@`, then an ASCII letter.
        assert_eq!(
            read("x:?q=%83@a", &[SHIFT_JIS]),
            [("Shift_JIS", String::from("x:?q=ァa"))]
        );
        // 臺北 in Big5 (BB4F A55F), 丂 in GBK (8140), and in GB18030 a
        // four-octet character whose digits were written as themselves
        // (U+0080 is 81308130; U+00A5 ¥ is 81308436).
        let big5 = Encoding::for_label(b"big5").unwrap();
        assert_eq!(
            read("x:/%BBO%A5_", &[big5]),
            [("Big5", String::from("x:/臺北"))]
        );
        let gbk = Encoding::for_label(b"gbk").unwrap();
        assert_eq!(read("x:/%81@", &[gbk]), [("GBK", String::from("x:/丂"))]);
        let gb18030 = Encoding::for_label(b"gb18030").unwrap();
        assert_eq!(
            read("x:/%810%846", &[gb18030]),
            [("gb18030", String::from("x:/¥"))]
        );
        // A delimiter after a lone lead octet is not an octet of it, and
        // a single-octet encoding never takes the next character.
        assert_eq!(
            read("x:/%81/%93%FA?a=%81&b", &[SHIFT_JIS]),
            [("Shift_JIS", String::from("x:/%81/日?a=%81&b"))]
        );
        assert_eq!(
            read("x:/%E9t", &[WINDOWS_1252]),
            [("windows-1252", String::from("x:/ét"))]
        );
        // A reading they do not make whole is read from `%HH` alone:
        // Latin-1 résumé has no Shift_JIS reading.
        assert!(read("http://example.org/r%E9sum%E9", &[SHIFT_JIS]).is_empty());
    }

    #[test]
    fn utf8_input_has_no_candidate() {
        assert!(read(
            "http://example.org/r%C3%A9sum%C3%A9",
            &[WINDOWS_1252, SHIFT_JIS]
        )
        .is_empty());
        assert!(read("http://example.org/plain", &[WINDOWS_1252]).is_empty());
        // UTF-8 runs stay UTF-8 beside a legacy run.
        assert_eq!(
            read("x:%C3%A9/%E9?%c3%a9%2f", &[WINDOWS_1252]),
            [("windows-1252", String::from("x:é/é?é%2F"))]
        );
    }

    #[test]
    fn invalid_octets_and_reserved_characters_stay_encoded() {
        // 0x81 is a lone Shift_JIS lead byte here, and 0xFD is unassigned.
        assert_eq!(
            read("x:%81/%fd%93%FA", &[SHIFT_JIS]),
            [("Shift_JIS", String::from("x:%81/%FD日"))]
        );
        // %2F, %3F, %23 and %25 are never decoded, even inside a run.
        assert_eq!(
            read("x:%E9%2F%3F%23%25%41", &[WINDOWS_1252]),
            [("windows-1252", String::from("x:é%2F%3F%23%25A"))]
        );
        // 0x81 decodes in windows-1252 to U+0081, a control: kept.
        assert!(read("x:%81", &[WINDOWS_1252]).is_empty());
        // Nothing but octets that stay encoded: no candidate.
        assert!(read("x:%FD", &[SHIFT_JIS]).is_empty());
    }

    #[test]
    fn components_and_their_classes() {
        // Userinfo, query and fragment are read; the host is not, but
        // its UTF-8 runs are converted as section 3.2 says.
        assert_eq!(
            read("http://%E9@h%e9.example/p?%E9#%E9", &[WINDOWS_1252]),
            [("windows-1252", String::from("http://é@h%E9.example/p?é#é"))]
        );
        assert_eq!(
            read("http://%D0%BF%D1%80.%D1%80%D1%84/%E9", &[WINDOWS_1252]),
            [("windows-1252", String::from("http://пр.рф/é"))]
        );
        assert_eq!(
            read("http://[::1]/%E9", &[WINDOWS_1252]),
            [("windows-1252", String::from("http://[::1]/é"))]
        );
        // Cyrillic in windows-1251.
        assert_eq!(
            read("x:%EC%E8%F0", &[WINDOWS_1251, WINDOWS_1252]),
            [
                ("windows-1251", String::from("x:мир")),
                ("windows-1252", String::from("x:ìèð")),
            ]
        );
    }

    #[test]
    fn only_ascii_compatible_encodings_are_tried() {
        assert!(read("x:%E9%00", &[UTF_16LE, ISO_2022_JP]).is_empty());
        // An encoding given twice counts once.
        assert_eq!(read("x:%E9", &[WINDOWS_1252, WINDOWS_1252]).len(), 1);
    }

    fn interpreted(text: &str, legacy_only: bool) -> Vec<(&'static str, String)> {
        let encodings = [SHIFT_JIS, WINDOWS_1252];
        IriRef::parse(text)
            .unwrap()
            .interpret(&Interpret::new(&encodings).legacy_only(legacy_only))
            .into_iter()
            .map(|c| (c.encoding().name(), String::from(c.iri().as_str())))
            .collect()
    }

    #[test]
    fn utf8_and_ascii_are_read_as_themselves() {
        for (text, iri) in [
            // Percent-encoded UTF-8: section 3.2's conversion.
            (
                "http://example.jp/%E6%9D%B1%E4%BA%AC",
                "http://example.jp/東京",
            ),
            // Plain ASCII, and an IRI: as they are.
            ("http://example.org/a?b#c", "http://example.org/a?b#c"),
            ("http://пример.рф/путь", "http://пример.рф/путь"),
            // UTF-8 that section 3.2 keeps encoded stays encoded; a bidi
            // formatting character is encoded, as in every candidate.
            ("x:%D8%B3%2F%E2%80%AE", "x:س%2F%E2%80%AE"),
            ("x:a\u{202E}b", "x:a%E2%80%AEb"),
        ] {
            assert_eq!(interpreted(text, false), [("UTF-8", String::from(iri))]);
            assert!(interpreted(text, true).is_empty(), "{text}");
        }
    }

    #[test]
    fn a_legacy_run_is_never_read_as_utf8() {
        // One run not UTF-8 beside UTF-8 ones: the legacy readings only.
        assert_eq!(
            interpreted("x:%C3%A9/%E9", false),
            [("windows-1252", String::from("x:é/é"))]
        );
        // Not UTF-8 and decoded by neither (a lone Shift_JIS lead byte, a
        // C1 control in windows-1252): no reading, legacy-only or not.
        assert!(interpreted("x:%81", false).is_empty());
        assert!(!has_legacy_run("x:%41/%c3%a9"));
        assert!(has_legacy_run("x:%41/%c3%a9%e9"));
    }

    #[test]
    fn a_mixed_log() {
        let log = [
            (
                "http://example.jp/%E6%97%A5%E6%9C%AC",
                "UTF-8",
                "http://example.jp/日本",
            ),
            (
                "http://example.jp/%93%FA%96%7B",
                "Shift_JIS",
                "http://example.jp/日本",
            ),
            (
                "http://example.org/r%E9sum%E9",
                "windows-1252",
                "http://example.org/résumé",
            ),
            (
                "http://example.org/r%C3%A9sum%C3%A9",
                "UTF-8",
                "http://example.org/résumé",
            ),
            ("http://example.org/", "UTF-8", "http://example.org/"),
        ];
        for (line, encoding, iri) in log {
            let first = interpreted(line, false).into_iter().next();
            assert_eq!(first, Some((encoding, String::from(iri))), "{line}");
        }
    }

    #[test]
    fn bidi_formatting_characters_stay_encoded() {
        // windows-1255 has LRM and RLM at FD and FE.
        let hebrew = Encoding::for_label(b"windows-1255").unwrap();
        assert_eq!(
            read("x:%F9%FE", &[hebrew]),
            [("windows-1255", String::from("x:ש%FE"))]
        );
    }
}
