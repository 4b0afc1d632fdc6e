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
//! one of these, what a `&mut` reference refers to), otherwise an [`Immutable`] value;
//! [`FindMethod`] finds the method, which takes the receiver as its kind says ([`Takes`]): a
//! `self`/`&self` method its value, a `&mut self` method a `&mut` reference to its place,
//! through which it reads and writes the receiver.

use crate::builder::{KernelBuilder, KernelValue, Var};
use crate::place::{IndexPlace, IntoPlace, Place};
use crate::refs::{borrow_mut, RefMut, Reference, Shared, Unique};
use crate::structs::{member, FieldOf, Project, Select, Struct};
use crate::types::Element;
use crate::value::Read;
use crate::view::{IndexRead, ReadOnly, ReadWrite, View};
use std::marker::PhantomData;

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

/// A method taking `&mut self`: a `&mut` reference to the receiver's place is passed.
#[derive(Clone, Copy, Debug)]
pub enum ByMut {}

/// A receiver that is no mutable place: a value, an element of a read-only view, an immutable
/// local.
#[derive(Debug)]
pub struct Immutable<T>(KernelValue<T>);

impl<T> Clone for Immutable<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Immutable<T> {}

/// A method call's receiver: a mutable place, or an [`Immutable`] value.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no method of this name in kernels",
    label = "no such method in kernels",
    note = "kernels call amp's methods of kernel values (`x.sqrt()`, `v.dot(w)`, `view.extent()`) and the methods of `#[kernel] impl` blocks"
)]
pub trait Receiver: Copy {
    /// The receiver's type.
    type Value;
    /// The receiver's value.
    fn value(self, b: &mut KernelBuilder) -> KernelValue<Self::Value>;
}

#[diagnostic::do_not_recommend]
impl<T> Receiver for Immutable<T> {
    type Value = T;
    fn value(self, _: &mut KernelBuilder) -> KernelValue<T> {
        self.0
    }
}

