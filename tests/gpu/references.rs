//! References in kernels and device functions, written as the C++ AMP originals were: `float&`
//! out-parameters (`sincos`), in-place helpers (`bump(float& a)`), references to elements of
//! local arrays, of views and of tile_static arrays, to fields, to whole tile_static and local
//! arrays (`float sum9(const float (&n)[3][3])`), references passed on to a second function,
//! and `let r = &mut x;`. Each is compared with the same computation on the host.

use crate::common::random_floats;
use amp::prelude::*;
use amp::Error;

/// C++ AMP: `void sincos(float x, float& s, float& c) restrict(amp)`.
#[kernel]
fn sincos(x: f32, s: &mut f32, c: &mut f32) {
    *s = fast_math::sin(x);
    *c = fast_math::cos(x);
}

/// C++ AMP: `void bump(float& a) restrict(amp) { a += 1.0f; }`.
#[kernel]
fn bump(a: &mut f32) {
    *a += 1.0;
}

/// A reference passed on: `void bump_twice(float& a) restrict(amp) { bump(a); bump(a); }`.
#[kernel]
fn bump_twice(a: &mut f32) {
    bump(a);
    bump(a);
}

/// Reads through a shared reference, with a method on it.
#[kernel]
fn root_of(a: &f32) -> f32 {
    a.sqrt() + *a
}

#[test]
fn out_parameters_and_in_place_helpers() -> Result<(), Error> {
    let n = 300;
    let input = random_floats(n, 11);
    let mut s = vec![-7.0f32; n];
    let mut c = vec![-7.0f32; n];
    let mut r = vec![-7.0f32; n];
    {
        let xs = ConstArrayView::new(n as i32, &input)?;
        let sv = ArrayView::new(n as i32, &mut s)?;
        let cv = ArrayView::new(n as i32, &mut c)?;
        let rv = ArrayView::new(n as i32, &mut r)?;
        parallel_for_each!(sv.extent(), |i: Index<1>| {
            let mut sin = 0.0f32;
            let mut cos = 0.0f32;
            sincos(xs[i], &mut sin, &mut cos);
            bump(&mut sin);
            let r = &mut cos;
            *r *= 2.0;
            bump_twice(r);
            sv[i] = sin;
            cv[i] = cos;
            let x = xs[i].abs();
            rv[i] = root_of(&x) + root_of(&(x + 1.0));
        })?;
        sv.synchronize()?;
        cv.synchronize()?;
        rv.synchronize()?;
    }
    for k in 0..n {
        let x = input[k];
        assert!((s[k] - (x.sin() + 1.0)).abs() < 1e-4, "sin at {k}");
        assert!((c[k] - (x.cos() * 2.0 + 2.0)).abs() < 1e-4, "cos at {k}");
        let a = x.abs();
        let want = a.sqrt() + a + (a + 1.0).sqrt() + a + 1.0;
        assert!(
            (r[k] - want).abs() < 1e-4,
            "root at {k}: {} vs {want}",
            r[k]
        );
    }
    Ok(())
}

/// Swaps two elements through references (C++ AMP: `void swap(int& a, int& b)`).
#[kernel]
fn swap(a: &mut i32, b: &mut i32) {
    let t = *a;
    *a = *b;
    *b = t;
}

#[kernel]
fn bump_int(a: &mut i32) {
    *a += 10;
}

#[test]
fn references_to_local_array_and_view_elements() -> Result<(), Error> {
    let n = 257;
    let mut data: Vec<i32> = (0..n as i32).map(|k| k * 3 - 100).collect();
    let start = data.clone();
    {
        let v = ArrayView::new(n as i32, &mut data)?;
        parallel_for_each!(v.extent(), |i: Index<1>| {
            let mut a = [1, 2, 3, 4];
            let mut b = 9;
            let k = (i[0] % 3) as u32;
            swap(&mut a[3], &mut b);
            bump_int(&mut a[k]);
            bump_int(&mut v[i]);
            v[i] += a[0] * 1000 + a[1] * 100 + a[2] * 10 + a[3] + b * 10000;
        })?;
        v.synchronize()?;
    }
    for k in 0..n {
        let mut a = [1, 2, 3, 9];
        a[k % 3] += 10;
        let want = start[k] + 10 + a[0] * 1000 + a[1] * 100 + a[2] * 10 + a[3] + 4 * 10000;
        assert_eq!(data[k], want, "element {k}");
    }
    Ok(())
}
