//! Compute domains: what a launch runs over (an [`Extent`], or a [`TiledExtent`]), on both
//! sides of the launch contract. Inside the kernel, the entry point's prologue turns the thread's
//! place in the workgroup grid into its [`Index`] or [`TiledIndex`], reading the domain's
//! parameter words; at each launch, [`Domain::launch`] checks the domain and computes those
//! words. Both sides of the word format are in this file.

use crate::builder::{Interval, KernelBuilder, KernelValue, ThreadIndexKind};
use crate::layout::{Slot, Words};
use crate::shape::{Extent, Index};
use crate::tile::{TileBarrier, TiledExtent, TiledIndex};
use crate::types::{Rank, Value};
use naga::{BinaryOperator, BuiltIn, Expression, Handle, ScalarKind, TypeInner, VectorSize};
use std::fmt;

/// The compute domain of a launch: an [`Extent`] (untiled) or a [`TiledExtent`].
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
    /// Starts the kernel's entry point (declaring the domain's slot) and returns the index the
    /// body runs at (for an untiled extent of a rank other than 2, in the body's own function,
    /// which [`KernelBuilder::finish`] closes).
    fn entry(b: &mut KernelBuilder) -> Self::Index;
    /// Checks the domain; returns the threads to run and the words of the domain's slot.
    fn launch(&self) -> Result<DomainLaunch, DomainError>;
}

/// What a launch over a domain runs: its threads (a backend dispatches enough workgroups of the
/// kernel's workgroup size for them), and the words of the domain's slot.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DomainLaunch {
    /// Threads to run at one index per thread: the domain's points, rounded up to whole blocks
    /// for an untiled rank-2 domain. A kernel whose threads each run `K` indices
    /// ([`LaunchLayout::indices_per_thread`](crate::LaunchLayout::indices_per_thread)) runs
    /// `⌈threads / K⌉`.
    pub threads: u64,
    /// The domain's parameter words.
    pub words: Vec<u32>,
    /// The domain's extent (a tiled domain's whole extent), whose row-major order numbers its
    /// threads.
    pub extent: Vec<i32>,
}

/// The most threads one launch may have (C++ AMP's limit).
pub const MAX_THREADS: u64 = u32::MAX as u64;

/// A compute domain that cannot be launched (C++ AMP's `invalid_compute_domain`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DomainError {
    /// An extent component that is zero or negative.
    EmptyDimension {
        /// The dimension.
        dim: usize,
        /// Its extent.
        extent: i32,
    },
    /// More threads than one launch may have ([`MAX_THREADS`]).
    TooManyThreads {
        /// The domain's points, counted exactly (three `i32` components can exceed `u64`).
        threads: u128,
    },
    /// A tile that breaks one of C++ AMP's tile rules.
    TileShape {
        /// The tile's dimensions, most significant first.
        tile: Vec<u32>,
        /// The rule.
        rule: &'static str,
    },
    /// An extent component that is not a multiple of the tile's.
    NotTileMultiple {
        /// The dimension.
        dim: usize,
        /// The domain's extent there.
        extent: i32,
        /// The tile's.
        tile: i32,
    },
    /// A tiled extent that cannot be padded (C++ AMP `tiled_extent::pad()`): rounded up to a
    /// multiple of the tile, the extent of a dimension does not fit in an `i32`.
    CannotPad {
        /// The dimension.
        dim: usize,
        /// The extent there.
        extent: i32,
        /// The tile's.
        tile: i32,
    },
}

