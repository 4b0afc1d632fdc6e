//! `Norm` and `Unorm` (C++ AMP's `norm` and `unorm`) in kernels against the same arithmetic on
//! the host: scalars and short vectors over views, captured values, constants, conversions, and
//! a clamp after every step (`(a + b) - b` with `a + b` past 1).
//!
//! `+ - *` are IEEE operations on both sides and the clamp is the same compares and selects, so
//! those results are compared bit for bit; `/` may be up to 2.5 ULP off the host's on a
//! Vulkan device, so quotients are compared within 3 ULP (divisors are never zero here).

use crate::common::random_floats;
use amp::graphics::{norm3, unorm2, Norm, Norm3, Norm4, Unorm, Unorm2};
use amp::prelude::*;

/// `len` random norms in `-1..=1` (two decimals), none zero (they divide).
fn norms(len: usize, seed: u32) -> Vec<Norm> {
    random_floats(len, seed)
        .into_iter()
        .map(|x| if x == 0.0 { 0.5 } else { x / 10.0 })
        .map(Norm::new)
        .collect()
}

/// `len` random unorms in `0..=1`, none zero.
fn unorms(len: usize, seed: u32) -> Vec<Unorm> {
    norms(len, seed)
        .into_iter()
        .map(|n| Unorm::new(n.get().abs()))
        .collect()
}

/// Whether `a` and `b` are within `ulps` units in the last place (both finite, same sign).
fn close(a: f32, b: f32, ulps: u32) -> bool {
    a == b || (a.signum() == b.signum() && a.to_bits().abs_diff(b.to_bits()) <= ulps)
}

/// A device function over unorms: linear interpolation, each step clamped.
#[kernel]
fn mix(a: Unorm, b: Unorm, t: Unorm) -> Unorm {
    a * (Unorm::ONE - t) + b * t
}

/// The scalar expressions the kernel below computes, on the host: `(norms, unorms, f32s)`.
fn scalar_host(a: Norm, b: Norm, u: Unorm, v: Unorm, k: Norm, r: i32) -> ([Norm; 9], [Unorm; 7]) {
    let mut x = a;
    x += b;
    x *= k;
    x -= b;
    let mut w = u;
    w /= v;
    w -= v;
    let norms = [
        (a + b) - b,
        a * b + k,
        -a - b,
        a / b,
        x,
        Norm::new(f32::from(a) * 3.0),
        Norm::from(r % 5 - 2),
        Norm::from(u) - Norm::ONE,
        if a < b { Norm::MINUS_ONE } else { a.max(b) },
    ];
    let unorms = [
        (u + v) - v,
        (u - v) + v,
        u * v,
        u / v,
        w,
        Unorm::from(a),
        mix_host(u, v, Unorm::new(0.25)),
    ];
    (norms, unorms)
}

/// `mix` on the host.
fn mix_host(a: Unorm, b: Unorm, t: Unorm) -> Unorm {
    a * (Unorm::ONE - t) + b * t
}

