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
//! serial function turns into a column of its own. The calling thread
//! joins the chunks' columns in row order while the pool computes the
//! next ones ([`stream`]): a text column's chunks are copied into one
//! builder as they come, a struct's (a parse's components, the error
//! column) field by field; other columns (booleans) are joined at the end
//! ([`arrow_select::concat::concat`]). Row `i` of the result is the
//! serial function's row `i`, nulls and error rows included
//! (`streamed_chunks_join_as_the_serial_result`).

use std::collections::BTreeMap;
use std::ops::Range;
use std::panic::{self, AssertUnwindSafe};
use std::sync::{mpsc, Arc};

use arrow_array::builder::{
    BooleanBufferBuilder, GenericStringBuilder, LargeStringBuilder, StringBuilder,
};
use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, GenericStringArray, OffsetSizeTrait, StructArray};
use arrow_buffer::NullBuffer;
use arrow_schema::{ArrowError, DataType, Fields};

use crate::WithErrors;

/// Fewer rows than this per chunk cost more in scheduling and joining than
/// a thread saves (a row takes about a microsecond).
pub(crate) const MIN_CHUNK_ROWS: usize = 4 * 1024;

/// Chunks per thread: many, so that a thread that finishes early takes
/// another chunk (rows differ in cost: long IRIs, failures), the last
/// chunk's join after the pool is done is short, and a chunk's buffers are
/// small enough for the allocator to reuse for a later chunk instead of
/// asking the system for fresh pages. On 1,000,000 rows and 2 threads,
/// 16 (chunks of 31,250 rows) against 4: `to_uri` 0.54 against 0.57-0.58
/// of one thread's time, `normalize` 0.58 against 0.60 (`cargo bench -p
/// rfc3987-arrow --bench scaling`, its shared-process column, alternate
/// runs on an idle machine).
const CHUNKS_PER_THREAD: usize = 16;

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

/// Joins columns of one type in order (those [`Column`] keeps whole:
/// booleans, integers, lists).
fn join(pieces: &[ArrayRef]) -> Result<ArrayRef, ArrowError> {
    if let [one] = pieces {
        return Ok(one.clone());
    }
    let refs: Vec<&dyn Array> = pieces.iter().map(AsRef::as_ref).collect();
    arrow_select::concat::concat(&refs).map_err(|e| {
        ArrowError::ComputeError(format!(
            "joining the result's chunks: {e} (a Utf8 result holds at most 2 GiB of \
             text; pass a LargeUtf8 column or a smaller batch)"
        ))
    })
}

/// `work` on each chunk of `ranges` on the current pool, joined in order
/// while later chunks are computed: each chunk is joined as soon as it and
/// the chunks before it are done, and at most [`IN_FLIGHT_PER_THREAD`]
/// chunks per thread are computed ahead of the join, so memory stays
/// bounded and a joined chunk's buffers are freed for the chunks after
/// it. The join's copy thus runs beside the computation instead of after
/// it (a million-row `to_uri` result is about 80 MB of text: `cargo bench
/// -p rfc3987-arrow --bench scaling`).
///
/// A caller outside the pool (the global pool's usual caller) joins while
/// the pool's threads compute; a caller on one of the pool's threads
/// (inside [`rayon::ThreadPool::install`]) computes chunks itself
/// whenever the next one to join is not done yet.
fn stream<T, F>(ranges: Vec<Range<usize>>, work: F) -> Result<T, ArrowError>
where
    T: Joined,
    F: Fn(Range<usize>) -> Result<T, ArrowError> + Sync,
{
    stream_on(None, ranges, work)
}

/// [`stream`] on `pool`, or on the current pool when `None`.
fn stream_on<T, F>(
    pool: Option<&rayon::ThreadPool>,
    ranges: Vec<Range<usize>>,
    work: F,
) -> Result<T, ArrowError>
where
    T: Joined,
    F: Fn(Range<usize>) -> Result<T, ArrowError> + Sync,
{
    let threads = pool.map_or_else(rayon::current_num_threads, |p| p.current_num_threads());
    let ahead = threads * IN_FLIGHT_PER_THREAD;
    let (ranges, work) = (&ranges[..], &work);
    match pool {
        Some(pool) => pool.in_place_scope_fifo(|scope| join_in_order(scope, ranges, work, ahead)),
        None => rayon::in_place_scope_fifo(|scope| join_in_order(scope, ranges, work, ahead)),
    }
}

