//! `#[kernel] impl Type { … }`: associated functions and methods callable from kernels (C++ AMP's
//! `restrict(amp)` member functions).
//!
//! Every function of the block is a device function, expanded by
//! [`kernel_fn::device_fn`](crate::kernel_fn::device_fn) with a marker named after the type and
//! the function (`Particle_new`, an item of the module: an impl block holds no structs). In the
//! function, `Self` is the block's type and `self` a parameter of that type:
//! - an associated function (`fn new(…) -> Self`) keeps its value in the impl block, so kernels
//!   call `Particle::new(p, v)` (and `Self::new(…)` inside the block) as they call a free
//!   `#[kernel] fn`;
//! - a method (`self`, `&self`, `&mut self`) is found by kernels through its receiver's type:
//!   the block implements `KernelMethod<Name>` for the type, `Name` spelling the method's name
//!   (see amp-core's `user_method`). A `&mut self` method takes a `&mut` reference to the
//!   receiver's place (a reference parameter, as `fn f(p: &mut T)`).
//!
//! Constants of the block stay in it (`Self::SIZE` in kernels reads them as any constant).
//! Trait impls, generic blocks and generic methods are errors at their tokens.

use crate::errors::{with_item, Errors};
use crate::kernel_fn::{device_fn, self_param, DeviceFnItems};
use crate::lower::private;
use proc_macro2::{Ident, TokenStream, TokenTree};
use quote::{format_ident, quote, ToTokens};
use syn::{FnArg, ImplItem, ItemImpl};

/// How a method takes its receiver.
#[derive(Clone, Copy, PartialEq)]
enum Receiver {
    /// An associated function: no receiver.
    None,
    /// `self`, `mut self` or `&self`: a copy of the receiver.
    Value,
    /// `&mut self`: a `&mut` reference to the receiver's place.
    Mut,
}

pub fn expand(args: TokenStream, block: ItemImpl) -> TokenStream {
    let mut errors = Errors::default();
    if !args.is_empty() {
        errors.push(&args, "#[kernel] takes no arguments");
    }
    let Some(ty) = check_block(&block, &mut errors) else {
        return match errors.finish() {
            Ok(()) => block.into_token_stream(),
            Err(err) => with_item(err, block.into_token_stream()),
        };
    };
    let mut kept = Vec::new();
    let mut module = Vec::new();
    for item in &block.items {
        match item {
            ImplItem::Const(c) => kept.push(c.to_token_stream()),
            ImplItem::Fn(f) => {
                let (value, items) = function(&ty, f, &mut errors);
                kept.extend(value);
                module.push(items);
            }
            other => errors.push(
                other,
                "a #[kernel] impl block holds functions, methods and constants",
            ),
        }
    }
    let attrs = &block.attrs;
    let out = quote! {
        #(#attrs)*
        impl #ty { #(#kept)* }
        #(#module)*
    };
    match errors.finish() {
        Ok(()) => out,
        Err(err) => with_item(err, out),
    }
}

/// Rules on the block itself; returns its type's name where the block is one kernels can use.
fn check_block(block: &ItemImpl, errors: &mut Errors) -> Option<Ident> {
    let before = errors.len();
    // Rule: kernels call no trait methods; #[kernel] marks a type's own impl block.
    if let Some((_, path, _)) = &block.trait_ {
        errors.push(
            path,
            "#[kernel] cannot mark a trait impl: kernels call no trait methods; write the \
             functions in the type's own block, `#[kernel] impl Type { … }`",
        );
    }
    if let Some(u) = &block.unsafety {
        errors.push(u, "a #[kernel] impl block cannot be `unsafe`");
    }
    if !block.generics.params.is_empty() {
        errors.push(
            &block.generics,
            "generic #[kernel] impl blocks are not supported: write the block for one type, or \
             generic #[kernel] fns taking the type",
        );
    }
    let ty = match &*block.self_ty {
        syn::Type::Path(p) if p.qself.is_none() => p.path.get_ident().cloned(),
        _ => None,
    };
    if ty.is_none() && block.generics.params.is_empty() {
        errors.push(
            &block.self_ty,
            "a #[kernel] impl block is for a #[derive(Element)] struct named by its name \
             (`#[kernel] impl Particle { … }`)",
        );
    }
    ty.filter(|_| errors.len() == before)
}

