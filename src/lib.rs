//! # amp: C++ AMP for Rust
//!
//! Write GPU kernels as ordinary Rust closures and functions, checked at compile time like
//! C++ AMP's `restrict(amp)`, lowered to naga IR and run through wgpu on any GPU, or on the CPU
//! through a software Vulkan driver (lavapipe) when there is none.
//!
//! ```no_run
//! use amp::prelude::*;
//!
//! fn main() -> Result<(), amp::Error> {
//!     let a = [1, 2, 3, 4, 5];
//!     let b = [6, 7, 8, 9, 10];
//!     let mut sum = [0; 5];
//!     let av = ConstArrayView::new(5, &a)?;
//!     let bv = ConstArrayView::new(5, &b)?;
//!     let sv = ArrayView::new(5, &mut sum)?;
//!     sv.discard_data();
//!     parallel_for_each!(sv.extent(), |idx: Index<1>| {
//!         sv[idx] = av[idx] + bv[idx];
//!     })?;
//!     sv.synchronize()?;
//!     drop(sv);
//!     assert_eq!(sum, [7, 9, 11, 13, 15]);
//!     Ok(())
//! }
//! ```
//!
//! | C++ AMP | amp |
//! |---|---|
//! | `restrict(amp)` function | `#[kernel] fn` |
//! | `parallel_for_each(e, [=](index<1> i) restrict(amp) {…})` | `parallel_for_each!(e, \|i: Index<1>\| {…})?` |
//! | `index<N>`, `extent<N>` | [`Index<N>`], [`Extent<N>`] |
//! | `array_view<T, N>` / `array_view<const T, N>` | [`ArrayView<T, N>`] / [`ConstArrayView<T, N>`] |
//! | `copy(src, dst)`, `copy_async(src, dst)` | [`copy()`], [`copy_async`] |
//! | `completion_future` (`wait`, `get`) | [`Completion`] (`wait`, `get`, `.await`) |
//! | `accelerator` | [`Accelerator`] |
//! | `runtime_exception` and subclasses | [`Error`] |
//! | the algorithms library (`reduce`, `scan`, `radix_sort`, …) | [`algorithms`] |
//!
//! The kernel language, its rules and the messages it gives are in `docs/LANGUAGE.md`; how a
//! kernel flows from source to dispatch is in `docs/ARCHITECTURE.md`.

extern crate self as amp;

pub mod algorithms;

pub use amp_core::builder::AccessKind;
pub use amp_core::math::{fast_math, intrinsics, precise_math};
pub use amp_core::matrix;
pub use amp_core::packed;
pub use amp_core::short_vector::{
    self, double2, double3, double4, float2, float3, float4, half2, half3, half4, int2, int3, int4,
    uint2, uint3, uint4, Double2, Double3, Double4, Float2, Float3, Float4, Half2, Half3, Half4,
    Int2, Int3, Int4, UInt2, UInt3, UInt4, Vector,
};
pub use amp_core::subgroup;

pub use amp_core::tile::fences::{all_memory_fence, global_memory_fence, tile_static_memory_fence};
/// Why a compute domain cannot be launched or tiled (the reason inside
/// [`error::DomainError::Launch`]; also [`TiledExtent::try_pad`]'s error).
pub use amp_core::DomainError as LaunchDomainError;
pub use amp_core::{
    Element, Extent, Index, Integer, KernelError, Loc, Numeric, Scalar, Signed, TileBarrier,
    TiledExtent, TiledIndex,
};
pub use amp_macros::{kernel, parallel_for_each, parallel_for_each_unchecked, Element, Views};
pub use amp_runtime::capture::{Capture, KernelScalar};
pub use amp_runtime::error;
pub use amp_runtime::interop;
pub use amp_runtime::launch::pipelines_built;
pub use amp_runtime::print;
pub use amp_runtime::CHECK_ENV;
pub use amp_runtime::{
    copy, copy_async, transfer_bytes, Completion, CopySource, CopyTarget, FutureStatus,
};
pub use amp_runtime::{
    transfer_counts, Accelerator, AcceleratorView, Array, ArrayView, ConstArrayView, DeviceType,
    Error, KernelFault, Limits, QueuingMode, Result, StagingArray, StagingRead, StagingWrite,
};
pub use amp_runtime::{KernelTime, LaunchTime};
/// amp's 16-bit float: the `half` crate's `f16`, on the host and in kernels (Rust's own `f16`
/// primitive is unstable). Kernels convert with `half`'s names: `f16::from_f32(x)`,
/// `h.to_f32()`; they need an accelerator with 16-bit floats (`Features::SHADER_F16`).
pub use half::f16;

