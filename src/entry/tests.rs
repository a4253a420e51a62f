use super::*;
use alloc::format;
use alloc::string::ToString;

fn cleaned(input: &str) -> String {
    match clean(input) {
        Ok(c) => c.into_iri().into_inner(),
        Err(e) => panic!("{input:?}: {e}"),
    }
}

fn changes(input: &str) -> Vec<(ChangeKind, Range<usize>, String, String)> {
    clean(input)
        .unwrap()
        .changes()
        .iter()
        .map(|c| (c.kind, c.range.clone(), c.before.clone(), c.after.clone()))
        .collect()
}

#[test]
fn a_clean_input_is_unchanged() {
    for input in [
        "http://例え.jp/引き出し?q#f",
        "../a",
        "//h/p?x",
        "mailto:a@b",
    ] {
        let result = clean(input).unwrap();
        assert_eq!(result.iri(), input);
        assert!(result.changes().is_empty(), "{input}");
    }
}

#[test]
fn wrappers_and_white_space() {
    assert_eq!(cleaned("  http://a/  "), "http://a/");
    assert_eq!(cleaned("<http://a/>"), "http://a/");
    assert_eq!(cleaned("\"http://a/\""), "http://a/");
    assert_eq!(cleaned("<URL:http://a/>"), "http://a/");
    assert_eq!(cleaned("url: http://a/"), "http://a/");
    assert_eq!(cleaned("\u{3000}\"<http://a/>\"\t"), "http://a/");
    assert_eq!(
        changes("<URL:x>"),
        [
            (ChangeKind::Unwrapped, 0..5, "<URL:".into(), "".into()),
            (ChangeKind::Unwrapped, 6..7, ">".into(), "".into()),
        ]
    );
    // A wrapper character inside is data: encoded in a path, and not
    // convertible in a scheme.
    assert_eq!(cleaned("http://a/<b"), "http://a/%3Cb");
    assert_eq!(clean("^http://a/").unwrap_err().unconvertible(), [(0, '^')]);
}

#[test]
fn markdown_marks_and_labels_as_scripts_write_them() {
    // Markdown's emphasis, code and strike-through around an IRI with a
    // scheme.
    for input in [
        "*http://a/b*",
        "**http://a/b**",
        "_http://a/b_",
        "__http://a/b__",
        "`http://a/b`",
        "~~http://a/b~~",
    ] {
        assert_eq!(cleaned(input), "http://a/b", "{input}");
        assert!(
            changes(input)
                .iter()
                .all(|(kind, ..)| *kind == ChangeKind::Unwrapped),
            "{input}"
        );
    }
    // `URL:` before them is Appendix C's prefix, as before a quoted IRI.
    assert_eq!(cleaned("URL:*http://a/b*"), "http://a/b");
    assert_eq!(cleaned("URL:(http://a/b"), "http://a/b");
    // Not without a scheme inside, and not at one end only.
    assert_eq!(cleaned("_a_"), "_a_");
    assert_eq!(cleaned("http://a/b_"), "http://a/b_");
    // French spaces inside guillemets; a label that cannot be a scheme
    // needs no space after it (Japanese, Chinese, Russian); one that can
    // does (`Link:https://a/b` is an IRI of the `link` scheme).
    assert_eq!(cleaned("Lien : « http://a/b »"), "http://a/b");
    assert_eq!(cleaned("リンク：「http://a/b」"), "http://a/b");
    assert_eq!(cleaned("链接：http://a/b"), "http://a/b");
    assert_eq!(cleaned("リンク：https://例え.jp/"), "https://例え.jp/");
    assert_eq!(cleaned("Ссылка:http://a/b"), "http://a/b");
    assert_eq!(cleaned("Link:http://a/b"), "Link:http://a/b");
}

#[test]
fn list_and_quotation_markers_go() {
    for (input, marker) in [
        ("• http://a/b", "• "),
        ("→ http://a/b", "→ "),
        ("1. http://a/b", "1. "),
        ("(1) http://a/b", "(1) "),
        ("① http://a/b", "① "),
        ("> http://a/b", "> "),
        (">>\thttp://a/b", ">>\t"),
        ("-\u{3000}http://a/b", "-\u{3000}"),
        ("※ 「http://a/b」", "※ "),
        // Marks that need no space after them.
        ("※http://a/b", "※"),
        ("①http://a/b", "①"),
        ("▶http://a/b", "▶"),
        ("★★http://a/b", "★★"),
        ("•http://a/b", "•"),
    ] {
        assert_eq!(
            changes(input)[0],
            (ChangeKind::Label, 0..marker.len(), marker.into(), "".into()),
            "{input}"
        );
        assert_eq!(cleaned(input), "http://a/b", "{input}");
    }
    // Through a label and half a wrapper.
    assert_eq!(cleaned("Link: (http://a/b"), "http://a/b");
    // A letter is not a marker (`a)` may be a scheme's typo), nor more
    // than eight characters, nor a space that a relative path holds.
    assert!(clean("a) http://a/b").is_err());
    assert!(clean("123456789 http://a/b").is_err());
    // Without a space, digits, ASCII and its full-width forms are no
    // marks: `1.http://a/b` may be a typo of anything.
    assert!(clean("1.http://a/b").is_err());
    assert!(clean("-http://a/b").is_err());
    assert!(clean("\u{FF1E}http://a/b").is_err());
    assert_eq!(cleaned("./\u{A0}http://a/b"), "./%C2%A0http://a/b");
}

