//! UTS 39 section 4's confusables, read as sections 7.5 and 8 need them
//! in IRIs: word by word in text (a Russian title may name `Doctor_Who`;
//! no word of it mixes scripts), a host label whole (one identifier, as
//! UTS 39 reads it), an `xn--` label in its Unicode form. Shared by
//! [`crate::lint`]'s `confusable` warning and
//! [`Show::confusables`](crate::display::Show::confusables), so that what
//! one flags the other hides.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use icu_properties::props::Script;

use crate::chars::{is_scriptless, script, script_name};
use crate::mapping::{is_ace, LABEL_SEPARATORS};
use crate::percent::decode_utf8_lossy;
use crate::{Host, IriRef};

/// Whether the host of `iri` is a registered name with a label of Latin
/// letters (its top-level domain, usually): then a label of one other
/// script that reads as Latin is a whole-script confusable. The labels
/// are read as the characters they denote: `xn--` labels decoded, and
/// `%HH` too (`2%41` holds the Latin `A`, as its IRI form `2A` does).
pub(crate) fn has_latin_label<T: AsRef<str>>(iri: &IriRef<T>) -> bool {
    match iri.host_parsed() {
        Some(Host::RegName(host)) => host_has_latin_label(host),
        _ => false,
    }
}

/// [`has_latin_label`] of a registered name, as written (`%HH` and `xn--`
/// labels read as what they denote).
pub(crate) fn host_has_latin_label(host: &str) -> bool {
    host.split(LABEL_SEPARATORS).any(|label| {
        decode_utf8_lossy(&unicode_label(label))
            .chars()
            .any(|c| script(c) == Script::Latin)
    })
}

/// The words of `text`, a part other than a host label: the runs of
/// letters, marks, numbers and format characters (the joiners of Indic
/// scripts), split at punctuation, symbols and separators (`_`, `-`,
/// `(`, `+`, a space).
pub(crate) fn words(text: &str) -> impl Iterator<Item = &str> {
    use icu_properties::props::GeneralCategory;
    use icu_properties::CodePointMapData;
    let in_word = |c: char| {
        crate::chars::is_word_character(c)
            || CodePointMapData::<GeneralCategory>::new().get(c) == GeneralCategory::Format
    };
    text.split(move |c: char| !in_word(c))
        .filter(|word| !word.is_empty())
}

