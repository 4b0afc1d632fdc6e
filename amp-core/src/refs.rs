//! References in kernels: `&x`, `&mut a[i]`, `&mut tile` and `&T` / `&mut T` parameters of
//! `#[kernel] fn`s (C++ AMP's `float&` out-parameters and `tile_static` array arguments).
//!
//! A [`Reference`] is a [`Place`] of the kernel being built. Its lifetime is the borrow of the
//! Rust binding that holds the referenced kernel variable in the kernel's expansion (`&'a mut x`
//! of the generated local `x`), so rustc's own borrow checker applies Rust's rules to kernel
//! references, at the user's tokens: two live `&mut` of one variable (or of two elements of one
//! array) are E0499, `&mut` of an immutable local E0596, a use of a variable while it is
//! mutably borrowed E0503. The borrow carries no data: the reference is `Copy`, as the place is.
//!
//! Passed to a device function, a reference is erased to `'static` (the borrow was checked at
//! the call) and passed as its root and path (`builder/reference.rs`); the callee rebuilds the
//! place, so accesses through it are checked like any place access, and a reference formed out
//! of range at the call is a recorded fault whose accesses are skipped.
//!
//! Through a reference, as in Rust: `*r` reads, `*r = v` and `*r op= v` write (a `&mut`), `r[i]`
//! and `r.field` reach its parts (read and written), and a method call reads the value
//! (`r.sqrt()`). A shared reference to a value (`&x` of a `let`, `&(a + b)`) refers to a copy of
//! it in a new local (the value cannot change while it is borrowed).

use crate::builder::{Check, FnArg, KernelBuilder, KernelValue, RefPathId, Var};
use crate::place::{IndexPlace, IntoPlace, Place};
use crate::short_vector::{Component, Vector};
use crate::structs::{FieldOf, Project, Select, Struct};
use crate::tile_static::TileType;
use crate::types::{Element, Value};
use crate::value::Read;
use crate::view::{IndexConst, IndexRead, ReadOnly, ReadWrite, View};
use naga::{Expression, Handle};
use std::marker::PhantomData;

/// Mutability marker: a shared reference (`&T`).
#[derive(Clone, Copy, Debug)]
pub enum Shared {}
/// Mutability marker: a mutable reference (`&mut T`).
#[derive(Clone, Copy, Debug)]
pub enum Unique {}

/// The mutability of a [`Reference`]: [`Shared`] or [`Unique`].
pub trait RefMode: 'static {}
impl RefMode for Shared {}
impl RefMode for Unique {}

/// The mode a device function's `&mut T` parameter takes: [`Unique`] only, so that a `&`
/// reference passed there is one error in amp's words (as Rust's "types differ in mutability").
#[diagnostic::on_unimplemented(
    message = "a `&` reference is passed where the function takes a `&mut`",
    label = "a read-only reference",
    note = "pass `&mut x` of a mutable place: nothing is written through a `&` reference, as in Rust"
)]
pub trait UniqueMode: RefMode {}
impl UniqueMode for Unique {}

/// The mode `*r = v` writes through: [`UniqueMode`]'s, under its own error, so that `*r = v` of
/// a `&` reference is reported on the reference's mode in amp's words.
#[diagnostic::on_unimplemented(
    message = "cannot assign through `*` of a `&` reference",
    label = "not a `&mut` reference",
    note = "`*r = v` writes through a `&mut` reference; a `&` reference is read-only, as in Rust"
)]
pub trait WriteThrough: RefMode {}

#[diagnostic::do_not_recommend]
impl<M: UniqueMode> WriteThrough for M {}

/// A reference to a `T` in a kernel (a `&T` when `M` is [`Shared`], a `&mut T` when it is
/// [`Unique`]), borrowing for `'a` the binding that holds the referenced variable.
pub struct Reference<'a, T, M> {
    place: Place<T>,
    /// The place's root and path, for passing the reference to a device function.
    path: Option<RefPathId>,
    _borrow: Borrow<'a, M>,
}

/// The borrow a [`Reference`] holds (no data: only its lifetime and mutability).
type Borrow<'a, M> = PhantomData<(&'a mut (), fn() -> M)>;

