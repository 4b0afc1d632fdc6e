//! Functions in single and double precision (C++ AMP `concurrency::precise_math`); `f64` needs an
//! accelerator with double precision.

use super::*;
common_math!();
direct! {
    /// `x * y + z`, fused.
    fma / Fma(x, y, z) => Fma;
}
float_fns! {
    /// Inverse hyperbolic cosine (fdlibm's formulas: accurate near 1); NaN below 1.
    acosh / Acosh(x) => |b, a, s| hyperbolic::inverse(b, M::Acosh, a[0], s);
    /// Inverse hyperbolic sine (fdlibm's formulas: accurate near 0).
    asinh / Asinh(x) => |b, a, s| hyperbolic::inverse(b, M::Asinh, a[0], s);
    /// Inverse hyperbolic tangent (fdlibm's formulas: accurate near 0); `±inf` at `±1`, NaN
    /// beyond.
    atanh / Atanh(x) => |b, a, s| hyperbolic::inverse(b, M::Atanh, a[0], s);
    /// `10^x`, as `exp2(x * log2(10))`.
    exp10 / Exp10(x) => exp10_body;
    /// `max(x - y, 0)`.
    fdim / Fdim(x, y) => |b, a, s| {
        let d = b.binary(BinaryOperator::Subtract, a[0], a[1]);
        let zero = constant(b, s, 0.0);
        math(b, M::Max, &[d, zero], s)
    };
    /// `sqrt(x² + y²)` (computed directly: may overflow where C's `hypot` does not).
    hypot / Hypot(x, y) => |b, a, s| {
        let xx = b.binary(BinaryOperator::Multiply, a[0], a[0]);
        let yy = b.binary(BinaryOperator::Multiply, a[1], a[1]);
        let sum = b.binary(BinaryOperator::Add, xx, yy);
        math(b, M::Sqrt, &[sum], s)
    };
}

use super::compose;
use super::ir::Ir;
use crate::host::HostArg;
use crate::lang::Assign;
use crate::refs::{Reference, UniqueMode};

/// `f32` and `f64`: the types of the `precise_math` functions that have no `f16` form.
#[diagnostic::on_unimplemented(
    message = "this precise_math function does not take `{Self}`",
    note = "it takes f32 or f64 (f64 where the accelerator has it)"
)]
pub trait PreciseFloat: Float + super::host_fns::HostPrecise {}
impl PreciseFloat for f32 {}
impl PreciseFloat for f64 {}

