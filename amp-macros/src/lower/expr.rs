//! Expressions: each becomes a Rust expression whose value is the kernel value (`KernelValue<T>`, a
//! view, or `()`), evaluating its operands left to right into hygienic temporaries first (the
//! builder is borrowed mutably by every operation).

use super::{at, private, temp, temp_at, Lowerer};
use crate::ast::{BinaryOp, Callee, Expr, ExprKind, Place, PlaceKind, Subscript, UnaryOp};
use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned, ToTokens};
use syn::spanned::Spanned;
use syn::{Lit, Member};

impl Lowerer {
    /// Lowers an expression to a Rust expression yielding its kernel value.
    pub fn expr(&self, e: &Expr) -> TokenStream {
        match &e.kind {
            ExprKind::Lit(l) => self.literal(l),
            ExprKind::Path(path) => {
                let span = e.span;
                let (p, ctx) = at(span);
                quote_spanned!(span=> #p::Read::read(#path, #ctx))
            }
            ExprKind::Paren(inner) | ExprKind::Clone(inner) => self.expr(inner),
            ExprKind::Print(print) => self.print(print),
            ExprKind::Block(b) => self.block_value(b),
            ExprKind::Unit => quote!(()),
            ExprKind::Binary {
                op,
                op_span,
                left,
                right,
            } => self.binary(*op, *op_span, left, right),
            ExprKind::Unary {
                op,
                op_span,
                operand,
            } => {
                let v = self.expr(operand);
                let t = temp_at("__amp_v", operand.span);
                let (p, ctx) = at(*op_span);
                let call = match op {
                    UnaryOp::Neg => {
                        quote_spanned!(*op_span=> #p::ops::Negate::negate(#t, #ctx))
                    }
                    UnaryOp::Not => quote_spanned!(*op_span=> #p::ops::Not::not(#t, #ctx)),
                    UnaryOp::Deref => {
                        quote_spanned!(*op_span=> #p::Dereference::deref(#t, #ctx))
                    }
                };
                quote!({ let #t = #v; #call })
            }
            ExprKind::Reference {
                mutable,
                span,
                operand,
            } => self.reference(*mutable, *span, operand),
            ExprKind::Cast { value, ty, as_span } => {
                let v = self.expr(value);
                let t = temp_at("__amp_v", value.span);
                let call = {
                    let (p, ctx) = at(*as_span);
                    quote_spanned!(*as_span=> #p::ops::build(#ctx, #p::ops::cast::<#ty, _>(#t)))
                };
                quote!({ let #t = #v; #call })
            }
            ExprKind::Index {
                base,
                index,
                bracket_span,
            } => self.index_read(base, index, *bracket_span),
            ExprKind::Field { base, member } => self.field(self.expr(base), base.span, member),
            ExprKind::Struct { path, fields, rest } => self.struct_literal(path, fields, rest),
            ExprKind::MethodCall {
                receiver,
                method,
                turbofish,
                args,
            } => self.method_call(receiver, method, turbofish.as_ref(), args),
            ExprKind::Call {
                callee,
                callee_span,
                args,
            } => self.call(callee, *callee_span, args),
            ExprKind::ShapeFrom { shape, span, value } => {
                let shape = syn::Ident::new(shape.name(), *span);
                let t = temp_at("__amp_array", value.span);
                let value = self.expr(value);
                let (p, ctx) = at(*span);
                quote_spanned!(*span=> {
                    let #t = #value;
                    #p::ops::build(#ctx, #p::ops::index_from::<#p::#shape<_>, _>(#t))
                })
            }
            ExprKind::Default { path } => {
                let span = path.span();
                let (p, ctx) = at(span);
                quote_spanned!(span=> #p::default_value(#ctx, #path))
            }
            ExprKind::Shape {
                shape,
                span,
                components,
            } => {
                let shape = syn::Ident::new(shape.name(), *span);
                let temps: Vec<_> = components
                    .iter()
                    .enumerate()
                    .map(|(i, e)| temp_at(&format!("__amp_c{i}"), e.span))
                    .collect();
                let values = components.iter().map(|e| self.expr(e));
                let (p, ctx) = at(*span);
                quote_spanned!(*span=> {
                    #(let #temps = #values;)*
                    #p::ops::build(#ctx, #p::ops::index_from::<#p::#shape<_>, _>([#(#temps),*]))
                })
            }
            ExprKind::If(i) => self.if_expr(i),
            ExprKind::Match(m) => self.match_expr(m),
            ExprKind::While { cond, body } => self.while_expr(cond, body),
            ExprKind::Loop { body } => self.loop_expr(body),
            ExprKind::For(f) => self.for_expr(f),
            ExprKind::Break(span) => {
                let (p, ctx) = at(*span);
                quote_spanned!(*span=> #p::KernelBuilder::break_(#ctx))
            }
            ExprKind::Continue(span) => {
                let (p, ctx) = at(*span);
                quote_spanned!(*span=> #p::KernelBuilder::continue_(#ctx))
            }
            ExprKind::Return { keyword, value, .. } => self.return_expr(*keyword, value.as_deref()),
            ExprKind::Assign { place, op, value } => self.assign(place, value, *op),
        }
    }

    fn literal(&self, lit: &Lit) -> TokenStream {
        let (p, ctx) = at(lit.span());
        quote_spanned!(lit.span()=> #p::ops::lit(#ctx, #lit))
    }

    fn binary(&self, op: BinaryOp, span: Span, left: &Expr, right: &Expr) -> TokenStream {
        let ctx = &self.ctx;
        let (l, r) = (
            temp_at("__amp_l", left.span),
            temp_at("__amp_r", right.span),
        );
        if let BinaryOp::Logic(and) = op {
            let (lhs, rhs) = (self.condition(left), self.condition(right));
            let v = temp("__amp_logic");
            return quote!({
                let #l = #lhs;
                let #v = #ctx.begin_logic(#l, #and);
                let #r = #rhs;
                #ctx.end_logic(#v, #r)
            });
        }
        let lhs = self.expr(left);
        let rhs = self.expr(right);
        let call = self.apply(op, &l, &r, span);
        // The whole block at the operator, so every error about it lands there (and rustc
        // reports it once).
        quote_spanned!(span=> { let #l = #lhs; let #r = #rhs; #call })
    }

    /// `l <op> r` on two evaluated operands.
    fn apply(&self, op: BinaryOp, l: &syn::Ident, r: &syn::Ident, span: Span) -> TokenStream {
        let name = |n: &str| syn::Ident::new(n, span);
        // The operands named at the operator too: rustc reports an unsupported pair of types
        // at the call and again at its first argument, once if both are at the operator.
        let (mut l, mut r) = (l.clone(), r.clone());
        l.set_span(l.span().located_at(span));
        r.set_span(r.span().located_at(span));
        let (l, r) = (&l, &r);
        let (p, ctx) = at(span);
        match op {
            BinaryOp::Arith(n) => {
                let n = name(n);
                quote_spanned!(span=> #p::ops::Arith::arith(#l, #ctx, #p::ops::ArithOp::#n, #r))
            }
            BinaryOp::Bit(n) => {
                let n = name(n);
                quote_spanned!(span=> #p::ops::Bitwise::bitwise(#l, #ctx, #p::ops::BitOp::#n, #r))
            }
            BinaryOp::Shift(n) => {
                let n = name(n);
                quote_spanned!(span=> #p::ops::Shift::shift(#l, #ctx, #p::ops::ShiftOp::#n, #r))
            }
            BinaryOp::Compare(n) => {
                let n = name(n);
                quote_spanned!(span=> #p::ops::Compare::compare(#l, #ctx, #p::ops::CmpOp::#n, #r))
            }
            BinaryOp::Logic(_) => quote!(()),
        }
    }

    /// `place = value` or `place op= value`.
    fn assign(&self, place: &Place, value: &Expr, op: Option<(BinaryOp, Span)>) -> TokenStream {
        if let PlaceKind::Paren(inner) = &place.kind {
            return self.assign(inner, value, op);
        }
        let rhs = self.expr(value);
        let r = temp_at("__amp_r", value.span);
        let span = op.map_or(place.span, |(_, s)| s);
        // The stored value, checked to have the place's type where it is computed: at the
        // right side, or at the operator of `place op= value`.
        let new_span = op.map_or(value.span, |(_, s)| s);
        let (cur, new) = (
            temp_at("__amp_cur", place.span),
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
            Some((op, _)) => {
                let apply = self.apply(op, &cur, &r, span);
                let checked = typed(quote!(#new));
                quote!(let #cur = #current; let #new = #apply; let #new = #checked;)
            }
        };
        match &place.kind {
            PlaceKind::Index { base, index, .. } => {
                let (b, idx) = (
                    temp_at("__amp_base", base.span),
                    temp_at("__amp_idx", index.span()),
                );
                let base_value = self.place(base);
                let index_value = self.subscript(index);
                let read = {
                    let (p, ctx) = at(span);
                    quote_spanned!(span=> #p::IndexRead::index_read(#b, #ctx, #idx))
                };
                let combine = combine(read);
                let write = {
                    let (p, ctx) = at(span);
                    quote_spanned!(span=> #p::IndexWrite::index_write(#b, #ctx, #idx, #new))
                };
                quote!({
                    let #b = #base_value;
                    let #idx = #index_value;
                    let #r = #rhs;
                    #combine
                    #write
                })
            }
            PlaceKind::Name(path) => {
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
            // (A place in parentheses was unwrapped above.)
            PlaceKind::Field { .. } | PlaceKind::Deref { .. } | PlaceKind::Paren(_) => {
                let place_span = place.span;
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
                let bind = quote_spanned!(place_span=> let #p_t = #place_value;);
                quote_spanned!(place_span=> { #bind let #r = #rhs; #combine #write })
            }
        }
    }

    /// The place an assignment writes (or the base of one): a name's place, then elements,
    /// fields and components of it.
    fn place(&self, place: &Place) -> TokenStream {
        match &place.kind {
            PlaceKind::Name(path) => {
                let span = place.span;
                let (p, ctx) = at(span);
                quote_spanned!(span=> #p::IntoPlace::into_place(#path, #ctx))
            }
            PlaceKind::Paren(inner) => self.place(inner),
            PlaceKind::Index {
                base,
                index,
                bracket_span,
            } => {
                let base_value = self.place(base);
                let index_value = self.subscript(index);
                let (b, idx) = (
                    temp_at("__amp_base", base.span),
                    temp_at("__amp_idx", index.span()),
                );
                let span = *bracket_span;
                let (p, ctx) = at(span);
                let call = quote_spanned!(span=> #p::IndexPlace::index_place(#b, #ctx, #idx));
                quote!({ let #b = #base_value; let #idx = #index_value; #call })
            }
            PlaceKind::Field { base, member } => self.field(self.place(base), base.span, member),
            PlaceKind::Deref { star_span, operand } => {
                let value = self.expr(operand);
                // At the `*`, as the call: rustc reports an operand it cannot take once.
                let t = temp_at("__amp_v", *star_span);
                let span = *star_span;
                let (p, ctx) = at(span);
                quote_spanned!(span=> { let #t = #value; #p::DerefPlace::deref_place(#t, #ctx) })
            }
        }
    }

    /// `base.member`, `base` lowered (a value or a place) from the tokens at `base_span`.
    pub(super) fn field(&self, base: TokenStream, base_span: Span, member: &Member) -> TokenStream {
        let (b, fields) = (
            temp_at("__amp_base", base_span),
            temp_at("__amp_fields", member.span()),
        );
        let span = member.span();
        let call = {
            let (p, ctx) = at(span);
            quote_spanned!(span=>
                #p::structs::field(#b, #ctx, |#fields| #fields.#member)
            )
        };
        // At the base, where an error about it is reported (once).
        quote_spanned!(base_span=> { let #b = #base; #call })
    }

    /// `S { a: x, b: y }` (or `S { a: x, ..s }`): a struct value.
    fn struct_literal(
        &self,
        path: &syn::Path,
        fields: &[(Member, Expr)],
        rest: &Option<Box<Expr>>,
    ) -> TokenStream {
        let ctx = &self.ctx;
        let p = private();
        let alias = temp("__AmpValues");
        let members = fields.iter().map(|(m, _)| m);
        let temps: Vec<_> = fields
            .iter()
            .enumerate()
            .map(|(i, (_, e))| temp_at(&format!("__amp_f{i}"), e.span))
            .collect();
        let values = fields.iter().map(|(_, e)| self.expr(e));
        // A local array is a field's value by its elements (`Window { n }`).
        let field_values = fields.iter().zip(&temps).map(|((_, e), t)| {
            let (_, ctx) = at(e.span);
            quote_spanned!(e.span=> (#t).amp_field(#ctx))
        });
        let rest = rest.as_ref().map(|rest| {
            let value = self.expr(rest);
            quote!(..<#path as #p::structs::Struct>::values(#value, #ctx))
        });
        let span = path.span();
        let compose = {
            let (p, ctx) = at(span);
            quote_spanned!(span=> <#path as #p::structs::Struct>::compose(__amp_values, #ctx))
        };
        let (p, _) = at(span);
        quote_spanned!(span=> {
            #(let #temps = #values;)*
            #[allow(non_camel_case_types)]
            type #alias = <#path as #p::structs::Struct>::Values;
            let __amp_values = #alias { #(#members: #field_values,)* #rest };
            #compose
        })
    }

    /// An index: `[i, j]` / `(i, j)` compose an `Index`; anything else is a value.
    pub(super) fn subscript(&self, index: &Subscript) -> TokenStream {
        let (span, components) = match index {
            Subscript::Components { span, items } => (*span, items),
            Subscript::Value(e) => return self.expr(e),
        };
        let temps: Vec<_> = components
            .iter()
            .enumerate()
            .map(|(i, c)| temp_at(&format!("__amp_c{i}"), c.span))
            .collect();
        let values = components.iter().map(|c| self.expr(c));
        let compose = {
            let (p, ctx) = at(span);
            quote_spanned!(span=> #p::ops::index_of(#ctx, [#(#temps),*]))
        };
        quote!({ #(let #temps = #values;)* #compose })
    }

    fn index_read(&self, base: &Expr, index: &Subscript, span: Span) -> TokenStream {
        let base_value = self.expr(base);
        let (b, idx) = (
            temp_at("__amp_base", base.span),
            temp_at("__amp_idx", index.span()),
        );
        // A literal index (`v[2]`, a vector's component) is read as a constant.
        if let Subscript::Value(e) = index {
            if let ExprKind::Lit(Lit::Int(n)) = &e.kind {
                let value = n.base10_parse::<u32>().unwrap_or(u32::MAX);
                let (p, ctx) = at(span);
                let read = quote_spanned!(span=> #p::IndexConst::index_const(#b, #ctx, #value));
                return quote!({ let #b = #base_value; #read });
            }
        }
        let index = self.subscript(index);
        let (p, ctx) = at(span);
        let read = quote_spanned!(span=> #p::IndexRead::index_read(#b, #ctx, #idx));
        quote!({ let #b = #base_value; let #idx = #index; #read })
    }

    fn method_call(
        &self,
        receiver: &Expr,
        method: &syn::Ident,
        turbofish: Option<&syn::AngleBracketedGenericArguments>,
        args: &[Expr],
    ) -> TokenStream {
        // `v.into()`: a view as a read-only view (the one `into` kernels have).
        if method == "into" && args.is_empty() && turbofish.is_none() {
            let value = self.expr(receiver);
            // At the method: a receiver that is not a view is one error, there.
            let v = temp_at("__amp_recv", method.span());
            let span = method.span();
            let (p, ctx) = at(span);
            let call = quote_spanned!(span=> #p::ViewInto::view_into(#v, #ctx));
            return quote!({ let #v = #value; #call });
        }
        if !amp_spec::is_amp_method(&method.to_string()) {
            return self.user_method_call(receiver, method, args);
        }
        // An atomic operation works on a place, not on its value: a named receiver
        // (`count.atomic_fetch_add(1)` on a scalar tile_static variable) is passed as it is
        // rather than read. Views and arrays read as themselves, so nothing else changes.
        let recv = match &receiver.kind {
            ExprKind::Path(path) if method.to_string().starts_with("atomic_") => quote!(#path),
            // A reference's method is its value's (`r.sqrt()` on a `&f32`); anything else is
            // its own receiver.
            _ => {
                let value = self.expr(receiver);
                let v = temp_at("__amp_recv", receiver.span);
                let (_, ctx) = at(receiver.span);
                quote_spanned!(receiver.span=> { let #v = #value; (#v).amp_recv(#ctx) })
            }
        };
        let r = temp_at("__amp_recv", receiver.span);
        let temps: Vec<_> = args
            .iter()
            .enumerate()
            .map(|(i, a)| temp_at(&format!("__amp_a{i}"), a.span))
            .collect();
        // Likewise the tile_static variable a tile-uniform read reads
        // (`t.barrier.read_uniform(done)`): the barrier reads it, not the thread.
        let reads_place = method == "read_uniform";
        let values = args.iter().map(|a| match &a.kind {
            ExprKind::Path(path) if reads_place => quote!(#path),
            _ => self.expr(a),
        });
        let turbofish = turbofish.map(ToTokens::to_token_stream);
        let call = {
            // The receiver in parentheses located at the user's receiver: a call starting with
            // a hygienic temporary would be reported at the macro's call site.
            let (_, ctx) = at(method.span());
            let receiver = quote_spanned!(receiver.span=> (#r));
            quote_spanned!(method.span()=> #receiver.#method #turbofish(#ctx #(, #temps)*))
        };
        // One tuple binds the receiver and the arguments, evaluated in that order: a method call
        // among the arguments then has no outer receiver temporary in scope to shadow (rustc
        // would name it in its notes).
        quote!({ let (#r, #(#temps,)*) = (#recv, #(#values,)*); #call })
    }

    /// `receiver.method(args)` of a `#[kernel] impl` block (see amp-core's `user_method`): the
    /// method is found through the receiver's type by its name spelt as a type; the receiver is
    /// a place where it names a mutable one (a `&mut self` method gets a reference to it).
    fn user_method_call(&self, receiver: &Expr, method: &syn::Ident, args: &[Expr]) -> TokenStream {
        let r = temp_at("__amp_recv", receiver.span);
        let v = temp_at("__amp_self", receiver.span);
        let m = temp_at("__amp_method", method.span());
        let temps: Vec<_> = args
            .iter()
            .enumerate()
            .map(|(i, a)| temp_at(&format!("__amp_a{i}"), a.span))
            .collect();
        let values = args.iter().map(|a| self.expr(a));
        let recv = self.receiver(receiver);
        let span = method.span();
        let (p, ctx) = at(span);
        let chars = method
            .to_string()
            .chars()
            .map(|c| quote_spanned!(span=> #p::user_method::Ch<#c>))
            .collect::<Vec<_>>();
        let name = quote_spanned!(span=> (#(#chars,)*));
        let take = {
            let (p, ctx) = at(receiver.span);
            quote_spanned!(receiver.span=> #p::user_method::receive(&#m, #r, #ctx))
        };
        quote_spanned!(span=> {
            let #r = #recv;
            let #m = #p::user_method::FindMethod::method::<#name>(&#r);
            let #v = #take;
            #(let #temps = #values;)*
            #p::DeviceFn::call(#m.marker(), #ctx, (#v, #(#temps,)*))
        })
    }

    /// A method's receiver: the place of a mutable name (and of its elements and fields), the
    /// value of anything else.
    fn receiver(&self, e: &Expr) -> TokenStream {
        let span = e.span;
        let (p, ctx) = at(span);
        match &e.kind {
            ExprKind::Path(path) => {
                quote_spanned!(span=> #p::user_method::ReceiverRoot::receiver_root(#path, #ctx))
            }
            ExprKind::Paren(inner) => self.receiver(inner),
            ExprKind::Field { base, member } => self.field(self.receiver(base), base.span, member),
            ExprKind::Index {
                base,
                index,
                bracket_span,
            } => {
                let base_value = self.receiver(base);
                let index_value = self.subscript(index);
                let (b, idx) = (
                    temp_at("__amp_base", base.span),
                    temp_at("__amp_idx", index.span()),
                );
                let span = *bracket_span;
                let (p, ctx) = at(span);
                let call = quote_spanned!(span=>
                    #p::user_method::ReceiverIndex::receiver_index(#b, #ctx, #idx));
                quote!({ let #b = #base_value; let #idx = #index_value; #call })
            }
            _ => {
                let value = self.expr(e);
                quote_spanned!(span=> #p::user_method::ReceiverRoot::receiver_root(#value, #ctx))
            }
        }
    }

    fn call(&self, callee: &Callee, callee_span: Span, args: &[Expr]) -> TokenStream {
        // `f32::name` in a kernel is `amp::scalar_functions::f32::name`, which builds the
        // kernel's code (Rust's own runs on the host). A Rust function amp lacks was reported
        // by the parser (`f32::cbrt`); any other name amp lacks is rustc's "cannot find value
        // `sqrt` in module `::amp::scalar_functions::i32`" at the user's tokens.
        let func = match callee {
            Callee::Scalar { ty, name } => {
                quote_spanned!(callee_span=> ::amp::scalar_functions::#ty::#name)
            }
            Callee::Function(path) => path.to_token_stream(),
        };
        let temps: Vec<_> = args
            .iter()
            .enumerate()
            .map(|(i, a)| temp_at(&format!("__amp_a{i}"), a.span))
            .collect();
        let values = args.iter().map(|a| self.expr(a));
        let span = func.span();
        let (p, ctx) = at(span);
        let marker = match callee {
            Callee::Function(path) if names_marker_type(path, args.is_empty()) => {
                quote_spanned!(span=> #p::marker::<#func>())
            }
            _ => quote_spanned!(span=> #p::kernel_function(&#func)),
        };
        quote_spanned!(span=> {
            #(let #temps = #values;)*
            #p::DeviceFn::call(&#marker, #ctx, (#(#temps,)*))
        })
    }
}

/// Whether a call names its function's marker as a type rather than through the function's
/// value: a call with no arguments (no argument type carries the marker: `pi()`), or one with
/// generic arguments (`times::<3>(x)`, which the value's extra argument-type parameters would
/// not accept), of a function named by a module path (`f`, `util::f`; `#[kernel] fn` declares
/// its marker as a type of the same name). Associated functions of types (`Type::f()`, a
/// segment before the name that starts with a capital or has generic arguments) go through
/// the value.
fn names_marker_type(path: &syn::ExprPath, no_args: bool) -> bool {
    let segments = &path.path.segments;
    let Some(last) = segments.last() else {
        return false;
    };
    let turbofish = !last.arguments.is_empty();
    let module_path = path.qself.is_none()
        && segments.iter().rev().skip(1).all(|s| {
            s.arguments.is_empty()
                && !s
                    .ident
                    .to_string()
                    .starts_with(|c: char| c.is_ascii_uppercase())
        });
    module_path && (no_args || turbofish)
}
