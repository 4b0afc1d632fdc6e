//! Rust's float methods built on `precise_math` routines and on Rust's own definitions
//! (`cbrt exp_m1 ln_1p sin_cos asinh acosh atanh log round_ties_even next_up next_down midpoint
//! rem_euclid div_euclid`, and the sign and class predicates): by method, by path and through
//! a generic `#[kernel] fn`, in kernels and on the host, against plain Rust.

use crate::common::random_words;
use crate::device_floats::DeviceFloats;
use amp::kernel_types::Float;
use amp::prelude::*;

/// How a kernel's result must match Rust's.
#[derive(Clone, Copy, Debug)]
enum Rule {
    /// The same bits (a NaN matches any NaN).
    Bits,
    /// Within this many ulps (NaN matches NaN; infinities and zeros exactly, by value).
    Ulps(u64),
    /// Within this many ulps, or this absolute distance (Vulkan bounds the `f32` sine and
    /// cosine absolutely), for finite inputs within ±`domain`; exactly by value beyond.
    Trig {
        ulps: u64,
        absolute: f64,
        domain: f64,
    },
    /// `log(x, base)`: the quotient of two logarithms, each within the accelerator's bound
    /// (relative, or `absolute` near 1), so within a relative `tolerance` of Rust's, or
    /// `absolute / |ln base|`, where `|ln base| >= 0.5` (nearer 1 the divisor's own rounding
    /// dominates) and both operands are finite and normal.
    Quotient { tolerance: f64, absolute: f64 },
}

/// The `f32` sine and cosine: Vulkan's bound, absolute, within ±100 (as `rust_floats.rs`).
const SINGLE_TRIG: Rule = Rule::Trig {
    ulps: 4,
    absolute: 4.9e-4,
    domain: 100.0,
};
/// The `f64` sine and cosine: amp's routines reduce exactly below 2^20·π/2 (docs/LANGUAGE.md).
const DOUBLE_TRIG: Rule = Rule::Trig {
    ulps: 3,
    absolute: 0.0,
    domain: 1.6e6,
};

/// The value methods, in their kernel index order: name, rule on `f32`, rule on `f64`.
const METHODS: [(&str, Rule, Rule); 15] = [
    ("cbrt", Rule::Ulps(4), Rule::Ulps(3)),
    ("exp_m1", Rule::Ulps(4), Rule::Ulps(3)),
    ("ln_1p", Rule::Ulps(4), Rule::Ulps(3)),
    ("sin_cos.0", SINGLE_TRIG, DOUBLE_TRIG),
    ("sin_cos.1", SINGLE_TRIG, DOUBLE_TRIG),
    ("asinh", Rule::Ulps(4), Rule::Ulps(4)),
    ("acosh", Rule::Ulps(4), Rule::Ulps(4)),
    ("atanh", Rule::Ulps(4), Rule::Ulps(4)),
    (
        "log",
        Rule::Quotient {
            tolerance: 2e-4,
            absolute: 4.8e-7,
        },
        Rule::Quotient {
            tolerance: 1e-14,
            absolute: 0.0,
        },
    ),
    ("round_ties_even", Rule::Bits, Rule::Bits),
    ("next_up", Rule::Bits, Rule::Bits),
    ("next_down", Rule::Bits, Rule::Bits),
    ("midpoint", Rule::Bits, Rule::Bits),
    ("rem_euclid", Rule::Bits, Rule::Bits),
    // A quotient past 2^24 (f32) is the division's, which Vulkan bounds at 2.5 ulp; below, the
    // truncation makes it exact.
    ("div_euclid", Rule::Ulps(3), Rule::Bits),
];
const K: usize = METHODS.len();

