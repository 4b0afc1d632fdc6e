//! Sampling and gathering against references computed here: every filter and address mode at
//! coordinates inside and outside the texture, the gathers, and mip levels.
//!
//! The reference follows Vulkan's texel filtering: nearest takes texel `⌊u·size⌋`; linear
//! weights texels `⌊u·size − ½⌋` and the next by the fraction, after each address mode maps
//! the texel coordinates into the texture. Devices may round the weights (Vulkan asks for at
//! least 4 bits of sub-texel precision; lavapipe keeps 8), hence the tolerance.

use crate::common::random_words;
use amp::prelude::*;

/// The texel coordinate `i` of an axis of `size` texels under `address`; `None` is the border.
fn address(i: i64, size: i64, mode: Address) -> Option<i64> {
    match mode {
        Address::Wrap => Some(i.rem_euclid(size)),
        Address::Mirror => {
            let t = i.rem_euclid(2 * size);
            Some(if t < size { t } else { 2 * size - 1 - t })
        }
        Address::Clamp => Some(i.clamp(0, size - 1)),
        _ => (0..size).contains(&i).then_some(i),
    }
}

/// The reference texture: `rows × cols` values, row-major.
struct Image {
    rows: i64,
    cols: i64,
    texels: Vec<f32>,
}

impl Image {
    fn random(rows: i64, cols: i64, seed: u32) -> Self {
        let texels = random_words((rows * cols) as usize, seed)
            .into_iter()
            .map(|w| (w % 1000) as f32 / 1000.0)
            .collect();
        Image { rows, cols, texels }
    }

    /// Texel (x, y) under `mode` (0 at the border: transparent black).
    fn texel(&self, x: i64, y: i64, mode: Address) -> f32 {
        match (address(x, self.cols, mode), address(y, self.rows, mode)) {
            (Some(x), Some(y)) => self.texels[(y * self.cols + x) as usize],
            _ => 0.0,
        }
    }

    fn sample(&self, filter: Filter, mode: Address, u: f32, v: f32) -> f32 {
        let (x, y) = (u as f64 * self.cols as f64, v as f64 * self.rows as f64);
        match filter {
            Filter::Point => self.texel(x.floor() as i64, y.floor() as i64, mode),
            _ => {
                let (x, y) = (x - 0.5, y - 0.5);
                let (x0, y0) = (x.floor(), y.floor());
                let (a, b) = ((x - x0) as f32, (y - y0) as f32);
                let (x0, y0) = (x0 as i64, y0 as i64);
                let t = |dx, dy| self.texel(x0 + dx, y0 + dy, mode);
                (1.0 - a) * (1.0 - b) * t(0, 0)
                    + a * (1.0 - b) * t(1, 0)
                    + (1.0 - a) * b * t(0, 1)
                    + a * b * t(1, 1)
            }
        }
    }

    /// The four texels a gather returns: (−,+), (+,+), (+,−), (−,−) in (x, y).
    fn gather(&self, mode: Address, u: f32, v: f32) -> [f32; 4] {
        let x0 = (u as f64 * self.cols as f64 - 0.5).floor() as i64;
        let y0 = (v as f64 * self.rows as f64 - 0.5).floor() as i64;
        [
            self.texel(x0, y0 + 1, mode),
            self.texel(x0 + 1, y0 + 1, mode),
            self.texel(x0 + 1, y0, mode),
            self.texel(x0, y0, mode),
        ]
    }
}

/// Coordinates from −0.6 to 1.7 on both axes, off the texel centres.
fn coordinates() -> Vec<Float2> {
    let mut out = Vec::new();
    for j in 0..23 {
        for i in 0..23 {
            out.push(float2(-0.6 + i as f32 * 0.1037, -0.6 + j as f32 * 0.0991));
        }
    }
    out
}

const MODES: [Address; 4] = [
    Address::Wrap,
    Address::Mirror,
    Address::Clamp,
    Address::Border,
];

