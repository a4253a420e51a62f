use super::*;

fn found(text: &str) -> Vec<&str> {
    find(text).map(|m| m.as_str()).collect()
}

/// Each text's matches are its IRIs.
fn finds(cases: &[(&str, &[&str])]) {
    for &(text, iris) in cases {
        assert_eq!(found(text), iris, "{text}");
    }
}

#[test]
fn roles_come_from_properties() {
    for c in [
        '\u{A0}', '\u{3000}', '\u{2028}', '\u{200B}', '\u{2060}', '\u{FEFF}', '\u{200E}',
        '\u{200F}', '\u{61C}', '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}',
        '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}', '、', '。', '，', '．', '：', '；', '！',
        '？', '،', '۔', '؟', '؛', '।', '॥', '…', '‼', '“', '”', '„', '«', '»', '‹', '›', '‚', '〝',
        '〞', '＂', '＜', '＞', '｡', '､', '՝', '።', '—', '⸺', '⸻', '\u{FD3E}', '\u{FD3F}', '︵',
        '︶', '║', '│', '┃', '─', '⋯', '←', '→', '⇒', '➡', '⬆', '•', '‣', '◦', '①', '❶', '※', '†',
        '‡',
    ] {
        assert_eq!(role(c), Role::Stop, "{c:?} U+{:04X}", u32::from(c));
    }
    for c in [
        'é', '例', 'ا', 'א', '\u{200C}', '\u{200D}', '–', '‐', '・', '\u{B7}', '～', '％', '＃',
        '／', '\u{301C}', '\u{5F3}', '¿', '¡', '\u{301}', 'ｱ', '＿', '\u{FE0F}', '\u{AD}',
    ] {
        assert_eq!(role(c), Role::Inside, "{c:?} U+{:04X}", u32::from(c));
    }
    for c in ['‘', '’', '＇', '\u{5F4}'] {
        assert_eq!(role(c), Role::WordQuote, "{c:?}");
    }
    for (open, close) in [
        ('(', ')'),
        ('「', '」'),
        ('『', '』'),
        ('（', '）'),
        ('【', '】'),
        ('《', '》'),
        ('〈', '〉'),
        ('［', '］'),
        ('〔', '〕'),
    ] {
        let wide = if open == '(' {
            Role::Open
        } else {
            Role::WideOpen
        };
        assert_eq!(role(open), wide, "{open:?}");
        assert_eq!(role(close), Role::Close(open), "{close:?}");
    }
    assert_eq!(role('\''), Role::Inside);
    assert_eq!(role('.'), Role::Inside);
}

/// Hyphenated text: a soft hyphen stands inside the IRI, which leaves it
/// out; at the end it goes with the trailing punctuation.
#[test]
fn soft_hyphens_stand_inside_and_are_left_out() {
    for (text, range, iri) in [
        (
            "Siehe https://www.bundes\u{AD}regierung.de/breg-de für Details.",
            6..46,
            "https://www.bundesregierung.de/breg-de",
        ),
        (
            "https://exam\u{AD}ple.c\u{AD}om",
            0..23,
            "https://example.com",
        ),
        (
            "a https://a.example/x\u{AD}. b",
            2..21,
            "https://a.example/x",
        ),
        (
            "<https://a.example/\u{AD}b\n c>",
            1..25,
            "https://a.example/bc",
        ),
    ] {
        let m = find(text).next().unwrap_or_else(|| panic!("{text:?}"));
        assert_eq!((m.range(), m.iri().as_str()), (range, iri), "{text:?}");
        assert_eq!(m.is_joined(), text[m.range()].len() != iri.len());
    }
}

#[test]
fn bidi_formatting_characters_end_an_iri() {
    for mark in [
        '\u{200E}', '\u{200F}', '\u{61C}', '\u{202C}', '\u{2069}', '\u{202E}',
    ] {
        let text = alloc::format!("ראו {mark}http://a.example/b{mark} עכשיו");
        assert_eq!(found(&text), ["http://a.example/b"], "{mark:?}");
        let text = alloc::format!("http://a.example/b{mark}c");
        assert_eq!(found(&text), ["http://a.example/b"], "{mark:?}");
    }
    let text = "\u{2067}http://a.example/שלום\u{2069}";
    assert_eq!(found(text), ["http://a.example/שלום"]);
}

#[test]
fn sentence_punctuation_of_every_script_ends_an_iri() {
    assert_eq!(
        found("http://例え.テスト、http://b.example/"),
        ["http://例え.テスト", "http://b.example/"]
    );
    assert_eq!(found("見てhttp://例え.jp/a。次はb"), ["http://例え.jp/a"]);
    assert_eq!(found("http://a.cn/路径，然后"), ["http://a.cn/路径"]);
    assert_eq!(found("http://a/b：c"), ["http://a/b"]);
    assert_eq!(
        found("راجع http://مثال.com/صفحة، ثم"),
        ["http://مثال.com/صفحة"]
    );
    assert_eq!(
        found("देखें http://उदाहरण.भारत/पृष्ठ। फिर"),
        ["http://उदाहरण.भारत/पृष्ठ"]
    );
    assert_eq!(found("http://a/b…"), ["http://a/b"]);
    assert_eq!(found("http://a/b…more"), ["http://a/b"]);
    // ASCII keeps its place in the grammar.
    assert_eq!(found("http://a/b.c,d;e!f"), ["http://a/b.c,d;e!f"]);
    // Dashes and the middle dots of words stay.
    assert_eq!(
        found("http://a/Mexican–American_War"),
        ["http://a/Mexican–American_War"]
    );
    assert_eq!(
        found("http://a/ジョン・スミス"),
        ["http://a/ジョン・スミス"]
    );
    assert_eq!(found("http://a/col·lecció"), ["http://a/col·lecció"]);
}

