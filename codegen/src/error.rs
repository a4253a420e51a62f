//! Errors with the place in the grammar they come from.

use std::fmt;
use std::sync::Arc;

/// A place in a grammar file: 1-based line and column (columns count characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loc {
    /// The file as it was named when loaded.
    pub file: Arc<str>,
    /// 1-based line number.
    pub line: usize,
    /// 1-based column, in characters.
    pub col: usize,
}

impl fmt::Display for Loc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.col)
    }
}

/// Everything that can go wrong between a grammar file and generated code.
///
/// Displays as `file:line:col: message`, followed by indented notes that
/// point at related places (the other definition, each step of a cycle).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// Where the problem is, when it is in a file.
    pub loc: Option<Loc>,
    /// What is wrong, in a sentence.
    pub message: String,
    /// Related places, each with what is there.
    pub notes: Vec<(Loc, String)>,
}

impl Error {
    /// An error at `loc`.
    pub fn at(loc: Loc, message: impl Into<String>) -> Self {
        Error {
            loc: Some(loc),
            message: message.into(),
            notes: Vec::new(),
        }
    }

    /// An error that belongs to no single place (configuration, I/O).
    pub fn general(message: impl Into<String>) -> Self {
        Error {
            loc: None,
            message: message.into(),
            notes: Vec::new(),
        }
    }

    /// Adds a note pointing at a related place.
    pub fn with_note(mut self, loc: Loc, note: impl Into<String>) -> Self {
        self.notes.push((loc, note.into()));
        self
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(loc) = &self.loc {
            write!(f, "{loc}: ")?;
        }
        f.write_str(&self.message)?;
        for (loc, note) in &self.notes {
            write!(f, "\n  {loc}: {note}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Error {}
