//! Printing and assertions in kernels: the print buffer and its records.
//!
//! A kernel that prints (`println!`, `eprint!`, …) or asserts gets one more storage binding,
//! the print buffer ([`BindingKind::Prints`]), which the runtime binds to each of its launches
//! and reads back after them. It holds two counters and then records:
//!
//! | word | holds |
//! |---|---|
//! | 0 | the cursor: words of records appended so far (including those that did not fit) |
//! | 1 | records that did not fit (dropped) |
//! | 2.. | records |
//!
//! A record is `[words in record, format, thread, argument words…]`: `format` numbers a
//! [`PrintFormat`] of [`KernelIr::prints`](super::KernelIr::prints) (the format strings and the
//! arguments' types stay on the host), `thread` is the thread's linear number in the domain
//! (row-major over the extent), and each argument takes [`ArgType::words`] words. A thread
//! reserves its record with one atomic add on the cursor; a record that does not fit whole is
//! not written, and the thread counts it in word 1 instead.
//!
//! The thread's number is computed from the domain's index where the kernel body prints. A
//! device function that prints reads it from a private variable (`amp_thread`), which the
//! kernel body sets before each call of a function that prints (directly or through its
//! callees). Kernels that do not print are built exactly as before.

use super::{KernelBuilder, KernelValue};
use crate::error::Loc;
use crate::layout::BindingKind;
use naga::{
    AtomicFunction, BinaryOperator, Expression, Handle, Literal, ScalarKind, Statement, TypeInner,
};

/// Words before the first record: the cursor and the count of dropped records.
pub const PRINT_HEADER_WORDS: u32 = 2;

/// Words of a record before its arguments: its length, its format and its thread.
pub const RECORD_HEADER_WORDS: u32 = 3;

/// Where a record's line goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrintKind {
    /// Standard output (`print!`, `println!`).
    Out,
    /// Standard error (`eprint!`, `eprintln!`).
    Err,
    /// A failed assertion (`assert!` & co.): the launch fails with it.
    Assertion,
}

/// How an argument is formatted (the part of `{:…}` after the colon that kernels support).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Spec {
    /// `{:?}`.
    pub debug: bool,
    /// `{:.N}`: digits after the point of a float.
    pub precision: Option<usize>,
    /// `{:x}` or `{:X}` (`Some(true)`: upper case) for an integer.
    pub hex: Option<bool>,
}

/// A piece of a format string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    /// Literal text (with `{{` and `}}` already unescaped).
    Text(String),
    /// The argument `arg` (its position in the record), formatted by `spec`.
    Arg {
        /// The argument's position among the record's arguments.
        arg: usize,
        /// How it is formatted.
        spec: Spec,
    },
}

/// The scalar of a printed argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrintScalar {
    /// `i32`.
    I32,
    /// `u32`.
    U32,
    /// `f32`.
    F32,
    /// `f16` (recorded as the `f32` of the same value).
    F16,
    /// `bool`.
    Bool,
    /// `i64` (two words, low first).
    I64,
    /// `u64` (two words, low first).
    U64,
    /// `f64` (two words of its bits, low first).
    F64,
}

impl PrintScalar {
    /// Words one value takes in a record.
    pub const fn words(self) -> u32 {
        match self {
            PrintScalar::I64 | PrintScalar::U64 | PrintScalar::F64 => 2,
            _ => 1,
        }
    }

    fn of(scalar: naga::Scalar) -> Option<Self> {
        Some(match (scalar.kind, scalar.width) {
            (ScalarKind::Sint, 4) => PrintScalar::I32,
            (ScalarKind::Uint, 4) => PrintScalar::U32,
            (ScalarKind::Float, 4) => PrintScalar::F32,
            (ScalarKind::Float, 2) => PrintScalar::F16,
            (ScalarKind::Bool, _) => PrintScalar::Bool,
            (ScalarKind::Sint, 8) => PrintScalar::I64,
            (ScalarKind::Uint, 8) => PrintScalar::U64,
            (ScalarKind::Float, 8) => PrintScalar::F64,
            _ => return None,
        })
    }
}

/// What a printed value is, for its formatting on the host.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgShape {
    /// A scalar.
    Scalar,
    /// A short vector of this many components (`Float4`: 4).
    Vector(u32),
    /// An `Index<N>`.
    Index(u32),
    /// An `Extent<N>`.
    Extent(u32),
}

