//! `T::default()` in kernels (C++ AMP's `T()` / `T{}`), and `Default::default()`: the value the
//! host's function gives — a `Default` impl (derived or written by hand), or a `default`
//! function of the type's `#[kernel] impl` block (which, taking no arguments, is a constant).
//!
//! Kernels cannot run host code, and need not: a function of no arguments computes one value.
//! When the kernel is built, the function is called on the host and its value becomes a constant
//! of the kernel: the type's zero (one naga `ZeroValue` expression) where every bit of it is
//! clear — the numbers, short vectors, `Index`, `Extent` and `#[derive(Element, Default)]`
//! structs — or else the value's words as literals, composed as a captured value's words are.

use crate::builder::{KernelBuilder, KernelValue};
use crate::shape::{Extent, Index};
use crate::types::{Element, Rank, Value};

/// Kernel value types whose `default()` a kernel builds: the host value becomes a constant of
/// the kernel.
#[diagnostic::on_unimplemented(
    message = "`{Self}::default()` is not available in kernels",
    label = "no kernel default",
    note = "kernels build `default()` of numbers, bool, short vectors, Index, Extent and #[derive(Element)] structs: the host's value, as a constant"
)]
pub trait KernelDefault: Value {
    /// Whether this host value is the type's zero (all its bits clear).
    fn is_zero(&self) -> bool;
    /// This host value as a constant of the kernel.
    fn constant(self, b: &mut KernelBuilder) -> KernelValue<Self>;
}

/// Elements: every word of the value's device representation, a captured value's.
impl<T: Element> KernelDefault for T {
    fn is_zero(&self) -> bool {
        let mut words = Vec::with_capacity(T::WORDS);
        self.write_words(&mut words);
        words.iter().all(|&w| w == 0)
    }
    fn constant(self, b: &mut KernelBuilder) -> KernelValue<T> {
        let mut words = Vec::with_capacity(T::WORDS);
        self.write_words(&mut words);
        b.constant_from_words(words, |b| KernelValue::from_handle(T::param_value(b, 0)))
    }
}

/// The `i32` components of a shape as words.
fn shape_words(components: &[i32]) -> Vec<u32> {
    components.iter().map(|&c| c as u32).collect()
}

impl<const N: usize> KernelDefault for Index<N>
where
    Index<N>: Value + Rank,
{
    fn is_zero(&self) -> bool {
        self.0.iter().all(|&c| c == 0)
    }
    fn constant(self, b: &mut KernelBuilder) -> KernelValue<Self> {
        b.constant_from_words(shape_words(&self.0), |b| b.shape_from_words(0, N as u32))
    }
}

impl<const N: usize> KernelDefault for Extent<N>
where
    Extent<N>: Value + Rank,
{
    fn is_zero(&self) -> bool {
        self.0.iter().all(|&c| c == 0)
    }
    fn constant(self, b: &mut KernelBuilder) -> KernelValue<Self> {
        b.constant_from_words(shape_words(&self.0), |b| b.shape_from_words(0, N as u32))
    }
}

/// `T::default()` in a kernel: the value of the user's function (`T::default`,
/// `Default::default`, a `#[kernel] impl` block's `default`), called on the host when the
/// kernel is built, as a constant (the type's zero where it is zero).
pub fn default_value<T: KernelDefault>(b: &mut KernelBuilder, f: fn() -> T) -> KernelValue<T> {
    let value = f();
    if value.is_zero() {
        return b.zero::<T>();
    }
    value.constant(b)
}
