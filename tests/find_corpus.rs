//! `find` on a corpus of real text (RFC 3987 section 7.3, RFC 3986
//! Appendix C), and the `linkify` crate on the same corpus.
//!
//! `tests/data/find/corpus.tsv` holds texts in fifteen languages and nine
//! scripts beyond Latin (Japanese, Chinese, Korean, Thai, Hindi, Arabic,
//! Hebrew with and without bidi marks, Russian, Greek, German, French,
//! English, Turkish, Spanish, Catalan, with IRIs of all of them mixed in
//! chat), in prose, chat, Markdown, HTML-ish, e-mail, code, log and table
//! styles, each with the IRIs the RFCs give; `tests/data/find/generate.py` writes it and says how each
//! expectation is reasoned. [`corpus`] checks `find` against every record.
//!
//! [`linkify_comparison`] runs `linkify` 0.11 (`LinkKind::Url` and
//! `LinkKind::Email`, an address counted with the `mailto:` written before
//! it; its defaults: IRIs allowed, a scheme required) on the same texts and
//! asserts the exact list of records where it disagrees with the expected
//! IRIs, with the cause of each, in
//! `tests/data/find/linkify_disagreements.tsv`. Set `FIND_CORPUS_WRITE=1`
//! to rewrite that file after a change of the corpus, and read its diff.
//!
//! `find` gives the expected IRIs on all 1061 records. `linkify` disagrees
//! on 860, and in each the corpus is right by the RFCs' rules:
//!
//! | cause (the first difference in the record) | records |
//! |---|---|
//! | rejects a host whose top-level label is not ASCII (`例え.テスト`, `مثال.مصر`: valid `ireg-name`s, RFC 3987 section 3.1) | 414 |
//! | runs past the IRI into sentence punctuation (`、`, `。`, `！`, `،`, `।`, `…`, the Greek semicolon `·`, the em dash `—`, a typed `・・・`, a wave dash `～`; `¿` after a host) | 121 |
//! | runs past the IRI into white space (U+00A0, U+3000, U+202F, U+2028, ...; Appendix C) | 73 |
//! | runs past the IRI into a quotation mark or bracket (`」`, `）`, `”`, `»`, `“`; `’` after a host; the full-width `（`, `【` of an annotation, also after a `/` or a title's `)`; a `(` left open) | 68 |
//! | runs past the IRI into an invisible format character (U+200B, U+2060, U+FEFF) | 35 |
//! | does not ignore white space inside `<...>` (Appendix C) | 35 |
//! | keeps the soft hyphens (U+00AD) of hyphenated text in the IRI (`https://www.bundes\u{AD}regierung.de/`) | 4 |
//! | stops at a `)` inside `<...>`, where the delimiters say where the IRI ends (Appendix C) | 1 |
//! | stops at the `,` between two addresses of a `mailto:` IRI (RFC 6068) | 1 |
//! | runs past the IRI into a bidi formatting character (section 4.1) | 26 |
//! | finds `http://` inside a word (`xhttp://...`) | 11 |
//! | runs past the IRI into the Markdown emphasis that closes around it (`**…**`, `~~…~~`, also opened before a label: `**Docs: https://…**`) | 8 |
//! | runs past the IRI into the text written on after it: after a bare host, in another script (`https://example.com에서`, `https://例え.jpで`, `https://example.com입니다.`, `ssh://git@github.comに`), a Japanese or Korean particle after an ASCII word of a path (`…/Tokyo_(disambiguation)です`, `…/page.htmlをご覧ください`, `…/guide에서`), the particle `を` anywhere after the host (`…/wiki/東京を見てください`) | 23 |
//! | runs past the IRI into a symbol written on after it: after a bare host (`https://example.com👈`, `https://example.jp←`, `https://example.com™`), an emoji after a path's word (`https://youtu.be/abc😂`), the ellipsis `⋯⋯`, a table's frame `║`, an arrow `←`, a `♪` after an ASCII word, a reference mark `†` | 17 |
//! | runs past the IRI into a footnote mark (`https://example.org/a.¹`) | 1 |
//! | misses an IRI whose host runs into a character no domain name holds (`https://a.example,https://b.example/`, `https://example.org's`), or an IPv4 address with text written on after it (`http://192.168.0.1にアクセス`), or a `tel:` or `geo:` IRI with text after it, or the first of a list (`ORIGINS=https://a.example.com,https://…`), or an IPv6 address (`http://[2001:db8::1]`) | 14 |
//! | runs past the IRI into an HTML character reference of a delimiter (`&lt;https://example.com/a&gt;`) | 3 |
//! | runs past the IRI into the next one, written on after it with no space (`https://m1.example.org/pub/;https://…`, `https://example.cn/a和https://…`) | 5 |
//!
//! Where `linkify` agrees (the other 201 records) the texts are ASCII-hosted IRIs
//! delimited by ASCII white space and ASCII punctuation. No record has
//! `linkify` right and `find` wrong.
#![cfg(feature = "text")]

