//! C++ AMP's `direct3d` intrinsics in kernels, against their exact definitions on edge inputs
//! (±0, NaN, ±inf, the integer extremes), and against the same functions called on the host.

use crate::device_floats::{Accepted, DeviceFloats, Way};
use amp::intrinsics as d3d;
use amp::prelude::*;

const FLOATS: [f32; 16] = [
    0.0,
    -0.0,
    0.25,
    -0.25,
    1.0,
    -1.0,
    1.5,
    -2.75,
    1e-40,
    7.5,
    f32::MAX,
    f32::MIN,
    f32::INFINITY,
    f32::NEG_INFINITY,
    f32::NAN,
    123.5,
];

const INTS: [i32; 10] = [
    0,
    1,
    -1,
    2,
    -2,
    0x80,
    i32::MAX,
    i32::MIN,
    0x00f0_0f00,
    -0x1234_5678,
];

/// The float intrinsics' exact definitions, in the kernel's column order.
#[allow(clippy::manual_clamp)] // Direct3D's clamp is min(max(x, lo), hi), not Rust's clamp.
fn expected_f32(x: f32, y: f32) -> [f32; 9] {
    let saturate = |v: f32| if v > 0.0 { v.min(1.0) } else { 0.0 };
    let t = saturate((x - (-1.0)) / (2.0 - (-1.0)));
    [
        x.mul_add(y, 0.5),
        saturate(x),
        1.0 / x,
        if x >= y { 1.0 } else { 0.0 },
        t * t * (3.0 - 2.0 * t),
        if x > 0.0 {
            1.0
        } else if x < 0.0 {
            -1.0
        } else {
            0.0
        },
        x * (std::f32::consts::PI / 180.0),
        x.max(y),
        // Direct3D's clamp: min(max(x, lo), hi), whose max of NaN and lo is lo.
        x.max(-1.0).min(1.0),
    ]
}

fn same(got: f32, want: f32) -> bool {
    (got.is_nan() && want.is_nan()) || got.to_bits() == want.to_bits() || got == want
}

