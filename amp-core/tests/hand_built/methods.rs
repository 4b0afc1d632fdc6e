//! Rust's numeric methods, built without the macro: every method on every type it exists for
//! validates, and the 32-bit types' methods need no 64-bit capability.

use amp_core::methods::ScalarMethods;
use amp_core::{KernelBuilder, KernelValue, Loc, ReadOnly, ReadWrite, View};
use naga::valid::Capabilities;

const HERE: Loc = Loc::new("methods.rs", 1, 1);

/// A kernel that loads `x`, `y` and `z` of type `$t`, applies `$body` and stores the values
/// and counts it returns.
macro_rules! kernel {
    ($name:literal, $t:ty, |$b:ident, $x:ident, $y:ident, $z:ident| $body:block) => {{
        let mut $b = KernelBuilder::new($name, HERE);
        let idx = $b.untiled_entry::<1>();
        let input = View::<$t, 1, ReadOnly>::declare(&mut $b);
        let out = View::<$t, 1, ReadWrite>::declare(&mut $b);
        let flags = View::<u32, 1, ReadWrite>::declare(&mut $b);
        let ($x, $y, $z) = (
            input.load(&mut $b, idx),
            input.load(&mut $b, idx),
            input.load(&mut $b, idx),
        );
        let (values, counts): (Vec<KernelValue<$t>>, Vec<KernelValue<u32>>) = $body;
        for v in values {
            out.store(&mut $b, idx, v);
        }
        for c in counts {
            flags.store(&mut $b, idx, c);
        }
        $b
    }};
}

fn as_u32(b: &mut KernelBuilder, v: KernelValue<bool>) -> KernelValue<u32> {
    amp_core::ops::build(b, amp_core::ops::cast(v))
}

macro_rules! float_kernel {
    ($name:literal, $t:ty, [$($one:ident),*]) => {
        kernel!($name, $t, |b, x, y, z| {
            let n = b.literal(3i32);
            let mut values = vec![
                $(x.$one(&mut b),)*
                x.min(&mut b, y),
                x.max(&mut b, y),
                x.clamp(&mut b, y, z),
                x.mul_add(&mut b, y, z),
                x.hypot(&mut b, y),
                x.copysign(&mut b, y),
                x.powi(&mut b, n),
            ];
            values.push(x.abs(&mut b));
            let nan = x.is_nan(&mut b);
            let inf = x.is_infinite(&mut b);
            let fin = x.is_finite(&mut b);
            let counts = vec![as_u32(&mut b, nan), as_u32(&mut b, inf), as_u32(&mut b, fin)];
            (values, counts)
        })
    };
}

/// An integer kernel: every integer method, then `$extra` (no argument), `$binary` (with `y`)
/// and `$flag` (a `bool`) of the type.
macro_rules! integer_kernel {
    (
        $name:literal, $t:ty, [$($extra:ident),*], [$($binary:ident),*], [$($flag:ident),*]
    ) => {
        kernel!($name, $t, |b, x, y, z| {
            let e = b.literal(5u32);
            let mut values = vec![
                x.min(&mut b, y),
                x.max(&mut b, y),
                x.clamp(&mut b, y, z),
                x.pow(&mut b, e),
                x.reverse_bits(&mut b),
                x.rotate_left(&mut b, e),
                x.rotate_right(&mut b, e),
                x.wrapping_add(&mut b, y),
                x.wrapping_sub(&mut b, y),
                x.wrapping_mul(&mut b, y),
                x.wrapping_neg(&mut b),
                x.saturating_add(&mut b, y),
                x.saturating_sub(&mut b, y),
                x.saturating_mul(&mut b, y),
                x.div_euclid(&mut b, y),
                x.rem_euclid(&mut b, y),
                $(x.$extra(&mut b),)*
                $(x.$binary(&mut b, y),)*
            ];
            // `abs_diff` is unsigned: stored through a cast to the kernel's type.
            let difference = x.abs_diff(&mut b, y);
            values.push(amp_core::ops::build(&mut b, amp_core::ops::cast(difference)));
            #[allow(unused_mut)]
            let mut counts = vec![
                x.count_ones(&mut b),
                x.leading_zeros(&mut b),
                x.trailing_zeros(&mut b),
                x.ilog2(&mut b),
            ];
            $(
                let flag = x.$flag(&mut b);
                counts.push(as_u32(&mut b, flag));
            )*
            (values, counts)
        })
    };
}

#[test]
fn single_precision_and_32_bit_methods_need_no_64_bit_capability() {
    let kernels = [
        float_kernel!(
            "f32",
            f32,
            [
                sqrt, floor, ceil, round, trunc, fract, sin, cos, tan, asin, acos, atan, sinh,
                cosh, tanh, exp, exp2, ln, log2, log10, signum, recip, to_degrees, to_radians
            ]
        ),
        integer_kernel!("i32", i32, [abs, signum], [], []),
        integer_kernel!(
            "u32",
            u32,
            [next_power_of_two, isqrt],
            [div_ceil],
            [is_power_of_two]
        ),
    ];
    for b in kernels {
        if let Err(err) = b.finish(Capabilities::empty()) {
            panic!("{err}");
        }
    }
}

#[test]
fn double_precision_and_64_bit_methods_validate() {
    let all = Capabilities::FLOAT64 | Capabilities::SHADER_INT64;
    let kernels = [
        float_kernel!(
            "f64",
            f64,
            [sqrt, floor, ceil, round, trunc, fract, signum, recip, to_degrees, to_radians]
        ),
        integer_kernel!("i64", i64, [abs, signum], [], []),
        integer_kernel!(
            "u64",
            u64,
            [next_power_of_two, isqrt],
            [div_ceil],
            [is_power_of_two]
        ),
    ];
    for b in kernels {
        if let Err(err) = b.finish(all) {
            panic!("{err}");
        }
    }
}

/// Vulkan has the transcendental functions for 32-bit floats only: on `f64` the kernel calls
/// amp's software routines, one function of the module each.
#[test]
fn transcendental_methods_on_f64_call_software_routines() {
    let b = kernel!("f64_sin", f64, |b, x, y, z| {
        let _ = (y, z);
        (vec![x.sin(&mut b), x.powf(&mut b, y)], vec![])
    });
    let ir = b
        .finish(Capabilities::FLOAT64 | Capabilities::SHADER_INT64)
        .expect("f64 sin builds");
    let names: Vec<_> = ir
        .module
        .functions
        .iter()
        .filter_map(|(_, f)| f.name.clone())
        .collect();
    for routine in ["amp_sin_f64", "amp_pow_f64", "amp_exp_f64"] {
        assert!(names.iter().any(|n| n == routine), "{routine} in {names:?}");
    }
}
