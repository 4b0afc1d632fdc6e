//! The C++ AMP book's Cartoonizer (Miller & Gregory, *C++ AMP*, chapter 10), its texture frame
//! processor (`FrameProcessorAmpTextureSingle`): a picture is colour-simplified several times
//! (a bilateral filter: each pixel becomes the average of its neighbours, weighted by how close
//! their colours are to its own), then its edges, found by a Sobel operator on both the
//! simplified and the original picture, are darkened.
//!
//! As in the book, the frames are textures of `UInt4` at 8 bits per component (`texture<uint_4,
//! 2>(h, w, 8u)`): kernels read them by index, as the book's `const texture&` captures, and
//! write them through a `TextureView` (its `texture_view<uint_4, 2>`, write-only for texels of
//! four components).
//!
//! `cargo run --example cartoonizer [input.png|.jpg|-] [output.png]` cartoonizes the picture
//! given (a generated one for `-` or none, written beside the output as `landscape.png`) into
//! `cartoon.png`.

use amp::graphics::image::{DynamicImage, ImageBuffer, Rgba};
use amp::prelude::*;

/// Pixels of the neighbourhood the simplifier averages, across (the book's default: even,
/// at most 16).
pub const NEIGHBOR_WINDOW: i32 = 4;
/// Times the simplifier runs (the book's `phases`).
pub const PHASES: u32 = 5;
/// The Sobel operator's border (`FrameProcessorAmp::EdgeBorderWidth`).
const EDGE_BORDER_WIDTH: i32 = 2;

/// Luma weights of red and blue (the book's `ImageUtils::W`; green takes the rest).
const WR: f32 = 0.299;
const WB: f32 = 0.114;
const WG: f32 = 1.0 - WR - WB;
/// The largest U and V (YUV's chroma components).
const U_MAX: f32 = 0.436;
const V_MAX: f32 = 0.615;
/// The simplifier's decay: `exp(K · d²)` for a colour distance `d`, from a standard
/// deviation of 0.025.
const K: f32 = -0.5 / (0.025 * 0.025);
/// Edge detection's thresholds and weights (the book's `DetectEdge`): `ALPHA` weighs chroma
/// against luma in an edge's strength, `BETA` the original frame's edges against the
/// simplified frame's; `S0..S1` and `A0..A1` are the strengths over which a simplified and an
/// original edge go from nothing to black.
const ALPHA: f32 = 0.3;
const BETA: f32 = 0.8;
const S0: f32 = 0.054;
const S1: f32 = 0.064;
const A0: f32 = 0.3;
const A1: f32 = 0.7;
/// The Sobel operator's horizontal and vertical gradients, 3×3 row by row (the book's
/// `gx[3][3]` and `gy[3][3]`).
const GX: [i32; 9] = [-1, 0, 1, -2, 0, 2, -1, 0, 1];
const GY: [i32; 9] = [1, 2, 1, 0, 0, 0, -1, -2, -1];

/// A pixel's luma and chroma, each channel read as `c / 255` (`ImageUtils::RGBToYUV`).
#[kernel]
pub fn rgb_to_yuv(c: UInt4) -> Float3 {
    let r = c.x() as f32 / 255.0;
    let g = c.y() as f32 / 255.0;
    let b = c.z() as f32 / 255.0;
    let y = WR * r + WG * g + WB * b;
    float3(
        y,
        U_MAX * (b - y) / (1.0 - WB),
        V_MAX * (r - y) / (1.0 - WR),
    )
}

/// How far apart two colours are: the distance of their chroma (`ImageUtils::GetDistance`).
#[kernel]
pub fn distance(a: UInt4, b: UInt4) -> f32 {
    let p = rgb_to_yuv(a);
    let q = rgb_to_yuv(b);
    let du = p.y() - q.y();
    let dv = p.z() - q.z();
    fast_math::sqrt(du * du + dv * dv)
}

