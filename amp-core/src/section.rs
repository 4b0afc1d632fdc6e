//! Sections and projections of views taken inside kernels (C++ AMP's `array_view::section`
//! and `operator[]` on a view of rank 2 or 3 in `restrict(amp)` code): `let s =
//! v.section(origin, extent);`, `let row = m[i];`, `m[i][j]`.
//!
//! A [`Section`] is the view plus, computed in the kernel, the origin of every component of the
//! view and the extent of the section's own `R` components (a projection fixes the leading
//! ones). Element `idx` of the section is element `origin + idx` of the view (the fixed
//! components at their origin). Every access is checked against the section's own extent, so
//! an index past the section never reaches the rest of the view; a section that does not fit
//! its view is a fault where it is taken, and then has no elements. A section passed to a
//! `#[kernel] fn` taking a view of its rank is passed as a window on its view
//! ([`Section::as_view`]).
//!
//! `v.view_as(extent)` on a rank-1 view (C++ AMP `array_view<T, 1>::view_as`) is a section of
//! another rank over it: its components carry strides (row-major over `extent`) into the view's
//! one component, and sectioning or projecting it moves its origin along that component.

use crate::builder::{AccessKind, Check, CheckBuilder, KernelBuilder, KernelValue};
use crate::place::{IndexPlace, IntoPlace, Place};
use crate::shape::{Extent, Index};
use crate::types::{Element, Rank, Value};
use crate::value::Read;
use crate::view::{
    component, Access, IndexConst, IndexInt, IndexRead, IndexWrite, ReadWrite, View, Window,
};
use naga::{BinaryOperator, Expression, Handle, Literal};

/// A section or projection of a view, taken in a kernel: rank `R` over a view of rank `N`.
pub struct Section<T, const N: usize, const R: usize, A> {
    view: View<T, N, A>,
    /// The origin of each of the view's components (`i32`); the first `N - R` are fixed.
    origin: [Handle<Expression>; N],
    /// The section's extent (`i32`, never negative).
    extent: [Handle<Expression>; R],
    /// For a view reshaped in the kernel (`view_as`, over a view of rank 1): the stride of each
    /// of the section's components in the view's elements (`i32`). Element `idx` is then
    /// element `origin[0] + Σ idx[k]·strides[k]` of the view.
    strides: Option<[Handle<Expression>; R]>,
}

impl<T, const N: usize, const R: usize, A> Clone for Section<T, N, R, A> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T, const N: usize, const R: usize, A> Copy for Section<T, N, R, A> {}

fn literal_i32(b: &mut KernelBuilder, v: i32) -> Handle<Expression> {
    b.append(Expression::Literal(Literal::I32(v)))
}

/// The components of a shape value of rank `n`.
fn components<const K: usize>(
    b: &mut KernelBuilder,
    shape: Handle<Expression>,
) -> [Handle<Expression>; K] {
    std::array::from_fn(|k| component(b, shape, k, K))
}

impl<T: Element, const N: usize, A: Access> View<T, N, A>
where
    Index<N>: Value + Rank,
    Extent<N>: Value + Rank,
{
    /// The whole view as a section.
    fn whole(self, b: &mut KernelBuilder) -> Section<T, N, N, A> {
        let extent = self.extent(b).handle();
        let origin = std::array::from_fn(|_| literal_i32(b, 0));
        Section {
            view: self,
            origin,
            extent: components(b, extent),
            strides: None,
        }
    }

    /// The part of the view at `origin` with `extent` (C++ AMP `array_view::section`), taken
    /// in the kernel.
    pub fn section(
        self,
        b: &mut KernelBuilder,
        origin: KernelValue<Index<N>>,
        extent: KernelValue<Extent<N>>,
    ) -> Section<T, N, N, A> {
        self.whole(b).section(b, origin, extent)
    }

    /// The part of the view from `origin` to its end.
    pub fn section_from(
        self,
        b: &mut KernelBuilder,
        origin: KernelValue<Index<N>>,
    ) -> Section<T, N, N, A> {
        self.whole(b).section_from(b, origin)
    }

    /// The part of the view from its origin with `extent`.
    pub fn section_extent(
        self,
        b: &mut KernelBuilder,
        extent: KernelValue<Extent<N>>,
    ) -> Section<T, N, N, A> {
        self.whole(b).section_extent(b, extent)
    }
}

