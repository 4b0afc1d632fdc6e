//! The math libraries against Rust's own functions, on many inputs.

#[path = "math/direct3d.rs"]
mod direct3d;
#[path = "math/exact_remainder.rs"]
mod exact_remainder;
#[path = "../../examples/math_log10.rs"]
mod math_log10;
#[path = "math/precise.rs"]
mod precise;
#[path = "math/rust_float_names.rs"]
mod rust_float_names;
#[path = "math/rust_floats.rs"]
mod rust_floats;
#[path = "math/rust_integer_division.rs"]
mod rust_integer_division;
#[path = "math/rust_integers.rs"]
mod rust_integers;

use amp::prelude::*;

#[test]
fn math_log10_prints_the_seed_values() {
    let mut numbers = [1.0f32, 10.0, 60.0, 100.0, 600.0, 1000.0];
    math_log10::logs(&mut numbers).expect("launch");
    let expected = [0.0, 1.0, 1.778_151_3, 2.0, 2.778_151_3, 3.0];
    for (got, want) in numbers.iter().zip(expected) {
        assert!((got - want).abs() < 1e-5, "{got} vs {want}");
    }
}

fn close(got: f32, want: f32, tolerance: f32) -> bool {
    (got.is_nan() && want.is_nan())
        || got == want
        || (got - want).abs() <= tolerance * want.abs().max(1.0)
}

#[test]
fn fast_math_matches_rust() {
    let xs: Vec<f32> = (0..1000).map(|i| (i as f32 - 500.0) * 0.0137).collect();
    let n = xs.len() as i32;
    let mut out = vec![[0.0f32; 16]; xs.len()];
    let mut flat = vec![0.0f32; xs.len() * 16];
    let xv = ConstArrayView::new(n, &xs).expect("view");
    let ov = ArrayView::new([n, 16], &mut flat).expect("view");
    parallel_for_each!(xv.extent(), |i: Index<1>| {
        let x = xv[i];
        let r = i[0];
        let ax = fast_math::fabs(x) + 0.001;
        ov[(r, 0)] = fast_math::sin(x);
        ov[(r, 1)] = fast_math::cos(x);
        ov[(r, 2)] = fast_math::exp(x * 0.5);
        ov[(r, 3)] = fast_math::log(ax);
        ov[(r, 4)] = fast_math::log10(ax);
        ov[(r, 5)] = fast_math::sqrt(ax);
        ov[(r, 6)] = fast_math::pow(ax, 1.5);
        ov[(r, 7)] = fast_math::atan2(x, 0.75);
        ov[(r, 8)] = fast_math::floor(x) + fast_math::ceil(x) * 10.0;
        ov[(r, 9)] = fast_math::fmod(x, 0.7);
        ov[(r, 10)] = fast_math::fmin(x, 0.2) + fast_math::fmax(x, -0.3);
        ov[(r, 11)] = fast_math::tanh(x);
        ov[(r, 12)] = fast_math::trunc(x * 3.0) + fast_math::round(x * 2.0) * 100.0;
        ov[(r, 13)] = fast_math::rsqrt(ax);
        ov[(r, 14)] = if fast_math::isfinite(x) && !fast_math::isnan(x) {
            1.0
        } else {
            0.0
        };
        ov[(r, 15)] = precise_math::hypot(x, 2.0) + precise_math::fma(x, 2.0, 1.0);
    })
    .expect("launch");
    drop(ov);
    for (row, chunk) in out.iter_mut().zip(flat.chunks(16)) {
        row.copy_from_slice(chunk);
    }
    for (k, &x) in xs.iter().enumerate() {
        let ax = x.abs() + 0.001;
        let want = [
            x.sin(),
            x.cos(),
            (x * 0.5).exp(),
            ax.ln(),
            ax.log10(),
            ax.sqrt(),
            ax.powf(1.5),
            x.atan2(0.75),
            x.floor() + x.ceil() * 10.0,
            x % 0.7,
            x.min(0.2) + x.max(-0.3),
            x.tanh(),
            (x * 3.0).trunc() + (x * 2.0).round() * 100.0,
            1.0 / ax.sqrt(),
            1.0,
            x.hypot(2.0) + x.mul_add(2.0, 1.0),
        ];
        for (j, (&got, &want)) in out[k].iter().zip(want.iter()).enumerate() {
            assert!(
                close(got, want, 2e-4),
                "function {j} at x = {x}: {got} vs {want}"
            );
        }
    }
}

