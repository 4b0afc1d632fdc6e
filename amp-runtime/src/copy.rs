//! `copy` (C++ AMP `concurrency::copy`): copies elements between any two of a host slice, an
//! [`Array`], an [`ArrayView`] and a [`ConstArrayView`] (the last as a source only).
//!
//! When the source's current data is on an accelerator and the destination's data lives there
//! too (an `Array`, a view made with [`ArrayView::from_extent`], or a view a kernel used there),
//! the elements are copied buffer to buffer on the accelerator and nothing crosses to the host.
//! Sections copy run by run (one copy per row of a strided section); a strided copy of more
//! than [`MAX_DEVICE_RUNS`] rows, a copy between two views of the same data, and every other
//! pairing go through the host, moving only what the ends' coherence requires.

use crate::accelerator::Accelerator;
use crate::array::Array;
use crate::error::{Error, Result};
use crate::view::transfer::copy_runs;
use crate::view::{ArrayView, ConstArrayView, DataEnd, Placed};
use amp_core::Element;

/// Strided device copies with more rows than this go through the host instead: one copy
/// command per row stops paying off.
pub const MAX_DEVICE_RUNS: usize = 4096;

/// Copies every element of `src` into `dst` (C++ AMP `concurrency::copy`).
///
/// Either end is a host slice (`&[T]`, `&Vec<T>`, `&[T; K]` as the source; `&mut [T]`,
/// `&mut Vec<T>`, `&mut [T; K]` as the destination), an `&Array`, an `&ArrayView`, or (source
/// only) an `&ConstArrayView`. Two containers must have the same extent, a slice as many
/// elements as the container; otherwise the copy fails with [`Error::ExtentMismatch`] and
/// changes nothing. A copy into a view writes the view's data as a host write or a kernel
/// would: the view's other copy becomes stale.
///
/// ```
/// use amp_runtime::{copy, Array, ArrayView};
/// let a = Array::new([2, 2], &[1, 2, 3, 4])?;
/// let b = Array::filled([2, 2], 0)?;
/// copy(&a, &b)?; // on the accelerator when a's data is there
/// let mut out = vec![0; 4];
/// copy(&b, &mut out)?;
/// assert_eq!(out, [1, 2, 3, 4]);
/// let v = ArrayView::<i32, 2>::from_extent([2, 2])?;
/// copy(&[5, 6, 7, 8], &v)?;
/// assert_eq!(v.get([1, 0])?, 7);
/// # Ok::<(), amp_runtime::Error>(())
/// ```
pub fn copy<T: Element>(src: impl CopySource<T>, mut dst: impl CopyTarget<T>) -> Result<()> {
    use sealed::Endpoint::{Data, Host, HostMut};
    match (src.source(), dst.target()) {
        (Host(from), HostMut(to)) => {
            check_len(&format!("({})", to.len()), to.len() as u64, from.len())?;
            to.copy_from_slice(from);
            Ok(())
        }
        (Host(from), Data(to)) => {
            check_len(&to.extent_text(), to.elements(), from.len())?;
            to.write(from)
        }
        (Data(from), HostMut(to)) => {
            check_len(&from.extent_text(), from.elements(), to.len())?;
            let values = from.read()?;
            to.copy_from_slice(&values);
            Ok(())
        }
        (Data(from), Data(to)) => copy_data(from, to),
        // The source and target traits never give these.
        (HostMut(_), _) | (_, Host(_)) => Ok(()),
    }
}

/// [`Error::ExtentMismatch`] unless a slice of `actual` elements matches a container of
/// `expected`.
fn check_len(extent: &str, expected: u64, actual: usize) -> Result<()> {
    if expected != actual as u64 {
        return Err(Error::ExtentMismatch {
            extent: extent.to_string(),
            expected,
            actual,
        });
    }
    Ok(())
}

