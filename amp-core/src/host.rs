//! Kernel functions called on the host (C++ AMP's `restrict(cpu, amp)`).
//!
//! A `#[kernel] fn` is one function item for both sides, generic over its argument types: the
//! host calls it with host values ([`HostValue`]s) and gets what the kernel computes; a kernel
//! names it with [`KernelArg`] for every argument, which makes its result type the function's
//! [`Marker`](crate::builder::Marker) (see [`KernelFunction`](crate::builder::KernelFunction)).
//! Each argument is bounded by [`HostArg`], whose two implementations are these two sides.
//!
//! A function that cannot run on the host (one that takes a view or a `TiledIndex`, or uses
//! barriers, atomics, subgroups…) bounds its arguments by a trait only `KernelArg`
//! implements ([`KernelOnly`] for amp's built-ins): a host call is an error saying that it runs
//! only in kernels.

use crate::builder::KernelArg;

/// A value a kernel function takes on the host: every kernel value type the host has
/// (scalars, short vectors, `Index`/`Extent`, `Norm`/`Unorm`, `#[derive(Element)]` structs,
/// arrays of them) and references to them.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a value a kernel function takes on the host",
    note = "on the host, kernel functions take the scalars, short vectors, Index, Extent, #[derive(Element)] structs, arrays of those, and references to them"
)]
pub trait HostValue {}

macro_rules! host_values {
    ($($t:ty),*) => {$(impl HostValue for $t {})*};
}
host_values!(bool, i32, u32, f32, f64, i64, u64, half::f16);
host_values!(crate::norm::Norm, crate::norm::Unorm);
impl<T: HostValue, const N: usize> HostValue for crate::short_vector::Vector<T, N> {}
impl<const N: usize> HostValue for crate::shape::Index<N> {}
impl<const N: usize> HostValue for crate::shape::Extent<N> {}
impl<T: HostValue, const N: usize> HostValue for [T; N] {}
impl<T: HostValue + ?Sized> HostValue for &T {}
impl<T: HostValue + ?Sized> HostValue for &mut T {}

/// An argument of a kernel function's host-side item: on the host the parameter's type `T`
/// itself (the function `M` then returns its result `R`); in kernels [`KernelArg`] (the item
/// then returns the marker `M`).
#[diagnostic::on_unimplemented(
    message = "this argument is `{Self}`, but the function takes `{T}`",
    label = "expected `{T}`",
    note = "a #[kernel] fn called on the host takes the values its signature names: pass a `{T}`"
)]
pub trait HostArg<T, M, R>: HostRet<M, R> {
    /// The argument's value, and the function that turns the result into what the call
    /// returns ([`HostRet::Ret`]).
    fn host(self) -> (T, fn(R) -> Self::Ret);
}

impl<T: HostValue, M, R> HostArg<T, M, R> for T {
    fn host(self) -> (T, fn(R) -> R) {
        (self, |r| r)
    }
}

/// A `&mut` where the function takes a `&`: reborrowed as shared, the coercion Rust makes at a
/// call of a non-generic function.
#[diagnostic::do_not_recommend]
impl<'a, T: HostValue + ?Sized, M, R> HostArg<&'a T, M, R> for &'a mut T {
    fn host(self) -> (&'a T, fn(R) -> R) {
        (self, |r| r)
    }
}

#[diagnostic::do_not_recommend]
impl<T, M, R> HostArg<T, M, R> for KernelArg {
    fn host(self) -> (T, fn(R) -> M) {
        match self {}
    }
}

/// What a kernel function's host-side item returns, by its first argument: its result `R` for a
/// host value, the marker `M` for [`KernelArg`]. Apart from [`HostArg`] so that an argument of
/// the wrong type is one error (at the argument), not a second one at the result.
pub trait HostRet<M, R> {
    /// `R` or `M`.
    type Ret;
}

impl<T: HostValue, M, R> HostRet<M, R> for T {
    type Ret = R;
}

impl<M, R> HostRet<M, R> for KernelArg {
    type Ret = M;
}

/// The argument bound of amp's built-in functions that run only in kernels (subgroup
/// operations, barriers, packed bytes, the scalar paths kernels use): only [`KernelArg`]
/// implements it, so a host call says that the function `M` belongs in kernels.
#[diagnostic::on_unimplemented(
    message = "`{M}` runs only in kernels",
    label = "called outside a kernel",
    note = "this function of amp runs on the accelerator: call it inside `parallel_for_each!` or a #[kernel] fn"
)]
pub trait KernelOnly<M> {}

#[diagnostic::do_not_recommend]
impl<M> KernelOnly<M> for KernelArg {}
