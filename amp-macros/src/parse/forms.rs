//! Rules on the forms of expressions and statements: which Rust syntax kernels lack.

use syn::{Expr, Pat};

/// Rule: no macros but the printing and asserting ones (`parse/print.rs`): others hide host
/// code (panic!, format!, vec!, ...).
pub const MACRO: &str = "this macro is not supported in kernels; kernels take println!, print!, \
                         eprintln!, eprint!, assert!, assert_eq!, assert_ne! and their debug_ \
                         forms, write other code out";

/// Rule: no statics (C3586) or other items inside kernels.
pub fn item_message(item: &syn::Item) -> &'static str {
    match item {
        syn::Item::Static(_) => "`static` variables are not supported in kernels (C++ AMP C3586)",
        syn::Item::Fn(_) => {
            "nested functions are not supported in kernels; declare a #[kernel] function outside"
        }
        _ => "items inside kernels are not supported; declare them outside the kernel",
    }
}

/// The message for an expression whose own form kernels lack (its parts are checked
/// separately), if it is one.
pub fn message(expr: &Expr) -> Option<&'static str> {
    match expr {
        // Rule: no unsafe code in kernels.
        Expr::Unsafe(_) => Some("`unsafe` blocks are not supported in kernels"),
        // Rule: no async in kernels.
        Expr::Async(_) | Expr::Await(_) => Some("`async`/`.await` are not supported in kernels"),
        // Rule: no exceptions/early error returns (C3594).
        Expr::Try(_) | Expr::TryBlock(_) => Some(
            "the `?` operator is not supported in kernels (no error handling on the accelerator, C++ AMP C3594)",
        ),
        // Rule: no nested closures (lambdas inside restrict(amp) code).
        Expr::Closure(_) => Some("closures inside kernels are not supported; call a #[kernel] function"),
        // Rule: a reference refers to a kernel value or a place, not to another reference
        // (a reference is passed by itself).
        Expr::Reference(r) if matches!(&*r.expr, Expr::Reference(_)) => Some(
            "references to references are not supported in kernels; pass the reference itself",
        ),
        Expr::RawAddr(_) => Some("raw pointers are not supported in kernels"),
        // Rule: labels and labeled jumps are goto-style control (C3593, C3598).
        Expr::Break(b) if b.label.is_some() => Some(
            "labeled `break` is not supported in kernels (goto-style control, C++ AMP C3593); restructure the loop or use a flag",
        ),
        Expr::Continue(c) if c.label.is_some() => Some(
            "labeled `continue` is not supported in kernels (goto-style control, C++ AMP C3593); restructure the loop",
        ),
        Expr::ForLoop(f) if f.label.is_some() => Some(LOOP_LABEL),
        Expr::While(w) if w.label.is_some() => Some(LOOP_LABEL),
        Expr::Loop(l) if l.label.is_some() => Some(LOOP_LABEL),
        Expr::Block(b) if b.label.is_some() => {
            Some("labeled blocks are not supported in kernels (C++ AMP C3598)")
        }
        // Rule: `break` with a value would make loops expressions; kernels keep them statements.
        Expr::Break(b) if b.expr.is_some() => Some(
            "`break` with a value is not supported in kernels; assign to a `let mut` local before `break`",
        ),
        Expr::Match(m) => match_message(m),
        Expr::Let(_) => Some("`if let`/`while let` are not supported in kernels; compare values with `if`"),
        // Rule: no aggregates that would live in memory the kernel cannot describe.
        Expr::Struct(s) if s.qself.is_some() => Some("write the struct's name in a struct literal"),
        Expr::Tuple(t) if !t.elems.is_empty() => {
            Some("tuples are not supported in kernels (except `view[(i, j)]` indices)")
        }
        Expr::Array(_) | Expr::Repeat(_) => Some(
            "array literals only initialize local arrays (`let mut a = [0.0f32; 16];`) or index views (`view[[i, j]]`)",
        ),
        Expr::Range(_) => Some("ranges are only supported as the iterator of a `for` loop"),
        Expr::Yield(_) => Some("`yield` is not supported in kernels"),
        Expr::Const(_) => Some("`const` blocks are not supported in kernels; use a `const` item outside"),
        Expr::Infer(_) => Some("`_` is not a value"),
        Expr::Verbatim(_) => Some(UNSUPPORTED),
        _ => None,
    }
}

/// Rule: syntax that is none of the forms above, nor one kernels have.
pub const UNSUPPORTED: &str = "this syntax is not supported in kernels";

const LOOP_LABEL: &str =
    "loop labels are not supported in kernels (C++ AMP C3598); restructure the loop";

/// Rule: `match` compares integers: literal, range and `_` patterns, a final `_` arm.
fn match_message(m: &syn::ExprMatch) -> Option<&'static str> {
    if !m.arms.iter().all(|a| supported_pattern(&a.pat)) {
        return Some(
            "kernel `match` arms take integer literals, inclusive ranges (`1..=5`), `_` and `|` alternatives",
        );
    }
    match m.arms.last() {
        Some(arm) if matches!(arm.pat, Pat::Wild(_)) && arm.guard.is_none() => None,
        _ => Some("a kernel `match` ends with a `_ =>` arm (integers are matched by comparison)"),
    }
}

/// Whether a `match` arm pattern is one kernels support: an integer or bool literal (optionally
/// negated), an inclusive range of them, `_`, or alternatives of those.
fn supported_pattern(pat: &Pat) -> bool {
    match pat {
        Pat::Lit(_) | Pat::Wild(_) => true,
        Pat::Range(r) => {
            r.start.is_some() && r.end.is_some() && matches!(r.limits, syn::RangeLimits::Closed(_))
        }
        Pat::Or(o) => o.cases.iter().all(supported_pattern),
        Pat::Paren(p) => supported_pattern(&p.pat),
        _ => false,
    }
}
