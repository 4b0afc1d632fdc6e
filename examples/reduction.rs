//! A tiled sum of a large random array: each tile adds its 256 elements as a tree in
//! tile_static memory and writes one partial sum; the partial sums are reduced again the same way
//! until one is left. Equals a CPU sum within float tolerance.

use amp::prelude::*;

/// Threads per tile.
pub const TILE: i32 = 256;

/// One pass: `partial[t] = sum of input[t*256 .. t*256 + 256]` (missing elements count as 0).
fn reduce_pass(
    input: &ConstArrayView<f32, 1>,
    partial: &ArrayView<f32, 1>,
) -> Result<(), amp::Error> {
    let len = input.extent()[0];
    partial.discard_data();
    let domain = input.extent().tile::<256>().pad();
    parallel_for_each!(domain, |t: TiledIndex<1>| {
        #[tile_static]
        let mut sums: [f32; 256];
        let lid = t.local[0];
        let gid = t.global[0];
        sums[lid] = if gid < len { input[gid] } else { 0.0 };
        t.barrier.wait();
        let mut stride = TILE / 2;
        while stride > 0 {
            if lid < stride {
                sums[lid] = sums[lid] + sums[lid + stride];
            }
            t.barrier.wait();
            stride /= 2;
        }
        if lid == 0 {
            partial[t.tile[0]] = sums[0];
        }
    })
}

/// Sums `data` on the accelerator.
pub fn sum(data: &[f32]) -> Result<f32, amp::Error> {
    let mut current = data.to_vec();
    while current.len() > 1 {
        let tiles = current.len().div_ceil(TILE as usize);
        let mut partial = vec![0.0f32; tiles];
        {
            let input = ConstArrayView::new(current.len() as i32, &current)?;
            let out = ArrayView::new(tiles as i32, &mut partial)?;
            reduce_pass(&input, &out)?;
        }
        current = partial;
    }
    Ok(current.first().copied().unwrap_or(0.0))
}

/// Pseudo-random values in `0..1`.
pub fn random(len: usize, seed: u32) -> Vec<f32> {
    let mut x = seed.max(1);
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            (x % 1_000_000) as f32 / 1e6
        })
        .collect()
}

#[allow(dead_code)]
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let data = random(3_000_017, 21);
    let gpu = sum(&data)?;
    let cpu: f64 = data.iter().map(|&x| f64::from(x)).sum();
    let error = (f64::from(gpu) - cpu).abs() / cpu;
    println!(
        "sum of {} values: accelerator {gpu}, CPU {cpu:.3}, relative difference {error:e}",
        data.len()
    );
    if error > 1e-5 {
        return Err("sums differ".into());
    }
    Ok(())
}
