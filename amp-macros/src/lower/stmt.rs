//! Blocks, statements and control flow.

use super::{at, loc, private, temp, temp_at, Lowerer};
use crate::types::static_type;
use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{Expr, Pat, Stmt};

/// Whether `ty` is one of the kernel scalar types, written plainly (`u32`).
fn is_scalar_type(ty: &syn::Type) -> bool {
    const SCALARS: [&str; 7] = ["i32", "u32", "f32", "bool", "i64", "u64", "f64"];
    matches!(ty, syn::Type::Path(p) if p.qself.is_none()
        && p.path.get_ident().is_some_and(|i| SCALARS.iter().any(|s| i == s)))
}

/// Whether an expression leaves the block (`return`, `break`, `continue`).
fn diverging(e: &Expr) -> bool {
    matches!(e, Expr::Return(_) | Expr::Break(_) | Expr::Continue(_))
}

/// Whether a block's value is never produced: it ends in `return`, `break` or `continue`, or
/// in a construct all of whose branches do.
pub(crate) fn block_diverges(block: &syn::Block) -> bool {
    match block.stmts.last() {
        Some(Stmt::Expr(e, _)) => expr_diverges(e),
        _ => false,
    }
}

fn expr_diverges(e: &Expr) -> bool {
    match e {
        Expr::Return(_) | Expr::Break(_) | Expr::Continue(_) => true,
        Expr::Block(b) => block_diverges(&b.block),
        Expr::Paren(p) => expr_diverges(&p.expr),
        Expr::If(i) => match &i.else_branch {
            Some((_, other)) => block_diverges(&i.then_branch) && expr_diverges(other),
            None => false,
        },
        Expr::Match(m) => !m.arms.is_empty() && m.arms.iter().all(|a| expr_diverges(&a.body)),
        _ => false,
    }
}

/// Where an error about a branch's value lands: its final expression (the block itself when
/// it has none).
fn branch_value_span(e: &Expr) -> proc_macro2::Span {
    match e {
        Expr::Block(b) => match b.block.stmts.last() {
            Some(Stmt::Expr(tail, None)) => branch_value_span(tail),
            _ => b.span(),
        },
        Expr::If(i) => i.if_token.span,
        other => other.span(),
    }
}

