//! Choosing between the IRI and the URI for an audience (RFC 3987
//! section 7.5).
//!
//! # The idea
//!
//! Section 7.5 warns that characters "from different scripts look the
//! same", and asks that "all the characters in a single component are used
//! together in a given language", which "usually means that all of these
//! characters will be from the same script" (Japanese mixes several). Its
//! premise is that "native writers of a given script ... will know best
//! when ambiguities can appear": a component is safe to show to readers of
//! its own scripts, and nowhere else. [`IriRef::select_for`] applies this
//! when sending or showing an IRI to an audience that reads given scripts:
//!
//! - [`Form::Iri`]: the IRI as it is, when every component is in those
//!   scripts;
//! - [`Form::Uri`]: its URI ([`IriRef::to_uri`]), when no component is
//!   (with the host in Punycode on request, below);
//! - [`Form::Mixed`]: otherwise, the components outside the scripts
//!   percent-encoded (section 3.1 step 2: UTF-8, uppercase hex), the
//!   others as they are. The text is an IRI reference that maps to the
//!   same URI.
//!
//! ```
//! use rfc3987::select::{Form, Script};
//! use rfc3987::IriRef;
//!
//! let iri = IriRef::parse("http://example.org/日本語/москва?q=日本")?;
//! let japanese = [Script::Han, Script::Hiragana, Script::Katakana];
//! let chosen = iri.select_for(&japanese);
//! assert_eq!(chosen.form(), Form::Mixed);
//! assert_eq!(
//!     chosen.text(),
//!     "http://example.org/日本語/%D0%BC%D0%BE%D1%81%D0%BA%D0%B2%D0%B0?q=日本"
//! );
//! assert_eq!(iri.select_for(&[Script::Arabic]).form(), Form::Uri);
//! # Ok::<(), rfc3987::ParseError>(())
//! ```
//!
//! # The reading of section 7.5
//!
//! - **The unit is the component**, as section 7.5 words it: userinfo,
//!   host, each path segment, query, fragment. A component with one
//!   character outside the scripts is encoded whole, so a reader never
//!   sees half a word, and a combining mark is never left after the hex
//!   digits of its encoded base. (For per-character encoding on a screen,
//!   see [`Show::scripts`](crate::display::Show::scripts).)
//! - **A character is in the scripts** when its Script_Extensions
//!   property contains one of them, or is `Common` or `Inherited`
//!   (punctuation, digits, most combining marks), the test of
//!   [`Show::scripts`](crate::display::Show::scripts). ASCII is the URI
//!   repertoire and never decides anything.
//! - **Bidi formatting characters are always encoded** (section 4.1: an
//!   IRI must not contain them), and so are invisible format characters
//!   (U+200B ZERO WIDTH SPACE, U+FEFF, ...: section 6.1 b), as
//!   [`crate::display`] does.
//! - The host is percent-encoded, not mapped with IDNA, as
//!   [`IriRef::to_uri`] does; a caller who sends the URI to a DNS-based
//!   scheme maps it with [`ToUri::idna`](crate::mapping::ToUri::idna), or
//!   asks for Punycode hosts (below).
//!
//! # Hosts in Punycode
//!
//! Browsers show a domain name in Unicode to readers who can tell its
//! letters apart, and in Punycode (its A-labels, `xn--...`) to the others,
//! since a name in a script one cannot read is where a homograph hides
//! (section 8). [`Select::punycode_hosts`] does the same: a host outside
//! the audience's scripts is written as ToASCII makes it (UTS 46, as
//! [`ToUri::idna`](crate::mapping::ToUri::idna) maps it) instead of being
//! percent-encoded, where the scheme's hosts are domain names (`http`,
//! `https`, `ws`, `wss`, `ftp`, `file`:
//! [`STANDARD`]) and ToASCII accepts the host;
//! otherwise it is percent-encoded as above. The unit is still the
//! component: a host with one foreign label is written in A-labels whole.
//! A domain name with a label that mixes scripts (UTS 39's Highly
//! Restrictive level fails: `pаypal` with a Cyrillic `а`; Latin with Han
//! and kana is Japanese, one script) is foreign to every reader, as
//! browsers hold, with or without Punycode hosts.
//! The text then maps to the URI that [`ToUri::idna`] gives, which section
//! 3.1 allows in place of the percent-encoded one.
//!
//! ```
//! use rfc3987::select::{Form, Script, Select};
//! use rfc3987::IriRef;
//!
//! let iri = IriRef::parse("http://пример.рф/путь")?;
//! // To a reader of Latin only: the host in Punycode, the path encoded.
//! let latin = [Script::Latin];
//! let chosen = iri.select_with(&Select::new(&latin).punycode_hosts(true));
//! assert_eq!(chosen.form(), Form::Uri);
//! assert_eq!(chosen.text(), "http://xn--e1afmkfd.xn--p1ai/%D0%BF%D1%83%D1%82%D1%8C");
//! // To a reader of Cyrillic: as it is.
//! let cyrillic = [Script::Cyrillic];
//! assert_eq!(iri.select_with(&Select::new(&cyrillic).punycode_hosts(true)).form(), Form::Iri);
//! // And the other way: a Latin host to a Japanese reader.
//! let iri = IriRef::parse("https://bücher.example/本")?;
//! let japanese = [Script::Han, Script::Hiragana, Script::Katakana];
//! let chosen = iri.select_with(&Select::new(&japanese).punycode_hosts(true));
//! assert_eq!(chosen.text(), "https://xn--bcher-kva.example/本");
//! # Ok::<(), rfc3987::ParseError>(())
//! ```
//!
//! # Cost
//!
//! One pass over the text; borrowed when the IRI is chosen as it is.

