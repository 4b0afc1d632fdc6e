//! Array views (C++ AMP `array_view`): host data that kernels can use, moved to an accelerator
//! only when a kernel uses it and back only when the host needs it.
//!
//! [`ArrayView`] wraps `&mut [T]` (read-write) and [`ConstArrayView`] wraps `&[T]` (read-only,
//! C++ AMP `array_view<const T, N>`). Both are row-major over an [`Extent<N>`]. Every element
//! takes one 32-bit word on the accelerator (`bool` included; 64-bit types two). Transfers are
//! counted per view ([`ArrayView::uploads`], [`ArrayView::downloads`],
//! [`ArrayView::transfer_bytes`]) and per process ([`transfer_counts`], [`transfer_bytes`]), so
//! tests can check that no copy is made twice and that partial reads move only their part.
//! [`ArrayView::from_extent`] makes a view with no host data source (C++ AMP
//! `array_view(extent)`).

mod data;
pub(crate) mod parallel;
#[cfg(test)]
mod tests;
pub(crate) mod transfer;

#[cfg(test)]
use crate::accelerator::Accelerator;
use crate::completion::Completion;
use crate::error::Result;
use amp_core::{Element, Extent, Index};
pub(crate) use data::{
    element_count, filled_vec, new_data_id, DataEnd, Placed, Segments, ViewData,
};
use std::fmt;
pub(crate) use transfer::{bytes_of, count_upload, decode_into};

pub use transfer::{transfer_bytes, transfer_counts};

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
pub struct ArrayView<'a, T: Element, const N: usize> {
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
pub struct ConstArrayView<'a, T: Element, const N: usize> {
    data: ViewData<'a, T, N>,
}

/// The methods both view types share.
macro_rules! view_methods {
    ($view:ident) => {
        /// The view's extent.
        pub fn extent(&self) -> Extent<N> {
            self.data.extent()
        }

        /// The identity of the data the view sees, shared by every view, section and
        /// reinterpretation of one array or host buffer (amp's algorithms compare them to
        /// find an operand that is also the output). Not an API.
        #[doc(hidden)]
        pub fn data_id(&self) -> u64 {
            self.data.core_id()
        }

        /// Reads one element on the host. When a kernel wrote the data since the host last had
        /// it, only this element is copied back if the data is larger than 64 KiB (the rest
        /// stays on the accelerator until [`to_vec`](Self::to_vec), `synchronize` or more than
        /// 16 such reads); smaller data is copied back whole. Fails with
        /// [`Error::OutOfBounds`](crate::Error::OutOfBounds) outside the extent.
        pub fn get(&self, idx: impl Into<Index<N>>) -> Result<T> {
            self.data.get(idx.into())
        }

        /// Declares that the host data changed outside the view (C++ AMP `array_view::refresh`):
        /// the accelerator's copy is stale and the next kernel uploads the host data again. A
        /// view with no host source ([`ArrayView::from_extent`], an `Array`'s view) has nothing
        /// to refresh from: nothing changes (C++ AMP: a no-op), the accelerator's data stays.
        pub fn refresh(&self) {
            self.data.refresh();
        }

        /// A copy of the view's elements in row-major order. When only the accelerator has the
        /// current data, a [`section`](Self::section) of large data copies back just the part
        /// of the data from its first to its last element (the host copy stays stale, as with
        /// [`get`](Self::get)); a whole view is synchronized first.
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

        /// This view's elements, in row-major order, as a view of another extent and rank (C++
        /// AMP `array_view::view_as`, a reshape): a view of the same data, coherent with this
        /// one (kernels and the host see one data), usable as kernel input and output.
        ///
        /// The view's elements must be consecutive in the data: a whole view or a section of
        /// whole rows. A section narrower than its parent's rows fails with
        /// [`Error::InvalidComputeDomain`](crate::Error::InvalidComputeDomain), as does a
        /// negative component. `extent` may hold fewer elements than this view (C++ AMP:
        /// `extent.size() <= size()`): the new view sees the first ones; more fails with
        /// [`Error::ExtentMismatch`](crate::Error::ExtentMismatch). C++ AMP reshaped rank-1
        /// views only; amp reshapes any consecutive view.
        ///
        /// ```
        /// use amp_runtime::ArrayView;
        /// let mut data = [1, 2, 3, 4, 5, 6];
        /// let flat = ArrayView::new(6, &mut data)?;
        /// let grid = flat.view_as([2, 3])?;
        /// assert_eq!(grid.get([1, 0])?, 4);
        /// grid.set([1, 2], 60)?;
        /// assert_eq!(flat.get(5)?, 60);
        /// # Ok::<(), amp_runtime::Error>(())
        /// ```
        pub fn view_as<const M: usize>(
            &self,
            extent: impl Into<Extent<M>>,
        ) -> Result<$view<'a, T, M>> {
            Ok($view {
                data: self.data.view_as(extent.into())?,
            })
        }

        /// How many times this view's data was copied to an accelerator.
        pub fn uploads(&self) -> u64 {
            self.data.uploads()
        }

        /// How many times this view's data was copied back to the host (never, for a read-only
        /// view: kernels cannot write it); a partial read counts as one.
        pub fn downloads(&self) -> u64 {
            self.data.downloads()
        }

        /// Bytes of this view's data (shared with its sections) copied to and from the
        /// accelerator, as `(uploaded, downloaded)`, counted as on the accelerator: 4 bytes per
        /// 32-bit element (`bool` included), 8 per 64-bit one.
        pub fn transfer_bytes(&self) -> (u64, u64) {
            self.data.transfer_bytes()
        }

        /// The coherence core, for `copy` and a kernel's view slot.
        pub(crate) fn view_data(&self) -> &ViewData<'a, T, N> {
            &self.data
        }

        /// Makes the data current on `acc` and returns the buffer that holds it there.
        #[cfg(test)]
        pub(crate) fn device_buffer(&self, acc: &Accelerator) -> Result<wgpu::Buffer> {
            Ok(self.data.device_buffer(acc)?.buffers()[0].clone())
        }
    };
}