#[test]
fn quotes_and_brackets_of_every_script() {
    for (text, iri) in [
        ("“http://a/b”", "http://a/b"),
        ("“http://a/b,” he said", "http://a/b"),
        ("„http://a/b“ sagte er", "http://a/b"),
        ("»http://a/b« und", "http://a/b"),
        ("«http://a/b»", "http://a/b"),
        ("‹http://a/b›", "http://a/b"),
        ("‘http://a/b’ she said", "http://a/b"),
        ("‚http://a/b‘ sagte", "http://a/b"),
        ("「http://例え.jp/」と言った", "http://例え.jp/"),
        ("『http://例え.jp/a』を", "http://例え.jp/a"),
        ("《http://例子.cn/》中", "http://例子.cn/"),
        ("〈http://例子.cn/〉中", "http://例子.cn/"),
        ("【http://例子.cn/】中", "http://例子.cn/"),
        // A wide opening bracket after the path's text starts an
        // annotation; after a delimiter, a segment or a value that it
        // balances, but for `（` opening a segment (paths write the
        // parentheses of titles in ASCII).
        ("（http://例子.cn/a（b））中", "http://例子.cn/a"),
        ("（http://例子.cn/（b））中", "http://例子.cn/"),
        ("（http://例子.cn/【b】）中", "http://例子.cn/【b】"),
        ("（http://例子.cn/?q=（b））中", "http://例子.cn/?q=（b）"),
        (
            "来源：https://www.stats.gov.cn/sj/（访问日期：2024年1月1日）",
            "https://www.stats.gov.cn/sj/",
        ),
        (
            "https://example.jp/docs/（2024年1月閲覧）",
            "https://example.jp/docs/",
        ),
        ("https://example.jp/a=（PDF：1MB）", "https://example.jp/a="),
        (
            "https://ja.wikipedia.org/wiki/【推しの子】が好き",
            "https://ja.wikipedia.org/wiki/【推しの子】が好き",
        ),
        (
            "https://ja.wikipedia.org/wiki/【推しの子】を見た",
            "https://ja.wikipedia.org/wiki/【推しの子】",
        ),
        (
            "資料はhttps://example.jp/doc.pdf（PDF：1.2MB）をご覧ください。",
            "https://example.jp/doc.pdf",
        ),
        (
            "詳しくはhttps://example.jp/news（外部サイト）へ",
            "https://example.jp/news",
        ),
        (
            "网址：https://example.cn/page【中文】",
            "https://example.cn/page",
        ),
        // A closing bracket ends a title's part; what opens after it is
        // an annotation, as after a letter.
        (
            "https://en.wikipedia.org/wiki/Rust_(programming_language)（英語）",
            "https://en.wikipedia.org/wiki/Rust_(programming_language)",
        ),
        (
            "網址：https://example.tw/wiki/A_(B)（繁體）",
            "https://example.tw/wiki/A_(B)",
        ),
        ("http://[2001:db8::1]【IPv6】", "http://[2001:db8::1]"),
        ("<https://example.jp/a（b）>", "https://example.jp/a（b）"),
        (
            "https://ja.wikipedia.org/wiki/東京_(曖昧さ回避)",
            "https://ja.wikipedia.org/wiki/東京_(曖昧さ回避)",
        ),
        ("詳細はhttp://例え.jp/参照」と", "http://例え.jp/参照"),
        ("http://a/b”c", "http://a/b"),
        (
            "http://fr.example/Côte_d’Ivoire",
            "http://fr.example/Côte_d’Ivoire",
        ),
        ("http://a/l’été’", "http://a/l’été"),
        (
            "“https://en.wikipedia.org/wiki/Rock_’n’_roll”",
            "https://en.wikipedia.org/wiki/Rock_’n’_roll",
        ),
        (
            "Lees ‚https://nl.wikipedia.org/wiki/’s-Hertogenbosch‘.",
            "https://nl.wikipedia.org/wiki/’s-Hertogenbosch",
        ),
        ("‘http://a/b_’ she said", "http://a/b_"),
        ("(see http://a/b)c", "http://a/b"),
        ("http://a/b_(c)_d", "http://a/b_(c)_d"),
        ("＜http://a/b＞", "http://a/b"),
    ] {
        assert_eq!(found(text), [iri], "{text}");
    }
}

#[test]
fn white_space_of_every_kind_ends_an_iri() {
    assert_eq!(
        found("http://a/b\u{200B}http://c/d"),
        ["http://a/b", "http://c/d"]
    );
    assert_eq!(found("http://a/b\u{FEFF}x"), ["http://a/b"]);
    assert_eq!(found("http://a/b\u{2060}x"), ["http://a/b"]);
    assert_eq!(found("http://a/b\u{202F}x"), ["http://a/b"]);
    // The joiners stand inside words.
    assert_eq!(
        found("http://a/می\u{200C}خواهم"),
        ["http://a/می\u{200C}خواهم"]
    );
}

#[test]
fn white_space_inside_angle_brackets_is_ignored() {
    // RFC 3986 Appendix C, line breaks and indentation as they are,
    // then turned into spaces.
    let text = "Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n      but you can probably pick it up from <ftp://foo.example.\n      com/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/\n      ietf/uri/historical.html#WARNING>.";
    let expected = [
        "http://www.w3.org/Addressing/",
        "ftp://foo.example.com/rfc/",
        "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
    ];
    for text in [alloc::string::String::from(text), text.replace('\n', " ")] {
        let iris: Vec<alloc::string::String> =
            find(&text).map(|m| m.iri().as_str().into()).collect();
        assert_eq!(iris, expected);
        for m in find(&text) {
            assert_eq!(&text[m.range()], m.as_str());
            assert_eq!(m.is_joined(), m.as_str().contains(' '));
        }
    }
    // The bytes and line forms keep the input's range too.
    let bytes = b"\xFF <http://a/ b>";
    let m = Finder::new().find_iter_bytes(bytes).next().unwrap();
    assert_eq!((m.range(), m.iri().as_str()), (3..14, "http://a/b"));
    #[cfg(feature = "std")]
    {
        let line = Finder::new()
            .find_lines(&bytes[..])
            .next()
            .unwrap()
            .unwrap();
        assert_eq!((line.range(), line.iri.as_str()), (3..14, "http://a/b"));
    }
    let m = find("<URL: http://a/ b  >").next().unwrap();
    assert_eq!(
        (m.as_str(), m.iri().as_str()),
        ("http://a/ b", "http://a/b")
    );
    // No `>`, or a `<` first: the plain search.
    assert_eq!(found("<http://a/ b"), ["http://a/"]);
    assert_eq!(found("<http://a/ <b>"), ["http://a/"]);
}

