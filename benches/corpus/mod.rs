//! Deterministic corpora of IRI references, shared by the benches
//! (`mod corpus;` from each bench file).
//!
//! A benchmark that compares validators is only meaningful if every run, on
//! every machine, feeds them the same bytes, and if those bytes exercise the
//! whole grammar of RFC 3987 section 2.2 rather than one fast path. So the
//! corpora are generated, not sampled: a seeded splitmix64 generator (below,
//! no `rand` dependency, so no upstream release can change the corpus) picks
//! among hand-written building blocks. Changing a seed, a weight or a word
//! list changes every later entry, which makes old and new criterion
//! baselines incomparable: bump nothing casually.
//!
//! # [`mixed`]: 10,000 references, about 60 bytes each (612 KB)
//!
//! | share | shape |
//! |------:|-------|
//! | 40 % | `http`/`https` (rarely upper-case scheme): authority, 0-5 path segments, query 40 %, fragment 20 % |
//! | 5 % each | `ftp` (userinfo, `;type=`), `mailto` (several recipients, `?subject=`), `urn` (ISBN, UUID, RFC 8141 `?+`/`?=`), `file` (`///`, `//host/`, `/`, drive letters), `tag` (RFC 4151), `data` (RFC 2397, base64 or percent-encoded text) |
//! | 30 % | relative references: `../a`, `./c`, `c/d`, `?q`, `#f`, `//host/p`, `/abs?x#y`, `.`, `..`, the empty reference |
//!
//! Hosts are registered names (ASCII, Unicode, percent-encoded), IPv4,
//! IPv6 (full, compressed at every position, mixed case, with an embedded
//! IPv4 tail, well-known forms such as `::`, `::1`, `::ffff:a.b.c.d`) and
//! IPvFuture; userinfo and ports appear on part of them. Path segments,
//! queries and fragments mix ASCII words, sub-delimiters, percent-encoded
//! UTF-8 (upper and lower case hex) and words in Latin with accents, Greek,
//! Cyrillic, Arabic, Hebrew, Devanagari, Thai, CJK, Hangul and
//! supplementary-plane text (emoji with modifiers and ZWJ sequences,
//! Gothic, hieroglyphs, CJK extension B, mathematical letters). Queries
//! sometimes carry `iprivate` characters, which RFC 3987 allows there only.
//!
//! About 2 % of the entries (one in 50, drawn at random) are invalid, one of:
//! a space, a bad percent-encoding (`%G1`, `%zz`, `%4X`, a trailing `%`),
//! an `iprivate` character in a path, `[` or `]` in a path, a malformed IPv6
//! literal (too many groups, two `::`, five hex digits, an octet over 255,
//! IPv4 not last, a bracketed IPv4, an RFC 6874 zone identifier), a scheme
//! starting with a digit, or a noncharacter (U+FDD0, outside `ucschar`).
//!
//! # [`long`]: 1,000 references of 1-4 KiB (2.6 MB)
//!
//! `https` IRIs whose length is drawn uniformly from 1,124 to 4,096 bytes
//! target (each ends within 100 bytes under its target), spent on a long
//! path and a long query in a random proportion, sometimes a fragment. Even
//! entries are ASCII (percent-encoded UTF-8 stands in for text); odd entries
//! are written in one non-ASCII script each, with ASCII delimiters. All are
//! valid, so every validator has to read every byte: the floor is plain
//! UTF-8 validation, which the benches time alongside.
//!
//! # [`crawl`]: 20,000 crawl-shaped URLs, 40-150 bytes (about 1.9 MB)
//!
//! What a crawler or a link extractor feeds a validator: ASCII `http` and
//! `https` URLs with a host, two to six path segments (words, dates,
//! slugs, a few percent-encoded bytes), a query of `&k=v` pairs on half of
//! them, a fragment on some. One in five is a raw token as cut from text:
//! a trailing `)`, `.`, `,`, `;` or `'` (all allowed by the grammar, so
//! still valid), or a quote, a space and the next word, or angle brackets
//! (invalid).
//!
//! # [`percent_long`], [`script_long`]: 500 long IRIs each; [`relative_short`], [`relative_tiny`]: 20,000 references each
//!
//! Shaped as [`long`]'s entries, but every path and query word of
//! `percent_long` is percent-encoded UTF-8 (`%E6%97%A5...`: the URI form of
//! non-ASCII text) and every word of `script_long`, host included, is in
//! one non-Latin script (CJK, Cyrillic, Arabic, Devanagari, emoji ...) with
//! ASCII delimiters. `relative_short` holds the relative references of
//! [`mixed`]'s generator alone (`../a`, `?q`, `//host/p`, ...), the shape
//! of `href` values and RDF documents before resolution; `relative_tiny`
//! those of them under 16 bytes (`../g`, `#f`: RFC 3986 section 5.4's
//! sizes). All valid.
//!
//! # [`rdf`]: 20,000 IRIs as RDF data holds them (about 0.9 MB)
//!
//! The terms of a triple store once prefixes are expanded: vocabulary
//! terms (a namespace of RDF, RDFS, OWL, XSD, FOAF, Dublin Core,
//! schema.org, SKOS, PROV, ending in `#` or `/`, and a camel-case local
//! name), resources of DBpedia (titles with `_`, parentheses, commas,
//! accents, percent-encoded bytes; the language editions in their own
//! scripts) and Wikidata (`Q` and a number), data IRIs of a site with a
//! fragment (`.../person/1234#me`), ontology files on long hosts (an
//! authority past 32 bytes), `urn:uuid:` and `urn:isbn:` names and
//! `mailto:` addresses. All valid.
//!
//! Each entry records what the generator meant ([`Entry::valid`]), so a
//! bench can check that the validators agree with the intent before timing.
#![allow(dead_code, reason = "each bench uses the part of the corpus it needs")]

