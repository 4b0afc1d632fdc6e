//! Tiling: C++ AMP's `tiled_extent`, `tiled_index` and `tile_barrier`.
//!
//! [`TiledExtent`] is an [`Extent`] split into tiles whose dimensions are compile-time constants
//! (C++ AMP's template arguments). Each tile runs as one workgroup: its threads share
//! `tile_static` memory and meet at barriers. A tiled kernel receives a [`TiledIndex`].

use crate::builder::{KernelBuilder, KernelValue};
use crate::place::Place;
use crate::shape::{Extent, Index};
use crate::types::{Element, Rank, Value};
use naga::{Barrier, Expression, Statement};

/// An extent divided into tiles of `D0 × D1 × D2` threads (C++ AMP `tiled_extent`); for rank 1
/// only `D0` counts, for rank 2 `D0 × D1` (the unused dimensions are 1).
///
/// Made by [`Extent::tile`]; the tile limits (every dimension > 0, at most 1024 threads, the
/// most significant dimension of a rank-3 tile at most 64) are checked at compile time.
///
/// It is also a value of the kernel language: captured by a kernel closure or passed to a
/// `#[kernel] fn`, it has the same `extent()`, `size()`, `contains(idx)`, `te[k]`,
/// `tile_extent()` and `tile_dim0()`/`tile_dim1()`/`tile_dim2()` there (its tile is part of its
/// type, so those are constants in the kernel; its extent is a launch value).
///
/// ```
/// use amp_core::{Extent, Index};
/// let te = Extent::new([64, 48]).tile::<16, 8>();
/// assert_eq!((te.tile_dim0(), te.tile_dim1(), te.size()), (16, 8, 3072));
/// assert_eq!((te[1], te.tile_extent()), (48, Extent::new([16, 8])));
/// assert!(te.contains(Index::new([63, 0])));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct TiledExtent<const N: usize, const D0: usize, const D1: usize, const D2: usize> {
    extent: Extent<N>,
}

impl<const N: usize, const D0: usize, const D1: usize, const D2: usize> TiledExtent<N, D0, D1, D2> {
    /// The tile's dimensions, most significant first (`N` of them).
    pub const TILE: [u32; 3] = [D0 as u32, D1 as u32, D2 as u32];

    /// The first tile rule this tile breaks ([`tile_shape_error`]), if any.
    pub const SHAPE_ERROR: Option<&'static str> = tile_shape_error([D0, D1, D2], N);

    fn tile_dims(&self) -> [usize; 3] {
        [D0, D1, D2]
    }

    /// The whole extent.
    pub fn extent(&self) -> Extent<N> {
        self.extent
    }

    /// The tile's extent (C++ AMP `tile_extent`).
    pub fn tile_extent(&self) -> Extent<N> {
        let mut e = [0; N];
        for (k, c) in e.iter_mut().enumerate() {
            *c = Self::TILE[k] as i32;
        }
        Extent(e)
    }

    /// The tile's most significant dimension (C++ AMP `tile_dim0`).
    pub const fn tile_dim0(&self) -> i32 {
        D0 as i32
    }

    /// The tile's second dimension (C++ AMP `tile_dim1`; 1 for rank 1).
    pub const fn tile_dim1(&self) -> i32 {
        D1 as i32
    }

    /// The tile's third dimension (C++ AMP `tile_dim2`; 1 below rank 3).
    pub const fn tile_dim2(&self) -> i32 {
        D2 as i32
    }

    /// The number of points of the whole extent (C++ AMP's `tiled_extent` is an `extent`): see
    /// [`Extent::size`]. In a kernel, a `u32` as there.
    pub fn size(&self) -> u64 {
        self.extent.size()
    }

    /// Whether `idx` lies inside the whole extent: see [`Extent::contains`].
    pub fn contains(&self, idx: Index<N>) -> bool {
        self.extent.contains(idx)
    }

