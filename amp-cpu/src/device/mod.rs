//! The CPU accelerator as a wgpu device (wgpu's custom backend): buffers and textures in host
//! memory, samplers,
//! command encoders that record copies and compute passes, a queue that runs them in order when
//! submitted, compute pipelines compiled by [`crate::exec`].
//!
//! INTERFACE FILE: amp's runtime uses exactly the items below; their signatures are fixed.

mod adapter;
mod buffer;
mod commands;
mod errors;
mod opened;
mod pipeline;
mod queue;
mod shared;
mod texture;
mod unsupported;

use crate::check::Finding;
use crate::exec::DispatchError;

/// The description the accelerator reports (and `AMP_DEFAULT_ACCELERATOR` matches).
pub const NAME: &str = "amp CPU emulator";

/// A compute pass debug marker that starts with this (`amp-check:<tag>`) makes the pass's next
/// dispatch run in the checking mode; its [`Report`] carries `<tag>`.
pub const CHECK_MARKER: &str = "amp-check:";

/// What a dispatch run in the checking mode found, or why a dispatch failed.
#[derive(Clone, Debug)]
pub struct Report {
    /// The tag of the dispatch's [`CHECK_MARKER`]; empty for a dispatch without one.
    pub tag: String,
    /// The findings of the checking mode, first found first.
    pub findings: Vec<Finding>,
    /// Why the dispatch stopped early, if it did.
    pub error: Option<DispatchError>,
}

/// The CPU accelerator's adapter. Each call makes a new adapter; each device opened from it is
/// a device of its own.
pub fn adapter() -> wgpu::Adapter {
    wgpu::Adapter::from_custom(adapter::CpuAdapter)
}

/// The reports of dispatches submitted on `device` since the last call, in submission order;
/// empty for a device that is not the CPU accelerator's.
pub fn take_reports(device: &wgpu::Device) -> Vec<Report> {
    device
        .as_custom::<opened::CpuDevice>()
        .map(|d| d.shared.take_reports())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests;