use alloc::borrow::Cow;
use alloc::string::String;

/// A Unicode script (`Script::Latin`, `Script::Han`), as ICU4X names it;
/// [`scripts_named`](crate::display::scripts_named) reads one from its
/// name or ISO 15924 code.
pub use icu_properties::props::Script;

use crate::display::{never_shown, Show};
use crate::mapping::{Component, ToUri};
use crate::percent::push_encoded;
use crate::scheme::STANDARD;
use crate::IriRef;

/// Which form [`IriRef::select_for`] chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Form {
    /// The IRI as it is: every component is in the audience's scripts
    /// (or the IRI is already a URI).
    Iri,
    /// The URI: no component with non-ASCII characters is in the scripts
    /// (its host in Punycode with [`Select::punycode_hosts`]).
    Uri,
    /// Some components percent-encoded, the others as they are.
    Mixed,
}

impl Form {
    /// `"iri"`, `"uri"` or `"mixed"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Form::Iri => "iri",
            Form::Uri => "uri",
            Form::Mixed => "mixed",
        }
    }
}

/// The result of [`IriRef::select_for`]: the form chosen and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Selected<'a> {
    form: Form,
    text: IriRef<Cow<'a, str>>,
}

impl<'a> Selected<'a> {
    /// The form chosen.
    pub fn form(&self) -> Form {
        self.form
    }

    /// The IRI reference to show or send.
    pub fn text(&self) -> &IriRef<Cow<'a, str>> {
        &self.text
    }

    /// The IRI reference, by value.
    pub fn into_text(self) -> IriRef<Cow<'a, str>> {
        self.text
    }
}

/// The audience of [`IriRef::select_with`]: the scripts it reads, and
/// how a host it cannot read is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[must_use = "a configuration does nothing until it is used"]
pub struct Select<'a> {
    scripts: &'a [Script],
    punycode_hosts: bool,
}

impl<'a> Select<'a> {
    /// Readers of `scripts`; foreign components percent-encoded.
    pub const fn new(scripts: &'a [Script]) -> Self {
        Select {
            scripts,
            punycode_hosts: false,
        }
    }

    /// Whether a domain name outside the scripts is written in Punycode
    /// (A-labels) rather than percent-encoded, as browsers show it (see the
    /// [module docs](crate::select#hosts-in-punycode)). Off by default.
    pub const fn punycode_hosts(mut self, on: bool) -> Self {
        self.punycode_hosts = on;
        self
    }
}

