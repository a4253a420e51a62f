#![no_main]
// The property: see `rfc3987_fuzz::differential::check`.
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    rfc3987_fuzz::differential::check(rfc3987_fuzz::differential::Peer::Oxiri, data);
});