#[test]
fn sampling_matches_the_reference_for_every_filter_and_address_mode() {
    let image = Image::random(5, 7, 11);
    // 16-bit floats filter on every device; the values have 3 decimals, which f16 keeps
    // within 1/2048.
    let tex = Texture::<f32, 2>::options([5, 7])
        .bits(16)
        .from_slice(&image.texels)
        .expect("texture");
    let coords = coordinates();
    let n = coords.len() as i32;
    for filter in [Filter::Point, Filter::Linear] {
        for mode in MODES {
            let sampler = Sampler::new(filter, mode);
            let cv = tex.const_view();
            let cs = ConstArrayView::new([n], &coords).expect("coords");
            let mut out = vec![f32::NAN; n as usize];
            let ov = ArrayView::new([n], &mut out).expect("out");
            parallel_for_each!(ov.extent(), |i: Index<1>| {
                ov[i] = cv.sample(sampler, cs[i]);
            })
            .expect("launch");
            ov.synchronize().expect("sync");
            drop(ov);
            for (k, c) in coords.iter().enumerate() {
                let want = image.sample(filter, mode, c.x(), c.y());
                // Nearest sampling exactly on a texel edge may round either way: skip those.
                let on_edge = |t: f32, size: f32| ((t * size) - (t * size).round()).abs() < 1e-4;
                if filter == Filter::Point && (on_edge(c.x(), 7.0) || on_edge(c.y(), 5.0)) {
                    continue;
                }
                assert!(
                    (out[k] - want).abs() < 0.01,
                    "{filter:?} {mode:?} at ({}, {}): {} instead of {want}",
                    c.x(),
                    c.y(),
                    out[k]
                );
            }
        }
    }
}

#[test]
fn gathers_return_the_four_texels_of_the_footprint() {
    let image = Image::random(6, 5, 23);
    let texels: Vec<Float4> = image
        .texels
        .iter()
        .map(|&t| float4(t, t + 1.0, t + 2.0, t + 3.0))
        .collect();
    let tex = Texture::<Float4, 2>::from_slice([6, 5], &texels).expect("texture");
    let coords = coordinates();
    let n = coords.len() as i32;
    for mode in MODES {
        let sampler = Sampler::new(Filter::Point, mode);
        let cv = tex.const_view();
        let cs = ConstArrayView::new([n], &coords).expect("coords");
        let mut red = vec![Float4::default(); n as usize];
        let mut alpha = vec![Float4::default(); n as usize];
        let rv = ArrayView::new([n], &mut red).expect("out");
        let av = ArrayView::new([n], &mut alpha).expect("out");
        parallel_for_each!(rv.extent(), |i: Index<1>| {
            rv[i] = cv.gather_red(sampler, cs[i]);
            av[i] = cv.gather_alpha(sampler, cs[i]);
        })
        .expect("launch");
        rv.synchronize().expect("sync");
        av.synchronize().expect("sync");
        drop((rv, av));
        for (k, c) in coords.iter().enumerate() {
            let want = image.gather(mode, c.x(), c.y());
            let border = |w: f32, plus: f32| {
                if w == 0.0 && mode == Address::Border {
                    0.0
                } else {
                    w + plus
                }
            };
            for q in 0..4 {
                assert_eq!(red[k][q], want[q], "{mode:?} red at ({}, {})", c.x(), c.y());
                // The border is transparent black: alpha 0 there.
                let alpha_want = if mode == Address::Border
                    && image.gather(Address::Clamp, c.x(), c.y())[q] != want[q]
                {
                    0.0
                } else {
                    border(want[q], 3.0)
                };
                assert_eq!(
                    alpha[k][q],
                    alpha_want,
                    "{mode:?} alpha at ({}, {})",
                    c.x(),
                    c.y()
                );
            }
        }
    }
}