#[test]
fn half_a_wrapper_goes() {
    // The other half stayed in the text the IRI was copied from: an
    // opening one before the scheme, which no scheme holds (section 7.2:
    // "eliminating characters that cannot be converted") ...
    for (input, open) in [
        ("<http://a/b", "<"),
        ("\"http://a/b", "\""),
        ("'http://a/b", "'"),
        ("(http://a/b", "("),
        ("「http://a/b", "「"),
        ("（http://a/b", "（"),
        ("“http://a/b", "“"),
        ("«http://a/b", "«"),
        ("【http://a/b", "【"),
        ("＜http://a/b", "＜"),
    ] {
        let len = open.len();
        assert_eq!(
            changes(input),
            [(ChangeKind::Unwrapped, 0..len, open.into(), "".into())],
            "{input}"
        );
        assert_eq!(cleaned(input), "http://a/b", "{input}");
    }
    // ... or a closing one that no IRI holds at the end, that nothing in
    // the IRI opens.
    for (input, close) in [
        ("http://a/b>", ">"),
        ("http://a/b\"", "\""),
        ("http://a/b＞", "＞"),
        ("http://a/b_(c)>", ">"),
    ] {
        let start = input.len() - close.len();
        assert_eq!(
            changes(input),
            [(
                ChangeKind::Unwrapped,
                start..input.len(),
                close.into(),
                "".into()
            )],
            "{input}"
        );
    }
    assert_eq!(cleaned("(http://a/b>"), "http://a/b");
    // With its other half after the IRI, the text goes on past the
    // wrapper: not one IRI, an error as before.
    assert!(clean("『http://a/b』です").is_err());
    assert!(clean("(http://a/b) and more").is_err());
    // Any quotation mark closes one, as around a whole text (`„…“`).
    assert!(clean("「http://a/b\"です").is_err());
    assert!(clean("„http://a/b“ und mehr").is_err());
    // What a valid IRI holds stays, closing brackets and quotes too.
    for input in [
        "http://a/b_(c)",
        "http://a/b)",
        "http://a/b」",
        "http://a/b”",
        "http://a/Rock_’n’",
        "http://a/b'",
        // No scheme: nothing says where the IRI starts.
        "a/b>",
        "www.example.com/b\"",
    ] {
        assert!(
            !changes(input)
                .iter()
                .any(|(kind, ..)| *kind == ChangeKind::Unwrapped),
            "{input}"
        );
    }
}

#[test]
fn line_breaks_and_the_blanks_around_them_go() {
    assert_eq!(cleaned("<http://a/b-\n  c>"), "http://a/b-c");
    assert_eq!(
        changes("http://a/b \r\n c"),
        [(ChangeKind::LineBreak, 10..14, " \r\n ".into(), "".into())]
    );
}

#[test]
fn width_is_mapped_in_the_block_only() {
    assert_eq!(cleaned("ｈｔｔｐ：／／ａ．ｊｐ／"), "http://a.jp/");
    assert_eq!(cleaned("http://a/ﾃｽﾄ"), "http://a/テスト");
    // A voiced sound mark composes with its letter.
    assert_eq!(cleaned("http://a/ｶﾞ"), "http://a/ガ");
    assert_eq!(
        changes("http://a/ｶﾞ"),
        [(ChangeKind::Width, 9..15, "ｶﾞ".into(), "ガ".into())]
    );
    // Outside the block NFKC is not applied: ﬁ and ² stay.
    assert_eq!(cleaned("http://a/ﬁ²"), "http://a/ﬁ²");
}

#[test]
fn nfc_changes_are_narrowed() {
    assert_eq!(cleaned("http://a/re\u{301}sume\u{301}"), "http://a/résumé");
    assert_eq!(
        changes("http://a/Vie\u{302}\u{323}t"),
        [(
            ChangeKind::Nfc,
            11..16,
            "e\u{302}\u{323}".into(),
            "\u{1EC7}".into()
        )]
    );
}

#[test]
fn what_the_grammar_rejects_is_encoded() {
    for (input, output) in [
        ("http://a/my file.html", "http://a/my%20file.html"),
        ("http://a/{x}|^`\\", "http://a/%7Bx%7D%7C%5E%60%5C"),
        ("http://a/100%", "http://a/100%25"),
        ("http://a/%4g", "http://a/%254g"),
        ("http://a/%41", "http://a/%41"),
        ("http://a/\u{202E}x", "http://a/%E2%80%AEx"),
        ("http://a/\u{2066}x", "http://a/%E2%81%A6x"),
        ("http://a/\u{FDD0}", "http://a/%EF%B7%90"),
        (
            "http://a/\u{E000}?\u{E000}#\u{E000}",
            "http://a/%EE%80%80?\u{E000}#%EE%80%80",
        ),
        ("http://a/[x]?[y]", "http://a/%5Bx%5D?%5By%5D"),
        ("http://[::1]/", "http://[::1]/"),
        ("http://a/#b#c", "http://a/#b%23c"),
        ("a\u{7}b", "a%07b"),
        // White space the grammar allows, pasted where a space was.
        ("http://a/Foo\u{A0}Bar", "http://a/Foo%C2%A0Bar"),
        (
            "http://a/1\u{202F}000?q=a\u{2009}b",
            "http://a/1%E2%80%AF000?q=a%E2%80%89b",
        ),
        ("http://a/x#\u{2003}y", "http://a/x#%E2%80%83y"),
    ] {
        assert_eq!(cleaned(input), output, "{input:?}");
    }
    // Encoded characters a few bytes apart are one change.
    assert_eq!(
        changes("http://a/ x  y"),
        [(
            ChangeKind::PercentEncoded,
            9..13,
            " x  ".into(),
            "%20x%20%20".into()
        )]
    );
}

