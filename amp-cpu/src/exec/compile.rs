//! naga IR to [`Program`]: every expression gets register rows or a resolved pointer, every
//! operation its specialised lane function.

use super::lanes::Operands;
use super::ops;
use super::program::*;
use super::shape::{self, Leaf, Sc};
use super::CompileError;
use naga::{AddressSpace, Expression, Handle, Statement, TypeInner};
use std::collections::HashMap;

/// What an expression evaluates to.
#[derive(Clone, Copy, Debug)]
enum Val {
    /// Not evaluated yet (or has no value).
    None,
    Reg(Reg),
    Ptr(Ptr),
}

struct Sig {
    args: Vec<Reg>,
    result: Option<(Reg, u32)>,
}

struct Compiler<'m> {
    module: &'m naga::Module,
    layouter: naga::proc::Layouter,
    rows: u32,
    private_bytes: u32,
    constants: Block,
    group_init: Block,
    funcs: Vec<Option<Func>>,
    sigs: Vec<Sig>,
    func_ids: HashMap<Handle<naga::Function>, u32>,
    globals: Vec<Option<Ptr>>,
    bindings: Vec<BindSlot>,
    storage: Vec<bool>,
    workgroup_vars: Vec<(u32, u32, u32)>,
    workgroup_bytes: u32,
    builtins: Vec<(Builtin, Reg)>,
}

struct FnCx<'a> {
    f: &'a naga::Function,
    typ: naga::front::Typifier,
    vals: Vec<Val>,
    locals: Vec<u32>,
    sig: usize,
    entry: bool,
}

fn err(what: impl Into<String>) -> CompileError {
    CompileError { what: what.into() }
}

fn align(x: u32, a: u32) -> u32 {
    x.div_ceil(a) * a
}

/// Compiles `ep` of `module`.
pub(super) fn compile(
    module: &naga::Module,
    ep: &naga::EntryPoint,
) -> Result<Program, CompileError> {
    if ep.stage != naga::ShaderStage::Compute {
        return Err(err("an entry point that is not a compute shader"));
    }
    let mut layouter = naga::proc::Layouter::default();
    layouter
        .update(module.to_ctx())
        .map_err(|e| err(format!("a module whose types cannot be laid out ({e})")))?;
    let mut c = Compiler {
        module,
        layouter,
        rows: 0,
        private_bytes: 0,
        constants: Vec::new(),
        group_init: Vec::new(),
        funcs: Vec::new(),
        sigs: Vec::new(),
        func_ids: HashMap::new(),
        globals: Vec::new(),
        bindings: Vec::new(),
        storage: Vec::new(),
        workgroup_vars: Vec::new(),
        workgroup_bytes: 0,
        builtins: Vec::new(),
    };
    c.globals()?;
    // The entry point is function 0.
    let args = c.entry_args(&ep.function)?;
    c.sigs.push(Sig { args, result: None });
    c.funcs.push(None);
    let body = c.function_body(&ep.function, 0, true)?;
    c.funcs[0] = Some(Func { body });
    let funcs = c
        .funcs
        .into_iter()
        .map(|f| f.ok_or_else(|| err("a recursive function")))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Program {
        funcs,
        constants: c.constants,
        group_init: c.group_init,
        rows: c.rows,
        private_bytes: c.private_bytes,
        workgroup_bytes: c.workgroup_bytes,
        workgroup_vars: c.workgroup_vars,
        bindings: c.bindings,
        storage: c.storage,
        builtins: c.builtins,
    })
}

impl<'m> Compiler<'m> {
    fn alloc(&mut self, rows: u32) -> Reg {
        let r = self.rows;
        self.rows += rows.max(1);
        r
    }

