//! Compute domains: what a launch runs over (an [`Extent`], or a [`TiledExtent`]), checked
//! before anything is built, and the parameter words that tell the kernel its shape.

use crate::error::{DomainError, Error, Result};
use amp_core::builder::{UNTILED_BLOCK_2D, UNTILED_WORKGROUP};
use amp_core::{Extent, Index, KernelBuilder, KernelValue, TiledExtent, TiledIndex, Value};

/// The compute domain of a launch: an [`Extent`] (untiled).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a compute domain",
    label = "the threads to run over: an extent or a tiled extent",
    note = "launch over `view.extent()`, `Extent::new([rows, cols])`, or a tiled extent such as `view.extent().tile::<16, 16>()`; extents of ranks 1 to 8 are domains"
)]
pub trait Domain {
    /// The index a kernel thread receives.
    type Index;
    /// The first of C++ AMP's tile rules that the domain's tile breaks, if any (`parallel_for_each!`
    /// reports it at compile time).
    const SHAPE_ERROR: Option<&'static str> = None;
    /// Starts the kernel's entry point and returns the thread's index.
    fn entry(b: &mut KernelBuilder) -> Self::Index;
    /// Checks the domain; returns the number of threads and the domain's parameter words.
    fn launch(&self) -> Result<(u64, Vec<u32>)>;
}

/// The most threads one launch may have (C++ AMP's limit).
pub const MAX_THREADS: u64 = u32::MAX as u64;

/// An extent of rank `$n` is a domain: the ranks kernels support (1 to 8), one impl each, so that
/// an extent of another rank is "not a compute domain", one error at the domain.
macro_rules! extent_domains {
    ($($n:literal)*) => {$(
        impl Domain for Extent<$n> {
            type Index = KernelValue<Index<$n>>;

            fn entry(b: &mut KernelBuilder) -> Self::Index {
                b.untiled_entry::<$n>()
            }

            fn launch(&self) -> Result<(u64, Vec<u32>)> {
                extent_launch(self)
            }
        }
    )*};
}
extent_domains!(1 2 3 4 5 6 7 8);

/// [`Domain::launch`] of an extent.
fn extent_launch<const N: usize>(extent: &Extent<N>) -> Result<(u64, Vec<u32>)> {
    for (dim, &e) in extent.0.iter().enumerate() {
        if e <= 0 {
            return Err(Error::InvalidComputeDomain(DomainError::NotPositive {
                dim,
                extent: i64::from(e),
            }));
        }
    }
    let threads = extent.size();
    if threads > MAX_THREADS {
        return Err(Error::InvalidComputeDomain(DomainError::TooManyThreads {
            threads,
            limit: MAX_THREADS,
        }));
    }
    if N == 2 {
        // 16×16 blocks (amp-core's `untiled_entry`): blocks, blocks per row, extent.
        let side = u64::from(UNTILED_BLOCK_2D);
        let per_row = (extent.0[1] as u64).div_ceil(side);
        let blocks = (extent.0[0] as u64).div_ceil(side) * per_row;
        let words = vec![
            blocks as u32,
            per_row as u32,
            extent.0[0] as u32,
            extent.0[1] as u32,
        ];
        return Ok((blocks * side * side, words));
    }
    // 256-thread workgroups (amp-core's `untiled_entry`): workgroups, threads, extent. The
    // kernel compares its workgroup with the first word before forming its thread number,
    // so the surplus workgroups of the dispatched grid (`dispatch` sizes it from the same
    // `threads` and workgroup size, rounded up to whole rows) cannot wrap that number.
    let groups = threads.div_ceil(u64::from(UNTILED_WORKGROUP));
    let mut words = vec![groups as u32, threads as u32];
    words.extend(extent.0.iter().map(|&c| c as u32));
    Ok((threads, words))
}

impl<const N: usize, const D0: usize, const D1: usize, const D2: usize> Domain
    for TiledExtent<N, D0, D1, D2>
where
    Index<N>: Value + amp_core::types::Rank,
    Extent<N>: Value + amp_core::types::Rank,
{
    type Index = TiledIndex<N>;
    const SHAPE_ERROR: Option<&'static str> = Self::SHAPE_ERROR;

    fn entry(b: &mut KernelBuilder) -> Self::Index {
        b.tiled_entry::<N>(Self::TILE)
    }

    fn launch(&self) -> Result<(u64, Vec<u32>)> {
        if let Some(rule) = <Self as Domain>::SHAPE_ERROR {
            return Err(Error::InvalidComputeDomain(DomainError::TileRule {
                tile: Self::TILE[..N].to_vec(),
                rule,
            }));
        }
        extent_launch(&self.extent())?;
        let mut tiles = 1u64;
        let mut words = vec![0];
        for (dim, &e) in self.extent().0.iter().enumerate() {
            let d = Self::TILE[dim] as i32;
            if e % d != 0 {
                return Err(Error::InvalidComputeDomain(DomainError::Indivisible {
                    dim,
                    extent: i64::from(e),
                    tile: i64::from(d),
                }));
            }
            tiles *= (e / d) as u64;
            words.push((e / d) as u32);
        }
        words[0] = tiles as u32;
        let per_tile: u64 = Self::TILE[..N].iter().map(|&d| u64::from(d)).product();
        Ok((tiles * per_tile, words))
    }
}
