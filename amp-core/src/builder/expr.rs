//! Kernel-side values as handles: [`KernelValue`] (an SSA value) and [`Var`] (a mutable local),
//! each a naga handle tagged with the Rust type it holds. What those types are, and the typed
//! operations on them, sit above the builder (`types.rs`, `value.rs`).

use super::KernelBuilder;
use naga::{Expression, Handle, Literal, ScalarKind, TypeInner};
use std::fmt;
use std::marker::PhantomData;

/// A kernel value of type `T`: a handle to a naga expression in the function being built.
pub struct KernelValue<T> {
    handle: Handle<Expression>,
    _ty: PhantomData<fn() -> T>,
}

/// A mutable kernel local (`let mut x`) of type `T`: a naga local variable.
pub struct Var<T> {
    pointer: Handle<Expression>,
    _ty: PhantomData<fn() -> T>,
}

macro_rules! copy_handle {
    ($name:ident) => {
        impl<T> Clone for $name<T> {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<T> Copy for $name<T> {}
        impl<T> fmt::Debug for $name<T> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!(stringify!($name), "({:?})"), self.handle())
            }
        }
    };
}
copy_handle!(KernelValue);
copy_handle!(Var);

impl<T> KernelValue<T> {
    /// Wraps a handle whose expression has type `T` (the caller's promise).
    pub fn from_handle(handle: Handle<Expression>) -> Self {
        KernelValue {
            handle,
            _ty: PhantomData,
        }
    }

    /// The naga expression.
    pub fn handle(self) -> Handle<Expression> {
        self.handle
    }
}

impl<T> Var<T> {
    /// Wraps the pointer expression of a local variable of type `T` (the caller's promise).
    pub(crate) fn from_pointer(pointer: Handle<Expression>) -> Self {
        Var {
            pointer,
            _ty: PhantomData,
        }
    }

    /// The pointer expression of the local.
    pub fn handle(self) -> Handle<Expression> {
        self.pointer
    }
}

impl KernelBuilder {
    /// A literal expression. naga (like WGSL) has no spelling for infinities and NaN, so a
    /// non-finite float is its bits as an unsigned literal, bit cast to the float type; an `f64`
    /// one goes through `f32` when that is exact (the IEEE conversion keeps infinities and NaN),
    /// so a kernel needs no 64-bit integers for `f64::INFINITY` or `f64::NAN`.
    pub(crate) fn literal_expr(&mut self, literal: Literal) -> Handle<Expression> {
        let (source, convert) = match literal {
            Literal::F32(v) if !v.is_finite() => (Literal::U32(v.to_bits()), None),
            // Through `f32`, which keeps infinities and NaN (no 16-bit integer to cast from).
            Literal::F16(v) if !v.is_finite() => (Literal::F32(v.to_f32()), Some(2)),
            Literal::F16(_) => {
                // The capability check reads the module's types.
                self.intern_type(TypeInner::Scalar(naga::Scalar::F16));
                return self.append(Expression::Literal(literal));
            }
            Literal::F64(v) if !v.is_finite() => {
                let narrow = v as f32;
                if f64::from(narrow).to_bits() == v.to_bits() {
                    (Literal::F32(narrow), Some(8))
                } else {
                    // A 64-bit literal makes the module use `u64` (the capability check reads the
                    // module's types).
                    self.intern_type(TypeInner::Scalar(naga::Scalar::U64));
                    (Literal::U64(v.to_bits()), None)
                }
            }
            other => return self.append(Expression::Literal(other)),
        };
        let expr = self.literal_expr(source);
        self.append(Expression::As {
            expr,
            kind: ScalarKind::Float,
            convert,
        })
    }
}