/// `&T` in a kernel.
pub type Ref<'a, T> = Reference<'a, T, Shared>;
/// `&mut T` in a kernel.
pub type RefMut<'a, T> = Reference<'a, T, Unique>;

impl<T, M> Clone for Reference<'_, T, M> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T, M> Copy for Reference<'_, T, M> {}

impl<'a, T, M> Reference<'a, T, M> {
    fn new(b: &mut KernelBuilder, place: Place<T>) -> Self {
        Reference {
            place,
            path: b.ref_path(place.pointer()),
            _borrow: PhantomData,
        }
    }

    /// The same reference, its borrow ended: what a device function receives (the borrow was
    /// checked where the function was called).
    pub fn erase(self) -> Reference<'static, T, M> {
        Reference {
            place: self.place,
            path: self.path,
            _borrow: PhantomData,
        }
    }

    /// The same `&mut` reference, its borrow ended: what a device function's `&mut T` parameter
    /// receives.
    pub fn unique(self) -> Reference<'static, T, Unique>
    where
        M: UniqueMode,
    {
        Reference {
            place: self.place,
            path: self.path,
            _borrow: PhantomData,
        }
    }

    /// The same reference as a shared one, its borrow ended: what a device function's `&T`
    /// parameter receives (a `&mut T` is taken as a `&T`, as Rust coerces it).
    pub fn share(self) -> Reference<'static, T, Shared> {
        Reference {
            place: self.place,
            path: self.path,
            _borrow: PhantomData,
        }
    }

    /// The referenced place.
    pub fn place(self) -> Place<T> {
        self.place
    }
}

/// The start of a borrowed place (`x` in `&x.pos`, `&a[i]`, `&*r`): the place a kernel name
/// holds. A value (a `let` without `mut`, a captured scalar) is copied into a new local.
#[diagnostic::on_unimplemented(
    message = "this kernel value cannot be borrowed",
    label = "cannot be borrowed",
    note = "references in kernels borrow locals, elements and fields of locals, of views and of tile_static and local arrays, and the value of an expression (`&(a + b)`)"
)]
pub trait RefRoot {
    /// The place.
    type Place;
    /// This name's place.
    fn ref_root(self, b: &mut KernelBuilder) -> Self::Place;
}

/// [`RefRoot`] for `&mut`: only what can change (a `let mut` local, a tile_static or local
/// array, a read-write view, a `&mut` reference). A value is borrowed mutably only through a
/// `mut` binding, which kernels never give one (rustc's E0596 says so, as in Rust).
#[diagnostic::on_unimplemented(
    message = "this kernel value cannot be borrowed as mutable",
    label = "not a mutable place",
    note = "`&mut` borrows `let mut` locals, elements of read-write views, of tile_static and local arrays, their fields and components, and what a `&mut` reference refers to; a `&` reference and a ConstArrayView are read-only"
)]
pub trait RefRootMut {
    /// The place.
    type Place;
    /// This name's place.
    fn ref_root_mut(self, b: &mut KernelBuilder) -> Self::Place;
}

/// What [`RefRootMut`] is implemented through (one blanket implementation, so that its error
/// lists no internal types).
#[doc(hidden)]
pub trait MutRoot {
    /// The place.
    type Place;
    /// This name's place.
    fn mut_root(self, b: &mut KernelBuilder) -> Self::Place;
}

#[diagnostic::do_not_recommend]
impl<R: MutRoot> RefRootMut for R {
    type Place = R::Place;
    fn ref_root_mut(self, b: &mut KernelBuilder) -> R::Place {
        self.mut_root(b)
    }
}

impl<T: Value> RefRoot for Var<T> {
    type Place = Place<T>;
    fn ref_root(self, b: &mut KernelBuilder) -> Place<T> {
        self.into_place(b)
    }
}

impl<T: Value> MutRoot for Var<T> {
    type Place = Place<T>;
    fn mut_root(self, b: &mut KernelBuilder) -> Place<T> {
        self.into_place(b)
    }
}

impl<T> RefRoot for Place<T> {
    type Place = Self;
    fn ref_root(self, _: &mut KernelBuilder) -> Self {
        self
    }
}

impl<T> MutRoot for Place<T> {
    type Place = Self;
    fn mut_root(self, _: &mut KernelBuilder) -> Self {
        self
    }
}

