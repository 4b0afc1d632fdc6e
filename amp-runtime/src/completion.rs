//! [`Completion`] (C++ AMP `completion_future`): an operation started on the accelerator that
//! finishes later: [`copy_async`](crate::copy_async) and
//! [`ArrayView::synchronize_async`](crate::ArrayView::synchronize_async).
//!
//! How it is driven. wgpu reports finished work only inside `Device::poll`: a buffer's mapping
//! callback (a download's bytes are ready) and `Queue::on_submitted_work_done` run there. A
//! `Flight` is one submission with such a callback, which sets the flight's `Signal` and
//! wakes whoever waits on it. Waiting has two forms:
//!
//! - blocking ([`Completion::wait`], [`Completion::get`], and dropping an unfinished
//!   `Completion`): the calling thread polls the device until the submission is done;
//! - `.await` (a `Future`): `poll` first polls the device without blocking, which finishes
//!   whatever is done already. If the operation is still running, it stores the task's waker in
//!   the signal and, on the first such poll, starts one helper thread that blocks in
//!   `Device::poll` until the submission is done; the callback (run by that thread, or by any
//!   other thread that polls the device first) wakes the task. The executor thread sleeps
//!   meanwhile: nothing spins, and no one has to poll the device by hand, so a minimal executor
//!   such as `pollster::block_on` works. If the thread cannot be started, `poll` asks to be
//!   polled again at once instead (busy, but correct).
//!
//! Starting an operation submits it; on most drivers that returns at once. lavapipe runs a
//! submission only once the work before it is done, so there a transfer started behind a
//! running kernel blocks at the call until the kernel has finished (the transfer itself still
//! runs while the caller goes on).
//!
//! The accelerator only ever writes a staging buffer that the flight owns; the bytes reach the
//! caller's memory when the `Completion` finishes, on the thread that waits or polls, while the
//! `Completion` still borrows that memory. So whatever happens to a `Completion` (finished,
//! dropped, even leaked), no memory it borrowed is written after the borrow ends.

use crate::device::Device;
use crate::error::{DeviceError, Error, Result, WgpuError};
use crate::spares::Spares;
use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::task::{Context, Poll, Waker};
use std::time::{Duration, Instant};

/// How long a waiter sleeps between checks of a signal whose callback another thread may be
/// running; bounds the cost of a wake-up lost to that race.
const RECHECK: Duration = Duration::from_millis(1);

/// How long after its submission finished a flight's callback may take before the wait gives
/// up with an error instead of hanging (wgpu runs it in the same poll; this is a safety net).
const CALLBACK_GRACE: Duration = Duration::from_secs(10);

/// What finishes an operation once the accelerator is done with it: it gets the staged bytes
/// (none when nothing was staged) and puts them where they belong.
type Finish<'a> = Box<dyn FnOnce(&[u8]) -> Result<()> + 'a>;

/// An operation started on the accelerator (C++ AMP `completion_future`), returned by
/// [`copy_async`](crate::copy_async) and
/// [`ArrayView::synchronize_async`](crate::ArrayView::synchronize_async).
///
/// The operation is submitted when the `Completion` is made; it is complete when its data is
/// where it should be (for a download, in the host memory the destination wraps). Wait for it
/// with [`wait`](Self::wait) or [`get`](Self::get) (blocking, as C++ AMP's
/// `completion_future::wait`/`get`), or `.await` it: it is a `Future` of `Result<(), Error>`
/// that drives the accelerator itself, so any executor works, `pollster::block_on` included,
/// and nothing needs to poll the device by hand. How it is driven is described in the
/// [module documentation](self).
///
/// It borrows what the operation reads and writes (`'a`) until it completes, so the host
/// cannot read a destination before the data has arrived, nor free it. Errors (a kernel's
/// out-of-range access reported on the data, mismatched extents, a lost device) come back from
/// `wait`, `get` or the future, never as a panic.
///
/// Dropping an unfinished `Completion` blocks until the operation is done and finishes it, as
/// dropping an [`ArrayView`](crate::ArrayView) synchronizes it; an error not handed out by
/// then is printed on stderr, since drop cannot return it. A leaked (`mem::forget`) `Completion` never writes the
/// memory it borrowed. It is not `Send`: it borrows data of any element type; finish it on the
/// thread that started it (any single-threaded executor, or `wait`).
///
/// ```
/// use amp_runtime::{copy_async, Array};
/// let a = Array::new(4, &[1, 2, 3, 4])?;
/// let mut out = vec![0; 4];
/// let done = copy_async(&a, &mut out);
/// // ... other work while the copy runs ...
/// done.wait()?;
/// assert_eq!(out, [1, 2, 3, 4]);
/// pollster::block_on(copy_async(&[5, 6, 7, 8], &a))?;
/// assert_eq!(a.to_vec()?, [5, 6, 7, 8]);
/// # Ok::<(), amp_runtime::Error>(())
/// ```
#[must_use = "a Completion does nothing more unless waited for; dropping it blocks until the operation is done"]
pub struct Completion<'a> {
    stage: Stage<'a>,
    /// What [`then`](Completion::then) chained: it gets the operation's result once the
    /// operation is complete, and its result is the `Completion`'s.
    after: Option<After<'a>>,
}

