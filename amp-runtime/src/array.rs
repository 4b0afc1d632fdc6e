//! C++ AMP's `array`: data that belongs to the accelerator. It is copied in when made (deeply:
//! later changes to the source do not reach it), kernels read and write it in place, and it is
//! copied out only when asked (`to_vec`, `copy_to`, `get`).
//!
//! Unlike an [`ArrayView`], an `Array` borrows nothing: it owns its data, so it
//! can outlive the host data it was made from and be passed around freely.

use crate::accelerator::Accelerator;
use crate::error::{coords, Error, Result};
use crate::queue::AcceleratorView;
use crate::view::{ArrayView, DataEnd, ViewData};
use amp_core::{Element, Extent, Index};
use std::fmt;

/// An array on the accelerator (C++ AMP `array<T, N>`).
///
/// ```
/// use amp_runtime::Array;
/// let a = Array::new(5, &[0, 1, 2, 3, 4])?;
/// assert_eq!(a.to_vec()?, [0, 1, 2, 3, 4]);
/// # Ok::<(), amp_runtime::Error>(())
/// ```
pub struct Array<T: Element, const N: usize> {
    pub(crate) data: ViewData<'static, T, N>,
    /// The accelerator it was created on (C++ AMP's `array(extent, …, accelerator_view)`):
    /// launches that capture it run there.
    home: Option<Accelerator>,
}

impl<T: Element, const N: usize> Array<T, N> {
    /// An array of `extent` holding a copy of `data` (C++ AMP `array(extent, begin, end)`).
    /// Fails with [`Error::ExtentMismatch`] when the extent does not hold `data.len()` elements.
    ///
    /// As in C++ AMP, the copy goes to the accelerator: large data (a megabyte or more) is
    /// uploaded to the default accelerator at once, straight from `data`, with no copy on the
    /// host (the array still goes wherever it is first used, as one made without an
    /// accelerator does); smaller data is copied on the host and uploaded on first use.
    pub fn new(extent: impl Into<Extent<N>>, data: &[T]) -> Result<Self> {
        let extent = extent.into();
        let large = crate::view::bytes_of::<T>(data.len()) >= crate::staging::RING_MIN;
        match Accelerator::default() {
            Ok(acc) if large && !acc.is_host_only() => {
                let array = Self::from_extent(extent)?;
                array.upload_from(&acc, data)?;
                Ok(array)
            }
            _ => Self::from_vec(extent, data.to_vec()),
        }
    }

    /// Makes the array's device copy on `acc` hold `data`, which must have the array's size.
    fn upload_from(&self, acc: &Accelerator, data: &[T]) -> Result<()> {
        let extent = self.data.extent();
        if extent.size() != data.len() as u64 {
            return Err(Error::ExtentMismatch {
                extent: coords::extent(extent),
                expected: extent.size(),
                actual: data.len(),
            });
        }
        self.data.device_buffer(acc)?;
        DataEnd::write(&self.data, data)
    }

    /// An array of `extent` holding `data`.
    pub fn from_vec(extent: impl Into<Extent<N>>, data: Vec<T>) -> Result<Self> {
        Ok(Array {
            data: ViewData::owned(extent.into(), data)?,
            home: None,
        })
    }

    /// An array of `extent` whose elements are `value`.
    /// Fails with [`Error::OutOfMemory`] when no accelerator could hold it (or the host
    /// cannot allocate it), with [`Error::InvalidComputeDomain`] for a negative component.
    pub fn filled(extent: impl Into<Extent<N>>, value: T) -> Result<Self> {
        let extent = extent.into();
        Self::from_vec(extent, crate::view::filled_vec(extent, value)?)
    }

    /// An array of `extent` that lives on the accelerator only (C++ AMP `array(extent)`): no
    /// host copy is made, nothing is uploaded, and its elements start as zeros. Fails with
    /// [`Error::InvalidComputeDomain`] when a component is negative or the extent is too large.
    ///
    /// ```
    /// use amp_runtime::Array;
    /// let a = Array::<f32, 2>::from_extent([2, 3])?;
    /// assert_eq!(a.to_vec()?, [0.0; 6]);
    /// assert_eq!(a.uploads(), 0);
    /// # Ok::<(), amp_runtime::Error>(())
    /// ```
    pub fn from_extent(extent: impl Into<Extent<N>>) -> Result<Self> {
        Ok(Array {
            data: ViewData::zeroed(extent.into())?,
            home: None,
        })
    }