#[test]
fn a_url_prefix_broken_by_line_breaks_is_a_wrapper() {
    // The line breaks would join `ur` and `l:` into a scheme that a
    // second cleaning strips.
    assert_eq!(cleaned("ur\n\n\nl:\n\0"), "%00");
    assert_eq!(cleaned("<UR\n L:http://a/>"), "http://a/");
    // Outside angle brackets, `url:` before an IRI with a scheme is the
    // prefix too, read through the line break.
    assert_eq!(cleaned("UR\n L:http://a/"), "http://a/");
    // Before a reference with no scheme it is a scheme: the line break
    // goes, the prefix stays.
    assert_eq!(cleaned("UR\n L:a/b"), "URL:a/b");
    assert_eq!(cleaned(&cleaned("UR\n L:a/b")), "URL:a/b");
    // Not at the start of a blank run: `u r` stays as text.
    assert_eq!(cleaned("url x"), "url%20x");
}

/// Each input cleans to its result, and the result cleans to itself.
fn cleans_to(cases: &[(&str, &str)]) {
    for &(input, want) in cases {
        assert_eq!(cleaned(input), want, "{input:?}");
        assert_eq!(cleaned(want), want, "{input:?} cleaned again");
    }
}

#[test]
fn punctuation_after_a_wrapper_reads_through_line_breaks() {
    cleans_to(&[
        // Step 2 would join `(x)` and `!` into `(x)!`, which a second
        // cleaning unwraps.
        ("(\u{FFFD})\n!", "%EF%BF%BD"),
        ("“http://a/” \r\n\t,\n.", "http://a/"),
        ("「http://例え/」\n。", "http://例え/"),
        ("<(x).\n!>", "x"),
        // A blank without a line break is data: the wrapper stays and
        // the space is encoded.
        ("(x) !", "(x)%20!"),
        // Line breaks with no punctuation after them are not a suffix.
        ("(x)\ny", "(x)y"),
    ]);
}

#[test]
fn wrappers_are_read_as_the_width_and_nfc_steps_make_them() {
    cleans_to(&[
        // Step 3 makes `(）` a pair, so step 1 takes it as one.
        ("(http://a/）", "http://a/"),
        ("（http://a/)", "http://a/"),
        ("＜http://a/>", "http://a/"),
        ("｢http://a/」", "http://a/"),
        ("<http://a/>．", "http://a/"),
        // U+2329 is `〈` in NFC.
        ("\u{2329}http://a/〉", "http://a/"),
        // A full-width apostrophe is the apostrophe, which IRIs hold.
        ("＇x＇", "'x'"),
        // A full-width `URL:` is Appendix C's prefix too.
        ("<ＵＲＬ：http://a/>", "http://a/"),
        ("ｕｒｌ：\u{3000}http://a/", "http://a/"),
    ]);
    assert!(clean("(）").is_err());
}

#[test]
fn an_iri_of_the_url_scheme_is_not_unwrapped() {
    for input in [
        "url:x",
        "url:/a",
        "url:a/b:c",
        "url://a/",
        "url:?q",
        "url:%41:b",
    ] {
        let result = clean(input).unwrap();
        assert_eq!(result.iri(), input);
        assert!(result.changes().is_empty(), "{input}");
    }
    // Inside angle brackets it is Appendix C's prefix.
    assert_eq!(cleaned("<url:x>"), "x");
    assert_eq!(cleaned("<URL:url:x>"), "url:x");
    // Before an IRI with a scheme it is the prefix: `url:url:x` is
    // `url:x`, an IRI of the `url` scheme.
    assert_eq!(cleaned("url:url:x"), "url:x");
    // With white space after it, no IRI could hold it.
    assert_eq!(cleaned("URL: http://a/"), "http://a/");
    assert_eq!(cleaned("URL:\u{3000}http://a/"), "http://a/");
    // A no-break space is `ucschar`: `url:\u{A0}x` is an IRI, not the
    // prefix; right after the scheme's colon its white space goes.
    assert_eq!(cleaned("url:\u{A0}\u{A0}2"), "url:2");
    assert_eq!(cleaned("url:x\u{A0}2"), "url:x%C2%A02");
    // `url:` alone is an IRI too (scheme, empty path).
    assert_eq!(cleaned("url:"), "url:");
}

