//! Accelerator views (C++ AMP `accelerator_view` and its `queuing_mode`).
//!
//! Launches are recorded in a batch per accelerator (`batch.rs`) and submitted at a flush:
//! when a view in [`QueuingMode::Immediate`] launches, when [`BATCH_LIMIT`] launches are
//! waiting, at [`AcceleratorView::flush`] and [`AcceleratorView::wait`], at every host access to
//! data on the accelerator, and before any other work reaches the queue (an upload, a copy, a
//! read-back), so that the queue sees everything in program order. One wgpu queue serves all
//! views of an accelerator: the views differ in when their launches are submitted, not in
//! ordering.

use crate::accelerator::Accelerator;
pub use crate::batch::{QueuingMode, BATCH_LIMIT};
use crate::completion::{Completion, Flight};
use crate::error::Result;
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};

/// A queue of work on an accelerator (C++ AMP `accelerator_view`): launch on it with
/// `parallel_for_each!(view, domain, |idx| …)`. Cloning is cheap; clones are the same view.
///
/// `==` (C++ AMP `accelerator_view::operator==`) is true for the same view: a clone of it, or
/// the accelerator's [`default_view`](Accelerator::default_view) each time it is asked for.
/// Each [`create_view`](Accelerator::create_view) and [`with_checking`](Self::with_checking)
/// makes a new view, unequal to every other (they share the accelerator's one wgpu queue, but
/// differ in when their launches are submitted).
///
/// ```no_run
/// use amp_runtime::{Accelerator, QueuingMode};
/// let acc = Accelerator::default()?;
/// let view = acc.create_view(QueuingMode::Immediate);
/// view.wait()?;
/// # Ok::<(), amp_runtime::Error>(())
/// ```
#[derive(Clone)]
pub struct AcceleratorView {
    accelerator: Accelerator,
    mode: QueuingMode,
    checking: bool,
    /// The view's identity on its accelerator: [`DEFAULT_VIEW`] for the default view, a new
    /// number for each view made otherwise.
    id: u64,
}

/// [`AcceleratorView::id`] of an accelerator's default view.
const DEFAULT_VIEW: u64 = 0;

/// The identity of a view made now.
fn new_view_id() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(DEFAULT_VIEW + 1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

impl PartialEq for AcceleratorView {
    fn eq(&self, other: &Self) -> bool {
        self.accelerator == other.accelerator && self.id == other.id
    }
}

impl Eq for AcceleratorView {}

impl AcceleratorView {
    /// The accelerator the view's work runs on.
    pub fn accelerator(&self) -> &Accelerator {
        &self.accelerator
    }

    /// When the view's launches are submitted.
    pub fn queuing_mode(&self) -> QueuingMode {
        self.mode
    }

    /// This view with its launches in the checking mode (C++ AMP's debug accelerator views,
    /// `accelerator_view::is_debug`): amp's CPU accelerator ([`Accelerator::emulator`]) watches
    /// every access, index and barrier of the kernel, and reports data races on tile_static
    /// memory and on views' data, indices out of range (in unchecked launches too), reads of
    /// tile_static memory no thread wrote, and barriers that not every thread of a tile reached,
    /// as [`Error::Check`](crate::Error::Check) naming the kernel and the source line of each
    /// access — when the data the launch used is observed, or at a wait, as a checked launch's
    /// faults are. A launch on such a view of another accelerator is
    /// [`Error::UnsupportedFeature`](crate::Error::UnsupportedFeature). `AMP_CHECK=1` puts every
    /// launch on amp's CPU accelerator in the checking mode.
    ///
    /// ```
    /// use amp_runtime::Accelerator;
    /// let view = Accelerator::emulator()?.default_view().with_checking();
    /// assert!(view.is_checking());
    /// # Ok::<(), amp_runtime::Error>(())
    /// ```
    pub fn with_checking(&self) -> AcceleratorView {
        AcceleratorView {
            checking: true,
            id: new_view_id(),
            ..self.clone()
        }
    }

    /// Whether the view's launches run in the checking mode ([`with_checking`](Self::with_checking),
    /// or `AMP_CHECK` on amp's CPU accelerator).
    pub fn is_checking(&self) -> bool {
        self.checking || (self.accelerator.is_emulator() && crate::check::env_asks())
    }

    /// Submits the launches recorded so far (C++ AMP `accelerator_view::flush`); does not wait.
    pub fn flush(&self) -> Result<()> {
        self.accelerator.flush()
    }

    /// Blocks until all work submitted to the accelerator has finished, after a flush (C++ AMP
    /// `accelerator_view::wait`); reports what [`Accelerator::wait`] reports.
    pub fn wait(&self) -> Result<()> {
        self.accelerator.wait()
    }

    /// A marker (C++ AMP `accelerator_view::create_marker`): a [`Completion`] that is done when
    /// all work submitted to the accelerator before it (after a flush) has finished.
    pub fn create_marker(&self) -> Completion<'static> {
        if self.accelerator.is_host_only() {
            // Nothing runs on the CPU accelerator: nothing to wait for.
            return Completion::ready(Ok(()));
        }
        let started = self.accelerator.queue().map(|queue| {
            let submission = queue.submit([]);
            Flight::submitted(self.accelerator.device(), queue, submission)
        });
        match started {
            Ok(flight) => Completion::in_flight(flight, |_| Ok(())),
            Err(error) => Completion::ready(Err(error)),
        }
    }
}

impl fmt::Debug for AcceleratorView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AcceleratorView")
            .field("accelerator", &self.accelerator.description())
            .field("mode", &self.mode)
            .field("checking", &self.is_checking())
            .finish()
    }
}

impl Accelerator {
    /// The accelerator's default view (C++ AMP `accelerator::get_default_view`): automatic
    /// queuing. Plain `parallel_for_each!` launches use it.
    pub fn default_view(&self) -> AcceleratorView {
        AcceleratorView {
            id: DEFAULT_VIEW,
            ..self.create_view(QueuingMode::Automatic)
        }
    }

    /// A view of the accelerator with the given queuing mode (C++ AMP
    /// `accelerator::create_view`).
    pub fn create_view(&self, mode: QueuingMode) -> AcceleratorView {
        AcceleratorView {
            accelerator: self.clone(),
            mode,
            checking: false,
            id: new_view_id(),
        }
    }
}

/// What `parallel_for_each!(target, domain, |idx| …)` launches on: an [`AcceleratorView`], or an
/// [`Accelerator`] (its default view).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an accelerator view",
    label = "launch on this",
    note = "`parallel_for_each!(view, domain, |idx| ...)` takes an AcceleratorView (or an Accelerator) first"
)]
pub trait AsAcceleratorView {
    /// The view.
    fn as_accelerator_view(&self) -> AcceleratorView;
}

impl AsAcceleratorView for AcceleratorView {
    fn as_accelerator_view(&self) -> AcceleratorView {
        self.clone()
    }
}

impl AsAcceleratorView for Accelerator {
    fn as_accelerator_view(&self) -> AcceleratorView {
        self.default_view()
    }
}

impl<T: AsAcceleratorView + ?Sized> AsAcceleratorView for &T {
    fn as_accelerator_view(&self) -> AcceleratorView {
        (**self).as_accelerator_view()
    }
}