/// The type of a printed argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArgType {
    /// Its scalar.
    pub scalar: PrintScalar,
    /// Its shape.
    pub shape: ArgShape,
}

impl ArgType {
    /// Its components: 1 for a scalar.
    pub const fn components(self) -> u32 {
        match self.shape {
            ArgShape::Scalar => 1,
            ArgShape::Vector(n) | ArgShape::Index(n) | ArgShape::Extent(n) => n,
        }
    }

    /// Words it takes in a record.
    pub const fn words(self) -> u32 {
        self.components() * self.scalar.words()
    }
}

/// A `print!`/`assert!` of the kernel: what the host needs to format its records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrintFormat {
    /// Where it is in the kernel's source.
    pub loc: Loc,
    /// Where its lines go.
    pub kind: PrintKind,
    /// The format string, in pieces.
    pub pieces: Vec<Piece>,
    /// The arguments' types, in record order.
    pub args: Vec<ArgType>,
}

/// The print buffer of a kernel being built.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PrintBuffer {
    global: Handle<naga::GlobalVariable>,
    /// `amp_thread`, the thread's linear number for device functions, declared when one
    /// prints.
    thread: Option<Handle<naga::GlobalVariable>>,
}

/// Where the body of the kernel finds the thread's place in the domain, recorded by the
/// domain's prologue (see `domain.rs`) and turned into the thread's linear number only where
/// the kernel prints.
#[derive(Clone, Debug)]
pub(crate) struct ThreadIndex {
    /// The function depth (`outer.len()`) of the kernel body.
    pub(crate) depth: usize,
    /// The index.
    pub(crate) kind: ThreadIndexKind,
}

/// The forms of [`ThreadIndex`].
#[derive(Clone, Debug)]
pub(crate) enum ThreadIndexKind {
    /// The linear number itself (a `u32`).
    Linear(Handle<Expression>),
    /// The index's components (`i32` or `u32`, most significant first) and the extent's.
    Rows {
        /// The components.
        index: Vec<Handle<Expression>>,
        /// The extent's components: a parameter word times a factor (the tile's size).
        extent: Vec<(u32, u32)>,
    },
}

impl KernelBuilder {
    /// Records where the kernel body finds its thread's index (called by the domain's
    /// prologue).
    pub(crate) fn set_thread_index(&mut self, kind: ThreadIndexKind) {
        self.thread_index = Some(ThreadIndex {
            depth: self.outer.len(),
            kind,
        });
    }

    /// Appends a record of `format` with `args` (each a value and its type) to the print buffer.
    pub fn print(
        &mut self,
        kind: PrintKind,
        pieces: Vec<Piece>,
        args: Vec<(ArgType, Handle<Expression>)>,
    ) {
        let format = self.prints.len() as u32;
        self.prints.push(PrintFormat {
            loc: self.loc(),
            kind,
            pieces,
            args: args.iter().map(|(ty, _)| *ty).collect(),
        });
        let buffer = self.print_buffer();
        let thread = self.thread_number();
        let mut words = Vec::new();
        for (ty, value) in args {
            self.arg_words(ty, value, &mut words);
        }
        let count = RECORD_HEADER_WORDS + words.len() as u32;
        let global = self.append(Expression::GlobalVariable(buffer.global));
        let cursor = self.append(Expression::AccessIndex {
            base: global,
            index: 0,
        });
        let n = self.append(Expression::Literal(Literal::U32(count)));
        let u32_ty = self.intern_type(TypeInner::Scalar(naga::Scalar::U32));
        self.flush();
        let first = self.append(Expression::AtomicResult {
            ty: u32_ty,
            comparison: false,
        });
        self.push(Statement::Atomic {
            pointer: cursor,
            fun: AtomicFunction::Add,
            value: n,
            result: Some(first),
        });
        let data = self.append(Expression::AccessIndex {
            base: global,
            index: 2,
        });
        let capacity = self.append(Expression::ArrayLength(data));
        // Fits when `first < capacity` and `capacity - first >= count` (no `u32` overflow).
        let inside = self.binary(BinaryOperator::Less, first, capacity);
        let room = self.binary(BinaryOperator::Subtract, capacity, first);
        let enough = self.binary(BinaryOperator::GreaterEqual, room, n);
        let fits = self.binary(BinaryOperator::LogicalAnd, inside, enough);
        self.begin_if(KernelValue::from_handle(fits));
        let format = self.append(Expression::Literal(Literal::U32(format)));
        let record = [n, format, thread].into_iter().chain(words);
        for (k, value) in record.enumerate() {
            let offset = self.append(Expression::Literal(Literal::U32(k as u32)));
            let at = self.binary(BinaryOperator::Add, first, offset);
            let pointer = self.append(Expression::Access {
                base: data,
                index: at,
            });
            self.push(Statement::Store { pointer, value });
        }
        self.begin_else();
        let dropped = self.append(Expression::AccessIndex {
            base: global,
            index: 1,
        });
        let one = self.append(Expression::Literal(Literal::U32(1)));
        self.flush();
        let old = self.append(Expression::AtomicResult {
            ty: u32_ty,
            comparison: false,
        });
        self.push(Statement::Atomic {
            pointer: dropped,
            fun: AtomicFunction::Add,
            value: one,
            result: Some(old),
        });
        self.end_if();
    }