/// Declares functions of `PreciseFloat`s computed by `$body(&mut Ir, args) -> Handle`.
macro_rules! precise_fns {
    ($( $(#[$doc:meta])* $name:ident / $marker:ident ($($arg:ident),+) => $body:expr; )*) => {$(
        crate::host_math::host_builtin!($(#[$doc])* $name / $marker <T: PreciseFloat> ($($arg),+) -> T);

        impl<T: PreciseFloat> DeviceFn<($(precise_fns!(@ty $arg),)+)> for $marker<T> {
            type Output = KernelValue<T>;
            fn call(&self, b: &mut KernelBuilder, ($($arg,)+): ($(precise_fns!(@ty $arg),)+)) -> KernelValue<T> {
                let body: fn(&mut Ir, &[naga::Handle<Expression>]) -> naga::Handle<Expression> = $body;
                let mut o = Ir::new(b, T::SCALAR);
                KernelValue::from_handle(body(&mut o, &[$($arg.handle()),+]))
            }
        }
    )*};
    (@ty $arg:ident) => { KernelValue<T> };
}

precise_fns! {
    /// Cube root (C's `cbrt`).
    cbrt / Cbrt(x) => compose::cbrt;
    /// `e^x - 1`, accurate near zero (C's `expm1`).
    expm1 / Expm1(x) => compose::expm1;
    /// `log(1 + x)`, accurate near zero (C's `log1p`).
    log1p / Log1p(x) => compose::log1p;
    /// `x` with the sign of `y` (C's `copysign`).
    copysign / CopySign(x, y) => |o, a| o.copysign(a[0], a[1]);
    /// `sin(π·x)`, exact at integers and halves (C++ AMP's `sinpi`).
    sinpi / SinPi(x) => |o, a| compose::trig_pi(o, a[0], M::Sin);
    /// `cos(π·x)`, exact at integers and halves (C++ AMP's `cospi`).
    cospi / CosPi(x) => |o, a| compose::trig_pi(o, a[0], M::Cos);
    /// `tan(π·x)`, exact at integers (C++ AMP's `tanpi`).
    tanpi / TanPi(x) => |o, a| compose::trig_pi(o, a[0], M::Tan);
    /// The unbiased binary exponent of `x` as a float (C's `logb`): `-inf` at zero.
    logb / Logb(x) => compose::logb;
    /// The next float after `x` toward `y` (C's `nextafter`).
    nextafter / NextAfter(x, y) => compose::nextafter;
    /// IEEE remainder: `x - n·y`, `n` the integer nearest `x / y`, ties to even (C's
    /// `remainder`), exact for every input (on the exact float `%`).
    remainder / Remainder(x, y) => |o, a| compose::remainder(o, a[0], a[1]).0;
    /// The error function `2/√π ∫₀ˣ e^(-t²) dt` (C's `erf`): `±1` at `±inf`.
    erf / Erf(x) => super::erf::erf;
    /// The complementary error function `1 - erf(x)`, computed directly so that it keeps
    /// its precision where `erf(x)` is near 1 (C's `erfc`): `0` at `+inf`, `2` at `-inf`.
    erfc / Erfc(x) => super::erf::erfc;
    /// The inverse error function: the `x` with `erf(x) = y` (C++ AMP's `erfinv`): `±inf` at
    /// `±1`, NaN outside `[-1, 1]`.
    erfinv / Erfinv(x) => super::erf::erfinv;
    /// The inverse complementary error function: the `x` with `erfc(x) = q` (C++ AMP's
    /// `erfcinv`), accurate for small `q` (where `erfinv(1 - q)` is not): `+inf` at 0, `-inf`
    /// at 2, NaN outside `[0, 2]`.
    erfcinv / Erfcinv(x) => super::erf::erfcinv;
    /// `log|Γ(x)|` (C's `lgamma`): `+inf` at zero and the negative integers, `0` at 1 and 2.
    lgamma / Lgamma(x) => super::gamma::lgamma;
    /// The gamma function `Γ(x)` (C's `tgamma`): `±inf` at `±0`, NaN at the negative integers
    /// and `-inf`; `±exp(lgamma(x))`, so its relative error grows with `|lgamma(x)|`
    /// (docs/LANGUAGE.md, "Precision").
    tgamma / Tgamma(x) => super::gamma::tgamma;
}

predicates! {
    /// Whether `x` is normal: finite, nonzero, not subnormal (C's `isnormal`).
    isnormal / IsNormal => |b, x, s| {
        let (x, s) = widen_half(b, x, s);
        compose::isnormal(&mut Ir::new(b, s), x)
    };
}

/// Declares a built-in's marker type (for the functions whose arguments differ in type).
macro_rules! marker {
    ($name:ident / $marker:ident) => {
        #[doc = concat!("The marker of [`", stringify!($name), "`].")]
        pub struct $marker<T>(::core::marker::PhantomData<fn() -> T>);
        impl<T> Clone for $marker<T> {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<T> Copy for $marker<T> {}
        impl<T> ::core::fmt::Debug for $marker<T> {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(stringify!($name))
            }
        }
        impl<T: 'static> crate::builder::Marker for $marker<T> {
            const MARKER: Self = $marker(::core::marker::PhantomData);
        }
    };
}

/// Stores `value` through the `&mut` reference `r`.
fn store<T: crate::types::Element, M>(
    b: &mut KernelBuilder,
    r: Reference<'_, T, M>,
    value: naga::Handle<Expression>,
) {
    r.place().assign(b, KernelValue::from_handle(value));
}

marker!(ilogb / ILogb);
/// The unbiased binary exponent of `x` as an `i32` (C's `ilogb`): `i32::MIN` for zero and NaN,
/// `i32::MAX` for infinities (as glibc and Rust's `libm`).
///
/// Callable on the host too (C++ AMP's `restrict(cpu, amp)`).
pub fn ilogb<T: PreciseFloat, A: HostArg<T, ILogb<T>, i32>>(x: A) -> A::Ret {
    let (x, ret) = x.host();
    ret(crate::host_math::fns::ilogb(x))
}
impl<T: PreciseFloat> DeviceFn<(KernelValue<T>,)> for ILogb<T> {
    type Output = KernelValue<i32>;
    fn call(&self, b: &mut KernelBuilder, (x,): (KernelValue<T>,)) -> KernelValue<i32> {
        KernelValue::from_handle(compose::ilogb(&mut Ir::new(b, T::SCALAR), x.handle()))
    }
}

/// Declares `$name(x, n: i32) -> T`: `x · 2^n`, rounded once.
macro_rules! scale_fns {
    ($( $(#[$doc:meta])* $name:ident / $marker:ident; )*) => {$(
        marker!($name / $marker);
        $(#[$doc])*
        ///
        /// Callable on the host too (C++ AMP's `restrict(cpu, amp)`).
        pub fn $name<T: PreciseFloat, A: HostArg<T, $marker<T>, T>, N: HostArg<i32, $marker<T>, T>>(
            x: A,
            n: N,
        ) -> A::Ret {
            let (x, ret) = x.host();
            let (n, _) = n.host();
            ret(crate::host_math::fns::$name(x, n))
        }
        impl<T: PreciseFloat> DeviceFn<(KernelValue<T>, KernelValue<i32>)> for $marker<T> {
            type Output = KernelValue<T>;
            fn call(&self, b: &mut KernelBuilder, (x, n): (KernelValue<T>, KernelValue<i32>)) -> KernelValue<T> {
                KernelValue::from_handle(compose::ldexp(&mut Ir::new(b, T::SCALAR), x.handle(), n.handle()))
            }
        }
    )*};
}
scale_fns! {
    /// `x · 2^n`, rounded once (C's `ldexp`).
    ldexp / Ldexp;
    /// `x · 2^n`, rounded once (C's `scalbn`; the same as [`ldexp`] for binary floats).
    scalbn / Scalbn;
}

marker!(frexp / Frexp);
/// Splits `x` into a mantissa `m`, returned, with `|m|` in `[0.5, 1)`, and an exponent
/// written to `*e`: `x = m · 2^e` (C's `frexp(x, &e)`); zero, infinities and NaN return
/// themselves with `*e = 0`.
///
/// Callable on the host too (C++ AMP's `restrict(cpu, amp)`).
pub fn frexp<
    'e,
    T: PreciseFloat,
    A: HostArg<T, Frexp<T>, T>,
    E: HostArg<&'e mut i32, Frexp<T>, T>,
>(
    x: A,
    e: E,
) -> A::Ret {
    let (x, ret) = x.host();
    let (e, _) = e.host();
    ret(crate::host_math::fns::frexp(x, e))
}
impl<'r, T: PreciseFloat, R: UniqueMode> DeviceFn<(KernelValue<T>, Reference<'r, i32, R>)>
    for Frexp<T>
{
    type Output = KernelValue<T>;
    fn call(
        &self,
        b: &mut KernelBuilder,
        (x, e): (KernelValue<T>, Reference<'r, i32, R>),
    ) -> KernelValue<T> {
        let (m, exp) = compose::frexp(&mut Ir::new(b, T::SCALAR), x.handle());
        store(b, e, exp);
        KernelValue::from_handle(m)
    }
}

marker!(modf / Modf);
/// Splits `x` into its fractional part, returned, and its integral part, written to `*ip`
/// (C's `modf(x, &ip)`); both have `x`'s sign.
///
/// Callable on the host too (C++ AMP's `restrict(cpu, amp)`).
pub fn modf<'p, T: PreciseFloat, A: HostArg<T, Modf<T>, T>, P: HostArg<&'p mut T, Modf<T>, T>>(
    x: A,
    ip: P,
) -> A::Ret {
    let (x, ret) = x.host();
    let (ip, _) = ip.host();
    ret(crate::host_math::fns::modf(x, ip))
}
impl<'r, T: PreciseFloat, R: UniqueMode> DeviceFn<(KernelValue<T>, Reference<'r, T, R>)>
    for Modf<T>
{
    type Output = KernelValue<T>;
    fn call(
        &self,
        b: &mut KernelBuilder,
        (x, ip): (KernelValue<T>, Reference<'r, T, R>),
    ) -> KernelValue<T> {
        let (f, t) = compose::modf(&mut Ir::new(b, T::SCALAR), x.handle());
        store(b, ip, t);
        KernelValue::from_handle(f)
    }
}

marker!(sincos / SinCos);
/// Writes `sin(x)` to `*s` and `cos(x)` to `*c` (C++ AMP's `sincos(x, &s, &c)`).
///
/// Callable on the host too (C++ AMP's `restrict(cpu, amp)`).
pub fn sincos<
    's,
    'c,
    T: PreciseFloat,
    A: HostArg<T, SinCos<T>, ()>,
    S: HostArg<&'s mut T, SinCos<T>, ()>,
    C: HostArg<&'c mut T, SinCos<T>, ()>,
>(
    x: A,
    s: S,
    c: C,
) -> A::Ret {
    let (x, ret) = x.host();
    let (s, _) = s.host();
    let (c, _) = c.host();
    crate::host_math::fns::sincos(x, s, c);
    ret(())
}
impl<'r, 'q, T: PreciseFloat, R: UniqueMode, Q: UniqueMode>
    DeviceFn<(KernelValue<T>, Reference<'r, T, R>, Reference<'q, T, Q>)> for SinCos<T>
{
    type Output = ();
    fn call(
        &self,
        b: &mut KernelBuilder,
        (x, s, c): (KernelValue<T>, Reference<'r, T, R>, Reference<'q, T, Q>),
    ) {
        let sin = math(b, M::Sin, &[x.handle()], T::SCALAR);
        let cos = math(b, M::Cos, &[x.handle()], T::SCALAR);
        store(b, s, sin);
        store(b, c, cos);
    }
}

marker!(remquo / RemQuo);
/// IEEE `remainder(x, y)`, returned, and the low three bits of the quotient it rounded to,
/// with the sign of `x / y`, written to `*q` (C's `remquo(x, y, &q)`).
///
/// Callable on the host too (C++ AMP's `restrict(cpu, amp)`).
pub fn remquo<
    'q,
    T: PreciseFloat,
    A: HostArg<T, RemQuo<T>, T>,
    Y: HostArg<T, RemQuo<T>, T>,
    Q: HostArg<&'q mut i32, RemQuo<T>, T>,
>(
    x: A,
    y: Y,
    q: Q,
) -> A::Ret {
    let (x, ret) = x.host();
    let (y, _) = y.host();
    let (q, _) = q.host();
    ret(crate::host_math::fns::remquo(x, y, q))
}
impl<'r, T: PreciseFloat, R: UniqueMode>
    DeviceFn<(KernelValue<T>, KernelValue<T>, Reference<'r, i32, R>)> for RemQuo<T>
{
    type Output = KernelValue<T>;
    fn call(
        &self,
        b: &mut KernelBuilder,
        (x, y, q): (KernelValue<T>, KernelValue<T>, Reference<'r, i32, R>),
    ) -> KernelValue<T> {
        let mut o = Ir::new(b, T::SCALAR);
        let (r, low) = compose::remainder(&mut o, x.handle(), y.handle());
        let bits = compose::quotient_bits(&mut o, x.handle(), y.handle(), low, r);
        store(b, q, bits);
        KernelValue::from_handle(r)
    }
}
