//! `parallel_for_each!(domain, |idx| { body })`: C++ AMP's `parallel_for_each` with a
//! `restrict(amp)` lambda.
//!
//! The closure is checked like a `#[kernel]` body. The names it reads from the enclosing scope
//! are its captures (C++ AMP's `[=]`): they are passed by reference to the runtime, which binds
//! views and scalars at each launch, and they arrive in the generated kernel builder as their
//! kernel-side values. The builder closure is a `move` closure that captures only the function
//! values the kernel calls through a variable (`op(a, b)` with `op` a `#[kernel] fn` item in a
//! host variable, how generic host code such as `amp::algorithms` calls the operation it is
//! given), which must be `Copy + 'static`. The closure's type identifies the kernel in the
//! pipeline cache, so such a value must build the same IR whatever it holds; a `#[kernel] fn`
//! item holds nothing (it is zero-sized).

use crate::ast::{self, Binding, ExprKind};
use crate::captures::captures;
use crate::errors::Errors;
use crate::lower::{at, ctx_ident, kernel_traits, loc, private, temp_at, Lowerer};
use crate::{check, parse};
use amp_spec::{Checks, MAX_CAPTURES};
use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::parse::{Parse, ParseStream};
use syn::spanned::Spanned;
use syn::{Expr, ExprClosure, Pat, Token};

struct Input {
    /// The accelerator view to launch on (C++ AMP's overloads taking an `accelerator_view`).
    view: Option<Expr>,
    domain: Expr,
    closure: ExprClosure,
}

impl Parse for Input {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let first: Expr = input.parse()?;
        input.parse::<Token![,]>()?;
        let closure_next =
            input.peek(Token![|]) || input.peek(Token![||]) || input.peek(Token![move]);
        let (view, domain) = if closure_next {
            (None, first)
        } else {
            let domain = input.parse()?;
            input.parse::<Token![,]>()?;
            (Some(first), domain)
        };
        let closure = input.parse()?;
        input.parse::<Option<Token![,]>>()?;
        Ok(Input {
            view,
            domain,
            closure,
        })
    }
}

