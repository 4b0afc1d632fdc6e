//! The host side of a kernel function (C++ AMP's `restrict(cpu, amp)`): the function item that
//! both sides name.
//!
//! `fn f<G..>(a: A, b: B) -> R` becomes
//! `fn f<G.., __A0: HostArg<A, M, R>, __A1: HostArg<B, M, R>>(a: __A0, b: __A1) -> __A0::Ret`
//! (`M` the function's marker type): on the host it takes `A` and `B` and returns what the
//! body computes, with amp's operators ([`host_body`](crate::host_body)); a kernel names it
//! with `KernelArg` arguments and gets the marker (amp-core's `host` module).
//!
//! A function that cannot run on the host — by its signature (a view, a `TiledIndex`, a
//! texture…) or its body (barriers, `tile_static`, atomics, subgroup operations, matrix units,
//! packed bytes) — gets the same generic shape, each argument bounded by a trait of its own
//! that only `KernelArg` implements, whose message says why: a host call is one error, in
//! amp's words, at the call. A function with no parameters is named by its marker type in
//! kernels, so its host side is a plain function.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned, ToTokens};
use syn::visit_mut::VisitMut;
use syn::{FnArg, ReturnType, Signature};

/// Parameter types that exist only in kernels, with the article a message puts before them.
const KERNEL_ONLY_TYPES: &[&str] = &[
    "TiledIndex",
    "TileBarrier",
    "ArrayView",
    "ConstArrayView",
    "Array",
    "View",
    "Texture",
    "TextureView",
    "ConstTextureView",
    "WriteonlyTextureView",
    "Sampler",
    "MatrixA",
    "MatrixB",
    "MatrixAcc",
];

/// Why a function runs only in kernels, if it does: the first kernel-only parameter type, or
/// the first kernel-only construct of its body (when it has one).
pub fn kernel_only(sig: &Signature, body: Option<&syn::Block>) -> Option<String> {
    for input in &sig.inputs {
        if let FnArg::Typed(t) = input {
            if let Some(name) = kernel_only_type(&t.ty) {
                return Some(format!("it takes a `{name}`"));
            }
            // Kernel values own their data; a type with a lifetime borrows host data: a
            // `#[derive(Views)]` struct of views.
            if let Some(name) = borrowing_type(&t.ty) {
                return Some(format!("it takes a `{name}`, a struct of views"));
            }
            if matches!(&*t.ty, syn::Type::ImplTrait(_)) {
                return Some("it takes an `impl` parameter".into());
            }
        }
    }
    body.and_then(|b| kernel_only_body(b.to_token_stream()))
}

/// The name of a path type with a lifetime argument (`Buffers<'_>`), if `ty` is one.
fn borrowing_type(ty: &syn::Type) -> Option<String> {
    let syn::Type::Path(path) = ty else {
        return None;
    };
    let last = path.path.segments.last()?;
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
        return None;
    };
    args.args
        .iter()
        .any(|a| matches!(a, syn::GenericArgument::Lifetime(_)))
        .then(|| last.ident.to_string())
}

fn kernel_only_type(ty: &syn::Type) -> Option<String> {
    let mut found = None;
    let mut find = FindType(&mut found);
    find.visit_type_mut(&mut ty.clone());
    found
}

struct FindType<'a>(&'a mut Option<String>);

impl VisitMut for FindType<'_> {
    fn visit_path_segment_mut(&mut self, seg: &mut syn::PathSegment) {
        let name = seg.ident.to_string();
        if self.0.is_none() && KERNEL_ONLY_TYPES.contains(&name.as_str()) {
            *self.0 = Some(name);
        }
        syn::visit_mut::visit_path_segment_mut(self, seg);
    }
}

/// The first kernel-only construct among the body's tokens (nested groups included).
fn kernel_only_body(tokens: TokenStream) -> Option<String> {
    for tt in tokens {
        match tt {
            proc_macro2::TokenTree::Ident(i) => {
                let name = i.to_string();
                let reason = match name.as_str() {
                    "tile_static" => "it uses `tile_static` memory",
                    "wait"
                    | "wait_with_all_memory_fence"
                    | "wait_with_global_memory_fence"
                    | "wait_with_tile_static_memory_fence"
                    | "barrier" => "it uses barriers",
                    "subgroup" => "it uses subgroup operations",
                    "mma" => "it uses matrix units",
                    "read_uchar" | "write_uchar" | "increment_uchar" | "addto_uchar" => {
                        "it uses packed bytes of a view"
                    }
                    "fetch_add" | "fetch_sub" | "fetch_min" | "fetch_max" | "fetch_and"
                    | "fetch_or" | "fetch_xor" => "it uses atomics",
                    n if n.starts_with("atomic_") => "it uses atomics",
                    n if KERNEL_ONLY_TYPES.contains(&n) => return Some(format!("it uses a `{n}`")),
                    _ => continue,
                };
                return Some(reason.into());
            }
            proc_macro2::TokenTree::Group(g) => {
                if let Some(r) = kernel_only_body(g.stream()) {
                    return Some(r);
                }
            }
            _ => {}
        }
    }
    None
}

