//! The operators of the kernel language, as the expansion of a kernel body calls them.
//!
//! Each Rust operator maps to a trait implemented for exactly the kernel types it is defined on,
//! so a kernel that mixes types (`f32 + i32`) or applies an operator where the accelerator has
//! none fails to compile at the operator, with a message that says what is allowed. Semantics
//! are the accelerator's: integer arithmetic wraps, shifts take the amount modulo the bit width,
//! integer division by zero yields the dividend (WGSL's rule) instead of panicking.

use crate::builder::{KernelBuilder, KernelValue};
use crate::shape::{Extent, Index};
use crate::types::{Integer, Numeric, Rank, Scalar, Signed, Value};
use naga::{BinaryOperator, Expression, Handle, RelationalFunction, UnaryOperator};

/// Arithmetic operators: `+ - * / %`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArithOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `%`
    Rem,
}

/// Bit operators: `& | ^`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BitOp {
    /// `&`
    And,
    /// `|`
    Or,
    /// `^`
    Xor,
}

/// Shift operators: `<< >>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShiftOp {
    /// `<<`
    Shl,
    /// `>>` (arithmetic on i32, logical on u32)
    Shr,
}

/// Comparison operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

impl BitOp {
    /// The naga operator on operands (or components) of `kind`: bools have the logical ones
    /// (`^` is `!=`), integers the bitwise ones.
    pub fn naga_op(self, kind: naga::ScalarKind) -> BinaryOperator {
        match (self, kind) {
            (BitOp::And, naga::ScalarKind::Bool) => BinaryOperator::LogicalAnd,
            (BitOp::Or, naga::ScalarKind::Bool) => BinaryOperator::LogicalOr,
            (BitOp::Xor, naga::ScalarKind::Bool) => BinaryOperator::NotEqual,
            (BitOp::And, _) => BinaryOperator::And,
            (BitOp::Or, _) => BinaryOperator::InclusiveOr,
            (BitOp::Xor, _) => BinaryOperator::ExclusiveOr,
        }
    }
}

impl ShiftOp {
    /// `l op amount`, `amount` unsigned: each amount taken modulo the bit width of `l`'s
    /// components (`width` bytes), on scalars or (`size` given) on vectors of that size.
    pub(crate) fn masked(
        self,
        b: &mut KernelBuilder,
        l: Handle<Expression>,
        amount: Handle<Expression>,
        width: u8,
        size: Option<naga::VectorSize>,
    ) -> Handle<Expression> {
        let bits = u32::from(width) * 8;
        let mut mask = b.append(Expression::Literal(naga::Literal::U32(bits - 1)));
        if let Some(size) = size {
            mask = b.append(Expression::Splat { size, value: mask });
        }
        let amount = b.binary(BinaryOperator::And, amount, mask);
        let op = match self {
            ShiftOp::Shl => BinaryOperator::ShiftLeft,
            ShiftOp::Shr => BinaryOperator::ShiftRight,
        };
        b.binary(op, l, amount)
    }
}

impl ArithOp {
    /// The naga operator.
    pub fn naga_op(self) -> BinaryOperator {
        self.naga()
    }

    fn naga(self) -> BinaryOperator {
        match self {
            ArithOp::Add => BinaryOperator::Add,
            ArithOp::Sub => BinaryOperator::Subtract,
            ArithOp::Mul => BinaryOperator::Multiply,
            ArithOp::Div => BinaryOperator::Divide,
            ArithOp::Rem => BinaryOperator::Modulo,
        }
    }
}

impl CmpOp {
    fn naga(self) -> BinaryOperator {
        match self {
            CmpOp::Eq => BinaryOperator::Equal,
            CmpOp::Ne => BinaryOperator::NotEqual,
            CmpOp::Lt => BinaryOperator::Less,
            CmpOp::Le => BinaryOperator::LessEqual,
            CmpOp::Gt => BinaryOperator::Greater,
            CmpOp::Ge => BinaryOperator::GreaterEqual,
        }
    }
}

