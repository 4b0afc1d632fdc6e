//! The tile configurations `gemm` chooses among, and the kernel instance of each.

use super::kernels;
use super::operand::sealed::{Input, Output};
use super::Dims;
use crate::{Accelerator, AcceleratorView, Error};
use std::fmt;

/// A tile configuration of `gemm`'s kernel: the block of C one tile computes, the sub-block each
/// thread keeps in registers, and the depth of the K slices staged in tile_static memory.
///
/// [`gemm`](super::gemm) picks one per accelerator and size class by timing them on first use;
/// [`gemm_with`](super::gemm_with) runs a given one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GemmTiles {
    /// 32×32 blocks, 4×4 per thread (8×8 = 64 threads), K slices of 16: many small tiles, for
    /// small matrices.
    T32x32,
    /// 64×64 blocks, 4×4 per thread (16×16 = 256 threads), K slices of 16 (the benchmarks'
    /// register-blocked matmul).
    T64x64,
    /// 128×64 blocks (128 rows), 8×4 per thread (256 threads), K slices of 16.
    T128x64,
    /// 64×128 blocks (128 columns), 4×8 per thread (256 threads), K slices of 16.
    T64x128,
    /// 128×128 blocks, 8×8 per thread (256 threads), K slices of 8.
    T128x128,
    /// 128×128 blocks, 8×8 per thread (256 threads), K slices of 16.
    T128x128K16,
}

impl GemmTiles {
    /// Every configuration, smallest blocks first.
    pub const ALL: [GemmTiles; 6] = [
        GemmTiles::T32x32,
        GemmTiles::T64x64,
        GemmTiles::T128x64,
        GemmTiles::T64x128,
        GemmTiles::T128x128,
        GemmTiles::T128x128K16,
    ];

    /// The block of C one tile computes, as (rows, columns).
    pub fn block(self) -> (usize, usize) {
        let s = self.shape();
        (4 * s.gm * s.ty, 4 * s.gn * s.tx)
    }

    /// The sub-block of C one thread computes, as (rows, columns).
    pub fn per_thread(self) -> (usize, usize) {
        let s = self.shape();
        (4 * s.gm, 4 * s.gn)
    }

    /// The depth of a K slice.
    pub fn k_slice(self) -> usize {
        self.shape().bk
    }

    /// Threads per tile.
    pub fn threads(self) -> usize {
        let s = self.shape();
        s.ty * s.tx
    }

    /// Bytes of tile_static memory a tile uses (A's and B's slices).
    pub fn tile_static_bytes(self) -> usize {
        let (bm, bn) = self.block();
        (bm + bn) * self.k_slice() * 4
    }

    /// Whether `acc` can run it: threads per tile and tile_static memory within its limits.
    pub fn fits(self, acc: &Accelerator) -> bool {
        let limits = acc.limits();
        let s = self.shape();
        self.threads() as u64 <= u64::from(limits.max_compute_invocations_per_workgroup)
            && s.tx as u64 <= u64::from(limits.max_compute_workgroup_size_x)
            && s.ty as u64 <= u64::from(limits.max_compute_workgroup_size_y)
            && self.tile_static_bytes() as u64
                <= u64::from(limits.max_compute_workgroup_storage_size)
    }

    /// Whether M, N and K are multiples of the block and the slice (the `Float4` kernel's
    /// condition).
    pub(super) fn divides(self, dims: Dims) -> bool {
        let (bm, bn) = self.block();
        let (m, n, k) = (dims.m as usize, dims.n as usize, dims.k as usize);
        m.is_multiple_of(bm) && n.is_multiple_of(bn) && k.is_multiple_of(self.k_slice())
    }

    fn shape(self) -> Shape {
        let [bk, ty, tx, gm, gn] = SHAPES[self as usize];
        Shape { bk, ty, tx, gm, gn }
    }
}

impl fmt::Display for GemmTiles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (bm, bn) = self.block();
        let (tm, tn) = self.per_thread();
        write!(
            f,
            "{bm}x{bn} blocks, {tm}x{tn} per thread, K slices of {}",
            self.k_slice()
        )
    }
}

/// A configuration's parameters, as the kernels' const generics name them: K slice `bk`, `ty ×
/// tx` threads, `gm × gn` `Float4` groups per thread.
struct Shape {
    bk: usize,
    ty: usize,
    tx: usize,
    gm: usize,
    gn: usize,
}