impl<T: Element, A: Access> View<T, 1, A> {
    /// This rank-1 view as a view of rank `M` and `extent` over its first `extent.size()`
    /// elements, row-major (C++ AMP `array_view<T, 1>::view_as`), taken in the kernel. An
    /// extent with more elements than the view (or a negative component) is a fault where it
    /// is taken, and the result then has no elements.
    pub fn view_as<const M: usize>(
        self,
        b: &mut KernelBuilder,
        extent: KernelValue<Extent<M>>,
    ) -> Section<T, 1, M, A>
    where
        Index<M>: Value + Rank,
        Extent<M>: Value + Rank,
    {
        let len = self.extent(b).handle();
        let len = b.as_u32(len);
        let e: [_; M] = components(b, extent.handle());
        // Fits: no component is negative and the running product of the components stays at
        // most `len`, each step checked by division so that it cannot overflow.
        let mut ok = b.append(Expression::Literal(Literal::Bool(true)));
        let mut size = b.append(Expression::Literal(Literal::U32(1)));
        for &component in &e {
            let component = b.as_u32(component);
            let one = b.append(Expression::Literal(Literal::U32(1)));
            let divisor = b.append(Expression::Math {
                fun: naga::MathFunction::Max,
                arg: component,
                arg1: Some(one),
                arg2: None,
                arg3: None,
            });
            let room = b.binary(BinaryOperator::Divide, len, divisor);
            let fits = b.binary(BinaryOperator::LessEqual, size, room);
            let limit = b.append(Expression::Literal(Literal::U32(i32::MAX as u32)));
            let nonnegative = b.binary(BinaryOperator::LessEqual, component, limit);
            let fits = b.binary(BinaryOperator::LogicalAnd, fits, nonnegative);
            ok = b.binary(BinaryOperator::LogicalAnd, ok, fits);
            size = b.binary(BinaryOperator::Multiply, size, component);
        }
        let extent = std::array::from_fn(|k| Section::<T, 1, M, A>::or_empty(b, ok, e[k]));
        let one = literal_i32(b, 1);
        let mut strides = [one; M];
        for k in (0..M.saturating_sub(1)).rev() {
            strides[k] = b.binary(BinaryOperator::Multiply, strides[k + 1], extent[k + 1]);
        }
        if b.checks_enabled() {
            b.note_fault(&Check::recorded(
                ok,
                vec![size],
                vec![len],
                AccessKind::ViewAs,
            ));
        }
        Section {
            view: self,
            origin: [literal_i32(b, 0)],
            extent,
            strides: Some(strides),
        }
    }
}

