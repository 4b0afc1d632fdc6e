//! Array views inside kernels: a storage binding plus the view's extent and layout, read from
//! the launch parameters.
//!
//! Element `idx` of a view lives at `offset + Σ idx[k] * stride[k]` in its buffer (the last
//! stride is 1), so a view can be a section of a larger array. The view's extent, offset,
//! strides and sentinel (the index of the zero element every buffer holds past its data, which a
//! checked read out of range reads instead) are launch parameters: [`ViewWords`] says where.

use crate::builder::Entries;
use crate::builder::{
    AccessKind, Check, CheckBuilder, FnArg, KernelBuilder, KernelValue, SiteBound,
};
use crate::layout::ViewWords;
use crate::place::{IndexPlace, Place, Root};
use crate::shape::{Extent, Index};
use crate::types::{Element, Rank, Scalar, Value};
use naga::{BinaryOperator, Expression, Handle, ScalarKind, Statement};
use std::marker::PhantomData;

/// Access marker: the kernel may read and write the view.
#[derive(Clone, Copy, Debug)]
pub enum ReadWrite {}
/// Access marker: the kernel may only read the view.
#[derive(Clone, Copy, Debug)]
pub enum ReadOnly {}

/// A view's access mode.
pub trait Access: 'static {
    /// Whether the kernel only reads.
    const READ_ONLY: bool;
}
impl Access for ReadWrite {
    const READ_ONLY: bool = false;
}
impl Access for ReadOnly {
    const READ_ONLY: bool = true;
}

/// An array view as a kernel sees it: a captured view (its shape in the launch parameters), or
/// a view passed to a `#[kernel] fn` as a section of one ([`Window`]).
pub struct View<T, const N: usize, A> {
    global: Handle<naga::GlobalVariable>,
    /// The captured view's extent, offset, strides and sentinel in the parameter words (a
    /// window's sentinel is its captured view's).
    words: ViewWords,
    /// The view's shape when it is a window on the captured view rather than the whole view.
    window: Option<Window<N>>,
    _ty: PhantomData<fn() -> (T, A)>,
}

/// The shape of a view that is a part of a captured view, computed in the kernel: a section,
/// projection or `view_as` result passed to a `#[kernel] fn`, which takes it as these values.
/// Element `idx` is at `offset + Σ idx[k]·strides[k]` in the captured view's buffer; the last
/// stride is 1, as for every view.
#[derive(Clone, Copy)]
pub(crate) struct Window<const N: usize> {
    /// The buffer index of element 0 (`u32`).
    pub(crate) offset: Handle<Expression>,
    /// The extent (`i32`, never negative).
    pub(crate) extent: [Handle<Expression>; N],
    /// The stride of each component (`u32`).
    pub(crate) strides: [Handle<Expression>; N],
}

impl<T, const N: usize, A> Clone for View<T, N, A> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T, const N: usize, A> Copy for View<T, N, A> {}

impl<T, const N: usize, A> View<T, N, A> {
    /// The view of the same data whose shape is `window`.
    pub(crate) fn with_window<const R: usize>(self, window: Window<R>) -> View<T, R, A> {
        View {
            global: self.global,
            words: self.words,
            window: Some(window),
            _ty: PhantomData,
        }
    }
}

