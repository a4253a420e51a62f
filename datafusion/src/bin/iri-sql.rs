//! `iri-sql`: SQL over CSV, Parquet and JSON files with every function of
//! `rfc3987-datafusion` registered, to try them without writing Rust.
//!
//! ```text
//! iri-sql -c "SELECT iri_normalize(url) FROM 'urls.parquet'"
//! iri-sql -f query.sql --format csv > out.csv
//! echo "SELECT try_iri_host(u) FROM 'urls.csv'" | iri-sql
//! ```
//!
//! A file's path in quotes is a table (`FROM 'urls.parquet'`, by its
//! extension: `.csv`, `.parquet`, `.json` for newline-delimited JSON);
//! `CREATE EXTERNAL TABLE` names one, and `COPY (...) TO 'out.parquet'`
//! writes a result. Statements run in order, separated by `;`. Exit
//! status: 0 when every statement ran, 1 when one failed (its error on
//! stderr, the statements after it not run), 2 for a usage error (or no
//! SQL at all).

#![forbid(unsafe_code)]

use std::io::{self, Read as _, Write};
use std::process::ExitCode;

use datafusion::arrow::array::RecordBatch;
use datafusion::arrow::csv::WriterBuilder as CsvWriterBuilder;
use datafusion::arrow::json::LineDelimitedWriter;
use datafusion::arrow::util::pretty::pretty_format_batches;
use datafusion::error::DataFusionError;
use datafusion::physical_plan::SendableRecordBatchStream;
use datafusion::prelude::SessionContext;
use datafusion::sql::parser::DFParser;
use futures::StreamExt as _;

const USAGE: &str = "\
usage: iri-sql [-c SQL | -f FILE] [--format table|csv|json]

Runs SQL statements (separated by ';') with the IRI functions registered,
and prints each query's result. The SQL comes from -c, from -f FILE ('-'
for standard input) or, without either, from standard input.

  -c, --command SQL     the statements to run
  -f, --file FILE       read the statements from FILE
      --format FORMAT   table (default), csv (a header line, then one line
                        per row) or json (one JSON object per row)
      --functions       list the IRI functions and exit
  -h, --help            print this help and exit
  -V, --version         print the version and exit

Tables: a quoted path is a table, by its extension (FROM 'urls.parquet',
'urls.csv', 'urls.json' for newline-delimited JSON); CREATE EXTERNAL TABLE
t STORED AS PARQUET LOCATION 'dir/' names one; COPY (SELECT ...) TO
'out.parquet' writes a result.

Functions: strict ones (iri_to_uri, iri_normalize, ...) stop the query at
a row that fails, naming it; their try_ forms (try_iri_to_uri, ...) give
NULL for it. --functions lists them.

Exit status: 0 when every statement ran, 1 when one failed (the message
on stderr; later statements are not run), 2 for a usage error.
";

/// The output format of query results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Table,
    Csv,
    Json,
}

/// Where the SQL comes from.
enum Source {
    Command(String),
    File(String),
    Stdin,
}

/// What the command line asks for.
enum Request {
    Run(Source, Format),
    Print(String),
}

/// A usage error: its message.
struct Usage(String);

fn parse_args() -> Result<Request, Usage> {
    use lexopt::prelude::*;
    let mut parser = lexopt::Parser::from_env();
    let mut source = None;
    let mut format = Format::Table;
    let usage = |e: lexopt::Error| Usage(e.to_string());
    let text = |value: std::ffi::OsString, what: &str| {
        value
            .into_string()
            .map_err(|_| Usage(format!("{what} is not valid UTF-8")))
    };
    while let Some(arg) = parser.next().map_err(usage)? {
        match arg {
            Short('c') | Long("command") => {
                let sql = text(parser.value().map_err(usage)?, "the SQL")?;
                if source.replace(Source::Command(sql)).is_some() {
                    return Err(Usage("give the SQL once: -c or -f".into()));
                }
            }
            Short('f') | Long("file") => {
                let path = text(parser.value().map_err(usage)?, "the file name")?;
                let next = if path == "-" {
                    Source::Stdin
                } else {
                    Source::File(path)
                };
                if source.replace(next).is_some() {
                    return Err(Usage("give the SQL once: -c or -f".into()));
                }
            }
            Long("format") => {
                format = match text(parser.value().map_err(usage)?, "the format")?.as_str() {
                    "table" => Format::Table,
                    "csv" => Format::Csv,
                    "json" => Format::Json,
                    other => {
                        return Err(Usage(format!(
                            "unknown format '{other}' (use table, csv or json)"
                        )))
                    }
                }
            }
            Long("functions") => {
                let mut list = rfc3987_datafusion::function_names().join("\n");
                list.push('\n');
                return Ok(Request::Print(list));
            }
            Short('h') | Long("help") => return Ok(Request::Print(USAGE.into())),
            Short('V') | Long("version") => {
                return Ok(Request::Print(format!(
                    "iri-sql {} (DataFusion {})\n",
                    env!("CARGO_PKG_VERSION"),
                    datafusion::DATAFUSION_VERSION
                )))
            }
            other => return Err(Usage(other.unexpected().to_string())),
        }
    }
    Ok(Request::Run(source.unwrap_or(Source::Stdin), format))
}