/// A continuation chained by [`Completion::then`].
type After<'a> = Box<dyn FnOnce(Result<()>) -> Result<()> + 'a>;

/// What [`Completion::wait_for`] found (C++ `std::future_status`, less `deferred`: amp starts
/// every operation at once).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FutureStatus {
    /// The operation is complete: [`Completion::wait`] returns at once.
    Ready,
    /// The time ran out first: the operation is still running.
    Timeout,
}

enum Stage<'a> {
    /// Finished at the call (or failed there).
    Ready(Result<()>),
    /// Running on the accelerator.
    InFlight { flight: Flight, finish: Finish<'a> },
    /// Its result was handed out.
    Taken,
}

impl<'a> Completion<'a> {
    /// An operation that finished (or failed) when it was started.
    pub(crate) fn ready(result: Result<()>) -> Self {
        Completion {
            stage: Stage::Ready(result),
            after: None,
        }
    }

    /// An operation running as `flight`; `finish` completes it once the flight is done, with
    /// the staged bytes (empty when the flight staged none).
    pub(crate) fn in_flight(flight: Flight, finish: impl FnOnce(&[u8]) -> Result<()> + 'a) -> Self {
        Completion {
            stage: Stage::InFlight {
                flight,
                finish: Box::new(finish),
            },
            after: None,
        }
    }

    /// Blocks until the operation is complete (C++ AMP `completion_future::wait`); returns its
    /// error, if any.
    pub fn wait(mut self) -> Result<()> {
        self.block()
    }

    /// Blocks until the operation is complete and returns its result (C++ AMP
    /// `completion_future::get`, which rethrows the operation's exception). The same as
    /// [`wait`](Self::wait): the operations have no value besides their effect.
    pub fn get(self) -> Result<()> {
        self.wait()
    }

    /// Whether the operation is complete, so that [`wait`](Self::wait) would not block (C++
    /// AMP's `wait_for(0)` being ready). Polls the accelerator without blocking.
    pub fn is_ready(&self) -> bool {
        match &self.stage {
            Stage::InFlight { flight, .. } => {
                flight.drive();
                flight.signal.is_done()
            }
            Stage::Ready(_) | Stage::Taken => true,
        }
    }

    /// Chains `f` to run once the operation is complete (C++ AMP `completion_future::then`):
    /// it gets the operation's result (its error included: none is lost) and returns the
    /// result of the whole, which the returned `Completion` hands out. Returns at once, never
    /// blocking.
    ///
    /// `f` runs on the thread that finishes the returned `Completion`: when it is waited for
    /// ([`wait`](Self::wait), [`get`](Self::get), `.await`) or dropped (which, as for any
    /// `Completion`, waits for the operation first); at once when the operation finished at
    /// the call. ([`is_ready`](Self::is_ready) and [`wait_for`](Self::wait_for) only look.) C++ AMP runs the continuation on a runtime thread as soon as the work is
    /// done; amp runs it where the `Completion` is, since it may borrow the caller's data
    /// (which a `Completion` borrows until the data has arrived) and is not `Send`.
    ///
    /// ```
    /// use amp_runtime::{copy_async, Array};
    /// use std::cell::Cell;
    /// let a = Array::new(4, &[1, 2, 3, 4])?;
    /// let mut out = vec![0; 4];
    /// let ran = Cell::new(false);
    /// let done = copy_async(&a, &mut out).then(|result| {
    ///     ran.set(true);
    ///     result
    /// });
    /// done.wait()?;
    /// assert!(ran.get());
    /// assert_eq!(out, [1, 2, 3, 4]);
    /// # Ok::<(), amp_runtime::Error>(())
    /// ```
    pub fn then(mut self, f: impl FnOnce(Result<()>) -> Result<()> + 'a) -> Completion<'a> {
        let stage = std::mem::replace(&mut self.stage, Stage::Taken);
        let after: After<'a> = match self.after.take() {
            Some(first) => Box::new(move |result| f(first(result))),
            None => Box::new(f),
        };
        let mut chained = Completion {
            stage,
            after: Some(after),
        };
        if matches!(chained.stage, Stage::Ready(_)) {
            // Done at the call: the continuation runs now.
            let result = chained.finish();
            return Completion::ready(result);
        }
        chained
    }

