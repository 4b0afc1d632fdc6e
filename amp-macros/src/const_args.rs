//! Rule: a number given to a type as a const argument or an array length is a plain number.
//!
//! amp's types take their rank and tile sizes as `usize` const arguments (`ArrayView<u32, 1>`,
//! `TiledIndex<16, 16>`, `tile::<16>()`), and array lengths are `usize`. A literal with another
//! suffix (`ArrayView<u32, 1i64>`, `[f32; 4u32]`) makes rustc report the mismatch again at every
//! place the type is used, the `#[kernel]` attribute among them. The macro reports it once, at
//! the literal, and drops the suffix from the code it emits, so that nothing else is reported.

use crate::errors::Errors;
use syn::visit_mut::{self, VisitMut};
use syn::{Expr, GenericArgument, Lit, LitInt};

/// Reports every typed literal of a `#[kernel] fn` used as a const argument or an array length
/// (a suffix other than `usize`), and replaces it with the plain number.
pub fn check_fn(func: &mut syn::ItemFn, errors: &mut Errors) {
    Finder { errors }.visit_item_fn_mut(func);
}

/// [`check_fn`] for a `parallel_for_each!` closure.
pub fn check_closure(closure: &mut syn::ExprClosure, errors: &mut Errors) {
    Finder { errors }.visit_expr_closure_mut(closure);
}

/// Walks code for typed literals where a `usize` constant goes.
struct Finder<'a> {
    errors: &'a mut Errors,
}

impl Finder<'_> {
    /// Checks `expr`, a const argument or length, and makes a typed literal a plain one.
    fn constant(&mut self, expr: &mut Expr, what: &str) {
        let Expr::Lit(lit) = expr else { return };
        let Lit::Int(int) = &lit.lit else { return };
        let suffix = int.suffix();
        if suffix.is_empty() || suffix == "usize" {
            return;
        }
        let digits = int.base10_digits();
        self.errors.push_at(
            int.span(),
            format!(
                "`{int}` as {what}: write the plain number `{digits}` (these are `usize` \
                 constants, not `{suffix}`)"
            ),
        );
        lit.lit = Lit::Int(LitInt::new(digits, int.span()));
    }
}

impl VisitMut for Finder<'_> {
    fn visit_generic_argument_mut(&mut self, arg: &mut GenericArgument) {
        if let GenericArgument::Const(expr) = arg {
            self.constant(expr, "a const argument");
        }
        visit_mut::visit_generic_argument_mut(self, arg);
    }

    fn visit_type_array_mut(&mut self, array: &mut syn::TypeArray) {
        self.constant(&mut array.len, "an array length");
        visit_mut::visit_type_array_mut(self, array);
    }

    fn visit_expr_repeat_mut(&mut self, repeat: &mut syn::ExprRepeat) {
        self.constant(&mut repeat.len, "an array length");
        visit_mut::visit_expr_repeat_mut(self, repeat);
    }
}
