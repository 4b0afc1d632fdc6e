//! Expressions, places and the parts of control flow.

use super::{ArrayInit, Binding, Block};
use proc_macro2::Span;
use syn::{Ident, Lit, Member, Type};

/// An expression.
#[derive(Clone)]
pub struct Expr {
    /// Its tokens (their first token, where rustc reports about them).
    pub span: Span,
    /// What it is.
    pub kind: ExprKind,
}

/// The expressions of kernels.
#[derive(Clone)]
pub enum ExprKind {
    /// `1`, `2.5f32`, `true`.
    Lit(Lit),
    /// A name or a constant: `x`, `N`, `f32::MAX`.
    Path(syn::ExprPath),
    /// `()`.
    Unit,
    /// `(e)`, or an invisible group from a `macro_rules!` expansion.
    Paren(Box<Expr>),
    /// `{ … }`.
    Block(Block),
    /// `a + b`, `a < b`, `a && b` …
    Binary {
        /// The operator.
        op: BinaryOp,
        /// The operator's tokens.
        op_span: Span,
        /// The left operand.
        left: Box<Expr>,
        /// The right operand.
        right: Box<Expr>,
    },
    /// `-x`, `!x`.
    Unary {
        /// The operator.
        op: UnaryOp,
        /// The operator's token.
        op_span: Span,
        /// The operand.
        operand: Box<Expr>,
    },
    /// `&e` or `&mut e`: a reference to a place (or to a temporary holding a value).
    Reference {
        /// `&mut`.
        mutable: bool,
        /// The `&` (and `mut`) tokens.
        span: Span,
        /// The referenced place or value.
        operand: Box<Expr>,
    },
    /// `x as T`.
    Cast {
        /// The converted value.
        value: Box<Expr>,
        /// The type converted to.
        ty: Type,
        /// The `as` keyword.
        as_span: Span,
    },
    /// `base[index]`.
    Index {
        /// What is indexed.
        base: Box<Expr>,
        /// The index.
        index: Subscript,
        /// The brackets.
        bracket_span: Span,
    },
    /// `base.member`.
    Field {
        /// The value whose field or component is read.
        base: Box<Expr>,
        /// The field's name or number.
        member: Member,
    },
    /// `S { a: x, b: y }`, `S { a: x, ..s }`.
    Struct {
        /// The struct's path.
        path: syn::Path,
        /// Each field and its value, in order.
        fields: Vec<(Member, Expr)>,
        /// `..s`: the value the other fields come from.
        rest: Option<Box<Expr>>,
    },
    /// `println!(…)`, `assert!(…)` & co. (see [`Print`]).
    Print(Box<Print>),
    /// `x.clone()`: kernel values are copies, so the value itself.
    Clone(Box<Expr>),
    /// `receiver.method(args)`.
    MethodCall {
        /// The value the method is called on.
        receiver: Box<Expr>,
        /// The method's name.
        method: Ident,
        /// `::<T>` after the name.
        turbofish: Option<syn::AngleBracketedGenericArguments>,
        /// The arguments.
        args: Vec<Expr>,
    },
    /// `f(args)`: a `#[kernel]` function or one of amp's kernel functions.
    Call {
        /// The function.
        callee: Callee,
        /// The callee's tokens.
        callee_span: Span,
        /// The arguments.
        args: Vec<Expr>,
    },
    /// `Index::new([i, j])`, `Extent::new([w, h])`: a shape from components.
    Shape {
        /// Which shape.
        shape: Shape,
        /// The function's path.
        span: Span,
        /// The components, in order.
        components: Vec<Expr>,
    },
    /// `Index::new(a)`, `Index::from(a)`, `Extent::…`: a shape from an array value (a local
    /// array or an array field) rather than written-out components.
    ShapeFrom {
        /// Which shape.
        shape: Shape,
        /// The function's path.
        span: Span,
        /// The array.
        value: Box<Expr>,
    },
    /// `T::default()`, `Default::default()`: the type's zero value (C++ AMP's `T()`).
    Default {
        /// The function's path (`T::default`), whose type (`fn() -> T`) says which zero.
        path: syn::ExprPath,
    },
    /// `if cond { … } else …`.
    If(If),
    /// `match x { … }` on integers.
    Match(Match),
    /// `while cond { … }`.
    While {
        /// The condition.
        cond: Box<Expr>,
        /// The body.
        body: Block,
    },
    /// `loop { … }`.
    Loop {
        /// The body.
        body: Block,
    },
    /// `for x in … { … }`.
    For(Box<For>),
    /// `break` (its keyword's span).
    Break(Span),
    /// `continue` (its keyword's span).
    Continue(Span),
    /// `return` or `return value`.
    Return {
        /// The `return` keyword.
        keyword: Span,
        /// The returned value.
        value: Option<Box<Expr>>,
        /// The returned value's last token (the keyword's without one): an error about the
        /// value covers its tokens.
        value_end: Span,
    },
    /// `place = value`, or `place op= value` (`op` and its tokens).
    Assign {
        /// What is assigned.
        place: Place,
        /// The operator of a compound assignment (`+=` is `Add`), and its tokens.
        op: Option<(BinaryOp, Span)>,
        /// The assigned value (the right operand of `op=`).
        value: Box<Expr>,
    },
}

