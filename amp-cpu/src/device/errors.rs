//! Errors the device raises, and where they go: the innermost error scope of the raising thread
//! whose filter matches, else the uncaptured-error handler (as wgpu's own backends do).

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::ThreadId;

/// What went wrong, in amp's words; the source of the `wgpu::Error` the device raises.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct DeviceError {
    /// The call that failed (`"create_compute_pipeline"`).
    pub call: &'static str,
    /// Why.
    pub message: String,
}

impl fmt::Display for DeviceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "amp's CPU accelerator, {}: {}", self.call, self.message)
    }
}

impl std::error::Error for DeviceError {}

/// The kind of an error, as error scopes filter them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// The caller broke a rule (or asked for something the accelerator has not).
    Validation,
    /// The host could not provide memory.
    OutOfMemory,
}

struct Scope {
    filter: wgpu::ErrorFilter,
    error: Option<wgpu::Error>,
}

/// The error scopes of every thread, and the handler for errors outside them.
#[derive(Default)]
pub(super) struct ErrorSink {
    scopes: Mutex<HashMap<ThreadId, Vec<Scope>>>,
    handler: Mutex<Option<Arc<dyn wgpu::UncapturedErrorHandler>>>,
}

impl ErrorSink {
    /// Raises `kind` of error from `call`: the innermost matching scope of this thread keeps it
    /// (if it holds none yet), else the uncaptured-error handler gets it, called with no lock
    /// held. Without a handler the error is dropped: the accelerator never panics for one.
    pub fn raise(&self, kind: Kind, call: &'static str, message: impl Into<String>) {
        let source = DeviceError {
            call,
            message: message.into(),
        };
        let error = match kind {
            Kind::Validation => wgpu::Error::Validation {
                description: source.to_string(),
                source: Box::new(source),
            },
            Kind::OutOfMemory => wgpu::Error::OutOfMemory {
                source: Box::new(source),
            },
        };
        let filter = match kind {
            Kind::Validation => wgpu::ErrorFilter::Validation,
            Kind::OutOfMemory => wgpu::ErrorFilter::OutOfMemory,
        };
        {
            let mut scopes = self.scopes.lock().unwrap_or_else(PoisonError::into_inner);
            let mine = scopes.entry(std::thread::current().id()).or_default();
            if let Some(scope) = mine.iter_mut().rev().find(|s| s.filter == filter) {
                scope.error.get_or_insert(error);
                return;
            }
        }
        let handler = self
            .handler
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        if let Some(handler) = handler {
            handler(error);
        }
    }

    /// Sets the handler for errors outside any scope.
    pub fn set_handler(&self, handler: Arc<dyn wgpu::UncapturedErrorHandler>) {
        *self.handler.lock().unwrap_or_else(PoisonError::into_inner) = Some(handler);
    }

    /// Opens a scope on this thread; its index on the thread's stack.
    pub fn push(&self, filter: wgpu::ErrorFilter) -> u32 {
        let mut scopes = self.scopes.lock().unwrap_or_else(PoisonError::into_inner);
        let mine = scopes.entry(std::thread::current().id()).or_default();
        mine.push(Scope {
            filter,
            error: None,
        });
        u32::try_from(mine.len() - 1).unwrap_or(u32::MAX)
    }

    /// Closes this thread's innermost scope (a mismatched `index` or an empty stack gives
    /// `None` rather than a panic); the error it caught.
    pub fn pop(&self, index: u32) -> Option<wgpu::Error> {
        let mut scopes = self.scopes.lock().unwrap_or_else(PoisonError::into_inner);
        let mine = scopes.get_mut(&std::thread::current().id())?;
        if mine.len().checked_sub(1) != usize::try_from(index).ok() {
            return None;
        }
        mine.pop().and_then(|s| s.error)
    }
}
