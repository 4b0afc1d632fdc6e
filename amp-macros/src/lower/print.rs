//! `println!` & co. and the assertions: each argument is evaluated into a temporary and
//! checked to be printable at its tokens; the format string's pieces become amp-core's, built
//! once with the kernel.

use super::{at, private, temp, temp_at, Lowerer};
use crate::ast::{FmtPiece, Print, PrintMacro};
use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

impl Lowerer {
    /// Lowers a printing or asserting macro.
    pub(super) fn print(&self, print: &Print) -> TokenStream {
        let p = private();
        let ctx = &self.ctx;
        let pieces = print.pieces.iter().map(|piece| match piece {
            FmtPiece::Text(t) => quote!(#p::print::Piece::Text(::std::string::String::from(#t))),
            FmtPiece::Arg {
                arg,
                debug,
                precision,
                hex,
            } => {
                let precision = match precision {
                    Some(n) => quote!(::core::option::Option::Some(#n)),
                    None => quote!(::core::option::Option::None),
                };
                let hex = match hex {
                    Some(h) => quote!(::core::option::Option::Some(#h)),
                    None => quote!(::core::option::Option::None),
                };
                quote!(#p::print::Piece::Arg {
                    arg: #arg,
                    spec: #p::print::Spec { debug: #debug, precision: #precision, hex: #hex },
                })
            }
        });
        let pieces = quote!(::std::vec![#(#pieces),*]);
        // Assertions compare their first two values before the branch; every other argument
        // is evaluated only when the assertion fails, as Rust's are.
        let compared = match print.kind {
            PrintMacro::AssertCmp(_) => 2,
            _ => 0,
        };
        let values: Vec<_> = print
            .args
            .iter()
            .enumerate()
            .map(|(i, e)| (temp_at(&format!("__amp_a{i}"), e.span), e))
            .collect();
        let lets = |range: &[(proc_macro2::Ident, &crate::ast::Expr)]| {
            let lets = range.iter().map(|(t, e)| {
                let value = self.expr(e);
                quote!(let #t = #value;)
            });
            quote!(#(#lets)*)
        };
        let first = lets(&values[..compared.min(values.len())]);
        let rest = lets(&values[compared.min(values.len())..]);
        let args = values.iter().map(|(t, e)| {
            let (p, ctx) = at(e.span);
            quote_spanned!(e.span=> #p::ops::build(#ctx, #p::print::arg(#t)))
        });
        let list = temp("__amp_args");
        let record = |kind: TokenStream| {
            quote! {
                #rest
                let #list = [#(#args),*];
                #p::print::print(#ctx, #p::print::PrintKind::#kind, #pieces, &#list);
            }
        };
        match print.kind {
            PrintMacro::Out => {
                let body = record(quote!(Out));
                quote!({ #body })
            }
            PrintMacro::Err => {
                let body = record(quote!(Err));
                quote!({ #body })
            }
            PrintMacro::Assert => {
                let Some(condition) = &print.condition else {
                    return quote!(());
                };
                let value = self.expr(condition);
                let t = temp_at("__amp_cond", condition.span);
                let check = {
                    let (p, ctx) = at(condition.span);
                    quote_spanned!(condition.span=> #p::ops::build(#ctx, #p::ops::condition(#t)))
                };
                let body = record(quote!(Assertion));
                quote!({
                    let #t = #value;
                    let #t = #check;
                    #p::print::begin_assert(#ctx, #t);
                    #body
                    #p::print::end_assert(#ctx);
                })
            }
            PrintMacro::AssertCmp(eq) => {
                let op = if eq { quote!(Eq) } else { quote!(Ne) };
                let (Some((l, _)), Some((r, _))) = (values.first(), values.get(1)) else {
                    return quote!(());
                };
                let body = record(quote!(Assertion));
                let cond = temp("__amp_cond");
                quote!({
                    #first
                    let #cond = #p::ops::Compare::compare(#l, #ctx, #p::ops::CmpOp::#op, #r);
                    #p::print::begin_assert(#ctx, #cond);
                    #body
                    #p::print::end_assert(#ctx);
                })
            }
        }
    }
}
