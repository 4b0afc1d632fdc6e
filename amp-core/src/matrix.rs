//! Matrix fragments for the matrix units (tensor cores): CUDA's WMMA fragments, SYCL's
//! `joint_matrix`, naga's cooperative matrices (SPIR-V `CooperativeMatrixKHR`).
//!
//! A fragment is an `M`×`N` tile of a matrix held jointly by the lanes of one subgroup: no lane
//! sees its elements. [`MatrixA`] (`M`×`K`) and [`MatrixB`] (`K`×`N`) are the inputs of a
//! multiply-add, [`MatrixAcc`] (`M`×`N`) its accumulator: `acc = a.multiply_add(b, acc)` is
//! `acc + a·b` on the matrix units. Fragments are loaded from and stored to tile_static arrays
//! with a stride (elements between the first elements of consecutive rows, or columns for
//! [`Layout::ColumnMajor`]).
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

use crate::builder::{KernelBuilder, KernelValue};
use crate::tile_static::TileStatic;
use crate::types::Scalar;
use naga::{CooperativeRole, CooperativeSize, Expression, Handle, Statement, TypeInner};
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

macro_rules! fragment {
    ($(#[$doc:meta])* $name:ident<$r:ident, $c:ident>, $role:expr) => {
        $(#[$doc])*
        pub struct $name<T, const $r: usize, const $c: usize> {
            handle: Handle<Expression>,
            _ty: PhantomData<fn() -> T>,
        }

        impl<T, const $r: usize, const $c: usize> Clone for $name<T, $r, $c> {
            fn clone(&self) -> Self {
                *self
            }
        }

        impl<T, const $r: usize, const $c: usize> Copy for $name<T, $r, $c> {}

        impl<T: MatrixScalar, const $r: usize, const $c: usize> $name<T, $r, $c>
        where
            Size<$r, $c>: FragmentSize,
        {
            const ROLE: CooperativeRole = $role;

            /// The naga type of this fragment.
            pub fn naga_type(b: &mut KernelBuilder) -> Handle<naga::Type> {
                fragment_type(b, <Size<$r, $c>>::SIDE, T::TYPE, Self::ROLE)
            }

            /// The fragment's naga expression.
            pub fn handle(self) -> Handle<Expression> {
                self.handle
            }

            /// Loads the fragment from `array`, its first element at `first`, `stride` elements
            /// between consecutive rows ([`Layout::RowMajor`]) or columns.
            pub fn load<const L: usize>(
                b: &mut KernelBuilder,
                array: TileStatic<[T; L]>,
                first: KernelValue<u32>,
                stride: KernelValue<u32>,
                layout: Layout,
            ) -> Self {
                let pointer = element_pointer(b, array, first);
                let side = <Size<$r, $c>>::SIDE;
                // Interned before the load so that the validator finds the type.
                Self::naga_type(b);
                let handle = b.append(Expression::CooperativeLoad {
                    columns: side,
                    rows: side,
                    role: Self::ROLE,
                    data: naga::CooperativeData {
                        pointer,
                        stride: stride.handle(),
                        row_major: layout.row_major(),
                    },
                });
                Self::from_handle(handle)
            }

            /// Stores the fragment into `array` as [`load`](Self::load) reads it.
            pub fn store<const L: usize>(
                self,
                b: &mut KernelBuilder,
                array: TileStatic<[T; L]>,
                first: KernelValue<u32>,
                stride: KernelValue<u32>,
                layout: Layout,
            ) {
                let pointer = element_pointer(b, array, first);
                b.push(Statement::CooperativeStore {
                    target: self.handle,
                    data: naga::CooperativeData {
                        pointer,
                        stride: stride.handle(),
                        row_major: layout.row_major(),
                    },
                });
            }

            fn from_handle(handle: Handle<Expression>) -> Self {
                $name {
                    handle,
                    _ty: PhantomData,
                }
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

impl<T: MatrixScalar, const M: usize, const N: usize> MatrixAcc<T, M, N>
where
    Size<M, N>: FragmentSize,
{
    /// A fragment of zeros (WMMA's `fill_fragment(acc, 0)`).
    pub fn zero(b: &mut KernelBuilder) -> Self {
        let ty = Self::naga_type(b);
        Self::from_handle(b.append(Expression::ZeroValue(ty)))
    }
}

impl<T: MatrixScalar, const M: usize, const K: usize> MatrixA<T, M, K>
where
    Size<M, K>: FragmentSize,
{
    /// `acc + self · rhs` on the matrix units (WMMA's `mma_sync`, SYCL's
    /// `joint_matrix_mad`). The sizes agree by type; whether the device runs this shape and
    /// these element types is checked at launch.
    pub fn multiply_add<A: MatrixScalar, const N: usize>(
        self,
        b: &mut KernelBuilder,
        rhs: MatrixB<T, K, N>,
        acc: MatrixAcc<A, M, N>,
    ) -> MatrixAcc<A, M, N>
    where
        Size<K, N>: FragmentSize,
        Size<M, N>: FragmentSize,
    {
        MatrixAcc::from_handle(b.append(Expression::CooperativeMultiplyAdd {
            a: self.handle,
            b: rhs.handle,
            c: acc.handle,
        }))
    }
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

/// A pointer to element `first` of a tile_static array.
fn element_pointer<T, const L: usize>(
    b: &mut KernelBuilder,
    array: TileStatic<[T; L]>,
    first: KernelValue<u32>,
) -> Handle<Expression> {
    b.append(Expression::Access {
        base: array.pointer(),
        index: first.handle(),
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

/// Shapes naga cannot express do not compile:
///
/// ```compile_fail
/// use amp_core::matrix::{Layout, MatrixA};
/// fn f(b: &mut amp_core::KernelBuilder, t: amp_core::tile_static::TileStatic<[f32; 256]>) {
///     let z = amp_core::ops::lit(b, 0u32);
///     let _ = MatrixA::<f32, 16, 8>::load(b, t, z, z, Layout::RowMajor);
/// }
/// ```
///
/// nor do element types the matrix units do not take:
///
/// ```compile_fail
/// use amp_core::matrix::MatrixAcc;
/// fn f(b: &mut amp_core::KernelBuilder) {
///     let _ = MatrixAcc::<i32, 16, 16>::zero(b);
/// }
/// ```
///
/// while these do:
///
/// ```
/// use amp_core::matrix::{Layout, MatrixA};
/// fn f(b: &mut amp_core::KernelBuilder, t: amp_core::tile_static::TileStatic<[f32; 256]>) {
///     let z = amp_core::ops::lit(b, 0u32);
///     let _ = MatrixA::<f32, 16, 16>::load(b, t, z, z, Layout::RowMajor);
///     let _ = MatrixA::<f32, 8, 8>::load(b, t, z, z, Layout::ColumnMajor);
/// }
/// ```
#[allow(dead_code)]
fn compile_checks() {}
