#!/usr/bin/env python3
"""Writes corpus.tsv, the real-text corpus of `find` (tests/find_corpus.rs).

Run from the repository root: `python3 tests/data/find/generate.py`
(Python 3.8 or later, nothing else). The file is committed; the test
reads it and runs no Python.

Each record is one line of tab-separated fields:

    id  lang  style  class  text  expected

- `lang`: the language of the text (ISO 639-1), `style`: prose, chat, md
  (Markdown), html (HTML-ish), mail (e-mail).
- `class`: the detection rule the record exercises (see CLASSES below).
- `text`: the text, with `\\n`, `\\t`, `\\\\` and `\\u{XXXX}` escapes; every
  invisible character (format characters, white space other than the
  space) is written as an escape so that the file can be reviewed.
- `expected`: the IRIs RFC 3987 section 7.3 and RFC 3986 Appendix C give,
  separated by spaces (an IRI has none), or `-` for none.

Every expectation is built with its text: a template puts known IRIs
between known words and delimiters, and the expected IRIs are the IRIs put
there, changed only where a rule below says so (the record's class). No
expectation is computed by the code under test.

The rules (RFC 3987 section 7.3, RFC 3986 Appendix C, section 4.1):
- white space of every kind delimits (Appendix C), so do the invisible
  format characters that separate words (U+200B, U+2060, U+FEFF);
- bidi formatting characters are never part of an IRI (section 4.1);
- a non-ASCII letter does not end an IRI (section 7.3), so text written
  right after an IRI without a space or punctuation belongs to it, but
  for a Japanese or Korean particle or Thai run on right after an ASCII
  letter, digit or closing bracket of a part (segment, query name or
  value, fragment) that holds only US-ASCII: no name puts one there
  (`.../page.htmlを`, `.../guide에서`; names do put Han, Katakana, other
  Hangul and `の` there: `/wiki/C言語`), and for a part that starts with
  a particle no word starts with (`.../を`);
- quotation marks and brackets around an IRI are not part of it
  (Appendix C's `"..."` and `<...>`, and every script's quotes and
  brackets); a bracket pair inside a path is (`Köln_(Stadt)`);
- sentence punctuation right after an IRI is not part of it: non-ASCII
  sentence and clause punctuation (`、。，．！？：；`, `،`, `؟`, `।`, `…`)
  wherever it stands, ASCII `.,;:!?` when trailing;
- within `<...>` white space is ignored (Appendix C).
"""

import os

HERE = os.path.dirname(os.path.abspath(__file__))

# (lang, IRIs of that language, words before, words after)
LANGS = {
    "ja": {
        "iris": [
            "https://ja.wikipedia.org/wiki/東京",
            "http://例え.テスト/パス",
            "https://例え.jp/検索?q=猫&page=2",
            "https://ja.wikipedia.org/wiki/東京_(曖昧さ回避)",
        ],
        "before": ["詳しくは", "資料は", "公式サイト："],
        "after": ["を見てください", "にあります", "です"],
        "cjk": True,
        "punct": ["、", "。", "！", "？", "…", "：", "；", "，", "．"],
        "wrap": [("「", "」"), ("『", "』"), ("（", "）"), ("【", "】"), ("〈", "〉"), ("《", "》"), ("“", "”")],
    },
    "zh": {
        "iris": [
            "https://zh.wikipedia.org/wiki/北京",
            "http://例子.测试/路径",
            "https://例子.中国/新闻?id=42",
            "https://zh.wikipedia.org/wiki/长城_(消歧义)",
        ],
        "before": ["请访问", "详见", "网址是"],
        "after": ["了解更多", "获取资料", "查看"],
        "cjk": True,
        "punct": ["，", "。", "；", "：", "！", "？", "、", "……"],
        "wrap": [("“", "”"), ("《", "》"), ("（", "）"), ("「", "」"), ("【", "】"), ("〈", "〉"), ("『", "』"), ("‘", "’")],
    },
    "ko": {
        "iris": [
            "https://ko.wikipedia.org/wiki/서울",
            "http://실례.테스트/경로",
            "https://예시.한국/뉴스#상단",
        ],
        "before": ["자세한 내용은", "링크:", "여기를 보세요"],
        "after": ["에서 확인하세요", "참고", "입니다"],
        "cjk": False,
        "punct": [".", ",", "!", "?", "…", "。", "、"],
        "wrap": [("“", "”"), ("‘", "’"), ("《", "》"), ("〈", "〉"), ("「", "」"), ("(", ")"), ("『", "』")],
    },
    "th": {
        "iris": [
            "https://th.wikipedia.org/wiki/กรุงเทพมหานคร",
            "http://ตัวอย่าง.ไทย/หน้า",
            "https://ตัวอย่าง.ไทย/ค้นหา?คำ=แมว",
        ],
        "before": ["ดูรายละเอียดที่", "เว็บไซต์", "ลิงก์"],
        "after": ["ครับ", "ค่ะ", "นะ"],
        "cjk": False,
        "punct": [".", ",", "!", "?", "…"],
        "wrap": [("“", "”"), ("(", ")"), ("‘", "’"), ("\"", "\"")],
    },
    "hi": {
        "iris": [
            "https://hi.wikipedia.org/wiki/भारत",
            "http://उदाहरण.परीक्षा/पृष्ठ",
            "https://उदाहरण.भारत/खोज?शब्द=बिल्ली",
        ],
        "before": ["अधिक जानकारी के लिए", "देखें", "वेबसाइट"],
        "after": ["पर जाएँ", "देखिए", "है"],
        "cjk": False,
        "punct": ["।", "॥", ",", "?", "!", "…"],
        "wrap": [("“", "”"), ("‘", "’"), ("(", ")"), ("\"", "\"")],
    },
    "ar": {
        "iris": [
            "https://ar.wikipedia.org/wiki/القاهرة",
            "http://مثال.إختبار/صفحة",
            "https://مثال.مصر/بحث?كلمة=قطة",
        ],
        "before": ["لمزيد من المعلومات زوروا", "انظر", "الرابط"],
        "after": ["شكرا", "من فضلك", "الآن"],
        "cjk": False,
        "punct": ["،", "؛", "؟", "۔", ".", "!", "…"],
        "wrap": [("«", "»"), ("”", "“"), ("(", ")"), ("\"", "\""), ("“", "”")],
    },
    "he": {
        "iris": [
            "https://he.wikipedia.org/wiki/ירושלים",
            "http://דוגמה.בדיקה/דף",
            "https://דוגמה.ישראל/חיפוש?מילה=חתול",
        ],
        "before": ["למידע נוסף ראו", "הקישור", "בקרו באתר"],
        "after": ["תודה", "עכשיו", "בבקשה"],
        "cjk": False,
        "punct": [".", ",", "?", "!", "׃", "…"],
        "wrap": [("\"", "\""), ("„", "”"), ("(", ")"), ("“", "”"), ("«", "»"), ("״", "״")],
    },
    "ru": {
        "iris": [
            "https://ru.wikipedia.org/wiki/Москва",
            "http://пример.испытание/страница",
            "https://пример.рф/поиск?q=кот",
            "https://ru.wikipedia.org/wiki/Мир_(значения)",
        ],
        "before": ["Подробнее здесь:", "Смотрите", "Ссылка"],
        "after": ["спасибо", "и всё", "пожалуйста"],
        "cjk": False,
        "punct": [".", ",", "!", "?", ";", ":", "…"],
        "wrap": [("«", "»"), ("„", "“"), ("(", ")"), ("\"", "\"")],
    },
    "el": {
        "iris": [
            "https://el.wikipedia.org/wiki/Αθήνα",
            "http://παράδειγμα.δοκιμή/σελίδα",
            "https://παράδειγμα.ελ/αναζήτηση?λέξη=γάτα",
        ],
        "before": ["Δείτε", "Περισσότερα στο", "Σύνδεσμος"],
        "after": ["ευχαριστώ", "τώρα", "παρακαλώ"],
        "cjk": False,
        # U+037E GREEK QUESTION MARK, U+0387 GREEK ANO TELEIA.
        "punct": [".", ",", "\u037e", "\u0387", "!", "…"],
        "wrap": [("«", "»"), ("“", "”"), ("(", ")"), ("\"", "\"")],
    },
    "de": {
        "iris": [
            "https://de.wikipedia.org/wiki/Köln_(Stadt)",
            "http://beispiel.de/straße?ort=München",
            "https://bücher.example/übersicht#kapitel-2",
            "https://de.wikipedia.org/wiki/Deutsch-Französischer_Krieg",
        ],
        "before": ["Siehe", "Mehr dazu unter", "Der Link lautet"],
        "after": ["danke", "bitte", "und mehr"],
        "cjk": False,
        "punct": [".", ",", "!", "?", ";", ":", "…"],
        "wrap": [("„", "“"), ("‚", "‘"), ("»", "«"), ("(", ")"), ("\"", "\""), ("<", ">")],
    },
    "fr": {
        "iris": [
            "https://fr.wikipedia.org/wiki/Élysée",
            "http://exemple.fr/été/café.html",
            "https://fr.wikipedia.org/wiki/Côte_d'Ivoire",
            "https://exemple.fr/recherche?q=crème+brûlée&lang=fr",
        ],
        "before": ["Voir", "Plus d'infos sur", "Le lien est"],
        "after": ["merci", "et voilà", "à bientôt"],
        "cjk": False,
        "punct": [".", ",", "!", "?", ";", ":", "…"],
        "wrap": [("«\u00a0", "\u00a0»"), ("«\u202f", "\u202f»"), ("«", "»"), ("“", "”"), ("(", ")"), ("\"", "\"")],
    },
}