impl<T: Element, const N: usize, A: Access> View<T, N, A>
where
    Index<N>: Value + Rank,
    Extent<N>: Value + Rank,
{
    /// Declares a captured view: a slot of its storage binding and its parameter words.
    pub fn declare(b: &mut KernelBuilder) -> Self {
        let (global, words) = b.declare_view::<T>(N as u32, A::READ_ONLY);
        View {
            global,
            words,
            window: None,
            _ty: PhantomData,
        }
    }

    /// The stride of component `k` (`u32`; `k` below `N - 1`: the last stride is 1).
    pub(crate) fn stride(self, b: &mut KernelBuilder, k: usize) -> Handle<Expression> {
        match self.window {
            Some(w) => w.strides[k],
            None => b.param_word(self.words.stride(k as u32)).handle(),
        }
    }

    /// The view's storage binding (the first, for a view split over several).
    pub(crate) fn global(self) -> Handle<naga::GlobalVariable> {
        self.global
    }

    /// Where the view's extent, offset, strides and sentinel are in the parameter words.
    pub(crate) fn words(self) -> ViewWords {
        self.words
    }

    /// The view's extent (C++ AMP `array_view::extent`).
    pub fn extent(self, b: &mut KernelBuilder) -> KernelValue<Extent<N>> {
        match self.window {
            Some(w) => KernelValue::from_handle(b.compose::<Extent<N>>(w.extent.to_vec())),
            None => b.shape_from_words(self.words.extent(0), N as u32),
        }
    }

    /// Pointers to the storage entries of element `idx` (one, or `T::ENTRIES` consecutive
    /// ones), and the check it needs in a checked kernel. Each component
    /// is checked against the view's own extent (so an index past a row never wraps into the
    /// next one, and a section never reaches its parent's data). A read out of range reads the
    /// buffer's zero sentinel instead (`reads`); a write or atomic is skipped by the caller.
    fn element(
        self,
        b: &mut KernelBuilder,
        idx: Handle<Expression>,
        kind: AccessKind,
    ) -> (Entries, Option<Check>) {
        self.element_at(b, idx, kind, kind == AccessKind::ViewRead)
    }

    /// [`element`](Self::element), addressing the sentinel out of range when `guard_address`
    /// (reads, and places that may be read).
    fn element_at(
        self,
        b: &mut KernelBuilder,
        idx: Handle<Expression>,
        kind: AccessKind,
        guard_address: bool,
    ) -> (Entries, Option<Check>) {
        let mut check = CheckBuilder::new(kind);
        let terms: Vec<_> = (0..N)
            .map(|k| {
                let component = component(b, idx, k, N);
                match self.window {
                    Some(w) => {
                        let bound = b.as_u32(w.extent[k]);
                        check.component_below(b, component, bound)
                    }
                    None => {
                        let bound = SiteBound::Word(self.words.extent(k as u32));
                        check.component(b, component, bound)
                    }
                }
            })
            .collect();
        let check = check.finish();
        let linear = self.linear(b, &terms);
        (
            self.entries(b, linear, check.as_ref(), guard_address),
            check,
        )
    }

    /// The linear index of the element whose index components (as `u32`) are `terms`.
    pub(crate) fn linear(
        self,
        b: &mut KernelBuilder,
        terms: &[Handle<Expression>],
    ) -> Handle<Expression> {
        let mut linear = match self.window {
            Some(w) => w.offset,
            None => b.param_word(self.words.offset()).handle(),
        };
        for (k, &term) in terms.iter().enumerate() {
            let mut term = term;
            if k + 1 < N {
                let stride = self.stride(b, k);
                term = b.binary(BinaryOperator::Multiply, term, stride);
            }
            linear = b.binary(BinaryOperator::Add, linear, term);
        }
        linear
    }

    /// The storage entries of the element at `linear`; with `guard_address` and a failing
    /// `check`, those of the buffer's zero sentinel instead.
    pub(crate) fn entries(
        self,
        b: &mut KernelBuilder,
        mut linear: Handle<Expression>,
        check: Option<&Check>,
        guard_address: bool,
    ) -> Entries {
        if let (Some(check), true) = (check, guard_address) {
            let sentinel = b.param_word(self.words.sentinel()).handle();
            linear = b.append(Expression::Select {
                condition: check.ok(),
                accept: linear,
                reject: sentinel,
            });
        }
        if let Some(split) = b.split_of(self.global) {
            return b.split_entries(split, linear, T::ENTRIES);
        }
        let base = b.append(Expression::GlobalVariable(self.global));
        if T::ENTRIES == 1 {
            return Entries::At(vec![b.append(Expression::Access {
                base,
                index: linear,
            })]);
        }
        let entries = b.literal(T::ENTRIES).handle();
        let first = b.binary(BinaryOperator::Multiply, linear, entries);
        Entries::At(
            (0..T::ENTRIES)
                .map(|k| {
                    let k = b.literal(k).handle();
                    let index = b.binary(BinaryOperator::Add, first, k);
                    b.append(Expression::Access { base, index })
                })
                .collect(),
        )
    }

    /// Loads the element whose storage entries are `entries` (after a checked address).
    pub(crate) fn load_entries(b: &mut KernelBuilder, entries: Entries) -> KernelValue<T> {
        let load = |b: &mut KernelBuilder, pointers: &[Handle<Expression>]| {
            let loaded: Vec<_> = pointers
                .iter()
                .map(|&pointer| b.append(Expression::Load { pointer }))
                .collect();
            Some(T::from_entries(b, &loaded))
        };
        let value = match &entries {
            Entries::At(pointers) => load(b, pointers),
            Entries::Split { .. } => {
                let ty = T::naga_type(b);
                b.at_entries(&entries, Some(ty), load)
            }
        };
        // Both arms yield a value: `load` always does.
        KernelValue::from_handle(value.unwrap_or_else(|| b.literal(0u32).handle()))
    }

    /// Stores `value` into the element whose storage entries are `entries`, under `check`.
    pub(crate) fn store_entries(
        b: &mut KernelBuilder,
        entries: Entries,
        check: Option<Check>,
        value: KernelValue<T>,
    ) {
        let values = T::to_entries(b, value.handle());
        let stores = |pointers: &[Handle<Expression>]| {
            let mut stores: Vec<_> = pointers
                .iter()
                .zip(&values)
                .map(|(&pointer, &value)| Statement::Store { pointer, value })
                .collect();
            match stores.len() {
                1 => stores.remove(0),
                _ => Statement::Block(naga::Block::from_vec(stores)),
            }
        };
        if let Entries::At(pointers) = &entries {
            return b.checked_statement(check, stores(pointers));
        }
        if let Some(check) = &check {
            b.begin_if(KernelValue::from_handle(check.ok()));
        }
        b.at_entries(&entries, None, |b, pointers| {
            b.push(stores(pointers));
            None
        });
        if let Some(check) = check {
            b.end_if();
            b.note_fault(&check);
        }
    }

    /// A pointer to element `idx`, for an atomic operation: the view becomes an array of atomics.
    pub(crate) fn atomic_element(
        self,
        b: &mut KernelBuilder,
        idx: KernelValue<Index<N>>,
    ) -> (Entries, Option<Check>) {
        match b.split_of(self.global) {
            Some(split) => split.globals.iter().for_each(|&g| b.make_atomic(g)),
            None => b.make_atomic(self.global),
        }
        // Atomics are on scalar views: one entry per element.
        self.element(b, idx.handle(), AccessKind::ViewAtomic)
    }

    /// A pointer to the storage entry `first` elements past the view's first element (for a
    /// matrix fragment). A view split over several bindings has no single pointer: a build
    /// error.
    pub(crate) fn linear_pointer(
        self,
        b: &mut KernelBuilder,
        first: Handle<Expression>,
    ) -> Handle<Expression> {
        if b.split_of(self.global).is_some() {
            b.error(
                "matrix fragments cannot be loaded from or stored to a view larger than one \
                 storage binding",
            );
        }
        let offset = self.linear(b, &[]);
        let index = b.binary(BinaryOperator::Add, offset, first);
        let base = b.append(Expression::GlobalVariable(self.global));
        b.append(Expression::Access { base, index })
    }

    /// The number of storage entries from the view's first element to one past its last:
    /// `Σ (extent[k] − 1)·stride[k] + extent[N−1]`.
    pub(crate) fn linear_span(self, b: &mut KernelBuilder) -> Handle<Expression> {
        let extent = |b: &mut KernelBuilder, k: usize| match self.window {
            Some(w) => b.as_u32(w.extent[k]),
            None => b.param_word(self.words.extent(k as u32)).handle(),
        };
        let mut span = extent(b, N - 1);
        for k in 0..N - 1 {
            let extent = extent(b, k);
            let one = b.literal(1u32).handle();
            let rows = b.binary(BinaryOperator::Subtract, extent, one);
            let stride = self.stride(b, k);
            let reach = b.binary(BinaryOperator::Multiply, rows, stride);
            span = b.binary(BinaryOperator::Add, span, reach);
        }
        span
    }

    /// Reads element `idx`.
    pub fn load(self, b: &mut KernelBuilder, idx: KernelValue<Index<N>>) -> KernelValue<T> {
        let (entries, check) = self.element(b, idx.handle(), AccessKind::ViewRead);
        let value = Self::load_entries(b, entries);
        if let Some(check) = check {
            // The sentinel read zero; only the fault is left to note.
            b.note_fault(&check);
        }
        value
    }
}

