//! Matrix fragments for the matrix units (tensor cores): CUDA's WMMA fragments, SYCL's
//! `joint_matrix`, naga's cooperative matrices (SPIR-V `CooperativeMatrixKHR`).
//!
//! A fragment is an `M`×`N` tile of a matrix held jointly by the lanes of one subgroup: no lane
//! sees its elements. [`MatrixA`] (`M`×`K`) and [`MatrixB`] (`K`×`N`) are the inputs of a
//! multiply-add, [`MatrixAcc`] (`M`×`N`) its accumulator: `acc = a.multiply_add(b, acc)` is
//! `acc + a·b` on the matrix units. Fragments are loaded from and stored to tile_static arrays
//! and array views with a stride (elements between the first elements of consecutive rows, or
//! columns for [`Layout::ColumnMajor`]). In kernels a fragment is a kernel value
//! (`KernelValue<MatrixA<f16, 16, 16>>`): `MatrixA::<f16, 16, 16>::load(ta, first, stride,
//! Layout::RowMajor)` and `MatrixAcc::<f32, 16, 16>::zero()` are kernel functions,
//! `a.multiply_add(b, acc)` and `acc.store(view, first, stride, layout)` methods.
//!
//! What naga can express is checked by the compiler: fragments are 8×8 or 16×16
//! ([`FragmentSize`]) of an element type the matrix units take ([`MatrixScalar`]). What the
//! device runs is checked at launch against [`MatrixShape`]s it reports: a kernel whose
//! multiply-adds, or whose fragments, the device lacks is `KernelError::UnsupportedMatrix`,
//! naming the shape and listing the device's.
//!
//! Fragments are subgroup-cooperative: every lane of the subgroup must reach a load, store or
//! multiply-add together, with the same pointer and stride. Kernels using them are tiled, and
//! the operations follow the rule of barriers (tile-uniform control flow; `uniformity.rs`).

use crate::builder::{
    AccessKind, Check, CheckBuilder, DeviceFn, KernelBuilder, KernelValue, Marker, SiteBound,
};
use crate::shape::{Extent, Index};
use crate::tile_static::TileStatic;
use crate::types::{Rank, Scalar, Value};
use crate::value::Read;
use crate::view::{Access, ReadWrite, View};
use naga::{
    BinaryOperator, CooperativeRole, CooperativeSize, Expression, Handle, Statement, TypeInner,
};
use std::fmt;
use std::marker::PhantomData;

/// An element type of matrix fragments, as devices report them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MatrixScalarType {
    /// 16-bit float.
    F16,
    /// 32-bit float.
    F32,
    /// 32-bit signed integer.
    I32,
    /// 32-bit unsigned integer.
    U32,
}

impl MatrixScalarType {
    /// The naga scalar.
    pub fn naga_scalar(self) -> naga::Scalar {
        match self {
            MatrixScalarType::F16 => naga::Scalar::F16,
            MatrixScalarType::F32 => naga::Scalar::F32,
            MatrixScalarType::I32 => naga::Scalar::I32,
            MatrixScalarType::U32 => naga::Scalar::U32,
        }
    }

    /// The type of a naga scalar, if fragments can hold it.
    pub fn of(scalar: naga::Scalar) -> Option<Self> {
        [Self::F16, Self::F32, Self::I32, Self::U32]
            .into_iter()
            .find(|t| t.naga_scalar() == scalar)
    }
}

impl fmt::Display for MatrixScalarType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MatrixScalarType::F16 => "f16",
            MatrixScalarType::F32 => "f32",
            MatrixScalarType::I32 => "i32",
            MatrixScalarType::U32 => "u32",
        })
    }
}

/// A multiply-add the matrix units run: `C (m×n, accumulator) += A (m×k, input) · B (k×n,
/// input)`, one subgroup's operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatrixShape {
    /// Rows of A and C.
    pub m: u32,
    /// Columns of B and C.
    pub n: u32,
    /// Columns of A, rows of B.
    pub k: u32,
    /// The element type of A and B.
    pub input: MatrixScalarType,
    /// The element type of C and the result.
    pub accumulator: MatrixScalarType,
}