use std::collections::BTreeMap;
use std::path::Path;

use rfc3987::find::find;

/// One record of the corpus.
struct Record {
    id: u32,
    lang: String,
    style: String,
    class: String,
    text: String,
    expected: Vec<String>,
}

/// `\n`, `\t`, `\\` and `\u{XXXX}` in a field of the corpus.
fn unescape(field: &str, line: usize) -> String {
    let mut out = String::new();
    let mut chars = field.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('\\') => out.push('\\'),
            Some('u') => {
                let rest: String = chars.by_ref().take_while(|&c| c != '}').collect();
                let hex = rest
                    .strip_prefix('{')
                    .unwrap_or_else(|| panic!("line {line}: bad \\u escape"));
                let code = u32::from_str_radix(hex, 16)
                    .ok()
                    .and_then(char::from_u32)
                    .unwrap_or_else(|| panic!("line {line}: bad \\u{{{hex}}}"));
                out.push(code);
            }
            other => panic!("line {line}: unknown escape \\{other:?}"),
        }
    }
    out
}

fn data(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/find")
        .join(name)
}

fn records() -> Vec<Record> {
    let text = std::fs::read_to_string(data("corpus.tsv")).expect("the corpus is readable");
    let mut records = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 6, "line {}: {line:?}", n + 1);
        let expected = match fields[5] {
            "-" => Vec::new(),
            list => list.split(' ').map(|iri| unescape(iri, n + 1)).collect(),
        };
        records.push(Record {
            id: fields[0].parse().expect("a numeric id"),
            lang: fields[1].to_owned(),
            style: fields[2].to_owned(),
            class: fields[3].to_owned(),
            text: unescape(fields[4], n + 1),
            expected,
        });
    }
    records
}

#[test]
fn corpus_is_large_and_varied() {
    let records = records();
    assert!(records.len() >= 300, "{} records", records.len());
    let langs: std::collections::BTreeSet<&str> = records.iter().map(|r| r.lang.as_str()).collect();
    for lang in [
        "ja", "zh", "ko", "th", "hi", "ar", "he", "ru", "el", "de", "fr",
    ] {
        assert!(langs.contains(lang), "no {lang} text");
    }
    let styles: std::collections::BTreeSet<&str> =
        records.iter().map(|r| r.style.as_str()).collect();
    assert_eq!(
        styles.into_iter().collect::<Vec<_>>(),
        ["chat", "code", "html", "log", "mail", "md", "prose", "table"]
    );
    for (i, r) in records.iter().enumerate() {
        assert_eq!(r.id as usize, i + 1, "ids run from 1");
    }
}

