//! Places: where a kernel value lives, so that it can be read and assigned in part — a mutable
//! local, an element of a local or tile_static array, an element of a read-write view, and the
//! fields, components and elements of those (`p.pos = q`, `v[i].vel[0] += f`, `t[r][c] = x`).
//!
//! A [`Place`] is a naga pointer plus the check of the indices that led to it. Reading a place
//! loads it; assigning stores into it. In a checked kernel an index the range analysis cannot
//! prove in range makes the whole access checked: out of range, a read yields zero and a write
//! is skipped, and the fault is recorded (`builder/fault.rs`). The address itself always stays
//! inside the memory: an array level out of range addresses element 0, and a view element out
//! of range addresses the view's zero sentinel.

use crate::atomic::{atomic_methods, AtomicInt};
use crate::builder::{AccessKind, Check, CheckBuilder, CheckId, KernelBuilder, KernelValue, Var};
use crate::lang::Assign;
use crate::shape::{Extent, Index};
use crate::short_vector::{Component, Vector};
use crate::tile_static::TileType;
use crate::types::{Element, Scalar, Shape, Value};
use crate::value::Read;
use crate::view::{IndexConst, IndexInt, IndexRead, IndexWrite};
use naga::{Expression, Handle, Statement};
use std::marker::PhantomData;

/// A place holding a `T`. Indexing an array place yields the element's place (its value, when
/// read); fields and components of a place are places.
pub struct Place<T> {
    pointer: Handle<Expression>,
    root: Root,
    /// The run-time check of the indices that led here (checked kernels, unproven indices),
    /// kept by the builder so that places stay `Copy`.
    check: Option<CheckId>,
    _ty: PhantomData<fn() -> T>,
}

impl<T> Clone for Place<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Place<T> {}

/// The memory a place is in.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Root {
    /// A local of the thread (a `let mut` local or a local array).
    Local,
    /// A tile_static variable.
    TileStatic(Handle<naga::GlobalVariable>),
    /// A read-write view's storage.
    View,
}

impl<T> Place<T> {
    pub(crate) fn at(pointer: Handle<Expression>, root: Root, check: Option<CheckId>) -> Self {
        Place {
            pointer,
            root,
            check,
            _ty: PhantomData,
        }
    }

    /// The naga pointer to the place.
    pub(crate) fn pointer(&self) -> Handle<Expression> {
        self.pointer
    }

    /// Whether the place is in tile_static memory.
    pub(crate) fn in_tile_static(&self) -> bool {
        matches!(self.root, Root::TileStatic(_))
    }

    /// The memory the place is in.
    pub(crate) fn root(&self) -> Root {
        self.root
    }

    /// What an access through this place is, in a fault report.
    pub(crate) fn kind(&self) -> AccessKind {
        match self.root {
            Root::Local => AccessKind::LocalArray,
            Root::TileStatic(_) => AccessKind::TileStatic,
            Root::View => AccessKind::ViewWrite,
        }
    }

    pub(crate) fn check(&self, b: &KernelBuilder) -> Option<Check> {
        self.check.and_then(|id| b.check(id))
    }

    /// A part of this place (a field, a component, an element) at `pointer`, reached through
    /// `check` (the whole access's).
    fn part<U>(
        &self,
        b: &mut KernelBuilder,
        pointer: Handle<Expression>,
        check: Option<Check>,
    ) -> Place<U> {
        Place::at(pointer, self.root, check.map(|c| b.keep_check(c)))
    }

    /// The part at constant member `index` (a struct field): no new check.
    pub(crate) fn member<U>(&self, b: &mut KernelBuilder, index: u32) -> Place<U> {
        let pointer = b.append(Expression::AccessIndex {
            base: self.pointer,
            index,
        });
        Place::at(pointer, self.root, self.check)
    }

    /// Readies this place for an atomic operation: its tile_static variable holds atomics from
    /// now on (as a view's array does). A local is private to its thread: atomics on it are a
    /// build error at the call.
    fn make_atomic(&self, b: &mut KernelBuilder) {
        match self.root {
            Root::TileStatic(global) => b.make_atomic(global),
            Root::Local => {
                b.error("atomics work on tile_static memory and views, not on local arrays")
            }
            Root::View => b.error(
                "atomics work on whole elements of i32/u32 views: call the operation on the view \
                 with the element's index",
            ),
        }
    }