impl fmt::Display for DomainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DomainError::EmptyDimension { dim, extent } => write!(
                f,
                "parallel_for_each: unsupported compute domain, the extent of dimension {dim} of \
                 the compute domain ({extent}) cannot be smaller than or equal to 0"
            ),
            DomainError::TooManyThreads { threads } => write!(
                f,
                "parallel_for_each: the number of threads requested ({threads}) exceeds the \
                 limit ({MAX_THREADS})"
            ),
            DomainError::TileShape { tile, rule } => write!(
                f,
                "parallel_for_each(tiling): unsupported tile {tile:?}: {rule}"
            ),
            DomainError::NotTileMultiple { dim, extent, tile } => write!(
                f,
                "parallel_for_each(tiling): unsupported compute domain, the extent of dimension \
                 {dim} of the compute domain ({extent}) cannot be evenly divided by the extent \
                 of dimension {dim} of the tile ({tile})"
            ),
            DomainError::CannotPad { dim, extent, tile } => write!(
                f,
                "tiled_extent::pad: the extent of dimension {dim} ({extent}) cannot be padded to a \
                 multiple of the tile's ({tile}): the padded extent exceeds i32::MAX"
            ),
        }
    }
}

impl std::error::Error for DomainError {}

/// An extent of rank `$n` is a domain: the ranks kernels support (1 to 8), one impl each, so that
/// an extent of another rank is "not a compute domain", one error at the domain.
macro_rules! extent_domains {
    ($($n:literal)*) => {$(
        impl Domain for Extent<$n> {
            type Index = KernelValue<Index<$n>>;

            fn entry(b: &mut KernelBuilder) -> Self::Index {
                b.untiled_entry::<$n>()
            }

            fn launch(&self) -> Result<DomainLaunch, DomainError> {
                extent_launch(self)
            }
        }
    )*};
}
extent_domains!(1 2 3 4 5 6 7 8);

/// [`Domain::launch`] of an extent: the words [`untiled_entry`](KernelBuilder::untiled_entry)
/// reads.
fn extent_launch<const N: usize>(extent: &Extent<N>) -> Result<DomainLaunch, DomainError> {
    for (dim, &e) in extent.0.iter().enumerate() {
        if e <= 0 {
            return Err(DomainError::EmptyDimension { dim, extent: e });
        }
    }
    let points: u128 = extent.0.iter().map(|&e| e as u128).product();
    let Ok(threads) = u64::try_from(points) else {
        return Err(DomainError::TooManyThreads { threads: points });
    };
    if threads > MAX_THREADS {
        return Err(DomainError::TooManyThreads {
            threads: u128::from(threads),
        });
    }
    if N == 2 {
        // 16×16 blocks: blocks, blocks per row, extent.
        let side = u64::from(UNTILED_BLOCK_2D);
        let per_row = (extent.0[1] as u64).div_ceil(side);
        let blocks = (extent.0[0] as u64).div_ceil(side) * per_row;
        let words = vec![
            blocks as u32,
            per_row as u32,
            extent.0[0] as u32,
            extent.0[1] as u32,
        ];
        return Ok(DomainLaunch {
            threads: blocks * side * side,
            words,
            extent: extent.0.to_vec(),
        });
    }
    // Indices, extent; the kernel works out which workgroups have indices (`builder/untiled.rs`).
    let mut words = vec![threads as u32];
    words.extend(extent.0.iter().map(|&c| c as u32));
    Ok(DomainLaunch {
        threads,
        words,
        extent: extent.0.to_vec(),
    })
}

impl<const N: usize, const D0: usize, const D1: usize, const D2: usize> Domain
    for TiledExtent<N, D0, D1, D2>
