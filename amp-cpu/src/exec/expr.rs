//! Expressions to instructions: each gets register rows (a value) or a resolved pointer.

use super::compile::{const_words, err, Compiler, FnCx, Val};
use super::lanes::{LaneFn, Operands};
use super::ops;
use super::program::*;
use super::shape::{self, Sc};
use super::CompileError;
use naga::{AddressSpace, Expression, Handle, TypeInner};

impl Compiler<'_> {
    pub(super) fn ty(&self, cx: &FnCx, h: Handle<Expression>) -> TypeInner {
        cx.typ.get(h, &self.module.types).clone()
    }

    pub(super) fn reg(&self, cx: &FnCx, h: Handle<Expression>) -> Result<Reg, CompileError> {
        match cx.vals[h.index()] {
            Val::Reg(r) => Ok(r),
            _ => Err(err(format!(
                "an expression used before it is evaluated ({h:?})"
            ))),
        }
    }

    pub(super) fn ptr(&self, cx: &FnCx, h: Handle<Expression>) -> Result<Ptr, CompileError> {
        match cx.vals[h.index()] {
            Val::Ptr(p) => Ok(p),
            _ => Err(err(format!("a pointer of this form ({h:?})"))),
        }
    }

    /// The type a pointer expression points to.
    pub(super) fn pointee(
        &self,
        cx: &FnCx,
        h: Handle<Expression>,
    ) -> Result<TypeInner, CompileError> {
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

    pub(super) fn index_of(&self, cx: &FnCx, h: Handle<Expression>) -> Result<Index, CompileError> {
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

    pub(super) fn expr(
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
                None if self.handles.contains_key(&(g.index() as u32)) => {
                    match self.handles[&(g.index() as u32)] {
                        Ok(reg) => Val::Reg(reg),
                        Err(ref e) => return Err(e.clone()),
                    }
                }
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
            | Expression::ImageQuery { .. } => Val::Reg(self.image_expr(cx, h, out)?),
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
    pub(super) fn operand(
        &self,
        cx: &FnCx,
        h: Handle<Expression>,
    ) -> Result<(Reg, u32, Sc), CompileError> {
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
}

/// A lane instruction over `n` components with result stride `sd` and operands with strides.
fn lanes<const K: usize>(f: LaneFn, dst: Reg, sd: u32, n: u32, srcs: [(Reg, u32); K]) -> Inst {
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
