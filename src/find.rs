//! IRIs in running text (RFC 3987 section 7.3, RFC 3986 Appendix C).
//! The `text` feature (a default one).
//!
//! Mail readers, chat clients and terminals look for identifiers in plain
//! text and make them clickable. Section 7.3 asks them to base their
//! heuristics on the IRI syntax, and says what changes: "a non-ASCII
//! character should not be taken as the indication of the end of an IRI".
//! RFC 3986 Appendix C says how people delimit identifiers in text: with
//! double quotes, angle brackets (formerly `<URL:...>`) or white space,
//! none of which are part of the identifier.
//!
//! ```
//! use rfc3987::find::find;
//!
//! let text = "Voir <https://例え.jp/引き出し>, ou https://de.wikipedia.org/wiki/Köln_(Stadt).";
//! let found: Vec<&str> = find(text).map(|m| m.as_str()).collect();
//! assert_eq!(found, ["https://例え.jp/引き出し", "https://de.wikipedia.org/wiki/Köln_(Stadt)"]);
//!
//! let first = find(text).next().unwrap();
//! assert_eq!((first.start(), first.end()), (6, 36)); // byte offsets in `text`
//! assert_eq!(first.iri().host(), Some("例え.jp"));
//! ```
//!
//! Chinese and Japanese run text on without spaces: their punctuation
//! and brackets end an IRI. The bidi marks that keep an IRI in order inside
//! Arabic or Hebrew text are not part of it:
//!
//! ```
//! use rfc3987::find::find;
//!
//! let text = "詳しくは「https://例え.jp/案内」を、またはhttps://例え.jp/地図。";
//! let found: Vec<&str> = find(text).map(|m| m.as_str()).collect();
//! assert_eq!(found, ["https://例え.jp/案内", "https://例え.jp/地図"]);
//!
//! let text = "انظر \u{200F}https://مثال.com/صفحة\u{200F}، ثم";
//! let found: Vec<&str> = find(text).map(|m| m.as_str()).collect();
//! assert_eq!(found, ["https://مثال.com/صفحة"]);
//! ```
//!
//! # How a match is found
//!
//! 1. **A scheme from a list, then `:`.** Every `:` in the text is a
//!    candidate; the letters before it must be one of the schemes of the
//!    [`Finder`]'s list ([`DEFAULT_SCHEMES`] unless configured), compared
//!    without regard to ASCII case, and must not continue a word of ASCII
//!    letters and digits (`xhttp://` is not `http://`; `見てhttp://` is).
//!    An entry written `name://` asks for the two slashes after the colon,
//!    one written `name:` (`mailto:`, `urn:`) does not.
//! 2. **The longest IRI.** The generated `IRI` recognizer runs from the
//!    scheme for as long as the text can still continue an IRI, and the
//!    longest prefix it accepts is the candidate. So the end is where the
//!    grammar says: ASCII white space, `"`, `<`, `>`, a control character,
//!    a character outside `ucschar`, but never a non-ASCII letter, as
//!    section 7.3 asks.
//! 3. **The detection rules of every script.** `ucschar` allows almost
//!    every non-ASCII character, so the grammar alone would run an IRI
//!    through `、` or a closing `」`. Unicode properties say which
//!    characters end one wherever they stand (the rules and their
//!    properties are listed in full at `Role`, in the source):
//!    - white space of every kind (`White_Space`: U+00A0, U+3000, ...,
//!      Appendix C's delimiter) and the invisible format characters
//!      (`Default_Ignorable_Code_Point` with `General_Category=Cf`: U+200B
//!      ZERO WIDTH SPACE, U+2060, U+FEFF), but not the joiners U+200C and
//!      U+200D and U+180E MONGOLIAN VOWEL SEPARATOR, which stand inside
//!      words;
//!    - the bidi formatting characters (`Bidi_Control`: LRM, RLM, ALM, the
//!      embeddings, overrides and isolates), which section 4.1 forbids in
//!      an IRI: the marks around an IRI in right-to-left text are not
//!      part of it;
//!    - non-ASCII sentence and clause punctuation (`General_Category=P*`
//!      other than dashes, with `Terminal_Punctuation` or `Sentence_Break`
//!      `STerm`, `ATerm`, `SContinue`: `。、，．：；！？`, `،`, `۔`, `।`),
//!      and the compatibility forms of ASCII delimiters and sentence
//!      punctuation (NFKC: `…`, `‼`, `＜`, `＞`), even with text right after
//!      them as Chinese and Japanese write it: nobody types them inside an
//!      address. Their ASCII forms `.,;:!?` are the grammar's, part of the
//!      IRI unless trailing (step 4);
//!    - the dashes that set a clause off (`Line_Break=B2`: `—`, `⸺`, `⸻`),
//!      which English writes without spaces (`https://example.org/a—and`);
//!      the en dash `–` of titles stays (`/wiki/Michelson–Morley`);
//!    - brackets that Unicode pairs with none (`General_Category` `Ps` or
//!      `Pe` without a bidi pair: the ornate parentheses `﴿…﴾` that quote
//!      in Arabic);
//!    - quotation marks other than ASCII `'` (`Quotation_Mark`: `“ ” „ « »
//!      ‹ › 〝 ＂`), as ASCII `"` does; those that may stand inside a word
//!      (`Word_Break` `MidNumLet` or `MidLetter`: `‘ ’`, the apostrophe;
//!      the Hebrew `״`) stay, unless the IRI was opened by a quotation
//!      mark: then the next quotation mark ends it, whichever it is (`“…”`,
//!      `„…“`, `»…«`, `‘…’`), but for an apostrophe inside a word
//!      (`«…/Côte_d’Ivoire»`, `“…/it’s”`);
//!    - a closing bracket of any script (`Bidi_Paired_Bracket_Type=Close`:
//!      `)`, `]`, `）`, `」`, `』`, `》`, `】`, ...) that closes no bracket
//!      opened inside the IRI: `(see http://a/b)` gives `http://a/b` and
//!      `「http://例え.jp/」と言った` gives `http://例え.jp/`, while
//!      Wikipedia's `http://a/Rust_(language)` keeps its parentheses.
//!      Between `<` and `>` or two `"` (step 4) brackets need no partner.
//!    - a full-width or wide opening bracket (`（`, `「`, `【`: Unicode
//!      `East_Asian_Width` `F` or `W`) right after the text of the IRI,
//!      where Chinese, Japanese and Korean text opens an annotation
//!      (`https://example.jp/doc.pdf（PDF：1.2MB）` gives
//!      `https://example.jp/doc.pdf`); after a delimiter (`/`, `=`, `?`,
//!      ...) it opens a segment or a value (`?subject=（件名）`,
//!      `/wiki/【推しの子】`), unless it is a `（` opening a segment
//!      (`https://example.jp/docs/（2024年1月閲覧）`: paths write the
//!      parentheses of titles in ASCII) or is left open where the IRI ends
//!      (`…/sj/（访问日期：…）`); between `<` and `>` it is the IRI's.
//!    - the box-drawing characters that frame text tables (`║`, `│`), the
//!      ellipsis `⋯` of Chinese as Taiwan writes it, arrows, bullets,
//!      circled numbers and the reference marks `※ † ‡`;
//!    - a bracket still open where a rule ends the IRI, or where it ends
//!      (`https://open.kakao.com/o/abc(비번 1234)`), unless delimiters say
//!      where it ends;
//!    - after a `'` that opens a string (as code quotes), the next `'`
//!      outside a word (`['https://a.example/x','https://b.example/y']`);
//!    - an IRI of `tel:`, `sms:` or `geo:`, US-ASCII by its RFC, at its
//!      first non-ASCII character (`tel:03-1234-5678まで`);
//!    - an HTML character reference of a delimiter (`&lt;`, `&gt;`,
//!      `&quot;`, `&nbsp;` and their numeric forms), which in HTML-escaped
//!      text stands around an IRI, never inside one;
//!    - in the host of a scheme whose hosts are DNS names (`http`, `https`,
//!      `ws`, `wss`, `ftp`, `file`), a character that no domain name holds:
//!      the sub-delimiters `!$&'()*+,;=` and non-ASCII punctuation but the
//!      five IDNA2008 allows in labels (`·`, `׳`, `״`, `་`, `・`); and in
//!      its last label a symbol (`👈`, `→`, `™`, `★`) or a change of script
//!      (`Script`, marks going with any, ASCII digits with Latin: the text
//!      after `http://192.168.0.1にアクセス`; a full stop after the host is
//!      no root label there, `https://example.com입니다.`), which no
//!      top-level domain has; a host of one label is a name, which may
//!      mix Han with kana or Hangul (`http://社内ポータル/`). So
//!      `https://a.example,https://b.example` is two IRIs, and neither the
//!      possessive of `https://example.org’s page`, the Turkish suffix of
//!      `https://google.com'da` nor the Korean particle of
//!      `https://example.com에서` is part of one. Paths keep these
//!      characters (`/wiki/Ender's_Game`, `/wiki/Michelson–Morley`). The
//!      domain of each address of a `mailto:` IRI ends the same way
//!      (`mailto:info@例え.jp（平日）` ends at `（`), the `,` between its
//!      addresses aside.
//!
//!    - a second IRI written on right after the first, with no space: a
//!      listed `name://` scheme after a `,`, `;` or `|`
//!      (`https://a.example/x,https://b.example/y`), or after a letter of
//!      text written without spaces, whose word is then the text's
//!      (`https://例子.cn/a和https://例子.cn/b` is two IRIs and `和`); after
//!      a delimiter it is a segment or a value of the first
//!      (`…/web/2020/https://a.example/`, `?url=https://a.example/`).
//!    - after the host, an emoji (`Emoji_Presentation`, or an `Emoji`
//!      character followed by U+FE0F) right after a word or punctuation,
//!      as chat writes one after an address (`https://youtu.be/abc😂`,
//!      `https://例え.jp/新着👍`, `…/Rust_(language)!😍`); after a delimiter
//!      that opens a segment or a value (`/`, `=`, `_`, ...) or another
//!      symbol it names one (`/wiki/😂`, `?mood=🙂`, `/I_❤️_NY`).
//!    - after the host, text run on with no space right after an ASCII
//!      letter, digit or closing bracket of a part (a segment, a name or
//!      value of the query, the fragment) that holds only US-ASCII: a
//!      Japanese particle or verb ending (Hiragana but `の`, `と`, `や`), a
//!      Korean particle, or Thai
//!      (`詳しくはhttps://example.com/docs/page.htmlをご覧ください`,
//!      `https://example.com/guide에서`); or a part that starts with a
//!      particle no word starts with
//!      (`https://example.com/docs/をご覧ください`). Names put Han,
//!      Katakana and Hangul words and `の` right after Latin letters
//!      (`/wiki/C言語`, `/wiki/ONE_PIECEの登場人物`, `/wiki/LG에너지솔루션`),
//!      so Chinese text run on stays, as section 7.3 asks, as does what
//!      follows such letters in a part (`/wiki/東京に`), but for the
//!      object particle `を`, which Japanese writes as nothing else: it
//!      ends an IRI anywhere after the host (`/wiki/東京を参照`).
//!
//!    Letters, digits, marks, en dashes, `・` and `·` (which stand inside
//!    words), and ASCII characters the grammar allows, are part of an IRI.
//!    So is U+00AD SOFT HYPHEN, which hyphenation puts inside long words
//!    (`https://www.bundes\u{AD}regierung.de/`): it never ends an IRI, and
//!    the match's [`Match::iri`] leaves it out, as a line shows nothing
//!    there.
//! 4. **Delimiters and trailing punctuation are not part of it.** When
//!    the IRI stands between `<` and `>` (or `<URL:` and `>`) or between
//!    two `"`, the delimiters say exactly where it ends, and it is taken as
//!    it is. Otherwise characters that end sentences or quote
//!    (`Terminal_Punctuation` and `Quotation_Mark`: `.,;:!?'`, a trailing
//!    `’`) are removed from its end, and so are `·`, the NFC form of the
//!    Greek semicolon (`…/Αθήνα· και`), and `״`, with which Hebrew quotes
//!    (`״https://example.co.il/דף״`). Markdown emphasis around it ends it
//!    too: after a run of `*`, `_`, `~` right before the IRI, the same run
//!    mirrored ends it (`**http://a/b**`, `_http://a/b_`, `~~http://a/b~~`,
//!    `**http://例え.jp/a**を見て`; a `_` or `~` followed by an ASCII letter
//!    or digit does not, as in Markdown: `_http://a/b_c_`), and so does
//!    emphasis opened earlier on the line and still open
//!    (`**Docs: https://example.com/docs**`). Two or more `・` at its end
//!    are a typed ellipsis, left out too, as are a wave dash (`～`, `〜`)
//!    and any other dash but `-` at the very end (`…/a– next`, `…/a―`),
//!    footnote marks after the punctuation (`…/a.¹`; `/wiki/E=mc²` keeps
//!    its `²`) and symbols right after an ASCII character
//!    (`…/entry-123.html♪`; `/wiki/ゆるキャン△` keeps its own). Between `<`
//!    and `>`, white space is ignored (Appendix C: "the whitespace should
//!    be ignored when the URI is extracted"): when the text up to `>` is
//!    an IRI broken across lines, the match's range covers it with its
//!    white space and its [`Match::iri`] is the IRI without it.
//! 5. **Valid, and more than a scheme.** What remains is parsed as an
//!    [`Iri`]; if removing punctuation made it invalid, the longest valid
//!    prefix is taken instead. A match must have something after
//!    `scheme:` (and after `scheme://`): `the http:// prefix` has none.
//!
//! The search resumes after each match, so matches never overlap.
//!
//! # Cost and limits
//!
//! Each `:` looks back at most as far as the longest listed scheme, and
//! the recognizer reads a match's bytes a bounded number of times (the
//! walk, the parse, and a second walk when trimming or a cut left an
//! invalid end). A candidate that is rejected after a long walk (an
//! unclosed `http://[v1.` literal) has its text read again by the search
//! that resumes after its `:`; such inputs, and the others the tests
//! build to stress each step, take time linear in their size, checked by
//! ratio in `tests/find.rs`. [`Match`] borrows the text; the search
//! allocates only a few counters when a match ends in closing brackets,
//! and an error value when trimming left an invalid end; a joined IRI
//! owns its text. The walk stops at the next character that ends an IRI
//! wherever it stands (step 3), found by a forward scan that classifies
//! each character of the text at most once (a few lookups in ICU4X's
//! compiled property tables), so candidates cut short by one
//! (`http://、http://、...`) do not read the text after it again. The
//! text inside `<...>` is read once more, up to the next `<` or `>`.
//! [`Finder::find_lines`] reads a stream line by line, in memory
//! bounded by the longest line: an IRI never spans lines there, so the line
//! breaks that Appendix C allows inside long `<...>` identifiers are not
//! joined (white space inside `<...>` on one line is).
//!
//! Section 7.3's rule has a price: text written right after an IRI without
//! a space belongs to it (`http://例え.jp/を参照` is one IRI). Only a
//! delimiter or punctuation can say where such an IRI ends (or, after a
//! host, a change of script). Host names are not checked against DNS or
//! IDNA beyond step 3's characters, and a name without a scheme
//! (`www.example.org`) is not found: it is not an IRI.

