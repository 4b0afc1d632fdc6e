//! `gemm_f16`: `C = α·A·B + β·C` with `f16` A and B and `f32` C, the products and sums in
//! `f32`.
//!
//! Two kernels:
//! - [`matrix`], on the matrix units: the blocking of the hand-written WGSL ceiling
//!   (`benches/support/coop_gemm.rs`): a tile of 8 subgroups of 32 lanes computes a 128×128
//!   block of C, each subgroup 4×2 accumulator fragments of 16×16 (a 64×32 block); K goes by
//!   slices of 32, A's 128×32 and B's 32×128 parts staged in `f16` tile_static arrays whose rows
//!   are padded by 8 halves, the next slice read into registers while the fragments multiply
//!   the current one. Used where the accelerator has 16×16×16 `f16·f16 + f32` fragments and
//!   subgroups of exactly 32 lanes, and M, N are multiples of 128 and K of 32.
//! - everywhere else, `gemm`'s own kernels (register-blocked, tuned) on A and B widened to
//!   `f32` arrays first: `f16` values and their products are exact in `f32`, so the result is
//!   the same up to the order of the sums.

use super::{prepare, Dims};
use crate::matrix::{Layout, MatrixA, MatrixAcc, MatrixB, MatrixScalarType, MatrixShape};
use crate::{
    f16, parallel_for_each, parallel_for_each_unchecked, Accelerator, AcceleratorView, Array,
    ArrayView, Capture, ConstArrayView, Error, Extent, TiledIndex,
};
use amp_core::view::{Access, ReadOnly, ReadWrite, View};

/// A matrix `gemm_f16` reads (`A` and `B`): a rank-2 `f16` [`ConstArrayView`], [`ArrayView`]
/// or [`Array`], or a section of one. Row-major, as amp's views are.
pub trait GemmHalfInput: sealed::HalfInput {}

pub(crate) mod sealed {
    use super::*;

    /// How an `f16` input is captured.
    pub trait HalfInput: Capture<Kernel = View<f16, 2, Self::Access>> {
        /// The kernel's access to the operand.
        type Access: Access;
        /// The matrix's (rows, columns).
        fn extent(&self) -> Extent<2>;
    }
}

impl sealed::HalfInput for ConstArrayView<'_, f16, 2> {
    type Access = ReadOnly;
    fn extent(&self) -> Extent<2> {
        ConstArrayView::extent(self)
    }
}
impl GemmHalfInput for ConstArrayView<'_, f16, 2> {}

impl sealed::HalfInput for ArrayView<'_, f16, 2> {
    type Access = ReadWrite;
    fn extent(&self) -> Extent<2> {
        ArrayView::extent(self)
    }
}
impl GemmHalfInput for ArrayView<'_, f16, 2> {}

impl sealed::HalfInput for Array<f16, 2> {
    type Access = ReadWrite;
    fn extent(&self) -> Extent<2> {
        Array::extent(self)
    }
}
impl GemmHalfInput for Array<f16, 2> {}