EXTRA_MAILTO = {
    "ja": "mailto:山田@例え.jp",
    "zh": "mailto:张伟@例子.中国",
    "ko": "mailto:홍길동@예시.한국",
    "th": "mailto:สมชาย@ตัวอย่าง.ไทย",
    "hi": "mailto:राम@उदाहरण.भारत",
    "ar": "mailto:أحمد@مثال.مصر",
    "he": "mailto:דוד@דוגמה.ישראל",
    "ru": "mailto:иван@пример.рф",
    "el": "mailto:νίκος@παράδειγμα.ελ",
    "de": "mailto:jürgen@beispiel.de",
    "fr": "mailto:françois@exemple.fr",
}

BIDI = {
    "LRM": "\u200e", "RLM": "\u200f", "ALM": "\u061c",
    "LRE": "\u202a", "RLE": "\u202b", "PDF": "\u202c", "LRO": "\u202d", "RLO": "\u202e",
    "LRI": "\u2066", "RLI": "\u2067", "FSI": "\u2068", "PDI": "\u2069",
}

SPACES = {
    "NBSP": "\u00a0", "IDEOGRAPHIC-SPACE": "\u3000", "ZWSP": "\u200b", "WJ": "\u2060",
    "BOM": "\ufeff", "NNBSP": "\u202f", "EM-SPACE": "\u2003", "THIN-SPACE": "\u2009",
    "LINE-SEPARATOR": "\u2028", "TAB": "\t",
}

records = []


def add(lang, style, cls, text, expected):
    records.append((lang, style, cls, text, expected))


def sep(cjk):
    return "" if cjk else " "


