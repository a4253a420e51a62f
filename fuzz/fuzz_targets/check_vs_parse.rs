#![no_main]
// The property: see `rfc3987_fuzz::properties::check_vs_parse`.
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    rfc3987_fuzz::properties::check_vs_parse(data);
});