use core::ops::Range;

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use icu_normalizer::ComposingNormalizerBorrowed;
use icu_properties::props::{
    BidiControl, EastAsianWidth, Emoji, EmojiPresentation, GeneralCategory, GeneralCategoryGroup,
    LineBreak, Script, TerminalPunctuation, WhiteSpace, WordBreak,
};
use icu_properties::{CodePointMapData, CodePointSetData};

use crate::chars::{self, is_quotation_mark, Bracket, HEBREW_GERSHAYIM};
use crate::grammar::{class, rules};
use crate::scheme::{Scheme, STANDARD};
use crate::Iri;

/// The schemes a [`Finder`] looks for unless told otherwise: the common
/// ones of running text. An entry is `name:` or `name://`; the second asks
/// for `//` after the colon, as hierarchical schemes write it, so that the
/// word `http:` in a sentence is not a match. `file:` asks for none, since
/// RFC 8089 writes `file:/path` too.
pub const DEFAULT_SCHEMES: &[&str] = &[
    "http://",
    "https://",
    "ftp://",
    "ftps://",
    "sftp://",
    "ws://",
    "wss://",
    "file:",
    "mailto:",
    "urn:",
    "data:",
    "tel:",
    "sms:",
    "news:",
    "nntp://",
    "irc://",
    "ircs://",
    "xmpp:",
    "sip:",
    "sips:",
    "geo:",
    "magnet:",
    "ssh://",
    "git://",
    "telnet://",
    "ldap://",
    "gopher://",
];

/// Finds IRIs in text; holds the list of schemes to look for.
///
/// ```
/// use rfc3987::find::Finder;
///
/// let finder = Finder::with_schemes(&["gemini://", "doi:"]).unwrap();
/// let text = "gemini://example.org/ and doi:10.1000/182, not http://a/";
/// let found: Vec<&str> = finder.find_iter(text).map(|m| m.as_str()).collect();
/// assert_eq!(found, ["gemini://example.org/", "doi:10.1000/182"]);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Finder<'s> {
    schemes: &'s [&'s str],
}

impl Finder<'static> {
    /// A finder for [`DEFAULT_SCHEMES`].
    pub const fn new() -> Self {
        Finder {
            schemes: DEFAULT_SCHEMES,
        }
    }
}

impl Default for Finder<'static> {
    fn default() -> Self {
        Finder::new()
    }
}

/// The finder [`find`] uses.
static DEFAULT: Finder<'static> = Finder::new();

/// Finds the IRIs of `text` whose scheme is one of [`DEFAULT_SCHEMES`]
/// (see the [module documentation](self) for the rules).
///
/// ```
/// let text = "Посмотрите https://пример.рф/страница?id=1.";
/// let found: Vec<&str> = rfc3987::find::find(text).map(|m| m.as_str()).collect();
/// assert_eq!(found, ["https://пример.рф/страница?id=1"]);
/// ```
pub fn find(text: &str) -> Matches<'static, '_> {
    DEFAULT.find_iter(text)
}

impl<'s> Finder<'s> {
    /// A finder for the schemes of `schemes`, each written `name:` or
    /// `name://` (see [`DEFAULT_SCHEMES`]); `name` must match the `scheme`
    /// rule. The error ([`Error::SchemeList`](crate::Error::SchemeList))
    /// holds the index of the first entry that does not.
    pub fn with_schemes(schemes: &'s [&'s str]) -> Result<Self, crate::Error> {
        for (index, entry) in schemes.iter().enumerate() {
            let valid = entry.split_once(':').is_some_and(|(name, rest)| {
                rules::SCHEME.recognize(name.as_bytes()).is_ok()
                    && (rest.is_empty() || rest == "//")
            });
            if !valid {
                return Err(crate::Error::SchemeList { index });
            }
        }
        Ok(Finder { schemes })
    }

    /// The schemes this finder looks for.
    pub fn schemes(&self) -> &'s [&'s str] {
        self.schemes
    }

    /// The IRIs of `text`, in order, as [`Match`]es that borrow it.
    pub fn find_iter<'t>(&self, text: &'t str) -> Matches<'s, 't> {
        Matches {
            finder: *self,
            text,
            pos: 0,
            longest_scheme: self.longest_scheme(),
            stop: None,
            written_on: None,
        }
    }

    /// The IRIs of `bytes`, text that may not be all UTF-8: each run of
    /// well-formed UTF-8 is searched as text, and a malformed sequence
    /// ends an IRI as a delimiter would. Offsets are in `bytes`.
    pub fn find_iter_bytes<'t>(&self, bytes: &'t [u8]) -> BytesMatches<'s, 't> {
        BytesMatches {
            finder: *self,
            chunks: bytes.utf8_chunks(),
            chunk_start: 0,
            next_chunk_start: 0,
            current: None,
        }
    }

    /// The IRIs of each line read from `reader` (lines end at `\n`), as
    /// owned [`LineMatch`]es with 1-based line numbers. Memory is bounded
    /// by the longest line and the matches of one line.
    ///
    /// ```
    /// use rfc3987::find::Finder;
    ///
    /// let text = "first line, no IRI\nsee http://a/b and mailto:x@example.org.\n";
    /// let found: Vec<_> = Finder::new().find_lines(text.as_bytes()).collect::<Result<_, _>>()?;
    /// assert_eq!(found[0].line, 2);
    /// assert_eq!(found[0].range(), 4..14);
    /// assert_eq!(found[1].iri, "mailto:x@example.org");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    #[cfg(feature = "std")]
    pub fn find_lines<R: std::io::BufRead>(&self, reader: R) -> LineMatches<'s, R> {
        LineMatches {
            finder: *self,
            reader,
            buffer: Vec::new(),
            line: 0,
            pending: alloc::collections::VecDeque::new(),
            done: false,
        }
    }

    fn longest_scheme(&self) -> usize {
        self.schemes
            .iter()
            .map(|entry| entry.find(':').unwrap_or(0))
            .max()
            .unwrap_or(0)
    }

    /// The entry for the scheme `name` (already known to be made of scheme
    /// characters), if listed and if `after` (the text after its colon)
    /// has the slashes it asks for: the length of `name:` or `name://`.
    fn entry(&self, name: &str, after: &str) -> Option<usize> {
        self.schemes.iter().find_map(|entry| {
            let (listed, slashes) = entry.split_once(':')?;
            (listed.eq_ignore_ascii_case(name) && after.starts_with(slashes)).then_some(entry.len())
        })
    }
}

