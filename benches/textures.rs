//! Texture sampling against the same filter over an array view (issue 22's figure): a bilinear
//! resample of a `size × size` image of `Float4` texels, each output texel read between four
//! input texels, through
//!
//! - a `ConstTextureView` and a linear, clamped `Sampler` (the texture unit filters), at 16 and
//!   32 bits per component;
//! - an `ArrayView<Float4, 2>` with the four reads and the weights written out in the kernel
//!   (clamped addresses, as the sampler's), checked and unchecked;
//!
//! and, as the memory-bound baseline, a plain copy of the image by index through each. Kernel
//! time is the accelerator's own clock (`Accelerator::profile`), the median of several
//! launches; on an accelerator without timestamps, the wall clock around a waited launch.
//!
//! `cargo bench --bench textures -- [--size N] [--runs R]` (default 4096 on a GPU, 512 on a CPU).

use amp::prelude::*;
use std::time::{Duration, Instant};

#[path = "support/figure.rs"]
#[allow(dead_code)]
mod figure;
use figure::figure;

fn arg(name: &str) -> Option<usize> {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
}

/// The median time of one launch of `launch`, over `runs` launches after a warm-up.
fn time(acc: &Accelerator, runs: usize, mut launch: impl FnMut() -> amp::Result<()>) -> f64 {
    let run = |launch: &mut dyn FnMut() -> amp::Result<()>| -> amp::Result<Duration> {
        if acc.supports_profiling() {
            let ((), profile) = acc.profile(&mut *launch)?;
            return Ok(profile.total());
        }
        let start = Instant::now();
        launch()?;
        acc.wait()?;
        Ok(start.elapsed())
    };
    if let Err(e) = run(&mut launch) {
        eprintln!("warm-up failed: {e}");
        return f64::NAN;
    }
    let mut times: Vec<Duration> = (0..runs).filter_map(|_| run(&mut launch).ok()).collect();
    times.sort();
    times
        .get(times.len() / 2)
        .map_or(f64::NAN, Duration::as_secs_f64)
}

fn report(workload: &str, implementation: &str, texels: usize, secs: f64, baseline: f64) {
    let rate = texels as f64 / secs / 1e9;
    println!(
        "  {workload:<22} {implementation:<34} {:9.3} ms {rate:8.2} Gtexel/s {:6.2}x",
        secs * 1e3,
        baseline / secs
    );
    figure(workload, implementation, rate, "Gtexel/s");
}