impl<T: Element, const N: usize, const R: usize, A: Access> Section<T, N, R, A>
where
    Index<N>: Value + Rank,
    Extent<N>: Value + Rank,
    Index<R>: Value + Rank,
    Extent<R>: Value + Rank,
{
    /// The section's extent.
    pub fn extent(self, b: &mut KernelBuilder) -> KernelValue<Extent<R>> {
        KernelValue::from_handle(b.compose::<Extent<R>>(self.extent.to_vec()))
    }

    /// The part of this section at `origin` with `extent`, taken in the kernel.
    pub fn section(
        self,
        b: &mut KernelBuilder,
        origin: KernelValue<Index<R>>,
        extent: KernelValue<Extent<R>>,
    ) -> Self {
        let o: [_; R] = components(b, origin.handle());
        let e: [_; R] = components(b, extent.handle());
        // Fits: 0 <= o and o + e <= extent, component by component (as u32: a negative
        // origin or extent is huge).
        let mut ok: Option<Handle<Expression>> = None;
        let mut ends = Vec::with_capacity(R);
        let mut bounds = Vec::with_capacity(R);
        for k in 0..R {
            let (o, e, current) = (b.as_u32(o[k]), b.as_u32(e[k]), b.as_u32(self.extent[k]));
            let origin_fits = b.binary(BinaryOperator::LessEqual, o, current);
            let room = b.binary(BinaryOperator::Subtract, current, o);
            let extent_fits = b.binary(BinaryOperator::LessEqual, e, room);
            let fits = b.binary(BinaryOperator::LogicalAnd, origin_fits, extent_fits);
            ok = Some(match ok {
                None => fits,
                Some(acc) => b.binary(BinaryOperator::LogicalAnd, acc, fits),
            });
            ends.push(b.binary(BinaryOperator::Add, o, e));
            bounds.push(current);
        }
        let Some(ok) = ok else { return self };
        let mut section = self;
        for k in 0..R {
            match self.strides {
                // A reshaped view: the origin moves along the view's one component.
                Some(strides) => {
                    let step = b.binary(BinaryOperator::Multiply, o[k], strides[k]);
                    section.origin[0] = b.binary(BinaryOperator::Add, section.origin[0], step);
                }
                None => {
                    let at = N - R + k;
                    section.origin[at] = b.binary(BinaryOperator::Add, self.origin[at], o[k]);
                }
            }
            section.extent[k] = Self::or_empty(b, ok, e[k]);
        }
        if b.checks_enabled() {
            b.note_fault(&Check::recorded(ok, ends, bounds, AccessKind::Section));
        }
        section
    }

    /// This section as a view of rank `R` over the same data (a window on the view), which a
    /// `#[kernel] fn` taking a view takes: its first element's buffer index, its extent and its
    /// components' strides.
    pub(crate) fn as_view(self, b: &mut KernelBuilder) -> View<T, R, A> {
        let (offset, strides) = match self.strides {
            // Over a view of rank 1 (whose one stride is 1).
            Some(strides) => {
                let origin = b.as_u32(self.origin[0]);
                let offset = self.view.linear(b, &[origin]);
                (offset, strides.map(|s| b.as_u32(s)))
            }
            None => {
                let terms: Vec<_> = self.origin.iter().map(|&o| b.as_u32(o)).collect();
                let offset = self.view.linear(b, &terms);
                // The section's components are the view's last `R`; the last stride is 1.
                let one = b.append(Expression::Literal(Literal::U32(1)));
                let strides = std::array::from_fn(|j| match N - R + j + 1 < N {
                    true => self.view.stride(b, N - R + j),
                    false => one,
                });
                (offset, strides)
            }
        };
        self.view.with_window(Window {
            offset,
            extent: self.extent,
            strides,
        })
    }

    /// The part of this section from `origin` to its end.
    pub fn section_from(self, b: &mut KernelBuilder, origin: KernelValue<Index<R>>) -> Self {
        let o: [_; R] = components(b, origin.handle());
        let rest: Vec<_> = (0..R)
            .map(|k| b.binary(BinaryOperator::Subtract, self.extent[k], o[k]))
            .collect();
        let extent = KernelValue::from_handle(b.compose::<Extent<R>>(rest));
        self.section(b, origin, extent)
    }

    /// The part of this section from its origin with `extent`.
    pub fn section_extent(self, b: &mut KernelBuilder, extent: KernelValue<Extent<R>>) -> Self {
        let zero: Vec<_> = (0..R).map(|_| literal_i32(b, 0)).collect();
        let origin = KernelValue::from_handle(b.compose::<Index<R>>(zero));
        self.section(b, origin, extent)
    }

    /// `value` when `ok`, else 0 (a section that does not fit has no elements).
    fn or_empty(
        b: &mut KernelBuilder,
        ok: Handle<Expression>,
        value: Handle<Expression>,
    ) -> Handle<Expression> {
        let zero = literal_i32(b, 0);
        b.append(Expression::Select {
            condition: ok,
            accept: value,
            reject: zero,
        })
    }

    /// The view's storage entries of element `idx` (components of the section) and its check
    /// against the section's extent; out of range, the sentinel's when `guard_address`.
    fn element(
        self,
        b: &mut KernelBuilder,
        idx: Handle<Expression>,
        kind: AccessKind,
        guard_address: bool,
    ) -> (crate::builder::Entries, Option<Check>) {
        let mut check = CheckBuilder::new(kind);
        if let Some(strides) = self.strides {
            let mut linear = b.as_u32(self.origin[0]);
            for (k, stride) in strides.into_iter().enumerate() {
                let i = component(b, idx, k, R);
                let bound = b.as_u32(self.extent[k]);
                let i = check.component_below(b, i, bound);
                let stride = b.as_u32(stride);
                let step = b.binary(BinaryOperator::Multiply, i, stride);
                linear = b.binary(BinaryOperator::Add, linear, step);
            }
            let check = check.finish();
            let linear = self.view.linear(b, &[linear]);
            let entries = self.view.entries(b, linear, check.as_ref(), guard_address);
            return (entries, check);
        }
        let mut terms = Vec::with_capacity(N);
        for k in 0..N {
            let origin = b.as_u32(self.origin[k]);
            if k < N - R {
                terms.push(origin);
                continue;
            }
            let j = k - (N - R);
            let i = component(b, idx, j, R);
            let bound = b.as_u32(self.extent[j]);
            let i = check.component_below(b, i, bound);
            terms.push(b.binary(BinaryOperator::Add, origin, i));
        }
        let check = check.finish();
        let linear = self.view.linear(b, &terms);
        let entries = self.view.entries(b, linear, check.as_ref(), guard_address);
        (entries, check)
    }

    /// Reads element `idx`.
    pub fn load(self, b: &mut KernelBuilder, idx: KernelValue<Index<R>>) -> KernelValue<T> {
        let (pointers, check) = self.element(b, idx.handle(), AccessKind::ViewRead, true);
        let value = View::<T, N, A>::load_entries(b, pointers);
        if let Some(check) = check {
            b.note_fault(&check);
        }
        value
    }

    /// The section with its leading component fixed at `i` (rank `R - 1`; `R` is 2 or 3).
    fn fix<const S: usize>(
        self,
        b: &mut KernelBuilder,
        i: Handle<Expression>,
    ) -> Section<T, N, S, A> {
        let (i_u, bound) = (b.as_u32(i), b.as_u32(self.extent[0]));
        let ok = b.binary(BinaryOperator::Less, i_u, bound);
        let mut origin = self.origin;
        let strides = match self.strides {
            Some(strides) => {
                let step = b.binary(BinaryOperator::Multiply, i, strides[0]);
                origin[0] = b.binary(BinaryOperator::Add, self.origin[0], step);
                Some(std::array::from_fn(|k| strides[k + 1]))
            }
            None => {
                let at = N - R;
                origin[at] = b.binary(BinaryOperator::Add, self.origin[at], i);
                None
            }
        };
        let extent = std::array::from_fn(|k| Self::or_empty(b, ok, self.extent[k + 1]));
        if b.checks_enabled() {
            b.note_fault(&Check::recorded(
                ok,
                vec![i_u],
                vec![bound],
                AccessKind::Section,
            ));
        }
        Section {
            view: self.view,
            origin,
            extent,
            strides,
        }
    }
}

