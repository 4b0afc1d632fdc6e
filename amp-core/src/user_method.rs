//! Methods of a user's `#[kernel] impl` block called in kernels: `p.speed()`,
//! `particles[i].advance(dt)`.
//!
//! A method is found through its receiver's host type: `#[kernel] impl Particle { fn speed(&self)
//! … }` implements [`KernelMethod`]`<Name>` for `Particle`, where `Name` spells `speed` as a type
//! (a tuple of [`Ch`]), with the method's marker (whose `DeviceFn` implementation builds it, the
//! receiver its first argument) and how it takes its receiver ([`ByValue`] for `self` and
//! `&self`, [`ByMut`] for `&mut self`).
//!
//! A call's receiver is lowered as a [`Receiver`]: a mutable place where it names one (a
//! `let mut` local, an element of a read-write view, of a tile_static or local array, a field of
//! one of these), otherwise a value. A `&mut self` method takes the receiver's value and returns
//! its new value, which the call stores back into the place: `&mut` is exclusive, so nothing
//! else observes the place in between.

use crate::builder::{KernelBuilder, KernelValue, Var};
use crate::lang::Assign;
use crate::place::{IndexPlace, IntoPlace, Place};
use crate::types::Element;
use crate::value::Read;
use crate::view::{IndexRead, ReadOnly, ReadWrite, View};

/// One character of a method's name, as a type: a name is the tuple of its characters.
#[derive(Clone, Copy, Debug)]
pub struct Ch<const C: char>;

/// A method of a `#[kernel] impl` block: implemented for the block's type, for each of its
/// methods' names.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no method of this name in kernels",
    label = "not a method of `{Self}` in kernels",
    note = "kernels call amp's methods of kernel values (`x.sqrt()`, `v.dot(w)`, `view.extent()`) and the methods of `#[kernel] impl` blocks"
)]
pub trait KernelMethod<Name> {
    /// The marker whose `DeviceFn` implementation builds the method.
    type Marker;
    /// The marker.
    const MARKER: Self::Marker;
    /// How the method takes its receiver: [`ByValue`] or [`ByMut`].
    type Receiver;
}

/// A method taking `self` or `&self`: the receiver is passed by value.
#[derive(Clone, Copy, Debug)]
pub enum ByValue {}

/// A method taking `&mut self`: the receiver's place is read, passed, and its new value (the
/// method's result) stored back.
#[derive(Clone, Copy, Debug)]
pub enum ByMut {}

/// A method call's receiver: a place or a value of a `#[kernel] impl` type.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no method of this name in kernels",
    label = "no such method in kernels",
    note = "kernels call amp's methods of kernel values (`x.sqrt()`, `v.dot(w)`, `view.extent()`) and the methods of `#[kernel] impl` blocks"
)]
pub trait Receiver: Copy {
    /// The receiver's type.
    type Value;
}

#[diagnostic::do_not_recommend]
impl<T> Receiver for KernelValue<T> {
    type Value = T;
}

#[diagnostic::do_not_recommend]
impl<T> Receiver for Place<T> {
    type Value = T;
}

/// The root of a receiver: a name's place where the name is a mutable one, its value otherwise.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no method of this name in kernels",
    label = "no such method in kernels",
    note = "kernels call amp's methods of kernel values (`x.sqrt()`, `v.dot(w)`, `view.extent()`) and the methods of `#[kernel] impl` blocks"
)]
pub trait ReceiverRoot {
    /// The place or value.
    type Output;
    /// This name as a receiver (or the base of one).
    fn receiver_root(self, b: &mut KernelBuilder) -> Self::Output;
}

#[diagnostic::do_not_recommend]
impl<T> ReceiverRoot for KernelValue<T> {
    type Output = Self;
    fn receiver_root(self, _: &mut KernelBuilder) -> Self {
        self
    }
}

#[diagnostic::do_not_recommend]
impl<T: crate::types::Value> ReceiverRoot for Var<T> {
    type Output = Place<T>;
    fn receiver_root(self, b: &mut KernelBuilder) -> Place<T> {
        self.into_place(b)
    }
}

#[diagnostic::do_not_recommend]
impl<T> ReceiverRoot for Place<T> {
    type Output = Self;
    fn receiver_root(self, _: &mut KernelBuilder) -> Self {
        self
    }
}

#[diagnostic::do_not_recommend]
impl<T, const N: usize, A> ReceiverRoot for View<T, N, A> {
    type Output = Self;
    fn receiver_root(self, _: &mut KernelBuilder) -> Self {
        self
    }
}

