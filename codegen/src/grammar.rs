//! Loading grammar files: ABNF text to one merged set of rules with locations.
//!
//! The `abnf` crate parses rule syntax but keeps no positions, so the loader
//! does the bookkeeping around it:
//!
//! 1. A file is cut into *chunks*, one per rule: a rule starts on a line whose
//!    first character is a letter (RFC 5234 section 4 requires rule names to
//!    start in column 1), and runs until the next such line. Blank and
//!    comment-only lines at the end of a chunk are dropped.
//! 2. Each chunk is parsed with [`abnf::rule`]; its error report names a line
//!    and a caret column inside the chunk, which become `file:line:col`.
//! 3. Rule names referenced in a chunk are located by a small tokenizer that
//!    skips comments, strings, prose and numeric values, so that an undefined
//!    reference is reported where it is written.
//!
//! Rules are merged across files with case-insensitive names (RFC 5234 section
//! 2.1); `=/` adds alternatives to a rule defined earlier (section 3.3).
//!
//! One construct is read specially: a prose value repeated zero times, as in
//! RFC 3986's `path-empty = 0<pchar>`, matches the empty string and its prose
//! is never looked at. Any other prose value cannot be compiled and is
//! reported by the NFA stage.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use abnf::types::{Kind, Node, Repeat};

use crate::error::{Error, Loc};

/// A rule after merging: its expression and where it came from.
#[derive(Clone, Debug)]
pub struct RuleDef {
    /// The name as first written.
    pub name: String,
    /// The expression; `=/` additions are folded in as alternatives.
    pub node: Node,
    /// Where the name of the (first) definition stands.
    pub loc: Loc,
    /// Every rule name the definition refers to, where it is first written.
    pub refs: Vec<(String, Loc)>,
    /// The definition's text as written (all parts, for `=/`), for docs.
    pub source: String,
}

/// A set of rules loaded from one or more files.
#[derive(Clone, Debug, Default)]
pub struct Grammar {
    rules: Vec<RuleDef>,
    by_name: HashMap<String, usize>,
}

impl Grammar {
    /// Loads and merges grammar files in order.
    pub fn load<P: AsRef<Path>>(paths: &[P]) -> Result<Grammar, Error> {
        let mut sources = Vec::new();
        for path in paths {
            let path = path.as_ref();
            let text = std::fs::read_to_string(path).map_err(|e| {
                Error::general(format!("cannot read grammar file {}: {e}", path.display()))
            })?;
            sources.push((path.display().to_string(), text));
        }
        Grammar::from_sources(&sources)
    }

    /// Merges grammar texts given as `(file name, text)` pairs, in order.
    pub fn from_sources<S: AsRef<str>, T: AsRef<str>>(
        sources: &[(S, T)],
    ) -> Result<Grammar, Error> {
        let mut grammar = Grammar::default();
        for (file, text) in sources {
            let file: Arc<str> = Arc::from(file.as_ref());
            for chunk in chunks(&file, text.as_ref())? {
                grammar.add(parse_chunk(&file, &chunk)?)?;
            }
        }
        grammar.check_references()?;
        Ok(grammar)
    }

    /// All rules, in the order they were first defined.
    pub fn rules(&self) -> &[RuleDef] {
        &self.rules
    }

    /// The rule named `name`, ignoring ASCII case.
    pub fn get(&self, name: &str) -> Option<&RuleDef> {
        self.by_name
            .get(&name.to_ascii_lowercase())
            .map(|&i| &self.rules[i])
    }

    /// The rule named `name`, or an error that suggests the nearest names.
    pub fn require(&self, name: &str) -> Result<&RuleDef, Error> {
        self.get(name).ok_or_else(|| {
            Error::general(format!(
                "rule `{name}` is not defined{}",
                self.did_you_mean(name)
            ))
        })
    }

    /// Whether the rule `name` matches only strings of bounded length: no
    /// repetition without an upper bound, no recursion (a rule reached
    /// again while it is being looked at counts as unbounded). Undefined
    /// names and prose are bounded (they are reported elsewhere).
    pub fn is_finite(&self, name: &str) -> bool {
        self.finite_rule(name, &mut Vec::new())
    }

    fn finite_rule(&self, name: &str, open: &mut Vec<String>) -> bool {
        let key = name.to_ascii_lowercase();
        if open.contains(&key) {
            return false;
        }
        let Some(rule) = self.get(name) else {
            return true;
        };
        open.push(key);
        let finite = self.finite_node(&rule.node, open);
        open.pop();
        finite
    }

