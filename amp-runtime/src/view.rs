//! Array views (C++ AMP `array_view`): host data that kernels can use, moved to an accelerator
//! only when a kernel uses it and back only when the host needs it.
//!
//! [`ArrayView`] wraps `&mut [T]` (read-write) and [`ConstArrayView`] wraps `&[T]` (read-only,
//! C++ AMP `array_view<const T, N>`). Both are row-major over an [`Extent<N>`]. Every element
//! takes one 32-bit word on the accelerator (`bool` included; 64-bit types two). Transfers are counted per view
//! ([`ArrayView::uploads`], [`ArrayView::downloads`]) and per process ([`transfer_counts`]), so
//! tests can check that no copy is made twice.

mod data;
#[cfg(test)]
mod tests;

use crate::accelerator::Accelerator;
use crate::error::Result;
use amp_core::{Extent, Index, Scalar};
pub(crate) use data::ViewData;
use std::fmt;

pub use data::transfer_counts;

/// A read-write view of host data (C++ AMP `array_view<T, N>`).
///
/// The view borrows the data for its lifetime; when it is dropped, results of kernels that
/// wrote it are copied back, so the data is current again for the caller.
///
/// ```
/// use amp_runtime::ArrayView;
/// let mut data = [1, 2, 3, 4, 5, 6];
/// let view = ArrayView::new([2, 3], &mut data)?;
/// assert_eq!(view.get([1, 0])?, 4);
/// view.set([1, 0], 40)?;
/// drop(view);
/// assert_eq!(data[3], 40);
/// # Ok::<(), amp_runtime::Error>(())
/// ```
pub struct ArrayView<'a, T: Scalar, const N: usize> {
    data: ViewData<'a, T, N>,
}

/// A read-only view of host data (C++ AMP `array_view<const T, N>`): kernels read it, never
/// write it, so it is never downloaded, and uploaded again only after [`refresh`](Self::refresh)
/// or when a kernel on another accelerator uses it.
///
/// ```
/// use amp_runtime::ConstArrayView;
/// let data = [1.0f32, 2.0, 3.0];
/// let view = ConstArrayView::new(3, &data)?;
/// assert_eq!(view.get(2)?, 3.0);
/// # Ok::<(), amp_runtime::Error>(())
/// ```
pub struct ConstArrayView<'a, T: Scalar, const N: usize> {
    data: ViewData<'a, T, N>,
}

/// The methods both view types share.
macro_rules! view_methods {
    () => {
        /// The view's extent.
        pub fn extent(&self) -> Extent<N> {
            self.data.extent()
        }

        /// Reads one element on the host, first copying the data back if a kernel wrote it.
        /// Fails with [`Error::OutOfBounds`](crate::Error::OutOfBounds) outside the extent.
        pub fn get(&self, idx: impl Into<Index<N>>) -> Result<T> {
            self.data.get(idx.into())
        }

        /// Declares that the host data changed outside the view (C++ AMP `array_view::refresh`):
        /// the accelerator's copy is stale and the next kernel uploads the host data again.
        pub fn refresh(&self) {
            self.data.refresh();
        }

        /// A copy of the data, synchronized first.
        pub fn to_vec(&self) -> Result<Vec<T>> {
            self.data.to_vec()
        }

        /// The part of the view at `origin` with `extent` (C++ AMP `array_view::section`): a view
        /// of the same data, coherent with this one, usable as kernel input and output. Fails with
        /// [`Error::OutOfBounds`](crate::Error::OutOfBounds) when it does not fit.
        pub fn section(
            &self,
            origin: impl Into<Index<N>>,
            extent: impl Into<Extent<N>>,
        ) -> Result<Self> {
            Ok(Self {
                data: self.data.section(origin.into(), extent.into())?,
            })
        }

        /// The part of the view from `origin` to its end (C++ AMP `section(origin)`).
        pub fn section_from(&self, origin: impl Into<Index<N>>) -> Result<Self> {
            let origin = origin.into();
            let extent = self.extent() - Extent::new(origin.0);
            self.section(origin, extent)
        }

        /// The part of the view from its origin with `extent` (C++ AMP `section(extent)`).
        pub fn section_extent(&self, extent: impl Into<Extent<N>>) -> Result<Self> {
            self.section(Index::new([0; N]), extent)
        }

        /// How many times this view's data was copied to an accelerator.
        pub fn uploads(&self) -> u64 {
            self.data.uploads()
        }

        /// How many times this view's data was copied back to the host (never, for a read-only
        /// view: kernels cannot write it).
        pub fn downloads(&self) -> u64 {
            self.data.downloads()
        }

        /// Makes the data current on `acc` and returns the buffer that holds it there.
        pub(crate) fn device_buffer(&self, acc: &Accelerator) -> Result<wgpu::Buffer> {
            self.data.device_buffer(acc)
        }

        /// The view's parameter words for kernels: extent, offset, strides of components `0..N-1`.
        pub(crate) fn layout_words(&self) -> Vec<u32> {
            self.data.layout_words()
        }

        /// The id of the view's data in the fault log of checked launches.
        pub(crate) fn core_id(&self) -> u64 {
            self.data.core_id()
        }
    };
}