impl<T: AsRef<str>> IriRef<T> {
    /// The form of this IRI reference for readers of `scripts` (section
    /// 7.5): see the [module docs](crate::select).
    #[must_use]
    pub fn select_for(&self, scripts: &[Script]) -> Selected<'_> {
        self.select_with(&Select::new(scripts))
    }

    /// The form of this IRI reference for the audience `select`
    /// describes (section 7.5): see the [module docs](crate::select).
    #[must_use]
    pub fn select_with(&self, select: &Select<'_>) -> Selected<'_> {
        let text = self.as_str();
        if text.is_ascii() {
            return Selected {
                form: Form::Iri,
                text: self.borrowed(),
            };
        }
        let show = Show::new().scripts(select.scripts);
        let mut choice = Choice {
            show,
            out: String::with_capacity(text.len() * 2),
            kept: 0,
            encoded: 0,
            never_shown: false,
            punycode: false,
        };
        if let Some(scheme) = self.scheme() {
            choice.out.push_str(scheme);
            choice.out.push(':');
        }
        if let Some(host) = self.host() {
            choice.out.push_str("//");
            if let Some(userinfo) = self.userinfo() {
                choice.component(userinfo);
                choice.out.push('@');
            }
            let dns = self
                .scheme()
                .is_some_and(|scheme| STANDARD.get(scheme).dns_host());
            if dns {
                choice.host(host, select.punycode_hosts);
            } else {
                choice.component(host);
            }
            if let Some(port) = self.port() {
                choice.out.push(':');
                choice.out.push_str(port);
            }
        }
        for (i, segment) in self.path().split('/').enumerate() {
            if i > 0 {
                choice.out.push('/');
            }
            choice.component(segment);
        }
        if let Some(query) = self.query() {
            choice.out.push('?');
            choice.component(query);
        }
        if let Some(fragment) = self.fragment() {
            choice.out.push('#');
            choice.component(fragment);
        }
        let form = match (choice.kept, choice.encoded) {
            (_, 0) if !choice.never_shown => Form::Iri,
            (0, _) => Form::Uri,
            _ => Form::Mixed,
        };
        let text = match form {
            Form::Uri if !choice.punycode => self.to_uri(),
            _ => self.derived(choice.out),
        };
        Selected { form, text }
    }
}

/// The text being chosen, and how many components with non-ASCII
/// characters were kept and encoded, whether a character that is never
/// shown (bidi formatting, invisible) was encoded, and whether the host
/// was written in Punycode.
struct Choice<'s> {
    show: Show<'s>,
    out: String,
    kept: usize,
    encoded: usize,
    never_shown: bool,
    punycode: bool,
}