    /// The extent rounded up to a whole number of tiles (C++ AMP `pad()`). Threads of the padding
    /// lie outside the original extent: kernels skip them with `extent.contains(t_idx.global)`.
    ///
    /// Padding never shrinks the extent. A dimension whose rounded-up size does not fit in an
    /// `i32` (it is within one tile of `i32::MAX`) is left as it is, not a multiple of the tile,
    /// so launching the result fails with `Error::InvalidComputeDomain` (the extent "cannot be
    /// evenly divided by" the tile), as for any domain that cannot be tiled; so do components
    /// that are zero or negative, which are left as they are too.
    ///
    /// ```
    /// use amp_core::Extent;
    /// assert_eq!(Extent::new([100]).tile::<64>().pad().extent(), Extent::new([128]));
    /// let near_max = Extent::new([i32::MAX - 2, 100]).tile::<4, 64>().pad();
    /// assert_eq!(near_max.extent(), Extent::new([i32::MAX - 2, 128]));
    /// ```
    ///
    /// [`try_pad`](Self::try_pad) says instead when a dimension cannot be padded.
    pub fn pad(&self) -> Self {
        // `(e - 1) / d + 1` tiles cannot overflow for e > 0; their size may.
        self.map(|e, d| ((e - 1) / d + 1).checked_mul(d).unwrap_or(e))
    }

    /// The extent rounded up to a whole number of tiles, as [`pad`](Self::pad), or
    /// [`DomainError::CannotPad`](crate::DomainError::CannotPad) for the first dimension whose
    /// rounded-up size does not fit in an `i32`. Zero and negative components are left as they
    /// are (a launch rejects them).
    ///
    /// ```
    /// use amp_core::{DomainError, Extent};
    /// assert_eq!(Extent::new([100]).tile::<64>().try_pad().map(|t| t.extent()), Ok(Extent::new([128])));
    /// assert_eq!(
    ///     Extent::new([2147483637]).tile::<256>().try_pad(),
    ///     Err(DomainError::CannotPad { dim: 0, extent: 2147483637, tile: 256 })
    /// );
    /// ```
    pub fn try_pad(&self) -> Result<Self, crate::DomainError> {
        let mut e = self.extent.0;
        for (dim, c) in e.iter_mut().enumerate() {
            let Some(d) = self.positive_tile(dim) else {
                continue;
            };
            if *c > 0 {
                // `(e - 1) / d + 1` tiles cannot overflow for e > 0; their size may.
                *c = ((*c - 1) / d + 1)
                    .checked_mul(d)
                    .ok_or(crate::DomainError::CannotPad {
                        dim,
                        extent: *c,
                        tile: d,
                    })?;
            }
        }
        Ok(TiledExtent { extent: Extent(e) })
    }

    /// Dimension `dim` of the tile, if it is a positive `i32` (a tile that breaks the tile
    /// rules, which a launch rejects, leaves the extent as it is).
    fn positive_tile(&self, dim: usize) -> Option<i32> {
        i32::try_from(self.tile_dims()[dim]).ok().filter(|&d| d > 0)
    }

    /// The extent rounded down to a whole number of tiles (C++ AMP `truncate()`); the left-over
    /// elements are the kernel's to handle (or a second launch over a section). Never overflows:
    /// a positive component becomes at most itself (zero when it is smaller than the tile, which
    /// a launch rejects as a zero-sized domain); zero and negative components are left as they
    /// are.
    pub fn truncate(&self) -> Self {
        self.map(|e, d| e / d * d)
    }

    fn map(&self, f: impl Fn(i32, i32) -> i32) -> Self {
        let mut e = self.extent.0;
        for (k, c) in e.iter_mut().enumerate() {
            if let Some(d) = self.positive_tile(k) {
                *c = if *c > 0 { f(*c, d) } else { *c };
            }
        }
        TiledExtent { extent: Extent(e) }
    }
}

impl<const N: usize, const D0: usize, const D1: usize, const D2: usize> std::ops::Index<usize>
    for TiledExtent<N, D0, D1, D2>
{
    type Output = i32;
    /// A component of the whole extent.
    fn index(&self, i: usize) -> &i32 {
        &self.extent.0[i]
    }
}

/// Inside kernels a tiled extent is its extent's components (its tile is in its type).
impl<const N: usize, const D0: usize, const D1: usize, const D2: usize> Value
    for TiledExtent<N, D0, D1, D2>
where
    Extent<N>: Value + Rank,
{
    fn naga_type(b: &mut KernelBuilder) -> naga::Handle<naga::Type> {
        <Extent<N> as Value>::naga_type(b)
    }
    fn name() -> &'static str {
        "TiledExtent"
    }
}

impl<const N: usize, const D0: usize, const D1: usize, const D2: usize> Rank
    for TiledExtent<N, D0, D1, D2>