#[diagnostic::do_not_recommend]
impl<T: Element> Receiver for Place<T> {
    type Value = T;
    fn value(self, b: &mut KernelBuilder) -> KernelValue<T> {
        self.read(b)
    }
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
    type Output = Immutable<T>;
    fn receiver_root(self, _: &mut KernelBuilder) -> Immutable<T> {
        Immutable(self)
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
impl<T> ReceiverRoot for Reference<'_, T, Unique> {
    type Output = Place<T>;
    fn receiver_root(self, _: &mut KernelBuilder) -> Place<T> {
        self.place()
    }
}

#[diagnostic::do_not_recommend]
impl<T: Element> ReceiverRoot for Reference<'_, T, Shared> {
    type Output = Immutable<T>;
    fn receiver_root(self, b: &mut KernelBuilder) -> Immutable<T> {
        Immutable(self.place().read(b))
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
    Self: IndexRead<I, Output = KernelValue<T>>,
{
    type Output = Immutable<T>;
    fn receiver_index(self, b: &mut KernelBuilder, i: I) -> Immutable<T> {
        Immutable(self.index_read(b, i))
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

impl<S: Struct> Project for Immutable<S> {
    type Fields = S::Fields;
    fn fields(&self) -> S::Fields {
        S::FIELDS
    }
}

impl<S: Struct, F, const I: u32> Select<Immutable<S>> for FieldOf<F, I> {
    type Output = Immutable<F>;
    fn select(self, b: &mut KernelBuilder, base: Immutable<S>) -> Immutable<F> {
        Immutable(member(base.0, b, I))
    }
}

/// Method `Name` of a receiver's type: its marker, and how it takes the receiver (`K`).
#[derive(Debug)]
pub struct Method<M, K> {
    marker: M,
    kind: PhantomData<K>,
}

/// The method `Name` of a receiver's type `T`: its marker and receiver kind.
pub type MethodOf<T, Name> =
    Method<<T as KernelMethod<Name>>::Marker, <T as KernelMethod<Name>>::Receiver>;

/// Finding method `Name` of a receiver's type. The method's bound is on the receiver's type
/// itself (`Self::Value: KernelMethod<Name>`), so that a missing method is reported on the
/// user's type (`P has no method of this name`), not on the receiver that carries it.
pub trait FindMethod: Receiver {
    /// The method `Name` of this receiver's type.
    fn method<Name>(&self) -> MethodOf<Self::Value, Name>
    where
        Self::Value: KernelMethod<Name>;
}

impl<R: Receiver> FindMethod for R {
    fn method<Name>(&self) -> MethodOf<Self::Value, Name>
    where
        Self::Value: KernelMethod<Name>,
    {
        Method {
            marker: <R::Value as KernelMethod<Name>>::MARKER,
            kind: PhantomData,
        }
    }
}

impl<M, K> Method<M, K> {
    /// The marker whose `DeviceFn` implementation builds the method.
    pub fn marker(&self) -> &M {
        &self.marker
    }
}

/// A receiver that a method of kind `K` takes, and what the method gets: every receiver's value
/// for [`ByValue`]; for [`ByMut`], a `&mut` reference to a mutable place.
#[diagnostic::on_unimplemented(
    message = "this method changes its receiver (`&mut self`): the receiver must be a mutable place",
    label = "not a mutable place",
    note = "a `&mut self` method is called on a `let mut` local, an element of a read-write view, tile_static or local array, a field of one of these, or through a `&mut` reference"
)]
pub trait Takes<K>: Receiver {
    /// The method's first argument.
    type Arg;
    /// The receiver as the method's first argument.
    fn arg(self, b: &mut KernelBuilder) -> Self::Arg;
}

impl<R: Receiver> Takes<ByValue> for R {
    type Arg = KernelValue<R::Value>;
    fn arg(self, b: &mut KernelBuilder) -> KernelValue<R::Value> {
        self.value(b)
    }
}

#[diagnostic::do_not_recommend]
impl<T: Element> Takes<ByMut> for Place<T> {
    type Arg = RefMut<'static, T>;
    fn arg(self, b: &mut KernelBuilder) -> RefMut<'static, T> {
        // The receiver's binding itself is not borrowed in the generated code: unlike Rust, an
        // argument that refers to the receiver (`p.absorb(&p)`) is not rejected.
        borrow_mut(&mut (), b, self).erase()
    }
}

/// The method's first argument: the receiver, as the method's kind takes it.
pub fn receive<M, K, R: Takes<K>>(_: &Method<M, K>, receiver: R, b: &mut KernelBuilder) -> R::Arg {
    receiver.arg(b)
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    /// Methods of amp-core's kernel types that kernels never call by name: the lowering calls
    /// them by path (`IndexRead::index_read(b, ctx, i)`), or amp-core calls them itself.
    const INTERNAL: &[&str] = &[
        "place",
        "section_from",
        "section_extent",
        "for_len",
        "call",
        "param",
        "params",
    ];

    /// The public methods of amp-core's types that take the builder after `self` (outside the
    /// builder itself), in `dir`; methods that macros declare are not found.
    fn kernel_methods(dir: &Path, out: &mut Vec<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                if !path.ends_with("builder") {
                    kernel_methods(&path, out);
                }
                continue;
            }
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            for (at, _) in text.match_indices("pub fn ") {
                let rest = &text[at + "pub fn ".len()..];
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                let Some(open) = rest.find('(') else { continue };
                let params = &rest[open + 1..];
                let params = &params[..params.find(')').unwrap_or(params.len())];
                let params: String = params.split_whitespace().collect();
                let takes_self = ["self,", "&self,", "&mutself,"]
                    .iter()
                    .any(|s| params.starts_with(s));
                if !name.is_empty() && takes_self && params.contains("&mutKernelBuilder") {
                    out.push(name);
                }
            }
        }
    }

    #[test]
    fn every_kernel_method_name_is_amps() {
        let mut names = Vec::new();
        kernel_methods(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
            &mut names,
        );
        assert!(names.iter().any(|n| n == "load"), "the scan finds methods");
        let missing: Vec<_> = names
            .iter()
            .filter(|n| !amp_spec::is_amp_method(n) && !INTERNAL.contains(&n.as_str()))
            .collect();
        assert!(
            missing.is_empty(),
            "kernel methods of amp-core missing from amp_spec::TYPE_METHODS (a #[kernel] impl \
             method of such a name would be called instead): {missing:?}"
        );
    }
}