/// One IRI found in text: where it is, and the parsed IRI.
///
/// The range is where the IRI stands in the text searched, and
/// [`as_str`](Self::as_str) is that text. They are the IRI itself except
/// in one case: an IRI written inside `<...>` and broken by white space
/// (RFC 3986 Appendix C: "the whitespace should be ignored when the URI is
/// extracted"). The range then covers the IRI with its white space, and
/// [`iri`](Self::iri) is the IRI without it, an owned string:
///
/// ```
/// let text = "pick it up from <ftp://foo.example.\n   com/rfc/>.";
/// let m = rfc3987::find::find(text).next().unwrap();
/// assert_eq!(m.as_str(), "ftp://foo.example.\n   com/rfc/");
/// assert_eq!(m.iri().as_str(), "ftp://foo.example.com/rfc/");
/// assert_eq!(&text[m.range()], m.as_str());
/// ```
#[derive(Clone, Debug)]
pub struct Match<'t> {
    start: usize,
    text: &'t str,
    iri: Iri<Cow<'t, str>>,
}

impl<'t> Match<'t> {
    /// Byte offset of the IRI's first byte in the text searched.
    pub fn start(&self) -> usize {
        self.start
    }

    /// Byte offset just past the IRI's last byte.
    pub fn end(&self) -> usize {
        self.start + self.text.len()
    }

    /// `start()..end()`.
    pub fn range(&self) -> Range<usize> {
        self.start..self.end()
    }

    /// The text at [`range`](Self::range), a slice of the text searched:
    /// the IRI, with the white space of a `<...>` IRI broken across lines
    /// when it has any (see [`Match`]).
    pub fn as_str(&self) -> &'t str {
        self.text
    }

    /// Whether the IRI was joined from text broken by white space inside
    /// `<...>`, or by soft hyphens (U+00AD, where hyphenation may break a
    /// word across lines), so that [`as_str`](Self::as_str) is not its
    /// text.
    pub fn is_joined(&self) -> bool {
        self.iri.as_str().len() != self.text.len()
    }

    /// The IRI, parsed: borrowed from the text searched, or owned when
    /// [joined](Self::is_joined).
    pub fn iri(&self) -> &Iri<Cow<'t, str>> {
        &self.iri
    }

    /// The IRI, parsed, giving up the position.
    pub fn into_iri(self) -> Iri<Cow<'t, str>> {
        self.iri
    }
}

/// The iterator of [`Finder::find_iter`] and [`find`].
#[derive(Clone, Debug)]
pub struct Matches<'s, 't> {
    finder: Finder<'s>,
    text: &'t str,
    /// Where the search goes on: after the last match, or after the last
    /// `:` tried. No match starts before it.
    pos: usize,
    longest_scheme: usize,
    /// `(from, at)`: the first character at or after `from` whose
    /// [`Role`] is [`Role::Stop`] is at `at` (the text's length when there
    /// is none). Candidates start further and further on, so each
    /// character is classified at most once by [`Self::next_stop`].
    stop: Option<(usize, usize)>,
    /// `(from, at)`, as `stop` for [`Self::next_written_on`].
    written_on: Option<(usize, usize)>,
}

impl<'t> Iterator for Matches<'_, 't> {
    type Item = Match<'t>;

    fn next(&mut self) -> Option<Match<'t>> {
        let bytes = self.text.as_bytes();
        while let Some(found) = bytes[self.pos..].iter().position(|&b| b == b':') {
            let colon = self.pos + found;
            match self.candidate(colon) {
                Some(m) => {
                    self.pos = m.end();
                    return Some(m);
                }
                None => self.pos = colon + 1,
            }
        }
        self.pos = bytes.len();
        None
    }
}

impl core::iter::FusedIterator for Matches<'_, '_> {}

impl<'t> Matches<'_, 't> {
    /// The match whose scheme ends at the `:` at `colon`, if any.
    fn candidate(&mut self, colon: usize) -> Option<Match<'t>> {
        let text = self.text;
        let (start, prefix) = self.scheme_before(colon)?;
        let after_prefix = start + prefix;
        let before = &text[..start];
        let close = closing_delimiter(before);
        if close == Some('>') {
            if let Some(m) = joined_in_angle_brackets(text, start, prefix) {
                return Some(m);
            }
        }
        // The walk goes no further than the next character that stops an
        // IRI wherever it stands: a walk across it would be read again by
        // each candidate it rejects (`http://、http://、...`).
        // Outside delimiters, the walk goes no further than the next IRI
        // written on right after this one either.
        let stop = self.next_stop(start);
        let written_on = self.next_written_on(after_prefix);
        let walk_to = |limit: usize| -> Option<usize> {
            Some(start + longest_iri(&text.as_bytes()[start..limit])?)
        };
        // The detection rules: white space, format characters, sentence
        // punctuation, quotes and unbalanced closing brackets.
        let cut = |walk: usize, opener: Opener| -> Option<usize> {
            match boundary(&text[start..walk], opener) {
                Some(at) => walk_to(start + at),
                None => Some(walk),
            }
        };
        let mut end;
        // The walk to `stop`, when the delimiters asked for it.
        let mut walked = None;
        let delimited = match close {
            // Between `<` and `>` or two `"`, the delimiters say where the
            // IRI ends, brackets or not (`<http://a/b)>`).
            Some(close) => {
                let walk = walk_to(stop)?;
                walked = Some(walk);
                end = cut(walk, Opener::Delimiter)?;
                text[end..].starts_with(close)
            }
            None => {
                end = 0;
                false
            }
        };
        if !delimited {
            let walk = match walked {
                Some(walk) if written_on >= stop => walk,
                _ => walk_to(stop.min(written_on))?,
            };
            let opener = if opened_by_quote(before) {
                Opener::Quote
            } else if before.ends_with('\'') {
                Opener::Apostrophe
            } else {
                Opener::Other
            };
            let cut = cut(walk, opener)?;
            let cut = host_stop(&text[start..cut]).map_or(cut, |at| start + at);
            let cut = escaped_delimiter(&text[start..cut]).map_or(cut, |at| start + at);
            let cut = emoji_stop(&text[start..cut]).map_or(cut, |at| start + at);
            let cut = unspaced_text_stop(&text[start..cut]).map_or(cut, |at| start + at);
            let cut = if cut == written_on && cut < text.len() {
                word_before(&text[after_prefix..cut]).map_or(cut, |at| after_prefix + at)
            } else {
                cut
            };
            let cut =
                emphasis_end(before, &text[after_prefix..cut]).map_or(cut, |at| after_prefix + at);
            end = trim_end(&text[..cut], after_prefix);
        }
        if end <= after_prefix {
            return None;
        }
        // A soft hyphen is where a word processor may break the line: the
        // text holds it, the IRI does not.
        let slice = |end: usize| {
            let found = &text[start..end];
            if found.contains(SOFT_HYPHEN) {
                Iri::parse(Cow::Owned(found.replace(SOFT_HYPHEN, "")))
            } else {
                Iri::parse(Cow::Borrowed(found))
            }
        };
        let iri = match slice(end) {
            Ok(iri) => iri,
            Err(_) => {
                // Trimming cut into a construct; keep what stays valid.
                end = start + longest_iri(&text.as_bytes()[start..end])?;
                if end <= after_prefix {
                    return None;
                }
                slice(end).ok()?
            }
        };
        Some(Match {
            start,
            text: &text[start..end],
            iri,
        })
    }

    /// Where a second IRI is written on right after the one whose scheme's
    /// entry ends at `from`, with no space: the start of the first listed
    /// `name://` scheme after `from` that follows a `,`, `;` or `|`
    /// (`https://a.example/x,https://b.example/y`, lists in configuration
    /// files) or a letter of text written without spaces
    /// (`https://例子.cn/a和https://例子.cn/b`, `…/a에서https://…`; see
    /// [`word_before`]); the text's length when there is none. After a
    /// delimiter the second IRI is a segment or a value of the first
    /// (`https://web.archive.org/web/2020/https://a.example/`,
    /// `?url=https://a.example/`). Cached as [`Self::next_stop`] is, so
    /// each `://` is looked at once.
    fn next_written_on(&mut self, from: usize) -> usize {
        if let Some((scanned, at)) = self.written_on {
            if scanned <= from && from <= at {
                return at;
            }
        }
        let text = self.text;
        let mut search = from;
        let at = loop {
            let Some(found) = text[search..].find("://") else {
                break text.len();
            };
            let colon = search + found;
            search = colon + 3;
            let Some((start, prefix)) = self.scheme_after(from, colon) else {
                continue;
            };
            if !text[start..start + prefix].ends_with("//") {
                continue;
            }
            let Some(before) = text[from..start].chars().next_back() else {
                continue;
            };
            if matches!(before, ',' | ';' | '|')
                || (!before.is_ascii() && chars::is_word_character(before))
            {
                break start;
            }
        };
        self.written_on = Some((from, at));
        at
    }

    /// The position of the first character at or after `from` that stops
    /// an IRI wherever it stands ([`Role::Stop`]), or the text's length.
    fn next_stop(&mut self, from: usize) -> usize {
        if let Some((scanned, at)) = self.stop {
            if scanned <= from && from <= at {
                return at;
            }
        }
        let at = self.text[from..]
            .char_indices()
            .find(|&(_, c)| !c.is_ascii() && role(c) == Role::Stop)
            .map_or(self.text.len(), |(i, _)| from + i);
        self.stop = Some((from, at));
        at
    }

    /// The start of a listed scheme that ends at `colon`, and the length of
    /// its entry (`name:` or `name://`); the leftmost when several fit
    /// (`svn+ssh:` before `ssh:`).
    fn scheme_before(&self, colon: usize) -> Option<(usize, usize)> {
        self.scheme_after(self.pos, colon)
    }

    /// [`scheme_before`](Self::scheme_before) for a scheme that starts at
    /// `floor` or later.
    fn scheme_after(&self, floor: usize, colon: usize) -> Option<(usize, usize)> {
        let bytes = self.text.as_bytes();
        let mut best = None;
        let mut i = colon;
        while i > floor && colon - i < self.longest_scheme && continues_scheme(bytes[i - 1]) {
            i -= 1;
            let word_start = i == 0 || !is_ascii_alphanumeric(bytes[i - 1]);
            if word_start && class::is_alpha(char::from(bytes[i])) {
                let name = &self.text[i..colon];
                if let Some(prefix) = self.finder.entry(name, &self.text[colon + 1..]) {
                    best = Some((i, prefix));
                }
            }
        }
        best
    }
}

