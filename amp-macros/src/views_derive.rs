//! `#[derive(Views)]`: a struct whose fields are array views (and other captures), which a
//! kernel closure captures whole and a `#[kernel] fn` takes (C++ AMP's lambda capturing a
//! struct whose members are `array_view`s).
//!
//! `struct Buffers<'a> { input: ConstArrayView<'a, f32, 1>, output: ArrayView<'a, f32, 1> }`
//! expands to a hidden kernel-side struct of the same field names holding each field's kernel
//! side (`<F as Capture>::Kernel`: a view is a `View`), and implementations of `Capture` (each
//! field declared, bound, synchronised after the launch, in order), `KernelType` (a `#[kernel]
//! fn` parameter `b: Buffers<'_>` is the kernel-side struct) and `FnArg` (passed field by field)
//! for it. In kernels `b.output[i]` is the field's view.

use crate::errors::Errors;
use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{Data, DeriveInput, Fields};

pub fn expand(input: TokenStream) -> TokenStream {
    let input: DeriveInput = match syn::parse2(input) {
        Ok(input) => input,
        Err(err) => return err.into_compile_error(),
    };
    let mut errors = Errors::default();
    let fields = check(&input, &mut errors);
    match errors.finish() {
        Ok(()) => emit(&input, &fields),
        Err(err) => err.into_compile_error(),
    }
}

/// The syntactic rules; returns the named fields.
fn check<'a>(input: &'a DeriveInput, errors: &mut Errors) -> Vec<&'a syn::Field> {
    let name = &input.ident;
    // Rule: the views' lifetimes are the struct's only parameters: a kernel is built for the
    // fields' types.
    for param in &input.generics.params {
        match param {
            syn::GenericParam::Lifetime(_) => {}
            other => errors.push(
                other,
                "#[derive(Views)] structs cannot be generic over types or constants: name each \
                 field's element type and rank (lifetimes are allowed)",
            ),
        }
    }
    let fields: Vec<_> = match &input.data {
        Data::Struct(s) => match &s.fields {
            Fields::Named(named) => named.named.iter().collect(),
            Fields::Unnamed(_) | Fields::Unit => {
                errors.push(
                    name,
                    "#[derive(Views)] needs a struct with named fields (`struct Buffers<'a> { \
                     input: ConstArrayView<'a, f32, 1>, output: ArrayView<'a, f32, 1> }`)",
                );
                Vec::new()
            }
        },
        Data::Enum(e) => {
            errors.push(e.enum_token, "#[derive(Views)] works on structs, not enums");
            Vec::new()
        }
        Data::Union(u) => {
            errors.push(
                u.union_token,
                "#[derive(Views)] works on structs, not unions",
            );
            Vec::new()
        }
    };
    if matches!(&input.data, Data::Struct(_)) && fields.is_empty() && errors.len() == 0 {
        errors.push(name, "a struct of views needs at least one field");
    }
    fields
}