where
    Index<N>: Value + Rank,
    Extent<N>: Value + Rank,
{
    type Index = TiledIndex<N>;
    const SHAPE_ERROR: Option<&'static str> = Self::SHAPE_ERROR;

    fn entry(b: &mut KernelBuilder) -> Self::Index {
        b.tiled_entry::<N>(Self::TILE)
    }

    /// The words [`tiled_entry`](KernelBuilder::tiled_entry) reads: the number of tiles, then
    /// the tiles per dimension.
    fn launch(&self) -> Result<DomainLaunch, DomainError> {
        if let Some(rule) = <Self as Domain>::SHAPE_ERROR {
            return Err(DomainError::TileShape {
                tile: Self::TILE[..N].to_vec(),
                rule,
            });
        }
        extent_launch(&self.extent())?;
        let mut tiles = 1u64;
        let mut words = vec![0];
        for (dim, &e) in self.extent().0.iter().enumerate() {
            let d = Self::TILE[dim] as i32;
            if e % d != 0 {
                return Err(DomainError::NotTileMultiple {
                    dim,
                    extent: e,
                    tile: d,
                });
            }
            tiles *= (e / d) as u64;
            words.push((e / d) as u32);
        }
        words[0] = tiles as u32;
        let per_tile: u64 = Self::TILE[..N].iter().map(|&d| u64::from(d)).product();
        Ok(DomainLaunch {
            threads: tiles * per_tile,
            words,
            extent: self.extent().0.to_vec(),
        })
    }
}

pub use crate::builder::UNTILED_WORKGROUP;

/// Where a component of a thread's index in the domain lies.
const DOMAIN_COMPONENT: Interval = Interval::new(0, i32::MAX as i128 - 1);

/// The side of the square blocks of an untiled rank-2 launch.
pub const UNTILED_BLOCK_2D: u32 = 16;

impl KernelBuilder {
    /// Starts the entry point of an untiled launch over an `N`-dimensional extent and returns
    /// the thread's index.
    ///
    /// Rank 2 runs 16×16 blocks of threads (like a hand-written 2-D kernel: a block reuses 16
    /// rows and 16 columns of its inputs in cache). Parameter words: `[0]` the number of blocks,
    /// `[1]` blocks per row, `[2..=3]` the extent; threads outside the extent return at once.
    ///
    /// Other ranks run 256-thread workgroups over the row-major order, each thread several
    /// indices (`builder/untiled.rs`): the kernel body is a function of the index's linear
    /// number, which turns it into an `Index<N>`, and the entry point, built by
    /// [`finish`](Self::finish), calls it for each index of its thread. Parameter words: `[0]`
    /// the number of indices, `[1..1 + N]` the extent.
    ///
    /// Either way the workgroups are numbered linearly over a grid of up to three dimensions,
    /// so the per-dimension dispatch limit does not bound the domain.
    pub fn untiled_entry<const N: usize>(&mut self) -> KernelValue<Index<N>>
    where
        Index<N>: Value + Rank,
    {
        if N == 2 {
            let [row, col] = self.untiled_blocks();
            return KernelValue::from_handle(self.compose::<Index<N>>(vec![row, col]));
        }
        let first = self.declare_domain(1 + N as u32);
        let (count_word, extent_word) = (first, first + 1);
        let linear = self.begin_untiled_body(count_word);
        self.set_thread_index(ThreadIndexKind::Linear(linear));
        let components = self
            .delinearize(linear, extent_word, N)
            .into_iter()
            .map(|c| self.domain_component(c))
            .collect();
        KernelValue::from_handle(self.compose::<Index<N>>(components))
    }

    /// The domain's slot: `count` parameter words; returns the first.
    fn declare_domain(&mut self, count: u32) -> u32 {
        let first = self.alloc_words(count);
        let words = Words { first, count };
        self.layout.slots.push(Slot::Domain(words));
        first
    }

