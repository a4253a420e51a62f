#![no_main]
// The property: see `rfc3987_fuzz::properties::lint`.
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    rfc3987_fuzz::properties::lint(data);
});
