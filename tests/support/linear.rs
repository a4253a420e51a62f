//! Linear time checked as a ratio of times, never an absolute time: the
//! time per byte on a large input over the time per byte on a small one.
//! A linear operation reads about 1, a quadratic one about the size ratio;
//! a busy machine is met by measuring again before failing.

use std::hint::black_box;
use std::time::{Duration, Instant};

/// The minimum over three runs of the time `f` takes.
pub fn fastest(f: &dyn Fn()) -> Duration {
    (0..3)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

/// Time per byte of `op` on `large` over its time per byte on `small`
/// (run as many times as `large` is longer), the best of up to five
/// measurements, stopping as soon as one is under `bound`.
pub fn per_byte_ratio(op: &dyn Fn(&str), small: &str, large: &str, bound: f64) -> f64 {
    let per_byte = |input: &str, reps: u32| {
        fastest(&|| {
            for _ in 0..reps {
                op(black_box(input));
            }
        })
        .as_secs_f64()
            / (f64::from(reps) * input.len().max(1) as f64)
    };
    let reps = (large.len() / small.len().max(1)).max(1) as u32;
    let mut best = f64::INFINITY;
    for _ in 0..5 {
        best = best.min(per_byte(large, 1) / per_byte(small, reps).max(1e-12));
        if best < bound {
            break;
        }
    }
    best
}
