//! Accelerator views and batched submission (C++ AMP `accelerator_view` and its
//! `queuing_mode`).
//!
//! Launches are recorded as dispatches of one compute pass in one command encoder per
//! accelerator, and the encoder is finished and submitted at a flush: when a view in
//! [`QueuingMode::Immediate`] launches, when [`BATCH_LIMIT`] launches are waiting, at
//! [`AcceleratorView::flush`] and [`AcceleratorView::wait`], at every host access to data on the
//! accelerator, and before any other work reaches the queue (an upload, a copy, a read-back),
//! so that the queue sees everything in program order. One wgpu queue serves all views of an
//! accelerator: the views differ in when their launches are submitted, not in ordering.

use crate::accelerator::Accelerator;
use crate::completion::{Completion, Flight};
use crate::error::{Error, Result};
use crate::profile::{KernelLabel, Recording};
use std::fmt;
use std::sync::{MutexGuard, PoisonError};

/// Launches recorded and not yet submitted: dispatches of one compute pass (wgpu puts the
/// barriers a dispatch needs after the ones before it), in one command encoder.
#[derive(Default)]
pub(crate) struct Batch {
    /// The encoder the pass is in.
    encoder: Option<wgpu::CommandEncoder>,
    /// The open pass (it locks `encoder` until it ends).
    pass: Option<wgpu::ComputePass<'static>>,
    /// How many.
    launches: usize,
    /// The timestamps of the open profile (`profile.rs`), if one is open.
    timing: Option<Recording>,
}

/// Launches kept before they are submitted anyway: bounds the work a flush submits at once and
/// the memory held by recorded commands.
pub const BATCH_LIMIT: usize = 64;

/// When a view's launches reach the accelerator (C++ AMP `queuing_mode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QueuingMode {
    /// Each launch is submitted at once (C++ AMP `queuing_mode_immediate`).
    Immediate,
    /// Launches are recorded and submitted together at the next flush, wait or host access
    /// (C++ AMP `queuing_mode_automatic`, the default).
    Automatic,
}

/// A queue of work on an accelerator (C++ AMP `accelerator_view`): launch on it with
/// `parallel_for_each!(view, domain, |idx| …)`. Cloning is cheap; clones are the same view.
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
}

impl AcceleratorView {
    /// The accelerator the view's work runs on.
    pub fn accelerator(&self) -> &Accelerator {
        &self.accelerator
    }

