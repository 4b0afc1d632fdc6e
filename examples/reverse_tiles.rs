//! One kernel for every element type: `reverse_tile` is a `#[kernel] fn` generic over `T:
//! Element`, reversing each tile of a view through tile_static memory of `[T; TILE]`. It runs
//! here for `u32`, `Float4` and a user struct.

use amp::prelude::*;

/// Threads (and elements) per tile.
pub const TILE: usize = 64;

/// A key with its payload.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Element)]
pub struct Entry {
    /// The key.
    pub key: u32,
    /// The payload.
    pub value: f32,
}

/// Reverses this thread's tile of `v`.
#[kernel]
fn reverse_tile<T: Element>(v: ArrayView<T, 1>, t: TiledIndex<1>) {
    #[tile_static]
    let mut shared: [T; TILE];
    let l = t.local[0];
    shared[l] = v[t.global];
    t.barrier.wait();
    v[t.global] = shared[TILE as i32 - 1 - l];
}

/// Reverses every tile of `data` (its length a multiple of `TILE`) on the accelerator.
pub fn reverse_tiles<T: Element>(data: &mut [T]) -> Result<(), amp::Error> {
    let v = ArrayView::new(data.len() as i32, data)?;
    parallel_for_each!(v.extent().tile::<TILE>(), |t: TiledIndex<1>| {
        reverse_tile(v, t);
    })?;
    v.synchronize()
}

/// The same on the CPU.
pub fn reverse_tiles_cpu<T: Copy>(data: &mut [T]) {
    data.chunks_mut(TILE).for_each(<[T]>::reverse);
}

#[allow(dead_code)]
fn main() -> Result<(), amp::Error> {
    let mut words: Vec<u32> = (0..4 * TILE as u32).collect();
    let mut vectors: Vec<Float4> = (0..2 * TILE)
        .map(|i| float4(i as f32, 0.0, 0.0, 1.0))
        .collect();
    let mut entries: Vec<Entry> = (0..TILE as u32)
        .map(|key| Entry {
            key,
            value: key as f32 / 2.0,
        })
        .collect();
    reverse_tiles(&mut words)?;
    reverse_tiles(&mut vectors)?;
    reverse_tiles(&mut entries)?;
    println!("u32:    {:?} ...", &words[..4]);
    println!("Float4: {:?} ...", &vectors[..2]);
    println!("Entry:  {:?} ...", &entries[..2]);
    Ok(())
}
