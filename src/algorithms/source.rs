//! What the algorithms take: rank-1 views and arrays of elements they can hold in kernels.

use crate::kernel_types::{KernelValue, ReadOnly, ReadWrite, View};
use crate::{Accelerator, Array, ArrayView, Capture, ConstArrayView, Element, Result};
use amp_core::view::Access;

/// An element the algorithms can combine, scan and keep in tile_static memory: any view element
/// that a kernel can also capture as a value (`i32`, `u32`, `f32`, the 64-bit scalars where the
/// accelerator has them, short vectors, `#[derive(Element)]` structs).
pub trait Item: Element + Capture<Kernel = KernelValue<Self>> {}

impl<T: Element + Capture<Kernel = KernelValue<T>>> Item for T {}

mod sealed {
    pub trait Sealed {}
}

/// A rank-1 operand the algorithms read: an [`ArrayView`], a [`ConstArrayView`] or an
/// [`Array`] of rank 1 (and sections of them, which are views). Sealed.
pub trait Source<T: Element>: sealed::Sealed {
    /// How kernels may use it.
    #[doc(hidden)]
    type Access: Access;
    /// What kernels capture.
    #[doc(hidden)]
    type Captured: Capture<Kernel = View<T, 1, Self::Access>>;
    /// The same bytes as a view of `u32` words (for 32-bit elements).
    #[doc(hidden)]
    type Words: Source<u32, Access = Self::Access>;
    /// What kernels capture.
    #[doc(hidden)]
    fn captured(&self) -> &Self::Captured;
    /// The number of elements.
    #[doc(hidden)]
    fn elements(&self) -> usize;
    /// The accelerator the data belongs to, if it was created on one.
    #[doc(hidden)]
    fn home(&self) -> Option<&Accelerator>;
    /// The same bytes as a view of `u32` words.
    #[doc(hidden)]
    fn words(&self) -> Result<Self::Words>;
    /// The identity of the data, shared by every view of it (an operand that is also the
    /// output has the output's).
    #[doc(hidden)]
    fn data_id(&self) -> u64;
}

/// A rank-1 operand the algorithms write: an [`ArrayView`] or an [`Array`] of rank 1 (and
/// sections). Sealed.
pub trait Target<T: Element>: Source<T, Access = ReadWrite> {
    /// [`Source::Words`], writable.
    #[doc(hidden)]
    type TargetWords: Target<u32>;
    /// The same bytes as a read-write view of `u32` words (for 32-bit elements).
    #[doc(hidden)]
    fn target_words(&self) -> Result<Self::TargetWords>;
}

fn len<const N: usize>(e: crate::Extent<N>) -> usize {
    e.size() as usize
}

impl<T: Element> sealed::Sealed for ArrayView<'_, T, 1> {}
impl<T: Element> sealed::Sealed for ConstArrayView<'_, T, 1> {}
impl<T: Element> sealed::Sealed for Array<T, 1> {}

impl<'a, T: Element> Source<T> for ArrayView<'a, T, 1> {
    type Access = ReadWrite;
    type Captured = Self;
    type Words = ArrayView<'a, u32, 1>;
    fn captured(&self) -> &Self {
        self
    }
    fn elements(&self) -> usize {
        len(self.extent())
    }
    fn home(&self) -> Option<&Accelerator> {
        None
    }
    fn words(&self) -> Result<Self::Words> {
        self.reinterpret_as::<u32>()
    }
    fn data_id(&self) -> u64 {
        self.data_id()
    }
}

impl<'a, T: Element> Source<T> for ConstArrayView<'a, T, 1> {
    type Access = ReadOnly;
    type Captured = Self;
    type Words = ConstArrayView<'a, u32, 1>;
    fn captured(&self) -> &Self {
        self
    }
    fn elements(&self) -> usize {
        len(self.extent())
    }
    fn home(&self) -> Option<&Accelerator> {
        None
    }
    fn words(&self) -> Result<Self::Words> {
        self.reinterpret_as::<u32>()
    }
    fn data_id(&self) -> u64 {
        self.data_id()
    }
}

impl<T: Element> Source<T> for Array<T, 1> {
    type Access = ReadWrite;
    type Captured = Self;
    type Words = ArrayView<'static, u32, 1>;
    fn captured(&self) -> &Self {
        self
    }
    fn elements(&self) -> usize {
        len(self.extent())
    }
    fn home(&self) -> Option<&Accelerator> {
        self.accelerator()
    }
    fn words(&self) -> Result<Self::Words> {
        self.reinterpret_as::<u32>()
    }
    fn data_id(&self) -> u64 {
        self.data_id()
    }
}

impl<'a, T: Element> Target<T> for ArrayView<'a, T, 1> {
    type TargetWords = ArrayView<'a, u32, 1>;
    fn target_words(&self) -> Result<Self::TargetWords> {
        self.reinterpret_as::<u32>()
    }
}

impl<T: Element> Target<T> for Array<T, 1> {
    type TargetWords = ArrayView<'static, u32, 1>;
    fn target_words(&self) -> Result<Self::TargetWords> {
        self.reinterpret_as::<u32>()
    }
}
