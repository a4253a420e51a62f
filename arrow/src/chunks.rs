//! Running a column function over chunks of the column on a persistent
//! thread pool, and joining the chunks' results in row order.
//!
//! The pool is rayon's current one: the global pool (sized by
//! `RAYON_NUM_THREADS`, else one thread per core), or the caller's when the
//! call runs inside [`rayon::ThreadPool::install`]. Its threads live as
//! long as the pool, so a call spawns none. A column of fewer than
//! [`MIN_CHUNK_ROWS`] rows per thread, or a pool of one thread, is one
//! chunk, computed on the calling thread with nothing to join.
//!
//! Each chunk is a zero-copy slice of the input ([`Array::slice`]) that the
//! serial function turns into a column of its own; the columns are then
//! concatenated ([`arrow_select::concat::concat`]; a struct's fields, and
//! a column with its error column, on the pool at once), which copies
//! each result once more. Row `i` of the result is the serial function's row
//! `i`, nulls and error rows included: rayon's indexed `collect` keeps the
//! chunks in order.

use std::ops::Range;
use std::sync::Arc;

use arrow_array::builder::BooleanBufferBuilder;
use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, StructArray};
use arrow_buffer::NullBuffer;
use arrow_schema::{ArrowError, DataType, Fields};
use rayon::prelude::*;

use crate::WithErrors;

/// Fewer rows than this per chunk cost more in scheduling and joining than
/// a thread saves (a row takes about a microsecond).
pub(crate) const MIN_CHUNK_ROWS: usize = 4 * 1024;

/// Chunks per thread: more than one, so that a thread that finishes early
/// takes another chunk (rows differ in cost: long IRIs, failures).
const CHUNKS_PER_THREAD: usize = 4;

/// `0..rows` cut into contiguous ranges of near-equal length for a pool
/// of `threads` threads.
pub(crate) fn ranges(rows: usize, threads: usize) -> Vec<Range<usize>> {
    let parts = if threads <= 1 {
        1
    } else {
        (rows / MIN_CHUNK_ROWS).clamp(1, threads * CHUNKS_PER_THREAD)
    };
    (0..parts)
        .map(|p| rows * p / parts..rows * (p + 1) / parts)
        .collect()
}

/// Joins columns of one type in order.
fn join(pieces: &[ArrayRef]) -> Result<ArrayRef, ArrowError> {
    if let [one] = pieces {
        return Ok(one.clone());
    }
    if let DataType::Struct(fields) = pieces[0].data_type() {
        return join_structs(fields, pieces);
    }
    let refs: Vec<&dyn Array> = pieces.iter().map(AsRef::as_ref).collect();
    arrow_select::concat::concat(&refs).map_err(|e| {
        ArrowError::ComputeError(format!(
            "joining the result's chunks: {e} (a Utf8 result holds at most 2 GiB of \
             text; pass a LargeUtf8 column or a smaller batch)"
        ))
    })
}

/// Struct columns (a parse's components) joined field by field, the
/// fields on the pool at once: each field's join is a copy of its own, so
/// a parse's eight text fields are eight copies that need not wait for
/// each other. Row `i` is the `i`-th row of the pieces read in order, as
/// [`arrow_select::concat::concat`] gives it (`joined_structs_are_concat`).
fn join_structs(fields: &Fields, pieces: &[ArrayRef]) -> Result<ArrayRef, ArrowError> {
    let structs: Vec<&StructArray> = pieces.iter().map(|p| p.as_struct()).collect();
    let columns = (0..fields.len())
        .into_par_iter()
        .map(|i| {
            join(
                &structs
                    .iter()
                    .map(|s| s.column(i).clone())
                    .collect::<Vec<_>>(),
            )
        })
        .collect::<Result<Vec<_>, _>>()?;
    let nulls = structs.iter().any(|s| s.nulls().is_some()).then(|| {
        let rows = structs.iter().map(|s| s.len()).sum();
        let mut valid = BooleanBufferBuilder::new(rows);
        for piece in &structs {
            match piece.nulls() {
                Some(nulls) => valid.append_buffer(nulls.inner()),
                None => valid.append_n(piece.len(), true),
            }
        }
        NullBuffer::new(valid.finish())
    });
    Ok(Arc::new(StructArray::try_new(
        fields.clone(),
        columns,
        nulls,
    )?))
}

/// The results of `work` on each chunk of `rows` rows, in order.
fn run<T, F>(rows: usize, work: F) -> Result<Vec<T>, ArrowError>
where
    T: Send,
    F: Fn(Range<usize>) -> Result<T, ArrowError> + Sync,
{
    let ranges = ranges(rows, rayon::current_num_threads());
    if ranges.len() == 1 {
        return Ok(vec![work(0..rows)?]);
    }
    ranges.into_par_iter().map(&work).collect()
}

