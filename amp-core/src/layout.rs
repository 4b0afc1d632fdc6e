//! The launch contract, as the kernel declares it: what every launch of a built kernel must
//! supply, and where.
//!
//! Building a kernel records a [`LaunchLayout`]: one [`Slot`] per thing a launch supplies, in
//! declaration order (the compute domain first, then each capture), the resource bindings, and
//! how the kernel was built (its [`Checks`] and, when checked, its [`FaultSlot`]). A launch fills
//! the slots in the same order ([`LaunchArgs`](crate::launch::LaunchArgs)), which checks each
//! value against its slot and yields the parameter words and the buffers to bind.
//!
//! Nothing here names a device API: a backend (the wgpu runtime, or an interpreter of the naga
//! module) launches a kernel from its layout alone.
//!
//! Parameter words are one block of `u32` words (`array<vec4<u32>, K>` in the kernel); binding 0
//! holds it unless it is passed as immediate data. Views take storage bindings 1, 2, … in
//! declaration order; the fault buffer of a checked kernel takes the binding after them.

use crate::texel::{TexelAccess, TexelFormat};
pub use amp_spec::Checks;

/// What a resource binding holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BindingKind {
    /// A storage buffer of elements (an array view's data).
    Storage {
        /// Whether the kernel only reads it.
        read_only: bool,
    },
    /// The fault buffer of a checked kernel
    /// ([`FAULT_WORDS`](crate::builder::FAULT_WORDS) `u32` words, zero when no access has
    /// failed).
    Faults,
    /// The print buffer of a kernel that prints or asserts (amp-core's `builder/print.rs`
    /// describes its words).
    Prints,
    /// A texture of rank `rank` (1 to 3): sampled when the kernel only reads it, a storage
    /// texture of `format` when it writes it.
    Texture {
        /// How the kernel uses it.
        access: TexelAccess,
        /// Its texels' format (a sampled texture is bound by its sample kind only, but a
        /// backend needs the format to say whether it filters).
        format: TexelFormat,
        /// 1, 2 or 3.
        rank: u32,
    },
    /// A sampler.
    Sampler {
        /// Whether it filters linearly (so it may only be paired with textures that filter).
        filtering: bool,
    },
}

/// A run of parameter words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Words {
    /// The first word.
    pub first: u32,
    /// How many.
    pub count: u32,
}

/// The parameter words of a view of rank `rank`: its extent (`rank` words, the components'
/// `i32` bits), its offset in its buffer (1), the strides of components `0..rank - 1` (the last
/// stride is 1), and the index of its buffer's zero sentinel (1), the element past the data that
/// a checked read out of range reads instead. The kernel reads them where these methods say and
/// [`LaunchArgs::view`](crate::launch::LaunchArgs::view) writes them there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ViewWords {
    first: u32,
    rank: u32,
}

impl ViewWords {
    /// The words of a view of rank `rank` starting at word `first`.
    pub const fn new(first: u32, rank: u32) -> Self {
        ViewWords { first, rank }
    }

    /// Words a view of rank `rank` takes.
    pub const fn count(rank: u32) -> u32 {
        2 * rank + 1
    }

    /// The view's rank.
    pub const fn rank(self) -> u32 {
        self.rank
    }

    /// All its words.
    pub const fn words(self) -> Words {
        Words {
            first: self.first,
            count: Self::count(self.rank),
        }
    }

    /// The word of extent component `k`.
    pub const fn extent(self, k: u32) -> u32 {
        self.first + k
    }

    /// The word of the offset of element 0 in the buffer.
    pub const fn offset(self) -> u32 {
        self.first + self.rank
    }

    /// The word of the stride of component `k` (`k < rank - 1`).
    pub const fn stride(self, k: u32) -> u32 {
        self.first + self.rank + 1 + k
    }

    /// The word of the sentinel's index.
    pub const fn sentinel(self) -> u32 {
        self.first + 2 * self.rank
    }
}

/// One thing a launch supplies, recorded where the kernel declared it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// The compute domain: the words the domain's entry point reads (see `domain.rs`).
    Domain(Words),
    /// A captured value (a scalar, a short vector, a `#[derive(Element)]` struct, an `Index`,
    /// an `Extent`): its words.
    Value(Words),
    /// A captured view: its words and its storage bindings.
    View {
        /// Its layout in the parameter words.
        words: ViewWords,
        /// Its first binding; a view split over several bindings takes the ones after it too.
        binding: u32,
        /// How its data is split over bindings.
        segments: ViewSegments,
    },
    /// A captured texture (or view of one): its extent's words (`rank` of them, the
    /// components' `i32` bits, which checked accesses are checked against) and its binding.
    Texture {
        /// Its extent in the parameter words.
        words: Words,
        /// Its binding.
        binding: u32,
    },
    /// A captured sampler: its binding.
    Sampler {
        /// Its binding.
        binding: u32,
    },
}

/// How a view's data is split over storage bindings, which the kernel is specialised on: data
/// larger than one binding is `count` bindings ("segments") of `elements` elements each (the
/// last holds the rest), and each access selects its element's segment. One binding holds the
/// whole data otherwise ([`WHOLE`](Self::WHOLE)), as in every kernel whose data fits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ViewSegments {
    /// The number of bindings.
    pub count: u32,
    /// Elements per binding but the last (unused for one binding).
    pub elements: u32,
}

