//! `#[kernel] fn`: a device function, callable from kernels (C++ AMP's `restrict(amp)`
//! function).
//!
//! `#[kernel] fn f(a: A, b: B) -> R { body }` expands to a hidden marker type `struct f {}` (in
//! the type namespace only), the function item `f` of both sides (see `host_fn`: on the host it
//! computes the body, C++ AMP's `restrict(cpu, amp)`; a kernel's `f(x, y)` names it with
//! `KernelArg` arguments to get the marker, and a local named `f` elsewhere shadows it like any
//! function), and an implementation of `DeviceFn<(A', B')>` for the marker whose `call` builds
//! `f`'s IR on first use (`A'` is `A`'s kernel-side type).
//!
//! [`device_fn`] is the expansion of one function, its marker named by the caller: `#[kernel]
//! impl` blocks (`kernel_impl`) expand their functions through it.

use crate::ast::{Binding, Block};
use crate::errors::{with_item, Errors};
use crate::lower::{at, ctx_ident, kernel_traits, private, Lowerer};
use crate::types::{kernel_side, kernel_side_param};
use crate::{check, parse};
use proc_macro2::{TokenStream, TokenTree};
use quote::{quote, quote_spanned, ToTokens};
use syn::{FnArg, ItemFn, ReturnType};