#[test]
fn intrinsics_and_double_precision() {
    let acc = Accelerator::default().expect("accelerator");
    let ints: Vec<i32> = (-50..50).map(|i| i * 37).collect();
    let mut out = vec![0i32; ints.len() * 4];
    let iv = ConstArrayView::new(ints.len() as i32, &ints).expect("view");
    let ov = ArrayView::new([ints.len() as i32, 4], &mut out).expect("view");
    parallel_for_each!(iv.extent(), |i: Index<1>| {
        let x = iv[i];
        ov[(i[0], 0)] = intrinsics::abs(x);
        ov[(i[0], 1)] = intrinsics::clamp(x, -100, 300);
        ov[(i[0], 2)] = intrinsics::countbits(x);
        ov[(i[0], 3)] = intrinsics::min(x, 7) + intrinsics::max(x, -7);
    })
    .expect("launch");
    drop(ov);
    for (k, &x) in ints.iter().enumerate() {
        let want = [
            x.abs(),
            x.clamp(-100, 300),
            x.count_ones() as i32,
            x.min(7) + x.max(-7),
        ];
        assert_eq!(&out[k * 4..k * 4 + 4], &want, "x = {x}");
    }
    if !acc.supports_double_precision() {
        return;
    }
    let xs: Vec<f64> = (1..200).map(|i| i as f64 * 0.37).collect();
    let mut logs = vec![0.0f64; xs.len()];
    let xv = ConstArrayView::new(xs.len() as i32, &xs).expect("view");
    let lv = ArrayView::new(xs.len() as i32, &mut logs).expect("view");
    parallel_for_each!(xv.extent(), |i: Index<1>| {
        let x = xv[i];
        lv[i] =
            precise_math::sqrt(x) + precise_math::fma(x, 3.0, 0.5) + precise_math::floor(x * 2.5);
    })
    .expect("launch");
    drop(lv);
    for (x, got) in xs.iter().zip(&logs) {
        let want = x.sqrt() + x.mul_add(3.0, 0.5) + (x * 2.5).floor();
        assert!(
            (got - want).abs() < 1e-12 * want.abs().max(1.0),
            "{x}: {got} vs {want}"
        );
    }
    // Vulkan's transcendental functions are single precision only: amp's software routines
    // compute the f64 ones (tests/gpu/math/precise.rs measures them).
    let mut out = vec![0.0f64; 4];
    let ov = ArrayView::new(4, &mut out).expect("view");
    parallel_for_each!(ov.extent(), |i: Index<1>| {
        ov[i] = precise_math::log10(ov[i] + 1000.0 * (i[0] as f64 + 1.0));
    })
    .expect("f64 log10");
    drop(ov);
    for (k, got) in out.iter().enumerate() {
        let want = (1000.0 * (k as f64 + 1.0)).log10();
        assert!(
            (got - want).abs() <= 4.0 * f64::EPSILON * want,
            "{got} vs {want}"
        );
    }
}

#[test]
fn round_halves_away_from_zero_and_nearbyint_to_even() {
    let xs = [2.5f32, -2.5, 0.5, -0.5, 1.5, 3.49, -3.51];
    let mut out = vec![0.0f32; xs.len() * 2];
    let xv = ConstArrayView::new(xs.len() as i32, &xs).expect("view");
    let ov = ArrayView::new([xs.len() as i32, 2], &mut out).expect("view");
    parallel_for_each!(xv.extent(), |i: Index<1>| {
        ov[(i[0], 0)] = fast_math::round(xv[i]);
        ov[(i[0], 1)] = fast_math::nearbyint(xv[i]);
    })
    .expect("launch");
    drop(ov);
    for (k, &x) in xs.iter().enumerate() {
        assert_eq!(out[2 * k], x.round(), "round({x})");
        assert_eq!(out[2 * k + 1], x.round_ties_even(), "nearbyint({x})");
    }
}

