//! The checking mode: what the executor reports while it runs a dispatch, and the checker that
//! turns it into findings (data races, out-of-range accesses, uninitialised tile_static reads,
//! divergent barriers).
//!
//! INTERFACE FILE: the executor (`crate::exec`) calls [`Observer`]; the device shell and amp's
//! runtime read [`Finding`]s. Their shapes are fixed; the checker's internals are its own.

mod checker;
mod findings;
mod shadow;
mod site;
#[cfg(test)]
mod tests;

pub use checker::Checker;
pub use findings::MAX_FINDINGS;

/// Where an access went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Space {
    /// A workgroup (tile_static) variable: the index of its global variable in the module's
    /// `global_variables` arena (`Handle::index()`).
    Workgroup {
        /// The global variable's index.
        var: u32,
    },
    /// A storage buffer binding (a view's data).
    Binding {
        /// `@group`.
        group: u32,
        /// `@binding`.
        binding: u32,
    },
}

/// How memory was touched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AccessKind {
    /// A load.
    Read,
    /// A store.
    Write,
    /// An atomic operation (never a race with another atomic operation).
    Atomic,
}

/// A thread of the dispatch: its workgroup and its place in the workgroup.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Thread {
    /// The workgroup id (x, y, z).
    pub group: [u32; 3],
    /// The local invocation id (x, y, z).
    pub local: [u32; 3],
}

/// One access named in a finding.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Access {
    /// The thread that made it.
    pub thread: Thread,
    /// Load, store or atomic.
    pub kind: AccessKind,
    /// Its span in the module (amp's spans index the kernel's table of source locations).
    pub span: naga::Span,
}

/// What the checking mode found in one dispatch.
#[derive(Clone, Debug, PartialEq)]
pub enum Finding {
    /// Two threads touched the same bytes with no barrier between (a tile's workgroup memory), or
    /// at all (a binding), at least one writing, not both atomically.
    Race {
        /// The memory.
        space: Space,
        /// The byte offset in it (of the binding, or of the variable).
        offset: u64,
        /// The earlier access.
        first: Access,
        /// The later access.
        second: Access,
    },
    /// An array index past the array's end: a fixed-size array's length, or the elements a
    /// runtime-sized array's binding holds.
    OutOfRange {
        /// The access.
        access: Access,
        /// The index.
        index: i64,
        /// The array's length.
        len: u64,
    },
    /// A read of workgroup memory that no thread of the tile wrote in this dispatch.
    Uninitialized {
        /// The variable.
        space: Space,
        /// The byte offset in it.
        offset: u64,
        /// The read.
        access: Access,
    },
    /// A barrier that some threads of a tile reached and others did not (they took another
    /// path, or left the kernel).
    DivergentBarrier {
        /// The barrier's span.
        span: naga::Span,
        /// A thread that reached it.
        arrived: Thread,
        /// A thread of the same tile that did not.
        missing: Thread,
        /// Whether `missing` had already left the kernel.
        missing_exited: bool,
    },
}

/// What the executor reports while it runs a dispatch in the checking mode. Lanes are numbered
/// by local invocation index (x fastest) within the current workgroup.
pub trait Observer {
    /// A dispatch starts: the byte size of each workgroup variable (by global variable index)
    /// and of each binding.
    fn begin_dispatch(&mut self, workgroup_vars: &[(u32, u64)], bindings: &[(Space, u64)]);
    /// A workgroup starts: its id and size.
    fn begin_group(&mut self, group: [u32; 3], size: [u32; 3]);
    /// Lane `lane` touched `bytes` bytes of `space` at byte `offset`.
    fn access(
        &mut self,
        lane: u32,
        space: Space,
        offset: u64,
        bytes: u32,
        kind: AccessKind,
        span: naga::Span,
    );
    /// Lane `lane` indexed an array of `len` elements at `index`, out of range.
    fn out_of_range(&mut self, lane: u32, index: i64, len: u64, span: naga::Span);
    /// A control barrier (naga's `ControlBarrier`, whose flags say which memory it orders) was
    /// executed by the lanes in `arrived`; `exited` are the lanes that had already returned from
    /// the entry point. Both slices have one entry per lane of the workgroup.
    fn barrier(
        &mut self,
        arrived: &[bool],
        exited: &[bool],
        flags: naga::Barrier,
        span: naga::Span,
    );
    /// The workgroup ended.
    fn end_group(&mut self);
    /// The dispatch ended; the findings, first found first.
    fn finish(&mut self) -> Vec<Finding>;
}

/// A fresh checker for one dispatch.
pub fn new_checker() -> Box<dyn Observer + Send> {
    Box::new(Checker::new())
}