pub fn expand(args: TokenStream, item: TokenStream) -> TokenStream {
    let mut func: ItemFn = match syn::parse2(item) {
        Ok(func) => func,
        Err(err) => return err.into_compile_error(),
    };
    let mut errors = Errors::default();
    if !args.is_empty() {
        errors.push(&args, "#[kernel] takes no arguments");
    }
    // Rule: a function with `self`, or naming `Self`, is inside an impl block, where the
    // expansion's marker struct cannot go: the block is what #[kernel] marks. The function stays,
    // without a body, so that its callers still type-check.
    if in_impl(&func) {
        let mut err = syn::Error::new_spanned(
            &func.sig.ident,
            "#[kernel] on a function inside an impl block: mark the block instead, \
             `#[kernel] impl Type { … }` (every function in it is then a kernel function)",
        );
        if let Err(args) = errors.finish() {
            err.combine(args);
        }
        func.attrs
            .retain(|a| a.path().is_ident("doc") || a.path().is_ident("allow"));
        func.attrs
            .push(syn::parse_quote!(#[allow(unused_variables)]));
        func.block = syn::parse_quote!({ ::core::unreachable!() });
        return with_item(err, func.into_token_stream());
    }
    let marker = func.sig.ident.clone();
    let DeviceFnItems { marker, value } = device_fn(&mut func, &marker, false, &mut errors);
    match errors.finish() {
        Ok(()) => quote!(#marker #value),
        Err(err) => with_item(err, quote!(#marker #value)),
    }
}

/// Whether `func` is written inside an impl block: it takes `self` or names `Self`.
fn in_impl(func: &ItemFn) -> bool {
    fn names_self(tokens: TokenStream) -> bool {
        tokens.into_iter().any(|t| match t {
            TokenTree::Ident(i) => i == "Self",
            TokenTree::Group(g) => names_self(g.stream()),
            _ => false,
        })
    }
    matches!(func.sig.inputs.first(), Some(FnArg::Receiver(_)))
        || names_self(func.sig.to_token_stream())
        || names_self(func.block.to_token_stream())
}

/// A device function's expansion: its marker (the struct and its `DeviceFn` implementation,
/// items of the module) and its value (the function item kernels call, which names the marker;
/// an item of the module, or of an impl block for an associated function).
pub(crate) struct DeviceFnItems {
    /// The marker struct and its `DeviceFn` implementation.
    pub marker: TokenStream,
    /// The function item.
    pub value: TokenStream,
}

/// Checks `func` as a device function (its violations go to `errors`) and expands it, its
/// marker struct named `marker`; `has_self` says that its first parameter is a method's
/// receiver, [`self_param`], which `self` in the body names. With errors, the marker's `DeviceFn` implementation is still
/// emitted where the signature is sound (callers type-check against it), its body unreachable.
pub(crate) fn device_fn(
    func: &mut ItemFn,
    marker: &syn::Ident,
    has_self: bool,
    errors: &mut Errors,
) -> DeviceFnItems {
    let before = errors.len();
    crate::const_args::check_fn(func, errors);
    let (params, signature_ok) = check_signature(func, errors);
    check_mut_views(func, errors);
    let body = parse::block(&func.block, errors);
    check::no_self_call(&func.sig.ident, &body, errors);
    check::tail(func, &body, errors);
    check::fn_returns(&func.sig.output, &body, errors);
    check::barriers(&index_params(func), &body, errors);
    check::broadcast_lanes(&body, errors);
    let body = if errors.len() == before {
        Body::Lowered(&body, &params)
    } else if signature_ok {
        Body::Unreachable
    } else {
        Body::None
    };
    emit(func, marker, has_self, body)
}

/// The parameter a method's receiver becomes in its device function (`self` is a keyword, and
/// in the generated `DeviceFn::call` it would name the marker): `self` in the lowered body is
/// renamed to it.
pub(crate) fn self_param(span: proc_macro2::Span) -> syn::Ident {
    syn::Ident::new("__amp_self", span)
}

/// The lowered `tokens` with `self` (not `self::`) naming [`self_param`].
fn rename_self(tokens: TokenStream) -> TokenStream {
    let mut out = Vec::new();
    let mut iter = tokens.into_iter().peekable();
    while let Some(tree) = iter.next() {
        match tree {
            TokenTree::Ident(i)
                if i == "self"
                    && !matches!(iter.peek(), Some(TokenTree::Punct(p)) if p.as_char() == ':') =>
            {
                out.push(TokenTree::Ident(self_param(i.span())));
            }
            TokenTree::Group(g) => {
                let mut group = proc_macro2::Group::new(g.delimiter(), rename_self(g.stream()));
                group.set_span(g.span());
                out.push(TokenTree::Group(group));
            }
            other => out.push(other),
        }
    }
    out.into_iter().collect()
}

/// The declared result type, when it is a concrete kernel value type or a type parameter
/// itself (`-> T`), whose values can be checked against it.
fn concrete_result(output: &ReturnType, type_params: &[syn::Ident]) -> Option<syn::Type> {
    let ReturnType::Type(_, ty) = output else {
        return None;
    };
    let checked = matches!(&**ty, syn::Type::Path(p) if p.qself.is_none()
        && (p.path.get_ident().is_some_and(|i| type_params.contains(i))
            || !p.path.segments.iter().any(|s| type_params.contains(&s.ident)))
        && p.path.segments.last().is_some_and(|s| s.ident != "TiledIndex"));
    checked.then(|| (**ty).clone())
}

/// The body's value, checked to have the declared result type: a mismatch is an error at the
/// final expression naming both types (`this value is `i32`, not `f32``). Other generic results
/// (`-> Vector<T, 3>`) are left to the closure's own return type.
fn returned(
    output: &ReturnType,
    type_params: &[syn::Ident],
    block: &Block,
    body: TokenStream,
) -> TokenStream {
    let span = block.tail().map_or(block.span, |tail| tail.span);
    if matches!(output, ReturnType::Default) {
        let (p, _) = at(span);
        let value = syn::Ident::new("__amp_result", span);
        return quote_spanned!(span=> { let #value = #body; #p::no_value(#value) });
    }
    // A body that ends in `return v;` has its value checked at the `return`.
    if block.diverges() {
        return body;
    }
    if let ReturnType::Type(_, ty) = output {
        if let syn::Type::Array(_) = &**ty {
            let (p, _) = at(span);
            let ty = crate::types::static_type(ty);
            let value = syn::Ident::new("__amp_result", span);
            return quote_spanned!(span=> { let #value = #body; #p::ArrayResult::<#ty>::array(#value) });
        }
    }
    let Some(ty) = concrete_result(output, type_params) else {
        return body;
    };
    let (p, ctx) = at(span);
    let value = syn::Ident::new("__amp_result", span);
    quote_spanned!(span=> { let #value = #body; #p::ops::build(#ctx, #p::ops::typed::<#ty, _>(#value)) })
}

/// The parameters that hold a thread's index (`Index`, `TiledIndex`).
fn index_params(func: &ItemFn) -> Vec<syn::Ident> {
    let is_index = |ty: &syn::Type| {
        matches!(ty, syn::Type::Path(p) if p.path.segments.last()
            .is_some_and(|s| s.ident == "TiledIndex" || s.ident == "Index"))
    };
    func.sig
        .inputs
        .iter()
        .filter_map(|i| match i {
            FnArg::Typed(t) if is_index(&t.ty) => match &*t.pat {
                syn::Pat::Ident(id) => Some(id.ident.clone()),
                _ => None,
            },
            _ => None,
        })
        .collect()
}

/// What the expansion gives the function.
enum Body<'a> {
    /// The body, lowered, with what its parameters bind.
    Lowered(&'a Block, &'a [Binding]),
    /// A body that is never built (the kernel had errors; callers still type-check).
    Unreachable,
    /// Only the name (the signature itself had errors).
    None,
}

/// Rules on the signature; returns what the parameters bind, and whether the signature itself
/// is usable.
fn check_signature(func: &ItemFn, errors: &mut Errors) -> (Vec<Binding>, bool) {
    let before = errors.len();
    let mut params = Vec::new();
    let sig = &func.sig;
    if let Some(t) = &sig.asyncness {
        errors.push(t, "kernel functions cannot be `async`");
    }
    if let Some(t) = &sig.unsafety {
        errors.push(t, "kernel functions cannot be `unsafe`");
    }
    if let Some(t) = &sig.constness {
        errors.push(t, "kernel functions cannot be `const`");
    }
    if let Some(abi) = &sig.abi {
        errors.push(abi, "kernel functions cannot have an ABI");
    }
    if let Some(v) = &sig.variadic {
        errors.push(v, "variadic arguments are not supported in kernels");
    }
    for input in &sig.inputs {
        match input {
            // (A function with `self` outside a #[kernel] impl block was reported by `expand`.)
            FnArg::Receiver(_) => {}
            FnArg::Typed(t) => {
                params.push(parse::param(&t.pat, errors));
                parse::param_type(&t.ty, errors);
                // Rule: a parameter holds one kernel value; tuples are not kernel types.
                match &*t.ty {
                    syn::Type::Tuple(tuple) if tuple.elems.is_empty() => errors.push(
                        &t.ty,
                        "a #[kernel] fn parameter of type `()` carries nothing: remove it",
                    ),
                    syn::Type::Tuple(_) => errors.push(
                        &t.ty,
                        "tuples are not kernel types: pass each value as its own parameter",
                    ),
                    syn::Type::Never(_) => {
                        errors.push(&t.ty, "`!` is not a kernel type: a parameter holds a value")
                    }
                    syn::Type::Array(a) if is_zero_literal(&a.len) => errors.push(
                        &t.ty,
                        "an array of zero elements carries nothing: remove the parameter",
                    ),
                    _ => {}
                }
            }
        }
    }
    match &sig.output {
        // Rule: a device function returns values; what it writes for its caller goes through a
        // `&mut` parameter (C++ AMP's `float&` out-parameters).
        ReturnType::Type(_, ty) if matches!(**ty, syn::Type::Reference(_)) => errors.push(
            ty,
            "a #[kernel] fn cannot return a reference: return the value, or write it through a \
             `&mut` parameter",
        ),
        ReturnType::Type(_, ty) => {
            if let syn::Type::Array(a) = &**ty {
                if is_zero_literal(&a.len) {
                    errors.push(
                        ty,
                        "an array of zero elements carries nothing: return nothing (`()`)",
                    );
                }
            }
            parse::signature_type(ty, errors)
        }
        ReturnType::Default => {}
    }
    (params, errors.len() == before)
}

/// Rule: a view, texture or sampler parameter is not `mut`: a kernel never rebinds one (its
/// elements are written through it as it is, `v[i] = x`), and no local holds one.
fn check_mut_views(func: &ItemFn, errors: &mut Errors) {
    for input in &func.sig.inputs {
        if let FnArg::Typed(t) = input {
            if let syn::Pat::Ident(syn::PatIdent {
                mutability: Some(m),
                ..
            }) = &*t.pat
            {
                if parse::is_view_type(&t.ty) {
                    errors.push(
                        m,
                        "a view or texture parameter cannot be `mut` in a kernel: remove the \
                         `mut` (a read-write view's elements are written through it as it is: \
                         `v[i] = x`)",
                    );
                }
            }
        }
    }
}

fn emit(func: &ItemFn, marker: &syn::Ident, has_self: bool, body: Body) -> DeviceFnItems {
    let p = private();
    let vis = &func.vis;
    let name = &func.sig.ident;
    let label = name.to_string();
    let attrs = func
        .attrs
        .iter()
        .filter(|a| a.path().is_ident("doc") || a.path().is_ident("allow"));
    let params: Vec<_> = func
        .sig
        .inputs
        .iter()
        .filter_map(|i| match i {
            FnArg::Typed(t) => Some(t),
            FnArg::Receiver(_) => None,
        })
        .collect();
    // Generic parameters (types and consts) go on the DeviceFn impl; lifetimes are erased.
    let type_params: Vec<_> = func
        .sig
        .generics
        .type_params()
        .map(|t| t.ident.clone())
        .collect();
    let impl_params: Vec<_> = func
        .sig
        .generics
        .params
        .iter()
        .filter(|p| !matches!(p, syn::GenericParam::Lifetime(_)))
        .collect();
    // `Self: 'static`: the function is identified by its marker's `TypeId`.
    let where_clause = {
        let predicates = func
            .sig
            .generics
            .where_clause
            .as_ref()
            .map(|w| &w.predicates);
        quote!(where Self: 'static, #predicates)
    };
    // A `&T` parameter's mode is a generic parameter of the implementation (see
    // `kernel_side_param`).
    let mut impl_params: Vec<TokenStream> = impl_params.iter().map(|g| quote!(#g)).collect();
    let arg_types: Vec<_> = params
        .iter()
        .enumerate()
        .map(|(k, t)| {
            let (ty, mode) = kernel_side_param(&t.ty, &type_params, k);
            impl_params.extend(mode);
            ty
        })
        .collect();
    let output = match &func.sig.output {
        ReturnType::Default => quote!(()),
        ReturnType::Type(_, ty) => kernel_side(ty, &type_params),
    };
    let ctx = ctx_ident();
    // Located at the signature: an error about the arguments' types lands there.
    let args = quote::format_ident!(
        "__amp_args",
        span = proc_macro2::Span::mixed_site().located_at(func.sig.fn_token.span)
    );
    let emit_impl = !matches!(body, Body::None);
    let host_body = matches!(body, Body::Lowered(..));
    let body = if let Body::Lowered(block, bindings) = body {
        let lower = Lowerer::new().with_result(concrete_result(&func.sig.output, &type_params));
        let names: Vec<_> = bindings.iter().map(param_name).collect();
        let rebinds = bindings
            .iter()
            .zip(&params)
            .map(|(binding, param)| rebind(binding, &param.ty));
        let body = returned(
            &func.sig.output,
            &type_params,
            block,
            lower.block_value(block),
        );
        let body = if has_self { rename_self(body) } else { body };
        let span = func.sig.ident.span();
        {
            let (p, ctx) = at(span);
            let traits = kernel_traits(&p);
            // References end their borrow at the call (`erase`): the function is built once
            // for every caller.
            let temps: Vec<_> = (0..params.len())
                .map(|i| quote::format_ident!("__amp_p{i}", span = proc_macro2::Span::mixed_site()))
                .collect();
            let passed = params
                .iter()
                .zip(&temps)
                .map(|(param, t)| match &*param.ty {
                    syn::Type::Reference(r) if r.mutability.is_none() => {
                        quote!(#p::Reference::share(#t))
                    }
                    syn::Type::Reference(_) => quote!(#p::Reference::unique(#t)),
                    _ => quote!(#t),
                });
            // A view parameter takes a view or a section: passed as a view.
            let views = params
                .iter()
                .zip(&temps)
                .filter(|(param, _)| crate::types::is_view(&param.ty))
                .map(|(_, t)| quote!(let #t = #p::ViewArg::pass(#t, #ctx);));
            quote_spanned!(span=>
                let (#(#temps,)*) = #args;
                #(#views)*
                #p::device_fn(#ctx, #label, ::core::any::TypeId::of::<Self>(), (#(#passed,)*),
                    |#ctx: &mut #p::KernelBuilder, (#(#names,)*)| -> #output {
                        #traits
                        #(#rebinds)*
                        #body
                    })
            )
        }
    } else {
        quote!({
            let _ = (#ctx, #args);
            ::core::unreachable!()
        })
    };
    // At the function's signature, so that an error about a parameter or result type kernels
    // cannot take (reported at the type, and again at the impl) is on the user's tokens.
    let sig_span = func.sig.fn_token.span;
    let marker_args = marker_args(&func.sig.generics);
    let imp = emit_impl.then(|| {
        quote_spanned! {sig_span=>
            #[automatically_derived]
            #[allow(unused_variables, unused_braces, clippy::all)]
            impl<#(#impl_params),*> #p::DeviceFn<(#(#arg_types,)*)> for #marker<#(#marker_args),*> #where_clause {
                type Output = #output;
                fn call(&self, #ctx: &mut #p::KernelBuilder, #args: (#(#arg_types,)*)) -> #output {
                    #body
                }
            }
        }
    });
    // The marker has the function's generic parameters (so that each instance is a function of
    // its own, and a parameter that no argument's type names is still constrained); a type
    // parameter is held by a `PhantomData` field.
    let types: Vec<_> = func.sig.generics.type_params().map(|t| &t.ident).collect();
    let fields = (!types.is_empty())
        .then(|| quote!(__amp_types: ::core::marker::PhantomData<fn() -> (#(#types,)*)>));
    let value = match &fields {
        Some(_) => quote!(#marker { __amp_types: ::core::marker::PhantomData }),
        None => quote!(#marker {}),
    };
    let declared = marker_params(&func.sig.generics);
    let host = crate::host_fn::emit(&crate::host_fn::HostSide {
        attrs: attrs.collect(),
        vis,
        sig: &func.sig,
        body: host_body.then_some(&*func.block),
        signature_ok: emit_impl,
        marker: quote!(#marker<#(#marker_args),*>),
    });
    let marker_items = quote! {
        #[allow(non_camel_case_types)]
        #[doc(hidden)]
        #vis struct #marker<#(#declared),*> { #fields }

        #[automatically_derived]
        impl<#(#declared),*> ::core::clone::Clone for #marker<#(#marker_args),*> {
            fn clone(&self) -> Self {
                *self
            }
        }
        #[automatically_derived]
        impl<#(#declared),*> ::core::marker::Copy for #marker<#(#marker_args),*> {}
        #[automatically_derived]
        impl<#(#declared),*> #p::Marker for #marker<#(#marker_args),*> where Self: 'static {
            const MARKER: Self = #value;
        }

        #imp
    };
    // The name in the value namespace is the host-side function (so locals of the same name
    // shadow it, as they would a plain fn): called on the host with host values it computes the
    // body; kernels name it with `KernelArg` arguments to get the marker.
    DeviceFnItems {
        marker: marker_items,
        value: host,
    }
}

/// The marker's generic parameters: the function's types and consts, without bounds or
/// defaults (lifetimes are erased).
fn marker_params(generics: &syn::Generics) -> Vec<TokenStream> {
    generics
        .params
        .iter()
        .filter_map(|p| match p {
            syn::GenericParam::Type(t) => {
                let ident = &t.ident;
                Some(quote!(#ident))
            }
            syn::GenericParam::Const(c) => {
                let (ident, ty) = (&c.ident, &c.ty);
                Some(quote!(const #ident: #ty))
            }
            syn::GenericParam::Lifetime(_) => None,
        })
        .collect()
}

/// The marker's generic arguments, as the function's parameters name them.
fn marker_args(generics: &syn::Generics) -> Vec<syn::Ident> {
    generics
        .params
        .iter()
        .filter_map(|p| match p {
            syn::GenericParam::Type(t) => Some(t.ident.clone()),
            syn::GenericParam::Const(c) => Some(c.ident.clone()),
            syn::GenericParam::Lifetime(_) => None,
        })
        .collect()
}

/// The name a parameter binds in the builder closure's arguments.
fn param_name(binding: &Binding) -> TokenStream {
    match binding {
        Binding::Name { name, .. } => quote!(#name),
        Binding::Wild => quote!(_),
    }
}

/// A `mut` parameter becomes a local initialised with the argument. A reference or a view is
/// bound `mut` in the generated code, so that `&mut r[i]` and `&mut v[i]` borrow it.
fn rebind(binding: &Binding, ty: &syn::Type) -> TokenStream {
    match binding {
        // An array parameter is a local array already (the caller's copy).
        Binding::Name {
            name,
            mutable: true,
        } if matches!(ty, syn::Type::Array(_)) => {
            let m = crate::lower::mut_at(name.span());
            quote!(#[allow(unused_mut)] let #m #name = #name;)
        }
        Binding::Name {
            name,
            mutable: true,
        } => {
            let label = name.to_string();
            let ctx = ctx_ident();
            let m = crate::lower::mut_at(name.span());
            quote!(#[allow(unused_mut)] let #m #name = #ctx.var(::core::option::Option::Some(#label), #name);)
        }
        Binding::Name { name, .. } if borrowed_through(ty) => {
            let m = crate::lower::mut_at(name.span());
            quote!(#[allow(unused_mut)] let #m #name = #name;)
        }
        _ => TokenStream::new(),
    }
}

/// Whether a parameter of type `ty` is borrowed through (`&mut r[i]`): a reference or a view.
fn borrowed_through(ty: &syn::Type) -> bool {
    match ty {
        syn::Type::Reference(_) => true,
        syn::Type::Path(p) => p
            .path
            .segments
            .last()
            .is_some_and(|s| s.ident == "ArrayView" || s.ident == "Array"),
        _ => false,
    }
}

/// Whether `e` is the literal `0` (with any integer suffix).
fn is_zero_literal(e: &syn::Expr) -> bool {
    matches!(e, syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(i), .. })
        if i.base10_parse::<u128>().is_ok_and(|v| v == 0))
}
