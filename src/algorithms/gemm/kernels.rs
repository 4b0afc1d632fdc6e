//! The GEMM kernels: one register-blocked algorithm in two forms, const-generic over its tile
//! configuration.
//!
//! A tile of `TY × TX` threads computes a `BM × BN` block of C (`BM = 4·BM4`, `BN = 4·BN4`);
//! each thread a `4·GM × 4·GN` sub-block held in registers as `GM · 4 · GN` `Float4`s. Thread
//! `(ty, tx)` owns rows `g·4·TY + 4·ty + 0..4` (`g < GM`) and columns `g·4·TX + 4·tx + 0..4`
//! (`g < GN`) of the block, so the `Float4` reads of tile_static memory by neighbouring threads
//! are neighbouring (no bank conflicts) and each thread's stores of a row are four consecutive
//! elements.
//!
//! The K dimension goes by slices of `BK`. Per slice the tile stages A's `BM × BK` part,
//! transposed (`sa[k][m / 4][m % 4]`: one `Float4` holds four rows of one column), and B's
//! `BK × BN` part (`sb[k][n / 4]`) in tile_static memory, then every thread accumulates `BK`
//! outer products of its `Float4`s. The next slice is loaded into registers (`LA` and `LB`
//! `Float4`s per thread) while the current one is being multiplied.
//!
//! - [`fast`] reads `Float4`s of A and B (rank-1 views of their data) without guards: the
//!   caller guarantees that M, N and K are multiples of the block and slice.
//! - [`edge`] reads elements of rank-2 views (sections work), replaces those outside A and B
//!   by zeros and skips stores outside C: any sizes.
//!
//! Both are checked launches (`parallel_for_each!`). amp's range analysis proves every
//! tile_static and local array access and, in [`edge`], every view access (each is guarded
//! by the view's extent), so their checks cost nothing. What stays checked in [`fast`] is two
//! to four `Float4` loads per slice (about 10 instructions) and the stores of C, against 256 to
//! 1024 multiply-adds per slice: an unchecked launch would save 1–4% of the issued
//! instructions, as the benchmarks' register-blocked matmul, whose loads are all checked,
//! shows against its unchecked launch (docs/PERFORMANCE.md). Not enough to give up amp's
//! guarantee that a bug here reports an error instead of writing outside C.

use super::Dims;
use crate::{
    float4, parallel_for_each, AcceleratorView, Capture, Error, Extent, Float4, TiledIndex,
};
use amp_core::view::{Access, ReadWrite, View};

/// `C = α·A·B + β·C` over `Float4` views of A (`M·K/4`) and B (`K·N/4`), for M, N and K
/// multiples of `BM`, `BN` and `BK`.
#[allow(clippy::too_many_arguments)]
pub(super) fn fast<
    const BK: usize,
    const TY: usize,
    const TX: usize,
    const GM: usize,
    const GN: usize,
    const BM4: usize,
    const BN4: usize,
    const LA: usize,
    const LB: usize,
    QA,
    RA,
    QB,
    RB,
    C,