impl<T, M> RefRoot for Reference<'_, T, M> {
    type Place = Place<T>;
    fn ref_root(self, _: &mut KernelBuilder) -> Place<T> {
        self.place
    }
}

impl<T> MutRoot for Reference<'_, T, Unique> {
    type Place = Place<T>;
    fn mut_root(self, _: &mut KernelBuilder) -> Place<T> {
        self.place
    }
}

impl<T, const N: usize, A> RefRoot for View<T, N, A> {
    type Place = Self;
    fn ref_root(self, _: &mut KernelBuilder) -> Self {
        self
    }
}

impl<T, const N: usize> MutRoot for View<T, N, ReadWrite> {
    type Place = Self;
    fn mut_root(self, _: &mut KernelBuilder) -> Self {
        self
    }
}

/// A capture of a closure kernel that `&mut` borrows (`&mut v[i]`): a view (a read-only one
/// is then [`RefRootMut`]'s error).
#[diagnostic::on_unimplemented(
    message = "this capture cannot be borrowed as mutable",
    label = "captured by value",
    note = "a kernel captures values as copies (C++ AMP's `[=]`) and views by reference: `&mut` borrows elements of a captured read-write view (ArrayView); to change a value, copy it into a `let mut` local"
)]
pub trait CaptureMut {
    /// The capture.
    fn capture_mut(self) -> Self;
}

impl<T, const N: usize, A> CaptureMut for View<T, N, A> {
    fn capture_mut(self) -> Self {
        self
    }
}

impl<T: Value> RefRoot for KernelValue<T> {
    type Place = Place<T>;
    fn ref_root(self, b: &mut KernelBuilder) -> Place<T> {
        spill(b, self)
    }
}

impl<T: Value> MutRoot for KernelValue<T> {
    type Place = Place<T>;
    fn mut_root(self, b: &mut KernelBuilder) -> Place<T> {
        spill(b, self)
    }
}

/// A new local holding `value`: the place a reference to a value refers to.
fn spill<T: Value>(b: &mut KernelBuilder, value: KernelValue<T>) -> Place<T> {
    let var = b.var_uninit::<T>(None);
    b.store(var, value);
    var.into_place(b)
}

/// `base[i]` in a borrowed place (`&a[i]`): the element's place. An element of a read-only
/// view is read and referred to as a copy (nothing can change it).
#[diagnostic::on_unimplemented(
    message = "this element cannot be borrowed",
    label = "cannot be borrowed",
    note = "references in kernels borrow elements of views, of tile_static and local arrays and of short vectors, indexed by an i32 or u32 (views by an Index of their rank)"
)]
pub trait RefIndex<I> {
    /// The element's place.
    type Output;
    /// The place of `self[i]`.
    fn ref_index(self, b: &mut KernelBuilder, i: I) -> Self::Output;
}

/// `base[i]` in a place borrowed as mutable (`&mut a[i]`).
#[diagnostic::on_unimplemented(
    message = "this element cannot be borrowed as mutable",
    label = "not a mutable place",
    note = "`&mut` borrows elements of read-write views (ArrayView), of tile_static and local arrays and of short vectors; a ConstArrayView is read-only"
)]
pub trait RefIndexMut<I> {
    /// The element's place.
    type Output;
    /// The place of `self[i]`.
    fn ref_index_mut(self, b: &mut KernelBuilder, i: I) -> Self::Output;
}

impl<T, I> RefIndex<I> for Place<T>
where
    Self: IndexPlace<I>,
{
    type Output = <Self as IndexPlace<I>>::Output;
    fn ref_index(self, b: &mut KernelBuilder, i: I) -> Self::Output {
        self.index_place(b, i)
    }
}

impl<T, const N: usize, I> RefIndex<I> for View<T, N, ReadWrite>
where
    Self: IndexPlace<I>,
{
    type Output = <Self as IndexPlace<I>>::Output;
    fn ref_index(self, b: &mut KernelBuilder, i: I) -> Self::Output {
        self.index_place(b, i)
    }
}

#[diagnostic::do_not_recommend]
impl<B: IndexPlace<I>, I> RefIndexMut<I> for B {
    type Output = B::Output;
    fn ref_index_mut(self, b: &mut KernelBuilder, i: I) -> B::Output {
        self.index_place(b, i)
    }
}