impl<'a, T: Element, const N: usize> ArrayView<'a, T, N> {
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

    /// Writes one element. When a kernel wrote the data since the host last had it and the data
    /// is larger than 64 KiB, the element is written into the accelerator's copy alone (4 or 8
    /// bytes uploaded, nothing downloaded); otherwise the data is copied back first, the host
    /// copy is written, and the accelerator's copy becomes stale: the next kernel that uses the
    /// view uploads it again. Fails with [`Error::OutOfBounds`](crate::Error::OutOfBounds) outside the extent.
    pub fn set(&self, idx: impl Into<Index<N>>, value: T) -> Result<()> {
        self.data.set(idx.into(), value)
    }

    /// Copies the data back to the host if a kernel wrote it since the last synchronization
    /// (C++ AMP `array_view::synchronize`); does nothing otherwise. On a section this copies
    /// back the whole data the section belongs to: currency is tracked for the whole data.
    pub fn synchronize(&self) -> Result<()> {
        self.data.synchronize()
    }

    /// Starts copying the data back to the host if a kernel wrote it since the last
    /// synchronization (C++ AMP `array_view::synchronize_async`), and returns at once. The
    /// returned [`Completion`] is done when the data is in the host memory the view wraps; wait
    /// for it with [`Completion::wait`] or `.await` it. Like [`synchronize`](Self::synchronize)
    /// it copies back the whole data, and a fault of a checked kernel launched before the call
    /// that used the data comes back as its error (a later kernel's, from the data's next use).
    ///
    /// The device copy is copied at the call; the host memory is written when the
    /// `Completion` finishes (it borrows the view until then). A kernel that writes the view
    /// in between makes that copy outdated: it is then not written over the host data, and
    /// the kernel's results come back with the next synchronization (or when the view is
    /// dropped).
    ///
    /// ```
    /// use amp_runtime::ArrayView;
    /// let mut data = [1, 2, 3];
    /// let view = ArrayView::new(3, &mut data)?;
    /// view.synchronize_async().wait()?; // nothing to copy back: done at once
    /// pollster::block_on(view.synchronize_async())?;
    /// # Ok::<(), amp_runtime::Error>(())
    /// ```
    pub fn synchronize_async(&self) -> Completion<'_> {
        self.data.synchronize_async()
    }

    /// Declares the current contents unneeded (C++ AMP `array_view::discard_data`): the next
    /// kernel that uses the view does not upload the host data, and results not yet copied back
    /// are dropped. Use it on views that a kernel only writes.
    ///
    /// On a [`section`](Self::section) that does not cover the whole data, the section's
    /// results not yet copied back are dropped: the next `synchronize` (or drop) leaves the
    /// host data of the section as it is, unless a kernel or the host writes the data after
    /// the discard; the data outside the section comes back as always. While the host copy is
    /// current, discarding a section changes nothing: the next kernel uploads the section with
    /// the rest (discarding permits the runtime not to preserve data, it never requires it).
    pub fn discard_data(&self) {
        self.data.discard_data();
    }

    /// This view as a read-only view of the same data (C++ AMP's conversion of
    /// `array_view<T, N>` to `array_view<const T, N>`): coherent with this one, usable as
    /// kernel input, and (like a clone) a view of the data that keeps the host data's
    /// synchronization on drop for the last view alive. Also `ConstArrayView::from(view)`.
    ///
    /// ```
    /// use amp_runtime::{ArrayView, ConstArrayView};
    /// let mut data = [1, 2, 3];
    /// let view = ArrayView::new(3, &mut data)?;
    /// let read: ConstArrayView<i32, 1> = view.as_const();
    /// view.set(0, 10)?;
    /// assert_eq!(read.get(0)?, 10);
    /// # Ok::<(), amp_runtime::Error>(())
    /// ```
    pub fn as_const(&self) -> ConstArrayView<'a, T, N> {
        ConstArrayView {
            data: self.data.clone(),
        }
    }

    /// The host data behind the view, made current (C++ AMP `array_view::data()`): the view is
    /// synchronized first, so the elements are the current ones, in row-major order. amp hands
    /// out a copy rather than a pointer into memory the view borrows (Rust's borrow rules: the
    /// caller's slice is borrowed by the view). Fails with
    /// [`Error::UnsupportedFeature`](crate::Error::UnsupportedFeature)
    /// ([`FeatureError::NoHostSource`](crate::error::FeatureError::NoHostSource)) for a view
    /// with no host source ([`from_extent`](ArrayView::from_extent), an `Array`'s view), as
    /// C++ AMP's `data()` is only for views of host data.
    ///
    /// ```
    /// use amp_runtime::ArrayView;
    /// let mut data = [1, 2, 3, 4];
    /// let view = ArrayView::new(4, &mut data)?;
    /// view.set(3, 40)?;
    /// assert_eq!(view.data()?, [1, 2, 3, 40]);
    /// # Ok::<(), amp_runtime::Error>(())
    /// ```
    pub fn data(&self) -> Result<Vec<T>> {
        if self.data.owns_host() {
            return Err(crate::error::Error::UnsupportedFeature(
                crate::error::FeatureError::NoHostSource {
                    extent: crate::error::coords::extent(self.extent()),
                },
            ));
        }
        self.data.synchronize()?;
        self.data.to_vec()
    }

    /// Records that a kernel wrote the view: the accelerator's copy is now the only current one.
    pub(crate) fn kernel_wrote(&self) {
        self.data.kernel_wrote();
    }

    /// A view over `data` (an `Array`'s reinterpretation).
    pub(crate) fn from_view_data(data: ViewData<'a, T, N>) -> Self {
        ArrayView { data }
    }

    view_methods!(ArrayView);
}

