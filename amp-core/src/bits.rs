//! Bit casts: a value's bits read as another scalar type of the same width.
//!
//! Rust's `x.to_bits()`, `f32::to_bits(x)` and `f32::from_bits(u)` (and `f64`'s, on `u64`) work in
//! kernels as on the host; C++ AMP's `asuint`, `asint` and `asfloat` are in
//! [`intrinsics`](crate::math::intrinsics). Each is one naga bit cast (`As` without conversion,
//! WGSL's `bitcast`): the bits are kept exactly. Whether a NaN keeps its payload through float
//! arithmetic, loads and stores is the accelerator's business; the cast itself changes nothing.

use crate::builder::{KernelBuilder, KernelValue};
use crate::math::Float;
use crate::types::{type_of, Scalar};
use naga::Expression;

impl KernelBuilder {
    /// `x`'s bits as a `U`. The caller keeps the widths equal (naga rejects anything else).
    pub(crate) fn bitcast<T: Scalar, U: Scalar>(&mut self, x: KernelValue<T>) -> KernelValue<U> {
        debug_assert_eq!(T::SCALAR.width, U::SCALAR.width);
        // Registers `U` for the 64-bit capability check, which reads the module's types.
        type_of::<U>(self);
        KernelValue::from_handle(self.append(Expression::As {
            expr: x.handle(),
            kind: U::SCALAR.kind,
            convert: None,
        }))
    }
}

/// `x.to_bits()`: the float's bits (`u32` for `f32`, `u64` for `f64`), as Rust's (the method
/// [`ScalarMethods::to_bits`](crate::methods::ScalarMethods::to_bits)).
pub(crate) fn to_bits<T: Float>(b: &mut KernelBuilder, x: KernelValue<T>) -> KernelValue<T::Bits> {
    if T::SCALAR.width == 2 {
        b.error(
            "`to_bits` of an f16 is not supported in kernels, which have no 16-bit integers; \
             use `x.to_f32().to_bits()`",
        );
        return b.zero();
    }
    b.bitcast(x)
}

/// The 32-bit scalars, whose bits C++ AMP's `asuint`, `asint` and `asfloat` reinterpret.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be reinterpreted by asuint/asint/asfloat",
    note = "asuint, asint and asfloat take an i32, u32 or f32; for f64 use `x.to_bits()` / `f64::from_bits(u)`"
)]
pub trait Bits32: Scalar {
    /// The value's bits, on the host.
    #[doc(hidden)]
    fn host_bits(self) -> u32;
}
impl Bits32 for i32 {
    fn host_bits(self) -> u32 {
        self as u32
    }
}
impl Bits32 for u32 {
    fn host_bits(self) -> u32 {
        self
    }
}
impl Bits32 for f32 {
    fn host_bits(self) -> u32 {
        self.to_bits()
    }
}

/// Declares `$name(x)`: the bits of a 32-bit scalar `x` as `$out`.
macro_rules! reinterpret {
    ($( $(#[$doc:meta])* $name:ident / $marker:ident -> $out:ty; )*) => {$(
        crate::host_math::host_builtin!($(#[$doc])* $name / $marker <T: $crate::bits::Bits32> (x) -> $out);

        impl<T: $crate::bits::Bits32> $crate::builder::DeviceFn<($crate::builder::KernelValue<T>,)>
            for $marker<T>
        {
            type Output = $crate::builder::KernelValue<$out>;
            fn call(
                &self,
                b: &mut $crate::builder::KernelBuilder,
                (x,): ($crate::builder::KernelValue<T>,),
            ) -> Self::Output {
                b.bitcast(x)
            }
        }
    )*};
}
pub(crate) use reinterpret;