impl fmt::Display for MatrixShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}x{}x{} {}·{} + {}",
            self.m, self.n, self.k, self.input, self.input, self.accumulator
        )
    }
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for f32 {}
    impl Sealed for half::f16 {}
    impl<const R: usize, const C: usize> Sealed for super::Size<R, C> {}
}

/// An element type of fragments that naga can express (f16 and f32). Sealed.
#[diagnostic::on_unimplemented(
    message = "matrix fragments hold f16 or f32, not `{Self}`",
    note = "declare the fragment as MatrixA<f16, 16, 16>, MatrixAcc<f32, 16, 16>, …"
)]
pub trait MatrixScalar: Scalar + sealed::Sealed {
    /// The type as devices report it.
    const TYPE: MatrixScalarType;
}

impl MatrixScalar for f32 {
    const TYPE: MatrixScalarType = MatrixScalarType::F32;
}

impl MatrixScalar for half::f16 {
    const TYPE: MatrixScalarType = MatrixScalarType::F16;
}

/// The rows and columns of a fragment, as a type.
pub struct Size<const R: usize, const C: usize>;

/// Fragment sizes naga can express: 8×8 and 16×16. Sealed.
#[diagnostic::on_unimplemented(
    message = "matrix fragments are 8×8 or 16×16, not {Self}",
    note = "use MatrixA<T, 16, 16>, MatrixB<T, 16, 16>, MatrixAcc<T, 16, 16> (or 8, 8); the shapes a device runs are `Accelerator::matrix_shapes()`"
)]
pub trait FragmentSize: sealed::Sealed {
    /// naga's size of each side.
    const SIDE: CooperativeSize;
}

impl FragmentSize for Size<8, 8> {
    const SIDE: CooperativeSize = CooperativeSize::Eight;
}

impl FragmentSize for Size<16, 16> {
    const SIDE: CooperativeSize = CooperativeSize::Sixteen;
}

/// How a fragment's elements lie in memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Layout {
    /// Row after row: element (r, c) at `first + r·stride + c`.
    #[default]
    RowMajor,
    /// Column after column: element (r, c) at `first + c·stride + r`.
    ColumnMajor,
}

impl Layout {
    fn row_major(self) -> bool {
        self == Layout::RowMajor
    }
}

/// A matrix fragment type: [`MatrixA`], [`MatrixB`] or [`MatrixAcc`] of an element type and a
/// size naga can express. Its kernel values are `KernelValue<Self>`: locals, reassigned,
/// returned from branches, like any kernel value (not elements of local arrays: those hold data).
pub trait Fragment: Value {
    /// The element type.
    type Scalar: MatrixScalar;
    /// naga's size of each side.
    const SIDE: CooperativeSize;
    /// The role in a multiply-add.
    const ROLE: CooperativeRole;
}