impl<T: Element, const N: usize> ArrayView<'static, T, N> {
    /// A view with no host data source (C++ AMP `array_view<T, N> av(extent)`): it owns its
    /// storage, which starts as zeros and lives on the accelerator from the first kernel that
    /// uses it (nothing is uploaded: the kernel sees zeros) until the host reads it with
    /// [`get`](Self::get), [`to_vec`](Self::to_vec) or [`synchronize`](Self::synchronize). It
    /// borrows nothing, so it can outlive the scope that made it; dropping it copies nothing
    /// back. Fails with [`Error::InvalidComputeDomain`](crate::Error::InvalidComputeDomain)
    /// when a component is negative or the extent is too large.
    ///
    /// ```
    /// use amp_runtime::ArrayView;
    /// let view = ArrayView::<f32, 2>::from_extent([2, 3])?;
    /// assert_eq!(view.to_vec()?, [0.0; 6]);
    /// view.set([1, 2], 5.0)?;
    /// assert_eq!(view.get([1, 2])?, 5.0);
    /// # Ok::<(), amp_runtime::Error>(())
    /// ```
    pub fn from_extent(extent: impl Into<Extent<N>>) -> Result<Self> {
        Ok(ArrayView {
            data: ViewData::zeroed(extent.into())?,
        })
    }
}