#[test]
fn appendix_c_example() {
    // RFC 3986 Appendix C, one line at a time (no IRI spans lines).
    let text = "Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",";
    assert_eq!(found(text), ["http://www.w3.org/Addressing/"]);
    let text = "but you can probably pick it up from <ftp://foo.example.com/rfc/>.";
    assert_eq!(found(text), ["ftp://foo.example.com/rfc/"]);
    let text = "Note the warning in <http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING>.";
    assert_eq!(
        found(text),
        ["http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING"]
    );
}

#[test]
fn delimiters_keep_what_punctuation_would_lose() {
    assert_eq!(found("<http://a/b.>"), ["http://a/b."]);
    assert_eq!(found("\"http://a/b?\""), ["http://a/b?"]);
    assert_eq!(found("<URL:http://a/b.>"), ["http://a/b."]);
    assert_eq!(found("<url: http://a/b,>"), ["http://a/b,"]);
    // Without them, the punctuation goes.
    assert_eq!(found("see http://a/b."), ["http://a/b"]);
    assert_eq!(found("<http://a/b. and more"), ["http://a/b"]);
    // Brackets inside delimiters need no partner.
    assert_eq!(found("<http://a/b)>"), ["http://a/b)"]);
    assert_eq!(found("\"http://a/(b))\""), ["http://a/(b))"]);
    assert_eq!(found("<http://例え.jp/」>"), ["http://例え.jp/」"]);
    assert_eq!(found("<http://a/b) and more"), ["http://a/b"]);
}

#[test]
fn trailing_punctuation_and_brackets() {
    for (text, iri) in [
        ("http://a/b.", "http://a/b"),
        ("http://a/b,", "http://a/b"),
        ("http://a/b;", "http://a/b"),
        ("http://a/b:", "http://a/b"),
        ("http://a/b!", "http://a/b"),
        ("http://a/b?", "http://a/b"),
        ("http://a/b'", "http://a/b"),
        ("http://a/b?!.", "http://a/b"),
        ("(http://a/b)", "http://a/b"),
        ("(http://a/b).", "http://a/b"),
        ("(see http://a/b_(c))", "http://a/b_(c)"),
        ("http://a/b_(c)", "http://a/b_(c)"),
        ("http://a/b))", "http://a/b"),
        ("http://[::1]/x]", "http://[::1]/x"),
        ("http://a/b.c.", "http://a/b.c"),
        ("（http://例え.jp/）", "http://例え.jp/"),
        ("「http://例え.jp/a」", "http://例え.jp/a"),
        ("http://例え.jp/a。", "http://例え.jp/a"),
        ("«http://a/b»", "http://a/b"),
        // A dash other than `-` at the end sets off what follows; inside a
        // title it stays, and `-` is the path's.
        ("see http://a/b\u{2013} next", "http://a/b"),
        ("see http://a/b\u{2015}", "http://a/b"),
        (
            "http://例え.jp/パス\u{2010}\u{2010} 次",
            "http://例え.jp/パス",
        ),
        (
            "http://a/Michelson\u{2013}Morley",
            "http://a/Michelson\u{2013}Morley",
        ),
        ("http://a/b- next", "http://a/b-"),
        // The Greek semicolon, as U+0387 and as its NFC form U+00B7;
        // the Catalan middle dot inside a word stays.
        ("Δείτε http://a/Αθήνα\u{387} και", "http://a/Αθήνα"),
        ("Δείτε http://a/Αθήνα\u{B7} και", "http://a/Αθήνα"),
        ("Δείτε http://αθήνα.gr\u{B7} και", "http://αθήνα.gr"),
        ("http://a/Col\u{B7}legi", "http://a/Col\u{B7}legi"),
        ("http://a/Col\u{B7}legi\u{B7}", "http://a/Col\u{B7}legi"),
        // Hebrew quotes with the gershayim; inside a word it stands before
        // the last letter, and the geresh ends words.
        (
            "ראו ״https://example.co.il/דף״ לפרטים",
            "https://example.co.il/דף",
        ),
        (
            "״https://דוגמה.ישראל/חיפוש?מילה=חתול״.",
            "https://דוגמה.ישראל/חיפוש?מילה=חתול",
        ),
        ("״https://דוגמה.ישראל״", "https://דוגמה.ישראל"),
        ("http://a/צה״ל", "http://a/צה״ל"),
        ("http://a/ג׳ורג׳", "http://a/ג׳ורג׳"),
        ("״http://a/ג׳ורג׳״", "http://a/ג׳ורג׳"),
        (
            "ראו ״https://example.co.il/דף״לפרטים",
            "https://example.co.il/דף",
        ),
        (
            "ראו https://example.co.il/צה״ל לפרטים",
            "https://example.co.il/צה״ל",
        ),
        (
            "ראו ״https://example.co.il/צה״ל״ לפרטים",
            "https://example.co.il/צה״ל",
        ),
        (
            "ראו „https://example.co.il/דו״ח“",
            "https://example.co.il/דו״ח",
        ),
        // An apostrophe between cased letters stands inside a word, also
        // in a quotation; between letters without case, or as `‘`, or
        // before anything else, it closes one.
        (
            "«https://fr.example/Côte_d’Ivoire»",
            "https://fr.example/Côte_d’Ivoire",
        ),
        ("“https://example.com/it’s”", "https://example.com/it’s"),
        ("„https://uk.example/м’ясо“", "https://uk.example/м’ясо"),
        ("‘https://example.com/a’ and", "https://example.com/a"),
        ("‘https://example.com/a’.", "https://example.com/a"),
        ("‘http://실례.테스트/경로’참고", "http://실례.테스트/경로"),
        ("‘https://ตัวอย่าง.ไทย/ค้นหา’ค่ะ", "https://ตัวอย่าง.ไทย/ค้นหา"),
        (
            "‚http://beispiel.de/München‘bitte",
            "http://beispiel.de/München",
        ),
        // The Mongolian vowel separator stands inside a word.
        (
            "http://a/\u{182C}\u{1820}\u{1837}\u{180E}\u{1820} \u{1824}",
            "http://a/\u{182C}\u{1820}\u{1837}\u{180E}\u{1820}",
        ),
    ] {
        assert_eq!(found(text), [iri], "{text}");
    }
}