    /// The pointer to the element or component `i` of an array of `len` (an array or a
    /// vector), and the check of the whole access so far. A constant index out of range is a
    /// build error; an index the range analysis cannot prove in range is checked in checked
    /// kernels.
    fn element(
        &self,
        b: &mut KernelBuilder,
        i: Handle<Expression>,
        len: u32,
        what: &str,
    ) -> (Handle<Expression>, Option<Check>) {
        if let Some(interval) = b.interval(i) {
            if interval.lo == interval.hi && (interval.lo < 0 || interval.lo >= i128::from(len)) {
                b.error(format!(
                    "index {} is always out of range for this {what} of {len} elements",
                    interval.lo
                ));
            }
        }
        let outer = self.check(b);
        let mut check = CheckBuilder::extend(outer.as_ref(), self.kind());
        let index = check.level(b, i, len);
        let pointer = b.append(Expression::Access {
            base: self.pointer,
            index,
        });
        (pointer, check.finish())
    }

    /// The check of component `i` of a place holding one scalar (a rank-1 Index or Extent),
    /// whose only component is 0: as [`element`](Self::element) checks an index into one of 1.
    fn element_of_scalar(
        &self,
        b: &mut KernelBuilder,
        i: Handle<Expression>,
    ) -> (Handle<Expression>, Option<Check>) {
        if let Some(interval) = b.interval(i) {
            if interval.lo == interval.hi && interval.lo != 0 {
                b.error(format!(
                    "component {} is out of range for a shape of rank 1 (component 0 only)",
                    interval.lo
                ));
            }
        }
        let outer = self.check(b);
        let mut check = CheckBuilder::extend(outer.as_ref(), self.kind());
        let index = check.level(b, i, 1);
        (index, check.finish())
    }

    fn what(&self) -> &'static str {
        match self.root {
            Root::TileStatic(_) => "tile_static array",
            _ => "local array",
        }
    }
}

/// A place of a value reads as its value: a load (zero when a checked index is out of range).
#[diagnostic::do_not_recommend]
impl<T: Element> Read for Place<T> {
    type Output = KernelValue<T>;
    fn read(self, b: &mut KernelBuilder) -> KernelValue<T> {
        let value = b.append(Expression::Load {
            pointer: self.pointer,
        });
        let check = self.check(b);
        let ty = T::naga_type(b);
        KernelValue::from_handle(b.checked_value(check, value, ty))
    }
}

/// An array reads as its place: it is indexed, not copied.
#[diagnostic::do_not_recommend]
impl<E: TileType, const A: usize> Read for Place<[E; A]> {
    type Output = Self;
    fn read(self, _: &mut KernelBuilder) -> Self {
        self
    }
}

#[diagnostic::do_not_recommend]
impl<T: Element> Assign<KernelValue<T>> for Place<T> {
    fn assign(self, b: &mut KernelBuilder, value: KernelValue<T>) {
        let stmt = Statement::Store {
            pointer: self.pointer,
            value: value.handle(),
        };
        let check = self.check(b);
        b.checked_statement(check, stmt);
    }
}

/// What can be assigned in part: `name[i] = x`, `name.field = x` start from `name`'s place.
#[diagnostic::on_unimplemented(
    message = "cannot assign to a part of this kernel value",
    label = "not a mutable place",
    note = "only `let mut` locals, elements of read-write views, tile_static and local arrays (and their fields and components) can be assigned; a ConstArrayView is read-only"
)]
pub trait IntoPlace {
    /// The place.
    type Place;
    /// This name's place.
    fn into_place(self, b: &mut KernelBuilder) -> Self::Place;
}

/// Kernel values are immutable: assigning to a part of one is an error at the value, once. The
/// implementation exists (with a bound no value meets) so that the rest of the assignment still
/// type-checks and adds no follow-on errors.
#[diagnostic::on_unimplemented(
    message = "cannot assign to a part of this kernel value",
    label = "not a mutable place",
    note = "only `let mut` locals, elements of read-write views, tile_static and local arrays (and their fields and components) can be assigned; declare the local `let mut` to change it"
)]
pub trait Mutable {}

