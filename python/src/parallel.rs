//! Splitting a column's rows over threads: contiguous ranges, one per
//! thread, each building its own piece of the output, joined in order.

use std::ops::Range;
use std::thread;

/// Below this many rows per thread, a thread costs more than it saves.
const MIN_ROWS_PER_THREAD: usize = 16 * 1024;

/// How many threads `threads` asks for (`None`: the machine's parallelism),
/// capped so that each thread gets at least [`MIN_ROWS_PER_THREAD`] rows.
pub fn thread_count(rows: usize, threads: Option<usize>) -> usize {
    let wanted = threads.unwrap_or_else(|| {
        thread::available_parallelism()
            .map(usize::from)
            .unwrap_or(1)
    });
    wanted.clamp(1, (rows / MIN_ROWS_PER_THREAD).max(1))
}

/// `0..rows` cut into `parts` contiguous ranges of near-equal length.
pub fn ranges(rows: usize, parts: usize) -> Vec<Range<usize>> {
    let parts = parts.max(1);
    (0..parts)
        .map(|p| rows * p / parts..rows * (p + 1) / parts)
        .collect()
}

/// `work` on each range of `0..rows`, on `parts` threads (the calling one
/// included), results in range order. The first error, in row order, wins.
pub fn run<T, E, F>(rows: usize, parts: usize, work: F) -> Result<Vec<T>, E>
where
    T: Send,
    E: Send,
    F: Fn(Range<usize>) -> Result<T, E> + Sync,
{
    let mut ranges = ranges(rows, parts);
    if ranges.len() == 1 {
        return Ok(vec![work(ranges.remove(0))?]);
    }
    let first = ranges.remove(0);
    let work = &work;
    thread::scope(|scope| {
        let handles: Vec<_> = ranges
            .into_iter()
            .map(|range| scope.spawn(move || work(range)))
            .collect();
        let mut results = vec![work(first)];
        for handle in handles {
            // A panic in a worker is a bug of this crate; carry it over.
            results.push(
                handle
                    .join()
                    .unwrap_or_else(|p| std::panic::resume_unwind(p)),
            );
        }
        results.into_iter().collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_cover_the_rows_in_order_without_overlap() {
        for rows in [0, 1, 7, 100, 16385] {
            for parts in 1..6 {
                let r = ranges(rows, parts);
                assert_eq!(r.len(), parts);
                assert_eq!(r[0].start, 0);
                assert_eq!(r[parts - 1].end, rows);
                assert!(r.windows(2).all(|w| w[0].end == w[1].start));
            }
        }
    }

    #[test]
    fn small_columns_stay_on_one_thread() {
        assert_eq!(thread_count(10, Some(8)), 1);
        assert_eq!(thread_count(3 * MIN_ROWS_PER_THREAD, Some(8)), 3);
        assert_eq!(thread_count(100 * MIN_ROWS_PER_THREAD, Some(2)), 2);
        assert_eq!(thread_count(100 * MIN_ROWS_PER_THREAD, Some(0)), 1);
    }

    #[test]
    fn results_come_back_in_range_order_and_the_first_error_wins() {
        let out = run(100, 4, |r| Ok::<_, ()>(r.start)).unwrap();
        assert_eq!(out, [0, 25, 50, 75]);
        let err = run(
            100,
            4,
            |r| if r.start >= 50 { Err(r.start) } else { Ok(()) },
        );
        assert_eq!(err, Err(50));
    }
}
