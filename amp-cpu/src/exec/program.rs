//! The compiled program: instructions over register rows, memory places resolved to spaces and
//! byte offsets, everything about types decided before the first lane runs.

use super::lanes::{LaneFn, Operands};
use super::shape::Leaf;

/// A register's first row.
pub(super) type Reg = u32;

/// Which memory a pointer points into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mem {
    /// A storage buffer binding, by its slot in [`Program::bindings`].
    Storage { slot: u32 },
    /// A uniform buffer binding, by its slot.
    Uniform { slot: u32 },
    /// The dispatch's immediate data.
    Immediate,
    /// A workgroup variable: its global variable index, its first byte in the workgroup region
    /// and its size.
    Workgroup { var: u32, base: u32, size: u32 },
    /// Per-lane memory: private globals and every function's locals.
    Private,
}

/// A pointer's byte offset in its memory: the same for all lanes, or per lane in a register.
/// [`INVALID`] marks a pointer made from an out-of-range index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Off {
    Const(u32),
    Reg(Reg),
}

/// The offset of a pointer made from an out-of-range index: every access through it reads zero
/// and writes nothing.
pub(super) const INVALID: u32 = u32::MAX;

/// A pointer resolved at compile time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Ptr {
    pub mem: Mem,
    pub off: Off,
}

/// An array's length.
#[derive(Clone, Copy, Debug)]
pub(super) enum Len {
    Const(u32),
    /// A runtime-sized array starting `start` bytes into binding `slot`.
    Runtime {
        slot: u32,
        start: u32,
        stride: u32,
    },
}

/// An index operand.
#[derive(Clone, Copy, Debug)]
pub(super) enum Index {
    Const(u32),
    /// A register holding a u32 (`signed` false) or an i32.
    Reg {
        reg: Reg,
        signed: bool,
    },
}

/// An atomic read-modify-write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum AtomicOp {
    Add,
    Sub,
    And,
    Or,
    Xor,
    Min,
    Max,
    Exchange,
    CompareExchange,
}

/// The scalar an atomic works on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum AtomicTy {
    U32,
    I32,
    F32,
    U64,
    I64,
}

/// A subgroup collective's scalar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum CollTy {
    Bool,
    U32,
    I32,
    F32,
    F16,
    U64,
    I64,
    F64,
}

/// A block of instructions.
pub(super) type Block = Vec<Inst>;

/// One switch case: the selector values (as u32 bits) it takes, or the default.
#[derive(Debug)]
pub(super) struct Case {
    pub value: Option<u32>,
    pub body: Block,
    pub fall_through: bool,
}

/// Rows to copy: `rows` rows from `src` to `dst`, every lane.
#[derive(Clone, Copy, Debug)]
pub(super) struct Move {
    pub dst: Reg,
    pub src: Reg,
    pub rows: u32,
}

