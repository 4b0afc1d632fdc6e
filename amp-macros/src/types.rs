//! Types as the expansion writes them: `<T as KernelType>::KernelValue`, with lifetimes made `'static`
//! (kernel-side types carry no borrows; impl headers cannot elide lifetimes).

use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::visit_mut::{self, VisitMut};
use syn::{GenericArgument, Lifetime, PathArguments, Type};

/// Host types of ours that borrow host data and so have a lifetime parameter.
const BORROWING: &[&str] = &[
    "ArrayView",
    "ConstArrayView",
    "TextureView",
    "ConstTextureView",
    "WriteonlyTextureView",
];

struct StaticLifetimes;

impl VisitMut for StaticLifetimes {
    fn visit_lifetime_mut(&mut self, lt: &mut Lifetime) {
        *lt = Lifetime::new("'static", lt.apostrophe);
    }

    fn visit_path_segment_mut(&mut self, seg: &mut syn::PathSegment) {
        if BORROWING.contains(&seg.ident.to_string().as_str()) {
            if let PathArguments::AngleBracketed(args) = &mut seg.arguments {
                let has_lifetime = args
                    .args
                    .iter()
                    .any(|a| matches!(a, GenericArgument::Lifetime(_)));
                if !has_lifetime {
                    let lt = Lifetime::new("'static", Span::call_site());
                    args.args.insert(0, GenericArgument::Lifetime(lt));
                }
            }
        }
        visit_mut::visit_path_segment_mut(self, seg);
    }
}

/// The type with every lifetime `'static`.
pub fn static_type(ty: &Type) -> Type {
    let mut ty = ty.clone();
    StaticLifetimes.visit_type_mut(&mut ty);
    ty
}

