//! Short vectors read the same on the host and in kernels: vectors built on the host with
//! `float3(…)` & co., captured into a kernel, against the same vectors built there.

use amp::prelude::*;

/// A device function that takes and returns vectors, built with the constructors.
#[kernel]
fn scaled(p: Float3, k: f32) -> Float3 {
    Float3::new(p.x() * k, p.y() * k, p.z() * k) + float3(0.0, 0.0, 1.0)
}

#[test]
fn host_and_kernel_constructors_agree() {
    let n = 100;
    // Poisoned output: every slot is written.
    let mut out = vec![f32::NAN; n * 12];
    let ov = ArrayView::new([n as i32, 12], &mut out).expect("view");
    let offset = float3(0.5, -1.0, 2.0);
    let corner = Float4::new(1.0, 2.0, 3.0, 4.0);
    let step = int2(3, -5);
    let mask = uint3(1, 2, 4);
    parallel_for_each!(Extent::new([n as i32]), |i: Index<1>| {
        let r = i[0];
        let x = r as f32;
        // The same expressions as on the host below.
        let p = float3(x, x * 2.0, 1.0) * 3.0 + offset - float3(1.0, 1.0, 1.0);
        let q = scaled(p, 0.5);
        let c = corner + float4(x, 0.0, -x, 1.0);
        let s = step * int2(r, r) + int2(1, 1);
        let m = mask * uint3(r as u32, 1, 1);
        ov[(r, 0)] = p.x();
        ov[(r, 1)] = p[1];
        ov[(r, 2)] = p.z();
        ov[(r, 3)] = q.x();
        ov[(r, 4)] = q.z();
        ov[(r, 5)] = c.x();
        ov[(r, 6)] = c.z();
        ov[(r, 7)] = c.w();
        ov[(r, 8)] = s.x() as f32;
        ov[(r, 9)] = s.y() as f32;
        ov[(r, 10)] = m.x() as f32;
        ov[(r, 11)] = (m.y() + m.z()) as f32;
    })
    .expect("launch");
    drop(ov);
    for r in 0..n {
        let x = r as f32;
        let p = float3(x, x * 2.0, 1.0) * 3.0 + offset - float3(1.0, 1.0, 1.0);
        let q = Float3::new(p.x() * 0.5, p.y() * 0.5, p.z() * 0.5) + float3(0.0, 0.0, 1.0);
        let c = corner + float4(x, 0.0, -x, 1.0);
        let s = step * int2(r as i32, r as i32) + int2(1, 1);
        let m = mask * uint3(r as u32, 1, 1);
        let expected = [
            p.x(),
            p[1],
            p.z(),
            q.x(),
            q.z(),
            c.x(),
            c.z(),
            c.w(),
            s.x() as f32,
            s.y() as f32,
            m.x() as f32,
            (m.y() + m.z()) as f32,
        ];
        assert_eq!(&out[r * 12..r * 12 + 12], &expected, "row {r}");
    }
}