    /// [`new`](Self::new) on `view`'s accelerator (C++ AMP `array(extent, begin, end,
    /// accelerator_view)`): the data is copied there now, and a `parallel_for_each!` that
    /// captures the array runs there; launching it on another accelerator is
    /// [`Error::AcceleratorMismatch`].
    ///
    /// On the host-only [`Accelerator::cpu_accelerator`] the data stays in host memory and
    /// never gets a device buffer: the array is read and written on the host, and copied to
    /// and from arrays of other accelerators with [`copy`](crate::copy()); a launch that
    /// captures it fails ([`FeatureError::HostOnly`](crate::error::FeatureError::HostOnly)),
    /// and a view of it used on another accelerator is [`Error::AcceleratorMismatch`].
    pub fn new_on(
        view: &AcceleratorView,
        extent: impl Into<Extent<N>>,
        data: &[T],
    ) -> Result<Self> {
        let acc = view.accelerator();
        if acc.is_host_only() {
            return Self::from_vec_on(view, extent, data.to_vec());
        }
        // Straight from `data` to the accelerator: the host copy starts as zero pages that are
        // never touched unless the host reads the array.
        let array = Self::from_extent_on(view, extent)?;
        array.upload_from(acc, data)?;
        Ok(array)
    }

    /// [`from_vec`](Self::from_vec) on `view`'s accelerator: [`new_on`](Self::new_on) without
    /// copying `data` on the host first.
    pub fn from_vec_on(
        view: &AcceleratorView,
        extent: impl Into<Extent<N>>,
        data: Vec<T>,
    ) -> Result<Self> {
        let acc = view.accelerator();
        let array = Self::from_vec(extent, data)?.placed_on(acc);
        if !acc.is_host_only() {
            array.data.device_buffer(acc)?;
        }
        Ok(array)
    }

    /// [`from_extent`](Self::from_extent) on `view`'s accelerator (C++ AMP `array(extent,
    /// accelerator_view)`); see [`new_on`](Self::new_on) for the CPU accelerator.
    pub fn from_extent_on(view: &AcceleratorView, extent: impl Into<Extent<N>>) -> Result<Self> {
        Ok(Self::from_extent(extent)?.placed_on(view.accelerator()))
    }

    /// The array, made just now, placed on `acc`: launches that capture it run there, and on
    /// the CPU accelerator its data stays in host memory.
    fn placed_on(mut self, acc: &Accelerator) -> Self {
        if acc.is_host_only() {
            self.data.keep_on_host();
        }
        self.home = Some(acc.clone());
        self
    }

    /// The accelerator the array was created on, if one was named (C++ AMP
    /// `array::get_accelerator_view`; an array made without one goes wherever it is used).
    pub fn accelerator(&self) -> Option<&Accelerator> {
        self.home.as_ref()
    }