/// A literal of the kernel language (`1`, `2.5f32`, `true`).
pub fn lit<T: Scalar>(b: &mut KernelBuilder, value: T) -> KernelValue<T> {
    b.literal(value)
}

/// A kernel value as the operand of an operator: its type in the kernel language and its
/// expression. Operators are defined on the types ([`Arithmetic`], [`Comparison`]), so that a
/// mistake is reported with the user's types (`f32` and `i32`).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a value operators and `as` work on in a kernel",
    label = "not a kernel value",
    note = "operators and `as` take kernel values: numbers, bool, Index, Extent and short vectors; a view or section is read by indexing it (`v[i]`)"
)]
pub trait Operand {
    /// The operand's type in the kernel language.
    type Value;
    /// Its expression.
    fn operand(self, b: &mut KernelBuilder) -> Handle<Expression>;
}

impl<T> Operand for KernelValue<T> {
    type Value = T;
    fn operand(self, _: &mut KernelBuilder) -> Handle<Expression> {
        self.handle()
    }
}

macro_rules! constant_operand {
    ($($t:ty),*) => {$(
        /// A host constant.
        impl Operand for $t {
            type Value = $t;
            fn operand(self, b: &mut KernelBuilder) -> Handle<Expression> {
                b.literal(self).handle()
            }
        }
    )*};
}
constant_operand!(i32, u32, f32, i64, u64, f64, bool);

/// `+ - * / %` on two kernel values (the expansion's entry point; see [`Arithmetic`]).
pub trait Arith<R> {
    /// The result.
    type Output;
    /// Applies `op`.
    fn arith(self, b: &mut KernelBuilder, op: ArithOp, rhs: R) -> Self::Output;
}

impl<L: Operand, R: Operand> Arith<R> for L
where
    L::Value: Arithmetic<R::Value>,
{
    type Output = KernelValue<<L::Value as Arithmetic<R::Value>>::Output>;
    fn arith(self, b: &mut KernelBuilder, op: ArithOp, rhs: R) -> Self::Output {
        let l = self.operand(b);
        let r = rhs.operand(b);
        KernelValue::from_handle(<L::Value as Arithmetic<R::Value>>::apply(b, op, l, r))
    }
}

/// `+ - * / %` between values of the kernel types `Self` and `R`.
#[diagnostic::on_unimplemented(
    message = "arithmetic between `{Self}` and `{R}` is not supported in kernels",
    label = "operand types differ or have no arithmetic",
    note = "both operands must have the same type (i32, u32, f32; a short vector with a vector or a scalar of its components): convert one side with `as`; an Index or Extent combines with another of the same rank or an i32 on either side, an Extent with an Index of the same rank by + and -"
)]
pub trait Arithmetic<R> {
    /// The result's type.
    type Output;
    /// `l op r`.
    fn apply(
        b: &mut KernelBuilder,
        op: ArithOp,
        l: Handle<Expression>,
        r: Handle<Expression>,
    ) -> Handle<Expression>;
}

impl<T: Numeric> Arithmetic<T> for T {
    type Output = T;
    fn apply(
        b: &mut KernelBuilder,
        op: ArithOp,
        l: Handle<Expression>,
        r: Handle<Expression>,
    ) -> Handle<Expression> {
        if matches!(op, ArithOp::Div | ArithOp::Rem) && b.is_integer_zero(r) {
            b.error("integer division by a constant zero (C++ AMP C3567)");
        }
        if matches!(op, ArithOp::Div | ArithOp::Rem) && T::SCALAR.kind == naga::ScalarKind::Sint {
            return b.signed_division(op.naga(), l, r);
        }
        if op == ArithOp::Rem && T::SCALAR.kind == naga::ScalarKind::Float && T::RANGE.is_none() {
            return crate::math::remainder::fmod(b, l, r, T::SCALAR);
        }
        let value = b.binary(op.naga(), l, r);
        crate::norm::arithmetic_result::<T>(b, op, value, None)
    }
}