where
    Extent<N>: Value + Rank,
{
    const COMPONENTS: usize = N;
    fn vector_size() -> Option<naga::VectorSize> {
        <Extent<N> as Rank>::vector_size()
    }
}

impl<const N: usize, const D0: usize, const D1: usize, const D2: usize> crate::types::KernelType
    for TiledExtent<N, D0, D1, D2>
where
    Extent<N>: Value + Rank,
{
    type KernelValue = KernelValue<TiledExtent<N, D0, D1, D2>>;
}

/// A captured tiled extent (or a `#[kernel] fn` argument of that type) in a kernel: the host's
/// methods, built from the extent (a launch value) and the tile (constants).
impl<const N: usize, const D0: usize, const D1: usize, const D2: usize>
    KernelValue<TiledExtent<N, D0, D1, D2>>
where
    Extent<N>: Value + Rank,
    Index<N>: Value + Rank,
{
    /// The whole extent.
    pub fn extent(self, _: &mut KernelBuilder) -> KernelValue<Extent<N>> {
        KernelValue::from_handle(self.handle())
    }

    /// The tile's extent: constants.
    pub fn tile_extent(self, b: &mut KernelBuilder) -> KernelValue<Extent<N>> {
        let components = (0..N)
            .map(|k| {
                b.literal(TiledExtent::<N, D0, D1, D2>::TILE[k] as i32)
                    .handle()
            })
            .collect();
        KernelValue::from_handle(b.compose::<Extent<N>>(components))
    }

    /// `D0`, a constant (C++ AMP `tile_dim0`).
    pub fn tile_dim0(self, b: &mut KernelBuilder) -> KernelValue<i32> {
        b.literal(D0 as i32)
    }

    /// `D1`, a constant (C++ AMP `tile_dim1`).
    pub fn tile_dim1(self, b: &mut KernelBuilder) -> KernelValue<i32> {
        b.literal(D1 as i32)
    }

    /// `D2`, a constant (C++ AMP `tile_dim2`).
    pub fn tile_dim2(self, b: &mut KernelBuilder) -> KernelValue<i32> {
        b.literal(D2 as i32)
    }
}

/// A tiled extent's `pad()` and `truncate()` in a kernel, the host's: each positive component
/// rounded up (down) to a multiple of the tile's. A component whose padded size does not fit in
/// an `i32` is a fault of the launch (`DomainError::CannotPad`, as the host's `try_pad`), and
/// left as it is.
impl<const N: usize, const D0: usize, const D1: usize, const D2: usize>
    KernelValue<TiledExtent<N, D0, D1, D2>>
where
    Extent<N>: Value + Rank,
    Index<N>: Value + Rank,
{
    /// The extent rounded up to a whole number of tiles (C++ AMP `pad()`).
    pub fn pad(self, b: &mut KernelBuilder) -> Self {
        self.round(b, true)
    }

    /// The extent rounded down to a whole number of tiles (C++ AMP `truncate()`).
    pub fn truncate(self, b: &mut KernelBuilder) -> Self {
        self.round(b, false)
    }

    fn round(self, b: &mut KernelBuilder, up: bool) -> Self {
        use naga::BinaryOperator as Op;
        let components = (0..N)
            .map(|k| {
                let e = if N == 1 {
                    self.handle()
                } else {
                    b.append(Expression::AccessIndex {
                        base: self.handle(),
                        index: k as u32,
                    })
                };
                let tile = TiledExtent::<N, D0, D1, D2>::TILE[k];
                let Some(d) = i32::try_from(tile).ok().filter(|&d| d > 0) else {
                    return e;
                };
                let lit = |b: &mut KernelBuilder, v: i32| b.literal(v).handle();
                let (zero, one, dv) = (lit(b, 0), lit(b, 1), lit(b, d));
                let positive = b.binary(Op::Greater, e, zero);
                let rounded = if up {
                    // `(e - 1) / d + 1` tiles, which fit in an i32 when their size does: at
                    // most `i32::MAX / d` of them.
                    let less = b.binary(Op::Subtract, e, one);
                    let tiles = b.binary(Op::Divide, less, dv);
                    let tiles = b.binary(Op::Add, tiles, one);
                    let most = lit(b, i32::MAX / d);
                    let fits = b.binary(Op::LessEqual, tiles, most);
                    let not_positive = b.append(Expression::Unary {
                        op: naga::UnaryOperator::LogicalNot,
                        expr: positive,
                    });
                    let ok = b.binary(Op::LogicalOr, not_positive, fits);
                    // The fault record holds u32 words: the extent's bits.
                    let bits = b.append(Expression::As {
                        expr: e,
                        kind: naga::ScalarKind::Uint,
                        convert: None,
                    });
                    let check = crate::builder::Check::failing(
                        ok,
                        bits,
                        tile,
                        crate::builder::AccessKind::Pad { dim: k as u32 },
                    );
                    b.note_fault(&check);
                    let padded = b.binary(Op::Multiply, tiles, dv);
                    let padded_ok = b.binary(Op::LogicalAnd, positive, fits);
                    return b.append(Expression::Select {
                        condition: padded_ok,
                        accept: padded,
                        reject: e,
                    });
                } else {
                    let tiles = b.binary(Op::Divide, e, dv);
                    b.binary(Op::Multiply, tiles, dv)
                };
                b.append(Expression::Select {
                    condition: positive,
                    accept: rounded,
                    reject: e,
                })
            })
            .collect::<Vec<_>>();
        if N == 1 {
            return KernelValue::from_handle(components[0]);
        }
        KernelValue::from_handle(b.compose::<Extent<N>>(components))
    }
}