#[test]
fn wrappers_of_every_script() {
    for input in [
        "＜http://例え.jp/＞",
        "「http://例え.jp/」",
        "『http://例え.jp/』",
        "“http://例え.jp/”",
        "‘http://例え.jp/’",
        "„http://例え.jp/“",
        "«http://例え.jp/»",
        "»http://例え.jp/«",
        "‹http://例え.jp/›",
        "\u{5F4}http://例え.jp/\u{5F4}",
        "(http://例え.jp/)",
        "（http://例え.jp/）",
        "【http://例え.jp/】",
        "《http://例え.jp/》",
        "〈http://例え.jp/〉",
        "[http://例え.jp/]",
        "＂http://例え.jp/＂",
        " «\u{A0}http://例え.jp/\u{A0}» ",
        "<http://例え.jp/>.",
        "「http://例え.jp/」。",
        "“http://例え.jp/”,",
        "(http://例え.jp/)!?",
        "<http://例え.jp/>، ",
        "<http://例え.jp/>।",
    ] {
        assert_eq!(cleaned(input), "http://例え.jp/", "{input:?}");
    }
    // A bracket inside stays when the outer pair encloses it.
    assert_eq!(cleaned("(http://a/b_(c))"), "http://a/b_(c)");
    // Brackets that do not enclose the whole text are not a wrapper,
    // corner brackets (also quotation marks) too: two quoted IRIs.
    assert_eq!(cleaned("(a)b(c)"), "(a)b(c)");
    assert!(clean("「http://a/」と「http://b/」").is_err());
    assert_eq!(cleaned("http://a/(b)"), "http://a/(b)");
    // Punctuation without a wrapper before it is data (a valid path).
    assert_eq!(cleaned("http://a/b."), "http://a/b.");
    // The ASCII apostrophe is a sub-delimiter, a quotation mark only
    // around an IRI with a scheme, where no IRI holds one.
    for (input, want) in [
        ("'a'", "'a'"),
        ("'a/b'", "'a/b'"),
        ("http://a/'b'", "http://a/'b'"),
        ("'https://example.com/a'", "https://example.com/a"),
        ("'http://例え.jp/it's'", "http://例え.jp/it's"),
        ("'mailto:a@example.com'.", "mailto:a@example.com"),
        (" 'urn:isbn:0451450523' ", "urn:isbn:0451450523"),
        ("＇https://例え.jp/＇", "https://例え.jp/"),
        ("\"'https://a/'\"", "https://a/"),
    ] {
        assert_eq!(cleaned(input), want, "{input:?}");
        assert_eq!(cleaned(want), want, "{input:?} cleaned again");
    }
}

#[test]
fn the_ideographic_space_is_white_space() {
    assert_eq!(cleaned("\u{3000}http://a/\u{3000}"), "http://a/");
    assert_eq!(cleaned("http://a/my\u{3000}file"), "http://a/my%20file");
}

#[test]
fn an_ideographic_full_stop_in_a_host_is_a_label_separator() {
    assert_eq!(cleaned("http://例え。テスト/"), "http://例え.テスト/");
    assert_eq!(cleaned("http://例え．テスト/"), "http://例え.テスト/");
    assert_eq!(cleaned("http://例え｡テスト/"), "http://例え.テスト/");
    assert_eq!(
        cleaned("http://u。v@例え。jp:80/"),
        "http://u。v@例え.jp:80/"
    );
    // Elsewhere it is a character like any other.
    assert_eq!(cleaned("http://a/。"), "http://a/。");
    assert_eq!(
        changes("http://例え。jp/"),
        [(ChangeKind::LabelSeparator, 13..16, "。".into(), ".".into())]
    );
}

#[test]
fn errors_name_the_character_as_typed() {
    let error = clean("＾http://a/").unwrap_err();
    assert_eq!(error.unconvertible(), [(0, '＾')]);
    assert!(
        error.to_string().contains("'＾' (U+FF3E) at byte 0"),
        "{error}"
    );
    let error = clean("ｈｔ＜ｔｐ://a/").unwrap_err();
    assert_eq!(error.unconvertible(), [(6, '＜')]);
    // A port that is not a number: the grammar stops at the `/`.
    let error = clean("http://a:８o/").unwrap_err();
    assert_eq!(error.offset(), 13);
    assert!(
        error.to_string().starts_with("'/' (U+002F) at byte 13"),
        "{error}"
    );
    let error = clean("http://[::1＞]/").unwrap_err();
    assert!(
        error.to_string().starts_with("'＞' (U+FF1E) at byte 11"),
        "{error}"
    );
}

#[test]
fn blank_input_is_an_error() {
    for input in ["", " ", "\u{3000}\t", "<>", "「」", "< >", "\"\""] {
        let error = clean(input).unwrap_err();
        assert!(error.is_blank(), "{input:?}");
        assert!(error.to_string().contains("blank"), "{error}");
    }
}

#[test]
fn runs_of_one_change_are_one_change() {
    // Hostile shapes: one change per character would cost far more
    // memory than the input.
    let zeros = "a\0".repeat(1000);
    let result = clean(&zeros).unwrap();
    assert!(
        result.changes().len() <= 2 * zeros.len() / MERGE_GAP,
        "{}",
        result.changes().len()
    );
    let nested = format!("{}x{}", "<".repeat(MAX_WRAPPERS), ">".repeat(MAX_WRAPPERS));
    let result = clean(&nested).unwrap();
    assert_eq!(result.iri(), "x");
    assert_eq!(result.changes().len(), 2);
    // Past the limit, an error (kept, they would make a result that
    // a second cleaning changes).
    let deeper = format!("({nested})");
    let error = clean(&deeper).unwrap_err();
    assert!(error.is_too_deeply_wrapped());
    assert_eq!(error.offset(), MAX_WRAPPERS);
    assert!(!error.is_blank());
    let wide = "http://a/".to_string() + &"ａb".repeat(1000);
    assert_eq!(clean(&wide).unwrap().changes().len(), 1);
    let breaks = "a\nb".repeat(1000);
    assert_eq!(clean(&breaks).unwrap().changes().len(), 1);
    let marks = "http://a/".to_string() + &"e\u{301}a".repeat(1000);
    assert_eq!(clean(&marks).unwrap().changes().len(), 1);
    // Far apart, changes stay apart.
    let apart = format!("http://a/ {} ", "x".repeat(MERGE_GAP + 1));
    assert_eq!(clean(&apart).unwrap().changes().len(), 2);
}

