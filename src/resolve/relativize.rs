//! The inverse of resolution: the shortest reference that resolves
//! against a base to a given target (see the [parent module's
//! docs](super#relativize)).

use alloc::string::String;

use super::{remove_dot_segments, transform, Directory, Parsed};
use crate::parse_error::Kind;
use crate::types::parse_str;
use crate::{Error, Input};
use crate::{Iri, IriRef};

/// The shortest reference that resolves against `base` to `target`. Both
/// must match `IRI`; `base`'s fragment is ignored, `target`'s is kept.
///
/// `resolve(base, relativize(base, target)) == target` whenever some
/// reference resolves to `target`, in particular whenever `target`'s path
/// has no dot segments (resolution removes them). When none does, the
/// result is `target` itself, which resolves to `target` without its dot
/// segments.
///
/// ```
/// use rfc3987::resolve::{relativize, resolve};
/// let base = "http://a/b/c/d;p?q";
/// for (target, reference) in [
///     ("http://a/b/c/d;p?q", ""),
///     ("http://a/b/c/d;p?q#s", "#s"),
///     ("http://a/b/c/d;p?y", "?y"),
///     ("http://a/b/c/d;p", "d;p"),
///     ("http://a/b/c/", "."),
///     ("http://a/b/", ".."),
///     ("http://a/b/c/g:h", "./g:h"),
///     ("http://a/x/y", "/x/y"),
///     ("http://z/b/c", "//z/b/c"),
///     ("ftp://a/b/c", "ftp://a/b/c"),
/// ] {
///     assert_eq!(relativize(base, target).unwrap(), reference);
///     assert_eq!(resolve(base, reference).unwrap(), target);
/// }
/// ```
// `#[inline]`: compiled only in a crate that calls it (see
// `crate::check_batch`).
#[inline]
pub fn relativize(base: &str, target: &str) -> Result<String, Error> {
    let base = parse_str(base, Kind::Iri).map_err(|e| Error::in_input(Input::Base, e))?;
    let target = parse_str(target, Kind::Iri).map_err(|e| Error::in_input(Input::Target, e))?;
    Ok(relativize_parsed(&base, &target))
}

/// The inverse of resolution on parsed values.
impl<T: AsRef<str>> Iri<T> {
    /// The shortest reference that resolves against this IRI to `target`
    /// (see [`relativize`]).
    ///
    /// ```
    /// use rfc3987::Iri;
    /// let base = Iri::parse("http://a/b/c/d;p?q")?;
    /// let target = Iri::parse("http://a/b/g")?;
    /// let reference = base.relativize(&target);
    /// assert_eq!(reference, "../g");
    /// assert_eq!(base.resolve(&reference), target);
    /// # Ok::<(), rfc3987::ParseError>(())
    /// ```
    pub fn relativize<U: AsRef<str>>(&self, target: &Iri<U>) -> IriRef<String> {
        let text = relativize_parsed(&self.0, &target.0);
        let pos = crate::components::split(&text);
        IriRef::from_positions(text, pos)
    }
}

/// [`relativize`] of the parsed IRIs `base` and `target`.
fn relativize_parsed<T: AsRef<str>, U: AsRef<str>>(base: &IriRef<T>, target: &IriRef<U>) -> String {
    let (b, t) = (base.components(), target.components());
    let base = Parsed::of(base);
    let target = target.as_str();
    let mut best: Option<String> = None;
    let mut scratch = String::new();
    let mut consider = |candidate: String| {
        if best.as_ref().is_some_and(|b| b.len() <= candidate.len()) {
            return;
        }
        scratch.clear();
        // The candidate is made of the target's components: an
        // `IRI-reference` with nothing to validate.
        let reference = Parsed {
            text: &candidate,
            pos: crate::components::split(&candidate),
        };
        transform(&base, None, &reference, true, &mut scratch);
        if scratch == target {
            best = Some(candidate);
        }
    };

    if t.scheme == b.scheme {
        if t.authority == b.authority {
            if t.path == b.path && t.query == b.query {
                // "" keeps base path and query; the fragment is always the
                // reference's.
                consider(with_tail(String::new(), None, t.fragment));
            }
            if t.path == b.path && t.query.is_some() {
                consider(with_tail(String::new(), t.query, t.fragment));
            }
            // Paths as resolution sees them once it has merged: without
            // dot segments (which also undoes `/.//` protection).
            let mut dir = String::new();
            remove_dot_segments(Directory::of(&base).text(&base), &mut dir);
            let mut path = String::with_capacity(t.path.len());
            remove_dot_segments(t.path, &mut path);
            if let Some(relative) = relative_path(&dir, &path) {
                consider(with_tail(relative, t.query, t.fragment));
            }
            if path.starts_with('/') {
                let mut absolute = String::with_capacity(path.len() + 2);
                if path.starts_with("//") {
                    absolute.push_str("/.");
                }
                absolute.push_str(&path);
                consider(with_tail(absolute, t.query, t.fragment));
            }
        }
        if let Some(authority) = t.authority {
            let mut network = String::with_capacity(target.len());
            network.push_str("//");
            network.push_str(authority);
            network.push_str(t.path);
            consider(with_tail(network, t.query, t.fragment));
        }
    }
    consider(String::from(target));
    // The target itself resolves to itself unless its path has dot
    // segments; then no candidate may reach it, and it is the answer anyway.
    best.unwrap_or_else(|| String::from(target))
}

