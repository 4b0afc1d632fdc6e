//! Compute domains inside kernels: the entry point's prologue that turns the thread's place in
//! the workgroup grid into its [`Index`] (an untiled launch over an [`Extent`]) or its
//! [`TiledIndex`] (a tiled launch), from the domain's parameter words.

use crate::builder::{Interval, KernelBuilder, KernelValue};
use crate::shape::{Extent, Index};
use crate::tile::{TileBarrier, TiledIndex};
use crate::types::{Rank, Value};
use naga::{BinaryOperator, BuiltIn, Expression, Handle, ScalarKind, TypeInner, VectorSize};

/// Threads per workgroup of an untiled launch of rank 1 or 3.
pub const UNTILED_WORKGROUP: u32 = 256;

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
    /// Other ranks run 256-thread workgroups over the row-major order. Parameter words: `[0]` the
    /// number of workgroups the domain needs (`⌈threads / 256⌉`), `[1]` the thread count,
    /// `[2..2 + N]` the extent. Workgroups past the count return at once (the dispatched grid
    /// may be larger: it is rounded up to whole rows of the grid); each other thread forms its
    /// linear number `group * 256 + local`, returns if it is past the thread count, and turns the
    /// number into an index. Comparing the workgroup first keeps the linear number from
    /// wrapping: at most 2³²−1 threads need at most 2²⁴ workgroups, so for a workgroup below the
    /// count `group * 256 + local < 2³²`, while a surplus workgroup ≥ 2²⁴ would wrap to a small
    /// number and run an index twice.
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
        self.layout.workgroup_size = [UNTILED_WORKGROUP, 1, 1];
        let groups_word = self.alloc_words(1);
        let total_word = self.alloc_words(1);
        let extent_word = self.alloc_words(N as u32);
        let local = self.builtin_argument(
            BuiltIn::LocalInvocationIndex,
            TypeInner::Scalar(naga::Scalar::U32),
        );
        // Surplus workgroups leave before `group * WORKGROUP` can wrap; the test is uniform
        // over the workgroup, so it costs one comparison and no divergence.
        let group = self.linear_workgroup();
        self.return_unless_below(group, groups_word);
        // linear workgroup * WORKGROUP + local: below 2³² for every workgroup still here.
        let size = self.append(Expression::Literal(naga::Literal::U32(UNTILED_WORKGROUP)));
        let t = self.binary(BinaryOperator::Multiply, group, size);
        let linear = self.binary(BinaryOperator::Add, t, local);
        self.return_unless_below(linear, total_word);
        let components = self
            .delinearize(linear, extent_word, N)
            .into_iter()
            .map(|c| self.domain_component(c))
            .collect();
        KernelValue::from_handle(self.compose::<Index<N>>(components))
    }

    /// The rank-2 untiled prologue (see [`untiled_entry`](Self::untiled_entry)).
    fn untiled_blocks(&mut self) -> [Handle<Expression>; 2] {
        let side = UNTILED_BLOCK_2D;
        self.layout.workgroup_size = [side, side, 1];
        let total_word = self.alloc_words(1);
        let per_row_word = self.alloc_words(1);
        let extent_word = self.alloc_words(2);
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
        }
        index
    }

    /// The workgroup grid's linear number: `(z * ny + y) * nx + x`.
    fn linear_workgroup(&mut self) -> Handle<Expression> {
        let uvec3 = TypeInner::Vector {
            size: VectorSize::Tri,
            scalar: naga::Scalar::U32,
        };
        let group = self.builtin_argument(BuiltIn::WorkGroupId, uvec3.clone());
        let groups = self.builtin_argument(BuiltIn::NumWorkGroups, uvec3);
        let component =
            |b: &mut Self, base, index| b.append(Expression::AccessIndex { base, index });
        let (gx, gy, gz) = (
            component(self, group, 0),
            component(self, group, 1),
            component(self, group, 2),
        );
        let (nx, ny) = (component(self, groups, 0), component(self, groups, 1));
        let t = self.binary(BinaryOperator::Multiply, gz, ny);
        let t = self.binary(BinaryOperator::Add, t, gy);
        let t = self.binary(BinaryOperator::Multiply, t, nx);
        self.binary(BinaryOperator::Add, t, gx)
    }

    /// Returns from the entry point unless `linear < word[count_word]`. `linear` must not have
    /// wrapped in `u32`: a wrapped number is small and passes (see
    /// [`untiled_entry`](Self::untiled_entry)).
    fn return_unless_below(&mut self, linear: Handle<Expression>, count_word: u32) {
        let count = self.param_word(count_word).handle();
        let inside = self.binary(BinaryOperator::Less, linear, count);
        self.begin_if(KernelValue::from_handle(inside));
        self.begin_else();
        self.ret_unit();
        self.end_if();
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
        let total_word = self.alloc_words(1);
        let counts_word = self.alloc_words(N as u32);
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
