//! Compute domains: what a launch runs over (an [`Extent`], or a [`TiledExtent`]), checked
//! before anything is built, and the parameter words that tell the kernel its shape.

use crate::error::{Error, Result};
use amp_core::builder::{UNTILED_BLOCK_2D, UNTILED_WORKGROUP};
use amp_core::{Extent, Index, KernelBuilder, KernelValue, TiledExtent, TiledIndex, Value};

/// The compute domain of a launch: an [`Extent`] (untiled).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a compute domain",
    label = "the threads to run over: an extent or a tiled extent",
    note = "launch over `view.extent()`, `Extent::new([rows, cols])`, or a tiled extent such as `view.extent().tile::<16, 16>()`"
)]
pub trait Domain {
    /// The index a kernel thread receives.
    type Index;
    /// Starts the kernel's entry point and returns the thread's index.
    fn entry(b: &mut KernelBuilder) -> Self::Index;
    /// Checks the domain; returns the number of threads and the domain's parameter words.
    fn launch(&self) -> Result<(u64, Vec<u32>)>;
}

/// The most threads one launch may have (C++ AMP's limit).
pub const MAX_THREADS: u64 = u32::MAX as u64;

impl<const N: usize> Domain for Extent<N>
where
    Index<N>: Value + amp_core::types::Rank,
{
    type Index = KernelValue<Index<N>>;

    fn entry(b: &mut KernelBuilder) -> Self::Index {
        b.untiled_entry::<N>()
    }

    fn launch(&self) -> Result<(u64, Vec<u32>)> {
        for (dim, &e) in self.0.iter().enumerate() {
            if e <= 0 {
                return Err(Error::InvalidComputeDomain(format!(
                    "parallel_for_each: unsupported compute domain, the extent of dimension \
                     {dim} of the compute domain ({e}) cannot be smaller than or equal to 0"
                )));
            }
        }
        let threads = self.size();
        if threads > MAX_THREADS {
            return Err(Error::InvalidComputeDomain(format!(
                "parallel_for_each: the number of threads requested ({threads}) exceeds the \
                 limit ({MAX_THREADS})"
            )));
        }
        if N == 2 {
            // 16×16 blocks (amp-core's `untiled_entry`): blocks, blocks per row, extent.
            let side = u64::from(UNTILED_BLOCK_2D);
            let per_row = (self.0[1] as u64).div_ceil(side);
            let blocks = (self.0[0] as u64).div_ceil(side) * per_row;
            let words = vec![
                blocks as u32,
                per_row as u32,
                self.0[0] as u32,
                self.0[1] as u32,
            ];
            return Ok((blocks * side * side, words));
        }
        // 256-thread workgroups (amp-core's `untiled_entry`): workgroups, threads, extent. The
        // kernel compares its workgroup with the first word before forming its thread number,
        // so the surplus workgroups of the dispatched grid (`dispatch` sizes it from the same
        // `threads` and workgroup size, rounded up to whole rows) cannot wrap that number.
        let groups = threads.div_ceil(u64::from(UNTILED_WORKGROUP));
        let mut words = vec![groups as u32, threads as u32];
        words.extend(self.0.iter().map(|&c| c as u32));
        Ok((threads, words))
    }
}

impl<const N: usize, const D0: usize, const D1: usize, const D2: usize> Domain
    for TiledExtent<N, D0, D1, D2>
where
    Index<N>: Value + amp_core::types::Rank,
    Extent<N>: Value + amp_core::types::Rank,
{
    type Index = TiledIndex<N>;

    fn entry(b: &mut KernelBuilder) -> Self::Index {
        b.tiled_entry::<N>(Self::TILE)
    }

    fn launch(&self) -> Result<(u64, Vec<u32>)> {
        self.extent().launch()?;
        let mut tiles = 1u64;
        let mut words = vec![0];
        for (dim, &e) in self.extent().0.iter().enumerate() {
            let d = Self::TILE[dim] as i32;
            if e % d != 0 {
                return Err(Error::InvalidComputeDomain(format!(
                    "parallel_for_each(tiling): unsupported compute domain, the extent of \
                     dimension {dim} of the compute domain ({e}) cannot be evenly divided by the \
                     extent of dimension {dim} of the tile ({d})"
                )));
            }
            tiles *= (e / d) as u64;
            words.push((e / d) as u32);
        }
        words[0] = tiles as u32;
        let per_tile: u64 = Self::TILE[..N].iter().map(|&d| u64::from(d)).product();
        Ok((tiles * per_tile, words))
    }
}