    /// The part of the array at `origin` with `extent`, as a view (C++ AMP
    /// `array::section`, an `array_view`): coherent with the array, usable as kernel input and
    /// output. Fails with [`Error::OutOfBounds`] when it does not fit.
    pub fn section(
        &self,
        origin: impl Into<Index<N>>,
        extent: impl Into<Extent<N>>,
    ) -> Result<ArrayView<'static, T, N>> {
        let data = self.data.section(origin.into(), extent.into())?;
        Ok(ArrayView::from_view_data(data))
    }

    /// The part of the array from `origin` to its end, as a view (C++ AMP
    /// `array::section(origin)`); see [`section`](Self::section).
    pub fn section_from(&self, origin: impl Into<Index<N>>) -> Result<ArrayView<'static, T, N>> {
        let origin = origin.into();
        let extent = self.extent() - Extent::new(origin.0);
        self.section(origin, extent)
    }

    /// The part of the array from its origin with `extent`, as a view (C++ AMP
    /// `array::section(extent)`); see [`section`](Self::section).
    pub fn section_extent(&self, extent: impl Into<Extent<N>>) -> Result<ArrayView<'static, T, N>> {
        self.section(Index::new([0; N]), extent)
    }

    /// A deep copy of the array on the same accelerator (C++ AMP's `array` copy constructor):
    /// a new array with its own data, equal to this one's now; later writes to either do not
    /// reach the other. Where the data is current on an accelerator it is copied buffer to
    /// buffer there, with nothing crossing to the host.
    ///
    /// ```
    /// use amp_runtime::Array;
    /// let a = Array::new(3, &[1, 2, 3])?;
    /// let b = a.try_clone()?;
    /// assert_eq!(b.to_vec()?, [1, 2, 3]);
    /// assert_ne!(a.data_id(), b.data_id());
    /// # Ok::<(), amp_runtime::Error>(())
    /// ```
    pub fn try_clone(&self) -> Result<Self> {
        let copy = Self::from_extent(self.extent())?;
        let copy = match &self.home {
            Some(acc) => copy.placed_on(acc),
            None => copy,
        };
        crate::copy(self, &copy)?;
        Ok(copy)
    }

    /// A deep copy of the array on `view`'s accelerator (C++ AMP `array(const array&,
    /// accelerator_view)`): the data goes buffer to buffer where both are on one accelerator,
    /// through the host otherwise.
    pub fn try_clone_on(&self, view: &AcceleratorView) -> Result<Self> {
        let copy = Self::from_extent_on(view, self.extent())?;
        crate::copy(self, &copy)?;
        Ok(copy)
    }

    /// The array's elements, in row-major order, as a view of another extent and rank (C++
    /// AMP `array::view_as`); see [`ArrayView::view_as`].
    pub fn view_as<const M: usize>(
        &self,
        extent: impl Into<Extent<M>>,
    ) -> Result<ArrayView<'static, T, M>> {
        Ok(ArrayView::from_view_data(self.data.view_as(extent.into())?))
    }

    /// The array's extent.
    pub fn extent(&self) -> Extent<N> {
        self.data.extent()
    }

    /// The identity of the array's data, shared by its views (see `ArrayView::data_id`). Not an
    /// API.
    #[doc(hidden)]
    pub fn data_id(&self) -> u64 {
        self.data.core_id()
    }

    /// A copy of the data (C++ AMP's conversion to `std::vector`).
    pub fn to_vec(&self) -> Result<Vec<T>> {
        self.data.to_vec()
    }

    /// Copies the data into `dst` (C++ AMP `copy(array, dest)`); fails with
    /// [`Error::ExtentMismatch`] when `dst` has another length.
    pub fn copy_to(&self, dst: &mut [T]) -> Result<()> {
        let data = self.data.to_vec()?;
        if data.len() != dst.len() {
            return Err(Error::ExtentMismatch {
                extent: coords::extent(self.extent()),
                expected: data.len() as u64,
                actual: dst.len(),
            });
        }
        dst.copy_from_slice(&data);
        Ok(())
    }

    /// Reads one element. When a kernel changed the array since the host last had it, only this
    /// element is copied back if the array is larger than 64 KiB; a smaller one is copied back
    /// whole.
    pub fn get(&self, idx: impl Into<Index<N>>) -> Result<T> {
        self.data.get(idx.into())
    }

    /// How many times the array's data was copied to an accelerator.
    pub fn uploads(&self) -> u64 {
        self.data.uploads()
    }

    /// How many times the array's data was copied back to the host (a partial read counts as
    /// one).
    pub fn downloads(&self) -> u64 {
        self.data.downloads()
    }

    /// Bytes of the array's data copied to and from the accelerator, as `(uploaded,
    /// downloaded)`, counted as on the accelerator (4 bytes per 32-bit element).
    pub fn transfer_bytes(&self) -> (u64, u64) {
        self.data.transfer_bytes()
    }

    /// The coherence core, for `copy` and a kernel's view slot.
    pub(crate) fn view_data(&self) -> &ViewData<'static, T, N> {
        &self.data
    }
}

impl<T: Element> Array<T, 1> {
    /// The array's bytes as a rank-1 view of element type `U` (C++ AMP
    /// `array<T, 1>::reinterpret_as<U>`, which also gives an `array_view`): a view of the
    /// array's data, coherent with it (a kernel that writes through the view changes the
    /// array), usable as kernel input and output; it keeps the data alive on its own. See
    /// [`ArrayView::reinterpret_as`] for the sizes and
    /// errors.
    ///
    /// ```
    /// use amp_core::short_vector::UInt4;
    /// use amp_runtime::Array;
    /// let a = Array::new(8, &[1u32, 2, 3, 4, 5, 6, 7, 8])?;
    /// let quads = a.reinterpret_as::<UInt4>()?;
    /// assert_eq!(quads.extent(), 2.into());
    /// assert_eq!(quads.get(1)?.0, [5, 6, 7, 8]);
    /// # Ok::<(), amp_runtime::Error>(())
    /// ```
    pub fn reinterpret_as<U: Element>(&self) -> Result<ArrayView<'static, U, 1>> {
        Ok(ArrayView::from_view_data(self.data.reinterpret()?))
    }
}

impl<T: Element, const N: usize> fmt::Debug for Array<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Array")
            .field("type", &T::name())
            .field("extent", &self.extent())
            .finish_non_exhaustive()
    }
}
