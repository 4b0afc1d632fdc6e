//! The differential edge-case table: float special values (±0, ±the smallest subnormal, ±the
//! smallest normal, ±MAX, ±inf, NaN, halves, ±1, 2^24 ± 1, the integer limits as floats, …)
//! through arithmetic, `%`, casts both ways and the float methods, each table computed in ONE
//! kernel and by plain Rust on the host, compared bit for bit (NaN against NaN by NaN-ness:
//! device NaN payloads may differ).
//!
//! A row accepts Rust's result, or Rust's computed the way the accelerator computes where it
//! flushes subnormals or contracts `a * b + c` (measured by `device_floats`; the test prints
//! each row that passes that way). A row may differ only by its operation's documented rule
//! ([`Rule`]), which docs/LANGUAGE.md ("Precision") repeats: Vulkan's division and square root
//! are within a few ulp, and the transcendental functions within a relative bound on finite
//! results (their special values — NaN, infinities, zeros — are still Rust's exactly). The test
//! prints how far each approximate operation was from Rust's.
//!
//! Integer operations' edges are in `math/rust_integers.rs` and `math/rust_integer_division.rs`.

use crate::device_floats::{Accepted, DeviceFloats, TestFloat, Way};
use amp::prelude::*;

/// How a kernel's result must match Rust's.
#[derive(Clone, Copy, Debug)]
enum Rule {
    /// The same bits (any NaN for NaN).
    Exact,
    /// Equal as numbers (`-0.0 == 0.0`): where Rust itself leaves the sign of a zero result
    /// unspecified (`min` and `max` of `0.0` and `-0.0`).
    Equal,
    /// Within `n` units in the last place; a zero or infinite Rust result exactly.
    Ulps(u32),
    /// A transcendental function: special results (NaN, ±inf, ±0) and the results of special
    /// operands exactly; finite results within `rel` of Rust's (absolute below 1), for operands
    /// of magnitude at most `domain` (beyond it Vulkan defines no precision: any finite value
    /// passes).
    Approx { rel: f64, domain: f64 },
    /// Division (and the reciprocal): within 3 ulp (Vulkan's 2.5) for a divisor of magnitude
    /// within `[2^-(e-2), 2^(e-2)]` (`e` the width's largest exponent + 1: 2^126 for `f32`),
    /// where Vulkan defines its precision; beyond it Rust's result or the dividend times a zero
    /// of the divisor's sign (an accelerator multiplying by the reciprocal, subnormal there,
    /// flushes it).
    Division,
}

const DIVISION: Rule = Rule::Division;
const TRANSCENDENTAL: Rule = Rule::Approx {
    rel: 1.0 / 2048.0,
    domain: 1e4,
};
const TRIG: Rule = Rule::Approx {
    rel: 1.0 / 2048.0,
    domain: std::f64::consts::PI,
};

/// [`Rule::Division`].
fn passes_division<T: TestFloat>(got: T, want: T, inputs: &[T]) -> bool {
    let limit = if T::WIDE {
        2f64.powi(1022)
    } else {
        2f64.powi(126)
    };
    let divisor = inputs.last().map_or(1.0, |v| v.to_f64().abs());
    let ranged = (1.0 / limit..=limit).contains(&divisor) || divisor.is_nan();
    // Beyond the range: also `x` times a zero of the divisor's sign (the reciprocal
    // flushed): a signed zero, or NaN for an infinite `x`.
    let dividend = inputs.first().map_or(0.0, |v| v.to_f64());
    let flushed = if inputs.len() == 2 {
        dividend * 0f64.copysign(inputs[1].to_f64())
    } else {
        0f64.copysign(dividend)
    };
    passes(got, want, Rule::Ulps(3), inputs)
        || !ranged
            && (got.is_nan() && flushed.is_nan()
                || got.to_f64() == 0.0
                    && got.to_f64().is_sign_negative() == flushed.is_sign_negative())
}

