//! `copy` (C++ AMP `concurrency::copy`): copies elements between any two of a host slice, an
//! [`Array`], an [`ArrayView`], a [`Texture`](crate::texture::Texture) (its level 0) and a
//! [`ConstArrayView`] (the last as a source only).
//!
//! When the source's current data is on an accelerator and the destination's data lives there
//! too (an `Array`, a view made with [`ArrayView::from_extent`], or a view a kernel used there),
//! the elements are copied buffer to buffer on the accelerator and nothing crosses to the host.
//! Sections copy run by run (one copy per row of a strided section); a strided copy of more
//! than [`MAX_DEVICE_RUNS`] rows, a copy between two views of the same data, and every other
//! pairing go through the host, moving only what the ends' coherence requires. Arrays on the
//! host-only CPU accelerator are host data at either end: their data never goes to a device.
//!
//! [`copy_async`] (C++ AMP `concurrency::copy_async`) takes the same pairings and returns a
//! [`Completion`] to wait for or `.await`.

use crate::accelerator::Accelerator;
use crate::array::Array;
use crate::completion::{Completion, Flight};
use crate::error::{Error, Result};
use crate::fault::FaultMark;
use crate::view::transfer::{self, bytes_of};
use crate::view::{decode_into, ArrayView, ConstArrayView, DataEnd, Placed, Segments};
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
            check_len(vec![to.len() as i64], to.len() as u64, from.len())?;
            to.copy_from_slice(from);
            Ok(())
        }
        (Host(from), Data(to)) => {
            check_len(to.dims(), to.elements(), from.len())?;
            to.write(from)
        }
        (Data(from), HostMut(to)) => {
            check_len(from.dims(), from.elements(), to.len())?;
            if let Some(placed) = from.device_only().filter(|p| p.runs.len() == 1) {
                // Consecutive elements that only the accelerator holds: straight into `to`,
                // with no stop in the source's host copy (which stays stale).
                placed.segments.download(&placed.acc, placed.runs[0], to)?;
                from.count_download(bytes_of::<T>(to.len()));
                return placed.acc.take_fault(Some(from.data_id()));
            }
            let values = from.read()?;
            to.copy_from_slice(&values);
            Ok(())
        }
        (Data(from), Data(to)) => copy_data(from, to),
        // The source and target traits never give these.
        (HostMut(_), _) | (_, Host(_)) => Ok(()),
    }
}

/// Starts copying every element of `src` into `dst` (C++ AMP `concurrency::copy_async`) and
/// returns a [`Completion`] that is done when the elements are in `dst`; wait for it with
/// [`Completion::wait`]/[`get`](Completion::get) or `.await` it. The pairings and the rules
/// are those of [`copy`]; errors, a mismatched extent included, come back from the
/// `Completion`.
///
/// What runs on the accelerator runs asynchronously: a download of data that only the
/// accelerator holds (a kernel wrote it) into a host slice is copied to a staging buffer at the
/// call and into the slice when the `Completion` finishes (the source view's own host copy
/// stays as it was); an upload, and a copy between two
/// buffers of one accelerator, are submitted at the call and done when the accelerator has
/// run them. The rest (a copy between host memories, a source whose host copy is current, a
/// copy that needs a trip through the host) is done at the call, and the `Completion` is
/// ready at once. A fault of a checked kernel launched before the call that wrote the source
/// is reported by the `Completion`; its read-back is submitted beside the copy, so waiting
/// waits for nothing queued after the call.
///
/// The `Completion` borrows both ends, so the destination cannot be read (or freed) before
/// the copy is done.
///
/// ```
/// use amp_runtime::{copy_async, Array, ArrayView};
/// let a = Array::new([2, 2], &[1, 2, 3, 4])?;
/// let b = Array::filled([2, 2], 0)?;
/// copy_async(&a, &b).wait()?;
/// let mut out = vec![0; 4];
/// pollster::block_on(copy_async(&b, &mut out))?;
/// assert_eq!(out, [1, 2, 3, 4]);
/// let short = copy_async(&[1, 2, 3], &a).get();
/// assert!(matches!(short, Err(amp_runtime::Error::ExtentMismatch { .. })));
/// # Ok::<(), amp_runtime::Error>(())
/// ```
pub fn copy_async<'a, T: Element>(
    src: impl CopySource<T> + 'a,
    mut dst: impl CopyTarget<T> + 'a,
) -> Completion<'a> {
    match start(&src, &mut dst) {
        Ok(Started::Done) => Completion::ready(Ok(())),
        Ok(Started::Flight { flight, fault }) => {
            Completion::in_flight(flight, move |_| match fault {
                Some((acc, mark)) => acc.take_fault_marked(mark),
                None => Ok(()),
            })
        }
        Ok(Started::Download {
            flight,
            runs,
            run,
            fault: (acc, mark),
        }) => Completion::in_flight(flight, move |staged| {
            if let sealed::Endpoint::HostMut(to) = dst.target() {
                scatter::<T>(staged, &runs, run, to);
            }
            acc.take_fault_marked(mark)
        }),
        Err(error) => Completion::ready(Err(error)),
    }
}