impl<T> IntoPlace for KernelValue<T>
where
    Self: Mutable,
{
    type Place = Place<T>;
    fn into_place(self, _: &mut KernelBuilder) -> Place<T> {
        Place::at(self.handle(), Root::Local, None)
    }
}

impl<T: Value> IntoPlace for Var<T> {
    type Place = Place<T>;
    fn into_place(self, _: &mut KernelBuilder) -> Place<T> {
        Place::at(self.handle(), Root::Local, None)
    }
}

impl<T> IntoPlace for Place<T> {
    type Place = Self;
    fn into_place(self, _: &mut KernelBuilder) -> Self {
        self
    }
}

/// A view is its own place; writing a read-only one is an error at the write, which says so.
impl<T, const N: usize, A> IntoPlace for crate::view::View<T, N, A> {
    type Place = Self;
    fn into_place(self, _: &mut KernelBuilder) -> Self {
        self
    }
}

/// `base[i]` as a place (the element of an array or view, the component of a vector), for
/// assignments into a part of it.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be indexed by `{I}` here",
    note = "arrays, views and short vectors are indexed by an i32 or u32 (views by an Index of their rank)"
)]
pub trait IndexPlace<I> {
    /// The element's place.
    type Output;
    /// The place of `self[i]`.
    fn index_place(self, b: &mut KernelBuilder, i: I) -> Self::Output;
}

impl<E: TileType, const A: usize, I: IndexInt> IndexPlace<KernelValue<I>> for Place<[E; A]> {
    type Output = Place<E>;
    fn index_place(self, b: &mut KernelBuilder, i: KernelValue<I>) -> Place<E> {
        let (pointer, check) = self.element(b, i.handle(), A as u32, self.what());
        self.part(b, pointer, check)
    }
}

impl<T: Component, const N: usize, I: IndexInt> IndexPlace<KernelValue<I>> for Place<Vector<T, N>>
where
    Vector<T, N>: Value,
{
    type Output = Place<T>;
    fn index_place(self, b: &mut KernelBuilder, i: KernelValue<I>) -> Place<T> {
        let (pointer, check) = self.element(b, i.handle(), N as u32, "vector");
        self.part(b, pointer, check)
    }
}

impl<E: TileType, const A: usize, I: IndexInt> IndexRead<KernelValue<I>> for Place<[E; A]> {
    type Output = E::Place;
    fn index_read(self, b: &mut KernelBuilder, i: KernelValue<I>) -> E::Place {
        let (pointer, check) = self.element(b, i.handle(), A as u32, self.what());
        let part = self.part::<E>(b, pointer, check);
        E::place(b, part)
    }
}

impl<E: TileType, const A: usize> IndexConst for Place<[E; A]> {
    type Output = E::Place;
    fn index_const(self, b: &mut KernelBuilder, i: u32) -> E::Place {
        if i as usize >= A {
            b.error(format!(
                "index {i} is always out of range for this {} of {A} elements",
                self.what()
            ));
        }
        let part = self.member::<E>(b, i.min(A.saturating_sub(1) as u32));
        E::place(b, part)
    }
}

impl<E: TileType, const A: usize, I: IndexInt> IndexWrite<KernelValue<I>, KernelValue<E>>
    for Place<[E; A]>
where
    E: Element,
{
    fn index_write(self, b: &mut KernelBuilder, i: KernelValue<I>, value: KernelValue<E>) {
        self.index_place(b, i).assign(b, value)
    }
}

/// A component of a vector in a place, by a run-time index (checked against the vector's size).
impl<T: Component, const N: usize, I: IndexInt> IndexRead<KernelValue<I>> for Place<Vector<T, N>>
where
    Vector<T, N>: Value,
{
    type Output = KernelValue<T>;
    fn index_read(self, b: &mut KernelBuilder, i: KernelValue<I>) -> KernelValue<T> {
        self.index_place(b, i).read(b)
    }
}

impl<T: Component, const N: usize, I: IndexInt> IndexWrite<KernelValue<I>, KernelValue<T>>
    for Place<Vector<T, N>>
