//! The data side of `amp::copy`: what a view or array offers as the source or destination of a
//! copy, without its rank or its borrow's lifetime in the type (so that one `copy` function
//! takes any pairing).

use super::coherence::Current;
use super::host::HostKind;
use super::ViewData;
use crate::accelerator::Accelerator;
use crate::error::{coords, Result};
use amp_core::Element;

/// Where a copy's elements are on an accelerator: a buffer and the view's layout in it.
pub struct Placed {
    pub(crate) acc: Accelerator,
    pub(crate) segments: super::segments::Segments,
    /// Where each run of consecutive elements starts: one run for the whole view when its
    /// elements are consecutive in the data, else one per innermost row.
    pub(crate) runs: Vec<usize>,
}

/// A view or array as either end of a copy. Every method takes the coherence lock on its own,
/// so two ends over the same data never deadlock.
pub trait DataEnd<T: Element> {
    /// The extent's components.
    fn dims(&self) -> Vec<i64>;
    /// The number of elements the view sees.
    fn elements(&self) -> u64;
    /// The id of the data (shared by a view and its sections).
    fn data_id(&self) -> u64;
    /// Whether the elements are consecutive in the data.
    fn contiguous(&self) -> bool;
    /// The elements in row-major order, read from wherever the current data is; the source's
    /// host copy is left as it is (a copy writes its destination only).
    fn read(&self) -> Result<Vec<T>>;
    /// Overwrites the elements with `values` (row-major, exactly [`elements`](Self::elements)),
    /// where the data is current.
    fn write(&self, values: &[T]) -> Result<()>;
    /// The device buffer, when the device copy holds the current data.
    fn device_source(&self) -> Option<Placed>;
    /// The device buffer on `acc`, after uploading the data there if only the host holds it
    /// (as a kernel's use would): later copies from it stay on the accelerator. `None` for data
    /// kept in host memory (an array on the CPU accelerator).
    fn resident_source(&self, acc: &Accelerator) -> Result<Option<Placed>>;
    /// The accelerator that holds the data's device copy, if any.
    fn device_home(&self) -> Option<Accelerator>;
    /// The device buffer, when only the device copy holds the current data (reading it means a
    /// download).
    fn device_only(&self) -> Option<Placed>;
    /// A buffer on `acc` to overwrite the elements in, current outside them, when the data
    /// already lives there or belongs there (owned data not kept in host memory); then
    /// [`device_written`](Self::device_written) must follow the copy.
    fn device_target(&self, acc: &Accelerator) -> Result<Option<Placed>>;
    /// Records that the device copy was written.
    fn device_written(&self);
    /// Counts a download of `bytes` of the data made outside the view (`copy_async`).
    fn count_download(&self, bytes: u64);
}

impl<T: Element, const N: usize> ViewData<'_, T, N> {
    /// Where each run of consecutive elements of the view starts in the data, and its length.
    pub(super) fn runs(&self) -> (Vec<usize>, usize) {
        match self.span() {
            None => (Vec::new(), 0),
            Some((first, _)) if self.is_contiguous() => (vec![first], self.extent.size() as usize),
            Some(_) => (self.row_starts(), self.extent.0[N - 1] as usize),
        }
    }

    fn placed(&self, acc: &Accelerator, segments: super::segments::Segments) -> Placed {
        Placed {
            acc: acc.clone(),
            segments,
            runs: self.runs().0,
        }
    }
}

impl<T: Element, const N: usize> DataEnd<T> for ViewData<'_, T, N> {
    fn dims(&self) -> Vec<i64> {
        coords::extent(self.extent)
    }

    fn elements(&self) -> u64 {
        self.extent.size()
    }

    fn data_id(&self) -> u64 {
        self.core_id()
    }

    fn contiguous(&self) -> bool {
        self.is_contiguous()
    }

    fn read(&self) -> Result<Vec<T>> {
        self.read_current()
    }

    fn write(&self, values: &[T]) -> Result<()> {
        let whole = self.is_whole();
        self.core.with(|l| {
            let kind = l.host.kind();
            if kind == HostKind::ReadOnly {
                return Err(super::read_only_error());
            }
            let owned = kind == HostKind::Owned;
            let device_only = l.co.current() == Current::Device;
            if let Some(copy) = l.co.device().filter(|_| device_only || (whole && owned)) {
                // Write where the data lives: an array's data belongs on the accelerator, and a
                // device copy that alone is current stays so (nothing comes back to the host).
                let (runs, run) = self.runs();
                for (start, chunk) in runs.into_iter().zip(values.chunks(run.max(1))) {
                    copy.segments.upload(&copy.acc, start, chunk)?;
                }
                if !values.is_empty() {
                    self.counted_upload(super::bytes_of::<T>(values.len()));
                }
                // The whole data, or a part of data only the device copy held: the device
                // copy alone is current.
                l.co.device_wrote();
                return Ok(());
            }
            if !whole {
                self.make_host_current(l)?;
            }
            let (runs, run) = self.runs();
            for (start, chunk) in runs.into_iter().zip(values.chunks(run.max(1))) {
                l.host.write(start, chunk);
            }
            l.co.host_wrote();
            Ok(())
        })
    }

    fn device_source(&self) -> Option<Placed> {
        self.core.with(|l| {
            let copy = l.co.device().filter(|_| l.co.device_current())?;
            Some(self.placed(&copy.acc, copy.segments.clone()))
        })
    }

    fn resident_source(&self, acc: &Accelerator) -> Result<Option<Placed>> {
        if self.core.with(|l| l.co.host_only()) {
            return Ok(None);
        }
        let buffer = self.device_buffer(acc)?;
        Ok(Some(self.placed(acc, buffer)))
    }

    fn device_home(&self) -> Option<Accelerator> {
        self.core
            .with(|l| l.co.device().map(|copy| copy.acc.clone()))
    }

    fn device_only(&self) -> Option<Placed> {
        self.core.with(|l| {
            let copy =
                l.co.device()
                    .filter(|_| l.co.current() == Current::Device)?;
            Some(self.placed(&copy.acc, copy.segments.clone()))
        })
    }

    fn device_target(&self, acc: &Accelerator) -> Result<Option<Placed>> {
        let whole = self.is_whole();
        self.core.with(|l| {
            if l.co.host_only() {
                return Ok(None);
            }
            let on_acc = l.co.device().is_some_and(|copy| copy.acc == *acc);
            match l.host.kind() {
                HostKind::ReadOnly => return Ok(None),
                HostKind::ReadWrite if !on_acc => return Ok(None),
                _ => {}
            }
            if whole {
                // Overwritten entirely: the old data need not reach the accelerator.
                l.co.discard();
            }
            let buffer = self.device_buffer_locked(l, acc)?;
            Ok(Some(self.placed(acc, buffer)))
        })
    }

    fn count_download(&self, bytes: u64) {
        self.counted_download(bytes);
    }

    fn device_written(&self) {
        self.kernel_wrote();
    }
}
