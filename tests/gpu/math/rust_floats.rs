//! Rust's float methods in kernels, method and path forms, against the host's on edge cases
//! (±0, NaN, ±inf, subnormals, halves, the largest values) and ordinary numbers.

use crate::device_floats::{Accepted, DeviceFloats, Way};
use amp::prelude::*;

/// How a kernel's result must match the host's.
#[derive(Clone, Copy, Debug)]
enum Match {
    /// The same bits (a NaN matches any NaN).
    Bits,
    /// Equal as numbers (`-0.0 == 0.0`; NaN matches NaN).
    Equal,
    /// Within a relative `tolerance` (absolute below 1), for finite inputs of magnitude at most
    /// `domain` and not subnormal; equal as numbers when the host's result is not finite.
    Close { tolerance: f64, domain: f64 },
}

/// The edge cases, paired with every other, then ordinary numbers.
fn float_pairs<F: Copy>(edges: &[F], ordinary: impl Iterator<Item = (F, F)>) -> (Vec<F>, Vec<F>) {
    let mut xs = Vec::new();
    let mut ys = Vec::new();
    for &x in edges {
        for &y in edges {
            xs.push(x);
            ys.push(y);
        }
    }
    for (x, y) in ordinary {
        xs.push(x);
        ys.push(y);
    }
    (xs, ys)
}

const EDGES_32: [f32; 24] = [
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
    0.499_999_97,
    3.7,
    -3.7,
    1e-40,
    -1e-40,
    f32::MIN_POSITIVE,
    8_388_609.0,
    1e30,
    f32::MAX,
    f32::MIN,
    f32::INFINITY,
    f32::NEG_INFINITY,
    f32::NAN,
    -f32::NAN,
];

/// Whether `got` matches `want` for inputs `inputs`.
fn matches(got: f64, want: f64, rule: Match, inputs: &[f64], same_bits: bool) -> bool {
    if got.is_nan() && want.is_nan() {
        return true;
    }
    match rule {
        Match::Bits => same_bits,
        Match::Equal => got == want,
        Match::Close { tolerance, domain } => {
            if inputs.iter().any(|x| !x.is_finite()) {
                return got == want;
            }
            // Vulkan's built-in transcendental functions may flush a subnormal operand inside
            // (lavapipe's `atan2(1.2e-38, 1e-40)` is π/2) even on a device whose arithmetic
            // keeps subnormals: a subnormal operand, like one beyond `domain`, is not compared.
            if inputs
                .iter()
                .any(|x| x.abs() > domain || (*x != 0.0 && x.abs() < 1.2e-38))
            {
                return true;
            }
            if !want.is_finite() {
                return got == want;
            }
            (got - want).abs() <= tolerance * want.abs().max(1.0)
        }
    }
}

const TRIG: Match = Match::Close {
    tolerance: 2e-4,
    domain: 100.0,
};
const GROWTH: Match = Match::Close {
    tolerance: 2e-4,
    domain: 80.0,
};
const LOG: Match = Match::Close {
    tolerance: 2e-4,
    domain: f64::MAX,
};
const TIGHT: Match = Match::Close {
    tolerance: 1e-6,
    domain: f64::MAX,
};

/// The comparison of each of the 35 float results (indices of the kernels below).
/// Each: the method, how it must match, whether it takes `y` too.
const RULES_32: [(&str, Match, bool); 35] = [
    ("sqrt", TIGHT, false),
    ("abs", Match::Bits, false),
    ("min", Match::Equal, true),
    ("max", Match::Equal, true),
    ("clamp", Match::Bits, false),
    ("floor", Match::Bits, false),
    ("ceil", Match::Bits, false),
    ("round", Match::Bits, false),
    ("trunc", Match::Bits, false),
    ("fract", Match::Bits, false),
    ("sin", TRIG, false),
    ("cos", TRIG, false),
    (
        "tan",
        Match::Close {
            tolerance: 2e-4,
            domain: 1.5,
        },
        false,
    ),
    ("asin", LOG, false),
    ("acos", LOG, false),
    ("atan", LOG, false),
    ("atan2", LOG, true),
    ("sinh", GROWTH, false),
    ("cosh", GROWTH, false),
    ("tanh", GROWTH, false),
    ("exp", GROWTH, false),
    ("exp2", GROWTH, false),
    ("ln", LOG, false),
    ("log2", LOG, false),
    ("log10", LOG, false),
    (
        "powf",
        Match::Close {
            tolerance: 2e-4,
            domain: 30.0,
        },
        true,
    ),
    ("powi", TIGHT, false),
    ("mul_add", TIGHT, true),
    ("hypot", TIGHT, true),
    ("signum", Match::Bits, false),
    ("copysign", Match::Bits, true),
    ("recip", TIGHT, false),
    ("to_degrees", Match::Bits, false),
    ("to_radians", Match::Bits, false),
    ("from_bits", Match::Bits, false),
];