impl<T: Element, const N: usize> View<T, N, ReadWrite>
where
    Index<N>: Value + Rank,
    Extent<N>: Value + Rank,
{
    /// The place of element `idx`, to assign a part of it (`v[i].pos = p`, `v[i][2] = x`).
    /// Out of range (checked kernels) it addresses the zero sentinel: a read through it yields
    /// zero and a write is skipped.
    pub fn place(self, b: &mut KernelBuilder, idx: KernelValue<Index<N>>) -> Place<T> {
        let (entries, check) = self.element_at(b, idx.handle(), AccessKind::ViewWrite, true);
        Self::entry_place(b, entries, check)
    }

    /// The place of an element at its storage entries `entries`: a build error when the
    /// element is stored as several entries, or in a view split over several bindings (its
    /// parts have no single place).
    pub(crate) fn entry_place(
        b: &mut KernelBuilder,
        entries: Entries,
        check: Option<Check>,
    ) -> Place<T> {
        let pointers = match entries {
            Entries::At(pointers) => pointers,
            Entries::Split { globals, first, .. } => {
                b.error(
                    "the parts of an element of a view larger than one storage binding cannot \
                     be assigned one by one: read the element, change it and write it back whole",
                );
                let base = b.append(Expression::GlobalVariable(globals[0]));
                vec![b.append(Expression::Access { base, index: first })]
            }
        };
        if T::ENTRIES != 1 {
            b.error(format!(
                "the components of a {} view element cannot be assigned one by one (it is \
                 stored as {} scalars): read the element, change it and write it back whole",
                T::name(),
                T::ENTRIES
            ));
        }
        Place::at(pointers[0], Root::View, check.map(|c| b.keep_check(c)))
    }

    /// Writes element `idx` (all its entries, under one check).
    pub fn store(self, b: &mut KernelBuilder, idx: KernelValue<Index<N>>, value: KernelValue<T>) {
        let (entries, check) = self.element(b, idx.handle(), AccessKind::ViewWrite);
        Self::store_entries(b, entries, check, value);
    }
}

