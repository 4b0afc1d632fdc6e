//! Kernel-side values: [`KernelValue`] (an SSA value) and [`Var`] (a mutable local).

use super::KernelBuilder;
use crate::types::{type_of, Scalar, Value};
use naga::{Expression, Handle, Literal, LocalVariable, ScalarKind, Statement};
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
    /// The pointer expression of the local.
    pub fn handle(self) -> Handle<Expression> {
        self.pointer
    }
}

/// Reading a kernel name: a value reads as itself, a mutable local loads its current value.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be used as a value in a kernel",
    label = "not a kernel value",
    note = "kernels read kernel values (i32, u32, f32, bool, Index, Extent, short vectors, #[derive(Element)] structs), views, and host constants of those types; a #[kernel] fn is called (`f(x)`), not used as a value"
)]
pub trait Read {
    /// What reading yields.
    type Output;
    /// Reads the value at this point of the kernel.
    fn read(self, b: &mut KernelBuilder) -> Self::Output;
}

impl<T> Read for KernelValue<T> {
    type Output = KernelValue<T>;
    fn read(self, _: &mut KernelBuilder) -> KernelValue<T> {
        self
    }
}

impl<T: Value> Read for Var<T> {
    type Output = KernelValue<T>;
    fn read(self, b: &mut KernelBuilder) -> KernelValue<T> {
        b.load(self)
    }
}

impl KernelBuilder {
    /// A literal.
    pub fn literal<T: Scalar>(&mut self, value: T) -> KernelValue<T> {
        if T::SCALAR.width == 8 {
            // The 64-bit capability check looks at the module's types.
            type_of::<T>(self);
        }
        KernelValue::from_handle(self.literal_expr(value.literal()))
    }

    /// A literal expression. naga (like WGSL) has no spelling for infinities and NaN, so a
    /// non-finite float is its bits as an unsigned literal, bit cast to the float type; an `f64`
    /// one goes through `f32` when that is exact (the IEEE conversion keeps infinities and NaN),
    /// so a kernel needs no 64-bit integers for `f64::INFINITY` or `f64::NAN`.
    pub(crate) fn literal_expr(&mut self, literal: Literal) -> Handle<Expression> {
        let (source, convert) = match literal {
            Literal::F32(v) if !v.is_finite() => (Literal::U32(v.to_bits()), None),
            Literal::F64(v) if !v.is_finite() => {
                let narrow = v as f32;
                if f64::from(narrow).to_bits() == v.to_bits() {
                    (Literal::F32(narrow), Some(8))
                } else {
                    type_of::<u64>(self);
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

    /// The zero value of `T`.
    pub fn zero<T: Value>(&mut self) -> KernelValue<T> {
        let ty = type_of::<T>(self);
        KernelValue::from_handle(self.append(Expression::ZeroValue(ty)))
    }

    /// Declares a mutable local without initialiser (naga zero-initialises it).
    pub fn var_uninit<T: Value>(&mut self, name: Option<&str>) -> Var<T> {
        let ty = type_of::<T>(self);
        let span = self.span();
        let local = self.cur.function.local_variables.append(
            LocalVariable {
                name: name.map(str::to_owned),
                ty,
                init: None,
            },
            span,
        );
        Var {
            pointer: self.append(Expression::LocalVariable(local)),
            _ty: PhantomData,
        }
    }

    /// Loads a local's current value.
    pub fn load<T: Value>(&mut self, var: Var<T>) -> KernelValue<T> {
        let pointer = var.pointer;
        KernelValue::from_handle(self.append(Expression::Load { pointer }))
    }

    /// Stores into a local.
    pub fn store<T: Value>(&mut self, var: Var<T>, value: KernelValue<T>) {
        self.push(Statement::Store {
            pointer: var.pointer,
            value: value.handle,
        });
    }
}