/// The result of an operator whose operands' types do not match (`a + b` with `a: f32` and
/// `b: i32`, `(x < 3) + 1`). That operator is already an error; a `Mismatched` value in a later
/// message is its result, not a second mistake.
///
/// No operand has this type. Implementing the operator traits for it as well as for the
/// matching type keeps rustc from inferring the other operand's type from one side, so that
/// mixed operands get the traits' messages (`` arithmetic between `f32` and `i32` ``) rather
/// than a type mismatch.
#[derive(Clone, Copy)]
pub enum Mismatched {}

/// A `Mismatched` value can still be bound to a `let mut` local, so that the one mistake (the
/// operator) is reported once. Such a kernel never compiles, so its type is never built.
impl crate::types::Value for Mismatched {
    fn naga_type(b: &mut KernelBuilder) -> Handle<naga::Type> {
        <i32 as crate::types::Value>::naga_type(b)
    }
    fn name() -> &'static str {
        "Mismatched"
    }
}

#[diagnostic::do_not_recommend]
impl<T: Scalar> Arithmetic<Mismatched> for T {
    type Output = Mismatched;
    fn apply(
        _: &mut KernelBuilder,
        _: ArithOp,
        l: Handle<Expression>,
        _: Handle<Expression>,
    ) -> Handle<Expression> {
        l
    }
}

#[diagnostic::do_not_recommend]
impl<T: Scalar> Comparison<Mismatched> for T {
    fn apply(
        _: &mut KernelBuilder,
        _: CmpOp,
        l: Handle<Expression>,
        _: Handle<Expression>,
    ) -> Handle<Expression> {
        l
    }
}

macro_rules! shape_arith {
    ($shape:ident) => {
        impl<const N: usize> Arithmetic<$shape<N>> for $shape<N>
        where
            $shape<N>: Value + Rank,
        {
            type Output = $shape<N>;
            fn apply(
                b: &mut KernelBuilder,
                op: ArithOp,
                l: Handle<Expression>,
                r: Handle<Expression>,
            ) -> Handle<Expression> {
                shape_binary::<$shape<N>>(b, op.naga(), l, r)
            }
        }

        /// With an `i32`: applied to every component.
        impl<const N: usize> Arithmetic<i32> for $shape<N>
        where
            $shape<N>: Value + Rank,
        {
            type Output = $shape<N>;
            fn apply(
                b: &mut KernelBuilder,
                op: ArithOp,
                l: Handle<Expression>,
                r: Handle<Expression>,
            ) -> Handle<Expression> {
                if matches!(op, ArithOp::Div | ArithOp::Rem) && b.is_integer_zero(r) {
                    b.error("integer division by a constant zero (C++ AMP C3567)");
                }
                let r = splat::<$shape<N>>(b, KernelValue::from_handle(r));
                shape_binary::<$shape<N>>(b, op.naga(), l, r)
            }
        }

        /// An `i32` on the left (C++ AMP `operator*(int, index)`): `2 * idx`, `1 - idx`, the
        /// scalar combined with every component, as on the host.
        impl<const N: usize> Arithmetic<$shape<N>> for i32
        where
            $shape<N>: Value + Rank,
        {
            type Output = $shape<N>;
            fn apply(
                b: &mut KernelBuilder,
                op: ArithOp,
                l: Handle<Expression>,
                r: Handle<Expression>,
            ) -> Handle<Expression> {
                let l = splat::<$shape<N>>(b, KernelValue::from_handle(l));
                shape_binary::<$shape<N>>(b, op.naga(), l, r)
            }
        }

        #[diagnostic::do_not_recommend]
        impl<const N: usize> Arithmetic<Mismatched> for $shape<N>
        where
            $shape<N>: Value + Rank,
        {
            type Output = Mismatched;
            fn apply(
                _: &mut KernelBuilder,
                _: ArithOp,
                l: Handle<Expression>,
                _: Handle<Expression>,
            ) -> Handle<Expression> {
                l
            }
        }

        #[diagnostic::do_not_recommend]
        impl<const N: usize> Comparison<Mismatched> for $shape<N>
        where
            $shape<N>: Value + Rank,
        {
            fn apply(
                _: &mut KernelBuilder,
                _: CmpOp,
                l: Handle<Expression>,
                _: Handle<Expression>,
            ) -> Handle<Expression> {
                l
            }
        }

        impl<const N: usize> Comparison<$shape<N>> for $shape<N>
        where
            $shape<N>: Value + Rank,
        {
            fn apply(
                b: &mut KernelBuilder,
                op: CmpOp,
                l: Handle<Expression>,
                r: Handle<Expression>,
            ) -> Handle<Expression> {
                let (fun, op) = match op {
                    CmpOp::Eq => (RelationalFunction::All, BinaryOperator::Equal),
                    CmpOp::Ne => (RelationalFunction::Any, BinaryOperator::NotEqual),
                    _ => {
                        b.error(concat!(
                            stringify!($shape),
                            " values compare only with == and !="
                        ));
                        (RelationalFunction::All, BinaryOperator::Equal)
                    }
                };
                if <$shape<N> as Rank>::is_array() {
                    let all = matches!(fun, RelationalFunction::All);
                    return fold_components(b, op, all, l, r, N);
                }
                let each = b.binary(op, l, r);
                if N == 1 {
                    return each;
                }
                b.append(Expression::Relational {
                    fun,
                    argument: each,
                })
            }
        }
    };
}

