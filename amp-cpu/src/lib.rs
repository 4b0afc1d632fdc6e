//! amp's own CPU accelerator: it runs the naga module amp builds for a kernel, on the host's
//! cores, with nothing installed.
//!
//! The accelerator is a wgpu device ([`device`], wgpu's custom backend), so amp's runtime uses it
//! exactly as it uses a GPU: the same buffers, transfers, batches and launches. Underneath:
//! - [`memory`]: device memory, 32-bit words that several host threads may touch at once;
//! - [`exec`]: compiles a naga entry point into a program over pre-resolved operands and runs it
//!   a whole workgroup at a time, every thread of the tile in lock step (SIMT) under an active
//!   mask;
//! - [`texel`]: texture formats, texel conversions and sampling, as Vulkan defines them;
//! - [`check`]: the checking mode, which watches what the executor does and reports races,
//!   out-of-range accesses, uninitialised tile_static reads and divergent barriers.

pub mod check;
pub mod device;
pub mod exec;
pub mod memory;
pub mod texel;