/// HLSL's `smoothstep` (C++ AMP's `direct3d::smoothstep`): 0 up to `min`, 1 from `max`, a
/// cubic between.
#[kernel]
pub fn smoothstep(min: f32, max: f32, x: f32) -> f32 {
    let t = ((x - min) / (max - min)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// The magnitude of the Sobel gradient of luma, U and V at `idx` (`CalculateSobel`).
#[kernel]
pub fn sobel(frame: Texture<UInt4, 2>, idx: Index<2>) -> Float3 {
    let mut gx = float3(0.0, 0.0, 0.0);
    let mut gy = float3(0.0, 0.0, 0.0);
    for y in -1..=1 {
        for x in -1..=1 {
            // The book's indexing: `gx[x + 1][y + 1]` at `(idx[0] + x, idx[1] + y)`.
            let wx = GX[(x + 1) * 3 + y + 1] as f32;
            let wy = GY[(x + 1) * 3 + y + 1] as f32;
            let yuv = rgb_to_yuv(frame[Index::new([idx[0] + x, idx[1] + y])]);
            gx += yuv * wx;
            gy += yuv * wy;
        }
    }
    float3(
        fast_math::sqrt(gx.x() * gx.x() + gy.x() * gy.x()),
        fast_math::sqrt(gx.y() * gx.y() + gy.y() * gy.y()),
        fast_math::sqrt(gx.z() * gx.z() + gy.z() * gy.z()),
    )
}

/// One phase of colour simplification, `src` into `dst` (`ApplyColorSimplifier` and
/// `SimplifyIndex`): pixels within half a window of the border are not written.
pub fn simplify(
    src: &Texture<UInt4, 2>,
    dst: &Texture<UInt4, 2>,
    window: i32,
) -> Result<(), amp::Error> {
    let dest = dst.view();
    let shift = window / 2;
    let [h, w] = src.extent().0;
    parallel_for_each!(Extent::new([h - window, w - window]), |idx: Index<2>| {
        let idx_y = idx[0] + shift;
        let idx_x = idx[1] + shift;
        let org = src[Index::new([idx_y, idx_x])];
        let mut sum = 0.0f32;
        let mut partial = float3(0.0, 0.0, 0.0);
        for y in (idx_y - shift)..=(idx_y + shift) {
            for x in (idx_x - shift)..=(idx_x + shift) {
                // Only the neighbours, not the pixel itself.
                if x != idx_x || y != idx_y {
                    let clr = src[Index::new([y, x])];
                    let d = distance(org, clr);
                    let value = fast_math::pow(std::f32::consts::E, K * d * d);
                    sum += value;
                    partial += float3(clr.x() as f32, clr.y() as f32, clr.z() as f32) * value;
                }
            }
        }
        let c = (partial / sum).clamp(float3(0.0, 0.0, 0.0), float3(255.0, 255.0, 255.0));
        dest[Index::new([idx_y, idx_x])] = uint4(c.x() as u32, c.y() as u32, c.z() as u32, 255);
    })
}

/// Darkens the edges of `src` (simplified) and `org` (the original) into `dst`
/// (`ApplyEdgeDetection` and `DetectEdge`).
pub fn detect_edges(
    src: &Texture<UInt4, 2>,
    dst: &Texture<UInt4, 2>,
    org: &Texture<UInt4, 2>,
    window: i32,
) -> Result<(), amp::Error> {
    let dest = dst.view();
    let offset = (window + 2) / 2;
    let [h, w] = src.extent().0;
    let border = window + EDGE_BORDER_WIDTH;
    parallel_for_each!(Extent::new([h - border, w - border]), |idx: Index<2>| {
        let idc = Index::new([idx[0] + offset, idx[1] + offset]);
        let s = sobel(src, idc);
        let a = sobel(org, idc);
        let edge_s = (1.0 - ALPHA) * s.x() + ALPHA * (s.y() + s.z()) / 2.0;
        let edge_a = (1.0 - ALPHA) * a.x() + ALPHA * (a.y() + a.z()) / 2.0;
        let i = (1.0 - BETA) * smoothstep(S0, S1, edge_s) + BETA * smoothstep(A0, A1, edge_a);
        let c = src[idc];
        let keep = 1.0 - i;
        dest[idc] = uint4(
            (c.x() as f32 * keep) as u32,
            (c.y() as f32 * keep) as u32,
            (c.z() as f32 * keep) as u32,
            255,
        );
    })
}

/// The book's `ProcessImage`: `phases` simplifications of `original`, then edge detection,
/// into a new texture. Pixels the kernels do not reach (the borders) keep the original's.
pub fn cartoonize(
    original: &Texture<UInt4, 2>,
    phases: u32,
    window: i32,
) -> Result<Texture<UInt4, 2>, amp::Error> {
    let mut current = original.try_clone()?;
    let mut next = original.try_clone()?;
    for _ in 0..phases {
        simplify(&current, &next, window)?;
        std::mem::swap(&mut current, &mut next);
    }
    // The edge pass writes inside a wider border than the simplifier: the band between keeps
    // the simplified pixels.
    current.copy_to(&next)?;
    detect_edges(&current, &next, original, window)?;
    Ok(next)
}

/// A pixel's luma and chroma on the CPU, as [`rgb_to_yuv`].
fn yuv(c: [u8; 4]) -> [f32; 3] {
    let (r, g, b) = (
        c[0] as f32 / 255.0,
        c[1] as f32 / 255.0,
        c[2] as f32 / 255.0,
    );
    let y = WR * r + WG * g + WB * b;
    [
        y,
        U_MAX * (b - y) / (1.0 - WB),
        V_MAX * (r - y) / (1.0 - WR),
    ]
}

/// [`simplify`] on the CPU (rows of RGBA bytes `width` wide): the border keeps `src`'s pixels.
pub fn simplify_cpu(src: &[[u8; 4]], width: usize, window: i32) -> Vec<[u8; 4]> {
    let height = src.len() / width;
    let shift = (window / 2) as usize;
    let mut dst = src.to_vec();
    for y0 in shift..height - shift {
        for x0 in shift..width - shift {
            let org = yuv(src[y0 * width + x0]);
            let (mut sum, mut partial) = (0.0f32, [0.0f32; 3]);
            for y in y0 - shift..=y0 + shift {
                for x in x0 - shift..=x0 + shift {
                    if x != x0 || y != y0 {
                        let clr = src[y * width + x];
                        let p = yuv(clr);
                        let d = ((org[1] - p[1]).powi(2) + (org[2] - p[2]).powi(2)).sqrt();
                        let value = (K * d * d).exp();
                        sum += value;
                        for c in 0..3 {
                            partial[c] += clr[c] as f32 * value;
                        }
                    }
                }
            }
            let c = partial.map(|p| (p / sum).clamp(0.0, 255.0) as u8);
            dst[y0 * width + x0] = [c[0], c[1], c[2], 255];
        }
    }
    dst
}

/// [`detect_edges`] on the CPU: `src` (simplified) with the edges of itself and `org`
/// darkened; the border keeps `src`'s pixels.
pub fn detect_edges_cpu(
    src: &[[u8; 4]],
    org: &[[u8; 4]],
    width: usize,
    window: i32,
) -> Vec<[u8; 4]> {
    let height = src.len() / width;
    let sobel = |frame: &[[u8; 4]], y0: usize, x0: usize| {
        let (mut gx, mut gy) = ([0.0f32; 3], [0.0f32; 3]);
        for x in 0..3 {
            for y in 0..3 {
                // The book's indexing, as in `sobel`.
                let p = yuv(frame[(y0 + x - 1) * width + x0 + y - 1]);
                for c in 0..3 {
                    gx[c] += GX[x * 3 + y] as f32 * p[c];
                    gy[c] += GY[x * 3 + y] as f32 * p[c];
                }
            }
        }
        [0, 1, 2].map(|c| (gx[c] * gx[c] + gy[c] * gy[c]).sqrt())
    };
    let smoothstep = |min: f32, max: f32, x: f32| {
        let t = ((x - min) / (max - min)).clamp(0.0, 1.0);
        t * t * (3.0 - 2.0 * t)
    };
    let mut out = src.to_vec();
    let offset = ((window + 2) / 2) as usize;
    let border = (window + EDGE_BORDER_WIDTH) as usize;
    for y in offset..offset + height - border {
        for x in offset..offset + width - border {
            let s = sobel(src, y, x);
            let a = sobel(org, y, x);
            let edge_s = (1.0 - ALPHA) * s[0] + ALPHA * (s[1] + s[2]) / 2.0;
            let edge_a = (1.0 - ALPHA) * a[0] + ALPHA * (a[1] + a[2]) / 2.0;
            let i = (1.0 - BETA) * smoothstep(S0, S1, edge_s) + BETA * smoothstep(A0, A1, edge_a);
            let c = src[y * width + x];
            let keep = 1.0 - i;
            out[y * width + x] = [
                (c[0] as f32 * keep) as u8,
                (c[1] as f32 * keep) as u8,
                (c[2] as f32 * keep) as u8,
                255,
            ];
        }
    }
    out
}

/// A picture to cartoonize when none is given: a landscape of smooth gradients and shapes,
/// with a little grain (so that there is something to simplify).
pub fn test_picture(width: u32, height: u32) -> DynamicImage {
    DynamicImage::ImageRgba8(ImageBuffer::from_fn(width, height, |x, y| {
        let (u, v) = (x as f32 / width as f32, y as f32 / height as f32);
        // Grain of 2×2 pixels, from a hash of the cell.
        let mut grain = (x / 2).wrapping_mul(0x9e37_79b9) ^ (y / 2).wrapping_mul(0x85eb_ca6b);
        grain ^= grain >> 15;
        grain = grain.wrapping_mul(0x2c1b_3c6d);
        grain ^= grain >> 12;
        let noise = (grain % 17) as f32 - 8.0;
        let hill = 0.62 + 0.08 * (u * 9.0).sin() + 0.05 * (u * 23.0).cos();
        let sun = ((u - 0.75).powi(2) + (v - 0.22).powi(2) * 0.6).sqrt() < 0.09;
        let house = (0.18..0.38).contains(&u) && (0.5..0.78).contains(&v);
        let roof =
            (0.14..0.42).contains(&u) && v < 0.5 && v > 0.5 - (0.14 - (u - 0.28).abs()) * 1.2;
        let window = house
            && ((0.23..0.29).contains(&u) || (0.31..0.35).contains(&u))
            && (0.58..0.66).contains(&v);
        let [r, g, b] = if window {
            [250.0, 220.0, 90.0]
        } else if roof {
            [150.0 - 60.0 * v, 40.0, 30.0]
        } else if house {
            [210.0, 180.0 - 40.0 * v, 140.0]
        } else if sun {
            [255.0, 210.0, 60.0]
        } else if v > hill {
            [40.0 + 60.0 * u, 140.0 - 50.0 * (v - hill), 50.0]
        } else {
            [90.0 + 80.0 * v, 150.0 + 70.0 * v, 235.0]
        };
        let c = |x: f32| (x + noise).clamp(0.0, 255.0) as u8;
        Rgba([c(r), c(g), c(b), 255])
    }))
}

/// Cartoonizes `input` (a PNG or JPEG; the test picture when `None`) into the PNG `output`.
pub fn run(input: Option<&str>, output: &str) -> Result<(), amp::Error> {
    let original = match input {
        Some(path) => Texture::<UInt4, 2>::load(path)?,
        None => Texture::<UInt4, 2>::from_image(&test_picture(256, 160))?,
    };
    cartoonize(&original, PHASES, NEIGHBOR_WINDOW)?.save(output)
}

#[allow(dead_code)]
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // `-` (or nothing) is the generated picture, which is written beside the cartoon too.
    let input = args.first().map(String::as_str).filter(|a| *a != "-");
    let output = args.get(1).map_or("cartoon.png", String::as_str);
    run(input, output)?;
    println!("wrote {output}");
    if input.is_none() {
        let picture = std::path::Path::new(output).with_file_name("landscape.png");
        test_picture(256, 160).save(&picture)?;
        println!("wrote {} (the picture cartoonized)", picture.display());
    }
    Ok(())
}