impl<'a, T: Element, const N: usize> ConstArrayView<'a, T, N> {
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

    view_methods!(ConstArrayView);
}

/// Projections (C++ AMP `av[i]` on the host): a rank-N view indexed by its first component is a
/// rank N−1 view. Written for each rank, since stable Rust cannot name `N - 1` generically.
macro_rules! projections {
    ($view:ident) => {
        impl<'a, T: Element> $view<'a, T, 2> {
            /// Row `i` of the view as a rank-1 view of the same data, coherent with this one
            /// (C++ AMP's projection, spelled `av[i]` there), usable as kernel input and output;
            /// on a section, the row of the section. Fails with
            /// [`Error::OutOfBounds`](crate::Error::OutOfBounds) when `i` is not a row.
            ///
            /// ```
            /// use amp_runtime::ArrayView;
            /// let mut data = [1, 2, 3, 4, 5, 6];
            /// let grid = ArrayView::new([2, 3], &mut data)?;
            /// let row = grid.project(1)?;
            /// assert_eq!(row.to_vec()?, [4, 5, 6]);
            /// # Ok::<(), amp_runtime::Error>(())
            /// ```
            pub fn project(&self, i: i32) -> Result<$view<'a, T, 1>> {
                Ok($view {
                    data: self.data.project(i)?,
                })
            }
        }

        impl<'a, T: Element> $view<'a, T, 3> {
            /// Plane `i` of the view as a rank-2 view of the same data, coherent with this one
            /// (C++ AMP's projection, spelled `av[i]` there), usable as kernel input and output;
            /// on a section, the plane of the section. Fails with
            /// [`Error::OutOfBounds`](crate::Error::OutOfBounds) when `i` is not a plane.
            ///
            /// ```
            /// use amp_runtime::ArrayView;
            /// let mut data: Vec<i32> = (0..24).collect();
            /// let cube = ArrayView::new([2, 3, 4], &mut data)?;
            /// let plane = cube.project(1)?;
            /// assert_eq!(plane.extent(), [3, 4].into());
            /// assert_eq!(plane.get([2, 3])?, 23);
            /// # Ok::<(), amp_runtime::Error>(())
            /// ```
            pub fn project(&self, i: i32) -> Result<$view<'a, T, 2>> {
                Ok($view {
                    data: self.data.project(i)?,
                })
            }
        }
    };
}

projections!(ArrayView);
projections!(ConstArrayView);

/// Reinterpretation (C++ AMP `array_view<T, 1>::reinterpret_as<U>`), for rank-1 views.
macro_rules! reinterpretation {
    ($view:ident) => {
        impl<'a, T: Element> $view<'a, T, 1> {
            /// The same bytes as a rank-1 view of element type `U` (C++ AMP
            /// `reinterpret_as<U>()`): a view of the same data, coherent with this one (a kernel
            /// that writes through it is seen through this view after synchronization, and the
            /// reverse), usable as kernel input and output. Its extent is the view's size in
            /// bytes over `U`'s; element sizes are those on the accelerator (4 bytes per
            /// 32-bit word, `U::WORDS` words), where elements follow each other with no padding
            /// (`Float3` takes 12 bytes).
            ///
            /// Fails with [`Error::Reinterpret`](crate::Error::Reinterpret) when the view's
            /// bytes are not a whole number of `U`s (C++ AMP: "Element type of reinterpret_as
            /// does not evenly divide into extent") or when a section does not start on a `U`
            /// of its data, and with
            /// [`Error::UnsupportedFeature`](crate::Error::UnsupportedFeature) for `bool`
            /// elements on either side, which are a byte on the host but a word on the
            /// accelerator.
            ///
            /// ```
            /// use amp_runtime::ArrayView;
            /// let mut data = [1.0f32, -2.0];
            /// let floats = ArrayView::new(2, &mut data)?;
            /// let bits = floats.reinterpret_as::<u32>()?;
            /// assert_eq!(bits.get(0)?, 1.0f32.to_bits());
            /// bits.set(1, 0.5f32.to_bits())?;
            /// assert_eq!(floats.get(1)?, 0.5);
            /// # Ok::<(), amp_runtime::Error>(())
            /// ```
            pub fn reinterpret_as<U: Element>(&self) -> Result<$view<'a, U, 1>> {
                Ok($view {
                    data: self.data.reinterpret()?,
                })
            }
        }
    };
}