fn emit(input: &DeriveInput, fields: &[&syn::Field]) -> TokenStream {
    let name = &input.ident;
    let vis = &input.vis;
    let p = crate::lower::private();
    let kernel_ty = format_ident!("__AmpKernel{}", name);
    let idents: Vec<_> = fields.iter().filter_map(|f| f.ident.as_ref()).collect();
    let vises: Vec<_> = fields.iter().map(|f| &f.vis).collect();
    // Each field's kernel side, spelt from its type (a view's `View`, a texture's, a shape's,
    // else the kernel value of the type) so that it names no trait: a field kernels cannot
    // capture is then one error, where its value is declared (at the field's type).
    let kernel_types: Vec<_> = fields
        .iter()
        .map(|f| match crate::types::spelt_kernel_side(&f.ty) {
            true => crate::types::kernel_side(&f.ty, &[]),
            false => {
                let ty = crate::types::static_type(&f.ty);
                let p = crate::lower::private_at(f.ty.span());
                quote_spanned!(f.ty.span()=> #p::KernelValue<#ty>)
            }
        })
        .collect();
    let declares: Vec<_> = fields
        .iter()
        .zip(&idents)
        .map(|(f, ident)| {
            let (p, _) = crate::lower::at(f.ty.span());
            let ty = &f.ty;
            quote_spanned!(f.ty.span()=> <#ty as #p::Capture>::declare(&self.#ident, b))
        })
        .collect();
    // Each field passed to a `#[kernel] fn` as itself, at the field's type: a field whose type
    // is no kernel value is reported there.
    let fn_arg = |call: TokenStream, rest: TokenStream| -> Vec<TokenStream> {
        fields
            .iter()
            .zip(&idents)
            .zip(&kernel_types)
            .map(|((f, ident), kty)| {
                let (p, _) = crate::lower::at(f.ty.span());
                quote_spanned!(f.ty.span()=> <#kty as #p::FnArg>::#call(&self.#ident, b #rest))
            })
            .collect()
    };
    // The other captures' functions, likewise at the field's type.
    let capture = |call: TokenStream, rest: TokenStream| -> Vec<TokenStream> {
        fields
            .iter()
            .zip(&idents)
            .map(|(f, ident)| {
                let (p, _) = crate::lower::at(f.ty.span());
                let ty = &f.ty;
                quote_spanned!(f.ty.span()=> <#ty as #p::Capture>::#call(&self.#ident #rest))
            })
            .collect()
    };
    let binds = capture(quote!(bind), quote!(, binder));
    let shapes = capture(quote!(shapes), quote!(, acc, out));
    let launched = capture(quote!(launched), quote!());
    let homes = capture(quote!(home), quote!());
    let keys = fn_arg(quote!(key), quote!(, key));
    let params = fn_arg(quote!(param), quote!());
    let arguments = fn_arg(quote!(argument), quote!(, out));
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    quote! {
        #[doc(hidden)]
        #[allow(non_camel_case_types, dead_code)]
        #[derive(Clone, Copy)]
        #vis struct #kernel_ty {
            #(#vises #idents: #kernel_types,)*
        }

        #[automatically_derived]
        impl #p::PlainFields for #kernel_ty {}

        // Read and assigned through as itself: its fields are views.
        #[automatically_derived]
        impl #p::Read for #kernel_ty {
            type Output = Self;
            fn read(self, _: &mut #p::KernelBuilder) -> Self {
                self
            }
        }

        #[automatically_derived]
        impl #p::IntoPlace for #kernel_ty {
            type Place = Self;
            fn into_place(self, _: &mut #p::KernelBuilder) -> Self {
                self
            }
        }

        #[automatically_derived]
        impl #p::FnArg for #kernel_ty {
            fn key(&self, b: &#p::KernelBuilder, key: &mut ::std::vec::Vec<u32>) {
                #(#keys;)*
            }
            fn param(&self, b: &mut #p::KernelBuilder) -> Self {
                #kernel_ty { #(#idents: #params,)* }
            }
            fn argument(
                &self,
                b: &mut #p::KernelBuilder,
                out: &mut ::std::vec::Vec<#p::naga::Handle<#p::naga::Expression>>,
            ) {
                #(#arguments;)*
            }
        }

        #[automatically_derived]
        impl #impl_generics #p::KernelType for #name #ty_generics #where_clause {
            type KernelValue = #kernel_ty;
        }

        #[automatically_derived]
        impl #impl_generics #p::Capture for #name #ty_generics #where_clause {
            type Kernel = #kernel_ty;
            fn declare(&self, b: &mut #p::KernelBuilder) -> #kernel_ty {
                #kernel_ty { #(#idents: #declares,)* }
            }
            fn bind(&self, binder: &mut #p::Binder<'_>) -> #p::Result<()> {
                #(#binds?;)*
                ::core::result::Result::Ok(())
            }
            fn shapes(&self, acc: &#p::Accelerator, out: &mut #p::CaptureShapes) {
                #(#shapes;)*
            }
            fn launched(&self) {
                #(#launched;)*
            }
            fn home(&self) -> ::core::option::Option<&#p::Accelerator> {
                ::core::option::Option::None
                    #(.or_else(|| #homes))*
            }
        }

    }
}