    /// When the view's launches are submitted.
    pub fn queuing_mode(&self) -> QueuingMode {
        self.mode
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
        let started = self.accelerator.queue().map(|queue| {
            let submission = queue.submit([]);
            Flight::submitted(&self.accelerator, queue, submission)
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
            .finish()
    }
}

impl Accelerator {
    /// The accelerator's default view (C++ AMP `accelerator::get_default_view`): automatic
    /// queuing. Plain `parallel_for_each!` launches use it.
    pub fn default_view(&self) -> AcceleratorView {
        self.create_view(QueuingMode::Automatic)
    }

    /// A view of the accelerator with the given queuing mode (C++ AMP
    /// `accelerator::create_view`).
    pub fn create_view(&self, mode: QueuingMode) -> AcceleratorView {
        AcceleratorView {
            accelerator: self.clone(),
            mode,
        }
    }

    /// Records a launch of `kernel` into the batch (`record` gets the batch's pass); flushes
    /// when `mode` is immediate or the batch is full. While a profile is open, the launch is
    /// recorded between two timestamps.
    pub(crate) fn record(
        &self,
        mode: QueuingMode,
        kernel: &KernelLabel,
        record: impl FnOnce(&mut wgpu::ComputePass<'static>),
    ) -> Result<()> {
        let full = {
            let (device, _) = self.device()?;
            let mut guard = self.batch().lock().unwrap_or_else(PoisonError::into_inner);
            let batch = &mut *guard;
            if let (Some(timing), Some(encoder)) = (&mut batch.timing, &mut batch.encoder) {
                if timing.is_full() {
                    // Other threads' launches went past BATCH_LIMIT before its flush: end the
                    // pass and resolve its timestamps, so that the next pass can reuse them.
                    drop(batch.pass.take());
                    timing.resolve(device, encoder);
                }
            }
            if batch.pass.is_none() {
                let encoder = batch.encoder.get_or_insert_with(|| {
                    device.create_command_encoder(&wgpu::CommandEncoderDescriptor {
                        label: Some("amp launches"),
                    })
                });
                let pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
                    label: Some("amp launches"),
                    timestamp_writes: None,
                });
                batch.pass = Some(pass.forget_lifetime());
            }
            if let Some(pass) = &mut batch.pass {
                match &mut batch.timing {
                    None => record(pass),
                    Some(timing) => timing.time(pass, kernel, record),
                }
            }
            batch.launches += 1;
            batch.launches >= BATCH_LIMIT
        };
        if full || mode == QueuingMode::Immediate {
            self.flush()?;
        }
        Ok(())
    }

    /// Submits the recorded launches, in the order they were recorded. An error in recording
    /// them (wgpu validates a command encoder when it is finished) is returned here.
    pub fn flush(&self) -> Result<()> {
        let (_, queue) = self.device()?;
        // Finished and submitted under the lock: a launch recorded meanwhile by another thread
        // goes after these.
        let mut batch = self.batch().lock().unwrap_or_else(PoisonError::into_inner);
        self.submit(queue, &mut batch)
    }

    /// [`flush`](Self::flush) with the batch locked.
    fn submit(&self, queue: &wgpu::Queue, batch: &mut MutexGuard<'_, Batch>) -> Result<()> {
        // Ending the pass unlocks the encoder.
        drop(batch.pass.take());
        let Some(mut encoder) = batch.encoder.take() else {
            return Ok(());
        };
        batch.launches = 0;
        let commands = self.scoped(|device| {
            if let Some(timing) = &mut batch.timing {
                timing.resolve(device, &mut encoder);
            }
            encoder.finish()
        });
        let submitted = commands.map(|commands| {
            queue.submit([commands]);
        });
        if let Some(timing) = &mut batch.timing {
            timing.encoder_done(submitted.is_ok());
        }
        submitted
    }

    /// Opens a profile: launches are timed into `recording` until
    /// [`stop_recording`](Self::stop_recording). [`Error::InvalidArgument`] if a profile is open
    /// already.
    pub(crate) fn start_recording(&self, recording: Recording) -> Result<()> {
        let mut batch = self.batch().lock().unwrap_or_else(PoisonError::into_inner);
        if batch.timing.is_some() {
            return Err(Error::InvalidArgument(format!(
                "Accelerator::profile: a profile is already open on `{}` (profiles do not \
                 nest, and an accelerator has one at a time, whichever thread opened it); \
                 profile the outer call only, or one call after the other",
                self.description()
            )));
        }
        batch.timing = Some(recording);
        Ok(())
    }

    /// Closes the open profile, after submitting the batch if `flush` (so that its last
    /// launches' timestamps are resolved), and returns its recording and how the flush went.
    /// Launches recorded after this are not timed.
    pub(crate) fn stop_recording(&self, flush: bool) -> (Option<Recording>, Result<()>) {
        let mut batch = self.batch().lock().unwrap_or_else(PoisonError::into_inner);
        let flushed = if flush {
            self.device()
                .and_then(|(_, queue)| self.submit(queue, &mut batch))
        } else {
            Ok(())
        };
        (batch.timing.take(), flushed)
    }

    /// The queue, for work that must follow every launch recorded so far (uploads, copies,
    /// read-backs, markers): flushes first.
    pub(crate) fn queue(&self) -> Result<&wgpu::Queue> {
        self.flush()?;
        let (_, queue) = self.device()?;
        Ok(queue)
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

#[cfg(test)]
mod tests {
    use super::*;
    use amp_core::Loc;

    #[test]
    fn launches_past_a_full_pass_are_timed_in_a_new_pass() -> Result<()> {
        let acc = Accelerator::default()?;
        if !acc.supports_profiling() {
            return Ok(());
        }
        let label = KernelLabel::new("no dispatch", Loc::new("here.rs", 1, 1));
        acc.start_recording(Recording::new(&acc)?)?;
        let launches = 2 * BATCH_LIMIT + 5;
        for _ in 0..launches {
            // Keep the batch from flushing itself, as launches of other threads can between a
            // batch filling up and its flush.
            acc.batch()
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .launches = 0;
            acc.record(QueuingMode::Automatic, &label, |_| {})?;
        }
        let (recording, flushed) = acc.stop_recording(true);
        flushed?;
        let Some(recording) = recording else {
            panic!("the recording was lost");
        };
        let times = recording.read(&acc)?;
        assert_eq!(times.len(), launches);
        assert!(times.iter().all(|t| t.kernel() == "no dispatch"));
        Ok(())
    }
}