fn copy_data<T: Element>(from: &dyn DataEnd<T>, to: &dyn DataEnd<T>) -> Result<()> {
    let dims = from.dims();
    if dims != to.dims() {
        return Err(Error::ExtentMismatch {
            extent: to.extent_text(),
            expected: to.elements(),
            actual: from.elements() as usize,
        });
    }
    let size = from.elements() as usize;
    if size == 0 {
        return Ok(());
    }
    let rows = size / dims.last().map_or(1, |&c| c.max(1) as usize);
    let few_runs = (from.contiguous() && to.contiguous()) || rows <= MAX_DEVICE_RUNS;
    if from.data_id() != to.data_id() && few_runs {
        if let Some(src) = from.device_source() {
            // The source's data is a checked launch's result: its fault, if any, is reported
            // here, where the result is used (a host read reports it in `read`).
            src.acc.take_fault(Some(from.data_id()))?;
            if let Some(dst) = to.device_target(&src.acc)? {
                copy_on_device::<T>(&src.acc, &src, &dst, size, rows)?;
                to.device_written();
                return Ok(());
            }
        }
    }
    let values = from.read()?;
    to.write(&values)
}

/// Copies `size` elements in `rows` equal rows from `src` to `dst`, buffer to buffer.
fn copy_on_device<T: Element>(
    acc: &Accelerator,
    src: &Placed,
    dst: &Placed,
    size: usize,
    rows: usize,
) -> Result<()> {
    if src.runs.len() == 1 && dst.runs.len() == 1 {
        return copy_runs::<T>(
            acc,
            &src.buffer,
            &dst.buffer,
            &[(src.runs[0], dst.runs[0], size)],
        );
    }
    let run = size / rows;
    // A contiguous end is one run; split it at the other end's rows.
    let row_start = |placed: &Placed, r: usize| match placed.runs.as_slice() {
        [first] => first + r * run,
        starts => starts[r],
    };
    let runs: Vec<_> = (0..rows)
        .map(|r| (row_start(src, r), row_start(dst, r), run))
        .collect();
    copy_runs::<T>(acc, &src.buffer, &dst.buffer, &runs)
}

mod sealed {
    use crate::view::DataEnd;
    use amp_core::Element;

    /// One end of a copy.
    pub enum Endpoint<'s, T: Element> {
        Host(&'s [T]),
        HostMut(&'s mut [T]),
        Data(&'s dyn DataEnd<T>),
    }

    pub trait Source<T: Element> {
        fn source(&self) -> Endpoint<'_, T>;
    }

    pub trait Target<T: Element> {
        fn target(&mut self) -> Endpoint<'_, T>;
    }
}

/// What [`copy`] copies from: host slices, arrays and views (implemented by amp's types only).
pub trait CopySource<T: Element>: sealed::Source<T> {}

/// What [`copy`] copies into: mutable host slices, arrays and read-write views (implemented
/// by amp's types only).
pub trait CopyTarget<T: Element>: sealed::Target<T> {}

macro_rules! host_ends {
    ($([$($g:tt)*] $src:ty, $dst:ty;)*) => {$(
        impl<$($g)*> sealed::Source<T> for $src {
            fn source(&self) -> sealed::Endpoint<'_, T> {
                sealed::Endpoint::Host(&self[..])
            }
        }
        impl<$($g)*> CopySource<T> for $src {}
        impl<$($g)*> sealed::Target<T> for $dst {
            fn target(&mut self) -> sealed::Endpoint<'_, T> {
                sealed::Endpoint::HostMut(&mut self[..])
            }
        }
        impl<$($g)*> CopyTarget<T> for $dst {}
    )*};
}
host_ends! {
    [T: Element] &[T], &mut [T];
    [T: Element] &Vec<T>, &mut Vec<T>;
    [T: Element, const K: usize] &[T; K], &mut [T; K];
}

macro_rules! data_ends {
    ($([$($g:tt)*] $ty:ty, $target:tt;)*) => {$(
        impl<$($g)*> sealed::Source<T> for &$ty {
            fn source(&self) -> sealed::Endpoint<'_, T> {
                sealed::Endpoint::Data(self.view_data())
            }
        }
        impl<$($g)*> CopySource<T> for &$ty {}
        data_ends!(@target $target [$($g)*] $ty);
    )*};
    (@target true [$($g:tt)*] $ty:ty) => {
        impl<$($g)*> sealed::Target<T> for &$ty {
            fn target(&mut self) -> sealed::Endpoint<'_, T> {
                sealed::Endpoint::Data(self.view_data())
            }
        }
        impl<$($g)*> CopyTarget<T> for &$ty {}
    };
    (@target false [$($g:tt)*] $ty:ty) => {};
}
data_ends! {
    [T: Element, const N: usize] Array<T, N>, true;
    [T: Element, const N: usize] ArrayView<'_, T, N>, true;
    [T: Element, const N: usize] ConstArrayView<'_, T, N>, false;
}