    /// Waits up to `timeout` for the operation (C++ AMP `completion_future::wait_for`):
    /// [`FutureStatus::Ready`] once it is complete (then [`wait`](Self::wait) or
    /// [`get`](Self::get) returns its result at once, its error included), or
    /// [`FutureStatus::Timeout`]. Fails only when the device is lost meanwhile.
    ///
    /// ```
    /// use amp_runtime::{copy_async, Array, FutureStatus};
    /// use std::time::Duration;
    /// let a = Array::new(4, &[1, 2, 3, 4])?;
    /// let mut out = vec![0; 4];
    /// let done = copy_async(&a, &mut out);
    /// while done.wait_for(Duration::from_millis(10))? == FutureStatus::Timeout {}
    /// done.get()?;
    /// assert_eq!(out, [1, 2, 3, 4]);
    /// # Ok::<(), amp_runtime::Error>(())
    /// ```
    pub fn wait_for(&self, timeout: Duration) -> Result<FutureStatus> {
        let Stage::InFlight { flight, .. } = &self.stage else {
            return Ok(FutureStatus::Ready);
        };
        let since = Instant::now();
        loop {
            flight.drive();
            flight.device.check_lost()?;
            let left = timeout.saturating_sub(since.elapsed());
            if flight.signal.wait_timeout(left.min(RECHECK)) {
                return Ok(FutureStatus::Ready);
            }
            if since.elapsed() >= timeout {
                return Ok(FutureStatus::Timeout);
            }
        }
    }

    /// Waits for the flight, if any, and finishes.
    fn block(&mut self) -> Result<()> {
        if let Stage::InFlight { flight, .. } = &self.stage {
            if let Err(error) = flight.block() {
                self.stage = Stage::Taken;
                return self.settle(Err(error));
            }
        }
        self.finish()
    }

    /// Hands out the result; the flight must be done.
    fn finish(&mut self) -> Result<()> {
        let result = match std::mem::replace(&mut self.stage, Stage::Taken) {
            Stage::Ready(result) => result,
            Stage::InFlight { flight, finish } => flight.read(finish).and_then(|r| r),
            Stage::Taken => return Err(Error::Device(DeviceError::PolledAfterCompletion)),
        };
        self.settle(result)
    }

    /// The operation's `result`, passed through the continuation [`then`](Self::then)
    /// chained, if any.
    fn settle(&mut self, result: Result<()>) -> Result<()> {
        match self.after.take() {
            Some(after) => after(result),
            None => result,
        }
    }
}

impl Future for Completion<'_> {
    type Output = Result<()>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Result<()>> {
        let this = self.get_mut();
        if let Stage::InFlight { flight, .. } = &mut this.stage {
            if !flight.signal.is_done() {
                flight.drive();
            }
            if !flight.signal.register(cx.waker()) {
                flight.watch(cx.waker());
                return Poll::Pending;
            }
        }
        Poll::Ready(this.finish())
    }
}

/// Finishes an unfinished operation: its data arrives where the caller expects it, as with
/// C++ AMP's completion of the copy. An error is printed, since drop cannot return it.
impl Drop for Completion<'_> {
    fn drop(&mut self) {
        if matches!(self.stage, Stage::Taken) {
            return;
        }
        if let Err(error) = self.block() {
            eprintln!("amp: a Completion dropped without wait, get or await failed: {error}");
        }
    }
}