for lang, d in LANGS.items():
    cjk = d["cjk"]
    s = sep(cjk)
    iris = d["iris"]
    b0, b1, b2 = d["before"]
    a0, a1, a2 = d["after"]
    # Sentence punctuation right after the IRI, text after it (with a space,
    # or none in Chinese and Japanese where the mark is non-ASCII).
    for i, p in enumerate(d["punct"]):
        iri = iris[i % len(iris)]
        ascii_p = p.isascii()
        after = (" " + a0) if (ascii_p or not cjk) else a0
        cls = "ascii-trailing-punct" if ascii_p else "script-punct"
        add(lang, "prose", cls, f"{b0}{s}{iri}{p}{after}", [iri])
        # The same at the end of the text.
        add(lang, "chat", cls + "-end", f"{b1}{s}{iri}{p}", [iri])
    # Non-ASCII punctuation between two IRIs, no space (the issue's 、 case).
    for p in d["punct"]:
        if p.isascii():
            continue
        add(lang, "prose", "script-punct-between", f"{iris[0]}{p}{iris[1]}", [iris[0], iris[1]])
    # Quotes and brackets around the IRI, text right after the closing one.
    for i, (o, c) in enumerate(d["wrap"]):
        iri = iris[i % len(iris)]
        cls = "wrapper-ascii" if (o.isascii() and c.isascii()) else "wrapper-script"
        add(lang, "prose", cls, f"{b0}{s}{o}{iri}{c}{a1}", [iri])
        add(lang, "prose", cls + "-punct", f"{b2}{s}{o}{iri}{c}{'。' if cjk else '.'}", [iri])
        # A whole quoted sentence with the IRI and punctuation inside.
        if cjk:
            add(lang, "prose", cls + "-sentence", f"{o}{b1}{iri}{'。' if lang != 'zh' else '。'}{c}{a2}", [iri])
        else:
            add(lang, "prose", cls + "-sentence", f"{o}{b1} {iri}!{c} {a2}", [iri])
    # Text written right after the IRI without a space belongs to it
    # (section 7.3: a non-ASCII character does not end an IRI), but for
    # the Japanese object particle `を`, which ends it anywhere after the
    # host: Japanese writes it as nothing else.
    if cjk:
        iri = iris[0]
        after = a1 if a0.startswith("を") else a0  # `を`: PATH_RUN_ONS
        add(lang, "prose", "text-after-belongs", f"{b0}{iri}{after}。", [iri + after])
    # White space of every kind between IRIs and words.
    for name, sp in SPACES.items():
        add(lang, "chat", "space-" + name, f"{iris[0]}{sp}{iris[1]}{sp}{a2}", [iris[0], iris[1]])
    # ZWSP between a word and the IRI, and U+3000 in CJK prose.
    if cjk:
        add(lang, "prose", "space-IDEOGRAPHIC-SPACE", f"{b0}\u3000{iris[2]}\u3000{a1}。", [iris[2]])
    # Markdown.
    iri = iris[0]
    add(lang, "md", "md-link", f"[{a0}]({iri}){s}{a1}", [iri])
    add(lang, "md", "md-link-balanced", f"* [{b1}]({iris[-1]})", [iris[-1]])
    add(lang, "md", "md-autolink", f"{b0}{s}<{iris[1]}>{s}{a1}", [iris[1]])
    add(lang, "md", "md-code", f"`{iris[2]}`", [iris[2]])
    add(lang, "md", "md-list", f"- {iris[0]}\n- {iris[1]}\n", [iris[0], iris[1]])
    add(lang, "md", "md-heading", f"## {b2} {iris[2]}", [iris[2]])
    # HTML-ish.
    add(lang, "html", "html-href", f"<a href=\"{iris[0]}\">{a0}</a>", [iris[0]])
    add(lang, "html", "html-text", f"<p>{b0} {iris[1]}</p>", [iris[1]])
    add(lang, "html", "html-br", f"{b1}<br>{iris[2]}<br/>{a2}", [iris[2]])
    add(lang, "html", "html-attr-single", f"<img alt=\"{a1}\" src='{iris[1]}'>", [iris[1]])
    # E-mail.
    m = EXTRA_MAILTO[lang]
    add(lang, "mail", "mail-quoted", f"> {b0} {iris[0]}\n> {a0}", [iris[0]])
    add(lang, "mail", "mail-url-prefix", f"{b1} <URL:{iris[1]}>.", [iris[1]])
    add(lang, "mail", "mail-mailto", f"{b2}{s}{m}{'。' if cjk else '.'}", [m])
    add(lang, "mail", "mail-mailto-wrapped", f"<{m}>", [m])
    add(lang, "mail", "mail-signature", f"-- \n{a2}\n{iris[2]}\n", [iris[2]])
    # Appendix C: a long IRI broken inside <...> by a line break and
    # indentation, then with the break turned into a space.
    base = iris[0]
    head, tail = base[: base.index("/wiki/") + 6], base[base.index("/wiki/") + 6:]
    add(lang, "mail", "angle-whitespace", f"{b0} <{head}\n      {tail}>{s}{a1}", [base])
    add(lang, "mail", "angle-whitespace", f"{b0} <{head} {tail}>.", [base])
    add(lang, "mail", "angle-whitespace", f"<URL: {head}\n {tail}>", [base])
    # Not an IRI: a scheme alone, a scheme inside a word.
    add(lang, "prose", "no-iri", f"{b0} http:// {a0}", [])
    add(lang, "prose", "no-iri", f"{b1} xhttp://{iris[1][7:]} {a1}", [])


# Right-to-left text with and without bidi marks around the IRI.
for lang in ["ar", "he"]:
    d = LANGS[lang]
    iris = d["iris"]
    b0, b1, b2 = d["before"]
    a0, a1, a2 = d["after"]
    for i, (name, mark) in enumerate(BIDI.items()):
        iri = iris[i % len(iris)]
        add(lang, "prose", "bidi-" + name, f"{b0} {mark}{iri}{mark} {a0}", [iri])
        add(lang, "chat", "bidi-" + name + "-tight", f"{b1}{mark}{iri}{mark}{a1}", [iri])
    # Isolates as bidi-aware software writes them, and the marks after
    # punctuation.
    for i, (o, c) in enumerate([("\u2066", "\u2069"), ("\u2067", "\u2069"), ("\u2068", "\u2069"), ("\u202a", "\u202c")]):
        iri = iris[i % len(iris)]
        add(lang, "prose", "bidi-pair", f"{b2} {o}{iri}{c}. {a2}", [iri])
        add(lang, "prose", "bidi-pair-punct", f"{b2} {o}{iri}{c}\u200f، {a2}" if lang == "ar" else f"{b2} {o}{iri}{c}\u200f, {a2}", [iri])
    # Without any mark.
    for iri in iris:
        add(lang, "prose", "rtl-plain", f"{b0} {iri} {a0}.", [iri])
        add(lang, "prose", "rtl-plain-punct", f"{b0} {iri}{'،' if lang == 'ar' else ','} {a0}", [iri])
    # A Latin IRI in right-to-left text, with an RLM after it.
    add(lang, "chat", "bidi-RLM", f"{b1} https://example.org/a/b\u200f {a1}", ["https://example.org/a/b"])

# ASCII punctuation inside an IRI is the grammar's; only trailing
# punctuation is left out.
for lang in LANGS:
    d = LANGS[lang]
    b0 = d["before"][0]
    a0 = d["after"][0]
    host = d["iris"][1].split("/")[2]
    inner = f"http://{host}/a.b,c;d:e!f?x=1,2&y=3;4"
    add(lang, "prose", "ascii-inside", f"{b0} {inner}. {a0}", [inner])
    add(lang, "prose", "ascii-inside", f"{b0} {inner}?! {a0}", [inner])
    add(lang, "prose", "balanced-inside", f"({b0} http://{host}/a_(b)_c)", [f"http://{host}/a_(b)_c"])
    add(lang, "prose", "unbalanced-close", f"({b0} http://{host}/a_b)", [f"http://{host}/a_b"])

# Chat between languages: two IRIs, each closed by its own punctuation.
pairs = [("ja", "zh"), ("ko", "th"), ("hi", "ar"), ("he", "ru"), ("el", "de"), ("fr", "ja"), ("zh", "ko"), ("ar", "fr")]
for x, y in pairs:
    ix, iy = LANGS[x]["iris"][1], LANGS[y]["iris"][2]
    add(x, "chat", "two-iris", f"{ix}、{iy}。", [ix, iy])
    add(x, "chat", "two-iris", f"👉 {ix} 👈 {iy} 🙂", [ix, iy])
    add(x, "chat", "two-iris", f"{ix}\u200b{iy}", [ix, iy])