#[test]
fn a_line_break_before_a_combining_mark_is_normalized_across() {
    // The line break goes, and `z` + U+0341 (NFC: U+0301) compose.
    assert_eq!(cleaned("http://a/z\n\u{341}"), "http://a/\u{17A}");
    assert_eq!(cleaned(&cleaned("http://a/z\n\u{341}")), "http://a/\u{17A}");
}

#[test]
fn a_combining_mark_after_an_encoded_character_is_encoded_too() {
    // `^` becomes `%5E`; U+030F after it would compose with the `E`
    // (NFC: U+0204), so the result would change when cleaned again.
    assert_eq!(cleaned("a^\u{30F}"), "a%5E%CC%8F");
    assert_eq!(cleaned(&cleaned("a^\u{30F}")), "a%5E%CC%8F");
    // After a kept character the mark stays (NFC has composed it).
    assert_eq!(cleaned("ae\u{301}"), "a\u{E9}");
}

#[test]
fn what_cannot_be_converted_is_an_error_at_its_place() {
    let error = clean("  ht tp://a/").unwrap_err();
    assert_eq!(error.offset(), 4);
    assert_eq!(error.unconvertible(), [(4, ' ')]);
    assert!(error.syntax().is_none());
    assert_eq!(error.changes()[0].kind, ChangeKind::Trimmed);
    let error = clean("h t%p:x").unwrap_err();
    assert_eq!(error.unconvertible(), [(1, ' '), (3, '%')]);
    assert!(error.to_string().contains("(2 such characters)"), "{error}");
    // A bad port: percent-encoding does not help. (`a:8o` could still
    // be a userinfo until the `/`, where the grammar stops.)
    let error = clean("http://a:8o/ x").unwrap_err();
    assert_eq!(error.offset(), 11);
    assert!(error.syntax().is_some());
    let error = clean("http://[::1 x]/").unwrap_err();
    assert_eq!(error.offset(), 11);
    assert!(error.is_white_space_in_authority());
}

#[test]
fn bidi_marks_and_invisible_characters_around_the_text_go() {
    cleans_to(&[
        // Copied out of right-to-left text with the marks around it.
        (
            "https://ar.wikipedia.org/wiki/مصر\u{200F}",
            "https://ar.wikipedia.org/wiki/مصر",
        ),
        (
            "\u{200F}https://he.wikipedia.org/wiki/ישראל\u{200E}",
            "https://he.wikipedia.org/wiki/ישראל",
        ),
        (
            "\u{2067}https://مثال.مصر/صفحة\u{2069}",
            "https://مثال.مصر/صفحة",
        ),
        (
            "\u{200F}«https://a.example/b»\u{200F}.",
            "https://a.example/b",
        ),
        (
            "\u{202B} <https://a.example/> \u{202C}",
            "https://a.example/",
        ),
        // A byte order mark, zero-width spaces and word joiners.
        ("\u{FEFF}http://a.example/", "http://a.example/"),
        (
            "\u{200B}http://a.example/\u{200B}\u{2060}",
            "http://a.example/",
        ),
        // Inside, bidi formatting characters are data, percent-encoded
        // as section 4.1 asks; the marks of where a line may break are
        // removed as line breaks are (a soft hyphen from a word
        // processor, a zero width space that let a long address wrap);
        // other invisible characters are encoded.
        (
            "http://a.example/x\u{200F}y",
            "http://a.example/x%E2%80%8Fy",
        ),
        ("http://a.example/x\u{200B}y", "http://a.example/xy"),
        (
            "https://exa\u{AD}mple.com/very\u{200B}long\u{2060}/path",
            "https://example.com/verylong/path",
        ),
        (
            "https://ja.wikipedia.org/wiki/東京\u{200B}タワー",
            "https://ja.wikipedia.org/wiki/東京タワー",
        ),
        (
            "http://a.example/x\u{2061}y",
            "http://a.example/x%E2%81%A1y",
        ),
        // The joiners stand inside words (emoji, Indic scripts): data.
        ("http://a.example/\u{200D}", "http://a.example/\u{200D}"),
        (
            "http://a.example/\u{915}\u{94D}\u{200D}\u{937}",
            "http://a.example/\u{915}\u{94D}\u{200D}\u{937}",
        ),
        // A removed mark that joins a letter and a combining mark: NFC.
        ("http://a.example/e\u{AD}\u{301}", "http://a.example/é"),
    ]);
    let changes = clean("https://exa\u{AD}mple.com/")
        .unwrap()
        .changes()
        .to_vec();
    assert_eq!(changes.len(), 1);
    assert_eq!(
        (changes[0].kind, changes[0].range.clone()),
        (ChangeKind::LineBreak, 11..13)
    );
    let error = clean("\u{200F}\u{FEFF}").unwrap_err();
    assert_eq!(error.changes()[0].kind, ChangeKind::Trimmed);
}