    fn finite_node(&self, node: &Node, open: &mut Vec<String>) -> bool {
        match node {
            Node::Alternatives(nodes) | Node::Concatenation(nodes) => {
                nodes.iter().all(|n| self.finite_node(n, open))
            }
            Node::Repetition { repeat, node } => match repeat {
                // `0<prose>` and `*0x` match only the empty string.
                Repeat::Specific(0) | Repeat::Variable { max: Some(0), .. } => true,
                Repeat::Specific(_) | Repeat::Variable { max: Some(_), .. } => {
                    self.finite_node(node, open)
                }
                Repeat::Variable { max: None, .. } => false,
            },
            Node::Rulename(name) => self.finite_rule(name, open),
            Node::Group(node) | Node::Optional(node) => self.finite_node(node, open),
            Node::String(_) | Node::TerminalValues(_) | Node::Prose(_) => true,
        }
    }

    /// The rules that are *pieces* of a larger fixed-size construct:
    /// finite ([`is_finite`](Self::is_finite)), referenced, and referenced
    /// only from finite rules (`h16` and `ls32` inside `IPv6address`,
    /// `dec-octet` inside `IPv4address`). Messages name the construct the
    /// user wrote, not its pieces; a finite rule that an unbounded one
    /// also uses (`IPv4address` in `host`) stays a name of its own.
    pub fn pieces(&self) -> Vec<&str> {
        self.rules
            .iter()
            .filter(|rule| self.is_finite(&rule.name))
            .filter(|rule| {
                let mut referrers = self
                    .rules
                    .iter()
                    .filter(|r| {
                        r.refs
                            .iter()
                            .any(|(n, _)| n.eq_ignore_ascii_case(&rule.name))
                    })
                    .peekable();
                referrers.peek().is_some() && referrers.all(|r| self.is_finite(&r.name))
            })
            .map(|rule| rule.name.as_str())
            .collect()
    }

    /// `"; did you mean `x`?"` for the defined names closest to `name`
    /// ([`crate::suggest::nearest`]).
    pub fn did_you_mean(&self, name: &str) -> String {
        let close: Vec<String> =
            crate::suggest::nearest(name, self.rules.iter().map(|r| r.name.as_str()))
                .into_iter()
                .map(|n| format!("`{n}`"))
                .collect();
        if close.is_empty() {
            String::new()
        } else {
            format!("; did you mean {}?", close.join(" or "))
        }
    }

    fn add(
        &mut self,
        (rule, loc, refs, source): (abnf::types::Rule, Loc, Vec<(String, Loc)>, String),
    ) -> Result<(), Error> {
        let key = rule.name().to_ascii_lowercase();
        match (rule.kind(), self.by_name.get(&key)) {
            (Kind::Basic, None) => {
                self.by_name.insert(key, self.rules.len());
                self.rules.push(RuleDef {
                    name: rule.name().to_string(),
                    node: rule.node().clone(),
                    loc,
                    refs,
                    source,
                });
                Ok(())
            }
            (Kind::Basic, Some(&i)) => {
                Err(
                    Error::at(loc, format!("rule `{}` is defined twice", rule.name())).with_note(
                        self.rules[i].loc.clone(),
                        "first defined here; use `=/` to add alternatives",
                    ),
                )
            }
            (Kind::Incremental, None) => Err(Error::at(
                loc,
                format!(
                    "`{} =/` adds alternatives to a rule that is not defined before it",
                    rule.name()
                ),
            )),
            (Kind::Incremental, Some(&i)) => {
                let existing = &mut self.rules[i];
                let mut alternatives =
                    match std::mem::replace(&mut existing.node, Node::Alternatives(Vec::new())) {
                        Node::Alternatives(list) => list,
                        other => vec![other],
                    };
                alternatives.push(rule.node().clone());
                existing.node = Node::Alternatives(alternatives);
                existing.refs.extend(refs);
                existing.source.push('\n');
                existing.source.push_str(&source);
                Ok(())
            }
        }
    }

    fn check_references(&self) -> Result<(), Error> {
        for rule in &self.rules {
            for (name, loc) in &rule.refs {
                if self.get(name).is_none() {
                    return Err(Error::at(
                        loc.clone(),
                        format!(
                            "rule `{name}` is not defined (used in `{}`){}",
                            rule.name,
                            self.did_you_mean(name)
                        ),
                    ));
                }
            }
        }
        Ok(())
    }
}

