//! Rust's integer methods in kernels, method and path forms, against the host's on every pair
//! of edge cases (0, ±1, powers of two, `MIN`, `MAX`, values whose products overflow) and on
//! ordinary numbers, for `i32`, `u32`, `i64` and `u64`.

use amp::prelude::*;

/// Exponents and rotation counts: small, the width and beyond, `u32::MAX`.
const COUNTS: [u32; 12] = [0, 1, 2, 3, 5, 7, 31, 32, 33, 63, 64, u32::MAX];

/// The inputs: every pair of edge cases, then pairs of ordinary numbers.
pub(crate) fn pairs<T: Copy>(edges: &[T], ordinary: &[T]) -> (Vec<T>, Vec<T>) {
    let (mut xs, mut ys) = (Vec::new(), Vec::new());
    for &x in edges {
        for &y in edges {
            xs.push(x);
            ys.push(y);
        }
    }
    for (k, &x) in ordinary.iter().enumerate() {
        xs.push(x);
        ys.push(ordinary[(k * 7 + 3) % ordinary.len()]);
    }
    (xs, ys)
}

/// Fourteen results of type `$t` and three counts per input, by method and by path
/// (`$t::name`), against the host.
macro_rules! integer_test {
    ($test:ident, $t:ident, $edges:expr, $ordinary:expr $(,)?) => {
        #[test]
        fn $test() -> Result<(), amp::Error> {
            if stringify!($t).ends_with("64") && !Accelerator::default()?.supports_int64() {
                return Ok(());
            }
            let ordinary: Vec<$t> = $ordinary;
            let (xs, ys) = pairs(&$edges, &ordinary);
            let len = xs.len();
            let es: Vec<u32> = (0..len).map(|k| COUNTS[k % COUNTS.len()]).collect();
            // Clamp bounds: mostly in order; every ninth reversed (Rust would panic; amp gives
            // the upper bound).
            let (los, his): (Vec<$t>, Vec<$t>) = (0..len)
                .map(|k| {
                    let (a, b) = (ys[k], xs[(k * 5 + 1) % len]);
                    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
                    if k % 9 == 4 { (hi, lo) } else { (lo, hi) }
                })
                .unzip();
            const W: i32 = 14;
            let mut methods = vec![0 as $t; len * W as usize];
            let mut paths = vec![0 as $t; len * W as usize];
            let mut counts = vec![0u32; len * 6];
            let n = len as i32;
            let xv = ConstArrayView::new(n, &xs)?;
            let yv = ConstArrayView::new(n, &ys)?;
            let ev = ConstArrayView::new(n, &es)?;
            let lv = ConstArrayView::new(n, &los)?;
            let hv = ConstArrayView::new(n, &his)?;
            let mv = ArrayView::new([n, W], &mut methods)?;
            let pv = ArrayView::new([n, W], &mut paths)?;
            let cv = ArrayView::new([n, 6], &mut counts)?;
            parallel_for_each!(xv.extent(), |i: Index<1>| {
                let (x, y, e, lo, hi) = (xv[i], yv[i], ev[i], lv[i], hv[i]);
                let r = i[0];
                mv[(r, 0)] = x.min(y);
                mv[(r, 1)] = x.max(y);
                mv[(r, 2)] = x.clamp(lo, hi);
                mv[(r, 3)] = x.pow(e);
                mv[(r, 4)] = x.reverse_bits();
                mv[(r, 5)] = x.rotate_left(e);
                mv[(r, 6)] = x.rotate_right(e);
                mv[(r, 7)] = x.wrapping_add(y);
                mv[(r, 8)] = x.wrapping_sub(y);
                mv[(r, 9)] = x.wrapping_mul(y);
                mv[(r, 10)] = x.wrapping_neg();
                mv[(r, 11)] = x.saturating_add(y);
                mv[(r, 12)] = x.saturating_sub(y);
                mv[(r, 13)] = x.saturating_mul(y);
                pv[(r, 0)] = $t::min(x, y);
                pv[(r, 1)] = $t::max(x, y);
                pv[(r, 2)] = $t::clamp(x, lo, hi);
                pv[(r, 3)] = $t::pow(x, e);
                pv[(r, 4)] = $t::reverse_bits(x);
                pv[(r, 5)] = $t::rotate_left(x, e);
                pv[(r, 6)] = $t::rotate_right(x, e);
                pv[(r, 7)] = $t::wrapping_add(x, y);
                pv[(r, 8)] = $t::wrapping_sub(x, y);
                pv[(r, 9)] = $t::wrapping_mul(x, y);
                pv[(r, 10)] = $t::wrapping_neg(x);
                pv[(r, 11)] = $t::saturating_add(x, y);
                pv[(r, 12)] = $t::saturating_sub(x, y);
                pv[(r, 13)] = $t::saturating_mul(x, y);
                cv[(r, 0)] = x.count_ones();
                cv[(r, 1)] = x.leading_zeros();
                cv[(r, 2)] = x.trailing_zeros();
                cv[(r, 3)] = $t::count_ones(x);
                cv[(r, 4)] = $t::leading_zeros(x);
                cv[(r, 5)] = $t::trailing_zeros(x);
            })?;
            drop((mv, pv, cv));
            let mut failures = Vec::new();
            for k in 0..len {
                let (x, y, e) = (xs[k], ys[k], es[k]);
                let (lo, hi) = (los[k], his[k]);
                let want = [
                    x.min(y),
                    x.max(y),
                    if lo <= hi { x.clamp(lo, hi) } else { hi },
                    x.wrapping_pow(e),
                    x.reverse_bits(),
                    x.rotate_left(e),
                    x.rotate_right(e),
                    x.wrapping_add(y),
                    x.wrapping_sub(y),
                    x.wrapping_mul(y),
                    x.wrapping_neg(),
                    x.saturating_add(y),
                    x.saturating_sub(y),
                    x.saturating_mul(y),
                ];
                let want_counts = [x.count_ones(), x.leading_zeros(), x.trailing_zeros()];
                let row = &methods[k * W as usize..][..W as usize];
                let path = &paths[k * W as usize..][..W as usize];
                if row != want || path != want {
                    failures.push(format!(
                        "x = {x}, y = {y}, e = {e}, clamp {lo}..={hi}:\n  methods {row:?}\n  paths   {path:?}\n  Rust    {want:?}"
                    ));
                }
                for form in 0..2 {
                    let got = &counts[k * 6 + form * 3..][..3];
                    if got != want_counts {
                        failures.push(format!("counts of {x}: {got:?} vs Rust's {want_counts:?}"));
                    }
                }
            }
            assert!(failures.is_empty(), "{} mismatches:\n{}", failures.len(), failures.join("\n"));
            Ok(())
        }
    };
}