/// Expands one function of the block: its value in the block (associated functions), and its
/// marker with what finds it, items of the module.
fn function(
    ty: &Ident,
    f: &syn::ImplItemFn,
    errors: &mut Errors,
) -> (Option<TokenStream>, TokenStream) {
    let name = &f.sig.ident;
    let receiver = receiver(f, errors);
    if let Some(attr) = f.attrs.iter().find(|a| a.path().is_ident("kernel")) {
        errors.push(
            attr,
            "the functions of a #[kernel] impl block are kernel functions already: remove this \
             #[kernel]",
        );
    }
    if receiver != Receiver::None {
        // Rule: a method's name is not one of amp's (a call is amp's method or the block's by
        // its name alone).
        if amp_spec::is_amp_method(&name.to_string()) {
            errors.push(
                name,
                format!(
                    "`{name}` is the name of one of amp's kernel methods (of numbers, vectors, \
                     views, tiles, textures): name this method otherwise"
                ),
            );
        }
        if !f.sig.generics.params.is_empty() {
            errors.push(
                &f.sig.generics,
                "generic methods are not supported in #[kernel] impl blocks: write a generic \
                 #[kernel] fn taking the value, or an associated function",
            );
        }
    }
    let mut func = device_form(ty, f, receiver);
    let marker = format_ident!("{}_{}", ty, name, span = name.span());
    let has_self = receiver != Receiver::None;
    let DeviceFnItems {
        marker: items,
        value,
    } = device_fn(&mut func, &marker, has_self, errors);
    let p = private();
    match receiver {
        Receiver::None => (Some(value), items),
        // (A generic method was reported: its marker has parameters no call names.)
        _ if !f.sig.generics.params.is_empty() => (None, items),
        Receiver::Value | Receiver::Mut => {
            // On the host the method is itself, its body with amp's operators (C++ AMP's
            // `restrict(cpu, amp)` member function), unless it runs only in kernels.
            let host = crate::host_fn::kernel_only(&f.sig, Some(&f.block))
                .is_none()
                .then(|| {
                    let (attrs, vis, sig) = (&f.attrs, &f.vis, &f.sig);
                    let block = crate::host_body::transform(&f.block);
                    quote! {
                        #(#attrs)*
                        #[allow(dead_code, clippy::all)]
                        #vis #sig #block
                    }
                });
            let kind = match receiver {
                Receiver::Mut => quote!(ByMut),
                _ => quote!(ByValue),
            };
            let chars = name
                .to_string()
                .chars()
                .map(|c| quote!(#p::user_method::Ch<#c>))
                .collect::<Vec<_>>();
            let found = quote! {
                #[automatically_derived]
                #[diagnostic::do_not_recommend]
                impl #p::user_method::KernelMethod<(#(#chars,)*)> for #ty {
                    type Marker = #marker;
                    const MARKER: #marker = #marker {};
                    type Receiver = #p::user_method::#kind;
                }
            };
            (host, quote!(#items #found))
        }
    }
}

/// The method's receiver; a typed receiver (`self: Box<Self>`) is an error.
fn receiver(f: &syn::ImplItemFn, errors: &mut Errors) -> Receiver {
    let Some(FnArg::Receiver(r)) = f.sig.inputs.first() else {
        return Receiver::None;
    };
    if r.colon_token.is_some() {
        errors.push(
            r,
            "kernels take `self`, `&self` or `&mut self` as a method's receiver",
        );
    }
    match (&r.reference, &r.mutability) {
        (Some(_), Some(_)) => Receiver::Mut,
        _ => Receiver::Value,
    }
}

/// The function as a free `#[kernel] fn`: `Self` is the block's type, the receiver a parameter
/// of that type (which `self` in the body names, see [`kernel_fn::self_param`]), a `&mut` reference
/// to it for a `&mut self` method.
fn device_form(ty: &Ident, f: &syn::ImplItemFn, receiver: Receiver) -> syn::ItemFn {
    let mut sig = f.sig.clone();
    if let Some(FnArg::Receiver(r)) = sig.inputs.first() {
        let param = self_param(r.self_token.span);
        let rest: Vec<_> = sig.inputs.iter().skip(1).cloned().collect();
        let first = match receiver {
            Receiver::Mut => quote!(#param: &mut #ty),
            _ if r.mutability.is_some() && r.reference.is_none() => quote!(mut #param: #ty),
            _ => quote!(#param: #ty),
        };
        sig.inputs = syn::parse_quote!(#first, #(#rest),*);
    }
    let block = f.block.to_token_stream();
    let sig = replace_self_type(sig.to_token_stream(), ty);
    let block = replace_self_type(block, ty);
    let vis = &f.vis;
    let attrs = &f.attrs;
    syn::parse2(quote!(#(#attrs)* #vis #sig #block)).unwrap_or_else(|_| syn::ItemFn {
        attrs: f.attrs.clone(),
        vis: f.vis.clone(),
        sig: f.sig.clone(),
        block: Box::new(f.block.clone()),
    })
}

/// `tokens` with `Self` the block's type.
fn replace_self_type(tokens: TokenStream, ty: &Ident) -> TokenStream {
    tokens
        .into_iter()
        .map(|tree| match tree {
            TokenTree::Ident(i) if i == "Self" => {
                TokenTree::Ident(Ident::new(&ty.to_string(), i.span()))
            }
            TokenTree::Group(g) => {
                let mut group =
                    proc_macro2::Group::new(g.delimiter(), replace_self_type(g.stream(), ty));
                group.set_span(g.span());
                TokenTree::Group(group)
            }
            other => other,
        })
        .collect()
}
