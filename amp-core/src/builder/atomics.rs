//! Atomic memory: a global retyped to hold atomics, and atomic statements on a pointer into it.
//!
//! A view or tile_static array is declared before the kernel body shows whether it is used
//! atomically, so its first atomic use retypes it ([`KernelBuilder::make_atomic`]). The typed
//! operations (`atomic.rs`) and the fault record (`fault.rs`) emit their atomics here.

use super::fault::Check;
use super::Entries;
use super::KernelBuilder;
use naga::{AtomicFunction, Expression, Handle, Statement, Type, TypeInner};

impl KernelBuilder {
    /// Makes `global` (a view's storage array or a tile_static array) hold atomics: its
    /// innermost scalar type becomes `atomic<scalar>`. Loads and stores already emitted through
    /// it stay valid: naga reads and writes atomics through plain `Load` and `Store`, which the
    /// backends emit as atomic loads and stores.
    pub(crate) fn make_atomic(&mut self, global: Handle<naga::GlobalVariable>) {
        let ty = self.module.global_variables[global].ty;
        let atomic = self.atomic_type(ty);
        self.module.global_variables[global].ty = atomic;
    }

    fn atomic_type(&mut self, ty: Handle<Type>) -> Handle<Type> {
        match self.module.types[ty].inner.clone() {
            TypeInner::Scalar(scalar) => self.intern_type(TypeInner::Atomic(scalar)),
            TypeInner::Array { base, size, stride } => {
                let base = self.atomic_type(base);
                self.intern_type(TypeInner::Array { base, size, stride })
            }
            _ => ty,
        }
    }

    /// Emits the atomic read-modify-write `fun` with `value` of the `scalar` at `pointer`, only
    /// when `check` passes; returns the element's previous value (zero when the check fails).
    pub(crate) fn atomic(
        &mut self,
        (entries, check): (Entries, Option<Check>),
        fun: AtomicFunction,
        value: Handle<Expression>,
        scalar: naga::Scalar,
    ) -> Handle<Expression> {
        let ty = self.intern_type(TypeInner::Scalar(scalar));
        self.checked_result(check, ty, |b| {
            b.at_entries(&entries, Some(ty), |b, pointers| {
                let result = b.append(Expression::AtomicResult {
                    ty,
                    comparison: false,
                });
                b.push(Statement::Atomic {
                    pointer: pointers[0],
                    fun,
                    value,
                    result: Some(result),
                });
                Some(result)
            })
            .unwrap_or(value)
        })
    }

    /// Emits an atomic compare-exchange of the `scalar` at `pointer`, only when `check` passes:
    /// stores `desired` if the element holds `expected`. Returns the element's previous value
    /// and whether the exchange happened.
    pub(crate) fn compare_exchange(
        &mut self,
        (entries, check): (Entries, Option<Check>),
        expected: Handle<Expression>,
        desired: Handle<Expression>,
        scalar: naga::Scalar,
    ) -> (Handle<Expression>, Handle<Expression>) {
        let ty = self.module.generate_predeclared_type(
            naga::PredeclaredType::AtomicCompareExchangeWeakResult(scalar),
        );
        let result = self.checked_result(check, ty, |b| {
            b.at_entries(&entries, Some(ty), |b, pointers| {
                let result = b.append(Expression::AtomicResult {
                    ty,
                    comparison: true,
                });
                b.push(Statement::Atomic {
                    pointer: pointers[0],
                    fun: AtomicFunction::Exchange {
                        compare: Some(expected),
                    },
                    value: desired,
                    result: Some(result),
                });
                Some(result)
            })
            .unwrap_or(desired)
        });
        let old = self.append(Expression::AccessIndex {
            base: result,
            index: 0,
        });
        let exchanged = self.append(Expression::AccessIndex {
            base: result,
            index: 1,
        });
        (old, exchanged)
    }
}