impl Choice<'_> {
    /// A host that is a domain name: kept, or when foreign in Punycode
    /// (with `punycode`, where ToASCII takes it) or else percent-encoded
    /// as any component. A label that mixes scripts is foreign to every
    /// reader, as browsers hold: `pаypal` (a Cyrillic `а`) to a reader of
    /// Cyrillic too.
    fn host(&mut self, host: &str, punycode: bool) {
        let foreign = self.hides_some(host)
            || host
                .split(['.', '\u{3002}', '\u{FF0E}', '\u{FF61}'])
                .any(|label| !crate::chars::is_highly_restrictive(label));
        if foreign && punycode {
            if let Ok(ascii) = ToUri::new().idna(true).component(Component::Host, host) {
                self.encoded += 1;
                self.punycode = true;
                self.out.push_str(&ascii);
                return;
            }
        }
        self.component_as(host, foreign);
    }

    /// Whether the audience cannot read some character of `text`.
    fn hides_some(&self, text: &str) -> bool {
        text.chars()
            .any(|c| !c.is_ascii() && !never_shown(c) && self.show.hides(c))
    }

    fn component(&mut self, text: &str) {
        self.component_as(text, self.hides_some(text));
    }

    /// `text`, encoded whole when `foreign`.
    fn component_as(&mut self, text: &str, foreign: bool) {
        if text.is_ascii() {
            self.out.push_str(text);
            return;
        }
        if foreign {
            self.encoded += 1;
        } else if text.chars().any(|c| !c.is_ascii() && !never_shown(c)) {
            self.kept += 1;
        }
        for c in text.chars() {
            if !c.is_ascii() && (foreign || never_shown(c)) {
                self.never_shown |= never_shown(c);
                push_encoded(&mut self.out, c);
            } else {
                self.out.push(c);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chosen(text: &str, scripts: &[Script]) -> (Form, String) {
        let iri = IriRef::parse(text).unwrap();
        let selected = iri.select_for(scripts);
        // Whatever the form, the same URI.
        assert_eq!(selected.text().to_uri(), iri.to_uri());
        (selected.form(), String::from(selected.text().as_str()))
    }

    const JAPANESE: &[Script] = &[Script::Han, Script::Hiragana, Script::Katakana];

    #[test]
    fn japanese() {
        let text = "http://例え.jp/ひらがな/カタカナ/漢字?q=日本語";
        assert_eq!(chosen(text, JAPANESE), (Form::Iri, String::from(text)));
        let borrowed = IriRef::parse(text).unwrap();
        assert!(matches!(
            borrowed.select_for(JAPANESE).into_text().into_inner(),
            Cow::Borrowed(_)
        ));
        // Han alone: the kana segments are encoded, whole.
        assert_eq!(
            chosen("x:/漢字/ひら漢", &[Script::Han]),
            (
                Form::Mixed,
                String::from("x:/漢字/%E3%81%B2%E3%82%89%E6%BC%A2")
            )
        );
        assert_eq!(
            chosen(text, &[Script::Latin]),
            (
                Form::Uri,
                IriRef::parse(text).unwrap().to_uri().as_str().into()
            )
        );
    }

    #[test]
    fn cyrillic() {
        let text = "http://пример.рф/путь?ключ=значение";
        assert_eq!(chosen(text, &[Script::Cyrillic]).0, Form::Iri);
        assert_eq!(chosen(text, &[Script::Latin, Script::Greek]).0, Form::Uri);
        // A Cyrillic а inside a Latin word: the segment is mixed-script,
        // foreign to a Latin reader, encoded whole.
        assert_eq!(
            chosen("x:/pаypal/é", &[Script::Latin]),
            (Form::Mixed, String::from("x:/p%D0%B0ypal/é"))
        );
    }

    #[test]
    fn arabic() {
        let text = "http://example.org/سلام#مرحبا";
        assert_eq!(chosen(text, &[Script::Arabic]).0, Form::Iri);
        assert_eq!(
            chosen(text, JAPANESE),
            (
                Form::Uri,
                String::from(
                    "http://example.org/%D8%B3%D9%84%D8%A7%D9%85#%D9%85%D8%B1%D8%AD%D8%A8%D8%A7"
                )
            )
        );
    }

    #[test]
    fn mixed() {
        let text = "http://user:пароль@日本.example/résumé/сказка?q=سلام#ok";
        assert_eq!(
            chosen(text, &[Script::Latin, Script::Cyrillic]),
            (
                Form::Mixed,
                String::from(
                    "http://user:пароль@%E6%97%A5%E6%9C%AC.example/résumé/сказка?q=%D8%B3%D9%84%D8%A7%D9%85#ok"
                )
            )
        );
    }

    fn punycode(text: &str, scripts: &[Script]) -> (Form, String) {
        let iri = IriRef::parse(text).unwrap();
        let selected = iri.select_with(&Select::new(scripts).punycode_hosts(true));
        // The same URI as ToASCII of the host gives.
        let idna = crate::mapping::ToUri::new().idna(true);
        assert_eq!(
            idna.convert(selected.text().as_str()).unwrap(),
            idna.convert(text).unwrap(),
            "{text}"
        );
        (selected.form(), String::from(selected.text().as_str()))
    }

    #[test]
    fn foreign_hosts_in_punycode() {
        let latin = &[Script::Latin];
        // Cyrillic, Japanese and Arabic hosts to a reader of Latin.
        assert_eq!(
            punycode("http://пример.рф/", latin),
            (Form::Uri, String::from("http://xn--e1afmkfd.xn--p1ai/"))
        );
        assert_eq!(
            punycode("https://例え.テスト/résumé", latin),
            (
                Form::Mixed,
                String::from("https://xn--r8jz45g.xn--zckzah/résumé")
            )
        );
        assert_eq!(
            punycode("http://مثال.إختبار/", latin),
            (Form::Uri, String::from("http://xn--mgbh0fb.xn--kgbechtv/"))
        );
        // And the other way: Latin hosts to readers of other scripts.
        assert_eq!(
            punycode("http://bücher.example/книги", &[Script::Cyrillic]),
            (
                Form::Mixed,
                String::from("http://xn--bcher-kva.example/книги")
            )
        );
        assert_eq!(
            punycode("http://bücher.example/", JAPANESE),
            (Form::Uri, String::from("http://xn--bcher-kva.example/"))
        );
        // Readers of the host's scripts see it as it is.
        assert_eq!(
            punycode("http://пример.рф/", &[Script::Cyrillic]).0,
            Form::Iri
        );
        assert_eq!(punycode("https://例え.テスト/", JAPANESE).0, Form::Iri);
    }

    #[test]
    fn a_host_label_mixing_scripts_is_foreign_to_every_reader() {
        // `pаypal` with a Cyrillic `а`: in Punycode to a reader of
        // Cyrillic as to one of Latin.
        for scripts in [&[Script::Cyrillic][..], &[Script::Latin, Script::Cyrillic]] {
            assert_eq!(
                punycode("http://pаypal.com/", scripts),
                (Form::Uri, String::from("http://xn--pypal-4ve.com/"))
            );
        }
        // Latin with kana is Japanese: one script to its readers.
        let japanese_and_latin = &[
            Script::Latin,
            Script::Han,
            Script::Hiragana,
            Script::Katakana,
        ];
        assert_eq!(
            punycode("http://ソニーstore.jp/", japanese_and_latin).0,
            Form::Iri
        );
        // Without Punycode hosts it is percent-encoded.
        assert_eq!(
            chosen("http://pаypal.com/путь", &[Script::Latin, Script::Cyrillic]),
            (Form::Mixed, String::from("http://p%D0%B0ypal.com/путь"))
        );
    }

    #[test]
    fn punycode_only_where_hosts_are_domain_names() {
        let latin = &[Script::Latin];
        // A whole-script Cyrillic look-alike of a Latin name: Punycode,
        // which is what keeps it from passing for the Latin one.
        assert_eq!(
            punycode("https://аррӏе.com/", latin).1,
            "https://xn--80ak6aa92e.com/"
        );
        // A host with one foreign label is written in A-labels whole.
        assert_eq!(
            punycode("http://café.日本/", latin).1,
            "http://xn--caf-dma.xn--wgv71a/"
        );
        // Not a DNS scheme, no scheme, or a host ToASCII rejects:
        // percent-encoded, as without the option.
        for text in ["foo://пример/", "//пример/", "http://пр_имер/"] {
            let iri = IriRef::parse(text).unwrap();
            let plain = iri.select_for(latin);
            let with = iri.select_with(&Select::new(latin).punycode_hosts(true));
            assert_eq!(with, plain, "{text}");
            assert!(with.text().as_str().contains("%D0%BF"), "{text}");
        }
        // Off by default.
        assert_eq!(
            chosen("http://пример.рф/", latin).1,
            "http://%D0%BF%D1%80%D0%B8%D0%BC%D0%B5%D1%80.%D1%80%D1%84/"
        );
    }

    #[test]
    fn common_inherited_and_bidi_formatting() {
        // Common punctuation and an Inherited combining mark go with any
        // script; ASCII-only references are their own IRI.
        assert_eq!(chosen("x:a→b", &[Script::Han]).0, Form::Iri);
        assert_eq!(chosen("x:a→b", &[]).0, Form::Iri);
        // U+20DD COMBINING ENCLOSING CIRCLE is Inherited (U+0301 is not:
        // its Script_Extensions list the scripts that use it).
        let extensions = icu_properties::script::ScriptWithExtensions::new();
        let inherited = extensions.get_script_extensions_val('\u{20DD}');
        assert!(inherited.contains(&Script::Inherited) && inherited.iter().count() == 1);
        assert_eq!(chosen("x:a\u{20DD}", &[Script::Han]).0, Form::Iri);
        assert_eq!(chosen("x:e\u{301}", &[Script::Latin]).0, Form::Iri);
        assert_eq!(chosen("http://a/b?c", &[]).0, Form::Iri);
        // Bidi formatting characters are encoded whatever the scripts.
        assert_eq!(
            chosen("x:é\u{202E}/a", &[Script::Latin]),
            (Form::Mixed, String::from("x:é%E2%80%AE/a"))
        );
        assert_eq!(
            chosen("x:\u{202E}", &[Script::Latin]),
            (Form::Uri, String::from("x:%E2%80%AE"))
        );
        // And so are invisible characters.
        assert_eq!(
            chosen("x:é\u{200B}/a", &[Script::Latin]),
            (Form::Mixed, String::from("x:é%E2%80%8B/a"))
        );
        // A combining mark on a foreign letter is encoded with it.
        assert_eq!(
            chosen("x:α\u{301}", &[Script::Latin]),
            (Form::Uri, String::from("x:%CE%B1%CC%81"))
        );
    }
}