/// `C = α·A·B + β·C` for row-major `f16` A (M×K) and B (K×N) and `f32` C (M×N): the inputs are
/// `f16`; their products and the sums are `f32` (exact products, `f32` rounding of the sums),
/// as cuBLAS's `cublasGemmEx` with `CUBLAS_COMPUTE_32F`. A and B are rank-2 `f16`
/// [`ConstArrayView`]s, [`ArrayView`]s or [`Array`]s, or sections of them; C a rank-2 `f32`
/// `ArrayView` or `Array`.
///
/// Runs on the matrix units (tensor cores) where the accelerator has 16×16×16 `f16·f16 + f32`
/// fragments ([`Accelerator::matrix_shapes`]) and subgroups of 32 lanes, and M, N are
/// multiples of 128 and K of 32; otherwise by [`gemm`](super::gemm) on A and B widened to `f32` (any sizes, any
/// accelerator with `f16`). Zero sizes, α = 0, β = 0 and mismatched shapes behave as in
/// [`gemm`](super::gemm) (errors name `gemm_f16`). A device without `f16` in kernels is
/// [`Error::UnsupportedFeature`].
///
/// ```
/// use amp::algorithms::gemm_f16;
/// use amp::prelude::*;
///
/// # if !Accelerator::default()?.supports_f16() { return Ok(()); }
/// let h = |v: [f32; 6]| v.map(f16::from_f32);
/// let a = h([1.0, 2.0, 3.0, 4.0, 5.0, 6.0]); // 2×3
/// let b = h([1.0, 0.0, 0.0, 1.0, 1.0, 1.0]); // 3×2
/// let mut c = [0.5f32; 4]; // 2×2
/// let av = ConstArrayView::new([2, 3], &a)?;
/// let bv = ConstArrayView::new([3, 2], &b)?;
/// let cv = ArrayView::new([2, 2], &mut c)?;
/// gemm_f16(1.0, &av, &bv, 2.0, &cv)?; // C = A·B + 2·C
/// assert_eq!(cv.to_vec()?, [5.0, 6.0, 11.0, 12.0]);
/// # Ok::<(), amp::Error>(())
/// ```
pub fn gemm_f16<A, B, C>(alpha: f32, a: &A, b: &B, beta: f32, c: &C) -> Result<(), Error>
where
    A: GemmHalfInput,
    B: GemmHalfInput,
    C: super::GemmOutput,
{
    let home = a.home().or(b.home()).or(c.home()).cloned();
    let acc = match home {
        Some(acc) => acc,
        None => Accelerator::default()?,
    };
    gemm_f16_on(&acc.default_view(), alpha, a, b, beta, c)
}

/// [`gemm_f16`] on `view`'s accelerator, queued on `view`.
pub fn gemm_f16_on<A, B, C>(
    view: &AcceleratorView,
    alpha: f32,
    a: &A,
    b: &B,
    beta: f32,
    c: &C,
) -> Result<(), Error>
where
    A: GemmHalfInput,
    B: GemmHalfInput,
    C: super::GemmOutput,
{
    use sealed::HalfInput;
    let a_at = (a, HalfInput::extent(a));
    let b_at = (b, HalfInput::extent(b));
    let Some(dims) = prepare(view, "gemm_f16", alpha, a_at, b_at, beta, c)? else {
        return Ok(());
    };
    product(view, alpha, a, b, beta, c, dims)
}

/// `C = α·A·B + β·C` for `f32` matrices (the operands of [`gemm`](super::gemm)) with A's and
/// B's elements rounded to `f16` first, to run [`gemm_f16`] on the matrix units: the precision
/// the user accepts for speed (cuBLAS's `CUBLAS_COMPUTE_32F_FAST_16F`). Each input is rounded
/// to the nearest `f16` (11 significant bits: a relative error up to 2⁻¹¹; magnitudes above
/// 65504 become infinite, below 6.1·10⁻⁵ lose bits, below 6·10⁻⁸ become 0); the products of the
/// rounded values and their sums are `f32`, as in [`gemm_f16`]. The rounding is a pass over A
/// and B into `f16` arrays on the accelerator (`2 · (M·K + K·N)` bytes, made per call).
///
/// Errors as [`gemm`](super::gemm), naming `gemm_f16_inputs`.
///
/// ```
/// use amp::algorithms::gemm_f16_inputs;
/// use amp::prelude::*;
///
/// let acc = Accelerator::default()?;
/// if acc.supports_f16() {
///     let a = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]; // 2×3
///     let b = [1.0, 0.0, 0.0, 1.0, 1.0, 1.0]; // 3×2
///     let mut c = [0.0f32; 4];
///     let av = ConstArrayView::new([2, 3], &a)?;
///     let bv = ConstArrayView::new([3, 2], &b)?;
///     let cv = ArrayView::new([2, 2], &mut c)?;
///     gemm_f16_inputs(1.0, &av, &bv, 0.0, &cv)?;
///     assert_eq!(cv.to_vec()?, [4.0, 5.0, 10.0, 11.0]);
/// }
/// # Ok::<(), amp::Error>(())
/// ```
pub fn gemm_f16_inputs<A, B, C>(alpha: f32, a: &A, b: &B, beta: f32, c: &C) -> Result<(), Error>
where
    A: super::GemmInput,
    B: super::GemmInput,
    C: super::GemmOutput,
{
    let home = a.home().or(b.home()).or(c.home()).cloned();
    let acc = match home {
        Some(acc) => acc,
        None => Accelerator::default()?,
    };
    gemm_f16_inputs_on(&acc.default_view(), alpha, a, b, beta, c)
}