integer_test!(
    i32_methods_and_paths_match_the_host,
    i32,
    [
        0,
        1,
        -1,
        2,
        -2,
        7,
        8,
        255,
        256,
        46_341,
        -46_341,
        65_536,
        1 << 30,
        -(1 << 30),
        0x5555_5555,
        i32::MAX - 1,
        i32::MAX,
        i32::MIN + 1,
        i32::MIN
    ],
    (0..300).map(|i| (i * 7919) % 100_003 - 50_000).collect(),
);

integer_test!(
    u32_methods_and_paths_match_the_host,
    u32,
    [
        0,
        1,
        2,
        3,
        7,
        8,
        255,
        256,
        65_535,
        65_536,
        65_537,
        1 << 31,
        0x5555_5555,
        0xAAAA_AAAA,
        u32::MAX - 1,
        u32::MAX
    ],
    (0..300u32)
        .map(|i| i.wrapping_mul(2_654_435_761) >> (i % 20))
        .collect(),
);

integer_test!(
    i64_methods_and_paths_match_the_host,
    i64,
    [
        0,
        1,
        -1,
        2,
        -2,
        7,
        1 << 31,
        1 << 32,
        -(1 << 32),
        3_037_000_500,
        -3_037_000_500,
        1 << 62,
        0x5555_5555_5555_5555,
        i64::MAX - 1,
        i64::MAX,
        i64::MIN + 1,
        i64::MIN
    ],
    (0..300i64)
        .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15u64 as i64) >> (i % 40))
        .collect(),
);

