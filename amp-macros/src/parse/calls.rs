//! Rules on calls and method calls: which functions and methods kernels have, and their
//! arguments.

use super::Parser;
use syn::Expr;

/// Rust's host types (heap, containers, cells, strings), whose associated functions are host
/// code: `Box::new(x)` in a kernel is an error at the call, in amp's words.
const HOST_TYPES: &[&str] = &[
    "Box", "Vec", "String", "Option", "Result", "Rc", "Arc", "Cell", "RefCell", "Mutex", "HashMap",
    "HashSet", "BTreeMap", "BTreeSet", "VecDeque", "Cow", "PathBuf", "Path",
];

/// The scalar types whose associated functions kernels call by path (`f32::from_bits(u)`,
/// `i32::pow(n, 2)`, `f16::from_f32(x)`, `Norm::new(x)`).
const SCALAR_TYPES: [&str; 9] = [
    "f32", "f64", "i32", "u32", "i64", "u64", "f16", "Norm", "Unorm",
];

/// `f32::name` (a scalar type's associated function, called by path): the type and the name.
pub fn scalar_path(func: &syn::ExprPath) -> Option<(&syn::Ident, &syn::Ident)> {
    let segments = &func.path.segments;
    let plain = func.qself.is_none()
        && func.path.leading_colon.is_none()
        && segments.len() == 2
        && segments[0].arguments.is_none();
    let (ty, name) = (&segments.first()?.ident, &segments.last()?.ident);
    (plain && SCALAR_TYPES.iter().any(|t| ty == t)).then_some((ty, name))
}