shape_arith!(Index);
shape_arith!(Extent);

/// An extent moved by an index (C++ AMP `extent + index`, `extent - index`): an extent. Other
/// operators between the two are C++ AMP's compile errors; here a located error when the kernel
/// is built, as for `<` on shapes.
impl<const N: usize> Arithmetic<Index<N>> for Extent<N>
where
    Extent<N>: Value + Rank,
    Index<N>: Value + Rank,
{
    type Output = Extent<N>;
    fn apply(
        b: &mut KernelBuilder,
        op: ArithOp,
        l: Handle<Expression>,
        r: Handle<Expression>,
    ) -> Handle<Expression> {
        if !matches!(op, ArithOp::Add | ArithOp::Sub) {
            b.error("an Extent combines with an Index only by + and - (C++ AMP extent ± index)");
        }
        shape_binary::<Extent<N>>(b, op.naga(), l, r)
    }
}

/// Broadcasts an `i32` to every component of a shape.
fn splat<S: Rank + Value>(
    b: &mut KernelBuilder,
    value: KernelValue<i32>,
) -> naga::Handle<Expression> {
    if S::is_array() {
        let ty = S::naga_type(b);
        let components = vec![value.handle(); S::COMPONENTS];
        return b.append(Expression::Compose { ty, components });
    }
    match S::vector_size() {
        None => value.handle(),
        Some(size) => b.append(Expression::Splat {
            size,
            value: value.handle(),
        }),
    }
}

/// `l op r` on two shapes of type `S`: one naga operation on scalars and vectors, one per
/// component on arrays (ranks above 4).
fn shape_binary<S: Rank + Value>(
    b: &mut KernelBuilder,
    op: BinaryOperator,
    l: naga::Handle<Expression>,
    r: naga::Handle<Expression>,
) -> naga::Handle<Expression> {
    if !S::is_array() {
        return b.binary(op, l, r);
    }
    let components = (0..S::COMPONENTS as u32)
        .map(|index| {
            let l = b.append(Expression::AccessIndex { base: l, index });
            let r = b.append(Expression::AccessIndex { base: r, index });
            b.binary(op, l, r)
        })
        .collect();
    let ty = S::naga_type(b);
    b.append(Expression::Compose { ty, components })
}

/// `l op r` component by component on two arrays of `n`, folded with `&&` (`all`) or `||`.
fn fold_components(
    b: &mut KernelBuilder,
    op: BinaryOperator,
    all: bool,
    l: naga::Handle<Expression>,
    r: naga::Handle<Expression>,
    n: usize,
) -> naga::Handle<Expression> {
    let join = if all {
        BinaryOperator::LogicalAnd
    } else {
        BinaryOperator::LogicalOr
    };
    let mut acc: Option<naga::Handle<Expression>> = None;
    for index in 0..n as u32 {
        let l = b.append(Expression::AccessIndex { base: l, index });
        let r = b.append(Expression::AccessIndex { base: r, index });
        let each = b.binary(op, l, r);
        acc = Some(match acc {
            None => each,
            Some(a) => b.binary(join, a, each),
        });
    }
    acc.unwrap_or_else(|| b.append(Expression::Literal(naga::Literal::Bool(all))))
}

