//! The window check with NEON (aarch64): the x86 module's steps, with
//! `tbl` for `pshufb` (its indices here are nibbles, below 16, where the
//! two agree) and a bit-weighted horizontal add for `movemask`.

use core::arch::aarch64::{
    uint8x16_t, vaddv_u8, vandq_u8, vceqq_u8, vdupq_n_u8, vget_high_u8, vget_low_u8, vld1q_u8,
    vmaxvq_u8, vqtbl1q_u8, vshrq_n_u8, vtstq_u8,
};

use super::{advance, chars_mask, run_mask, NibbleSet, WindowSets};

/// The weight of each byte's bit in its half of a mask.
const WEIGHTS: NibbleSet = [1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128];

/// 16 bytes in a register.
#[inline(always)]
fn load(bytes: &[u8; 16]) -> uint8x16_t {
    // SAFETY: `bytes` is 16 readable bytes; `vld1q_u8` has no
    // alignment requirement; NEON is enabled at compile time (this
    // module's cfg).
    unsafe { vld1q_u8(bytes.as_ptr()) }
}

/// Bit `i` set when byte `i` of `lanes` is `FF` (each is `00` or
/// `FF`): `movemask`.
#[inline]
#[target_feature(enable = "neon")]
fn bits(lanes: uint8x16_t, weights: uint8x16_t) -> u32 {
    let weighted = vandq_u8(lanes, weights);
    u32::from(vaddv_u8(vget_low_u8(weighted))) | u32::from(vaddv_u8(vget_high_u8(weighted))) << 8
}

/// Bit `i` set when byte `i` (by its `low` nibble and its `high`
/// nibble's bit) is in `set`.
#[inline]
#[target_feature(enable = "neon")]
fn member(set: uint8x16_t, low: uint8x16_t, high: uint8x16_t, weights: uint8x16_t) -> u32 {
    bits(vtstq_u8(vqtbl1q_u8(set, low), high), weights)
}

/// The run's mask of 16 bytes (the x86 module's `mask16`).
#[inline]
#[target_feature(enable = "neon")]
fn mask16(sets: &[uint8x16_t; 10], bytes: uint8x16_t) -> u32 {
    let [stay, hex1, hex2, high_bits, lead2, lead3, lead3_high, lead3_low, upper_bits, weights] =
        *sets;
    let low = vandq_u8(bytes, vdupq_n_u8(0x0F));
    let high_nibble = vshrq_n_u8::<4>(bytes);
    let high = vqtbl1q_u8(high_bits, high_nibble);
    let percent = bits(vceqq_u8(bytes, vdupq_n_u8(b'%')), weights);
    let ascii = run_mask(
        member(stay, low, high, weights),
        percent,
        member(hex1, low, high, weights),
        member(hex2, low, high, weights),
    );
    if vmaxvq_u8(bytes) < 0x80 {
        return ascii;
    }
    let upper = vqtbl1q_u8(upper_bits, high_nibble);
    let continuation = bits(
        vceqq_u8(vandq_u8(bytes, vdupq_n_u8(0xC0)), vdupq_n_u8(0x80)),
        weights,
    );
    let low_continuation = bits(
        vceqq_u8(vandq_u8(bytes, vdupq_n_u8(0xE0)), vdupq_n_u8(0x80)),
        weights,
    );
    let leads = [
        member(lead2, low, upper, weights),
        member(lead3, low, upper, weights),
        member(lead3_high, low, upper, weights),
        member(lead3_low, low, upper, weights),
    ];
    ascii | chars_mask(leads, continuation, low_continuation)
}

/// [`super::stay_run`] with 16-byte windows.
///
/// # Safety
///
/// The CPU has NEON.
#[target_feature(enable = "neon")]
pub(super) unsafe fn windows(sets: &WindowSets, input: &[u8], mut at: usize) -> usize {
    let [stay, hex1, hex2, high_bits, lead2, lead3, lead3_high, lead3_low, upper_bits] =
        sets.tables().map(load);
    let sets = [
        stay,
        hex1,
        hex2,
        high_bits,
        lead2,
        lead3,
        lead3_high,
        lead3_low,
        upper_bits,
        load(&WEIGHTS),
    ];
    while let Some(window) = input.get(at..at + 16) {
        let window: &[u8; 16] = window.try_into().expect("16 bytes");
        match advance(!mask16(&sets, load(window)) & 0xFFFF, 16) {
            Ok(step) => at += step,
            Err(stop) => return at + stop,
        }
    }
    at
}