fn main() -> amp::Result<()> {
    let acc = Accelerator::default()?;
    let gpu = acc.device_type().is_gpu();
    let size = arg("--size").unwrap_or(if gpu { 4096 } else { 512 }) as i32;
    let runs = arg("--runs").unwrap_or(if gpu { 20 } else { 3 });
    println!("{} — {size}×{size} Float4, {runs} runs", acc.description());
    let n = (size * size) as usize;
    let image: Vec<Float4> = (0..n)
        .map(|k| {
            let (r, c) = ((k / size as usize) as f32, (k % size as usize) as f32);
            float4(r / size as f32, c / size as f32, 0.5, 1.0)
        })
        .collect();
    let e = Extent::new([size, size]);
    let input = Array::new(e, &image)?;
    let output = Array::<Float4, 2>::from_extent(e)?;
    let tex32 = Texture::<Float4, 2>::from_slice(e, &image)?;
    let tex16 = Texture::<Float4, 2>::options(e)
        .bits(16)
        .from_slice(&image)?;
    let sampler = Sampler::new(Filter::Linear, Address::Clamp);
    // Each output texel samples a third of a texel right and down of its own centre.
    let shift: f32 = 1.0 / 3.0;
    let inv = 1.0 / size as f32;

    println!("bilinear resample");
    let by_array = |checked: bool| {
        let (src, dst) = (&input, &output);
        time(&acc, runs, || {
            if checked {
                parallel_for_each!(dst.extent(), |idx: Index<2>| {
                    let last = size - 1;
                    let x = idx[1] as f32 + shift;
                    let y = idx[0] as f32 + shift;
                    let (x0, y0) = (x.floor(), y.floor());
                    let (a, b) = (x - x0, y - y0);
                    let (c0, r0) = ((x0 as i32).clamp(0, last), (y0 as i32).clamp(0, last));
                    let (c1, r1) = ((c0 + 1).min(last), (r0 + 1).min(last));
                    let top = src[(r0, c0)] * (1.0 - a) + src[(r0, c1)] * a;
                    let bottom = src[(r1, c0)] * (1.0 - a) + src[(r1, c1)] * a;
                    dst[idx] = top * (1.0 - b) + bottom * b;
                })
            } else {
                unsafe {
                    parallel_for_each_unchecked!(dst.extent(), |idx: Index<2>| {
                        let last = size - 1;
                        let x = idx[1] as f32 + shift;
                        let y = idx[0] as f32 + shift;
                        let (x0, y0) = (x.floor(), y.floor());
                        let (a, b) = (x - x0, y - y0);
                        let (c0, r0) = ((x0 as i32).clamp(0, last), (y0 as i32).clamp(0, last));
                        let (c1, r1) = ((c0 + 1).min(last), (r0 + 1).min(last));
                        let top = src[(r0, c0)] * (1.0 - a) + src[(r0, c1)] * a;
                        let bottom = src[(r1, c0)] * (1.0 - a) + src[(r1, c1)] * a;
                        dst[idx] = top * (1.0 - b) + bottom * b;
                    })
                }
            }
        })
    };
    let array_checked = by_array(true);
    let array_unchecked = by_array(false);
    let by_texture = |tex: &Texture<Float4, 2>| {
        let (cv, dst, s) = (tex.const_view(), &output, &sampler);
        time(&acc, runs, || {
            parallel_for_each!(dst.extent(), |idx: Index<2>| {
                // Texel centres are at (k + ½)/size: a shift of a third of a texel from there.
                let u = (idx[1] as f32 + 0.5 + shift) * inv;
                let v = (idx[0] as f32 + 0.5 + shift) * inv;
                dst[idx] = cv.sample(s, float2(u, v));
            })
        })
    };
    let tex32_time = by_texture(&tex32);
    let sampled = output.to_vec()?;
    let tex16_time = by_texture(&tex16);
    let base = array_checked;
    report("bilinear", "array view, checked", n, array_checked, base);
    report(
        "bilinear",
        "array view, unchecked",
        n,
        array_unchecked,
        base,
    );
    report("bilinear", "texture 32-bit, sampler", n, tex32_time, base);
    report("bilinear", "texture 16-bit, sampler", n, tex16_time, base);

    // The two agree within the sampler's weight precision.
    let (src, dst) = (&input, &output);
    parallel_for_each!(dst.extent(), |idx: Index<2>| {
        let last = size - 1;
        let x = idx[1] as f32 + shift;
        let y = idx[0] as f32 + shift;
        let (x0, y0) = (x.floor(), y.floor());
        let (a, b) = (x - x0, y - y0);
        let (c0, r0) = ((x0 as i32).clamp(0, last), (y0 as i32).clamp(0, last));
        let (c1, r1) = ((c0 + 1).min(last), (r0 + 1).min(last));
        let top = src[(r0, c0)] * (1.0 - a) + src[(r0, c1)] * a;
        let bottom = src[(r1, c0)] * (1.0 - a) + src[(r1, c1)] * a;
        dst[idx] = top * (1.0 - b) + bottom * b;
    })?;
    let computed = output.to_vec()?;
    let worst = sampled
        .iter()
        .zip(&computed)
        .map(|(s, c)| (0..4).map(|k| (s[k] - c[k]).abs()).fold(0.0f32, f32::max))
        .fold(0.0f32, f32::max);
    println!("  largest difference, sampler vs arithmetic: {worst:.2e} (of values in [0, 1])");

    println!("copy by index");
    let copy_array = {
        let (src, dst) = (&input, &output);
        time(&acc, runs, || {
            parallel_for_each!(dst.extent(), |idx: Index<2>| {
                dst[idx] = src[idx];
            })
        })
    };
    let copy_texture = {
        let (cv, dst) = (tex32.const_view(), &output);
        time(&acc, runs, || {
            parallel_for_each!(dst.extent(), |idx: Index<2>| {
                dst[idx] = cv[idx];
            })
        })
    };
    report("copy", "array view, checked", n, copy_array, copy_array);
    report(
        "copy",
        "texture 32-bit, by index",
        n,
        copy_texture,
        copy_array,
    );
    Ok(())
}
