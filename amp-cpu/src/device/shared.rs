//! What a device, its queue and its objects share: the error sink, the callbacks waiting for the
//! next poll, the reports of dispatches, the submission count and the lock that keeps kernels
//! and host access to buffer memory apart.

use super::errors::ErrorSink;
use super::Report;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// A callback to call from the next poll (a buffer's map callback, a work-done callback).
pub(super) type Callback = Box<dyn FnOnce() + Send>;

/// The state of one opened device.
pub(super) struct Shared {
    /// Error scopes and the uncaptured-error handler.
    pub errors: ErrorSink,
    /// Host threads a dispatch spreads its workgroups over.
    pub threads: usize,
    callbacks: Mutex<Vec<Callback>>,
    reports: Mutex<Vec<Report>>,
    submitted: AtomicU64,
    lost: Mutex<Option<wgpu::custom::BoxDeviceLostCallback>>,
    destroyed: AtomicBool,
    /// Held while submitted commands run, while the queue writes a buffer, and while a buffer
    /// becomes mapped: so no kernel runs on memory the host has a mapped slice of.
    run: Mutex<()>,
}

impl std::fmt::Debug for Shared {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Shared")
            .field("threads", &self.threads)
            .field("submitted", &self.submitted)
            .finish_non_exhaustive()
    }
}

/// Locks `m`; a panic elsewhere (a user's callback) leaves the data usable.
pub(super) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The host threads a dispatch uses: `AMP_CPU_THREADS` when it is a positive number, else the
/// host's available parallelism.
fn threads() -> usize {
    std::env::var("AMP_CPU_THREADS")
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .filter(|&n| n > 0)
        .or_else(|| std::thread::available_parallelism().ok().map(|n| n.get()))
        .unwrap_or(1)
}

impl Shared {
    /// A fresh device's state.
    pub fn new() -> Shared {
        Shared {
            errors: ErrorSink::default(),
            threads: threads(),
            callbacks: Mutex::new(Vec::new()),
            reports: Mutex::new(Vec::new()),
            submitted: AtomicU64::new(0),
            lost: Mutex::new(None),
            destroyed: AtomicBool::new(false),
            run: Mutex::new(()),
        }
    }

    /// Excludes kernels and host writes of buffer memory while the guard lives.
    pub fn running(&self) -> MutexGuard<'_, ()> {
        lock(&self.run)
    }

    /// Queues `callback` for the next poll.
    pub fn defer(&self, callback: Callback) {
        lock(&self.callbacks).push(callback);
    }

    /// Calls the queued callbacks (and those they queue), with no lock held.
    pub fn fire(&self) {
        loop {
            let due = std::mem::take(&mut *lock(&self.callbacks));
            if due.is_empty() {
                return;
            }
            for callback in due {
                callback();
            }
        }
    }

    /// Keeps a dispatch's report for `take_reports`.
    pub fn report(&self, report: Report) {
        lock(&self.reports).push(report);
    }

    /// The reports kept since the last call.
    pub fn take_reports(&self) -> Vec<Report> {
        std::mem::take(&mut *lock(&self.reports))
    }

    /// Counts a submission; its index.
    pub fn submit(&self) -> u64 {
        self.submitted.fetch_add(1, Ordering::AcqRel) + 1
    }

    /// The index of the latest submission (0 before the first).
    pub fn last_submission(&self) -> u64 {
        self.submitted.load(Ordering::Acquire)
    }

    /// Sets the callback for the device's loss.
    pub fn on_lost(&self, callback: wgpu::custom::BoxDeviceLostCallback) {
        *lock(&self.lost) = Some(callback);
    }

    /// Destroys the device: later calls fail, and the lost callback runs once.
    pub fn destroy(&self) {
        if self.destroyed.swap(true, Ordering::AcqRel) {
            return;
        }
        let callback = lock(&self.lost).take();
        if let Some(callback) = callback {
            callback(
                wgpu::DeviceLostReason::Destroyed,
                "the device was destroyed".to_owned(),
            );
        }
    }
}