/// One instruction.
#[derive(Debug)]
pub(super) enum Inst {
    /// A pure computation over every lane.
    Lanes {
        f: LaneFn,
        o: Operands,
    },
    /// Copies rows, every lane.
    Copy(Move),
    /// Sets rows to constant words, every lane.
    Fill {
        dst: Reg,
        words: Box<[u32]>,
    },
    /// `dst = base + index * stride` per lane, [`INVALID`] where the index is out of range.
    IndexPtr {
        dst: Reg,
        base: Off,
        index: Index,
        stride: u32,
        len: Len,
        span: naga::Span,
    },
    /// `dst = base[index]` of a value held in registers, zero where out of range.
    IndexVal {
        dst: Reg,
        base: Reg,
        index: Index,
        elem_rows: u32,
        len: u32,
        span: naga::Span,
    },
    /// Reads the leaves of a value at a pointer into registers.
    Load {
        dst: Reg,
        ptr: Ptr,
        leaves: Box<[Leaf]>,
        atomic: bool,
        span: naga::Span,
    },
    /// Writes registers through a pointer.
    Store {
        ptr: Ptr,
        src: Reg,
        leaves: Box<[Leaf]>,
        atomic: bool,
        span: naga::Span,
    },
    /// Zeroes `bytes` bytes at a pointer into private memory.
    ZeroPrivate {
        at: u32,
        bytes: u32,
    },
    /// An atomic read-modify-write.
    Atomic {
        ptr: Ptr,
        op: AtomicOp,
        ty: AtomicTy,
        value: Reg,
        compare: Option<Reg>,
        result: Option<Reg>,
        span: naga::Span,
    },
    /// The element count of a runtime-sized array.
    ArrayLength {
        dst: Reg,
        len: Len,
    },
    If {
        cond: Reg,
        accept: Block,
        reject: Block,
    },
    Switch {
        selector: Reg,
        cases: Vec<Case>,
    },
    Loop {
        body: Block,
        continuing: Block,
        break_if: Option<Reg>,
    },
    Break,
    Continue,
    /// Lanes leave the function, with their result copied into the function's result rows;
    /// from the entry point they have exited.
    Return {
        value: Option<Move>,
        entry: bool,
    },
    /// Runs function `func` under the current mask.
    Call {
        func: u32,
        args: Box<[Move]>,
        result: Option<Move>,
    },
    /// A control barrier.
    Barrier {
        flags: naga::Barrier,
        span: naga::Span,
    },
    /// `dst` (vec4<u32>) = the active lanes of the subgroup whose predicate holds.
    Ballot {
        dst: Reg,
        pred: Option<Reg>,
    },
    /// A subgroup reduction or scan over the active lanes.
    Collective {
        op: naga::SubgroupOperation,
        kind: naga::CollectiveOperation,
        ty: CollTy,
        dst: Reg,
        src: Reg,
        comps: u32,
    },
    /// A texture or sampler operation.
    Image(Box<super::image::ImageInst>),
    /// Reads `src` from another lane of the subgroup.
    Gather {
        mode: GatherMode,
        dst: Reg,
        src: Reg,
        rows: u32,
    },
}

/// Which lane a subgroup gather reads.
#[derive(Clone, Copy, Debug)]
pub(super) enum GatherMode {
    BroadcastFirst,
    Broadcast(Index),
    Shuffle(Index),
    ShuffleDown(Index),
    ShuffleUp(Index),
    ShuffleXor(Index),
}

/// A compiled function.
#[derive(Debug)]
pub(super) struct Func {
    pub body: Block,
}

/// A buffer binding the program uses.
#[derive(Clone, Copy, Debug)]
pub(super) struct BindSlot {
    pub group: u32,
    pub binding: u32,
}

/// An entry point's built-in input, and the register it fills.
#[derive(Clone, Copy, Debug)]
pub(super) enum Builtin {
    GlobalId,
    LocalId,
    LocalIndex,
    GroupId,
    NumGroups,
    WorkgroupSize,
    SubgroupSize,
    SubgroupLane,
    NumSubgroups,
    SubgroupId,
}

/// The whole compiled entry point.
#[derive(Debug)]
pub(super) struct Program {
    /// Functions; the entry point is the first.
    pub funcs: Vec<Func>,
    /// Constants, filled once into a lane state's registers.
    pub constants: Block,
    /// Run at the start of each workgroup: private globals' initial values.
    pub group_init: Block,
    /// Register rows.
    pub rows: u32,
    /// Bytes of per-lane memory.
    pub private_bytes: u32,
    /// Bytes of the workgroup region.
    pub workgroup_bytes: u32,
    /// Workgroup variables: global index, first byte, size.
    pub workgroup_vars: Vec<(u32, u32, u32)>,
    /// Storage and uniform bindings, by slot.
    pub bindings: Vec<BindSlot>,
    /// Which slots are storage (the rest are uniform).
    pub storage: Vec<bool>,
    /// Texture bindings, by slot (a texture handle's register holds its slot).
    pub images: Vec<BindSlot>,
    /// Sampler bindings, by slot.
    pub samplers: Vec<BindSlot>,
    /// Built-in inputs: what, and the register rows (as many as the built-in's components).
    pub builtins: Vec<(Builtin, Reg)>,
}