/// One rule's lines: the text and the 1-based line it starts on.
struct Chunk {
    text: String,
    first_line: usize,
}

fn is_blank_or_comment(line: &str) -> bool {
    let trimmed = line.trim_start();
    trimmed.is_empty() || trimmed.starts_with(';')
}

fn chunks(file: &Arc<str>, text: &str) -> Result<Vec<Chunk>, Error> {
    let mut chunks: Vec<Chunk> = Vec::new();
    let mut current: Option<(usize, Vec<&str>)> = None;
    let flush = |current: &mut Option<(usize, Vec<&str>)>, chunks: &mut Vec<Chunk>| {
        if let Some((first_line, mut lines)) = current.take() {
            while lines.last().is_some_and(|l| is_blank_or_comment(l)) {
                lines.pop();
            }
            let mut text = lines.join("\n");
            text.push('\n');
            chunks.push(Chunk { text, first_line });
        }
    };
    for (i, line) in text.lines().enumerate() {
        let line = line.strip_suffix('\r').unwrap_or(line);
        let starts_rule = line.chars().next().is_some_and(|c| c.is_ascii_alphabetic());
        if starts_rule {
            flush(&mut current, &mut chunks);
            current = Some((i + 1, vec![line]));
        } else if let Some((_, lines)) = current.as_mut() {
            lines.push(line);
        } else if !is_blank_or_comment(line) {
            let col = line.chars().take_while(|c| c.is_whitespace()).count() + 1;
            let message = if col > 1 {
                "a continuation line with no rule before it (a rule name starts in column 1)"
            } else {
                "expected a rule name (a letter in column 1), a comment or a blank line"
            };
            return Err(Error::at(
                Loc {
                    file: file.clone(),
                    line: i + 1,
                    col,
                },
                message,
            ));
        }
    }
    flush(&mut current, &mut chunks);
    Ok(chunks)
}

type Parsed = (abnf::types::Rule, Loc, Vec<(String, Loc)>, String);

fn parse_chunk(file: &Arc<str>, chunk: &Chunk) -> Result<Parsed, Error> {
    let at = |line_in_chunk: usize, col: usize| Loc {
        file: file.clone(),
        line: chunk.first_line + line_in_chunk,
        col,
    };
    let names = rulenames(&chunk.text);
    let Some(&(_, def_line, def_col)) = names.first() else {
        return Err(Error::at(at(0, 1), "expected a rule name"));
    };
    let rule =
        abnf::rule(&chunk.text).map_err(|e| syntax_error(&e.to_string(), &chunk.text, &at))?;
    let refs = names[1..]
        .iter()
        .map(|(name, line, col)| (name.clone(), at(*line, *col)))
        .collect();
    Ok((
        rule,
        at(def_line, def_col),
        refs,
        chunk.text.trim_end().to_string(),
    ))
}

/// Turns the `abnf` crate's report (`0: at line N[, in X]:`, the line, a caret
/// line, maybe `expected ..., found ...`) into a located error.
fn syntax_error(report: &str, chunk: &str, at: &dyn Fn(usize, usize) -> Loc) -> Error {
    let mut lines = report.lines();
    let line_no = lines
        .next()
        .and_then(|l| l.split("at line ").nth(1))
        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|n| n.parse::<usize>().ok())
        .unwrap_or(1)
        .max(1);
    let _echo = lines.next();
    let col = lines.next().map_or(1, |caret| {
        caret.chars().take_while(|&c| c != '^').count() + 1
    });
    let detail = lines
        .next()
        .filter(|l| l.starts_with("expected"))
        .map(|l| format!(" ({l})"))
        .unwrap_or_default();
    let line_text = chunk.lines().nth(line_no - 1).unwrap_or("");
    let near: String = line_text.chars().skip(col - 1).take(12).collect();
    let what = if near.trim().is_empty() {
        "end of line".to_string()
    } else {
        format!("`{}`", near.trim_end())
    };
    Error::at(
        at(line_no - 1, col),
        format!("ABNF syntax error near {what}{detail}"),
    )
}

