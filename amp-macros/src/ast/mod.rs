//! amp's kernel syntax: the forms a kernel body may use, as a small typed tree.
//!
//! [`parse`](crate::parse) builds it from syn, reporting every form kernels lack;
//! [`check`](crate::check) applies the rules that need the whole kernel; [`lower`](crate::lower)
//! turns it into the Rust code that builds the kernel. Each node keeps the spans its generated
//! code is placed at (the user's tokens), and the pieces that kernels write as Rust does (types,
//! paths, literals, field names) as syn nodes.
//!
//! The tree holds only supported forms. Where the source has another, parsing reports it and
//! keeps a supported stand-in (the form's contents, `()`, or nothing), so that the rules over
//! the tree still run and report in the same compile; a tree with errors is never lowered.

mod expr;
pub mod visit;

pub use expr::{
    Arm, BinaryOp, Callee, Expr, ExprKind, FmtPiece, For, ForIter, If, Match, Pattern, Place,
    PlaceKind, Print, PrintMacro, Range, Shape, Subscript, UnaryOp,
};

use proc_macro2::Span;
use syn::{Ident, Type};

/// A block, `{ stmts }`.
#[derive(Clone)]
pub struct Block {
    /// The braces.
    pub span: Span,
    /// Its statements, in order.
    pub stmts: Vec<Stmt>,
}

/// A statement.
#[derive(Clone)]
pub struct Stmt {
    /// The statement's tokens: the kernel's source location while it runs.
    pub span: Span,
    /// What it is.
    pub kind: StmtKind,
}

/// The statements of kernels.
#[derive(Clone)]
pub enum StmtKind {
    /// `#[tile_static] let t: T;`: memory shared by a tile's threads (C++ AMP `tile_static`).
    TileStatic(TileStatic),
    /// `let x = value;`, `let mut x: T = value;`
    Let(Let),
    /// `let a = [e; N];`, `let a = [x, y];`: an array in the thread's own memory.
    LocalArray(LocalArray),
    /// `let (a, b) = (x, y);`: each name bound to its value, every value evaluated first.
    Tuple(Vec<(Binding, ArrayInit)>),
    /// `let (s, c) = x.sin_cos();`: each name bound to one part of the pair `sin_cos` returns.
    Split {
        /// The names, in order.
        bindings: Vec<Binding>,
        /// The tuple.
        value: Expr,
    },
    /// An expression; `semi`: followed by `;`.
    Expr {
        /// The expression.
        expr: Expr,
        /// Whether a `;` follows it.
        semi: bool,
    },
}

/// `#[tile_static] let t: T;`
#[derive(Clone)]
pub struct TileStatic {
    /// The `let` keyword, where the declaration is reported.
    pub let_span: Span,
    /// The name (`_` declares nothing).
    pub binding: Binding,
    /// The declared type.
    pub ty: Type,
}

/// `let x[: T] = value;`
#[derive(Clone)]
pub struct Let {
    /// The name, and whether it is `mut`.
    pub binding: Binding,
    /// The annotated type.
    pub ty: Option<Type>,
    /// The initializer.
    pub value: Expr,
}

/// `let a[: T] = [..];`
#[derive(Clone)]
pub struct LocalArray {
    /// The array's name (`_` declares nothing); `mut` or not, its elements can be assigned.
    pub binding: Binding,
    /// The annotated type.
    pub ty: Option<Type>,
    /// The initializer, an array literal.
    pub init: ArrayInit,
}

/// What a pattern binds in kernels: a name or nothing.
#[derive(Clone)]
pub enum Binding {
    /// `x` or `mut x`.
    Name {
        /// The name.
        name: Ident,
        /// `mut x`: the name is a local that can be assigned.
        mutable: bool,
    },
    /// `_`.
    Wild,
}

/// An array literal or a value where one may stand (a local array's initializer, a value of a
/// tuple binding, what a `for` loop iterates).
#[derive(Clone)]
pub struct ArrayInit {
    /// Its tokens.
    pub span: Span,
    /// What it is.
    pub kind: ArrayKind,
}

/// The forms of [`ArrayInit`].
#[derive(Clone)]
pub enum ArrayKind {
    /// `[x, y, z]`, at least one element (each maybe an array itself).
    List(Vec<ArrayInit>),
    /// `[value; len]`.
    Repeat {
        /// The repeated element.
        value: Box<ArrayInit>,
        /// The length, a constant expression as written.
        len: syn::Expr,
    },
    /// Any other value.
    Value(Expr),
}

impl Block {
    /// Whether the block ends in `return`, `break` or `continue`, or in a construct all of whose
    /// branches do: its value is never produced.
    pub fn diverges(&self) -> bool {
        match self.stmts.last() {
            Some(Stmt {
                kind: StmtKind::Expr { expr, .. },
                ..
            }) => expr.diverges(),
            _ => false,
        }
    }

    /// The expression the block ends in, when it has one (no `;` after it).
    pub fn tail(&self) -> Option<&Expr> {
        match self.stmts.last() {
            Some(Stmt {
                kind: StmtKind::Expr { expr, semi: false },
                ..
            }) => Some(expr),
            _ => None,
        }
    }

    /// The block `{ expr }`, placed at `expr`.
    pub fn of(expr: Expr) -> Block {
        let span = expr.span;
        Block {
            span,
            stmts: vec![Stmt {
                span,
                kind: StmtKind::Expr { expr, semi: false },
            }],
        }
    }
}
