//! Every operation runs in time linear in its input and memory bounded by
//! it, on pathological inputs.
//!
//! Each operation (parsing and the [`Builder`] in [`PARSE_OPS`], the
//! section 3 mappings with and without IDNA in [`MAPPING_OPS`],
//! normalization and equivalence on the syntax and scheme rungs in
//! [`NORMALIZE_OPS`], resolution and relativization either way round in
//! [`RESOLVE_OPS`]) meets each pathological IRI shape ([`SHAPES`]: dot
//! segments, percent runs valid and not, long IP literals, `xn--` labels,
//! non-ASCII runs, `//`, `[`, `:` and `@` runs, long queries and userinfo),
//! and each of `encode`'s helpers for both targets ([`ENCODE_OPS`]) meets
//! each text shape ([`TEXT_SHAPES`]), as do `percent`'s decoding and
//! `query`'s helpers, at about 1 KB and about 1 MB.
//!
//! The check is a ratio, never an absolute time: the time per input byte
//! at 1 MB over the time per input byte at 1 KB must stay under
//! [`MAX_RATIO`]. A linear algorithm gives about 1 (less where
//! a fixed cost per call weighs on the small input, more where the large
//! one misses the caches); a quadratic one gives about 1000, since the large
//! input is 1000 times longer. Timings are the minimum of several runs
//! (the 1 KB one over a batch long enough for the clock), and a pair over
//! the bound is measured again, up to [`RETRIES`] more times, before it
//! counts as a failure, so that a busy machine slows a run down rather
//! than failing it.
//!
//! Memory is bounded two ways at 1 MB: the output is at most
//! [`MAX_OUTPUT_PER_BYTE`] bytes per input byte (percent-encoding a byte
//! makes three), and the peak of live heap bytes during the call, counted
//! by this binary's global allocator ([`Counting`]), is at most
//! [`MAX_HEAP_PER_BYTE`] bytes per input byte.
//!
//! Inputs are valid or not as they come: an operation that rejects an input
//! must do so in linear time too, so error paths are measured alike.
//!
//! A rejected input costs the functions on strings no heap at all
//! ([`rejections_do_not_allocate`]): their errors hold the typed error
//! inline, so a loop over a crawl's tokens pays for the invalid ones what
//! a check pays.
//!
//! The whole table is printed (`--nocapture`), with the ratio and the peak
//! heap of each pair.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::hint::black_box;
use std::time::{Duration, Instant};

use rfc3987::encode::{self, Target};
#[cfg(feature = "text")]
use rfc3987::entry;
use rfc3987::grammar::rules;
use rfc3987::mapping::{ToIri, ToUri};
use rfc3987::normalize::{equiv, Level, Normalizer};
use rfc3987::query::{self, Style};
use rfc3987::resolve::{relativize, resolve};
use rfc3987::{percent, Builder, IriRef};

/// The bound on (time per byte at 1 MB) / (time per byte at 1 KB).
const MAX_RATIO: f64 = 20.0;
/// Measurements of a pair over [`MAX_RATIO`] before it fails.
const RETRIES: usize = 4;
/// Output bytes per input byte, at most (plus [`SLACK`]).
const MAX_OUTPUT_PER_BYTE: usize = 3;
/// Peak live heap bytes per input byte during one call, at most (plus
/// [`SLACK`]).
const MAX_HEAP_PER_BYTE: usize = 16;
/// Constant allowance for the bounds above.
const SLACK: usize = 4096;
/// The two sizes, in bytes (each shape comes close to them).
const SMALL: usize = 1 << 10;
const LARGE: usize = 1 << 20;
/// A batch of 1 KB calls lasts at least this long.
const MIN_BATCH: Duration = Duration::from_millis(2);

// ---------------------------------------------------------------------
// The counting allocator

/// `System`, counting the live heap bytes of each thread and their peak.
/// Per thread, so that tests running side by side do not see each other's
/// allocations; a block freed by another thread than the one that
/// allocated it skews both counts, which the calls measured here never do.
struct Counting;