impl<T: Element, const N: usize, const R: usize> Section<T, N, R, ReadWrite>
where
    Index<N>: Value + Rank,
    Extent<N>: Value + Rank,
    Index<R>: Value + Rank,
    Extent<R>: Value + Rank,
{
    /// Writes element `idx`.
    pub fn store(self, b: &mut KernelBuilder, idx: KernelValue<Index<R>>, value: KernelValue<T>) {
        let (pointers, check) = self.element(b, idx.handle(), AccessKind::ViewWrite, false);
        View::<T, N, ReadWrite>::store_entries(b, pointers, check, value);
    }

    /// The place of element `idx`, to assign a part of it.
    pub fn place(self, b: &mut KernelBuilder, idx: KernelValue<Index<R>>) -> Place<T> {
        let (pointers, check) = self.element(b, idx.handle(), AccessKind::ViewWrite, true);
        View::<T, N, ReadWrite>::entry_place(b, pointers, check)
    }
}

#[diagnostic::do_not_recommend]
impl<T, const N: usize, const R: usize, A> Read for Section<T, N, R, A> {
    type Output = Self;
    fn read(self, _: &mut KernelBuilder) -> Self {
        self
    }
}

impl<T, const N: usize, const R: usize, A> IntoPlace for Section<T, N, R, A> {
    type Place = Self;
    fn into_place(self, _: &mut KernelBuilder) -> Self {
        self
    }
}