reinterpretation!(ArrayView);
reinterpretation!(ConstArrayView);

/// Copies results back into the borrowed data when the last view of it goes (C++ AMP: the
/// implicit synchronization when the last `array_view` of the data is destroyed; dropping a
/// section while its parent lives copies nothing). Drop cannot return an error; one is reported
/// on stderr, and the data then holds what it held before the kernel ran. A view that owns its
/// data ([`ArrayView::from_extent`]) copies nothing: nobody else can see that host copy.
impl<T: Element, const N: usize> Drop for ArrayView<'_, T, N> {
    fn drop(&mut self) {
        if self.data.owns_host() || !self.data.is_last_view() {
            return;
        }
        if let Err(error) = self.data.synchronize() {
            eprintln!(
                "amp: array view of extent {} could not be synchronized on drop: {error}",
                self.data.extent()
            );
        }
    }
}

/// A read-only view made from a read-write one ([`ArrayView::as_const`]) may be the last view of
/// the data: its drop then copies the results back as the read-write view's would.
impl<T: Element, const N: usize> Drop for ConstArrayView<'_, T, N> {
    fn drop(&mut self) {
        // A view of read-only data has nothing to copy back (and leaves a checked kernel's
        // fault to the data's next use, as before).
        if !self.data.borrows_mutable() || !self.data.is_last_view() {
            return;
        }
        if let Err(error) = self.data.synchronize() {
            eprintln!(
                "amp: array view of extent {} could not be synchronized on drop: {error}",
                self.data.extent()
            );
        }
    }
}

/// A second view of the same data (C++ AMP's `array_view` copy): coherent with this one (the
/// same coherence state, the same host data), with the same extent; the host data is
/// synchronized when the last view of it is dropped.
impl<T: Element, const N: usize> Clone for ArrayView<'_, T, N> {
    fn clone(&self) -> Self {
        ArrayView {
            data: self.data.clone(),
        }
    }
}

/// A second read-only view of the same data; see [`ArrayView`'s `Clone`](ArrayView#impl-Clone-for-ArrayView%3C'_,+T,+N%3E).
impl<T: Element, const N: usize> Clone for ConstArrayView<'_, T, N> {
    fn clone(&self) -> Self {
        ConstArrayView {
            data: self.data.clone(),
        }
    }
}

/// [`ArrayView::as_const`], taking the view (C++ AMP's implicit conversion to
/// `array_view<const T, N>`).
impl<'a, T: Element, const N: usize> From<ArrayView<'a, T, N>> for ConstArrayView<'a, T, N> {
    fn from(view: ArrayView<'a, T, N>) -> Self {
        view.as_const()
    }
}

impl<T: Element, const N: usize> fmt::Debug for ArrayView<'_, T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ArrayView")
            .field("type", &T::name())
            .field("extent", &self.extent())
            .field("uploads", &self.uploads())
            .field("downloads", &self.downloads())
            .finish_non_exhaustive()
    }
}

impl<T: Element, const N: usize> fmt::Debug for ConstArrayView<'_, T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ConstArrayView")
            .field("type", &T::name())
            .field("extent", &self.extent())
            .field("uploads", &self.uploads())
            .finish_non_exhaustive()
    }
}