thread_local! {
    /// Bytes this thread has allocated and not freed.
    static LIVE: Cell<usize> = const { Cell::new(0) };
    /// The most [`LIVE`] has been since [`reset_peak`].
    static PEAK: Cell<usize> = const { Cell::new(0) };
}

fn grew(bytes: usize) {
    // `try_with`: the allocator may run while the thread's locals are
    // being torn down; it must not panic then.
    let _ = LIVE.try_with(|live| {
        let now = live.get() + bytes;
        live.set(now);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(now)));
    });
}

fn shrank(bytes: usize) {
    let _ = LIVE.try_with(|live| live.set(live.get().saturating_sub(bytes)));
}

// SAFETY: every method forwards to `System` with the caller's arguments
// unchanged and returns its result; the counters on the side allocate
// nothing (const-initialized `Cell`s) and never unwind.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller upholds `alloc`'s contract for `layout`.
        let ptr = unsafe { System.alloc(layout) };
        if !ptr.is_null() {
            grew(layout.size());
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by this allocator (so by `System`)
        // with `layout`.
        unsafe { System.dealloc(ptr, layout) };
        shrank(layout.size());
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as for `dealloc`, and `new_size` is the caller's.
        let new = unsafe { System.realloc(ptr, layout, new_size) };
        if !new.is_null() {
            shrank(layout.size());
            grew(new_size);
        }
        new
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Runs `f` and returns its result and the peak live heap bytes it added
/// on this thread.
fn peak_heap<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let before = LIVE.with(Cell::get);
    PEAK.with(|peak| peak.set(before));
    let result = f();
    (result, PEAK.with(Cell::get) - before)
}

// ---------------------------------------------------------------------
// Shapes

/// A pathological input of about `n` bytes.
struct Shape {
    name: &'static str,
    make: fn(usize) -> String,
}

/// `head`, then `unit` repeated to about `n` bytes in all, then `tail`.
fn runs(head: &str, unit: &str, tail: &str, n: usize) -> String {
    let count = n.saturating_sub(head.len() + tail.len()) / unit.len();
    let mut out = String::with_capacity(n + unit.len());
    out.push_str(head);
    for _ in 0..count.max(1) {
        out.push_str(unit);
    }
    out.push_str(tail);
    out
}

/// `http://` and a host of `label.` repeated, then `/`.
fn many_labels(label: &str, n: usize) -> String {
    runs("http://", label, "/", n)
}

const SHAPES: &[Shape] = &[
    Shape {
        name: "a/../ runs",
        make: |n| runs("http://h/", "a/../", "", n),
    },
    Shape {
        name: "./ runs",
        make: |n| runs("http://h/", "./", "x", n),
    },
    Shape {
        name: "../ runs, relative",
        make: |n| runs("", "../", "x", n),
    },
    Shape {
        name: "%25 runs",
        make: |n| runs("http://h/", "%25", "", n),
    },
    Shape {
        name: "%7e%C3%A9 runs",
        make: |n| runs("http://h/?", "%7e%C3%A9", "", n),
    },
    Shape {
        name: "% runs, invalid hex",
        make: |n| runs("http://h/", "%", "", n),
    },
    Shape {
        name: "%zz runs, invalid hex",
        make: |n| runs("http://h/", "%zz", "", n),
    },
    Shape {
        name: "long IPv6-like host",
        make: |n| runs("http://[", "1:", "1]/", n),
    },
    Shape {
        name: "long IPvFuture host",
        make: |n| runs("http://[v1.", "a:", "]/", n),
    },
    Shape {
        name: "many xn-- labels",
        make: |n| many_labels("xn--bcher-kva.", n),
    },
    Shape {
        name: "one huge xn-- label",
        make: |n| runs("http://xn--", "a", "/", n),
    },
    Shape {
        name: "many non-ASCII labels",
        make: |n| many_labels("bücher.", n),
    },
    Shape {
        name: "one huge non-ASCII label",
        make: |n| runs("http://", "é", "/", n),
    },
    Shape {
        name: "many %HH look-alike labels beside a Latin one",
        make: |n| runs("http://", "p%D0%B0ypal.", "com/", n),
    },
    Shape {
        name: "many %HH whole-script look-alike labels",
        make: |n| runs("http://", "%D1%95%D0%B5.", "com/", n),
    },
    Shape {
        name: "one huge %HH label mixing scripts",
        make: |n| runs("http://", "%D0%B0a", "/", n),
    },
    Shape {
        name: "long query",
        make: |n| runs("http://h/p?", "a=b&", "#f", n),
    },
    Shape {
        name: "non-ASCII path",
        make: |n| runs("http://h/", "é", "", n),
    },
    Shape {
        name: "non-ASCII query, iprivate",
        make: |n| runs("http://h/?", "\u{E000}", "", n),
    },
    Shape {
        name: "// runs",
        make: |n| runs("http:", "//", "", n),
    },
    Shape {
        name: "/ runs after a host",
        make: |n| runs("http://h", "/", "", n),
    },
    Shape {
        name: "[ runs",
        make: |n| runs("http://", "[", "", n),
    },
    Shape {
        name: ": runs",
        make: |n| runs("a:", ":", "", n),
    },
    Shape {
        name: ": runs after a host",
        make: |n| runs("http://h", ":", "/", n),
    },
    Shape {
        name: "@ runs in the authority",
        make: |n| runs("http://", "u@", "h/", n),
    },
    Shape {
        name: "long userinfo",
        make: |n| runs("http://", "u:p", "@h/", n),
    },
];