impl<T: Element, const N: usize, I> RefIndex<I> for View<T, N, ReadOnly>
where
    Self: IndexRead<I, Output = KernelValue<T>>,
{
    type Output = Place<T>;
    fn ref_index(self, b: &mut KernelBuilder, i: I) -> Place<T> {
        let value = self.index_read(b, i);
        spill(b, value)
    }
}

/// What a reference can refer to: a place of a kernel value or array. A whole view is passed
/// to device functions by itself (it refers to its data already).
#[diagnostic::on_unimplemented(
    message = "a reference to a whole view or texture is not supported in kernels",
    label = "borrows a whole view",
    note = "pass the view itself: views are passed to #[kernel] functions by reference already (`fn f(v: ArrayView<f32, 1>)`)"
)]
pub trait Referent {
    /// The referenced type.
    type Target;
    /// The place.
    fn referent(self) -> Place<Self::Target>;
}

/// What [`Referent`] is implemented through (see [`MutRoot`]).
#[doc(hidden)]
pub trait PlaceOf {
    /// The referenced type.
    type Target;
    /// The place.
    fn place_of(self) -> Place<Self::Target>;
}

#[diagnostic::do_not_recommend]
impl<P: PlaceOf> Referent for P {
    type Target = P::Target;
    fn referent(self) -> Place<P::Target> {
        self.place_of()
    }
}

impl<T: TileType> PlaceOf for Place<T> {
    type Target = T;
    fn place_of(self) -> Place<T> {
        self
    }
}

/// `&place`: a shared reference borrowing `root`, the binding the place lies in.
pub fn borrow<'a, R: ?Sized, P: Referent>(
    _root: &'a R,
    b: &mut KernelBuilder,
    place: P,
) -> Ref<'a, P::Target> {
    Reference::new(b, place.referent())
}

/// `&mut place`: a mutable reference borrowing `root`, the binding the place lies in.
pub fn borrow_mut<'a, R: ?Sized, P: Referent>(
    _root: &'a mut R,
    b: &mut KernelBuilder,
    place: P,
) -> RefMut<'a, P::Target> {
    Reference::new(b, place.referent())
}

/// `&value` or `&mut value` of a value that is no place (`&(a + b)`, `&2.0`): a reference to
/// a new local holding it, as Rust's temporaries.
pub fn borrow_value<T: Value, M>(
    b: &mut KernelBuilder,
    value: KernelValue<T>,
) -> Reference<'static, T, M> {
    let place = spill(b, value);
    Reference::new(b, place)
}

/// `*r` as a value: the referenced value (an array stays a place, as arrays do).
#[diagnostic::on_unimplemented(
    message = "only references can be dereferenced in kernels",
    label = "not a reference",
    note = "`*r` reads what a reference `r` (`&x`, `&mut a[i]`, a `&T` parameter) refers to"
)]
pub trait Dereference {
    /// The value.
    type Output;
    /// Reads `*self`.
    fn deref(self, b: &mut KernelBuilder) -> Self::Output;
}

impl<T: TileType, M> Dereference for Reference<'_, T, M> {
    type Output = T::Place;
    fn deref(self, b: &mut KernelBuilder) -> T::Place {
        T::place(b, self.place)
    }
}

/// `*r` as a place: what `*r = v` writes.
#[diagnostic::on_unimplemented(
    message = "cannot assign through `*` of this kernel value",
    label = "not a `&mut` reference",
    note = "`*r = v` writes through a `&mut` reference; a `&` reference is read-only"
)]
pub trait DerefPlace {
    /// The reference's mode: only a `&mut` one is written through.
    type Mode;
    /// The place.
    type Place;
    /// The place `*self`; the bound on the mode (rather than an implementation for `&mut`
    /// references only) reports a `&` reference by its mode, not by the reference's type.
    fn deref_place(self, b: &mut KernelBuilder) -> Self::Place
    where
        Self::Mode: WriteThrough;
}

impl<T, M> DerefPlace for Reference<'_, T, M> {
    type Mode = M;
    type Place = Place<T>;
    fn deref_place(self, _: &mut KernelBuilder) -> Place<T>
    where
        M: WriteThrough,
    {
        self.place
    }
}