pub fn expand(input: TokenStream, checks: Checks) -> TokenStream {
    let Input {
        view,
        domain,
        mut closure,
    } = match syn::parse2(input) {
        Ok(input) => input,
        Err(err) => return err.into_compile_error(),
    };
    let mut errors = Errors::default();
    crate::const_args::check_closure(&mut closure, &mut errors);
    let Kernel {
        params,
        body,
        captures,
    } = check_closure(&closure, &mut errors);
    if let Err(err) = errors.finish() {
        // Statements in a block of the launch's type, so `parallel_for_each!(...)?` adds no
        // follow-on errors.
        let errors = err.into_iter().map(|e| e.into_compile_error());
        return quote!({
            #(#errors;)*
            ::core::result::Result::<(), ::amp::Error>::Ok(())
        });
    }
    let p = private();
    let ctx = ctx_ident();
    let (Some(index_binding), Some(index_pat)) = (params.first(), closure.inputs.first()) else {
        return quote!(());
    };
    let index = quote::format_ident!("__amp_index");
    // The parameter's type comes from the domain; an annotation is checked against it, at the
    // annotation.
    let index_value = match index_pat {
        Pat::Type(t) => {
            let ty = crate::types::index_type(&t.ty);
            let (p, _) = at(t.ty.span());
            quote_spanned!(t.ty.span()=> #p::thread_index::<#ty, _>({ #index }))
        }
        _ => quote!(#index),
    };
    let witness = match index_binding {
        Binding::Name { name, .. } => Some(name.clone()),
        Binding::Wild => None,
    };
    let lower = Lowerer::for_closure(witness);
    let bind_index = lower.bind(index_binding, index_value);
    // A capture that `&mut` borrows (`&mut v[i]`) is bound `mut`: a read-write view; a captured
    // value is a copy, which that says.
    let borrowed_names = crate::lower::mutably_borrowed(&body);
    let borrowed = captures
        .iter()
        .filter(|c| borrowed_names.contains(c))
        .map(|c| {
            let (p, _) = at(c.span());
            quote_spanned!(c.span()=> #[allow(unused_mut)] let mut #c = #p::CaptureMut::capture_mut(#c);)
        });
    let body = lower.expr(&body);
    let site = loc(closure.or1_token.span());
    let call = match checks {
        Checks::Checked => quote_spanned!(closure.span()=> ::amp::launch::parallel_for_each),
        Checks::Unchecked => {
            quote_spanned!(closure.span()=> ::amp::launch::parallel_for_each_unchecked)
        }
    };
    let view = match view {
        Some(v) => {
            let span = v.span();
            let (p, _) = at(span);
            quote_spanned!(span=> ::core::option::Option::Some(
                &#p::AsAcceleratorView::as_accelerator_view(&(#v))
            ))
        }
        None => quote!(::core::option::Option::None),
    };
    // At the domain's tokens, so that a value that is not a domain, or a tile that breaks the
    // tile rules, is reported there.
    let span = domain.span();
    let (value, shape) = (temp_at("__amp_domain", span), tile_shape(span));
    let traits = kernel_traits(&p);
    // Each capture checked at the closure's first use of its name.
    let checked = captures
        .iter()
        .map(|n| quote_spanned!(n.span()=> ::amp::launch::captured(&#n)));
    quote!({
        let #value = &(#domain);
        #shape
        #[allow(unused_variables, unused_braces, clippy::all)]
        let __amp_result = #call(
            #view,
            #value,
            (#(#checked,)*),
            #site,
            move |#ctx: &mut #p::KernelBuilder, (#(#captures,)*), #index| {
                #traits
                #(#borrowed)*
                #bind_index
                #body
            },
        );
        __amp_result
    })
}

/// A kernel closure, parsed.
struct Kernel {
    /// What its parameters bind.
    params: Vec<Binding>,
    /// Its body.
    body: ast::Expr,
    /// The names it captures, in order of first use.
    captures: Vec<syn::Ident>,
}

/// Rules on the closure itself (one index parameter, no `async`, captures by `[=]` only, at
/// most [`MAX_CAPTURES`] of them), and its body parsed and checked.
fn check_closure(closure: &ExprClosure, errors: &mut Errors) -> Kernel {
    if closure.inputs.len() != 1 {
        let message = "a parallel_for_each kernel takes exactly one parameter: the thread's index";
        if closure.inputs.is_empty() {
            // `||` has no parameters to point at.
            let (or1, or2) = (closure.or1_token, closure.or2_token);
            errors.push(quote!(#or1 #or2), message);
        } else {
            errors.push(&closure.inputs, message);
        }
    }
    let mut params = Vec::new();
    for p in &closure.inputs {
        params.push(parse::param(p, errors));
        if let Pat::Type(t) = p {
            parse::signature_type(&t.ty, errors);
        }
    }
    if let Some(t) = &closure.asyncness {
        errors.push(t, "kernels cannot be `async`");
    }
    if let syn::ReturnType::Type(_, ty) = &closure.output {
        errors.push(ty, "a parallel_for_each kernel returns nothing");
    }
    let body = match &*closure.body {
        Expr::Block(b) => {
            let block = parse::block(&b.block, errors);
            check::no_return_value(&block, errors);
            let index: Vec<syn::Ident> = params
                .iter()
                .filter_map(|p| match p {
                    Binding::Name { name, .. } => Some(name.clone()),
                    Binding::Wild => None,
                })
                .collect();
            check::barriers(&index, &block, errors);
            check::broadcast_lanes(&block, errors);
            ast::Expr::new(closure.body.span(), ExprKind::Block(block))
        }
        other => parse::expr(other, errors),
    };
    let captures = captures(&params, &body);
    if captures.len() > MAX_CAPTURES {
        let list: Vec<String> = captures.iter().map(|n| format!("`{n}`")).collect();
        let message = format!(
            "a kernel captures at most {MAX_CAPTURES} values; this one captures {}: {}. Group \
             scalars into a #[derive(Element)] struct, or pass data in fewer views",
            captures.len(),
            list.join(", ")
        );
        errors.push(closure.or1_token, message);
    }
    Kernel {
        params,
        body,
        captures,
    }
}

/// The tile rules checked at compile time (C++ AMP's `static_assert`s on `tiled_extent`): a
/// constant of a function generic over the domain's type, which rustc evaluates when it builds
/// the launch and reports at the domain's tokens ("evaluation panicked: a tile holds at most
/// 1024 threads").
fn tile_shape(span: Span) -> TokenStream {
    let value = temp_at("__amp_domain", span);
    quote_spanned! {span=>
        {
            #[allow(clippy::all)]
            fn check_tile_shape<D: ::amp::launch::Domain>(_: &D) {
                // `expect` (a `#[track_caller]` function) rather than `panic!`, whose
                // location is a span of the standard library's macro.
                const {
                    if let ::core::option::Option::Some(rule) = D::SHAPE_ERROR {
                        ::core::option::Option::<()>::None.expect(rule)
                    }
                }
            }
            check_tile_shape(#value);
        }
    }
}