/// Texts for the encoders, which take any text: one whose every character
/// is encoded, non-ASCII that an IRI keeps and a URI encodes, `iprivate`
/// (kept in an IRI query only), and delimiters that some components keep.
const TEXT_SHAPES: &[Shape] = &[
    Shape {
        name: "% runs",
        make: |n| runs("", "%", "", n),
    },
    Shape {
        name: "non-ASCII",
        make: |n| runs("", "é", "", n),
    },
    Shape {
        name: "iprivate",
        make: |n| runs("", "\u{E000}", "", n),
    },
    Shape {
        name: "delimiters",
        make: |n| runs("", ":/?#[]@&=", "", n),
    },
    Shape {
        name: "%25 and %C3%A9 runs",
        make: |n| runs("", "%25%C3%A9", "", n),
    },
];

/// Texts as people type or paste them, for entry (section 7.2): runs of
/// one change with short stretches of kept text between (`a\0`), nested
/// wrappers, full-width characters, line breaks, combining marks, and
/// full stops in a host.
const TYPED_SHAPES: &[Shape] = &[
    Shape {
        name: "a\\0 runs",
        make: |n| runs("", "a\0", "", n),
    },
    Shape {
        name: "\\0 runs",
        make: |n| runs("http://h/", "\0", "", n),
    },
    Shape {
        name: "nested <> wrappers",
        make: |n| format!("{}x{}", "<".repeat(n / 2), ">".repeat(n / 2)),
    },
    Shape {
        name: "nested 「」 wrappers",
        make: |n| format!("{}x{}", "「".repeat(n / 6), "」".repeat(n / 6)),
    },
    Shape {
        name: "full-width and ASCII",
        make: |n| runs("http://h/", "ａb", "", n),
    },
    Shape {
        name: "full-width <",
        make: |n| runs("http://h/", "＜", "", n),
    },
    Shape {
        name: "line break runs",
        make: |n| runs("", "a\nb", "", n),
    },
    Shape {
        name: "combining mark runs",
        make: |n| runs("http://h/", "e\u{301}a", "", n),
    },
    Shape {
        name: "ideographic full stops in a host",
        make: |n| runs("http://", "a。", "/", n),
    },
    Shape {
        name: "spaces nine bytes apart",
        make: |n| runs("http://h/", "abcdefgh ", "", n),
    },
];

// ---------------------------------------------------------------------
// Operations

/// An operation on one input; returns the length of what it produced (an
/// error counts as nothing produced).
struct Op {
    name: &'static str,
    run: fn(&str) -> usize,
}