/// The middle dot trimmed at an IRI's end is the Greek semicolon's NFC
/// form, and the Greek semicolon ends sentences.
#[test]
fn the_greek_semicolon_is_the_middle_dot_in_nfc() {
    use icu_properties::props::TerminalPunctuation;
    let nfc = ComposingNormalizerBorrowed::new_nfc();
    assert!(nfc.normalize("\u{387}").chars().eq([GREEK_SEMICOLON_NFC]));
    assert!(CodePointSetData::new::<TerminalPunctuation>().contains('\u{387}'));
    assert!(!CodePointSetData::new::<TerminalPunctuation>().contains(GREEK_SEMICOLON_NFC));
}

#[test]
fn schemes_must_start_a_word_and_be_listed() {
    assert!(found("xhttp://a/").is_empty());
    assert!(found("h2http://a/").is_empty());
    assert_eq!(found("見てhttp://a/"), ["http://a/"]);
    assert_eq!(found("a.http://b/"), ["http://b/"]);
    assert_eq!(found("HTTPS://A/"), ["HTTPS://A/"]);
    assert!(found("gemini://a/ foo:bar").is_empty());
    // `//` where the entry asks for it.
    assert!(found("the http: word").is_empty());
    assert!(found("http:a/b").is_empty());
    assert_eq!(found("mailto:a@b.example"), ["mailto:a@b.example"]);
    assert_eq!(found("urn:isbn:0451450523."), ["urn:isbn:0451450523"]);
    assert_eq!(
        found("file:/etc/hosts, file:///tmp/x"),
        ["file:/etc/hosts", "file:///tmp/x"]
    );
    assert!(found("the file: menu").is_empty());
}

#[test]
fn a_scheme_alone_is_not_a_match() {
    assert!(found("the http:// prefix").is_empty());
    assert!(found("the https://. prefix").is_empty());
    assert!(found("mailto: me").is_empty());
    assert!(found("tel:").is_empty());
    assert!(found("").is_empty());
}

#[test]
fn matches_do_not_overlap_and_offsets_are_bytes() {
    let text = "é http://a/b http://c/d";
    let matches: Vec<Range<usize>> = find(text).map(|m| m.range()).collect();
    assert_eq!(matches, [3..13, 14..24]);
    assert_eq!(&text[3..13], "http://a/b");
}

#[test]
fn non_ascii_does_not_end_an_iri_but_white_space_does() {
    assert_eq!(found("http://例え.jp/参照"), ["http://例え.jp/参照"]);
    assert_eq!(found("http://例え.jp/東京に"), ["http://例え.jp/東京に"]);
    assert_eq!(found("http://例え.jp/\u{3000}次"), ["http://例え.jp/"]);
    assert_eq!(found("http://a/b\u{A0}c"), ["http://a/b"]);
}

#[test]
fn every_match_is_a_valid_iri() {
    // Trimming `]` would leave an open IP literal; the walk stops
    // before it anyway, and `%4` is cut back to what is valid.
    assert_eq!(found("http://a/%4"), ["http://a/"]);
    assert_eq!(found("http://a/%"), ["http://a/"]);
    assert!(found("http://[::1").is_empty());
    for m in find("http://a/%41%4 x http://[v1.x]/ y mailto:%zz") {
        assert!(crate::Iri::parse(m.as_str()).is_ok(), "{}", m.as_str());
    }
}

#[test]
fn configured_schemes() {
    assert_eq!(
        Finder::with_schemes(&["a:", "b+c://"])
            .unwrap()
            .schemes()
            .len(),
        2
    );
    assert_eq!(
        Finder::with_schemes(&["http"]).unwrap_err(),
        crate::Error::SchemeList { index: 0 }
    );
    assert_eq!(
        Finder::with_schemes(&["a:", "1a:"]).unwrap_err(),
        crate::Error::SchemeList { index: 1 }
    );
    assert_eq!(
        Finder::with_schemes(&["a:/"]).unwrap_err(),
        crate::Error::SchemeList { index: 0 }
    );
    let finder = Finder::with_schemes(&["ssh://", "svn+ssh://"]).unwrap();
    let found: Vec<&str> = finder
        .find_iter("svn+ssh://h/r")
        .map(|m| m.as_str())
        .collect();
    assert_eq!(found, ["svn+ssh://h/r"]);
    let none = Finder::with_schemes(&[]).unwrap();
    assert_eq!(none.find_iter("http://a/").count(), 0);
}

#[test]
fn bytes_that_are_not_utf8_delimit() {
    let bytes = b"\xFFhttp://a/b\xFE\xFFhttp://c/ mailto:x";
    let found: Vec<(usize, &str)> = Finder::new()
        .find_iter_bytes(bytes)
        .map(|m| (m.start(), m.as_str()))
        .collect();
    assert_eq!(
        found,
        [(1, "http://a/b"), (13, "http://c/"), (23, "mailto:x")]
    );
}

#[cfg(feature = "std")]
#[test]
fn lines_are_numbered_and_offsets_are_per_line() {
    let text = b"a http://a/\n\nno\r\n<mailto:m@x>\xFF http://b/";
    let found: Vec<(u64, Range<usize>, alloc::string::String)> = Finder::new()
        .find_lines(&text[..])
        .map(|m| m.unwrap())
        .map(|m| (m.line, m.range(), m.iri.as_str().into()))
        .collect();
    assert_eq!(
        found,
        [
            (1, 2..11, "http://a/".into()),
            (4, 1..11, "mailto:m@x".into()),
            (4, 14..23, "http://b/".into())
        ]
    );
}