/// How a [`copy_async`] went at the call.
enum Started {
    /// Done at the call.
    Done,
    /// Submitted; on completion, report the fault of the launches `fault` marks, if any.
    Flight {
        flight: Flight,
        fault: Option<(Accelerator, FaultMark)>,
    },
    /// A download staged from the source's device copy: on completion, the staged bytes go
    /// into the host destination, `run` elements from each of `runs` (element offsets in the
    /// staged bytes), and the fault of the launches that wrote the source is reported.
    Download {
        flight: Flight,
        runs: Vec<usize>,
        run: usize,
        fault: (Accelerator, FaultMark),
    },
}

/// Checks the ends of a [`copy_async`] and starts it.
fn start<T: Element>(src: &impl CopySource<T>, dst: &mut impl CopyTarget<T>) -> Result<Started> {
    use sealed::Endpoint::{Data, Host, HostMut};
    match (src.source(), dst.target()) {
        (Host(from), HostMut(to)) => {
            check_len(vec![to.len() as i64], to.len() as u64, from.len())?;
            to.copy_from_slice(from);
            Ok(Started::Done)
        }
        (Host(from), Data(to)) => {
            check_len(to.dims(), to.elements(), from.len())?;
            to.write(from)?;
            upload_done(to)
        }
        (Data(from), HostMut(to)) => {
            check_len(from.dims(), from.elements(), to.len())?;
            // Data split over several buffers is read now, segment by segment.
            let staged = |p: &Placed| !to.is_empty() && p.segments.single().is_some();
            if let Some(placed) = from.device_only().filter(staged) {
                return stage_download::<T>(from, placed, to.len());
            }
            let values = from.read()?;
            to.copy_from_slice(&values);
            Ok(Started::Done)
        }
        (Data(from), Data(to)) => copy_data_async(from, to),
        // The source and target traits never give these.
        (HostMut(_), _) | (_, Host(_)) => Ok(Started::Done),
    }
}

/// Stages the `size` elements of `from`, which only its device copy holds, in one copy of the
/// span from its first to its last element.
fn stage_download<T: Element>(
    from: &dyn DataEnd<T>,
    placed: Placed,
    size: usize,
) -> Result<Started> {
    // The faults of the launches that wrote the data come back beside it.
    let mark = placed.acc.start_fault_read(from.data_id())?;
    let run = size / placed.runs.len().max(1);
    let (Some(&first), Some(&last)) = (placed.runs.first(), placed.runs.last()) else {
        return Ok(Started::Done);
    };
    let bytes = bytes_of::<T>(last + run - first);
    // (`start` stages only data of one buffer.)
    let Some(buffer) = placed.segments.single() else {
        return Ok(Started::Done);
    };
    let flight = transfer::stage(&placed.acc, buffer, bytes_of::<T>(first), bytes)?;
    from.count_download(bytes);
    Ok(Started::Download {
        flight,
        runs: placed.runs.iter().map(|start| start - first).collect(),
        run,
        fault: (placed.acc, mark),
    })
}

/// Writes `run` elements from each of `runs` (element offsets in `staged`) into consecutive
/// parts of `to`.
fn scatter<T: Element>(staged: &[u8], runs: &[usize], run: usize, to: &mut [T]) {
    let element = bytes_of::<T>(1) as usize;
    for (&start, out) in runs.iter().zip(to.chunks_mut(run.max(1))) {
        if let Some(bytes) = staged.get(start * element..) {
            decode_into(bytes, out);
        }
    }
}

/// A flight that ends when the data just written into `to` is on the accelerator, if it went
/// there.
fn upload_done<T: Element>(to: &dyn DataEnd<T>) -> Result<Started> {
    match to.device_source() {
        Some(placed) => Ok(Started::Flight {
            flight: transfer::marker(&placed.acc)?,
            fault: None,
        }),
        None => Ok(Started::Done),
    }
}

/// How a copy goes: nothing to copy, buffer to buffer (when the destination can take the data
/// on the source's accelerator), or through the host.
enum Route {
    Empty,
    Device {
        src: Placed,
        size: usize,
        rows: usize,
    },
    Host,
}