fn len_or_zero<E>(result: Result<String, E>) -> usize {
    result.map_or(0, |out| out.len())
}

/// Rebuilds `input` from its components with the [`Builder`]; an input
/// that does not parse goes in whole as the path (and is refused).
fn rebuild(input: &str) -> usize {
    let Ok(reference) = IriRef::parse(input) else {
        return len_or_zero(Builder::new().path(input).build().map(|r| r.into_inner()));
    };
    let c = reference.into_components();
    let mut builder = Builder::new().path(c.path);
    if let Some(scheme) = c.scheme {
        builder = builder.scheme(scheme);
    }
    if let Some(userinfo) = c.userinfo {
        builder = builder.userinfo(userinfo);
    }
    if let Some(host) = c.host {
        builder = builder.host(host);
    }
    if let Some(port) = c.port {
        builder = builder.port_str(port);
    }
    if let Some(query) = c.query {
        builder = builder.query(query);
    }
    if let Some(fragment) = c.fragment {
        builder = builder.fragment(fragment);
    }
    len_or_zero(builder.build().map(|r| r.into_inner()))
}

/// The base of [`RESOLVE_OPS`]' resolution of the input as a reference.
const BASE: &str = "http://a/b/c/d;p?q";

const PARSE_OPS: &[Op] = &[
    Op {
        name: "check IRI-reference",
        run: |s| usize::from(rfc3987::check(&rules::IRI_REFERENCE, s).is_ok()),
    },
    Op {
        name: "IriRef::parse",
        run: |s| IriRef::parse(s).map_or(0, |r| r.path().len()),
    },
    Op {
        name: "Builder (from the components)",
        run: rebuild,
    },
];

const MAPPING_OPS: &[Op] = &[
    Op {
        name: "to_uri",
        run: |s| len_or_zero(ToUri::new().convert(s)),
    },
    Op {
        name: "to_iri",
        run: |s| len_or_zero(ToIri::new().convert(s)),
    },
];

/// The mappings with IDNA (the `idna` feature).
#[cfg(feature = "idna")]
const IDNA_MAPPING_OPS: &[Op] = &[
    Op {
        name: "to_uri with IDNA",
        run: |s| len_or_zero(ToUri::new().idna(true).convert(s)),
    },
    Op {
        name: "to_iri with IDNA",
        run: |s| len_or_zero(ToIri::new().idna(true).convert(s)),
    },
];

/// The other side of [`NORMALIZE_OPS`]' comparisons, so that their time is
/// the input's.
const SHORT: &str = "http://h/";

const NORMALIZE_OPS: &[Op] = &[
    Op {
        name: "normalize syntax",
        run: |s| len_or_zero(Normalizer::new(Level::Syntax).normalize(s)),
    },
    Op {
        name: "equiv syntax",
        run: |s| usize::from(equiv(s, SHORT, Level::Syntax).unwrap_or(false)),
    },
];

/// The scheme rung (the `idna` feature).
#[cfg(feature = "idna")]
const SCHEME_NORMALIZE_OPS: &[Op] = &[
    Op {
        name: "normalize scheme",
        run: |s| len_or_zero(Normalizer::new(Level::Scheme).normalize(s)),
    },
    Op {
        name: "equiv scheme",
        run: |s| usize::from(equiv(s, SHORT, Level::Scheme).unwrap_or(false)),
    },
];

const RESOLVE_OPS: &[Op] = &[
    Op {
        name: "resolve (input as reference)",
        run: |s| len_or_zero(resolve(BASE, s)),
    },
    Op {
        name: "resolve (input as base)",
        run: |s| len_or_zero(resolve(s, "../g/./h/..")),
    },
    Op {
        name: "relativize (input as target)",
        run: |s| len_or_zero(relativize("http://h/x/y/", s)),
    },
    Op {
        name: "relativize (input as base)",
        run: |s| len_or_zero(relativize(s, "http://h/x/y")),
    },
];

