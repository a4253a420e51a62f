//! The parts of `iri SUBCOMMAND --help` that every subcommand shares,
//! generated from its [`CommandSpec`]: the options section from its option
//! table (each [`OptionSpec`] with its help, then `--json`, `--help` and
//! `--`), and the output section of the subcommands that print one text
//! per input.
//!
//! A subcommand's help page is its own text before and after the options
//! ([`page`]); what is written once here stays the same on every page.

use rfc3987::grammar::Rule;

use crate::args::{CommandSpec, OptionSpec};

/// A help page: `before`, the options section of `command`, `after`.
pub fn page(before: &str, command: &CommandSpec, after: &str) -> String {
    let mut page = String::from(before);
    page.push_str(&options(command));
    page.push_str(after);
    page
}

/// `Options:` and one entry per option of `command`, the common ones last,
/// descriptions aligned in one column; ends with an empty line.
pub fn options(command: &CommandSpec) -> String {
    let mut rows: Vec<(String, &str)> = command
        .options
        .iter()
        .map(|option| (label(option), option.help))
        .collect();
    rows.push(("--json".to_owned(), command.json));
    rows.push(("-h, --help".to_owned(), "this help"));
    rows.push(("--".to_owned(), "every later argument is an input"));
    let width = rows.iter().map(|(label, _)| label.len()).max().unwrap_or(0);
    let mut text = String::from("Options:\n");
    for (label, help) in rows {
        for (i, line) in help.lines().enumerate() {
            let label = if i == 0 { label.as_str() } else { "" };
            text.push_str(&format!("  {label:width$}  {line}\n"));
        }
    }
    text.push('\n');
    text
}

/// `--name VALUE` or `--name`.
fn label(option: &OptionSpec) -> String {
    match option.value {
        Some(placeholder) => format!("--{} {placeholder}", option.name),
        None => format!("--{}", option.name),
    }
}

/// The output section of a subcommand that prints one text per input (the
/// `{"input", "output"}` object of the contract), `what` being that text.
pub fn conversion_output(what: &str) -> String {
    format!(
        "Output:\n\
         \x20 plain (default)  {what}; for an input that fails an empty\n\
         \x20                  line and, on stderr,\n\
         \x20                  line N: error at byte OFFSET: MESSAGE\n\
         \x20 --json           {{\"input\": \"...\", \"output\": \"...\"}}\n\
         \x20                  {{\"input\": \"...\", \"error\": {{\"offset\": N,\n\
         \x20                   \"message\": \"...\"}}}}\n\
         \n"
    )
}

/// Appends the names of `rules` to a help text, indented and wrapped to
/// fit 80 columns (`check` and `parse` list the rules they take).
pub fn push_rule_names<'r>(help: &mut String, rules: impl IntoIterator<Item = &'r &'static Rule>) {
    let mut line = String::new();
    for rule in rules {
        if !line.is_empty() && line.len() + 1 + rule.name().len() > 76 {
            help.push_str(&line);
            help.push('\n');
            line.clear();
        }
        line.push_str(if line.is_empty() { "  " } else { " " });
        line.push_str(rule.name());
    }
    help.push_str(&line);
    help.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_aligned_with_the_common_ones_last() {
        let command = CommandSpec {
            name: "x",
            summary: "",
            usage: "",
            options: &[
                OptionSpec {
                    name: "rule",
                    value: Some("R"),
                    help: "first line\nsecond line",
                },
                OptionSpec {
                    name: "strict",
                    value: None,
                    help: "a flag",
                },
            ],
            json: "one object per input",
            help: String::new,
        };
        assert_eq!(
            options(&command),
            "Options:\n\
             \x20 --rule R    first line\n\
             \x20             second line\n\
             \x20 --strict    a flag\n\
             \x20 --json      one object per input\n\
             \x20 -h, --help  this help\n\
             \x20 --          every later argument is an input\n\
             \n"
        );
    }
}