macro_rules! fragment {
    ($(#[$doc:meta])* $name:ident<$r:ident, $c:ident>, $role:expr) => {
        $(#[$doc])*
        pub struct $name<T, const $r: usize, const $c: usize>(PhantomData<fn() -> T>);

        impl<T, const $r: usize, const $c: usize> Clone for $name<T, $r, $c> {
            fn clone(&self) -> Self {
                *self
            }
        }

        impl<T, const $r: usize, const $c: usize> Copy for $name<T, $r, $c> {}

        impl<T: MatrixScalar, const $r: usize, const $c: usize> Value for $name<T, $r, $c>
        where
            Size<$r, $c>: FragmentSize,
        {
            fn naga_type(b: &mut KernelBuilder) -> Handle<naga::Type> {
                fragment_type(b, <Size<$r, $c>>::SIDE, T::TYPE, $role)
            }
            fn name() -> &'static str {
                stringify!($name)
            }
        }

        impl<T: MatrixScalar, const $r: usize, const $c: usize> Fragment for $name<T, $r, $c>
        where
            Size<$r, $c>: FragmentSize,
        {
            type Scalar = T;
            const SIDE: CooperativeSize = <Size<$r, $c>>::SIDE;
            const ROLE: CooperativeRole = $role;
        }

        // The bounds are the function's, not the impl's: an unsupported size or element type
        // is then reported through their `on_unimplemented` messages, not as a missing
        // function.
        impl<T, const $r: usize, const $c: usize> $name<T, $r, $c> {
            /// In a kernel, `load(memory, first, stride, layout)`: loads the fragment from a
            /// tile_static array or an array view of its element type, its first element at
            /// element `first` (of the array, or of the view's storage from its first
            /// element), `stride` elements between consecutive rows ([`Layout::RowMajor`]) or
            /// columns. In a checked launch the whole rectangle must lie in the memory: else
            /// the launch reports the fault (the fragment is then loaded from the memory's
            /// first element, its value unspecified). (WMMA's
            /// `load_matrix_sync`, SYCL's `joint_matrix_load`.)
            pub fn load<A: crate::host::KernelOnly<Load<Self>>>(
                memory: A,
                first: A,
                stride: A,
                layout: A,
            ) -> Load<Self>
            where
                T: MatrixScalar,
                Size<$r, $c>: FragmentSize,
            {
                let _ = (memory, first, stride, layout);
                Load(PhantomData)
            }
        }
    };
}

fragment!(
    /// The left input of a multiply-add: an `M`×`K` fragment (WMMA's `matrix_a`, SYCL's
    /// `use::a`).
    MatrixA<M, K>,
    CooperativeRole::A
);
fragment!(
    /// The right input of a multiply-add: a `K`×`N` fragment (WMMA's `matrix_b`, SYCL's
    /// `use::b`).
    MatrixB<K, N>,
    CooperativeRole::B
);
fragment!(
    /// The accumulator of a multiply-add: an `M`×`N` fragment (WMMA's `accumulator`, SYCL's
    /// `use::accumulator`).
    MatrixAcc<M, N>,
    CooperativeRole::C
);

impl<T, const M: usize, const N: usize> MatrixAcc<T, M, N> {
    /// In a kernel, `zero()`: a fragment of zeros (WMMA's `fill_fragment(acc, 0)`, SYCL's
    /// `joint_matrix_fill(sg, acc, 0)`).
    pub fn zero() -> Zero<Self>
    where
        T: MatrixScalar,
        Size<M, N>: FragmentSize,
    {
        Zero(PhantomData)
    }
}

/// The marker of a fragment's `load` in kernels.
pub struct Load<F>(PhantomData<fn() -> F>);

/// The marker of an accumulator's `zero` in kernels.
pub struct Zero<F>(PhantomData<fn() -> F>);

macro_rules! markers {
    ($($m:ident),*) => {$(
        impl<F> Clone for $m<F> {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<F> Copy for $m<F> {}
        impl<F: 'static> Marker for $m<F> {
            const MARKER: Self = $m(PhantomData);
        }
    )*};
}
markers!(Load, Zero);

impl<F: Fragment> DeviceFn<()> for Zero<F> {
    type Output = KernelValue<F>;
    fn call(&self, b: &mut KernelBuilder, (): ()) -> KernelValue<F> {
        b.zero::<F>()
    }
}

impl<F: Fragment, S: FragmentMemory<F::Scalar>>
    DeviceFn<(S, KernelValue<u32>, KernelValue<u32>, Layout)> for Load<F>
{
    type Output = KernelValue<F>;
    fn call(
        &self,
        b: &mut KernelBuilder,
        (memory, first, stride, layout): (S, KernelValue<u32>, KernelValue<u32>, Layout),
    ) -> KernelValue<F> {
        // Interned so that `needs` finds the fragment type among the module's types.
        F::naga_type(b);
        let (data, check) = fragment_access(
            b,
            memory,
            first,
            stride,
            layout,
            F::SIDE,
            AccessKind::ViewRead,
        );
        let load = b.append(Expression::CooperativeLoad {
            columns: F::SIDE,
            rows: F::SIDE,
            role: F::ROLE,
            data,
        });
        if let Some(check) = check {
            b.note_fault(&check);
        }
        KernelValue::from_handle(load)
    }
}

impl<F: Fragment> KernelValue<F> {
    /// Stores the fragment into a tile_static array or a read-write array view as
    /// [`load`](MatrixA::load) reads it (WMMA's `store_matrix_sync`, SYCL's
    /// `joint_matrix_store`). In a checked launch a rectangle not wholly in the memory is not
    /// stored (the memory's first `side`² elements are rewritten with what they hold), and
    /// the launch reports the fault.
    pub fn store<S: FragmentTarget<F::Scalar>>(
        self,
        b: &mut KernelBuilder,
        memory: S,
        first: KernelValue<u32>,
        stride: KernelValue<u32>,
        layout: Layout,
    ) {
        let (data, check) = fragment_access(
            b,
            memory,
            first,
            stride,
            layout,
            F::SIDE,
            AccessKind::ViewWrite,
        );
        let Some(check) = check else {
            return b.push(Statement::CooperativeStore {
                target: self.handle(),
                data,
            });
        };
        // Out of range, the fragment goes where the clamped position points, so it must hold
        // what is there already: the fragment stored is the one loaded from there.
        let there = b.append(Expression::CooperativeLoad {
            columns: F::SIDE,
            rows: F::SIDE,
            role: F::ROLE,
            data,
        });
        let stored = b.var_uninit::<F>(None);
        b.store(stored, KernelValue::from_handle(there));
        b.begin_if(KernelValue::from_handle(check.ok()));
        b.store(stored, self);
        b.end_if();
        let target = b.load(stored).handle();
        b.push(Statement::CooperativeStore { target, data });
        b.note_fault(&check);
    }
}

impl<T: MatrixScalar, const M: usize, const K: usize> KernelValue<MatrixA<T, M, K>>
where
    Size<M, K>: FragmentSize,
{
    /// `acc + self · rhs` on the matrix units (WMMA's `mma_sync`, SYCL's
    /// `joint_matrix_mad`). The sizes agree by type; whether the device runs this shape and
    /// these element types is checked at launch.
    pub fn multiply_add<A: MatrixScalar, const N: usize>(
        self,
        b: &mut KernelBuilder,
        rhs: KernelValue<MatrixB<T, K, N>>,
        acc: KernelValue<MatrixAcc<A, M, N>>,
    ) -> KernelValue<MatrixAcc<A, M, N>>
    where
        Size<K, N>: FragmentSize,
        Size<M, N>: FragmentSize,
    {
        KernelValue::from_handle(b.append(Expression::CooperativeMultiplyAdd {
            a: self.handle(),
            b: rhs.handle(),
            c: acc.handle(),
        }))
    }
}

#[diagnostic::do_not_recommend]
impl Read for Layout {
    type Output = Layout;
    fn read(self, _: &mut KernelBuilder) -> Layout {
        self
    }
}

/// Memory a fragment of `T`s is loaded from: a tile_static array (`[T; L]`) or an array view
/// of `T`.
#[diagnostic::on_unimplemented(
    message = "matrix fragments of `{T}` are not loaded from `{Self}`",
    note = "fragments are loaded from tile_static arrays `[T; L]` and array views of their element type"
)]
pub trait FragmentMemory<T>: Copy {
    /// The check (checked launches) that element `last` lies in the memory.
    fn fragment_check(
        self,
        b: &mut KernelBuilder,
        last: Handle<Expression>,
        kind: AccessKind,
    ) -> Option<Check>;

