//! `T::default()` in kernels (C++ AMP's `T()` / `T{}`): the type's zero value, one naga
//! `ZeroValue` expression, for every kernel value type whose `Default` is zero — the scalars,
//! short vectors, `Index`, `Extent`, and `#[derive(Element, Default)]` structs (whose derived
//! `Default` is every field's zero).
//!
//! Kernels cannot run host code, so a type's `Default` is not called in a kernel: when the kernel
//! is built, the host's `T::default()` is compared with zero, and a type whose `Default` is
//! something else (a hand-written `impl Default`) is a build error at the call rather than a
//! kernel that silently computes with a different value than the host.

use crate::builder::{KernelBuilder, KernelValue};
use crate::shape::{Extent, Index};
use crate::types::{Element, Rank, Value};

/// Kernel value types whose `default()` a kernel builds: those whose host value can be
/// compared with zero.
#[diagnostic::on_unimplemented(
    message = "`{Self}::default()` is not available in kernels",
    label = "no kernel default",
    note = "kernels build `default()` of numbers, bool, short vectors, Index, Extent and #[derive(Element, Default)] structs: the type's zero"
)]
pub trait KernelDefault: Value + Default {
    /// Whether this host value is the type's zero (all its bits clear).
    fn is_zero(&self) -> bool;
}

/// Elements: every word of the value's device representation is zero.
impl<T: Element + Default> KernelDefault for T {
    fn is_zero(&self) -> bool {
        let mut words = Vec::with_capacity(T::WORDS);
        self.write_words(&mut words);
        words.iter().all(|&w| w == 0)
    }
}

impl<const N: usize> KernelDefault for Index<N>
where
    Index<N>: Value + Rank,
{
    fn is_zero(&self) -> bool {
        self.0.iter().all(|&c| c == 0)
    }
}

impl<const N: usize> KernelDefault for Extent<N>
where
    Extent<N>: Value + Rank,
{
    fn is_zero(&self) -> bool {
        self.0.iter().all(|&c| c == 0)
    }
}

/// `T::default()` in a kernel: `T`'s zero value (a build error where the host's `T::default()`
/// is not zero). The expansion passes the user's function (`T::default`, `Default::default`),
/// whose type says which `T`.
pub fn default_value<T: KernelDefault>(b: &mut KernelBuilder, _: fn() -> T) -> KernelValue<T> {
    if !T::default().is_zero() {
        b.error(format!(
            "`{}::default()` is not zero on the host: a kernel's `default()` is the type's zero \
             value (kernels cannot run a hand-written `impl Default`); build the value from its \
             fields instead",
            T::name()
        ));
    }
    b.zero::<T>()
}
