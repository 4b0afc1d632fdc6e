//! `gemm`: `C = α·A·B + β·C` in `f32` (BLAS SGEMM without transposes), on any accelerator.
//!
//! One register-blocked kernel (`kernels.rs`) instantiated for a few tile configurations
//! ([`GemmTiles`], `tiles.rs`); the first call of a size class on an accelerator times the
//! configurations that fit it and keeps the fastest (`tune.rs`). The design and the expected
//! speed are in `docs/ALGORITHMS.md`.

mod half;
mod kernels;
mod operand;
mod tiles;
mod tune;

pub use half::{gemm_f16, gemm_f16_inputs, gemm_f16_inputs_on, gemm_f16_on, GemmHalfInput};
pub use operand::{GemmInput, GemmOutput};
pub use tiles::GemmTiles;

use crate::error::{DomainError, FeatureError, MismatchError};
use crate::{Accelerator, AcceleratorView, Capture, Error, Extent};
use operand::sealed::{Input, Output};
use tiles::Form;

/// The sizes of a product: A is `m × k`, B `k × n`, C `m × n`.
#[derive(Clone, Copy, Debug)]
struct Dims {
    m: i32,
    n: i32,
    k: i32,
}

/// `C = α·A·B + β·C` for row-major `f32` matrices (BLAS SGEMM): A is M×K, B is K×N, C is M×N,
/// any sizes. A, B and C are [`ConstArrayView`](crate::ConstArrayView)s,
/// [`ArrayView`](crate::ArrayView)s or [`Array`](crate::Array)s of rank 2, or sections of them
/// (C read-write: an `ArrayView` or `Array`).
///
/// Runs on the accelerator of an `Array` operand made on one, else on the default accelerator
/// ([`gemm_on`] names the accelerator view). Like any launch it is queued: the result is in C
/// when the host reads it (`synchronize`, `to_vec`, …).
///
/// - A zero size is allowed: M or N = 0 does nothing; K = 0 (like α = 0) computes `C = β·C`
///   without reading A or B.
/// - β = 0 writes C without reading it, so NaNs and infinities in C do not reach the result (as
///   BLAS); `c.discard_data()` before the call then also saves uploading C.
/// - C must not share data with A or B (the result is then unspecified, as in BLAS).
/// - The first call for a size class on an accelerator chooses the tile configuration by
///   timing each once ([`gemm_tiles`]); that call takes longer.
///
/// Shapes that do not match (A's columns against B's rows, C against M×N) are
/// [`Error::InvalidComputeDomain`], naming the three shapes.
///
/// ```
/// use amp::algorithms::gemm;
/// use amp::prelude::*;
///
/// let a = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]; // 2×3
/// let b = [1.0, 0.0, 0.0, 1.0, 1.0, 1.0]; // 3×2
/// let mut c = [0.5f32; 4]; // 2×2
/// let av = ConstArrayView::new([2, 3], &a)?;
/// let bv = ConstArrayView::new([3, 2], &b)?;
/// let cv = ArrayView::new([2, 2], &mut c)?;
/// gemm(1.0, &av, &bv, 2.0, &cv)?; // C = A·B + 2·C
/// assert_eq!(cv.to_vec()?, [5.0, 6.0, 11.0, 12.0]);
/// # Ok::<(), amp::Error>(())
/// ```
pub fn gemm<A, B, C>(alpha: f32, a: &A, b: &B, beta: f32, c: &C) -> Result<(), Error>
where
    A: GemmInput,
    B: GemmInput,
    C: GemmOutput,
{
    let home = a.home().or(b.home()).or(c.home()).cloned();
    let acc = match home {
        Some(acc) => acc,
        None => Accelerator::default()?,
    };
    gemm_on(&acc.default_view(), alpha, a, b, beta, c)
}

/// [`gemm`] on `view`'s accelerator, queued on `view`. An `Array` operand made on another
/// accelerator is [`Error::AcceleratorMismatch`].
pub fn gemm_on<A, B, C>(
    view: &AcceleratorView,
    alpha: f32,
    a: &A,
    b: &B,
    beta: f32,
    c: &C,
) -> Result<(), Error>
where
    A: GemmInput,
    B: GemmInput,
    C: GemmOutput,
{
    let Some(dims) = prepare(
        view,
        "gemm",
        alpha,
        (a, Input::extent(a)),
        (b, Input::extent(b)),
        beta,
        c,
    )?
    else {
        return Ok(());
    };
    let tiles = tune::tiles_for(view, dims, Form::Float4)?;
    let tiles = match tiles::form(tiles, a, b, dims) {
        Form::Float4 => tiles,
        Form::Element => tune::tiles_for(view, dims, Form::Element)?,
    };
    product(view, tiles, alpha, a, b, beta, c, dims)
}

/// [`gemm_on`] with the tile configuration given rather than chosen: for benchmarks, and for
/// programs that have measured their own choice. A configuration that exceeds the
/// accelerator's limits ([`GemmTiles::fits`]) is [`Error::UnsupportedFeature`].
#[allow(clippy::too_many_arguments)]
pub fn gemm_with<A, B, C>(
    view: &AcceleratorView,
    tiles: GemmTiles,
    alpha: f32,
    a: &A,
    b: &B,
    beta: f32,
    c: &C,
) -> Result<(), Error>
where
    A: GemmInput,
    B: GemmInput,
    C: GemmOutput,
{
    let Some(dims) = prepare(
        view,
        "gemm",
        alpha,
        (a, Input::extent(a)),
        (b, Input::extent(b)),
        beta,
        c,
    )?
    else {
        return Ok(());
    };
    product(view, tiles, alpha, a, b, beta, c, dims)
}

