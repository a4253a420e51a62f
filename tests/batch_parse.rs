//! `parse_all` and `parse_batch` of the four IRI types give, for every
//! input and in order, what `parse` gives alone: the same value (text and
//! components) or the same error (offset, rule, message), whatever the
//! lengths around it.

use rfc3987::{AbsoluteIri, Iri, IriRef, ParseError, RelativeRef};

mod support;
use support::gen::Generator;
use support::interp::Grammar;

/// Generated references, mutated ones (mostly invalid) and random
/// strings, with long copies (over the 256 bytes a lane takes) mixed in.
fn inputs() -> Vec<String> {
    let grammar = Grammar::load();
    let rule = grammar.rule("IRI-reference").unwrap();
    let mut gen = Generator::new(&grammar, 0xBA7C_9A55);
    let mut texts = Vec::new();
    for i in 0..6_000 {
        let text = gen.generate(rule);
        texts.push(match i % 4 {
            0 => gen.mutate(&text),
            1 if i % 40 == 1 => gen.random_string(),
            2 if i % 20 == 2 && !text.is_empty() => text.repeat(1 + 300 / text.len()),
            _ => text,
        });
    }
    texts.push(String::new());
    texts
}

/// The same verdict, value and error.
fn same<T: PartialEq + std::fmt::Debug>(
    batched: Result<T, ParseError>,
    alone: Result<T, ParseError>,
    text: &str,
) -> bool {
    match (batched, alone) {
        (Ok(a), Ok(b)) => {
            assert_eq!(a, b, "{text:?}");
            true
        }
        (Err(a), Err(b)) => {
            assert_eq!(
                (a.offset(), a.rule(), a.to_string(), format!("{a:#}")),
                (b.offset(), b.rule(), b.to_string(), format!("{b:#}")),
                "{text:?}"
            );
            false
        }
        (a, b) => panic!("{text:?}: batched {a:?}, alone {b:?}"),
    }
}

/// Compares one type's batch with its single parse, on every block size
/// around the batch's (64) and on the whole list.
macro_rules! compare {
    ($Type:ident, $texts:expr) => {{
        let texts: Vec<&str> = $texts.iter().map(String::as_str).collect();
        let (mut valid, mut compared) = (0, 0);
        for take in [0, 1, 3, 63, 64, 65, 129, texts.len()] {
            let some = &texts[..take.min(texts.len())];
            let batched: Vec<_> = $Type::parse_all(some.iter().copied()).collect();
            assert_eq!(batched.len(), some.len());
            for (text, parsed) in some.iter().zip(batched) {
                // The components too, not only the text (`==` compares text).
                if let Ok(value) = &parsed {
                    let alone = $Type::parse(*text).unwrap();
                    assert_eq!(
                        format!("{:?}", value.components()),
                        format!("{:?}", alone.components())
                    );
                }
                valid += usize::from(same(parsed, $Type::parse(*text), text));
                compared += 1;
            }
        }
        let batch = $Type::parse_batch(&texts);
        for (text, parsed) in texts.iter().zip(batch) {
            same(parsed, $Type::parse(*text), text);
        }
        (valid, compared)
    }};
}

#[test]
fn batches_give_what_parse_gives_alone() {
    let texts = inputs();
    let counts = [
        compare!(IriRef, texts),
        compare!(Iri, texts),
        compare!(AbsoluteIri, texts),
        compare!(RelativeRef, texts),
    ];
    // Each type accepted some inputs and rejected others.
    for (valid, compared) in counts {
        assert!(valid > 100 && valid < compared, "{counts:?}");
    }
}
