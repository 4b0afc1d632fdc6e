//! Typed kernel values over the builder: literals, zeros, locals, composites, and reading a name.
//!
//! The builder works on naga handles; this module is where a Rust type ([`Value`]) chooses the
//! naga type, so the builder never needs to know which types kernels have.

use crate::builder::{FnArg, FnResult, KernelBuilder, KernelValue, Var};
use crate::types::{type_of, Scalar, Value};
use naga::{Expression, FunctionArgument, Handle, LocalVariable, Statement, Type};

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

#[diagnostic::do_not_recommend]
impl<T> Read for KernelValue<T> {
    type Output = KernelValue<T>;
    fn read(self, _: &mut KernelBuilder) -> KernelValue<T> {
        self
    }
}

#[diagnostic::do_not_recommend]
impl<T: Value> Read for Var<T> {
    type Output = KernelValue<T>;
    fn read(self, b: &mut KernelBuilder) -> KernelValue<T> {
        b.load(self)
    }
}

impl KernelBuilder {
    /// A literal.
    pub fn literal<T: Scalar>(&mut self, value: T) -> KernelValue<T> {
        if T::SCALAR.width != 4 {
            // The 64- and 16-bit capability checks look at the module's types.
            type_of::<T>(self);
        }
        KernelValue::from_handle(self.literal_expr(value.literal()))
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
        Var::from_pointer(self.append(Expression::LocalVariable(local)))
    }

    /// Loads a local's current value.
    pub fn load<T: Value>(&mut self, var: Var<T>) -> KernelValue<T> {
        let pointer = var.handle();
        KernelValue::from_handle(self.append(Expression::Load { pointer }))
    }

    /// Stores into a local.
    pub fn store<T: Value>(&mut self, var: Var<T>, value: KernelValue<T>) {
        self.push(Statement::Store {
            pointer: var.handle(),
            value: value.handle(),
        });
    }

    /// Composes a value of `S` from its `i32` components (a single component is the value).
    pub(crate) fn compose<S: Value>(
        &mut self,
        components: Vec<Handle<Expression>>,
    ) -> Handle<Expression> {
        match components.as_slice() {
            [single] => *single,
            _ => {
                let ty = type_of::<S>(self);
                self.append(Expression::Compose { ty, components })
            }
        }
    }
}

impl<T: Value> FnArg for KernelValue<T> {
    fn key(&self, _: &KernelBuilder, _: &mut Vec<u32>) {}

    fn param(&self, b: &mut KernelBuilder) -> Self {
        let ty = type_of::<T>(b);
        let arguments = &mut b.cur.function.arguments;
        let index = arguments.len() as u32;
        arguments.push(FunctionArgument {
            name: None,
            ty,
            binding: None,
        });
        KernelValue::from_handle(b.append(Expression::FunctionArgument(index)))
    }

    fn argument(&self, _: &mut KernelBuilder, out: &mut Vec<Handle<Expression>>) {
        out.push(KernelValue::handle(*self));
    }
}

impl<T: Value> FnResult for KernelValue<T> {
    fn result_type(b: &mut KernelBuilder) -> Option<Handle<Type>> {
        Some(type_of::<T>(b))
    }
    fn handle(&self, _: &mut KernelBuilder) -> Option<Handle<Expression>> {
        Some(KernelValue::handle(*self))
    }
    fn from_result(result: Option<Handle<Expression>>, b: &mut KernelBuilder) -> Self {
        match result {
            Some(h) => KernelValue::from_handle(h),
            None => b.zero(),
        }
    }
}