    /// Opens the branch where an assertion's `condition` is false (closed by `end_if`).
    pub fn begin_assert(&mut self, condition: KernelValue<bool>) {
        let failed = self.append(Expression::Unary {
            op: naga::UnaryOperator::LogicalNot,
            expr: condition.handle(),
        });
        self.begin_if(KernelValue::from_handle(failed));
    }

    /// The type of a printed value of naga type `ty`, shaped as `shape` says (`None` when
    /// its scalar cannot be printed).
    pub fn print_arg_type(&mut self, ty: Handle<naga::Type>, shape: ArgShape) -> Option<ArgType> {
        let scalar = match &self.module.types[ty].inner {
            TypeInner::Scalar(s) => *s,
            TypeInner::Vector { scalar, .. } => *scalar,
            TypeInner::Array { base, .. } => match &self.module.types[*base].inner {
                TypeInner::Scalar(s) => *s,
                _ => return None,
            },
            _ => return None,
        };
        Some(ArgType {
            scalar: PrintScalar::of(scalar)?,
            shape,
        })
    }

    /// The print buffer, declared at the first print.
    fn print_buffer(&mut self) -> PrintBuffer {
        if let Some(buffer) = self.print_buffer {
            return buffer;
        }
        let u32_ty = self.intern_type(TypeInner::Scalar(naga::Scalar::U32));
        let atomic = self.intern_type(TypeInner::Atomic(naga::Scalar::U32));
        let data = self.intern_type(TypeInner::Array {
            base: u32_ty,
            size: naga::ArraySize::Dynamic,
            stride: 4,
        });
        let member = |name: &str, ty, offset| naga::StructMember {
            name: Some(name.to_owned()),
            ty,
            binding: None,
            offset,
        };
        let ty = self.intern_named_type(
            "AmpPrints",
            TypeInner::Struct {
                members: vec![
                    member("cursor", atomic, 0),
                    member("dropped", atomic, 4),
                    member("data", data, 8),
                ],
                span: 12,
            },
        );
        self.layout.bindings.push(BindingKind::Prints);
        let binding = self.layout.bindings.len() as u32;
        let global = self.module.global_variables.append(
            naga::GlobalVariable {
                name: Some("amp_prints".into()),
                space: naga::AddressSpace::Storage {
                    access: naga::StorageAccess::LOAD | naga::StorageAccess::STORE,
                },
                binding: Some(naga::ResourceBinding { group: 0, binding }),
                ty,
                init: None,
                memory_decorations: naga::MemoryDecorations::empty(),
            },
            naga::Span::UNDEFINED,
        );
        let buffer = PrintBuffer {
            global,
            thread: None,
        };
        self.print_buffer = Some(buffer);
        buffer
    }

    /// `amp_thread`, the private variable where device functions find the thread's number.
    fn thread_global(&mut self) -> Handle<naga::GlobalVariable> {
        let mut buffer = self.print_buffer();
        if let Some(thread) = buffer.thread {
            return thread;
        }
        let ty = self.intern_type(TypeInner::Scalar(naga::Scalar::U32));
        let thread = self.module.global_variables.append(
            naga::GlobalVariable {
                name: Some("amp_thread".into()),
                space: naga::AddressSpace::Private,
                binding: None,
                ty,
                init: None,
                memory_decorations: naga::MemoryDecorations::empty(),
            },
            naga::Span::UNDEFINED,
        );
        buffer.thread = Some(thread);
        self.print_buffer = Some(buffer);
        thread
    }

