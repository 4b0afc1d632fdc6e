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

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Element)]
struct Body {
    pos: Float2,
    vel: Float2,
    mass: f32,
    hits: i32,
    _pad: [f32; 2],
}

/// An in-place method-like helper on a struct (C++ AMP: `void advance(body& b, float dt)`).
#[kernel]
fn advance(b: &mut Body, dt: f32) {
    b.pos += b.vel * dt;
    b.hits += 1;
}

/// A field by reference (C++ AMP: `void damp(float2& v)`).
#[kernel]
fn damp(v: &mut Float2, k: f32) {
    *v = *v * k;
    v[0] += 0.5;
}

#[test]
fn references_to_struct_fields_and_view_elements_of_structs() -> Result<(), Error> {
    let n = 200;
    let f = random_floats(n * 4, 5);
    let start: Vec<Body> = (0..n)
        .map(|k| Body {
            pos: float2(f[4 * k], f[4 * k + 1]),
            vel: float2(f[4 * k + 2], f[4 * k + 3]),
            mass: 1.0 + k as f32,
            hits: k as i32,
            _pad: [0.0; 2],
        })
        .collect();
    let mut data = start.clone();
    {
        let v = ArrayView::new(n as i32, &mut data)?;
        parallel_for_each!(v.extent(), |i: Index<1>| {
            let mut local = v[i];
            advance(&mut local, 0.5);
            damp(&mut local.vel, 0.25);
            advance(&mut v[i], 2.0);
            damp(&mut v[i].vel, 0.5);
            v[i].mass = local.pos.x() + local.vel.y();
        })?;
        v.synchronize()?;
    }
    for k in 0..n {
        let b = start[k];
        let (lp, lv) = (b.pos + b.vel * 0.5, b.vel * 0.25);
        let lv = float2(lv.x() + 0.5, lv.y());
        let pos = b.pos + b.vel * 2.0;
        let vel = b.vel * 0.5;
        let vel = float2(vel.x() + 0.5, vel.y());
        let got = data[k];
        assert!((got.pos - pos).length() < 1e-4, "pos at {k}");
        assert!((got.vel - vel).length() < 1e-4, "vel at {k}");
        assert_eq!(got.hits, k as i32 + 1);
        assert!((got.mass - (lp.x() + lv.y())).abs() < 1e-4, "mass at {k}");
    }
    Ok(())
}

/// The sum of a 3×3 neighbourhood, by reference (C++ AMP: `float sum9(const float (&n)[3][3])`).
#[kernel]
fn sum9(n: &[[f32; 3]; 3]) -> f32 {
    let mut s = 0.0f32;
    for r in 0..3 {
        for c in 0..3 {
            s += n[r][c];
        }
    }
    s
}

/// Fills a neighbourhood in place, passing the array on to `sum9`.
#[kernel]
fn gather(src: ConstArrayView<f32, 2>, at: Index<2>, n: &mut [[f32; 3]; 3]) -> f32 {
    let e = src.extent();
    for r in 0..3 {
        for c in 0..3 {
            let y = clamp_to(at[0] + r - 1, e[0]);
            let x = clamp_to(at[1] + c - 1, e[1]);
            n[r][c] = src[(y, x)];
        }
    }
    sum9(n)
}

#[kernel]
fn clamp_to(v: i32, n: i32) -> i32 {
    intrinsics::clamp(v, 0, n - 1)
}

#[test]
fn whole_local_arrays_by_reference() -> Result<(), Error> {
    let (h, w) = (23usize, 31usize);
    let input = random_floats(h * w, 9);
    let mut out = vec![-1.0f32; h * w];
    {
        let src = ConstArrayView::new([h as i32, w as i32], &input)?;
        let dst = ArrayView::new([h as i32, w as i32], &mut out)?;
        parallel_for_each!(dst.extent(), |i: Index<2>| {
            let mut n = [[0.0f32; 3]; 3];
            let total = gather(src, i, &mut n);
            // The array was filled through the reference.
            dst[i] = total + sum9(&n) - n[1][1];
        })?;
        dst.synchronize()?;
    }
    for y in 0..h {
        for x in 0..w {
            let mut s = 0.0f32;
            for r in 0..3 {
                for c in 0..3 {
                    let yy = (y as i32 + r - 1).clamp(0, h as i32 - 1) as usize;
                    let xx = (x as i32 + c - 1).clamp(0, w as i32 - 1) as usize;
                    s += input[yy * w + xx];
                }
            }
            let want = 2.0 * s - input[y * w + x];
            assert!((out[y * w + x] - want).abs() < 1e-3, "at ({y}, {x})");
        }
    }
    Ok(())
}

/// A tile reduction helper over a whole tile_static array (C++ AMP: a helper taking
/// `float (&shared)[256]`), with the barriers in the caller: one step halves the live range.
#[kernel]
fn reduce_step(shared: &mut [f32; 256], local: i32, stride: i32) {
    if local < stride {
        shared[local] += shared[local + stride];
    }
}

/// Stores one element of tile_static memory by reference.
#[kernel]
fn store(slot: &mut f32, v: f32) {
    *slot = v;
}