/// [`gemm_f16_inputs`] on `view`'s accelerator, queued on `view`.
pub fn gemm_f16_inputs_on<A, B, C>(
    view: &AcceleratorView,
    alpha: f32,
    a: &A,
    b: &B,
    beta: f32,
    c: &C,
) -> Result<(), Error>
where
    A: super::GemmInput,
    B: super::GemmInput,
    C: super::GemmOutput,
{
    use super::operand::sealed::Input;
    let (a_extent, b_extent) = (Input::extent(a), Input::extent(b));
    let a_at = (a, a_extent);
    let b_at = (b, b_extent);
    let Some(dims) = prepare(view, "gemm_f16_inputs", alpha, a_at, b_at, beta, c)? else {
        return Ok(());
    };
    let a = rounded(view, a, a_extent)?;
    let b = rounded(view, b, b_extent)?;
    product(view, alpha, &a, &b, beta, c, dims)
}

/// `from`'s elements rounded to the nearest `f16`, in a new array on `view`'s accelerator.
fn rounded<A: super::GemmInput>(
    view: &AcceleratorView,
    from: &A,
    extent: Extent<2>,
) -> Result<Array<f16, 2>, Error> {
    let to = Array::<f16, 2>::from_extent_on(view, extent)?;
    parallel_for_each!(view, extent, |i: Index<2>| {
        to[i] = f16::from_f32(from[i]);
    })?;
    Ok(to)
}

/// The product on the matrix units where they run it, else by `gemm` on A and B widened to
/// `f32`.
fn product<A, B, C>(
    view: &AcceleratorView,
    alpha: f32,
    a: &A,
    b: &B,
    beta: f32,
    c: &C,
    dims: Dims,
) -> Result<(), Error>
where
    A: GemmHalfInput,
    B: GemmHalfInput,
    C: super::GemmOutput,
{
    if on_matrix_units(view.accelerator(), dims) {
        return matrix(view, alpha, a, b, beta, c, dims);
    }
    use sealed::HalfInput;
    let a = widened(view, a, HalfInput::extent(a))?;
    let b = widened(view, b, HalfInput::extent(b))?;
    super::gemm_on(view, alpha, &a, &b, beta, c)
}

/// `from`'s elements as `f32` (exactly), in a new array on `view`'s accelerator.
fn widened<A: GemmHalfInput>(
    view: &AcceleratorView,
    from: &A,
    extent: Extent<2>,
) -> Result<Array<f32, 2>, Error> {
    let to = Array::<f32, 2>::from_extent_on(view, extent)?;
    parallel_for_each!(view, extent, |i: Index<2>| {
        to[i] = from[i].to_f32();
    })?;
    Ok(to)
}

/// The fragments [`matrix`] multiplies.
const F16_F32: MatrixShape = MatrixShape {
    m: 16,
    n: 16,
    k: 16,
    input: MatrixScalarType::F16,
    accumulator: MatrixScalarType::F32,
};

/// Lanes a subgroup must have for [`matrix`]: its 8 subgroups are the tile's 256 threads.
const LANES: u32 = 32;
/// The block of C a tile computes (`BM × BN`), and the depth of a staged slice.
const BM: i32 = 128;
const BN: i32 = 128;
const BK: i32 = 32;

