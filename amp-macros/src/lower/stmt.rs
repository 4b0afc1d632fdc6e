//! Blocks and statements.

use super::{at, loc, mut_at, private, temp, temp_at, Lowerer};
use crate::ast::TileStatic;
use crate::ast::{
    ArrayInit, ArrayKind, Binding, Block, Expr, ExprKind, Let, LocalArray, Stmt, StmtKind,
};
use crate::types::static_type;
use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

/// Whether `ty` is one of the kernel scalar types, written plainly (`u32`).
fn is_scalar_type(ty: &syn::Type) -> bool {
    const SCALARS: [&str; 8] = ["i32", "u32", "f32", "bool", "i64", "u64", "f64", "f16"];
    matches!(ty, syn::Type::Path(p) if p.qself.is_none()
        && p.path.get_ident().is_some_and(|i| SCALARS.iter().any(|s| i == s)))
}

impl Lowerer {
    /// A block whose value is used (function bodies, `if`/`else` branches): a block ending in
    /// `return`/`break`/`continue` gets a placeholder value of the expected type.
    pub fn block_value(&self, block: &Block) -> TokenStream {
        self.block_inner(block, true)
    }

    /// A block in statement position.
    pub fn block_stmt(&self, block: &Block) -> TokenStream {
        self.block_inner(block, false)
    }

