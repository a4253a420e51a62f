//! Regularity: a rule that refers to itself cannot become a DFA.
//!
//! ABNF allows recursion (`group = "(" group ")" / "x"`), which describes
//! languages no finite automaton recognizes. Some recursive rules are still
//! regular (tail recursion), but telling them apart is not worth the
//! complexity: every rule compiled here must reach no cycle in the
//! reference graph, and a cycle is reported with every step located.

use crate::error::{Error, Loc};
use crate::grammar::Grammar;

/// Checks that nothing reachable from `start` refers back to itself.
pub fn check(grammar: &Grammar, start: &str) -> Result<(), Error> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        OnPath,
        Done,
    }
    let index = |name: &str| {
        grammar
            .rules()
            .iter()
            .position(|r| r.name.eq_ignore_ascii_case(name))
    };
    let mut marks = vec![Mark::New; grammar.rules().len()];
    let Some(root) = index(start) else {
        return grammar.require(start).map(|_| ());
    };
    // Depth-first, iteratively: the stack holds (rule, next reference to
    // follow); `steps` holds the reference taken out of each rule on it.
    let mut stack: Vec<(usize, usize)> = vec![(root, 0)];
    let mut steps: Vec<Loc> = Vec::new();
    marks[root] = Mark::OnPath;
    while let Some(&mut (rule, ref mut next)) = stack.last_mut() {
        let refs = &grammar.rules()[rule].refs;
        if *next == refs.len() {
            marks[rule] = Mark::Done;
            stack.pop();
            steps.pop();
            continue;
        }
        let (target_name, loc) = &refs[*next];
        *next += 1;
        let Some(target) = index(target_name) else {
            continue;
        };
        match marks[target] {
            Mark::Done => {}
            Mark::New => {
                marks[target] = Mark::OnPath;
                steps.push(loc.clone());
                stack.push((target, 0));
            }
            Mark::OnPath => {
                let from = stack.iter().position(|&(r, _)| r == target).unwrap_or(0);
                let mut names: Vec<&str> = stack[from..]
                    .iter()
                    .map(|&(r, _)| grammar.rules()[r].name.as_str())
                    .collect();
                names.push(&grammar.rules()[target].name);
                let mut error = Error::at(
                    loc.clone(),
                    format!(
                        "rule `{}` refers to itself: {} (recursion cannot be compiled to a finite automaton)",
                        names[0],
                        names.join(" -> ")
                    ),
                );
                let mut locs: Vec<Loc> = steps[from..].to_vec();
                locs.push(loc.clone());
                for (pair, at) in names.windows(2).zip(locs) {
                    error =
                        error.with_note(at, format!("`{}` refers to `{}` here", pair[0], pair[1]));
                }
                return Err(error);
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_each_step_of_a_cycle() {
        let g = Grammar::from_sources(&[("t.abnf", "top = a\na = \"(\" b \")\"\nb = \"x\" / a\n")])
            .unwrap();
        let err = check(&g, "top").unwrap_err();
        assert_eq!(
            err.to_string(),
            "t.abnf:3:11: rule `a` refers to itself: a -> b -> a (recursion cannot be compiled to a finite automaton)\n  \
             t.abnf:2:9: `a` refers to `b` here\n  t.abnf:3:11: `b` refers to `a` here"
        );
    }

    #[test]
    fn direct_self_reference() {
        let g = Grammar::from_sources(&[("t.abnf", "list = \"x\" [ \",\" list ]\n")]).unwrap();
        let err = check(&g, "list").unwrap_err();
        assert!(
            err.to_string()
                .starts_with("t.abnf:1:18: rule `list` refers to itself: list -> list"),
            "{err}"
        );
    }

    #[test]
    fn shared_subrules_are_not_cycles() {
        let g = Grammar::from_sources(&[("t.abnf", "top = a b a\na = b\nb = \"x\"\n")]).unwrap();
        check(&g, "top").unwrap();
    }
}