/// `& | ^` on two kernel values (the expansion's entry point; see [`BitOps`]).
pub trait Bitwise<R> {
    /// The result.
    type Output;
    /// Applies `op`.
    fn bitwise(self, b: &mut KernelBuilder, op: BitOp, rhs: R) -> Self::Output;
}

impl<L: Operand, R: Operand> Bitwise<R> for L
where
    L::Value: BitOps<R::Value>,
{
    type Output = KernelValue<L::Value>;
    fn bitwise(self, b: &mut KernelBuilder, op: BitOp, rhs: R) -> Self::Output {
        let l = self.operand(b);
        let r = rhs.operand(b);
        KernelValue::from_handle(<L::Value as BitOps<R::Value>>::apply(b, op, l, r))
    }
}

/// `& | ^` between values of the kernel types `Self` and `R`.
#[diagnostic::on_unimplemented(
    message = "bit operation between `{Self}` and `{R}` is not supported in kernels",
    label = "operand types differ or have no bits",
    note = "`& | ^` take two i32, two u32 or two bool: convert one side with `as`"
)]
pub trait BitOps<R> {
    /// `l op r`.
    fn apply(
        b: &mut KernelBuilder,
        op: BitOp,
        l: Handle<Expression>,
        r: Handle<Expression>,
    ) -> Handle<Expression>;
}

impl<T: Scalar> BitOps<T> for T {
    fn apply(
        b: &mut KernelBuilder,
        op: BitOp,
        l: Handle<Expression>,
        r: Handle<Expression>,
    ) -> Handle<Expression> {
        let naga_op = match T::SCALAR.kind {
            naga::ScalarKind::Float => {
                b.error("bit operations are not defined on floats");
                BinaryOperator::And
            }
            kind => op.naga_op(kind),
        };
        b.binary(naga_op, l, r)
    }
}

#[diagnostic::do_not_recommend]
impl<T: Scalar> BitOps<Mismatched> for T {
    fn apply(
        _: &mut KernelBuilder,
        _: BitOp,
        l: Handle<Expression>,
        _: Handle<Expression>,
    ) -> Handle<Expression> {
        l
    }
}

/// `<< >>` on two kernel values (the expansion's entry point; see [`ShiftOps`]).
pub trait Shift<R> {
    /// The result.
    type Output;
    /// Applies `op`; the amount is taken modulo the bit width, as Rust's wrapping shifts do.
    fn shift(self, b: &mut KernelBuilder, op: ShiftOp, amount: R) -> Self::Output;
}

impl<L: Operand, R: Operand> Shift<R> for L
where
    L::Value: ShiftOps<R::Value>,
{
    type Output = KernelValue<L::Value>;
    fn shift(self, b: &mut KernelBuilder, op: ShiftOp, amount: R) -> Self::Output {
        let l = self.operand(b);
        let r = amount.operand(b);
        KernelValue::from_handle(<L::Value as ShiftOps<R::Value>>::apply(b, op, l, r))
    }
}

/// `<< >>` of a `Self` by an `R`.
#[diagnostic::on_unimplemented(
    message = "cannot shift `{Self}` by `{R}` in a kernel",
    label = "shifts take integers",
    note = "shifts take an i32 or u32 (or i64/u64) on both sides"
)]
pub trait ShiftOps<R> {
    /// `l op r`.
    fn apply(
        b: &mut KernelBuilder,
        op: ShiftOp,
        l: Handle<Expression>,
        r: Handle<Expression>,
    ) -> Handle<Expression>;
}