/// Rule names in a chunk with their 0-based line and 1-based column: the
/// definition first, then each reference. Comments, strings, prose values
/// and numeric values are skipped, so their contents are never mistaken for
/// names.
fn rulenames(text: &str) -> Vec<(String, usize, usize)> {
    let mut found = Vec::new();
    for (line_no, line) in text.lines().enumerate() {
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            match chars[i] {
                ';' => break,
                '"' => {
                    i += 1;
                    while i < chars.len() && chars[i] != '"' {
                        i += 1;
                    }
                    i += 1;
                }
                '<' => {
                    while i < chars.len() && chars[i] != '>' {
                        i += 1;
                    }
                    i += 1;
                }
                '%' => {
                    i += 1;
                    while i < chars.len()
                        && (chars[i].is_ascii_alphanumeric() || chars[i] == '.' || chars[i] == '-')
                    {
                        i += 1;
                    }
                }
                c if c.is_ascii_alphabetic() => {
                    let start = i;
                    while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '-') {
                        i += 1;
                    }
                    found.push((chars[start..i].iter().collect(), line_no, start + 1));
                }
                _ => i += 1,
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(text: &str) -> Result<Grammar, Error> {
        Grammar::from_sources(&[("test.abnf", text)])
    }

    #[test]
    fn finite_rules_and_their_pieces() {
        let g = load(
            "top = 1*part / fixed\n\
             fixed = piece \".\" piece / [inner] 2*3\"x\"\n\
             piece = 1*3DIGIT\n\
             inner = piece\n\
             shared = 2DIGIT\n\
             part = shared / \"-\"\n\
             loop = \"(\" [loop] \")\"\n\
             empty = 0<prose>\n\
             DIGIT = %x30-39\n",
        )
        .unwrap();
        assert!(!g.is_finite("top") && !g.is_finite("loop"));
        for name in [
            "fixed", "piece", "inner", "shared", "part", "empty", "DIGIT",
        ] {
            assert!(g.is_finite(name), "{name}");
        }
        // `piece` and `inner` are used only inside `fixed`, which is
        // finite; `fixed` and `part` are used by the unbounded `top`;
        // `shared` only by `part`, itself finite.
        let mut pieces = g.pieces();
        pieces.sort_unstable();
        assert_eq!(pieces, ["DIGIT", "inner", "piece", "shared"]);
    }

    #[test]
    fn merges_case_insensitively_and_incrementally() {
        let g = load("a = B / \"x\"\nb = \"y\"\nA =/ \"z\"\n").unwrap();
        assert_eq!(g.rules().len(), 2);
        let a = g.get("A").unwrap();
        assert!(matches!(&a.node, Node::Alternatives(list) if list.len() == 3));
        assert_eq!(a.refs[0].0, "B");
    }

    #[test]
    fn references_across_files() {
        let g =
            Grammar::from_sources(&[("one.abnf", "a = b\n"), ("two.abnf", "b = \"x\"\n")]).unwrap();
        assert!(g.get("a").is_some() && g.get("b").is_some());
    }

    #[test]
    fn undefined_rule_is_located_and_suggests() {
        let err =
            load("; header\nalpha-num = \"x\"\nword = 1*alpha-nun ; not alpha-num\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "test.abnf:3:10: rule `alpha-nun` is not defined (used in `word`); did you mean `alpha-num`?"
        );
    }

    #[test]
    fn duplicate_definition_points_at_both() {
        let err = load("a = \"x\"\n\na = \"y\"\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "test.abnf:3:1: rule `a` is defined twice\n  test.abnf:1:1: first defined here; use `=/` to add alternatives"
        );
    }

    #[test]
    fn syntax_error_has_line_and_column() {
        let err = load("a = \"x\"\nb = c\n    / d ]\nc = \"1\"\nd = \"2\"\n").unwrap_err();
        assert_eq!(
            err.loc.as_ref().map(|l| (l.line, l.col)),
            Some((3, 9)),
            "{err}"
        );
        assert!(
            err.message.starts_with("ABNF syntax error near `]`"),
            "{err}"
        );
    }

    #[test]
    fn stray_lines_are_errors() {
        let err = load("a = \"x\"\n1b = \"y\"\n").unwrap_err();
        assert_eq!(err.loc.map(|l| (l.line, l.col)), Some((2, 1)));
        let err = load("   / \"y\"\n").unwrap_err();
        assert_eq!(err.loc.map(|l| (l.line, l.col)), Some((1, 4)));
    }

    #[test]
    fn incremental_before_definition_is_an_error() {
        let err = load("a =/ \"x\"\n").unwrap_err();
        assert!(
            err.to_string().starts_with("test.abnf:1:1: `a =/` adds"),
            "{err}"
        );
    }

    #[test]
    fn names_inside_strings_comments_and_values_are_not_references() {
        let g = load("a = \"b c\" <d e> %x41-5A %s\"Q\" ; f g\n").unwrap();
        assert!(g.get("a").unwrap().refs.is_empty());
    }
}
