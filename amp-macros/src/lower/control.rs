//! Control flow: `if`, `match`, loops, `return`.

use super::{at, private, temp, temp_at, Lowerer};
use crate::ast::visit::{self, Visit};
use crate::ast::{ArrayKind, BinaryOp, Block, Expr, ExprKind, For, ForIter, If, Match, Pattern};
use crate::ast::{Stmt, StmtKind};
use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};

/// Where an error about a branch's value lands: its final expression (the block itself when
/// it has none).
fn branch_value_span(e: &Expr) -> Span {
    match &e.kind {
        ExprKind::Block(b) => match b.tail() {
            Some(tail) => branch_value_span(tail),
            None => b.span,
        },
        ExprKind::If(i) => i.if_span,
        _ => e.span,
    }
}

impl Lowerer {
    pub(super) fn if_expr(&self, e: &If) -> TokenStream {
        let ctx = &self.ctx;
        let cond = self.condition(&e.cond);
        let c = temp("__amp_cond");
        let Some(else_branch) = &e.otherwise else {
            let then = self.block_stmt(&e.then);
            return quote!({
                let #c = #cond;
                #ctx.begin_if(#c);
                #then;
                #ctx.end_if();
            });
        };
        let then = self.block_value(&e.then);
        let other = self.expr(else_branch);
        // Two values are checked to have one type, at the reject branch's value; a branch
        // that diverges has a placeholder value whose type comes from the other one.
        let else_span = branch_value_span(else_branch);
        // The `if`'s value and its slot at the `if` keyword: an error about the value (a type
        // no local can hold) lands there.
        let if_span = e.if_span;
        let (a, b, slot) = (
            temp_at("__amp_then", if_span),
            temp_at("__amp_else", else_span),
            temp_at("__amp_slot", if_span),
        );
        let check = (!e.then.diverges() && !else_branch.diverges()).then(|| {
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
    /// `if`/`else if` chain comparing it (a guard joins its arm's condition with `&&`); an arm
    /// that matches every value ends the chain.
    pub(super) fn match_expr(&self, m: &Match) -> TokenStream {
        // Located at the scrutinee: comparisons of it report there.
        let scrutinee = temp_at("__amp_scrutinee", m.scrutinee.span);
        let value = self.expr(&m.scrutinee);
        let mut chain: Option<Expr> = None;
        for arm in m.arms.iter().rev() {
            let body = match &arm.body.kind {
                ExprKind::Block(b) => b.clone(),
                _ => Block::of(arm.body.clone()),
            };
            let condition = pattern_condition(&arm.pattern, &scrutinee);
            let condition = match (&arm.guard, condition) {
                (Some(guard), Some(c)) => {
                    let (c, g) = (
                        Expr::paren(guard.span, c),
                        Expr::paren(guard.span, guard.clone()),
                    );
                    Some(Expr::binary(BinaryOp::Logic(true), guard.span, c, g))
                }
                (Some(guard), None) => Some(guard.clone()),
                (None, c) => c,
            };
            let span = arm.body.span;
            chain = Some(match (condition, chain) {
                (None, _) | (_, None) => Expr::new(span, ExprKind::Block(body)),
                (Some(c), Some(rest)) => Expr::new(
                    span,
                    ExprKind::If(If {
                        if_span: span,
                        cond: Box::new(c),
                        then: body,
                        otherwise: Some(Box::new(rest)),
                    }),
                ),
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
        let t = temp_at("__amp_condition", cond.span);
        let check = {
            let (p, ctx) = at(cond.span);
            quote_spanned!(cond.span=> #p::ops::build(#ctx, #p::ops::condition(#t)))
        };
        quote!({ let #t = #value; #check })
    }

    pub(super) fn while_expr(&self, cond: &Expr, body: &Block) -> TokenStream {
        let ctx = &self.ctx;
        let cond = self.condition(cond);
        let body = self.block_stmt(body);
        let c = temp("__amp_cond");
        quote!({
            #ctx.begin_loop();
            let #c = #cond;
            #ctx.break_unless(#c);
            #body;
            #ctx.end_loop();
        })
    }

    pub(super) fn loop_expr(&self, body: &Block) -> TokenStream {
        let ctx = &self.ctx;
        let body = self.block_stmt(body);
        quote!({
            #ctx.begin_loop();
            #body;
            #ctx.end_loop();
        })
    }

    pub(super) fn for_expr(&self, f: &For) -> TokenStream {
        let ctx = &self.ctx;
        let ForIter::Range(range) = &f.iter else {
            return self.for_array(f);
        };
        let p = private();
        let step = match &range.step {
            Some(s) => {
                // Checked to be an integer at the stride's tokens.
                let (value, t) = (self.expr(s), temp_at("__amp_stride", s.span));
                let (p, _) = at(s.span);
                let check = quote_spanned!(s.span=> #p::for_step(#t));
                quote!(::core::option::Option::Some({ let #t = #value; #check }))
            }
            None => quote!(::core::option::Option::<#p::KernelValue<u32>>::None),
        };
        let st = temp("__amp_step");
        let inclusive = range.inclusive;
        // The end bound, checked to have the start's type, at the end's tokens.
        let end_span = range.end.span;
        let (start, end) = (self.expr(&range.start), self.expr(&range.end));
        let end = {
            let (p, ctx) = at(end_span);
            let t = temp_at("__amp_end", end_span);
            quote_spanned!(end_span=> { let #t = #end; #p::ops::build(#ctx, #p::ops::stored(#t)) })
        };
        // The start's temporary at the start's tokens: `begin_for` reports a start that is not
        // an integer there.
        let (s, e, k) = (
            temp_at("__amp_start", range.start.span),
            temp("__amp_end"),
            temp_at("__amp_counter", f.for_span),
        );
        // The counter's reads and its step at the `for`, where `begin_for` reports a range of
        // a type that is not an integer: the same error there is reported once.
        let span = f.for_span;
        let (pf, ctx_for) = at(span);
        let load = quote_spanned!(span=> #pf::ForLoop::counter(#ctx_for, #k));
        let step_call =
            quote_spanned!(span=> #pf::ForLoop::end_for(#ctx_for, #k, #e, #st, #inclusive));
        let bind = if range.rev {
            // `(a..b).rev()` runs the counter over `a..b` and binds `b - 1 - (k - a)`
            // (`b - (k - a)` for `..=`): no value past either end is formed.
            let current = temp("__amp_current");
            let value = self.expr(&reversed(&e, &current, &s, inclusive));
            let bound = self.bind(&f.binding, quote!(#value));
            quote!(let #current = #load; #bound)
        } else {
            self.bind(&f.binding, load.clone())
        };
        let body = self.block_stmt(&f.body);
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

    /// `for x in [16, 8, 4]` (or a named array): a loop over the array's positions, binding
    /// each element.
    fn for_array(&self, f: &For) -> TokenStream {
        let ctx = &self.ctx;
        let p = private();
        let array = temp_at("__amp_array", f.iter_span);
        let value = match &f.iter {
            ForIter::Array(a) if !matches!(a.kind, ArrayKind::Value(_)) => {
                let init = self.array_value(a);
                let t = temp("__amp_init");
                quote!({ let #t = #init; #ctx.local_array(::core::option::Option::None, #t) })
            }
            ForIter::Array(a) => self.array_value(a),
            ForIter::Range(_) => quote!(()),
        };
        let (len, zero, k) = (temp("__amp_len"), temp("__amp_zero"), temp("__amp_counter"));
        let position = temp("__amp_at");
        let element = quote!({
            let #position = #ctx.load(#k);
            #p::IndexRead::index_read(#array, #ctx, #position)
        });
        let bind = self.bind(&f.binding, element);
        let body = self.block_stmt(&f.body);
        let span = f.for_span;
        // An error about what is iterated lands on it, once.
        let array_of = {
            let (p, _) = at(f.iter_span);
            quote_spanned!(f.iter_span=> #p::tile_static::ForArray::array(#value))
        };
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

    pub(super) fn return_expr(&self, keyword: Span, value: Option<&Expr>) -> TokenStream {
        let (p, ctx) = at(keyword);
        let Some(e) = value else {
            return quote_spanned!(keyword=> #p::KernelBuilder::ret_with(#ctx, ()));
        };
        let v = self.expr(e);
        let t = temp_at("__amp_ret", e.span);
        let value = match &self.result {
            Some(ty) => {
                let (p, ctx) = at(e.span);
                quote_spanned!(e.span=> #p::ops::build(#ctx, #p::ops::typed::<#ty, _>(#t)))
            }
            None => quote!(#t),
        };
        quote_spanned!(keyword=> {
            let #t = #v;
            let #t = #value;
            #p::KernelBuilder::ret_with(#ctx, #t)
        })
    }
}

/// The condition under which `pattern` matches the value named `s` (`None`: always): `s == lit`,
/// `s >= lo && s <= hi`, alternatives joined by `||`, at the pattern's tokens.
fn pattern_condition(pattern: &Pattern, s: &syn::Ident) -> Option<Expr> {
    let mut terms = condition_terms(pattern, s)?.into_iter();
    let (_, first) = terms.next()?;
    Some(terms.fold(first, |left, (or_span, right)| {
        Expr::binary(BinaryOp::Logic(false), or_span, left, right)
    }))
}

/// The alternatives of `pattern` as conditions, each with the span of the `||` before it:
/// nested alternatives join the same chain.
fn condition_terms(pattern: &Pattern, s: &syn::Ident) -> Option<Vec<(Span, Expr)>> {
    Some(match pattern {
        Pattern::Wild => return None,
        Pattern::Lit(lit) => {
            let span = lit.span();
            let lit = Expr::literal(lit);
            vec![(
                span,
                Expr::binary(BinaryOp::Compare("Eq"), span, Expr::name(s), lit),
            )]
        }
        Pattern::Range { span, lo, hi } => {
            let above = Expr::binary(
                BinaryOp::Compare("Ge"),
                *span,
                Expr::name(s),
                (**lo).clone(),
            );
            let below = Expr::binary(
                BinaryOp::Compare("Le"),
                *span,
                Expr::name(s),
                (**hi).clone(),
            );
            vec![(
                *span,
                Expr::binary(BinaryOp::Logic(true), *span, above, below),
            )]
        }
        Pattern::Or { span, cases } => {
            let mut terms = Vec::new();
            for case in cases {
                let mut case_terms = condition_terms(case, s)?;
                if let Some(first) = case_terms.first_mut() {
                    first.0 = *span;
                }
                terms.extend(case_terms);
            }
            terms
        }
    })
}

/// `e - (k - s)` (`..=`) or `(e - 1) - (k - s)`: the value of a reversed range's variable when
/// its counter `k` runs from `s` up.
fn reversed(e: &syn::Ident, k: &syn::Ident, s: &syn::Ident, inclusive: bool) -> Expr {
    let site = Span::call_site();
    let sub = |l, r| Expr::binary(BinaryOp::Arith("Sub"), site, l, r);
    let counted = Expr::paren(site, sub(Expr::name(k), Expr::name(s)));
    if inclusive {
        return sub(Expr::name(e), counted);
    }
    let one = Expr::new(site, ExprKind::Lit(syn::LitInt::new("1", site).into()));
    let last = Expr::paren(site, sub(Expr::name(e), one));
    sub(last, counted)
}

/// Whether a loop body has no loop and no tile_static declaration inside: such a loop may be
/// built twice.
fn innermost(body: &Block) -> bool {
    struct Finds(bool);
    impl Visit for Finds {
        fn visit_stmt(&mut self, stmt: &Stmt) {
            self.0 |= matches!(stmt.kind, StmtKind::TileStatic(_));
            visit::walk_stmt(self, stmt);
        }
        fn visit_expr(&mut self, expr: &Expr) {
            self.0 |= matches!(
                expr.kind,
                ExprKind::For(_) | ExprKind::While { .. } | ExprKind::Loop { .. }
            );
            visit::walk_expr(self, expr);
        }
    }
    let mut finds = Finds(false);
    finds.visit_block(body);
    !finds.0
}
