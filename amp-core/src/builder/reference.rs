//! References passed to device functions: a place as its root and the path from it.
//!
//! naga takes pointer arguments only in the function and private address spaces, and SPIR-V's
//! logical addressing only a pointer to a whole variable. So a reference (`&mut a[i].pos`) is
//! passed as what it is made of: its **root**, the function-local variable it lies in (passed as
//! a pointer to the whole variable) or the global it lies in (a tile_static variable, a view's
//! binding: not passed, the function is specialised for it and names it directly, as it is for
//! views), and its **path**, the constant members (part of the specialisation's key) and the
//! run-time element indices (passed as `u32` arguments). The callee rebuilds the pointer from
//! them. A reference formed through a checked index also passes whether that index was in range
//! (a `bool`); the callee's accesses through it are checked against it (see `fault.rs`).

use super::{Check, KernelBuilder};
use naga::{AddressSpace, Expression, FunctionArgument, Handle, TypeInner};

/// Where a referenced place lies.
#[derive(Clone, Copy, Debug)]
enum PathRoot {
    /// A variable of the function (a local, or a pointer argument to a caller's local): the
    /// pointer to the whole variable, and the variable's type.
    Local {
        pointer: Handle<Expression>,
        ty: Handle<naga::Type>,
    },
    /// A global: a tile_static variable or a view's storage binding.
    Global(Handle<naga::GlobalVariable>),
}

/// One step from the root to the place.
#[derive(Clone, Copy, Debug)]
enum PathStep {
    /// A struct member or an element at a constant index.
    Member(u32),
    /// An element at an index computed in the kernel.
    Element(Handle<Expression>),
}

/// A place as its root and the path from it, in the function where the reference was formed.
#[derive(Clone, Debug)]
pub struct RefPath {
    root: PathRoot,
    steps: Vec<PathStep>,
}

/// A reference's root and path, kept by the builder so that references stay `Copy`.
#[derive(Clone, Copy, Debug)]
pub struct RefPathId(usize);

impl KernelBuilder {
    /// The path of the place `pointer` points to, in the function being built; `None` (after a
    /// build error) for a pointer of another form.
    pub(crate) fn ref_path(&mut self, pointer: Handle<Expression>) -> Option<RefPathId> {
        let exprs = &self.cur.function.expressions;
        let mut steps = Vec::new();
        let mut p = pointer;
        let root = loop {
            match exprs[p] {
                Expression::AccessIndex { base, index } => {
                    steps.push(PathStep::Member(index));
                    p = base;
                }
                Expression::Access { base, index } => {
                    steps.push(PathStep::Element(index));
                    p = base;
                }
                Expression::LocalVariable(l) => {
                    let ty = self.cur.function.local_variables[l].ty;
                    break Some(PathRoot::Local { pointer: p, ty });
                }
                Expression::FunctionArgument(k) => {
                    let arg_ty = self.cur.function.arguments.get(k as usize).map(|a| a.ty);
                    break match arg_ty.map(|t| &self.module.types[t].inner) {
                        Some(&TypeInner::Pointer { base, .. }) => Some(PathRoot::Local {
                            pointer: p,
                            ty: base,
                        }),
                        _ => None,
                    };
                }
                Expression::GlobalVariable(g) => break Some(PathRoot::Global(g)),
                _ => break None,
            }
        };
        let Some(root) = root else {
            self.error("internal error: a reference to a place of an unknown form");
            return None;
        };
        steps.reverse();
        self.kept_paths.push(RefPath { root, steps });
        Some(RefPathId(self.kept_paths.len() - 1))
    }

    fn kept_path(&self, id: RefPathId) -> Option<&RefPath> {
        self.kept_paths.get(id.0)
    }

    /// Appends what distinguishes the device functions a reference is passed to: the root (a
    /// global by itself, a local by its type), the path's constant members and where its
    /// run-time indices are, and whether it carries a check.
    pub(crate) fn ref_key(&self, id: RefPathId, checked: bool, key: &mut Vec<u32>) {
        let Some(path) = self.kept_path(id) else {
            return;
        };
        match path.root {
            PathRoot::Local { ty, .. } => key.extend([0, ty.index() as u32]),
            PathRoot::Global(g) => key.extend([1, g.index() as u32]),
        }
        key.push(path.steps.len() as u32);
        for step in &path.steps {
            match *step {
                PathStep::Member(i) => key.extend([2, i]),
                PathStep::Element(_) => key.push(3),
            }
        }
        key.push(u32::from(checked));
    }

    /// Appends the arguments a reference is passed as: the pointer to a local root, each
    /// run-time index as `u32`, and the check's condition. A failing check is noted here, where
    /// the reference is passed: the callee skips the accesses through it.
    pub(crate) fn ref_arguments(
        &mut self,
        id: RefPathId,
        check: Option<&Check>,
        out: &mut Vec<Handle<Expression>>,
    ) {
        let Some(path) = self.kept_path(id).cloned() else {
            return;
        };
        if let PathRoot::Local { pointer, .. } = path.root {
            out.push(pointer);
        }
        for step in &path.steps {
            if let PathStep::Element(index) = *step {
                out.push(self.as_u32(index));
            }
        }
        if let Some(check) = check {
            self.note_fault(check);
            out.push(check.ok());
        }
    }

    /// Declares the parameters a reference with the path `id` (of the caller) is passed as, in
    /// the function being built, and rebuilds the pointer from them; returns the pointer and,
    /// for a checked reference, the condition it was passed with.
    pub(crate) fn ref_params(
        &mut self,
        id: RefPathId,
        checked: bool,
    ) -> Option<(Handle<Expression>, Option<Handle<Expression>>)> {
        let path = self.kept_path(id).cloned()?;
        let mut pointer = match path.root {
            PathRoot::Local { ty, .. } => {
                let pointer_ty = self.intern_type(TypeInner::Pointer {
                    base: ty,
                    space: AddressSpace::Function,
                });
                self.declare_argument(pointer_ty)
            }
            PathRoot::Global(g) => self.append(Expression::GlobalVariable(g)),
        };
        for step in &path.steps {
            pointer = match *step {
                PathStep::Member(index) => self.append(Expression::AccessIndex {
                    base: pointer,
                    index,
                }),
                PathStep::Element(_) => {
                    let u32_ty = self.intern_type(TypeInner::Scalar(naga::Scalar::U32));
                    let index = self.declare_argument(u32_ty);
                    self.append(Expression::Access {
                        base: pointer,
                        index,
                    })
                }
            };
        }
        let ok = checked.then(|| {
            let bool_ty = self.intern_type(TypeInner::Scalar(naga::Scalar::BOOL));
            self.declare_argument(bool_ty)
        });
        Some((pointer, ok))
    }

    /// Declares a parameter of type `ty` of the function being built; returns its value.
    fn declare_argument(&mut self, ty: Handle<naga::Type>) -> Handle<Expression> {
        let arguments = &mut self.cur.function.arguments;
        let index = arguments.len() as u32;
        arguments.push(FunctionArgument {
            name: None,
            ty,
            binding: None,
        });
        self.append(Expression::FunctionArgument(index))
    }
}