#[test]
fn float_intrinsics_are_exact_and_agree_with_the_host() -> Result<(), amp::Error> {
    let mut xs = Vec::new();
    let mut ys = Vec::new();
    for &x in &FLOATS {
        for &y in &FLOATS {
            xs.push(x);
            ys.push(y);
        }
    }
    let n = xs.len() as i32;
    let mut out = vec![0.0f32; xs.len() * 9];
    let xv = ConstArrayView::new(n, &xs)?;
    let yv = ConstArrayView::new(n, &ys)?;
    let ov = ArrayView::new([n, 9], &mut out)?;
    parallel_for_each!(xv.extent(), |i: Index<1>| {
        let (x, y) = (xv[i], yv[i]);
        let r = i[0];
        ov[(r, 0)] = d3d::mad(x, y, 0.5);
        ov[(r, 1)] = d3d::saturate(x);
        ov[(r, 2)] = d3d::rcp(x);
        ov[(r, 3)] = d3d::step(y, x);
        ov[(r, 4)] = d3d::smoothstep(-1.0, 2.0, x);
        ov[(r, 5)] = d3d::sign(x);
        ov[(r, 6)] = d3d::radians(x);
        ov[(r, 7)] = d3d::max(x, y);
        ov[(r, 8)] = d3d::clamp(x, -1.0, 1.0);
    })?;
    drop(ov);
    let names = [
        "mad",
        "saturate",
        "rcp",
        "step",
        "smoothstep",
        "sign",
        "radians",
        "max",
        "clamp",
    ];
    let floats = DeviceFloats::of_default()?;
    let mut wrong = Vec::new();
    for (k, (&x, &y)) in xs.iter().zip(&ys).enumerate() {
        // Each definition as Rust computes it, and as the accelerator does (subnormals
        // flushed where it flushes them).
        let want = Accepted::new(floats, [x, y], |_, [x, y]| expected_f32(x, y));
        let host = [
            d3d::mad(x, y, 0.5),
            d3d::saturate(x),
            d3d::rcp(x),
            d3d::step(y, x),
            d3d::smoothstep(-1.0, 2.0, x),
            d3d::sign(x),
            d3d::radians(x),
            d3d::max(x, y),
            d3d::clamp(x, -1.0, 1.0),
        ];
        for c in 0..9 {
            let got = out[k * 9 + c];
            let rust = want.rust.1[c];
            if !same(host[c], rust) {
                wrong.push(format!(
                    "host {}({x}, {y}) = {} (want {rust})",
                    names[c], host[c]
                ));
            }
            // max/clamp of NaN: the accelerator may give either operand (Vulkan's FMax).
            let nan_choice = c >= 7 && (x.is_nan() || y.is_nan());
            match want.passed_by(c, |_, w| same(got, w)) {
                Some(Way::Rust) => {}
                Some(Way::Device(model)) => eprintln!(
                    "direct3d: {}({x:e}, {y:e}) = {got:e}: Rust's {rust:e} computed as this \
                     accelerator computes ({model})",
                    names[c]
                ),
                None if nan_choice => {}
                // rcp and smoothstep divide: Vulkan's division is within 2.5 ulp.
                None if (c == 2 || c == 4) && within_ulps(got, rust, 3) => {}
                None => wrong.push(format!(
                    "kernel {}({x}, {y}) = {got} (want {rust})",
                    names[c]
                )),
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    Ok(())
}

/// D3D's bit intrinsics: `firstbithigh` of a negative `i32` is the highest zero bit; `-1`
/// (all ones) where there is no such bit.
fn expected_i32(x: i32, y: i32) -> [i32; 9] {
    let high = |v: i32| {
        let u = if v < 0 { !v } else { v } as u32;
        if u == 0 {
            -1
        } else {
            31 - u.leading_zeros() as i32
        }
    };
    let low = |v: i32| {
        if v == 0 {
            -1
        } else {
            v.trailing_zeros() as i32
        }
    };
    [
        x.count_ones() as i32,
        x.reverse_bits(),
        high(x),
        low(x),
        x.max(y),
        x.min(y),
        x.wrapping_mul(y).wrapping_add(7),
        x.signum(),
        x.clamp(-5, 5),
    ]
}

fn expected_u32(x: u32, y: u32) -> [u32; 7] {
    [
        x.count_ones(),
        x.reverse_bits(),
        if x == 0 {
            u32::MAX
        } else {
            31 - x.leading_zeros()
        },
        if x == 0 { u32::MAX } else { x.trailing_zeros() },
        x.max(y),
        x.min(y),
        x.wrapping_mul(y).wrapping_add(7),
    ]
}

#[test]
fn integer_intrinsics_match_direct3d_and_the_host() -> Result<(), amp::Error> {
    let mut xs = Vec::new();
    let mut ys = Vec::new();
    for &x in &INTS {
        for &y in &INTS {
            xs.push(x);
            ys.push(y);
        }
    }
    let n = xs.len() as i32;
    let mut iout = vec![0i32; xs.len() * 9];
    let mut uout = vec![0u32; xs.len() * 7];
    let xv = ConstArrayView::new(n, &xs)?;
    let yv = ConstArrayView::new(n, &ys)?;
    let iv = ArrayView::new([n, 9], &mut iout)?;
    let uv = ArrayView::new([n, 7], &mut uout)?;
    parallel_for_each!(xv.extent(), |i: Index<1>| {
        let (x, y) = (xv[i], yv[i]);
        let (a, b) = (x as u32, y as u32);
        let r = i[0];
        iv[(r, 0)] = d3d::countbits(x);
        iv[(r, 1)] = d3d::reversebits(x);
        iv[(r, 2)] = d3d::firstbithigh(x);
        iv[(r, 3)] = d3d::firstbitlow(x);
        iv[(r, 4)] = d3d::imax(x, y);
        iv[(r, 5)] = d3d::imin(x, y);
        iv[(r, 6)] = d3d::mad(x, y, 7);
        iv[(r, 7)] = d3d::sign(x);
        iv[(r, 8)] = d3d::clamp(x, -5, 5);
        uv[(r, 0)] = d3d::countbits(a);
        uv[(r, 1)] = d3d::reversebits(a);
        uv[(r, 2)] = d3d::firstbithigh(a);
        uv[(r, 3)] = d3d::firstbitlow(a);
        uv[(r, 4)] = d3d::umax(a, b);
        uv[(r, 5)] = d3d::umin(a, b);
        uv[(r, 6)] = d3d::mad(a, b, 7);
    })?;
    drop((iv, uv));
    let mut wrong = Vec::new();
    for (k, (&x, &y)) in xs.iter().zip(&ys).enumerate() {
        let (a, b) = (x as u32, y as u32);
        let want = expected_i32(x, y);
        let host = [
            d3d::countbits(x),
            d3d::reversebits(x),
            d3d::firstbithigh(x),
            d3d::firstbitlow(x),
            d3d::imax(x, y),
            d3d::imin(x, y),
            d3d::mad(x, y, 7),
            d3d::sign(x),
            d3d::clamp(x, -5, 5),
        ];
        for c in 0..9 {
            if iout[k * 9 + c] != want[c] || host[c] != want[c] {
                wrong.push(format!(
                    "i32 column {c} of ({x}, {y}): kernel {} host {} want {}",
                    iout[k * 9 + c],
                    host[c],
                    want[c]
                ));
            }
        }
        let want = expected_u32(a, b);
        let host = [
            d3d::countbits(a),
            d3d::reversebits(a),
            d3d::firstbithigh(a),
            d3d::firstbitlow(a),
            d3d::umax(a, b),
            d3d::umin(a, b),
            d3d::mad(a, b, 7),
        ];
        for c in 0..7 {
            if uout[k * 7 + c] != want[c] || host[c] != want[c] {
                wrong.push(format!(
                    "u32 column {c} of ({a}, {b}): kernel {} host {} want {}",
                    uout[k * 7 + c],
                    host[c],
                    want[c]
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    Ok(())
}

/// `noise` is 0 at integers, within ±0.5, continuous, the same on host and accelerator (within
/// 1e-5: an accelerator may contract a multiply and an add), and not constant.
#[test]
fn noise_is_perlin_gradient_noise() -> Result<(), amp::Error> {
    let xs: Vec<f32> = (0..2000).map(|k| (k as f32 - 1000.0) * 0.037).collect();
    let n = xs.len() as i32;
    let mut out = vec![0.0f32; xs.len()];
    let xv = ConstArrayView::new(n, &xs)?;
    let ov = ArrayView::new(n, &mut out)?;
    parallel_for_each!(xv.extent(), |i: Index<1>| {
        ov[i] = d3d::noise(xv[i]);
    })?;
    drop(ov);
    for (k, &x) in xs.iter().enumerate() {
        let host = d3d::noise(x);
        assert!(host.abs() <= 0.5, "noise({x}) = {host}");
        assert!(
            (out[k] - host).abs() <= 1e-5,
            "noise({x}): kernel {} host {host}",
            out[k]
        );
    }
    for i in -20..20 {
        assert_eq!(d3d::noise(i as f32), 0.0, "noise at the integer {i}");
    }
    let spread = out.iter().fold(0.0f32, |m, v| m.max(v.abs()));
    assert!(
        spread > 0.2,
        "noise is nearly constant: largest |value| {spread}"
    );
    for w in out.windows(2) {
        assert!(
            (w[1] - w[0]).abs() < 0.1,
            "noise jumps between neighbours: {w:?}"
        );
    }
    Ok(())
}

/// Whether two finite `f32`s of one sign are at most `n` ulp apart.
fn within_ulps(a: f32, b: f32, n: u32) -> bool {
    a.is_finite()
        && b.is_finite()
        && a.is_sign_negative() == b.is_sign_negative()
        && a.to_bits().abs_diff(b.to_bits()) <= n
}