impl<T: Integer, R: Integer> ShiftOps<R> for T {
    fn apply(
        b: &mut KernelBuilder,
        op: ShiftOp,
        l: Handle<Expression>,
        r: Handle<Expression>,
    ) -> Handle<Expression> {
        let amount = b.append(Expression::As {
            expr: r,
            kind: naga::ScalarKind::Uint,
            convert: None,
        });
        op.masked(b, l, amount, T::SCALAR.width, None)
    }
}

/// `== != < <= > >=` on two kernel values (the expansion's entry point; see [`Comparison`]).
pub trait Compare<R> {
    /// Compares.
    fn compare(self, b: &mut KernelBuilder, op: CmpOp, rhs: R) -> KernelValue<bool>;
}

impl<L: Operand, R: Operand> Compare<R> for L
where
    L::Value: Comparison<R::Value>,
{
    fn compare(self, b: &mut KernelBuilder, op: CmpOp, rhs: R) -> KernelValue<bool> {
        let l = self.operand(b);
        let r = rhs.operand(b);
        KernelValue::from_handle(<L::Value as Comparison<R::Value>>::apply(b, op, l, r))
    }
}

/// `== != < <= > >=` between values of the kernel types `Self` and `R`.
#[diagnostic::on_unimplemented(
    message = "cannot compare `{Self}` with `{R}` in a kernel",
    label = "operand types differ",
    note = "both operands must have the same type: convert one side with `as`"
)]
pub trait Comparison<R> {
    /// `l op r`, a `bool`.
    fn apply(
        b: &mut KernelBuilder,
        op: CmpOp,
        l: Handle<Expression>,
        r: Handle<Expression>,
    ) -> Handle<Expression>;
}

impl<T: Scalar> Comparison<T> for T {
    fn apply(
        b: &mut KernelBuilder,
        op: CmpOp,
        l: Handle<Expression>,
        r: Handle<Expression>,
    ) -> Handle<Expression> {
        if T::SCALAR.kind == naga::ScalarKind::Bool && !matches!(op, CmpOp::Eq | CmpOp::Ne) {
            b.error("bool values compare only with == and !=");
        }
        if T::SCALAR.kind == naga::ScalarKind::Float && op == CmpOp::Ne {
            // naga's float `!=` is ordered (false when either side is NaN); Rust's is `!(a == b)`.
            let equal = b.binary(BinaryOperator::Equal, l, r);
            return b.append(Expression::Unary {
                op: UnaryOperator::LogicalNot,
                expr: equal,
            });
        }
        b.binary(op.naga(), l, r)
    }
}

/// Unary `-`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be negated in a kernel",
    note = "unary minus works on i32 and f32"
)]
pub trait Negate {
    /// Negates.
    fn negate(self, b: &mut KernelBuilder) -> Self;
}

impl<T: Signed> Negate for KernelValue<T> {
    fn negate(self, b: &mut KernelBuilder) -> Self {
        KernelValue::from_handle(b.append(Expression::Unary {
            op: UnaryOperator::Negate,
            expr: self.handle(),
        }))
    }
}

/// Unary `!`: logical on `bool`, bitwise on integers.
#[diagnostic::on_unimplemented(
    message = "`!` is not defined on `{Self}` in a kernel",
    note = "`!` works on bool (logical not) and i32/u32 (bitwise not)"
)]
pub trait Not {
    /// Applies `!`.
    fn not(self, b: &mut KernelBuilder) -> Self;
}

impl<T: Scalar> Not for KernelValue<T> {
    fn not(self, b: &mut KernelBuilder) -> Self {
        let op = match T::SCALAR.kind {
            naga::ScalarKind::Bool => UnaryOperator::LogicalNot,
            naga::ScalarKind::Float => {
                b.error("`!` is not defined on floats");
                UnaryOperator::Negate
            }
            _ => UnaryOperator::BitwiseNot,
        };
        KernelValue::from_handle(b.append(Expression::Unary {
            op,
            expr: self.handle(),
        }))
    }
}

