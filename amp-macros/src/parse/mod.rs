//! syn → amp's kernel syntax ([`ast`](crate::ast)), reporting every form kernels lack.
//!
//! One walk over the kernel, in source order, builds the tree and applies each rule that a
//! form shows by itself (restrict(amp)'s rules on syntax: one function per rule, in
//! [`forms`], [`calls`] and [`syntax`]), so a kernel with five mistakes gets five errors, each
//! at its tokens. A rejected form leaves a supported stand-in in the tree (its contents, `()`,
//! or nothing) and the walk goes on into its parts. Rules that need the whole kernel are
//! [`check`](crate::check)'s, over the tree.

mod calls;
mod control;
mod expr;
mod forms;
mod print;
mod syntax;

pub use syntax::is_view_type;

use crate::ast::TileStatic;
use crate::ast::{ArrayInit, ArrayKind, Binding, Block, Expr, Let, LocalArray, Stmt, StmtKind};
use crate::errors::Errors;
use amp_spec::MAX_LOCAL_ARRAY;
use syn::spanned::Spanned;
use syn::{Lit, Pat, Type};

/// A kernel body (a `#[kernel] fn`'s block or a `parallel_for_each!` closure's), parsed.
pub fn block(block: &syn::Block, errors: &mut Errors) -> Block {
    Parser { errors, loops: 0 }.block(block)
}

/// A closure kernel's body that is not a block, parsed.
pub fn expr(expr: &syn::Expr, errors: &mut Errors) -> Expr {
    Parser { errors, loops: 0 }.expr(expr)
}

/// A closure or function parameter's pattern: what it binds.
pub fn param(pat: &Pat, errors: &mut Errors) -> Binding {
    Parser { errors, loops: 0 }.binding(pat)
}

/// Applies the rules on types to a type written in a kernel signature.
pub fn signature_type(ty: &Type, errors: &mut Errors) {
    Parser { errors, loops: 0 }.ty(ty);
}

/// Applies the rules on types to a parameter's type (which may be a reference).
pub fn param_type(ty: &Type, errors: &mut Errors) {
    Parser { errors, loops: 0 }.binding_type(ty);
}

/// The walk's state.
struct Parser<'e> {
    /// Where violations are collected.
    errors: &'e mut Errors,
    /// Loops around the expression being parsed.
    loops: u32,
}