/// The kernel's tiled extent of `extent` (the same components; the tile is in the type): the
/// tile rules broken are a build error at the call, as a launch's.
fn tile_in_kernel<const N: usize, const D0: usize, const D1: usize, const D2: usize>(
    b: &mut KernelBuilder,
    extent: naga::Handle<Expression>,
) -> KernelValue<TiledExtent<N, D0, D1, D2>> {
    if let Some(rule) = TiledExtent::<N, D0, D1, D2>::SHAPE_ERROR {
        b.error(format!(
            "unsupported tile {:?}: {rule}",
            &TiledExtent::<N, D0, D1, D2>::TILE[..N]
        ));
    }
    KernelValue::from_handle(extent)
}

/// `e.tile::<D0>()` in a kernel, of an extent value (captured, a `view.extent()`, computed).
impl KernelValue<Extent<1>> {
    /// Divides the extent into tiles of `D0` threads (C++ AMP `extent<1>::tile<D0>()`).
    pub fn tile<const D0: usize>(
        self,
        b: &mut KernelBuilder,
    ) -> KernelValue<TiledExtent<1, D0, 1, 1>> {
        tile_in_kernel(b, self.handle())
    }
}

/// `e.tile::<D0, D1>()` in a kernel.
impl KernelValue<Extent<2>> {
    /// Divides the extent into tiles of `D0 × D1` threads.
    pub fn tile<const D0: usize, const D1: usize>(
        self,
        b: &mut KernelBuilder,
    ) -> KernelValue<TiledExtent<2, D0, D1, 1>> {
        tile_in_kernel(b, self.handle())
    }
}

/// `e.tile::<D0, D1, D2>()` in a kernel.
impl KernelValue<Extent<3>> {
    /// Divides the extent into tiles of `D0 × D1 × D2` threads.
    pub fn tile<const D0: usize, const D1: usize, const D2: usize>(
        self,
        b: &mut KernelBuilder,
    ) -> KernelValue<TiledExtent<3, D0, D1, D2>> {
        tile_in_kernel(b, self.handle())
    }
}

/// The whole extent's `contains` and `size`.
impl<const N: usize, const D0: usize, const D1: usize, const D2: usize>
    crate::lang::ExtentMethods<N> for KernelValue<TiledExtent<N, D0, D1, D2>>
where
    Extent<N>: Value + Rank,
    Index<N>: Value + Rank,
{
    fn contains(
        self,
        b: &mut KernelBuilder,
        idx: impl crate::atomic::ElementIndex<N>,
    ) -> KernelValue<bool> {
        self.extent(b).contains(b, idx)
    }

    fn size(self, b: &mut KernelBuilder) -> KernelValue<u32> {
        self.extent(b).size(b)
    }
}

/// `te[k]`: a component of the whole extent.
impl<const N: usize, const D0: usize, const D1: usize, const D2: usize> crate::view::IndexConst
    for KernelValue<TiledExtent<N, D0, D1, D2>>
