//! `#[kernel] fn`: a device function, callable from kernels (C++ AMP's `restrict(amp)`
//! function).
//!
//! `#[kernel] fn f(a: A, b: B) -> R { body }` expands to a hidden marker type `struct f {}` (in
//! the type namespace only), the function item `f` of both sides (see `host_fn`: on the host it
//! computes the body, C++ AMP's `restrict(cpu, amp)`; a kernel's `f(x, y)` names it with
//! `KernelArg` arguments to get the marker, and a local named `f` elsewhere shadows it like any
//! function), and an implementation of `DeviceFn<(A', B')>` for the marker whose `call` builds
//! `f`'s IR on first use (`A'` is `A`'s kernel-side type).

use crate::ast::{Binding, Block};
use crate::errors::{with_item, Errors};
use crate::lower::{at, ctx_ident, kernel_traits, private, Lowerer};
use crate::types::kernel_side;
use crate::{check, parse};
use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::{FnArg, ItemFn, ReturnType};

pub fn expand(args: TokenStream, item: TokenStream) -> TokenStream {
    let mut func: ItemFn = match syn::parse2(item) {
        Ok(func) => func,
        Err(err) => return err.into_compile_error(),
    };
    let mut errors = Errors::default();
    crate::const_args::check_fn(&mut func, &mut errors);
    if !args.is_empty() {
        errors.push(&args, "#[kernel] takes no arguments");
    }
    let (params, signature_ok) = check_signature(&func, &mut errors);
    let body = parse::block(&func.block, &mut errors);
    check::no_self_call(&func.sig.ident, &body, &mut errors);
    check::tail(&func, &body, &mut errors);
    check::fn_returns(&func.sig.output, &body, &mut errors);
    check::barriers(&index_params(&func), &body, &mut errors);
    check::broadcast_lanes(&body, &mut errors);
    match errors.finish() {
        Ok(()) => emit(&func, Body::Lowered(&body, &params)),
        // With a sound signature, callers still type-check against it.
        Err(err) if signature_ok => with_item(err, emit(&func, Body::Unreachable)),
        Err(err) => with_item(err, emit(&func, Body::None)),
    }
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
            FnArg::Receiver(r) => errors.push(r, "kernel functions cannot be methods (no `self`)"),
            FnArg::Typed(t) => {
                params.push(parse::param(&t.pat, errors));
                parse::signature_type(&t.ty, errors);
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
                    // Arrays are not kernel values (no `KernelType`); said here, at the type,
                    // rather than by the trait system through the generated impl.
                    syn::Type::Array(_) => errors.push(
                        &t.ty,
                        "arrays are not #[kernel] fn parameters: pass a short vector \
                         (`Float4`), a #[derive(Element)] struct holding the array, or the \
                         elements one by one",
                    ),
                    _ => {}
                }
            }
        }
    }
    if let ReturnType::Type(_, ty) = &sig.output {
        parse::signature_type(ty, errors);
    }
    (params, errors.len() == before)
}

fn emit(func: &ItemFn, body: Body) -> TokenStream {
    let p = private();
    let vis = &func.vis;
    let name = &func.sig.ident;
    let label = name.to_string();
    // The marker is named as the function, in the type namespace (a braced struct has no value
    // of that name), so that rustc shows a kernel function used as a value as `fn(_) -> square
    // {square::<_>}`.
    let marker = name;
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
    let arg_types: Vec<_> = params
        .iter()
        .map(|t| kernel_side(&t.ty, &type_params))
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
        let rebinds = bindings.iter().map(rebind_mut);
        let body = returned(
            &func.sig.output,
            &type_params,
            block,
            lower.block_value(block),
        );
        let span = func.sig.ident.span();
        {
            let (p, ctx) = at(span);
            let traits = kernel_traits(&p);
            quote_spanned!(span=>
                #p::device_fn(#ctx, #label, ::core::any::TypeId::of::<Self>(), #args,
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
    quote! {
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

        // The name in the value namespace is the host-side function (so locals of the same
        // name shadow it, as they would a plain fn): called on the host with host values it
        // computes the body; kernels name it with `KernelArg` arguments to get the marker.
        #host

        #imp
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

/// A `mut` parameter becomes a local initialised with the argument.
fn rebind_mut(binding: &Binding) -> TokenStream {
    match binding {
        Binding::Name {
            name,
            mutable: true,
        } => {
            let label = name.to_string();
            let ctx = ctx_ident();
            quote!(let #name = #ctx.var(::core::option::Option::Some(#label), #name);)
        }
        _ => TokenStream::new(),
    }
}

/// Whether `e` is the literal `0` (with any integer suffix).
fn is_zero_literal(e: &syn::Expr) -> bool {
    matches!(e, syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(i), .. })
        if i.base10_parse::<u128>().is_ok_and(|v| v == 0))
}
