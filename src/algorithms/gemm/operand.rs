//! What `gemm` takes as matrices: rank-2 `f32` views and arrays, and sections of them.
//!
//! The traits are sealed: the kernels need to know how each operand is captured (a read-only
//! or read-write view of rank 2) and whether it can also be read as `Float4`s.

use crate::{Array, ArrayView, Capture, ConstArrayView, Error, Extent, Float4};
use amp_core::view::{Access, ReadOnly, ReadWrite, View};

/// A matrix `gemm` reads (`A` and `B`): a rank-2 `f32` [`ConstArrayView`], [`ArrayView`] or
/// [`Array`], and sections of them (a section of an `Array` is an `ArrayView`).
///
/// Row-major, as amp's views are. A section of a wider matrix (whose rows are farther apart
/// than its width) works like any other operand.
///
/// `ConstArrayView`s and `Array`s whose elements are consecutive (whole views, or sections of
/// whole rows) are read with `Float4` loads when the sizes allow (see `docs/ALGORITHMS.md`);
/// a read-write `ArrayView` operand is read element by element, since a `Float4` view of its
/// host data would copy the data back to the host when `gemm` drops it.
pub trait GemmInput: sealed::Input {}

/// A matrix `gemm` writes (`C`): a rank-2 `f32` [`ArrayView`] or [`Array`], or a section.
pub trait GemmOutput: sealed::Output {}

pub(crate) mod sealed {
    use super::*;

    /// How an input is captured, and its `Float4` view.
    pub trait Input: Capture<Kernel = View<f32, 2, Self::Access>> {
        /// The kernel's access to the operand.
        type Access: Access;
        /// The `Float4` view's type.
        type Quads: Capture<Kernel = View<Float4, 1, Self::QuadAccess>>;
        /// The kernel's access to the `Float4` view.
        type QuadAccess: Access;
        /// A section's type.
        type Part: Input;
        /// The matrix's (rows, columns).
        fn extent(&self) -> Extent<2>;
        /// The part at `origin` with `extent`.
        fn part(&self, origin: [i32; 2], extent: [i32; 2]) -> Result<Self::Part, Error>;
        /// The matrix as a rank-1 view of `Float4`s (four consecutive elements of a row each),
        /// when its elements are consecutive, start on a `Float4` of the data, and the type
        /// allows it (see [`GemmInput`]).
        fn quads(&self) -> Option<Self::Quads>;
    }

    /// How an output is captured.
    pub trait Output: Capture<Kernel = View<f32, 2, ReadWrite>> {
        /// The matrix's (rows, columns).
        fn extent(&self) -> Extent<2>;
    }
}

/// The rank-1 `Float4` view of a consecutive rank-2 view (`view_as` fails on a section of part
/// of its rows; `reinterpret_as` when the section does not start on a `Float4`, or when the
/// length is not a multiple of 4).
macro_rules! quads {
    ($matrix:expr) => {{
        let e = $matrix.extent();
        $matrix
            .view_as::<1>(e[0] * e[1])
            .and_then(|flat| flat.reinterpret_as::<Float4>())
            .ok()
    }};
}

impl<'a> sealed::Input for ConstArrayView<'a, f32, 2> {
    type Access = ReadOnly;
    type Quads = ConstArrayView<'a, Float4, 1>;
    type QuadAccess = ReadOnly;
    type Part = Self;
    fn extent(&self) -> Extent<2> {
        ConstArrayView::extent(self)
    }
    fn part(&self, origin: [i32; 2], extent: [i32; 2]) -> Result<Self, Error> {
        self.section(origin, extent)
    }
    fn quads(&self) -> Option<Self::Quads> {
        quads!(self)
    }
}
impl GemmInput for ConstArrayView<'_, f32, 2> {}

impl sealed::Input for Array<f32, 2> {
    type Access = ReadWrite;
    // The array's own data: dropping a view of it copies nothing back.
    type Quads = ArrayView<'static, Float4, 1>;
    type QuadAccess = ReadWrite;
    type Part = ArrayView<'static, f32, 2>;
    fn extent(&self) -> Extent<2> {
        Array::extent(self)
    }
    fn part(&self, origin: [i32; 2], extent: [i32; 2]) -> Result<Self::Part, Error> {
        self.section(origin, extent)
    }
    fn quads(&self) -> Option<Self::Quads> {
        quads!(self)
    }
}
impl GemmInput for Array<f32, 2> {}

impl<'a> sealed::Input for ArrayView<'a, f32, 2> {
    type Access = ReadWrite;
    type Quads = ConstArrayView<'a, Float4, 1>;
    type QuadAccess = ReadOnly;
    type Part = Self;
    fn extent(&self) -> Extent<2> {
        ArrayView::extent(self)
    }
    fn part(&self, origin: [i32; 2], extent: [i32; 2]) -> Result<Self, Error> {
        self.section(origin, extent)
    }
    /// None: a derived view of borrowed host data synchronizes when dropped, so a `Float4`
    /// view made here would copy the whole matrix back to the host after every `gemm`.
    fn quads(&self) -> Option<Self::Quads> {
        None
    }
}
impl GemmInput for ArrayView<'_, f32, 2> {}

impl sealed::Output for ArrayView<'_, f32, 2> {
    fn extent(&self) -> Extent<2> {
        ArrayView::extent(self)
    }
}
impl GemmOutput for ArrayView<'_, f32, 2> {}

impl sealed::Output for Array<f32, 2> {
    fn extent(&self) -> Extent<2> {
        Array::extent(self)
    }
}
impl GemmOutput for Array<f32, 2> {}
