//! Collecting every violation in a kernel, so one compile reports them all.

use proc_macro2::TokenStream;
use quote::ToTokens;
use std::fmt::Display;

/// Errors found while checking or lowering one kernel.
#[derive(Default)]
pub struct Errors {
    errors: Vec<syn::Error>,
}

impl Errors {
    /// Records an error spanning `tokens`.
    pub fn push(&mut self, tokens: impl ToTokens, message: impl Display) {
        self.errors.push(syn::Error::new_spanned(tokens, message));
    }

    /// Records an error at `span`.
    pub fn push_at(&mut self, span: proc_macro2::Span, message: impl Display) {
        self.errors.push(syn::Error::new(span, message));
    }

    /// Records an error covering the tokens from `first` to `last` (as [`push`](Self::push)
    /// covers a node's tokens).
    pub fn push_between(
        &mut self,
        first: proc_macro2::Span,
        last: proc_macro2::Span,
        message: impl Display,
    ) {
        let ends = quote::quote_spanned!(first=> first);
        let ends = quote::quote_spanned!(last=> #ends last);
        self.push(ends, message);
    }

    /// How many errors were recorded.
    pub fn len(&self) -> usize {
        self.errors.len()
    }

    /// Forgets the errors after the first `len` (those of tokens parsed a second time).
    pub fn truncate(&mut self, len: usize) {
        self.errors.truncate(len);
    }

    /// Ok when nothing was recorded, else all errors combined.
    pub fn finish(self) -> syn::Result<()> {
        let mut iter = self.errors.into_iter();
        match iter.next() {
            None => Ok(()),
            Some(mut first) => {
                first.extend(iter);
                Err(first)
            }
        }
    }
}

/// On error, the compile errors plus `item` (so callers keep resolving its name).
pub fn with_item(err: syn::Error, item: TokenStream) -> TokenStream {
    let errors = err.into_compile_error();
    quote::quote! { #errors #item }
}