# Texts written whole, each with its reason.
HANDWRITTEN = [
    # RFC 3986 Appendix C, as printed (line breaks and indentation inside
    # <...>): the three URIs.
    ("en", "mail", "appendix-c",
     "Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n"
     "      but you can probably pick it up from <ftp://foo.example.\n"
     "      com/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/\n"
     "      ietf/uri/historical.html#WARNING>.",
     ["http://www.w3.org/Addressing/", "ftp://foo.example.com/rfc/",
      "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING"]),
    # The same with its line breaks turned into spaces.
    ("en", "prose", "appendix-c",
     "Yes, Jim, I found it under \"http://www.w3.org/Addressing/\", but you can probably "
     "pick it up from <ftp://foo.example. com/rfc/>.  Note the warning in "
     "<http://www.ics.uci.edu/pub/ ietf/uri/historical.html#WARNING>.",
     ["http://www.w3.org/Addressing/", "ftp://foo.example.com/rfc/",
      "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING"]),
    # Delimiters say where the IRI ends, a closing bracket included.
    ("en", "mail", "delimited-bracket", "See <http://a.example/b)> for that.", ["http://a.example/b)"]),
    ("ja", "chat", "delimited-bracket", "リンク<http://例え.jp/」>です", ["http://例え.jp/」"]),
    # A Japanese post: brackets, the ideographic comma and full stop.
    ("ja", "chat", "handwritten",
     "今日のまとめ：①「https://例え.jp/まとめ/1」②『https://例え.jp/まとめ/2』、詳細はhttps://例え.jp/詳細。",
     ["https://例え.jp/まとめ/1", "https://例え.jp/まとめ/2", "https://例え.jp/詳細"]),
    # A Chinese forum post with full-width punctuation throughout.
    ("zh", "chat", "handwritten",
     "楼主，资料在这里：https://例子.中国/资料？密码见https://例子.中国/说明，第3页！谢谢。",
     ["https://例子.中国/资料", "https://例子.中国/说明"]),
    # Korean news with an IRI in parentheses and an ASCII full stop.
    ("ko", "prose", "handwritten",
     "자세한 내용은 보도자료(https://예시.한국/보도/2024)를 참고하십시오.",
     ["https://예시.한국/보도/2024"]),
    # Thai runs words together; a space ends the IRI.
    ("th", "chat", "handwritten",
     "ดูได้ที่ https://ตัวอย่าง.ไทย/ข่าว นะครับ😊",
     ["https://ตัวอย่าง.ไทย/ข่าว"]),
    # Hindi with the danda right after the IRI.
    ("hi", "prose", "handwritten",
     "पूरा लेख यहाँ पढ़ें: https://उदाहरण.भारत/लेख/नया।अगला भाग कल आएगा।",
     ["https://उदाहरण.भारत/लेख/नया"]),
    # Arabic with the Arabic question mark and comma, RLM after the IRI.
    ("ar", "chat", "handwritten",
     "هل رأيت https://مثال.مصر/خبر\u200f؟ وأيضا https://مثال.مصر/صور،",
     ["https://مثال.مصر/خبر", "https://مثال.مصر/صور"]),
    # Hebrew with the IRI isolated by LRI...PDI, as bidi-aware editors write it.
    ("he", "mail", "handwritten",
     "שלום,\nהמסמך נמצא בכתובת \u2066https://דוגמה.ישראל/מסמך?גרסה=2\u2069.\nתודה",
     ["https://דוגמה.ישראל/מסמך?גרסה=2"]),
    # Russian with guillemets and an em dash.
    ("ru", "prose", "handwritten",
     "Статья «https://ru.wikipedia.org/wiki/Москва» — хороший источник.",
     ["https://ru.wikipedia.org/wiki/Москва"]),
    # Greek with the Greek question mark right after the IRI.
    ("el", "chat", "handwritten",
     "Το είδες; https://παράδειγμα.ελ/νέα\u037e",
     ["https://παράδειγμα.ελ/νέα"]),
    # German quotes, and a Wikipedia title with an en dash inside.
    ("de", "prose", "handwritten",
     "Er schrieb: „Lies https://de.wikipedia.org/wiki/Deutsch-Französischer_Krieg_1870–1871“.",
     ["https://de.wikipedia.org/wiki/Deutsch-Französischer_Krieg_1870–1871"]),
    # French with narrow no-break spaces before the colon and question mark.
    ("fr", "prose", "handwritten",
     "Le lien\u202f: https://exemple.fr/page\u202f? Oui, et l’autre https://exemple.fr/l’été.",
     ["https://exemple.fr/page", "https://exemple.fr/l’été"]),
    # Markdown with an IRI in a title attribute and an HTML comment.
    ("en", "md", "handwritten",
     "[docs](https://例え.jp/docs \"https://例え.jp/title\") <!-- https://例え.jp/hidden -->",
     ["https://例え.jp/docs", "https://例え.jp/title", "https://例え.jp/hidden"]),
    # A zero-width space and a word joiner inside a long line of IRIs.
    ("en", "chat", "handwritten",
     "https://a.example/1\u200bhttps://b.example/2\u2060https://c.example/3",
     ["https://a.example/1", "https://b.example/2", "https://c.example/3"]),
]

for lang, style, cls, text, expected in HANDWRITTEN:
    add(lang, style, cls, text, expected)

# A character that no domain name holds ends a host of http(s): a list
# written without spaces, punctuation run on after a bare host. Paths keep
# such characters (the Wikipedia titles above).
for lang in LANGS:
    d = LANGS[lang]
    b0, a0 = d["before"][0], d["after"][0]
    one = "https://" + d["iris"][1].split("/")[2]
    two = "https://" + d["iris"][2].split("/")[2] + "/"
    add(lang, "chat", "host-list", f"{b0} {one},{two} {a0}", [one, two])
    add(lang, "chat", "host-list", f"{one};{two}", [one, two])
    add(lang, "prose", "host-dash", f"{b0} {one}—{a0}", [one])

HOST_WORDS = [
    # English possessives, typed and typographic.
    ("en", "prose", "host-apostrophe", "Check https://github.com’s new feature.", ["https://github.com"]),
    ("en", "chat", "host-apostrophe", "did you read https://example.org's FAQ?", ["https://example.org"]),
    # Turkish case suffixes after a name, with either apostrophe.
    ("tr", "chat", "host-apostrophe", "https://google.com'da ara, sonra https://tr.wikipedia.org’ya bak",
     ["https://google.com", "https://tr.wikipedia.org"]),
    # Spanish inverted marks run on after a host, and a path's apostrophe.
    ("es", "prose", "host-punct", "¿Conoces https://ejemplo.es¿o no? Mira https://es.wikipedia.org/wiki/L'Hospitalet.",
     ["https://ejemplo.es", "https://es.wikipedia.org/wiki/L'Hospitalet"]),
    # Hosts whose labels hold the punctuation IDNA2008 allows in context.
    ("ja", "prose", "host-punct", "サイトはhttps://例え・テスト.jp/です", ["https://例え・テスト.jp/です"]),
    ("ca", "prose", "host-punct", "Vegeu https://col·legi.cat/ara", ["https://col·legi.cat/ara"]),
]

