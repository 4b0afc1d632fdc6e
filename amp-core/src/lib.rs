//! amp-core: C++ AMP's shapes ([`Index`], [`Extent`]) and the typed builder that turns kernel
//! bodies into naga IR.
//!
//! This crate knows nothing of devices: it builds and validates a [`naga::Module`] for a kernel
//! and owns the launch contract: the [`LaunchLayout`] a kernel declares and the
//! [`LaunchArgs`] that fill it at each launch. `amp-runtime` runs it; the
//! `#[kernel]` and `parallel_for_each!` macros of `amp-macros` generate the code that drives the
//! [`KernelBuilder`].

pub mod arrays;
pub mod atomic;
pub mod bits;
pub mod builder;
pub mod capture;
pub mod default;
pub mod domain;
pub mod error;
pub mod for_loop;
pub mod half;
pub mod host;
pub mod host_math;
pub mod host_ops;
pub mod lang;
pub mod launch;
pub mod layout;
pub mod math;
pub mod matrix;
pub mod methods;
pub mod norm;
pub mod ops;
pub mod packed;
pub mod place;
pub mod print;
pub mod refs;
pub mod reinterpret;
pub mod section;
pub mod shape;
pub mod short_vector;
pub mod structs;
pub mod subgroup;
pub mod texel;
pub mod texture;
pub mod thread_index;
pub mod tile;
pub mod tile_static;
pub mod types;
mod uniformity;
pub mod user_method;
pub mod value;
pub mod view;

pub use builder::{DeviceFn, FnArgs, FnResult, KernelBuilder, KernelIr, KernelValue, Var};
pub use domain::{Domain, DomainError};
pub use error::{KernelError, Loc};
pub use launch::{Launch, LaunchArgs, LaunchError, ViewArgs};
pub use layout::{BindingKind, Checks, IndicesPerThread, LaunchLayout, ViewSegments};
pub use naga;
pub use shape::{Extent, Index};
pub use tile::{TileBarrier, TiledExtent, TiledIndex};
pub use types::{Element, Integer, KernelType, Numeric, Scalar, Signed, Value};
pub use value::Read;
pub use view::{Access, ReadOnly, ReadWrite, View};
