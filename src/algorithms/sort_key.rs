//! Sort keys: `u32`, `i32` and `f32`, sorted as `u32` words flipped into unsigned order.
//!
//! A key's *ordered* word is its bits with some flipped, so that unsigned order of the words is
//! the key's order: nothing for `u32`; the sign bit for `i32`; for `f32`, the sign bit of
//! non-negative floats and every bit of negative ones. For floats that is IEEE 754's total
//! order, Rust's [`f32::total_cmp`]: `-NaN < -∞ < … < -0.0 < +0.0 < … < +∞ < +NaN`, NaNs of
//! either sign ordered by their payload.

use crate::{kernel, Element};

mod sealed {
    pub trait Sealed {}
    impl Sealed for u32 {}
    impl Sealed for i32 {}
    impl Sealed for f32 {}
}

/// The key types of [`radix_sort`](super::radix_sort): `u32`, `i32` and `f32` (in the order
/// of [`f32::total_cmp`]).
pub trait SortKey: Element + sealed::Sealed {
    /// Bits flipped in every key.
    #[doc(hidden)]
    const FLIP: u32;
    /// Bits flipped in addition in keys whose top bit is set.
    #[doc(hidden)]
    const FLIP_NEGATIVE: u32;
}

impl SortKey for u32 {
    const FLIP: u32 = 0;
    const FLIP_NEGATIVE: u32 = 0;
}

impl SortKey for i32 {
    const FLIP: u32 = 0x8000_0000;
    const FLIP_NEGATIVE: u32 = 0;
}

impl SortKey for f32 {
    const FLIP: u32 = 0x8000_0000;
    const FLIP_NEGATIVE: u32 = 0x7FFF_FFFF;
}

/// A key's ordered word (see the module documentation).
#[kernel]
pub(crate) fn ordered(bits: u32, flip: u32, flip_negative: u32) -> u32 {
    let negative = 0u32 - (bits >> 31);
    bits ^ (flip | (negative & flip_negative))
}

/// The key whose ordered word is `word`: the inverse of [`ordered`].
#[kernel]
pub(crate) fn unordered(word: u32, flip: u32, flip_negative: u32) -> u32 {
    let negative = 0u32 - ((word >> 31) ^ (flip >> 31));
    word ^ (flip | (negative & flip_negative))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ordered_host<K: SortKey>(bits: u32) -> u32 {
        let negative = 0u32.wrapping_sub(bits >> 31);
        bits ^ (K::FLIP | (negative & K::FLIP_NEGATIVE))
    }

    #[test]
    fn ordered_words_follow_total_cmp() {
        let floats = [
            f32::from_bits(0xFFFF_FFFF),
            f32::NEG_INFINITY,
            -1.0,
            -f32::MIN_POSITIVE,
            -0.0,
            0.0,
            f32::from_bits(1),
            2.5,
            f32::INFINITY,
            f32::NAN,
            f32::from_bits(0x7FFF_FFFF),
        ];
        for pair in floats.windows(2) {
            assert!(pair[0].total_cmp(&pair[1]).is_lt());
            let (a, b) = (pair[0].to_bits(), pair[1].to_bits());
            assert!(ordered_host::<f32>(a) < ordered_host::<f32>(b), "{pair:?}");
        }
        let ints = [i32::MIN, -5, -1, 0, 1, i32::MAX];
        for pair in ints.windows(2) {
            let (a, b) = (pair[0] as u32, pair[1] as u32);
            assert!(ordered_host::<i32>(a) < ordered_host::<i32>(b), "{pair:?}");
        }
    }
}
