//! References: `&e` and `&mut e`.
//!
//! A reference to a place (`&mut x`, `&a[i].pos`, `&mut *r`, `&tile`) borrows, in the generated
//! code, the Rust binding that holds the kernel variable the place starts from (`&mut x` of the
//! generated local `x`), so rustc's borrow checker applies Rust's rules to it at the user's
//! tokens (E0499, E0502, E0596, E0503). The place itself is built as an assignment's place is,
//! through `RefRoot`/`RefIndex` (`&`) or `RefRootMut`/`RefIndexMut` (`&mut`), which also
//! reach through a reference (`&mut r[i]` of a `r: &mut [f32; 4]`). A reference to a value that
//! is no place (`&(a + b)`) refers to a new local holding it, as Rust's temporaries.

use super::{at, temp_at, Lowerer};
use crate::ast::{Expr, ExprKind, UnaryOp};
use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};

impl Lowerer {
    /// `&operand` (`mutable`: `&mut operand`), its `&` at `span`: the one lowering of a
    /// reference (a method's `&self`/`&mut self` receiver is lowered through it too).
    pub fn reference(&self, mutable: bool, span: Span, operand: &Expr) -> TokenStream {
        let Some(root) = root_name(operand) else {
            let value = self.expr(operand);
            let v = temp_at("__amp_v", operand.span);
            let (p, ctx) = at(span);
            let m = if mutable {
                quote_spanned!(span=> #p::Unique)
            } else {
                quote_spanned!(span=> #p::Shared)
            };
            return quote!({ let #v = #value; #p::borrow_value::<_, #m>(#ctx, #v) });
        };
        // The binding borrowed first, at the user's `&`, `mut` and name (a borrow error is
        // reported there, in Rust's words), then the place read through the borrow.
        let r = temp_at("__amp_root", root.span());
        let root_value = quote_spanned!(root.span()=> *#r);
        let place = self.ref_place(mutable, operand, &root_value);
        // At the `&`, as the call: rustc reports a place that cannot be borrowed once.
        let t = temp_at("__amp_place", span);
        let (p, ctx) = at(span);
        let (borrow, call) = if mutable {
            let mut_token = quote_spanned!(span=> mut);
            (
                quote_spanned!(span=> &#mut_token #root),
                quote_spanned!(span=> #p::borrow_mut(#r, #ctx, #t)),
            )
        } else {
            (
                quote_spanned!(span=> &#root),
                quote_spanned!(span=> #p::borrow(#r, #ctx, #t)),
            )
        };
        quote!({ let #r = #borrow; let #t = #place; #call })
    }

    /// The place `e` names, from its root binding: elements, fields and what references refer
    /// to.
    fn ref_place(&self, mutable: bool, e: &Expr, root: &TokenStream) -> TokenStream {
        match &e.kind {
            ExprKind::Path(_) => {
                let (p, ctx) = at(e.span);
                if mutable {
                    quote_spanned!(e.span=> #p::RefRootMut::ref_root_mut(#root, #ctx))
                } else {
                    quote_spanned!(e.span=> #p::RefRoot::ref_root(#root, #ctx))
                }
            }
            // `&mut *r`: the root's conversion reaches through the reference.
            ExprKind::Paren(inner)
            | ExprKind::Unary {
                op: UnaryOp::Deref,
                operand: inner,
                ..
            } => self.ref_place(mutable, inner, root),
            ExprKind::Index {
                base,
                index,
                bracket_span,
            } => {
                let base_value = self.ref_place(mutable, base, root);
                let index_value = self.subscript(index);
                let (b, idx) = (
                    temp_at("__amp_base", base.span),
                    temp_at("__amp_idx", index.span()),
                );
                let span = *bracket_span;
                let (p, ctx) = at(span);
                let call = if mutable {
                    quote_spanned!(span=> #p::RefIndexMut::ref_index_mut(#b, #ctx, #idx))
                } else {
                    quote_spanned!(span=> #p::RefIndex::ref_index(#b, #ctx, #idx))
                };
                quote!({ let #b = #base_value; let #idx = #index_value; #call })
            }
            ExprKind::Field { base, member } => {
                self.field(self.ref_place(mutable, base, root), base.span, member)
            }
            // `root_name` found a root: no other form reaches here.
            _ => self.expr(e),
        }
    }
}

/// The binding a place expression starts from (`x` in `x`, `a[i].pos`, `(*r)[k]`), when the
/// expression is a place of a local; `None` for values (`a + b`, a call, a constant: a
/// `SCREAMING_CASE` name or a path).
pub(crate) fn root_name(e: &Expr) -> Option<&syn::Ident> {
    match &e.kind {
        ExprKind::Path(path) if path.qself.is_none() => {
            let ident = path.path.get_ident()?;
            let name = ident.to_string();
            let constant = name.chars().any(|c| c.is_ascii_uppercase())
                && !name.chars().any(|c| c.is_ascii_lowercase());
            (!constant).then_some(ident)
        }
        ExprKind::Paren(inner)
        | ExprKind::Unary {
            op: UnaryOp::Deref,
            operand: inner,
            ..
        } => root_name(inner),
        ExprKind::Index { base, .. } | ExprKind::Field { base, .. } => root_name(base),
        _ => None,
    }
}

/// The names that `&mut` borrows in `e` (roots of `&mut` places): the captures of a closure
/// kernel among them are bound `mut`.
pub(crate) fn mutably_borrowed(e: &Expr) -> Vec<syn::Ident> {
    use crate::ast::visit::{walk_expr, Visit};
    struct Roots(Vec<syn::Ident>);
    impl Visit for Roots {
        fn visit_expr(&mut self, expr: &Expr) {
            if let ExprKind::Reference {
                mutable: true,
                operand,
                ..
            } = &expr.kind
            {
                if let Some(root) = root_name(operand) {
                    self.0.push(root.clone());
                }
            }
            walk_expr(self, expr);
        }
    }
    let mut roots = Roots(Vec::new());
    roots.visit_expr(e);
    roots.0
}
