//! Tuning knobs read from the environment once per process.

use amp_core::IndicesPerThread;
use std::sync::OnceLock;

/// Indices of its domain each thread of an untiled kernel runs (where the kernel allows more
/// than one; amp-core's `builder/untiled.rs`): `AMP_ELEMENTS_PER_THREAD=1|2|4|8`, read at the
/// first launch; unset or any other value, [`IndicesPerThread::UNTILED`]. A knob for measuring
/// memory-bound kernels on a device: every count runs every kernel correctly.
pub(crate) fn indices_per_thread() -> IndicesPerThread {
    static K: OnceLock<IndicesPerThread> = OnceLock::new();
    *K.get_or_init(|| {
        std::env::var("AMP_ELEMENTS_PER_THREAD")
            .ok()
            .and_then(|v| v.trim().parse().ok())
            .and_then(IndicesPerThread::new)
            .unwrap_or(IndicesPerThread::UNTILED)
    })
}