#[test]
fn tile_static_arrays_and_elements_by_reference() -> Result<(), Error> {
    let n = 256 * 6;
    let input = random_floats(n, 21);
    let mut sums = vec![-1.0f32; n / 256];
    {
        let src = ConstArrayView::new(n as i32, &input)?;
        let dst = ArrayView::new((n / 256) as i32, &mut sums)?;
        parallel_for_each!(src.extent().tile::<256>(), |t: TiledIndex<1>| {
            #[tile_static]
            let mut shared: [f32; 256];
            let l = t.local[0];
            store(&mut shared[l], src[t.global]);
            t.barrier.wait();
            let mut stride = 128;
            while stride > 0 {
                reduce_step(&mut shared, l, stride);
                t.barrier.wait();
                stride /= 2;
            }
            if l == 0 {
                dst[t.tile[0]] = shared[0];
            }
        })?;
        dst.synchronize()?;
    }
    for (k, got) in sums.iter().enumerate() {
        let want: f32 = input[k * 256..(k + 1) * 256].iter().sum();
        assert!((got - want).abs() < 1e-2, "tile {k}: {got} vs {want}");
    }
    Ok(())
}

#[test]
fn a_reference_formed_out_of_range_is_a_fault_and_writes_nothing() -> Result<(), Error> {
    let mut data = vec![0i32; 8];
    let v = ArrayView::new(8, &mut data)?;
    let err = parallel_for_each!(Extent::new([1]), |_i: Index<1>| {
        let mut a = [1, 2, 3, 4];
        let k = v[0] + 6;
        bump_int(&mut a[k]);
        v[1] = a[0];
        bump_int(&mut v[k + 4]);
    })
    .and_then(|_| v.synchronize());
    let err = err.expect_err("an out-of-range reference is a fault");
    let (index, extent, _) = crate::common::fault_of(err);
    assert_eq!((index.as_str(), extent.as_str()), ("(10)", "(8)"));
    drop(v);
    // Nothing was written through either reference: `a[0]` stayed 1.
    assert_eq!(data, [0, 1, 0, 0, 0, 0, 0, 0]);
    Ok(())
}

/// A neighbourhood by value (Rust passes arrays by value): the callee changes its copy only.
#[kernel]
fn centre_weighted(mut n: [[f32; 3]; 3]) -> f32 {
    n[1][1] *= 4.0;
    sum9(&n)
}

/// An array result.
#[kernel]
fn corners(n: [[f32; 3]; 3]) -> [f32; 4] {
    let c = [n[0][0], n[0][2], n[2][0], n[2][2]];
    c
}

/// The Cartoonizer's neighbourhood as a struct holding the 3×3 array.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Element)]
struct Window {
    n: [[f32; 3]; 3],
    scale: f32,
}

#[kernel]
fn window_sum(w: Window) -> f32 {
    let mut s = 0.0f32;
    for r in 0..3 {
        for c in 0..3 {
            s += w.n[r][c];
        }
    }
    s * w.scale
}

#[test]
fn arrays_by_value_and_in_struct_fields() -> Result<(), Error> {
    let n = 100;
    let input = random_floats(n * 9, 17);
    let mut out = vec![-1.0f32; n];
    {
        let src = ConstArrayView::new((n * 9) as i32, &input)?;
        let dst = ArrayView::new(n as i32, &mut out)?;
        parallel_for_each!(dst.extent(), |i: Index<1>| {
            let mut m = [[0.0f32; 3]; 3];
            for r in 0..3 {
                for c in 0..3 {
                    m[r][c] = src[i[0] * 9 + r * 3 + c];
                }
            }
            let weighted = centre_weighted(m);
            let k = corners(m);
            let w = Window { n: m, scale: 0.5 };
            // `m` itself is unchanged by `centre_weighted`.
            dst[i] = weighted
                + (k[0] + k[1] + k[2] + k[3]) * 10.0
                + window_sum(w) * 100.0
                + m[1][1] * 1000.0;
        })?;
        dst.synchronize()?;
    }
    for k in 0..n {
        let m = &input[k * 9..k * 9 + 9];
        let sum: f32 = m.iter().sum();
        let weighted = sum + 3.0 * m[4];
        let corners = m[0] + m[2] + m[6] + m[8];
        let want = weighted + corners * 10.0 + sum * 0.5 * 100.0 + m[4] * 1000.0;
        assert!((out[k] - want).abs() < 1e-2, "at {k}: {} vs {want}", out[k]);
    }
    Ok(())
}

/// Generic over the element: `template<typename T> void accumulate(T& acc, T x) restrict(amp)`.
#[kernel]
fn accumulate<T: Numeric>(acc: &mut T, x: T) {
    *acc += x;
}

/// Takes an element of a view parameter by reference, and annotates a reference local.
#[kernel]
fn bump_element(v: ArrayView<i32, 1>, i: Index<1>) {
    bump_int(&mut v[i]);
    let mut total = 0;
    let r: &mut i32 = &mut total;
    accumulate(r, v[i]);
    accumulate(&mut total, 1);
    v[i] = total;
}

#[test]
fn references_in_generic_functions_and_to_elements_of_view_parameters() -> Result<(), Error> {
    let n = 300;
    let mut data: Vec<i32> = (0..n as i32).collect();
    let mut sums = vec![0.0f32; n];
    let input = random_floats(n, 3);
    {
        let v = ArrayView::new(n as i32, &mut data)?;
        let s = ArrayView::new(n as i32, &mut sums)?;
        let x = ConstArrayView::new(n as i32, &input)?;
        parallel_for_each!(v.extent(), |i: Index<1>| {
            bump_element(v, i);
            let mut acc = 1.0f32;
            accumulate(&mut acc, x[i]);
            accumulate(&mut s[i], acc);
        })?;
        v.synchronize()?;
        s.synchronize()?;
    }
    for k in 0..n {
        assert_eq!(data[k], k as i32 + 11, "element {k}");
        assert!((sums[k] - (1.0 + input[k])).abs() < 1e-5, "sum {k}");
    }
    Ok(())
}
