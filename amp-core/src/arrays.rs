//! Arrays as values: a local array (`let n = [[p; 3]; 3];`, a place) passed to a device function
//! by value (`fn sum9(n: [[f32; 3]; 3])`), returned from one (`-> [f32; 4]`), and held in a
//! struct field (`Window { n }`), as Rust passes arrays by value.
//!
//! In the callee, an array parameter is a local array of its own (a copy, indexed and written
//! as any local array); an array result is copied into a new local array of the caller. An
//! array value (a struct's field read out, `KernelValue<[T; N]>`) is indexed as it is.

use crate::builder::{FnArg, FnResult, KernelBuilder, KernelValue};
use crate::place::{Place, Root};
use crate::tile_static::TileType;
use naga::{Expression, Handle, LocalVariable, Statement};

/// A new local array holding `value` (of the array type `[E; A]`).
fn local_copy<E: TileType, const A: usize>(
    b: &mut KernelBuilder,
    value: Handle<Expression>,
) -> Place<[E; A]> {
    let ty = <[E; A]>::naga_type(b);
    let span = b.span();
    let local = b.cur.function.local_variables.append(
        LocalVariable {
            name: None,
            ty,
            init: None,
        },
        span,
    );
    let pointer = b.append(Expression::LocalVariable(local));
    b.push(Statement::Store { pointer, value });
    Place::at(pointer, Root::Local, None)
}

/// The whole array at `place`, loaded (out of range, checked kernels: the clamped row, and the
/// fault recorded).
fn load<E: TileType, const A: usize>(
    place: Place<[E; A]>,
    b: &mut KernelBuilder,
) -> Handle<Expression> {
    let value = b.append(Expression::Load {
        pointer: place.pointer(),
    });
    let check = place.check(b);
    let ty = <[E; A]>::naga_type(b);
    b.checked_value(check, value, ty)
}

/// An array passed by value: its elements are the argument; the callee holds a copy.
impl<E: TileType, const A: usize> FnArg for Place<[E; A]> {
    fn key(&self, _: &KernelBuilder, _: &mut Vec<u32>) {}

    fn param(&self, b: &mut KernelBuilder) -> Self {
        let ty = <[E; A]>::naga_type(b);
        let arguments = &mut b.cur.function.arguments;
        let index = arguments.len() as u32;
        arguments.push(naga::FunctionArgument {
            name: None,
            ty,
            binding: None,
        });
        let value = b.append(Expression::FunctionArgument(index));
        local_copy(b, value)
    }

    fn argument(&self, b: &mut KernelBuilder, out: &mut Vec<Handle<Expression>>) {
        out.push(load(*self, b));
    }
}

/// An array returned by value: the caller receives a local array holding it.
impl<E: TileType, const A: usize> FnResult for Place<[E; A]> {
    fn result_type(b: &mut KernelBuilder) -> Option<Handle<naga::Type>> {
        Some(<[E; A]>::naga_type(b))
    }

    fn handle(&self, b: &mut KernelBuilder) -> Option<Handle<Expression>> {
        Some(load(*self, b))
    }

    fn from_result(result: Option<Handle<Expression>>, b: &mut KernelBuilder) -> Self {
        let value = match result {
            Some(value) => value,
            None => {
                let ty = <[E; A]>::naga_type(b);
                b.append(Expression::ZeroValue(ty))
            }
        };
        local_copy(b, value)
    }
}

/// What a `#[kernel] fn` returning `[E; A]` ends with: a local array of that type. The
/// expansion calls `ArrayResult::<[E; A]>::array(value)` through the trait, so that a value of
/// another type is reported at the user's tokens, with no note on an internal function.
#[diagnostic::on_unimplemented(
    message = "this value is not the `{T}` array the function returns",
    label = "expected a local array of type `{T}`",
    note = "a #[kernel] fn returning an array ends with a local array of that type (`let r = [0.0f32; 4]; ... r`)"
)]
pub trait ArrayResult<T> {
    /// The array.
    fn array(self) -> Place<T>;
}

/// What [`ArrayResult`] is implemented through (one blanket implementation, so that its error
/// lists no internal types).
#[doc(hidden)]
pub trait LocalArrayOf<T> {
    /// The array.
    fn local_array(self) -> Place<T>;
}

impl<T> LocalArrayOf<T> for Place<T> {
    fn local_array(self) -> Place<T> {
        self
    }
}

#[diagnostic::do_not_recommend]
impl<T, V: LocalArrayOf<T>> ArrayResult<T> for V {
    fn array(self) -> Place<T> {
        self.local_array()
    }
}

/// A struct literal's field value that is a local array (`Window { n }`): the array's elements.
/// Found before [`FieldValue`] (by value), for local arrays only.
pub trait FieldFromArray {
    /// The array value.
    type Output;
    /// The whole array, loaded.
    fn amp_field(self, b: &mut KernelBuilder) -> Self::Output;
}

impl<E: TileType, const A: usize> FieldFromArray for Place<[E; A]> {
    type Output = KernelValue<[E; A]>;
    fn amp_field(self, b: &mut KernelBuilder) -> KernelValue<[E; A]> {
        KernelValue::from_handle(load(self, b))
    }
}

/// A struct literal's field value that is a value: itself (see [`FieldFromArray`]).
pub trait FieldValue: Copy {
    /// The value.
    fn amp_field(&self, _: &mut KernelBuilder) -> Self {
        *self
    }
}

impl<T: Copy> FieldValue for T {}

/// The components of a shape from `A` array elements (`value`, an `[i32; A]`): the shape is
/// one `i32` for rank 1, a vector up to rank 4, and an array above.
fn shape_from_array<S: crate::types::Value, const A: usize>(
    b: &mut KernelBuilder,
    value: Handle<Expression>,
) -> KernelValue<S> {
    let components: Vec<_> = (0..A as u32)
        .map(|index| b.append(Expression::AccessIndex { base: value, index }))
        .collect();
    if A == 1 {
        return KernelValue::from_handle(components[0]);
    }
    KernelValue::from_handle(b.compose::<S>(components))
}

macro_rules! shape_from_array {
    ($shape:ident) => {
        /// `Index::new(a)` / `Index::from(a)` of a local array of `i32`s (`let a = [i, j];`).
        impl<const A: usize> crate::ops::FromComponents<Place<[i32; A]>> for crate::$shape<A>
        where
            crate::$shape<A>: crate::types::Value + crate::types::Rank,
        {
            fn from_components(b: &mut KernelBuilder, a: Place<[i32; A]>) -> KernelValue<Self> {
                let value = load(a, b);
                shape_from_array::<Self, A>(b, value)
            }
        }

        /// `Index::new(a)` / `Index::from(a)` of an array value of `i32`s (a struct's field).
        impl<const A: usize> crate::ops::FromComponents<KernelValue<[i32; A]>> for crate::$shape<A>
        where
            crate::$shape<A>: crate::types::Value + crate::types::Rank,
        {
            fn from_components(
                b: &mut KernelBuilder,
                a: KernelValue<[i32; A]>,
            ) -> KernelValue<Self> {
                shape_from_array::<Self, A>(b, a.handle())
            }
        }
    };
}
shape_from_array!(Index);
shape_from_array!(Extent);
