//! Rust's own numeric methods in kernels: `x.sqrt()`, `x.signum()`, `a.max(b)`,
//! `n.count_ones()`, `n.saturating_add(m)` … and the same functions by path (`f32::exp(x)`,
//! `i32::pow(n, 3)`, see [`primitive`]), so that a Rust programmer's first attempt compiles and
//! computes what it computes on the host.
//!
//! Argument and result types are Rust's (`count_ones` gives a `u32`, `is_nan` a `bool`,
//! `rotate_left` and `pow` take a `u32`, `powi` an `i32`). Results are Rust's too where the
//! accelerator's built-in means something else: `fract` is `x - trunc(x)` (WGSL's is
//! `x - floor(x)`), `signum` of `±0.0` is `±1.0` (WGSL's `sign` gives 0), `min`/`max` with one
//! NaN operand give the other operand (the accelerator's leave it unspecified), `round` rounds
//! halves away from zero (naga's `round` to even). Where Rust panics, a kernel cannot: integer
//! methods that overflow in Rust's debug builds wrap (`pow`, `abs` of `MIN`), as in release
//! builds, and `clamp` with `min > max` gives `max` (see [`KernelValue::clamp`]).
//!
//! A method called on a type that lacks it is an error naming the type, through the traits the
//! methods require: [`Float`](crate::math::Float) (`f32`, `f64`), [`IntegerMethods`] (`i32`,
//! `u32`, `i64`, `u64`), [`SignMethods`] (`abs`, `signum`: the signed types) and
//! [`UnsignedMethods`] (`is_power_of_two`).

mod float;
mod integer;
pub mod primitive;

use crate::builder::{KernelBuilder, KernelValue};
use crate::types::{Integer, Numeric, Scalar};
use naga::{BinaryOperator, Expression, Handle, Literal, MathFunction, ScalarKind};

/// The integer scalars, which have Rust's integer methods: `i32`, `u32`, `i64`, `u64`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an integer type",
    label = "an integer method",
    note = "Rust's integer methods (pow, count_ones, leading_zeros, reverse_bits, rotate_left, wrapping_add, saturating_mul, ...) work on i32, u32, i64 and u64 in kernels, as on the host; floats have powi and powf"
)]
pub trait IntegerMethods: Integer {}
impl IntegerMethods for i32 {}
impl IntegerMethods for u32 {}
impl IntegerMethods for i64 {}
impl IntegerMethods for u64 {}

/// The scalars with a sign, which have Rust's `abs` and `signum`: `i32`, `i64`, `f32`, `f64`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no `abs` or `signum` in kernels",
    label = "a method of signed numbers",
    note = "abs and signum work on i32, i64, f32 and f64, as on the host; an unsigned integer is its own absolute value"
)]
pub trait SignMethods: Numeric {
    /// `|x|`.
    #[doc(hidden)]
    fn abs(b: &mut KernelBuilder, x: Handle<Expression>) -> Handle<Expression>;
    /// The sign of `x`, as Rust's `signum`.
    #[doc(hidden)]
    fn signum(b: &mut KernelBuilder, x: Handle<Expression>) -> Handle<Expression>;
}

macro_rules! sign_methods {
    ($($t:ty: $abs:path, $signum:path;)*) => {$(
        impl SignMethods for $t {
            fn abs(b: &mut KernelBuilder, x: Handle<Expression>) -> Handle<Expression> {
                $abs(b, x, <$t as Scalar>::SCALAR)
            }
            fn signum(b: &mut KernelBuilder, x: Handle<Expression>) -> Handle<Expression> {
                $signum(b, x, <$t as Scalar>::SCALAR)
            }
        }
    )*};
}
sign_methods! {
    i32: integer::abs, integer::signum;
    i64: integer::abs, integer::signum;
    f32: float::abs, float::signum;
    f64: float::abs, float::signum;
}

/// The unsigned integer scalars, which have Rust's `is_power_of_two`: `u32`, `u64`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no `is_power_of_two` in kernels",
    label = "a method of unsigned integers",
    note = "is_power_of_two works on u32 and u64, as on the host"
)]
pub trait UnsignedMethods: IntegerMethods {}
impl UnsignedMethods for u32 {}
impl UnsignedMethods for u64 {}

/// Methods of every number type, and of the signed ones.
impl<T: Scalar> KernelValue<T> {
    /// The larger of the two. For floats, as Rust's `f32::max`: when one operand is NaN, the
    /// other (the accelerator's `max` leaves that case unspecified); `max(-0.0, 0.0)` is either.
    pub fn max(self, b: &mut KernelBuilder, other: KernelValue<T>) -> KernelValue<T>
    where
        T: Numeric,
    {
        min_max(b, MathFunction::Max, self, other)
    }

    /// The smaller of the two. For floats, as Rust's `f32::min`: when one operand is NaN, the
    /// other; `min(-0.0, 0.0)` is either.
    pub fn min(self, b: &mut KernelBuilder, other: KernelValue<T>) -> KernelValue<T>
    where
        T: Numeric,
    {
        min_max(b, MathFunction::Min, self, other)
    }