impl fmt::Debug for Completion<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let stage = match &self.stage {
            Stage::Ready(Ok(())) => "ready",
            Stage::Ready(Err(_)) => "failed",
            Stage::InFlight { .. } => "in flight",
            Stage::Taken => "taken",
        };
        f.debug_struct("Completion").field("stage", &stage).finish()
    }
}

/// One submission to an accelerator and the callback that reports it done: the mapping of a
/// staging buffer it copies into, or the queue's work-done callback.
pub(crate) struct Flight {
    device: Arc<Device>,
    submission: wgpu::SubmissionIndex,
    /// The buffer the submission copies into, and the bytes of it that are read.
    staging: Option<(wgpu::Buffer, u64)>,
    signal: Arc<Signal>,
    /// Whether a helper thread waits on the device for this flight.
    watched: bool,
    /// Where the staging buffer goes once read, for the next download to reuse.
    spares: Option<Arc<Spares>>,
}

impl Flight {
    /// Asks for `staging` to be mapped once `submission` (which copies into it) is done. Call
    /// right after the submission.
    /// Only its first `len` bytes are mapped and read. Once read, the buffer goes back to
    /// `spares`, if given.
    pub(crate) fn mapping(
        device: &Arc<Device>,
        submission: wgpu::SubmissionIndex,
        (staging, len): (wgpu::Buffer, u64),
        spares: Option<Arc<Spares>>,
    ) -> Self {
        let signal = Arc::new(Signal::default());
        let done = Arc::clone(&signal);
        staging.map_async(wgpu::MapMode::Read, ..len, move |result| {
            done.complete(result.map_err(|e| {
                Error::Device(DeviceError::Map {
                    source: WgpuError::new(e),
                })
            }));
        });
        Flight {
            device: Arc::clone(device),
            submission,
            staging: Some((staging, len)),
            signal,
            watched: false,
            spares,
        }
    }

    /// Waits for `submission` (and all work submitted before it) with nothing to read back.
    pub(crate) fn submitted(
        device: &Arc<Device>,
        queue: &wgpu::Queue,
        submission: wgpu::SubmissionIndex,
    ) -> Self {
        let signal = Arc::new(Signal::default());
        let done = Arc::clone(&signal);
        // Fires once everything submitted so far, `submission` included, is done.
        queue.on_submitted_work_done(move || done.complete(Ok(())));
        Flight {
            device: Arc::clone(device),
            submission,
            staging: None,
            signal,
            watched: false,
            spares: None,
        }
    }

    /// Checks the device once without blocking, running the callbacks of finished work.
    fn drive(&self) {
        if let Ok((device, _)) = self.device.opened() {
            // An error here (a lost device) is reported by the wait that follows.
            let _ = device.poll(wgpu::PollType::Poll);
        }
    }

    /// Blocks until the flight is done. Reports a lost device and the device's uncaptured
    /// errors as [`Accelerator::wait`](crate::Accelerator::wait) does.
    pub(crate) fn block(&self) -> Result<()> {
        if !self.signal.is_done() {
            self.device.wait(Some(self.submission.clone()))?;
        }
        let (device, _) = self.device.opened()?;
        let since = Instant::now();
        // The submission is done; its callback runs in this poll or another thread's.
        while !self.signal.wait_timeout(RECHECK) {
            device.poll(wgpu::PollType::Poll).map_err(|e| {
                Error::Device(DeviceError::Poll {
                    accelerator: self.device.to_string(),
                    source: WgpuError::new(e),
                })
            })?;
            self.device.check_lost()?;
            if since.elapsed() > CALLBACK_GRACE {
                return Err(Error::Device(DeviceError::Unreported {
                    accelerator: self.device.name().to_owned(),
                }));
            }
        }
        Ok(())
    }

    /// Starts the helper thread that waits on the device for this flight, once; `waker` is
    /// registered in the signal already. Without a thread, asks to be polled again at once.
    fn watch(&mut self, waker: &Waker) {
        if self.watched {
            return;
        }
        let (device, submission, signal) = (
            Arc::clone(&self.device),
            self.submission.clone(),
            Arc::clone(&self.signal),
        );
        let spawned = std::thread::Builder::new()
            .name("amp completion".into())
            .spawn(move || watch(&device, submission, &signal));
        match spawned {
            Ok(_) => self.watched = true,
            Err(_) => waker.wake_by_ref(),
        }
    }