/// `prefix` followed by `?query` and `#fragment` when defined.
fn with_tail(mut prefix: String, query: Option<&str>, fragment: Option<&str>) -> String {
    if let Some(q) = query {
        prefix.push('?');
        prefix.push_str(q);
    }
    if let Some(f) = fragment {
        prefix.push('#');
        prefix.push_str(f);
    }
    prefix
}

/// A relative-path reference from the directory `dir` (section 5.2.3's,
/// without dot segments) to `path`: `../` once per directory of `dir`
/// below the longest common directory, then the rest of `path`. An empty
/// `path` is reached by `.` from the empty directory of a rootless base
/// path (`a:b`), and not at all from a directory that has a `/`.
// `#[inline]`: compiled only in a crate that relativizes (see
// `crate::check_batch`).
#[inline]
fn relative_path(dir: &str, path: &str) -> Option<String> {
    if path.is_empty() {
        return dir.is_empty().then(|| String::from("."));
    }
    // Longest common prefix of `dir` and `path` that ends just after a '/'.
    // The byte-wise common prefix may end inside a character (`é` and `ê`
    // share their lead byte), so it is cut back to a '/' on the bytes
    // before any `str` is sliced: just after an ASCII '/' is a character
    // boundary in both strings.
    let common = dir
        .bytes()
        .zip(path.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    let common = dir.as_bytes()[..common]
        .iter()
        .rposition(|&b| b == b'/')
        .map_or(0, |i| i + 1);
    let ups = dir[common..].bytes().filter(|&b| b == b'/').count();
    let rest = &path[common..];
    let mut out = String::with_capacity(3 * ups + rest.len() + 2);
    for _ in 0..ups {
        out.push_str("../");
    }
    if rest.is_empty() {
        if ups == 0 {
            // The directory itself: "." resolves to it.
            out.push('.');
        } else {
            // "../.." means "../../" and is one byte shorter.
            out.pop();
        }
        return Some(out);
    }
    let first_segment = rest.split('/').next().unwrap_or("");
    if ups == 0 && (rest.starts_with('/') || first_segment.contains(':')) {
        // "/x" would be an absolute path, "g:h" a scheme.
        out.push_str("./");
    }
    out.push_str(rest);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_paths_from_directories() {
        assert_eq!(relative_path("/a/b/", "/a/b/c").unwrap(), "c");
        assert_eq!(relative_path("/a/b/", "/a/x").unwrap(), "../x");
        assert_eq!(relative_path("/a/b/", "/a/").unwrap(), "..");
        assert_eq!(relative_path("/a/b/", "/a/b/").unwrap(), ".");
        assert_eq!(relative_path("/a/b/", "/a/b//x").unwrap(), ".//x");
        assert_eq!(relative_path("/a/", "/a/x:y/z").unwrap(), "./x:y/z");
        assert_eq!(relative_path("/a/", "/b/x:y").unwrap(), "../b/x:y");
        assert_eq!(relative_path("/abc/", "/abd/").unwrap(), "../abd/");
        // First differing characters that share their UTF-8 lead byte.
        assert_eq!(relative_path("/é/", "/ê").unwrap(), "../ê");
        assert_eq!(
            relative_path("/docs/résumé/", "/docs/rêve").unwrap(),
            "../rêve"
        );
        assert_eq!(relative_path("/日本/", "/日時").unwrap(), "../日時");
        assert_eq!(relative_path("", "x").unwrap(), "x");
        assert!(relative_path("/", "").is_none());
        assert_eq!(relative_path("", "").unwrap(), ".");
    }
}