#[test]
fn corpus() {
    let mut wrong = Vec::new();
    for r in records() {
        let found: Vec<String> = find(&r.text).map(|m| m.iri().as_str().to_owned()).collect();
        if found != r.expected {
            wrong.push(format!(
                "{} {} {} {}: {:?}\n  found    {found:?}\n  expected {:?}",
                r.id, r.lang, r.style, r.class, r.text, r.expected
            ));
        }
        for m in find(&r.text) {
            assert_eq!(&r.text[m.range()], m.as_str());
            // `iri lint` never flags what `find` found for a bidi
            // formatting character (section 4.1).
            #[cfg(feature = "lint")]
            let codes: Vec<_> = m.iri().lint().iter().map(|w| w.code()).collect();
            #[cfg(feature = "lint")]
            assert!(
                !codes.contains(&rfc3987::lint::Code::BidiFormatting),
                "{}: {:?}",
                r.id,
                m.iri().as_str()
            );
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// What `linkify` finds in `text`: its URLs, and its e-mail addresses with
/// the `mailto:` written before them (it reports the address alone).
fn linkify_urls(text: &str) -> Vec<String> {
    let mut finder = linkify::LinkFinder::new();
    finder.kinds(&[linkify::LinkKind::Url, linkify::LinkKind::Email]);
    finder
        .links(text)
        .map(|l| {
            let start = match l.kind() {
                linkify::LinkKind::Email if text[..l.start()].ends_with("mailto:") => {
                    l.start() - "mailto:".len()
                }
                _ => l.start(),
            };
            text[start..l.end()].to_owned()
        })
        .collect()
}

/// Why `linkify` cannot give an IRI that is not in the text as written:
/// the soft hyphens or the white space inside `<...>` that the IRI leaves
/// out.
fn joined_cause(text: &str) -> String {
    if text.contains('\u{AD}') {
        "soft hyphen not left out".to_owned()
    } else {
        "white space inside <...> not ignored".to_owned()
    }
}

/// Why `linkify`'s answer `theirs` differs from `expected` on `text`: the
/// first difference, named by the rule it breaks.
fn cause(text: &str, theirs: &[String], expected: &[String]) -> String {
    // Why `linkify` gave nothing for `want`.
    let missed = |want: &str| {
        let host = match want.strip_prefix("mailto:") {
            Some(address) => address.rsplit('@').next().unwrap_or(""),
            None => want.split('/').nth(2).unwrap_or(""),
        };
        if !text.contains(want) {
            joined_cause(text)
        } else if !host.rsplit('.').next().unwrap_or("").is_ascii() {
            "non-ASCII top-level label rejected".to_owned()
        } else {
            "IRI missed".to_owned()
        }
    };
    for (i, want) in expected.iter().enumerate() {
        let Some(got) = theirs.get(i) else {
            return missed(want);
        };
        if got == want {
            continue;
        }
        // Its answer is a later IRI (or starts like one): it skipped this.
        if expected[i + 1..]
            .iter()
            .any(|later| got.starts_with(later.as_str()))
        {
            return missed(want);
        }
        if !text.contains(want.as_str()) {
            return joined_cause(text);
        }
        if let Some(rest) = got.strip_prefix(want.as_str()) {
            if rest.starts_with('&') {
                return "runs past the IRI into an HTML-escaped delimiter".to_owned();
            }
            let next = rest.chars().next().expect("longer");
            let written_on = matches!(next, ',' | ';' | '|') || next.is_alphabetic();
            if written_on
                && expected[i + 1..]
                    .iter()
                    .any(|later| rest.contains(later.as_str()))
            {
                return "runs past the IRI into the next one, written on after it".to_owned();
            }
            return format!("runs past the IRI into {}", kind(next));
        }
        if want.starts_with(got.as_str()) {
            return format!("stops inside the IRI at {:?}", &want[got.len()..]);
        }
        if got.contains(want.as_str()) {
            return "starts before the IRI".to_owned();
        }
        let host = want.split('/').nth(2).unwrap_or("");
        if !host.rsplit('.').next().unwrap_or("").is_ascii() {
            return "non-ASCII top-level label rejected".to_owned();
        }
        return format!("other: {got:?}");
    }
    "finds what is not an IRI (a scheme inside a word)".to_owned()
}

/// The kind of character `c` is, for [`cause`]: the Unicode property the
/// detection rule that it breaks reads.
fn kind(c: char) -> &'static str {
    use icu_properties::props::{BidiControl, GeneralCategory, GeneralCategoryGroup, WhiteSpace};
    use icu_properties::{CodePointMapData, CodePointSetData};
    if matches!(c, '*' | '_' | '~') {
        return "Markdown emphasis";
    }
    if CodePointSetData::new::<BidiControl>().contains(c) {
        return "a bidi formatting character";
    }
    if CodePointSetData::new::<WhiteSpace>().contains(c) {
        return "white space";
    }
    let gc = CodePointMapData::<GeneralCategory>::new().get(c);
    if gc == GeneralCategory::Format {
        return "an invisible format character";
    }
    if matches!(
        gc,
        GeneralCategory::OpenPunctuation
            | GeneralCategory::ClosePunctuation
            | GeneralCategory::InitialPunctuation
            | GeneralCategory::FinalPunctuation
    ) {
        return "a quotation mark or bracket";
    }
    if GeneralCategoryGroup::Punctuation.contains(gc) {
        return "sentence punctuation";
    }
    if c.is_alphabetic() {
        return "text written on after it";
    }
    if GeneralCategoryGroup::Symbol.contains(gc) {
        return "a symbol written on after it";
    }
    if gc == GeneralCategory::OtherNumber {
        return "a footnote mark or circled number";
    }
    "other text"
}

#[test]
fn linkify_comparison() {
    let records = records();
    let mut lines = vec![
        "# Records of corpus.tsv where linkify 0.11 (LinkKind::Url) disagrees with the".to_owned(),
        "# expected IRIs, which find gives: written by tests/find_corpus.rs".to_owned(),
        "# (FIND_CORPUS_WRITE=1 cargo test -p rfc3987 --test find_corpus).".to_owned(),
        "# id\tclass\tcause\tlinkify (space-separated, '-' for none)".to_owned(),
    ];
    // Per class: (records, disagreements); per cause: disagreements.
    let mut classes: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let mut causes: BTreeMap<String, usize> = BTreeMap::new();
    for r in &records {
        let theirs = linkify_urls(&r.text);
        let entry = classes.entry(r.class.as_str()).or_default();
        entry.0 += 1;
        if theirs != r.expected {
            entry.1 += 1;
            let why = cause(&r.text, &theirs, &r.expected);
            *causes.entry(why.clone()).or_default() += 1;
            let shown: Vec<String> = theirs
                .iter()
                .map(|s| s.escape_debug().to_string())
                .collect();
            lines.push(format!(
                "{}\t{}\t{why}\t{}",
                r.id,
                r.class,
                if shown.is_empty() {
                    "-".to_owned()
                } else {
                    shown.join(" ")
                }
            ));
        }
    }
    let written = lines.join("\n") + "\n";
    let path = data("linkify_disagreements.tsv");
    if std::env::var_os("FIND_CORPUS_WRITE").is_some() {
        std::fs::write(&path, &written).expect("writable");
    }
    let summary: Vec<String> = classes
        .iter()
        .filter(|(_, &(_, d))| d > 0)
        .map(|(class, (n, d))| format!("{class}: {d}/{n}"))
        .collect();
    let disagreements = lines.len() - 4;
    println!(
        "linkify disagrees on {disagreements} of {} records; by class: {}",
        records.len(),
        summary.join(", ")
    );
    for (why, n) in &causes {
        println!("{n}\t{why}");
    }
    // The figures of the module documentation.
    let figures: Vec<(&str, usize)> = causes.iter().map(|(c, &n)| (c.as_str(), n)).collect();
    assert_eq!(
        figures,
        [
            ("IRI missed", 14),
            ("finds what is not an IRI (a scheme inside a word)", 11),
            ("non-ASCII top-level label rejected", 414),
            ("runs past the IRI into Markdown emphasis", 8),
            ("runs past the IRI into a bidi formatting character", 26),
            (
                "runs past the IRI into a footnote mark or circled number",
                1
            ),
            ("runs past the IRI into a quotation mark or bracket", 68),
            ("runs past the IRI into a symbol written on after it", 17),
            ("runs past the IRI into an HTML-escaped delimiter", 3),
            ("runs past the IRI into an invisible format character", 35),
            ("runs past the IRI into sentence punctuation", 121),
            ("runs past the IRI into text written on after it", 23),
            (
                "runs past the IRI into the next one, written on after it",
                5
            ),
            ("runs past the IRI into white space", 73),
            ("soft hyphen not left out", 4),
            ("stops inside the IRI at \")\"", 1),
            ("stops inside the IRI at \",c@d.example\"", 1),
            ("white space inside <...> not ignored", 35),
        ]
    );
    assert_eq!((disagreements, records.len()), (860, 1061));
    let kept = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        kept == written,
        "the linkify disagreements changed; rerun with FIND_CORPUS_WRITE=1 and read the diff"
    );
}
