//! naga IR to [`Program`]: every expression gets register rows or a resolved pointer, every
//! operation its specialised lane function.

use super::program::*;
use super::shape::{self, Leaf};
use super::CompileError;
use naga::{AddressSpace, Expression, Handle, Statement, TypeInner};
use std::collections::HashMap;

/// What an expression evaluates to.
#[derive(Clone, Copy, Debug)]
pub(super) enum Val {
    /// Not evaluated yet (or has no value).
    None,
    Reg(Reg),
    Ptr(Ptr),
}

pub(super) struct Sig {
    pub(super) args: Vec<Reg>,
    pub(super) result: Option<(Reg, u32)>,
}

pub(super) struct Compiler<'m> {
    pub(super) module: &'m naga::Module,
    pub(super) layouter: naga::proc::Layouter,
    pub(super) rows: u32,
    pub(super) private_bytes: u32,
    pub(super) constants: Block,
    pub(super) group_init: Block,
    pub(super) funcs: Vec<Option<Func>>,
    pub(super) sigs: Vec<Sig>,
    pub(super) func_ids: HashMap<Handle<naga::Function>, u32>,
    pub(super) globals: Vec<Option<Ptr>>,
    pub(super) bindings: Vec<BindSlot>,
    pub(super) storage: Vec<bool>,
    pub(super) images: Vec<BindSlot>,
    pub(super) samplers: Vec<BindSlot>,
    /// The register of each handle global (by global index) holding its slot, or why the
    /// executor has no such handle.
    pub(super) handles: HashMap<u32, Result<Reg, CompileError>>,
    pub(super) workgroup_vars: Vec<(u32, u32, u32)>,
    pub(super) workgroup_bytes: u32,
    pub(super) builtins: Vec<(Builtin, Reg)>,
}

pub(super) struct FnCx<'a> {
    pub(super) f: &'a naga::Function,
    pub(super) typ: naga::front::Typifier,
    pub(super) vals: Vec<Val>,
    pub(super) locals: Vec<u32>,
    pub(super) sig: usize,
    pub(super) entry: bool,
}

pub(super) fn err(what: impl Into<String>) -> CompileError {
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
        images: Vec::new(),
        samplers: Vec::new(),
        handles: HashMap::new(),
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
        images: c.images,
        samplers: c.samplers,
        builtins: c.builtins,
    })
}

impl<'m> Compiler<'m> {
    pub(super) fn alloc(&mut self, rows: u32) -> Reg {
        let r = self.rows;
        self.rows += rows.max(1);
        r
    }

    pub(super) fn types(&self) -> &'m naga::UniqueArena<naga::Type> {
        &self.module.types
    }

    pub(super) fn rows_of(&self, inner: &TypeInner) -> Result<u32, CompileError> {
        shape::rows(self.types(), inner)
    }

    pub(super) fn leaves_of(&self, inner: &TypeInner) -> Result<Box<[Leaf]>, CompileError> {
        let mut out = Vec::new();
        let mut row = 0;
        shape::leaves(self.types(), inner, &mut row, 0, &mut out)?;
        Ok(out.into_boxed_slice())
    }

    /// Places a variable of type `ty` in per-lane memory.
    fn private(&mut self, ty: Handle<naga::Type>) -> Result<u32, CompileError> {
        let size = u64::from(self.layouter[ty].size.max(1));
        let at = u64::from(self.private_bytes).div_ceil(8) * 8;
        // Whole words, so that zeroing a variable is whole-word stores.
        let end = at + size.div_ceil(4) * 4;
        self.private_bytes = u32::try_from(end)
            .ok()
            .filter(|&e| e < INVALID)
            .ok_or_else(|| err("more than 4 GiB of variables per thread"))?;
        Ok(at as u32)
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
                    self.workgroup_bytes = base
                        .checked_add(size)
                        .filter(|&e| e < INVALID)
                        .ok_or_else(|| err("more than 4 GiB of tile_static memory"))?;
                    let var = h.index() as u32;
                    self.workgroup_vars.push((var, base, size));
                    Some(Ptr {
                        mem: Mem::Workgroup { var, base, size },
                        off: Off::Const(0),
                    })
                }
                AddressSpace::Private | AddressSpace::Function => {
                    let at = self.private(g.ty)?;
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
                        None => self.group_init.push(Inst::ZeroPrivate {
                            at,
                            bytes: align(size, 4),
                        }),
                    }
                    Some(Ptr {
                        mem: Mem::Private,
                        off: Off::Const(at),
                    })
                }
                AddressSpace::Handle => {
                    let inner = &module.types[g.ty].inner;
                    let handle = super::image::supported(inner).and_then(|()| {
                        let b = g
                            .binding
                            .as_ref()
                            .ok_or_else(|| err("a texture or sampler without a binding"))?;
                        let slot = BindSlot {
                            group: b.group,
                            binding: b.binding,
                        };
                        let slots = if matches!(inner, TypeInner::Sampler { .. }) {
                            &mut self.samplers
                        } else {
                            &mut self.images
                        };
                        let index = slots.len() as u32;
                        slots.push(slot);
                        let reg = self.alloc(1);
                        self.constants.push(Inst::Fill {
                            dst: reg,
                            words: Box::new([index]),
                        });
                        Ok(reg)
                    });
                    self.handles.insert(h.index() as u32, handle);
                    None
                }
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
    pub(super) fn function(&mut self, h: Handle<naga::Function>) -> Result<u32, CompileError> {
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
            let at = self.private(local.ty)?;
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
                // Arguments, globals and locals: available from the start.
                _ if e.needs_pre_emit() => self.expr(&mut cx, h, &mut out)?,
                // No `Emit` covers it and it is not one of the above: nothing evaluates it, and
                // naga's validator lets nothing use it (left from code a front end dropped).
                _ => {}
            }
        }
        for (i, (_, local)) in f.local_variables.iter().enumerate() {
            let at = cx.locals[i];
            match local.init {
                Some(init) => {
                    // The initializer is a constant expression; where an `Emit` covers it, it is
                    // not evaluated yet, and its value is computed here.
                    let src = match cx.vals[init.index()] {
                        Val::Reg(r) => r,
                        _ => {
                            let words = const_words(module, &f.expressions, init)?;
                            let reg = self.alloc(words.len() as u32);
                            self.constants.push(Inst::Fill {
                                dst: reg,
                                words: words.into_boxed_slice(),
                            });
                            reg
                        }
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
                    bytes: align(self.layouter[local.ty].size, 4),
                }),
            }
        }
        let body = self.block(&mut cx, &f.body)?;
        out.extend(body);
        Ok(out)
    }
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
pub(super) fn const_words(
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