    /// A pointer to element `first`.
    fn fragment_pointer(
        self,
        b: &mut KernelBuilder,
        first: Handle<Expression>,
    ) -> Handle<Expression>;
}

/// Memory a fragment of `T`s is stored to: a tile_static array or a read-write array view.
#[diagnostic::on_unimplemented(
    message = "matrix fragments of `{T}` are not stored to `{Self}`",
    note = "fragments are stored to tile_static arrays `[T; L]` and read-write array views of their element type"
)]
pub trait FragmentTarget<T>: FragmentMemory<T> {}

/// The index of a fragment's last element: `first + (side − 1)·stride + side − 1`, either
/// layout (fragments are square).
fn last_element(
    b: &mut KernelBuilder,
    first: KernelValue<u32>,
    stride: KernelValue<u32>,
    side: CooperativeSize,
) -> Handle<Expression> {
    let reach = b.literal(side as u32 - 1).handle();
    let rows = b.binary(BinaryOperator::Multiply, reach, stride.handle());
    let last = b.binary(BinaryOperator::Add, first.handle(), rows);
    b.binary(BinaryOperator::Add, last, reach)
}

/// Where a fragment of `side`×`side` elements `stride` apart from element `first` of `memory`
/// is, for a cooperative load or store, and the check (checked launches) that its last element
/// lies in the memory.
///
/// naga requires cooperative operations in uniform control flow and holds a value read from a
/// function's local variable non-uniform, so a checked operation is not put under its check:
/// it runs always, at element 0 with a stride of `side` when the check fails (the footprint
/// `side`² elements from the memory's first; the launch reports the fault). Memory smaller
/// than that footprint is still accessed past its end there, where the device's robust buffer
/// access keeps a view's access inside its binding.
fn fragment_access<T, S: FragmentMemory<T>>(
    b: &mut KernelBuilder,
    memory: S,
    first: KernelValue<u32>,
    stride: KernelValue<u32>,
    layout: Layout,
    side: CooperativeSize,
    kind: AccessKind,
) -> (naga::CooperativeData, Option<Check>) {
    let last = last_element(b, first, stride, side);
    let check = memory.fragment_check(b, last, kind);
    let (first, stride) = match &check {
        None => (first.handle(), stride.handle()),
        Some(check) => {
            let zero = b.literal(0u32).handle();
            let side = b.literal(side as u32).handle();
            let first = b.append(Expression::Select {
                condition: check.ok(),
                accept: first.handle(),
                reject: zero,
            });
            let stride = b.append(Expression::Select {
                condition: check.ok(),
                accept: stride.handle(),
                reject: side,
            });
            (first, stride)
        }
    };
    let data = naga::CooperativeData {
        pointer: memory.fragment_pointer(b, first),
        stride,
        row_major: layout.row_major(),
    };
    (data, check)
}