/// Where the word that `iri` (an IRI from its scheme's entry on) ends
/// with starts, when a second IRI is written on right after it
/// ([`Matches::next_written_on`]): the run of non-ASCII letters of one
/// script before it is text (a word, a particle: `和`, `と`, `에서`),
/// unless it makes up the IRI's whole segment or value
/// (`https://例え.jp/記事https://…` keeps `記事`). `None` to keep it all.
fn word_before(iri: &str) -> Option<usize> {
    let script = chars::script(iri.chars().next_back()?);
    let word = iri
        .char_indices()
        .rev()
        .take_while(|&(_, c)| {
            !c.is_ascii()
                && chars::is_word_character(c)
                && matches!(chars::script(c), s if s == script || s == Script::Inherited)
        })
        .last()?
        .0;
    let opens_segment = iri[..word]
        .chars()
        .next_back()
        .is_none_or(|c| matches!(c, '/' | '?' | '#' | '=' | '&' | ':'));
    (!opens_segment).then_some(word)
}

/// The IRI that starts at `start`, right after `<` (or `<URL:`), when the
/// text up to the next `>` is an IRI broken by white space (RFC 3986
/// Appendix C): the match covers it up to its last non-white character,
/// and its IRI is that text without the white space. `None` when there is
/// no white space before the `>` (the plain search finds the IRI), when a
/// `<` comes first, or when the joined text is not an IRI, more than its
/// scheme, that the detection rules leave whole.
///
/// Cost: the text read runs to the next `<` or `>`, so the texts read for
/// different `<` never overlap.
fn joined_in_angle_brackets(text: &str, start: usize, prefix: usize) -> Option<Match<'_>> {
    let rest = &text[start..];
    let close = rest.find(['<', '>'])?;
    if !rest[close..].starts_with('>') {
        return None;
    }
    let white = CodePointSetData::new::<WhiteSpace>();
    let inside = rest[..close].trim_end_matches(|c| white.contains(c));
    if !inside.chars().any(|c| white.contains(c)) {
        return None;
    }
    let joined: String = inside
        .chars()
        .filter(|&c| !white.contains(c) && c != SOFT_HYPHEN)
        .collect();
    if joined.len() <= prefix || boundary(&joined, Opener::Delimiter).is_some() {
        return None;
    }
    let iri = Iri::parse(Cow::Owned(joined)).ok()?;
    Some(Match {
        start,
        text: inside,
        iri,
    })
}

/// Whether the ASCII `byte` may follow a letter in a scheme (letters,
/// digits, `+`, `-`, `.`), asked of the generated `scheme` recognizer.
fn continues_scheme(byte: u8) -> bool {
    byte.is_ascii() && rules::SCHEME.recognize(&[b'a', byte]).is_ok()
}

/// `ALPHA / DIGIT`, from the generated classes.
fn is_ascii_alphanumeric(byte: u8) -> bool {
    byte.is_ascii() && (class::is_alpha(char::from(byte)) || class::is_digit(char::from(byte)))
}

/// The length of the longest prefix of `bytes` that is an `IRI`, read in
/// one pass of the generated DFA that stops where no IRI can continue.
fn longest_iri(bytes: &[u8]) -> Option<usize> {
    rules::IRI.longest_prefix(bytes)
}

/// The delimiter that closes an IRI written right after `before`:
/// `>` after `<` or `<URL:` (with or without a space, any case), `"`
/// after `"` (RFC 3986 Appendix C).
fn closing_delimiter(before: &str) -> Option<char> {
    let url_prefix = |s: &str| -> Option<usize> {
        let s = s.strip_suffix(' ').unwrap_or(s);
        let tail = s.len().checked_sub(4)?;
        s.get(tail..)?.eq_ignore_ascii_case("URL:").then_some(tail)
    };
    let before = match url_prefix(before) {
        Some(tail) => &before[..tail],
        None => before,
    };
    match before.chars().next_back()? {
        '<' => Some('>'),
        '"' => Some('"'),
        _ => None,
    }
}

/// Whether the IRI written right after `before` is opened by a non-ASCII
/// quotation mark (`“`, `„`, `«`, `»`, `‘`, `‚`, `‹`, ...), bidi
/// formatting characters between them aside. Its closing mark is then the
/// next quotation mark, whichever it is: the pairs differ from language to
/// language (`“…”`, `„…“`, `»…«`, `”…”`) and no property gives them.
fn opened_by_quote(before: &str) -> bool {
    let bidi = CodePointSetData::new::<BidiControl>();
    before
        .chars()
        .rev()
        .find(|&c| !bidi.contains(c))
        .is_some_and(|c| !c.is_ascii() && is_quotation_mark(c))
}

/// What a character does to an IRI it stands in, beyond the grammar (which
/// allows almost every non-ASCII character, as `ucschar`): a detection
/// rule of section 7.3, derived from Unicode properties.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    /// Part of the IRI where the grammar allows it.
    Inside,
    /// Ends the IRI where it stands.
    Stop,
    /// An opening bracket, counted for balance.
    Open,
    /// A full-width or wide opening bracket (`（`, `「`, `【`): the start
    /// of an annotation or a quotation written on after the IRI, unless
    /// the IRI stands between delimiters.
    WideOpen,
    /// A closing bracket whose opening partner is the `char`: part of the
    /// IRI when it closes a bracket opened inside, else the IRI's end.
    Close(char),
    /// A quotation mark that may stand inside a word (`’`, the apostrophe):
    /// part of the IRI, unless the IRI was opened by a quotation mark and
    /// it does not stand inside a word ([`inside_word`]).
    WordQuote,
}

/// The [`Role`] of `c`, first rule that applies:
///
/// 1. ASCII: brackets `(`, `[`, `{` and their partners are [`Role::Open`]
///    and [`Role::Close`]; everything else is left to the grammar (which
///    ends an IRI at white space, `"`, `<`, `>`) and to [`trim_end`].
/// 2. White space (`White_Space`: U+00A0, U+3000, ...: Appendix C's
///    delimiter), bidi formatting characters (`Bidi_Control`: section 4.1
///    forbids them in an IRI) and the other invisible format characters
///    (`Default_Ignorable_Code_Point` and `General_Category=Cf`, such as
///    U+200B ZERO WIDTH SPACE and U+FEFF) stop it. The joiners U+200C and
///    U+200D (`Join_Control`) do not: they stand inside words (Persian,
///    Indic scripts, emoji) and IDNA allows them in labels (RFC 5892
///    CONTEXTJ).
/// 3. Paired brackets of every script (`Bidi_Paired_Bracket_Type`:
///    `（）「」『』《》〈〉【】〔〕`, ...) open and close; an opening one that
///    is full-width or wide (`East_Asian_Width` `F` or `W`: `（`, `「`,
///    `【`) is [`Role::WideOpen`]: Chinese, Japanese and Korean text opens
///    its annotations and quotations with them right after an address
///    (`https://example.jp/news（外部サイト）`, `…/doc.pdf（PDF：1.2MB）`),
///    while addresses write `(` (`/wiki/Rust_(language)`). Right after a
///    delimiter (`/`, `=`, `?`, ...; not a closing `)` or `]`, after which
///    `（英語）` annotates `/wiki/Rust_(language)`) it opens a segment or a
///    value instead (`?subject=（件名）`), and counts for balance.
/// 4. Quotation marks (`Quotation_Mark`: `“ ” „ « » ‹ › 〝 ＂`, ...) stop
///    it, as ASCII `"` does, except those that may stand inside a word
///    (`Word_Break` `MidNumLet`, `MidLetter`, `MidNum`: `‘ ’ ＇`), which
///    the IRI keeps as it keeps ASCII `'`.
/// 5. Brackets that Unicode pairs with none (`General_Category` `Ps` or
///    `Pe` without a `Bidi_Paired_Bracket`: the ornate parentheses `﴿﴾`
///    that quote in Arabic, the vertical forms `︵︶`) and the dashes that
///    set a clause off (`Line_Break=B2`: `—`, `⸺`, `⸻`) stop it.
/// 6. Sentence and clause punctuation (`General_Category=P*` other than
///    dashes, and `Terminal_Punctuation` or `Sentence_Break` `STerm`,
///    `ATerm`, `SContinue`: `。、，．：；！？`, `،`, `۔`, `।`)
///    stops it wherever it stands, even with text right after it, as
///    written in Chinese and Japanese: nobody types it inside an address,
///    while its ASCII forms `.,;:!?` belong to the grammar.
/// 7. The box-drawing characters (`║`, `│`, `┃`), which frame text
///    tables, the ellipsis `⋯`, arrows (`←`, `→`, `⇒`, `➡`, `⬆`), bullets
///    (`•`, `‣`, `◦`), circled numbers (`①`, `❶`) and the reference marks
///    `※ † ‡` stop it (the Unicode blocks of arrows, box drawing and
///    enclosed alphanumerics: no property names them).
/// 8. Compatibility forms of ASCII delimiters and sentence punctuation
///    (punctuation or symbols whose NFKC form is ASCII characters, each one
///    the grammar excludes or `Terminal_Punctuation`: `…`, `‼`, `＜`,
///    `＞`, `＼`) stop it too.
///
/// Letters, digits, marks, the other dashes (`–` in a Wikipedia title),
/// `・`, `·` and the other symbols are [`Role::Inside`] (but an emoji
/// right after a word or punctuation, [`emoji_stop`]).
fn role(c: char) -> Role {
    let bracket = |c: char| match chars::bracket(c)? {
        Bracket::Open { .. } => Some(Role::Open),
        Bracket::Close { open } => Some(Role::Close(open)),
    };
    if c.is_ascii() {
        return match c {
            '(' | ')' | '[' | ']' | '{' | '}' => bracket(c).unwrap_or(Role::Inside),
            _ => Role::Inside,
        };
    }
    let gc = CodePointMapData::<GeneralCategory>::new().get(c);
    if CodePointSetData::new::<WhiteSpace>().contains(c)
        || CodePointSetData::new::<BidiControl>().contains(c)
        || (chars::is_invisible_format(c) && c != SOFT_HYPHEN)
    {
        return Role::Stop;
    }
    // The box-drawing characters frame text tables and terminal output
    // (`║https://example.com/a║`, `│…│`); U+22EF MIDLINE HORIZONTAL
    // ELLIPSIS is the ellipsis of Chinese as Taiwan writes it
    // (`https://example.tw/news/123⋯⋯`); arrows point at an address
    // (`https://example.jp/a←ここ`, `…/a→https://…/b`); bullets, circled
    // numbers and the reference marks `※ † ‡` start an item or a note
    // (`•https://…/a•https://…/b`, `…/a②`, `…/a※1`, `…/a†`): no name
    // holds them.
    if matches!(
        c,
        '\u{2500}'..='\u{257F}'
            | '\u{22EF}'
            | '\u{2190}'..='\u{21FF}'
            | '\u{27F0}'..='\u{27FF}'
            | '\u{2900}'..='\u{297F}'
            | '\u{2794}'..='\u{27BF}'
            | '\u{2B00}'..='\u{2B2F}'
            | '\u{2022}'
            | '\u{2023}'
            | '\u{2043}'
            | '\u{25E6}'
            | '\u{203B}'
            | '\u{2020}'
            | '\u{2021}'
    ) || chars::is_enclosed_alphanumeric(c)
    {
        return Role::Stop;
    }
    let punctuation = GeneralCategoryGroup::Punctuation.contains(gc);
    if !punctuation && !GeneralCategoryGroup::Symbol.contains(gc) {
        return Role::Inside;
    }
    if let Some(role) = bracket(c) {
        let wide = matches!(
            CodePointMapData::<EastAsianWidth>::new().get(c),
            EastAsianWidth::Fullwidth | EastAsianWidth::Wide
        );
        return if role == Role::Open && wide {
            Role::WideOpen
        } else {
            role
        };
    }
    if is_quotation_mark(c) {
        let wb = CodePointMapData::<WordBreak>::new().get(c);
        return if matches!(
            wb,
            WordBreak::MidNumLet | WordBreak::MidLetter | WordBreak::MidNum
        ) {
            Role::WordQuote
        } else {
            Role::Stop
        };
    }
    // Brackets that Unicode pairs with none (`Bidi_Paired_Bracket_Type`
    // `None`: the ornate parentheses `﴿…﴾` around an Arabic quotation,
    // the vertical forms `︵︶`): nothing inside an address balances them.
    if matches!(
        gc,
        GeneralCategory::OpenPunctuation | GeneralCategory::ClosePunctuation
    ) {
        return Role::Stop;
    }
    // The dashes that set a clause off (`Line_Break=B2`: `—`, `⸺`, `⸻`),
    // which English writes without spaces (`…/page—and`) and Chinese
    // doubled (`——`); titles join words with the en dash `–`, which stays.
    if CodePointMapData::<LineBreak>::new().get(c) == LineBreak::BreakBoth {
        return Role::Stop;
    }
    if chars::is_sentence_punctuation(c) {
        return Role::Stop;
    }
    let terminal = CodePointSetData::new::<TerminalPunctuation>();
    let mut compatibility = ComposingNormalizerBorrowed::new_nfkc()
        .normalize_iter(core::iter::once(c))
        .peekable();
    let ascii_delimiters = compatibility.peek().is_some_and(|&d| d != c)
        && compatibility.all(|d| {
            d.is_ascii()
                && (terminal.contains(d)
                    || !(class::is_unreserved(d) || class::is_reserved(d) || d == '%'))
        });
    if ascii_delimiters {
        Role::Stop
    } else {
        Role::Inside
    }
}