/// Kernel time on the accelerator's own clock, from [`Accelerator::profile`]:
///
/// ```
/// use amp::prelude::*;
///
/// let acc = Accelerator::default()?;
/// let mut data = vec![1.0f32; 4096];
/// let v = ArrayView::new(4096, &mut data)?;
/// let timed = acc.profile(|| {
///     for _ in 0..3 {
///         parallel_for_each!(acc, v.extent(), |i: Index<1>| {
///             v[i] *= 2.0;
///         })?;
///     }
///     v.synchronize()
/// });
/// let ran = match timed {
///     Ok(((), profile)) => {
///         // One kernel, launched three times.
///         assert_eq!(profile.launches().len(), 3);
///         assert_eq!(profile.by_kernel()[0].launches(), 3);
///         println!("{profile}");
///         true
///     }
///     // Without timestamps inside compute passes there is nothing to measure with, and the
///     // closure does not run.
///     Err(amp::Error::UnsupportedFeature(why)) => {
///         println!("{why}");
///         false
///     }
///     Err(error) => return Err(error),
/// };
/// # drop(v);
/// # assert_eq!(data[0], if ran { 8.0 } else { 1.0 });
/// # Ok::<(), amp::Error>(())
/// ```
pub use amp_runtime::Profile;

/// C++ AMP's graphics library (`concurrency::graphics`): textures and their views, samplers,
/// the texel types, and `norm`/`unorm` with their short vectors.
pub mod graphics {
    pub use amp_core::norm::{Norm, Unorm};
    pub use amp_core::short_vector::{
        norm2, norm3, norm4, unorm2, unorm3, unorm4, Norm2, Norm3, Norm4, Unorm2, Unorm3, Unorm4,
    };
    pub use amp_core::texel::{NoFormat, Texel, TexelFormat, TexelKind};
    /// The `image` crate, whose images textures are made from and turned into
    /// ([`Texture::from_image`], [`Texture::load`], [`Texture::to_image`], [`Texture::save`]).
    #[cfg(feature = "image")]
    pub use amp_runtime::image;
    pub use amp_runtime::texture::TEXTURE_USAGES;
    #[cfg(feature = "image")]
    pub use amp_runtime::ImageDepth;
    pub use amp_runtime::{
        Address, BorderColor, ConstTextureView, Filter, Sampler, Texture, TextureOptions,
        TextureView, WriteonlyTextureView,
    };
}

/// Everything a kernel program needs: `use amp::prelude::*;`.
pub mod prelude {
    pub use crate::graphics::{
        norm2, norm3, norm4, unorm2, unorm3, unorm4, Address, BorderColor, ConstTextureView,
        Filter, Norm, Norm2, Norm3, Norm4, Sampler, Texture, TextureView, Unorm, Unorm2, Unorm3,
        Unorm4, WriteonlyTextureView,
    };
    pub use crate::{
        copy, copy_async, fast_math, intrinsics, kernel, parallel_for_each,
        parallel_for_each_unchecked, precise_math, subgroup, Accelerator, AcceleratorView, Array,
        ArrayView, Completion, ConstArrayView, Element, Extent, Index, Integer, KernelScalar,
        Numeric, QueuingMode, Scalar, StagingArray, TiledExtent, TiledIndex, Views,
    };
    pub use crate::{
        double2, double3, double4, f16, float2, float3, float4, half2, half3, half4, int2, int3,
        int4, uint2, uint3, uint4, Double2, Double3, Double4, Float2, Float3, Float4, Half2, Half3,
        Half4, Int2, Int3, Int4, UInt2, UInt3, UInt4,
    };
}

