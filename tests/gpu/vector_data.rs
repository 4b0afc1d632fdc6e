//! Short vectors as data (component assignment, run-time component indices, geometric
//! functions, `Double*`) and host `const` arrays in kernels. Generic element types in
//! tile_static memory and `usize` tile constants: `examples/reverse_tiles.rs` (run by
//! tests/gpu/examples.rs); vectors in tile_static memory: `examples/nbody.rs`.

use crate::common;

use amp::prelude::*;
use amp::Error;
use common::random_floats as floats;

fn float4s(len: usize, seed: u32) -> Vec<Float4> {
    floats(len * 4, seed)
        .chunks_exact(4)
        .map(|c| float4(c[0], c[1], c[2], c[3]))
        .collect()
}

fn close(a: f32, b: f32) -> bool {
    (a - b).abs() <= 1e-4 * (1.0 + a.abs().max(b.abs()))
}

#[test]
fn components_are_assigned_and_read_by_run_time_index() -> Result<(), Error> {
    let n = 200;
    let src = float4s(n, 1);
    let mut dst = vec![Float4::default(); n];
    let sv = ConstArrayView::new(n as i32, &src)?;
    let dv = ArrayView::new(n as i32, &mut dst)?;
    parallel_for_each!(dv.extent(), |i: Index<1>| {
        let mut v = sv[i];
        let k = i[0] % 4;
        v[k] = v[k] * 10.0;
        v[0] += 1.0;
        let last = v[(k + 3) % 4];
        dv[i] = v;
        dv[i][3] = last;
    })?;
    drop(dv);
    for i in 0..n {
        let mut v = src[i];
        let k = i % 4;
        v[k] *= 10.0;
        v[0] += 1.0;
        let last = v[(k + 3) % 4];
        v[3] = last;
        assert_eq!(dst[i], v, "element {i}");
    }
    Ok(())
}

#[test]
fn geometric_functions_match_the_host() -> Result<(), Error> {
    let n = 300;
    let a: Vec<Float3> = floats(n * 3, 3)
        .chunks_exact(3)
        .map(|c| float3(c[0], c[1], c[2]))
        .collect();
    let b: Vec<Float3> = floats(n * 3, 4)
        .chunks_exact(3)
        .map(|c| float3(c[0], c[1], c[2]))
        .collect();
    let mut out = vec![Float4::default(); n];
    let mut vecs = vec![Float3::default(); n];
    let av = ConstArrayView::new(n as i32, &a)?;
    let bv = ConstArrayView::new(n as i32, &b)?;
    let ov = ArrayView::new(n as i32, &mut out)?;
    let vv = ArrayView::new(n as i32, &mut vecs)?;
    parallel_for_each!(ov.extent(), |i: Index<1>| {
        let p = av[i];
        let q = bv[i];
        ov[i] = float4(p.dot(q), p.length(), p.distance(q), p.normalize().length());
        let lo = float3(-1.0, -2.0, -3.0);
        let hi = float3(1.0, 2.0, 3.0);
        vv[i] = p.cross(q) + p.min(q) - p.max(q) + p.clamp(lo, hi) * p.abs();
    })?;
    drop(ov);
    drop(vv);
    for i in 0..n {
        let (p, q) = (a[i], b[i]);
        let want = [p.dot(q), p.length(), p.distance(q), 1.0];
        for k in 0..4 {
            assert!(
                close(out[i][k], want[k]),
                "element {i}.{k}: {:?} vs {want:?}",
                out[i]
            );
        }
        let lo = float3(-1.0, -2.0, -3.0);
        let hi = float3(1.0, 2.0, 3.0);
        let v = p.cross(q) + p.min(q) - p.max(q) + p.clamp(lo, hi) * p.abs();
        for k in 0..3 {
            assert!(close(vecs[i][k], v[k]), "element {i}.{k}");
        }
    }
    Ok(())
}

const WEIGHTS: [f32; 3] = [0.25, 0.5, 0.25];

#[test]
fn host_const_arrays_are_read_in_kernels() -> Result<(), Error> {
    let n = 100;
    let src = floats(n, 12);
    let mut dst = vec![0.0f32; n];
    let sv = ConstArrayView::new(n as i32, &src)?;
    let dv = ArrayView::new(n as i32, &mut dst)?;
    let last = n as i32 - 1;
    parallel_for_each!(dv.extent(), |i: Index<1>| {
        let mut sum = 0.0f32;
        for k in 0..3 {
            let mut j = i[0] + k - 1;
            if j < 0 {
                j = 0;
            }
            if j > last {
                j = last;
            }
            sum += WEIGHTS[k] * sv[j];
        }
        dv[i] = sum;
    })?;
    drop(dv);
    for (i, got) in dst.iter().enumerate() {
        let mut sum = 0.0f32;
        for (k, w) in WEIGHTS.iter().enumerate() {
            let j = (i as i32 + k as i32 - 1).clamp(0, n as i32 - 1) as usize;
            sum += w * src[j];
        }
        assert!(close(*got, sum), "element {i}");
    }
    Ok(())
}

#[test]
fn double_vectors_where_supported() {
    let acc = Accelerator::default().expect("accelerator");
    let n = 100;
    let a: Vec<Double3> = floats(n * 3, 21)
        .chunks_exact(3)
        .map(|c| double3(c[0] as f64, c[1] as f64, c[2] as f64))
        .collect();
    let mut out = vec![Double4::default(); n];
    let av = ConstArrayView::new(n as i32, &a).expect("view");
    let ov = ArrayView::new(n as i32, &mut out).expect("view");
    let result = parallel_for_each!(ov.extent(), |i: Index<1>| {
        let p = av[i];
        let c = p.cross(double3(1.0, 2.0, 3.0));
        ov[i] = double4(p.length(), c.x(), c.y(), c.z());
    });
    if !acc.supports_double_precision() {
        let err = result.expect_err("no f64");
        assert!(matches!(err, Error::UnsupportedFeature(_)), "{err}");
        return;
    }
    result.expect("launch");
    drop(ov);
    for (p, got) in a.iter().zip(&out) {
        let c = p.cross(double3(1.0, 2.0, 3.0));
        let want = double4(p.length(), c.x(), c.y(), c.z());
        for k in 0..4 {
            assert!((got[k] - want[k]).abs() < 1e-9, "{got:?} vs {want:?}");
        }
    }
}