#[test]
fn scalar_arithmetic_clamps_every_step_as_on_the_host() {
    let n = 300;
    let (a, b) = (norms(n, 3), norms(n, 5));
    let (u, v) = (unorms(n, 7), unorms(n, 11));
    let k = Norm::new(-0.75);
    let nan = f32::NAN;
    // Poisoned outputs (2 is in neither range): every slot is written.
    let mut out_n = vec![bytemuck::cast::<f32, Norm>(2.0); n * 10];
    let mut out_u = vec![bytemuck::cast::<f32, Unorm>(2.0); n * 7];
    let mut out_f = vec![f32::NAN; n];
    let (av, bv) = (
        ConstArrayView::new(n as i32, &a).expect("view"),
        ConstArrayView::new(n as i32, &b).expect("view"),
    );
    let (uv, vv) = (
        ConstArrayView::new(n as i32, &u).expect("view"),
        ConstArrayView::new(n as i32, &v).expect("view"),
    );
    let on = ArrayView::new([n as i32, 10], &mut out_n).expect("view");
    let ou = ArrayView::new([n as i32, 7], &mut out_u).expect("view");
    let of = ArrayView::new(n as i32, &mut out_f).expect("view");
    parallel_for_each!(Extent::new([n as i32]), |i: Index<1>| {
        let r = i[0];
        let (a, b, u, v) = (av[i], bv[i], uv[i], vv[i]);
        let mut x = a;
        x += b;
        x *= k;
        x -= b;
        let mut w = u;
        w /= v;
        w -= v;
        on[(r, 0)] = (a + b) - b;
        on[(r, 1)] = a * b + k;
        on[(r, 2)] = -a - b;
        on[(r, 3)] = a / b;
        on[(r, 4)] = x;
        on[(r, 5)] = Norm::new(f32::from(a) * 3.0);
        on[(r, 6)] = Norm::from(r % 5 - 2);
        on[(r, 7)] = Norm::from(u) - Norm::ONE;
        on[(r, 8)] = if a < b { Norm::MINUS_ONE } else { a.max(b) };
        // NaN is 0 in kernels too.
        on[(r, 9)] = Norm::new(nan);
        ou[(r, 0)] = (u + v) - v;
        ou[(r, 1)] = (u - v) + v;
        ou[(r, 2)] = u * v;
        ou[(r, 3)] = u / v;
        ou[(r, 4)] = w;
        ou[(r, 5)] = Unorm::from(a);
        ou[(r, 6)] = mix(u, v, Unorm::new(0.25));
        of[i] = a.get() * 2.0 + f32::from(v);
    })
    .expect("launch");
    drop((on, ou, of));
    for r in 0..n {
        let (norms, unorms) = scalar_host(a[r], b[r], u[r], v[r], k, r as i32);
        for (c, want) in norms.iter().enumerate() {
            let got = out_n[r * 10 + c];
            // Column 3 divides.
            let ulps = if c == 3 { 3 } else { 0 };
            assert!(
                close(got.get(), want.get(), ulps),
                "row {r}, norm column {c}: {got:?}, host {want:?} (a {:?}, b {:?})",
                a[r],
                b[r]
            );
        }
        assert_eq!(out_n[r * 10 + 9].get().to_bits(), 0, "row {r}: NaN is 0");
        for (c, want) in unorms.iter().enumerate() {
            let got = out_u[r * 7 + c];
            // Column 3 divides; column 4 subtracts from a quotient, whose error (Vulkan allows
            // 2.5 ULP of the quotient) counts in the quotient's ULPs, not the difference's.
            let quotient = (u[r].get() / v[r].get()).abs();
            let ok = match c {
                3 => close(got.get(), want.get(), 3),
                4 => (got.get() - want.get()).abs() <= 3.0 * quotient * f32::EPSILON,
                _ => close(got.get(), want.get(), 0),
            };
            assert!(
                ok,
                "row {r}, unorm column {c}: {got:?}, host {want:?} (u {:?}, v {:?})",
                u[r], v[r]
            );
        }
        assert_eq!(out_f[r], a[r].get() * 2.0 + f32::from(v[r]), "row {r}");
    }
    // The clamp after the first step shows: some sums went past the range.
    assert!((0..n).any(|r| (a[r].get() + b[r].get()).abs() > 1.0));
}