/// How a part is confusable (UTS 39 section 4), with the look-alike (which
/// lint's messages quote; a display reads only whether there is one).
#[cfg_attr(not(feature = "lint"), allow(dead_code))]
pub(crate) enum Confusion {
    /// Characters of several scripts whose skeleton is of one script
    /// (`pаypal` with a Cyrillic `а` reads `paypal`).
    MixedScript(String),
    /// All of one script other than Latin, each letter a look-alike of a
    /// US-ASCII letter (Cyrillic `аррӏе` reads `apple`), named.
    WholeScript(&'static str, String),
}

/// The scripts of `text`'s characters other than Common and Inherited.
pub(crate) fn scripts(text: &str) -> Vec<Script> {
    let mut found: Vec<Script> = Vec::new();
    for c in text.chars() {
        let script = script(c);
        if !is_scriptless(script) && !found.contains(&script) {
            found.push(script);
        }
    }
    found
}

/// Whether `text` is confusable by UTS 39: a mixed-script confusable
/// (several scripts, a skeleton of one), or, when `whole_script` (a host
/// label beside Latin labels), a whole-script confusable with Latin (one
/// other script, each letter a look-alike of a US-ASCII letter:
/// [`reads_as_ascii_name`]). A string of
/// one script whose look-alike is of that same script (Latin `œ` and
/// `oe`, `æ` and `ae`) is neither: spelling, not spoofing. Scripts are
/// read as UTS 39 resolves them, with those written together as one
/// (`Jpan`: Han, Hiragana and Katakana; `Kore`; `Hanb`): the surname
/// `一ノ瀬` (Han and Katakana, a skeleton of Han and common characters)
/// is Japanese, not mixed. The skeleton quoted is at most 64 characters.
pub(crate) fn confusable(text: &str, whole_script: bool) -> Option<Confusion> {
    let own = scripts(text);
    if own.is_empty() || (own.len() == 1 && (own[0] == Script::Latin || !whole_script)) {
        return None;
    }
    // No one script (with the scripts written together) covers it all.
    let mixed = own.len() > 1 && !crate::chars::is_single_script(text);
    if !mixed && !whole_script {
        return None;
    }
    let skeleton: String = unicode_security::skeleton(text).collect();
    let looks = scripts(&skeleton);
    let short = || skeleton.chars().take(64).collect::<String>();
    if mixed {
        // A look-alike of a Latin word is one when the letters of other
        // scripts stand for US-ASCII letters (`pаypal`); one that reads
        // `Kᴎ6epPunk` (`КиберPunk`) imitates nothing: two words run together.
        let imitates = looks != [Script::Latin]
            || text
                .chars()
                .filter(|&c| {
                    let script = script(c);
                    script != Script::Latin && !is_scriptless(script)
                })
                .all(looks_like_ascii_letters);
        return (looks.len() == 1 && imitates).then(|| Confusion::MixedScript(short()));
    }
    // Read in lower case, as UTS 46 maps a domain name and a browser shows
    // it: `МОРЕ` is shown `море`, whose `м` reads `ʍ`.
    (looks == [Script::Latin] && reads_as_ascii_name(&text.to_lowercase()))
        .then(|| Confusion::WholeScript(script_name(own[0]), short()))
}

/// Whether each character of the label `text` looks like a character of a
/// US-ASCII host name: its UTS 39 prototype is US-ASCII letters (Cyrillic
/// `а`, `р`, `ӏ`, Greek `ο`, `ρ`), or it is a US-ASCII digit or `-`.
///
/// UTS 39 section 4 calls a string a whole-script confusable when its
/// skeleton is of another script, and Latin in Unicode holds far more
/// than what a host name is written in: IPA letters, small capitals,
/// `ĸ`, letters with combining marks. By that reading most ordinary
/// words are spoofs of strings no one registers (Russian `мир` reads
/// `ʍᴎp`, `сайт` reads `caᴎ̆ᴛ`, Greek `αθήνα` reads `aO̵ń̩va`, Armenian
/// `հայ` reads `hwj`, with `w` from `ա` but `h` from `հ`); the spoof of
/// section 8 imitates a name people know, and names under a Latin
/// top-level domain are US-ASCII (`аррӏе` reads `apple`, `ѕсоре` reads
/// `scope`). A letter whose prototype is a digit (`б` reads `6`, `з`
/// reads `3`) does not count either: it turns a word into letters and
/// digits no name is made of (`сбер` reads `c6ep`, `без` reads `6e3`),
/// and counting it would flag many ordinary words for few spoofs.
/// Chrome's IDN display policy draws the same line: a label is a
/// whole-script confusable when it is made only of its script's
/// look-alikes of Latin letters.
fn reads_as_ascii_name(text: &str) -> bool {
    text.chars()
        .all(|c| c.is_ascii_digit() || c == '-' || looks_like_ascii_letters(c))
}

/// Whether the UTS 39 prototype of `c` is US-ASCII letters (Cyrillic `а`
/// reads `a`, `ӏ` reads `l`; not `и`, which reads `ᴎ`, nor `б`, `6`).
fn looks_like_ascii_letters(c: char) -> bool {
    let prototype: String = unicode_security::skeleton(c.encode_utf8(&mut [0; 4])).collect();
    !prototype.is_empty() && prototype.bytes().all(|b| b.is_ascii_alphabetic())
}

/// The Unicode form of the host label `label` when it is a valid A-label
/// (any case, percent-encoded or not), else `label` itself.
pub(crate) fn unicode_label(label: &str) -> Cow<'_, str> {
    match is_ace(&decode_utf8_lossy(label))
        .then(|| label_to_unicode(label))
        .flatten()
    {
        Some(unicode) => Cow::Owned(unicode),
        None => Cow::Borrowed(label),
    }
}

/// UTS 46 ToUnicode of the `xn--` label `label` (its `%HH` decoded first,
/// as a host's are: `xn--%41…` is the A-label `xn--A…`), when it decodes
/// cleanly.
pub(crate) fn label_to_unicode(label: &str) -> Option<String> {
    let label = decode_utf8_lossy(label);
    let (unicode, result) = idna::uts46::Uts46::new().to_unicode(
        label.as_bytes(),
        idna::uts46::AsciiDenyList::EMPTY,
        idna::uts46::Hyphens::Allow,
    );
    result.ok()?;
    Some(String::from(unicode))
}