#[test]
fn a_host_ends_where_no_domain_name_goes_on() {
    finds(&[
        (
            "https://a.example,https://b.example/",
            &["https://a.example", "https://b.example/"][..],
        ),
        (
            "http://x.org;http://y.org",
            &["http://x.org", "http://y.org"],
        ),
        ("see https://example.org's page", &["https://example.org"]),
        ("https://github.com’s new feature", &["https://github.com"]),
        ("https://google.com'da ara", &["https://google.com"]),
        ("https://example.com—the best", &["https://example.com"]),
        ("¿https://ejemplo.es¿o no?", &["https://ejemplo.es"]),
        ("ws://a.example!x", &["ws://a.example"]),
        (
            "https://a.example:8080,https://b.example",
            &["https://a.example:8080", "https://b.example"],
        ),
        (
            "https://user:p'w@a.example/x",
            &["https://user:p'w@a.example/x"],
        ),
        // Punctuation that IDNA2008 allows in a label, in context.
        ("https://例え・テスト.jp/", &["https://例え・テスト.jp/"]),
        ("https://col·legi.cat/", &["https://col·legi.cat/"]),
        ("https://བོད་ཡིག.example/", &["https://བོད་ཡིག.example/"]),
        // Paths, IP literals and the schemes of other hosts keep them.
        (
            "https://en.wikipedia.org/wiki/Ender's_Game",
            &["https://en.wikipedia.org/wiki/Ender's_Game"],
        ),
        ("https://a.example/x,y", &["https://a.example/x,y"]),
        ("http://[::1]/x,y", &["http://[::1]/x,y"]),
        (
            "mailto:a@b.example,c@d.example",
            &["mailto:a@b.example,c@d.example"],
        ),
        // The domain of a `mailto:` address ends as a host does; the `,`
        // between addresses and the headers after `?` go on.
        (
            "連絡先：mailto:info@例え.jp（平日のみ）",
            &["mailto:info@例え.jp"],
        ),
        (
            "mailto:a@b.example,c@d.example（二人）",
            &["mailto:a@b.example,c@d.example"],
        ),
        ("mailto:a@b.example's owner", &["mailto:a@b.example"]),
        ("メール mailto:info@例え.jpまで", &["mailto:info@例え.jp"]),
        ("mailto:иван@пример.рфで", &["mailto:иван@пример.рф"]),
        (
            "mailto:a@b.example?subject=（件名）",
            &["mailto:a@b.example?subject=（件名）"],
        ),
        ("urn:isbn:0-395,36341-1", &["urn:isbn:0-395,36341-1"]),
        // The delimiters say where the IRI ends.
        ("<https://a.example,b>", &["https://a.example,b"]),
        ("\"https://a.example's\"", &["https://a.example's"]),
        // Nothing left of the host: no match.
        ("https://'quoted'", &[]),
    ]);
}

#[test]
fn markdown_emphasis_around_an_iri_is_not_part_of_it() {
    finds(&[
        ("**https://a.example/b**", &["https://a.example/b"][..]),
        ("*https://a.example/b*", &["https://a.example/b"]),
        ("_https://a.example/b_", &["https://a.example/b"]),
        ("__https://a.example/b__,", &["https://a.example/b"]),
        ("~~https://a.example/b~~", &["https://a.example/b"]),
        ("*_https://a.example/b_*", &["https://a.example/b"]),
        ("see *https://a.example/b*.", &["https://a.example/b"]),
        ("**https://a.example/b.**", &["https://a.example/b"]),
        ("**https://a.example**", &["https://a.example"]),
        // Chinese and Japanese write on right after the closing run.
        (
            "詳しくは**https://例え.jp/案内**を見て",
            &["https://例え.jp/案内"],
        ),
        (
            "请看~~https://例子.中国/旧~~新的",
            &["https://例子.中国/旧"],
        ),
        // `_` and `~` before an ASCII letter or digit do not close, as in
        // Markdown: the path keeps them.
        (
            "_https://en.wikipedia.org/wiki/Foo_Bar_",
            &["https://en.wikipedia.org/wiki/Foo_Bar"],
        ),
        ("_https://a.example/a_b_", &["https://a.example/a_b"]),
        ("~https://a.example/~user/~", &["https://a.example/~user/"]),
        // No opening run: the grammar's characters stay.
        ("https://a.example/*", &["https://a.example/*"]),
        ("https://a.example/b_", &["https://a.example/b_"]),
        ("<**https://a.example/b**>", &["https://a.example/b"]),
        // Emphasis opened earlier on the line, before a label, closes the
        // same way.
        (
            "**Docs: https://example.com/docs**",
            &["https://example.com/docs"],
        ),
        (
            "**公式サイト：https://example.jp/a**",
            &["https://example.jp/a"],
        ),
        ("*See https://example.com/a*.", &["https://example.com/a"]),
        ("~~old: https://example.com/a~~", &["https://example.com/a"]),
        (
            "- __Link__: see __the page https://example.com/a__ now",
            &["https://example.com/a"],
        ),
        // Emphasis closed before the IRI, a list bullet, or a word's
        // `_`, opens nothing.
        (
            "**bold** and https://a.example/b**",
            &["https://a.example/b**"],
        ),
        ("* item https://a.example/b*", &["https://a.example/b*"]),
        ("my_var https://a.example/b_", &["https://a.example/b_"]),
        ("*note https://a.example/b*c", &["https://a.example/b*c"]),
        ("**x\nhttps://a.example/b**", &["https://a.example/b**"]),
    ]);
}

