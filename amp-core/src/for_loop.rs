//! `for` loops over integer ranges: `for i in a..b`, `a..=b`, `(a..b).step_by(s)` and their
//! `.rev()`. The expansion of a kernel body opens each loop with [`ForLoop::begin_for`] and
//! closes it with [`ForLoop::end_for`]; the counter is a local that only `end_for`'s step
//! writes, so every such loop terminates (see `builder/control.rs`).

use crate::builder::{KernelBuilder, KernelValue, Var};
use crate::ops::CmpOp;
use crate::tile_static::DeclareMemory;
use crate::types::Integer;
use naga::{BinaryOperator, Expression};

/// The types a `for` range counts in: `i32`, `u32`, `i64`, `u64`.
#[diagnostic::on_unimplemented(
    message = "`for` ranges in kernels are integers: `{Self}` is not an integer type",
    label = "a range of `{Self}`",
    note = "`for i in a..b` counts over i32, u32, i64 or u64 (both ends of one type; `step_by` takes any of them): convert the ends with `as`, or count over integers and compute the value from the counter"
)]
pub trait ForRange: Integer {
    /// The type itself: [`for_step`]'s result, which is no type at all when the stride is not
    /// an integer, so the stride's error is the only one.
    type Stride: ForRange;
}

/// A `step_by` stride, checked to be an integer where it is written.
pub fn for_step<S: ForRange<Stride = S>>(step: KernelValue<S>) -> KernelValue<S::Stride> {
    step
}
impl ForRange for i32 {
    type Stride = i32;
}
impl ForRange for u32 {
    type Stride = u32;
}
impl ForRange for i64 {
    type Stride = i64;
}
impl ForRange for u64 {
    type Stride = u64;
}

/// The `for` loops of kernels, as the expansion of a kernel body builds them. A trait of the
/// builder, which every kernel's expansion brings into scope, rather than inherent methods, so
/// that a range of another type is [`ForRange`]'s error with a note naming a public path.
pub trait ForLoop {
    /// The head of a `for` loop over `start..end` (or `start..=end`): declares the counter,
    /// opens the loop and leaves it when the counter is past the end.
    fn begin_for<T: ForRange>(
        &mut self,
        start: KernelValue<T>,
        end: KernelValue<T>,
        inclusive: bool,
    ) -> Var<T>;

    /// The end of a `for` loop: steps the counter (by 1, or by `step`: `.step_by(step)`, a
    /// stride of any integer type) in the continuing block and closes the loop.
    ///
    /// A stride below 1 counts as 1 (Rust's `step_by` takes a `usize` and panics on 0). The
    /// loop always terminates and never wraps: it leaves before a step would pass the end,
    /// comparing the distance left (`end - counter`, exact as an unsigned number since
    /// `counter <= end`) with the stride, both in the wider of the counter's and the stride's
    /// widths; the counter then steps by the stride converted to its own type, exactly, as the
    /// stride is at most the distance left.
    fn end_for<T: ForRange, S: ForRange>(
        &mut self,
        counter: Var<T>,
        end: KernelValue<T>,
        step: Option<KernelValue<S>>,
        inclusive: bool,
    );

    /// The counter's current value (what the loop binds).
    fn counter<T: ForRange>(&mut self, counter: Var<T>) -> KernelValue<T>;
}

impl ForLoop for KernelBuilder {
    fn begin_for<T: ForRange>(
        &mut self,
        start: KernelValue<T>,
        end: KernelValue<T>,
        inclusive: bool,
    ) -> Var<T> {
        let counter = self.var(None, start);
        self.version_counter(counter.handle(), start.handle(), end.handle(), inclusive);
        self.begin_finite_loop(counter.handle(), start.handle(), end.handle(), inclusive);
        let current = self.load(counter);
        let op = if inclusive { CmpOp::Le } else { CmpOp::Lt };
        let more = crate::ops::Compare::compare(current, self, op, end);
        self.break_unless(more);
        counter
    }

    fn counter<T: ForRange>(&mut self, counter: Var<T>) -> KernelValue<T> {
        self.load(counter)
    }