impl<T: MatrixScalar, const L: usize> FragmentMemory<T> for TileStatic<[T; L]> {
    fn fragment_check(
        self,
        b: &mut KernelBuilder,
        last: Handle<Expression>,
        _: AccessKind,
    ) -> Option<Check> {
        let mut check = CheckBuilder::new(AccessKind::TileStatic);
        check.component(b, last, SiteBound::Const(L as u32));
        check.finish()
    }

    fn fragment_pointer(
        self,
        b: &mut KernelBuilder,
        first: Handle<Expression>,
    ) -> Handle<Expression> {
        if !self.in_tile_static() {
            b.error(
                "matrix fragments are loaded from and stored to tile_static arrays and array \
                 views, not local arrays",
            );
        }
        b.append(Expression::Access {
            base: self.pointer(),
            index: first,
        })
    }
}

impl<T: MatrixScalar, const L: usize> FragmentTarget<T> for TileStatic<[T; L]> {}

impl<T: MatrixScalar, const N: usize, A: Access> FragmentMemory<T> for View<T, N, A>
where
    Index<N>: Value + Rank,
    Extent<N>: Value + Rank,
{
    fn fragment_check(
        self,
        b: &mut KernelBuilder,
        last: Handle<Expression>,
        kind: AccessKind,
    ) -> Option<Check> {
        let span = self.linear_span(b);
        let mut check = CheckBuilder::new(kind);
        check.component_below(b, last, span);
        check.finish()
    }

    fn fragment_pointer(
        self,
        b: &mut KernelBuilder,
        first: Handle<Expression>,
    ) -> Handle<Expression> {
        self.linear_pointer(b, first)
    }
}

impl<T: MatrixScalar, const N: usize> FragmentTarget<T> for View<T, N, ReadWrite>
where
    Index<N>: Value + Rank,
    Extent<N>: Value + Rank,
{
}

/// The naga type of a fragment.
fn fragment_type(
    b: &mut KernelBuilder,
    side: CooperativeSize,
    scalar: MatrixScalarType,
    role: CooperativeRole,
) -> Handle<naga::Type> {
    b.intern_type(TypeInner::CooperativeMatrix {
        columns: side,
        rows: side,
        scalar: scalar.naga_scalar(),
        role,
    })
}