for lang, style, cls, text, expected in HOST_WORDS:
    add(lang, style, cls, text, expected)

# Korean, Japanese, Chinese and Thai write on right after a bare host; no
# top-level domain changes script, so the change ends the host. (Text in
# the script of the top-level label, or after a path, belongs to the IRI:
# section 7.3.)
HOST_SUFFIXES = [
    ("ko", "prose", "host-suffix", "자세한 내용은 https://example.com에서 확인하세요.", ["https://example.com"]),
    ("ko", "chat", "host-suffix", "https://예시.kr에 들어가 보세요", ["https://예시.kr"]),
    ("ja", "prose", "host-suffix", "詳しくはhttps://example.jpをご覧ください。", ["https://example.jp"]),
    ("ja", "chat", "host-suffix", "https://例え.jpで確認して", ["https://例え.jp"]),
    ("ja", "prose", "host-suffix", "ロシア語版はhttps://пример.рфです。", ["https://пример.рф"]),
    ("zh", "prose", "host-suffix", "请访问https://example.cn了解更多。", ["https://example.cn"]),
    ("zh", "chat", "host-suffix", "打开https://例子.cn就行", ["https://例子.cn"]),
    ("th", "chat", "host-suffix", "ดูที่https://example.co.thนะครับ", ["https://example.co.th"]),
]

for lang, style, cls, text, expected in HOST_SUFFIXES:
    add(lang, style, cls, text, expected)

# The Greek semicolon ends a clause: U+0387, or the U+00B7 MIDDLE DOT that
# NFC makes of it; the Catalan middle dot stands inside words only.
GREEK_SEMICOLONS = [
    ("el", "prose", "greek-semicolon", "Δείτε https://el.wikipedia.org/wiki/Αθήνα\u00b7 εκεί θα βρείτε περισσότερα.",
     ["https://el.wikipedia.org/wiki/Αθήνα"]),
    ("el", "prose", "greek-semicolon", "Δείτε https://el.wikipedia.org/wiki/Αθήνα\u0387 εκεί θα βρείτε περισσότερα.",
     ["https://el.wikipedia.org/wiki/Αθήνα"]),
    ("el", "chat", "greek-semicolon", "δες το https://παράδειγμα.ελ\u00b7 είναι καλό", ["https://παράδειγμα.ελ"]),
    ("ca", "prose", "greek-semicolon", "Vegeu https://ca.wikipedia.org/wiki/Col\u00b7legi\u00b7 i més",
     ["https://ca.wikipedia.org/wiki/Col\u00b7legi"]),
]

for lang, style, cls, text, expected in GREEK_SEMICOLONS:
    add(lang, style, cls, text, expected)

# The domain of a `mailto:` address ends as a host does: at punctuation no
# domain name holds, or where its last label changes script.
MAILTO_DOMAINS = [
    ("ja", "prose", "mailto-domain", "お問い合わせはmailto:info@例え.jp（平日のみ）まで。", ["mailto:info@例え.jp"]),
    ("ja", "chat", "mailto-domain", "mailto:info@例え.jpまでどうぞ", ["mailto:info@例え.jp"]),
    ("ru", "prose", "mailto-domain", "Пишите на mailto:иван@пример.рф—ответим быстро.", ["mailto:иван@пример.рф"]),
    ("en", "prose", "mailto-domain", "Ask mailto:a@b.example,c@d.example's owners.", ["mailto:a@b.example,c@d.example"]),
]

for lang, style, cls, text, expected in MAILTO_DOMAINS:
    add(lang, style, cls, text, expected)

# Emoji, arrows and other symbols written right after a bare host, as chat
# and social media write them: no top-level domain holds a symbol, so one
# ends the host (a label before the last keeps its symbols: i❤.ws).
HOST_SYMBOLS = [
    ("en", "chat", "host-symbol", "Check this out👉https://example.com👈 now", ["https://example.com"]),
    ("en", "prose", "host-symbol", "Example.com™ lives at https://example.com™ too.", ["https://example.com"]),
    ("ja", "chat", "host-symbol", "見て→https://example.jp←ここ", ["https://example.jp"]),
    ("ja", "prose", "host-symbol", "https://例え.jp★新着情報", ["https://例え.jp"]),
    ("zh", "chat", "host-symbol", "戳这里👉https://例子.cn👈", ["https://例子.cn"]),
    ("ko", "chat", "host-symbol", "여기요❤️https://예시.kr❤️", ["https://예시.kr"]),
    ("ru", "chat", "host-symbol", "Смотри https://пример.рф🔥🔥", ["https://пример.рф"]),
    ("ar", "chat", "host-symbol", "زوروا https://مثال.مصر✨", ["https://مثال.مصر"]),
    ("en", "chat", "host-symbol", "Emoji domains: https://i❤.ws/ and https://😀.ws", ["https://i❤.ws/", "https://😀.ws"]),
]

for lang, style, cls, text, expected in HOST_SYMBOLS:
    add(lang, style, cls, text, expected)

# Emoji written right after a path, a query or a fragment, as chat writes
# them: one right after a word is the text's; one after a delimiter names
# the segment, and symbols that are not emoji stand inside titles.
PATH_EMOJI = [
    ("en", "chat", "path-emoji", "lol https://youtu.be/dQw4w9WgXcQ😂😂", ["https://youtu.be/dQw4w9WgXcQ"]),
    ("en", "chat", "path-emoji", "new post https://example.org/blog/spring-sale🔥 go!", ["https://example.org/blog/spring-sale"]),
    ("es", "chat", "path-emoji", "Mira https://ejemplo.es/fotos/playa❤️ qué bonito", ["https://ejemplo.es/fotos/playa"]),
    ("ja", "chat", "path-emoji", "新作はこちら https://例え.jp/新着👍 ぜひ", ["https://例え.jp/新着"]),
    ("ko", "chat", "path-emoji", "링크 https://예시.kr/글/123✨ 확인", ["https://예시.kr/글/123"]),
    ("ru", "chat", "path-emoji", "Смотри https://пример.рф/видео?id=42🔥", ["https://пример.рф/видео?id=42"]),
    ("en", "chat", "path-emoji", "omg https://en.wikipedia.org/wiki/Rust_(programming_language)!😍", ["https://en.wikipedia.org/wiki/Rust_(programming_language)"]),
    ("fr", "chat", "path-emoji", "Regarde https://exemple.fr/vidéo.😂😂", ["https://exemple.fr/vidéo"]),
    ("en", "chat", "path-emoji", "emoji pages: https://en.wikipedia.org/wiki/😂 and https://example.org/I_❤️_NY",
     ["https://en.wikipedia.org/wiki/😂", "https://example.org/I_❤️_NY"]),
    ("ja", "prose", "path-emoji", "作品 https://ja.wikipedia.org/wiki/らき☆すた と https://ja.wikipedia.org/wiki/HUNTER×HUNTER",
     ["https://ja.wikipedia.org/wiki/らき☆すた", "https://ja.wikipedia.org/wiki/HUNTER×HUNTER"]),
]