impl ViewSegments {
    /// The whole data in one binding.
    pub const WHOLE: ViewSegments = ViewSegments {
        count: 1,
        elements: 0,
    };
}

impl Slot {
    /// What kind of value fills it.
    pub fn kind(&self) -> SlotKind {
        match self {
            Slot::Domain(_) => SlotKind::Domain,
            Slot::Value(_) => SlotKind::Value,
            Slot::View { .. } => SlotKind::View,
            Slot::Texture { .. } => SlotKind::Texture,
            Slot::Sampler { .. } => SlotKind::Sampler,
        }
    }

    /// Its parameter words.
    pub fn words(&self) -> Words {
        match *self {
            Slot::Domain(words) | Slot::Value(words) | Slot::Texture { words, .. } => words,
            Slot::View { words, .. } => words.words(),
            Slot::Sampler { .. } => Words { first: 0, count: 0 },
        }
    }
}

/// The kinds of [`Slot`], as errors name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SlotKind {
    /// The compute domain.
    Domain,
    /// A captured value.
    Value,
    /// A captured view.
    View,
    /// A captured texture.
    Texture,
    /// A captured sampler.
    Sampler,
}

impl SlotKind {
    /// How the kind reads in a message.
    pub fn describe(self) -> &'static str {
        match self {
            SlotKind::Domain => "the compute domain",
            SlotKind::Value => "a value",
            SlotKind::View => "an array view",
            SlotKind::Texture => "a texture",
            SlotKind::Sampler => "a sampler",
        }
    }
}

/// The fault record of a checked kernel: the binding of its slot of the accelerator's fault
/// buffer, and the parameter word that holds the launch's number (the last word; the runtime
/// numbers each checked launch when it submits it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FaultSlot {
    /// The fault buffer's binding.
    pub binding: u32,
    /// The launch number's parameter word.
    pub launch_word: u32,
}

/// How many indices of its domain each thread of a launch runs. An untiled kernel may run
/// several on one thread (C++ AMP promises nothing about which thread runs which index): a
/// workgroup of 256 threads then covers `256 × K` consecutive indices, thread `t` of it indices
/// `t`, `t + 256`, …, `t + 256 (K − 1)`, so each step of the workgroup still reads consecutive
/// elements. A power of two, so that `256 × K` divides 2³² and the thread numbers cannot wrap.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum IndicesPerThread {
    /// One index per thread: tiled kernels, untiled rank-2 kernels, and kernels the
    /// accelerator runs better that way (see `builder/untiled.rs`).
    #[default]
    One,
    /// Two.
    Two,
    /// Four: what untiled kernels of ranks other than 2 run unless told otherwise.
    Four,
    /// Eight.
    Eight,
}

impl IndicesPerThread {
    /// What an untiled kernel runs unless the runtime asks for another count.
    pub const UNTILED: IndicesPerThread = IndicesPerThread::Four;

    /// The count, 1, 2, 4 or 8.
    pub const fn get(self) -> u32 {
        match self {
            IndicesPerThread::One => 1,
            IndicesPerThread::Two => 2,
            IndicesPerThread::Four => 4,
            IndicesPerThread::Eight => 8,
        }
    }

    /// The count `k`, when it is 1, 2, 4 or 8.
    pub const fn new(k: u32) -> Option<Self> {
        match k {
            1 => Some(IndicesPerThread::One),
            2 => Some(IndicesPerThread::Two),
            4 => Some(IndicesPerThread::Four),
            8 => Some(IndicesPerThread::Eight),
            _ => None,
        }
    }
}

/// How a launch feeds a built kernel.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LaunchLayout {
    /// Number of 32-bit parameter words the kernel declared.
    pub words: u32,
    /// What each launch supplies, in declaration order.
    pub slots: Vec<Slot>,
    /// Bindings 1.. (binding 0 is the parameter block).
    pub bindings: Vec<BindingKind>,
    /// The workgroup size of the entry point.
    pub workgroup_size: [u32; 3],
    /// Bytes of tile_static memory the kernel declares.
    pub tile_static_bytes: u32,
    /// Whether the kernel was built with amp's access checks.
    pub checks: Checks,
    /// Where a checked kernel with run-time checks records its first fault.
    pub faults: Option<FaultSlot>,
    /// Bytes of immediate data (push constants) the parameter block takes, when it is passed
    /// that way rather than as a uniform buffer at binding 0; 0 otherwise.
    pub immediate_bytes: u32,
    /// Indices of the domain each thread runs: a launch runs
    /// `⌈`[`DomainLaunch::threads`](crate::domain::DomainLaunch::threads)` / K⌉` threads.
    pub indices_per_thread: IndicesPerThread,
    /// The (sampler, texture) binding pairs the kernel samples with: a sampler that filters
    /// may only sample textures whose format filters.
    pub sampled: Vec<(u32, u32)>,
}

impl LaunchLayout {
    /// Words of the parameter block as the kernel declares it: whole rows of four, at least one.
    pub fn block_words(&self) -> u32 {
        self.words.div_ceil(4).max(1) * 4
    }
}
