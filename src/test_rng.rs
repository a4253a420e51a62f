//! A small deterministic generator for the unit tests (xorshift64), so
//! that a failure reproduces from its seed.

/// The next value of a xorshift64 sequence from `seed` (not zero), on
/// each call.
pub(crate) fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    assert_ne!(seed, 0, "xorshift stays at zero");
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}