    /// Whether the function being built is the kernel body.
    fn in_kernel_body(&self) -> bool {
        self.thread_index
            .as_ref()
            .is_some_and(|t| t.depth == self.outer.len())
    }

    /// The thread's linear number (`u32`) in the function being built. In a device function
    /// it reads `amp_thread`, and the function is marked as printing, so that its callers set
    /// it.
    fn thread_number(&mut self) -> Handle<Expression> {
        if !self.in_kernel_body() {
            self.cur.prints = true;
            let thread = self.thread_global();
            let pointer = self.append(Expression::GlobalVariable(thread));
            return self.append(Expression::Load { pointer });
        }
        let Some(ThreadIndex { kind, .. }) = self.thread_index.clone() else {
            return self.append(Expression::Literal(Literal::U32(0)));
        };
        match kind {
            ThreadIndexKind::Linear(linear) => linear,
            ThreadIndexKind::Rows { index, extent } => {
                let mut linear = None;
                for (&component, &(word, factor)) in index.iter().zip(&extent) {
                    let component = self.as_u32(component);
                    linear = Some(match linear {
                        None => component,
                        Some(acc) => {
                            let mut e = self.param_word(word).handle();
                            if factor != 1 {
                                let f = self.append(Expression::Literal(Literal::U32(factor)));
                                e = self.binary(BinaryOperator::Multiply, e, f);
                            }
                            let scaled = self.binary(BinaryOperator::Multiply, acc, e);
                            self.binary(BinaryOperator::Add, scaled, component)
                        }
                    });
                }
                linear.unwrap_or_else(|| self.append(Expression::Literal(Literal::U32(0))))
            }
        }
    }

    /// Before a call of `function`: when it prints, the caller prints too, and the kernel
    /// body sets `amp_thread` for it.
    pub(super) fn before_call(&mut self, function: Handle<naga::Function>) {
        if !self.printing_fns.contains(&function) {
            return;
        }
        if !self.in_kernel_body() {
            self.cur.prints = true;
            return;
        }
        let value = self.thread_number();
        let thread = self.thread_global();
        let pointer = self.append(Expression::GlobalVariable(thread));
        self.push(Statement::Store { pointer, value });
    }

    /// Appends the `u32` words of `value` (of type `ty`) to `out`.
    fn arg_words(
        &mut self,
        ty: ArgType,
        value: Handle<Expression>,
        out: &mut Vec<Handle<Expression>>,
    ) {
        // A scalar, or a shape of rank 1 (a plain `i32`), is its only component.
        let components = match ty.components() {
            1 => vec![value],
            n => (0..n)
                .map(|index| self.append(Expression::AccessIndex { base: value, index }))
                .collect(),
        };
        for c in components {
            self.scalar_words(ty.scalar, c, out);
        }
    }

    fn scalar_words(
        &mut self,
        scalar: PrintScalar,
        value: Handle<Expression>,
        out: &mut Vec<Handle<Expression>>,
    ) {
        let bits = |b: &mut Self, expr, width| {
            b.append(Expression::As {
                expr,
                kind: ScalarKind::Uint,
                convert: width,
            })
        };
        match scalar {
            PrintScalar::U32 => out.push(value),
            PrintScalar::I32 | PrintScalar::F32 => out.push(bits(self, value, None)),
            PrintScalar::F16 => {
                let wide = self.append(Expression::As {
                    expr: value,
                    kind: ScalarKind::Float,
                    convert: Some(4),
                });
                out.push(bits(self, wide, None));
            }
            PrintScalar::Bool => {
                let one = self.append(Expression::Literal(Literal::U32(1)));
                let zero = self.append(Expression::Literal(Literal::U32(0)));
                out.push(self.append(Expression::Select {
                    condition: value,
                    accept: one,
                    reject: zero,
                }));
            }
            PrintScalar::I64 | PrintScalar::U64 | PrintScalar::F64 => {
                let wide = match scalar {
                    PrintScalar::U64 => value,
                    _ => bits(self, value, None),
                };
                let mask = self.append(Expression::Literal(Literal::U64(u64::from(u32::MAX))));
                let low = self.binary(BinaryOperator::And, wide, mask);
                out.push(bits(self, low, Some(4)));
                let shift = self.append(Expression::Literal(Literal::U32(32)));
                let high = self.binary(BinaryOperator::ShiftRight, wide, shift);
                out.push(bits(self, high, Some(4)));
            }
        }
    }
}