/// Why the run stopped early.
enum Failure {
    /// A statement failed: exit status 1.
    Statement(usize, DataFusionError),
    /// The SQL could not be read, or the output written: exit status 1
    /// (a closed pipe ends the run quietly).
    Io(String, io::Error),
}

/// Reads the SQL text.
fn read_sql(source: Source) -> Result<String, Failure> {
    match source {
        Source::Command(sql) => Ok(sql),
        Source::File(path) => std::fs::read_to_string(&path)
            .map_err(|e| Failure::Io(format!("cannot read {path}"), e)),
        Source::Stdin => {
            let mut sql = String::new();
            io::stdin()
                .read_to_string(&mut sql)
                .map_err(|e| Failure::Io("cannot read the SQL from standard input".into(), e))?;
            Ok(sql)
        }
    }
}

/// Runs each statement of `sql` in order and prints each result.
async fn run(sql: &str, format: Format) -> Result<(), Failure> {
    let ctx = SessionContext::new().enable_url_table();
    rfc3987_datafusion::register_all(&ctx);
    let statements = DFParser::parse_sql(sql).map_err(|e| Failure::Statement(1, e))?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    for (i, statement) in statements.into_iter().enumerate() {
        let number = i + 1;
        let failed = |e| Failure::Statement(number, e);
        let state = ctx.state();
        let plan = state.statement_to_plan(statement).await.map_err(failed)?;
        let frame = ctx.execute_logical_plan(plan).await.map_err(failed)?;
        let stream = frame.execute_stream().await.map_err(failed)?;
        print(stream, format, &mut out, number).await?;
    }
    out.flush()
        .map_err(|e| Failure::Io("cannot write the output".into(), e))
}

/// Writes one statement's result in `format`: a table after the whole
/// result is in, CSV and JSON a batch at a time.
async fn print(
    mut stream: SendableRecordBatchStream,
    format: Format,
    out: &mut impl Write,
    number: usize,
) -> Result<(), Failure> {
    let failed = |e| Failure::Statement(number, e);
    let written = |e: datafusion::arrow::error::ArrowError| match e {
        datafusion::arrow::error::ArrowError::IoError(_, e) => {
            Failure::Io("cannot write the output".into(), e)
        }
        other => Failure::Statement(number, other.into()),
    };
    match format {
        Format::Table => {
            let mut batches: Vec<RecordBatch> = Vec::new();
            while let Some(batch) = stream.next().await {
                batches.push(batch.map_err(failed)?);
            }
            // A statement without columns (CREATE, SET) prints nothing.
            if stream.schema().fields().is_empty() {
                return Ok(());
            }
            let table = pretty_format_batches(&batches).map_err(written)?;
            writeln!(out, "{table}").map_err(|e| Failure::Io("cannot write the output".into(), e))
        }
        Format::Csv => {
            let mut writer = CsvWriterBuilder::new().with_header(true).build(out);
            while let Some(batch) = stream.next().await {
                writer.write(&batch.map_err(failed)?).map_err(written)?;
            }
            Ok(())
        }
        Format::Json => {
            let mut writer = LineDelimitedWriter::new(out);
            while let Some(batch) = stream.next().await {
                writer.write(&batch.map_err(failed)?).map_err(written)?;
            }
            writer.finish().map_err(written)
        }
    }
}

fn main() -> ExitCode {
    let (source, format) = match parse_args() {
        Ok(Request::Run(source, format)) => (source, format),
        Ok(Request::Print(text)) => {
            let _ = io::stdout().write_all(text.as_bytes());
            return ExitCode::SUCCESS;
        }
        Err(Usage(message)) => {
            eprintln!("iri-sql: {message}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("iri-sql: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let outcome = read_sql(source).and_then(|sql| {
        if sql.trim().is_empty() {
            Ok(false)
        } else {
            runtime.block_on(run(&sql, format)).map(|()| true)
        }
    });
    match outcome {
        Ok(false) => {
            eprintln!(
                "iri-sql: no SQL to run (give -c SQL, -f FILE or statements on standard input)"
            );
            ExitCode::from(2)
        }
        Ok(true) => ExitCode::SUCCESS,
        Err(Failure::Io(_, e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Failure::Io(what, e)) => {
            eprintln!("iri-sql: {what}: {e}");
            ExitCode::FAILURE
        }
        Err(Failure::Statement(number, e)) => {
            eprintln!("iri-sql: statement {number}: {e}");
            ExitCode::FAILURE
        }
    }
}