    /// The rank-2 untiled prologue (see [`untiled_entry`](Self::untiled_entry)).
    fn untiled_blocks(&mut self) -> [Handle<Expression>; 2] {
        let side = UNTILED_BLOCK_2D;
        self.layout.workgroup_size = [side, side, 1];
        let first = self.declare_domain(4);
        let (total_word, per_row_word, extent_word) = (first, first + 1, first + 2);
        let uvec3 = TypeInner::Vector {
            size: VectorSize::Tri,
            scalar: naga::Scalar::U32,
        };
        let local_id = self.builtin_argument(BuiltIn::LocalInvocationId, uvec3);
        let block = self.linear_workgroup();
        self.return_unless_below(block, total_word);
        let per_row = self.param_word(per_row_word).handle();
        let block_row = self.binary(BinaryOperator::Divide, block, per_row);
        let block_col = self.binary(BinaryOperator::Modulo, block, per_row);
        let side = self.append(Expression::Literal(naga::Literal::U32(side)));
        let mut index = [block_row; 2];
        let mut rows = Vec::with_capacity(2);
        for (k, (b, lane)) in [(block_row, 1), (block_col, 0)].into_iter().enumerate() {
            let origin = self.binary(BinaryOperator::Multiply, b, side);
            let local = self.append(Expression::AccessIndex {
                base: local_id,
                index: lane,
            });
            let c = self.binary(BinaryOperator::Add, origin, local);
            // Threads of edge blocks outside the extent leave (no barriers in untiled kernels).
            self.return_unless_below(c, extent_word + k as u32);
            index[k] = self.domain_component(c);
            rows.push(c);
        }
        self.set_thread_index(ThreadIndexKind::Rows {
            index: rows,
            extent: vec![(extent_word, 1), (extent_word + 1, 1)],
        });
        index
    }

    /// Returns from the entry point unless `linear < word[count_word]`. `linear` must not have
    /// wrapped in `u32`: a wrapped number is small and passes.
    fn return_unless_below(&mut self, linear: Handle<Expression>, count_word: u32) {
        let count = self.param_word(count_word).handle();
        let inside = self.binary(BinaryOperator::Less, linear, count);
        self.return_unless(inside);
    }

    /// Splits a linear number into `N` row-major components (as `u32`) of the extent held in
    /// parameter words `first..first + N`.
    fn delinearize(
        &mut self,
        linear: Handle<Expression>,
        first: u32,
        n: usize,
    ) -> Vec<Handle<Expression>> {
        let mut rest = linear;
        let mut components = vec![rest; n];
        for k in (1..n).rev() {
            let e = self.param_word(first + k as u32).handle();
            components[k] = self.binary(BinaryOperator::Modulo, rest, e);
            rest = self.binary(BinaryOperator::Divide, rest, e);
        }
        components[0] = rest;
        components
    }

    /// A component of the thread's index in the domain, as `i32`; the range analysis knows it
    /// lies in `[0, i32::MAX)` (a domain's extent is a positive `i32`).
    fn domain_component(&mut self, expr: Handle<Expression>) -> Handle<Expression> {
        let component = self.as_i32(expr);
        self.know(component, DOMAIN_COMPONENT);
        component
    }

    fn as_i32(&mut self, expr: Handle<Expression>) -> Handle<Expression> {
        self.append(Expression::As {
            expr,
            kind: ScalarKind::Sint,
            convert: None,
        })
    }

