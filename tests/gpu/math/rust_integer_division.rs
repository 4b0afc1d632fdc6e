//! Rust's integer division, difference, logarithm and root methods in kernels (`div_euclid`,
//! `rem_euclid`, `abs_diff`, `ilog2`; `div_ceil`, `next_power_of_two`, `isqrt` on the unsigned
//! types), method and path forms, against the host's on every pair of edge cases (0, ±1, ±2,
//! `MIN`, `MAX`, divisors of both signs) and on ordinary numbers.
//!
//! Where Rust panics the kernel gives a value (docs/LANGUAGE.md, "Semantics that differ"),
//! compared here with the host's non-panicking forms: a zero divisor gives the dividend (and a
//! zero remainder), `MIN.div_euclid(-1)` is `MIN` (`wrapping_div_euclid`), `ilog2` of zero or a
//! negative number is `u32::MAX`, `next_power_of_two` past the largest power of two is 0.

use super::rust_integers::pairs;
use amp::prelude::*;

/// `div_euclid`, `rem_euclid`, `abs_diff` and `ilog2` of a type, by method and path, against
/// the host; `$u` is the unsigned type of the same width (`abs_diff`'s result).
macro_rules! euclid_test {
    ($test:ident, $t:ident, $u:ident, $edges:expr, $ordinary:expr $(,)?) => {
        #[test]
        fn $test() -> Result<(), amp::Error> {
            if stringify!($t).ends_with("64") && !Accelerator::default()?.supports_int64() {
                return Ok(());
            }
            let ordinary: Vec<$t> = $ordinary;
            let (xs, ys) = pairs(&$edges, &ordinary);
            let (len, n) = (xs.len(), xs.len() as i32);
            let mut quotients = vec![0 as $t; len * 4];
            let mut differences = vec![0 as $u; len * 2];
            let mut logs = vec![0u32; len * 2];
            let xv = ConstArrayView::new(n, &xs)?;
            let yv = ConstArrayView::new(n, &ys)?;
            let qv = ArrayView::new([n, 4], &mut quotients)?;
            let dv = ArrayView::new([n, 2], &mut differences)?;
            let lv = ArrayView::new([n, 2], &mut logs)?;
            parallel_for_each!(xv.extent(), |i: Index<1>| {
                let (x, y, r) = (xv[i], yv[i], i[0]);
                qv[(r, 0)] = x.div_euclid(y);
                qv[(r, 1)] = x.rem_euclid(y);
                qv[(r, 2)] = $t::div_euclid(x, y);
                qv[(r, 3)] = $t::rem_euclid(x, y);
                dv[(r, 0)] = x.abs_diff(y);
                dv[(r, 1)] = $t::abs_diff(x, y);
                lv[(r, 0)] = x.ilog2();
                lv[(r, 1)] = $t::ilog2(x);
            })?;
            drop((qv, dv, lv));
            let mut failures = Vec::new();
            for k in 0..len {
                let (x, y) = (xs[k], ys[k]);
                let (q, m) = if y == 0 {
                    (x, 0)
                } else {
                    (x.wrapping_div_euclid(y), x.wrapping_rem_euclid(y))
                };
                let want = [q, m, q, m];
                let got = &quotients[k * 4..][..4];
                if got != want {
                    failures.push(format!("{x}, {y}: euclid {got:?} vs {want:?}"));
                }
                let want = [x.abs_diff(y); 2];
                let got = &differences[k * 2..][..2];
                if got != want {
                    failures.push(format!("{x}.abs_diff({y}): {got:?} vs {want:?}"));
                }
                let want = [x.checked_ilog2().unwrap_or(u32::MAX); 2];
                let got = &logs[k * 2..][..2];
                if got != want {
                    failures.push(format!("{x}.ilog2(): {got:?} vs {want:?}"));
                }
            }
            assert!(
                failures.is_empty(),
                "{} mismatches:\n{}",
                failures.len(),
                failures.join("\n")
            );
            Ok(())
        }
    };
}

euclid_test!(
    i32_euclid_abs_diff_and_ilog2_match_the_host,
    i32,
    u32,
    [
        0,
        1,
        -1,
        2,
        -2,
        3,
        -3,
        7,
        -7,
        1 << 30,
        -(1 << 30),
        i32::MAX - 1,
        i32::MAX,
        i32::MIN + 1,
        i32::MIN
    ],
    (0..300).map(|i| (i * 7919) % 100_003 - 50_000).collect(),
);

