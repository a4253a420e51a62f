//! Validation and parse throughput measured in CPU time, for a machine
//! shared with other work (where builds run next to the benches,
//! wall-clock criterion figures move by 2x).
//!
//! Run with `cargo bench --bench cputime` (three to four minutes on two
//! cores). For each corpus of `corpus/mod.rs` (plus five synthetic
//! ones: 300 copies of a 4 KB path of ASCII words, of `%HH` triples, of
//! CJK words, of Devanagari words, of emoji), each library validates
//! about 100 MB per round (the corpus as many times as
//! that takes), 5 rounds, all in this one process; a round's time is this
//! thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`, Linux; elsewhere
//! wall-clock time), the best round counts. Prints MB/s and the ratio of each to oxiri's
//! time (lower is faster), then two ratios of this crate's own:
//! `check_all` and `check_batch` over `check` (the batch APIs against a
//! loop), `parse_all` over `parse` (an iterator over a loop of `parse`,
//! so about one) and `parse` over `recognize` (what finding the
//! components costs). Arguments name corpora to run (all by default);
//! `--only=rfc3987-parse,iri-string` times only those rows and oxiri's,
//! for a profiler.

use std::hint::black_box;
use std::time::Instant;

use rfc3987::grammar::rules::IRI_REFERENCE;

mod corpus;

/// This thread's CPU time in nanoseconds (`CLOCK_THREAD_CPUTIME_ID`, which
/// Linux keeps to the nanosecond; `/proc/thread-self/schedstat` moves
/// only at the scheduler's ticks, 4 ms on a usual kernel: a tenth of a
/// round of the fastest rows).
#[cfg(target_os = "linux")]
fn now_ns(_start: Instant) -> u64 {
    let now = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    now.tv_sec as u64 * 1_000_000_000 + now.tv_nsec as u64
}

/// Wall-clock time in nanoseconds, where no thread clock is read.
#[cfg(not(target_os = "linux"))]
fn now_ns(start: Instant) -> u64 {
    start.elapsed().as_nanos() as u64
}

type Pass = fn(&[String]) -> usize;

/// The `url` crate's row: only absolute URLs parse there.
const URL_WHATWG: &str = "url (WHATWG)";
/// Corpora with relative references, where `url` is not timed.
const ABSOLUTE_ONLY: &[&str] = &["mixed", "relative-short", "relative-tiny"];

const LIBRARIES: &[(&str, Pass)] = &[
    ("oxiri", |ts| {
        ts.iter()
            .filter(|s| black_box(oxiri::IriRef::parse(s.as_str())).is_ok())
            .count()
    }),
    ("iri-string", |ts| {
        ts.iter()
            .filter(|s| iri_string::types::IriReferenceStr::new(s.as_str()).is_ok())
            .count()
    }),
    ("fluent-uri", |ts| {
        ts.iter()
            .filter(|s| black_box(fluent_uri::IriRef::parse(s.as_str())).is_ok())
            .count()
    }),
    ("rfc3987-recognize", |ts| {
        ts.iter()
            .filter(|s| IRI_REFERENCE.recognize(s.as_bytes()).is_ok())
            .count()
    }),
    ("rfc3987-recognize-plain", |ts| {
        ts.iter()
            .filter(|s| IRI_REFERENCE.recognize_plain(s.as_bytes()).is_ok())
            .count()
    }),
    ("rfc3987-check", |ts| {
        ts.iter()
            .filter(|s| rfc3987::check(&IRI_REFERENCE, s).is_ok())
            .count()
    }),
    ("rfc3987-check-all", |ts| {
        rfc3987::check_all(&IRI_REFERENCE, ts.iter().map(String::as_str))
            .filter(Result::is_ok)
            .count()
    }),
    // The slice form: the pointers collected first, as a caller holding
    // `String`s would (one walk over the whole slice, no blocks).
    ("rfc3987-check-batch", |ts| {
        let texts: Vec<&str> = ts.iter().map(String::as_str).collect();
        rfc3987::check_batch(&IRI_REFERENCE, &texts)
            .iter()
            .filter(|verdict| verdict.is_ok())
            .count()
    }),
    ("rfc3987-parse", |ts| {
        ts.iter()
            .filter(|s| black_box(rfc3987::IriRef::parse(s.as_str())).is_ok())
            .count()
    }),
    ("rfc3987-parse-all", |ts| {
        rfc3987::IriRef::parse_all(ts.iter().map(String::as_str))
            .filter(|parsed| black_box(parsed).is_ok())
            .count()
    }),
    // The string forms of the operations (each parses, then runs the
    // typed method): `cputime --quick --only=ROW` under cachegrind counts
    // their instructions per input.
    ("rfc3987-to-uri", |ts| {
        ts.iter()
            .filter(|s| black_box(rfc3987::mapping::to_uri(s.as_str())).is_ok())
            .count()
    }),
    ("rfc3987-normalize", |ts| {
        ts.iter()
            .filter(|s| black_box(rfc3987::normalize::normalize(s.as_str())).is_ok())
            .count()
    }),
    // Each input against RFC 3986's example base (section 5.4).
    ("rfc3987-resolve", |ts| {
        ts.iter()
            .filter(|s| {
                black_box(rfc3987::resolve::resolve("http://a/b/c/d;p?q", s.as_str())).is_ok()
            })
            .count()
    }),
    // WHATWG URL parsing, not RFC 3987 validation (another language: it
    // trims, percent-encodes and rejects relative references), timed on
    // the corpora of absolute inputs only (see `ABSOLUTE_ONLY`).
    (URL_WHATWG, |ts| {
        ts.iter()
            .filter(|s| black_box(url::Url::parse(s.as_str())).is_ok())
            .count()
    }),
    ("std-from-utf8", |ts| {
        ts.iter()
            .filter(|s| std::str::from_utf8(s.as_bytes()).is_ok())
            .count()
    }),
    ("simdutf8", |ts| {
        ts.iter()
            .filter(|s| simdutf8::basic::from_utf8(s.as_bytes()).is_ok())
            .count()
    }),
];

