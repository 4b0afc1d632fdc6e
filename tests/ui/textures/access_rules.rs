use amp::prelude::*;

fn main() -> Result<(), amp::Error> {
    let colors = Texture::<Float4, 2>::new([4, 4])?;
    let counts = Texture::<u32, 2>::new([4, 4])?;
    let mut out = vec![Float4::default(); 16];
    let ov = ArrayView::new([4, 4], &mut out)?;
    let s = Sampler::default();
    let (t, cv, wv, wo, ci) = (
        &colors,
        colors.const_view(),
        colors.view(),
        colors.writeonly_view(),
        counts.const_view(),
    );
    parallel_for_each!(ov.extent(), |idx: Index<2>| {
        // A texture of four components is read-only when captured.
        t[idx] = float4(1.0, 1.0, 1.0, 1.0);
        // A const view is read-only.
        cv[idx] = float4(1.0, 1.0, 1.0, 1.0);
        // A view of four components, and a write-only view, are write-only.
        ov[idx] = wv[idx];
        ov[idx] = wo[idx];
        // Integer textures are not sampled.
        let n = ci.sample(s, float2(0.5, 0.5));
        // A rank-2 texture is sampled at a Float2.
        ov[idx] = cv.sample(s, 0.5f32);
    })?;
    Ok(())
}