/// Method `k` of [`METHODS`] of `x` (and `y`): a `#[kernel] fn`, so the host calls it too.
#[kernel]
fn named<T: Float>(k: i32, x: T, y: T) -> T {
    let (s, c) = x.sin_cos();
    let mut r = x.cbrt();
    if k == 1 {
        r = x.exp_m1();
    }
    if k == 2 {
        r = x.ln_1p();
    }
    if k == 3 {
        r = s;
    }
    if k == 4 {
        r = c;
    }
    if k == 5 {
        r = x.asinh();
    }
    if k == 6 {
        r = x.acosh();
    }
    if k == 7 {
        r = x.atanh();
    }
    if k == 8 {
        r = x.log(y);
    }
    if k == 9 {
        r = x.round_ties_even();
    }
    if k == 10 {
        r = x.next_up();
    }
    if k == 11 {
        r = x.next_down();
    }
    if k == 12 {
        r = x.midpoint(y);
    }
    if k == 13 {
        r = x.rem_euclid(y);
    }
    if k == 14 {
        r = x.div_euclid(y);
    }
    r
}

/// The sign and class predicates of `x`, one bit each: `is_sign_positive`,
/// `is_sign_negative`, `is_normal`, `is_subnormal`.
#[kernel]
fn classes<T: Float>(x: T) -> u32 {
    (x.is_sign_positive() as u32)
        + (x.is_sign_negative() as u32) * 2
        + (x.is_normal() as u32) * 4
        + (x.is_subnormal() as u32) * 8
}

/// Declares `fn $name(k, x, y)`: Rust's own result of method `k` of [`METHODS`] on `$t`.
macro_rules! plain {
    ($name:ident, $t:ident) => {
        fn $name(k: usize, x: $t, y: $t) -> $t {
            match k {
                0 => x.cbrt(),
                1 => x.exp_m1(),
                2 => x.ln_1p(),
                3 => x.sin_cos().0,
                4 => x.sin_cos().1,
                5 => x.asinh(),
                6 => x.acosh(),
                7 => x.atanh(),
                8 => x.log(y),
                9 => x.round_ties_even(),
                10 => x.next_up(),
                11 => x.next_down(),
                12 => x.midpoint(y),
                13 => x.rem_euclid(y),
                _ => x.div_euclid(y),
            }
        }
    };
}
plain!(plain_f64, f64);

/// The `f64` reference where Rust's own result is not C's: Rust's `asinh` and `acosh` overflow
/// to infinity near `f64::MAX` (their formulas compute `2x`), and Rust's `acosh` is
/// `ln(x + √(x − 1)·√(x + 1))`, which loses digits near 1 (9 ulp at 1.0017); amp's are
/// fdlibm's, as C's (docs/LANGUAGE.md).
fn reference_f64(k: usize, x: f64, y: f64) -> f64 {
    let rust = plain_f64(k, x, y);
    match k {
        5 | 6 if x.is_finite() && rust.is_infinite() => {
            (x.abs().ln() + std::f64::consts::LN_2).copysign(x)
        }
        6 if (1.0..2.0).contains(&x) => {
            let t = x - 1.0;
            (t + (2.0 * t + t * t).sqrt()).ln_1p()
        }
        _ => rust,
    }
}

/// The `f32` reference: the transcendental methods (indices up to 8) computed in `f64` and
/// rounded, so that Rust's own `f32` error (its `acosh` near 1, its `asinh` of `f32::MAX`)
/// does not count as amp's; the exact methods Rust's `f32` ones.
fn reference_f32(k: usize, x: f32, y: f32) -> f32 {
    plain!(plain_f32, f32);
    if k <= 8 {
        reference_f64(k, f64::from(x), f64::from(y)) as f32
    } else {
        plain_f32(k, x, y)
    }
}

