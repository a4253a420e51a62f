#!/usr/bin/env bash
# What this crate costs a program that depends on it, beside its peers:
# clean release builds, in scratch projects under a temporary folder, of
# the same small program (reads lines, parses each as an IRI reference,
# resolves it against a base, normalizes, prints the IRI and its URI),
# written against
#   rfc3987 (default features), rfc3987 with features `std`, `idna` and
#   `normalization` only, rfc3987 with `default-features = false`,
#   iri-string + idna (idna maps the host), and oxiri (no normalization),
# and a hello-world. Prints, per program, the CPU time (user + system, all
# of cargo's processes) and the wall-clock time of its clean build minus
# the hello-world's, and the size of its stripped binary minus the
# hello-world's.
#
#   bash benches/build-weight.sh            # JOBS=2 by default (cargo -j)
#
# Needs the crates.io registry (dependencies are fetched before timing),
# GNU time (/usr/bin/time), strip and nm (which also lists, on standard
# error, the recognizers each rfc3987 program links).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
jobs="${JOBS:-2}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

project() { # NAME DEPENDENCY-LINES MAIN-SOURCE
  mkdir -p "$work/$1/src"
  printf '[package]\nname = "%s"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n\n[dependencies]\n%s\n\n[workspace]\n' \
    "$1" "$2" >"$work/$1/Cargo.toml"
  printf '%s\n' "$3" >"$work/$1/src/main.rs"
}

project hello "" 'fn main() { println!("hello"); }'

rfc3987_main='use std::io::BufRead;
fn main() {
    let base = rfc3987::Iri::parse("http://example.org/a/b?q").expect("a valid base");
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("readable input");
        match rfc3987::IriRef::parse(line.as_str()) {
            Ok(reference) => {
                let iri = base.resolve(&reference);
                let normal = iri.normalize();
                println!("{} {}", normal, normal.to_uri());
            }
            Err(error) => eprintln!("{error}"),
        }
    }
}'
project rfc3987-default "rfc3987 = { path = \"$repo\" }" "$rfc3987_main"
project rfc3987-mapping "rfc3987 = { path = \"$repo\", default-features = false, features = [\"std\", \"idna\", \"normalization\"] }" "$rfc3987_main"
project rfc3987-core "rfc3987 = { path = \"$repo\", default-features = false }" "$rfc3987_main"

project iri-string-idna 'iri-string = "0.7"
idna = "1"' 'use std::io::BufRead;
use iri_string::format::ToDedicatedString;
use iri_string::types::{IriAbsoluteStr, IriReferenceStr, IriString};
fn main() {
    let base = IriAbsoluteStr::new("http://example.org/a/b?q").expect("a valid base");
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("readable input");
        match IriReferenceStr::new(line.as_str()) {
            Ok(reference) => {
                let iri: IriString = reference.resolve_against(base).to_dedicated_string();
                let normal: IriString = iri.normalize().to_dedicated_string();
                let ascii = normal.authority_components().map(|a| idna::domain_to_ascii(a.host()));
                let uri = normal.encode_to_uri().to_dedicated_string();
                println!("{normal} {uri} {ascii:?}");
            }
            Err(error) => eprintln!("{error}"),
        }
    }
}'

project oxiri 'oxiri = "0.3"' 'use std::io::BufRead;
fn main() {
    let base = oxiri::Iri::parse("http://example.org/a/b?q").expect("a valid base");
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("readable input");
        match oxiri::IriRef::parse(line.as_str()).and_then(|r| base.resolve(&r)) {
            Ok(iri) => println!("{iri}"),
            Err(error) => eprintln!("{error}"),
        }
    }
}'

names=(hello rfc3987-default rfc3987-mapping rfc3987-core iri-string-idna oxiri)
for name in "${names[@]}"; do
  (cd "$work/$name" && cargo fetch -q)
done

declare -A cpu wall size
for name in "${names[@]}"; do
  dir="$work/$name"
  /usr/bin/time -f '%U %S %e' -o "$dir/time" \
    cargo build -q --release -j "$jobs" --manifest-path "$dir/Cargo.toml" --target-dir "$dir/target"
  cpu[$name]="$(awk '{printf "%.1f", $1 + $2}' "$dir/time")"
  wall[$name]="$(awk '{printf "%.1f", $3}' "$dir/time")"
  strip -o "$dir/stripped" "$dir/target/release/$name"
  size[$name]="$(stat -c %s "$dir/stripped")"
  echo "built $name: ${cpu[$name]} s CPU, ${wall[$name]} s wall, ${size[$name]} bytes stripped" >&2
  if [[ "$name" == rfc3987-* ]]; then
    # The recognizers the program links (one `NAME_DFA` static each, of
    # the 77 the grammar defines): those of the rules it names, not all.
    linked="$(nm -C "$dir/target/release/$name" | sed -n 's/.*grammar::generated::rules::\([A-Z0-9_]*\)_DFA$/\1/p' | sort | tr '\n' ' ')"
    echo "  recognizers linked: $(wc -w <<<"$linked"): $linked" >&2
    # UTS 46 and the normalization forms are linked only where the program
    # turns them on (`ToUri::idna`, `Level::Scheme`, `Chars`): this one
    # does not.
    uts46="$(nm -C "$dir/target/release/$name" | grep -c 'idna::uts46' || true)"
    echo "  UTS 46 functions linked: $uts46" >&2
  fi
done

echo
echo "| program (clean release build, cargo -j $jobs) | build CPU time less hello-world's | wall time less hello-world's | stripped binary size added |"
echo "| --- | ---: | ---: | ---: |"
for name in rfc3987-default rfc3987-mapping rfc3987-core iri-string-idna oxiri; do
  awk -v n="$name" -v c="${cpu[$name]}" -v h="${cpu[hello]}" -v w="${wall[$name]}" -v hw="${wall[hello]}" \
    -v s="${size[$name]}" -v hs="${size[hello]}" \
    'BEGIN { printf "| %s | %.1f s | %.1f s | %d KB |\n", n, c - h, w - hw, (s - hs) / 1000 }'
done
echo "(hello-world: ${cpu[hello]} s CPU, ${wall[hello]} s wall, ${size[hello]} bytes stripped; $(rustc --version))"