for lang, style, cls, text, expected in PATH_EMOJI:
    add(lang, style, cls, text, expected)

# The em dash that English writes without spaces and Chinese doubles ends
# an IRI wherever it stands; the en dash of titles stays inside. Arabic
# quotes with the ornate parentheses, which Unicode pairs with nothing.
CLAUSE_DASHES = [
    ("en", "prose", "clause-dash", "I read https://example.org/essay—it changed my mind.", ["https://example.org/essay"]),
    ("en", "prose", "clause-dash", "The page https://en.wikipedia.org/wiki/Mexican–American_War—a long read—is good.",
     ["https://en.wikipedia.org/wiki/Mexican–American_War"]),
    ("zh", "prose", "clause-dash", "详见https://例子.cn/文章——作者的说明。", ["https://例子.cn/文章"]),
    ("ar", "prose", "ornate-parenthesis", "قال ﴿https://مثال.مصر/صفحة﴾ ثم", ["https://مثال.مصر/صفحة"]),
]

for lang, style, cls, text, expected in CLAUSE_DASHES:
    add(lang, style, cls, text, expected)

# Text hyphenated by a word processor holds soft hyphens (U+00AD) inside
# long words, addresses too: they never end an IRI, and the IRI found
# leaves them out (the expected IRIs here are without them).
SHY = "\u00ad"
SOFT_HYPHENS = [
    ("de", "prose", "soft-hyphen", f"Siehe https://www.bundes{SHY}regierung.de/breg-de für Details.",
     ["https://www.bundesregierung.de/breg-de"]),
    ("de", "prose", "soft-hyphen", f"Mehr unter https://de.wikipedia.org/wiki/Donau{SHY}dampf{SHY}schiff{SHY}fahrt.",
     ["https://de.wikipedia.org/wiki/Donaudampfschifffahrt"]),
    ("fr", "prose", "soft-hyphen", f"Lien : https://fr.wikipedia.org/wiki/Antici{SHY}pation.",
     ["https://fr.wikipedia.org/wiki/Anticipation"]),
    ("ru", "prose", "soft-hyphen", f"См. https://ru.wikipedia.org/wiki/Достопри{SHY}мечательность.",
     ["https://ru.wikipedia.org/wiki/Достопримечательность"]),
]

for lang, style, cls, text, expected in SOFT_HYPHENS:
    add(lang, style, cls, text, expected)

# Chinese, Japanese and Korean text opens an annotation or a quotation
# with a full-width bracket right after an address; addresses write `(`.
WIDE_ANNOTATIONS = [
    ("ja", "prose", "wide-annotation", "資料はhttps://example.jp/doc.pdf（PDF：1.2MB）をご覧ください。",
     ["https://example.jp/doc.pdf"]),
    ("ja", "prose", "wide-annotation", "詳しくはhttps://example.jp/news（外部サイト）へ。", ["https://example.jp/news"]),
    ("ja", "chat", "wide-annotation", "https://example.jp/event【締切間近】", ["https://example.jp/event"]),
    ("zh", "prose", "wide-annotation", "详见https://example.cn/report（中文版）。", ["https://example.cn/report"]),
    ("zh", "prose", "wide-annotation", "网址：https://example.cn/page【官方】", ["https://example.cn/page"]),
    ("ko", "prose", "wide-annotation", "자료: https://example.kr/data.pdf（한국어）", ["https://example.kr/data.pdf"]),
    ("ja", "prose", "wide-annotation", "英語版はhttps://en.wikipedia.org/wiki/Tokyo_(disambiguation)です。",
     ["https://en.wikipedia.org/wiki/Tokyo_(disambiguation)"]),
]

for lang, style, cls, text, expected in WIDE_ANNOTATIONS:
    add(lang, style, cls, text, expected)

# A quotation mark that stands inside words (the apostrophe `’`, which
# word processors type for `'`; the Hebrew gershayim of an acronym) does
# not close the quotation around an IRI; one after the last letter does.
QUOTED_APOSTROPHES = [
    ("fr", "prose", "quoted-apostrophe", "Voir «https://fr.wikipedia.org/wiki/Côte_d’Ivoire» pour la suite.",
     ["https://fr.wikipedia.org/wiki/Côte_d’Ivoire"]),
    ("fr", "prose", "quoted-apostrophe", "L’article «\u00a0https://fr.wikipedia.org/wiki/Jeanne_d’Arc\u00a0» est long.",
     ["https://fr.wikipedia.org/wiki/Jeanne_d’Arc"]),
    ("en", "prose", "quoted-apostrophe", "Read “https://en.wikipedia.org/wiki/Ender’s_Game” first.",
     ["https://en.wikipedia.org/wiki/Ender’s_Game"]),
    ("en", "prose", "quoted-apostrophe", "He said ‘https://example.com/it’s-here’ and left.",
     ["https://example.com/it’s-here"]),
    ("de", "prose", "quoted-apostrophe", "Siehe „https://de.wikipedia.org/wiki/Ender’s_Game“ dazu.",
     ["https://de.wikipedia.org/wiki/Ender’s_Game"]),
    ("he", "prose", "quoted-apostrophe", "ראו ״https://he.wikipedia.org/wiki/צה״ל״ לפרטים",
     ["https://he.wikipedia.org/wiki/צה״ל"]),
    ("he", "prose", "quoted-apostrophe", "ראו „https://he.wikipedia.org/wiki/דו״ח“ עכשיו",
     ["https://he.wikipedia.org/wiki/דו״ח"]),
]

for lang, style, cls, text, expected in QUOTED_APOSTROPHES:
    add(lang, style, cls, text, expected)