/// Declares the test of one float width: plain Rust's results (`$plain`), the same through the
/// host's `named`, and the kernels' by method, by path and through `named`.
macro_rules! width_test {
    ($test:ident, $t:ident, $edges:expr, $random:expr, $reference:expr) => {
        #[test]
        fn $test() -> Result<(), amp::Error> {
            if stringify!($t) == "f64" && !Accelerator::default()?.supports_double_precision() {
                return Ok(());
            }
            plain!(plain, $t);
            let reference: fn(usize, $t, $t) -> $t = $reference;
            let edges: &[$t] = &$edges;
            let mut xs = Vec::new();
            let mut ys = Vec::new();
            for &x in edges {
                for &y in edges {
                    xs.push(x);
                    ys.push(y);
                }
            }
            let random: fn(u32) -> $t = $random;
            let words = random_words(1200, 91);
            for pair in words.chunks(2) {
                xs.push(random(pair[0]));
                ys.push(random(pair[1]));
            }
            for i in 0..400 {
                xs.push((i as $t - 200.0) * 0.0371);
                ys.push(((i * 37) % 400) as $t * 0.05 - 10.0);
            }
            let len = xs.len();
            let n = len as i32;
            let mut methods = vec![0.0 as $t; len * K];
            let mut paths = vec![0.0 as $t; len * K];
            let mut generic = vec![0.0 as $t; len * K];
            let mut flags = vec![0u32; len * 2];
            let xv = ConstArrayView::new(n, &xs)?;
            let yv = ConstArrayView::new(n, &ys)?;
            let mv = ArrayView::new([n, K as i32], &mut methods)?;
            let pv = ArrayView::new([n, K as i32], &mut paths)?;
            let gv = ArrayView::new([n, K as i32], &mut generic)?;
            let fv = ArrayView::new([n, 2], &mut flags)?;
            parallel_for_each!(xv.extent(), |i: Index<1>| {
                let (x, y) = (xv[i], yv[i]);
                let r = i[0];
                let (s, c) = x.sin_cos();
                mv[(r, 0)] = x.cbrt();
                mv[(r, 1)] = x.exp_m1();
                mv[(r, 2)] = x.ln_1p();
                mv[(r, 3)] = s;
                mv[(r, 4)] = c;
                mv[(r, 5)] = x.asinh();
                mv[(r, 6)] = x.acosh();
                mv[(r, 7)] = x.atanh();
                mv[(r, 8)] = x.log(y);
                mv[(r, 9)] = x.round_ties_even();
                mv[(r, 10)] = x.next_up();
                mv[(r, 11)] = x.next_down();
                mv[(r, 12)] = x.midpoint(y);
                mv[(r, 13)] = x.rem_euclid(y);
                mv[(r, 14)] = x.div_euclid(y);
                let (ps, pc) = $t::sin_cos(x);
                pv[(r, 0)] = $t::cbrt(x);
                pv[(r, 1)] = $t::exp_m1(x);
                pv[(r, 2)] = $t::ln_1p(x);
                pv[(r, 3)] = ps;
                pv[(r, 4)] = pc;
                pv[(r, 5)] = $t::asinh(x);
                pv[(r, 6)] = $t::acosh(x);
                pv[(r, 7)] = $t::atanh(x);
                pv[(r, 8)] = $t::log(x, y);
                pv[(r, 9)] = $t::round_ties_even(x);
                pv[(r, 10)] = $t::next_up(x);
                pv[(r, 11)] = $t::next_down(x);
                pv[(r, 12)] = $t::midpoint(x, y);
                pv[(r, 13)] = $t::rem_euclid(x, y);
                pv[(r, 14)] = $t::div_euclid(x, y);
                for k in 0..15 {
                    gv[(r, k)] = named(k, x, y);
                }
                fv[(r, 0)] = classes(x);
                fv[(r, 1)] = ($t::is_sign_positive(x) as u32)
                    + ($t::is_sign_negative(x) as u32) * 2
                    + ($t::is_normal(x) as u32) * 4
                    + ($t::is_subnormal(x) as u32) * 8;
            })?;
            drop((mv, pv, gv, fv));
            let same = |a: $t, b: $t| a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan());
            // On a device that flushes subnormals of this width, a row may also give Rust's
            // result of the flushed operands, flushed (tests/gpu/device_floats.rs).
            let flushes = DeviceFloats::of_default()?.model::<$t>().flushes_subnormals;
            let flush = |v: $t| if flushes && v.is_subnormal() { v * 0.0 } else { v };
            let mut failures = Vec::new();
            let mut worst = [(0u64, 0usize); K];
            for j in 0..len {
                let (x, y) = (xs[j], ys[j]);
                for k in 0..K {
                    let want = plain(k, x, y);
                    let host = named(k as i32, x, y);
                    let name = METHODS[k].0;
                    if !same(host, want) {
                        failures.push(format!("host {name}({x:e}, {y:e}): {host:e} vs {want:e}"));
                    }
                    let want = reference(k, x, y);
                    let got = methods[j * K + k];
                    for (form, other) in [("path", paths[j * K + k]), ("kernel fn", generic[j * K + k])] {
                        if !same(other, got) {
                            failures.push(format!(
                                "{form} {name}({x:e}, {y:e}): {other:e} vs the method's {got:e}"
                            ));
                        }
                    }
                    let rule = if stringify!($t) == "f32" { METHODS[k].1 } else { METHODS[k].2 };
                    let d = distance(f64::from(got), f64::from(want), $t::EPSILON.into(), rule, f64::from(x), f64::from(y));
                    // A subnormal result reads as zero there too: compare flushed, and keep the
                    // nearer of the two ways.
                    let device = flush(reference(k, flush(x), flush(y)));
                    let flushed = [device, flush(want)].into_iter().filter_map(|w| {
                        distance(f64::from(flush(got)), f64::from(w), $t::EPSILON.into(), rule, f64::from(x), f64::from(y))
                            .or_else(|| (flush(got) == 0.0 && w == 0.0).then_some(0))
                    })
                    .min();
                    let d = match (d, flushed) {
                        (Some(a), Some(b)) if flushes => Some(a.min(b)),
                        (None, b) if flushes => b,
                        (d, _) => d,
                    };
                    match d {
                        Some(d) if d > worst[k].0 => worst[k] = (d, j),
                        Some(_) => {}
                        None => failures.push(format!(
                            "{name}({x:e}, {y:e}): {got:e} vs {want:e}"
                        )),
                    }
                }
                let want = (x.is_sign_positive() as u32)
                    + (x.is_sign_negative() as u32) * 2
                    + (x.is_normal() as u32) * 4
                    + (x.is_subnormal() as u32) * 8;
                let host = classes(x);
                let got = [flags[j * 2], flags[j * 2 + 1]];
                if got != [want, want] || host != want {
                    failures.push(format!(
                        "classes of {x:e}: kernel fn, path {got:?}, host {host} vs Rust's {want}"
                    ));
                }
            }
            for (k, (d, j)) in worst.iter().enumerate() {
                let bound = match if stringify!($t) == "f32" { METHODS[k].1 } else { METHODS[k].2 } {
                    Rule::Ulps(u) | Rule::Trig { ulps: u, .. } => u,
                    _ => 0,
                };
                println!(
                    "{} {}: worst {d} ulp at ({:e}, {:e})",
                    stringify!($t),
                    METHODS[k].0,
                    xs[*j],
                    ys[*j]
                );
                if *d > bound {
                    failures.push(format!(
                        "{}({:e}, {:e}): {d} ulp, more than {bound}: {:e} vs {:e}",
                        METHODS[k].0,
                        xs[*j],
                        ys[*j],
                        methods[j * K + k],
                        reference(k, xs[*j], ys[*j])
                    ));
                }
            }
            failures.truncate(60);
            assert!(failures.is_empty(), "mismatches:\n{}", failures.join("\n"));
            Ok(())
        }
    };
}