    fn types(&self) -> &'m naga::UniqueArena<naga::Type> {
        &self.module.types
    }

    fn rows_of(&self, inner: &TypeInner) -> Result<u32, CompileError> {
        shape::rows(self.types(), inner)
    }

    fn leaves_of(&self, inner: &TypeInner) -> Result<Box<[Leaf]>, CompileError> {
        let mut out = Vec::new();
        let mut row = 0;
        shape::leaves(self.types(), inner, &mut row, 0, &mut out)?;
        Ok(out.into_boxed_slice())
    }

    fn private(&mut self, ty: Handle<naga::Type>) -> u32 {
        let l = self.layouter[ty];
        let at = align(self.private_bytes, 8);
        self.private_bytes = at + l.size.max(1);
        at
    }

    /// Places every global variable.
    fn globals(&mut self) -> Result<(), CompileError> {
        let module = self.module;
        for (h, g) in module.global_variables.iter() {
            let size = self.layouter[g.ty].size;
            let ptr = match g.space {
                AddressSpace::Storage { .. } | AddressSpace::Uniform => {
                    let b = g
                        .binding
                        .as_ref()
                        .ok_or_else(|| err("a buffer without a binding"))?;
                    let slot = self.bindings.len() as u32;
                    self.bindings.push(BindSlot {
                        group: b.group,
                        binding: b.binding,
                    });
                    let storage = matches!(g.space, AddressSpace::Storage { .. });
                    self.storage.push(storage);
                    Some(Ptr {
                        mem: if storage {
                            Mem::Storage { slot }
                        } else {
                            Mem::Uniform { slot }
                        },
                        off: Off::Const(0),
                    })
                }
                AddressSpace::Immediate => Some(Ptr {
                    mem: Mem::Immediate,
                    off: Off::Const(0),
                }),
                AddressSpace::WorkGroup => {
                    let base = align(self.workgroup_bytes, 16);
                    self.workgroup_bytes = base + size;
                    let var = h.index() as u32;
                    self.workgroup_vars.push((var, base, size));
                    Some(Ptr {
                        mem: Mem::Workgroup { var, base, size },
                        off: Off::Const(0),
                    })
                }
                AddressSpace::Private | AddressSpace::Function => {
                    let at = self.private(g.ty);
                    let inner = &module.types[g.ty].inner;
                    match g.init {
                        Some(init) => {
                            let words = const_words(module, &module.global_expressions, init)?;
                            let reg = self.alloc(words.len() as u32);
                            self.constants.push(Inst::Fill {
                                dst: reg,
                                words: words.into_boxed_slice(),
                            });
                            let leaves = self.leaves_of(inner)?;
                            self.group_init.push(Inst::Store {
                                ptr: Ptr {
                                    mem: Mem::Private,
                                    off: Off::Const(at),
                                },
                                src: reg,
                                leaves,
                                atomic: false,
                                span: naga::Span::UNDEFINED,
                            });
                        }
                        None => self.group_init.push(Inst::ZeroPrivate { at, bytes: size }),
                    }
                    Some(Ptr {
                        mem: Mem::Private,
                        off: Off::Const(at),
                    })
                }
                AddressSpace::Handle => None,
                _ => return Err(err("task, mesh or ray-tracing memory")),
            };
            self.globals.push(ptr);
        }
        Ok(())
    }

    /// Registers for the entry point's arguments, each a built-in (or a struct of them).
    fn entry_args(&mut self, f: &naga::Function) -> Result<Vec<Reg>, CompileError> {
        let mut regs = Vec::new();
        for a in &f.arguments {
            let inner = &self.module.types[a.ty].inner;
            let rows = self.rows_of(inner)?;
            let reg = self.alloc(rows);
            regs.push(reg);
            match (&a.binding, inner) {
                (Some(naga::Binding::BuiltIn(b)), _) => self.builtins.push((builtin(*b)?, reg)),
                (None, TypeInner::Struct { members, .. }) => {
                    let mut row = reg;
                    for m in members {
                        let Some(naga::Binding::BuiltIn(b)) = m.binding else {
                            return Err(err("an entry point input that is not a built-in"));
                        };
                        self.builtins.push((builtin(b)?, row));
                        row += self.rows_of(&self.module.types[m.ty].inner)?;
                    }
                }
                _ => return Err(err("an entry point input that is not a built-in")),
            }
        }
        Ok(regs)
    }

    /// The id of a function, compiling it on first use.
    fn function(&mut self, h: Handle<naga::Function>) -> Result<u32, CompileError> {
        if let Some(&id) = self.func_ids.get(&h) {
            return Ok(id);
        }
        let f = &self.module.functions[h];
        let id = self.funcs.len() as u32;
        self.func_ids.insert(h, id);
        let mut args = Vec::new();
        for a in &f.arguments {
            let rows = self.rows_of(&self.module.types[a.ty].inner)?;
            args.push(self.alloc(rows));
        }
        let result = match &f.result {
            Some(r) => {
                let rows = self.rows_of(&self.module.types[r.ty].inner)?;
                Some((self.alloc(rows), rows))
            }
            None => None,
        };
        self.sigs.push(Sig { args, result });
        self.funcs.push(None);
        let body = self.function_body(f, id as usize, false)?;
        self.funcs[id as usize] = Some(Func { body });
        Ok(id)
    }

    fn function_body(
        &mut self,
        f: &naga::Function,
        sig: usize,
        entry: bool,
    ) -> Result<Block, CompileError> {
        let module = self.module;
        let mut typ = naga::front::Typifier::new();
        let rcx = naga::proc::ResolveContext::with_locals(module, &f.local_variables, &f.arguments);
        if let Some((last, _)) = f.expressions.iter().last() {
            typ.grow(last, &f.expressions, &rcx)
                .map_err(|e| err(format!("an expression whose type cannot be resolved ({e})")))?;
        }
        let mut cx = FnCx {
            f,
            typ,
            vals: vec![Val::None; f.expressions.len()],
            locals: Vec::new(),
            sig,
            entry,
        };
        let mut out = Vec::new();
        // Locals: placed in private memory, set at each call.
        for (_, local) in f.local_variables.iter() {
            let at = self.private(local.ty);
            cx.locals.push(at);
        }
        // Expressions no `Emit` covers: constants, pointers, arguments, statement results.
        let mut emitted = vec![false; f.expressions.len()];
        mark_emitted(&f.body, &mut emitted);
        for (h, e) in f.expressions.iter() {
            if emitted[h.index()] {
                continue;
            }
            match e {
                Expression::Literal(_) | Expression::Constant(_) | Expression::ZeroValue(_) => {
                    let words = const_words(module, &f.expressions, h)?;
                    let reg = self.alloc(words.len() as u32);
                    self.constants.push(Inst::Fill {
                        dst: reg,
                        words: words.into_boxed_slice(),
                    });
                    cx.vals[h.index()] = Val::Reg(reg);
                }
                Expression::CallResult(_)
                | Expression::AtomicResult { .. }
                | Expression::WorkGroupUniformLoadResult { .. }
                | Expression::SubgroupBallotResult
                | Expression::SubgroupOperationResult { .. } => {
                    let inner = cx.typ.get(h, &module.types).clone();
                    let rows = self.rows_of(&inner)?;
                    cx.vals[h.index()] = Val::Reg(self.alloc(rows));
                }
                _ => self.expr(&mut cx, h, &mut out)?,
            }
        }
        for (i, (_, local)) in f.local_variables.iter().enumerate() {
            let at = cx.locals[i];
            match local.init {
                Some(init) => {
                    let Val::Reg(src) = cx.vals[init.index()] else {
                        return Err(err("a local variable's initializer of this form"));
                    };
                    let leaves = self.leaves_of(&module.types[local.ty].inner)?;
                    out.push(Inst::Store {
                        ptr: Ptr {
                            mem: Mem::Private,
                            off: Off::Const(at),
                        },
                        src,
                        leaves,
                        atomic: false,
                        span: naga::Span::UNDEFINED,
                    });
                }
                None => out.push(Inst::ZeroPrivate {
                    at,
                    bytes: self.layouter[local.ty].size,
                }),
            }
        }
        let body = self.block(&mut cx, &f.body)?;
        out.extend(body);
        Ok(out)
    }

    fn ty(&self, cx: &FnCx, h: Handle<Expression>) -> TypeInner {
        cx.typ.get(h, &self.module.types).clone()
    }

    fn reg(&self, cx: &FnCx, h: Handle<Expression>) -> Result<Reg, CompileError> {
        match cx.vals[h.index()] {
            Val::Reg(r) => Ok(r),
            _ => Err(err(format!(
                "an expression used before it is evaluated ({h:?})"
            ))),
        }
    }

    fn ptr(&self, cx: &FnCx, h: Handle<Expression>) -> Result<Ptr, CompileError> {
        match cx.vals[h.index()] {
            Val::Ptr(p) => Ok(p),
            _ => Err(err(format!("a pointer of this form ({h:?})"))),
        }
    }

    /// The type a pointer expression points to.
    fn pointee(&self, cx: &FnCx, h: Handle<Expression>) -> Result<TypeInner, CompileError> {
        Ok(match self.ty(cx, h) {
            TypeInner::Pointer { base, .. } => self.module.types[base].inner.clone(),
            TypeInner::ValuePointer {
                size: Some(size),
                scalar,
                ..
            } => TypeInner::Vector { size, scalar },
            TypeInner::ValuePointer {
                size: None, scalar, ..
            } => TypeInner::Scalar(scalar),
            _ => return Err(err("a pointer of this type")),
        })
    }

    fn index_of(&self, cx: &FnCx, h: Handle<Expression>) -> Result<Index, CompileError> {
        let signed = matches!(
            shape::scalar_of(&self.ty(cx, h)),
            Some(naga::Scalar {
                kind: naga::ScalarKind::Sint,
                ..
            })
        );
        Ok(Index::Reg {
            reg: self.reg(cx, h)?,
            signed,
        })
    }

    /// A pointer `d` bytes past `p`.
    fn offset(&mut self, p: Ptr, d: u32, out: &mut Block) -> Ptr {
        match p.off {
            Off::Const(c) => Ptr {
                mem: p.mem,
                off: Off::Const(c.saturating_add(d)),
            },
            Off::Reg(r) => {
                let dst = self.alloc(1);
                out.push(Inst::Lanes {
                    f: ops::add_offset(),
                    o: Operands {
                        dst,
                        a: r,
                        n: 1,
                        sd: 1,
                        sa: 1,
                        k: d,
                        ..Operands::default()
                    },
                });
                Ptr {
                    mem: p.mem,
                    off: Off::Reg(dst),
                }
            }
        }
    }

    /// A pointer to element `index` of what `p` (of type `inner`) points to.
    fn index_ptr(
        &mut self,
        p: Ptr,
        inner: &TypeInner,
        index: Index,
        span: naga::Span,
        out: &mut Block,
    ) -> Result<Ptr, CompileError> {
        let (stride, len) = match *inner {
            TypeInner::Array { size, stride, .. } => {
                let len = match size {
                    naga::ArraySize::Constant(n) => Len::Const(n.get()),
                    naga::ArraySize::Dynamic => {
                        let (Mem::Storage { slot } | Mem::Uniform { slot }, Off::Const(start)) =
                            (p.mem, p.off)
                        else {
                            return Err(err("a runtime-sized array outside a buffer"));
                        };
                        Len::Runtime {
                            slot,
                            start,
                            stride,
                        }
                    }
                    naga::ArraySize::Pending(_) => {
                        return Err(err("pipeline-overridable array sizes"))
                    }
                };
                (stride, len)
            }
            TypeInner::Vector { size, scalar } => {
                (u32::from(scalar.width), Len::Const(shape::n(size)))
            }
            TypeInner::Matrix {
                columns,
                rows,
                scalar,
            } => (
                shape::column_stride(rows, scalar.width),
                Len::Const(shape::n(columns)),
            ),
            _ => return Err(err("indexing a value of this type")),
        };
        if let (Index::Const(i), Len::Const(n)) = (index, len) {
            if i < n {
                return Ok(self.offset(p, i * stride, out));
            }
        }
        let dst = self.alloc(1);
        out.push(Inst::IndexPtr {
            dst,
            base: p.off,
            index,
            stride,
            len,
            span,
        });
        Ok(Ptr {
            mem: p.mem,
            off: Off::Reg(dst),
        })
    }

    fn expr(
        &mut self,
        cx: &mut FnCx,
        h: Handle<Expression>,
        out: &mut Block,
    ) -> Result<(), CompileError> {
        let module = self.module;
        let e = &cx.f.expressions[h];
        let span = cx.f.expressions.get_span(h);
        let ty = self.ty(cx, h);
        let val = match *e {
            Expression::Literal(_) | Expression::Constant(_) | Expression::ZeroValue(_) => {
                let words = const_words(module, &cx.f.expressions, h)?;
                let reg = self.alloc(words.len() as u32);
                self.constants.push(Inst::Fill {
                    dst: reg,
                    words: words.into_boxed_slice(),
                });
                Val::Reg(reg)
            }
            Expression::Override(_) => return Err(err("pipeline-overridable constants")),
            Expression::Compose { ref components, .. } => {
                let rows = self.rows_of(&ty)?;
                let dst = self.alloc(rows);
                let mut at = dst;
                for &c in components {
                    let src = self.reg(cx, c)?;
                    let n = self.rows_of(&self.ty(cx, c))?;
                    out.push(Inst::Copy(Move {
                        dst: at,
                        src,
                        rows: n,
                    }));
                    at += n;
                }
                Val::Reg(dst)
            }
            Expression::Splat { size, value } => {
                let src = self.reg(cx, value)?;
                let n = self.rows_of(&self.ty(cx, value))?;
                let dst = self.alloc(n * shape::n(size));
                for i in 0..shape::n(size) {
                    out.push(Inst::Copy(Move {
                        dst: dst + i * n,
                        src,
                        rows: n,
                    }));
                }
                Val::Reg(dst)
            }
            Expression::Swizzle {
                size,
                vector,
                pattern,
            } => {
                let src = self.reg(cx, vector)?;
                let sc = shape::scalar_of(&ty).ok_or_else(|| err("a swizzle of this type"))?;
                let w = Sc::of(sc)?.rows();
                let dst = self.alloc(w * shape::n(size));
                for i in 0..shape::n(size) {
                    out.push(Inst::Copy(Move {
                        dst: dst + i * w,
                        src: src + pattern[i as usize] as u32 * w,
                        rows: w,
                    }));
                }
                Val::Reg(dst)
            }
            Expression::Access { base, index } => match cx.vals[base.index()] {
                Val::Ptr(p) => {
                    let inner = self.pointee(cx, base)?;
                    let index = self.index_of(cx, index)?;
                    Val::Ptr(self.index_ptr(p, &inner, index, span, out)?)
                }
                Val::Reg(b) => {
                    let base_ty = self.ty(cx, base);
                    let len = match base_ty {
                        TypeInner::Vector { size, .. } => shape::n(size),
                        TypeInner::Matrix { columns, .. } => shape::n(columns),
                        TypeInner::Array {
                            size: naga::ArraySize::Constant(n),
                            ..
                        } => n.get(),
                        _ => return Err(err("indexing a value of this type")),
                    };
                    let elem_rows = self.rows_of(&ty)?;
                    let dst = self.alloc(elem_rows);
                    out.push(Inst::IndexVal {
                        dst,
                        base: b,
                        index: self.index_of(cx, index)?,
                        elem_rows,
                        len,
                        span,
                    });
                    Val::Reg(dst)
                }
                Val::None => return Err(err("an expression used before it is evaluated")),
            },
            Expression::AccessIndex { base, index } => match cx.vals[base.index()] {
                Val::Ptr(p) => {
                    let inner = self.pointee(cx, base)?;
                    match inner {
                        TypeInner::Struct { ref members, .. } => {
                            let m = members
                                .get(index as usize)
                                .ok_or_else(|| err("a struct member index out of range"))?;
                            Val::Ptr(self.offset(p, m.offset, out))
                        }
                        _ => Val::Ptr(self.index_ptr(p, &inner, Index::Const(index), span, out)?),
                    }
                }
                Val::Reg(b) => {
                    let base_ty = self.ty(cx, base);
                    let skip = match base_ty {
                        TypeInner::Struct { ref members, .. } => {
                            let mut skip = 0;
                            for m in members.iter().take(index as usize) {
                                skip += self.rows_of(&module.types[m.ty].inner)?;
                            }
                            skip
                        }
                        _ => index * self.rows_of(&ty)?,
                    };
                    Val::Reg(b + skip)
                }
                Val::None => return Err(err("an expression used before it is evaluated")),
            },
            Expression::FunctionArgument(i) => {
                let reg = self.sigs[cx.sig].args[i as usize];
                match ty {
                    TypeInner::Pointer { space, .. } | TypeInner::ValuePointer { space, .. } => {
                        match space {
                            AddressSpace::Function | AddressSpace::Private => Val::Ptr(Ptr {
                                mem: Mem::Private,
                                off: Off::Reg(reg),
                            }),
                            _ => {
                                return Err(err("a pointer to shared memory passed to a function"))
                            }
                        }
                    }
                    _ => Val::Reg(reg),
                }
            }
            Expression::GlobalVariable(g) => match self.globals[g.index()] {
                Some(p) => Val::Ptr(p),
                None => {
                    return Err(shape::unsupported_type(
                        &module.types[module.global_variables[g].ty].inner,
                    ))
                }
            },
            Expression::LocalVariable(l) => Val::Ptr(Ptr {
                mem: Mem::Private,
                off: Off::Const(cx.locals[l.index()]),
            }),
            Expression::Load { pointer } => {
                let p = self.ptr(cx, pointer)?;
                let inner = self.pointee(cx, pointer)?;
                let atomic = matches!(inner, TypeInner::Atomic(_));
                let leaves = self.leaves_of(&inner)?;
                let dst = self.alloc(self.rows_of(&inner)?);
                out.push(Inst::Load {
                    dst,
                    ptr: p,
                    leaves,
                    atomic,
                    span,
                });
                Val::Reg(dst)
            }
            Expression::Unary { op, expr } => {
                let (a, n, sc) = self.operand(cx, expr)?;
                let f = ops::unary(op, sc).ok_or_else(|| err(format!("{op:?} on {sc:?}")))?;
                let dst = self.alloc(n * sc.rows());
                out.push(lanes(f, dst, sc.rows(), n, [(a, sc.rows())]));
                Val::Reg(dst)
            }
            Expression::Binary { op, left, right } => {
                let lt = self.ty(cx, left);
                let rt = self.ty(cx, right);
                let matrix = matches!(lt, TypeInner::Matrix { .. })
                    || matches!(rt, TypeInner::Matrix { .. });
                if matrix && op == naga::BinaryOperator::Multiply {
                    return Err(err("matrix multiplication"));
                }
                let (a, na, sa) = self.operand(cx, left)?;
                let (b, nb, sb) = self.operand(cx, right)?;
                let n = na.max(nb);
                let (f, rsc) =
                    ops::binary(op, sa, sb).ok_or_else(|| err(format!("{op:?} on {sa:?}")))?;
                let dst = self.alloc(n * rsc.rows());
                let stride = |k: u32, s: Sc| if k > 1 { s.rows() } else { 0 };
                out.push(lanes(
                    f,
                    dst,
                    rsc.rows(),
                    n,
                    [(a, stride(na, sa)), (b, stride(nb, sb))],
                ));
                Val::Reg(dst)
            }
            Expression::Select {
                condition,
                accept,
                reject,
            } => {
                let (c, nc, _) = self.operand(cx, condition)?;
                let (a, n, sc) = self.operand(cx, accept)?;
                let b = self.reg(cx, reject)?;
                let w = sc.rows();
                let dst = self.alloc(n * w);
                let mut o = Operands {
                    dst,
                    a,
                    b,
                    c,
                    n,
                    sa: w,
                    sb: w,
                    sc: if nc > 1 { 1 } else { 0 },
                    sd: w,
                    k: w,
                    x4: 0,
                };
                if w == 1 {
                    o.k = 1;
                }
                out.push(Inst::Lanes {
                    f: ops::select(),
                    o,
                });
                Val::Reg(dst)
            }
            Expression::Relational { fun, argument } => {
                let (a, n, sc) = self.operand(cx, argument)?;
                let dst;
                match fun {
                    naga::RelationalFunction::All | naga::RelationalFunction::Any => {
                        dst = self.alloc(1);
                        let f = ops::all_any(fun == naga::RelationalFunction::All);
                        out.push(Inst::Lanes {
                            f,
                            o: Operands {
                                dst,
                                a,
                                n,
                                sa: 1,
                                sd: 1,
                                ..Default::default()
                            },
                        });
                    }
                    _ => {
                        dst = self.alloc(n);
                        let f = ops::relational(fun, sc)
                            .ok_or_else(|| err(format!("{fun:?} on {sc:?}")))?;
                        out.push(lanes(f, dst, 1, n, [(a, sc.rows())]));
                    }
                }
                Val::Reg(dst)
            }
            Expression::Math {
                fun,
                arg,
                arg1,
                arg2,
                arg3,
            } => {
                let (a, n, sc) = self.operand(cx, arg)?;
                let mut srcs = vec![(a, if n > 1 { sc.rows() } else { 0 })];
                for x in [arg1, arg2, arg3].into_iter().flatten() {
                    let (r, k, s) = self.operand(cx, x)?;
                    srcs.push((r, if k > 1 { s.rows() } else { 0 }));
                }
                let math = ops::math(fun, sc, n)
                    .ok_or_else(|| err(format!("the math function {fun:?} on {sc:?}")))?;
                let rows = self.rows_of(&ty)?;
                let dst = self.alloc(rows);
                let mut o = Operands {
                    dst,
                    n: if math.reduces { 1 } else { n },
                    sd: math.result.rows(),
                    k: n,
                    ..Default::default()
                };
                for (i, (r, s)) in srcs.into_iter().enumerate() {
                    match i {
                        0 => (o.a, o.sa) = (r, s),
                        1 => (o.b, o.sb) = (r, s),
                        2 => (o.c, o.sc) = (r, s),
                        _ => o.x4 = r,
                    }
                }
                out.push(Inst::Lanes { f: math.f, o });
                Val::Reg(dst)
            }
            Expression::As {
                expr,
                kind,
                convert,
            } => {
                let (a, n, sc) = self.operand(cx, expr)?;
                let width = convert.unwrap_or(match sc {
                    Sc::F16 => 2,
                    Sc::F64 | Sc::I64 | Sc::U64 => 8,
                    Sc::Bool => 1,
                    _ => 4,
                });
                let to = Sc::of(naga::Scalar { kind, width })?;
                let dst = self.alloc(n * to.rows());
                if convert.is_none() {
                    if to.rows() != sc.rows() {
                        return Err(err("a bitcast between types of different sizes"));
                    }
                    if to == Sc::F16 || sc == Sc::F16 {
                        return Err(err("a bitcast of f16 values"));
                    }
                    out.push(Inst::Copy(Move {
                        dst,
                        src: a,
                        rows: n * sc.rows(),
                    }));
                } else {
                    let f = ops::cast(sc, to);
                    out.push(lanes(f, dst, to.rows(), n, [(a, sc.rows())]));
                }
                Val::Reg(dst)
            }
            Expression::CallResult(_)
            | Expression::AtomicResult { .. }
            | Expression::WorkGroupUniformLoadResult { .. }
            | Expression::SubgroupBallotResult
            | Expression::SubgroupOperationResult { .. } => cx.vals[h.index()],
            Expression::ArrayLength(p) => {
                let ptr = self.ptr(cx, p)?;
                let inner = self.pointee(cx, p)?;
                let (
                    TypeInner::Array { stride, .. },
                    Mem::Storage { slot } | Mem::Uniform { slot },
                    Off::Const(start),
                ) = (inner, ptr.mem, ptr.off)
                else {
                    return Err(err("arrayLength of this pointer"));
                };
                let dst = self.alloc(1);
                out.push(Inst::ArrayLength {
                    dst,
                    len: Len::Runtime {
                        slot,
                        start,
                        stride,
                    },
                });
                Val::Reg(dst)
            }
            Expression::ImageSample { .. }
            | Expression::ImageLoad { .. }
            | Expression::ImageQuery { .. } => return Err(err("images")),
            Expression::Derivative { .. } => return Err(err("derivatives")),
            Expression::RayQueryVertexPositions { .. }
            | Expression::RayQueryProceedResult
            | Expression::RayQueryGetIntersection { .. } => return Err(err("ray queries")),
            Expression::CooperativeLoad { .. } | Expression::CooperativeMultiplyAdd { .. } => {
                return Err(err("cooperative matrix operations"));
            }
        };
        cx.vals[h.index()] = val;
        Ok(())
    }

    /// A scalar or vector operand: its register, its components and its scalar.
    fn operand(&self, cx: &FnCx, h: Handle<Expression>) -> Result<(Reg, u32, Sc), CompileError> {
        let r = self.reg(cx, h)?;
        let t = self.ty(cx, h);
        Ok(match t {
            TypeInner::Scalar(s) => (r, 1, Sc::of(s)?),
            TypeInner::Vector { size, scalar } => (r, shape::n(size), Sc::of(scalar)?),
            TypeInner::Matrix {
                columns,
                rows,
                scalar,
            } => (r, shape::n(columns) * shape::n(rows), Sc::of(scalar)?),
            ref other => {
                return Err(shape::unsupported_type(other))
                    .or(Err(err("an operation on a value of this type")))
            }
        })
    }

    fn block(&mut self, cx: &mut FnCx, block: &naga::Block) -> Result<Block, CompileError> {
        let mut out = Vec::new();
        for (stmt, &span) in block.span_iter() {
            match *stmt {
                Statement::Emit(ref range) => {
                    for h in range.clone() {
                        self.expr(cx, h, &mut out)?;
                    }
                }
                Statement::Block(ref b) => {
                    let b = self.block(cx, b)?;
                    out.extend(b);
                }
                Statement::If {
                    condition,
                    ref accept,
                    ref reject,
                } => {
                    let cond = self.reg(cx, condition)?;
                    let accept = self.block(cx, accept)?;
                    let reject = self.block(cx, reject)?;
                    out.push(Inst::If {
                        cond,
                        accept,
                        reject,
                    });
                }
                Statement::Switch {
                    selector,
                    ref cases,
                } => {
                    let selector = self.reg(cx, selector)?;
                    let mut cs = Vec::new();
                    for c in cases {
                        let value = match c.value {
                            naga::SwitchValue::I32(v) => Some(v as u32),
                            naga::SwitchValue::U32(v) => Some(v),
                            naga::SwitchValue::Default => None,
                        };
                        cs.push(Case {
                            value,
                            body: self.block(cx, &c.body)?,
                            fall_through: c.fall_through,
                        });
                    }
                    out.push(Inst::Switch {
                        selector,
                        cases: cs,
                    });
                }
                Statement::Loop {
                    ref body,
                    ref continuing,
                    break_if,
                } => {
                    let body = self.block(cx, body)?;
                    let continuing = self.block(cx, continuing)?;
                    let break_if = match break_if {
                        Some(b) => Some(self.reg(cx, b)?),
                        None => None,
                    };
                    out.push(Inst::Loop {
                        body,
                        continuing,
                        break_if,
                    });
                }
                Statement::Break => out.push(Inst::Break),
                Statement::Continue => out.push(Inst::Continue),
                Statement::Return { value } => {
                    let value = match (value, self.sigs[cx.sig].result) {
                        (Some(v), Some((dst, rows))) => Some(Move {
                            dst,
                            src: self.reg(cx, v)?,
                            rows,
                        }),
                        _ => None,
                    };
                    out.push(Inst::Return {
                        value,
                        entry: cx.entry,
                    });
                }
                Statement::Kill => return Err(err("discard")),
                Statement::ControlBarrier(flags) => out.push(Inst::Barrier { flags, span }),
                Statement::MemoryBarrier(_) => {}
                Statement::Store { pointer, value } => {
                    let p = self.ptr(cx, pointer)?;
                    let inner = self.pointee(cx, pointer)?;
                    let atomic = matches!(inner, TypeInner::Atomic(_));
                    let leaves = self.leaves_of(&inner)?;
                    out.push(Inst::Store {
                        ptr: p,
                        src: self.reg(cx, value)?,
                        leaves,
                        atomic,
                        span,
                    });
                }
                Statement::Atomic {
                    pointer,
                    ref fun,
                    value,
                    result,
                } => {
                    let p = self.ptr(cx, pointer)?;
                    let inner = self.pointee(cx, pointer)?;
                    let TypeInner::Atomic(s) = inner else {
                        return Err(err("an atomic operation on a non-atomic value"));
                    };
                    let ty = match Sc::of(s)? {
                        Sc::U32 => AtomicTy::U32,
                        Sc::I32 => AtomicTy::I32,
                        Sc::F32 => AtomicTy::F32,
                        Sc::U64 => AtomicTy::U64,
                        Sc::I64 => AtomicTy::I64,
                        other => return Err(err(format!("atomic {other:?} values"))),
                    };
                    let (op, compare) = match *fun {
                        naga::AtomicFunction::Add => (AtomicOp::Add, None),
                        naga::AtomicFunction::Subtract => (AtomicOp::Sub, None),
                        naga::AtomicFunction::And => (AtomicOp::And, None),
                        naga::AtomicFunction::InclusiveOr => (AtomicOp::Or, None),
                        naga::AtomicFunction::ExclusiveOr => (AtomicOp::Xor, None),
                        naga::AtomicFunction::Min => (AtomicOp::Min, None),
                        naga::AtomicFunction::Max => (AtomicOp::Max, None),
                        naga::AtomicFunction::Exchange { compare: None } => {
                            (AtomicOp::Exchange, None)
                        }
                        naga::AtomicFunction::Exchange { compare: Some(c) } => {
                            (AtomicOp::CompareExchange, Some(self.reg(cx, c)?))
                        }
                    };
                    let result = match result {
                        Some(r) => Some(self.reg(cx, r)?),
                        None => None,
                    };
                    out.push(Inst::Atomic {
                        ptr: p,
                        op,
                        ty,
                        value: self.reg(cx, value)?,
                        compare,
                        result,
                        span,
                    });
                }
                Statement::WorkGroupUniformLoad { pointer, result } => {
                    let p = self.ptr(cx, pointer)?;
                    let inner = self.pointee(cx, pointer)?;
                    let leaves = self.leaves_of(&inner)?;
                    let flags = naga::Barrier::WORK_GROUP;
                    out.push(Inst::Barrier { flags, span });
                    out.push(Inst::Load {
                        dst: self.reg(cx, result)?,
                        ptr: p,
                        leaves,
                        atomic: false,
                        span,
                    });
                    out.push(Inst::Barrier { flags, span });
                }
                Statement::Call {
                    function,
                    ref arguments,
                    result,
                } => {
                    let id = self.function(function)?;
                    let mut args = Vec::new();
                    for (i, &a) in arguments.iter().enumerate() {
                        let dst = self.sigs[id as usize].args[i];
                        match cx.vals[a.index()] {
                            Val::Reg(src) => {
                                let rows = self.rows_of(&self.ty(cx, a))?;
                                args.push(Move { dst, src, rows });
                            }
                            Val::Ptr(Ptr {
                                mem: Mem::Private,
                                off,
                            }) => {
                                let src = match off {
                                    Off::Reg(r) => r,
                                    Off::Const(c) => {
                                        let r = self.alloc(1);
                                        self.constants.push(Inst::Fill {
                                            dst: r,
                                            words: Box::new([c]),
                                        });
                                        r
                                    }
                                };
                                args.push(Move { dst, src, rows: 1 });
                            }
                            _ => {
                                return Err(err("a pointer to shared memory passed to a function"))
                            }
                        }
                    }
                    let result = match (result, self.sigs[id as usize].result) {
                        (Some(r), Some((src, rows))) => Some(Move {
                            dst: self.reg(cx, r)?,
                            src,
                            rows,
                        }),
                        _ => None,
                    };
                    out.push(Inst::Call {
                        func: id,
                        args: args.into_boxed_slice(),
                        result,
                    });
                }
                Statement::SubgroupBallot { result, predicate } => {
                    let pred = match predicate {
                        Some(p) => Some(self.reg(cx, p)?),
                        None => None,
                    };
                    out.push(Inst::Ballot {
                        dst: self.reg(cx, result)?,
                        pred,
                    });
                }
                Statement::SubgroupCollectiveOperation {
                    op,
                    collective_op,
                    argument,
                    result,
                } => {
                    let (src, comps, sc) = self.operand(cx, argument)?;
                    let ty = match sc {
                        Sc::Bool => CollTy::Bool,
                        Sc::U32 => CollTy::U32,
                        Sc::I32 => CollTy::I32,
                        Sc::F32 => CollTy::F32,
                        Sc::F16 => CollTy::F16,
                        Sc::U64 => CollTy::U64,
                        Sc::I64 => CollTy::I64,
                        Sc::F64 => CollTy::F64,
                    };
                    out.push(Inst::Collective {
                        op,
                        kind: collective_op,
                        ty,
                        dst: self.reg(cx, result)?,
                        src,
                        comps,
                    });
                }
                Statement::SubgroupGather {
                    mode,
                    argument,
                    result,
                } => {
                    let idx = |c: &Self, h| -> Result<Index, CompileError> { c.index_of(cx, h) };
                    let mode = match mode {
                        naga::GatherMode::BroadcastFirst => GatherMode::BroadcastFirst,
                        naga::GatherMode::Broadcast(h) => GatherMode::Broadcast(idx(self, h)?),
                        naga::GatherMode::Shuffle(h) => GatherMode::Shuffle(idx(self, h)?),
                        naga::GatherMode::ShuffleDown(h) => GatherMode::ShuffleDown(idx(self, h)?),
                        naga::GatherMode::ShuffleUp(h) => GatherMode::ShuffleUp(idx(self, h)?),
                        naga::GatherMode::ShuffleXor(h) => GatherMode::ShuffleXor(idx(self, h)?),
                        _ => return Err(err("quad operations")),
                    };
                    let rows = self.rows_of(&self.ty(cx, argument))?;
                    out.push(Inst::Gather {
                        mode,
                        dst: self.reg(cx, result)?,
                        src: self.reg(cx, argument)?,
                        rows,
                    });
                }
                Statement::ImageStore { .. } | Statement::ImageAtomic { .. } => {
                    return Err(err("images"));
                }
                Statement::RayQuery { .. } | Statement::RayPipelineFunction(_) => {
                    return Err(err("ray queries"));
                }
                Statement::CooperativeStore { .. } => {
                    return Err(err("cooperative matrix operations"));
                }
            }
        }
        Ok(out)
    }
}