where
    Extent<N>: Value + Rank,
{
    type Output = KernelValue<i32>;
    fn index_const(self, b: &mut KernelBuilder, i: u32) -> KernelValue<i32> {
        KernelValue::<Extent<N>>::from_handle(self.handle()).index_const(b, i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pad_rounds_up_and_never_shrinks() {
        let t = Extent::new([999, 666]).tile::<16, 16>();
        assert_eq!(t.pad().extent(), Extent::new([1008, 672]));
        assert_eq!(t.truncate().extent(), Extent::new([992, 656]));
        // Already whole tiles: unchanged both ways.
        let t = Extent::new([64]).tile::<64>();
        assert_eq!((t.pad(), t.truncate()), (t, t));
        // The largest multiples of the tile that fit are reached, not passed.
        let t = Extent::new([i32::MAX - 63]).tile::<64>();
        assert_eq!(t.pad().extent(), Extent::new([i32::MAX - 63]));
        let t = Extent::new([i32::MAX - 64]).tile::<64>();
        assert_eq!(t.pad().extent(), Extent::new([i32::MAX - 63]));
        // Rounding up would pass i32::MAX: the component is left as it is (it used to become
        // i32::MAX / d * d, smaller than the extent, so the padded launch missed elements).
        for e in [i32::MAX, i32::MAX - 1, i32::MAX - 62] {
            let t = Extent::new([e, 5]).tile::<64, 4>();
            assert_eq!(t.pad().extent(), Extent::new([e, 8]), "{e}");
            assert_eq!(
                t.truncate().extent(),
                Extent::new([i32::MAX - 63, 4]),
                "{e}"
            );
        }
        let t = Extent::new([3, i32::MAX - 1, 1]).tile::<2, 3, 4>();
        assert_eq!(t.pad().extent(), Extent::new([4, i32::MAX - 1, 4]));
        let t = Extent::new([3, i32::MAX, 1]).tile::<2, 4, 4>();
        assert_eq!(t.pad().extent(), Extent::new([4, i32::MAX, 4]));
        assert_eq!(t.truncate().extent(), Extent::new([2, i32::MAX - 3, 0]));
        // Zero and negative components stay as they are (a launch rejects them).
        let t = Extent::new([0, -5, i32::MIN]).tile::<2, 4, 4>();
        assert_eq!((t.pad(), t.truncate()), (t, t));
        for &e in &[
            1,
            2,
            63,
            64,
            65,
            1000,
            i32::MAX / 2,
            i32::MAX - 100,
            i32::MAX,
        ] {
            let p = Extent::new([e]).tile::<64>().pad().extent()[0];
            assert!(
                p >= e && (p % 64 == 0 || p == e) && p - e < 64,
                "{e} -> {p}"
            );
            let t = Extent::new([e]).tile::<64>().truncate().extent()[0];
            assert!(t <= e && t % 64 == 0 && e - t < 64, "{e} -> {t}");
        }
    }
}

/// The first of C++ AMP's tile rules (from its conformance suite: `<1025>`, `<1,1025>`,
/// `<25,41>` and `<65,1,1>` are rejected) that a tile of dimensions `d` and rank `rank` breaks.
/// `parallel_for_each!` checks it at compile time, at the domain's tokens; a launch that did not
/// come from the macro gets it as an error.
pub const fn tile_shape_error(d: [usize; 3], rank: usize) -> Option<&'static str> {
    if d[0] == 0 || d[1] == 0 || d[2] == 0 {
        Some("every tile dimension must be greater than 0")
    } else if d[0] as u128 * d[1] as u128 * d[2] as u128 > 1024 {
        Some("a tile holds at most 1024 threads")
    } else if rank == 3 && d[0] > 64 {
        Some("the most significant dimension of a rank-3 tile is at most 64")
    } else {
        None
    }
}

impl Extent<1> {
    /// Divides the extent into tiles of `D0` threads (C++ AMP `extent<1>::tile<D0>()`).
    pub fn tile<const D0: usize>(self) -> TiledExtent<1, D0, 1, 1> {
        TiledExtent { extent: self }
    }
}

impl Extent<2> {
    /// Divides the extent into tiles of `D0 × D1` threads.
    pub fn tile<const D0: usize, const D1: usize>(self) -> TiledExtent<2, D0, D1, 1> {
        TiledExtent { extent: self }
    }
}

impl Extent<3> {
    /// Divides the extent into tiles of `D0 × D1 × D2` threads.
    pub fn tile<const D0: usize, const D1: usize, const D2: usize>(
        self,
    ) -> TiledExtent<3, D0, D1, D2> {
        TiledExtent { extent: self }
    }
}

/// A thread's place in a tiled launch (C++ AMP `tiled_index`): usable wherever an `Index` is
/// (it stands for `global`).
#[derive(Clone, Copy, Debug)]
pub struct TiledIndex<const N: usize> {
    /// The thread's index in the whole domain.
    pub global: KernelValue<Index<N>>,
    /// The thread's index inside its tile.
    pub local: KernelValue<Index<N>>,
    /// The tile's index among the tiles.
    pub tile: KernelValue<Index<N>>,
    /// The global index of the tile's first thread.
    pub tile_origin: KernelValue<Index<N>>,
    /// The tile's extent.
    pub tile_extent: KernelValue<Extent<N>>,
    /// The tile's barrier.
    pub barrier: TileBarrier,
}

impl<const N: usize> crate::types::KernelType for TiledIndex<N> {
    type KernelValue = TiledIndex<N>;
}

impl<const N: usize> crate::value::Read for TiledIndex<N> {
    type Output = Self;
    fn read(self, _: &mut KernelBuilder) -> Self {
        self
    }
}

/// The barrier of a tile (C++ AMP `tile_barrier`): every thread of the tile waits at it until all
/// have arrived. It must be reached in tile-uniform control flow (checked when the kernel is
/// built).
#[derive(Clone, Copy, Debug)]
pub struct TileBarrier {
    _private: (),
}

impl TileBarrier {
    pub(crate) fn new() -> Self {
        TileBarrier { _private: () }
    }

    /// Waits for the tile, with all memory fenced (C++ AMP `wait()`).
    pub fn wait(self, b: &mut KernelBuilder) {
        b.push(Statement::ControlBarrier(
            Barrier::STORAGE | Barrier::WORK_GROUP,
        ));
    }

    /// Same as [`wait`](Self::wait).
    pub fn wait_with_all_memory_fence(self, b: &mut KernelBuilder) {
        self.wait(b)
    }

    /// Waits for the tile, fencing global (view) memory.
    pub fn wait_with_global_memory_fence(self, b: &mut KernelBuilder) {
        b.push(Statement::ControlBarrier(Barrier::STORAGE));
    }

    /// Waits for the tile, fencing `tile_static` memory.
    pub fn wait_with_tile_static_memory_fence(self, b: &mut KernelBuilder) {
        b.push(Statement::ControlBarrier(Barrier::WORK_GROUP));
    }

    /// Waits for the tile, fencing `tile_static` memory, then reads the tile_static variable
    /// `place` as one value for the whole tile (WGSL `workgroupUniformLoad`; CUDA's
    /// `__syncthreads_or`/`_and`/`_count` serve the same purpose): `let done =
    /// t.barrier.read_uniform(finished);`. Every thread gets the same value, so the result is
    /// tile-uniform — control that depends on it may reach barriers. Like a barrier, it must
    /// be reached in tile-uniform control flow. `place` is a scalar tile_static variable
    /// named as it is (a scalar, short vector or struct); the kernel macro passes it as a
    /// place rather than reading it.
    pub fn read_uniform<T: Element>(
        self,
        b: &mut KernelBuilder,
        place: impl UniformRead<T>,
    ) -> KernelValue<T> {
        let place = place.place();
        if !place.in_tile_static() {
            b.error("`read_uniform` reads a tile_static variable");
        }
        let ty = T::naga_type(b);
        let result = b.append(Expression::WorkGroupUniformLoadResult { ty });
        b.push(Statement::WorkGroupUniformLoad {
            pointer: place.pointer(),
            result,
        });
        KernelValue::from_handle(result)
    }
}

/// What [`TileBarrier::read_uniform`] reads: a scalar tile_static variable (of a scalar, short
/// vector or struct), named as it is.
#[diagnostic::on_unimplemented(
    message = "`read_uniform` reads a tile_static variable, not `{Self}`",
    label = "not a tile_static variable",
    note = "declare the value `#[tile_static] let mut v: T;`, have one thread write it, and read it with `t.barrier.read_uniform(v)`"
)]
pub trait UniformRead<T> {
    /// The place read.
    fn place(self) -> Place<T>;
}