    /// The result of a done flight, with its staged bytes handed to `finish`.
    fn read(self, finish: Finish<'_>) -> Result<Result<()>> {
        self.signal.take_result()?;
        self.device.check_lost()?;
        if let Some(error) = self.device.take_error() {
            return Err(error);
        }
        let Some((staging, len)) = self.staging else {
            return Ok(finish(&[]));
        };
        let result = {
            let bytes = staging.get_mapped_range(..len).map_err(|e| {
                Error::Device(DeviceError::MappedRange {
                    source: WgpuError::new(e),
                })
            })?;
            finish(&bytes)
        };
        staging.unmap();
        if let Some(spares) = &self.spares {
            spares.put(staging);
        }
        Ok(result)
    }

    /// Blocks until done, then hands the staged bytes to `read` (for the blocking transfers).
    pub(crate) fn read_blocking<R>(self, read: impl FnOnce(&[u8]) -> R) -> Result<R> {
        self.block()?;
        let mut out = None;
        self.read(Box::new(|bytes| {
            out = Some(read(bytes));
            Ok(())
        }))??;
        out.ok_or(Error::Device(DeviceError::NoBytes))
    }
}

/// The helper thread's body: waits in the device's poll until `submission` is done, so that
/// the flight's callback runs and wakes the task; stops when the signal is set.
fn watch(device: &Device, submission: wgpu::SubmissionIndex, signal: &Signal) {
    let mut since = None;
    while !signal.is_done() {
        let polled = device.opened().and_then(|(wgpu_device, _)| {
            wgpu_device
                .poll(wgpu::PollType::Wait {
                    submission_index: Some(submission.clone()),
                    timeout: None,
                })
                .map_err(|e| {
                    Error::Device(DeviceError::Watch {
                        accelerator: device.to_string(),
                        source: WgpuError::new(e),
                    })
                })
        });
        if let Err(error) = polled {
            signal.complete(Err(error));
            return;
        }
        let since = *since.get_or_insert_with(Instant::now);
        if !signal.wait_timeout(RECHECK) && since.elapsed() > CALLBACK_GRACE {
            signal.complete(Err(Error::Device(DeviceError::Unreported {
                accelerator: device.name().to_owned(),
            })));
        }
    }
}

/// Set once by a flight's callback: its outcome, the task to wake, and a condition variable
/// for blocking waiters.
#[derive(Default)]
pub(crate) struct Signal {
    state: Mutex<SignalState>,
    done: Condvar,
}

#[derive(Default)]
struct SignalState {
    /// The outcome, once known; `None` again after [`Signal::take_result`].
    result: Option<Result<()>>,
    /// Whether the outcome is known.
    done: bool,
    waker: Option<Waker>,
}

impl Signal {
    fn lock(&self) -> MutexGuard<'_, SignalState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Records the outcome (the first one wins) and wakes every waiter.
    fn complete(&self, result: Result<()>) {
        let waker = {
            let mut state = self.lock();
            if state.done {
                return;
            }
            state.done = true;
            state.result = Some(result);
            state.waker.take()
        };
        self.done.notify_all();
        if let Some(waker) = waker {
            waker.wake();
        }
    }

    fn is_done(&self) -> bool {
        self.lock().done
    }

    /// Stores `waker` to be woken on completion; whether the signal is set already.
    fn register(&self, waker: &Waker) -> bool {
        let mut state = self.lock();
        if !state.done {
            match &mut state.waker {
                Some(stored) if stored.will_wake(waker) => {}
                slot => *slot = Some(waker.clone()),
            }
        }
        state.done
    }

    /// Waits up to `timeout` for the signal; whether it is set.
    fn wait_timeout(&self, timeout: Duration) -> bool {
        let state = self.lock();
        if state.done {
            return true;
        }
        let (state, _) = self
            .done
            .wait_timeout(state, timeout)
            .unwrap_or_else(PoisonError::into_inner);
        state.done
    }

    /// The outcome of a set signal.
    fn take_result(&self) -> Result<()> {
        self.lock()
            .result
            .take()
            .unwrap_or(Err(Error::Device(DeviceError::OutcomeUnknown)))
    }
}