/// One generated reference and whether the generator meant it to be a valid
/// `IRI-reference` (RFC 3987 section 2.2).
pub struct Entry {
    pub text: String,
    pub valid: bool,
}

/// Number of entries in [`mixed`].
pub const MIXED_LEN: usize = 10_000;
/// Number of entries in [`long`].
pub const LONG_LEN: usize = 1_000;

/// Number of entries in [`crawl`].
pub const CRAWL_LEN: usize = 20_000;

const CRAWL_SEED: u64 = 0x3987_3986_5234_0003;
const MIXED_SEED: u64 = 0x3987_3986_5234_0001;
const LONG_SEED: u64 = 0x3987_3986_5234_0002;

/// The mixed corpus (see the module docs), texts only.
pub fn mixed() -> Vec<String> {
    mixed_entries()
        .into_iter()
        .map(|entry| entry.text)
        .collect()
}

/// The long corpus (see the module docs), texts only.
pub fn long() -> Vec<String> {
    long_entries().into_iter().map(|entry| entry.text).collect()
}

/// The crawl corpus with the generator's intent for each entry.
pub fn crawl_entries() -> Vec<Entry> {
    let mut gen = Gen::new(CRAWL_SEED);
    (0..CRAWL_LEN).map(|_| gen.crawl()).collect()
}

/// The crawl corpus, texts only.
pub fn crawl() -> Vec<String> {
    crawl_entries()
        .into_iter()
        .map(|entry| entry.text)
        .collect()
}

/// The mixed corpus with the generator's intent for each entry.
pub fn mixed_entries() -> Vec<Entry> {
    let mut gen = Gen::new(MIXED_SEED);
    (0..MIXED_LEN)
        .map(|_| {
            if gen.rng.below(50) == 0 {
                Entry {
                    text: gen.invalid(),
                    valid: false,
                }
            } else {
                Entry {
                    text: gen.reference(),
                    valid: true,
                }
            }
        })
        .collect()
}

/// The long corpus with the generator's intent for each entry (all valid).
pub fn long_entries() -> Vec<Entry> {
    let mut gen = Gen::new(LONG_SEED);
    (0..LONG_LEN)
        .map(|i| {
            let target = 1_124 + gen.rng.below(4_096 - 1_124 + 1);
            let kind = if i % 2 == 1 {
                Text::Script
            } else {
                Text::Ascii
            };
            Entry {
                text: gen.long_iri(target, kind),
                valid: true,
            }
        })
        .collect()
}

/// Number of entries in [`percent_long`] and [`script_long`].
pub const LONG_KIND_LEN: usize = 500;
/// Number of entries in [`relative_short`].
pub const RELATIVE_LEN: usize = 20_000;

const PERCENT_SEED: u64 = 0x3987_3986_5234_0004;
const SCRIPT_SEED: u64 = 0x3987_3986_5234_0005;
const RELATIVE_SEED: u64 = 0x3987_3986_5234_0006;

/// Long IRIs (1-4 KiB, shaped as [`long`]'s) whose path and query words
/// are all percent-encoded UTF-8: the text of a URI that carries non-ASCII
/// words (RFC 3987 section 3.1's output), where `%HH` triples dominate.
pub fn percent_long() -> Vec<String> {
    long_of(PERCENT_SEED, Text::Percent)
}

/// Long IRIs (1-4 KiB) written in one non-Latin script each (Greek,
/// Cyrillic, Arabic, Hebrew, Devanagari, Thai, CJK, Hangul, emoji and other
/// supplementary-plane text), host included, with ASCII delimiters only.
pub fn script_long() -> Vec<String> {
    long_of(SCRIPT_SEED, Text::Script)
}

/// Short relative references (`../a`, `./c`, `c/d`, `?q`, `#f`,
/// `//host/p`, `/abs?x#y`, `.`, `..`, the empty reference), as they stand
/// in HTML attributes and RDF documents before resolution; all valid.
pub fn relative_short() -> Vec<String> {
    let mut gen = Gen::new(RELATIVE_SEED);
    (0..RELATIVE_LEN).map(|_| gen.relative()).collect()
}

/// The references of [`relative_short`]'s kinds that are under 16 bytes
/// (`../g`, `./a`, `?q=1`, `#f`, `.`, the empty reference), the length of
/// RFC 3986 section 5.4's examples: whatever a parse costs besides its
/// bytes shows most here. All valid, drawn until there are as many as in
/// `relative_short`.
pub fn relative_tiny() -> Vec<String> {
    let mut gen = Gen::new(RELATIVE_SEED ^ 0x7);
    core::iter::repeat_with(|| gen.relative())
        .filter(|reference| reference.len() < 16)
        .take(RELATIVE_LEN)
        .collect()
}

fn long_of(seed: u64, kind: Text) -> Vec<String> {
    let mut gen = Gen::new(seed);
    (0..LONG_KIND_LEN)
        .map(|_| {
            let target = 1_124 + gen.rng.below(4_096 - 1_124 + 1);
            gen.long_iri(target, kind)
        })
        .collect()
}

/// What the words of a long IRI are written in.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Text {
    /// ASCII words, one in five a percent-encoded non-ASCII word.
    Ascii,
    /// Words of one non-Latin script (the host too).
    Script,
    /// Percent-encoded non-ASCII words only.
    Percent,
}

/// Number of entries in [`rdf`].
pub const RDF_LEN: usize = 20_000;

const RDF_SEED: u64 = 0x3987_3986_5234_0007;