    /// Starts the entry point of a tiled launch with tiles of `tile` (most significant first)
    /// and returns the thread's tiled index. Parameter words: `[0]` the number of tiles,
    /// `[1..=N]` the tiles per dimension. Each workgroup is one tile; the workgroup grid is
    /// numbered linearly (so any number of tiles up to the per-dimension limit squared
    /// launches) and turned into a row-major tile index.
    pub fn tiled_entry<const N: usize>(&mut self, tile: [u32; 3]) -> TiledIndex<N>
    where
        Index<N>: Value + Rank,
        Extent<N>: Value + Rank,
    {
        let mut size = [1u32; 3];
        for k in 0..N {
            size[N - 1 - k] = tile[k];
        }
        self.layout.workgroup_size = size;
        self.tiled = true;
        let first = self.declare_domain(1 + N as u32);
        let (total_word, counts_word) = (first, first + 1);
        let uvec3 = TypeInner::Vector {
            size: VectorSize::Tri,
            scalar: naga::Scalar::U32,
        };
        let local_id = self.builtin_argument(BuiltIn::LocalInvocationId, uvec3);
        let linear = self.linear_workgroup();
        self.return_unless_below(linear, total_word);
        let tiles = self.delinearize(linear, counts_word, N);
        let (mut t, mut l, mut o, mut g, mut d) = (vec![], vec![], vec![], vec![], vec![]);
        for k in 0..N {
            let tile_k = self.as_i32(tiles[k]);
            let local_k = self.append(Expression::AccessIndex {
                base: local_id,
                index: (N - 1 - k) as u32,
            });
            let local_k = self.as_i32(local_k);
            // The range analysis knows the local index: `0 <= local < D`.
            self.know(local_k, Interval::new(0, i128::from(tile[k]) - 1));
            let dim = self.append(Expression::Literal(naga::Literal::I32(tile[k] as i32)));
            let origin_k = self.binary(BinaryOperator::Multiply, tile_k, dim);
            let global_k = self.binary(BinaryOperator::Add, origin_k, local_k);
            // Inside the domain, whose extent is a positive i32.
            for known in [tile_k, origin_k, global_k] {
                self.know(known, DOMAIN_COMPONENT);
            }
            t.push(tile_k);
            l.push(local_k);
            o.push(origin_k);
            g.push(global_k);
            d.push(dim);
        }
        self.set_thread_index(ThreadIndexKind::Rows {
            index: g.clone(),
            extent: (0..N).map(|k| (counts_word + k as u32, tile[k])).collect(),
        });
        TiledIndex {
            global: KernelValue::from_handle(self.compose::<Index<N>>(g)),
            local: KernelValue::from_handle(self.compose::<Index<N>>(l)),
            tile: KernelValue::from_handle(self.compose::<Index<N>>(t)),
            tile_origin: KernelValue::from_handle(self.compose::<Index<N>>(o)),
            tile_extent: KernelValue::from_handle(self.compose::<Extent<N>>(d)),
            barrier: TileBarrier::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extents_are_checked() {
        assert!(Extent::new([0]).launch().is_err());
        let err = Extent::new([4, -120]).launch().err().map(|e| e.to_string());
        let err = err.unwrap_or_default();
        assert!(
            err.contains("dimension 1") && err.contains("(-120)"),
            "{err}"
        );
        let err = Extent::new([65536, 65536])
            .launch()
            .err()
            .map(|e| e.to_string());
        assert!(err
            .unwrap_or_default()
            .contains("(4294967296) exceeds the limit (4294967295)"));
        // Rank 3 past u64: the true count, not a saturated one.
        let err = Extent::new([i32::MAX; 3])
            .launch()
            .err()
            .map(|e| e.to_string());
        assert!(
            err.as_deref()
                .unwrap_or_default()
                .contains("(9903520300447984150353281023) exceeds the limit (4294967295)"),
            "{err:?}"
        );
        let DomainLaunch { threads, words, .. } =
            Extent::new([3, 5, 2]).launch().unwrap_or_default();
        assert_eq!((threads, words), (30, vec![30, 3, 5, 2]));
        let DomainLaunch { threads, words, .. } = Extent::new([33, 5]).launch().unwrap_or_default();
        assert_eq!((threads, words), (3 * 256, vec![3, 1, 33, 5]));
    }

    #[test]
    fn a_padded_extent_that_does_not_fit_is_an_invalid_domain() {
        // Rounding i32::MAX up to tiles of 256 passes i32::MAX: `pad` leaves it as it is (it
        // used to shrink it to a multiple of the tile), so the launch reports that it cannot be
        // tiled instead of silently skipping the last elements.
        let padded = Extent::new([i32::MAX]).tile::<256>().pad();
        assert_eq!(padded.extent(), Extent::new([i32::MAX]));
        let err = padded
            .launch()
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(
            err.contains(
                "(2147483647) cannot be evenly divided by the extent of dimension 0 of \
                          the tile (256)"
            ),
            "{err}"
        );
        let padded = Extent::new([2, i32::MAX - 255]).tile::<1, 256>().pad();
        assert!(padded.launch().is_ok());
    }
}