where
    Vector<T, N>: Value,
{
    fn index_write(self, b: &mut KernelBuilder, i: KernelValue<I>, value: KernelValue<T>) {
        self.index_place(b, i).assign(b, value)
    }
}

impl<S: Shape> Place<S> {
    /// The place of component `i` of the Index or Extent here (`a[1] = v`, `a[k] += 1` on a
    /// `let mut` local), by a constant or run-time index: a constant out of range is a build
    /// error, a run-time index is checked as a vector's component is.
    fn shape_component(self, b: &mut KernelBuilder, i: Handle<Expression>) -> Place<i32> {
        if S::N == 1 {
            // A rank-1 shape is one i32: its only component is itself.
            let (_, check) = self.element_of_scalar(b, i);
            return self.part(b, self.pointer, check);
        }
        let (pointer, check) = self.element(b, i, S::N as u32, S::name());
        self.part(b, pointer, check)
    }
}

// One impl per shape (not one over `S: Shape`), so that indexing any other place reports the
// indexing traits' own messages rather than an unmet `Shape` bound.

/// A component of a `let mut` Index local.
impl<const N: usize, I: IndexInt> IndexPlace<KernelValue<I>> for Place<Index<N>>
where
    Index<N>: Shape,
{
    type Output = Place<i32>;
    fn index_place(self, b: &mut KernelBuilder, i: KernelValue<I>) -> Place<i32> {
        self.shape_component(b, i.handle())
    }
}

/// A component of a `let mut` Extent local.
impl<const N: usize, I: IndexInt> IndexPlace<KernelValue<I>> for Place<Extent<N>>
where
    Extent<N>: Shape,
{
    type Output = Place<i32>;
    fn index_place(self, b: &mut KernelBuilder, i: KernelValue<I>) -> Place<i32> {
        self.shape_component(b, i.handle())
    }
}

impl<const N: usize, I: IndexInt> IndexRead<KernelValue<I>> for Place<Index<N>>
where
    Index<N>: Shape,
{
    type Output = KernelValue<i32>;
    fn index_read(self, b: &mut KernelBuilder, i: KernelValue<I>) -> KernelValue<i32> {
        self.shape_component(b, i.handle()).read(b)
    }
}

impl<const N: usize, I: IndexInt> IndexRead<KernelValue<I>> for Place<Extent<N>>
where
    Extent<N>: Shape,
{
    type Output = KernelValue<i32>;
    fn index_read(self, b: &mut KernelBuilder, i: KernelValue<I>) -> KernelValue<i32> {
        self.shape_component(b, i.handle()).read(b)
    }
}

impl<const N: usize, I: IndexInt> IndexWrite<KernelValue<I>, KernelValue<i32>> for Place<Index<N>>
where
    Index<N>: Shape,
{
    fn index_write(self, b: &mut KernelBuilder, i: KernelValue<I>, value: KernelValue<i32>) {
        self.shape_component(b, i.handle()).assign(b, value)
    }
}

impl<const N: usize, I: IndexInt> IndexWrite<KernelValue<I>, KernelValue<i32>> for Place<Extent<N>>
where
    Extent<N>: Shape,
{
    fn index_write(self, b: &mut KernelBuilder, i: KernelValue<I>, value: KernelValue<i32>) {
        self.shape_component(b, i.handle()).assign(b, value)
    }
}

/// Atomics on the elements of a tile_static array of `i32`/`u32`: `local.atomic_fetch_add(i,
/// 1u32)`; for a 2-D array, `grid[r].atomic_fetch_add(c, x)`. The same operations as views'.
impl<E: TileType, const A: usize> Place<[E; A]> {
    atomic_methods! {
        E, |place, b, i: KernelValue<impl IndexInt>| {
            place.make_atomic(b);
            place.element(b, i.handle(), A as u32, place.what())
        },
        where { E: AtomicInt }
    }
}

/// Atomics on a scalar tile_static variable of `i32`/`u32`: `count.atomic_fetch_add(1u32)`.
impl<T: Scalar> Place<T> {
    atomic_methods! {
        T, |place, b| {
            place.make_atomic(b);
            (place.pointer, place.check(b))
        },
        where { T: AtomicInt }
    }
}
