//! Lowering: a parsed and checked kernel body ([`ast`](crate::ast)) becomes Rust code that
//! drives amp-core's `KernelBuilder`.
//!
//! The generated code mirrors the kernel's structure: Rust blocks for kernel blocks, Rust `let`s
//! for kernel `let`s (so scoping and shadowing are Rust's own), and one builder call per
//! operation, in source order, each spanned at the user's tokens so rustc's type errors point at
//! the kernel source. Statements, expressions and control flow are in separate files.

mod control;
mod expr;
mod print;
mod refs;

pub(crate) use refs::mutably_borrowed;
mod stmt;

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::Ident;

/// Lowers one kernel body.
pub struct Lowerer {
    /// The builder variable of the generated code (hygienic).
    ctx: Ident,
    /// In a closure kernel, its index parameter: `tile_static` declarations check at compile
    /// time that it is a `TiledIndex`.
    tiled_witness: Option<Ident>,
    /// In a `#[kernel] fn` with a concrete result type: that type, which `return` values are
    /// checked against.
    result: Option<syn::Type>,
}

impl Lowerer {
    /// A lowerer for a `#[kernel] fn` body.
    pub fn new() -> Self {
        Lowerer {
            ctx: ctx_ident(),
            tiled_witness: None,
            result: None,
        }
    }

    /// The same, checking `return` values against `result`.
    pub fn with_result(self, result: Option<syn::Type>) -> Self {
        Lowerer { result, ..self }
    }

    /// A lowerer for a closure kernel whose index parameter is `index`.
    pub fn for_closure(index: Option<Ident>) -> Self {
        Lowerer {
            ctx: ctx_ident(),
            tiled_witness: index,
            result: None,
        }
    }
}

/// The builder variable: `mixed_site` so user code can neither see nor shadow it.
pub fn ctx_ident() -> Ident {
    Ident::new("__amp_ctx", Span::mixed_site())
}

/// A hygienic temporary.
fn temp(name: &str) -> Ident {
    Ident::new(name, Span::mixed_site())
}

/// A temporary holding the value of the user's tokens at `span`: type errors about it point at
/// those tokens.
///
/// It resolves at the call site, not hygienically: rustc reports an error about an argument
/// that comes from a macro's own hygiene at the macro's call site (the `#[kernel]` attribute,
/// the whole `parallel_for_each!`), whatever its location. The `__amp_` prefix is reserved, and
/// every temporary is bound before any user code that could name it runs in its scope.
pub(crate) fn temp_at(name: &str, span: Span) -> Ident {
    Ident::new(name, span)
}

/// The facade's private module, `::amp::__private_MAJOR_MINOR_PATCH`, at the call site.
pub fn private() -> TokenStream {
    private_at(Span::call_site())
}

/// The facade's private module, named after this crate's version (`::amp::__private_0_1_0`) and
/// located at `span`. amp-macros and the facade are released together with one version: a
/// facade and macros of different versions fail to compile at this path instead of
/// misbehaving.
pub fn private_at(span: Span) -> TokenStream {
    let version = env!("CARGO_PKG_VERSION").replace(['.', '-', '+'], "_");
    let module = Ident::new(&format!("__private_{version}"), span);
    quote_spanned!(span=> ::amp::#module)
}

/// amp's private path and the builder variable, located at `span`.
///
/// Every generated expression that starts with either (`::amp::__private_…::f(…)`, `ctx.f(…)`)
/// must have them located at the user's tokens: rustc reports an error about an expression at
/// the span from its first to its last token, and a first token located at the macro's call site
/// takes the error to the `#[kernel]` attribute or the whole `parallel_for_each!`.
pub fn at(span: Span) -> (TokenStream, Ident) {
    let p = private_at(span);
    let ctx = Ident::new("__amp_ctx", Span::mixed_site().located_at(span));
    (p, ctx)
}

/// `mut` at `span` (a binding's name): rustc names a binding only when its whole pattern is the
/// user's, so the `mut` of a generated `let mut x` is located at `x`.
pub fn mut_at(span: Span) -> TokenStream {
    quote_spanned!(span=> mut)
}

/// A `Loc` of the token at `span`.
pub fn loc(span: Span) -> TokenStream {
    let p = private();
    quote_spanned!(span=> #p::Loc::new(::core::file!(), ::core::line!(), ::core::column!()))
}

/// The traits whose methods kernels call (`x.sqrt()`, `v.dot(w)`, `for` loops, tile_static
/// declarations, the atomics of values), brought into scope at the top of every generated body:
/// methods of public traits rather than inherent ones, so that rustc's notes about them name
/// public paths, and users need no import.
pub fn kernel_traits(p: &TokenStream) -> TokenStream {
    quote! {
        #[allow(unused_imports)]
        use #p::{
            DeclareMemory as _, ExtentMethods as _, FieldFromArray as _, FieldValue as _,
            ForLoop as _, NormMethods as _,
            ReceiverDeref as _, ReceiverValue as _, ScalarMethods as _, ValueAtomics as _,
            Swizzles as _, VectorMethods as _, ViewAtomics as _, ViewReinterpret as _,
        };
    }
}