    fn block_inner(&self, block: &Block, value: bool) -> TokenStream {
        let ctx = &self.ctx;
        let p = private();
        let mut out = TokenStream::new();
        let last = block.stmts.len().checked_sub(1);
        let mut tail = None;
        for (i, stmt) in block.stmts.iter().enumerate() {
            let at = loc(stmt.span);
            out.extend(quote!(#ctx.at(#at);));
            match &stmt.kind {
                // A trailing `return`/`break`/`continue` diverges: it is a statement, and the
                // block's value is the placeholder below.
                StmtKind::Expr { expr, semi: false } if Some(i) == last && !expr.is_jump() => {
                    tail = Some(self.expr(expr))
                }
                kind => out.extend(self.stmt(kind)),
            }
        }
        let diverges = matches!(
            block.stmts.last(),
            Some(Stmt { kind: StmtKind::Expr { expr, .. }, .. }) if expr.is_jump()
        );
        let tail = match tail {
            Some(t) => t,
            None if value && diverges => quote!(#p::Diverge::diverge(#ctx)),
            None => quote!(()),
        };
        quote_spanned!(block.span=> { #out #tail })
    }

    fn stmt(&self, stmt: &StmtKind) -> TokenStream {
        match stmt {
            StmtKind::TileStatic(t) => self.tile_static(t),
            StmtKind::Let(l) => self.local(l),
            StmtKind::LocalArray(a) => self.local_array(a),
            StmtKind::Tuple(pairs) => self.tuple_local(pairs),
            StmtKind::Split { bindings, value } => self.split_local(bindings, value),
            StmtKind::Expr { expr, .. } => {
                let e = self.expr(expr);
                quote!(#e;)
            }
        }
    }

    fn local(&self, local: &Let) -> TokenStream {
        let p = private();
        let mut value = self.expr(&local.value);
        let value_span = local.value.span;
        let ty = local.ty.as_ref().map(static_type);
        // `let x: u32 = v;`: a value of another scalar type is an error naming both, at it.
        if let Some(scalar) = ty.as_ref().filter(|t| is_scalar_type(t)) {
            let t = temp_at("__amp_typed", value_span);
            let check = {
                let (p, ctx) = at(value_span);
                quote_spanned!(value_span=> #p::ops::build(#ctx, #p::ops::typed::<#scalar, _>(#t)))
            };
            value = quote!({ let #t = #value; #check });
        }
        match &local.binding {
            Binding::Name {
                name,
                mutable: true,
            } => {
                let label = name.to_string();
                // `let mut v: Float4 = x;`: checked as scalar annotations are, at the value.
                if let Some(t) = ty.as_ref().filter(|t| !is_scalar_type(t)) {
                    let typed = temp_at("__amp_typed", value_span);
                    let check = {
                        let (p, ctx) = at(value_span);
                        quote_spanned!(value_span=> #p::ops::build(#ctx, #p::ops::typed::<#t, _>(#typed)))
                    };
                    value = quote!({ let #typed = #value; #check });
                }
                let ty = ty.map(|t| quote!(: #p::Var<#t>));
                // At the value's tokens, so that a value no local can hold is reported there.
                let init = temp_at("__amp_init", value_span);
                let var = {
                    let (p, ctx) = at(name.span());
                    quote_spanned!(name.span()=> #p::KernelBuilder::var(#ctx, ::core::option::Option::Some(#label), #init))
                };
                // A `mut` binding, as the user's: `&mut x` borrows it.
                let m = mut_at(name.span());
                quote!(#[allow(unused_mut)] let #m #name #ty = { let #init = #value; #var };)
            }
            Binding::Name { name, .. } => {
                let reference = matches!(local.value.kind, ExprKind::Reference { .. })
                    || matches!(local.ty, Some(syn::Type::Reference(_)));
                let ty = local.ty.as_ref().map(|t| match t {
                    syn::Type::Reference(_) => crate::types::kernel_side(t, &[]),
                    _ => {
                        let t = static_type(t);
                        quote!(<#t as #p::KernelType>::KernelValue)
                    }
                });
                let ty = ty.map(|t| quote!(: #t));
                // A reference is reborrowed through its binding (`&mut r[i]`, `&mut *r`), as
                // Rust reborrows through a `&mut`.
                if reference {
                    let m = mut_at(name.span());
                    quote!(#[allow(unused_mut)] let #m #name #ty = #value;)
                } else {
                    quote!(let #name #ty = #value;)
                }
            }
            Binding::Wild => quote!(let _ = #value;),
        }
    }

    /// `let (a, b) = (x, y);`: every value first (left to right), then every name, so that
    /// `let (a, b) = (b, a);` swaps.
    fn tuple_local(&self, pairs: &[(Binding, ArrayInit)]) -> TokenStream {
        let temps: Vec<_> = (0..pairs.len())
            .map(|i| temp(&format!("__amp_t{i}")))
            .collect();
        let values = pairs.iter().map(|(_, value)| match &value.kind {
            ArrayKind::Value(e) => self.expr(e),
            _ => {
                let ctx = &self.ctx;
                let init = self.array_value(value);
                let t = temp("__amp_init");
                quote!({ let #t = #init; #ctx.local_array(::core::option::Option::None, #t) })
            }
        });
        let binds = pairs
            .iter()
            .zip(&temps)
            .map(|((binding, _), t)| self.bind(binding, quote!(#t)));
        quote!(#(let #temps = #values;)* #(#binds)*)
    }

    /// `let (s, c) = x.sin_cos();`: the pair's parts, each bound to its name.
    fn split_local(&self, bindings: &[Binding], value: &Expr) -> TokenStream {
        let temps: Vec<_> = (0..bindings.len())
            .map(|i| temp(&format!("__amp_t{i}")))
            .collect();
        let value = self.expr(value);
        let binds = bindings
            .iter()
            .zip(&temps)
            .map(|(binding, t)| self.bind(binding, quote!(#t)));
        quote!(let (#(#temps,)*) = #value; #(#binds)*)
    }

    /// `let a = [e; N];` or `let a = [x, y, z];` declares a local array.
    fn local_array(&self, local: &LocalArray) -> TokenStream {
        let p = private();
        let Binding::Name { name, mutable } = &local.binding else {
            return TokenStream::new();
        };
        let label = name.to_string();
        let value = self.array_value(&local.init);
        // A `mut` binding, as the user's: `&mut a` borrows it.
        let mutable = mutable.then(|| mut_at(name.span()));
        let ty = local
            .ty
            .as_ref()
            .map(static_type)
            .map(|t| quote!(: #p::tile_static::Place<#t>));
        let init = temp("__amp_init");
        {
            let (_, ctx) = at(name.span());
            quote_spanned!(name.span()=>
                #[allow(unused_mut)]
                let #mutable #name #ty = {
                    let #init = #value;
                    #ctx.local_array(::core::option::Option::Some(#label), #init)
                };
            )
        }
    }

    /// An array literal as a Rust array of kernel values (nested for nested literals).
    pub(super) fn array_value(&self, array: &ArrayInit) -> TokenStream {
        match &array.kind {
            ArrayKind::List(elems) => {
                let temps: Vec<_> = elems
                    .iter()
                    .enumerate()
                    .map(|(i, e)| temp_at(&format!("__amp_e{i}"), e.span))
                    .collect();
                // Every element after the first is checked to have the first one's type, at it.
                let values = elems.iter().enumerate().map(|(i, e)| {
                    let value = self.array_value(e);
                    if i == 0 || !matches!(e.kind, ArrayKind::Value(_)) {
                        return value;
                    }
                    let (p, ctx) = at(e.span);
                    let t = temp_at("__amp_elem", e.span);
                    quote_spanned!(e.span=> { let #t = #value; #p::ops::build(#ctx, #p::ops::stored(#t)) })
                });
                quote!({ #(let #temps = #values;)* [#(#temps),*] })
            }
            // `[e; N]` without N values on the host (N may be large, or a constant).
            ArrayKind::Repeat { value, len } => {
                let value = self.array_value(value);
                let t = temp("__amp_e");
                let p = private();
                quote!({ let #t = #value; #p::tile_static::Repeat::<_, { #len }>(#t) })
            }
            ArrayKind::Value(e) => self.expr(e),
        }
    }

    /// `#[tile_static] let t: T;` declares tile_static memory.
    fn tile_static(&self, local: &TileStatic) -> TokenStream {
        let Binding::Name { name, mutable } = &local.binding else {
            return TokenStream::new();
        };
        let label = name.to_string();
        let ty = static_type(&local.ty);
        // A `mut` binding, as the user's: `&mut t` borrows it.
        let mutable = mutable.then(|| mut_at(name.span()));
        let span = local.let_span;
        let witness = self.tiled_witness.as_ref().map(|w| {
            let (p, _) = at(span);
            quote_spanned!(span=> #p::tile_static::assert_tiled(&#w);)
        });
        let declare = {
            let (p, ctx) = at(span);
            let ty_span = syn::spanned::Spanned::span(&local.ty);
            let ty = quote_spanned!(ty_span=> <#ty as #p::TileType>);
            quote_spanned!(span=> #ty::declare_tile_static(#ctx, ::core::option::Option::Some(#label)))
        };
        quote_spanned!(span=>
            #[allow(unused_mut)]
            let #mutable #name = {
                #witness
                #declare
            };
        )
    }

    /// Binds a loop variable or parameter to `value` (a `mut` name becomes a local).
    pub fn bind(&self, binding: &Binding, value: TokenStream) -> TokenStream {
        let ctx = &self.ctx;
        match binding {
            Binding::Name {
                name,
                mutable: true,
            } => {
                let label = name.to_string();
                let init = temp("__amp_init");
                let m = mut_at(name.span());
                quote!(#[allow(unused_mut)] let #m #name = { let #init = #value; #ctx.var(::core::option::Option::Some(#label), #init) };)
            }
            Binding::Name { name, .. } => quote!(let #name = #value;),
            Binding::Wild => quote!(let _ = #value;),
        }
    }
}
