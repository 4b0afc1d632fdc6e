//! Seed 000: simple moving average of a series with a window, in the simple model and tiled
//! (each tile stages a tile's worth of the series in tile_static memory), on a series whose
//! length is not a multiple of the tile. Both equal a CPU reference within float tolerance.

use amp::prelude::*;

/// Threads per tile.
pub const TILE_SIZE: i32 = 512;

/// One thread per output element: `out[i] = mean(series[i - window + 1 ..= i])` for
/// `i >= window - 1` (earlier elements are left as they were).
pub fn sma_simple(series: &[f32], window: i32) -> Result<Vec<f32>, amp::Error> {
    let mut out = vec![0.0; series.len()];
    let input = ConstArrayView::new(series.len() as i32, series)?;
    let output = ArrayView::new(series.len() as i32, &mut out)?;
    parallel_for_each!(input.extent(), |idx: Index<1>| {
        let i = idx[0];
        if i >= window - 1 {
            let mut sum = 0.0f32;
            for j in (i - window + 1)..=i {
                sum += input[j];
            }
            output[i] = sum / window as f32;
        }
    })?;
    drop(output);
    Ok(out)
}

/// Tiled: the launch is padded to whole tiles; each tile loads the part of the series its
/// threads need, one tile-sized chunk at a time, into tile_static memory.
pub fn sma_tiled(series: &[f32], window: i32) -> Result<Vec<f32>, amp::Error> {
    let len = series.len() as i32;
    let mut out = vec![0.0; series.len()];
    let input = ConstArrayView::new(len, series)?;
    let output = ArrayView::new(len, &mut out)?;
    let domain = Extent::new([len]).tile::<512>().pad();
    parallel_for_each!(domain, |t: TiledIndex<1>| {
        let gid = t.global[0];
        let lid = t.local[0];
        let tile_min_thread = t.tile_origin[0];
        let tile_max_thread = tile_min_thread + TILE_SIZE - 1;
        let tile_min_ref = if tile_min_thread - (window - 1) < 0 {
            0
        } else {
            tile_min_thread - (window - 1)
        };
        let tile_max_ref = if tile_max_thread >= len {
            len - 1
        } else {
            tile_max_thread
        };
        let my_min_ref = if gid - (window - 1) < tile_min_ref {
            tile_min_ref
        } else {
            gid - (window - 1)
        };
        let my_max_ref = if gid > tile_max_ref {
            tile_max_ref
        } else {
            gid
        };
        #[tile_static]
        let mut chunk: [f32; 512];
        let mut sum = 0.0f32;
        for i in (tile_min_ref..=tile_max_ref).step_by(512) {
            if i + lid < len {
                chunk[lid] = input[i + lid];
            }
            t.barrier.wait();
            let from = if i < my_min_ref { my_min_ref } else { i };
            let to = if i + (TILE_SIZE - 1) > my_max_ref {
                my_max_ref
            } else {
                i + (TILE_SIZE - 1)
            };
            for j in from..=to {
                sum += chunk[j - i];
            }
            t.barrier.wait();
        }
        if gid >= window - 1 && gid < len {
            output[gid] = sum / window as f32;
        }
    })?;
    drop(output);
    Ok(out)
}

/// The moving average on the CPU.
pub fn sma_cpu(series: &[f32], window: usize) -> Vec<f32> {
    let mut out = vec![0.0; series.len()];
    for i in window - 1..series.len() {
        out[i] = series[i + 1 - window..=i].iter().sum::<f32>() / window as f32;
    }
    out
}

/// A pseudo-random series in `0..100`.
pub fn random_series(len: usize, seed: u32) -> Vec<f32> {
    let mut x = seed.max(1);
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            (x % 10_000) as f32 / 100.0
        })
        .collect()
}

/// The largest difference between two series.
pub fn max_difference(a: &[f32], b: &[f32]) -> f32 {
    a.iter()
        .zip(b)
        .map(|(x, y)| (x - y).abs())
        .fold(0.0, f32::max)
}

#[allow(dead_code)]
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let (len, window) = (100_003, 37);
    let series = random_series(len, 11);
    let expected = sma_cpu(&series, window as usize);
    let simple = sma_simple(&series, window)?;
    let tiled = sma_tiled(&series, window)?;
    let (ds, dt) = (
        max_difference(&simple, &expected),
        max_difference(&tiled, &expected),
    );
    println!("moving average, {len} samples, window {window}");
    println!("  simple: largest difference from the CPU {ds:e}");
    println!("  tiled:  largest difference from the CPU {dt:e}");
    if ds > 1e-3 || dt > 1e-3 {
        return Err("moving average differs from the CPU".into());
    }
    Ok(())
}
