//! A Gaussian blur by sampling: each pass reads a `ConstTextureView` through a linear `Sampler`,
//! so one sample between two texels weighs both (the GPU's filtering does the multiply-add),
//! and a 9-tap binomial kernel takes five samples per pixel and pass, across rows and then
//! down columns.
//!
//! The texels are `Float4` at 16 bits per component: 32-bit floats do not filter on every
//! device (wgpu's `FLOAT32_FILTERABLE`), 16-bit ones do.
//!
//! `cargo run --example blur [input.png|.jpg|-] [output.png]` blurs the picture given (a
//! generated one for `-` or none) into `blurred.png`.

use amp::graphics::image::{DynamicImage, ImageBuffer, Rgba};
use amp::prelude::*;

/// The 9-tap binomial kernel `[1, 8, 28, 56, 70, 56, 28, 8, 1] / 256`, as five linear samples:
/// the centre texel, then on each side one sample between texels 1 and 2 (weight 56 + 28) and
/// one between texels 3 and 4 (8 + 1), placed where linear filtering gives each texel its share.
pub const OFFSETS: [f32; 3] = [0.0, 1.0 + 28.0 / 84.0, 3.0 + 1.0 / 9.0];
/// The samples' weights.
pub const WEIGHTS: [f32; 3] = [70.0 / 256.0, 84.0 / 256.0, 9.0 / 256.0];
/// The binomial kernel itself, for the CPU reference.
pub const TAPS: [f32; 9] = [1.0, 8.0, 28.0, 56.0, 70.0, 56.0, 28.0, 8.0, 1.0];

/// One pass: `dst[idx]` is the weighted sum of `src` sampled along `step` (a texel across a
/// row, or down a column) around idx's centre.
fn pass(
    src: &Texture<Float4, 2>,
    dst: &Texture<Float4, 2>,
    step: Float2,
) -> Result<(), amp::Error> {
    let cv = src.const_view();
    let out = dst.view();
    let sampler = Sampler::new(Filter::Linear, Address::Clamp);
    let [h, w] = src.extent().0;
    let size = float2(w as f32, h as f32);
    parallel_for_each!(out.extent(), |idx: Index<2>| {
        let centre = float2(idx[1] as f32 + 0.5, idx[0] as f32 + 0.5);
        let mut sum = cv.sample(sampler, centre / size) * WEIGHTS[0];
        for k in 1..3 {
            let d = step * OFFSETS[k];
            let pair =
                cv.sample(sampler, (centre + d) / size) + cv.sample(sampler, (centre - d) / size);
            sum += pair * WEIGHTS[k];
        }
        out[idx] = sum;
    })
}

/// `src` blurred: across rows, then down columns, into a new texture.
pub fn blur(src: &Texture<Float4, 2>) -> Result<Texture<Float4, 2>, amp::Error> {
    let make = || Texture::<Float4, 2>::options(src.extent()).bits(16).build();
    let (across, down) = (make()?, make()?);
    pass(src, &across, float2(1.0, 0.0))?;
    pass(&across, &down, float2(0.0, 1.0))?;
    Ok(down)
}

/// The same on the CPU: the 9-tap kernel over rows then columns, texels past the border
/// clamped to it (as `Address::Clamp` samples them).
pub fn blur_cpu(texels: &[Float4], width: usize) -> Vec<Float4> {
    let height = texels.len() / width;
    let convolve = |src: &[Float4], along_rows: bool| -> Vec<Float4> {
        let mut out = vec![Float4::default(); src.len()];
        for y in 0..height {
            for x in 0..width {
                let mut sum = Float4::default();
                for (k, &tap) in TAPS.iter().enumerate() {
                    let d = k as isize - 4;
                    let (sx, sy) = if along_rows {
                        ((x as isize + d).clamp(0, width as isize - 1) as usize, y)
                    } else {
                        (x, (y as isize + d).clamp(0, height as isize - 1) as usize)
                    };
                    sum += src[sy * width + sx] * (tap / 256.0);
                }
                out[y * width + x] = sum;
            }
        }
        out
    };
    convolve(&convolve(texels, true), false)
}

/// A picture to blur when none is given: a checkerboard under coloured rings (sharp edges
/// everywhere, so that the blur shows).
pub fn test_picture(width: u32, height: u32) -> DynamicImage {
    DynamicImage::ImageRgba8(ImageBuffer::from_fn(width, height, |x, y| {
        let (u, v) = (
            x as f32 - width as f32 / 2.0,
            y as f32 - height as f32 / 2.0,
        );
        let ring = ((u * u + v * v).sqrt() / 20.0) as u32;
        let check = ((x / 20) + (y / 20)) % 2 == 0;
        let base = if check { 230 } else { 40 };
        match ring % 4 {
            0 => Rgba([base, base, base, 255]),
            1 => Rgba([220, 60, 50, 255]),
            2 => Rgba([base, base, base, 255]),
            _ => Rgba([40, 90, 210, 255]),
        }
    }))
}

/// Times `run` blurs a picture: each round is one more binomial kernel, widening the blur
/// (four rounds weigh like a Gaussian of σ = 2√2 texels).
pub const ROUNDS: u32 = 4;

/// Blurs `input` (a PNG or JPEG; the test picture when `None`) [`ROUNDS`] times into the PNG
/// `output`.
pub fn run(input: Option<&str>, output: &str) -> Result<(), amp::Error> {
    let options = Texture::<Float4, 2>::options([1, 1]).bits(16);
    let mut picture = match input {
        Some(path) => options.load(path)?,
        None => options.from_image(&test_picture(256, 160))?,
    };
    for _ in 0..ROUNDS {
        picture = blur(&picture)?;
    }
    picture.save(output)
}

#[allow(dead_code)]
fn main() -> Result<(), amp::Error> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let output = args.get(1).map_or("blurred.png", String::as_str);
    run(
        args.first().map(String::as_str).filter(|a| *a != "-"),
        output,
    )?;
    println!("wrote {output}");
    Ok(())
}