/// `encode`'s helpers, on the input as text, for both targets, and the
/// everyday helpers that decode text (`percent`) or split and build a
/// query (`query`; `append_pair` gets the text as key and as value, and
/// its output is counted per copy).
const ENCODE_OPS: &[Op] = &[
    Op {
        name: "encode::path_segment Iri",
        run: |s| encode::path_segment(s, Target::Iri).len(),
    },
    Op {
        name: "encode::path_segment Uri",
        run: |s| encode::path_segment(s, Target::Uri).len(),
    },
    Op {
        name: "encode::path Iri",
        run: |s| encode::path(s, Target::Iri).len(),
    },
    Op {
        name: "encode::path Uri",
        run: |s| encode::path(s, Target::Uri).len(),
    },
    Op {
        name: "encode::query Iri",
        run: |s| encode::query(s, Target::Iri).len(),
    },
    Op {
        name: "encode::query Uri",
        run: |s| encode::query(s, Target::Uri).len(),
    },
    Op {
        name: "encode::fragment Iri",
        run: |s| encode::fragment(s, Target::Iri).len(),
    },
    Op {
        name: "encode::fragment Uri",
        run: |s| encode::fragment(s, Target::Uri).len(),
    },
    Op {
        name: "encode::userinfo Iri",
        run: |s| encode::userinfo(s, Target::Iri).len(),
    },
    Op {
        name: "encode::userinfo Uri",
        run: |s| encode::userinfo(s, Target::Uri).len(),
    },
    Op {
        name: "encode::reg_name Iri",
        run: |s| encode::reg_name(s, Target::Iri).len(),
    },
    Op {
        name: "encode::reg_name Uri",
        run: |s| encode::reg_name(s, Target::Uri).len(),
    },
    Op {
        name: "percent::decode_utf8_lossy",
        run: |s| percent::decode_utf8_lossy(s).len(),
    },
    Op {
        name: "query::pairs Form",
        run: |s| {
            query::pairs(s, Style::Form)
                .map(|(key, value)| key.len() + value.len())
                .sum()
        },
    },
    Op {
        name: "query::append_pair Form",
        run: |s| {
            let mut out = String::new();
            query::append_pair(&mut out, s, s, Style::Form);
            out.len() / 2
        },
    },
];

// ---------------------------------------------------------------------
// Measurement

/// The least time of one call of `op` on `input`, over `reps` batches of
/// `iterations` calls.
fn per_call(op: &Op, input: &str, iterations: u32, reps: usize) -> Duration {
    (0..reps)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..iterations {
                black_box((op.run)(black_box(input)));
            }
            start.elapsed() / iterations
        })
        .min()
        .expect("at least one repetition")
}

/// How many 1 KB calls fill [`MIN_BATCH`].
fn batch_size(op: &Op, input: &str) -> u32 {
    let mut iterations = 1u32;
    loop {
        let start = Instant::now();
        for _ in 0..iterations {
            black_box((op.run)(black_box(input)));
        }
        if start.elapsed() >= MIN_BATCH || iterations >= 1 << 20 {
            return iterations;
        }
        iterations *= 2;
    }
}

/// What one (operation, shape) pair measured.
struct Measured {
    ratio: f64,
    small: Duration,
    large: Duration,
    heap: usize,
    output: usize,
    input: usize,
}

fn measure(op: &Op, shape: &Shape) -> Measured {
    let small_input = (shape.make)(SMALL);
    let large_input = (shape.make)(LARGE);
    let iterations = batch_size(op, &small_input);
    let mut small = per_call(op, &small_input, iterations, 2);
    // One large call counts the memory and gives the first timing (the
    // allocator's bookkeeping is a few thread-local additions per
    // allocation); more follow only when the ratio is over the bound.
    let start = Instant::now();
    let (output, heap) = peak_heap(|| (op.run)(black_box(&large_input)));
    let mut large = start.elapsed();
    let ratio = |small: Duration, large: Duration| {
        let per_byte = |t: Duration, n: usize| t.as_secs_f64() / n as f64;
        per_byte(large, large_input.len()) / per_byte(small, small_input.len()).max(1e-15)
    };
    for _ in 0..RETRIES {
        if ratio(small, large) <= MAX_RATIO {
            break;
        }
        small = small.min(per_call(op, &small_input, iterations, 2));
        large = large.min(per_call(op, &large_input, 1, 1));
    }
    Measured {
        ratio: ratio(small, large),
        small,
        large,
        heap,
        output,
        input: large_input.len(),
    }
}