/// Text run on right after an ASCII word of a part that holds only
/// US-ASCII (a Japanese or Korean particle, Thai) is the text's; so is a
/// part that starts with a particle no word starts with. Names put Han,
/// Katakana and Hangul words, and `の`, right after Latin letters; a part
/// with such letters keeps those after it, and after a delimiter they
/// start one.
#[test]
fn text_written_on_after_an_ascii_part_is_the_texts() {
    finds(&[
        (
            "詳しくはhttps://example.com/docs/page.htmlをご覧ください。",
            &["https://example.com/docs/page.html"][..],
        ),
        (
            "https://example.com/guide에서 확인",
            &["https://example.com/guide"],
        ),
        (
            "https://example.com/docs입니다.",
            &["https://example.com/docs"],
        ),
        (
            "https://example.kr/news/1를 보세요",
            &["https://example.kr/news/1"],
        ),
        (
            "https://example.jp/page.htmlから",
            &["https://example.jp/page.html"],
        ),
        (
            "ดูที่https://example.com/newsครับ",
            &["https://example.com/news"],
        ),
        (
            "https://example.jp/a?id=42をご確認",
            &["https://example.jp/a?id=42"],
        ),
        // A YouTube link, the commonest in chat; its ids hold `-`, `_`.
        (
            "https://www.youtube.com/watch?v=dQw4w9WgXcQを見て",
            &["https://www.youtube.com/watch?v=dQw4w9WgXcQ"],
        ),
        ("https://youtu.be/aB_-をぜひ", &["https://youtu.be/aB_-"]),
        ("링크https://example.com/a이고", &["https://example.com/a"]),
        (
            "https://example.jp/a#topで確認",
            &["https://example.jp/a#top"],
        ),
        (
            "英語版はhttps://en.wikipedia.org/wiki/Tokyo_(disambiguation)です",
            &["https://en.wikipedia.org/wiki/Tokyo_(disambiguation)"],
        ),
        // The object particle ends it anywhere after the host.
        (
            "詳しくはhttps://ja.wikipedia.org/wiki/東京をご覧ください",
            &["https://ja.wikipedia.org/wiki/東京"],
        ),
        ("https://例え.jp/パスを参照", &["https://例え.jp/パス"]),
        // A URI of percent-encoded characters, then text.
        (
            "https://a.example/%E6%9D%B1を参照",
            &["https://a.example/%E6%9D%B1"],
        ),
        // Particles no word starts with, first in a part.
        (
            "https://example.com/docs/をご覧ください",
            &["https://example.com/docs/"],
        ),
        ("https://example.kr/a/를 보세요", &["https://example.kr/a/"]),
        // Names: Han, Katakana and Hangul words, and `の`, after Latin
        // letters (section 7.3: a non-ASCII character does not end an
        // IRI, so Chinese text run on stays too).
        (
            "https://ja.wikipedia.org/wiki/C言語",
            &["https://ja.wikipedia.org/wiki/C言語"],
        ),
        (
            "https://ja.wikipedia.org/wiki/JR東日本",
            &["https://ja.wikipedia.org/wiki/JR東日本"],
        ),
        (
            "https://ja.wikipedia.org/wiki/AKB48グループ",
            &["https://ja.wikipedia.org/wiki/AKB48グループ"],
        ),
        (
            "https://ja.wikipedia.org/wiki/ONE_PIECEの登場人物",
            &["https://ja.wikipedia.org/wiki/ONE_PIECEの登場人物"],
        ),
        (
            "https://ko.wikipedia.org/wiki/LG에너지솔루션",
            &["https://ko.wikipedia.org/wiki/LG에너지솔루션"],
        ),
        (
            "https://ko.wikipedia.org/wiki/SK와이번스",
            &["https://ko.wikipedia.org/wiki/SK와이번스"],
        ),
        (
            "https://ko.wikipedia.org/wiki/KBS한국방송",
            &["https://ko.wikipedia.org/wiki/KBS한국방송"],
        ),
        (
            "https://zh.wikipedia.org/wiki/C语言",
            &["https://zh.wikipedia.org/wiki/C语言"],
        ),
        (
            "请访问https://example.com/page了解更多",
            &["https://example.com/page了解更多"],
        ),
        // Parts with letters of such a script keep what follows.
        (
            "https://ja.wikipedia.org/wiki/東京2020年",
            &["https://ja.wikipedia.org/wiki/東京2020年"],
        ),
        (
            "https://a.example/記事/123",
            &["https://a.example/記事/123"],
        ),
        (
            "https://a.example/search?q=東京&lang=日本語",
            &["https://a.example/search?q=東京&lang=日本語"],
        ),
        ("https://a.example/#見出し", &["https://a.example/#見出し"]),
        // Scripts written with spaces, and symbols, are not text run on.
        (
            "https://a.example/iPhoneМосква",
            &["https://a.example/iPhoneМосква"],
        ),
        (
            "https://a.example/HUNTER×HUNTER",
            &["https://a.example/HUNTER×HUNTER"],
        ),
        // The host has its own rule; a label may mix Latin and kana.
        ("https://sonyストア.jp/a", &["https://sonyストア.jp/a"]),
        // Between delimiters, the delimiters say where it ends.
        ("<https://a.example/pageを>", &["https://a.example/pageを"]),
    ]);
}

#[test]
fn a_change_of_script_in_the_last_label_ends_a_host() {
    finds(&[
        (
            "자세한 내용은 https://example.com에서 확인",
            &["https://example.com"][..],
        ),
        ("https://例え.jpで確認", &["https://例え.jp"]),
        ("https://例え.テストで確認", &["https://例え.テスト"]),
        ("https://пример.рфで", &["https://пример.рф"]),
        ("请访问https://example.cn了解更多", &["https://example.cn"]),
        ("ดูที่https://example.co.thนะครับ", &["https://example.co.th"]),
        ("http://localhost에서", &["http://localhost"]),
        // A sentence's full stop after the host is no root label.
        (
            "공식 사이트는 https://example.com입니다.",
            &["https://example.com"],
        ),
        ("https://www.gov.kr입니다. 다음", &["https://www.gov.kr"]),
        ("mailto:a@example.com입니다.", &["mailto:a@example.com"]),
        ("https://example.com입니다...", &["https://example.com"]),
        ("https://example.com.", &["https://example.com"]),
        // ASCII digits are Latin's: text after an IPv4 address ends it.
        (
            "ルーターの設定は http://192.168.0.1にアクセスしてください。",
            &["http://192.168.0.1"],
        ),
        (
            "브라우저에서 http://192.168.0.1에 접속하세요.",
            &["http://192.168.0.1"],
        ),
        (
            "在浏览器中输入http://192.168.1.1进入设置",
            &["http://192.168.1.1"],
        ),
        ("http://10.0.0.1:8080にアクセス", &["http://10.0.0.1:8080"]),
        (
            "http://10.0.0.1/設定にアクセス",
            &["http://10.0.0.1/設定にアクセス"],
        ),
        ("http://192.168.0.1/", &["http://192.168.0.1/"]),
        // A host of one label is a name: Han with kana or Hangul is one
        // script there.
        ("http://社内ポータル/ を開く", &["http://社内ポータル/"]),
        ("https://例え。テスト", &["https://例え"]),
        ("http://사내망/", &["http://사내망/"]),
        // One script, digits and marks with any: the host stays whole.
        ("https://bücher.de/", &["https://bücher.de/"]),
        (
            "https://example.vermögensberater/",
            &["https://example.vermögensberater/"],
        ),
        ("https://ตัวอย่าง.ไทย/ข่าว", &["https://ตัวอย่าง.ไทย/ข่าว"]),
        ("https://उदाहरण.भारत/लेख", &["https://उदाहरण.भारत/लेख"]),
        ("https://例え.jp2/", &["https://例え.jp2/"]),
        // Only the last label: a second-level label may mix (Japanese).
        ("https://ソニーstore.jp/", &["https://ソニーstore.jp/"]),
        // Text in the top-level label's own script belongs to the IRI
        // (section 7.3).
        ("https://例え.中国了解", &["https://例え.中国了解"]),
    ]);
}

