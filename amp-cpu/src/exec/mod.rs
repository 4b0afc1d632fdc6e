//! The executor: a naga compute entry point compiled into a program over pre-resolved operands,
//! run one workgroup at a time with every thread of the workgroup in lock step under an active
//! mask, workgroups spread over the host's cores.
//!
//! INTERFACE FILE: the device shell (`crate::device`) and the checker (`crate::check`) use
//! exactly the items below. Their signatures are fixed; the bodies are the executor's.

mod access;
#[cfg(test)]
mod bench;
mod compile;
mod expr;
mod image;
mod lanes;
mod ops;
mod pool;
mod program;
mod run;
mod shape;
mod stmt;
mod subgroup;
#[cfg(test)]
mod tests;

use crate::check::Observer;
use crate::memory::{Memory, OutOfMemory};
use crate::texel::{Format, Sampler};
use std::fmt;

/// Lanes per subgroup: consecutive runs of this many threads of a workgroup, by local
/// invocation index (a workgroup of fewer threads is one partial subgroup).
pub const SUBGROUP_SIZE: u32 = 32;

/// A compute entry point, compiled once per pipeline and run by every dispatch of it.
pub struct Kernel {
    workgroup_size: [u32; 3],
    program: program::Program,
}

/// Why a module cannot run on the CPU accelerator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompileError {
    /// What is missing, in amp's words (`"cooperative matrix operations"`).
    pub what: String,
}

impl fmt::Display for CompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "amp's CPU accelerator cannot run {}", self.what)
    }
}

impl std::error::Error for CompileError {}

/// One buffer binding of a dispatch: `size` bytes of `memory` from `offset`.
#[derive(Clone, Copy)]
pub struct Binding<'a> {
    /// The bind group (`@group`).
    pub group: u32,
    /// The binding number (`@binding`).
    pub binding: u32,
    /// The buffer's memory.
    pub memory: &'a Memory,
    /// Where the binding starts in `memory`, in bytes (a dynamic offset included).
    pub offset: u64,
    /// Its size in bytes.
    pub size: u64,
}

/// One mip level of a texture view: its memory (texels tightly packed, x fastest, then y,
/// then z) and its size in texels.
#[derive(Clone, Copy)]
pub struct ImageLevel<'a> {
    /// The level's texels.
    pub memory: &'a Memory,
    /// Width, height and depth (1 for the dimensions an image lacks).
    pub size: [u32; 3],
}

/// One texture binding of a dispatch: a view of a texture (sampled or storage).
pub struct ImageBinding<'a> {
    /// The bind group (`@group`).
    pub group: u32,
    /// The binding number (`@binding`).
    pub binding: u32,
    /// How its texels are stored.
    pub format: Format,
    /// The view's mip levels, its base level first.
    pub levels: Vec<ImageLevel<'a>>,
}

/// One sampler binding of a dispatch.
#[derive(Clone, Copy)]
pub struct SamplerBinding {
    /// The bind group (`@group`).
    pub group: u32,
    /// The binding number (`@binding`).
    pub binding: u32,
    /// How it filters and addresses.
    pub sampler: Sampler,
}

/// Everything one dispatch needs.
pub struct Dispatch<'a> {
    /// Workgroups in x, y, z.
    pub groups: [u32; 3],
    /// The immediate data (push constants) set for the dispatch.
    pub immediates: &'a [u8],
    /// The bound buffers.
    pub bindings: &'a [Binding<'a>],
    /// The bound textures.
    pub images: &'a [ImageBinding<'a>],
    /// The bound samplers.
    pub samplers: &'a [SamplerBinding],
    /// Host threads to spread workgroups over (at least 1).
    pub threads: usize,
}

/// Why a dispatch stopped before it finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DispatchError {
    /// The host had not the memory the threads' local variables need.
    OutOfMemory(OutOfMemory),
}

impl Kernel {
    /// Compiles `entry_point` of `module` (a module naga's validator accepted).
    pub fn compile(module: &naga::Module, entry_point: &str) -> Result<Kernel, CompileError> {
        let ep = module
            .entry_points
            .iter()
            .find(|e| e.name == entry_point)
            .ok_or_else(|| CompileError {
                what: format!("a module without the entry point `{entry_point}`"),
            })?;
        Ok(Kernel {
            workgroup_size: ep.workgroup_size,
            program: compile::compile(module, ep)?,
        })
    }

    /// Threads per workgroup in x, y, z.
    pub fn workgroup_size(&self) -> [u32; 3] {
        self.workgroup_size
    }

    /// Runs the dispatch to its end. With an observer (the checking mode) every memory access,
    /// array index and barrier is reported to it, and workgroups run one after another in
    /// order on the calling thread.
    pub fn dispatch(
        &self,
        dispatch: &Dispatch<'_>,
        observer: Option<&mut dyn Observer>,
    ) -> Result<(), DispatchError> {
        run::dispatch(&self.program, self.workgroup_size, dispatch, observer)
    }
}