/// A binary operator: the family of amp's operator traits it goes to, and its name there
/// (`Arith("Add")` is `ArithOp::Add`).
#[derive(Clone, Copy)]
pub enum BinaryOp {
    /// `+ - * / %`.
    Arith(&'static str),
    /// `& | ^`.
    Bit(&'static str),
    /// `<< >>`.
    Shift(&'static str),
    /// `== != < <= > >=`.
    Compare(&'static str),
    /// `&&` (`true`) or `||` (`false`): evaluated as Rust does, the right side only when needed.
    Logic(bool),
}

/// A unary operator.
#[derive(Clone, Copy)]
pub enum UnaryOp {
    /// `-x`.
    Neg,
    /// `!x`.
    Not,
    /// `*r`: what a reference refers to.
    Deref,
}

/// What is written between an index's brackets.
#[derive(Clone)]
pub enum Subscript {
    /// `[i, j]` or `(i, j)`: an index composed of components.
    Components {
        /// The array or tuple.
        span: Span,
        /// The components, in order.
        items: Vec<Expr>,
    },
    /// Any other value: an index, or a number.
    Value(Box<Expr>),
}

impl Subscript {
    /// The subscript's tokens.
    pub fn span(&self) -> Span {
        match self {
            Subscript::Components { span, .. } => *span,
            Subscript::Value(e) => e.span,
        }
    }
}

/// The function a call calls.
#[derive(Clone)]
pub enum Callee {
    /// A function by its path: a `#[kernel] fn`, one of amp's, or a variable holding one.
    Function(syn::ExprPath),
    /// `f32::sqrt`: a scalar type's function called by path (`ty::name`), amp's version of
    /// Rust's.
    Scalar {
        /// The scalar type.
        ty: Ident,
        /// The function's name.
        name: Ident,
    },
}

/// The shapes a call composes from components.
#[derive(Clone, Copy)]
pub enum Shape {
    /// `Index::new([..])`.
    Index,
    /// `Extent::new([..])`.
    Extent,
}

impl Shape {
    /// The shape's type name.
    pub fn name(self) -> &'static str {
        match self {
            Shape::Index => "Index",
            Shape::Extent => "Extent",
        }
    }
}

/// `if cond { then } else otherwise`.
#[derive(Clone)]
pub struct If {
    /// The `if` keyword.
    pub if_span: Span,
    /// The condition.
    pub cond: Box<Expr>,
    /// The block run when it holds.
    pub then: Block,
    /// `else`: a block, or another `if`.
    pub otherwise: Option<Box<Expr>>,
}

/// `match scrutinee { arms }`: the arms in order, each compared with the value.
#[derive(Clone)]
pub struct Match {
    /// The matched value.
    pub scrutinee: Box<Expr>,
    /// The arms.
    pub arms: Vec<Arm>,
}

/// `pattern if guard => body`.
#[derive(Clone)]
pub struct Arm {
    /// What the value is compared with.
    pub pattern: Pattern,
    /// `if guard`.
    pub guard: Option<Expr>,
    /// The arm's value.
    pub body: Expr,
}

/// A `match` arm's pattern: integers are matched by comparison.
#[derive(Clone)]
pub enum Pattern {
    /// `_`: any value.
    Wild,
    /// `3`, `-1`, `true`.
    Lit(Lit),
    /// `lo..=hi`.
    Range {
        /// The pattern's tokens.
        span: Span,
        /// The lower bound (a literal or a constant).
        lo: Box<Expr>,
        /// The upper bound, included.
        hi: Box<Expr>,
    },
    /// `a | b | c`.
    Or {
        /// The pattern's tokens.
        span: Span,
        /// The alternatives.
        cases: Vec<Pattern>,
    },
}

/// `for binding in iter { body }`.
#[derive(Clone)]
pub struct For {
    /// The `for` keyword.
    pub for_span: Span,
    /// The loop variable.
    pub binding: Binding,
    /// What is iterated.
    pub iter: ForIter,
    /// The iterated expression's tokens.
    pub iter_span: Span,
    /// The body.
    pub body: Block,
}

/// What a `for` loop iterates.
#[derive(Clone)]
pub enum ForIter {
    /// A range of integers.
    Range(Range),
    /// The elements of an array: a literal, or a named (`const` or local) array.
    Array(Box<ArrayInit>),
}

/// `start..end`, `start..=end`, maybe `.step_by(step)` or `.rev()`.
#[derive(Clone)]
pub struct Range {
    /// The first value.
    pub start: Box<Expr>,
    /// The bound.
    pub end: Box<Expr>,
    /// `..=`: the bound is included.
    pub inclusive: bool,
    /// `.step_by(step)`.
    pub step: Option<Box<Expr>>,
    /// `.rev()`: from the end down.
    pub rev: bool,
}

/// What an assignment writes: a local, an element of a view or array, or a field or component
/// of one of those.
#[derive(Clone)]
pub struct Place {
    /// Its tokens.
    pub span: Span,
    /// What it is.
    pub kind: PlaceKind,
}

/// The forms of [`Place`].
#[derive(Clone)]
pub enum PlaceKind {
    /// A name.
    Name(syn::ExprPath),
    /// `(place)`.
    Paren(Box<Place>),
    /// `base[index]`.
    Index {
        /// The indexed place.
        base: Box<Place>,
        /// The index.
        index: Subscript,
        /// The brackets.
        bracket_span: Span,
    },
    /// `*r`: what a `&mut` reference refers to.
    Deref {
        /// The `*` token.
        star_span: Span,
        /// The reference.
        operand: Box<Expr>,
    },
    /// `base.member`.
    Field {
        /// The place whose field or component is written.
        base: Box<Place>,
        /// The field's name or number.
        member: Member,
    },
}

impl Expr {
    /// A node of `kind` at `span`.
    pub fn new(span: Span, kind: ExprKind) -> Expr {
        Expr { span, kind }
    }

    /// The literal `lit` as an expression. A negative number, which syn reads as one literal in
    /// a pattern (`-1 =>`), is the negation of its magnitude, as in an expression.
    pub fn literal(lit: &Lit) -> Expr {
        let span = lit.span();
        let magnitude = match lit {
            Lit::Int(i) => i
                .to_string()
                .strip_prefix('-')
                .map(|m| Lit::Int(syn::LitInt::new(m, span))),
            Lit::Float(f) => f
                .to_string()
                .strip_prefix('-')
                .map(|m| Lit::Float(syn::LitFloat::new(m, span))),
            _ => None,
        };
        let Some(magnitude) = magnitude else {
            return Expr::new(span, ExprKind::Lit(lit.clone()));
        };
        let operand = Box::new(Expr::new(span, ExprKind::Lit(magnitude)));
        let kind = ExprKind::Unary {
            op: UnaryOp::Neg,
            op_span: span,
            operand,
        };
        Expr::new(span, kind)
    }

    /// The name `ident`, read.
    pub fn name(ident: &Ident) -> Expr {
        let path = syn::ExprPath {
            attrs: Vec::new(),
            qself: None,
            path: ident.clone().into(),
        };
        Expr::new(ident.span(), ExprKind::Path(path))
    }

    /// `left op right`, placed where its first token is.
    pub fn binary(op: BinaryOp, op_span: Span, left: Expr, right: Expr) -> Expr {
        Expr::new(
            left.span,
            ExprKind::Binary {
                op,
                op_span,
                left: Box::new(left),
                right: Box::new(right),
            },
        )
    }

    /// `(inner)`, its parentheses at `span`.
    pub fn paren(span: Span, inner: Expr) -> Expr {
        Expr::new(span, ExprKind::Paren(Box::new(inner)))
    }

    /// Whether the expression leaves the block: `return`, `break`, `continue`, or a construct
    /// all of whose branches do.
    pub fn diverges(&self) -> bool {
        match &self.kind {
            ExprKind::Return { .. } | ExprKind::Break(_) | ExprKind::Continue(_) => true,
            ExprKind::Block(b) => b.diverges(),
            ExprKind::Paren(p) => p.diverges(),
            ExprKind::If(i) => match &i.otherwise {
                Some(other) => i.then.diverges() && other.diverges(),
                None => false,
            },
            ExprKind::Match(m) => !m.arms.is_empty() && m.arms.iter().all(|a| a.body.diverges()),
            _ => false,
        }
    }

    /// Whether the expression is itself `return`, `break` or `continue`.
    pub fn is_jump(&self) -> bool {
        matches!(
            self.kind,
            ExprKind::Return { .. } | ExprKind::Break(_) | ExprKind::Continue(_)
        )
    }
}

/// Which printing or asserting macro.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum PrintMacro {
    /// `print!`/`println!`: a line on standard output.
    Out,
    /// `eprint!`/`eprintln!`: a line on standard error.
    Err,
    /// `assert!`, `debug_assert!`: `condition` must hold.
    Assert,
    /// `assert_eq!`/`assert_ne!` (`true`: `==`) and their `debug_` forms: the first two
    /// arguments are the compared values.
    AssertCmp(bool),
}

/// A piece of a parsed format string.
#[derive(Clone)]
pub enum FmtPiece {
    /// Literal text.
    Text(String),
    /// An argument, by its position in [`Print::args`].
    Arg {
        /// Its position.
        arg: usize,
        /// `{:?}`.
        debug: bool,
        /// `{:.N}`.
        precision: Option<usize>,
        /// `{:x}` (`Some(false)`) or `{:X}` (`Some(true)`).
        hex: Option<bool>,
    },
}

/// `println!("{} {x}", a, x = b)`, `assert!(c, "…", …)`, `assert_eq!(a, b)`.
#[derive(Clone)]
pub struct Print {
    /// Which macro.
    pub kind: PrintMacro,
    /// The asserted condition (`assert!`).
    pub condition: Option<Expr>,
    /// The format string's pieces (a newline included for `println!`).
    pub pieces: Vec<FmtPiece>,
    /// The arguments, in the record's order: positional, then named, then names the format
    /// string captures (`{x}`).
    pub args: Vec<Expr>,
}
