//! Intrinsics on integers and floats (C++ AMP's `direct3d` namespace): `abs`, `min`, `max`,
//! `clamp`, bit counting on `u32`/`i32`, and the bit casts `asuint`, `asint`, `asfloat`.

use super::*;

crate::bits::reinterpret! {
    /// The bits of an `f32`, `i32` or `u32` as a `u32` (C++ AMP's `asuint`; `x.to_bits()`
    /// for a float).
    asuint / AsUint -> u32;
    /// The bits of an `f32`, `i32` or `u32` as an `i32` (C++ AMP's `asint`).
    asint / AsInt -> i32;
    /// The `f32` whose bits are those of an `i32`, `u32` (or `f32`) (C++ AMP's `asfloat`;
    /// `f32::from_bits(u)`).
    asfloat / AsFloat -> f32;
}

macro_rules! numeric_fns {
    ($( $(#[$doc:meta])* $name:ident / $marker:ident ($($arg:ident),+) => $fun:ident; )*) => {$(
        crate::host_math::host_builtin!($(#[$doc])* $name / $marker <T: Numeric> ($($arg),+) -> T);

        impl<T: Numeric> DeviceFn<($(numeric_fns!(@ty $arg),)+)> for $marker<T> {
            type Output = KernelValue<T>;
            fn call(&self, b: &mut KernelBuilder, ($($arg,)+): ($(numeric_fns!(@ty $arg),)+)) -> KernelValue<T> {
                KernelValue::from_handle(math(b, M::$fun, &[$($arg.handle()),+], T::SCALAR))
            }
        }
    )*};
    (@ty $arg:ident) => { KernelValue<T> };
}

numeric_fns! {
    /// Absolute value (`i32` wraps at `i32::MIN`, as the accelerator does).
    abs / Abs(x) => Abs;
    /// The smaller of two values.
    min / Min(x, y) => Min;
    /// The larger of two values.
    max / Max(x, y) => Max;
    /// `x` limited to `lo..=hi`.
    clamp / Clamp(x, lo, hi) => Clamp;
}

macro_rules! bit_fns {
    ($( $(#[$doc:meta])* $name:ident / $marker:ident => $fun:ident; )*) => {$(
        crate::host_math::host_builtin!($(#[$doc])* $name / $marker <T: crate::types::Integer> (x) -> T);

        impl<T: crate::types::Integer> DeviceFn<(KernelValue<T>,)> for $marker<T> {
            type Output = KernelValue<T>;
            fn call(&self, b: &mut KernelBuilder, (x,): (KernelValue<T>,)) -> KernelValue<T> {
                KernelValue::from_handle(math(b, M::$fun, &[x.handle()], T::SCALAR))
            }
        }
    )*};
}

bit_fns! {
    /// The number of set bits.
    countbits / CountBits => CountOneBits;
    /// The bits in reverse order.
    reversebits / ReverseBits => ReverseBits;
    /// The index of the highest set bit (of the highest bit differing from the sign, for
    /// `i32`); all ones when there is none.
    firstbithigh / FirstBitHigh => FirstLeadingBit;
    /// The index of the lowest set bit; all ones when there is none.
    firstbitlow / FirstBitLow => FirstTrailingBit;
}