/// Best time of one pass over `texts`, in nanoseconds.
fn time(texts: &[String], pass: Pass, rounds: usize, passes: usize) -> f64 {
    let start = Instant::now();
    (0..rounds)
        .map(|_| {
            let before = now_ns(start);
            for _ in 0..passes {
                black_box(pass(black_box(texts)));
            }
            (now_ns(start) - before) as f64 / passes as f64
        })
        .fold(f64::MAX, f64::min)
}

fn main() {
    // `--quick`, `--test`, or no `--bench` (as `cargo test` runs it) runs
    // one round of one pass: a smoke test of the harness, not a measurement.
    let quick = std::env::args().any(|arg| arg == "--test" || arg == "--quick")
        || !std::env::args().any(|arg| arg == "--bench");
    let (rounds, round_bytes) = if quick { (1, 0) } else { (5, 100_000_000) };
    // `crawl-invalid` and `crawl-text` are read with oxiri's verdicts.
    let corpora = corpus::timed(|s| oxiri::IriRef::parse(s).is_ok());
    // Every IRI of `rdf` is meant valid: checked, so that its row times
    // acceptance by every library (and a generator slip shows here).
    let (_, rdf) = corpora
        .iter()
        .find(|(name, _)| *name == "rdf")
        .expect("the rdf corpus");
    for text in rdf {
        assert!(
            rfc3987::check(&IRI_REFERENCE, text).is_ok()
                && oxiri::Iri::parse(text.as_str()).is_ok(),
            "`rdf` holds an IRI that is not one: {text}"
        );
    }
    // `--only=a,b` times only those libraries (and oxiri, for the
    // ratios): for a profiler, whose samples then belong to one row.
    let only: Vec<String> = std::env::args()
        .filter_map(|arg| Some(arg.strip_prefix("--only=")?.to_owned()))
        .flat_map(|list| list.split(',').map(str::to_owned).collect::<Vec<_>>())
        .collect();
    let timed =
        |library: &str| only.is_empty() || library == "oxiri" || only.iter().any(|o| o == library);
    // Other arguments (not starting with `-`) pick corpora by name.
    let picked: Vec<String> = std::env::args()
        .skip(1)
        .filter(|arg| !arg.starts_with('-'))
        .collect();
    for (name, texts) in &corpora {
        if !picked.is_empty() && !picked.iter().any(|p| p == name) {
            continue;
        }
        let bytes: usize = texts.iter().map(String::len).sum();
        let passes = round_bytes / bytes + 1;
        println!(
            "{name} ({} inputs, {:.2} MB)",
            texts.len(),
            bytes as f64 / 1e6
        );
        let times: Vec<f64> = LIBRARIES
            .iter()
            .map(|&(library, pass)| {
                if !timed(library) || library == URL_WHATWG && ABSOLUTE_ONLY.contains(name) {
                    f64::NAN
                } else {
                    time(texts, pass, rounds, passes)
                }
            })
            .collect();
        let of = |id: &str| {
            times[LIBRARIES
                .iter()
                .position(|&(n, _)| n == id)
                .expect("a library")]
        };
        for (&(library, _), &ns) in LIBRARIES.iter().zip(&times) {
            if !timed(library) {
                continue;
            }
            if ns.is_nan() {
                println!("  {library:24}        – (relative references: not timed)");
                continue;
            }
            if ns < 1.0 {
                // Under the clock's resolution for a whole round.
                println!("  {library:24}        – (too fast for the thread clock)");
                continue;
            }
            println!(
                "  {library:24} {:>8.0} MB/s  {:>5.2} of oxiri",
                bytes as f64 / ns * 1e3,
                ns / of("oxiri")
            );
        }
        if !only.is_empty() {
            println!();
            continue;
        }
        println!(
            "  check-all / check {:.2}, check-batch / check {:.2}, parse-all / parse {:.2}, \
             parse / recognize {:.2}\n",
            of("rfc3987-check-all") / of("rfc3987-check"),
            of("rfc3987-check-batch") / of("rfc3987-check"),
            of("rfc3987-parse-all") / of("rfc3987-parse"),
            of("rfc3987-parse") / of("rfc3987-recognize")
        );
    }
}