/// Where the Markdown emphasis opened before the IRI closes in `iri` (the
/// text after the scheme's prefix), if it does: the opening run is the
/// `*`, `_` and `~` (at most three) that end `before`, the closing one the
/// same run mirrored (`**…**`, `_…_`, `~~…~~`, `*_…_*`), first found after
/// at least one character. A run with `_` or `~` closes only where no
/// ASCII letter or digit follows, as in Markdown, so `_http://a/b_c_`
/// keeps `b_c` (and `~user` stays in a path); non-ASCII text may follow it
/// (`**http://例え.jp/a**を見て`). Emphasis opened earlier on the line
/// and not closed before the IRI ([`open_emphasis`]: `**Docs:
/// https://example.com/docs**`, `*See https://example.com/a*.`) closes
/// the same way, where no ASCII letter or digit follows whatever the run.
/// The grammar allows these characters, so only the opening run says that
/// the closing one is not part of the IRI.
fn emphasis_end(before: &str, iri: &str) -> Option<usize> {
    let run = before.bytes().rev().take_while(is_emphasis_mark).count();
    let bytes = iri.as_bytes();
    let (opening, intraword) = match run {
        0 => {
            // The line before is read only when `iri` holds a run that
            // could close one.
            let closing = bytes
                .windows(2)
                .any(|pair| is_emphasis_mark(&pair[0]) && !pair[1].is_ascii_alphanumeric())
                || bytes.last().is_some_and(is_emphasis_mark);
            if !closing {
                return None;
            }
            (open_emphasis(before)?, true)
        }
        1..=3 => {
            let opening = &before.as_bytes()[before.len() - run..];
            (opening, opening.iter().any(|&b| b != b'*'))
        }
        _ => return None,
    };
    let run = opening.len();
    (1..bytes.len().saturating_sub(run - 1)).find(|&at| {
        bytes[at..at + run].iter().eq(opening.iter().rev())
            && !(intraword && bytes.get(at + run).is_some_and(u8::is_ascii_alphanumeric))
    })
}

/// The Markdown emphasis marks: `*`, `_`, `~`.
fn is_emphasis_mark(byte: &u8) -> bool {
    matches!(byte, b'*' | b'_' | b'~')
}

/// The run of emphasis marks (at most three) that opens an emphasis still
/// open at the end of `before`, on its last line, as Markdown reads them:
/// a run opens when something other than white space follows it and no
/// letter or digit stands before it (`**Docs: `; not the bullet of `* `,
/// not `snake_case`), and closes the last one open when it mirrors it and
/// follows something other than white space (`**bold** and `).
fn open_emphasis(before: &str) -> Option<&[u8]> {
    let line = &before[before.rfind('\n').map_or(0, |n| n + 1)..];
    let bytes = line.as_bytes();
    let mut open: Vec<&[u8]> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if !is_emphasis_mark(&bytes[i]) {
            i += 1;
            continue;
        }
        let end = i + bytes[i..]
            .iter()
            .take_while(|b| is_emphasis_mark(b))
            .count();
        let run = &bytes[i..end];
        let previous = line[..i].chars().next_back();
        let next = line[end..].chars().next();
        let closes = previous.is_some_and(|c| !c.is_whitespace())
            && open.last().is_some_and(|o| o.iter().rev().eq(run.iter()));
        if closes {
            open.pop();
        } else if run.len() <= 3
            && next.is_some_and(|c| !c.is_whitespace())
            && !previous.is_some_and(char::is_alphanumeric)
        {
            open.push(run);
        }
        i = end;
    }
    open.pop()
}

/// Where the host of `candidate` holds a character that no domain name
/// has, when its scheme's hosts are DNS names ([`STANDARD`]'s `http`,
/// `https`, `ws`, `wss`, `ftp`, `file`, and [`DNS_HOSTS`]: `ssh`, `irc`,
/// ...): an ASCII sub-delimiter
/// (`!$&'()*+,;=`, which the `ireg-name` rule allows) or non-ASCII
/// punctuation (`General_Category=P*`: `’`, `—`, `¿`, ...) other than the
/// five that IDNA2008 lets a label hold in context (RFC 5892 section 2.6
/// and Appendix A: `·`, `׳`, `״`, `་`, `・`). Such a character is the
/// text's, not the host's: `https://a.example,https://b.example` is a
/// list, `https://example.org’s` a possessive, `https://google.com'da` a
/// Turkish suffix. Paths keep them (`/wiki/Ender's_Game`). The host also
/// ends where its last label holds what no top-level domain does
/// ([`top_level_stop`]). The
/// domain of each address of a `mailto:` IRI is read the same way
/// ([`mailto_stop`]); an IRI of a scheme that is US-ASCII by its RFC
/// ([`ASCII_ONLY`]: `tel`, `sms`, `geo`) ends at its first non-ASCII
/// character.
fn host_stop(candidate: &str) -> Option<usize> {
    let colon = candidate.find(':')?;
    if candidate[..colon].eq_ignore_ascii_case("mailto") {
        return mailto_stop(candidate, colon + 1);
    }
    let scheme = &candidate[..colon];
    if ASCII_ONLY
        .iter()
        .any(|name| name.eq_ignore_ascii_case(scheme))
    {
        return candidate.find(|c: char| !c.is_ascii());
    }
    let dns = STANDARD.lookup(scheme).is_some_and(Scheme::dns_host)
        || DNS_HOSTS
            .iter()
            .any(|name| name.eq_ignore_ascii_case(scheme));
    if !dns {
        return None;
    }
    let authority_start = colon + 1 + "//".len();
    let authority = &candidate[authority_start..authority_end(candidate, colon)?];
    let host_start = authority.rfind('@').map_or(0, |at| at + 1);
    let host = &authority[host_start..];
    if host.starts_with('[') {
        return None; // An IP literal: the grammar says where it ends.
    }
    let host = &host[..host.find(':').unwrap_or(host.len())];
    Some(authority_start + host_start + domain_end(host)?)
}

/// The schemes of [`DEFAULT_SCHEMES`] whose hosts are DNS names
/// beside [`STANDARD`]'s (`http`, `https`, `ws`, `wss`, `ftp`, `file`):
/// [`host_stop`] reads their hosts as domain names too.
const DNS_HOSTS: [&str; 10] = [
    "ftps", "sftp", "ssh", "git", "irc", "ircs", "telnet", "ldap", "gopher", "nntp",
];

