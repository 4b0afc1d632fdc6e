//! The examples that show pictures, against CPU references on small images: the Cartoonizer
//! (bilateral simplification and edge darkening, by index) and the blur (linear sampling).

use crate::examples::{blur, cartoonizer};
use amp::prelude::*;

#[test]
fn the_cartoonizer_matches_the_cpu() {
    let (w, h) = (45, 38);
    let picture = cartoonizer::test_picture(w, h).to_rgba8();
    let pixels: Vec<[u8; 4]> = picture.pixels().map(|p| p.0).collect();
    let original = Texture::<UInt4, 2>::options([h as i32, w as i32])
        .bits(8)
        .from_slice(
            &pixels
                .iter()
                .map(|p| {
                    uint4(
                        u32::from(p[0]),
                        u32::from(p[1]),
                        u32::from(p[2]),
                        u32::from(p[3]),
                    )
                })
                .collect::<Vec<_>>(),
        )
        .expect("texture");
    for (phases, window) in [(1, 2), (3, 4)] {
        let gpu = cartoonizer::cartoonize(&original, phases, window)
            .expect("cartoonize")
            .to_vec()
            .expect("read");
        let cpu = cartoonizer::cartoonize_cpu(&pixels, w as usize, phases, window);
        // The accelerator's exp and sqrt may differ from the CPU's in the last bits, and
        // truncation to a byte turns that into a level now and then.
        let mut worst = 0;
        let mut changed = 0;
        for (k, (g, c)) in gpu.iter().zip(&cpu).enumerate() {
            for i in 0..4 {
                let d = (g[i] as i32 - c[i] as i32).abs();
                worst = worst.max(d);
                assert!(
                    d <= 2,
                    "{phases} phases, window {window}: pixel {k}: {g:?} vs {c:?}"
                );
            }
            changed += usize::from(c != &pixels[k]);
        }
        // The picture did change: simplified and edged.
        assert!(changed > pixels.len() / 2, "{changed} pixels changed");
    }
}

#[test]
fn the_blur_matches_the_cpu_convolution() {
    let (w, h) = (29, 17);
    let words = crate::common::random_words(w * h * 4, 41);
    let texels: Vec<Float4> = words
        .chunks(4)
        .map(|c| float4(c[0] as f32, c[1] as f32, c[2] as f32, c[3] as f32) / u32::MAX as f32)
        .collect();
    let src = Texture::<Float4, 2>::options([h as i32, w as i32])
        .bits(16)
        .from_slice(&texels)
        .expect("texture");
    // The reference starts from the texels as 16-bit floats hold them.
    let stored = src.to_vec().expect("read");
    let gpu = blur::blur(&src).expect("blur").to_vec().expect("read");
    let cpu = blur::blur_cpu(&stored, w);
    for (k, (g, c)) in gpu.iter().zip(&cpu).enumerate() {
        for i in 0..4 {
            // Linear filtering's weights are rounded (8 bits of sub-texel precision on
            // lavapipe), and each pass stores 16-bit floats.
            assert!(
                (g[i] - c[i]).abs() < 0.01,
                "texel ({}, {}): {g:?} vs {c:?}",
                k / w,
                k % w
            );
        }
    }
}