/// Ellipses and table frames, and HTML's escapes of delimiters, are the
/// text's.
#[test]
fn frames_ellipses_and_escaped_delimiters_end_an_iri() {
    finds(&[
        (
            "詳情見 https://example.tw/news/123⋯⋯",
            &["https://example.tw/news/123"][..],
        ),
        ("https://example.jp/a・・・", &["https://example.jp/a"]),
        ("https://example.jp/a･･･!", &["https://example.jp/a"]),
        (
            "https://ja.wikipedia.org/wiki/ジョン・レノン・",
            &["https://ja.wikipedia.org/wiki/ジョン・レノン・"],
        ),
        ("║https://example.com/a║", &["https://example.com/a"]),
        ("│https://example.com/a│b", &["https://example.com/a"]),
        ("┃ https://example.com/a┃", &["https://example.com/a"]),
        ("&lt;https://example.com/a&gt;", &["https://example.com/a"]),
        (
            "&quot;https://example.com/a&quot;",
            &["https://example.com/a"],
        ),
        (
            "https://example.com/a&nbsp;more",
            &["https://example.com/a"],
        ),
        ("https://example.com/a&#62;", &["https://example.com/a"]),
        (
            "https://example.com/?a=1&GT;",
            &["https://example.com/?a=1"],
        ),
        // Other references and `&` in a query stay.
        (
            "https://example.com/?a=1&amp;b=2",
            &["https://example.com/?a=1&amp;b=2"],
        ),
        (
            "https://example.com/?lt=1&gt=2",
            &["https://example.com/?lt=1&gt=2"],
        ),
    ]);
}

/// Symbols, notes, quotes of code and brackets left open around an IRI
/// are the text's; those of titles stay.
#[test]
fn notes_symbols_and_code_quotes_are_the_text_s() {
    finds(&[
        // Arrows, bullets, circled numbers, reference marks.
        ("https://example.jp/a←ここ", &["https://example.jp/a"][..]),
        (
            "http://example.com/a→https://example.com/b",
            &["http://example.com/a", "https://example.com/b"],
        ),
        (
            "•https://example.org/a•https://example.org/b",
            &["https://example.org/a", "https://example.org/b"],
        ),
        (
            "https://example.jp/a②https://example.jp/b",
            &["https://example.jp/a", "https://example.jp/b"],
        ),
        ("https://example.jp/a※1", &["https://example.jp/a"]),
        ("See https://example.org/a†", &["https://example.org/a"]),
        // Symbols after an ASCII word at the end; titles keep theirs.
        (
            "ブログ更新→https://ameblo.jp/user/entry-123.html♪",
            &["https://ameblo.jp/user/entry-123.html"],
        ),
        (
            "https://example.jp/?id=1♡ またね",
            &["https://example.jp/?id=1"],
        ),
        ("https://example.jp/a!★★", &["https://example.jp/a"]),
        (
            "https://ja.wikipedia.org/wiki/ゆるキャン△ を見た",
            &["https://ja.wikipedia.org/wiki/ゆるキャン△"],
        ),
        (
            "https://example.org/wiki/★",
            &["https://example.org/wiki/★"],
        ),
        // Footnote markers after the punctuation; `²` of a title stays.
        ("See https://example.org/a.¹", &["https://example.org/a"]),
        (
            "See https://example.org/a,⁽²⁾ and",
            &["https://example.org/a"],
        ),
        (
            "https://en.wikipedia.org/wiki/E=mc²",
            &["https://en.wikipedia.org/wiki/E=mc²"],
        ),
        // The wave dash that draws a word out.
        ("快来看https://b23.tv/AbCdEf～", &["https://b23.tv/AbCdEf"]),
        ("見てねhttps://example.jp/a〜", &["https://example.jp/a"]),
        // Single quotes of code close at the next `'` outside a word.
        (
            "['https://a.example/x','https://b.example/y']",
            &["https://a.example/x", "https://b.example/y"],
        ),
        ("x='https://a.example/x';y=1", &["https://a.example/x"]),
        ("'https://a.example/x'で", &["https://a.example/x"]),
        (
            "'https://en.wikipedia.org/wiki/Ender's_Game'",
            &["https://en.wikipedia.org/wiki/Ender's_Game"],
        ),
        // A bracket left open where the IRI ends is the text's.
        (
            "https://open.kakao.com/o/sAbCdEf(비번 1234)",
            &["https://open.kakao.com/o/sAbCdEf"],
        ),
        ("https://example.org/a(^^)", &["https://example.org/a"]),
        (
            "see https://example.org/a( more",
            &["https://example.org/a"],
        ),
        (
            "(see https://en.wikipedia.org/wiki/Rust_(language))",
            &["https://en.wikipedia.org/wiki/Rust_(language)"],
        ),
        // More escapes of HTML.
        (
            "&#x27;https://example.com/a&#x27;",
            &["https://example.com/a"],
        ),
        ("https://example.com/a&hellip;", &["https://example.com/a"]),
        (
            "&ldquo;https://example.com/a&rdquo;",
            &["https://example.com/a"],
        ),
        (
            "https://example.com/wiki/Ender&#39;s_Game",
            &["https://example.com/wiki/Ender&#39;s_Game"],
        ),
    ]);
}

/// Hosts of the other schemes whose hosts are domain names end as
/// `http`'s do; `tel:`, `sms:` and `geo:` IRIs are US-ASCII.
#[test]
fn other_schemes_hosts_and_ascii_schemes() {
    finds(&[
        ("ssh://git@github.comに接続", &["ssh://git@github.com"][..]),
        (
            "sftp://example.com,ftp://example.org",
            &["sftp://example.com", "ftp://example.org"],
        ),
        ("irc://irc.libera.chat에서", &["irc://irc.libera.chat"]),
        ("tel:03-1234-5678まで", &["tel:03-1234-5678"]),
        ("tel:+82-2-123-4567로 전화", &["tel:+82-2-123-4567"]),
        ("geo:35.68,139.76付近", &["geo:35.68,139.76"]),
        ("sms:+15105550101?body=hi", &["sms:+15105550101?body=hi"]),
    ]);
}