/// The schemes whose IRIs are US-ASCII by their RFCs (`tel`, RFC 3966;
/// `sms`, RFC 5724; `geo`, RFC 5870): the first non-ASCII character is the
/// text's (`tel:03-1234-5678まで`, `geo:35.68,139.76付近`).
const ASCII_ONLY: [&str; 3] = ["tel", "sms", "geo"];

/// Where the domain name that starts `domain` ends before the end of
/// `domain`: at a character that no domain name holds
/// ([`outside_domain_names`]), or where its last label holds what no
/// top-level domain does ([`top_level_stop`]).
fn domain_end(domain: &str) -> Option<usize> {
    let end = domain
        .char_indices()
        .find(|&(_, c)| outside_domain_names(c))
        .map(|(at, _)| at);
    // The top-level label, where text run on after the domain lands; a
    // sentence's full stop after it is no root label
    // (`https://example.com입니다.`).
    let domain = domain[..end.unwrap_or(domain.len())].trim_end_matches('.');
    let tld = domain.rfind('.').map_or(0, |dot| dot + 1);
    top_level_stop(&domain[tld..], tld == 0)
        .map(|at| tld + at)
        .or(end)
}

/// [`host_stop`] for a `mailto:` IRI (RFC 6068): its addresses, separated
/// by `,` up to the `?` of its headers, each end their domain (after the
/// last `@`) as a host does, so `mailto:info@例え.jp（平日）` and
/// `mailto:a@b.example's` end at the domain; the `,` between two
/// addresses goes on (`mailto:a@b.example,c@d.example`).
fn mailto_stop(candidate: &str, to: usize) -> Option<usize> {
    let end = candidate[to..]
        .find(['?', '#'])
        .map_or(candidate.len(), |k| to + k);
    let mut at = to;
    for address in candidate[to..end].split(',') {
        if let Some(k) = address.rfind('@') {
            let domain = at + k + 1;
            if let Some(stop) = domain_end(&candidate[domain..at + address.len()]) {
                return Some(domain + stop);
            }
        }
        at += address.len() + 1;
    }
    None
}

/// The end of the authority of `candidate`, whose scheme ends at
/// `colon`, if it has one (`//` after the colon): the first `/`, `?` or
/// `#` after it, or the candidate's end.
fn authority_end(candidate: &str, colon: usize) -> Option<usize> {
    let start = colon + 1 + "//".len();
    candidate[colon + 1..].strip_prefix("//")?;
    Some(
        candidate[start..]
            .find(['/', '?', '#'])
            .map_or(candidate.len(), |k| start + k),
    )
}

/// Where `candidate` holds an HTML character reference to a character
/// that ends an IRI (`&lt;`, `&gt;`, `&quot;`, `&nbsp;`, the quotation
/// marks `&ldquo;`, `&raquo;`, ..., `&hellip;`, `&mdash;`, and their
/// numeric forms, any case; the apostrophe's `&#39;`, `&#x27;`, `&apos;`
/// where no letter follows), if it does: in HTML-escaped text (a feed, a
/// page's source, a template's output) these stand for the delimiters
/// around the IRI (`&lt;https://example.com/a&gt;`,
/// `&quot;https://example.com/a&quot;`), never for characters of it,
/// which cannot be `<`, `>`, `"` or white space.
fn escaped_delimiter(candidate: &str) -> Option<usize> {
    const NAMES: [&str; 25] = [
        "lt;", "gt;", "quot;", "nbsp;", "#60;", "#62;", "#34;", "#160;", "#x3c;", "#x3e;", "#x22;",
        "#xa0;", "ldquo;", "rdquo;", "laquo;", "raquo;", "bdquo;", "hellip;", "mdash;", "#8220;",
        "#8221;", "#8230;", "#8212;", "#x201c;", "#x201d;",
    ];
    // The apostrophe's, which a word may hold (`Ender&#39;s`), where no
    // letter follows.
    const APOSTROPHES: [&str; 3] = ["#39;", "#x27;", "apos;"];
    let bytes = candidate.as_bytes();
    candidate.match_indices('&').map(|(at, _)| at).find(|&at| {
        let after = &bytes[at + 1..];
        let is = |name: &str| {
            after
                .get(..name.len())
                .is_some_and(|s| s.eq_ignore_ascii_case(name.as_bytes()))
        };
        NAMES.iter().any(|name| is(name))
            || APOSTROPHES
                .iter()
                .any(|name| is(name) && !after.get(name.len()).is_some_and(u8::is_ascii_alphabetic))
    })
}

/// Where an emoji written after the IRI starts in `candidate`, if one
/// is: after the authority (a host's last label ends at any symbol,
/// [`top_level_stop`]), the first character shown as an emoji
/// (`Emoji_Presentation`: `😂`, `👍`, `🔥`, `✨`, flags; or an `Emoji`
/// character followed by U+FE0F VARIATION SELECTOR-16: `❤️`, `✔️`) that
/// follows neither a delimiter that opens a segment or a value (`/ ? # =
/// & + _ - ~ : @ * $`) nor another symbol. Chat writes emoji right after
/// an address, after its last word or its punctuation
/// (`https://youtu.be/abc😂`, `…/Rust_(language)👍`, `…/a!😀`), while
/// one that names a segment or a value follows a delimiter or another
/// symbol (`/wiki/😂`, `?mood=🙂`, `/I_❤️_NY`, `/❤️😂`). Symbols that are
/// not emoji (`☆`, `△`, `♪`, `×`) stay: titles write them inside words
/// (`/wiki/らき☆すた`, `/wiki/HUNTER×HUNTER`).
fn emoji_stop(candidate: &str) -> Option<usize> {
    if candidate.is_ascii() {
        return None;
    }
    let colon = candidate.find(':')?;
    let from = authority_end(candidate, colon).unwrap_or(colon + 1);
    let presentation = CodePointSetData::new::<EmojiPresentation>();
    let emoji = CodePointSetData::new::<Emoji>();
    let categories = CodePointMapData::<GeneralCategory>::new();
    let opens_a_name = |b: char| {
        matches!(
            b,
            '/' | '?' | '#' | '=' | '&' | '+' | '_' | '-' | '~' | ':' | '@' | '*' | '$'
        ) || GeneralCategoryGroup::Symbol.contains(categories.get(b))
            || b == '\u{200D}'
    };
    let mut before = None;
    let mut chars = candidate[from..].char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        let shown = !c.is_ascii()
            && (presentation.contains(c)
                || (emoji.contains(c) && chars.peek().is_some_and(|&(_, n)| n == '\u{FE0F}')));
        if shown && before.is_some_and(|b| !opens_a_name(b)) {
            return Some(from + at);
        }
        // The variation selectors and the keycap belong to the emoji
        // before them (`❤️😂`); a zero width joiner joins two
        // (`👨\u{200D}👩`).
        if !matches!(c, '\u{FE0E}' | '\u{FE0F}' | '\u{20E3}') {
            before = Some(c);
        }
    }
    None
}

/// Where text written without a space runs on right after an IRI whose
/// last part is US-ASCII, if it does: after the authority (a host has
/// [`host_stop`]), in a part (a segment, a name or a value of the query,
/// the fragment) that holds only US-ASCII so far, right after an ASCII
/// letter, digit, closing bracket, `-` or `_` (`watch?v=abc_-`), the
/// start of text that no name puts there ([`runs_on`]): a Japanese or
/// Korean particle, or Thai
/// (`詳しくはhttps://example.com/docs/page.htmlをご覧ください`,
/// `https://example.com/guide에서`, `https://example.com/newsครับ`); or,
/// first in a part, a letter no word starts with ([`starts_no_word`]:
/// `https://example.kr/docs/를`). A query is read the same
/// way: a search typed in Japanese right after ASCII letters
/// (`?q=ipadおすすめ`) loses its Hiragana, but browsers copy such a query
/// percent-encoded, and a link followed by a particle
/// (`https://www.youtube.com/watch?v=dQw4w9WgXcQを見て`) is the commoner
/// text. Names put Han, kana and Hangul words right after Latin letters
/// (`/wiki/C言語`, `/wiki/JR東日本`, `/wiki/ONE_PIECEの登場人物`,
/// `/wiki/LG에너지솔루션`), which stay, as does what follows such letters
/// in a part (`/wiki/東京に`, `/wiki/北京了解更多`: section 7.3, a
/// non-ASCII character does not end an IRI), but for the particle `を`
/// ([`OBJECT_PARTICLE`]: `https://ja.wikipedia.org/wiki/東京をご覧ください`).
fn unspaced_text_stop(candidate: &str) -> Option<usize> {
    if candidate.is_ascii() {
        return None;
    }
    let colon = candidate.find(':')?;
    let from = authority_end(candidate, colon).unwrap_or(colon + 1);
    let mut ascii_part = true;
    let mut before = None;
    for (at, c) in candidate[from..].char_indices() {
        if c.is_ascii() {
            if is_part_delimiter(c) {
                ascii_part = true;
            }
        } else {
            let after_word = before.is_some_and(|b: char| {
                b.is_ascii_alphanumeric() || matches!(b, ')' | ']' | '-' | '_')
            });
            if ascii_part && after_word && runs_on(&candidate[from + at..]) {
                return Some(from + at);
            }
            let part_start = before.is_none_or(is_part_delimiter);
            if (part_start && starts_no_word(c)) || c == OBJECT_PARTICLE {
                return Some(from + at);
            }
            ascii_part = false;
        }
        before = Some(c);
    }
    None
}

/// Whether `c` starts a part of a path, query or fragment, as names are
/// cut into parts: a segment (`/`), the query or fragment (`?`, `#`), a
/// query's field, name or value (`&`, `=`), a segment's parameter (`;`).
fn is_part_delimiter(c: char) -> bool {
    matches!(c, '/' | '?' | '#' | '&' | '=' | ';')
}

/// Whether `text`, written right after ASCII letters with no space, is
/// text run on rather than the rest of a name: Hiragana, which Japanese
/// writes its particles and verb endings in (`をご覧ください`, `から`,
/// `で確認`, `です`), but `の`, `と` and `や`, with which titles join a
/// Latin name to what follows (`ONE_PIECEの登場人物`); a Korean particle
/// ([`KOREAN_PARTICLES`]: `에서`, `를`, `입니다`), as the whole run of
/// Hangul or its start; or Thai (`Line_Break=SA`, `ครับ`). Han, Katakana
/// and other Hangul words follow Latin letters in names (`C言語`,
/// `AKB48グループ`, `KBS한국방송`).
fn runs_on(text: &str) -> bool {
    let Some(c) = text.chars().next() else {
        return false;
    };
    match chars::script(c) {
        Script::Hiragana => !matches!(c, '\u{306E}' | '\u{3068}' | '\u{3084}'),
        Script::Hangul => {
            let run_end = text
                .char_indices()
                .find(|&(_, h)| chars::script(h) != Script::Hangul)
                .map_or(text.len(), |(i, _)| i);
            let run = &text[..run_end];
            KOREAN_PARTICLES.iter().any(|&(particle, whole)| {
                if whole {
                    run == particle
                } else {
                    run.starts_with(particle)
                }
            })
        }
        _ => CodePointMapData::<LineBreak>::new().get(c) == LineBreak::ComplexContext,
    }
}