/// The host type a kernel's index annotation names: amp's `Index<N>` by its full path (a kernel
/// needs no import for it, as in `kernel_side`), anything else as written. Located at the
/// annotation.
pub fn index_type(ty: &Type) -> TokenStream {
    let span = syn::spanned::Spanned::span(ty);
    if let Type::Path(path) = ty {
        if let (None, Some(last)) = (&path.qself, path.path.segments.last()) {
            if let PathArguments::AngleBracketed(a) = &last.arguments {
                let args = &a.args;
                if last.ident == "Index" {
                    let p = crate::lower::private_at(span);
                    return quote::quote_spanned!(span=> #p::Index<#args>);
                }
            }
        }
    }
    quote::quote_spanned!(span=> #ty)
}

/// The kernel-side type of `ty`: `<ty as KernelType>::KernelValue`, except that amp's own types and the
/// function's generic type parameters (`generics`) are spelled out directly, so that generic
/// parameters stay constrained in trait impls (a projection does not constrain them).
///
/// A reference `&T` / `&mut T` is amp's `Reference` to `T` (the type as written), with an
/// elided lifetime: the borrow of the caller's binding, which the call checks.
pub fn kernel_side(ty: &Type, generics: &[syn::Ident]) -> TokenStream {
    if let Type::Reference(r) = ty {
        let span = syn::spanned::Spanned::span(ty);
        let p = crate::lower::private_at(span);
        let elem = static_type(&r.elem);
        let mutability = match r.mutability {
            Some(_) => quote::quote_spanned!(span=> #p::Unique),
            None => quote::quote_spanned!(span=> #p::Shared),
        };
        return quote::quote_spanned!(span=> #p::Reference<'_, #elem, #mutability>);
    }
    // An array is a local array (a place): passed and returned by value.
    if let Type::Array(_) = ty {
        let span = syn::spanned::Spanned::span(ty);
        let p = crate::lower::private_at(span);
        let ty = static_type(ty);
        return quote::quote_spanned!(span=> #p::tile_static::Place<#ty>);
    }
    let ty = static_type(ty);
    let p = crate::lower::private();
    if let Type::Path(path) = &ty {
        if path.qself.is_none() {
            if let Some(ident) = path.path.get_ident() {
                if generics.contains(ident) {
                    return quote!(#p::KernelValue<#ident>);
                }
            }
            if let Some(last) = path.path.segments.last() {
                let args: Vec<_> = match &last.arguments {
                    PathArguments::AngleBracketed(a) => a
                        .args
                        .iter()
                        .filter(|g| !matches!(g, GenericArgument::Lifetime(_)))
                        .collect(),
                    _ => Vec::new(),
                };
                // At the type's tokens, so that an error about its arguments lands there.
                let span = syn::spanned::Spanned::span(&ty);
                let p = crate::lower::private_at(span);
                match (last.ident.to_string().as_str(), args.as_slice()) {
                    ("ArrayView" | "Array", [t, n]) => {
                        return quote::quote_spanned!(span=> #p::View<#t, #n, #p::ReadWrite>)
                    }
                    ("ConstArrayView", [t, n]) => {
                        return quote::quote_spanned!(span=> #p::View<#t, #n, #p::ReadOnly>)
                    }
                    ("Texture", [t, n]) => {
                        return quote::quote_spanned!(span=>
                            #p::KernelTexture<#t, #n, <#t as #p::Texel>::TextureAccess>)
                    }
                    ("TextureView", [t, n]) => {
                        return quote::quote_spanned!(span=>
                            #p::KernelTexture<#t, #n, <#t as #p::Texel>::ViewAccess>)
                    }
                    ("ConstTextureView", [t, n]) => {
                        return quote::quote_spanned!(span=> #p::KernelTexture<#t, #n, #p::ReadOnly>)
                    }
                    ("WriteonlyTextureView", [t, n]) => {
                        return quote::quote_spanned!(span=> #p::KernelTexture<#t, #n, #p::WriteOnly>)
                    }
                    ("Index", [n]) => {
                        return quote::quote_spanned!(span=> #p::KernelValue<#p::Index<#n>>)
                    }
                    ("Extent", [n]) => {
                        return quote::quote_spanned!(span=> #p::KernelValue<#p::Extent<#n>>)
                    }
                    _ => {}
                }
            }
        }
    }
    // At the type's tokens, so that a type kernels cannot take is reported there.
    let span = syn::spanned::Spanned::span(&ty);
    let p = crate::lower::private_at(span);
    quote::quote_spanned!(span=> <#ty as #p::KernelType>::KernelValue)
}

/// The kernel-side type of the device function parameter number `k` of type `ty`, and the
/// generic parameter its implementation gains, if any: a `&T` parameter takes a `&mut T` too, as
/// Rust coerces one to the other, so its mode is a parameter (`__AmpModeK: RefMode`); any other
/// type is [`kernel_side`]'s.
pub fn kernel_side_param(
    ty: &Type,
    generics: &[syn::Ident],
    k: usize,
) -> (TokenStream, Option<TokenStream>) {
    match ty {
        Type::Reference(r) if r.mutability.is_none() => {
            let span = syn::spanned::Spanned::span(ty);
            let p = crate::lower::private_at(span);
            let mode = quote::format_ident!("__AmpMode{k}");
            let elem = static_type(&r.elem);
            (
                quote::quote_spanned!(span=> #p::Reference<'_, #elem, #mode>),
                Some(quote!(#mode: #p::RefMode)),
            )
        }
        // A `&mut T` parameter takes a reference of any mode, bounded to be `&mut`: a `&` passed
        // there is then amp's error, not a mismatch of internal types.
        Type::Reference(r) => {
            let span = syn::spanned::Spanned::span(ty);
            let p = crate::lower::private_at(span);
            let mode = quote::format_ident!("__AmpMode{k}");
            let elem = static_type(&r.elem);
            (
                quote::quote_spanned!(span=> #p::Reference<'_, #elem, #mode>),
                Some(quote!(#mode: #p::UniqueMode)),
            )
        }
        // A view parameter takes a view or a section of one (`ViewArg`): its type is a
        // parameter of the implementation, bounded by the view it is passed as.
        _ if is_view(ty) => {
            let span = syn::spanned::Spanned::span(ty);
            let p = crate::lower::private_at(span);
            let arg = quote::format_ident!("__AmpView{k}");
            let view = kernel_side(ty, generics);
            (
                quote::quote_spanned!(span=> #arg),
                Some(quote!(#arg: #p::ViewArg<#view>)),
            )
        }
        _ => (kernel_side(ty, generics), None),
    }
}

/// Whether [`kernel_side`] spells `ty`'s kernel side out (a view, a texture, an `Index` or
/// `Extent`) rather than naming `KernelType`.
pub fn spelt_kernel_side(ty: &Type) -> bool {
    if is_view(ty) {
        return true;
    }
    let Type::Path(path) = ty else {
        return false;
    };
    path.qself.is_none()
        && path.path.segments.last().is_some_and(|s| {
            matches!(s.arguments, PathArguments::AngleBracketed(_))
                && matches!(
                    s.ident.to_string().as_str(),
                    "Texture"
                        | "TextureView"
                        | "ConstTextureView"
                        | "WriteonlyTextureView"
                        | "Index"
                        | "Extent"
                )
        })
}

/// Whether `ty` names an array view (`ArrayView<T, N>`, `ConstArrayView<T, N>`, `Array<T, N>`),
/// which kernels see as a `View`.
pub fn is_view(ty: &Type) -> bool {
    let Type::Path(path) = ty else {
        return false;
    };
    let Some(last) = path.path.segments.last() else {
        return false;
    };
    let PathArguments::AngleBracketed(a) = &last.arguments else {
        return false;
    };
    let args = a
        .args
        .iter()
        .filter(|g| !matches!(g, GenericArgument::Lifetime(_)))
        .count();
    path.qself.is_none()
        && args == 2
        && matches!(
            last.ident.to_string().as_str(),
            "ArrayView" | "ConstArrayView" | "Array"
        )
}