>(
    view: &AcceleratorView,
    alpha: f32,
    a4: &QA,
    b4: &QB,
    beta: f32,
    c: &C,
    dims: Dims,
) -> Result<(), Error>
where
    QA: Capture<Kernel = View<Float4, 1, RA>>,
    RA: Access,
    QB: Capture<Kernel = View<Float4, 1, RB>>,
    RB: Access,
    C: Capture<Kernel = View<f32, 2, ReadWrite>>,
{
    const { assert_config::<BK, TY, TX, GM, GN, BM4, BN4, LA, LB>() };
    let domain = Extent::new([
        dims.m / (4 * BM4) as i32 * TY as i32,
        dims.n / (4 * BN4) as i32 * TX as i32,
    ])
    .tile::<TY, TX>();
    let k = dims.k;
    // Row lengths of A and B in Float4s.
    let k4 = dims.k / 4;
    let n4 = dims.n / 4;
    parallel_for_each!(view, domain, |t: TiledIndex<2>| {
        let ty = t.local[0];
        let tx = t.local[1];
        let lin = ty * TX as i32 + tx;
        // The block's first row, and its first column in Float4s.
        let row0 = t.tile[0] * (4 * BM4) as i32;
        let col4 = t.tile[1] * BN4 as i32;
        #[tile_static]
        let mut sa: [[Float4; BM4]; BK];
        #[tile_static]
        let mut sb: [[Float4; BN4]; BK];
        let mut acc = [[[float4(0.0, 0.0, 0.0, 0.0); GN]; 4]; GM];
        // The slice being loaded: Float4 `lin + r·TY·TX` of A's part (row `e / (BK/4)`, Float4
        // `e % (BK/4)` of it) and of B's part (row `e / BN4`, Float4 `e % BN4`).
        let mut pa = [float4(0.0, 0.0, 0.0, 0.0); LA];
        let mut pb = [float4(0.0, 0.0, 0.0, 0.0); LB];
        for r in 0..LA as i32 {
            let e = lin + r * (TY * TX) as i32;
            pa[r] = a4[(row0 + e / (BK / 4) as i32) * k4 + e % (BK / 4) as i32];
        }
        for r in 0..LB as i32 {
            let e = lin + r * (TY * TX) as i32;
            pb[r] = b4[e / BN4 as i32 * n4 + col4 + e % BN4 as i32];
        }
        for k0 in (0..k).step_by(BK) {
            for r in 0..LA as i32 {
                let e = lin + r * (TY * TX) as i32;
                let m = e / (BK / 4) as i32;
                let kk = e % (BK / 4) as i32 * 4;
                sa[kk][m / 4][m % 4] = pa[r].x();
                sa[kk + 1][m / 4][m % 4] = pa[r].y();
                sa[kk + 2][m / 4][m % 4] = pa[r].z();
                sa[kk + 3][m / 4][m % 4] = pa[r].w();
            }
            for r in 0..LB as i32 {
                let e = lin + r * (TY * TX) as i32;
                sb[e / BN4 as i32][e % BN4 as i32] = pb[r];
            }
            t.barrier.wait_with_tile_static_memory_fence();
            let next = k0 + BK as i32;
            if next < k {
                for r in 0..LA as i32 {
                    let e = lin + r * (TY * TX) as i32;
                    pa[r] = a4[(row0 + e / (BK / 4) as i32) * k4 + next / 4 + e % (BK / 4) as i32];
                }
                for r in 0..LB as i32 {
                    let e = lin + r * (TY * TX) as i32;
                    pb[r] = b4[(next + e / BN4 as i32) * n4 + col4 + e % BN4 as i32];
                }
            }
            for kk in 0..BK as i32 {
                let mut ra = [float4(0.0, 0.0, 0.0, 0.0); GM];
                let mut rb = [float4(0.0, 0.0, 0.0, 0.0); GN];
                for g in 0..GM as i32 {
                    ra[g] = sa[kk][g * TY as i32 + ty];
                }
                for g in 0..GN as i32 {
                    rb[g] = sb[kk][g * TX as i32 + tx];
                }
                for i in 0..GM as i32 {
                    for j in 0..GN as i32 {
                        acc[i][0][j] += rb[j] * ra[i].x();
                        acc[i][1][j] += rb[j] * ra[i].y();
                        acc[i][2][j] += rb[j] * ra[i].z();
                        acc[i][3][j] += rb[j] * ra[i].w();
                    }
                }
            }
            t.barrier.wait_with_tile_static_memory_fence();
        }
        for i in 0..GM as i32 {
            for ii in 0..4 {
                let row = row0 + i * (4 * TY) as i32 + ty * 4 + ii;
                for j in 0..GN as i32 {
                    let col = (col4 + j * TX as i32 + tx) * 4;
                    let v = acc[i][ii][j] * alpha;
                    for q in 0..4 {
                        if beta == 0.0 {
                            c[(row, col + q)] = v[q];
                        } else {
                            c[(row, col + q)] = v[q] + beta * c[(row, col + q)];
                        }
                    }
                }
            }
        }
    })
}

/// `C = α·A·B + β·C` over rank-2 views of any sizes: the blocks at the edges read zeros
/// outside A and B and store only inside C.
#[allow(clippy::too_many_arguments)]
pub(super) fn edge<
    const BK: usize,
    const TY: usize,
    const TX: usize,
    const GM: usize,
    const GN: usize,
    const BM4: usize,
    const BN4: usize,
    const LA: usize,
    const LB: usize,
    A,
    RA,
    B,
    RB,
    C,