/// A lane instruction over `n` components with result stride `sd` and operands with strides.
fn lanes<const K: usize>(
    f: super::lanes::LaneFn,
    dst: Reg,
    sd: u32,
    n: u32,
    srcs: [(Reg, u32); K],
) -> Inst {
    let mut o = Operands {
        dst,
        n,
        sd,
        ..Default::default()
    };
    for (i, (r, s)) in srcs.into_iter().enumerate() {
        match i {
            0 => (o.a, o.sa) = (r, s),
            1 => (o.b, o.sb) = (r, s),
            _ => (o.c, o.sc) = (r, s),
        }
    }
    Inst::Lanes { f, o }
}

fn builtin(b: naga::BuiltIn) -> Result<Builtin, CompileError> {
    use naga::BuiltIn as B;
    Ok(match b {
        B::GlobalInvocationId => Builtin::GlobalId,
        B::LocalInvocationId => Builtin::LocalId,
        B::LocalInvocationIndex => Builtin::LocalIndex,
        B::WorkGroupId => Builtin::GroupId,
        B::NumWorkGroups => Builtin::NumGroups,
        B::WorkGroupSize => Builtin::WorkgroupSize,
        B::SubgroupSize => Builtin::SubgroupSize,
        B::SubgroupInvocationId => Builtin::SubgroupLane,
        B::NumSubgroups => Builtin::NumSubgroups,
        B::SubgroupId => Builtin::SubgroupId,
        other => return Err(err(format!("the built-in {other:?}"))),
    })
}