const POWERS: [i32; 12] = [0, 1, 2, 3, -1, -2, 5, 7, -3, 10, 31, -31];

/// The host's results for one input, in the kernels' order.
fn host_32(x: f32, y: f32, lo: f32, hi: f32, n: i32) -> [f32; 35] {
    [
        x.sqrt(),
        x.abs(),
        x.min(y),
        x.max(y),
        x.clamp(lo, hi),
        x.floor(),
        x.ceil(),
        x.round(),
        x.trunc(),
        x.fract(),
        x.sin(),
        x.cos(),
        x.tan(),
        x.asin(),
        x.acos(),
        x.atan(),
        x.atan2(y),
        x.sinh(),
        x.cosh(),
        x.tanh(),
        x.exp(),
        x.exp2(),
        x.ln(),
        x.log2(),
        x.log10(),
        x.powf(y),
        x.powi(n),
        x.mul_add(y, lo),
        x.hypot(y),
        x.signum(),
        x.copysign(y),
        x.recip(),
        x.to_degrees(),
        x.to_radians(),
        f32::from_bits(x.to_bits() ^ 0x8000_0000),
    ]
}

#[test]
fn f32_methods_and_paths_match_the_host() -> Result<(), amp::Error> {
    let ordinary = (0..400).map(|i| {
        let x = (i as f32 - 200.0) * 0.173;
        let y = ((i * 37) % 400) as f32 * 0.05 - 10.0;
        (x, y)
    });
    let (xs, ys) = float_pairs(&EDGES_32, ordinary);
    let len = xs.len();
    // Clamp bounds in order (Rust panics otherwise); powi's powers.
    let los: Vec<f32> = (0..len).map(|k| (k % 7) as f32 * -0.75).collect();
    let his: Vec<f32> = (0..len).map(|k| (k % 5) as f32 * 0.5).collect();
    let ns: Vec<i32> = (0..len).map(|k| POWERS[k % POWERS.len()]).collect();
    let mut methods = vec![0.0f32; len * 35];
    let mut paths = vec![0.0f32; len * 35];
    let mut flags = vec![0u32; len * 8];
    let n = len as i32;
    let xv = ConstArrayView::new(n, &xs)?;
    let yv = ConstArrayView::new(n, &ys)?;
    let lv = ConstArrayView::new(n, &los)?;
    let hv = ConstArrayView::new(n, &his)?;
    let nv = ConstArrayView::new(n, &ns)?;
    let mv = ArrayView::new([n, 35], &mut methods)?;
    let pv = ArrayView::new([n, 35], &mut paths)?;
    let fv = ArrayView::new([n, 8], &mut flags)?;
    parallel_for_each!(xv.extent(), |i: Index<1>| {
        let (x, y, lo, hi, p) = (xv[i], yv[i], lv[i], hv[i], nv[i]);
        let r = i[0];
        mv[(r, 0)] = x.sqrt();
        mv[(r, 1)] = x.abs();
        mv[(r, 2)] = x.min(y);
        mv[(r, 3)] = x.max(y);
        mv[(r, 4)] = x.clamp(lo, hi);
        mv[(r, 5)] = x.floor();
        mv[(r, 6)] = x.ceil();
        mv[(r, 7)] = x.round();
        mv[(r, 8)] = x.trunc();
        mv[(r, 9)] = x.fract();
        mv[(r, 10)] = x.sin();
        mv[(r, 11)] = x.cos();
        mv[(r, 12)] = x.tan();
        mv[(r, 13)] = x.asin();
        mv[(r, 14)] = x.acos();
        mv[(r, 15)] = x.atan();
        mv[(r, 16)] = x.atan2(y);
        mv[(r, 17)] = x.sinh();
        mv[(r, 18)] = x.cosh();
        mv[(r, 19)] = x.tanh();
        mv[(r, 20)] = x.exp();
        mv[(r, 21)] = x.exp2();
        mv[(r, 22)] = x.ln();
        mv[(r, 23)] = x.log2();
        mv[(r, 24)] = x.log10();
        mv[(r, 25)] = x.powf(y);
        mv[(r, 26)] = x.powi(p);
        mv[(r, 27)] = x.mul_add(y, lo);
        mv[(r, 28)] = x.hypot(y);
        mv[(r, 29)] = x.signum();
        mv[(r, 30)] = x.copysign(y);
        mv[(r, 31)] = x.recip();
        mv[(r, 32)] = x.to_degrees();
        mv[(r, 33)] = x.to_radians();
        mv[(r, 34)] = f32::from_bits(x.to_bits() ^ 0x8000_0000);
        fv[(r, 0)] = x.to_bits();
        fv[(r, 1)] = x.is_nan() as u32;
        fv[(r, 2)] = x.is_finite() as u32;
        fv[(r, 3)] = x.is_infinite() as u32;
        fv[(r, 4)] = f32::to_bits(x);
        fv[(r, 5)] = f32::is_nan(x) as u32;
        fv[(r, 6)] = f32::is_finite(x) as u32;
        fv[(r, 7)] = f32::is_infinite(x) as u32;
    })?;
    parallel_for_each!(xv.extent(), |i: Index<1>| {
        let (x, y, lo, hi, p) = (xv[i], yv[i], lv[i], hv[i], nv[i]);
        let r = i[0];
        pv[(r, 0)] = f32::sqrt(x);
        pv[(r, 1)] = f32::abs(x);
        pv[(r, 2)] = f32::min(x, y);
        pv[(r, 3)] = f32::max(x, y);
        pv[(r, 4)] = f32::clamp(x, lo, hi);
        pv[(r, 5)] = f32::floor(x);
        pv[(r, 6)] = f32::ceil(x);
        pv[(r, 7)] = f32::round(x);
        pv[(r, 8)] = f32::trunc(x);
        pv[(r, 9)] = f32::fract(x);
        pv[(r, 10)] = f32::sin(x);
        pv[(r, 11)] = f32::cos(x);
        pv[(r, 12)] = f32::tan(x);
        pv[(r, 13)] = f32::asin(x);
        pv[(r, 14)] = f32::acos(x);
        pv[(r, 15)] = f32::atan(x);
        pv[(r, 16)] = f32::atan2(x, y);
        pv[(r, 17)] = f32::sinh(x);
        pv[(r, 18)] = f32::cosh(x);
        pv[(r, 19)] = f32::tanh(x);
        pv[(r, 20)] = f32::exp(x);
        pv[(r, 21)] = f32::exp2(x);
        pv[(r, 22)] = f32::ln(x);
        pv[(r, 23)] = f32::log2(x);
        pv[(r, 24)] = f32::log10(x);
        pv[(r, 25)] = f32::powf(x, y);
        pv[(r, 26)] = f32::powi(x, p);
        pv[(r, 27)] = f32::mul_add(x, y, lo);
        pv[(r, 28)] = f32::hypot(x, y);
        pv[(r, 29)] = f32::signum(x);
        pv[(r, 30)] = f32::copysign(x, y);
        pv[(r, 31)] = f32::recip(x);
        pv[(r, 32)] = f32::to_degrees(x);
        pv[(r, 33)] = f32::to_radians(x);
        pv[(r, 34)] = f32::from_bits(f32::to_bits(x) ^ 0x8000_0000);
    })?;
    drop((mv, pv, fv));
    let floats = DeviceFloats::of_default()?;
    let mut failures = Vec::new();
    for k in 0..len {
        let (x, y) = (xs[k], ys[k]);
        let (lo, hi, n) = (los[k], his[k], ns[k]);
        let want = Accepted::new(floats, [x, y], |_, [x, y]| host_32(x, y, lo, hi, n));
        for (j, (name, rule, binary)) in RULES_32.iter().enumerate() {
            let (got, path) = (methods[k * 35 + j], paths[k * 35 + j]);
            let check = |operands: &[f32; 2], want: f32| {
                let inputs = &operands[..if *binary { 2 } else { 1 }];
                let inputs: Vec<f64> = inputs.iter().map(|&v| f64::from(v)).collect();
                let same = got.to_bits() == want.to_bits();
                matches(f64::from(got), f64::from(want), *rule, &inputs, same)
            };
            match want.passed_by(j, check) {
                Some(Way::Rust) => {}
                Some(Way::Device(model)) => eprintln!(
                    "rust_floats: {name}({x:e}, {y:e}) = {got:e}: Rust's {:e} computed as this \
                     accelerator computes ({model})",
                    want.rust.1[j]
                ),
                None => failures.push(format!(
                    "{name}({x:e}, {y:e}): {got:e} vs Rust's {:e}",
                    want.rust.1[j]
                )),
            }
            // The path form is the method: the same bits.
            if path.to_bits() != got.to_bits() && !(path.is_nan() && got.is_nan()) {
                failures.push(format!(
                    "f32::{name}({x:e}, {y:e}): {path:e} vs x.{name}(): {got:e}"
                ));
            }
        }
        let bits = [
            x.to_bits(),
            x.is_nan() as u32,
            x.is_finite() as u32,
            x.is_infinite() as u32,
        ];
        for form in 0..2 {
            let got = &flags[k * 8 + form * 4..k * 8 + form * 4 + 4];
            if got != bits {
                failures.push(format!(
                    "to_bits/is_nan/is_finite/is_infinite({x:e}): {got:?} vs {bits:?}"
                ));
            }
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

const EDGES_64: [f64; 20] = [
    0.0,
    -0.0,
    1.0,
    -1.0,
    0.5,
    -0.5,
    1.5,
    2.5,
    -2.5,
    0.499_999_999_999_999_94,
    3.7,
    -3.7,
    1e-310,
    -1e-310,
    4_503_599_627_370_497.0,
    f64::MAX,
    f64::MIN,
    f64::INFINITY,
    f64::NEG_INFINITY,
    f64::NAN,
];

/// The `f64` methods that Vulkan has in double precision (the transcendental functions are
/// single precision only: a located error).
const RULES_64: [(&str, Match, bool); 18] = [
    ("sqrt", TIGHT, false),
    ("abs", Match::Bits, false),
    ("min", Match::Equal, true),
    ("max", Match::Equal, true),
    ("clamp", Match::Bits, false),
    ("floor", Match::Bits, false),
    ("ceil", Match::Bits, false),
    ("round", Match::Bits, false),
    ("trunc", Match::Bits, false),
    ("fract", Match::Bits, false),
    ("mul_add", TIGHT, true),
    ("hypot", TIGHT, true),
    ("signum", Match::Bits, false),
    ("copysign", Match::Bits, true),
    ("recip", TIGHT, false),
    ("to_degrees", Match::Bits, false),
    ("to_radians", Match::Bits, false),
    ("powi", TIGHT, false),
];

#[test]
fn f64_methods_and_paths_match_the_host() -> Result<(), amp::Error> {
    if !Accelerator::default()?.supports_double_precision() {
        return Ok(());
    }
    let ordinary = (0..200).map(|i| ((i as f64 - 100.0) * 0.173, (i % 13) as f64 * 0.9 - 6.0));
    let (xs, ys) = float_pairs(&EDGES_64, ordinary);
    let len = xs.len();
    let los: Vec<f64> = (0..len).map(|k| (k % 7) as f64 * -0.75).collect();
    let his: Vec<f64> = (0..len).map(|k| (k % 5) as f64 * 0.5).collect();
    let ns: Vec<i32> = (0..len).map(|k| POWERS[k % POWERS.len()]).collect();
    let mut methods = vec![0.0f64; len * 18];
    let mut paths = vec![0.0f64; len * 18];
    let mut flags = vec![0u64; len * 8];
    let n = len as i32;
    let xv = ConstArrayView::new(n, &xs)?;
    let yv = ConstArrayView::new(n, &ys)?;
    let lv = ConstArrayView::new(n, &los)?;
    let hv = ConstArrayView::new(n, &his)?;
    let nv = ConstArrayView::new(n, &ns)?;
    let mv = ArrayView::new([n, 18], &mut methods)?;
    let pv = ArrayView::new([n, 18], &mut paths)?;
    let fv = ArrayView::new([n, 8], &mut flags)?;
    parallel_for_each!(xv.extent(), |i: Index<1>| {
        let (x, y, lo, hi, p) = (xv[i], yv[i], lv[i], hv[i], nv[i]);
        let r = i[0];
        mv[(r, 0)] = x.sqrt();
        mv[(r, 1)] = x.abs();
        mv[(r, 2)] = x.min(y);
        mv[(r, 3)] = x.max(y);
        mv[(r, 4)] = x.clamp(lo, hi);
        mv[(r, 5)] = x.floor();
        mv[(r, 6)] = x.ceil();
        mv[(r, 7)] = x.round();
        mv[(r, 8)] = x.trunc();
        mv[(r, 9)] = x.fract();
        mv[(r, 10)] = x.mul_add(y, lo);
        mv[(r, 11)] = x.hypot(y);
        mv[(r, 12)] = x.signum();
        mv[(r, 13)] = x.copysign(y);
        mv[(r, 14)] = x.recip();
        mv[(r, 15)] = x.to_degrees();
        mv[(r, 16)] = x.to_radians();
        mv[(r, 17)] = x.powi(p);
        pv[(r, 0)] = f64::sqrt(x);
        pv[(r, 1)] = f64::abs(x);
        pv[(r, 2)] = f64::min(x, y);
        pv[(r, 3)] = f64::max(x, y);
        pv[(r, 4)] = f64::clamp(x, lo, hi);
        pv[(r, 5)] = f64::floor(x);
        pv[(r, 6)] = f64::ceil(x);
        pv[(r, 7)] = f64::round(x);
        pv[(r, 8)] = f64::trunc(x);
        pv[(r, 9)] = f64::fract(x);
        pv[(r, 10)] = f64::mul_add(x, y, lo);
        pv[(r, 11)] = f64::hypot(x, y);
        pv[(r, 12)] = f64::signum(x);
        pv[(r, 13)] = f64::copysign(x, y);
        pv[(r, 14)] = f64::recip(x);
        pv[(r, 15)] = f64::to_degrees(x);
        pv[(r, 16)] = f64::to_radians(x);
        pv[(r, 17)] = f64::powi(x, p);
        fv[(r, 0)] = x.to_bits();
        fv[(r, 1)] = x.is_nan() as u64;
        fv[(r, 2)] = x.is_finite() as u64;
        fv[(r, 3)] = f64::from_bits(x.to_bits() ^ 1).to_bits();
        fv[(r, 4)] = f64::to_bits(x);
        fv[(r, 5)] = f64::is_nan(x) as u64;
        fv[(r, 6)] = f64::is_finite(x) as u64;
        fv[(r, 7)] = f64::is_infinite(x) as u64;
    })?;
    drop((mv, pv, fv));
    let mut failures = Vec::new();
    for k in 0..len {
        let (x, y, lo, hi, p) = (xs[k], ys[k], los[k], his[k], ns[k]);
        let want = [
            x.sqrt(),
            x.abs(),
            x.min(y),
            x.max(y),
            x.clamp(lo, hi),
            x.floor(),
            x.ceil(),
            x.round(),
            x.trunc(),
            x.fract(),
            x.mul_add(y, lo),
            x.hypot(y),
            x.signum(),
            x.copysign(y),
            x.recip(),
            x.to_degrees(),
            x.to_radians(),
            x.powi(p),
        ];
        for (j, (name, rule, binary)) in RULES_64.iter().enumerate() {
            let inputs = if *binary { vec![x, y] } else { vec![x] };
            let (got, path) = (methods[k * 18 + j], paths[k * 18 + j]);
            let same = got.to_bits() == want[j].to_bits();
            if !matches(got, want[j], *rule, &inputs, same) {
                failures.push(format!(
                    "{name}({x:e}, {y:e}): {got:e} vs Rust's {:e}",
                    want[j]
                ));
            }
            if path.to_bits() != got.to_bits() && !(path.is_nan() && got.is_nan()) {
                failures.push(format!(
                    "f64::{name}({x:e}, {y:e}): {path:e} vs x.{name}(): {got:e}"
                ));
            }
        }
        let want = [
            x.to_bits(),
            x.is_nan() as u64,
            x.is_finite() as u64,
            x.to_bits() ^ 1,
            x.to_bits(),
            x.is_nan() as u64,
            x.is_finite() as u64,
            x.is_infinite() as u64,
        ];
        if flags[k * 8..k * 8 + 8] != want {
            failures.push(format!(
                "bits and classes of {x:e}: {:?} vs {want:?}",
                &flags[k * 8..k * 8 + 8]
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
    // Vulkan has the transcendental functions in single precision only: amp's software
    // routines compute the f64 ones (tests/gpu/math/precise.rs measures them).
    let xs = [0.0f64, 0.5, -2.25, 10.0];
    let mut out = vec![0.0f64; 4];
    let xv = ConstArrayView::new(4, &xs)?;
    let ov = ArrayView::new(4, &mut out)?;
    parallel_for_each!(ov.extent(), |i: Index<1>| {
        ov[i] = xv[i].sin() + f64::exp(xv[i]);
    })?;
    drop(ov);
    for (x, got) in xs.iter().zip(&out) {
        let want = x.sin() + x.exp();
        assert!(
            (got - want).abs() <= 4.0 * f64::EPSILON * want.abs(),
            "{x}: {got} vs {want}"
        );
    }
    Ok(())
}
