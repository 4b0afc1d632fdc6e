//! The host side of a kernel function's body: the user's block, as written, except that the
//! operators whose results kernels define differently from host Rust go through amp-core's
//! `host_ops` (integer `+ - * / %` wrap and never panic, shifts take the amount modulo the
//! width, unary `-` wraps; see amp-core's `host_ops` for the rules). The operator's tokens
//! locate the call, so a type error reads at the user's operator.
//!
//! Everything else stays as written: float operators and methods are Rust's (the reference
//! kernels are measured against), `as` casts are Rust's (the kernel's float→int casts differ at
//! the edges; docs/LANGUAGE.md lists them). Used by `#[kernel] fn` and, for their bodies,
//! `#[kernel] impl` blocks.

use proc_macro2::TokenStream;
use quote::quote_spanned;
use syn::spanned::Spanned;
use syn::visit_mut::{self, VisitMut};
use syn::{BinOp, Expr, UnOp};

/// `block` with amp's operators.
pub fn transform(block: &syn::Block) -> syn::Block {
    transform_fn(block, &[])
}

/// `block` with amp's operators, in a function whose `&mut` parameters are `unique`: passed on
/// to a call by name, they are reborrowed (`f(r)` is `f(&mut *r)`), as Rust does implicitly for a
/// callee whose parameter is a `&mut` (a kernel function's host side is generic over it).
pub fn transform_fn(block: &syn::Block, unique: &[syn::Ident]) -> syn::Block {
    let mut block = block.clone();
    HostOps { unique }.visit_block_mut(&mut block);
    block
}

struct HostOps<'a> {
    unique: &'a [syn::Ident],
}