/// Views passed to device functions are bound, not passed: the key is the binding.
impl<T, const N: usize> View<T, N, ReadWrite> {
    /// This view as a read-only view of the same data (C++ AMP's conversion of
    /// `array_view<T, N>` to `array_view<const T, N>`, and the host's `ArrayView::as_const`):
    /// indexed, sectioned and passed to a `#[kernel] fn` taking a `ConstArrayView` like any
    /// read-only view; writing through it is a compile error.
    pub fn as_const(self, _: &mut KernelBuilder) -> View<T, N, ReadOnly> {
        View {
            global: self.global,
            words: self.words,
            window: self.window,
            _ty: PhantomData,
        }
    }
}

/// A view passed to a `#[kernel] fn` is bound, not passed: the function is specialised for its
/// binding (WGSL cannot pass storage pointers). A captured view's shape is in the launch
/// parameters, which every function reads; a window's shape (a section passed) is passed as
/// values: its offset, extent and strides.
impl<T: 'static, const N: usize, A: 'static> FnArg for View<T, N, A> {
    fn key(&self, _: &KernelBuilder, key: &mut Vec<u32>) {
        key.push(self.global.index() as u32);
        if self.window.is_some() {
            // No binding has this index: a window specialises apart from its whole view.
            key.push(u32::MAX);
        }
    }
    fn param(&self, b: &mut KernelBuilder) -> Self {
        let Some(w) = self.window else {
            return *self;
        };
        let word = |b: &mut KernelBuilder, h| KernelValue::<u32>::from_handle(h).param(b).handle();
        let offset = word(b, w.offset);
        let extent = w
            .extent
            .map(|e| KernelValue::<i32>::from_handle(e).param(b).handle());
        // The last stride is 1: not passed.
        let one = b.literal(1u32).handle();
        let strides = std::array::from_fn(|k| match k + 1 < N {
            true => word(b, w.strides[k]),
            false => one,
        });
        self.with_window(Window {
            offset,
            extent,
            strides,
        })
    }
    fn argument(&self, _: &mut KernelBuilder, out: &mut Vec<Handle<Expression>>) {
        if let Some(w) = self.window {
            out.push(w.offset);
            out.extend(w.extent);
            out.extend(&w.strides[..N - 1]);
        }
    }
}