/// `as` between kernel scalars: `Self` converts to `T`.
#[diagnostic::on_unimplemented(
    message = "cannot cast `{Self}` to `{T}` in a kernel",
    label = "`as {T}` of a `{Self}`",
    note = "`as` converts between i32, u32 and f32 (and i64, u64, f64 where the accelerator has them), and from bool and f16 to them; `f16` is not a primitive type: convert to it with `f16::from_f32(x)` or `f16::from_f64(x)`"
)]
pub trait CastTo<T> {
    /// `value`, a `Self`, as a `T`.
    fn cast(b: &mut KernelBuilder, value: Handle<Expression>) -> KernelValue<T>;
}

/// Every scalar converts to each primitive number type (so a generic kernel's `x as f32` needs
/// only `T: Scalar`, and an `f16` converts too); a cast to another type is `CastTo`'s error,
/// `as f16` included: `f16` is not a primitive type, so `x as f16` is not Rust, and kernels
/// convert to it as the host does, with `f16::from_f32`.
macro_rules! cast_to {
    ($($to:ty),*) => {$(
        impl<S: Scalar> CastTo<$to> for S {
            fn cast(b: &mut KernelBuilder, value: Handle<Expression>) -> KernelValue<$to> {
                convert::<S, $to>(b, value)
            }
        }
    )*};
}
cast_to!(i32, u32, f32, i64, u64, f64);

/// `value`, an `S`, converted to a `T` as Rust's `as` converts (the same expression when the
/// types are the same; from a float to an integer saturating, NaN giving 0).
fn convert<S: Scalar, T: Scalar>(
    b: &mut KernelBuilder,
    value: Handle<Expression>,
) -> KernelValue<T> {
    if S::SCALAR == T::SCALAR {
        return KernelValue::from_handle(value);
    }
    let to = T::SCALAR;
    if S::SCALAR.kind == naga::ScalarKind::Float && to.kind != naga::ScalarKind::Float {
        return KernelValue::from_handle(crate::methods::saturating_cast(b, value, S::SCALAR, to));
    }
    let from = S::SCALAR;
    let integers =
        |s: naga::Scalar| matches!(s.kind, naga::ScalarKind::Sint | naga::ScalarKind::Uint);
    if integers(from) && integers(to) && from.kind != to.kind && from.width != to.width {
        // Rust extends by the source's signedness (`u32 as i64` zero-extends, `i32 as u64`
        // sign-extends); naga's conversion extends by the target's. Change the width within
        // the source's kind, then reinterpret the bits.
        let resized = b.append(Expression::As {
            expr: value,
            kind: from.kind,
            convert: Some(to.width),
        });
        return KernelValue::from_handle(b.append(Expression::As {
            expr: resized,
            kind: to.kind,
            convert: None,
        }));
    }
    KernelValue::from_handle(b.append(Expression::As {
        expr: value,
        kind: to.kind,
        convert: Some(to.width),
    }))
}

/// A value checked by one of the rules below (`typed`, `stored`, `cast`, `condition`, …) and
/// how to build it: the check is a function of the value alone, whose signature rustc quotes
/// when the check fails, and [`build`] then emits it with the builder.
pub struct Checked<O, V> {
    value: V,
    build: fn(&mut KernelBuilder, V) -> O,
}

impl<O, V> Checked<O, V> {
    /// `value`, to be built by `build` (called where the rule that makes it right holds).
    pub fn new(value: V, build: fn(&mut KernelBuilder, V) -> O) -> Self {
        Checked { value, build }
    }
}

/// Emits a checked value.
pub fn build<O, V>(b: &mut KernelBuilder, checked: Checked<O, V>) -> O {
    (checked.build)(b, checked.value)
}

/// `value as T`.
pub fn cast<T, S>(value: S) -> Checked<KernelValue<T>, S>
where
    S: Operand,
    S::Value: CastTo<T>,
{
    Checked::new(value, |b, value| {
        let value = value.operand(b);
        <S::Value as CastTo<T>>::cast(b, value)
    })
}