/// What a validated module's fragments need of the device: each fragment type's size,
/// element type and role, and each multiply-add's shape (from naga's types of its operands).
pub(crate) fn needs(module: &naga::Module, info: &naga::valid::ModuleInfo) -> Vec<MatrixNeed> {
    let mut needs = Vec::new();
    for (_, ty) in module.types.iter() {
        if let TypeInner::CooperativeMatrix {
            rows, scalar, role, ..
        } = ty.inner
        {
            if let Some(t) = MatrixScalarType::of(scalar) {
                needs.push(MatrixNeed::Fragment {
                    side: rows as u32,
                    scalar: t,
                    accumulator: role == CooperativeRole::C,
                });
            }
        }
    }
    let functions = module.functions.iter().map(|(h, f)| (f, &info[h])).chain(
        module
            .entry_points
            .iter()
            .enumerate()
            .map(|(i, e)| (&e.function, info.get_entry_point(i))),
    );
    for (function, finfo) in functions {
        let fragment = |e: Handle<Expression>| match *finfo[e].ty.inner_with(&module.types) {
            TypeInner::CooperativeMatrix { rows, scalar, .. } => {
                MatrixScalarType::of(scalar).map(|s| (rows as u32, s))
            }
            _ => None,
        };
        for (_, e) in function.expressions.iter() {
            if let Expression::CooperativeMultiplyAdd { a, c, .. } = *e {
                if let (Some((side, input)), Some((_, accumulator))) = (fragment(a), fragment(c)) {
                    let shape = MatrixShape {
                        m: side,
                        n: side,
                        k: side,
                        input,
                        accumulator,
                    };
                    if !needs.contains(&MatrixNeed::MultiplyAdd(shape)) {
                        needs.push(MatrixNeed::MultiplyAdd(shape));
                    }
                }
            }
        }
    }
    needs
}

/// One thing a kernel's fragments need of the device.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatrixNeed {
    /// Matrix fragments at all: the device has no matrix units, or amp did not enable them.
    Fragments,
    /// A multiply-add of this shape.
    MultiplyAdd(MatrixShape),
    /// A `side`×`side` fragment of `scalar`s, an input (A, B) or the accumulator.
    Fragment {
        /// Rows and columns.
        side: u32,
        /// The element type.
        scalar: MatrixScalarType,
        /// The accumulator's role (else an input's).
        accumulator: bool,
    },
}

impl MatrixNeed {
    /// Whether one of `shapes` provides this.
    pub(crate) fn met_by(&self, shapes: &[MatrixShape]) -> bool {
        match *self {
            MatrixNeed::Fragments => !shapes.is_empty(),
            MatrixNeed::MultiplyAdd(shape) => shapes.contains(&shape),
            MatrixNeed::Fragment {
                side,
                scalar,
                accumulator,
            } => shapes.iter().any(|s| {
                (s.m, s.n, s.k) == (side, side, side)
                    && if accumulator {
                        s.accumulator == scalar
                    } else {
                        s.input == scalar
                    }
            }),
        }
    }
}

impl fmt::Display for MatrixNeed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MatrixNeed::Fragments => write!(f, "matrix fragments"),
            MatrixNeed::MultiplyAdd(shape) => write!(f, "a {shape} multiply-add"),
            MatrixNeed::Fragment {
                side,
                scalar,
                accumulator,
            } => {
                let role = if accumulator { "accumulator" } else { "input" };
                write!(f, "a {side}x{side} {scalar} {role} fragment")
            }
        }
    }
}

/// Shapes naga cannot express are not fragments:
///
/// ```compile_fail
/// fn fragment<F: amp_core::matrix::Fragment>() {}
/// fragment::<amp_core::matrix::MatrixA<f32, 16, 8>>();
/// ```
///
/// nor are element types the matrix units do not take:
///
/// ```compile_fail
/// fn fragment<F: amp_core::matrix::Fragment>() {}
/// fragment::<amp_core::matrix::MatrixAcc<i32, 16, 16>>();
/// ```
///
/// while these are:
///
/// ```
/// use half::f16;
/// use amp_core::matrix::{MatrixA, MatrixAcc, MatrixB};
/// fn fragment<F: amp_core::matrix::Fragment>() {}
/// fragment::<MatrixA<f16, 16, 16>>();
/// fragment::<MatrixB<f32, 8, 8>>();
/// fragment::<MatrixAcc<f32, 16, 16>>();
/// ```
#[allow(dead_code)]
fn compile_checks() {}