/// Measures every operation of `ops` on every shape, prints the table and
/// fails on any pair over a bound.
fn check_ops(group: &str, ops: &[Op], shapes: &[Shape]) {
    let mut failures = Vec::new();
    let mut worst = 0f64;
    println!("{group}: (1 MB time per byte) / (1 KB time per byte), 1 MB peak heap and output per input byte");
    for op in ops {
        for shape in shapes {
            let m = measure(op, shape);
            worst = worst.max(m.ratio);
            println!(
                "  {:<32} {:<28} ratio {:>6.2}  1 KB {:>9.1?}  1 MB {:>9.1?}  heap {:>5.2}  output {:>4.2}",
                op.name,
                shape.name,
                m.ratio,
                m.small,
                m.large,
                m.heap as f64 / m.input as f64,
                m.output as f64 / m.input as f64,
            );
            if m.ratio > MAX_RATIO {
                failures.push(format!(
                    "{} on {}: super-linear, per-byte time ratio {:.1} (1 KB {:?}, 1 MB {:?})",
                    op.name, shape.name, m.ratio, m.small, m.large
                ));
            }
            if m.output > MAX_OUTPUT_PER_BYTE * m.input + SLACK {
                failures.push(format!(
                    "{} on {}: {} output bytes for {} input bytes",
                    op.name, shape.name, m.output, m.input
                ));
            }
            if m.heap > MAX_HEAP_PER_BYTE * m.input + SLACK {
                failures.push(format!(
                    "{} on {}: peak heap {} bytes for {} input bytes",
                    op.name, shape.name, m.heap, m.input
                ));
            }
        }
    }
    println!("{group}: worst ratio {worst:.2}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn parsing_and_building() {
    check_ops("parse", PARSE_OPS, SHAPES);
}

#[test]
fn mapping() {
    check_ops("mapping", MAPPING_OPS, SHAPES);
    #[cfg(feature = "idna")]
    check_ops("mapping", IDNA_MAPPING_OPS, SHAPES);
}

#[test]
fn normalization_and_equivalence() {
    check_ops("normalize", NORMALIZE_OPS, SHAPES);
    #[cfg(feature = "idna")]
    check_ops("normalize", SCHEME_NORMALIZE_OPS, SHAPES);
}

#[test]
fn resolution() {
    check_ops("resolve", RESOLVE_OPS, SHAPES);
}

/// A function on strings, given the base and the invalid input.
type StringCall = fn(&str, &str) -> Result<String, rfc3987::Error>;

#[test]
fn rejections_do_not_allocate() {
    let base = "http://a/b/c/d;p?q";
    let invalid = [
        "a b",
        "http://[::1/",
        "%zz",
        "a\u{E000}b",
        "http://a/<x>",
        "#a#b",
    ];
    for bad in invalid {
        let calls: [(&str, StringCall); 9] = [
            ("resolve, reference", |base, bad| resolve(base, bad)),
            ("resolve, base", |_, bad| resolve(bad, "g")),
            ("relativize, target", |base, bad| relativize(base, bad)),
            ("relativize, base", |base, bad| relativize(bad, base)),
            ("equiv, first", |base, bad| {
                equiv(bad, base, Level::Syntax).map(|_| String::new())
            }),
            ("equiv, second", |base, bad| {
                equiv(base, bad, Level::Syntax).map(|_| String::new())
            }),
            ("normalize", |_, bad| rfc3987::normalize::normalize(bad)),
            ("to_uri", |_, bad| rfc3987::mapping::to_uri(bad)),
            ("check", |_, bad| {
                rfc3987::check(&rules::IRI_REFERENCE, bad)
                    .map(|()| String::new())
                    .map_err(Into::into)
            }),
        ];
        for (name, call) in calls {
            let (result, heap) = peak_heap(|| call(base, bad));
            let error = result.expect_err(name);
            assert_eq!(heap, 0, "{name} of {bad:?} allocated {heap} bytes: {error}");
        }
    }
}

#[cfg(feature = "text")]
const ENTRY_OPS: &[Op] = &[Op {
    name: "entry::clean",
    run: |s| {
        entry::clean(s).map_or(0, |cleaned| {
            // The changes' texts are in the heap figure; the output is the
            // IRI reference.
            black_box(cleaned.changes());
            cleaned.iri().as_str().len()
        })
    },
}];

#[test]
#[cfg(feature = "text")]
fn entry() {
    check_ops("entry", ENTRY_OPS, TYPED_SHAPES);
}

#[test]
fn encoders() {
    check_ops("encode", ENCODE_OPS, TEXT_SHAPES);
}

/// `lint`, whose output is its warnings: what each takes (its message and
/// a fixed part for the code, component and range).
#[cfg(feature = "lint")]
const LINT_OPS: &[Op] = &[Op {
    name: "lint",
    run: |s| {
        rfc3987::lint::lint(s).map_or(0, |warnings| {
            warnings.iter().map(|w| w.message().len() + 32).sum()
        })
    },
}];

/// Inputs that once gave one warning per character: bidi formatting
/// characters (U+202E RIGHT-TO-LEFT OVERRIDE) between a Hebrew letter and
/// a Latin one, in every component that allows them, and a huge host of
/// the same with a domain-name scheme.
const LINT_SHAPES: &[Shape] = &[
    Shape {
        name: "RLO, Hebrew letter, a (relative)",
        make: |n| runs("", "\u{202E}\u{5D0}a", "", n),
    },
    Shape {
        name: "RLO, Hebrew letter, a in a path",
        make: |n| runs("http://h/", "\u{202E}\u{5D0}a/", "", n),
    },
    Shape {
        name: "RLO, Hebrew letter, a in the query",
        make: |n| runs("http://h/?", "\u{202E}\u{5D0}a&", "", n),
    },
    Shape {
        name: "RLO, Hebrew letter, a in a host",
        make: |n| runs("http://", "\u{202E}\u{5D0}a.", "/", n),
    },
    Shape {
        name: "many xn-- labels",
        make: |n| many_labels("xn--80ak6aa92e.", n),
    },
];

#[cfg(feature = "lint")]
#[test]
fn lint() {
    check_ops("lint", LINT_OPS, LINT_SHAPES);
}

/// The shapes are what they say: close to the two sizes, and the
/// counting allocator sees an allocation.
#[test]
fn shapes_and_allocator_are_sound() {
    for shape in SHAPES
        .iter()
        .chain(TEXT_SHAPES)
        .chain(TYPED_SHAPES)
        .chain(LINT_SHAPES)
    {
        for n in [SMALL, LARGE] {
            let input = (shape.make)(n);
            assert!(
                input.len() <= n + 16 && input.len() + 16 >= n,
                "{}: {} bytes for {n}",
                shape.name,
                input.len()
            );
        }
    }
    let (v, heap) = peak_heap(|| vec![0u8; 100_000]);
    assert!(
        heap >= 100_000,
        "counted {heap} bytes for a 100,000-byte Vec"
    );
    drop(v);
}

/// The ratio check catches a quadratic operation: one that spins for
/// n² / 10,000 ns (0.1 µs at 1 KB, 110 ms at 1 MB).
#[test]
#[should_panic(expected = "super-linear")]
fn a_quadratic_operation_fails() {
    fn spin(input: &str) -> usize {
        let n = input.len() as u64;
        let until = Duration::from_nanos(n * n / 10_000);
        let start = Instant::now();
        while start.elapsed() < until {}
        0
    }
    let quadratic = [Op {
        name: "quadratic spin",
        run: spin,
    }];
    check_ops("self-test", &quadratic, &TEXT_SHAPES[..1]);
}