/// Marks the expressions that `Emit` statements cover.
fn mark_emitted(block: &naga::Block, emitted: &mut [bool]) {
    for stmt in block.iter() {
        match stmt {
            Statement::Emit(range) => {
                for h in range.clone() {
                    emitted[h.index()] = true;
                }
            }
            Statement::Block(b) => mark_emitted(b, emitted),
            Statement::If { accept, reject, .. } => {
                mark_emitted(accept, emitted);
                mark_emitted(reject, emitted);
            }
            Statement::Switch { cases, .. } => {
                for c in cases {
                    mark_emitted(&c.body, emitted);
                }
            }
            Statement::Loop {
                body, continuing, ..
            } => {
                mark_emitted(body, emitted);
                mark_emitted(continuing, emitted);
            }
            _ => {}
        }
    }
}

/// The register words of a constant expression of `arena` (a function's, or the module's global
/// expressions; `Constant`s refer to the latter).
fn const_words(
    module: &naga::Module,
    arena: &naga::Arena<Expression>,
    h: Handle<Expression>,
) -> Result<Vec<u32>, CompileError> {
    Ok(match arena[h] {
        Expression::Literal(l) => {
            use naga::Literal as L;
            match l {
                L::F64(v) => split(v.to_bits()),
                L::F32(v) => vec![v.to_bits()],
                L::F16(v) => vec![u32::from(v.to_bits())],
                L::U32(v) => vec![v],
                L::I32(v) => vec![v as u32],
                L::U64(v) => split(v),
                L::I64(v) => split(v as u64),
                L::Bool(v) => vec![u32::from(v)],
                other => return Err(err(format!("the literal {other:?}"))),
            }
        }
        Expression::Constant(c) => {
            const_words(module, &module.global_expressions, module.constants[c].init)?
        }
        Expression::ZeroValue(ty) => {
            vec![0; shape::rows(&module.types, &module.types[ty].inner)? as usize]
        }
        Expression::Compose { ref components, .. } => {
            let mut v = Vec::new();
            for &c in components {
                v.extend(const_words(module, arena, c)?);
            }
            v
        }
        Expression::Splat { size, value } => {
            let one = const_words(module, arena, value)?;
            let mut v = Vec::new();
            for _ in 0..shape::n(size) {
                v.extend_from_slice(&one);
            }
            v
        }
        _ => return Err(err("a constant expression of this form")),
    })
}

fn split(v: u64) -> Vec<u32> {
    vec![v as u32, (v >> 32) as u32]
}