/// Korean particles and endings written right after a word, with whether
/// only a run of Hangul that is all of it counts (`에` also starts
/// `에너지`, `LG에너지솔루션`): `에서` (at, from), `에게` (to), `으로`, `로`
/// (by, to), `까지` (until), `부터` (from), `를`, `을` (object), `는`, `은`
/// (topic), `이`, `가` (subject), `에` (at), `와`, `과` (and: `SK와이번스`
/// is a name), `도` (also), `입니다`, `이다`, `이에요`, `예요` (is), `이고`,
/// `이며` (is and), `이라` (`이라고`, `이라는`: quoting), `이랑` (with).
const KOREAN_PARTICLES: [(&str, bool); 24] = [
    ("에서", false),
    ("에게", false),
    ("으로", false),
    ("까지", false),
    ("부터", false),
    ("입니다", false),
    ("이에요", false),
    ("이고", false),
    ("이며", false),
    ("이라", false),
    ("이랑", false),
    ("를", false),
    ("는", false),
    ("을", true),
    ("은", true),
    ("이", true),
    ("가", true),
    ("에", true),
    ("로", true),
    ("와", true),
    ("과", true),
    ("도", true),
    ("이다", true),
    ("예요", true),
];

/// U+3092 HIRAGANA LETTER WO, which Japanese writes only as the particle
/// that marks an object (`東京を参照`, `ページをご覧ください`): text run
/// on after an address starts with it far more often than a title holds
/// it (`君の膵臓をたべたい`), so it ends an IRI wherever it stands after
/// the host (a title with it is found whole between `<…>` or `"…"`).
const OBJECT_PARTICLE: char = '\u{3092}';

/// Whether no word begins with `c`: the syllabic `ん`, the small kana
/// and the prolonged sound mark (`Line_Break=CJ`: `っ`, `ゃ`, `ー`), and
/// the Korean particle `를` (and `を`, [`OBJECT_PARTICLE`], which ends an
/// IRI wherever it stands). Text written on after an address with a
/// particle starts with one (`https://example.kr/를`); a name does not.
fn starts_no_word(c: char) -> bool {
    matches!(c, '\u{3093}' | '\u{B97C}')
        || CodePointMapData::<LineBreak>::new().get(c) == LineBreak::ConditionalJapaneseStarter
}

/// Where `label`, the last label of a host, holds text written on after
/// the IRI, if it does. A top-level domain is letters of one script,
/// with digits, marks and `-`, so the text starts at the first character
/// that is none of these (a symbol: `https://example.com👈`,
/// `→https://example.jp←`, `https://example.com™`, `https://例え.jp★`) or
/// whose `Script` is another than that of the first one with a script
/// of its own, as Korean, Japanese and Chinese write text on:
/// `https://example.com에서`, `https://例え.jpで`, `https://пример.рфで`.
/// `Common` and `Inherited` characters go with any script, but ASCII
/// digits count as Latin, the script of the labels that hold them: the
/// text after an IPv4 address starts at its first letter
/// (`http://192.168.0.1にアクセス`, `http://192.168.1.1进入设置`). A host
/// of one `label` (`only`) is a name rather than a top-level domain, which
/// Chinese, Japanese and Korean write in Han with kana, Hangul or
/// Bopomofo (`http://社内ポータル/`): these count as one script there.
/// Labels before the last keep their symbols (`https://i❤.ws/`).
fn top_level_stop(label: &str, only: bool) -> Option<usize> {
    let categories = CodePointMapData::<GeneralCategory>::new();
    let mut first = None;
    label.char_indices().find_map(|(at, c)| {
        if !c.is_ascii() && c != SOFT_HYPHEN {
            let gc = categories.get(c);
            if !(GeneralCategoryGroup::Letter.contains(gc)
                || GeneralCategoryGroup::Mark.contains(gc)
                || gc == GeneralCategory::DecimalNumber)
            {
                return Some(at);
            }
        }
        let script = match chars::script(c) {
            _ if c.is_ascii_digit() => Script::Latin,
            Script::Hiragana | Script::Katakana | Script::Hangul | Script::Bopomofo if only => {
                Script::Han
            }
            script => script,
        };
        if matches!(script, Script::Common | Script::Inherited) {
            return None;
        }
        match first {
            None => {
                first = Some(script);
                None
            }
            Some(first) => (script != first).then_some(at),
        }
    })
}

/// Whether `c` can stand in no domain name, though `ireg-name` allows it
/// (see [`host_stop`]).
fn outside_domain_names(c: char) -> bool {
    if c.is_ascii() {
        return matches!(
            c,
            '!' | '$' | '&' | '\'' | '(' | ')' | '*' | '+' | ',' | ';' | '='
        );
    }
    // RFC 5892's exceptions: PVALID U+0F0B, CONTEXTO U+00B7, U+05F3,
    // U+05F4, U+30FB (U+0375 is a symbol).
    const IN_LABELS: [char; 5] = [
        '\u{B7}',
        '\u{5F3}',
        HEBREW_GERSHAYIM,
        '\u{F0B}',
        KATAKANA_MIDDLE_DOT,
    ];
    let gc = CodePointMapData::<GeneralCategory>::new().get(c);
    GeneralCategoryGroup::Punctuation.contains(gc) && !IN_LABELS.contains(&c)
}

/// What stands right before an IRI, as far as [`boundary`] cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Opener {
    /// `<`, `<URL:` or `"` (RFC 3986 Appendix C): the closing delimiter
    /// says where the IRI ends, so brackets inside need no balance.
    Delimiter,
    /// A non-ASCII quotation mark: the next quotation mark closes it, but
    /// for an apostrophe inside a word ([`inside_word`]).
    Quote,
    /// An ASCII apostrophe, as code quotes strings: the next `'` closes it,
    /// but inside a word ([`inside_word`]).
    Apostrophe,
    /// Anything else.
    Other,
}

/// Where the detection rules end `candidate` (the longest IRI the grammar
/// allows from a scheme), if before its end: the first character whose
/// [`Role`] stops it; unless the IRI stands between delimiters, the first
/// closing bracket that closes nothing opened inside (`(see http://a/b)`
/// ends before `)`, `http://a/b_(c)` keeps it, `「http://例え.jp/」と`
/// ends before `」`) and the first [`Role::WideOpen`] that follows no
/// delimiter, or that follows one but is not closed where the IRI ends
/// (`https://example.cn/sj/（访问日期：2024年）`), or is a `（` that opens a
/// segment (`https://example.jp/docs/（2024年1月閲覧）`: paths write the
/// parentheses of titles in ASCII, `/wiki/Rust_(language)`), while
/// `?q=（件名）` and `/wiki/【推しの子】` stay; when the IRI was
/// opened by a quotation mark, the first [`Role::WordQuote`] that is not
/// [`inside_word`].
///
/// Cost: one pass, and a counter per kind of bracket opened.
fn boundary(candidate: &str, opener: Opener) -> Option<usize> {
    // (position, closing partner) of each bracket opened inside and not
    // yet closed, innermost last.
    let mut open: Vec<(usize, char)> = Vec::new();
    // Whether the last character was a delimiter of the grammar (`/`,
    // `?`, `=`, `&`, ...), after which a bracket opens a segment or a
    // value rather than an annotation.
    let mut after_delimiter = false;
    let mut after_slash = false;
    // Where the IRI ends when the text stops it at `at`: before the first
    // bracket still open there, unless delimiters say where it ends.
    let end = |at: usize, open: &[(usize, char)]| match open.first() {
        Some(&(open_at, _)) if opener != Opener::Delimiter => Some(open_at),
        _ => Some(at),
    };
    for (at, c) in candidate.char_indices() {
        let (delimiter, slash) = (after_delimiter, after_slash);
        // A closing `)` or `]` ends a part rather than starting one.
        after_delimiter = class::is_reserved(c) && !matches!(c, ')' | ']');
        after_slash = c == '/';
        if c.is_ascii_alphanumeric() {
            continue;
        }
        match role(c) {
            Role::Inside => {}
            Role::Stop => return end(at, &open),
            Role::WordQuote if opener == Opener::Quote && !inside_word(candidate, at, c) => {
                return end(at, &open)
            }
            Role::WordQuote => {}
            Role::WideOpen
                if opener != Opener::Delimiter
                    && (!delimiter || (slash && c == FULLWIDTH_LEFT_PARENTHESIS)) =>
            {
                return end(at, &open)
            }
            Role::Open | Role::WideOpen => {
                let close = match chars::bracket(c) {
                    Some(Bracket::Open { close }) => close,
                    _ => c,
                };
                open.push((at, close));
            }
            Role::Close(_) => match open.iter().rposition(|&(_, close)| close == c) {
                Some(i) => {
                    open.remove(i);
                }
                None if opener == Opener::Delimiter => {}
                None => return end(at, &open),
            },
        }
        // An ASCII apostrophe ends an IRI opened by one, but inside a word
        // (`'https://a.example/x','https://b.example/y'`,
        // `'…/Ender's_Game'`).
        if c == '\'' && opener == Opener::Apostrophe && !inside_word(candidate, at, c) {
            return end(at, &open);
        }
    }
    end(candidate.len(), &open).filter(|&at| at < candidate.len())
}