/// Builds a shape from its components: `Index::new([r, c])`, `Extent::new([r, c])`, and `[r, c]`
/// or `(r, c)` inside a view index.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be built from `{A}` in a kernel",
    label = "i32 components, 1 to 8 of them",
    note = "`Index::new([i, j])` and `Extent::new([i, j])` take 1 to 8 i32 components: convert the others with `as i32`"
)]
pub trait FromComponents<A>: Sized {
    /// Builds the shape.
    fn from_components(b: &mut KernelBuilder, components: A) -> KernelValue<Self>;
}

macro_rules! from_components {
    ($n:literal) => {
        impl FromComponents<[KernelValue<i32>; $n]> for Index<$n> {
            fn from_components(
                b: &mut KernelBuilder,
                c: [KernelValue<i32>; $n],
            ) -> KernelValue<Self> {
                KernelValue::from_handle(
                    b.compose::<Index<$n>>(c.iter().map(|e| e.handle()).collect()),
                )
            }
        }
        impl FromComponents<[KernelValue<i32>; $n]> for Extent<$n> {
            fn from_components(
                b: &mut KernelBuilder,
                c: [KernelValue<i32>; $n],
            ) -> KernelValue<Self> {
                KernelValue::from_handle(
                    b.compose::<Extent<$n>>(c.iter().map(|e| e.handle()).collect()),
                )
            }
        }
    };
}
from_components!(1);
from_components!(2);
from_components!(3);
from_components!(4);
from_components!(5);
from_components!(6);
from_components!(7);
from_components!(8);

/// `[r, c]` or `(r, c)` as an index.
pub fn index_from<S: FromComponents<A>, A>(components: A) -> Checked<KernelValue<S>, A> {
    Checked::new(components, S::from_components)
}

/// `[r, c]` or `(r, c)` inside a view index: always an [`Index`] of as many components.
pub fn index_of<const N: usize>(
    b: &mut KernelBuilder,
    components: [KernelValue<i32>; N],
) -> KernelValue<Index<N>>
where
    Index<N>: FromComponents<[KernelValue<i32>; N]>,
{
    Index::<N>::from_components(b, components)
}

/// A condition (`if`, `while`, `&&`, `||`) is a `bool`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a bool: conditions in kernels are bool",
    label = "expected a bool condition",
    note = "compare the value instead (`x != 0`), as Rust requires"
)]
pub trait IsBool {}
impl IsBool for bool {}

/// The condition `c` (a kernel `bool`; anything else is an error naming its type).
pub fn condition<C: Operand>(c: C) -> Checked<KernelValue<bool>, C>
where
    C::Value: IsBool,
{
    Checked::new(c, |b, c| KernelValue::from_handle(c.operand(b)))
}

/// A value bound to a name annotated with a scalar type (`let x: u32 = v;`) has that type.
#[diagnostic::on_unimplemented(
    message = "this value is `{Self}`, not `{T}`",
    label = "expected `{T}`",
    note = "kernels do not convert implicitly: convert with `as {T}`"
)]
pub trait SameType<T> {}
impl<T> SameType<T> for T {}

/// A place of type `Self` (a view element, a local, a field) holds a value of type `V`: the
/// right side of an assignment has the place's type. The place's type is `Self`, so that rustc
/// learns it from the place before it checks the bound (with the value's type as `Self`, it
/// would take the value's type as the place's and report the mismatch at the write).
#[diagnostic::on_unimplemented(
    message = "this value is `{V}`, not `{Self}`",
    label = "expected `{Self}`",
    note = "kernels do not convert implicitly: convert with `as {Self}`"
)]
pub trait Holds<V> {}
impl<T> Holds<T> for T {}

/// `v`, checked to have the type `T` of the place it is stored in (`place = v`).
pub fn stored<T, V: Operand>(v: V) -> Checked<KernelValue<T>, V>
where
    T: Holds<V::Value>,
{
    Checked::new(v, |b, v| KernelValue::from_handle(v.operand(b)))
}

/// `v`, checked to be a `T` (`let x: T = v;`).
pub fn typed<T, V: Operand>(v: V) -> Checked<KernelValue<T>, V>
where
    V::Value: SameType<T>,
{
    Checked::new(v, |b, v| KernelValue::from_handle(v.operand(b)))
}
