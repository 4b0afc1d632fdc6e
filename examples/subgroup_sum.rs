//! A tiled sum with subgroup operations: each subgroup adds its lanes' values with
//! `subgroup::reduce_add` (no tile_static tree, no barrier per step), its first lane keeps the
//! subgroup's sum in tile_static memory, and after one barrier the tile's subgroups add those
//! sums, again with `reduce_add`. Each tile writes one partial sum; the host adds the partial
//! sums. Correct for any subgroup size from 4 to 128; needs an accelerator with subgroups
//! (`Accelerator::subgroup_size`).

use amp::prelude::*;

/// Threads per tile.
pub const TILE: i32 = 256;

/// The sum of `data` (wrapping, as `i32` addition on the accelerator).
pub fn sum(data: &[i32]) -> Result<i32, amp::Error> {
    let len = data.len() as i32;
    let input = Array::new(len.max(1), &padded(data))?;
    let domain = input.extent().tile::<256>().pad();
    let tiles = domain.extent()[0] / TILE;
    let partial = Array::<i32, 1>::filled(tiles, 0)?;
    parallel_for_each!(domain, |t: TiledIndex<1>| {
        // At most 256 / 4 subgroups in a tile.
        #[tile_static]
        let mut sums: [i32; 64];
        let gid = t.global[0];
        let x = if gid < len { input[gid] } else { 0 };
        let own = subgroup::reduce_add(x);
        if subgroup::lane() == 0 {
            sums[subgroup::id() as i32] = own;
        }
        t.barrier.wait();
        // Every subgroup adds the subgroups' sums, `size()` of them per step.
        let mut total = 0;
        let mut first = 0;
        while first < subgroup::count() {
            let k = first + subgroup::lane();
            let part = if k < subgroup::count() {
                sums[k as i32]
            } else {
                0
            };
            total += subgroup::reduce_add(part);
            first += subgroup::size();
        }
        if t.local[0] == 0 {
            partial[t.tile[0]] = total;
        }
    })?;
    Ok(partial
        .to_vec()?
        .into_iter()
        .fold(0i32, |a, b| a.wrapping_add(b)))
}

/// `data`, or one zero when it is empty (an array has at least one element).
fn padded(data: &[i32]) -> Vec<i32> {
    if data.is_empty() {
        vec![0]
    } else {
        data.to_vec()
    }
}

/// Pseudo-random values in `-500..500`.
pub fn random(len: usize, seed: u32) -> Vec<i32> {
    let mut x = seed.max(1);
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            (x % 1000) as i32 - 500
        })
        .collect()
}

#[allow(dead_code)]
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let accelerator = Accelerator::default()?;
    let Some(lanes) = accelerator.subgroup_size() else {
        println!("{} has no subgroups", accelerator.description());
        return Ok(());
    };
    let data = random(1_000_003, 7);
    let gpu = sum(&data)?;
    let cpu = data.iter().fold(0i32, |a, &b| a.wrapping_add(b));
    println!(
        "sum of {} values in subgroups of {lanes:?} lanes: accelerator {gpu}, CPU {cpu}",
        data.len()
    );
    if gpu != cpu {
        return Err("sums differ".into());
    }
    Ok(())
}