/// The body of [`stream_on`]: spawns the chunks on `scope` in order, at
/// most `ahead` of the join, and joins them in order as they come.
fn join_in_order<'s, T, F>(
    scope: &rayon::ScopeFifo<'s>,
    ranges: &'s [Range<usize>],
    work: &'s F,
    ahead: usize,
) -> Result<T, ArrowError>
where
    T: Joined + 's,
    F: Fn(Range<usize>) -> Result<T, ArrowError> + Sync,
{
    let chunks = ranges.len();
    let (done, results) = mpsc::channel();
    let spawn = |i: usize| {
        let done = done.clone();
        let range = ranges[i].clone();
        scope.spawn_fifo(move |_| {
            // A panic is sent like a result, so that the join never waits
            // for a chunk that will not come; it is raised again on the
            // calling thread.
            let result = panic::catch_unwind(AssertUnwindSafe(|| work(range)));
            // The receiver is gone only when the join stopped at an
            // earlier chunk's error: this chunk is not needed.
            let _ = done.send((i, result));
        });
    };
    let mut spawned = ahead.min(chunks);
    (0..spawned).for_each(spawn);
    let rows = ranges.iter().map(|r| r.len()).sum();
    let mut joined = Joining::<T>::new(rows);
    let mut early = BTreeMap::new();
    for next in 0..chunks {
        let result = loop {
            if let Some(result) = early.remove(&next) {
                break result;
            }
            let (i, result) = match results.try_recv() {
                Ok(done) => done,
                Err(_) => {
                    // On a pool thread: compute a waiting chunk (or other
                    // work of the pool) rather than wait. Blocking is safe
                    // once nothing is left to run here, since every chunk
                    // not done is then running on another thread. Outside
                    // the pool `yield_now` is `None`: wait.
                    if let Some(rayon::Yield::Executed) = rayon::yield_now() {
                        continue;
                    }
                    results.recv().map_err(|_| {
                        ArrowError::ComputeError("a chunk's result never came back".into())
                    })?
                }
            };
            early.insert(i, result);
        };
        if spawned < chunks {
            spawn(spawned);
            spawned += 1;
        }
        match result {
            Ok(piece) => joined.push(piece?)?,
            Err(payload) => panic::resume_unwind(payload),
        }
    }
    joined.finish()
}

/// Chunks computed ahead of the join, per thread of the pool.
const IN_FLIGHT_PER_THREAD: usize = 4;

/// What a chunked function gives: a column, or a column with its error
/// column; chunks of it join in order, one by one as they come.
pub(crate) trait Joined: Sized + Send {
    /// Chunks joined so far.
    type Joining: JoinNext<Self>;
}

/// A result joined chunk by chunk, in order.
pub(crate) trait JoinNext<T> {
    /// Nothing joined yet, of a result of `rows` rows.
    fn new(rows: usize) -> Self;
    /// Appends the next chunk's result.
    fn push(&mut self, piece: T) -> Result<(), ArrowError>;
    /// The joined result.
    fn finish(self) -> Result<T, ArrowError>;
}

type Joining<T> = <T as Joined>::Joining;

/// A column of `rows` rows joined chunk by chunk: a text column's chunks
/// are copied into one builder as they come (the copy is the join's whole
/// cost), and a struct's (a parse's components) field by field the same
/// way, so that the copy runs beside the computation and each chunk's
/// buffers are freed for the chunks after it; other columns (booleans,
/// the error column's offsets) are kept and joined at the end with
/// [`join`], where they cost little.
pub(crate) struct JoiningColumn {
    rows: usize,
    /// `None` until the first chunk, whose type chooses the way.
    column: Option<Column>,
}

enum Column {
    Text(StringBuilder),
    LargeText(LargeStringBuilder),
    Struct(JoiningStruct),
    Pieces(Vec<ArrayRef>),
}

/// A struct column joined field by field as its chunks come.
struct JoiningStruct {
    fields: Fields,
    columns: Vec<Column>,
    /// The validity of the rows joined so far; `None` while every row
    /// is valid.
    valid: Option<BooleanBufferBuilder>,
    /// Rows joined so far.
    len: usize,
    rows: usize,
}

