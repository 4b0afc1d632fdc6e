//! Statements to instructions: control flow as nested blocks, memory, atomics, calls and
//! subgroup operations.

use super::compile::{err, Compiler, FnCx, Val};
use super::program::*;
use super::shape::Sc;
use super::CompileError;
use naga::{Statement, TypeInner};

impl Compiler<'_> {
    pub(super) fn block(
        &mut self,
        cx: &mut FnCx,
        block: &naga::Block,
    ) -> Result<Block, CompileError> {
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
                Statement::ImageStore {
                    image,
                    coordinate,
                    array_index,
                    value,
                } => self.image_store(cx, image, coordinate, array_index, value, &mut out)?,
                Statement::ImageAtomic { .. } => return Err(err("texture atomics")),
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
