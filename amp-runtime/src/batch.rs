//! Batched submission: an accelerator's launches recorded as dispatches of one compute pass in
//! one command encoder, finished and submitted at a flush.
//!
//! A flush happens when a launch in [`QueuingMode::Immediate`] is recorded, when
//! [`BATCH_LIMIT`] launches are waiting, at `AcceleratorView::flush` and `wait`, at every host
//! access to data on the accelerator, and before any other work reaches the queue (an upload, a
//! copy, a read-back: they take the queue through [`Batch::queue`]), so that the queue sees
//! everything in program order.

use crate::device::Device;
use crate::error::{ArgumentError, ArgumentProblem, Error, Result};
use crate::timestamps::{KernelLabel, Recording};
use std::sync::{Mutex, MutexGuard, PoisonError};

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

/// One accelerator's launches recorded and not yet submitted.
#[derive(Default)]
pub(crate) struct Batch {
    state: Mutex<State>,
}

/// Dispatches of one compute pass (wgpu puts the barriers a dispatch needs after the ones before
/// it), in one command encoder.
#[derive(Default)]
struct State {
    /// The encoder the pass is in.
    encoder: Option<wgpu::CommandEncoder>,
    /// The open pass (it locks `encoder` until it ends).
    pass: Option<wgpu::ComputePass<'static>>,
    /// How many.
    launches: usize,
    /// The timestamps of the open profile (`profile.rs`), if one is open.
    timing: Option<Recording>,
}

impl Batch {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Records a launch of `kernel` (`record` gets the batch's pass); flushes when `mode` is
    /// immediate or the batch is full. While a profile is open, the launch is recorded between
    /// two timestamps.
    pub(crate) fn record(
        &self,
        device: &Device,
        mode: QueuingMode,
        kernel: &KernelLabel,
        record: impl FnOnce(&mut wgpu::ComputePass<'static>),
    ) -> Result<()> {
        let full = {
            let (wgpu_device, _) = device.opened()?;
            let mut guard = self.lock();
            let state = &mut *guard;
            if let (Some(timing), Some(encoder)) = (&mut state.timing, &mut state.encoder) {
                if timing.is_full() {
                    // Other threads' launches went past BATCH_LIMIT before its flush: end the
                    // pass and resolve its timestamps, so that the next pass can reuse them.
                    drop(state.pass.take());
                    timing.resolve(wgpu_device, encoder);
                }
            }
            if state.pass.is_none() {
                let encoder = state.encoder.get_or_insert_with(|| {
                    wgpu_device.create_command_encoder(&wgpu::CommandEncoderDescriptor {
                        label: Some("amp launches"),
                    })
                });
                let pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
                    label: Some("amp launches"),
                    timestamp_writes: None,
                });
                state.pass = Some(pass.forget_lifetime());
            }
            if let Some(pass) = &mut state.pass {
                match &mut state.timing {
                    None => record(pass),
                    Some(timing) => timing.time(pass, kernel, record),
                }
            }
            state.launches += 1;
            state.launches >= BATCH_LIMIT
        };
        if full || mode == QueuingMode::Immediate {
            self.flush(device)?;
        }
        Ok(())
    }

    /// Submits the recorded launches, in the order they were recorded. An error in recording
    /// them (wgpu validates a command encoder when it is finished) is returned here.
    pub(crate) fn flush(&self, device: &Device) -> Result<()> {
        let (_, queue) = device.opened()?;
        // Finished and submitted under the lock: a launch recorded meanwhile by another thread
        // goes after these.
        let mut state = self.lock();
        submit(device, queue, &mut state)
    }

    /// `device`'s queue, for work that must follow every launch recorded so far (uploads,
    /// copies, read-backs, markers): flushes first.
    pub(crate) fn queue<'d>(&self, device: &'d Device) -> Result<&'d wgpu::Queue> {
        self.flush(device)?;
        let (_, queue) = device.opened()?;
        Ok(queue)
    }

    /// Opens a profile: launches are timed into a new recording until
    /// [`stop_recording`](Self::stop_recording). [`Error::InvalidArgument`] if a profile is open
    /// already.
    pub(crate) fn start_recording(&self, device: &Device) -> Result<()> {
        let recording = Recording::new(device, BATCH_LIMIT)?;
        let mut state = self.lock();
        if state.timing.is_some() {
            return Err(Error::InvalidArgument(ArgumentError::new(
                "Accelerator::profile",
                ArgumentProblem::ProfileOpen {
                    accelerator: device.name().to_owned(),
                },
            )));
        }
        state.timing = Some(recording);
        Ok(())
    }

    /// Closes the open profile, after submitting the batch if `flush` (so that its last
    /// launches' timestamps are resolved), and returns its recording and how the flush went.
    /// Launches recorded after this are not timed.
    pub(crate) fn stop_recording(
        &self,
        device: &Device,
        flush: bool,
    ) -> (Option<Recording>, Result<()>) {
        let mut state = self.lock();
        let flushed = if flush {
            device
                .opened()
                .and_then(|(_, queue)| submit(device, queue, &mut state))
        } else {
            Ok(())
        };
        (state.timing.take(), flushed)
    }
}

/// [`Batch::flush`] with the batch locked.
fn submit(device: &Device, queue: &wgpu::Queue, state: &mut State) -> Result<()> {
    // Ending the pass unlocks the encoder.
    drop(state.pass.take());
    let Some(mut encoder) = state.encoder.take() else {
        return Ok(());
    };
    state.launches = 0;
    let commands = device.scoped(|wgpu_device| {
        if let Some(timing) = &mut state.timing {
            timing.resolve(wgpu_device, &mut encoder);
        }
        encoder.finish()
    });
    let submitted = commands.map(|commands| {
        queue.submit([commands]);
    });
    if let Some(timing) = &mut state.timing {
        timing.encoder_done(submitted.is_ok());
    }
    submitted
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accelerator::Accelerator;
    use amp_core::Loc;

    #[test]
    fn launches_past_a_full_pass_are_timed_in_a_new_pass() -> Result<()> {
        let acc = Accelerator::default()?;
        if !acc.supports_profiling() {
            return Ok(());
        }
        let device = acc.device();
        // A batch of its own on the accelerator's device: nothing else records into it.
        let batch = Batch::default();
        let label = KernelLabel::new("no dispatch", Loc::new("here.rs", 1, 1));
        batch.start_recording(device)?;
        let launches = 2 * BATCH_LIMIT + 5;
        for _ in 0..launches {
            // Keep the batch from flushing itself, as launches of other threads can between a
            // batch filling up and its flush.
            batch.lock().launches = 0;
            batch.record(device, QueuingMode::Automatic, &label, |_| {})?;
        }
        let (recording, flushed) = batch.stop_recording(device, true);
        flushed?;
        let Some(recording) = recording else {
            panic!("the recording was lost");
        };
        let times = recording.read(device, batch.queue(device)?)?;
        assert_eq!(times.len(), launches);
        assert!(times
            .iter()
            .all(|(kernel, _)| &*kernel.name == "no dispatch"));
        Ok(())
    }
}