#[test]
fn mip_levels_are_written_read_and_sampled_by_level() {
    let tex = Texture::<Float4, 2>::options([8, 16])
        .bits(16)
        .mip_levels(0)
        .build()
        .expect("texture");
    assert_eq!(tex.mip_levels(), 5);
    // Each level holds its own number, written from the host and (level 2) by a kernel.
    for level in [0, 1, 3, 4] {
        let extent = tex.level_extent(level).expect("level");
        let value = float4(level as f32, 0.0, 0.0, 1.0);
        tex.write_level(level, &vec![value; extent.size() as usize])
            .expect("write level");
    }
    let view = tex.view_at(2).expect("level 2");
    assert_eq!(view.extent(), Extent::new([2, 4]));
    parallel_for_each!(view.extent(), |idx: Index<2>| {
        view[idx] = float4(2.0, 0.0, 0.0, 1.0);
    })
    .expect("launch");
    assert_eq!(
        tex.level_to_vec(2).expect("read"),
        vec![float4(2.0, 0.0, 0.0, 1.0); 8]
    );
    // Point sampling picks the level; linear filtering blends two.
    let point = Sampler::new(Filter::Point, Address::Clamp);
    let linear = Sampler::new(Filter::Linear, Address::Clamp);
    let cv = tex.const_view();
    let mut out = vec![0.0f32; 10];
    let ov = ArrayView::new([10], &mut out).expect("out");
    parallel_for_each!(Extent::new([5]), |i: Index<1>| {
        let c = float2(0.3, 0.6);
        ov[i[0] * 2] = cv.sample_level(point, c, i[0] as f32).x();
        ov[i[0] * 2 + 1] = cv.sample_level(linear, c, i[0] as f32 + 0.5).x();
    })
    .expect("launch");
    ov.synchronize().expect("sync");
    drop(ov);
    for level in 0..5 {
        assert_eq!(out[level * 2], level as f32, "level {level}");
        if level < 4 {
            let blend = out[level * 2 + 1];
            assert!(
                (blend - (level as f32 + 0.5)).abs() < 0.05,
                "level {level}.5: {blend}"
            );
        }
    }
    // A view of levels 1.. sees level 1 as its level 0.
    let upper = tex.const_view_levels(1, 4).expect("levels");
    assert_eq!(upper.extent(), Extent::new([4, 8]));
    let mut first = vec![Float4::default(); 32];
    let fv = ArrayView::new([4, 8], &mut first).expect("out");
    parallel_for_each!(fv.extent(), |idx: Index<2>| {
        fv[idx] = upper[idx];
    })
    .expect("launch");
    fv.synchronize().expect("sync");
    drop(fv);
    assert!(first.iter().all(|v| v.x() == 1.0));
}

#[test]
fn textures_of_rank_one_and_three_are_sampled() {
    let line: Vec<f32> = (0..8).map(|i| i as f32).collect();
    let tex1 = Texture::<f32, 1>::from_slice([8], &line).expect("texture");
    let cube: Vec<f32> = (0..27).map(|i| i as f32).collect();
    let tex3 = Texture::<f32, 3>::from_slice([3, 3, 3], &cube).expect("texture");
    let s = Sampler::new(Filter::Point, Address::Clamp);
    let (c1, c3) = (tex1.const_view(), tex3.const_view());
    let mut out = vec![0.0f32; 2];
    let ov = ArrayView::new([2], &mut out).expect("out");
    parallel_for_each!(Extent::new([1]), |i: Index<1>| {
        ov[0] = c1.sample(s, 5.5 / 8.0);
        // x = column 2, y = row 1, z = plane 0: texel (0, 1, 2) in amp's order.
        ov[1] = c3.sample(s, float3(2.5 / 3.0, 1.5 / 3.0, 0.5 / 3.0));
    })
    .expect("launch");
    ov.synchronize().expect("sync");
    drop(ov);
    assert_eq!(out, [5.0, 5.0]);
}