impl HostOps<'_> {
    /// `arg` reborrowed when it names one of the function's `&mut` parameters.
    fn reborrow(&self, arg: &mut Expr) {
        if let Expr::Path(p) = &*arg {
            if p.path.get_ident().is_some_and(|i| self.unique.contains(i)) {
                let name = &p.path;
                if let Ok(new) =
                    syn::parse2::<Expr>(quote::quote_spanned!(name.span()=> &mut *#name))
                {
                    *arg = new;
                }
            }
        }
    }
}

/// The `host_ops` method of a binary operator, and whether it assigns.
fn method(op: &BinOp) -> Option<(&'static str, &'static str, bool)> {
    Some(match op {
        BinOp::Add(_) => ("HostArith", "amp_add", false),
        BinOp::Sub(_) => ("HostArith", "amp_sub", false),
        BinOp::Mul(_) => ("HostArith", "amp_mul", false),
        BinOp::Div(_) => ("HostArith", "amp_div", false),
        BinOp::Rem(_) => ("HostArith", "amp_rem", false),
        BinOp::Shl(_) => ("HostShift", "amp_shl", false),
        BinOp::Shr(_) => ("HostShift", "amp_shr", false),
        BinOp::AddAssign(_) => ("HostArith", "amp_add", true),
        BinOp::SubAssign(_) => ("HostArith", "amp_sub", true),
        BinOp::MulAssign(_) => ("HostArith", "amp_mul", true),
        BinOp::DivAssign(_) => ("HostArith", "amp_div", true),
        BinOp::RemAssign(_) => ("HostArith", "amp_rem", true),
        BinOp::ShlAssign(_) => ("HostShift", "amp_shl", true),
        BinOp::ShrAssign(_) => ("HostShift", "amp_shr", true),
        _ => return None,
    })
}

impl VisitMut for HostOps<'_> {
    fn visit_expr_mut(&mut self, e: &mut Expr) {
        // Inner expressions first, so that `a + b * c` rewrites both operators.
        visit_mut::visit_expr_mut(self, e);
        if let Expr::Call(call) = e {
            complete_generic_args(call);
            call.args.iter_mut().for_each(|a| self.reborrow(a));
        }
        if let Expr::MethodCall(call) = e {
            call.args.iter_mut().for_each(|a| self.reborrow(a));
        }
        let replaced: Option<TokenStream> = match &*e {
            Expr::Binary(b) => method(&b.op).map(|(tr, m, assign)| {
                let span = b.op.span();
                let p = crate::lower::private_at(span);
                let tr = syn::Ident::new(tr, span);
                let m = syn::Ident::new(m, span);
                let (l, r) = (&b.left, &b.right);
                if assign {
                    // The right side first, as Rust evaluates a compound assignment of scalars.
                    quote_spanned!(span=> {
                        let __amp_rhs = #r;
                        let __amp_place = &mut #l;
                        *__amp_place = #p::#tr::#m(*__amp_place, __amp_rhs);
                    })
                } else {
                    quote_spanned!(span=> #p::#tr::#m(#l, #r))
                }
            }),
            Expr::Unary(u) if matches!(u.op, UnOp::Neg(_)) && !is_literal(&u.expr) => {
                let span = u.op.span();
                let p = crate::lower::private_at(span);
                let x = &u.expr;
                Some(quote_spanned!(span=> #p::HostNeg::amp_neg(#x)))
            }
            // Numeric methods that panic in Rust where kernels define a result.
            Expr::MethodCall(m) if m.turbofish.is_none() => {
                let path = match (m.method.to_string().as_str(), m.args.len()) {
                    ("abs", 0) => Some(("HostNumeric", "abs")),
                    ("clamp", 2) => Some(("HostNumeric", "clamp")),
                    ("pow", 1) => Some(("HostBits", "amp_pow")),
                    _ => None,
                };
                path.map(|(tr, f)| {
                    let span = m.method.span();
                    let p = crate::lower::private_at(span);
                    let (tr, f) = (syn::Ident::new(tr, span), syn::Ident::new(f, span));
                    let (recv, args) = (&m.receiver, m.args.iter());
                    quote_spanned!(span=> #p::#tr::#f(#recv #(, #args)*))
                })
            }
            // Kernels index local arrays with any integer type.
            Expr::Index(ix)
                if !matches!(&*ix.index, Expr::Array(_) | Expr::Tuple(_) | Expr::Range(_)) =>
            {
                let span = ix.bracket_token.span.join();
                let p = crate::lower::private_at(span);
                let (base, index) = (&ix.expr, &ix.index);
                Some(quote_spanned!(span=> #base[#p::HostIndex::amp_index(#index)]))
            }
            Expr::Cast(c) => {
                let span = c.as_token.span;
                let p = crate::lower::private_at(span);
                let (x, ty) = (&c.expr, &c.ty);
                Some(quote_spanned!(span=> #p::HostCast::<#ty>::amp_cast(#x)))
            }
            _ => None,
        };
        if let Some(tokens) = replaced {
            if let Ok(new) = syn::parse2::<Expr>(tokens) {
                *e = new;
            }
        }
    }

    // Items nested in the body are the user's own host code; types and generic arguments are
    // constant contexts (`[f32; N + 1]`), where Rust's operators are the only ones.
    fn visit_item_mut(&mut self, _: &mut syn::Item) {}
    fn visit_type_mut(&mut self, _: &mut syn::Type) {}
    fn visit_generic_argument_mut(&mut self, _: &mut syn::GenericArgument) {}
}

/// A call of a kernel function that names its generic arguments (`times::<3>(x)`) names one
/// `_` more per argument: the host-side function has a type parameter per parameter after the
/// function's own (amp-core's `host` module).
fn complete_generic_args(call: &mut syn::ExprCall) {
    let Expr::Path(path) = &mut *call.func else {
        return;
    };
    if path.qself.is_some() || call.args.is_empty() {
        return;
    }
    let module_path = path.path.segments.iter().rev().skip(1).all(|s| {
        s.arguments.is_empty()
            && !s
                .ident
                .to_string()
                .starts_with(|c: char| c.is_ascii_uppercase())
    });
    let Some(last) = path.path.segments.last_mut() else {
        return;
    };
    if let (true, syn::PathArguments::AngleBracketed(args)) = (module_path, &mut last.arguments) {
        for _ in 0..call.args.len() {
            args.args.push(syn::parse_quote!(_));
        }
    }
}

/// A literal (`-1`, `-2.5`): Rust's negation of a literal is the literal, and keeps its type
/// inference (`-1` may be any signed integer).
fn is_literal(e: &Expr) -> bool {
    matches!(e, Expr::Lit(_))
}