/// Each input cleans to its result, the changes of the given kinds, and
/// the result cleans to itself.
fn cleans_with(cases: &[(&str, &str, &[ChangeKind])]) {
    for &(input, want, kinds) in cases {
        let result = clean(input).unwrap_or_else(|e| panic!("{input:?}: {e}"));
        assert_eq!(result.iri(), want, "{input:?}");
        let got: Vec<ChangeKind> = result.changes().iter().map(|c| c.kind).collect();
        assert_eq!(got, kinds, "{input:?}: {:?}", result.changes());
        assert_eq!(cleaned(want), want, "{input:?} cleaned again");
    }
}

#[test]
fn a_url_prefix_before_an_iri_with_a_scheme_goes() {
    use ChangeKind::*;
    cleans_with(&[
        (
            "URL:https://example.com/a",
            "https://example.com/a",
            &[Unwrapped],
        ),
        (
            "url:https://example.com/a",
            "https://example.com/a",
            &[Unwrapped],
        ),
        ("Url:http://例え.jp/", "http://例え.jp/", &[Unwrapped]),
        (
            "URL：https://example.jp/a",
            "https://example.jp/a",
            &[Unwrapped],
        ),
        (
            "ＵＲＬ：https://example.jp/a",
            "https://example.jp/a",
            &[Unwrapped],
        ),
        (
            "\"URL:https://example.com/a\"",
            "https://example.com/a",
            &[Unwrapped, Unwrapped],
        ),
        (
            "「URL:https://例え.jp/」",
            "https://例え.jp/",
            &[Unwrapped, Unwrapped],
        ),
        (
            "URL:mailto:a@example.com",
            "mailto:a@example.com",
            &[Unwrapped],
        ),
        (
            "URL:urn:isbn:0451450523",
            "urn:isbn:0451450523",
            &[Unwrapped],
        ),
        ("URL:ｈｔｔｐ://a/", "http://a/", &[Unwrapped, Width]),
        (
            "URL:ftp://ftp.example.org/",
            "ftp://ftp.example.org/",
            &[Unwrapped],
        ),
        (
            "URL:“https://example.com/a”",
            "https://example.com/a",
            &[Unwrapped, Unwrapped],
        ),
        // Past what step 2 removes after the colon: otherwise the result
        // would be `URL:https://a/`, which a second cleaning strips.
        (
            "URL:\u{AD}\thttps://a/",
            "https://a/",
            &[Unwrapped, Trimmed],
        ),
        // Not before an IRI with a scheme: an IRI of the `url` scheme.
        ("URL:example.com/a", "URL:example.com/a", &[]),
        ("url://example.com/a", "url://example.com/a", &[]),
        ("url:/https://a/", "url:/https://a/", &[]),
    ]);
}

#[test]
fn a_label_before_an_iri_goes() {
    use ChangeKind::*;
    cleans_with(&[
        ("Link: https://example.com", "https://example.com", &[Label]),
        (
            "Website: https://example.com/a",
            "https://example.com/a",
            &[Label],
        ),
        (
            "URI: https://example.com/a",
            "https://example.com/a",
            &[Label],
        ),
        (
            "Homepage:\thttp://a.example/",
            "http://a.example/",
            &[Label],
        ),
        (
            "E-mail: mailto:alice@example.com",
            "mailto:alice@example.com",
            &[Label],
        ),
        (
            "Home page: https://example.com/",
            "https://example.com/",
            &[Label],
        ),
        (
            "Lien : https://exemple.fr/é",
            "https://exemple.fr/é",
            &[Label],
        ),
        (
            "Enlace:\u{A0}https://ejemplo.es/",
            "https://ejemplo.es/",
            &[Label],
        ),
        ("Ссылка: https://пример.рф/", "https://пример.рф/", &[Label]),
        (
            "リンク：\u{3000}https://例え.jp/",
            "https://例え.jp/",
            &[Label],
        ),
        ("链接： https://例子.中国/", "https://例子.中国/", &[Label]),
        ("رابط: https://مثال.مصر/", "https://مثال.مصر/", &[Label]),
        ("DOI: doi:10.1000/182", "doi:10.1000/182", &[Label]),
        (
            "Source:\nhttps://a.example/",
            "https://a.example/",
            &[Label],
        ),
        (
            "<Link: https://example.com/>",
            "https://example.com/",
            &[Unwrapped, Label, Unwrapped],
        ),
        // Before a wrapped IRI.
        (
            "Homepage: <https://example.com/a>",
            "https://example.com/a",
            &[Label, Unwrapped, Unwrapped],
        ),
        (
            "Web: 「https://例え.jp/」",
            "https://例え.jp/",
            &[Label, Unwrapped, Unwrapped],
        ),
        // A label and a `URL:` prefix.
        ("Link: URL:https://a/", "https://a/", &[Label, Unwrapped]),
    ]);
}

#[test]
fn what_is_not_a_label_stays() {
    for input in [
        "urn:isbn:0451450523",
        "mailto:alice@example.com",
        "tel:+1-201-555-0123",
        "news:comp.lang.rust",
        "https://example.com/a:b",
        "a:b:c",
        "http:x",
    ] {
        let result = clean(input).unwrap();
        assert_eq!(result.iri(), input);
        assert!(result.changes().is_empty(), "{input}");
    }
    // White space inside a path is data, not a label's.
    assert_eq!(cleaned("a:b c"), "a:b%20c");
    assert_eq!(cleaned("a:b c:d"), "a:b%20c:d");
    // A label needs its colon (a label that cannot be a scheme needs no
    // white space after it: `リンク：https://例え.jp/` is
    // `markdown_marks_and_labels_as_scripts_write_them`'s).
    assert!(clean("URL https://a/").is_err());
}