/// The distance in ulps (of a float whose epsilon is `epsilon`) between `got` and `want` where
/// `rule` measures it, 0 where the rule holds otherwise, `None` where it fails.
fn distance(got: f64, want: f64, epsilon: f64, rule: Rule, x: f64, y: f64) -> Option<u64> {
    if got.is_nan() && want.is_nan() {
        return Some(0);
    }
    if let Rule::Trig { domain, .. } = rule {
        if x.abs() > domain {
            return Some(0);
        }
    }
    if got.is_nan() || want.is_nan() || !want.is_finite() || want == 0.0 || !got.is_finite() {
        return match rule {
            Rule::Bits => (got.to_bits() == want.to_bits()).then_some(0),
            _ => (got == want).then_some(0),
        };
    }
    // The ulp of `want` at its own precision (the spacing of floats at its magnitude, the
    // smallest subnormal's below the normal range).
    let smallest = if epsilon > 1e-10 {
        f64::from(f32::from_bits(1))
    } else {
        f64::from_bits(1)
    };
    let ulp = (2f64.powi(want.abs().log2().floor() as i32) * epsilon).max(smallest);
    let ulps = ((got - want).abs() / ulp).round() as u64;
    match rule {
        Rule::Bits => (got == want && got.to_bits() == want.to_bits()).then_some(0),
        Rule::Ulps(_) => Some(ulps),
        Rule::Trig { absolute, .. } => {
            if (got - want).abs() <= absolute {
                Some(0)
            } else {
                Some(ulps)
            }
        }
        Rule::Quotient {
            tolerance,
            absolute,
        } => {
            let divisor = y.ln().abs();
            let tiny =
                x.abs() < f64::from(f32::MIN_POSITIVE) || y.abs() < f64::from(f32::MIN_POSITIVE);
            let bound = (tolerance * want.abs()).max(absolute / divisor);
            if divisor < 0.5 || tiny || (got - want).abs() <= bound {
                Some(0)
            } else {
                None
            }
        }
    }
}