fn as_i32<I: IndexInt>(b: &mut KernelBuilder, i: KernelValue<I>) -> Handle<Expression> {
    crate::view::as_i32(b, i).handle()
}

macro_rules! element_access {
    ($($r:literal),*) => {$(
        impl<T: Element, const N: usize, A: Access> IndexRead<KernelValue<Index<$r>>> for Section<T, N, $r, A>
        where
            Index<N>: Value + Rank,
            Extent<N>: Value + Rank,
        {
            type Output = KernelValue<T>;
            fn index_read(self, b: &mut KernelBuilder, i: KernelValue<Index<$r>>) -> KernelValue<T> {
                self.load(b, i)
            }
        }

        impl<T: Element, const N: usize> IndexWrite<KernelValue<Index<$r>>, KernelValue<T>>
            for Section<T, N, $r, ReadWrite>
        where
            Index<N>: Value + Rank,
            Extent<N>: Value + Rank,
        {
            fn index_write(self, b: &mut KernelBuilder, i: KernelValue<Index<$r>>, value: KernelValue<T>) {
                self.store(b, i, value)
            }
        }

        impl<T: Element, const N: usize> IndexPlace<KernelValue<Index<$r>>> for Section<T, N, $r, ReadWrite>
        where
            Index<N>: Value + Rank,
            Extent<N>: Value + Rank,
        {
            type Output = Place<T>;
            fn index_place(self, b: &mut KernelBuilder, i: KernelValue<Index<$r>>) -> Place<T> {
                self.place(b, i)
            }
        }
    )*};
}
element_access!(1, 2, 3);

/// A rank-1 section is indexed by an integer.
impl<T: Element, const N: usize, A: Access, I: IndexInt> IndexRead<KernelValue<I>>
    for Section<T, N, 1, A>
where
    Index<N>: Value + Rank,
    Extent<N>: Value + Rank,
{
    type Output = KernelValue<T>;
    fn index_read(self, b: &mut KernelBuilder, i: KernelValue<I>) -> KernelValue<T> {
        let i = as_i32(b, i);
        self.load(b, KernelValue::from_handle(i))
    }
}

impl<T: Element, const N: usize, I: IndexInt> IndexWrite<KernelValue<I>, KernelValue<T>>
    for Section<T, N, 1, ReadWrite>
where
    Index<N>: Value + Rank,
    Extent<N>: Value + Rank,
{
    fn index_write(self, b: &mut KernelBuilder, i: KernelValue<I>, value: KernelValue<T>) {
        let i = as_i32(b, i);
        self.store(b, KernelValue::from_handle(i), value)
    }
}

impl<T: Element, const N: usize, I: IndexInt> IndexPlace<KernelValue<I>>
    for Section<T, N, 1, ReadWrite>
where
    Index<N>: Value + Rank,
    Extent<N>: Value + Rank,
{
    type Output = Place<T>;
    fn index_place(self, b: &mut KernelBuilder, i: KernelValue<I>) -> Place<T> {
        let i = as_i32(b, i);
        self.place(b, KernelValue::from_handle(i))
    }
}

impl<T: Element, const N: usize, A: Access> IndexConst for Section<T, N, 1, A>
where
    Index<N>: Value + Rank,
    Extent<N>: Value + Rank,
{
    type Output = KernelValue<T>;
    fn index_const(self, b: &mut KernelBuilder, i: u32) -> KernelValue<T> {
        let i = b.literal(i as i32);
        self.load(b, KernelValue::from_handle(i.handle()))
    }
}

