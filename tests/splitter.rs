//! `Splitter` against the typed parsers and the component rules, on
//! strings generated from the grammar (an independent interpretation of
//! `abnf/`) and mutated.

use rfc3987::grammar::{rules, Rule};
use rfc3987::{AbsoluteIri, Component, Components, Iri, IriRef, RelativeRef, Splitter};

mod support;
use support::gen::Generator;
use support::interp::Grammar;

/// The components a typed parser gives `text`, if it accepts it.
fn typed(rule: &Rule, text: &str) -> Option<Components<'static>> {
    let text: &'static str = Box::leak(text.to_owned().into_boxed_str());
    let name = rule.name();
    if name.eq_ignore_ascii_case("IRI-reference") || name.eq_ignore_ascii_case("URI-reference") {
        IriRef::parse(text).ok().map(|r| r.into_components())
    } else if name == "IRI" || name == "URI" {
        Iri::parse(text).ok().map(|r| r.into_components())
    } else if name.starts_with("absolute") {
        AbsoluteIri::parse(text).ok().map(|r| r.into_components())
    } else {
        RelativeRef::parse(text).ok().map(|r| r.into_components())
    }
}

#[test]
fn references_split_as_the_typed_parsers() {
    let grammar = Grammar::load();
    let mut gen = Generator::new(&grammar, 0x5_0117);
    let references = [
        &rules::IRI_REFERENCE,
        &rules::IRI,
        &rules::ABSOLUTE_IRI,
        &rules::IRELATIVE_REF,
        &rules::URI_REFERENCE,
        &rules::URI,
        &rules::ABSOLUTE_URI,
        &rules::RELATIVE_REF,
    ];
    let mut accepted = 0;
    for i in 0..20_000 {
        let rule = references[i % references.len()];
        let source = grammar.rule(rule.name()).unwrap();
        let mut text = gen.generate(source);
        if i % 3 == 0 {
            text = gen.mutate(&text);
        }
        let split = Splitter::new(rule).unwrap().split(&text);
        match rfc3987::check(rule, &text) {
            Ok(()) => {
                accepted += 1;
                let parts = split.unwrap_or_else(|e| panic!("{text}: {e}"));
                // The URI rules' strings are IRIs: the typed parser of
                // the IRI rule splits them the same way.
                assert_eq!(Some(parts), typed(rule, &text), "{} {text}", rule.name());
            }
            Err(error) => {
                let e = split.unwrap_err();
                assert_eq!(
                    (e.offset(), e.rule()),
                    (error.offset(), error.rule()),
                    "{text}"
                );
                assert_eq!(e.to_string(), error.to_string());
                assert_eq!(e.input(), text);
            }
        }
    }
    assert!(accepted > 10_000, "{accepted}");
}

#[test]
fn component_rules_give_their_component_whole() {
    let grammar = Grammar::load();
    let mut gen = Generator::new(&grammar, 0x5_0118);
    for component in Component::ALL {
        if component == Component::Authority {
            continue;
        }
        let splitter = Splitter::new(component.rule()).unwrap();
        assert_eq!(splitter.component(), Some(component));
        let source = grammar.rule(component.rule().name()).unwrap();
        for _ in 0..500 {
            let text = gen.generate(source);
            let parts = splitter.split(&text).unwrap();
            for other in Component::ALL {
                let expected = if other == component {
                    Some(text.as_str())
                } else if other == Component::Path {
                    Some("")
                } else {
                    None
                };
                assert_eq!(parts.get(other), expected, "{component} {text}");
            }
        }
    }
}

#[test]
fn authorities_split_as_in_a_reference() {
    let grammar = Grammar::load();
    let mut gen = Generator::new(&grammar, 0x5_0119);
    let splitter = Splitter::new(&rules::IAUTHORITY).unwrap();
    let source = grammar.rule("iauthority").unwrap();
    for _ in 0..5_000 {
        let text = gen.generate(source);
        let reference = format!("//{text}");
        let whole = IriRef::parse(reference.as_str()).unwrap();
        let parts = splitter.split(&text).unwrap();
        assert_eq!(parts.authority, Some(text.as_str()));
        assert_eq!(parts.userinfo, whole.userinfo(), "{text}");
        assert_eq!(parts.host, whole.host(), "{text}");
        assert_eq!(parts.port, whole.port(), "{text}");
    }
}