/// `base[i]` read inside a kernel.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be indexed by `{I}` in a kernel",
    note = "views are indexed by an Index of their rank (or an i32/u32 for rank 1), or by `[i, j]`; Index and Extent components by an integer"
)]
pub trait IndexRead<I> {
    /// The element.
    type Output;
    /// Reads `self[i]`.
    fn index_read(self, b: &mut KernelBuilder, i: I) -> Self::Output;
}

/// `base[i] = value` inside a kernel.
#[diagnostic::on_unimplemented(
    message = "cannot assign through `{Self}` indexed by `{I}`",
    label = "not writable here",
    note = "only read-write views (ArrayView) can be written; ConstArrayView is read-only, and Index/Extent values are immutable unless they are `let mut` locals"
)]
pub trait IndexWrite<I, V> {
    /// Writes `self[i] = value`.
    fn index_write(self, b: &mut KernelBuilder, i: I, value: V);
}

impl<T: Element, const N: usize, A: Access> IndexRead<KernelValue<Index<N>>> for View<T, N, A>
where
    Index<N>: Value + Rank,
    Extent<N>: Value + Rank,
{
    type Output = KernelValue<T>;
    fn index_read(self, b: &mut KernelBuilder, i: KernelValue<Index<N>>) -> KernelValue<T> {
        self.load(b, i)
    }
}

impl<T: Element, const N: usize> IndexWrite<KernelValue<Index<N>>, KernelValue<T>>
    for View<T, N, ReadWrite>
where
    Index<N>: Value + Rank,
    Extent<N>: Value + Rank,
{
    fn index_write(self, b: &mut KernelBuilder, i: KernelValue<Index<N>>, value: KernelValue<T>) {
        self.store(b, i, value)
    }
}

/// The integers that index: `i32` and `u32` index rank-1 views, local and tile_static arrays,
/// short vectors and the components of an `Index` or `Extent`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot index here: an index is an i32 or u32, an Index<N> of the view's rank, or `[i, j]`/`(i, j)` of integers",
    label = "not an index for this value",
    note = "a view of rank N takes an Index<N> (or `v[[i, j]]`, `v[(i, j)]`); a view of rank 1, an array, a short vector and the components of an Index or Extent take an i32 or u32"
)]
pub trait IndexInt: Scalar {}
impl IndexInt for i32 {}
impl IndexInt for u32 {}