/// Projections: a view or section of rank 2 or 3 indexed by one integer is the section of
/// rank one less at that leading index (C++ AMP `array_view<T, N>::operator[](int)`).
macro_rules! projection {
    ($($r:literal => $s:literal),*) => {$(
        impl<T: Element, const N: usize, A: Access, I: IndexInt> IndexRead<KernelValue<I>>
            for Section<T, N, $r, A>
        where
            Index<N>: Value + Rank,
            Extent<N>: Value + Rank,
        {
            type Output = Section<T, N, $s, A>;
            fn index_read(self, b: &mut KernelBuilder, i: KernelValue<I>) -> Self::Output {
                let i = as_i32(b, i);
                self.fix(b, i)
            }
        }

        impl<T: Element, const N: usize, A: Access> IndexConst for Section<T, N, $r, A>
        where
            Index<N>: Value + Rank,
            Extent<N>: Value + Rank,
        {
            type Output = Section<T, N, $s, A>;
            fn index_const(self, b: &mut KernelBuilder, i: u32) -> Self::Output {
                let i = literal_i32(b, i as i32);
                self.fix(b, i)
            }
        }

        impl<T: Element, const N: usize, I: IndexInt> IndexPlace<KernelValue<I>>
            for Section<T, N, $r, ReadWrite>
        where
            Index<N>: Value + Rank,
            Extent<N>: Value + Rank,
        {
            type Output = Section<T, N, $s, ReadWrite>;
            fn index_place(self, b: &mut KernelBuilder, i: KernelValue<I>) -> Self::Output {
                let i = as_i32(b, i);
                self.fix(b, i)
            }
        }

        impl<T: Element, A: Access, I: IndexInt> IndexRead<KernelValue<I>> for View<T, $r, A> {
            type Output = Section<T, $r, $s, A>;
            fn index_read(self, b: &mut KernelBuilder, i: KernelValue<I>) -> Self::Output {
                let i = as_i32(b, i);
                self.whole(b).fix(b, i)
            }
        }

        impl<T: Element, A: Access> IndexConst for View<T, $r, A> {
            type Output = Section<T, $r, $s, A>;
            fn index_const(self, b: &mut KernelBuilder, i: u32) -> Self::Output {
                let i = literal_i32(b, i as i32);
                self.whole(b).fix(b, i)
            }
        }

        impl<T: Element, I: IndexInt> IndexPlace<KernelValue<I>> for View<T, $r, ReadWrite> {
            type Output = Section<T, $r, $s, ReadWrite>;
            fn index_place(self, b: &mut KernelBuilder, i: KernelValue<I>) -> Self::Output {
                let i = as_i32(b, i);
                self.whole(b).fix(b, i)
            }
        }
    )*};
}
projection!(2 => 1, 3 => 2);

impl<T, const N: usize, const R: usize> Section<T, N, R, ReadWrite> {
    /// This section as a read-only section of the same data (as [`View::as_const`]).
    pub fn as_const(self, b: &mut KernelBuilder) -> Section<T, N, R, crate::view::ReadOnly> {
        Section {
            view: self.view.as_const(b),
            origin: self.origin,
            extent: self.extent,
            strides: self.strides,
        }
    }
}

#[diagnostic::do_not_recommend]
impl<T, const N: usize, const R: usize> crate::view::ViewInto for Section<T, N, R, ReadWrite> {
    type Output = Section<T, N, R, crate::view::ReadOnly>;
    fn view_into(self, b: &mut KernelBuilder) -> Self::Output {
        self.as_const(b)
    }
}

impl<T: Element, const N: usize, A: Access> Section<T, N, 1, A>
where
    Index<N>: Value + Rank,
    Extent<N>: Value + Rank,
{
    /// This rank-1 section as a view of rank `M` and `extent` over its first `extent.size()`
    /// elements ([`View::view_as`] of the section as a view).
    pub fn view_as<const M: usize>(
        self,
        b: &mut KernelBuilder,
        extent: KernelValue<Extent<M>>,
    ) -> Section<T, 1, M, A>
    where
        Index<M>: Value + Rank,
        Extent<M>: Value + Rank,
    {
        self.as_view(b).view_as(b, extent)
    }
}