/// Whether `got` passes `rule` against `want` for operands `inputs`.
fn passes<T: TestFloat>(got: T, want: T, rule: Rule, inputs: &[T]) -> bool {
    if matches!(rule, Rule::Division) {
        return passes_division(got, want, inputs);
    }
    if got.is_nan() || want.is_nan() {
        return got.is_nan() && want.is_nan();
    }
    let bits_equal = got.bits() == want.bits();
    let special = |v: f64| v == 0.0 || v.is_infinite();
    let (g, w) = (got.to_f64(), want.to_f64());
    match rule {
        Rule::Exact => bits_equal,
        Rule::Equal => g == w,
        Rule::Ulps(n) => {
            if special(w) {
                return bits_equal;
            }
            (got.ordered() - want.ordered()).abs() <= i128::from(n)
        }
        Rule::Division => passes_division(got, want, inputs),
        Rule::Approx { rel, domain } => {
            let inputs = inputs.iter().map(|v| v.to_f64());
            if special(w) || inputs.clone().any(special) {
                return bits_equal;
            }
            if inputs.clone().any(|v| v.abs() > domain) {
                return g.is_finite();
            }
            (g - w).abs() <= rel * w.abs().max(1.0)
        }
    }
}

/// One width's operations: names and rules, and Rust's results in the kernel's column order.
struct Ops<T, const B: usize, const U: usize, const I: usize> {
    /// Binary operations of `(x, y)`, with a float result.
    binary: [(&'static str, Rule); B],
    host_binary: fn(T, T) -> [T; B],
    /// Unary operations of `x`, with a float result.
    unary: [(&'static str, Rule); U],
    host_unary: fn(T) -> [T; U],
    /// Unary operations of `x` with an integer or boolean result, as `i64` (each exact).
    integer: [&'static str; I],
    host_integer: fn(T) -> [i64; I],
}

/// A kernel's results for every pair of edge values, row by row.
struct Table<T> {
    xs: Vec<T>,
    ys: Vec<T>,
    binary: Vec<T>,
    unary: Vec<T>,
    integer: Vec<i64>,
}

/// Runs one width's table in one kernel: every pair of `$edges` as `($x, $y)` through the body,
/// which writes row `$r` of `$bv`, `$uv` and `$iv` (the columns of `$ops`); then compares it
/// with Rust's ([`compare`]).
macro_rules! edge_table {
    ($t:ty, $edges:expr, $ops:expr, |$x:ident, $y:ident, $r:ident, $bv:ident, $uv:ident, $iv:ident| { $($body:tt)* }) => {{
        let ops = &$ops;
        let (mut xs, mut ys) = (Vec::new(), Vec::new());
        for &x in &$edges {
            for &y in &$edges {
                xs.push(x);
                ys.push(y);
            }
        }
        let n = xs.len() as i32;
        let (b, u, k) = (ops.binary.len(), ops.unary.len(), ops.integer.len());
        let mut binary = vec![<$t>::default(); xs.len() * b];
        let mut unary = vec![<$t>::default(); xs.len() * u];
        let mut integer = vec![0i64; xs.len() * k];
        let xv = ConstArrayView::new(n, &xs)?;
        let yv = ConstArrayView::new(n, &ys)?;
        let $bv = ArrayView::new([n, b as i32], &mut binary)?;
        let $uv = ArrayView::new([n, u as i32], &mut unary)?;
        let $iv = ArrayView::new([n, k as i32], &mut integer)?;
        parallel_for_each!(xv.extent(), |i: Index<1>| {
            let ($x, $y) = (xv[i], yv[i]);
            let $r = i[0];
            $($body)*
        })?;
        drop(($bv, $uv, $iv, xv, yv));
        let table = Table {
            xs,
            ys,
            binary,
            unary,
            integer,
        };
        compare(DeviceFloats::of_default()?, &$edges, ops, &table)
    }};
}

/// Each row of `table` against Rust's ([`Accepted`]): the binary columns for every pair, the
/// unary and integer columns once per `x` (the first row of each).
fn compare<T: TestFloat, const B: usize, const U: usize, const I: usize>(
    floats: DeviceFloats,
    edges: &[T],
    ops: &Ops<T, B, U, I>,
    table: &Table<T>,
) -> Result<(), amp::Error> {
    let mut report = Report::default();
    for (k, (&x, &y)) in table.xs.iter().zip(&table.ys).enumerate() {
        let want = Accepted::new(floats, [x, y], |_, [x, y]| (ops.host_binary)(x, y));
        for (j, &(name, rule)) in ops.binary.iter().enumerate() {
            report.check(name, &want, j, table.binary[k * B + j], rule);
        }
        if k % edges.len() != 0 {
            continue;
        }
        let want = Accepted::new(floats, [x], |_, [x]| (ops.host_unary)(x));
        for (j, &(name, rule)) in ops.unary.iter().enumerate() {
            report.check(name, &want, j, table.unary[k * U + j], rule);
        }
        let want = (ops.host_integer)(x);
        for (j, name) in ops.integer.iter().enumerate() {
            let got = table.integer[k * I + j];
            if got != want[j] {
                report
                    .failures
                    .push(format!("{name} for x = {x:e}: {got} vs Rust's {}", want[j]));
            }
        }
    }
    report.finish()
}

/// The `f32` edge values.
const EDGES_32: [f32; 30] = [
    0.0,
    -0.0,
    1e-45,
    -1e-45,
    f32::MIN_POSITIVE,
    -f32::MIN_POSITIVE,
    0.5,
    -0.5,
    1.0,
    -1.0,
    1.5,
    -2.5,
    3.0,
    0.1,
    16_777_215.0,
    16_777_216.0,
    -16_777_218.0,
    2_147_483_520.0,
    2_147_483_648.0,
    -2_147_483_904.0,
    4_294_967_296.0,
    1e19,
    -1e19,
    f32::MAX,
    f32::MIN,
    f32::INFINITY,
    f32::NEG_INFINITY,
    f32::NAN,
    -f32::NAN,
    std::f32::consts::PI,
];

/// The binary `f32` operations, by name, with their rules, in the kernel's order.
const BINARY_32: [(&str, Rule); 14] = [
    ("x + y", Rule::Exact),
    ("x - y", Rule::Exact),
    ("x * y", Rule::Exact),
    ("x / y", DIVISION),
    ("x % y", Rule::Exact),
    ("x.min(y)", Rule::Equal),
    ("x.max(y)", Rule::Equal),
    ("x.copysign(y)", Rule::Exact),
    ("x.powf(y)", TRANSCENDENTAL),
    ("fast_math::pow(x, y)", TRANSCENDENTAL),
    ("precise_math::pow(x, y)", TRANSCENDENTAL),
    ("precise_math::fmod(x, y)", Rule::Exact),
    ("x.atan2(y)", TRANSCENDENTAL),
    ("x.hypot(y)", Rule::Ulps(4)),
];

fn host_binary_32(x: f32, y: f32) -> [f32; 14] {
    [
        x + y,
        x - y,
        x * y,
        x / y,
        x % y,
        x.min(y),
        x.max(y),
        x.copysign(y),
        x.powf(y),
        x.powf(y),
        x.powf(y),
        x % y,
        x.atan2(y),
        x.hypot(y),
    ]
}

/// The unary `f32` operations with a float result.
const UNARY_32: [(&str, Rule); 30] = [
    ("-x", Rule::Exact),
    ("x.abs()", Rule::Exact),
    ("x.signum()", Rule::Exact),
    ("x.floor()", Rule::Exact),
    ("x.ceil()", Rule::Exact),
    ("x.round()", Rule::Exact),
    ("x.trunc()", Rule::Exact),
    ("x.fract()", Rule::Exact),
    ("x.sqrt()", Rule::Ulps(3)),
    ("x.recip()", DIVISION),
    ("x.ln()", TRANSCENDENTAL),
    ("x.log2()", TRANSCENDENTAL),
    ("x.log10()", TRANSCENDENTAL),
    ("x.exp()", TRANSCENDENTAL),
    ("x.exp2()", TRANSCENDENTAL),
    ("x.sin()", TRIG),
    ("x.cos()", TRIG),
    ("x.atan()", TRANSCENDENTAL),
    ("x.tanh()", TRANSCENDENTAL),
    ("x.powi(2)", Rule::Exact),
    ("x.powi(-1)", DIVISION),
    ("x.powi(0)", Rule::Exact),
    ("x.clamp(-1.0, 1.0)", Rule::Exact),
    ("x.to_degrees()", Rule::Ulps(1)),
    ("x as f64 as f32", Rule::Exact),
    ("fast_math::log(x)", TRANSCENDENTAL),
    ("precise_math::log10(x)", TRANSCENDENTAL),
    ("fast_math::sqrt(x)", Rule::Ulps(3)),
    ("x.mul_add(1.0, 0.0)", Rule::Exact),
    ("f32::from_bits(x.to_bits())", Rule::Exact),
];

fn host_unary_32(x: f32) -> [f32; 30] {
    [
        -x,
        x.abs(),
        x.signum(),
        x.floor(),
        x.ceil(),
        x.round(),
        x.trunc(),
        x.fract(),
        x.sqrt(),
        x.recip(),
        x.ln(),
        x.log2(),
        x.log10(),
        x.exp(),
        x.exp2(),
        x.sin(),
        x.cos(),
        x.atan(),
        x.tanh(),
        x.powi(2),
        x.powi(-1),
        x.powi(0),
        x.clamp(-1.0, 1.0),
        x.to_degrees(),
        x as f64 as f32,
        x.ln(),
        x.log10(),
        x.sqrt(),
        x.mul_add(1.0, 0.0),
        f32::from_bits(x.to_bits()),
    ]
}

const INTEGER_32: [&str; 8] = [
    "x as i32",
    "x as u32",
    "x as i64",
    "x as u64",
    "x.is_nan()",
    "x.is_infinite()",
    "x.is_finite()",
    "x.is_sign_negative()",
];

fn host_integer_32(x: f32) -> [i64; 8] {
    [
        i64::from(x as i32),
        i64::from(x as u32),
        x as i64,
        x as u64 as i64,
        i64::from(x.is_nan()),
        i64::from(x.is_infinite()),
        i64::from(x.is_finite()),
        i64::from(x.is_sign_negative()),
    ]
}

const OPS_32: Ops<f32, 14, 30, 8> = Ops {
    binary: BINARY_32,
    host_binary: host_binary_32,
    unary: UNARY_32,
    host_unary: host_unary_32,
    integer: INTEGER_32,
    host_integer: host_integer_32,
};

#[test]
fn f32_edge_cases_match_rust() -> Result<(), amp::Error> {
    let acc = Accelerator::default()?;
    if !(acc.supports_int64() && acc.supports_double_precision()) {
        eprintln!("edge_cases: no i64/f64 on this accelerator; the f32 table needs them");
        return Ok(());
    }
    edge_table!(f32, EDGES_32, OPS_32, |x, y, r, bv, uv, iv| {
        bv[(r, 0)] = x + y;
        bv[(r, 1)] = x - y;
        bv[(r, 2)] = x * y;
        bv[(r, 3)] = x / y;
        bv[(r, 4)] = x % y;
        bv[(r, 5)] = x.min(y);
        bv[(r, 6)] = x.max(y);
        bv[(r, 7)] = x.copysign(y);
        bv[(r, 8)] = x.powf(y);
        bv[(r, 9)] = fast_math::pow(x, y);
        bv[(r, 10)] = precise_math::pow(x, y);
        bv[(r, 11)] = precise_math::fmod(x, y);
        bv[(r, 12)] = x.atan2(y);
        bv[(r, 13)] = x.hypot(y);
        uv[(r, 0)] = -x;
        uv[(r, 1)] = x.abs();
        uv[(r, 2)] = x.signum();
        uv[(r, 3)] = x.floor();
        uv[(r, 4)] = x.ceil();
        uv[(r, 5)] = x.round();
        uv[(r, 6)] = x.trunc();
        uv[(r, 7)] = x.fract();
        uv[(r, 8)] = x.sqrt();
        uv[(r, 9)] = x.recip();
        uv[(r, 10)] = x.ln();
        uv[(r, 11)] = x.log2();
        uv[(r, 12)] = x.log10();
        uv[(r, 13)] = x.exp();
        uv[(r, 14)] = x.exp2();
        uv[(r, 15)] = x.sin();
        uv[(r, 16)] = x.cos();
        uv[(r, 17)] = x.atan();
        uv[(r, 18)] = x.tanh();
        uv[(r, 19)] = x.powi(2);
        uv[(r, 20)] = x.powi(-1);
        uv[(r, 21)] = x.powi(0);
        uv[(r, 22)] = x.clamp(-1.0, 1.0);
        uv[(r, 23)] = x.to_degrees();
        uv[(r, 24)] = x as f64 as f32;
        uv[(r, 25)] = fast_math::log(x);
        uv[(r, 26)] = precise_math::log10(x);
        uv[(r, 27)] = fast_math::sqrt(x);
        uv[(r, 28)] = x.mul_add(1.0, 0.0);
        uv[(r, 29)] = f32::from_bits(x.to_bits());
        iv[(r, 0)] = (x as i32) as i64;
        iv[(r, 1)] = (x as u32) as i64;
        iv[(r, 2)] = x as i64;
        iv[(r, 3)] = (x as u64) as i64;
        iv[(r, 4)] = x.is_nan() as i64;
        iv[(r, 5)] = x.is_infinite() as i64;
        iv[(r, 6)] = x.is_finite() as i64;
        iv[(r, 7)] = (x.to_bits() >> 31) as i64;
    })
}

/// The deliberate, documented differences (docs/LANGUAGE.md, "Precision"): a row whose
/// operation is named here and whose result differs as described passes, and is printed.
///
/// - `x.mul_add(1.0, 0.0)` of `-0.0`: `-0.0` where Rust gives `0.0`. Vulkan lets a device ignore
///   the sign of zero (the SPIR-V has no `SignedZeroInfNanPreserve`: naga emits no float
///   controls, and wgpu takes no SPIR-V of amp's own), and lavapipe folds `fma(x, 1, 0)` to `x`.
///   Operands the compiler cannot see (`x.mul_add(y, z)`) give Rust's zero.
fn documented(name: &str, got: f64, want: f64) -> Option<&'static str> {
    let zeros_of_other_sign = got == 0.0 && want == 0.0 && got.to_bits() != want.to_bits();
    match name {
        "x.mul_add(1.0, 0.0)" if zeros_of_other_sign => {
            Some("the device may ignore the sign of zero where it folds constant operands")
        }
        _ => None,
    }
}

/// The operations' mismatches, and how far the approximate ones were from Rust's.
#[derive(Default)]
struct Report {
    failures: Vec<String>,
    /// Per approximate operation: the largest ulp distance seen on finite results.
    worst: std::collections::BTreeMap<&'static str, i128>,
}

impl Report {
    /// Column `c` of a row: `got` against the results `want` accepts, by `rule`.
    fn check<T: TestFloat, const N: usize, const M: usize>(
        &mut self,
        name: &'static str,
        want: &Accepted<T, N, M>,
        c: usize,
        got: T,
        rule: Rule,
    ) {
        let (inputs, rust) = (&want.rust.0, want.rust.1[c]);
        match want.passed_by(c, |inputs, want| passes(got, want, rule, inputs)) {
            Some(Way::Rust) => self.record(name, got, rust, rule, inputs),
            Some(Way::Device(model)) => eprintln!(
                "edge_cases: {name} for {inputs:?}: {got:e} is Rust's result computed as this \
                 accelerator computes ({model}; Rust's: {rust:e})"
            ),
            None => {
                let (g, w) = (got.to_f64(), rust.to_f64());
                if let Some(reason) = documented(name, g, w) {
                    eprintln!("edge_cases: documented difference: {name} for {inputs:?}: {got:e} vs Rust's {rust:e}: {reason}");
                    return;
                }
                self.failures.push(format!(
                    "{name} for {inputs:?}: {got:e} ({:#x}) vs Rust's {rust:e} ({:#x}), {rule:?}",
                    got.bits(),
                    rust.bits()
                ));
            }
        }
    }

    /// Records the ulp distance of a finite result of an approximate rule's measured range
    /// (not a special operand or result, not beyond a transcendental's domain).
    fn record<T: TestFloat>(
        &mut self,
        name: &'static str,
        got: T,
        want: T,
        rule: Rule,
        inputs: &[T],
    ) {
        let measured = match rule {
            Rule::Exact | Rule::Equal => false,
            Rule::Ulps(_) | Rule::Division => true,
            Rule::Approx { domain, .. } => inputs.iter().all(|v| {
                let v = v.to_f64();
                v != 0.0 && v.is_finite() && v.abs() <= domain
            }),
        };
        if measured && got.is_finite() && want.is_finite() {
            let worst = self.worst.entry(name).or_default();
            *worst = (*worst).max((got.ordered() - want.ordered()).abs());
        }
    }

    fn finish(self) -> Result<(), amp::Error> {
        for (name, ulps) in &self.worst {
            eprintln!("edge_cases: {name}: at most {ulps} ulp from Rust's on finite results");
        }
        assert!(
            self.failures.is_empty(),
            "{} rows differ from Rust's:\n{}",
            self.failures.len(),
            self.failures.join("\n")
        );
        Ok(())
    }
}

/// The `f64` edge values.
const EDGES_64: [f64; 24] = [
    0.0,
    -0.0,
    5e-324,
    -5e-324,
    f64::MIN_POSITIVE,
    0.5,
    -0.5,
    1.0,
    -1.0,
    -2.5,
    3.0,
    0.1,
    9_007_199_254_740_993.0,
    2_147_483_647.0,
    2_147_483_648.0,
    -2_147_483_649.0,
    4_294_967_296.0,
    9_223_372_036_854_775_808.0,
    1.8446744073709552e19,
    f64::MAX,
    f64::MIN,
    f64::INFINITY,
    f64::NEG_INFINITY,
    f64::NAN,
];

const BINARY_64: [(&str, Rule); 7] = [
    ("x + y", Rule::Exact),
    ("x - y", Rule::Exact),
    ("x * y", Rule::Exact),
    ("x / y", DIVISION),
    ("x % y", Rule::Exact),
    ("x.min(y)", Rule::Equal),
    ("x.max(y)", Rule::Equal),
];

fn host_binary_64(x: f64, y: f64) -> [f64; 7] {
    [x + y, x - y, x * y, x / y, x % y, x.min(y), x.max(y)]
}

const UNARY_64: [(&str, Rule); 11] = [
    ("-x", Rule::Exact),
    ("x.abs()", Rule::Exact),
    ("x.signum()", Rule::Exact),
    ("x.floor()", Rule::Exact),
    ("x.ceil()", Rule::Exact),
    ("x.round()", Rule::Exact),
    ("x.trunc()", Rule::Exact),
    ("x.fract()", Rule::Exact),
    ("x.sqrt()", Rule::Ulps(3)),
    ("x as f32 as f64", Rule::Exact),
    ("x.copysign(-1.0)", Rule::Exact),
];

fn host_unary_64(x: f64) -> [f64; 11] {
    [
        -x,
        x.abs(),
        x.signum(),
        x.floor(),
        x.ceil(),
        x.round(),
        x.trunc(),
        x.fract(),
        x.sqrt(),
        f64::from(x as f32),
        x.copysign(-1.0),
    ]
}

const INTEGER_64: [&str; 4] = ["x as i32", "x as u32", "x as i64", "x as u64"];

fn host_integer_64(x: f64) -> [i64; 4] {
    [
        i64::from(x as i32),
        i64::from(x as u32),
        x as i64,
        x as u64 as i64,
    ]
}

const OPS_64: Ops<f64, 7, 11, 4> = Ops {
    binary: BINARY_64,
    host_binary: host_binary_64,
    unary: UNARY_64,
    host_unary: host_unary_64,
    integer: INTEGER_64,
    host_integer: host_integer_64,
};

#[test]
fn f64_edge_cases_match_rust() -> Result<(), amp::Error> {
    let acc = Accelerator::default()?;
    if !(acc.supports_int64() && acc.supports_double_precision()) {
        eprintln!("edge_cases: no i64/f64 on this accelerator");
        return Ok(());
    }
    edge_table!(f64, EDGES_64, OPS_64, |x, y, r, bv, uv, iv| {
        bv[(r, 0)] = x + y;
        bv[(r, 1)] = x - y;
        bv[(r, 2)] = x * y;
        bv[(r, 3)] = x / y;
        bv[(r, 4)] = x % y;
        bv[(r, 5)] = x.min(y);
        bv[(r, 6)] = x.max(y);
        uv[(r, 0)] = -x;
        uv[(r, 1)] = x.abs();
        uv[(r, 2)] = x.signum();
        uv[(r, 3)] = x.floor();
        uv[(r, 4)] = x.ceil();
        uv[(r, 5)] = x.round();
        uv[(r, 6)] = x.trunc();
        uv[(r, 7)] = x.fract();
        uv[(r, 8)] = x.sqrt();
        uv[(r, 9)] = (x as f32) as f64;
        uv[(r, 10)] = x.copysign(-1.0);
        iv[(r, 0)] = (x as i32) as i64;
        iv[(r, 1)] = (x as u32) as i64;
        iv[(r, 2)] = x as i64;
        iv[(r, 3)] = (x as u64) as i64;
    })
}

/// Integers to floats: every kernel integer type's edges as `f32` and `f64` (rounded to
/// nearest, ties to even, as Rust's `as`).
#[test]
fn integer_to_float_edge_cases_match_rust() -> Result<(), amp::Error> {
    let acc = Accelerator::default()?;
    if !(acc.supports_int64() && acc.supports_double_precision()) {
        return Ok(());
    }
    let ints: Vec<i64> = vec![
        0,
        1,
        -1,
        16_777_217,
        -16_777_217,
        i64::from(i32::MAX),
        i64::from(i32::MIN),
        i64::from(u32::MAX),
        9_007_199_254_740_993,
        i64::MAX,
        i64::MIN,
        -9_007_199_254_740_993,
    ];
    let n = ints.len() as i32;
    let mut singles = vec![0.0f32; ints.len() * 4];
    let mut doubles = vec![0.0f64; ints.len() * 4];
    let xv = ConstArrayView::new(n, &ints)?;
    let sv = ArrayView::new([n, 4], &mut singles)?;
    let dv = ArrayView::new([n, 4], &mut doubles)?;
    parallel_for_each!(xv.extent(), |i: Index<1>| {
        let x = xv[i];
        let r = i[0];
        sv[(r, 0)] = (x as i32) as f32;
        sv[(r, 1)] = (x as u32) as f32;
        sv[(r, 2)] = x as f32;
        sv[(r, 3)] = (x as u64) as f32;
        dv[(r, 0)] = (x as i32) as f64;
        dv[(r, 1)] = (x as u32) as f64;
        dv[(r, 2)] = x as f64;
        dv[(r, 3)] = (x as u64) as f64;
    })?;
    drop((sv, dv));
    let mut failures = Vec::new();
    for (k, &x) in ints.iter().enumerate() {
        let s = [
            (x as i32) as f32,
            (x as u32) as f32,
            x as f32,
            (x as u64) as f32,
        ];
        let d = [
            f64::from(x as i32),
            f64::from(x as u32),
            x as f64,
            (x as u64) as f64,
        ];
        for j in 0..4 {
            if singles[k * 4 + j].to_bits() != s[j].to_bits() {
                failures.push(format!(
                    "{x} (form {j}) as f32: {} vs {}",
                    singles[k * 4 + j],
                    s[j]
                ));
            }
            if doubles[k * 4 + j].to_bits() != d[j].to_bits() {
                failures.push(format!(
                    "{x} (form {j}) as f64: {} vs {}",
                    doubles[k * 4 + j],
                    d[j]
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    Ok(())
}

/// `%` in one kernel over the pairs `$xs`, `$ys`, against the host's `%` bit for bit (NaN
/// against NaN by NaN-ness); fails with the first 20 pairs that differ.
macro_rules! remainder_is_exact {
    ($t:ty, $xs:expr, $ys:expr) => {{
        let (xs, ys): (Vec<$t>, Vec<$t>) = ($xs, $ys);
        let n = xs.len() as i32;
        let mut got = vec![<$t>::default(); xs.len()];
        let xv = ConstArrayView::new(n, &xs)?;
        let yv = ConstArrayView::new(n, &ys)?;
        let gv = ArrayView::new(n, &mut got)?;
        parallel_for_each!(xv.extent(), |i: Index<1>| {
            gv[i] = xv[i] % yv[i];
        })?;
        drop(gv);
        let failures: Vec<String> = (0..xs.len())
            .filter_map(|k| {
                let (want, g) = (xs[k] % ys[k], got[k]);
                let same = g.to_bits() == want.to_bits() || (g.is_nan() && want.is_nan());
                (!same).then(|| format!("{:e} % {:e}: {g:e} vs Rust's {want:e}", xs[k], ys[k]))
            })
            .take(20)
            .collect();
        assert!(failures.is_empty(), "{}", failures.join("\n"));
        Ok(())
    }};
}

/// A reproducible stream of random 64-bit words (xorshift64) from `seed`.
fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}

/// Rust's `%` and `fmod` are exact: a million pairs of random `f32` bit patterns (every
/// magnitude, subnormals, infinities and NaN among them), against the host's `%`.
#[test]
fn float_remainder_is_exact_on_a_million_random_pairs() -> Result<(), amp::Error> {
    let count = 1 << 20;
    let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
    let (mut xs, mut ys) = (Vec::with_capacity(count), Vec::with_capacity(count));
    for k in 0..count {
        let r = next();
        xs.push(f32::from_bits(r as u32));
        // Every fourth pair: operands of close magnitude (the common case), else any two.
        ys.push(if k % 4 == 0 {
            f32::from_bits((r as u32) ^ ((r >> 40) as u32 & 0x00ff_ffff))
        } else {
            f32::from_bits((r >> 32) as u32)
        });
    }
    remainder_is_exact!(f32, xs, ys)
}

/// The same for `f64`: random bit patterns, a quarter of them pairs of close magnitude.
#[test]
fn f64_remainder_is_exact_on_random_pairs() -> Result<(), amp::Error> {
    let acc = Accelerator::default()?;
    if !(acc.supports_int64() && acc.supports_double_precision()) {
        return Ok(());
    }
    let count = 1 << 18;
    let mut next = xorshift(0x2545_f491_4f6c_dd1d);
    let (mut xs, mut ys) = (Vec::with_capacity(count), Vec::with_capacity(count));
    for k in 0..count {
        let a = next();
        xs.push(f64::from_bits(a));
        ys.push(if k % 4 == 0 {
            f64::from_bits(a ^ (next() & 0x001f_ffff_ffff_ffff))
        } else {
            f64::from_bits(next())
        });
    }
    remainder_is_exact!(f64, xs, ys)
}

/// Operands the kernel's compiler sees as constants (which a constant evaluator, naga's or the
/// driver's, may fold): the same results as from a buffer.
#[test]
fn constant_operands_give_rust_results() -> Result<(), amp::Error> {
    let mut out = vec![0.0f32; 8];
    let mut ints = vec![0i32; 4];
    let ov = ArrayView::new(8, &mut out)?;
    let iv = ArrayView::new(4, &mut ints)?;
    parallel_for_each!(Extent::new([1]), |_i: Index<1>| {
        let zero = 0.0f32;
        let nan = f32::NAN;
        ov[0] = zero / zero;
        ov[1] = -zero / zero;
        ov[2] = nan / zero;
        ov[3] = 5.5f32 % zero;
        ov[4] = 5.5f32 % f32::INFINITY;
        ov[5] = fast_math::pow(nan, 0.5);
        ov[6] = fast_math::fmod(7.0, zero);
        ov[7] = 1e-45f32.ln();
        iv[0] = nan as i32;
        iv[1] = f32::INFINITY as i32;
        iv[2] = 3.4e38f32 as i32;
        iv[3] = (-1.0f32) as u32 as i32;
    })?;
    drop((ov, iv));
    // The logarithm of the smallest subnormal is that of 0 where the accelerator flushes it.
    let want = Accepted::new(DeviceFloats::of_default()?, [], |m, []| {
        let zero = 0.0f32;
        let nan = f32::NAN;
        [
            zero / zero,
            -zero / zero,
            nan / zero,
            5.5f32 % zero,
            5.5f32 % f32::INFINITY,
            nan.powf(0.5),
            7.0f32 % zero,
            m.flush(1e-45f32).ln(),
        ]
    });
    for (k, &got) in out.iter().enumerate() {
        let same = |_: &[f32; 0], w: f32| {
            (got.is_nan() && w.is_nan())
                || got.to_bits() == w.to_bits()
                || (k == 7 && (got - w).abs() <= w.abs() * 1e-5)
        };
        match want.passed_by(k, same) {
            Some(Way::Rust) => {}
            Some(Way::Device(model)) => eprintln!(
                "edge_cases: constant row {k}: {got:e} is Rust's result computed as this \
                 accelerator computes ({model})"
            ),
            None => panic!("constant row {k}: {got:e} vs Rust's {:e}", want.rust.1[k]),
        }
    }
    assert_eq!(ints, [0, i32::MAX, i32::MAX, 0]);
    Ok(())
}