#[test]
fn signbit_reads_the_sign_bit() {
    let xs = [
        -0.0f32,
        0.0,
        -1.0,
        1.0,
        f32::NEG_INFINITY,
        3.5e-40,
        -3.5e-40,
    ];
    let mut out = vec![0i32; xs.len()];
    let xv = ConstArrayView::new(xs.len() as i32, &xs).expect("view");
    let ov = ArrayView::new(xs.len() as i32, &mut out).expect("view");
    parallel_for_each!(xv.extent(), |i: Index<1>| {
        ov[i] = fast_math::signbit(xv[i]) as i32;
    })
    .expect("launch");
    drop(ov);
    for (k, &x) in xs.iter().enumerate() {
        assert_eq!(out[k], x.is_sign_negative() as i32, "signbit({x})");
    }
}

#[test]
fn rust_numeric_methods_and_paths_match_the_host() -> Result<(), amp::Error> {
    let xs: Vec<f32> = (0..200).map(|i| i as f32 * 0.173 - 17.0).collect();
    let ns: Vec<i32> = (0..200).map(|i| (i * 7919) % 1001 - 500).collect();
    let mut out = vec![0.0f32; xs.len() * 8];
    let mut ints = vec![0i32; ns.len() * 4];
    let xv = ConstArrayView::new(xs.len() as i32, &xs)?;
    let nv = ConstArrayView::new(ns.len() as i32, &ns)?;
    let ov = ArrayView::new([xs.len() as i32, 8], &mut out)?;
    let iv = ArrayView::new([ns.len() as i32, 4], &mut ints)?;
    parallel_for_each!(xv.extent(), |i: Index<1>| {
        let x = xv[i];
        let r = i[0];
        ov[(r, 0)] = x.abs().sqrt();
        ov[(r, 1)] = x.max(1.5) + x.min(9.0);
        ov[(r, 2)] = x.clamp(-2.0, 2.0);
        ov[(r, 3)] = x.round() + x.floor() * 10.0 + x.ceil() * 100.0 + x.trunc() * 1000.0;
        ov[(r, 4)] = x.mul_add(2.0, 0.5);
        ov[(r, 5)] = f32::exp(x * 0.01) + f32::max(x, 0.0);
        ov[(r, 6)] = (x * 0.01).sin().atan2(0.5) + (x.abs() + 1.0).ln();
        ov[(r, 7)] = (x * 0.05).tanh() + f32::powf(x.abs(), 0.5);
        let n = nv[i];
        iv[(r, 0)] = n.abs();
        iv[(r, 1)] = n.max(-100).min(100);
        iv[(r, 2)] = n.clamp(0, 50);
        iv[(r, 3)] = n.count_ones() as i32 + (n as u32).leading_zeros() as i32;
    })?;
    drop(ov);
    drop(iv);
    for (k, &x) in xs.iter().enumerate() {
        let want = [
            x.abs().sqrt(),
            x.max(1.5) + x.min(9.0),
            x.clamp(-2.0, 2.0),
            x.round() + x.floor() * 10.0 + x.ceil() * 100.0 + x.trunc() * 1000.0,
            x.mul_add(2.0, 0.5),
            (x * 0.01).exp() + x.max(0.0),
            (x * 0.01).sin().atan2(0.5) + (x.abs() + 1.0).ln(),
            (x * 0.05).tanh() + x.abs().powf(0.5),
        ];
        for (j, w) in want.iter().enumerate() {
            let got = out[k * 8 + j];
            assert!(
                (got - w).abs() <= 1e-4 * (1.0 + w.abs()),
                "x = {x}, function {j}: {got} vs {w}"
            );
        }
    }
    for (k, &n) in ns.iter().enumerate() {
        let want = [
            n.abs(),
            n.clamp(-100, 100),
            n.clamp(0, 50),
            n.count_ones() as i32 + (n as u32).leading_zeros() as i32,
        ];
        assert_eq!(&ints[k * 4..k * 4 + 4], &want, "n = {n}");
    }
    Ok(())
}
