//! The examples that show pictures, against CPU references on small images: the Cartoonizer
//! (bilateral simplification and edge darkening, by index) and the blur (linear sampling).

use crate::examples::{blur, cartoonizer};
use amp::prelude::*;

/// RGBA bytes of a `UInt4` texture's texels.
fn bytes(texture: &Texture<UInt4, 2>) -> Vec<[u8; 4]> {
    let texels = texture.to_vec().expect("read");
    texels
        .iter()
        .map(|t| [0, 1, 2, 3].map(|c| t[c] as u8))
        .collect()
}

/// The largest difference of two pictures' channels, and the pixels that differ at all.
fn difference(a: &[[u8; 4]], b: &[[u8; 4]]) -> (i32, usize) {
    let mut worst = 0;
    let mut differ = 0;
    for (p, q) in a.iter().zip(b) {
        let d = (0..4)
            .map(|c| (p[c] as i32 - q[c] as i32).abs())
            .max()
            .unwrap_or(0);
        worst = worst.max(d);
        differ += usize::from(d > 0);
    }
    (worst, differ)
}

/// Each stage of the Cartoonizer against the same stage on the CPU, from the same input (the
/// accelerator's output of the stage before): its `exp` and `sqrt` may differ from the CPU's
/// in the last bits, and truncation to a byte turns that into a level now and then, which the
/// edge detector's steep thresholds would amplify if the stages ran apart.
#[test]
fn the_cartoonizer_matches_the_cpu() {
    let (w, h) = (45, 38);
    let picture = cartoonizer::test_picture(w, h).to_rgba8();
    let pixels: Vec<[u8; 4]> = picture.pixels().map(|p| p.0).collect();
    let texels: Vec<UInt4> = pixels
        .iter()
        .map(|p| {
            uint4(
                u32::from(p[0]),
                u32::from(p[1]),
                u32::from(p[2]),
                u32::from(p[3]),
            )
        })
        .collect();
    let original = Texture::<UInt4, 2>::options([h as i32, w as i32])
        .bits(8)
        .from_slice(&texels)
        .expect("texture");
    for window in [2, 4] {
        let current = original.try_clone().expect("clone");
        let next = original.try_clone().expect("clone");
        for phase in 0..3 {
            let input = bytes(&current);
            cartoonizer::simplify(&current, &next, window).expect("simplify");
            let (worst, _) = difference(
                &bytes(&next),
                &cartoonizer::simplify_cpu(&input, w as usize, window),
            );
            assert!(
                worst <= 1,
                "window {window}, phase {phase}: {worst} levels apart"
            );
            current.write(&next.to_vec().expect("read")).expect("write");
        }
        let simplified = bytes(&current);
        cartoonizer::detect_edges(&current, &next, &original, window).expect("edges");
        let edged = bytes(&next);
        let cpu = cartoonizer::detect_edges_cpu(&simplified, &pixels, w as usize, window);
        let (worst, _) = difference(&edged, &cpu);
        assert!(worst <= 2, "window {window}, edges: {worst} levels apart");
        // Something happened: colours were simplified and edges darkened.
        assert!(difference(&simplified, &pixels).1 > pixels.len() / 2);
        assert!(difference(&edged, &simplified).1 > 0);
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