/// The condition under which `pat` matches the value in `s` (`None`: always).
fn pattern_condition(pat: &Pat, s: &syn::Ident) -> Option<Expr> {
    match pat {
        Pat::Wild(_) => None,
        Pat::Lit(l) => Some(syn::parse_quote_spanned!(l.span()=> #s == #l)),
        Pat::Range(r) => {
            let (lo, hi) = (r.start.as_ref()?, r.end.as_ref()?);
            Some(syn::parse_quote_spanned!(r.span()=> #s >= #lo && #s <= #hi))
        }
        Pat::Paren(p) => pattern_condition(&p.pat, s),
        Pat::Or(o) => {
            let mut cases = Vec::new();
            for case in &o.cases {
                cases.push(pattern_condition(case, s)?);
            }
            Some(syn::parse_quote_spanned!(o.span()=> #(#cases)||*))
        }
        _ => None,
    }
}

impl Lowerer {
    /// A block whose value is used (function bodies, `if`/`else` branches): a block ending in
    /// `return`/`break`/`continue` gets a placeholder value of the expected type.
    pub fn block_value(&self, block: &syn::Block) -> TokenStream {
        self.block_inner(block, true)
    }

    /// A block in statement position.
    pub fn block_stmt(&self, block: &syn::Block) -> TokenStream {
        self.block_inner(block, false)
    }

    fn block_inner(&self, block: &syn::Block, value: bool) -> TokenStream {
        let ctx = &self.ctx;
        let p = private();
        let mut out = TokenStream::new();
        let last = block.stmts.len().checked_sub(1);
        let mut tail = None;
        for (i, stmt) in block.stmts.iter().enumerate() {
            let at = loc(stmt.span());
            out.extend(quote!(#ctx.at(#at);));
            match stmt {
                // A trailing `return`/`break`/`continue` diverges: it is a statement, and the
                // block's value is the placeholder below.
                Stmt::Expr(e, None) if Some(i) == last && !diverging(e) => {
                    tail = Some(self.expr(e))
                }
                _ => out.extend(self.stmt(stmt)),
            }
        }
        let diverges = matches!(
            block.stmts.last(),
            Some(Stmt::Expr(
                Expr::Return(_) | Expr::Break(_) | Expr::Continue(_),
                _
            ))
        );
        let tail = match tail {
            Some(t) => t,
            None if value && diverges => quote!(#p::Diverge::diverge(#ctx)),
            None => quote!(()),
        };
        quote_spanned!(block.span()=> { #out #tail })
    }

    fn stmt(&self, stmt: &Stmt) -> TokenStream {
        match stmt {
            Stmt::Local(local) => self.local(local),
            Stmt::Expr(e, _) => {
                let e = self.expr(e);
                quote!(#e;)
            }
            // Rejected by the checker.
            Stmt::Item(_) | Stmt::Macro(_) => TokenStream::new(),
        }
    }

    fn local(&self, local: &syn::Local) -> TokenStream {
        let p = private();
        if crate::check::is_tile_static(local) {
            return self.tile_static(local);
        }
        let Some(init) = &local.init else {
            return TokenStream::new();
        };
        if let Some(pairs) = crate::check::tuple_binding(&local.pat, &init.expr) {
            return self.tuple_local(&pairs);
        }
        if crate::check::is_array_literal(&init.expr) {
            return self.local_array(local, &init.expr);
        }
        let mut value = self.expr(&init.expr);
        let (pat, ty) = match &local.pat {
            Pat::Type(t) => (&*t.pat, Some(static_type(&t.ty))),
            other => (other, None),
        };
        // `let x: u32 = v;`: a value of another scalar type is an error naming both, at it.
        if let Some(scalar) = ty.as_ref().filter(|t| is_scalar_type(t)) {
            let t = temp_at("__amp_typed", init.expr.span());
            let check = {
                let (p, ctx) = at(init.expr.span());
                quote_spanned!(init.expr.span()=> #p::ops::build(#ctx, #p::ops::typed::<#scalar, _>(#t)))
            };
            value = quote!({ let #t = #value; #check });
        }
        match pat {
            Pat::Ident(id) if id.mutability.is_some() => {
                let name = &id.ident;
                let label = name.to_string();
                // `let mut v: Float4 = x;`: checked as scalar annotations are, at the value.
                if let Some(t) = ty.as_ref().filter(|t| !is_scalar_type(t)) {
                    let typed = temp_at("__amp_typed", init.expr.span());
                    let check = {
                        let (p, ctx) = at(init.expr.span());
                        quote_spanned!(init.expr.span()=> #p::ops::build(#ctx, #p::ops::typed::<#t, _>(#typed)))
                    };
                    value = quote!({ let #typed = #value; #check });
                }
                let ty = ty.map(|t| quote!(: #p::Var<#t>));
                // At the value's tokens, so that a value no local can hold is reported there.
                let init = temp_at("__amp_init", init.expr.span());
                let var = {
                    let (p, ctx) = at(name.span());
                    quote_spanned!(name.span()=> #p::KernelBuilder::var(#ctx, ::core::option::Option::Some(#label), #init))
                };
                quote!(let #name #ty = { let #init = #value; #var };)
            }
            Pat::Ident(id) => {
                let name = &id.ident;
                let ty = ty.map(|t| quote!(: <#t as #p::KernelType>::KernelValue));
                quote!(let #name #ty = #value;)
            }
            _ => quote!(let _ = #value;),
        }
    }

    /// `let (a, b) = (x, y);`: every value first (left to right), then every name, so that
    /// `let (a, b) = (b, a);` swaps.
    fn tuple_local(&self, pairs: &[(&Pat, &Expr)]) -> TokenStream {
        let temps: Vec<_> = (0..pairs.len())
            .map(|i| temp(&format!("__amp_t{i}")))
            .collect();
        let values = pairs.iter().map(|(_, value)| {
            if crate::check::is_array_literal(value) {
                let ctx = &self.ctx;
                let init = self.array_value(value);
                let t = temp("__amp_init");
                quote!({ let #t = #init; #ctx.local_array(::core::option::Option::None, #t) })
            } else {
                self.expr(value)
            }
        });
        let binds = pairs
            .iter()
            .zip(&temps)
            .map(|((pat, _), t)| self.bind(pat, quote!(#t)));
        quote!(#(let #temps = #values;)* #(#binds)*)
    }

    /// `let a = [e; N];` or `let a = [x, y, z];` declares a local array.
    fn local_array(&self, local: &syn::Local, init: &Expr) -> TokenStream {
        let p = private();
        let (pat, ty) = match &local.pat {
            Pat::Type(t) => (&*t.pat, Some(static_type(&t.ty))),
            other => (other, None),
        };
        let Pat::Ident(id) = pat else {
            return TokenStream::new();
        };
        let name = &id.ident;
        let label = name.to_string();
        let value = self.array_value(init);
        let ty = ty.map(|t| quote!(: #p::tile_static::Place<#t>));
        let init = temp("__amp_init");
        {
            let (_, ctx) = at(name.span());
            quote_spanned!(name.span()=>
                let #name #ty = {
                    let #init = #value;
                    #ctx.local_array(::core::option::Option::Some(#label), #init)
                };
            )
        }
    }

    /// An array literal as a Rust array of kernel values (nested for nested literals).
    fn array_value(&self, e: &Expr) -> TokenStream {
        match e {
            Expr::Array(a) => {
                let temps: Vec<_> = a
                    .elems
                    .iter()
                    .enumerate()
                    .map(|(i, e)| temp_at(&format!("__amp_e{i}"), e.span()))
                    .collect();
                // Every element after the first is checked to have the first one's type, at it.
                let values = a.elems.iter().enumerate().map(|(i, e)| {
                    let value = self.array_value(e);
                    if i == 0 || matches!(e, Expr::Array(_) | Expr::Repeat(_)) {
                        return value;
                    }
                    let (p, ctx) = at(e.span());
                    let t = temp_at("__amp_elem", e.span());
                    quote_spanned!(e.span()=> { let #t = #value; #p::ops::build(#ctx, #p::ops::stored(#t)) })
                });
                quote!({ #(let #temps = #values;)* [#(#temps),*] })
            }
            // `[e; N]` without N values on the host (N may be large, or a constant).
            Expr::Repeat(r) => {
                let value = self.array_value(&r.expr);
                let len = &r.len;
                let t = temp("__amp_e");
                let p = private();
                quote!({ let #t = #value; #p::tile_static::Repeat::<_, { #len }>(#t) })
            }
            other => self.expr(other),
        }
    }

    /// `for x in [16, 8, 4]` (or a named array): a loop over the array's positions, binding
    /// each element.
    fn for_array(&self, f: &syn::ExprForLoop) -> TokenStream {
        let ctx = &self.ctx;
        let p = private();
        let array = temp_at("__amp_array", f.expr.span());
        let value = match &*f.expr {
            e @ (Expr::Array(_) | Expr::Repeat(_)) => {
                let init = self.array_value(e);
                let t = temp("__amp_init");
                quote!({ let #t = #init; #ctx.local_array(::core::option::Option::None, #t) })
            }
            other => self.expr(other),
        };
        let (len, zero, k) = (temp("__amp_len"), temp("__amp_zero"), temp("__amp_counter"));
        let position = temp("__amp_at");
        let element = quote!({
            let #position = #ctx.load(#k);
            #p::IndexRead::index_read(#array, #ctx, #position)
        });
        let bind = self.bind(&f.pat, element);
        let body = self.block_stmt(&f.body);
        let span = f.for_token.span;
        // An error about what is iterated lands on it, once.
        let array_of = {
            let (p, _) = at(f.expr.span());
            quote_spanned!(f.expr.span()=> #p::tile_static::ForArray::array(#value))
        };
        {
            let (p, ctx) = at(span);
            quote_spanned!(span=> {
                let #array = #array_of;
                let #len = #array.for_len(#ctx);
                let #zero = #p::ops::lit(#ctx, 0i32);
                let #k = #ctx.begin_for(#zero, #len, false);
                {
                    #bind
                    #body;
                }
                #ctx.end_for(#k, #len, ::core::option::Option::<#p::KernelValue<u32>>::None, false);
            })
        }
    }

    /// `#[tile_static] let t: T;` declares tile_static memory.
    fn tile_static(&self, local: &syn::Local) -> TokenStream {
        let syn::Pat::Type(t) = &local.pat else {
            return TokenStream::new();
        };
        let syn::Pat::Ident(id) = &*t.pat else {
            return TokenStream::new();
        };
        let name = &id.ident;
        let label = name.to_string();
        let ty = static_type(&t.ty);
        let span = local.let_token.span;
        let witness = self.tiled_witness.as_ref().map(|w| {
            let (p, _) = at(span);
            quote_spanned!(span=> #p::tile_static::assert_tiled(&#w);)
        });
        {
            let (_, ctx) = at(span);
            quote_spanned!(span=>
                let #name = {
                    #witness
                    #ctx.tile_static::<#ty>(::core::option::Option::Some(#label))
                };
            )
        }
    }

    /// Binds a loop variable or parameter `pat` to `value` (a `mut` name becomes a local).
    pub fn bind(&self, pat: &Pat, value: TokenStream) -> TokenStream {
        let ctx = &self.ctx;
        match pat {
            Pat::Ident(id) if id.mutability.is_some() => {
                let name = &id.ident;
                let label = name.to_string();
                let init = temp("__amp_init");
                quote!(let #name = { let #init = #value; #ctx.var(::core::option::Option::Some(#label), #init) };)
            }
            Pat::Ident(id) => {
                let name = &id.ident;
                quote!(let #name = #value;)
            }
            Pat::Type(t) => self.bind(&t.pat, value),
            _ => quote!(let _ = #value;),
        }
    }

    pub(super) fn if_expr(&self, e: &syn::ExprIf) -> TokenStream {
        let ctx = &self.ctx;
        let cond = self.condition(&e.cond);
        let c = temp("__amp_cond");
        let Some((_, else_branch)) = &e.else_branch else {
            let then = self.block_stmt(&e.then_branch);
            return quote!({
                let #c = #cond;
                #ctx.begin_if(#c);
                #then;
                #ctx.end_if();
            });
        };
        let then = self.block_value(&e.then_branch);
        let other = match &**else_branch {
            Expr::Block(b) => self.block_value(&b.block),
            other => self.expr(other),
        };
        // Two values are checked to have one type, at the reject branch's value; a branch
        // that diverges has a placeholder value whose type comes from the other one.
        let else_span = branch_value_span(else_branch);
        // The `if`'s value and its slot at the `if` keyword: an error about the value (a type
        // no local can hold) lands there.
        let if_span = e.if_token.span;
        let (a, b, slot) = (
            temp_at("__amp_then", if_span),
            temp_at("__amp_else", else_span),
            temp_at("__amp_slot", if_span),
        );
        let check = (!block_diverges(&e.then_branch) && !expr_diverges(else_branch)).then(|| {
            let (p, ctx) = at(else_span);
            quote_spanned!(else_span=> let #b = #p::ops::build(#ctx, #p::else_value(#a, #b));)
        });
        let (pi, ctx_if) = at(if_span);
        let slot_call = quote_spanned!(if_span=> #pi::BranchValue::slot(#a, #ctx_if));
        let fill_call = quote_spanned!(if_span=> #pi::BranchValue::fill(#b, #a, #slot, #ctx_if));
        let finish_call = quote_spanned!(if_span=> #pi::BranchValue::finish(#a, #slot, #ctx_if));
        quote!({
            let #c = #cond;
            #ctx.begin_if(#c);
            let #a = #then;
            let #slot = #slot_call;
            #ctx.begin_else();
            let #b = #other;
            #check
            #fill_call;
            #ctx.end_if();
            #finish_call
        })
    }

    /// `match` on an integer: the scrutinee is evaluated once, then the arms become an
    /// `if`/`else if` chain comparing it (a guard joins its arm's condition with `&&`).
    pub(super) fn match_expr(&self, m: &syn::ExprMatch) -> TokenStream {
        // Located at the scrutinee: comparisons of it report there.
        let scrutinee = temp_at("__amp_scrutinee", m.expr.span());
        let value = self.expr(&m.expr);
        let mut chain: Option<Expr> = None;
        for arm in m.arms.iter().rev() {
            let body: Expr = match &*arm.body {
                Expr::Block(b) => Expr::Block(b.clone()),
                other => syn::parse_quote_spanned!(other.span()=> { #other }),
            };
            let condition = pattern_condition(&arm.pat, &scrutinee);
            let condition = match (&arm.guard, condition) {
                (Some((_, guard)), Some(c)) => {
                    Some(syn::parse_quote_spanned!(guard.span()=> (#c) && (#guard)))
                }
                (Some((_, guard)), None) => Some((**guard).clone()),
                (None, c) => c,
            };
            chain = Some(match (condition, chain) {
                (None, _) | (_, None) => body,
                (Some(c), Some(rest)) => {
                    syn::parse_quote_spanned!(arm.body.span()=> if #c #body else #rest)
                }
            });
        }
        let Some(chain) = chain else {
            return quote!(());
        };
        let chain = self.expr(&chain);
        quote!({ let #scrutinee = #value; #chain })
    }

    /// A condition, checked to be a `bool` (an error at it names the type it is).
    pub(super) fn condition(&self, cond: &Expr) -> TokenStream {
        let value = self.expr(cond);
        let t = temp_at("__amp_condition", cond.span());
        let check = {
            let (p, ctx) = at(cond.span());
            quote_spanned!(cond.span()=> #p::ops::build(#ctx, #p::ops::condition(#t)))
        };
        quote!({ let #t = #value; #check })
    }

    pub(super) fn while_expr(&self, w: &syn::ExprWhile) -> TokenStream {
        let ctx = &self.ctx;
        let cond = self.condition(&w.cond);
        let body = self.block_stmt(&w.body);
        let c = temp("__amp_cond");
        quote!({
            #ctx.begin_loop();
            let #c = #cond;
            #ctx.break_unless(#c);
            #body;
            #ctx.end_loop();
        })
    }

    pub(super) fn loop_expr(&self, l: &syn::ExprLoop) -> TokenStream {
        let ctx = &self.ctx;
        let body = self.block_stmt(&l.body);
        quote!({
            #ctx.begin_loop();
            #body;
            #ctx.end_loop();
        })
    }

    pub(super) fn for_expr(&self, f: &syn::ExprForLoop) -> TokenStream {
        let ctx = &self.ctx;
        let Some(crate::check::ForRange { range, step, rev }) = crate::check::for_range(&f.expr)
        else {
            return self.for_array(f);
        };
        let (Some(start), Some(end)) = (&range.start, &range.end) else {
            return quote!(());
        };
        let p = private();
        let step = match step {
            Some(s) => {
                // Checked to be an integer at the stride's tokens.
                let (value, t) = (self.expr(s), temp_at("__amp_stride", s.span()));
                let (p, _) = at(s.span());
                let check = quote_spanned!(s.span()=> #p::for_step(#t));
                quote!(::core::option::Option::Some({ let #t = #value; #check }))
            }
            None => quote!(::core::option::Option::<#p::KernelValue<u32>>::None),
        };
        let st = temp("__amp_step");
        let inclusive = matches!(range.limits, syn::RangeLimits::Closed(_));
        // The end bound, checked to have the start's type, at the end's tokens.
        let end_span = end.span();
        let (start, end) = (self.expr(start), self.expr(end));
        let end = {
            let (p, ctx) = at(end_span);
            let t = temp_at("__amp_end", end_span);
            quote_spanned!(end_span=> { let #t = #end; #p::ops::build(#ctx, #p::ops::stored(#t)) })
        };
        let (s, e, k) = (
            temp("__amp_start"),
            temp("__amp_end"),
            temp_at("__amp_counter", f.for_token.span),
        );
        // The counter's reads and its step at the `for`, where `begin_for` reports a range of
        // a type that is not an integer: the same error there is reported once.
        let span = f.for_token.span;
        let (pf, ctx_for) = at(span);
        let load = quote_spanned!(span=> #pf::ForLoop::counter(#ctx_for, #k));
        let step_call =
            quote_spanned!(span=> #pf::ForLoop::end_for(#ctx_for, #k, #e, #st, #inclusive));
        let bind = if rev {
            // `(a..b).rev()` runs the counter over `a..b` and binds `b - 1 - (k - a)`
            // (`b - (k - a)` for `..=`): no value past either end is formed.
            let current = temp("__amp_current");
            let value: Expr = if inclusive {
                syn::parse_quote!(#e - (#current - #s))
            } else {
                syn::parse_quote!((#e - 1) - (#current - #s))
            };
            let value = self.expr(&value);
            let bound = self.bind(&f.pat, quote!(#value));
            quote!(let #current = #load; #bound)
        } else {
            self.bind(&f.pat, load.clone())
        };
        let body = self.block_stmt(&f.body);
        let span = f.for_token.span;
        let head = {
            let (p, ctx) = at(span);
            quote_spanned!(span=> #p::KernelBuilder::begin_for(#ctx, #s, #e, #inclusive))
        };
        let the_loop = quote!({
            let #k = #head;
            {
                #bind
                #body;
            }
            #step_call;
        });
        // An innermost loop is built twice, so that checks decided before the loop leave it
        // (amp-core's `builder/version.rs`); the second copy is built only when needed.
        let versioned = if innermost(&f.body) {
            quote!(
                #ctx.begin_version();
                #the_loop
                if #ctx.version_else() {
                    #the_loop
                    #ctx.end_version();
                }
            )
        } else {
            the_loop
        };
        quote!({
            let #s = #start;
            let #e = #end;
            let #st = #step;
            #versioned
        })
    }

    pub(super) fn return_expr(&self, r: &syn::ExprReturn) -> TokenStream {
        match &r.expr {
            Some(e) => {
                let v = self.expr(e);
                let t = temp_at("__amp_ret", e.span());
                let value = match &self.result {
                    Some(ty) => {
                        let (p, ctx) = at(e.span());
                        quote_spanned!(e.span()=> #p::ops::build(#ctx, #p::ops::typed::<#ty, _>(#t)))
                    }
                    None => quote!(#t),
                };
                let (p, ctx) = at(r.return_token.span);
                quote_spanned!(r.return_token.span=> {
                    let #t = #v;
                    let #t = #value;
                    #p::KernelBuilder::ret_with(#ctx, #t)
                })
            }
            None => {
                let (p, ctx) = at(r.return_token.span);
                quote_spanned!(r.return_token.span=> #p::KernelBuilder::ret_with(#ctx, ()))
            }
        }
    }
}

/// Whether a loop body has no loop and no tile_static declaration inside (tokens `for`,
/// `while`, `loop`, `tile_static`): such a loop may be built twice.
fn innermost(body: &syn::Block) -> bool {
    fn clean(tokens: proc_macro2::TokenStream) -> bool {
        tokens.into_iter().all(|t| match t {
            proc_macro2::TokenTree::Ident(i) => {
                !(i == "for" || i == "while" || i == "loop" || i == "tile_static")
            }
            proc_macro2::TokenTree::Group(g) => clean(g.stream()),
            _ => true,
        })
    }
    clean(quote::ToTokens::to_token_stream(body))
}