/// What the host side needs from the kernel function's expansion.
pub struct HostSide<'a> {
    /// The function's attributes to keep (docs, `allow`).
    pub attrs: Vec<&'a syn::Attribute>,
    /// Its visibility.
    pub vis: &'a syn::Visibility,
    /// Its signature as written.
    pub sig: &'a Signature,
    /// Its body as written; `None` when the kernel side had errors (the host side then only
    /// type-checks callers).
    pub body: Option<&'a syn::Block>,
    /// Whether the signature is sound (else the host side names none of its types, whose
    /// errors the kernel side reports).
    pub signature_ok: bool,
    /// The marker type, with the function's generic arguments (`f<T, N>`).
    pub marker: TokenStream,
}

/// The host-side function item.
pub fn emit(side: &HostSide) -> TokenStream {
    let p = crate::lower::private();
    let HostSide {
        attrs,
        vis,
        sig,
        body,
        marker,
        signature_ok,
    } = side;
    let name = &sig.ident;
    let reason = kernel_only(sig, *body);
    let mut sig = (*sig).clone();
    let mut lifetimes = Vec::new();
    let params: Vec<syn::PatType> = sig
        .inputs
        .iter()
        .filter_map(|i| match i {
            FnArg::Typed(t) => Some(t.clone()),
            FnArg::Receiver(_) => None,
        })
        .map(|mut t| {
            NameLifetimes(&mut lifetimes).visit_type_mut(&mut t.ty);
            t
        })
        .collect();
    let output = match &sig.output {
        ReturnType::Default => quote!(()),
        ReturnType::Type(_, ty) => quote!(#ty),
    };
    let sig_span = sig.fn_token.span;
    let value = quote!(<#marker as #p::Marker>::MARKER);
    // Named after the function: rustc's help line names the trait.
    let kernel_only_trait =
        format_ident!("{}_runs_only_in_kernels", name, span = Span::call_site());

    // The argument types' parameters, and the arguments by the parameters' own names where
    // they are names (rustc's help for a missing argument names them).
    let args: Vec<_> = (0..params.len())
        .map(|i| format_ident!("Arg{}", i, span = sig_span))
        .collect();
    let names: Vec<_> = params
        .iter()
        .enumerate()
        .map(|(i, t)| match &*t.pat {
            syn::Pat::Ident(p) => p.ident.clone(),
            _ => format_ident!("arg{}", i, span = Span::mixed_site()),
        })
        .collect();
    if !signature_ok {
        return quote_spanned! {sig_span=>
            #(#attrs)*
            #[allow(dead_code, non_camel_case_types, unused_variables, clippy::all)]
            #vis fn #name<#(#args),*>(#(#names: #args),*) -> ! {
                ::core::unimplemented!()
            }
        };
    }

    // Zero parameters: kernels name the marker type, the host calls a plain function.
    if params.is_empty() {
        let generics = &sig.generics;
        let where_clause = &generics.where_clause;
        return match (reason, body) {
            (None, Some(body)) => {
                let unique: Vec<syn::Ident> = params
                    .iter()
                    .filter(|t| matches!(&*t.ty, syn::Type::Reference(r) if r.mutability.is_some()))
                    .filter_map(|t| match &*t.pat {
                        syn::Pat::Ident(i) => Some(i.ident.clone()),
                        _ => None,
                    })
                    .collect();
                let body = crate::host_body::transform_fn(body, &unique);
                quote_spanned! {sig_span=>
                    #(#attrs)*
                    #[allow(dead_code, unused_parens, unused_braces, unused_variables, unused_mut, unused_assignments, clippy::all)]
                    #vis fn #name #generics () -> #output #where_clause #body
                }
            }
            _ => quote_spanned! {sig_span=>
                #(#attrs)*
                #[allow(dead_code, unused_parens, unused_braces, unused_variables, unused_mut, unused_assignments, clippy::all)]
                #vis fn #name #generics () -> #marker #where_clause { #value }
            },
        };
    }

    let (first, first_name) = (&args[0], &names[0]);
    // A kernel-only function bounds its first argument only: a host call is one error.
    let bounds: Vec<TokenStream> = params
        .iter()
        .zip(&args)
        .enumerate()
        .filter_map(|(i, (t, a))| {
            let ty = &t.ty;
            match &reason {
                None => Some(quote_spanned!(t.ty.span()=> #a: #p::HostArg<#ty, #marker, #output>)),
                Some(_) => (i == 0).then(|| quote!(#a: #kernel_only_trait<#marker>)),
            }
        })
        .collect();
    // Lifetimes come before the other generic parameters.
    for lt in lifetimes.iter().rev() {
        sig.generics.params.insert(0, syn::parse_quote!(#lt));
    }
    let generic_params = sig.generics.params.iter();
    let user_where = sig.generics.where_clause.as_ref().map(|w| &w.predicates);
    let head = quote! {
        #(#attrs)*
        #[allow(dead_code, non_camel_case_types, unused_parens, unused_braces, unused_variables, unused_mut, unused_assignments, clippy::all)]
        #[inline]
        #vis fn #name<#(#generic_params,)* #(#args),*>(#(#names: #args),*)
    };
    let ret = quote!(<#first as #p::HostRet<#marker, #output>>::Ret);
    match (reason, body) {
        (None, Some(body)) => {
            let unique: Vec<syn::Ident> = params
                .iter()
                .filter(|t| matches!(&*t.ty, syn::Type::Reference(r) if r.mutability.is_some()))
                .filter_map(|t| match &*t.pat {
                    syn::Pat::Ident(i) => Some(i.ident.clone()),
                    _ => None,
                })
                .collect();
            let body = crate::host_body::transform_fn(body, &unique);
            let patterns = params.iter().map(|t| &t.pat);
            let tys = params.iter().map(|t| &t.ty);
            let ret_fn = format_ident!("__amp_ret", span = Span::mixed_site());
            quote_spanned! {sig_span=>
                #head -> #ret
                where #(#bounds,)* #first: #p::HostRet<#marker, #output>, #user_where
                {
                    #(let #names = #p::HostArg::host(#names);)*
                    let #ret_fn = #first_name.1;
                    #(let #patterns: #tys = #names.0;)*
                    #ret_fn((move || -> #output #body)())
                }
            }
        }
        // The kernel side had errors: callers still type-check against the signature.
        (None, None) => quote_spanned! {sig_span=>
            #head -> #ret
            where #(#bounds,)* #first: #p::HostRet<#marker, #output>, #user_where
            {
                #(let _ = #names;)*
                ::core::unimplemented!()
            }
        },
        (Some(reason), _) => {
            let message = format!("`{name}` runs only in kernels: {reason}");
            quote! {
                #[doc(hidden)]
                #[diagnostic::on_unimplemented(
                    message = #message,
                    label = "called outside a kernel",
                    note = "call it inside `parallel_for_each!` or another #[kernel] fn"
                )]
                #[allow(non_camel_case_types)]
                #vis trait #kernel_only_trait<M> {}
                #[diagnostic::do_not_recommend]
                impl<M> #kernel_only_trait<M> for #p::KernelArg {}

                #head -> #marker
                where #(#bounds,)* #user_where
                {
                    #(let _ = #names;)*
                    #value
                }
            }
        }
    }
}

/// Names the elided lifetimes of reference parameters (`&mut f32` → `&'ref0 mut f32`): the
/// bounds the host side writes them in cannot elide them. The names show in rustc's messages
/// about the parameter's type, so they are plain words, not amp's reserved `__amp_` names.
struct NameLifetimes<'a>(&'a mut Vec<syn::Lifetime>);

impl VisitMut for NameLifetimes<'_> {
    fn visit_type_reference_mut(&mut self, r: &mut syn::TypeReference) {
        if r.lifetime.is_none() {
            let lt = syn::Lifetime::new(&format!("'ref{}", self.0.len()), Span::call_site());
            self.0.push(lt.clone());
            r.lifetime = Some(lt);
        }
        syn::visit_mut::visit_type_reference_mut(self, r);
    }
}

use syn::spanned::Spanned;
