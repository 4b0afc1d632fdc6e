//! Kernels that read and write textures by index, through each kind of capture.

use amp::prelude::*;

#[test]
fn a_one_component_texture_is_read_and_written_in_one_kernel() {
    let data: Vec<f32> = (0..12).map(|i| i as f32).collect();
    let tex = Texture::<f32, 2>::from_slice([3, 4], &data).expect("texture");
    let t = &tex;
    parallel_for_each!(tex.extent(), |idx: Index<2>| {
        t[idx] = t[idx] * 2.0 + idx[1] as f32;
    })
    .expect("launch");
    let want: Vec<f32> = (0..12).map(|i| i as f32 * 2.0 + (i % 4) as f32).collect();
    assert_eq!(tex.to_vec().expect("read"), want);
}

macro_rules! read_by_index {
    ($n:literal, $extent:expr) => {{
        let extent = $extent;
        let n = extent.iter().product::<i32>() as usize;
        let data: Vec<Int4> = (0..n as i32).map(|i| int4(i, -i, 2 * i, 7)).collect();
        let tex = Texture::<Int4, $n>::from_slice(extent, &data).expect("texture");
        let mut out = vec![Int4::default(); n];
        let ov = ArrayView::new(extent, &mut out).expect("view");
        let t = &tex;
        parallel_for_each!(ov.extent(), |idx: Index<$n>| {
            ov[idx] = t[idx];
        })
        .expect("launch");
        ov.synchronize().expect("sync");
        drop(ov);
        assert_eq!(out, data, "rank {}", $n);
    }};
}

#[test]
fn texels_of_several_components_are_read_by_index_in_every_rank() {
    read_by_index!(1, [37]);
    read_by_index!(2, [5, 9]);
    read_by_index!(3, [3, 4, 5]);
}

#[test]
fn views_write_texels_of_several_components() {
    let tex = Texture::<Float4, 2>::new([4, 6]).expect("texture");
    let view = tex.view();
    parallel_for_each!(view.extent(), |idx: Index<2>| {
        let (r, c) = (idx[0] as f32, idx[1] as f32);
        view[idx] = float4(r, c, r + c, 1.0);
    })
    .expect("launch");
    let got = tex.to_vec().expect("read");
    for (k, v) in got.iter().enumerate() {
        let (r, c) = ((k / 6) as f32, (k % 6) as f32);
        assert_eq!(*v, float4(r, c, r + c, 1.0));
    }
    let wo = tex.writeonly_view();
    parallel_for_each!(wo.extent(), |idx: Index<2>| {
        wo.set(idx, float4(0.5, 0.5, 0.5, 0.5));
    })
    .expect("launch");
    assert!(tex
        .to_vec()
        .expect("read")
        .iter()
        .all(|v| *v == float4(0.5, 0.5, 0.5, 0.5)));
}

#[test]
fn narrow_formats_convert_on_the_way_in_and_out_of_kernels() {
    // 8-bit unsigned texels written through a view, read back as u32.
    let tex = Texture::<UInt2, 1>::options([20])
        .bits(8)
        .build()
        .expect("texture");
    let view = tex.view();
    parallel_for_each!(view.extent(), |idx: Index<1>| {
        let i = idx[0] as u32;
        view[idx] = uint2(i * 10, 255 - i);
    })
    .expect("launch");
    let got = tex.to_vec().expect("read");
    let want: Vec<UInt2> = (0..20).map(|i| uint2(i * 10, 255 - i)).collect();
    assert_eq!(got, want);
    // 16-bit floats: read in a kernel through a const view.
    let halves: Vec<f32> = (0..20).map(|i| i as f32 * 0.25).collect();
    let tex = Texture::<f32, 1>::options([20])
        .bits(16)
        .from_slice(&halves)
        .expect("texture");
    let cv = tex.const_view();
    let mut out = vec![0.0f32; 20];
    let ov = ArrayView::new([20], &mut out).expect("view");
    parallel_for_each!(ov.extent(), |idx: Index<1>| {
        ov[idx] = cv[idx] + 1.0;
    })
    .expect("launch");
    ov.synchronize().expect("sync");
    drop(ov);
    let want: Vec<f32> = halves.iter().map(|x| x + 1.0).collect();
    assert_eq!(out, want);
}