/// `base[i]` as a receiver: the element's place where it is mutable, its value otherwise.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be indexed by `{I}` here",
    note = "arrays and views are indexed by an i32 or u32 (views by an Index of their rank)"
)]
pub trait ReceiverIndex<I> {
    /// The element's place or value.
    type Output;
    /// The element.
    fn receiver_index(self, b: &mut KernelBuilder, i: I) -> Self::Output;
}

#[diagnostic::do_not_recommend]
impl<T, const N: usize, I> ReceiverIndex<I> for View<T, N, ReadWrite>
where
    Self: IndexPlace<I>,
{
    type Output = <Self as IndexPlace<I>>::Output;
    fn receiver_index(self, b: &mut KernelBuilder, i: I) -> Self::Output {
        self.index_place(b, i)
    }
}

#[diagnostic::do_not_recommend]
impl<T, const N: usize, I> ReceiverIndex<I> for View<T, N, ReadOnly>
where
    Self: IndexRead<I>,
{
    type Output = <Self as IndexRead<I>>::Output;
    fn receiver_index(self, b: &mut KernelBuilder, i: I) -> Self::Output {
        self.index_read(b, i)
    }
}

#[diagnostic::do_not_recommend]
impl<E, const A: usize, I> ReceiverIndex<I> for Place<[E; A]>
where
    Self: IndexPlace<I>,
{
    type Output = <Self as IndexPlace<I>>::Output;
    fn receiver_index(self, b: &mut KernelBuilder, i: I) -> Self::Output {
        self.index_place(b, i)
    }
}

/// How a method of kind `Self` takes a receiver `R` of type `T`.
#[diagnostic::on_unimplemented(
    message = "this method changes its receiver (`&mut self`): call it on a mutable place",
    label = "not a mutable place",
    note = "a `&mut self` method is called on a `let mut` local, an element of a read-write view, tile_static or local array, or a field of one of these"
)]
pub trait Take<T, R> {
    /// The receiver's value, passed as the method's first argument.
    fn value(receiver: R, b: &mut KernelBuilder) -> KernelValue<T>;
}

impl<T, R: Read<Output = KernelValue<T>>> Take<T, R> for ByValue {
    fn value(receiver: R, b: &mut KernelBuilder) -> KernelValue<T> {
        receiver.read(b)
    }
}

impl<T: Element> Take<T, Place<T>> for ByMut {
    fn value(receiver: Place<T>, b: &mut KernelBuilder) -> KernelValue<T> {
        receiver.read(b)
    }
}

/// What a call of a method of kind `Self` yields from the device function's result `O`.
pub trait Finish<T, R, O> {
    /// The call's value.
    type Output;
    /// The call's value; a `&mut self` method's new receiver is stored back.
    fn finish(receiver: R, b: &mut KernelBuilder, out: O) -> Self::Output;
}

impl<T, R, O> Finish<T, R, O> for ByValue {
    type Output = O;
    fn finish(_: R, _: &mut KernelBuilder, out: O) -> O {
        out
    }
}

impl<T: Element> Finish<T, Place<T>, KernelValue<T>> for ByMut {
    type Output = ();
    fn finish(receiver: Place<T>, b: &mut KernelBuilder, out: KernelValue<T>) {
        receiver.assign(b, out)
    }
}

/// The marker of method `Name` of the receiver's type.
pub fn marker<Name, R: Receiver>(_: &R) -> <R::Value as KernelMethod<Name>>::Marker
where
    R::Value: KernelMethod<Name>,
{
    <R::Value as KernelMethod<Name>>::MARKER
}

/// The value a call of method `Name` passes as the receiver.
pub fn receive<Name, R: Receiver>(receiver: R, b: &mut KernelBuilder) -> KernelValue<R::Value>
where
    R::Value: KernelMethod<Name>,
    <R::Value as KernelMethod<Name>>::Receiver: Take<R::Value, R>,
{
    <<R::Value as KernelMethod<Name>>::Receiver as Take<R::Value, R>>::value(receiver, b)
}

/// The value of a call of method `Name` whose device function returned `out`.
pub fn finish<Name, R: Receiver, O>(
    receiver: R,
    b: &mut KernelBuilder,
    out: O,
) -> <<R::Value as KernelMethod<Name>>::Receiver as Finish<R::Value, R, O>>::Output
where
    R::Value: KernelMethod<Name>,
    <R::Value as KernelMethod<Name>>::Receiver: Finish<R::Value, R, O>,
{
    <<R::Value as KernelMethod<Name>>::Receiver as Finish<R::Value, R, O>>::finish(receiver, b, out)
}