#[diagnostic::do_not_recommend]
impl<T: Element> UniformRead<T> for Place<T> {
    fn place(self) -> Place<T> {
        self
    }
}

#[diagnostic::do_not_recommend]
impl crate::value::Read for TileBarrier {
    type Output = Self;
    fn read(self, _: &mut KernelBuilder) -> Self {
        self
    }
}

/// Free memory fences (C++ AMP `all_memory_fence(barrier)` etc.): order this thread's memory
/// accesses without waiting for the tile.
pub mod fences {
    use super::TileBarrier;
    use crate::builder::{DeviceFn, KernelBuilder};
    use naga::{Barrier, Statement};

    macro_rules! fence {
        ($name:ident, $marker:ident, $flags:expr, $doc:literal) => {
            crate::builder::builtin_fn!(
                #[doc = $doc]
                $name
                    / $marker(barrier)
            );
            impl DeviceFn<(TileBarrier,)> for $marker {
                type Output = ();
                fn call(&self, b: &mut KernelBuilder, _: (TileBarrier,)) {
                    b.push(Statement::MemoryBarrier($flags));
                }
            }
        };
    }
    fence!(
        all_memory_fence,
        AllMemoryFence,
        Barrier::STORAGE | Barrier::WORK_GROUP,
        "Fences view and tile_static memory."
    );
    fence!(
        global_memory_fence,
        GlobalMemoryFence,
        Barrier::STORAGE,
        "Fences view memory."
    );
    fence!(
        tile_static_memory_fence,
        TileStaticMemoryFence,
        Barrier::WORK_GROUP,
        "Fences tile_static memory."
    );
}