/// The types and traits kernel code is checked with. Kernels never name them, but compile
/// errors about kernels do (``the trait `Arithmetic<i32>` is not implemented for `f32` ``), so
/// they have these public names: a value of type `T` inside a kernel is a [`KernelValue<T>`],
/// a `let mut` local a [`Var<T>`], a captured view a [`View`], an assignable part of a value a
/// [`Place`].
///
/// [`KernelValue<T>`]: kernel_types::KernelValue
/// [`Var<T>`]: kernel_types::Var
/// [`View`]: kernel_types::View
/// [`Place`]: kernel_types::Place
pub mod kernel_types {
    pub use amp_core::arrays::{ArrayResult, FieldFromArray, FieldValue, LocalArrayOf};
    pub use amp_core::atomic::{
        AtomicAdd, AtomicInt, AtomicPlace, ElementIndex, Exchange, ValueAtomics, ViewAtomics,
    };
    pub use amp_core::bits::Bits32;
    pub use amp_core::builder::{
        device_fn, kernel_function, marker, DeviceFn, FnArg, FnArgs, FnResult, KernelArg,
        KernelBuilder, KernelFunction, KernelValue, Marker, Var,
    };
    pub use amp_core::default::{default_value, KernelDefault};
    pub use amp_core::for_loop::{for_step, ForLoop, ForRange};
    pub use amp_core::host::{HostArg, HostRet, HostValue, KernelOnly};
    pub use amp_core::host_math::HostFloat;
    pub use amp_core::host_ops::{
        HostArith, HostBits, HostCast, HostIndex, HostNeg, HostNumeric, HostShift,
    };
    pub use amp_core::lang::{
        else_value, no_value, Assign, BranchValue, Diverge, ExtentMethods, NoValue, SameBranch,
    };
    pub use amp_core::math::Float;
    pub use amp_core::methods::{
        IntegerMethods, NumberMethods, ScalarMethods, SignMethods, UnsignedMethods,
    };
    pub use amp_core::norm::{NormMethods, NormOperand, NormScalar, NormSource, OtherThan};
    pub use amp_core::ops::{
        build, cast, condition, index_from, index_of, stored, typed, Arith, Arithmetic, BitOps,
        Bitwise, CastTo, Checked, Compare, Comparison, FromComponents, Holds, IsBool, Mismatched,
        Negate, Not, Operand, SameType, Shift, ShiftOps,
    };
    pub use amp_core::place::{IndexPlace, IntoPlace, Mutable, Place};
    pub use amp_core::print::{arg as print_arg, Printable};
    pub use amp_core::refs::{
        borrow, borrow_mut, borrow_value, CaptureMut, DerefPlace, Dereference, MutRoot, PlaceOf,
        ReceiverDeref, ReceiverValue, Ref, RefIndex, RefIndexMut, RefMode, RefMut, RefRoot,
        RefRootMut, Reference, Referent, Shared, Unique, UniqueMode, WriteThrough,
    };
    pub use amp_core::reinterpret::{Reinterpreted, ViewReinterpret, Words32};
    pub use amp_core::section::Section;
    pub use amp_core::short_vector::{Component, HasCross, HasW, HasZ, Swizzles, VectorMethods};
    pub use amp_core::structs::{field, Member, PlainFields, Project, Struct};
    pub use amp_core::texel::{Texel, TextureAccess, WriteOnly};
    pub use amp_core::texture::{
        Coordinate, KernelSampler, KernelTexture, Readable, Sampled, Writable,
    };
    pub use amp_core::thread_index::{thread_index, ThreadIndex};
    pub use amp_core::tile::UniformRead;
    pub use amp_core::tile_static::{
        assert_tiled, ArrayInit, DeclareMemory, ForArray, LocalInit, Repeat, TileType, Tiled,
    };
    pub use amp_core::types::{KernelType, Rank, Value};
    pub use amp_core::user_method;
    pub use amp_core::value::Read;
    pub use amp_core::view::{IndexConst, IndexInt, IndexRead, IndexWrite, ViewArg, ViewInto};
    pub use amp_core::{ReadOnly, ReadWrite, View};
}

/// The associated functions of the kernel scalars that kernels call by path (`f32::sqrt(x)`,
/// `f32::from_bits(u)`, `i32::pow(n, 2)`): inside a kernel, `f32::name` is
/// `scalar_functions::f32::name`.
pub mod scalar_functions {
    pub use amp_core::methods::primitive::{f16, f32, f64, i32, i64, u32, u64};
    pub use amp_core::norm::kernel::{Norm, Unorm};
}

/// The launch functions the `parallel_for_each!` macros call.
pub mod launch {
    pub use amp_core::domain::Domain;
    pub use amp_runtime::capture::{captured, Captured};
    pub use amp_runtime::launch::{parallel_for_each, parallel_for_each_unchecked};
}

/// What the macros' expansions refer to, beyond the public [`kernel_types`] and [`launch`]. Not
/// a public API. It is named after the crates' version: amp-macros derives the same name from its
/// own version, so a facade and macros of different versions fail to compile at this path
/// instead of misbehaving.
#[doc(hidden)]
pub mod __private_0_1_0 {
    pub use crate::kernel_types::*;
    pub use amp_core::methods::primitive;
    pub use amp_core::naga;
    pub use amp_core::ops;
    pub use amp_core::print;
    pub use amp_core::structs;
    pub use amp_core::tile_static;
    pub use amp_core::{Element, Extent, Index, Loc, TiledIndex};
    pub use amp_runtime::capture::{Binder, Capture, CaptureShapes};
    pub use amp_runtime::queue::AsAcceleratorView;
    pub use amp_runtime::Accelerator;
    pub use amp_runtime::Result;
}

/// The README's examples are compiled and run as doc tests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