/// IRIs as RDF data holds them (see the module docs); all valid.
pub fn rdf() -> Vec<String> {
    let mut gen = Gen::new(RDF_SEED);
    (0..RDF_LEN).map(|_| gen.rdf()).collect()
}

/// The corpora the `cputime` bench times (and `benches/guard.sh` and
/// `benches/guard-time.sh` with it), named, in its order: the generated
/// ones; `crawl-invalid`, the references of [`crawl`] that `valid`
/// rejects (raw tokens with trailing punctuation, quotes, spaces:
/// rejecting should cost no more than accepting, per byte);
/// `crawl-text`, crawl-shaped URLs as found in running text (one of
/// those after each four that `valid` accepts); and 300 copies each of
/// a 4 KB path of ASCII words, `%HH` triples, CJK words, Devanagari
/// words and emoji.
pub fn timed(valid: impl Fn(&str) -> bool) -> Vec<(&'static str, Vec<String>)> {
    let synthetic =
        |piece: &str| vec![format!("http://a/{}", piece.repeat(4000 / piece.len())); 300];
    let crawl = crawl();
    let (accepted, rejected): (Vec<String>, Vec<String>) =
        crawl.iter().cloned().partition(|s| valid(s));
    let mut invalid = rejected.clone().into_iter();
    let crawl_text: Vec<String> = accepted
        .into_iter()
        .enumerate()
        .flat_map(|(i, s)| {
            let bad = if i % 4 == 3 { invalid.next() } else { None };
            std::iter::once(s).chain(bad)
        })
        .take(rejected.len() * 5)
        .collect();
    vec![
        ("mixed", mixed()),
        ("long", long()),
        ("crawl", crawl),
        ("crawl-invalid", rejected),
        ("crawl-text", crawl_text),
        ("percent-long", percent_long()),
        ("script-long", script_long()),
        ("relative-short", relative_short()),
        ("relative-tiny", relative_tiny()),
        ("rdf", rdf()),
        ("ascii-path", synthetic("abcdefgh/")),
        ("pct-path", synthetic("%D7%A9")),
        ("cjk-path", synthetic("日本語/")),
        ("devanagari-path", synthetic("हिन्दी/")),
        ("emoji-path", synthetic("🦀𠜎/")),
    ]
}

#[rustfmt::skip]
const VOCABULARIES: &[&str] = &[
    "http://www.w3.org/1999/02/22-rdf-syntax-ns#", "http://www.w3.org/2000/01/rdf-schema#",
    "http://www.w3.org/2002/07/owl#", "http://www.w3.org/2001/XMLSchema#",
    "http://xmlns.com/foaf/0.1/", "http://purl.org/dc/terms/", "http://purl.org/dc/elements/1.1/",
    "https://schema.org/", "http://www.w3.org/2004/02/skos/core#", "http://www.w3.org/ns/prov#",
    "http://www.w3.org/2003/01/geo/wgs84_pos#",
];

#[rustfmt::skip]
const TERM_WORDS: &[&str] = &[
    "type", "label", "comment", "sub", "Class", "Property", "name", "date", "created", "modified",
    "same", "As", "see", "Also", "knows", "Person", "Organization", "pref", "Label", "broader",
    "was", "Derived", "From", "string", "integer", "decimal", "boolean", "date", "Time", "lat",
    "long", "domain", "range", "member", "Of", "Thing",
];

#[rustfmt::skip]
const TITLE_WORDS: &[&str] = &[
    "Paris", "Berlin", "Albert", "Einstein", "Python", "(programming_language)", "River",
    "Thames", "The", "Beatles", "United", "States", "War", "of", "1812", "Zürich", "São",
    "Paulo", "Kraków", "Ἀθῆναι", "Saint-Étienne", "Washington,_D.C.", "AT%26T", "C%2B%2B",
    "Mercury", "(planet)", "Jean-Paul", "Sartre",
];

const LONG_HOSTS: &[&str] = &[
    "raw.githubusercontent.com",
    "ontology.research-data.example-university.ac.uk",
    "vocabularies.linked-open-data.example.org",
];
/// sanity checks only (too few to time): `ucschar` and `iprivate` range
/// ends, noncharacters and tag characters, `iprivate` outside a query,
/// ASCII characters no rule allows, IPv6 compression limits, leading zeros
/// in an embedded IPv4, IPvFuture without version or address, RFC 6874 zone
/// identifiers (not part of RFC 3986), empty components.
pub fn edge_entries() -> Vec<Entry> {
    #[rustfmt::skip]
    const VALID: &[&str] = &[
        "", "#", "?", "a:", "//", "///", "a:/b//c", "a+b-c.d:x", "HTTP://EXAMPLE.COM/",
        "http://x:99999999999999999999/", "http://[::]:/", "http://999.999.999.999/",
        "http://[0000:0:0:0:0:0:0:1]/", "http://[::ffff:1.2.3.4]/", "http://[1::2:3:4:5:6:7]/",
        "http://[::1:2:3:4:5:6:7]/", "http://[v1.x]/", "http://x/%e9", "http://x/\u{A0}",
        "http://x/\u{D7FF}", "http://x/\u{F900}", "http://x/\u{FDCF}", "http://x/\u{FDF0}",
        "http://x/\u{FFEF}", "http://x/\u{1FFFD}", "http://x/\u{E1000}", "http://x/\u{EFFFD}",
        "http://x?\u{E000}", "http://x?\u{F8FF}", "http://x?\u{F0000}", "http://x?\u{10FFFD}",
    ];
    #[rustfmt::skip]
    const INVALID: &[&str] = &[
        ":a", "%41:b", "a%41:b", "http://a:b@c:d/", "http://x:80a/", "http://[]/", "http://[::1]x/",
        "http://[::1%25eth0]/", "http://[::01.2.3.4]/", "http://[::1.2.3.04]/",
        "http://[1:2:3:4:5:6:7:8:9]/", "http://[v1.]/", "http://[v.a]/", "http://x/\u{7F}",
        "http://x/\\", "http://x/^", "http://x/`", "http://x/{", "http://x/|", "http://x/\"",
        "http://x/<", "http://x/\u{FDD0}", "http://x/\u{FDEF}", "http://x/\u{FFF0}",
        "http://x/\u{FFFE}", "http://x/\u{1FFFE}", "http://x/\u{E0001}", "http://x/\u{E0FFF}",
        "http://x/\u{F8FF}", "http://x/#\u{E000}", "x:\u{E000}", "http://\u{E000}/",
    ];
    let valid = VALID.iter().map(|text| Entry {
        text: (*text).to_owned(),
        valid: true,
    });
    let invalid = INVALID.iter().map(|text| Entry {
        text: (*text).to_owned(),
        valid: false,
    });
    valid.chain(invalid).collect()
}

