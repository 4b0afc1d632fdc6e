//! `#[derive(Element)]`: a `#[repr(C)]` struct as a kernel type (see `amp_core::structs`).
//!
//! Parse → check → expand, like the kernel macros. The checks that syntax shows (`repr(C)`, named
//! fields, no generics, no reference fields) are errors on the user's tokens here; the layout
//! checks need the fields' types and are constant assertions in the expansion, each naming its
//! field.

use crate::errors::Errors;
use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{Data, DeriveInput, Fields, Type};

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
    if !has_repr_c(input) {
        errors.push(
            name,
            format!(
                "#[derive(Element)] needs `#[repr(C)]` on `{name}`: kernels read the struct with \
                 the host's field order and offsets, which only `#[repr(C)]` fixes"
            ),
        );
    }
    if !input.generics.params.is_empty() {
        errors.push(
            &input.generics,
            "#[derive(Element)] structs cannot be generic: declare one struct per element type",
        );
    }
    let fields = match &input.data {
        Data::Struct(s) => match &s.fields {
            Fields::Named(named) => named.named.iter().collect(),
            Fields::Unnamed(_) | Fields::Unit => {
                errors.push(
                    name,
                    "#[derive(Element)] needs a struct with named fields (`struct P { pos: Float3, \
                     mass: f32 }`)",
                );
                Vec::new()
            }
        },
        Data::Enum(e) => {
            errors.push(
                e.enum_token,
                "#[derive(Element)] works on structs; an enum has no layout kernels can share \
                 (use a u32 tag)",
            );
            Vec::new()
        }
        Data::Union(u) => {
            errors.push(
                u.union_token,
                "#[derive(Element)] works on structs, not unions",
            );
            Vec::new()
        }
    };
    if matches!(&input.data, Data::Struct(_)) && fields.is_empty() && errors.len() == 0 {
        errors.push(name, "a kernel struct needs at least one field");
    }
    for field in &fields {
        if let Some(message) = field_type_rule(&field.ty) {
            errors.push(&field.ty, message);
        }
    }
    fields
}

fn has_repr_c(input: &DeriveInput) -> bool {
    input.attrs.iter().any(|attr| {
        if !attr.path().is_ident("repr") {
            return false;
        }
        let mut c = false;
        let _ = attr.parse_nested_meta(|meta| {
            c |= meta.path.is_ident("C");
            Ok(())
        });
        c
    })
}

/// Field types syntax can rule out; the rest are checked by the `Member` bound.
fn field_type_rule(ty: &Type) -> Option<&'static str> {
    match ty {
        Type::Reference(_) => Some(
            "a kernel struct cannot hold references: the accelerator has its own memory; hold \
             the value itself",
        ),
        Type::Ptr(_) => Some("a kernel struct cannot hold pointers"),
        Type::Array(a) => field_type_rule(&a.elem),
        Type::Paren(p) => field_type_rule(&p.elem),
        Type::Slice(_) => Some("a kernel struct cannot hold slices: use a fixed-size array"),
        _ => None,
    }
}

