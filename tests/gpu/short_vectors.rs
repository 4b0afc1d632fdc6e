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

/// Swizzles (both naming sets, repeats, writes) and the bit operators of integer vectors:
/// host and kernel compute them with the same function.
#[kernel]
fn swizzled(p: Float4, q: Int3, u: UInt4, s: u32) -> Float4 {
    let a = p.wzyx() + p.xxyy() * 2.0 + p.bgra();
    let b = p.zx() + p.ag();
    let mut c = p;
    c.set_xz(b);
    c.set_a(p.r() + p.g());
    let d = q.zyx() & int3(0xff, 0x0f, -1);
    let e = (q.xy() | q.zz()) ^ 0x55;
    let mut f = u.wzyx() << s;
    f >>= uint4(1, 2, 33, 64);
    f &= !u;
    let g = (q << 3) >> int3(1, 40, 2);
    let ints = (d.x() + d.y() + d.z() + e.x() + e.y() + g.x() + g.y() + g.z()) as f32;
    let uints = (f.x() ^ f.y() ^ f.z() ^ f.w() ^ (!u).r()) as f32;
    a + c + float4(b.x(), b.y(), ints, uints)
}

#[test]
fn swizzles_and_bit_operators_agree_with_the_host() {
    let n = 64;
    let mut out = vec![Float4::default(); n];
    let ov = ArrayView::new([n as i32], &mut out).expect("view");
    parallel_for_each!(ov.extent(), |i: Index<1>| {
        let k = i[0];
        let x = k as f32;
        let p = float4(x, x * 0.5 - 3.0, 2.0 - x, 7.5);
        let q = int3(k * 37 - 1000, -k, k << 20);
        let u = uint4(k as u32 * 2654435761, 0xdead_beef, k as u32, 1 << (k % 32));
        ov[i] = swizzled(p, q, u, k as u32);
    })
    .expect("launch");
    drop(ov);
    for (k, got) in out.iter().enumerate() {
        let ki = k as i32;
        let x = k as f32;
        let p = float4(x, x * 0.5 - 3.0, 2.0 - x, 7.5);
        let q = int3(ki * 37 - 1000, -ki, ki << 20);
        let u = uint4(
            (k as u32).wrapping_mul(2654435761),
            0xdead_beef,
            k as u32,
            1 << (k % 32),
        );
        assert_eq!(*got, swizzled(p, q, u, k as u32), "thread {k}");
    }
    // The host's own results, by hand.
    let p = float4(1.0, 2.0, 3.0, 4.0);
    assert_eq!(p.wzyx(), float4(4.0, 3.0, 2.0, 1.0));
    assert_eq!(p.bgr(), float3(3.0, 2.0, 1.0));
    assert_eq!(p.xxw(), float3(1.0, 1.0, 4.0));
    assert_eq!((p.r(), p.g(), p.b(), p.a()), (1.0, 2.0, 3.0, 4.0));
    let mut v = p;
    v.set_yw(float2(-2.0, -4.0));
    v.set_b(9.0);
    assert_eq!(v, float4(1.0, -2.0, 9.0, -4.0));
    assert_eq!(int2(0b1100, -1) & int2(0b1010, 7), int2(0b1000, 7));
    assert_eq!(!uint2(0, 1), uint2(u32::MAX, u32::MAX - 1));
    // Shift amounts are taken modulo 32, as for scalars.
    assert_eq!(uint2(1, 1) << uint2(33, 4), uint2(2, 16));
    assert_eq!(int3(-8, 8, 1) >> 1, int3(-4, 4, 0));
}
