//! The rules that need the whole kernel, over the parsed tree: what `return` carries, how a
//! kernel function ends, a function calling itself, and tile barriers under thread-dependent
//! control ([`uniform`]). One function per rule. They run whether or not parsing found errors,
//! so one compile reports both.
//!
//! Rules that only types show are trait bounds in amp-core (with
//! `#[diagnostic::on_unimplemented]` messages); recursion through other functions is found when
//! the kernel's IR is built, where the call graph is known.

mod uniform;

pub use uniform::barriers;
use uniform::subgroup_op;

use crate::ast::visit::{self, Visit};
use crate::ast::{Block, Callee, Expr, ExprKind, StmtKind};
use crate::errors::Errors;
use quote::quote_spanned;
use syn::ReturnType;

/// Rule: a `parallel_for_each` kernel returns nothing; `return value` is an error at the value.
pub fn no_return_value(body: &Block, errors: &mut Errors) {
    returns(
        body,
        false,
        "a parallel_for_each kernel returns nothing: write `return;` to end the thread",
        errors,
    );
}

/// Rule: every `return` in a kernel function matches its signature: a value exactly when the
/// function has a result.
pub fn fn_returns(output: &ReturnType, body: &Block, errors: &mut Errors) {
    let (value, message) = match output {
        ReturnType::Default => (
            false,
            "this #[kernel] fn returns nothing: write `return;`, or declare its result type",
        ),
        ReturnType::Type(..) => (
            true,
            "this #[kernel] fn returns a value: write `return value;`",
        ),
    };
    returns(body, value, message, errors);
}

/// Reports each `return` that has a value when `value` is false, or none when it is true.
fn returns(body: &Block, value: bool, message: &str, errors: &mut Errors) {
    struct Returns<'e> {
        value: bool,
        message: &'e str,
        errors: &'e mut Errors,
    }
    impl Visit for Returns<'_> {
        fn visit_expr(&mut self, expr: &Expr) {
            if let ExprKind::Return {
                keyword,
                value,
                value_end,
            } = &expr.kind
            {
                match (value, self.value) {
                    (Some(v), false) => self.errors.push_between(v.span, *value_end, self.message),
                    (None, true) => self.errors.push_at(*keyword, self.message),
                    _ => {}
                }
            }
            visit::walk_expr(self, expr);
        }
    }
    Returns {
        value,
        message,
        errors,
    }
    .visit_block(body);
}

/// Rule: a kernel function does not call itself (C++ AMP C3559). Recursion through other
/// functions is found when the kernel is built, naming the cycle.
pub fn no_self_call(name: &syn::Ident, body: &Block, errors: &mut Errors) {
    struct Calls<'a, 'e> {
        name: &'a syn::Ident,
        errors: &'e mut Errors,
    }
    impl Visit for Calls<'_, '_> {
        fn visit_callee(&mut self, callee: &Callee) {
            if let Callee::Function(p) = callee {
                if p.qself.is_none() && p.path.is_ident(self.name) {
                    self.errors.push(
                        p,
                        format!(
                            "`{}` calls itself: recursion is not supported in kernels (C++ AMP \
                             C3559); rewrite it as a loop",
                            self.name
                        ),
                    );
                }
            }
        }
    }
    Calls { name, errors }.visit_block(body);
}

/// Rule: a kernel function that returns a value ends in it (or in `return`), as Rust requires
/// (E0308), and that value is not an `if` without `else` (E0317); said here in amp's words, at
/// the function's closing brace or at the `if`.
pub fn tail(func: &syn::ItemFn, body: &Block, errors: &mut Errors) {
    let ReturnType::Type(_, ty) = &func.sig.output else {
        return;
    };
    let ty = quote::quote!(#ty).to_string().replace(' ', "");
    let last = body.stmts.last().map(|s| &s.kind);
    let ends_in_value = match last {
        Some(StmtKind::Expr { expr, semi }) => {
            !semi || matches!(expr.kind, ExprKind::Return { .. })
        }
        _ => false,
    };
    if !ends_in_value {
        let close = func.block.brace_token.span.close();
        errors.push(
            quote_spanned!(close=> ;),
            format!(
                "`{}` returns `{ty}` but its body has no final value: end it with the value \
                 (no `;`) or with `return value;`",
                func.sig.ident
            ),
        );
        return;
    }
    if let Some(Expr {
        kind: ExprKind::If(tail),
        ..
    }) = body.tail()
    {
        if tail.otherwise.is_none() {
            errors.push_at(
                tail.if_span,
                format!(
                    "this `if` has no `else`, so it has no value, but the function returns `{ty}`: add an `else` branch"
                ),
            );
        }
    }
}

/// Rule: the lane of `subgroup::broadcast(x, lane)` is a literal (the accelerator broadcasts
/// from a lane fixed when the kernel is compiled); a lane computed at run time is
/// `subgroup::shuffle`.
pub fn broadcast_lanes(body: &Block, errors: &mut Errors) {
    struct Lanes<'e> {
        errors: &'e mut Errors,
    }
    impl Visit for Lanes<'_> {
        fn visit_expr(&mut self, expr: &Expr) {
            if let ExprKind::Call {
                callee: Callee::Function(path),
                args,
                ..
            } = &expr.kind
            {
                let lane = args.get(1).filter(|_| args.len() == 2);
                if let (Some(name), Some(lane)) = (subgroup_op(path), lane) {
                    if name == "broadcast" && !matches!(lane.kind, ExprKind::Lit(_)) {
                        self.errors.push_at(
                            lane.span,
                            "the lane of `subgroup::broadcast` must be a literal \
                             (`subgroup::broadcast(x, 0)`): the accelerator broadcasts from a \
                             lane fixed when the kernel is compiled; use \
                             `subgroup::shuffle(x, lane)` for a lane computed at run time",
                        );
                    }
                }
            }
            visit::walk_expr(self, expr);
        }
    }
    Lanes { errors }.visit_block(body);
}