#[test]
fn a_checked_kernel_reports_a_texel_out_of_range() {
    let tex = Texture::<u32, 2>::new([4, 4]).expect("texture");
    let t = &tex;
    let result = parallel_for_each!(Extent::new([4, 4]), |idx: Index<2>| {
        t[idx + Index::new([0, 1])] = 7u32;
    })
    .and_then(|_| tex.accelerator().wait());
    let err = result.expect_err("out of range");
    assert!(matches!(err, amp::Error::OutOfBounds { .. }), "{err}");
    assert!(err.to_string().contains("texture write"), "{err}");
    // The writes in range happened; those out of range did not wrap into the next row.
    let got = tex.to_vec().expect("read");
    for r in 0..4 {
        assert_eq!(got[r * 4], 0);
        assert_eq!(&got[r * 4 + 1..r * 4 + 4], &[7, 7, 7]);
    }
}

/// A device function over a texture it samples and one it writes.
#[kernel]
fn blend_into(src: ConstTextureView<f32, 2>, s: Sampler, dst: TextureView<f32, 2>, idx: Index<2>) {
    let e = dst.extent();
    let u = (idx[1] as f32 + 0.5) / e[1] as f32;
    let v = (idx[0] as f32 + 0.5) / e[0] as f32;
    dst[idx] = src.sample(s, float2(u, v)) + dst[idx];
}

#[test]
fn textures_and_samplers_pass_to_kernel_functions() {
    let data: Vec<f32> = (0..16).map(|i| i as f32).collect();
    let src = Texture::<f32, 2>::from_slice([4, 4], &data).expect("texture");
    let dst = Texture::<f32, 2>::from_slice([4, 4], &[100.0; 16]).expect("texture");
    let (cv, view) = (src.const_view(), dst.view());
    let s = Sampler::new(Filter::Point, Address::Clamp);
    parallel_for_each!(view.extent(), |idx: Index<2>| {
        blend_into(cv, s, view, idx);
    })
    .expect("launch");
    let want: Vec<f32> = data.iter().map(|x| x + 100.0).collect();
    assert_eq!(dst.to_vec().expect("read"), want);
}

#[test]
fn unorm_and_norm_texels_hold_8_and_16_bit_norms() {
    // An RGBA8 picture: Unorm4 texels of 8 bits, inverted by a kernel through a view.
    let pixels: Vec<Unorm4> = (0..16)
        .map(|i| {
            let c = Unorm::new(i as f32 / 15.0);
            unorm4(c, Unorm::new(0.5), Unorm::ZERO, Unorm::ONE)
        })
        .collect();
    let tex = Texture::<Unorm4, 2>::from_slice([4, 4], &pixels).expect("texture");
    assert_eq!(tex.bits_per_scalar_element(), 8);
    let (cv, out) = (
        tex.const_view(),
        Texture::<Unorm4, 2>::new([4, 4]).expect("texture"),
    );
    let view = out.view();
    parallel_for_each!(view.extent(), |idx: Index<2>| {
        let p = cv[idx];
        view[idx] = unorm4(Unorm::ONE - p.x(), p.y(), p.z(), p.w());
    })
    .expect("launch");
    let got = out.to_vec().expect("read");
    for (k, p) in got.iter().enumerate() {
        // Stored as bytes: k/15 · 255 rounds to a whole byte, and so does its inverse.
        let byte = (k as f32 / 15.0 * 255.0).round();
        assert_eq!(p.x().get(), (255.0 - byte) / 255.0, "texel {k}");
        assert_eq!(p.y().get(), 128.0 / 255.0);
        assert_eq!(p.w(), Unorm::ONE);
    }
    // 16-bit signed norms keep −1 and 1, and clamp on the way in.
    let norms = [Norm::MINUS_ONE, Norm::new(0.25), Norm::ONE];
    let tex = Texture::<Norm, 1>::options([3])
        .bits(16)
        .from_slice(&norms)
        .expect("texture");
    let got: Vec<f32> = tex
        .to_vec()
        .expect("read")
        .iter()
        .map(|n| n.get())
        .collect();
    assert_eq!(got[0], -1.0);
    assert!((got[1] - 0.25).abs() < 1.0 / 32767.0);
    assert_eq!(got[2], 1.0);
}