impl Parser<'_> {
    /// The rules on a call's own syntax.
    pub(super) fn call_rules(&mut self, call: &syn::ExprCall) {
        self.associated_fn_rule(call);
        let path = match &*call.func {
            Expr::Path(p) => scalar_path(p),
            _ => None,
        };
        if let Some((ty, name)) = path {
            self.unsupported_numeric_rule(Some(ty), name);
        }
    }

    /// The rules on a method call's own syntax.
    pub(super) fn method_rules(&mut self, m: &syn::ExprMethodCall) {
        self.unsupported_numeric_rule(None, &m.method);
        self.std_method_rule(m);
        self.method_arity_rule(m);
        self.unit_receiver_rule(m);
        self.user_method_rule(m);
    }

    /// Rule: a method that is not amp's is a `#[kernel] impl` block's, and those take no
    /// generic arguments (`p.scale::<2>()`).
    fn user_method_rule(&mut self, m: &syn::ExprMethodCall) {
        if let Some(t) = &m.turbofish {
            if !amp_spec::is_amp_method(&m.method.to_string()) {
                self.errors.push(
                    t,
                    "the methods of #[kernel] impl blocks take no generic arguments",
                );
            }
        }
    }

    /// Rule: a method is called on a value; an assignment, `return`, `break`, `continue` or a
    /// barrier's `wait()` has none (`(x = y).max(z)` would find `Ord::max` of `()`).
    fn unit_receiver_rule(&mut self, m: &syn::ExprMethodCall) {
        let mut receiver = &*m.receiver;
        while let Expr::Paren(p) = receiver {
            receiver = &p.expr;
        }
        let what = match receiver {
            Expr::MethodCall(call) if call.method.to_string().starts_with("wait") => {
                "a barrier's wait"
            }
            Expr::Assign(_) => "an assignment",
            Expr::Binary(b) if is_compound_assign(&b.op) => "an assignment",
            Expr::Return(_) => "`return`",
            Expr::Break(_) => "`break`",
            Expr::Continue(_) => "`continue`",
            _ => return,
        };
        self.errors.push(
            &m.receiver,
            format!("{what} has no value to call `.{}()` on", m.method),
        );
    }

    /// Rule: amp's numeric and vector methods ([`amp_spec::METHODS`]) take the arguments
    /// Rust's take. Reported here, in the user's terms, because the expansion passes the
    /// kernel builder as a first argument that rustc would count (`this method takes 3
    /// arguments but 2 were supplied`).
    fn method_arity_rule(&mut self, m: &syn::ExprMethodCall) {
        let name = m.method.to_string();
        let Some(amp_spec::Method { params, .. }) = amp_spec::Method::named(&name) else {
            return;
        };
        if m.args.len() == params.len() {
            return;
        }
        let given = match m.args.len() {
            0 => "none was given".to_owned(),
            1 => "1 was given".to_owned(),
            n => format!("{n} were given"),
        };
        let count = match params.len() {
            0 => "no arguments".to_owned(),
            1 => "1 argument".to_owned(),
            n => format!("{n} arguments"),
        };
        self.errors.push(
            &m.method,
            format!(
                "`x.{name}({})` takes {count}, but {given}",
                params.join(", ")
            ),
        );
    }

    /// Rule: kernels call `#[kernel]` functions, amp's kernel functions and the associated
    /// functions of `#[kernel] impl` blocks (`Particle::new(p, v)`), which the type system
    /// checks; the associated functions of Rust's own host types ([`HOST_TYPES`]: `Box::new(x)`,
    /// `String::from(s)`) and qualified paths (`<T as Trait>::f`) are host code.
    fn associated_fn_rule(&mut self, call: &syn::ExprCall) {
        let Expr::Path(func) = &*call.func else {
            return;
        };
        let segments = &func.path.segments;
        let owner = segments.len().checked_sub(2).map(|i| &segments[i]);
        let is_host_type = owner.is_some_and(|s| HOST_TYPES.iter().any(|t| s.ident == t));
        if func.qself.is_some() || is_host_type {
            let name = quote::ToTokens::to_token_stream(&func.path)
                .to_string()
                .replace(' ', "");
            self.errors.push(
                &call.func,
                format!(
                    "`{name}` cannot be called in a kernel: kernels call #[kernel] functions and amp's kernel functions (vectors: `float3(x, y, z)`; scalars: `f32::sqrt(x)`)"
                ),
            );
        }
    }

    /// Rule: the methods that Rust's prelude gives every type (`try_into`, `to_owned`, `eq`, …)
    /// are not kernel methods: kernels convert with `as` and compare with operators. (`clone()`
    /// is accepted: kernel values are copies.)
    fn std_method_rule(&mut self, m: &syn::ExprMethodCall) {
        let name = m.method.to_string();
        let advice = match name.as_str() {
            // (`.into()` converts a view to a read-only view: `ViewInto`.)
            "try_into" | "from" | "try_from" => "convert with `as` (`x as f64`)",
            "eq" | "ne" | "lt" | "le" | "gt" | "ge" | "cmp" | "partial_cmp" => {
                "compare with the operators (`a == b`, `a < b`)"
            }
            "to_owned" | "borrow" | "borrow_mut" | "as_ref" | "as_mut" | "clone_from" => {
                "kernel values are copied: use the value itself"
            }
            "to_string" | "fmt" | "hash" | "type_id" => "kernels have no such host facilities",
            _ => return,
        };
        self.errors.push(
            &m.method,
            format!("`.{name}()` is not supported in kernels: {advice}"),
        );
    }

    /// Rule: Rust's numeric methods that kernels lack (`checked_add`, `to_le_bytes`,
    /// `total_cmp` …, see [`std_methods`](crate::std_methods)) are one error at the name, saying
    /// why and what to write instead, for the method (`x.checked_add(y)`) and the path form
    /// (`i32::checked_add(x, y)`) alike; by path also Rust's signed functions that kernels have
    /// for the unsigned types only (`i32::isqrt`).
    fn unsupported_numeric_rule(&mut self, ty: Option<&syn::Ident>, name: &syn::Ident) {
        let owner = ty.map(ToString::to_string);
        let Some(advice) = crate::std_methods::unsupported(owner.as_deref(), &name.to_string())
        else {
            return;
        };
        let called = match ty {
            Some(ty) => format!("{ty}::{name}"),
            None => name.to_string(),
        };
        self.errors.push(
            name,
            format!("`{called}` is not available in kernels: {advice}"),
        );
    }
}

/// Whether `op` is a compound assignment (`+=`, `<<=` …).
pub(super) fn is_compound_assign(op: &syn::BinOp) -> bool {
    use syn::BinOp::*;
    matches!(
        op,
        AddAssign(_)
            | SubAssign(_)
            | MulAssign(_)
            | DivAssign(_)
            | RemAssign(_)
            | BitXorAssign(_)
            | BitAndAssign(_)
            | BitOrAssign(_)
            | ShlAssign(_)
            | ShrAssign(_)
    )
}