impl Parser<'_> {
    fn block(&mut self, block: &syn::Block) -> Block {
        Block {
            span: block.span(),
            stmts: block.stmts.iter().filter_map(|s| self.stmt(s)).collect(),
        }
    }

    /// A statement; `None` for one kernels lack (reported).
    fn stmt(&mut self, stmt: &syn::Stmt) -> Option<Stmt> {
        let kind = match stmt {
            syn::Stmt::Local(local) if is_tile_static(local) => self.tile_static(local)?,
            syn::Stmt::Local(local) => self.local(local)?,
            syn::Stmt::Expr(e, semi) => StmtKind::Expr {
                expr: self.expr(e),
                semi: semi.is_some(),
            },
            syn::Stmt::Item(item) => {
                self.errors.push(item, forms::item_message(item));
                return None;
            }
            syn::Stmt::Macro(m) => {
                self.attrs(&m.attrs);
                StmtKind::Expr {
                    expr: Expr {
                        span: m.span(),
                        kind: self.mac(&m.mac),
                    },
                    semi: m.semi_token.is_some(),
                }
            }
        };
        Some(Stmt {
            span: stmt.span(),
            kind,
        })
    }

    /// Rule: a tile_static variable has a plain name and a type, and no initializer (C++ AMP
    /// C3584).
    fn tile_static(&mut self, local: &syn::Local) -> Option<StmtKind> {
        let declared = match &local.pat {
            Pat::Type(t) => Some((self.binding(&t.pat), (*t.ty).clone())),
            other => {
                self.errors.push(
                    other,
                    "a tile_static variable needs a type: `#[tile_static] let mut t: [[f32; 16]; 16];`",
                );
                None
            }
        };
        if let Some(init) = &local.init {
            self.errors.push(
                &init.expr,
                "tile_static variables cannot have an initializer (C++ AMP C3584); assign their \
                 elements in the kernel, then wait at the tile barrier",
            );
        }
        if let Pat::Type(t) = &local.pat {
            self.ty(&t.ty);
        }
        if let Some(init) = &local.init {
            self.array_init(&init.expr);
        }
        let (binding, ty) = declared?;
        Some(StmtKind::TileStatic(TileStatic {
            let_span: local.let_token.span,
            binding,
            ty,
        }))
    }

    /// `let`: a local, a local array, or one binding per value of a tuple. Rules: a plain name
    /// is bound, and the local is initialized where it is declared (C3564: no uninitialized
    /// reads), without `else`.
    fn local(&mut self, local: &syn::Local) -> Option<StmtKind> {
        let pairs = local
            .init
            .as_ref()
            .and_then(|i| control::tuple_binding(&local.pat, &i.expr));
        // `let (s, c) = x.sin_cos();`: two names bound to the pair `sin_cos` returns (the one
        // method of amp's whose result is a tuple).
        let split = match (&local.pat, &pairs, &local.init) {
            (Pat::Tuple(t), None, Some(init)) if returns_pair(&init.expr) => {
                if t.elems.len() != 2 {
                    self.errors
                        .push(t, "`sin_cos` returns a pair: bind two names, `let (s, c)`");
                }
                Some(t.elems.iter().map(|p| self.binding(p)).collect::<Vec<_>>())
            }
            _ => None,
        };
        let bindings: Vec<Binding> = match (&pairs, &split) {
            (Some(pairs), _) => pairs.iter().map(|(pat, _)| self.binding(pat)).collect(),
            (None, Some(_)) => Vec::new(),
            (None, None) => vec![self.binding(&local.pat)],
        };
        match &local.init {
            None => self.errors.push(
                local,
                "kernel locals must be initialized where they are declared",
            ),
            Some(init) if init.diverge.is_some() => self
                .errors
                .push(local, "`let ... else` is not supported in kernels"),
            Some(_) => {}
        }
        self.annotation(&local.pat);
        let init = local.init.as_ref()?;
        if let Some(bindings) = split {
            return Some(StmtKind::Split {
                bindings,
                value: self.expr(&init.expr),
            });
        }
        if let Some(pairs) = pairs {
            let values = pairs.iter().map(|(_, value)| self.array_init(value));
            return Some(StmtKind::Tuple(bindings.into_iter().zip(values).collect()));
        }
        let binding = bindings.into_iter().next()?;
        let ty = match &local.pat {
            Pat::Type(t) => Some((*t.ty).clone()),
            _ => None,
        };
        let init = self.array_init(&init.expr);
        Some(match init.kind {
            ArrayKind::Value(value) => StmtKind::Let(Let { binding, ty, value }),
            _ => StmtKind::LocalArray(LocalArray { binding, ty, init }),
        })
    }

    /// The types annotated in a pattern (`let x: T`, which may be a reference), checked.
    fn annotation(&mut self, pat: &Pat) {
        if let Pat::Type(t) = pat {
            self.binding_type(&t.ty);
        }
    }

    /// Rule: a parameter, loop variable or `let` binds a name, optionally `mut`, or `_`;
    /// kernels do not destructure.
    fn binding(&mut self, pat: &Pat) -> Binding {
        match pat {
            Pat::Ident(p) if p.by_ref.is_none() && p.subpat.is_none() => Binding::Name {
                name: p.ident.clone(),
                mutable: p.mutability.is_some(),
            },
            Pat::Type(t) => self.binding(&t.pat),
            Pat::Wild(_) => Binding::Wild,
            other => {
                self.errors.push(
                    other,
                    "destructuring patterns are not supported in kernels; bind a plain name",
                );
                Binding::Wild
            }
        }
    }

    /// A value where an array literal may stand: array literals (nested) are local arrays.
    /// Rule: a local array has 1 to [`MAX_LOCAL_ARRAY`] elements per level (a thread's
    /// private memory).
    fn array_init(&mut self, expr: &syn::Expr) -> ArrayInit {
        let kind = match expr {
            syn::Expr::Array(a) if a.elems.is_empty() => {
                self.errors.push(a, EMPTY_ARRAY);
                ArrayKind::List(Vec::new())
            }
            syn::Expr::Array(a) => {
                ArrayKind::List(a.elems.iter().map(|e| self.array_init(e)).collect())
            }
            syn::Expr::Repeat(r) => {
                match literal_len(&r.len) {
                    Some(0) => self.errors.push(&r.len, EMPTY_ARRAY),
                    Some(len) if len > MAX_LOCAL_ARRAY => self.errors.push(
                        &r.len,
                        format!(
                            "a local array holds at most {MAX_LOCAL_ARRAY} elements (a thread's \
                             private memory); use a view for more data"
                        ),
                    ),
                    _ => {}
                }
                ArrayKind::Repeat {
                    value: Box::new(self.array_init(&r.expr)),
                    len: (*r.len).clone(),
                }
            }
            other => ArrayKind::Value(self.expr(other)),
        };
        ArrayInit {
            span: expr.span(),
            kind,
        }
    }

    /// Parses `body` as a loop's.
    fn in_loop<T>(&mut self, body: impl FnOnce(&mut Self) -> T) -> T {
        self.loops += 1;
        let parsed = body(self);
        self.loops -= 1;
        parsed
    }
}

const EMPTY_ARRAY: &str =
    "a local array needs at least one element: the accelerator has no empty arrays";

/// Whether a `let` is marked `#[tile_static]`.
fn is_tile_static(local: &syn::Local) -> bool {
    local.attrs.iter().any(|a| a.path().is_ident("tile_static"))
}

/// The value of an integer literal length (`[e; 16]`); a literal too large for `usize` is
/// `usize::MAX`.
fn literal_len(len: &syn::Expr) -> Option<usize> {
    match len {
        syn::Expr::Lit(syn::ExprLit {
            lit: Lit::Int(i), ..
        }) => i.base10_parse().ok().or(Some(usize::MAX)),
        syn::Expr::Paren(p) => literal_len(&p.expr),
        _ => None,
    }
}

#[cfg(test)]
mod tests;

/// Whether `e` calls `sin_cos`, by method or by path: amp's one method whose result is a pair.
fn returns_pair(e: &syn::Expr) -> bool {
    match e {
        syn::Expr::MethodCall(m) => m.method == "sin_cos",
        syn::Expr::Call(c) => matches!(
            &*c.func,
            syn::Expr::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == "sin_cos")
        ),
        _ => false,
    }
}