width_test!(
    f32_names_match_the_host,
    f32,
    [
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.5,
        -0.5,
        1.5,
        -1.5,
        2.5,
        -2.5,
        3.7,
        -3.7,
        1e-7,
        -1e-7,
        1e-40,
        -1e-40,
        f32::from_bits(1),
        -f32::from_bits(1),
        f32::MIN_POSITIVE,
        -f32::MIN_POSITIVE,
        0.999_999_94,
        8_388_609.0,
        1e30,
        f32::MAX,
        f32::MIN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
    ],
    |w| f32::from_bits(w),
    reference_f32
);

width_test!(
    f64_names_match_the_host,
    f64,
    [
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.5,
        -0.5,
        1.5,
        -1.5,
        2.5,
        -2.5,
        3.7,
        -3.7,
        1e-17,
        -1e-17,
        1e-310,
        -1e-310,
        f64::from_bits(1),
        -f64::from_bits(1),
        f64::MIN_POSITIVE,
        -f64::MIN_POSITIVE,
        0.999_999_999_999_999_9,
        4_503_599_627_370_497.0,
        1e300,
        f64::MAX,
        f64::MIN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
    ],
    |w| f64::from_bits((u64::from(w) << 32) | u64::from(w.rotate_left(7))),
    reference_f64
);