impl Column {
    /// The way to join a column of `rows` rows whose first chunk is
    /// `first`.
    fn for_first(first: &dyn Array, rows: usize) -> Column {
        match first.data_type() {
            DataType::Utf8 => Column::Text(text_builder(first.as_string(), rows)),
            DataType::LargeUtf8 => Column::LargeText(text_builder(first.as_string(), rows)),
            DataType::Struct(fields) => Column::Struct(JoiningStruct {
                fields: fields.clone(),
                columns: first
                    .as_struct()
                    .columns()
                    .iter()
                    .map(|c| Column::for_first(c.as_ref(), rows))
                    .collect(),
                valid: None,
                len: 0,
                rows,
            }),
            _ => Column::Pieces(Vec::new()),
        }
    }

    fn push(&mut self, piece: ArrayRef) -> Result<(), ArrowError> {
        match self {
            Column::Text(builder) => builder.append_array(piece.as_string()).map_err(too_long),
            Column::LargeText(builder) => builder.append_array(piece.as_string()).map_err(too_long),
            Column::Struct(joining) => joining.push(piece.as_struct()),
            Column::Pieces(pieces) => {
                pieces.push(piece);
                Ok(())
            }
        }
    }

    fn finish(self) -> Result<ArrayRef, ArrowError> {
        match self {
            Column::Text(mut builder) => Ok(Arc::new(builder.finish())),
            Column::LargeText(mut builder) => Ok(Arc::new(builder.finish())),
            Column::Struct(joining) => joining.finish(),
            Column::Pieces(pieces) => join(&pieces),
        }
    }
}

impl JoiningStruct {
    fn push(&mut self, piece: &StructArray) -> Result<(), ArrowError> {
        for (column, field) in self.columns.iter_mut().zip(piece.columns()) {
            column.push(field.clone())?;
        }
        match (piece.nulls(), &mut self.valid) {
            (None, None) => {}
            (None, Some(valid)) => valid.append_n(piece.len(), true),
            (Some(nulls), valid) => {
                let valid = valid.get_or_insert_with(|| {
                    let mut valid = BooleanBufferBuilder::new(self.rows);
                    valid.append_n(self.len, true);
                    valid
                });
                valid.append_buffer(nulls.inner());
            }
        }
        self.len += piece.len();
        Ok(())
    }

    fn finish(self) -> Result<ArrayRef, ArrowError> {
        let columns = self
            .columns
            .into_iter()
            .map(Column::finish)
            .collect::<Result<Vec<_>, _>>()?;
        let nulls = self.valid.map(|mut valid| NullBuffer::new(valid.finish()));
        Ok(Arc::new(StructArray::try_new(self.fields, columns, nulls)?))
    }
}

/// A builder for a text column of `rows` rows whose first chunk is
/// `first`, with room for the text of every row as long as the first
/// chunk's rows on average, and half as much again: a builder that
/// outgrows its buffer copies the whole text (Arrow's buffers are
/// over-aligned, so the system cannot grow them in place), while room
/// never written is address space, not memory.
fn text_builder<O: OffsetSizeTrait>(
    first: &GenericStringArray<O>,
    rows: usize,
) -> GenericStringBuilder<O> {
    let offsets = first.value_offsets();
    let bytes = (offsets[first.len()] - offsets[0]).as_usize();
    let expected = bytes.saturating_mul(rows) / first.len().max(1);
    GenericStringBuilder::with_capacity(rows, expected.saturating_add(expected / 2))
}

impl JoinNext<ArrayRef> for JoiningColumn {
    fn new(rows: usize) -> Self {
        JoiningColumn { rows, column: None }
    }

    fn push(&mut self, piece: ArrayRef) -> Result<(), ArrowError> {
        let rows = self.rows;
        self.column
            .get_or_insert_with(|| Column::for_first(piece.as_ref(), rows))
            .push(piece)
    }

    fn finish(self) -> Result<ArrayRef, ArrowError> {
        match self.column {
            None => Err(ArrowError::ComputeError(
                "joining the result's chunks: there were none".into(),
            )),
            Some(column) => column.finish(),
        }
    }
}

/// The error of a Utf8 result whose joined text passes 2 GiB.
fn too_long(e: ArrowError) -> ArrowError {
    ArrowError::ComputeError(format!(
        "joining the result's chunks: {e} (a Utf8 result holds at most 2 GiB of \
         text; pass a LargeUtf8 column or a smaller batch)"
    ))
}

impl Joined for ArrayRef {
    type Joining = JoiningColumn;
}