#[test]
fn short_vectors_of_norms_clamp_each_component() {
    let n = 200;
    let (a, b) = (norms(n * 4, 13), norms(n * 4, 17));
    let p: Vec<Norm4> = a
        .chunks(4)
        .map(|c| Norm4::new(c[0], c[1], c[2], c[3]))
        .collect();
    let q: Vec<Norm3> = b.chunks(4).map(|c| norm3(c[0], c[1], c[2])).collect();
    let s: Vec<Unorm2> = unorms(n * 2, 19)
        .chunks(2)
        .map(|c| unorm2(c[0], c[1]))
        .collect();
    let k = Norm::new(0.5);
    let mut out4 = vec![Norm4::new(Norm::ONE, Norm::ONE, Norm::ONE, Norm::ONE); n];
    let mut out3 = vec![norm3(Norm::ONE, Norm::ONE, Norm::ONE); n];
    let mut out2 = vec![unorm2(Unorm::ONE, Unorm::ONE); n];
    let mut dots = vec![bytemuck::cast::<f32, Norm>(2.0); n];
    let pv = ConstArrayView::new(n as i32, &p).expect("view");
    let qv = ConstArrayView::new(n as i32, &q).expect("view");
    let sv = ConstArrayView::new(n as i32, &s).expect("view");
    let o4 = ArrayView::new(n as i32, &mut out4).expect("view");
    let o3 = ArrayView::new(n as i32, &mut out3).expect("view");
    let o2 = ArrayView::new(n as i32, &mut out2).expect("view");
    let od = ArrayView::new(n as i32, &mut dots).expect("view");
    // Poisoned with ONE, which some results also are; the scalar test covers the poison.
    parallel_for_each!(Extent::new([n as i32]), |i: Index<1>| {
        let (p, q, s) = (pv[i], qv[i], sv[i]);
        let q4 = Norm4::new(q.x(), q.y(), q.z(), k);
        o4[i] = (p + q4) - q4 * k;
        o3[i] = -norm3(p.x(), p[1], p.z()) + q * Norm::MINUS_ONE;
        let mut t = s;
        t -= unorm2(s.y(), s.x());
        o2[i] = t + s / unorm2(Unorm::ONE, s.x());
        // A dot product of norms is a norm too: clamped.
        od[i] = p.dot(p + p);
    })
    .expect("launch");
    drop((o4, o3, o2, od));
    for r in 0..n {
        let (p, q, s) = (p[r], q[r], s[r]);
        let q4 = Norm4::new(q.x(), q.y(), q.z(), k);
        assert_eq!(out4[r], (p + q4) - q4 * k, "row {r}");
        assert_eq!(
            out3[r],
            -norm3(p.x(), p[1], p.z()) + q * Norm::MINUS_ONE,
            "row {r}"
        );
        let pp = p + p;
        let dot = (0..4).map(|c| p[c].get() * pp[c].get()).sum::<f32>();
        assert!(
            close(dots[r].get(), Norm::new(dot).get(), 4),
            "row {r}: dot {:?}, host {dot}",
            dots[r]
        );
        let mut t = s;
        t -= unorm2(s.y(), s.x());
        let want = t + s / unorm2(Unorm::ONE, s.x());
        let got = out2[r];
        for c in 0..2 {
            assert!(
                close(got[c].get(), want[c].get(), 3),
                "row {r}, component {c}: {got:?}, host {want:?}"
            );
        }
    }
}

#[test]
fn captured_vectors_constants_and_the_bytes_of_a_view() {
    let n = 64;
    let base = Norm4::new(
        Norm::new(0.9),
        Norm::new(-0.9),
        Norm::new(0.25),
        Norm::MINUS_ONE,
    );
    let u = Unorm::new(0.5);
    let mut out = vec![Norm4::default(); n];
    let ov = ArrayView::new(n as i32, &mut out).expect("view");
    parallel_for_each!(ov.extent(), |i: Index<1>| {
        let t = Norm::from(i[0]) - Norm::from(u);
        ov[i] = base + Norm4::new(t, t, Norm::ZERO, Norm::new(1.5));
    })
    .expect("launch");
    // The view's bytes are the numbers, as f32s.
    let floats: Vec<f32> = ov
        .reinterpret_as::<f32>()
        .expect("reinterpret")
        .to_vec()
        .expect("read");
    drop(ov);
    for (r, got) in out.iter().enumerate() {
        let t = Norm::from(r as i32) - Norm::from(u);
        let want = base + Norm4::new(t, t, Norm::ZERO, Norm::new(1.5));
        assert_eq!(*got, want, "row {r}");
        let numbers: Vec<f32> = (0..4).map(|c| want[c].get()).collect();
        assert_eq!(&floats[r * 4..r * 4 + 4], &numbers[..], "row {r}");
    }
}

#[test]
fn remainder_of_norms_is_a_located_build_error() {
    let mut data = vec![Norm::new(0.5); 8];
    let view = ArrayView::new(8, &mut data).expect("view");
    let result = parallel_for_each!(view.extent(), |i: Index<1>| {
        view[i] = view[i] % Norm::new(0.25);
    });
    let err = result.expect_err("`%` on norms");
    let amp::Error::Kernel(amp::KernelError::Build { message, loc, .. }) = &err else {
        panic!("expected a build error, got {err}");
    };
    assert!(
        message.contains("`%` is not defined on `Norm`"),
        "{message}"
    );
    assert!(loc.file.ends_with("norm.rs"), "{loc}");
    drop(view);
    assert_eq!(data, [Norm::new(0.5); 8]);
}