fn emit(input: &DeriveInput, fields: &[&syn::Field]) -> TokenStream {
    let name = &input.ident;
    let vis = &input.vis;
    let label = name.to_string();
    let p = crate::lower::private();
    let s = quote!(#p::structs);
    let fields_ty = format_ident!("__Amp{}Fields", name);
    let values_ty = format_ident!("__Amp{}Values", name);
    let idents: Vec<_> = fields.iter().filter_map(|f| f.ident.as_ref()).collect();
    let types: Vec<_> = fields.iter().map(|f| &f.ty).collect();
    // `<T as Member>` at the field's type, so an unsupported type is reported there, once.
    let members: Vec<_> = types
        .iter()
        .map(|ty| quote_spanned!(ty.span()=> <#ty as #s::Member>))
        .collect();
    let vises: Vec<_> = fields.iter().map(|f| &f.vis).collect();
    let labels: Vec<_> = idents.iter().map(|i| i.to_string()).collect();
    let indices: Vec<u32> = (0..fields.len() as u32).collect();
    let offsets: Vec<_> = idents
        .iter()
        .map(|i| quote!(::core::mem::offset_of!(#name, #i)))
        .collect();

    let layout_checks = fields.iter().zip(&idents).map(|(f, ident)| {
        let ty = &f.ty;
        let ty_text = quote!(#ty).to_string().replace(' ', "");
        let bool_msg = format!(
            "field `{ident}` of `{name}` is a bool, which has no storage representation on the \
             accelerator: make it a u32 (0 or 1)"
        );
        let vec3_msg = format!(
            "field `{ident}` of `{name}` is an array of 3-component vectors, whose stride is 16 \
             bytes on the accelerator but 12 on the host: use an array of 4-component vectors, \
             or of [f32; 3]"
        );
        let empty_msg = format!("field `{ident}` of `{name}` is an array of no elements");
        let half_msg = format!(
            "field `{ident}` of `{name}` is an f16 or a vector of them, which #[derive(Element)] \
             structs cannot hold yet: keep f16 data in views of f16 or Half2/Half4, or store \
             the value as f32"
        );
        let align_msg = format!(
            "field `{ident}` of `{name}` (a `{ty_text}`) starts at a byte offset the accelerator \
             cannot use: 3- and 4-component vectors start at multiples of 16 bytes, 2-component \
             vectors and 64-bit scalars at multiples of 8; add explicit padding before it \
             (e.g. `_pad: f32`) or reorder the fields"
        );
        quote_spanned! {ty.span()=>
            const _: () = {
                match <#ty as #s::Member>::PROBLEM.code() {
                    0 => {}
                    1 => ::core::panic!(#bool_msg),
                    2 => ::core::panic!(#vec3_msg),
                    3 => ::core::panic!(#empty_msg),
                    _ => ::core::panic!(#half_msg),
                }
                let align = <#ty as #s::Member>::ALIGN as usize;
                if align != 0 && ::core::mem::offset_of!(#name, #ident) % align != 0 {
                    ::core::panic!(#align_msg);
                }
            };
        }
    });
    let size_msg = format!(
        "the size of `{name}` is not a multiple of its alignment on the accelerator (16 bytes \
         with 3- or 4-component vector fields, 8 with 2-component vectors or 64-bit scalars), \
         so an array of it would not have the host's stride: add padding fields at its end"
    );

    quote! {
        #[doc(hidden)]
        #[allow(non_camel_case_types, dead_code)]
        #[derive(Clone, Copy)]
        #vis struct #fields_ty {
            #(#vises #idents: #s::FieldOf<#types, #indices>,)*
        }

        #[doc(hidden)]
        #[allow(non_camel_case_types, dead_code)]
        #vis struct #values_ty {
            #(#vises #idents: #p::KernelValue<#types>,)*
        }

        #(#layout_checks)*

        const _: () = {
            let align = <#name as #p::Element>::ALIGN as usize;
            if ::core::mem::size_of::<#name>() % align != 0 {
                ::core::panic!(#size_msg);
            }
        };

        // Kernel functions take the struct on the host too.
        impl #p::HostValue for #name {}

        impl #p::Value for #name {
            fn naga_type(b: &mut #p::KernelBuilder) -> #p::naga::Handle<#p::naga::Type> {
                #s::struct_type(
                    b,
                    #label,
                    &[#(#s::FieldLayout {
                        name: #labels,
                        offset: #offsets,
                        ty: #members::member_type,
                    },)*],
                    ::core::mem::size_of::<Self>(),
                )
            }
            fn name() -> &'static str {
                #label
            }
        }

        impl #p::Element for #name {
            const WORDS: usize = ::core::mem::size_of::<Self>() / 4;
            const ENTRIES: u32 = 1;
            const ALIGN: u32 = #s::struct_align(&[#(#members::ALIGN),*]);
            const PLAIN: bool = #s::no_padding(
                ::core::mem::size_of::<Self>(),
                &[#(::core::mem::size_of::<#types>()),*],
            ) #(&& #members::PLAIN)*;
            fn as_device_bytes(data: &[Self]) -> ::core::option::Option<&[u8]> {
                #s::plain_bytes(data)
            }
            fn as_device_bytes_mut(data: &mut [Self]) -> ::core::option::Option<&mut [u8]> {
                #s::plain_bytes_mut(data)
            }
            fn zeroed_vec(
                len: usize,
            ) -> ::core::option::Option<::core::result::Result<::std::vec::Vec<Self>, ()>> {
                #s::plain_zeroed_vec(len)
            }
            fn write_words(self, out: &mut ::std::vec::Vec<u32>) {
                let start = out.len();
                out.resize(start + <Self as #p::Element>::WORDS, 0);
                #(#members::write_member(self.#idents, &mut out[start + #offsets / 4..]);)*
            }
            fn read_words(words: &[u32]) -> Self {
                #name {
                    #(#idents: #members::read_member(
                        words.get(#offsets / 4..).unwrap_or(&[]),
                    ),)*
                }
            }
            fn entry_type(b: &mut #p::KernelBuilder) -> #p::naga::Handle<#p::naga::Type> {
                <Self as #p::Value>::naga_type(b)
            }
            fn param_value(
                b: &mut #p::KernelBuilder,
                word: u32,
            ) -> #p::naga::Handle<#p::naga::Expression> {
                let components = ::std::vec![#(
                    #members::param_member(b, word + (#offsets / 4) as u32),
                )*];
                #s::compose::<Self>(b, components).handle()
            }
            fn from_entries(
                _: &mut #p::KernelBuilder,
                entries: &[#p::naga::Handle<#p::naga::Expression>],
            ) -> #p::naga::Handle<#p::naga::Expression> {
                entries[0]
            }
            fn to_entries(
                _: &mut #p::KernelBuilder,
                value: #p::naga::Handle<#p::naga::Expression>,
            ) -> ::std::vec::Vec<#p::naga::Handle<#p::naga::Expression>> {
                ::std::vec![value]
            }
        }

        impl #p::KernelType for #name {
            type KernelValue = #p::KernelValue<#name>;
        }

        impl #s::Struct for #name {
            type Fields = #fields_ty;
            const FIELDS: #fields_ty = #fields_ty {
                #(#idents: #s::FieldOf::NEW,)*
            };
            type Values = #values_ty;
            fn values(value: #p::KernelValue<Self>, b: &mut #p::KernelBuilder) -> #values_ty {
                #values_ty {
                    #(#idents: #s::member(value, b, #indices),)*
                }
            }
            fn compose(values: #values_ty, b: &mut #p::KernelBuilder) -> #p::KernelValue<Self> {
                #s::compose(b, ::std::vec![#(values.#idents.handle()),*])
            }
        }

        impl #p::Capture for #name {
            type Kernel = #p::KernelValue<#name>;
            fn declare(&self, b: &mut #p::KernelBuilder) -> Self::Kernel {
                b.param::<Self>()
            }
            fn bind(&self, binder: &mut #p::Binder<'_>) -> #p::Result<()> {
                binder.push_value(*self);
                ::core::result::Result::Ok(())
            }
        }
    }
}
