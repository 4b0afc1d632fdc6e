//! Expressions: each becomes a Rust expression whose value is the kernel value (`KernelValue<T>`, a
//! view, or `()`), evaluating its operands left to right into hygienic temporaries first (the
//! builder is borrowed mutably by every operation).

use super::{at, private, temp, temp_at, Lowerer};
use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned, ToTokens};
use syn::spanned::Spanned;
use syn::{BinOp, Expr, Lit, UnOp};

enum Op {
    Arith(&'static str),
    Bit(&'static str),
    Shift(&'static str),
    Cmp(&'static str),
    Logic(bool),
}

fn classify(op: &BinOp) -> (Op, bool) {
    use BinOp::*;
    match op {
        Add(_) => (Op::Arith("Add"), false),
        Sub(_) => (Op::Arith("Sub"), false),
        Mul(_) => (Op::Arith("Mul"), false),
        Div(_) => (Op::Arith("Div"), false),
        Rem(_) => (Op::Arith("Rem"), false),
        AddAssign(_) => (Op::Arith("Add"), true),
        SubAssign(_) => (Op::Arith("Sub"), true),
        MulAssign(_) => (Op::Arith("Mul"), true),
        DivAssign(_) => (Op::Arith("Div"), true),
        RemAssign(_) => (Op::Arith("Rem"), true),
        BitAnd(_) => (Op::Bit("And"), false),
        BitOr(_) => (Op::Bit("Or"), false),
        BitXor(_) => (Op::Bit("Xor"), false),
        BitAndAssign(_) => (Op::Bit("And"), true),
        BitOrAssign(_) => (Op::Bit("Or"), true),
        BitXorAssign(_) => (Op::Bit("Xor"), true),
        Shl(_) => (Op::Shift("Shl"), false),
        Shr(_) => (Op::Shift("Shr"), false),
        ShlAssign(_) => (Op::Shift("Shl"), true),
        ShrAssign(_) => (Op::Shift("Shr"), true),
        Eq(_) => (Op::Cmp("Eq"), false),
        Ne(_) => (Op::Cmp("Ne"), false),
        Lt(_) => (Op::Cmp("Lt"), false),
        Le(_) => (Op::Cmp("Le"), false),
        Gt(_) => (Op::Cmp("Gt"), false),
        Ge(_) => (Op::Cmp("Ge"), false),
        And(_) => (Op::Logic(true), false),
        Or(_) => (Op::Logic(false), false),
        _ => (Op::Arith("Add"), false),
    }
}

impl Lowerer {
    /// Lowers an expression to a Rust expression yielding its kernel value.
    pub fn expr(&self, e: &Expr) -> TokenStream {
        match e {
            Expr::Lit(l) => self.literal(&l.lit),
            Expr::Path(path) => {
                let span = path.span();
                {
                    let (p, ctx) = at(span);
                    quote_spanned!(span=> #p::Read::read(#path, #ctx))
                }
            }
            Expr::Paren(inner) => self.expr(&inner.expr),
            Expr::Group(inner) => self.expr(&inner.expr),
            Expr::Block(b) => self.block_value(&b.block),
            Expr::Binary(b) => self.binary(b),
            Expr::Unary(u) => {
                let v = self.expr(&u.expr);
                let t = temp_at("__amp_v", u.expr.span());
                let call = match u.op {
                    UnOp::Neg(tok) => {
                        let (p, ctx) = at(tok.span);
                        quote_spanned!(tok.span=> #p::ops::Negate::negate(#t, #ctx))
                    }
                    UnOp::Not(tok) => {
                        let (p, ctx) = at(tok.span);
                        quote_spanned!(tok.span=> #p::ops::Not::not(#t, #ctx))
                    }
                    _ => quote!(#t),
                };
                quote!({ let #t = #v; #call })
            }
            Expr::Cast(c) => {
                let v = self.expr(&c.expr);
                let ty = &c.ty;
                let t = temp_at("__amp_v", c.expr.span());
                let call = {
                    let (p, ctx) = at(c.as_token.span);
                    quote_spanned!(c.as_token.span=> #p::ops::build(#ctx, #p::ops::cast::<#ty, _>(#t)))
                };
                quote!({ let #t = #v; #call })
            }
            Expr::Index(i) => self.index_read(i),
            Expr::Field(f) => {
                let base = self.expr(&f.base);
                self.field(base, f)
            }
            Expr::Struct(s) => self.struct_literal(s),
            Expr::MethodCall(m) => self.method_call(m),
            Expr::Call(c) => self.call(c),
            Expr::If(i) => self.if_expr(i),
            Expr::Match(m) => self.match_expr(m),
            Expr::While(w) => self.while_expr(w),
            Expr::Loop(l) => self.loop_expr(l),
            Expr::ForLoop(f) => self.for_expr(f),
            Expr::Break(b) => {
                let (p, ctx) = at(b.break_token.span);
                quote_spanned!(b.break_token.span=> #p::KernelBuilder::break_(#ctx))
            }
            Expr::Continue(c) => {
                let (p, ctx) = at(c.continue_token.span);
                quote_spanned!(c.continue_token.span=> #p::KernelBuilder::continue_(#ctx))
            }
            Expr::Return(r) => self.return_expr(r),
            Expr::Assign(a) => self.assign(&a.left, &a.right, None),
            Expr::Tuple(t) if t.elems.is_empty() => quote!(()),
            // Everything else was rejected by the checker.
            _ => quote!(()),
        }
    }

    fn literal(&self, lit: &Lit) -> TokenStream {
        {
            let (p, ctx) = at(lit.span());
            quote_spanned!(lit.span()=> #p::ops::lit(#ctx, #lit))
        }
    }

    fn binary(&self, b: &syn::ExprBinary) -> TokenStream {
        let (op, compound) = classify(&b.op);
        if compound {
            return self.assign(&b.left, &b.right, Some(&b.op));
        }
        let ctx = &self.ctx;
        let (l, r) = (
            temp_at("__amp_l", b.left.span()),
            temp_at("__amp_r", b.right.span()),
        );
        if let Op::Logic(and) = op {
            let (lhs, rhs) = (self.condition(&b.left), self.condition(&b.right));
            let v = temp("__amp_logic");
            return quote!({
                let #l = #lhs;
                let #v = #ctx.begin_logic(#l, #and);
                let #r = #rhs;
                #ctx.end_logic(#v, #r)
            });
        }
        let lhs = self.expr(&b.left);
        let rhs = self.expr(&b.right);
        let span = b.op.span();
        let call = self.apply(op, &l, &r, span);
        // The whole block at the operator, so every error about it lands there (and rustc
        // reports it once).
        quote_spanned!(span=> { let #l = #lhs; let #r = #rhs; #call })
    }

    /// `l <op> r` on two evaluated operands.
    fn apply(&self, op: Op, l: &syn::Ident, r: &syn::Ident, span: Span) -> TokenStream {
        let name = |n: &str| syn::Ident::new(n, span);
        // The operands named at the operator too: rustc reports an unsupported pair of types
        // at the call and again at its first argument, once if both are at the operator.
        let (mut l, mut r) = (l.clone(), r.clone());
        l.set_span(l.span().located_at(span));
        r.set_span(r.span().located_at(span));
        let (l, r) = (&l, &r);
        match op {
            Op::Arith(n) => {
                let n = name(n);
                {
                    let (p, ctx) = at(span);
                    quote_spanned!(span=> #p::ops::Arith::arith(#l, #ctx, #p::ops::ArithOp::#n, #r))
                }
            }
            Op::Bit(n) => {
                let n = name(n);
                {
                    let (p, ctx) = at(span);
                    quote_spanned!(span=> #p::ops::Bitwise::bitwise(#l, #ctx, #p::ops::BitOp::#n, #r))
                }
            }
            Op::Shift(n) => {
                let n = name(n);
                {
                    let (p, ctx) = at(span);
                    quote_spanned!(span=> #p::ops::Shift::shift(#l, #ctx, #p::ops::ShiftOp::#n, #r))
                }
            }
            Op::Cmp(n) => {
                let n = name(n);
                {
                    let (p, ctx) = at(span);
                    quote_spanned!(span=> #p::ops::Compare::compare(#l, #ctx, #p::ops::CmpOp::#n, #r))
                }
            }
            Op::Logic(_) => quote!(()),
        }
    }

    /// `place = value` or `place op= value`.
    fn assign(&self, place: &Expr, value: &Expr, op: Option<&BinOp>) -> TokenStream {
        let rhs = self.expr(value);
        let r = temp_at("__amp_r", value.span());
        let span = op.map_or_else(|| place.span(), |o| o.span());
        // The stored value, checked to have the place's type where it is computed: at the
        // right side, or at the operator of `place op= value`.
        let new_span = op.map_or_else(|| value.span(), |o| o.span());
        let (cur, new) = (
            temp_at("__amp_cur", place.span()),
            temp_at("__amp_new", new_span),
        );
        let typed = |v: TokenStream| {
            let (p, ctx) = at(new_span);
            quote_spanned!(new_span=> #p::ops::build(#ctx, #p::ops::stored(#v)))
        };
        let combine = |current: TokenStream| match op {
            None => {
                let checked = typed(quote!(#r));
                quote!(let #new = #checked;)
            }
            Some(op) => {
                let apply = self.apply(classify(op).0, &cur, &r, span);
                let checked = typed(quote!(#new));
                quote!(let #cur = #current; let #new = #apply; let #new = #checked;)
            }
        };
        match place {
            Expr::Index(i) => {
                let (base, idx) = (
                    temp_at("__amp_base", i.expr.span()),
                    temp_at("__amp_idx", i.index.span()),
                );
                let base_value = self.place(&i.expr);
                let index_value = self.index_value(&i.index);
                let read = {
                    let (p, ctx) = at(span);
                    quote_spanned!(span=> #p::IndexRead::index_read(#base, #ctx, #idx))
                };
                let combine = combine(read);
                let write = {
                    let (p, ctx) = at(span);
                    quote_spanned!(span=> #p::IndexWrite::index_write(#base, #ctx, #idx, #new))
                };
                quote!({
                    let #base = #base_value;
                    let #idx = #index_value;
                    let #r = #rhs;
                    #combine
                    #write
                })
            }
            Expr::Path(path) => {
                let read = {
                    let (p, ctx) = at(span);
                    quote_spanned!(span=> #p::Read::read(#path, #ctx))
                };
                let combine = combine(read);
                let write = {
                    let (p, ctx) = at(span);
                    quote_spanned!(span=> #p::Assign::assign(#path, #ctx, #new))
                };
                quote!({ let #r = #rhs; #combine #write })
            }
            Expr::Paren(inner) => self.assign(&inner.expr, value, op),
            Expr::Field(_) => {
                let place_span = place.span();
                let place_value = self.place(place);
                let p_t = temp_at("__amp_place", place_span);
                let read = {
                    let (p, ctx) = at(span);
                    quote_spanned!(span=> #p::Read::read(#p_t, #ctx))
                };
                let combine = combine(read);
                let write = {
                    let (p, ctx) = at(span);
                    quote_spanned!(span=> #p::Assign::assign(#p_t, #ctx, #new))
                };
                let bind = {
                    let (_, _) = at(place_span);
                    quote_spanned!(place_span=> let #p_t = #place_value;)
                };
                quote_spanned!(place_span=> { #bind let #r = #rhs; #combine #write })
            }
            other => {
                let msg = "only locals, view and array elements, and their fields and components \
                           can be assigned in kernels";
                syn::Error::new_spanned(other, msg).into_compile_error()
            }
        }
    }

    /// The place an assignment writes (or the base of one): a name's place, then elements,
    /// fields and components of it.
    fn place(&self, e: &Expr) -> TokenStream {
        match e {
            Expr::Path(path) => {
                let span = path.span();
                {
                    let (p, ctx) = at(span);
                    quote_spanned!(span=> #p::IntoPlace::into_place(#path, #ctx))
                }
            }
            Expr::Paren(inner) => self.place(&inner.expr),
            Expr::Index(i) => {
                let base = self.place(&i.expr);
                let index = self.index_value(&i.index);
                let (b, idx) = (
                    temp_at("__amp_base", i.expr.span()),
                    temp_at("__amp_idx", i.index.span()),
                );
                let span = i.bracket_token.span.join();
                let call = {
                    let (p, ctx) = at(span);
                    quote_spanned!(span=> #p::IndexPlace::index_place(#b, #ctx, #idx))
                };
                quote!({ let #b = #base; let #idx = #index; #call })
            }
            Expr::Field(f) => {
                let base = self.place(&f.base);
                self.field(base, f)
            }
            other => {
                let msg = "only locals, view and array elements, and their fields and components \
                           can be assigned in kernels";
                syn::Error::new_spanned(other, msg).into_compile_error()
            }
        }
    }

    /// `base.member`, `base` lowered (a value or a place).
    fn field(&self, base: TokenStream, f: &syn::ExprField) -> TokenStream {
        let member = &f.member;
        let (b, fields) = (
            temp_at("__amp_base", f.base.span()),
            temp_at("__amp_fields", f.member.span()),
        );
        let span = member.span();
        let call = {
            let (p, ctx) = at(span);
            quote_spanned!(span=>
                #p::structs::field(#b, #ctx, |#fields| #fields.#member)
            )
        };
        // At the base, where an error about it is reported (once).
        quote_spanned!(f.base.span()=> { let #b = #base; #call })
    }

    /// `S { a: x, b: y }` (or `S { a: x, ..s }`): a struct value.
    fn struct_literal(&self, s: &syn::ExprStruct) -> TokenStream {
        let ctx = &self.ctx;
        let p = private();
        let path = &s.path;
        let alias = temp("__AmpValues");
        let members: Vec<_> = s.fields.iter().map(|f| &f.member).collect();
        let temps: Vec<_> = s
            .fields
            .iter()
            .enumerate()
            .map(|(i, f)| temp_at(&format!("__amp_f{i}"), f.expr.span()))
            .collect();
        let values = s.fields.iter().map(|f| self.expr(&f.expr));
        let rest = s.rest.as_ref().map(|rest| {
            let value = self.expr(rest);
            quote!(..<#path as #p::structs::Struct>::values(#value, #ctx))
        });
        let span = path.span();
        let compose = {
            let (p, ctx) = at(span);
            quote_spanned!(span=> <#path as #p::structs::Struct>::compose(__amp_values, #ctx))
        };
        {
            let (p, _) = at(span);
            quote_spanned!(span=> {
                #(let #temps = #values;)*
                #[allow(non_camel_case_types)]
                type #alias = <#path as #p::structs::Struct>::Values;
                let __amp_values = #alias { #(#members: #temps,)* #rest };
                #compose
            })
        }
    }

    /// An index: `[i, j]` / `(i, j)` compose an `Index`; anything else is a value.
    fn index_value(&self, index: &Expr) -> TokenStream {
        let components = match index {
            Expr::Tuple(t) => &t.elems,
            Expr::Array(a) => &a.elems,
            other => return self.expr(other),
        };
        let temps: Vec<_> = components
            .iter()
            .enumerate()
            .map(|(i, c)| temp_at(&format!("__amp_c{i}"), c.span()))
            .collect();
        let values = components.iter().map(|c| self.expr(c));
        let span = index.span();
        let compose = {
            let (p, ctx) = at(span);
            quote_spanned!(span=> #p::ops::index_of(#ctx, [#(#temps),*]))
        };
        quote!({ #(let #temps = #values;)* #compose })
    }

    fn index_read(&self, i: &syn::ExprIndex) -> TokenStream {
        let base = self.expr(&i.expr);
        let (b, idx) = (
            temp_at("__amp_base", i.expr.span()),
            temp_at("__amp_idx", i.index.span()),
        );
        let span = i.bracket_token.span.join();
        if let Expr::Lit(syn::ExprLit {
            lit: Lit::Int(n), ..
        }) = &*i.index
        {
            let value = n.base10_parse::<u32>().unwrap_or(u32::MAX);
            let read = {
                let (p, ctx) = at(span);
                quote_spanned!(span=> #p::IndexConst::index_const(#b, #ctx, #value))
            };
            return quote!({ let #b = #base; #read });
        }
        let index = self.index_value(&i.index);
        let read = {
            let (p, ctx) = at(span);
            quote_spanned!(span=> #p::IndexRead::index_read(#b, #ctx, #idx))
        };
        quote!({ let #b = #base; let #idx = #index; #read })
    }

    fn method_call(&self, m: &syn::ExprMethodCall) -> TokenStream {
        // Kernel values are copies: `x.clone()` is `x`.
        if m.method == "clone" && m.args.is_empty() && m.turbofish.is_none() {
            return self.expr(&m.receiver);
        }
        // An atomic operation works on a place, not on its value: a named receiver
        // (`count.atomic_fetch_add(1)` on a scalar tile_static variable) is passed as it is
        // rather than read. Views and arrays read as themselves, so nothing else changes.
        let recv = match &*m.receiver {
            Expr::Path(path) if m.method.to_string().starts_with("atomic_") => quote!(#path),
            receiver => self.expr(receiver),
        };
        let r = temp_at("__amp_recv", m.receiver.span());
        let temps: Vec<_> = m
            .args
            .iter()
            .enumerate()
            .map(|(i, a)| temp_at(&format!("__amp_a{i}"), a.span()))
            .collect();
        let values = m.args.iter().map(|a| self.expr(a));
        let method = &m.method;
        let turbofish = m.turbofish.as_ref().map(ToTokens::to_token_stream);
        let call = {
            // The receiver in parentheses located at the user's receiver: a call starting with
            // a hygienic temporary would be reported at the macro's call site.
            let (_, ctx) = at(method.span());
            let receiver = quote_spanned!(m.receiver.span()=> (#r));
            quote_spanned!(method.span()=> #receiver.#method #turbofish(#ctx #(, #temps)*))
        };
        quote!({ let #r = #recv; #(let #temps = #values;)* #call })
    }

    fn call(&self, c: &syn::ExprCall) -> TokenStream {
        if let (Some(shape), Some(Expr::Array(array))) =
            (crate::check::shape_new(c), c.args.first())
        {
            let shape = syn::Ident::new(shape, c.func.span());
            let temps: Vec<_> = array
                .elems
                .iter()
                .enumerate()
                .map(|(i, e)| temp_at(&format!("__amp_c{i}"), e.span()))
                .collect();
            let values = array.elems.iter().map(|e| self.expr(e));
            return {
                let (p, ctx) = at(c.func.span());
                quote_spanned!(c.func.span()=> {
                    #(let #temps = #values;)*
                    #p::ops::build(#ctx, #p::ops::index_from::<#p::#shape<_>, _>([#(#temps),*]))
                })
            };
        }
        let Expr::Path(func) = &*c.func else {
            let msg = "kernels can only call #[kernel] functions by name";
            return syn::Error::new_spanned(&c.func, msg).into_compile_error();
        };
        let func = scalar_function(func).unwrap_or_else(|| func.to_token_stream());
        let temps: Vec<_> = c
            .args
            .iter()
            .enumerate()
            .map(|(i, a)| temp_at(&format!("__amp_a{i}"), a.span()))
            .collect();
        let values = c.args.iter().map(|a| self.expr(a));
        let span = func.span();
        {
            let (p, ctx) = at(span);
            quote_spanned!(span=> {
                #(let #temps = #values;)*
                #p::DeviceFn::call(&#p::kernel_function(&#func), #ctx, (#(#temps,)*))
            })
        }
    }
}

/// `f32::name` in a kernel is `amp::scalar_functions::f32::name`, which builds the kernel's code (Rust's
/// own runs on the host). A Rust function amp lacks was reported by the checker (`f32::cbrt`);
/// any other name amp lacks is rustc's "cannot find value `sqrt` in module
/// `::amp::scalar_functions::i32`" at the user's tokens.
fn scalar_function(func: &syn::ExprPath) -> Option<TokenStream> {
    let (ty, name) = crate::check::scalar_path(func)?;
    Some(quote_spanned!(func.span()=> ::amp::scalar_functions::#ty::#name))
}