/// What a chunked function gives: a column, or a column with its error
/// column; chunks of it join in order.
pub(crate) trait Joined: Sized + Send {
    fn join(pieces: Vec<Self>) -> Result<Self, ArrowError>;
}

impl Joined for ArrayRef {
    fn join(pieces: Vec<Self>) -> Result<Self, ArrowError> {
        join(&pieces)
    }
}

impl Joined for WithErrors {
    fn join(pieces: Vec<Self>) -> Result<Self, ArrowError> {
        let (values, errors): (Vec<ArrayRef>, Vec<ArrayRef>) =
            pieces.into_iter().map(|p| (p.values, p.errors)).unzip();
        // The two columns' joins are independent copies: on the pool at
        // once.
        let (values, errors) = rayon::join(|| join(&values), || join(&errors));
        Ok(WithErrors {
            values: values?,
            errors: errors?,
        })
    }
}

/// `serial` on each chunk of `array`, joined: what `serial(array)`
/// gives, computed on the current pool.
pub(crate) fn map<T, F>(array: &dyn Array, serial: F) -> Result<T, ArrowError>
where
    T: Joined,
    F: Fn(&dyn Array) -> Result<T, ArrowError> + Sync,
{
    let rows = array.len();
    if ranges(rows, rayon::current_num_threads()).len() == 1 {
        return serial(array);
    }
    T::join(run(rows, |r| {
        serial(array.slice(r.start, r.len()).as_ref())
    })?)
}

/// [`map`] over two columns of one length, sliced alike (a difference in
/// length is the serial function's error, reported on the whole columns).
pub(crate) fn map2<T, F>(a: &dyn Array, b: &dyn Array, serial: F) -> Result<T, ArrowError>
where
    T: Joined,
    F: Fn(&dyn Array, &dyn Array) -> Result<T, ArrowError> + Sync,
{
    let rows = a.len();
    if a.len() != b.len() || ranges(rows, rayon::current_num_threads()).len() == 1 {
        return serial(a, b);
    }
    T::join(run(rows, |r| {
        serial(
            a.slice(r.start, r.len()).as_ref(),
            b.slice(r.start, r.len()).as_ref(),
        )
    })?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_cover_the_rows_in_order_without_overlap() {
        for rows in [0, 1, 7, MIN_CHUNK_ROWS, 5 * MIN_CHUNK_ROWS + 3, 1_000_000] {
            for threads in 1..6 {
                let r = ranges(rows, threads);
                assert_eq!(r[0].start, 0);
                assert_eq!(r[r.len() - 1].end, rows);
                assert!(r.windows(2).all(|w| w[0].end == w[1].start));
                assert!(r.len() <= threads * CHUNKS_PER_THREAD);
            }
        }
    }

    /// Struct pieces with and without nulls, a nullable and a
    /// non-nullable field: the field-by-field join is `concat`'s.
    #[test]
    fn joined_structs_are_concat() {
        use arrow_array::StringArray;
        use arrow_schema::Field;
        let fields = Fields::from(vec![
            Field::new("path", DataType::Utf8, false),
            Field::new("query", DataType::Utf8, true),
        ]);
        let piece = |paths: Vec<&str>, queries: Vec<Option<&str>>, nulls: Option<Vec<bool>>| {
            let columns: Vec<ArrayRef> = vec![
                Arc::new(StringArray::from(paths)),
                Arc::new(StringArray::from(queries)),
            ];
            let nulls = nulls.map(NullBuffer::from);
            Arc::new(StructArray::try_new(fields.clone(), columns, nulls).unwrap()) as ArrayRef
        };
        let sets = [
            vec![
                piece(vec!["/a", ""], vec![Some("q"), None], None),
                piece(vec!["/b"], vec![None], None),
            ],
            vec![
                piece(
                    vec!["/a", ""],
                    vec![Some("q"), None],
                    Some(vec![true, false]),
                ),
                piece(vec!["/b", "/c"], vec![None, Some("")], None),
                piece(vec![""], vec![None], Some(vec![false])),
            ],
        ];
        for pieces in sets {
            let refs: Vec<&dyn Array> = pieces.iter().map(AsRef::as_ref).collect();
            let want = arrow_select::concat::concat(&refs).unwrap();
            let got = join(&pieces).unwrap();
            assert_eq!(got.to_data(), want.to_data());
        }
    }

    #[test]
    fn one_thread_or_a_small_column_is_one_chunk() {
        assert_eq!(ranges(1_000_000, 1).len(), 1);
        assert_eq!(ranges(MIN_CHUNK_ROWS * 2 - 1, 8).len(), 1);
        assert_eq!(ranges(MIN_CHUNK_ROWS * 3, 8).len(), 3);
        assert_eq!(ranges(1_000_000, 2).len(), 2 * CHUNKS_PER_THREAD);
    }
}