#[test]
fn clause_dashes_and_unpaired_brackets_end_an_iri() {
    finds(&[
        (
            "Read https://example.org/path—it is good.",
            &["https://example.org/path"][..],
        ),
        (
            "Read https://example.org/path—and https://example.org/b—too",
            &["https://example.org/path", "https://example.org/b"],
        ),
        (
            "中文——https://example.cn/路径——好",
            &["https://example.cn/路径"],
        ),
        // The en dash of titles and ranges stays.
        (
            "See https://en.wikipedia.org/wiki/Mexican–American_War now.",
            &["https://en.wikipedia.org/wiki/Mexican–American_War"],
        ),
        // Arabic quotes with the ornate parentheses.
        ("قال ﴿https://مثال.مصر/صفحة﴾ ثم", &["https://مثال.مصر/صفحة"]),
        (
            "\u{FE35}https://example.jp/a\u{FE36}",
            &["https://example.jp/a"],
        ),
    ]);
}

#[test]
fn an_emoji_after_a_word_is_the_text_s() {
    finds(&[
        (
            "https://youtu.be/dQw4w9WgXcQ😂😂",
            &["https://youtu.be/dQw4w9WgXcQ"][..],
        ),
        (
            "look https://example.org/a👍 nice",
            &["https://example.org/a"],
        ),
        ("https://example.org/a❤️ love", &["https://example.org/a"]),
        ("https://例え.jp/新着👍です", &["https://例え.jp/新着"]),
        (
            "https://example.org/q?x=1🔥",
            &["https://example.org/q?x=1"],
        ),
        (
            "https://example.org/a#top✨",
            &["https://example.org/a#top"],
        ),
        ("https://example.org/é🇫🇷", &["https://example.org/é"]),
        ("mailto:a@example.org👍", &["mailto:a@example.org"]),
        // After the address's punctuation too, which is then trailing.
        (
            "https://en.wikipedia.org/wiki/Rust_(language)👍",
            &["https://en.wikipedia.org/wiki/Rust_(language)"],
        ),
        ("wow https://example.org/a!😀", &["https://example.org/a"]),
        (
            "https://example.org/a.html.😂😂",
            &["https://example.org/a.html"],
        ),
        // Emoji that name a segment or a value: after a delimiter or
        // another emoji.
        (
            "https://en.wikipedia.org/wiki/😂",
            &["https://en.wikipedia.org/wiki/😂"],
        ),
        (
            "https://example.org/I_❤️_NY",
            &["https://example.org/I_❤️_NY"],
        ),
        ("https://example.org/❤️😂", &["https://example.org/❤️😂"]),
        (
            "https://example.org/👨\u{200D}👩\u{200D}👧",
            &["https://example.org/👨\u{200D}👩\u{200D}👧"],
        ),
        ("https://example.org/👍🏽", &["https://example.org/👍🏽"]),
        (
            "https://example.org/?mood=🙂",
            &["https://example.org/?mood=🙂"],
        ),
        ("https://example.org/a#🙂", &["https://example.org/a#🙂"]),
        // Symbols that are not emoji stand inside titles.
        (
            "https://ja.wikipedia.org/wiki/らき☆すた",
            &["https://ja.wikipedia.org/wiki/らき☆すた"],
        ),
        (
            "https://ja.wikipedia.org/wiki/HUNTER×HUNTER",
            &["https://ja.wikipedia.org/wiki/HUNTER×HUNTER"],
        ),
        (
            "https://ja.wikipedia.org/wiki/ゆるキャン△",
            &["https://ja.wikipedia.org/wiki/ゆるキャン△"],
        ),
        // Hosts: labels before the last keep them.
        (
            "https://i❤.ws/ and https://😀.ws",
            &["https://i❤.ws/", "https://😀.ws"],
        ),
        // Between delimiters the IRI is taken as it is.
        ("<https://example.org/a👍>", &["https://example.org/a👍"]),
    ]);
}

#[test]
fn an_iri_written_on_right_after_another_starts_a_new_one() {
    finds(&[
        // Lists without spaces, as configuration files write them.
        (
            "https://a.example/x,https://b.example/y",
            &["https://a.example/x", "https://b.example/y"][..],
        ),
        (
            "https://a.example/x;https://b.example/y;",
            &["https://a.example/x", "https://b.example/y"],
        ),
        (
            "https://a.example/x|https://b.example/y",
            &["https://a.example/x", "https://b.example/y"],
        ),
        // A word between them, in text written without spaces: the
        // word is text.
        (
            "请看https://例子.cn/a和https://例子.cn/b。",
            &["https://例子.cn/a", "https://例子.cn/b"],
        ),
        (
            "見てhttps://例え.jp/aとhttps://例え.jp/b",
            &["https://例え.jp/a", "https://例え.jp/b"],
        ),
        (
            "리뷰는https://example.kr/a에서https://example.kr/b로",
            &["https://example.kr/a", "https://example.kr/b"],
        ),
        (
            "ดูที่https://example.th/aและhttps://example.th/b",
            &["https://example.th/a", "https://example.th/b"],
        ),
        (
            "https://例え.jp/資料とhttps://例え.jp/b",
            &["https://例え.jp/資料", "https://例え.jp/b"],
        ),
        // A word that is the whole segment stays: nothing tells it from
        // the path.
        (
            "https://例え.jp/記事https://例え.jp/b",
            &["https://例え.jp/記事", "https://例え.jp/b"],
        ),
        // After a delimiter, an IRI is a segment or a value of the first.
        (
            "http://web.archive.org/web/2020/https://example.com/x",
            &["http://web.archive.org/web/2020/https://example.com/x"],
        ),
        (
            "https://r.example/?url=https://a.example/&b=1",
            &["https://r.example/?url=https://a.example/&b=1"],
        ),
        (
            "https://proxy.example/?https://a.example/",
            &["https://proxy.example/?https://a.example/"],
        ),
        (
            "https://example.org/wiki/Mailto:https://x",
            &["https://example.org/wiki/Mailto:https://x"],
        ),
        // A scheme continuing a word of ASCII letters is no scheme.
        (
            "https://a.example/redirecthttps://b.example/",
            &["https://a.example/redirecthttps://b.example/"],
        ),
        // Schemes written `name:` (without `//`) are often values.
        (
            "https://a.example/id,urn:isbn:123",
            &["https://a.example/id,urn:isbn:123"],
        ),
    ]);
}
