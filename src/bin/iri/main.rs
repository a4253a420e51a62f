//! The `iri` command-line tool (being written).
fn main() {
    eprintln!("iri: no subcommands yet");
    std::process::exit(2);
}
