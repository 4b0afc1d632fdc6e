//! `precise_math::remainder` and `remquo` are exact for every input: bit for bit against
//! `libm` (C's) on random bit patterns, huge and tiny quotients, halves (ties to an even
//! quotient) and the special values, with `remquo`'s quotient bits (their sign and the low
//! three bits of the magnitude, what C promises).

use crate::common::random_words;
use crate::device_floats::DeviceFloats;
use amp::precise_math as pm;
use amp::prelude::*;

/// Declares the test of one width: `$bits(word)` makes a float of random bits.
macro_rules! exact_remainder_test {
    ($test:ident, $t:ident, $remquo:path, $bits:expr, $edges:expr) => {
        #[test]
        fn $test() -> Result<(), amp::Error> {
            if stringify!($t) == "f64" && !Accelerator::default()?.supports_double_precision() {
                return Ok(());
            }
            let edges: &[$t] = &$edges;
            let (mut xs, mut ys): (Vec<$t>, Vec<$t>) = (Vec::new(), Vec::new());
            for &x in edges {
                for &y in edges {
                    xs.push(x);
                    ys.push(y);
                }
            }
            let bits: fn(u32) -> $t = $bits;
            let words = random_words(4000, 57);
            for pair in words.chunks(2) {
                xs.push(bits(pair[0]));
                ys.push(bits(pair[1]));
            }
            // Huge quotients of ordinary magnitudes, and halves: `(2k + 1)·y / 2`.
            for (k, w) in random_words(600, 58).into_iter().enumerate() {
                let y = 0.1 + (w % 1000) as $t * 0.37;
                xs.push(y * (w as $t) * (1u64 << (k % 40)) as $t);
                ys.push(y);
                xs.push((2 * (k as i64) + 1) as $t * 0.5 * 0.75);
                ys.push(if k % 2 == 0 { 0.75 } else { -0.75 });
            }
            let n = xs.len() as i32;
            let mut rs = vec![0.0 as $t; xs.len() * 2];
            let mut qs = vec![0i32; xs.len()];
            let xv = ConstArrayView::new(n, &xs)?;
            let yv = ConstArrayView::new(n, &ys)?;
            let rv = ArrayView::new([n, 2], &mut rs)?;
            let qv = ArrayView::new(n, &mut qs)?;
            parallel_for_each!(xv.extent(), |i: Index<1>| {
                let (x, y) = (xv[i], yv[i]);
                let mut q = 0;
                rv[(i[0], 0)] = pm::remainder(x, y);
                rv[(i[0], 1)] = pm::remquo(x, y, &mut q);
                qv[i] = q;
            })?;
            drop((rv, qv));
            // On a device that flushes subnormals of this width, a row may also give the
            // result of the flushed operands, flushed (tests/gpu/device_floats.rs).
            let flushes = DeviceFloats::of_default()?.model::<$t>().flushes_subnormals;
            let flush = |v: $t| {
                if flushes && v.is_subnormal() {
                    v * 0.0
                } else {
                    v
                }
            };
            let same = |a: $t, b: $t| a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan());
            let mut wrong = Vec::new();
            for k in 0..xs.len() {
                let (x, y) = (xs[k], ys[k]);
                let (want, want_q) = $remquo(x, y);
                let (device, device_q) = $remquo(flush(x), flush(y));
                let flushed_row = flush(x) != x || flush(y) != y;
                for got in [rs[2 * k], rs[2 * k + 1]] {
                    // Flushed, a zero of either sign: the device reads both as zero.
                    let flushed_same =
                        |w: $t| same(flush(got), flush(w)) || flush(got) == 0.0 && flush(w) == 0.0;
                    if !same(got, want) && !flushed_same(device) && !flushed_same(want) {
                        wrong.push(format!("remainder({x:e}, {y:e}): {got:e} vs {want:e}"));
                    }
                }
                let q = qs[k];
                let quotient_ok = |want: $t, want_q: i32| {
                    let sign_ok = q == 0 || want_q == 0 || q.signum() == want_q.signum();
                    want.is_nan() || (q.unsigned_abs() % 8 == want_q.unsigned_abs() % 8 && sign_ok)
                };
                // A remainder the device flushes carries no quotient it could check.
                let flushed_result = flushes && (want.is_subnormal() || device.is_subnormal());
                if !quotient_ok(want, want_q)
                    && !(flushed_row && quotient_ok(device, device_q))
                    && !flushed_result
                {
                    wrong.push(format!("remquo({x:e}, {y:e}) quotient {q} vs {want_q}"));
                }
            }
            let count = wrong.len();
            wrong.truncate(40);
            assert!(wrong.is_empty(), "{count} differ:\n{}", wrong.join("\n"));
            Ok(())
        }
    };
}

exact_remainder_test!(
    f32_remainder_and_remquo_are_exact,
    f32,
    libm::remquof,
    |w| f32::from_bits(w),
    [
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.5,
        1.5,
        2.5,
        -2.5,
        3.0,
        1e-40,
        f32::from_bits(1),
        f32::MIN_POSITIVE,
        16_777_216.0,
        16_777_218.0,
        1e30,
        f32::MAX,
        -f32::MAX,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
    ]
);

exact_remainder_test!(
    f64_remainder_and_remquo_are_exact,
    f64,
    libm::remquo,
    |w| f64::from_bits((u64::from(w) << 32) | u64::from(w.rotate_left(11))),
    [
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.5,
        1.5,
        2.5,
        -2.5,
        3.0,
        1e-310,
        f64::from_bits(1),
        f64::MIN_POSITIVE,
        9_007_199_254_740_992.0,
        9_007_199_254_740_994.0,
        1e300,
        f64::MAX,
        -f64::MAX,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
    ]
);
