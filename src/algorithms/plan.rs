//! Launch shapes: where the algorithms run, and how they split `n` elements over tiles.
//!
//! Every kernel uses tiles of [`TILE`] threads. Multi-pass algorithms give each tile one
//! contiguous *chunk* of the data, made of *blocks* that the tile's threads load together (each
//! thread a few elements, striped so that neighbouring threads read neighbouring words). The
//! number of tiles is capped, so that later passes over per-tile results stay small, and the
//! chunks are whole blocks.

use crate::error::{ArgumentError, ArgumentProblem, FeatureError};
use crate::{Accelerator, Error, Result};

/// Threads per tile. A radix-sort digit per thread (256 digits of 8 bits), and the size that
/// every desktop, Apple and DirectX 12 GPU supports (Vulkan guarantees 128).
pub(crate) const TILE: usize = 256;

/// The accelerator the algorithm runs on: that of the first operand created on one, else the
/// default accelerator. Fails when it runs no kernels (the CPU accelerator) or cannot run tiles
/// of [`TILE`] threads.
pub(crate) fn accelerator(homes: &[Option<&Accelerator>]) -> Result<Accelerator> {
    let acc = match homes.iter().flatten().next() {
        Some(acc) => (*acc).clone(),
        None => Accelerator::default()?,
    };
    if acc.is_host_only() {
        return Err(Error::UnsupportedFeature(FeatureError::HostOnly {
            site: None,
            accelerator: acc.description().to_owned(),
        }));
    }
    let limits = acc.limits();
    let threads = limits
        .max_compute_invocations_per_workgroup
        .min(limits.max_compute_workgroup_size_x);
    if (threads as usize) < TILE {
        return Err(Error::UnsupportedFeature(FeatureError::AlgorithmTiles {
            threads: TILE as u32,
            accelerator: acc.description().to_owned(),
            max: threads,
        }));
    }
    Ok(acc)
}

/// The bytes of tile_static memory a tile may use on `acc`.
pub(crate) fn tile_static_bytes(acc: &Accelerator) -> u32 {
    acc.limits().max_compute_workgroup_storage_size
}

/// The most tiles of a pass on `acc`: `gpu` on a GPU (enough to fill any GPU several times over);
/// on a CPU device, [`CPU_TILES`], a few per core, so that each tile works through several
/// blocks.
pub(crate) fn max_tiles(acc: &Accelerator, gpu: usize) -> usize {
    if acc.is_emulated() {
        CPU_TILES
    } else {
        gpu
    }
}

/// See [`max_tiles`].
const CPU_TILES: usize = 32;

/// Elements a thread of a streaming kernel (fill, iota, transform) handles per block.
pub(crate) const STREAM_ITEMS: usize = 8;

/// Loads or stores a thread of a streaming kernel keeps in flight: a GPU thread otherwise waits
/// for each load before the next (one 4-byte load per thread in flight, at full occupancy,
/// covers too little of the memory latency to reach the bandwidth), and a kernel of one element
/// per thread spends more on starting tiles than on its stores. The kernels unroll this many
/// accesses per loop pass.
pub(crate) const IN_FLIGHT: usize = 4;

/// The chunks of a streaming kernel over `n` elements: at most 8192 tiles on a GPU (a few
/// times what it runs at once), each thread striding over its tile's chunk.
pub(crate) fn stream_chunks(acc: &Accelerator, n: usize) -> Chunks {
    Chunks::new(n, TILE * STREAM_ITEMS, max_tiles(acc, 8192))
}

/// The most blocks of a chunk: a tile's threads loop over its blocks, and a CPU device ends
/// loops after 65,535 passes per thread (docs/LANGUAGE.md); more data gets more tiles.
const MAX_BLOCKS: usize = 64;

/// How `n` elements are split: `tiles` chunks of `blocks` blocks of `block` elements (the last
/// chunk may be shorter, and hold fewer blocks).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Chunks {
    /// Tiles launched, one per chunk (at least 1).
    pub tiles: u32,
    /// Blocks per chunk.
    pub blocks: u32,
    /// Elements per chunk: `blocks * block`.
    pub chunk: u32,
}

impl Chunks {
    /// Chunks of whole blocks of `block` elements over `n` elements: at most `max_tiles` of
    /// them, unless that would make chunks of more than [`MAX_BLOCKS`] blocks.
    pub(crate) fn new(n: usize, block: usize, max_tiles: usize) -> Chunks {
        let blocks_total = n.div_ceil(block).max(1);
        let tiles = max_tiles.max(blocks_total.div_ceil(MAX_BLOCKS)).max(1);
        let blocks = blocks_total.div_ceil(tiles);
        let tiles = blocks_total.div_ceil(blocks);
        Chunks {
            tiles: tiles as u32,
            blocks: blocks as u32,
            chunk: (blocks * block) as u32,
        }
    }

    /// The tiled extent of the launch: `tiles` tiles of [`TILE`] threads.
    pub(crate) fn domain(&self) -> crate::TiledExtent<1, TILE, 1, 1> {
        crate::Extent::new([(self.tiles as usize * TILE) as i32]).tile::<TILE>()
    }
}

/// The largest number of elements the algorithms take: extents are `i32`, and the kernels'
/// `u32` index arithmetic keeps a block of slack above it.
pub(crate) fn check_len(function: &'static str, n: usize) -> Result<()> {
    if n > i32::MAX as usize {
        return Err(Error::InvalidArgument(ArgumentError::new(
            function,
            ArgumentProblem::TooMany {
                count: n as u64,
                what: "elements",
                max: i32::MAX as u64,
            },
        )));
    }
    Ok(())
}

/// Fails unless `output` has as many elements as `input`.
pub(crate) fn same_len(function: &'static str, input: usize, output: usize) -> Result<()> {
    if input != output {
        return Err(Error::InvalidArgument(ArgumentError::new(
            function,
            ArgumentProblem::OutputLength {
                output: output as u64,
                input: input as u64,
            },
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_cover_the_data_in_whole_blocks() {
        assert_eq!(
            Chunks::new(0, 100, 8),
            Chunks {
                tiles: 1,
                blocks: 1,
                chunk: 100
            }
        );
        assert_eq!(Chunks::new(250, 100, 8).tiles, 3);
        let c = Chunks::new(10_000, 100, 8);
        assert_eq!((c.tiles, c.blocks, c.chunk), (8, 13, 1300));
        assert!(c.tiles as usize * c.chunk as usize >= 10_000);
        assert!((c.tiles as usize - 1) * (c.chunk as usize) < 10_000);
        // At most MAX_BLOCKS blocks a chunk, whatever the cap on tiles.
        let c = Chunks::new(1 << 20, 16, 4);
        assert_eq!((c.tiles, c.blocks), (1024, MAX_BLOCKS as u32));
    }
}
