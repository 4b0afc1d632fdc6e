//! What kernels print: the values `println!` and `assert!` take as arguments (see the
//! builder's `print.rs` for the print buffer and its records).

use crate::builder::{ArgShape, ArgType, KernelBuilder};
use crate::ops::{Checked, Operand};
use crate::shape::{Extent, Index};
use crate::short_vector::{Component, Vector};
use crate::types::Value;
use naga::{Expression, Handle};

pub use crate::builder::{Piece, PrintKind, Spec};

/// A type whose values kernels print.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be printed from a kernel",
    label = "not printable in a kernel",
    note = "kernels print i32, u32, f32, bool, f16, f64, i64, u64, short vectors, Index<N> and Extent<N> (a tiled index's fields); print a struct's fields one by one"
)]
pub trait Printable: Value {
    /// How the host formats it.
    const SHAPE: ArgShape;
}

macro_rules! printable {
    ($($t:ty),*) => {$(
        impl Printable for $t {
            const SHAPE: ArgShape = ArgShape::Scalar;
        }
    )*};
}
printable!(
    i32,
    u32,
    f32,
    bool,
    i64,
    u64,
    f64,
    half::f16,
    crate::norm::Norm,
    crate::norm::Unorm
);

macro_rules! printable_rank {
    ($($n:literal),*) => {$(
        impl Printable for Index<$n> {
            const SHAPE: ArgShape = ArgShape::Index($n);
        }
        impl Printable for Extent<$n> {
            const SHAPE: ArgShape = ArgShape::Extent($n);
        }
    )*};
}
printable_rank!(1, 2, 3, 4, 5, 6, 7, 8);

macro_rules! printable_vector {
    ($($n:literal),*) => {$(
        impl<T: Component> Printable for Vector<T, $n> {
            const SHAPE: ArgShape = ArgShape::Vector($n);
        }
    )*};
}
printable_vector!(2, 3, 4);

/// A printed argument: its type and its value's expression.
#[derive(Clone, Copy, Debug)]
pub struct PrintArg {
    ty: Option<ArgType>,
    value: Handle<Expression>,
}

/// `v` as an argument of `println!` or `assert!`, checked to be printable.
pub fn arg<V: Operand>(v: V) -> Checked<PrintArg, V>
where
    V::Value: Printable,
{
    Checked::new(v, |b, v| {
        let value = v.operand(b);
        let naga_ty = <V::Value as Value>::naga_type(b);
        let ty = b.print_arg_type(naga_ty, <V::Value as Printable>::SHAPE);
        PrintArg { ty, value }
    })
}

/// `println!` & co.: appends a record of `pieces` with `args` to the print buffer.
pub fn print(b: &mut KernelBuilder, kind: PrintKind, pieces: Vec<Piece>, args: &[PrintArg]) {
    let args = typed(b, args);
    b.print(kind, pieces, args);
}

/// `assert!` & co.: opens the branch where `condition` is false (its record is made there,
/// with [`print`] and [`PrintKind::Assertion`]).
pub fn begin_assert(b: &mut KernelBuilder, condition: crate::KernelValue<bool>) {
    b.begin_assert(condition);
}

/// Closes the branch [`begin_assert`] opened.
pub fn end_assert(b: &mut KernelBuilder) {
    b.end_if();
}

fn typed(b: &mut KernelBuilder, args: &[PrintArg]) -> Vec<(ArgType, Handle<Expression>)> {
    args.iter()
        .filter_map(|a| match a.ty {
            Some(ty) => Some((ty, a.value)),
            None => {
                b.error("internal error: a printed value of a type the print buffer lacks");
                None
            }
        })
        .collect()
}