integer_test!(
    u64_methods_and_paths_match_the_host,
    u64,
    [
        0,
        1,
        2,
        3,
        7,
        1 << 31,
        1 << 32,
        (1 << 32) + 1,
        4_294_967_296,
        1 << 63,
        0x5555_5555_5555_5555,
        u64::MAX - 1,
        u64::MAX
    ],
    (0..300u64)
        .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (i % 40))
        .collect(),
);

/// `abs` (wrapping at `MIN`) and `signum` of a signed type, by method and path.
macro_rules! sign_test {
    ($test:ident, $t:ident, $edges:expr) => {
        #[test]
        fn $test() -> Result<(), amp::Error> {
            if stringify!($t).ends_with("64") && !Accelerator::default()?.supports_int64() {
                return Ok(());
            }
            let xs: Vec<$t> = $edges.into_iter().chain(-300..300).collect();
            let mut out = vec![0 as $t; xs.len() * 4];
            let xv = ConstArrayView::new(xs.len() as i32, &xs)?;
            let ov = ArrayView::new([xs.len() as i32, 4], &mut out)?;
            parallel_for_each!(xv.extent(), |i: Index<1>| {
                let x = xv[i];
                ov[(i[0], 0)] = x.abs();
                ov[(i[0], 1)] = x.signum();
                ov[(i[0], 2)] = $t::abs(x);
                ov[(i[0], 3)] = $t::signum(x);
            })?;
            drop(ov);
            for (k, &x) in xs.iter().enumerate() {
                let want = [x.wrapping_abs(), x.signum(), x.wrapping_abs(), x.signum()];
                assert_eq!(out[k * 4..k * 4 + 4], want, "x = {x}");
            }
            Ok(())
        }
    };
}

sign_test!(
    i32_abs_and_signum,
    i32,
    [i32::MIN, i32::MIN + 1, i32::MAX, 0, -1, 1]
);
sign_test!(
    i64_abs_and_signum,
    i64,
    [i64::MIN, i64::MIN + 1, i64::MAX, 1 << 40, -(1 << 40)]
);

/// `is_power_of_two` of an unsigned type, by method and path.
macro_rules! power_of_two_test {
    ($test:ident, $t:ident) => {
        #[test]
        fn $test() -> Result<(), amp::Error> {
            if stringify!($t).ends_with("64") && !Accelerator::default()?.supports_int64() {
                return Ok(());
            }
            let bits = <$t>::BITS;
            let xs: Vec<$t> = (0..bits)
                .flat_map(|k| {
                    let p: $t = 1 << k;
                    [p, p - 1, p + 1, p | 1 << (bits - 1)]
                })
                .chain([0, <$t>::MAX, 12, 4096])
                .collect();
            let mut out = vec![0u32; xs.len() * 2];
            let xv = ConstArrayView::new(xs.len() as i32, &xs)?;
            let ov = ArrayView::new([xs.len() as i32, 2], &mut out)?;
            parallel_for_each!(xv.extent(), |i: Index<1>| {
                let x = xv[i];
                ov[(i[0], 0)] = x.is_power_of_two() as u32;
                ov[(i[0], 1)] = $t::is_power_of_two(x) as u32;
            })?;
            drop(ov);
            for (k, &x) in xs.iter().enumerate() {
                let want = x.is_power_of_two() as u32;
                assert_eq!(out[k * 2..k * 2 + 2], [want, want], "x = {x}");
            }
            Ok(())
        }
    };
}

power_of_two_test!(u32_is_power_of_two, u32);
power_of_two_test!(u64_is_power_of_two, u64);