/// A column and its error column joined chunk by chunk.
pub(crate) struct JoiningWithErrors {
    values: JoiningColumn,
    errors: JoiningColumn,
}

impl JoinNext<WithErrors> for JoiningWithErrors {
    fn new(rows: usize) -> Self {
        JoiningWithErrors {
            values: JoiningColumn::new(rows),
            errors: JoiningColumn::new(rows),
        }
    }

    fn push(&mut self, piece: WithErrors) -> Result<(), ArrowError> {
        self.values.push(piece.values)?;
        self.errors.push(piece.errors)
    }

    fn finish(self) -> Result<WithErrors, ArrowError> {
        let (values, errors) = rayon::join(|| self.values.finish(), || self.errors.finish());
        Ok(WithErrors {
            values: values?,
            errors: errors?,
        })
    }
}

impl Joined for WithErrors {
    type Joining = JoiningWithErrors;
}

/// `serial` on each chunk of `array`, joined: what `serial(array)`
/// gives, computed on the current pool.
pub(crate) fn map<T, F>(array: &dyn Array, serial: F) -> Result<T, ArrowError>
where
    T: Joined,
    F: Fn(&dyn Array) -> Result<T, ArrowError> + Sync,
{
    let ranges = ranges(array.len(), rayon::current_num_threads());
    if ranges.len() == 1 {
        return serial(array);
    }
    stream(ranges, |r| serial(array.slice(r.start, r.len()).as_ref()))
}