/// A reference read by name is the reference (passed on, copied into a `let`).
#[diagnostic::do_not_recommend]
impl<T, M> Read for Reference<'_, T, M> {
    type Output = Self;
    fn read(self, _: &mut KernelBuilder) -> Self {
        self
    }
}

/// Writing a part of what a `&mut` refers to (`r[i] = v`, `r.x += 1.0`): auto-deref.
impl<T> IntoPlace for Reference<'_, T, Unique> {
    type Place = Place<T>;
    fn into_place(self, _: &mut KernelBuilder) -> Place<T> {
        self.place
    }
}

/// `r[i]` reads an element or component of what `r` refers to.
impl<T, M, I> IndexRead<I> for Reference<'_, T, M>
where
    Place<T>: IndexRead<I>,
{
    type Output = <Place<T> as IndexRead<I>>::Output;
    fn index_read(self, b: &mut KernelBuilder, i: I) -> Self::Output {
        self.place.index_read(b, i)
    }
}

impl<E: TileType, const A: usize, M> IndexConst for Reference<'_, [E; A], M> {
    type Output = E::Place;
    fn index_const(self, b: &mut KernelBuilder, i: u32) -> E::Place {
        self.place.index_const(b, i)
    }
}

impl<T: Component, const N: usize, M> IndexConst for Reference<'_, Vector<T, N>, M>
where
    Vector<T, N>: Element,
    KernelValue<Vector<T, N>>: IndexConst,
{
    type Output = <KernelValue<Vector<T, N>> as IndexConst>::Output;
    fn index_const(self, b: &mut KernelBuilder, i: u32) -> Self::Output {
        self.place.read(b).index_const(b, i)
    }
}

/// `r.field` reads a field of the struct `r` refers to.
impl<S: Struct, M> Project for Reference<'_, S, M> {
    type Fields = S::Fields;
    fn fields(&self) -> S::Fields {
        S::FIELDS
    }
}

impl<'a, S: Struct, F: TileType, const I: u32, M> Select<Reference<'a, S, M>> for FieldOf<F, I> {
    type Output = F::Place;
    fn select(self, b: &mut KernelBuilder, base: Reference<'a, S, M>) -> F::Place {
        let field = base.place.member::<F>(b, I);
        F::place(b, field)
    }
}

/// A method called on a reference reads the referenced value (`r.sqrt()` on a `&f32`): the
/// receiver of every method call in a kernel goes through `amp_recv`, which this trait (by
/// value, found first) gives references and [`ReceiverValue`] (by reference) everything else.
pub trait ReceiverDeref {
    /// The value.
    type Output;
    /// The referenced value.
    fn amp_recv(self, b: &mut KernelBuilder) -> Self::Output;
}

impl<T: Element, M> ReceiverDeref for Reference<'_, T, M> {
    type Output = KernelValue<T>;
    fn amp_recv(self, b: &mut KernelBuilder) -> KernelValue<T> {
        self.place.read(b)
    }
}

/// The receiver of a method call that is not a reference: itself (see [`ReceiverDeref`]).
pub trait ReceiverValue: Copy {
    /// The receiver.
    fn amp_recv(&self, _: &mut KernelBuilder) -> Self {
        *self
    }
}

impl<T: Copy> ReceiverValue for T {}

/// References passed to device functions: their root and path (see `builder/reference.rs`).
impl<T: TileType, M: 'static> FnArg for Reference<'static, T, M> {
    fn key(&self, b: &KernelBuilder, key: &mut Vec<u32>) {
        if let Some(path) = self.path {
            b.ref_key(path, self.place.check(b).is_some(), key);
        }
    }

    fn param(&self, b: &mut KernelBuilder) -> Self {
        let checked = self.place.check(b).is_some();
        let kind = self.place.kind();
        let root = self.place.root();
        let Some((pointer, ok)) = self.path.and_then(|path| b.ref_params(path, checked)) else {
            return *self;
        };
        let check = ok.map(|ok| b.keep_check(Check::formed(ok, kind)));
        Reference::new(b, Place::at(pointer, root, check))
    }

    fn argument(&self, b: &mut KernelBuilder, out: &mut Vec<Handle<Expression>>) {
        if let Some(path) = self.path {
            let check = self.place.check(b);
            b.ref_arguments(path, check.as_ref(), out);
        }
    }
}