/// The tile configuration [`gemm_on`] uses on `view`'s accelerator for an M×K by K×N product
/// whose inputs it reads as `Float4`s (`ConstArrayView`s or `Array`s, sizes multiples of the
/// block): the one chosen for its size class, timing the configurations now if none was chosen
/// yet. Other operands run the element kernel, whose configuration is tuned apart.
///
/// ```
/// use amp::algorithms::gemm_tiles;
/// use amp::Accelerator;
///
/// let view = Accelerator::default()?.default_view();
/// let tiles = gemm_tiles(&view, 64, 64, 64)?;
/// println!("a 64×64×64 gemm runs {tiles}");
/// # Ok::<(), amp::Error>(())
/// ```
pub fn gemm_tiles(view: &AcceleratorView, m: i32, n: i32, k: i32) -> Result<GemmTiles, Error> {
    tune::tiles_for(view, Dims { m, n, k }, Form::Float4)
}

/// K per launch on a CPU device. A thread's loop passes grow with K, and Mesa's llvmpipe ends a
/// thread's loops silently after 65,535 passes (amp reports it as an error; 4096 is past it
/// for 128×128 blocks), so there K goes by chunks, each launch adding its product to C.
const CPU_K_CHUNK: i32 = 1024;

/// The product with `tiles`: one launch, or on a CPU device one per chunk of K.
#[allow(clippy::too_many_arguments)]
fn product<A: Input, B: Input, C: Output>(
    view: &AcceleratorView,
    tiles: GemmTiles,
    alpha: f32,
    a: &A,
    b: &B,
    beta: f32,
    c: &C,
    dims: Dims,
) -> Result<(), Error> {
    if dims.k <= CPU_K_CHUNK || !view.accelerator().is_emulated() {
        return tiles::run(view, tiles, alpha, a, b, beta, c, dims);
    }
    for k0 in (0..dims.k).step_by(CPU_K_CHUNK as usize) {
        let k = CPU_K_CHUNK.min(dims.k - k0);
        let a = a.part([0, k0], [dims.m, k])?;
        let b = b.part([k0, 0], [k, dims.n])?;
        let beta = if k0 == 0 { beta } else { 1.0 };
        tiles::run(view, tiles, alpha, &a, &b, beta, c, Dims { k, ..dims })?;
    }
    Ok(())
}

/// Checks the shapes (A and B given with their extents) and does the cases that need no
/// product: `None` when nothing is left to do, else the sizes. `function` names the caller in
/// errors.
fn prepare<A: Capture, B: Capture, C: Output>(
    view: &AcceleratorView,
    function: &'static str,
    alpha: f32,
    (a, a_extent): (&A, Extent<2>),
    (b, b_extent): (&B, Extent<2>),
    beta: f32,
    c: &C,
) -> Result<Option<Dims>, Error> {
    let dims = check_shapes(function, a_extent, b_extent, Output::extent(c))?;
    // The Float4 views of an Array are plain views, which go where they are used: check the
    // arrays' accelerators here, as a launch capturing the arrays would.
    let acc = view.accelerator();
    if let Some(other) = [a.home(), b.home(), c.home()]
        .into_iter()
        .flatten()
        .find(|&home| home != acc)
    {
        return Err(Error::AcceleratorMismatch(MismatchError::Operand {
            function,
            runs_on: acc.description().to_owned(),
            array_on: other.description().to_owned(),
        }));
    }
    if acc.is_host_only() {
        return Err(Error::UnsupportedFeature(FeatureError::HostOnly {
            site: None,
            accelerator: acc.description().to_owned(),
        }));
    }
    if dims.m == 0 || dims.n == 0 {
        return Ok(None);
    }
    // No product to add: BLAS reads neither A nor B.
    if dims.k == 0 || alpha == 0.0 {
        if beta != 1.0 {
            kernels::scale(view, beta, c, Output::extent(c))?;
        }
        return Ok(None);
    }
    Ok(Some(dims))
}

/// The sizes of `a · b` into `c`, or the error that names the mismatch.
fn check_shapes(
    function: &'static str,
    a: Extent<2>,
    b: Extent<2>,
    c: Extent<2>,
) -> Result<Dims, Error> {
    let dims = Dims {
        m: a[0],
        n: b[1],
        k: a[1],
    };
    if b[0] != dims.k || c[0] != dims.m || c[1] != dims.n {
        let shape = |e: Extent<2>| [i64::from(e[0]), i64::from(e[1])];
        return Err(Error::InvalidComputeDomain(DomainError::Product {
            function,
            a: shape(a),
            b: shape(b),
            c: shape(c),
        }));
    }
    Ok(dims)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_are_checked() {
        let e = |r, c| Extent::new([r, c]);
        let dims = check_shapes("gemm", e(2, 3), e(3, 4), e(2, 4)).map(|d| (d.m, d.n, d.k));
        assert_eq!(dims, Ok((2, 4, 3)));
        let message = |r: Result<Dims, Error>| r.err().map(|e| e.to_string());
        assert_eq!(
            message(check_shapes("gemm", e(2, 3), e(4, 4), e(2, 4))).as_deref(),
            Some(
                "invalid compute domain: gemm of A 2x3 by B 4x4 into C 2x4: A's columns (3) \
                 must equal B's rows (4)"
            )
        );
        assert_eq!(
            message(check_shapes("gemm", e(2, 3), e(3, 4), e(4, 2))).as_deref(),
            Some("invalid compute domain: gemm of A 2x3 by B 3x4 into C 4x2: C must be 2x4")
        );
    }
}