    fn end_for<T: ForRange, S: ForRange>(
        &mut self,
        counter: Var<T>,
        end: KernelValue<T>,
        step: Option<KernelValue<S>>,
        inclusive: bool,
    ) {
        self.begin_continuing();
        // The step is the one write of the counter; it closes the loop (`end_loop_if`).
        self.stepping = true;
        let current = self.load(counter).handle();
        // `T` is the counter's type, a `ForRange` as `begin_for` requires (the expansion calls
        // both at the `for`, so a range of another type is reported once).
        let ty = T::naga_type(self);
        let Some(counter_scalar) = self.module.types[ty].inner.scalar() else {
            self.error("a `for` counter that is not an integer");
            return self.end_loop();
        };
        let wide = counter_scalar.width == 8;
        if step.is_none() && !inclusive {
            // `counter < end` at the top: adding one cannot wrap.
            let one = match (counter_scalar.kind, wide) {
                (naga::ScalarKind::Uint, false) => naga::Literal::U32(1),
                (naga::ScalarKind::Uint, true) => naga::Literal::U64(1),
                (_, false) => naga::Literal::I32(1),
                (_, true) => naga::Literal::I64(1),
            };
            let one = self.append(Expression::Literal(one));
            let next = self.binary(BinaryOperator::Add, current, one);
            self.store(counter, KernelValue::from_handle(next));
            return self.end_loop();
        }
        // Distances and the stride are compared as unsigned numbers of this width.
        let compare = naga::Scalar {
            kind: naga::ScalarKind::Uint,
            width: match step {
                Some(_) => counter_scalar.width.max(S::SCALAR.width),
                None => counter_scalar.width,
            },
        };
        let step_u = match step {
            Some(s) => stride(self, s, compare),
            None => {
                let one = match compare.width {
                    8 => naga::Literal::U64(1),
                    _ => naga::Literal::U32(1),
                };
                self.append(Expression::Literal(one))
            }
        };
        let left = self.binary(BinaryOperator::Subtract, end.handle(), current);
        let left = self.append(Expression::As {
            expr: left,
            kind: naga::ScalarKind::Uint,
            convert: None,
        });
        let left = if compare.width > counter_scalar.width {
            self.append(Expression::As {
                expr: left,
                kind: naga::ScalarKind::Uint,
                convert: Some(compare.width),
            })
        } else {
            left
        };
        // Exclusive: stop when the next value would reach the end; inclusive: pass it.
        let op = if inclusive {
            BinaryOperator::Less
        } else {
            BinaryOperator::LessEqual
        };
        let done = self.binary(op, left, step_u);
        let step_t = if compare == counter_scalar {
            step_u
        } else {
            // The same bits in the counter's kind, or (from a wider stride) a conversion that
            // narrows exactly: the stride is at most the distance left whenever the counter
            // steps.
            let narrow = compare.width != counter_scalar.width;
            self.append(Expression::As {
                expr: step_u,
                kind: counter_scalar.kind,
                convert: narrow.then_some(counter_scalar.width),
            })
        };
        let next = self.binary(BinaryOperator::Add, current, step_t);
        self.store(counter, KernelValue::from_handle(next));
        self.end_loop_if(Some(done));
    }
}

/// A `for` loop's stride `s` as an unsigned number of scalar `to`, at least 1: `max(s, 1)` in
/// `s`'s own type (so a negative stride counts as 1), then converted (`to` is at least as wide
/// as `s`, so the value is kept).
fn stride<S: Integer>(
    b: &mut KernelBuilder,
    s: KernelValue<S>,
    to: naga::Scalar,
) -> naga::Handle<Expression> {
    let one = match (S::SCALAR.kind, S::SCALAR.width) {
        (naga::ScalarKind::Uint, 8) => naga::Literal::U64(1),
        (naga::ScalarKind::Uint, _) => naga::Literal::U32(1),
        (_, 8) => naga::Literal::I64(1),
        (_, _) => naga::Literal::I32(1),
    };
    let one = b.append(Expression::Literal(one));
    let s = if S::SCALAR.kind == naga::ScalarKind::Uint {
        b.append(Expression::Math {
            fun: naga::MathFunction::Max,
            arg: s.handle(),
            arg1: Some(one),
            arg2: None,
            arg3: None,
        })
    } else {
        let below = b.binary(BinaryOperator::Less, s.handle(), one);
        b.append(Expression::Select {
            condition: below,
            accept: one,
            reject: s.handle(),
        })
    };
    if S::SCALAR == to {
        return s;
    }
    let widen = S::SCALAR.width != to.width;
    b.append(Expression::As {
        expr: s,
        kind: naga::ScalarKind::Uint,
        convert: widen.then_some(to.width),
    })
}