/// splitmix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
/// generators", 2014): one add and a mix per draw, full period, and good
/// enough statistics for choosing among building blocks.
struct Rng(u64);

impl Rng {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (multiply-shift; the bias, below 2^-40 for our `n`,
    /// does not matter for a corpus).
    fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    fn percent(&mut self, p: usize) -> bool {
        self.below(100) < p
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

#[rustfmt::skip]
const ASCII_WORDS: &[&str] = &[
    "index", "about", "docs", "api", "v2", "users", "search", "images", "2024", "blog", "post", "a",
    "b", "c", "foo", "bar", "baz", "wiki", "Main_Page", "file.txt", "report.pdf", "style.css",
    "app.js", "~user", "x-y_z", "README.md", "en-US", "item", "id", "page",
];

#[rustfmt::skip]
const HOST_LABELS: &[&str] = &[
    "www", "example", "cdn", "api", "mail", "static", "xn--bcher-kva", "sub-domain", "a1", "test",
    "files", "eu-west-1",
];

const TLDS: &[&str] = &["com", "org", "net", "example", "test", "de", "jp", "co.uk"];

/// Words per script; every character is in `ucschar` (RFC 3987 section 2.2).
#[rustfmt::skip]
const SCRIPTS: &[&[&str]] = &[
    // Latin with accents
    &[
        "résumé", "café", "naïve", "Ångström", "Zürich", "façade", "crème-brûlée", "Łódź", "Straße",
        "señor", "Ærøskøbing",
    ],
    // Greek
    &["Ελληνικά", "καλημέρα", "Αθήνα", "παράδειγμα", "δοκιμή"],
    // Cyrillic
    &["пример", "Москва", "испытание", "Україна", "Беларусь", "документ"],
    // Arabic
    &["مرحبا", "القاهرة", "اختبار", "مثال", "العربية"],
    // Hebrew
    &["שלום", "ירושלים", "בדיקה", "דוגמה", "עברית"],
    // Devanagari (with combining vowel signs and virama)
    &["हिन्दी", "नमस्ते", "परीक्षा", "उदाहरण", "भारत"],
    // Thai
    &["ภาษาไทย", "สวัสดี", "ทดสอบ", "ตัวอย่าง", "กรุงเทพ"],
    // CJK (Han, kana)
    &["中文", "東京", "日本語", "例え", "テスト", "北京", "漢字", "ひらがな"],
    // Hangul
    &["한국어", "서울", "테스트", "예시", "대한민국"],
    // Supplementary planes: emoji (skin tone, flag, ZWJ family), Gothic,
    // Egyptian hieroglyphs, CJK extension B, mathematical Fraktur.
    &["😀", "🦀", "👍🏽", "🇫🇷", "👨\u{200D}👩\u{200D}👧", "🎉party", "𐍈𐌰𐌹𐍃", "𓂀𓃰", "𠜎𠜱", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢"],
];

/// `iprivate` characters (RFC 3987 section 2.2): allowed in `iquery` only.
#[rustfmt::skip]
const IPRIVATE: &[&str] = &[
    "\u{E000}", "\u{E123}", "\u{F8FF}", "\u{F0000}", "\u{FFFFD}", "\u{100000}", "\u{10FFFD}",
];

#[rustfmt::skip]
const SUB_DELIM_SEGMENTS: &[&str] = &[
    "a;b=c", "x,y", "(1)", "it's", "a+b", "$1", "*", "!", "a:b", "me@host", "k=v;p=q", "&amp",
];

#[rustfmt::skip]
const WELL_KNOWN_IPV6: &[&str] = &[
    "::", "::1", "::ffff:192.0.2.128", "2001:db8::1", "fe80::1", "2001:DB8:0:0:8:800:200C:417A",
    "64:ff9b::192.0.2.33", "FF01::101", "::13.1.68.3", "2001:0db8:85a3:0000:0000:8a2e:0370:7334",
];

struct Gen {
    rng: Rng,
}

impl Gen {
    fn new(seed: u64) -> Self {
        Gen { rng: Rng(seed) }
    }

    fn script(&mut self) -> &'static [&'static str] {
        SCRIPTS[self.rng.below(SCRIPTS.len())]
    }

    fn ascii_word(&mut self) -> &'static str {
        self.rng.pick(ASCII_WORDS)
    }

    fn unicode_word(&mut self) -> &'static str {
        let script = self.script();
        self.rng.pick(script)
    }

    fn hex(&mut self, digits: usize, upper: bool) -> String {
        (0..digits)
            .map(|_| {
                let d = self.rng.below(16) as u32;
                let c = char::from_digit(d, 16).expect("below 16");
                if upper {
                    c.to_ascii_uppercase()
                } else {
                    c
                }
            })
            .collect()
    }

    fn pct_encode(&mut self, text: &str) -> String {
        let upper = self.rng.percent(70);
        text.bytes()
            .map(|b| {
                if upper {
                    format!("%{b:02X}")
                } else {
                    format!("%{b:02x}")
                }
            })
            .collect()
    }

    fn number(&mut self, max: usize) -> String {
        self.rng.below(max + 1).to_string()
    }

    /// One IRI of [`rdf`]'s kinds.
    fn rdf(&mut self) -> String {
        match self.rng.below(100) {
            0..=34 => {
                let namespace = self.rng.pick(VOCABULARIES);
                let mut local = String::from(self.rng.pick(TERM_WORDS));
                for _ in 0..self.rng.below(3) {
                    let word = self.rng.pick(TERM_WORDS);
                    local.push_str(&word[..1].to_ascii_uppercase());
                    local.push_str(&word[1..]);
                }
                format!("{namespace}{local}")
            }
            35..=54 => {
                let words: Vec<&str> = (0..1 + self.rng.below(4))
                    .map(|_| self.rng.pick(TITLE_WORDS))
                    .collect();
                format!("http://dbpedia.org/resource/{}", words.join("_"))
            }
            55..=64 => {
                let edition = self
                    .rng
                    .pick(&["ja", "ru", "ar", "hi", "ko", "el", "th", "he"]);
                let word = self.unicode_word();
                format!("http://{edition}.dbpedia.org/resource/{word}")
            }
            65..=74 => {
                let entity = self
                    .rng
                    .pick(&["entity/Q", "entity/P", "prop/direct/P", "wiki/Q"]);
                format!(
                    "http://www.wikidata.org/{entity}{}",
                    1 + self.rng.below(120_000_000)
                )
            }
            75..=82 => {
                let kind = self.rng.pick(&["person", "dataset", "event", "place"]);
                let fragment = self.rng.pick(&["me", "this", "id", "it"]);
                format!(
                    "https://data.{}.org/id/{kind}/{}#{fragment}",
                    self.rng.pick(HOST_LABELS),
                    self.number(99_999)
                )
            }
            83..=89 => {
                let host = self.rng.pick(LONG_HOSTS);
                let class = self.rng.pick(TERM_WORDS);
                format!(
                    "https://{host}/ontologies/core/v{}/ontology.ttl#{class}",
                    self.number(9)
                )
            }
            90..=95 => {
                if self.rng.percent(70) {
                    format!(
                        "urn:uuid:{}-{}-4{}-a{}-{}",
                        self.hex(8, false),
                        self.hex(4, false),
                        self.hex(3, false),
                        self.hex(3, false),
                        self.hex(12, false)
                    )
                } else {
                    format!("urn:isbn:978{}", self.number(9_999_999_999))
                }
            }
            _ => format!(
                "mailto:{}.{}@{}.{}",
                self.ascii_word(),
                self.ascii_word(),
                self.rng.pick(HOST_LABELS),
                self.rng.pick(TLDS)
            ),
        }
    }

    /// A path segment without `:`, usable first in a relative path
    /// (`isegment-nz-nc`).
    fn segment_nc(&mut self) -> String {
        match self.rng.below(100) {
            0..=49 => self.ascii_word().to_owned(),
            50..=79 => self.unicode_word().to_owned(),
            80..=89 => {
                let word = self.unicode_word();
                self.pct_encode(word)
            }
            _ => format!("{}-{}", self.ascii_word(), self.unicode_word()),
        }
    }

    /// A non-empty path segment (`isegment`), sometimes with sub-delimiters,
    /// `:`, `@` or a dot segment. Never empty, so that a path without an
    /// authority cannot start with `//` and turn into one.
    fn segment(&mut self) -> String {
        match self.rng.below(100) {
            0..=79 => self.segment_nc(),
            80..=87 => self.rng.pick(SUB_DELIM_SEGMENTS).to_owned(),
            88..=94 => self.number(99_999),
            _ => self.rng.pick(&[".", ".."]).to_owned(),
        }
    }

    /// `n` segments, each preceded by `/`.
    fn abs_path(&mut self, n: usize) -> String {
        (0..n).map(|_| format!("/{}", self.segment())).collect()
    }

    fn query_value(&mut self) -> String {
        match self.rng.below(100) {
            0..=29 => self.ascii_word().to_owned(),
            30..=49 => self.unicode_word().to_owned(),
            50..=64 => {
                let word = self.unicode_word();
                self.pct_encode(word)
            }
            65..=74 => format!("{}+{}", self.unicode_word(), self.ascii_word()),
            75..=84 => format!("{}{}", self.rng.pick(IPRIVATE), self.ascii_word()),
            85..=92 => format!(
                "{}/{}?{}",
                self.ascii_word(),
                self.segment_nc(),
                self.number(9)
            ),
            _ => String::new(),
        }
    }

    fn query(&mut self) -> String {
        let pairs = 1 + self.rng.below(4);
        let mut query = String::new();
        for i in 0..pairs {
            if i > 0 {
                query.push('&');
            }
            query.push_str(self.ascii_word());
            query.push('=');
            query.push_str(&self.query_value());
        }
        query
    }

    /// `ifragment`: like a query but without `iprivate`.
    fn fragment(&mut self) -> String {
        match self.rng.below(100) {
            0..=39 => self.ascii_word().to_owned(),
            40..=59 => format!("section-{}", self.number(20)),
            60..=79 => self.unicode_word().to_owned(),
            80..=89 => {
                let word = self.unicode_word();
                self.pct_encode(word)
            }
            _ => format!(
                "/{}?{}:{}",
                self.segment_nc(),
                self.ascii_word(),
                self.number(9)
            ),
        }
    }

    fn reg_name(&mut self) -> String {
        match self.rng.below(100) {
            0..=69 => {
                let labels = 1 + self.rng.below(3);
                let mut name: Vec<&str> = (0..labels).map(|_| self.rng.pick(HOST_LABELS)).collect();
                name.push(self.rng.pick(TLDS));
                name.join(".")
            }
            70..=89 => {
                let tld = if self.rng.percent(50) {
                    self.unicode_word()
                } else {
                    self.rng.pick(TLDS)
                };
                format!("{}.{}", self.unicode_word(), tld)
            }
            _ => {
                let word = self.unicode_word();
                format!("{}.example", self.pct_encode(word))
            }
        }
    }

    fn ipv4(&mut self) -> String {
        format!(
            "{}.{}.{}.{}",
            self.number(255),
            self.number(255),
            self.number(255),
            self.number(255)
        )
    }

    fn h16(&mut self, upper: bool) -> String {
        let digits = 1 + self.rng.below(4);
        self.hex(digits, upper)
    }

    /// An `IPv6address` (RFC 3986 section 3.2.2): `left` groups, `::`, then
    /// `right` groups with `left + right <= 7`, or 8 groups uncompressed;
    /// the last two groups become an IPv4 address a third of the time.
    fn ipv6(&mut self) -> String {
        if self.rng.percent(25) {
            return self.rng.pick(WELL_KNOWN_IPV6).to_owned();
        }
        let upper = self.rng.percent(30);
        let ipv4_tail = self.rng.percent(33);
        let groups =
            |n: usize, gen: &mut Self| -> Vec<String> { (0..n).map(|_| gen.h16(upper)).collect() };
        if self.rng.percent(25) {
            let mut all = groups(8, self);
            if ipv4_tail {
                all.truncate(6);
                all.push(self.ipv4());
            }
            return all.join(":");
        }
        let left = self.rng.below(8);
        let right = self.rng.below(8 - left);
        let left_groups = groups(left, self);
        let mut right_groups = groups(right, self);
        if ipv4_tail && right >= 2 {
            right_groups.truncate(right - 2);
            right_groups.push(self.ipv4());
        }
        format!("{}::{}", left_groups.join(":"), right_groups.join(":"))
    }

    /// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`.
    fn ipv_future(&mut self) -> String {
        let version_digits = 1 + self.rng.below(2);
        let upper = self.rng.percent(50);
        let version = self.hex(version_digits, upper);
        let tail = self.rng.pick(&[
            "fe80::a+en1",
            "x:y",
            "abc",
            "1.2.3.4",
            "!$&'()*+,;=",
            "~_-.",
        ]);
        let v = if self.rng.percent(80) { 'v' } else { 'V' };
        format!("{v}{version}.{tail}")
    }

    fn host(&mut self) -> String {
        match self.rng.below(100) {
            0..=64 => self.reg_name(),
            65..=76 => self.ipv4(),
            77..=94 => format!("[{}]", self.ipv6()),
            95..=97 => format!("[{}]", self.ipv_future()),
            _ => String::new(),
        }
    }

    fn userinfo(&mut self) -> String {
        match self.rng.below(6) {
            0 => self.ascii_word().to_owned(),
            1 => format!("{}:{}", self.ascii_word(), self.ascii_word()),
            2 => "üser:pässwörd".to_owned(),
            3 => "%75ser:%70a%73s".to_owned(),
            4 => format!("{}:", self.unicode_word()),
            _ => "a;b=c!$".to_owned(),
        }
    }

    fn port(&mut self) -> String {
        match self.rng.below(6) {
            0 => String::new(),
            1 => "80".to_owned(),
            2 => "443".to_owned(),
            3 => "8080".to_owned(),
            _ => self.number(65_535),
        }
    }

    /// `iauthority = [ iuserinfo "@" ] ihost [ ":" port ]`, with userinfo
    /// and port at the given percentages.
    fn authority(&mut self, userinfo: usize, port: usize) -> String {
        let mut authority = String::new();
        if self.rng.percent(userinfo) {
            authority.push_str(&self.userinfo());
            authority.push('@');
        }
        authority.push_str(&self.host());
        if self.rng.percent(port) {
            authority.push(':');
            authority.push_str(&self.port());
        }
        authority
    }

    fn query_fragment(&mut self, query: usize, fragment: usize) -> String {
        let mut tail = String::new();
        if self.rng.percent(query) {
            tail.push('?');
            tail.push_str(&self.query());
        }
        if self.rng.percent(fragment) {
            tail.push('#');
            tail.push_str(&self.fragment());
        }
        tail
    }

    /// One valid reference of the mixed corpus, by the weights in the module docs.
    fn reference(&mut self) -> String {
        match self.rng.below(100) {
            0..=39 => self.web(),
            40..=44 => self.ftp(),
            45..=49 => self.mailto(),
            50..=54 => self.urn(),
            55..=59 => self.file(),
            60..=64 => self.tag(),
            65..=69 => self.data(),
            _ => self.relative(),
        }
    }

    fn web(&mut self) -> String {
        let scheme = match self.rng.below(100) {
            0..=39 => "http",
            40..=97 => "https",
            _ => "HTTPS",
        };
        let authority = self.authority(10, 20);
        let segments = self.rng.below(6);
        let mut path = self.abs_path(segments);
        // An empty path, a bare `/`, or a trailing `/` (an empty last segment).
        if self.rng.percent(if path.is_empty() { 50 } else { 10 }) {
            path.push('/');
        }
        format!(
            "{scheme}://{authority}{path}{}",
            self.query_fragment(40, 20)
        )
    }

    fn ftp(&mut self) -> String {
        let authority = self.authority(40, 10);
        let segments = 1 + self.rng.below(4);
        let path = self.abs_path(segments);
        let kind = if self.rng.percent(20) { ";type=i" } else { "" };
        format!("ftp://{authority}{path}{kind}")
    }

    fn mailbox(&mut self) -> String {
        let local = if self.rng.percent(60) {
            self.ascii_word()
        } else {
            self.unicode_word()
        };
        format!("{local}@{}", self.reg_name())
    }

    fn mailto(&mut self) -> String {
        let recipients = 1 + self.rng.below(3);
        let to: Vec<String> = (0..recipients).map(|_| self.mailbox()).collect();
        let mut iri = format!("mailto:{}", to.join(","));
        if self.rng.percent(50) {
            let subject = self.unicode_word();
            let subject = if self.rng.percent(50) {
                self.pct_encode(subject)
            } else {
                subject.to_owned()
            };
            iri.push_str(&format!("?subject={subject}&body={}", self.query_value()));
        }
        iri
    }

    fn urn(&mut self) -> String {
        match self.rng.below(5) {
            0 => format!(
                "urn:isbn:{}{:09}",
                1 + self.rng.below(9),
                self.rng.below(1_000_000_000)
            ),
            1 => format!(
                "urn:uuid:{}-{}-{}-{}-{}",
                self.hex(8, false),
                self.hex(4, false),
                self.hex(4, false),
                self.hex(4, false),
                self.hex(12, false)
            ),
            2 => format!("urn:ietf:rfc:{}", 1000 + self.rng.below(9000)),
            3 => format!("urn:example:{}:{}", self.unicode_word(), self.ascii_word()),
            _ => format!(
                "urn:example:a{},z{}?+{}?={}#{}",
                self.number(999),
                self.number(999),
                self.ascii_word(),
                self.unicode_word(),
                self.number(999)
            ),
        }
    }

    fn file(&mut self) -> String {
        let segments = 1 + self.rng.below(4);
        let path = self.abs_path(segments);
        match self.rng.below(4) {
            0 => format!("file://{path}"),
            1 => format!("file://{}{path}", self.reg_name()),
            2 => format!("file:{path}"),
            _ => format!("file:///{}:{path}", self.rng.pick(&["C", "D", "c"])),
        }
    }

    fn tag(&mut self) -> String {
        let authority = if self.rng.percent(50) {
            self.mailbox()
        } else {
            self.reg_name()
        };
        let date = if self.rng.percent(50) {
            format!("{}", 2000 + self.rng.below(25))
        } else {
            format!(
                "{}-{:02}-{:02}",
                2000 + self.rng.below(25),
                1 + self.rng.below(12),
                1 + self.rng.below(28)
            )
        };
        let specific = format!("{}/{}", self.segment_nc(), self.segment_nc());
        let fragment = if self.rng.percent(20) {
            format!("#{}", self.fragment())
        } else {
            String::new()
        };
        format!("tag:{authority},{date}:{specific}{fragment}")
    }

    fn data(&mut self) -> String {
        const BASE64: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        match self.rng.below(3) {
            0 => {
                let len = 4 * (5 + self.rng.below(50));
                let mut payload: String = (0..len)
                    .map(|_| char::from(BASE64[self.rng.below(64)]))
                    .collect();
                if self.rng.percent(50) {
                    payload.replace_range(len - 2.., "==");
                }
                let kind =
                    self.rng
                        .pick(&["image/png", "image/gif", "application/octet-stream", ""]);
                format!("data:{kind};base64,{payload}")
            }
            1 => {
                let word = self.unicode_word();
                format!(
                    "data:text/plain;charset=utf-8,{}%20{}",
                    self.pct_encode(word),
                    self.ascii_word()
                )
            }
            _ => format!("data:,{}%20{}", self.unicode_word(), self.ascii_word()),
        }
    }

    fn relative(&mut self) -> String {
        match self.rng.below(100) {
            0..=19 => {
                let ups = "../".repeat(1 + self.rng.below(3));
                let segments = self.rng.below(3);
                format!(
                    "{ups}{}{}{}",
                    self.segment(),
                    self.abs_path(segments),
                    self.query_fragment(20, 10)
                )
            }
            20..=29 => format!("./{}{}", self.segment(), self.query_fragment(20, 10)),
            30..=44 => {
                let segments = self.rng.below(3);
                format!(
                    "{}{}{}",
                    self.segment_nc(),
                    self.abs_path(segments),
                    self.query_fragment(20, 10)
                )
            }
            45..=54 => format!("?{}", self.query()),
            55..=64 => format!("#{}", self.fragment()),
            65..=79 => {
                let segments = self.rng.below(4);
                format!(
                    "//{}{}{}",
                    self.authority(10, 20),
                    self.abs_path(segments),
                    self.query_fragment(20, 10)
                )
            }
            80..=96 => {
                let segments = 1 + self.rng.below(4);
                format!("{}{}", self.abs_path(segments), self.query_fragment(30, 20))
            }
            _ => self.rng.pick(&[".", "..", ""]).to_owned(),
        }
    }

    /// Inserts `bad` at a random character boundary of a valid reference.
    fn insert_anywhere(&mut self, bad: &str) -> String {
        let mut iri = self.reference();
        let boundaries: Vec<usize> = iri
            .char_indices()
            .map(|(i, _)| i)
            .chain([iri.len()])
            .collect();
        let at = boundaries[self.rng.below(boundaries.len())];
        iri.insert_str(at, bad);
        iri
    }

    /// One invalid reference, of the kinds listed in the module docs.
    fn invalid(&mut self) -> String {
        let host = self.reg_name();
        match self.rng.below(8) {
            0 => self.insert_anywhere(" "),
            1 => {
                let bad = self.rng.pick(&["%G1", "%zz", "%4X", "%-1"]);
                self.insert_anywhere(bad)
            }
            2 => format!("{}%", self.reference()),
            3 => format!(
                "https://{host}/{}{}{}?{}",
                self.segment_nc(),
                self.rng.pick(IPRIVATE),
                self.segment_nc(),
                self.query()
            ),
            4 => {
                let (open, close) = self.rng.pick(&[("[", "]"), ("[", ""), ("", "]")]);
                format!(
                    "https://{host}/{}{open}{}{close}",
                    self.segment_nc(),
                    self.number(9)
                )
            }
            5 => {
                let bad = self.rng.pick(&[
                    "1:2:3:4:5:6:7:8:9",
                    "1::2::3",
                    "12345::1",
                    "::256.1.2.3",
                    "::1.2.3.4:5",
                    "1:2:3:4:5:6:7:8::",
                    "1.2.3.4",
                    "fe80::1%25eth0",
                    "::g",
                    "1:2:3:4:5:6:7",
                ]);
                format!("http://[{bad}]{}", self.abs_path(1))
            }
            6 => format!(
                "{}{}://{host}/",
                self.number(9),
                self.rng.pick(&["http", "ftp", "x"])
            ),
            _ => format!("https://{host}/{}\u{FDD0}", self.segment_nc()),
        }
    }

    /// One crawl-shaped URL, see the module docs.
    fn crawl(&mut self) -> Entry {
        let target = 40 + self.rng.below(111);
        let scheme = if self.rng.percent(70) {
            "https"
        } else {
            "http"
        };
        let www = if self.rng.percent(40) { "www." } else { "" };
        let mut url = format!(
            "{scheme}://{www}{}.{}",
            self.rng.pick(HOST_LABELS),
            self.rng.pick(TLDS)
        );
        let path_end = target * (40 + self.rng.below(41)) / 100;
        while url.len() < path_end {
            url.push('/');
            match self.rng.below(10) {
                0 => url.push_str(&format!(
                    "{}/{:02}/{:02}",
                    2000 + self.rng.below(26),
                    1 + self.rng.below(12),
                    1 + self.rng.below(28)
                )),
                1 | 2 => {
                    let words: Vec<&str> = (0..2 + self.rng.below(4))
                        .map(|_| self.ascii_word())
                        .collect();
                    url.push_str(&words.join("-"));
                }
                3 => {
                    let word = self.unicode_word();
                    url.push_str(&self.pct_encode(word));
                }
                _ => url.push_str(self.ascii_word()),
            }
        }
        if self.rng.percent(50) {
            let mut separator = '?';
            while url.len() < target {
                url.push(separator);
                separator = '&';
                let value = match self.rng.below(6) {
                    0 => self.number(99999),
                    1 => {
                        let word = self.ascii_word();
                        format!("{word}%20{}", self.ascii_word())
                    }
                    _ => self.ascii_word().to_owned(),
                };
                url.push_str(&format!("{}={value}", self.ascii_word()));
            }
        }
        if self.rng.percent(10) {
            url.push('#');
            url.push_str(self.ascii_word());
        }
        if !self.rng.percent(20) {
            return Entry {
                text: url,
                valid: true,
            };
        }
        let (text, valid) = match self.rng.below(8) {
            0 => (format!("{url})"), true),
            1 => (format!("{url}."), true),
            2 => (format!("{url},"), true),
            3 => (format!("{url});"), true),
            4 => (format!("{url}'"), true),
            5 => (format!("{url}\""), false),
            6 => (format!("{url} {}", self.ascii_word()), false),
            _ => (format!("<{url}>"), false),
        };
        Entry { text, valid }
    }

    /// One long `https` IRI of at most `target` bytes and more than
    /// `target - 100`; see the module docs.
    fn long_iri(&mut self, target: usize, kind: Text) -> String {
        let non_ascii = kind == Text::Script;
        let script = self.script();
        let mut iri = if non_ascii {
            format!("https://{}.{}", self.rng.pick(script), self.rng.pick(TLDS))
        } else {
            format!(
                "https://{}.{}",
                self.rng.pick(HOST_LABELS),
                self.rng.pick(TLDS)
            )
        };
        let path_share = 20 + self.rng.below(61);
        let path_end = target * path_share / 100;
        let fragment = if self.rng.percent(30) {
            format!("#{}", self.ascii_word())
        } else {
            String::new()
        };
        let budget = target - fragment.len();
        let mut in_query = false;
        loop {
            let word = if non_ascii {
                self.rng.pick(script).to_owned()
            } else if kind == Text::Percent || self.rng.percent(20) {
                let word = self.unicode_word();
                self.pct_encode(word)
            } else {
                self.ascii_word().to_owned()
            };
            let piece = if !in_query && iri.len() < path_end {
                format!("/{word}")
            } else if !in_query {
                in_query = true;
                format!("?{}={word}", self.ascii_word())
            } else {
                format!("&{}={word}", self.ascii_word())
            };
            if iri.len() + piece.len() > budget {
                break;
            }
            iri.push_str(&piece);
        }
        iri.push_str(&fragment);
        iri
    }
}