impl<'a, T: Scalar, const N: usize> ArrayView<'a, T, N> {
    /// A view of `data` with the given extent. Fails with
    /// [`Error::ExtentMismatch`](crate::Error::ExtentMismatch) when the extent does not hold
    /// exactly `data.len()` elements, and with
    /// [`Error::InvalidComputeDomain`](crate::Error::InvalidComputeDomain) when a component is
    /// negative.
    pub fn new(extent: impl Into<Extent<N>>, data: &'a mut [T]) -> Result<Self> {
        Ok(ArrayView {
            data: ViewData::read_write(extent.into(), data)?,
        })
    }

    /// Writes one element on the host, first copying the data back if a kernel wrote it. The
    /// accelerator's copy becomes stale and is uploaded again by the next kernel that uses the
    /// view. Fails with [`Error::OutOfBounds`](crate::Error::OutOfBounds) outside the extent.
    pub fn set(&self, idx: impl Into<Index<N>>, value: T) -> Result<()> {
        self.data.set(idx.into(), value)
    }

    /// Copies the data back to the host if a kernel wrote it since the last synchronization
    /// (C++ AMP `array_view::synchronize`); does nothing otherwise.
    pub fn synchronize(&self) -> Result<()> {
        self.data.synchronize()
    }

    /// Declares the current contents unneeded (C++ AMP `array_view::discard_data`): the next
    /// kernel that uses the view does not upload the host data, and results not yet copied back
    /// are dropped. Use it on views that a kernel only writes.
    ///
    /// On a [`section`](Self::section) that does not cover the whole data it does nothing:
    /// discarding is a permission, not a promise, and amp tracks where the data is current for
    /// the whole data at once, so dropping a section's elements would drop the rest with them.
    /// Data outside a section is never lost; the section is simply uploaded or copied back with
    /// the rest.
    pub fn discard_data(&self) {
        self.data.discard_data();
    }

    /// Records that a kernel wrote the view: the accelerator's copy is now the only current one.
    pub(crate) fn kernel_wrote(&self) {
        self.data.kernel_wrote();
    }

    view_methods!();
}

impl<'a, T: Scalar, const N: usize> ConstArrayView<'a, T, N> {
    /// A read-only view of `data` with the given extent. Fails with
    /// [`Error::ExtentMismatch`](crate::Error::ExtentMismatch) when the extent does not hold
    /// exactly `data.len()` elements, and with
    /// [`Error::InvalidComputeDomain`](crate::Error::InvalidComputeDomain) when a component is
    /// negative.
    pub fn new(extent: impl Into<Extent<N>>, data: &'a [T]) -> Result<Self> {
        Ok(ConstArrayView {
            data: ViewData::read_only(extent.into(), data)?,
        })
    }

    view_methods!();
}

/// Copies results back into the borrowed data. Drop cannot return an error; one is reported on
/// stderr, and the data then holds what it held before the kernel ran.
impl<T: Scalar, const N: usize> Drop for ArrayView<'_, T, N> {
    fn drop(&mut self) {
        if let Err(error) = self.data.synchronize() {
            eprintln!(
                "amp: array view of extent {} could not be synchronized on drop: {error}",
                self.data.extent()
            );
        }
    }
}

impl<T: Scalar, const N: usize> fmt::Debug for ArrayView<'_, T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ArrayView")
            .field("type", &T::name())
            .field("extent", &self.extent())
            .field("uploads", &self.uploads())
            .field("downloads", &self.downloads())
            .finish_non_exhaustive()
    }
}

impl<T: Scalar, const N: usize> fmt::Debug for ConstArrayView<'_, T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ConstArrayView")
            .field("type", &T::name())
            .field("extent", &self.extent())
            .field("uploads", &self.uploads())
            .finish_non_exhaustive()
    }
}