# A sentence's full stop after a host, with a Korean particle between; a
# CJK word right after an IPv4 address (router manuals); a host of one
# label that mixes Han and kana; a `（` opening an access date right after
# a directory's `/`, or a bracket left open where the text stops it.
HOST_RUN_ONS = [
    ("ko", "prose", "host-particle-stop", "공식 사이트는 https://example.com입니다.", ["https://example.com"]),
    ("ko", "prose", "host-particle-stop", "자세한 내용은 https://www.gov.kr입니다. 감사합니다.", ["https://www.gov.kr"]),
    ("ko", "prose", "host-particle-stop", "문의는 mailto:help@example.kr입니다.", ["mailto:help@example.kr"]),
    ("ja", "prose", "ipv4-run-on", "ルーターの設定は http://192.168.0.1にアクセスしてください。", ["http://192.168.0.1"]),
    ("ko", "prose", "ipv4-run-on", "브라우저에서 http://192.168.0.1에 접속하세요.", ["http://192.168.0.1"]),
    ("zh", "prose", "ipv4-run-on", "在浏览器中输入http://192.168.1.1进入设置页面。", ["http://192.168.1.1"]),
    ("zh", "prose", "ipv4-run-on", "在瀏覽器輸入http://10.0.0.1登入管理介面", ["http://10.0.0.1"]),
    ("ja", "prose", "one-label-host", "社内では http://社内ポータル/ を開いてください。", ["http://社内ポータル/"]),
    ("zh", "prose", "slash-annotation", "来源：https://www.stats.gov.cn/sj/（访问日期：2024年1月1日）",
     ["https://www.stats.gov.cn/sj/"]),
    ("ja", "prose", "slash-annotation", "出典：https://example.jp/docs/（2024年1月閲覧）", ["https://example.jp/docs/"]),
    ("ja", "prose", "slash-annotation", "作品 https://ja.wikipedia.org/wiki/【推しの子】 の記事",
     ["https://ja.wikipedia.org/wiki/【推しの子】"]),
]

for lang, style, cls, text, expected in HOST_RUN_ONS:
    add(lang, style, cls, text, expected)

# Emphasis opened before a label (`**Docs: …**`, as chat and generated
# answers write it); ellipses of Taiwan (`⋯⋯`) and of typed Japanese
# (`・・・`); frames of text tables; HTML's escapes of the delimiters
# around an IRI.
TEXT_AROUND = [
    ("en", "md", "label-emphasis", "**Docs: https://example.com/docs**", ["https://example.com/docs"]),
    ("ja", "md", "label-emphasis", "**公式サイト：https://example.jp/a**", ["https://example.jp/a"]),
    ("en", "md", "label-emphasis", "*See https://example.com/a*.", ["https://example.com/a"]),
    ("de", "md", "label-emphasis", "~~Alt: https://beispiel.de/alt~~ neu", ["https://beispiel.de/alt"]),
    ("zh", "chat", "ellipsis-frame", "詳情見 https://example.tw/news/123⋯⋯", ["https://example.tw/news/123"]),
    ("ja", "chat", "ellipsis-frame", "続きは https://example.jp/blog/5・・・", ["https://example.jp/blog/5"]),
    ("en", "table", "ellipsis-frame", "║https://example.com/a║ok║", ["https://example.com/a"]),
    ("en", "table", "ellipsis-frame", "│ 1 │https://example.com/b│", ["https://example.com/b"]),
    ("en", "html", "html-escaped", "&lt;https://example.com/a&gt;", ["https://example.com/a"]),
    ("en", "html", "html-escaped", "href=&quot;https://example.com/a?b=1&quot;", ["https://example.com/a?b=1"]),
    ("fr", "html", "html-escaped", "Voir https://exemple.fr/page&nbsp;!", ["https://exemple.fr/page"]),
]

for lang, style, cls, text, expected in TEXT_AROUND:
    add(lang, style, cls, text, expected)

# Social posts and notes: arrows, bullets, circled numbers, reference and
# footnote marks, symbols after an ASCII word, the wave dash; single
# quotes of code; a bracket left open; other schemes with DNS hosts and
# the US-ASCII ones.
NOTES_AND_CODE = [
    ("ja", "chat", "note-symbol", "ブログ更新→https://ameblo.jp/user/entry-123.html♪", ["https://ameblo.jp/user/entry-123.html"]),
    ("ja", "chat", "note-symbol", "ここ→https://example.jp/a←ここ", ["https://example.jp/a"]),
    ("ja", "prose", "note-symbol", "①https://example.jp/a②https://example.jp/b", ["https://example.jp/a", "https://example.jp/b"]),
    ("en", "prose", "note-symbol", "See https://example.org/a.¹ and https://example.org/b†", ["https://example.org/a", "https://example.org/b"]),
    ("zh", "chat", "note-symbol", "快来看https://b23.tv/AbCdEf～", ["https://b23.tv/AbCdEf"]),
    ("en", "code", "code-quote", "urls = ['https://a.example/x','https://b.example/y']", ["https://a.example/x", "https://b.example/y"]),
    ("en", "code", "code-quote", "x='https://a.example/x';y=1", ["https://a.example/x"]),
    ("ko", "chat", "left-open", "오픈채팅 https://open.kakao.com/o/sAbCdEf(비번 1234)", ["https://open.kakao.com/o/sAbCdEf"]),
    ("ja", "prose", "other-scheme-host", "ssh://git@github.comに接続します", ["ssh://git@github.com"]),
    ("ja", "prose", "ascii-scheme", "お問い合わせはtel:03-1234-5678まで", ["tel:03-1234-5678"]),
    ("ja", "prose", "ascii-scheme", "集合場所はgeo:35.68,139.76付近です", ["geo:35.68,139.76"]),
]

for lang, style, cls, text, expected in NOTES_AND_CODE:
    add(lang, style, cls, text, expected)

# Two IRIs written on with no space between: a list in a configuration
# file or a log, or a conjunction or particle of text written without
# spaces; after a delimiter the second is a segment or a value of the first.
WRITTEN_ON = [
    ("en", "code", "written-on", "ALLOWED_ORIGINS=https://a.example.com,https://b.example.com/app",
     ["https://a.example.com", "https://b.example.com/app"]),
    ("en", "log", "written-on", "mirrors: https://m1.example.org/pub/;https://m2.example.org/pub/",
     ["https://m1.example.org/pub/", "https://m2.example.org/pub/"]),
    ("en", "table", "written-on", "|https://example.org/a|https://example.org/b|",
     ["https://example.org/a", "https://example.org/b"]),
    ("zh", "prose", "written-on", "请参考https://example.cn/doc/a和https://example.cn/doc/b。",
     ["https://example.cn/doc/a", "https://example.cn/doc/b"]),
    ("zh", "prose", "written-on", "详见https://例子.中国/a或https://例子.中国/b",
     ["https://例子.中国/a", "https://例子.中国/b"]),
    ("ja", "chat", "written-on", "これhttps://example.jp/aとhttps://example.jp/b、どっち？",
     ["https://example.jp/a", "https://example.jp/b"]),
    ("ko", "chat", "written-on", "여기https://example.kr/a랑https://example.kr/b 비교",
     ["https://example.kr/a", "https://example.kr/b"]),
    ("th", "chat", "written-on", "ดูhttps://example.th/aหรือhttps://example.th/b",
     ["https://example.th/a", "https://example.th/b"]),
    ("en", "prose", "written-on", "Archived at https://web.archive.org/web/2020/https://example.com/x.",
     ["https://web.archive.org/web/2020/https://example.com/x"]),
    ("en", "prose", "written-on", "Go to https://r.example/out?url=https://example.com/a now.",
     ["https://r.example/out?url=https://example.com/a"]),
]