#[test]
fn every_line_break_goes_with_the_white_space_around_it() {
    use ChangeKind::*;
    for brk in [
        "\n", "\r\n", "\r", "\u{B}", "\u{C}", "\u{85}", "\u{2028}", "\u{2029}",
    ] {
        for (pre, post) in [
            ("", ""),
            (" ", "  "),
            ("\u{A0}", ""),
            ("\u{3000}", ""),
            ("", "\u{2003}\t"),
        ] {
            let input = format!("https://example.com/a{pre}{brk}{post}b");
            cleans_with(&[(&input, "https://example.com/ab", &[LineBreak])]);
        }
    }
    cleans_with(&[
        (
            "https://例え.jp/パス\u{2028}名",
            "https://例え.jp/パス名",
            &[LineBreak],
        ),
        (
            "https://ar.example/مسار\u{2029}طويل",
            "https://ar.example/مسارطويل",
            &[LineBreak],
        ),
        ("http://a/b\u{B}c\u{B}d", "http://a/bcd", &[LineBreak]),
        // A line break before a wrapper's punctuation, as with `\n`.
        (
            "“http://a/”\u{2028}.",
            "http://a/",
            &[Unwrapped, Unwrapped, Trimmed],
        ),
    ]);
    // White space with no line break is data, as before.
    assert_eq!(cleaned("http://a/b\u{A0}c"), "http://a/b%C2%A0c");
    assert_eq!(cleaned("http://a/b \u{3000}c"), "http://a/b%20%20c");
}

#[test]
fn white_space_and_invisible_characters_in_the_authority_go() {
    use ChangeKind::*;
    cleans_with(&[
        (
            "https://example. com/a",
            "https://example.com/a",
            &[StraySpace],
        ),
        (
            "https:// example.com/a",
            "https://example.com/a",
            &[StraySpace],
        ),
        (
            "https: //example.com/a",
            "https://example.com/a",
            &[StraySpace],
        ),
        (
            "https:/ /example.com/a",
            "https://example.com/a",
            &[StraySpace],
        ),
        (
            "https://example.com /a",
            "https://example.com/a",
            &[StraySpace],
        ),
        (
            "https://example.com:8080 /a",
            "https://example.com:8080/a",
            &[StraySpace],
        ),
        (
            "https://example.com : 8080/a",
            "https://example.com:8080/a",
            &[StraySpace],
        ),
        (
            "https://user @example.com/",
            "https://user@example.com/",
            &[StraySpace],
        ),
        ("http://[::1 ]/", "http://[::1]/", &[StraySpace]),
        (
            "https://例え 。jp/パス",
            "https://例え.jp/パス",
            &[StraySpace, LabelSeparator],
        ),
        (
            "https://пример.\u{A0}рф/",
            "https://пример.рф/",
            &[StraySpace],
        ),
        ("https://مثال. مصر/", "https://مثال.مصر/", &[StraySpace]),
        (
            "https://example.com\u{3000}/a",
            "https://example.com/a",
            &[StraySpace],
        ),
        (
            "mailto: alice@example.com",
            "mailto:alice@example.com",
            &[StraySpace],
        ),
        (
            "mailto:\u{3000}alice@example.com",
            "mailto:alice@example.com",
            &[StraySpace],
        ),
        ("tel: +1-201-555-0123", "tel:+1-201-555-0123", &[StraySpace]),
        ("news: comp.lang.rust", "news:comp.lang.rust", &[StraySpace]),
        (
            "https:\u{2003}//a.example/",
            "https://a.example/",
            &[StraySpace],
        ),
        // A network-path reference.
        ("//example. com/a", "//example.com/a", &[StraySpace]),
        ("// 例え.jp/", "//例え.jp/", &[StraySpace]),
        // Invisible format and bidi characters anywhere in the scheme and
        // the authority.
        (
            "https://exa\u{200E}mple.com/",
            "https://example.com/",
            &[StraySpace],
        ),
        (
            "https://example.com\u{200F}/",
            "https://example.com/",
            &[StraySpace],
        ),
        (
            "ht\u{200E}tps://example.com/",
            "https://example.com/",
            &[StraySpace],
        ),
        (
            "https://\u{2067}مثال.مصر\u{2069}/",
            "https://مثال.مصر/",
            &[StraySpace, StraySpace],
        ),
        (
            "https://exa\u{2061}mple.com/",
            "https://example.com/",
            &[StraySpace],
        ),
        (
            "mailto:\u{200E}a@example.com",
            "mailto:a@example.com",
            &[StraySpace],
        ),
        // A `URL:` prefix read through them.
        (
            "URL:\u{200E}https://a.example/",
            "https://a.example/",
            &[Unwrapped, Trimmed],
        ),
        (
            "URL:h\u{200E}ttps://a.example/",
            "https://a.example/",
            &[Unwrapped, StraySpace],
        ),
    ]);
    // In a path, a query or a fragment, white space is data, as before.
    for (input, want) in [
        ("https://example.com/a b", "https://example.com/a%20b"),
        (
            "https://example.com/a?q=a b#c d",
            "https://example.com/a?q=a%20b#c%20d",
        ),
        (
            "mailto:alice@example.com?subject=a b",
            "mailto:alice@example.com?subject=a%20b",
        ),
        ("https:/ a", "https:/%20a"),
        ("/ /a", "/%20/a"),
        ("/a b", "/a%20b"),
        ("a:b c", "a:b%20c"),
        (
            "https://example.com/\u{200E}x",
            "https://example.com/%E2%80%8Ex",
        ),
    ] {
        assert_eq!(cleaned(input), want, "{input:?}");
    }
}