/// `f16` through the generic `#[kernel] fn`s, on every `f16` value against the next one's
/// negation: the methods whose results are exact (`round_ties_even next_up next_down midpoint
/// rem_euclid div_euclid`, the sign and class predicates) bit for bit against the host's, which
/// computes an `f16` in `f32` and rounds (the bits for `next_up`, `next_down` and the
/// classes). The transcendental methods run too (`f16` precision is the accelerator's).
#[test]
fn f16_names_match_the_host() -> Result<(), amp::Error> {
    if !Accelerator::default()?.supports_f16() {
        return Ok(());
    }
    let xs: Vec<f16> = (0..=u16::MAX).map(f16::from_bits).collect();
    let ys: Vec<f16> = (0..=u16::MAX)
        .map(|b| -f16::from_bits(b.wrapping_mul(40503).rotate_left(3)))
        .collect();
    let len = xs.len();
    let n = len as i32;
    let mut out = vec![f16::ZERO; len * K];
    let mut flags = vec![0u32; len];
    let xv = ConstArrayView::new(n, &xs)?;
    let yv = ConstArrayView::new(n, &ys)?;
    let ov = ArrayView::new([n, K as i32], &mut out)?;
    let fv = ArrayView::new(n, &mut flags)?;
    parallel_for_each!(xv.extent(), |i: Index<1>| {
        let (x, y) = (xv[i], yv[i]);
        for k in 0..15 {
            ov[(i[0], k)] = named(k, x, y);
        }
        fv[i] = classes(x);
    })?;
    drop((ov, fv));
    let mut failures = Vec::new();
    for j in 0..len {
        let (x, y) = (xs[j], ys[j]);
        for k in 9..K {
            let (got, want) = (out[j * K + k], named(k as i32, x, y));
            if got.to_bits() != want.to_bits() && !(got.is_nan() && want.is_nan()) {
                failures.push(format!("{}({x}, {y}): {got} vs {want}", METHODS[k].0));
            }
        }
        let want = (x.is_sign_positive() as u32)
            + (x.is_sign_negative() as u32) * 2
            + (x.is_normal() as u32) * 4
            + ((x.classify() == std::num::FpCategory::Subnormal) as u32) * 8;
        // A NaN's sign: Vulkan keeps no NaN bits through a conversion (NVIDIA's f16 → f32
        // gives a positive NaN), so either sign is the device's.
        let sign_free = |v: u32| if x.is_nan() { v & !3 } else { v };
        if sign_free(flags[j]) != sign_free(want) || classes(x) != want {
            failures.push(format!("classes of {x}: {} vs {want}", flags[j]));
        }
    }
    // The host's `next_up` of an `f16` is the next `f16`.
    assert_eq!(named(10, f16::ONE, f16::ZERO).to_bits(), 0x3c01);
    assert_eq!(named(11, f16::from_bits(1), f16::ZERO).to_bits(), 0);
    let count = failures.len();
    failures.truncate(40);
    assert!(
        failures.is_empty(),
        "{count} mismatches:\n{}",
        failures.join("\n")
    );
    Ok(())
}

/// Declares a test of `midpoint` on one integer type: every pair of edge values, method and
/// path forms, against Rust's (signed means round toward zero, unsigned ones down).
macro_rules! integer_midpoint_test {
    ($test:ident, $t:ident, $needs_64:literal) => {
        #[test]
        fn $test() -> Result<(), amp::Error> {
            if $needs_64 && !Accelerator::default()?.supports_int64() {
                return Ok(());
            }
            let edges: Vec<$t> = [
                0,
                1,
                2,
                3,
                7,
                100,
                $t::MAX,
                $t::MAX - 1,
                $t::MIN,
                $t::MIN + 1,
            ]
            .into_iter()
            .chain([0 as $t, 1, 3, 7].map(|v| v.wrapping_neg()))
            .collect();
            let (mut xs, mut ys) = (Vec::new(), Vec::new());
            for &x in &edges {
                for &y in &edges {
                    xs.push(x);
                    ys.push(y);
                }
            }
            let n = xs.len() as i32;
            let mut out = vec![0 as $t; xs.len() * 2];
            let xv = ConstArrayView::new(n, &xs)?;
            let yv = ConstArrayView::new(n, &ys)?;
            let ov = ArrayView::new([n, 2], &mut out)?;
            parallel_for_each!(xv.extent(), |i: Index<1>| {
                ov[(i[0], 0)] = xv[i].midpoint(yv[i]);
                ov[(i[0], 1)] = $t::midpoint(xv[i], yv[i]);
            })?;
            drop(ov);
            for (k, (x, y)) in xs.iter().zip(&ys).enumerate() {
                let want = x.midpoint(*y);
                assert_eq!(
                    [out[2 * k], out[2 * k + 1]],
                    [want, want],
                    "{x}.midpoint({y})"
                );
            }
            Ok(())
        }
    };
}
integer_midpoint_test!(i32_midpoint_matches_the_host, i32, false);
integer_midpoint_test!(u32_midpoint_matches_the_host, u32, false);
integer_midpoint_test!(i64_midpoint_matches_the_host, i64, true);
integer_midpoint_test!(u64_midpoint_matches_the_host, u64, true);