euclid_test!(
    u32_euclid_abs_diff_and_ilog2_match_the_host,
    u32,
    u32,
    [
        0,
        1,
        2,
        3,
        7,
        1 << 31,
        (1 << 31) + 1,
        u32::MAX - 1,
        u32::MAX
    ],
    (0..300u32)
        .map(|i| i.wrapping_mul(2_654_435_761) >> (i % 20))
        .collect(),
);

euclid_test!(
    i64_euclid_abs_diff_and_ilog2_match_the_host,
    i64,
    u64,
    [
        0,
        1,
        -1,
        2,
        -2,
        3,
        -3,
        1 << 32,
        -(1 << 32),
        i64::MAX - 1,
        i64::MAX,
        i64::MIN + 1,
        i64::MIN
    ],
    (0..300i64)
        .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15u64 as i64) >> (i % 40))
        .collect(),
);

euclid_test!(
    u64_euclid_abs_diff_and_ilog2_match_the_host,
    u64,
    u64,
    [
        0,
        1,
        2,
        3,
        1 << 32,
        (1 << 32) + 1,
        1 << 63,
        u64::MAX - 1,
        u64::MAX
    ],
    (0..300u64)
        .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (i % 40))
        .collect(),
);

/// `div_ceil` (against every divisor in the edge cases), `next_power_of_two` and `isqrt` of an
/// unsigned type, by method and path, on the edge cases, the powers of two and their
/// neighbours, and the squares and their neighbours up to the largest.
macro_rules! unsigned_test {
    ($test:ident, $t:ident, $edges:expr $(,)?) => {
        #[test]
        fn $test() -> Result<(), amp::Error> {
            if stringify!($t).ends_with("64") && !Accelerator::default()?.supports_int64() {
                return Ok(());
            }
            let bits = <$t>::BITS;
            let root_max = <$t>::MAX.isqrt();
            let near = (0..bits)
                .flat_map(|k| {
                    let p: $t = 1 << k;
                    [p - 1, p, p + 1]
                })
                .chain((0..bits / 2).flat_map(|k| {
                    let r: $t = (1 << k) + 3;
                    [r * r - 1, r * r, r * r + 1]
                }))
                .chain([root_max * root_max - 1, root_max * root_max, <$t>::MAX]);
            let ordinary: Vec<$t> = near.collect();
            let (xs, ys) = pairs(&$edges, &ordinary);
            let (len, n) = (xs.len(), xs.len() as i32);
            let mut out = vec![0 as $t; len * 6];
            let xv = ConstArrayView::new(n, &xs)?;
            let yv = ConstArrayView::new(n, &ys)?;
            let ov = ArrayView::new([n, 6], &mut out)?;
            parallel_for_each!(xv.extent(), |i: Index<1>| {
                let (x, y, r) = (xv[i], yv[i], i[0]);
                ov[(r, 0)] = x.div_ceil(y);
                ov[(r, 1)] = x.next_power_of_two();
                ov[(r, 2)] = x.isqrt();
                ov[(r, 3)] = $t::div_ceil(x, y);
                ov[(r, 4)] = $t::next_power_of_two(x);
                ov[(r, 5)] = $t::isqrt(x);
            })?;
            drop(ov);
            let mut failures = Vec::new();
            for k in 0..len {
                let (x, y) = (xs[k], ys[k]);
                let ceil = if y == 0 { x } else { x.div_ceil(y) };
                let power = x.checked_next_power_of_two().unwrap_or(0);
                let want = [ceil, power, x.isqrt(), ceil, power, x.isqrt()];
                let got = &out[k * 6..][..6];
                if got != want {
                    failures.push(format!("x = {x}, y = {y}: {got:?} vs Rust's {want:?}"));
                }
            }
            assert!(
                failures.is_empty(),
                "{} mismatches:\n{}",
                failures.len(),
                failures.join("\n")
            );
            Ok(())
        }
    };
}

unsigned_test!(
    u32_div_ceil_next_power_of_two_and_isqrt_match_the_host,
    u32,
    [
        0,
        1,
        2,
        3,
        4,
        7,
        1 << 16,
        (1 << 31) + 1,
        u32::MAX - 1,
        u32::MAX
    ],
);

unsigned_test!(
    u64_div_ceil_next_power_of_two_and_isqrt_match_the_host,
    u64,
    [
        0,
        1,
        2,
        3,
        4,
        7,
        1 << 32,
        (1 << 63) + 1,
        u64::MAX - 1,
        u64::MAX
    ],
);