    /// `self` limited to `min..=max`, as Rust's `clamp`: `min` if `self < min`, else `max` if
    /// `self > max`, else `self` (a NaN `self` stays NaN).
    ///
    /// Rust panics when `min > max` or a float bound is NaN; a kernel cannot, so it keeps
    /// those two comparisons: `min > max` gives `max`, and a NaN bound limits nothing on its
    /// side.
    pub fn clamp(
        self,
        b: &mut KernelBuilder,
        min: KernelValue<T>,
        max: KernelValue<T>,
    ) -> KernelValue<T>
    where
        T: Numeric,
    {
        let (x, lo, hi) = (self.handle(), min.handle(), max.handle());
        let below = b.binary(BinaryOperator::Less, x, lo);
        let x = select(b, below, lo, x);
        let above = b.binary(BinaryOperator::Greater, x, hi);
        let clamped = select(b, above, hi, x);
        if T::SCALAR.kind != ScalarKind::Float {
            return KernelValue::from_handle(clamped);
        }
        // A NaN stays NaN, whatever the driver assumes of comparisons with NaN.
        let nan = float::classify(b, self.handle(), T::SCALAR, float::Class::Nan);
        KernelValue::from_handle(select(b, nan, self.handle(), clamped))
    }

    /// The absolute value. Integers wrap: `i32::MIN.abs()` is `i32::MIN` (Rust's release
    /// builds; debug builds panic). Floats clear the sign.
    pub fn abs(self, b: &mut KernelBuilder) -> KernelValue<T>
    where
        T: SignMethods,
    {
        KernelValue::from_handle(T::abs(b, self.handle()))
    }

    /// The sign, as Rust's `signum`: for integers `-1`, `0` or `1`; for floats `1.0` for
    /// positive numbers, `+0.0` and `+inf`, `-1.0` for negative ones, `-0.0` and `-inf`, and
    /// NaN for NaN (WGSL's `sign` gives 0 for zeros).
    pub fn signum(self, b: &mut KernelBuilder) -> KernelValue<T>
    where
        T: SignMethods,
    {
        KernelValue::from_handle(T::signum(b, self.handle()))
    }
}

/// `min`/`max`: the accelerator's, with Rust's NaN rule for floats (a NaN operand yields the
/// other operand).
fn min_max<T: Numeric>(
    b: &mut KernelBuilder,
    fun: MathFunction,
    x: KernelValue<T>,
    y: KernelValue<T>,
) -> KernelValue<T> {
    let (x, y) = (x.handle(), y.handle());
    let m = math_expr(b, fun, &[x, y]);
    if T::SCALAR.kind != ScalarKind::Float {
        return KernelValue::from_handle(m);
    }
    let y_nan = float::classify(b, y, T::SCALAR, float::Class::Nan);
    let m = select(b, y_nan, x, m);
    let x_nan = float::classify(b, x, T::SCALAR, float::Class::Nan);
    KernelValue::from_handle(select(b, x_nan, y, m))
}

/// `fun(x, rest…)`: one naga math function.
pub(crate) fn math<T, R>(
    b: &mut KernelBuilder,
    fun: MathFunction,
    x: KernelValue<T>,
    rest: &[Handle<Expression>],
) -> KernelValue<R> {
    let mut args = vec![x.handle()];
    args.extend_from_slice(rest);
    KernelValue::from_handle(math_expr(b, fun, &args))
}

/// `fun(args…)` on raw handles.
fn math_expr(
    b: &mut KernelBuilder,
    fun: MathFunction,
    args: &[Handle<Expression>],
) -> Handle<Expression> {
    b.append(Expression::Math {
        fun,
        arg: args[0],
        arg1: args.get(1).copied(),
        arg2: args.get(2).copied(),
        arg3: None,
    })
}

/// `if condition { accept } else { reject }` as an expression.
fn select(
    b: &mut KernelBuilder,
    condition: Handle<Expression>,
    accept: Handle<Expression>,
    reject: Handle<Expression>,
) -> Handle<Expression> {
    b.append(Expression::Select {
        condition,
        accept,
        reject,
    })
}

/// The integer `value` as a literal of type `scalar` (an integer type it fits, or wraps into).
fn int_literal(b: &mut KernelBuilder, scalar: naga::Scalar, value: i128) -> Handle<Expression> {
    if scalar.width == 8 {
        // The 64-bit capability check reads the module's types.
        b.intern_type(naga::TypeInner::Scalar(scalar));
    }
    let literal = match (scalar.kind, scalar.width) {
        (ScalarKind::Sint, 8) => Literal::I64(value as i64),
        (ScalarKind::Uint, 8) => Literal::U64(value as u64),
        (ScalarKind::Sint, _) => Literal::I32(value as i32),
        _ => Literal::U32(value as u32),
    };
    b.append(Expression::Literal(literal))
}

/// `x` converted to the integer type `to` (value conversion; truncating when narrower).
fn convert(
    b: &mut KernelBuilder,
    x: Handle<Expression>,
    from: naga::Scalar,
    to: naga::Scalar,
) -> Handle<Expression> {
    if from == to {
        return x;
    }
    b.append(Expression::As {
        expr: x,
        kind: to.kind,
        convert: Some(to.width),
    })
}

/// `x`'s bits as the integer of the same width of kind `kind`.
fn reinterpret(
    b: &mut KernelBuilder,
    x: Handle<Expression>,
    from: naga::Scalar,
    kind: ScalarKind,
) -> Handle<Expression> {
    if from.kind == kind {
        return x;
    }
    b.append(Expression::As {
        expr: x,
        kind,
        convert: None,
    })
}