>(
    view: &AcceleratorView,
    alpha: f32,
    a: &A,
    b: &B,
    beta: f32,
    c: &C,
    dims: Dims,
) -> Result<(), Error>
where
    A: Capture<Kernel = View<f32, 2, RA>>,
    RA: Access,
    B: Capture<Kernel = View<f32, 2, RB>>,
    RB: Access,
    C: Capture<Kernel = View<f32, 2, ReadWrite>>,
{
    const { assert_config::<BK, TY, TX, GM, GN, BM4, BN4, LA, LB>() };
    let (bm, bn) = ((4 * BM4) as i32, (4 * BN4) as i32);
    let domain = Extent::new([
        (dims.m + bm - 1) / bm * TY as i32,
        (dims.n + bn - 1) / bn * TX as i32,
    ])
    .tile::<TY, TX>();
    let k = dims.k;
    parallel_for_each!(view, domain, |t: TiledIndex<2>| {
        let ty = t.local[0];
        let tx = t.local[1];
        let lin = ty * TX as i32 + tx;
        let row0 = t.tile[0] * (4 * BM4) as i32;
        let col0 = t.tile[1] * (4 * BN4) as i32;
        #[tile_static]
        let mut sa: [[Float4; BM4]; BK];
        #[tile_static]
        let mut sb: [[Float4; BN4]; BK];
        let mut acc = [[[float4(0.0, 0.0, 0.0, 0.0); GN]; 4]; GM];
        // The slice being loaded, four elements to a Float4: element `e = lin + (4·r + q)·TY·TX`
        // of A's part (row `e / BK`, column `e % BK`) and of B's part (row `e / BN`, column
        // `e % BN`), zero outside the matrix.
        let mut pa = [float4(0.0, 0.0, 0.0, 0.0); LA];
        let mut pb = [float4(0.0, 0.0, 0.0, 0.0); LB];
        for k0 in (0..k + BK as i32).step_by(BK) {
            // Pass `k0` stores the slice at `k0 - BK` and loads the one at `k0`: the load of
            // the first pass and the store of the last are skipped.
            if k0 > 0 {
                for r in 0..LA as i32 {
                    for q in 0..4 {
                        let e = lin + (r * 4 + q) * (TY * TX) as i32;
                        let m = e / BK as i32;
                        sa[e % BK as i32][m / 4][m % 4] = pa[r][q];
                    }
                }
                for r in 0..LB as i32 {
                    for q in 0..4 {
                        let e = lin + (r * 4 + q) * (TY * TX) as i32;
                        let n = e % (4 * BN4) as i32;
                        sb[e / (4 * BN4) as i32][n / 4][n % 4] = pb[r][q];
                    }
                }
                t.barrier.wait_with_tile_static_memory_fence();
            }
            if k0 < k {
                for r in 0..LA as i32 {
                    for q in 0..4 {
                        let e = lin + (r * 4 + q) * (TY * TX) as i32;
                        let row = row0 + e / BK as i32;
                        let col = k0 + e % BK as i32;
                        pa[r][q] = if row < a.extent()[0] && col < a.extent()[1] {
                            a[(row, col)]
                        } else {
                            0.0
                        };
                    }
                }
                for r in 0..LB as i32 {
                    for q in 0..4 {
                        let e = lin + (r * 4 + q) * (TY * TX) as i32;
                        let row = k0 + e / (4 * BN4) as i32;
                        let col = col0 + e % (4 * BN4) as i32;
                        pb[r][q] = if row < b.extent()[0] && col < b.extent()[1] {
                            b[(row, col)]
                        } else {
                            0.0
                        };
                    }
                }
            }
            if k0 > 0 {
                for kk in 0..BK as i32 {
                    let mut ra = [float4(0.0, 0.0, 0.0, 0.0); GM];
                    let mut rb = [float4(0.0, 0.0, 0.0, 0.0); GN];
                    for g in 0..GM as i32 {
                        ra[g] = sa[kk][g * TY as i32 + ty];
                    }
                    for g in 0..GN as i32 {
                        rb[g] = sb[kk][g * TX as i32 + tx];
                    }
                    for i in 0..GM as i32 {
                        for j in 0..GN as i32 {
                            acc[i][0][j] += rb[j] * ra[i].x();
                            acc[i][1][j] += rb[j] * ra[i].y();
                            acc[i][2][j] += rb[j] * ra[i].z();
                            acc[i][3][j] += rb[j] * ra[i].w();
                        }
                    }
                }
                t.barrier.wait_with_tile_static_memory_fence();
            }
        }
        for i in 0..GM as i32 {
            for ii in 0..4 {
                let row = row0 + i * (4 * TY) as i32 + ty * 4 + ii;
                for j in 0..GN as i32 {
                    let col = col0 + (j * TX as i32 + tx) * 4;
                    let v = acc[i][ii][j] * alpha;
                    for q in 0..4 {
                        if row < c.extent()[0] && col + q < c.extent()[1] {
                            if beta == 0.0 {
                                c[(row, col + q)] = v[q];
                            } else {
                                c[(row, col + q)] = v[q] + beta * c[(row, col + q)];
                            }
                        }
                    }
                }
            }
        }
    })
}

/// `C = β·C` (what `gemm` computes when K or α is 0); with β = 0 C is written, never read, so
/// NaNs in it do not survive (as BLAS).
pub(super) fn scale<C>(
    view: &AcceleratorView,
    beta: f32,
    c: &C,
    extent: Extent<2>,
) -> Result<(), Error>
where
    C: Capture<Kernel = View<f32, 2, ReadWrite>>,
{
    parallel_for_each!(view, extent, |idx: crate::Index<2>| {
        if beta == 0.0 {
            c[idx] = 0.0;
        } else {
            c[idx] = beta * c[idx];
        }
    })
}

/// The relations between a configuration's parameters, checked when a kernel is instantiated.
const fn assert_config<
    const BK: usize,
    const TY: usize,
    const TX: usize,
    const GM: usize,
    const GN: usize,
    const BM4: usize,
    const BN4: usize,
    const LA: usize,
    const LB: usize,
>() {
    let threads = TY * TX;
    assert!(
        BM4 == GM * TY && BN4 == GN * TX,
        "a block is the threads' sub-blocks"
    );
    assert!(
        BK.is_multiple_of(4),
        "A's slice is loaded as Float4s of a row"
    );
    assert!(
        LA * threads == BM4 * BK,
        "LA Float4s per thread load A's slice"
    );
    assert!(
        LB * threads == BN4 * BK,
        "LB Float4s per thread load B's slice"
    );
}