/// The route of a copy from `from` to `to`; [`Error::ExtentMismatch`] when their extents
/// differ.
fn route<T: Element>(from: &dyn DataEnd<T>, to: &dyn DataEnd<T>) -> Result<Route> {
    let dims = from.dims();
    if dims != to.dims() {
        return Err(Error::ExtentMismatch {
            extent: to.dims(),
            expected: to.elements(),
            actual: from.elements() as usize,
        });
    }
    let size = from.elements() as usize;
    if size == 0 {
        return Ok(Route::Empty);
    }
    let rows = size / dims.last().map_or(1, |&c| c.max(1) as usize);
    let few_runs = (from.contiguous() && to.contiguous()) || rows <= MAX_DEVICE_RUNS;
    // wgpu copies whole 4-byte words between buffers; runs of packed 2-byte elements (`f16`,
    // `Half3`) may start or end inside one, so they cross through the host.
    let words = T::BYTES.is_multiple_of(4);
    if from.data_id() != to.data_id() && few_runs && words {
        if let Some(src) = from.device_source() {
            return Ok(Route::Device { src, size, rows });
        }
        // A source only the host holds (no device copy anywhere), copied into data that lives
        // on an accelerator: it goes there once (as a kernel's use would take it), so that this copy and later ones
        // run on the accelerator instead of through the host each time.
        if let (None, Some(acc)) = (from.device_home(), to.device_home()) {
            if let Some(src) = from.resident_source(&acc)? {
                return Ok(Route::Device { src, size, rows });
            }
        }
    }
    Ok(Route::Host)
}

/// [`copy_data`], with the device copy left running.
fn copy_data_async<T: Element>(from: &dyn DataEnd<T>, to: &dyn DataEnd<T>) -> Result<Started> {
    match route(from, to)? {
        Route::Empty => return Ok(Started::Done),
        Route::Device { src, size, rows } => {
            if let Some(dst) = to.device_target(&src.acc)? {
                let mark = src.acc.start_fault_read(from.data_id())?;
                let runs = device_runs(&src, &dst, size, rows);
                let submission =
                    Segments::copy_runs::<T>(&src.acc, &src.segments, &dst.segments, &runs)?;
                to.device_written();
                let queue = src.acc.queue()?;
                let flight = Flight::submitted(src.acc.device(), queue, submission);
                return Ok(Started::Flight {
                    flight,
                    fault: Some((src.acc, mark)),
                });
            }
        }
        Route::Host => {}
    }
    let values = from.read()?;
    to.write(&values)?;
    upload_done(to)
}

/// [`Error::ExtentMismatch`] unless a slice of `actual` elements matches a container of
/// `expected`.
fn check_len(extent: Vec<i64>, expected: u64, actual: usize) -> Result<()> {
    if expected != actual as u64 {
        return Err(Error::ExtentMismatch {
            extent,
            expected,
            actual,
        });
    }
    Ok(())
}

fn copy_data<T: Element>(from: &dyn DataEnd<T>, to: &dyn DataEnd<T>) -> Result<()> {
    match route(from, to)? {
        Route::Empty => return Ok(()),
        Route::Device { src, size, rows } => {
            // The source's data is a checked launch's result: its fault, if any, is reported
            // here, where the result is used (a host read reports it in `read`).
            src.acc.take_fault(Some(from.data_id()))?;
            if let Some(dst) = to.device_target(&src.acc)? {
                let runs = device_runs(&src, &dst, size, rows);
                Segments::copy_runs::<T>(&src.acc, &src.segments, &dst.segments, &runs)?;
                to.device_written();
                return Ok(());
            }
        }
        Route::Host => {}
    }
    let values = from.read()?;
    to.write(&values)
}

/// The runs that copy `size` elements in `rows` equal rows from `src` to `dst`, buffer to
/// buffer (`(source element, destination element, elements)`).
fn device_runs(src: &Placed, dst: &Placed, size: usize, rows: usize) -> Vec<(usize, usize, usize)> {
    if src.runs.len() == 1 && dst.runs.len() == 1 {
        return vec![(src.runs[0], dst.runs[0], size)];
    }
    let run = size / rows;
    // A contiguous end is one run; split it at the other end's rows.
    let row_start = |placed: &Placed, r: usize| match placed.runs.as_slice() {
        [first] => first + r * run,
        starts => starts[r],
    };
    (0..rows)
        .map(|r| (row_start(src, r), row_start(dst, r), run))
        .collect()
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
    [T: amp_core::texel::Texel, const N: usize] crate::texture::Texture<T, N>, true;
    [T: Element, const N: usize] Array<T, N>, true;
    [T: Element, const N: usize] ArrayView<'_, T, N>, true;
    [T: Element, const N: usize] ConstArrayView<'_, T, N>, false;
}