/// `[bk, ty, tx, gm, gn]` of each configuration, in the order of [`GemmTiles::ALL`] (the
/// variants' discriminants).
const SHAPES: [[usize; 5]; 6] = [
    [16, 8, 8, 1, 1],
    [16, 16, 16, 1, 1],
    [16, 16, 16, 2, 1],
    [16, 16, 16, 1, 2],
    [8, 16, 16, 2, 2],
    [16, 16, 16, 2, 2],
];

/// The kernels' const parameters for a shape: `BK, TY, TX, GM, GN`, then the block in
/// `Float4`s `BM4 = gm·ty`, `BN4 = gn·tx`, and the `Float4`s each thread loads per slice,
/// `LA = BM4·bk / threads`, `LB = BN4·bk / threads` (the kernels assert that these divide).
const fn params(shape: [usize; 5]) -> [usize; 9] {
    let [bk, ty, tx, gm, gn] = shape;
    let (bm4, bn4) = (gm * ty, gn * tx);
    [
        bk,
        ty,
        tx,
        gm,
        gn,
        bm4,
        bn4,
        bm4 * bk / (ty * tx),
        bn4 * bk / (ty * tx),
    ]
}

/// `kernels::$kernel` instantiated for `$tiles` (the constants of its [`SHAPES`] row), called
/// with `$args`.
macro_rules! dispatch {
    ($tiles:expr, $kernel:ident $args:tt) => {
        dispatch!(@arms $tiles, $kernel $args, T32x32 T64x64 T128x64 T64x128 T128x128 T128x128K16)
    };
    (@arms $tiles:expr, $kernel:ident $args:tt, $($variant:ident)*) => {
        match $tiles {
            $(GemmTiles::$variant => dispatch!(@call $variant, $kernel $args),)*
        }
    };
    (@call $variant:ident, $kernel:ident($($arg:expr),*)) => {{
        const P: [usize; 9] = params(SHAPES[GemmTiles::$variant as usize]);
        kernels::$kernel::<
            { P[0] }, { P[1] }, { P[2] }, { P[3] }, { P[4] }, { P[5] }, { P[6] }, { P[7] }, { P[8] },
            _, _, _, _, _,
        >($($arg),*)
    }};
}

/// The two forms of the kernel: `Float4` loads, or element loads with guards (any sizes and
/// inputs). They are tuned apart: a configuration fast in one may spill in the other (on an
/// H100, 128×64 blocks are the fastest with `Float4` loads and spill with element loads).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Form {
    /// The `Float4` kernel.
    Float4,
    /// The element kernel.
    Element,
}

/// The form [`run`] takes for `tiles` on these operands.
pub(super) fn form<A: Input, B: Input>(tiles: GemmTiles, a: &A, b: &B, dims: Dims) -> Form {
    if tiles.divides(dims) && a.quads().is_some() && b.quads().is_some() {
        Form::Float4
    } else {
        Form::Element
    }
}

/// Runs `tiles`' element kernel whatever the operands (for the tune).
#[allow(clippy::too_many_arguments)]
pub(super) fn run_element<A: Input, B: Input, C: Output>(
    view: &AcceleratorView,
    tiles: GemmTiles,
    alpha: f32,
    a: &A,
    b: &B,
    beta: f32,
    c: &C,
    dims: Dims,
) -> Result<(), Error> {
    dispatch!(tiles, edge(view, alpha, a, b, beta, c, dims))
}

/// Runs `tiles`' kernel: the `Float4` one when the sizes are multiples of the block and both
/// inputs can be read as `Float4`s, else the general one.
#[allow(clippy::too_many_arguments)]
pub(super) fn run<A: Input, B: Input, C: Output>(
    view: &AcceleratorView,
    tiles: GemmTiles,
    alpha: f32,
    a: &A,
    b: &B,
    beta: f32,
    c: &C,
    dims: Dims,
) -> Result<(), Error> {
    if tiles.divides(dims) {
        if let (Some(a4), Some(b4)) = (a.quads(), b.quads()) {
            return dispatch!(tiles, fast(view, alpha, &a4, &b4, beta, c, dims));
        }
    }
    dispatch!(tiles, edge(view, alpha, a, b, beta, c, dims))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variants_index_their_shapes() {
        for (i, tiles) in GemmTiles::ALL.iter().enumerate() {
            assert_eq!(*tiles as usize, i);
        }
        let big = GemmTiles::T128x128;
        assert_eq!(
            (big.block(), big.per_thread(), big.k_slice()),
            ((128, 128), (8, 8), 8)
        );
        assert_eq!(big.threads(), 256);
        assert_eq!(big.tile_static_bytes(), 8192);
        assert_eq!(GemmTiles::T32x32.threads(), 64);
    }
}