/// Whether [`matrix`] runs this product on `acc`.
fn on_matrix_units(acc: &Accelerator, dims: Dims) -> bool {
    acc.matrix_shapes().contains(&F16_F32)
        && acc.subgroup_size() == Some(LANES..=LANES)
        && dims.m % BM == 0
        && dims.n % BN == 0
        && dims.k % BK == 0
}

/// The matrix-unit kernel (module docs); M, N multiples of [`BM`], [`BN`] and K of [`BK`].
fn matrix<A, RA, B, RB, C>(
    view: &AcceleratorView,
    alpha: f32,
    a: &A,
    b: &B,
    beta: f32,
    c: &C,
    dims: Dims,
) -> Result<(), Error>
where
    A: Capture<Kernel = View<f16, 2, RA>>,
    RA: Access,
    B: Capture<Kernel = View<f16, 2, RB>>,
    RB: Access,
    C: Capture<Kernel = View<f32, 2, ReadWrite>>,
{
    let k = dims.k;
    let blocks_n = dims.n / BN;
    let domain = Extent::new([dims.m / BM * blocks_n * 256]).tile::<256>();
    // SAFETY: the caller ran `on_matrix_units`, so M and N are multiples of 128 and K of 32,
    // and the domain has one tile per 128×128 block of C. Tile `(bm, bn)` reads A's rows
    // `bm·128 + e / 32` (`e < 4096`: below `bm·128 + 128 ≤ M`) at columns `k0 + e % 32 < K`
    // (`k0 + 32 ≤ K`), B's rows `k0 + e / 128 < K` at columns `bn·128 + e % 128 < N`, and
    // writes C's rows `bm·128 + r0 + 16i + 0..16 < M` and columns `bn·128 + c0 + 16j + 0..16 <
    // N`. The tile_static arrays: `sa` holds 128 rows of 40 halves (5120), its fragments start
    // at `(r0 + 16i)·40 + kk` (`r0 + 16i ≤ 112`, `kk ≤ 16`) and end 15 rows and 15 columns
    // later: at most `127·40 + 31 < 5120`; `sb` 32 rows of 136 (4352), fragments at
    // `kk·136 + c0 + 16j` (`c0 + 16j ≤ 112`), last element `31·136 + 127 < 4352`; `sc` 8
    // subgroups' 16×16 (2048), subgroup `w`'s at `256·w`, lanes reading `256·w + 0..256`.
    // The fragment operations sit in tile-uniform control flow: every loop bound and
    // condition around them is the same for all the tile's threads.
    unsafe {
        parallel_for_each_unchecked!(view, domain, |t: TiledIndex<1>| {
            #[tile_static]
            let mut sa: [f16; 5120];
            #[tile_static]
            let mut sb: [f16; 4352];
            #[tile_static]
            let mut sc: [f32; 2048];
            let lid = t.local[0];
            let row0 = t.tile[0] / blocks_n * BM;
            let col0 = t.tile[0] % blocks_n * BN;
            // Subgroup w: rows r0.. (64 of them), columns c0.. (32) of the block.
            let w = lid / 32;
            let lane = lid % 32;
            let r0 = w / 4 * 64;
            let c0 = w % 4 * 32;
            let mut acc00 = MatrixAcc::<f32, 16, 16>::zero();
            let mut acc01 = MatrixAcc::<f32, 16, 16>::zero();
            let mut acc10 = MatrixAcc::<f32, 16, 16>::zero();
            let mut acc11 = MatrixAcc::<f32, 16, 16>::zero();
            let mut acc20 = MatrixAcc::<f32, 16, 16>::zero();
            let mut acc21 = MatrixAcc::<f32, 16, 16>::zero();
            let mut acc30 = MatrixAcc::<f32, 16, 16>::zero();
            let mut acc31 = MatrixAcc::<f32, 16, 16>::zero();
            // The slice being read: element `e = lid + 256·r` of A's part (row e / 32, column
            // e % 32) and of B's part (row e / 128, column e % 128).
            let mut pa = [f16::ZERO; 16];
            let mut pb = [f16::ZERO; 16];
            for r in 0..16 {
                let e = lid + r * 256;
                pa[r] = a[(row0 + e / 32, e % 32)];
                pb[r] = b[(e / 128, col0 + e % 128)];
            }
            for k0 in (0..k).step_by(32) {
                for r in 0..16 {
                    let e = lid + r * 256;
                    sa[e / 32 * 40 + e % 32] = pa[r];
                    sb[e / 128 * 136 + e % 128] = pb[r];
                }
                t.barrier.wait_with_tile_static_memory_fence();
                let next = k0 + 32;
                if next < k {
                    for r in 0..16 {
                        let e = lid + r * 256;
                        pa[r] = a[(row0 + e / 32, next + e % 32)];
                        pb[r] = b[(next + e / 128, col0 + e % 128)];
                    }
                }
                for kk in (0..32).step_by(16) {
                    let ra = (r0 * 40 + kk) as u32;
                    let fa0 = MatrixA::<f16, 16, 16>::load(sa, ra, 40u32, Layout::RowMajor);
                    let fa1 = MatrixA::<f16, 16, 16>::load(sa, ra + 640, 40u32, Layout::RowMajor);
                    let fa2 = MatrixA::<f16, 16, 16>::load(sa, ra + 1280, 40u32, Layout::RowMajor);
                    let fa3 = MatrixA::<f16, 16, 16>::load(sa, ra + 1920, 40u32, Layout::RowMajor);
                    let rb = (kk * 136 + c0) as u32;
                    let fb0 = MatrixB::<f16, 16, 16>::load(sb, rb, 136u32, Layout::RowMajor);
                    let fb1 = MatrixB::<f16, 16, 16>::load(sb, rb + 16, 136u32, Layout::RowMajor);
                    acc00 = fa0.multiply_add(fb0, acc00);
                    acc01 = fa0.multiply_add(fb1, acc01);
                    acc10 = fa1.multiply_add(fb0, acc10);
                    acc11 = fa1.multiply_add(fb1, acc11);
                    acc20 = fa2.multiply_add(fb0, acc20);
                    acc21 = fa2.multiply_add(fb1, acc21);
                    acc30 = fa3.multiply_add(fb0, acc30);
                    acc31 = fa3.multiply_add(fb1, acc31);
                }
                t.barrier.wait_with_tile_static_memory_fence();
            }
            // Each fragment through the subgroup's 16×16 of `sc`, scaled into C: lane `lane`
            // takes elements `lane + 32·q` (row / 16, column % 16).
            let at = (w * 256) as u32;
            for f in 0..8 {
                let i = f / 2;
                let j = f % 2;
                if f == 0 {
                    acc00.store(sc, at, 16u32, Layout::RowMajor);
                } else if f == 1 {
                    acc01.store(sc, at, 16u32, Layout::RowMajor);
                } else if f == 2 {
                    acc10.store(sc, at, 16u32, Layout::RowMajor);
                } else if f == 3 {
                    acc11.store(sc, at, 16u32, Layout::RowMajor);
                } else if f == 4 {
                    acc20.store(sc, at, 16u32, Layout::RowMajor);
                } else if f == 5 {
                    acc21.store(sc, at, 16u32, Layout::RowMajor);
                } else if f == 6 {
                    acc30.store(sc, at, 16u32, Layout::RowMajor);
                } else {
                    acc31.store(sc, at, 16u32, Layout::RowMajor);
                }
                t.barrier.wait_with_tile_static_memory_fence();
                for q in 0..8 {
                    let e = lane + 32 * q;
                    let row = row0 + r0 + 16 * i + e / 16;
                    let col = col0 + c0 + 16 * j + e % 16;
                    let v = alpha * sc[w * 256 + e];
                    if beta == 0.0 {
                        c[(row, col)] = v;
                    } else {
                        c[(row, col)] = v + beta * c[(row, col)];
                    }
                }
                t.barrier.wait_with_tile_static_memory_fence();
            }
        })
    }
}
