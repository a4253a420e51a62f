//! The `iri` binary on one core against all cores, over the same large
//! file in one run: for each subcommand, the median wall-clock time of a
//! few runs pinned to one core (`taskset -c CPU` with `RAYON_NUM_THREADS=1`:
//! the reader, the one pool thread and the writer share that core) and of
//! a few with every core and the pool's default (one thread per core),
//! writing to `/dev/null`, and their ratio. Where `taskset` is missing,
//! the one-core runs are `RAYON_NUM_THREADS=1` alone (their reader and
//! writer then use other cores) and the table's header says so. The
//! outputs of both must be equal byte for byte.
//!
//! ```text
//! cargo bench -p rfc3987-cli --bench cli_scaling              # 400,000 lines, 5 runs
//! cargo bench -p rfc3987-cli --bench cli_scaling -- 2000000 3 # lines, runs
//! ```
//!
//! Under `cargo test` (quick mode) it runs once on a small file and checks
//! only that both outputs are equal.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The subcommands measured, with their arguments.
const COMMANDS: &[&[&str]] = &[
    &["check"],
    &["parse", "--json"],
    &["to-uri"],
    &["to-iri"],
    &["normalize"],
    &["normalize", "--level", "scheme"],
    &["resolve", "http://a/b/c/d;p?q"],
    &["lint"],
    &["entry"],
];

/// A deterministic mix of references as crawls and RDF data hold them:
/// URLs with and without non-ASCII, percent-encodings, dot segments,
/// queries and fragments, relative references, and a few invalid lines.
fn corpus(lines: usize) -> String {
    let hosts = [
        "example.com",
        "www.例え.jp",
        "bücher.example",
        "пример.рф",
        "a.b.c.example.org",
        "[2001:db8::1]",
        "192.0.2.1:8080",
        "xn--bcher-kva.example",
        "مثال.example",
    ];
    let segments = [
        "a",
        "b",
        "résumé",
        "%7Euser",
        "..",
        ".",
        "テスト",
        "index.html",
        "x%2Fy",
        "über",
        "wiki",
        "Résumé_(film)",
        "%E2%82%AC",
    ];
    let mut state = 0x3987_u64;
    let mut next = |n: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as usize % n
    };
    let mut text = String::new();
    for i in 0..lines {
        if i % 97 == 0 {
            text.push_str("http://a b/<invalid>\n");
            continue;
        }
        if next(5) == 0 {
            let _ = write!(text, "../{}/{}", segments[next(13)], segments[next(13)]);
        } else {
            let scheme = ["http", "https", "HTTP", "ftp"][next(4)];
            let _ = write!(text, "{scheme}://{}", hosts[next(9)]);
            for _ in 0..next(6) {
                text.push('/');
                text.push_str(segments[next(13)]);
            }
        }
        if next(2) == 0 {
            let _ = write!(text, "?q={}&page={}", segments[next(13)], next(100));
        }
        if next(5) == 0 {
            let _ = write!(text, "#{}", segments[next(13)]);
        }
        text.push('\n');
    }
    text
}

/// The first CPU this process may run on (`Cpus_allowed_list` of
/// `/proc/self/status`), when `taskset` can pin a command to it.
fn one_cpu() -> Option<String> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let list = status
        .lines()
        .find_map(|line| line.strip_prefix("Cpus_allowed_list:"))?;
    let first: String = list
        .trim()
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    let taskset = Command::new("taskset")
        .args(["-c", &first, "true"])
        .status()
        .is_ok_and(|status| status.success());
    (!first.is_empty() && taskset).then_some(first)
}

/// `iri ARGS < input` with `threads` (`None`: the default), pinned to
/// `cpu` when given.
fn command(args: &[&str], input: &Path, threads: Option<usize>, cpu: Option<&str>) -> Command {
    let mut command = match cpu {
        Some(cpu) => {
            let mut taskset = Command::new("taskset");
            taskset.args(["-c", cpu, env!("CARGO_BIN_EXE_iri")]);
            taskset
        }
        None => Command::new(env!("CARGO_BIN_EXE_iri")),
    };
    command
        .args(args)
        .stdin(std::fs::File::open(input).expect("the corpus file"))
        .stderr(Stdio::null());
    match threads {
        Some(n) => command.env("RAYON_NUM_THREADS", n.to_string()),
        None => command.env_remove("RAYON_NUM_THREADS"),
    };
    command
}

/// The output of `iri ARGS < input` with `threads`.
fn output(args: &[&str], input: &Path, threads: Option<usize>, cpu: Option<&str>) -> Vec<u8> {
    let mut command = command(args, input, threads, cpu);
    command.stdout(Stdio::piped());
    command.output().expect("iri runs").stdout
}

/// The time of `iri ARGS < input` with `threads`, writing to `/dev/null`
/// (so that no reader of a pipe takes a core from the command).
fn time(args: &[&str], input: &Path, threads: Option<usize>, cpu: Option<&str>) -> Duration {
    let mut command = command(args, input, threads, cpu);
    command.stdout(Stdio::null());
    let start = Instant::now();
    command.status().expect("iri runs");
    start.elapsed()
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn main() {
    let quick = std::env::args().any(|a| a == "--test" || a == "--quick")
        || !std::env::args().any(|a| a == "--bench");
    let numbers: Vec<usize> = std::env::args().filter_map(|a| a.parse().ok()).collect();
    let lines = numbers
        .first()
        .copied()
        .unwrap_or(if quick { 3_000 } else { 400_000 });
    let runs = numbers.get(1).copied().unwrap_or(if quick { 1 } else { 5 });
    let dir = std::env::temp_dir().join(format!("iri-cli-scaling-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let input = dir.join("corpus.txt");
    let text = corpus(lines);
    std::fs::File::create(&input)
        .and_then(|mut f| f.write_all(text.as_bytes()))
        .expect("the corpus file");
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let pinned = one_cpu();
    let cpu = pinned.as_deref();
    println!(
        "{lines} lines, {:.1} MB; {cores} cores; median of {runs} runs; one: {}",
        text.len() as f64 / 1e6,
        match cpu {
            Some(cpu) => format!("pinned to CPU {cpu} (taskset), RAYON_NUM_THREADS=1"),
            None => "RAYON_NUM_THREADS=1, not pinned (no taskset)".to_owned(),
        }
    );
    println!(
        "{:<34} {:>10} {:>10} {:>10} {:>8}",
        "command", "one MB/s", "all MB/s", "all/one", "outputs"
    );
    for args in COMMANDS {
        let same = output(args, &input, Some(1), cpu) == output(args, &input, None, None);
        let mut one = Vec::new();
        let mut all = Vec::new();
        for _ in 0..runs {
            one.push(time(args, &input, Some(1), cpu));
            all.push(time(args, &input, None, None));
        }
        let (one, all) = (median(one), median(all));
        let mb = text.len() as f64 / 1e6;
        println!(
            "{:<34} {:>10.1} {:>10.1} {:>10.2} {:>8}",
            format!("iri {}", args.join(" ")),
            mb / one.as_secs_f64(),
            mb / all.as_secs_f64(),
            all.as_secs_f64() / one.as_secs_f64(),
            if same { "equal" } else { "DIFFER" }
        );
        assert!(
            same,
            "iri {}: the outputs on one and all cores differ",
            args.join(" ")
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