/// [`map`] over two columns of one length, sliced alike (a difference in
/// length is the serial function's error, reported on the whole columns).
pub(crate) fn map2<T, F>(a: &dyn Array, b: &dyn Array, serial: F) -> Result<T, ArrowError>
where
    T: Joined,
    F: Fn(&dyn Array, &dyn Array) -> Result<T, ArrowError> + Sync,
{
    let ranges = ranges(a.len(), rayon::current_num_threads());
    if a.len() != b.len() || ranges.len() == 1 {
        return serial(a, b);
    }
    stream(ranges, |r| {
        serial(
            a.slice(r.start, r.len()).as_ref(),
            b.slice(r.start, r.len()).as_ref(),
        )
    })
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

    /// Struct pieces with and without nulls (the first chunk's nulls,
    /// or only a later one's), a nullable and a non-nullable field: the
    /// field-by-field join is `concat`'s.
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
            vec![
                piece(vec!["/a"], vec![Some("q")], None),
                piece(vec!["/b", "/c"], vec![None, Some("")], None),
                piece(vec!["", "/d"], vec![None, None], Some(vec![false, true])),
                piece(vec!["/e"], vec![Some("r")], None),
            ],
        ];
        for pieces in sets {
            let refs: Vec<&dyn Array> = pieces.iter().map(AsRef::as_ref).collect();
            let want = arrow_select::concat::concat(&refs).unwrap();
            let mut joining = JoiningColumn::new(pieces.iter().map(|p| p.len()).sum());
            for piece in &pieces {
                joining.push(piece.clone()).unwrap();
            }
            let got = joining.finish().unwrap();
            assert_eq!(got.to_data(), want.to_data());
        }
    }

    /// `rows` texts, every seventh null, each with a character that is
    /// not ASCII.
    fn texts(rows: usize) -> ArrayRef {
        Arc::new(arrow_array::StringArray::from_iter((0..rows).map(|i| {
            (i % 7 != 3).then(|| format!("r{i}-\u{e9}{}", "x".repeat(i % 13)))
        })))
    }

    /// A serial column function: the text in upper case, as Utf8 (like
    /// the input), as LargeUtf8, or with an error column.
    fn upper_as<O: OffsetSizeTrait>(a: &dyn Array) -> Result<ArrayRef, ArrowError> {
        let upper = a
            .as_string::<i32>()
            .iter()
            .map(|v| v.map(str::to_uppercase));
        Ok(Arc::new(upper.collect::<GenericStringArray<O>>()))
    }

    fn upper(a: &dyn Array) -> Result<ArrayRef, ArrowError> {
        upper_as::<i32>(a)
    }

    fn large_upper(a: &dyn Array) -> Result<ArrayRef, ArrowError> {
        upper_as::<i64>(a)
    }

    fn upper_with_nulls_as_errors(a: &dyn Array) -> Result<WithErrors, ArrowError> {
        let errors = a.logical_nulls().map(|n| {
            n.iter()
                .map(|valid| (!valid).then_some("null"))
                .collect::<arrow_array::StringArray>()
        });
        Ok(WithErrors {
            values: upper(a)?,
            errors: Arc::new(errors.unwrap_or_else(|| vec![None::<&str>; a.len()].into())),
        })
    }

    fn pool_of(threads: usize) -> rayon::ThreadPool {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
    }

    /// Chunks of `size` rows over `rows`.
    fn cut(rows: usize, size: usize) -> Vec<Range<usize>> {
        (0..rows.div_ceil(size))
            .map(|c| c * size..((c + 1) * size).min(rows))
            .collect()
    }

    /// More chunks than are computed ahead of the join, each joined as it
    /// comes: the result is the serial function's on the whole column, for
    /// Utf8, LargeUtf8 and a column with its error column.
    #[test]
    fn streamed_chunks_join_as_the_serial_result() {
        let pool = pool_of(3);
        let column = texts(30_011);
        let ranges = cut(column.len(), 1000);
        assert!(ranges.len() > 3 * IN_FLIGHT_PER_THREAD);
        let slice = |r: &Range<usize>| column.slice(r.start, r.len());

        let got: ArrayRef = stream_on(Some(&pool), ranges.clone(), |r| upper(&slice(&r))).unwrap();
        assert_eq!(got.to_data(), upper(&column).unwrap().to_data());

        let got: ArrayRef =
            stream_on(Some(&pool), ranges.clone(), |r| large_upper(&slice(&r))).unwrap();
        assert_eq!(got.to_data(), large_upper(&column).unwrap().to_data());

        let got: WithErrors = stream_on(Some(&pool), ranges.clone(), |r| {
            upper_with_nulls_as_errors(&slice(&r))
        })
        .unwrap();
        let want = upper_with_nulls_as_errors(&column).unwrap();
        assert_eq!(got.values.to_data(), want.values.to_data());
        assert_eq!(got.errors.to_data(), want.errors.to_data());

        // From one of the pool's threads, which computes chunks itself
        // while the next one to join is not done: the same result.
        let got: ArrayRef = pool
            .install(|| stream(ranges.clone(), |r| upper(&slice(&r))))
            .unwrap();
        assert_eq!(got.to_data(), upper(&column).unwrap().to_data());
        // A pool of one thread, whose only thread is the caller, computes
        // every chunk itself.
        let one = pool_of(1);
        let got: ArrayRef = one
            .install(|| stream(ranges.clone(), |r| upper(&slice(&r))))
            .unwrap();
        assert_eq!(got.to_data(), upper(&column).unwrap().to_data());
    }

    /// A chunk's error is the call's, and a chunk's panic is raised on the
    /// calling thread; neither leaves the join waiting.
    #[test]
    fn a_chunks_error_or_panic_reaches_the_caller() {
        let pool = pool_of(2);
        let column = texts(20_000);
        let ranges = cut(column.len(), 500);
        let failing = |r: Range<usize>| {
            if r.start == 7_000 {
                return Err(ArrowError::ComputeError("chunk at 7000".into()));
            }
            upper(&column.slice(r.start, r.len()))
        };
        let error = stream_on::<ArrayRef, _>(Some(&pool), ranges.clone(), failing).unwrap_err();
        assert_eq!(error.to_string(), "Compute error: chunk at 7000");

        let panicking = |r: Range<usize>| {
            assert!(r.start != 12_000, "chunk at 12000");
            upper(&column.slice(r.start, r.len()))
        };
        let payload = panic::catch_unwind(AssertUnwindSafe(|| {
            stream_on::<ArrayRef, _>(Some(&pool), ranges.clone(), panicking)
        }))
        .unwrap_err();
        assert_eq!(payload.downcast_ref::<&str>(), Some(&"chunk at 12000"));
    }

    #[test]
    fn one_thread_or_a_small_column_is_one_chunk() {
        assert_eq!(ranges(1_000_000, 1).len(), 1);
        assert_eq!(ranges(MIN_CHUNK_ROWS * 2 - 1, 8).len(), 1);
        assert_eq!(ranges(MIN_CHUNK_ROWS * 3, 8).len(), 3);
        assert_eq!(ranges(1_000_000, 2).len(), 2 * CHUNKS_PER_THREAD);
    }
}