pub(crate) fn as_i32<I: IndexInt>(
    b: &mut KernelBuilder,
    i: KernelValue<I>,
) -> KernelValue<Index<1>> {
    if I::SCALAR.kind == ScalarKind::Sint {
        return KernelValue::from_handle(i.handle());
    }
    KernelValue::from_handle(b.append(Expression::As {
        expr: i.handle(),
        kind: ScalarKind::Sint,
        convert: None,
    }))
}

impl<T: Element, I: IndexInt, A: Access> IndexRead<KernelValue<I>> for View<T, 1, A> {
    type Output = KernelValue<T>;
    fn index_read(self, b: &mut KernelBuilder, i: KernelValue<I>) -> KernelValue<T> {
        let i = as_i32(b, i);
        self.load(b, i)
    }
}

impl<T: Element, I: IndexInt> IndexWrite<KernelValue<I>, KernelValue<T>> for View<T, 1, ReadWrite> {
    fn index_write(self, b: &mut KernelBuilder, i: KernelValue<I>, value: KernelValue<T>) {
        let i = as_i32(b, i);
        self.store(b, i, value)
    }
}

macro_rules! shape_component {
    ($shape:ident) => {
        /// A component, by a runtime integer.
        impl<const N: usize, I: IndexInt> IndexRead<KernelValue<I>> for KernelValue<$shape<N>>
        where
            $shape<N>: Value + Rank,
        {
            type Output = KernelValue<i32>;
            fn index_read(self, b: &mut KernelBuilder, i: KernelValue<I>) -> KernelValue<i32> {
                // A constant index (`idx[-1]`, `idx[i32::MIN]`) out of range is a build error,
                // as for a literal one and for local arrays.
                if let Some(interval) = b.interval(i.handle()) {
                    if interval.lo == interval.hi && !(0..N as i128).contains(&interval.lo) {
                        b.error(format!(
                            "component {} is out of range for {} (components 0..{N})",
                            interval.lo,
                            <$shape<N> as Value>::name()
                        ));
                    }
                }
                if N == 1 {
                    return KernelValue::from_handle(self.handle());
                }
                KernelValue::from_handle(b.append(Expression::Access {
                    base: self.handle(),
                    index: i.handle(),
                }))
            }
        }

        impl<const N: usize> IndexConst for KernelValue<$shape<N>>
        where
            $shape<N>: Value + Rank,
        {
            type Output = KernelValue<i32>;
            fn index_const(self, b: &mut KernelBuilder, i: u32) -> KernelValue<i32> {
                if i as usize >= N {
                    b.error(format!(
                        "component {i} is out of range for {} (components 0..{N})",
                        <$shape<N> as Value>::name()
                    ));
                }
                if N == 1 {
                    return KernelValue::from_handle(self.handle());
                }
                KernelValue::from_handle(b.append(Expression::AccessIndex {
                    base: self.handle(),
                    index: i,
                }))
            }
        }
    };
}

/// `base[3]` with a literal index inside a kernel.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be indexed by an integer literal in a kernel",
    note = "literal indices select Index/Extent components and elements of rank-1 views"
)]
pub trait IndexConst {
    /// The element or component.
    type Output;
    /// Reads `self[i]`.
    fn index_const(self, b: &mut KernelBuilder, i: u32) -> Self::Output;
}

shape_component!(Index);
shape_component!(Extent);

impl<T: Element, A: Access> IndexConst for View<T, 1, A> {
    type Output = KernelValue<T>;
    fn index_const(self, b: &mut KernelBuilder, i: u32) -> KernelValue<T> {
        let i = b.literal(i as i32);
        self.load(b, KernelValue::from_handle(i.handle()))
    }
}