impl crate::builder::FnArg for TileBarrier {
    fn key(&self, _: &KernelBuilder, _: &mut Vec<u32>) {}
    fn param(&self, _: &mut KernelBuilder) -> Self {
        *self
    }
    fn argument(&self, _: &mut KernelBuilder, _: &mut Vec<naga::Handle<naga::Expression>>) {}
}

impl<const N: usize> crate::builder::FnArg for TiledIndex<N>
where
    Index<N>: Value + Rank,
    Extent<N>: Value + Rank,
{
    fn key(&self, _: &KernelBuilder, _: &mut Vec<u32>) {}
    fn param(&self, b: &mut KernelBuilder) -> Self {
        TiledIndex {
            global: self.global.param(b),
            local: self.local.param(b),
            tile: self.tile.param(b),
            tile_origin: self.tile_origin.param(b),
            tile_extent: self.tile_extent.param(b),
            barrier: self.barrier,
        }
    }
    fn argument(&self, b: &mut KernelBuilder, out: &mut Vec<naga::Handle<naga::Expression>>) {
        for e in [self.global, self.local, self.tile, self.tile_origin] {
            e.argument(b, out);
        }
        self.tile_extent.argument(b, out);
    }
}

/// A tiled index indexes a view as its `global` index.
impl<T, const N: usize, A> crate::view::IndexRead<TiledIndex<N>> for crate::view::View<T, N, A>
where
    crate::view::View<T, N, A>: crate::view::IndexRead<KernelValue<Index<N>>>,
{
    type Output = <Self as crate::view::IndexRead<KernelValue<Index<N>>>>::Output;
    fn index_read(self, b: &mut KernelBuilder, i: TiledIndex<N>) -> Self::Output {
        self.index_read(b, i.global)
    }
}

impl<T, const N: usize, V> crate::view::IndexWrite<TiledIndex<N>, V>
    for crate::view::View<T, N, crate::view::ReadWrite>
where
    crate::view::View<T, N, crate::view::ReadWrite>:
        crate::view::IndexWrite<KernelValue<Index<N>>, V>,
{
    fn index_write(self, b: &mut KernelBuilder, i: TiledIndex<N>, value: V) {
        self.index_write(b, i.global, value)
    }
}

/// A tiled index stands for its `global` index in arithmetic, comparisons and component reads.
impl<const N: usize> crate::ops::Operand for TiledIndex<N> {
    type Value = Index<N>;
    fn operand(self, _: &mut KernelBuilder) -> naga::Handle<naga::Expression> {
        self.global.handle()
    }
}

impl<const N: usize> crate::view::IndexConst for TiledIndex<N>
where
    KernelValue<Index<N>>: crate::view::IndexConst,
{
    type Output = <KernelValue<Index<N>> as crate::view::IndexConst>::Output;
    fn index_const(self, b: &mut KernelBuilder, i: u32) -> Self::Output {
        self.global.index_const(b, i)
    }
}
