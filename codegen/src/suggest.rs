//! "Did you mean": the defined rule names nearest a misspelled one.
//!
//! The one policy for rule names, the generator's (an undefined rule, an
//! unknown start rule in the configuration) and the runtime crate's
//! (`rfc3987::grammar::Rule::suggest`, behind `iri check --rule NAME`).
//! The runtime cannot depend on this crate, so it writes the same
//! function; `tests/generated_tables.rs` in the workspace root asserts
//! that both suggest the same names for a set of misspellings.
//!
//! Names compare ASCII case-insensitively (RFC 5234 section 2.1). A
//! candidate's score is its Levenshtein distance to the name, at most 2
//! when one contains the other (`ipv6` for `IPv6address`); candidates
//! within `max(len / 2, 3)` of a name of `len` bytes qualify, and the three
//! best are suggested, nearest first, ties by name.

/// How many names a suggestion lists at most.
pub const MAX_SUGGESTIONS: usize = 3;

/// Up to [`MAX_SUGGESTIONS`] of `candidates` nearest `name` (see the
/// module docs), nearest first.
pub fn nearest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let wanted = name.to_ascii_lowercase();
    let mut scored: Vec<(usize, &'a str)> = candidates
        .into_iter()
        .map(|candidate| {
            let lower = candidate.to_ascii_lowercase();
            let mut score = strsim::levenshtein(&wanted, &lower);
            if lower.contains(&wanted) || wanted.contains(&lower) {
                score = score.min(2);
            }
            (score, candidate)
        })
        .collect();
    scored.sort();
    let limit = (wanted.len() / 2).max(3);
    scored
        .into_iter()
        .filter(|&(score, _)| score <= limit)
        .take(MAX_SUGGESTIONS)
        .map(|(_, candidate)| candidate)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn near_names_nearest_first() {
        let names = ["alpha-num", "word", "IPv6address", "IPv4address"];
        assert_eq!(nearest("alpha-nun", names), ["alpha-num"]);
        assert_eq!(nearest("ipv6", names), ["IPv6address"]);
        assert_eq!(
            nearest("ipv5address", names),
            ["IPv4address", "IPv6address"]
        );
        assert_eq!(nearest("WORDS", names), ["word"]);
        assert!(nearest("zzzzzzzzzzzz", names).is_empty());
    }
}