/// Whether the quotation mark `c` at `at` of `text` stands inside a word,
/// as an apostrophe does in the alphabets that write one there
/// (`d’Ivoire`, `it’s`, `Ender’s`, Ukrainian `м’ясо`): a `’` (the
/// apostrophe word processors type; `‘` only opens or closes) with a
/// cased letter (Latin, Greek, Cyrillic, Armenian, ...) after it, and
/// before it another or the start of a title's word (`_`, `-`, `/`, `(`:
/// `/wiki/’s-Hertogenbosch`), or after a cased letter at the end of a
/// title's word (`Rock_’n’_roll`).
/// Between letters of scripts without case it closes the quotation, as
/// Korean writes a particle and Thai the next word right after it
/// (`‘http://실례.테스트/경로’참고`). The gershayim stands inside a
/// Hebrew word before its last letter only (`צה״ל`, `תשפ״ה`), so one with
/// more letters after it closes a quotation
/// (`״https://example.co.il/דף״עכשיו`).
fn inside_word(text: &str, at: usize, c: char) -> bool {
    let before = text[..at].chars().next_back();
    let mut after = text[at + c.len_utf8()..].chars();
    if c == HEBREW_GERSHAYIM {
        let letter = char::is_alphabetic;
        return before.is_some_and(letter)
            && after.next().is_some_and(letter)
            && !after.next().is_some_and(letter);
    }
    let cased = |c: char| c.is_lowercase() || c.is_uppercase();
    // An elision may start or end a word of a title: `Rock_’n’_roll`,
    // `/wiki/’s-Hertogenbosch`.
    let starts_word = |c: char| matches!(c, '_' | '-' | '/' | '(');
    let after = after.next();
    matches!(c, APOSTROPHE | '\'')
        && match (before, after) {
            (Some(b), Some(a)) if cased(a) => cased(b) || starts_word(b),
            (Some(b), Some('_' | '-')) => cased(b),
            _ => false,
        }
}

/// The end of the match that runs to the end of `text`, moved back over
/// the sentence punctuation and quotation marks the grammar and
/// [`boundary`] left at its end (`.,;:!?'`, and a trailing `’`), never to
/// `floor` or before. A closing bracket is never trailing here: one that
/// closes nothing inside ended the IRI already.
///
/// [`GREEK_SEMICOLON_NFC`] counts as sentence punctuation there too: it
/// ends a Greek clause (`https://el.wikipedia.org/wiki/Αθήνα· και`), while
/// inside a word, as in Catalan `Col·legi`, it never stands at the end.
fn trim_end(text: &str, floor: usize) -> usize {
    let mut end = text.len();
    let terminal = CodePointSetData::new::<TerminalPunctuation>();
    let middle_dot = |d: char| matches!(d, KATAKANA_MIDDLE_DOT | HALFWIDTH_KATAKANA_MIDDLE_DOT);
    while end > floor {
        let Some(c) = text[..end].chars().next_back() else {
            break;
        };
        // Two or more Katakana middle dots are an ellipsis as Japanese
        // types it (`https://example.jp/a・・・`); one stands inside names.
        if middle_dot(c) {
            let dots = text[floor..end]
                .chars()
                .rev()
                .take_while(|&d| middle_dot(d))
                .count();
            if dots < 2 {
                break;
            }
            end -= dots * KATAKANA_MIDDLE_DOT.len_utf8();
            continue;
        }
        // A run of symbols right after an ASCII letter, digit or
        // punctuation mark at the end is the text's, as chat and blogs
        // write one after an address (`…/entry-123.html♪`, `…/a★`,
        // `?id=1♡`); titles write theirs after their own letters
        // (`/wiki/ゆるキャン△`) or as a segment (`/wiki/★`).
        if let Some(run) = trailing_symbols(&text[floor..end]) {
            end -= run;
            continue;
        }
        // Footnote markers after the sentence's punctuation
        // (`https://example.org/a.¹`; `/wiki/E=mc²` keeps its `²`), and the
        // wave dash that draws a word out (`https://b23.tv/AbCdEf～`).
        let superscript = |d: char| matches!(d, '¹' | '²' | '³' | '⁰'..='⁹' | '⁽' | '⁾');
        if superscript(c) {
            let run: usize = text[floor..end]
                .chars()
                .rev()
                .take_while(|&d| superscript(d))
                .map(char::len_utf8)
                .sum();
            let before = text[floor..end - run].chars().next_back();
            if !before.is_some_and(|b| terminal.contains(b)) {
                break;
            }
            end -= run;
            continue;
        }
        // A dash other than `-` at the very end sets off what follows
        // (`https://example.com/a– next`, `…/a―`); inside, the en dash of
        // a title stays (`/wiki/Michelson–Morley`).
        let dash = c != '-'
            && CodePointMapData::<GeneralCategory>::new().get(c)
                == GeneralCategory::DashPunctuation;
        if !(terminal.contains(c)
            || is_quotation_mark(c)
            || c == GREEK_SEMICOLON_NFC
            || c == SOFT_HYPHEN
            || dash
            || c == '\u{FF5E}')
        {
            break;
        }
        end -= c.len_utf8();
    }
    end
}

/// The length of the run of non-ASCII symbols (`General_Category=S*`) that
/// ends `text`, when an ASCII character that opens no name stands right
/// before it (a letter, a digit, `.`, `!`, `)`; not `/ ? # = & _ - ~`,
/// after which a symbol is a segment or a value of its own).
fn trailing_symbols(text: &str) -> Option<usize> {
    let categories = CodePointMapData::<GeneralCategory>::new();
    let symbol = |c: char| {
        !c.is_ascii()
            && (GeneralCategoryGroup::Symbol.contains(categories.get(c))
                || matches!(c, '\u{FE0E}' | '\u{FE0F}'))
    };
    let run: usize = text
        .chars()
        .rev()
        .take_while(|&c| symbol(c))
        .map(char::len_utf8)
        .sum();
    let before = text[..text.len() - run].chars().next_back()?;
    (run > 0
        && before.is_ascii()
        && !matches!(
            before,
            '/' | '?' | '#' | '=' | '&' | '_' | '-' | '~' | ':' | '@'
        ))
    .then_some(run)
}

/// U+FF08 FULLWIDTH LEFT PARENTHESIS, which opens the annotations of
/// Chinese and Japanese text ([`boundary`]).
const FULLWIDTH_LEFT_PARENTHESIS: char = '\u{FF08}';

/// U+30FB KATAKANA MIDDLE DOT, which separates words in Japanese names
/// (`https://例え・テスト.jp/`, `/wiki/ジョン・レノン`) and, repeated, writes an
/// ellipsis ([`trim_end`]).
const KATAKANA_MIDDLE_DOT: char = '\u{30FB}';

/// U+FF65 HALFWIDTH KATAKANA MIDDLE DOT, its half-width form.
const HALFWIDTH_KATAKANA_MIDDLE_DOT: char = '\u{FF65}';

/// U+00AD SOFT HYPHEN: where a word may break across lines, put into text
/// by hyphenation (`https://www.bundes\u{AD}regierung.de/`). It never
/// ends an IRI, as it stands inside words; the IRI found leaves it out
/// ([`Match::iri`]), as the text shows nothing there on one line.
const SOFT_HYPHEN: char = '\u{AD}';

/// U+00B7 MIDDLE DOT, the NFC form of U+0387 GREEK ANO TELEIA (the Greek
/// semicolon, `Terminal_Punctuation`): text normalized to NFC, as most
/// text on the web is, writes the Greek semicolon with it.
const GREEK_SEMICOLON_NFC: char = '\u{B7}';

/// U+2019 RIGHT SINGLE QUOTATION MARK, the apostrophe of typeset text
/// (`Côte_d’Ivoire`), which closes a `‘…’` quotation too.
const APOSTROPHE: char = '\u{2019}';

/// The iterator of [`Finder::find_iter_bytes`].
#[derive(Clone, Debug)]
pub struct BytesMatches<'s, 't> {
    finder: Finder<'s>,
    chunks: core::str::Utf8Chunks<'t>,
    /// Offset in the bytes of the chunk `current` searches.
    chunk_start: usize,
    /// Offset of the chunk after it.
    next_chunk_start: usize,
    current: Option<Matches<'s, 't>>,
}

impl<'t> Iterator for BytesMatches<'_, 't> {
    type Item = Match<'t>;

    fn next(&mut self) -> Option<Match<'t>> {
        loop {
            if let Some(found) = self.current.as_mut().and_then(Iterator::next) {
                return Some(Match {
                    start: self.chunk_start + found.start,
                    ..found
                });
            }
            let chunk = self.chunks.next()?;
            self.chunk_start = self.next_chunk_start;
            self.next_chunk_start += chunk.valid().len() + chunk.invalid().len();
            self.current = Some(self.finder.find_iter(chunk.valid()));
        }
    }
}

impl core::iter::FusedIterator for BytesMatches<'_, '_> {}

/// An IRI found by [`Finder::find_lines`]: its line, its place in the
/// line, and the IRI, owned.
#[cfg(feature = "std")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineMatch {
    /// The 1-based line number.
    pub line: u64,
    /// Byte offset of the IRI in its line.
    pub start: usize,
    /// The IRI (without the white space of one [joined](Match::is_joined)
    /// inside `<...>`).
    pub iri: Iri<alloc::string::String>,
    /// The length of its text in the line.
    len: usize,
}

#[cfg(feature = "std")]
impl LineMatch {
    /// Byte offset just past the IRI in its line.
    pub fn end(&self) -> usize {
        self.start + self.len
    }

    /// `start..end()`, in the line.
    pub fn range(&self) -> Range<usize> {
        self.start..self.end()
    }
}

/// The iterator of [`Finder::find_lines`]; a read error is yielded once,
/// and ends the iteration.
#[cfg(feature = "std")]
#[derive(Debug)]
pub struct LineMatches<'s, R> {
    finder: Finder<'s>,
    reader: R,
    /// The current line, reused from line to line.
    buffer: Vec<u8>,
    line: u64,
    /// The matches of the current line not yet yielded.
    pending: alloc::collections::VecDeque<LineMatch>,
    done: bool,
}

#[cfg(feature = "std")]
impl<R: std::io::BufRead> Iterator for LineMatches<'_, R> {
    type Item = std::io::Result<LineMatch>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(found) = self.pending.pop_front() {
                return Some(Ok(found));
            }
            if self.done {
                return None;
            }
            self.buffer.clear();
            match self.reader.read_until(b'\n', &mut self.buffer) {
                Ok(0) => {
                    self.done = true;
                    return None;
                }
                Ok(_) => {}
                Err(error) => {
                    self.done = true;
                    return Some(Err(error));
                }
            }
            self.line += 1;
            let line = self.buffer.strip_suffix(b"\n").unwrap_or(&self.buffer);
            let number = self.line;
            self.pending
                .extend(self.finder.find_iter_bytes(line).map(|m| LineMatch {
                    line: number,
                    start: m.start,
                    len: m.text.len(),
                    iri: m.iri.into_owned(),
                }));
        }
    }
}

#[cfg(test)]
mod tests;