#[test]
fn white_space_between_two_characters_of_a_name_is_an_error() {
    for (input, offset) in [
        ("https://exa mple.com/", 11),
        ("https://example.com and more", 19),
        ("https://例 え.jp/", 11),
        ("https://us er@example.com/", 10),
        ("http://[::1 x]/", 11),
        ("ｈｔｔｐｓ：／／ｅｘａ　ｍｐｌｅ．ｃｏｍ", 33),
    ] {
        let error = clean(input).unwrap_err();
        assert!(error.is_white_space_in_authority(), "{input:?}: {error}");
        assert!(!error.is_blank());
        assert_eq!(error.offset(), offset, "{input:?}");
        assert!(
            error.to_string().contains("inside the authority"),
            "{error}"
        );
    }
    // White space in a scheme stays an unconvertible character.
    assert_eq!(clean("ht tp://a/").unwrap_err().unconvertible(), [(2, ' ')]);
}

/// Inputs that every step changes, mixed: for each change, the input's
/// bytes in its range are its `before`.
const MIXED: &[&str] = &[
    "https://example.com/a\u{3000}\nb",
    "https://example.com/\u{FF41}\u{301}",
    "https://example.com/ａ\u{3000}b",
    "http://例え｡jp/ﾃｽﾄ ｶﾞ\u{3000}x",
    "http://例え．jp/ｶﾞ＜\u{301}＞",
    "http://a/ｶﾞ\u{3000}<ﾞ>",
    "ｈｔｔｐ：／／ａ．ｊｐ／my\u{3000}file＃x y",
    "http://a/e\u{301}\u{3000}\u{301}x",
    "http://a/z\n\u{341} y",
    "http://a/ﬁ\u{A0}²\u{2028} c\u{200E}d",
    "<URL:http://a/ｂ　ｃ>",
    " «\u{A0}http://例え.jp/ﾃｽﾄ\u{A0}» ",
    "Link: https://exa\u{200E}mple. com/ａ ｂ",
    "mailto: alice@例え。jp?subject=ﾃｽﾄ　1",
    "https://ar.example/مسار\u{2029}  طويل\u{200F}x ﾃ",
    "http://a/\u{3000}\u{301}\u{3000}",
    "http://a/Vie\u{302}\u{323}t ｶ\u{FF9E}\u{3000}",
    "http://a/^\u{30F}ａ\u{30F}\u{3000}",
];

#[test]
fn every_change_is_the_input_s_text() {
    let long = "http://a/".to_string() + &"ａ\u{3000}ｶﾞ\u{3000}e\u{301} ".repeat(40);
    for input in MIXED.iter().copied().chain([long.as_str()]) {
        let result = clean(input).unwrap_or_else(|e| panic!("{input:?}: {e}"));
        for change in result.changes() {
            assert_eq!(
                input.get(change.range.clone()),
                Some(change.before.as_str()),
                "{input:?}: {change:?}"
            );
        }
        assert_eq!(
            cleaned(result.iri().as_str()),
            result.iri().as_str(),
            "{input:?}"
        );
    }
}

#[test]
fn changes_after_an_earlier_step_name_the_input() {
    use ChangeKind::*;
    let got = |input: &str| {
        clean(input)
            .unwrap()
            .changes()
            .iter()
            .map(|c| (c.kind, c.range.clone(), c.before.clone(), c.after.clone()))
            .collect::<Vec<_>>()
    };
    // The ideographic space, widened to a space, then encoded.
    assert_eq!(
        got("http://a/b\u{3000}c"),
        [
            (Width, 10..13, "\u{3000}".into(), " ".into()),
            (PercentEncoded, 10..13, "\u{3000}".into(), "%20".into()),
        ]
    );
    // A full-width letter widened, then composed with the mark after it.
    assert_eq!(
        got("https://example.com/\u{FF41}\u{301}"),
        [
            (Width, 20..23, "ａ".into(), "a".into()),
            (Nfc, 20..25, "ａ\u{301}".into(), "á".into()),
        ]
    );
    // Where NFC composed characters the steps changed, the change
    // covers them whole: the input's text, and what became of all of it.
    let percent = got("http://a/e\u{301}\u{3000}\u{301}x").pop().unwrap();
    assert_eq!(
        percent,
        (
            PercentEncoded,
            9..17,
            "e\u{301}\u{3000}\u{301}".into(),
            "é%20%CC%81".into()
        )
    );
    // A half-width full stop, a label separator.
    assert_eq!(
        got("http://例え｡jp/"),
        [
            (Width, 13..16, "｡".into(), "。".into()),
            (LabelSeparator, 13..16, "｡".into(), ".".into()),
        ]
    );
}