for lang, style, cls, text, expected in WRITTEN_ON:
    add(lang, style, cls, text, expected)

# Markdown emphasis around an IRI in chat (`**…**`, `_…_`, `~~…~~`): the
# grammar allows `*`, `_` and `~`, so only the opening run says that the
# closing one is not part of the IRI.
for lang in LANGS:
    d = LANGS[lang]
    s = sep(d["cjk"])
    b0, a0 = d["before"][0], d["after"][0]
    iris = d["iris"]
    add(lang, "md", "md-emphasis", f"{b0}{s}**{iris[0]}**{s}{a0}", [iris[0]])
    add(lang, "md", "md-emphasis", f"_{iris[1]}_{'。' if d['cjk'] else '.'}", [iris[1]])
    add(lang, "md", "md-emphasis", f"~~{iris[2]}~~ {a0}", [iris[2]])

# A Japanese or Korean particle, or Thai, run on right after a path, a
# query or a fragment that is US-ASCII; a part that starts with a
# particle no word starts with. Names put Han, Katakana and Hangul words
# right after Latin letters, and Chinese text run on is read as section
# 7.3 says; a part that holds such letters keeps those after it, and
# after a delimiter they start a part.
PATH_RUN_ONS = [
    ("ja", "prose", "path-run-on", "詳しくはhttps://example.com/docs/page.htmlをご覧ください。",
     ["https://example.com/docs/page.html"]),
    ("ja", "prose", "path-run-on", "手順はhttps://example.jp/help#setupにあります。", ["https://example.jp/help#setup"]),
    ("ja", "prose", "path-run-on", "記事https://example.jp/記事/123を参照", ["https://example.jp/記事/123"]),
    ("ja", "prose", "path-run-on", "資料はhttps://example.com/docs/をご覧ください。", ["https://example.com/docs/"]),
    ("ja", "prose", "path-run-on", "https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%ACを参照",
     ["https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC"]),
    ("zh", "prose", "path-run-on", "请访问https://example.com/page了解更多。", ["https://example.com/page了解更多"]),
    ("zh", "prose", "path-run-on", "见 https://zh.wikipedia.org/wiki/C语言 一文", ["https://zh.wikipedia.org/wiki/C语言"]),
    ("ja", "prose", "path-run-on", "記事 https://ja.wikipedia.org/wiki/JR東日本 を参照", ["https://ja.wikipedia.org/wiki/JR東日本"]),
    ("ja", "prose", "path-run-on", "一覧はhttps://ja.wikipedia.org/wiki/ONE_PIECEの登場人物。",
     ["https://ja.wikipedia.org/wiki/ONE_PIECEの登場人物"]),
    ("ko", "prose", "path-run-on", "문서 https://ko.wikipedia.org/wiki/LG에너지솔루션 참고",
     ["https://ko.wikipedia.org/wiki/LG에너지솔루션"]),
    ("ko", "prose", "path-run-on", "공지는 https://example.com/notice입니다.", ["https://example.com/notice"]),
    ("ko", "prose", "path-run-on", "자세한 내용은 https://example.com/guide에서 확인하세요.", ["https://example.com/guide"]),
    ("ko", "chat", "path-run-on", "https://example.kr/news/1를 보세요", ["https://example.kr/news/1"]),
    ("th", "chat", "path-run-on", "ดูที่https://example.com/newsครับ", ["https://example.com/news"]),
    ("ja", "prose", "path-run-on", "https://ja.wikipedia.org/wiki/東京2020年 の記事",
     ["https://ja.wikipedia.org/wiki/東京2020年"]),
    ("ja", "prose", "path-run-on", "検索 https://example.jp/search?q=東京 から", ["https://example.jp/search?q=東京"]),
    ("ja", "prose", "path-run-on", "一覧 https://example.jp/カテゴリ/新着 です", ["https://example.jp/カテゴリ/新着"]),
    ("ja", "prose", "particle-wo", "詳しくはhttps://ja.wikipedia.org/wiki/東京を見てください。",
     ["https://ja.wikipedia.org/wiki/東京"]),
]

for lang, style, cls, text, expected in PATH_RUN_ONS:
    add(lang, style, cls, text, expected)

# A wide bracket after an ASCII `)` or `]` annotates the address, as after
# a letter (a title's parentheses are ASCII in the path).
ANNOTATIONS_AFTER_BRACKETS = [
    ("ja", "prose", "annotation-after-bracket",
     "https://en.wikipedia.org/wiki/Rust_(programming_language)（英語）を参照",
     ["https://en.wikipedia.org/wiki/Rust_(programming_language)"]),
    ("zh", "prose", "annotation-after-bracket", "網址：https://zh.wikipedia.org/wiki/Java_(程式語言)（繁體）",
     ["https://zh.wikipedia.org/wiki/Java_(程式語言)"]),
    ("zh", "prose", "annotation-after-bracket", "服务器 http://[2001:db8::1]【IPv6】 已上线",
     ["http://[2001:db8::1]"]),
    ("ja", "prose", "annotation-after-bracket", "https://ja.wikipedia.org/wiki/東京_(曖昧さ回避)（日本語版）",
     ["https://ja.wikipedia.org/wiki/東京_(曖昧さ回避)"]),
]

for lang, style, cls, text, expected in ANNOTATIONS_AFTER_BRACKETS:
    add(lang, style, cls, text, expected)

ESCAPES = {"\\": "\\\\", "\n": "\\n", "\t": "\\t"}


def escape(text):
    out = []
    for ch in text:
        cp = ord(ch)
        if ch in ESCAPES:
            out.append(ESCAPES[ch])
        elif cp < 0x20 or 0x7F <= cp <= 0x9F or ch in "\u00a0\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u3000\u3164\ufeff\uffa0" \
                or 0x2000 <= cp <= 0x206F and ch not in "\u2010\u2011\u2012\u2013\u2014\u2015\u2018\u2019\u201a\u201c\u201d\u201e\u2026\u2039\u203a\u203c":
            out.append("\\u{%04X}" % cp)
        else:
            out.append(ch)
    return "".join(out)


def main():
    lines = [
        "# The real-text corpus of `find`: written by tests/data/find/generate.py",
        "# (python3 tests/data/find/generate.py); read by tests/find_corpus.rs.",
        "# id\tlang\tstyle\tclass\ttext\texpected (space-separated, '-' for none)",
    ]
    for n, (lang, style, cls, text, expected) in enumerate(records, 1):
        for iri in expected:
            assert " " not in iri and "\t" not in iri
        lines.append("\t".join([str(n), lang, style, cls, escape(text), " ".join(expected) or "-"]))
    with open(os.path.join(HERE, "corpus.tsv"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    langs = {r[0] for r in records}
    print(f"{len(records)} records, {len(langs)} languages")


main()