impl<T: Element, const N: usize> IndexPlace<KernelValue<Index<N>>> for View<T, N, ReadWrite>
where
    Index<N>: Value + Rank,
    Extent<N>: Value + Rank,
{
    type Output = Place<T>;
    fn index_place(self, b: &mut KernelBuilder, i: KernelValue<Index<N>>) -> Place<T> {
        self.place(b, i)
    }
}

impl<T: Element, I: IndexInt> IndexPlace<KernelValue<I>> for View<T, 1, ReadWrite> {
    type Output = Place<T>;
    fn index_place(self, b: &mut KernelBuilder, i: KernelValue<I>) -> Place<T> {
        let i = as_i32(b, i);
        self.place(b, i)
    }
}

/// Component `k` of an `n`-component shape value (`i32` for rank 1).
pub(crate) fn component(
    b: &mut KernelBuilder,
    shape: Handle<Expression>,
    k: usize,
    n: usize,
) -> Handle<Expression> {
    if n == 1 {
        return shape;
    }
    b.append(Expression::AccessIndex {
        base: shape,
        index: k as u32,
    })
}

/// What a `#[kernel] fn`'s view parameter (kernel-side `P`, a [`View`]) takes at a call: a view
/// of its element type, rank and access (passed as it is), or a section, projection or
/// `view_as` result of that rank taken in the caller (passed as a window on its view). Rust's
/// rules hold as on the host: a read-write view passes where a `ConstArrayView` is taken only
/// through `.as_const()` or `.into()`.
#[diagnostic::on_unimplemented(
    message = "this argument cannot be passed where a #[kernel] fn takes an array view of this element type, rank and access",
    label = "not a view the parameter takes",
    note = "a view parameter takes a view (or a section, projection or `view_as` result taken in the kernel) of its element type and rank: a ConstArrayView parameter takes a read-only view (`v.as_const()`, `v.into()`), an ArrayView parameter a read-write one; a `reinterpret_as` result is not passed: pass its view and reinterpret it in the #[kernel] fn"
)]
pub trait ViewArg<P> {
    /// The view the function takes.
    fn pass(self, b: &mut KernelBuilder) -> P;
}

#[diagnostic::do_not_recommend]
impl<T, const N: usize, A> ViewArg<View<T, N, A>> for View<T, N, A> {
    fn pass(self, _: &mut KernelBuilder) -> Self {
        self
    }
}

#[diagnostic::do_not_recommend]
impl<T: Element, const N: usize, const R: usize, A: Access> ViewArg<View<T, R, A>>
    for crate::section::Section<T, N, R, A>
where
    Index<N>: Value + Rank,
    Extent<N>: Value + Rank,
    Index<R>: Value + Rank,
    Extent<R>: Value + Rank,
{
    fn pass(self, b: &mut KernelBuilder) -> View<T, R, A> {
        self.as_view(b)
    }
}

/// `v.into()` in a kernel: a read-write view (or a section of one) as a read-only view of the
/// same data (the host's `From<ArrayView> for ConstArrayView`), for `let c: ConstArrayView<T,
/// N> = v.into();` and for passing `v.into()` where a `#[kernel] fn` takes a `ConstArrayView`.
#[diagnostic::on_unimplemented(
    message = "`.into()` in a kernel converts an array view to a read-only view (ConstArrayView), not this value",
    label = "not an ArrayView or a section of one",
    note = "convert numbers with `as` (`x as f64`); a read-only view is already read-only"
)]
pub trait ViewInto {
    /// The read-only view.
    type Output;
    /// The read-only view of the same data.
    fn view_into(self, b: &mut KernelBuilder) -> Self::Output;
}

#[diagnostic::do_not_recommend]
impl<T, const N: usize> ViewInto for View<T, N, ReadWrite> {
    type Output = View<T, N, ReadOnly>;
    fn view_into(self, b: &mut KernelBuilder) -> Self::Output {
        self.as_const(b)
    }
}
