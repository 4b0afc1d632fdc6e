//! The restrict(amp) rules that syntax shows. One function per rule; the checker walks a kernel
//! once and reports every violation with the exact tokens. Rules that only types show are trait
//! bounds in amp-core (with `#[diagnostic::on_unimplemented]` messages); rules that only the call
//! graph shows (recursion) are found when the kernel's IR is built.

use crate::errors::Errors;
use amp_spec::MAX_LOCAL_ARRAY;
use syn::visit::{self, Visit};
use syn::{Expr, Lit, Pat, Stmt, Type};

/// amp's types whose associated functions kernels call (`Float3::new(x, y, z)`,
/// `Index::new([i, j])`).
const AMP_TYPES: &[&str] = &[
    "Index", "Extent", "Vector", "Float2", "Float3", "Float4", "Int2", "Int3", "Int4", "UInt2",
    "UInt3", "UInt4", "Double2", "Double3", "Double4",
];

/// The scalar types whose associated functions kernels call by path (`f32::from_bits(u)`,
/// `i32::pow(n, 2)`).
pub const SCALAR_TYPES: [&str; 6] = ["f32", "f64", "i32", "u32", "i64", "u64"];

/// Checks a kernel body (and the types in its signature, via [`check_type`]).
pub fn check_block(block: &syn::Block, errors: &mut Errors) {
    Checker { errors, loops: 0 }.visit_block(block);
}

/// Checks a type written in a kernel signature.
pub fn check_type(ty: &Type, errors: &mut Errors) {
    Checker { errors, loops: 0 }.visit_type(ty);
}

/// Checks a closure or function parameter pattern: a name, optionally `mut`, nothing else.
pub fn check_param_pattern(pat: &Pat, errors: &mut Errors) {
    match pat {
        Pat::Ident(p) if p.by_ref.is_none() && p.subpat.is_none() => {}
        Pat::Type(t) => check_param_pattern(&t.pat, errors),
        Pat::Wild(_) => {}
        other => errors.push(
            other,
            "destructuring patterns are not supported in kernels; bind a plain name",
        ),
    }
}

struct Checker<'e> {
    errors: &'e mut Errors,
    /// Loops around the expression being checked.
    loops: u32,
}

const NARROW_INTEGERS: &[&str] = &["u8", "i8", "u16", "i16"];
const HEAP_TYPES: &[&str] = &[
    "Box", "Vec", "String", "Rc", "Arc", "RefCell", "Cell", "HashMap",
];

/// Rule: narrow integer types (u8, i8, u16, i16) do not exist on the accelerator (C3581).
fn narrow_integer(name: &str) -> Option<String> {
    NARROW_INTEGERS.contains(&name).then(|| {
        format!(
            "`{name}`: narrow integer types are not supported in kernels; use i32/u32, or pack \
             bytes into u32 words"
        )
    })
}

/// Rule: `char` is not a kernel type (C3581).
fn char_type(name: &str) -> Option<String> {
    (name == "char").then(|| "`char` is not supported in kernels; use u32 code points".into())
}

/// Rule: 128-bit integers do not exist on the accelerator.
fn wide_integer(name: &str) -> Option<String> {
    matches!(name, "i128" | "u128")
        .then(|| format!("`{name}`: 128-bit integers are not supported in kernels; use i32/u32"))
}

/// Rule: pointer-sized integers have no fixed size on the accelerator.
fn pointer_sized(name: &str) -> Option<String> {
    matches!(name, "usize" | "isize").then(|| {
        format!("`{name}` is not supported in kernels; use u32/i32 (a usize constant reads as u32)")
    })
}

/// Rule: heap-allocated types cannot exist in kernels (no allocator on the accelerator).
fn heap_type(name: &str) -> Option<String> {
    HEAP_TYPES.contains(&name).then(|| {
        format!(
            "`{name}`: heap types (Box, Vec, String, Rc, Arc, ...) are not supported in kernels; \
             capture an array view instead"
        )
    })
}

impl Checker<'_> {
    /// Rules on a type, by its last path segment.
    fn type_rules(&mut self, ty: &Type) {
        let message = match ty {
            // Rule: references and pointers cannot point at host memory from a kernel (C3581).
            Type::Reference(_) => Some(
                "references are not supported in kernel signatures; pass values and array views by value",
            ),
            Type::Ptr(_) => Some("raw pointers are not supported in kernels"),
            // Rule: no dynamic dispatch or function pointers on the accelerator (C3939).
            Type::TraitObject(_) | Type::ImplTrait(_) => {
                Some("trait objects and `impl Trait` are not supported in kernels")
            }
            Type::BareFn(_) => Some("function pointers are not supported in kernels (C++ AMP C3939)"),
            Type::Slice(_) => Some("slices are not supported in kernels; use an array view"),
            Type::Path(p) => {
                let named = p.path.segments.last().and_then(|s| {
                    let name = s.ident.to_string();
                    narrow_integer(&name)
                        .or_else(|| char_type(&name))
                        .or_else(|| wide_integer(&name))
                        .or_else(|| pointer_sized(&name))
                        .or_else(|| heap_type(&name))
                });
                if let Some(message) = named {
                    self.errors.push(ty, message);
                }
                None
            }
            _ => None,
        };
        if let Some(message) = message {
            self.errors.push(ty, message);
        }
    }

    /// Rules on an expression's own syntax (children are visited separately).
    fn expr_rules(&mut self, expr: &Expr) {
        let message = match expr {
            // Rule: no unsafe code in kernels.
            Expr::Unsafe(_) => Some("`unsafe` blocks are not supported in kernels"),
            // Rule: no async in kernels.
            Expr::Async(_) | Expr::Await(_) => Some("`async`/`.await` are not supported in kernels"),
            // Rule: no exceptions/early error returns (C3594).
            Expr::Try(_) | Expr::TryBlock(_) => Some(
                "the `?` operator is not supported in kernels (no error handling on the accelerator, C++ AMP C3594)",
            ),
            // Rule: no macros: they hide host code (panic!, println!, format!, vec!, ...).
            Expr::Macro(_) => Some(
                "macros are not supported in kernels (panic!, println!, assert!, vec!, ...); write the code out",
            ),
            // Rule: no nested closures (lambdas inside restrict(amp) code).
            Expr::Closure(_) => Some("closures inside kernels are not supported; call a #[kernel] function"),
            // Rule: no references or dereferences: kernels work on values and views.
            Expr::Reference(_) => Some("references are not supported in kernels; use the value itself"),
            Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => {
                Some("dereferencing is not supported in kernels")
            }
            // Rule: labels and labeled jumps are goto-style control (C3593, C3598).
            Expr::Break(b) if b.label.is_some() => Some(
                "labeled `break` is not supported in kernels (goto-style control, C++ AMP C3593); restructure the loop or use a flag",
            ),
            Expr::Continue(c) if c.label.is_some() => Some(
                "labeled `continue` is not supported in kernels (goto-style control, C++ AMP C3593); restructure the loop",
            ),
            Expr::ForLoop(f) if f.label.is_some() => Some(
                "loop labels are not supported in kernels (C++ AMP C3598); restructure the loop",
            ),
            Expr::While(w) if w.label.is_some() => Some(
                "loop labels are not supported in kernels (C++ AMP C3598); restructure the loop",
            ),
            Expr::Loop(l) if l.label.is_some() => Some(
                "loop labels are not supported in kernels (C++ AMP C3598); restructure the loop",
            ),
            Expr::Block(b) if b.label.is_some() => {
                Some("labeled blocks are not supported in kernels (C++ AMP C3598)")
            }
            // Rule: `break` with a value would make loops expressions; kernels keep them statements.
            Expr::Break(b) if b.expr.is_some() => Some(
                "`break` with a value is not supported in kernels; assign to a `let mut` local before `break`",
            ),
            // Rule: `match` compares integers: literal, range and `_` patterns, a final `_` arm.
            Expr::Match(m) => match_rule(m),
            Expr::Let(_) => Some("`if let`/`while let` are not supported in kernels; compare values with `if`"),
            // Rule: no aggregates that would live in memory the kernel cannot describe.
            Expr::Struct(s) if s.qself.is_some() => Some("write the struct's name in a struct literal"),
            Expr::Tuple(t) if !t.elems.is_empty() => {
                Some("tuples are not supported in kernels (except `view[(i, j)]` indices)")
            }
            Expr::Array(_) | Expr::Repeat(_) => Some(
                "array literals only initialize local arrays (`let mut a = [0.0f32; 16];`) or index views (`view[[i, j]]`)",
            ),
            Expr::Range(_) => Some("ranges are only supported as the iterator of a `for` loop"),
            // Rule: a kernel function's generic arguments are inferred from its arguments.
            Expr::Call(c) if turbofish(&c.func) => Some(
                "generic arguments of a kernel function call are inferred from its arguments; remove `::<...>`",
            ),
            Expr::Yield(_) => Some("`yield` is not supported in kernels"),
            Expr::Const(_) => Some("`const` blocks are not supported in kernels; use a `const` item outside"),
            Expr::Infer(_) => Some("`_` is not a value"),
            Expr::Verbatim(_) => Some("this syntax is not supported in kernels"),
            _ => None,
        };
        if let Some(message) = message {
            self.errors.push(expr, message);
        }
        match expr {
            Expr::Call(c) => {
                self.associated_fn_rule(c);
                let path = match &*c.func {
                    Expr::Path(p) => scalar_path(p),
                    _ => None,
                };
                if let Some((ty, name)) = path {
                    self.unsupported_numeric_rule(Some(ty), name);
                }
            }
            Expr::MethodCall(m) => {
                self.unsupported_numeric_rule(None, &m.method);
                self.std_method_rule(m);
                self.method_arity_rule(m);
                self.unit_receiver_rule(m);
            }
            _ => {}
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

    /// Rule: amp's numeric and vector methods take the arguments Rust's take. Reported here,
    /// in the user's terms, because the expansion passes the kernel builder as a first argument
    /// that rustc would count (`this method takes 3 arguments but 2 were supplied`).
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

    /// Rule: kernels call #[kernel] functions and amp's kernel functions by name; a type's
    /// associated function (`Box::new(x)`, `String::from(s)`) is host code, except those of
    /// amp's own types ([`AMP_TYPES`]: `Float3::new(x, y, z)`) and of the scalar types
    /// (`f32::sqrt(x)`, lowercase).
    fn associated_fn_rule(&mut self, call: &syn::ExprCall) {
        let Expr::Path(func) = &*call.func else {
            return;
        };
        let segments = &func.path.segments;
        let owner = segments.len().checked_sub(2).map(|i| &segments[i]);
        let is_type = owner.is_some_and(|s| {
            let name = s.ident.to_string();
            name.starts_with(char::is_uppercase) && !AMP_TYPES.contains(&name.as_str())
        });
        if func.qself.is_some() || is_type {
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

    /// Rule: the methods that Rust's prelude gives every type (`into`, `to_owned`, `eq`, …)
    /// are not kernel methods: kernels convert with `as` and compare with operators. (`clone()`
    /// is accepted: kernel values are copies.)
    fn std_method_rule(&mut self, m: &syn::ExprMethodCall) {
        let name = m.method.to_string();
        let advice = match name.as_str() {
            "into" | "try_into" | "from" | "try_from" => "convert with `as` (`x as f64`)",
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

    /// Rule: literals are numbers and booleans; strings and characters have no kernel type
    /// (C3589).
    fn literal_rule(&mut self, lit: &Lit) {
        let message = match lit {
            Lit::Str(_) | Lit::ByteStr(_) | Lit::CStr(_) => {
                Some("string literals are not supported in kernels (C++ AMP C3589)")
            }
            Lit::Char(_) | Lit::Byte(_) => {
                Some("character literals are not supported in kernels; use u32 code points")
            }
            Lit::Int(i) => {
                let message = narrow_integer(i.suffix())
                    .or_else(|| wide_integer(i.suffix()))
                    .or_else(|| pointer_sized(i.suffix()));
                if let Some(message) = message {
                    self.errors.push(lit, message);
                }
                None
            }
            _ => None,
        };
        if let Some(message) = message {
            self.errors.push(lit, message);
        }
    }

    /// Rule: a `for` loop iterates a range of integers (`a..b`, `a..=b`).
    fn for_rule(&mut self, f: &syn::ExprForLoop) {
        check_param_pattern(&f.pat, self.errors);
        if for_range(&f.expr).is_none() && !for_array(&f.expr) {
            self.errors.push(
                &f.expr,
                "`for` loops in kernels iterate over a range `start..end` or `start..=end` (optionally `.step_by(n)` or `.rev()`) or over an array (`[16, 8, 4]`, a `const` array)",
            );
        }
    }

    /// Rules on statements: initialized plain `let`s, no nested items or statement macros.
    fn stmt_rules(&mut self, stmt: &Stmt) {
        match stmt {
            Stmt::Local(local) if is_tile_static(local) => self.tile_static_rules(local),
            Stmt::Local(local) => {
                match local.init.as_ref().and_then(|i| tuple_binding(&local.pat, &i.expr)) {
                    Some(pairs) => pairs
                        .iter()
                        .for_each(|(pat, _)| check_param_pattern(pat, self.errors)),
                    None => check_param_pattern(&local.pat, self.errors),
                }
                match &local.init {
                    // Rule: locals are initialized where declared (C3564: no uninitialized reads).
                    None => self.errors.push(
                        local,
                        "kernel locals must be initialized where they are declared",
                    ),
                    Some(init) if init.diverge.is_some() => {
                        self.errors.push(local, "`let ... else` is not supported in kernels")
                    }
                    Some(_) => {}
                }
            }
            Stmt::Item(item) => {
                // Rule: no statics (C3586) or other items inside kernels.
                let message = match item {
                    syn::Item::Static(_) => {
                        "`static` variables are not supported in kernels (C++ AMP C3586)"
                    }
                    syn::Item::Fn(_) => {
                        "nested functions are not supported in kernels; declare a #[kernel] function outside"
                    }
                    _ => "items inside kernels are not supported; declare them outside the kernel",
                };
                self.errors.push(item, message);
            }
            Stmt::Macro(m) => self.errors.push(
                m,
                "macros are not supported in kernels (panic!, println!, assert!, vec!, ...); write the code out",
            ),
            Stmt::Expr(..) => {}
        }
    }
}

/// `Index::new([..])` / `Extent::new([..])`: which shape a call constructs from components.
pub fn shape_new(call: &syn::ExprCall) -> Option<&'static str> {
    let Expr::Path(p) = &*call.func else {
        return None;
    };
    let segments: Vec<_> = p
        .path
        .segments
        .iter()
        .map(|s| s.ident.to_string())
        .collect();
    let [.., shape, new] = segments.as_slice() else {
        return None;
    };
    if new != "new" || call.args.len() != 1 || !matches!(call.args[0], Expr::Array(_)) {
        return None;
    }
    match shape.as_str() {
        "Index" => Some("Index"),
        "Extent" => Some("Extent"),
        _ => None,
    }
}

impl Checker<'_> {
    /// The initializer of a `let`: array literals (nested) are local arrays.
    fn visit_array_init(&mut self, expr: &Expr) {
        match expr {
            Expr::Array(a) if a.elems.is_empty() => self.errors.push(
                a,
                "a local array needs at least one element: the accelerator has no empty arrays",
            ),
            Expr::Array(a) => a.elems.iter().for_each(|e| self.visit_array_init(e)),
            Expr::Repeat(r) => {
                if let Some(len) = literal_len(&r.len) {
                    if len == 0 {
                        self.errors.push(
                            &r.len,
                            "a local array needs at least one element: the accelerator has no \
                             empty arrays",
                        );
                    } else if len > MAX_LOCAL_ARRAY {
                        self.errors.push(
                            &r.len,
                            format!(
                                "a local array holds at most {MAX_LOCAL_ARRAY} elements (a \
                                 thread's private memory); use a view for more data"
                            ),
                        );
                    }
                }
                self.visit_array_init(&r.expr)
            }
            other => self.visit_expr(other),
        }
    }
}

/// The value of an integer literal length (`[e; 16]`).
fn literal_len(len: &Expr) -> Option<usize> {
    match len {
        Expr::Lit(syn::ExprLit {
            lit: Lit::Int(i), ..
        }) => i.base10_parse().ok().or(Some(usize::MAX)),
        Expr::Paren(p) => literal_len(&p.expr),
        _ => None,
    }
}

/// Whether an expression is an array literal (`[a, b]` or `[e; N]`).
pub fn is_array_literal(expr: &Expr) -> bool {
    matches!(expr, Expr::Array(_) | Expr::Repeat(_))
}

/// Whether a `match` arm pattern is one kernels support: an integer or bool literal (optionally
/// negated), an inclusive range of them, `_`, or alternatives of those.
pub fn supported_pattern(pat: &Pat) -> bool {
    match pat {
        Pat::Lit(_) | Pat::Wild(_) => true,
        Pat::Range(r) => {
            r.start.is_some() && r.end.is_some() && matches!(r.limits, syn::RangeLimits::Closed(_))
        }
        Pat::Or(o) => o.cases.iter().all(supported_pattern),
        Pat::Paren(p) => supported_pattern(&p.pat),
        _ => false,
    }
}

fn match_rule(m: &syn::ExprMatch) -> Option<&'static str> {
    if !m.arms.iter().all(|a| supported_pattern(&a.pat)) {
        return Some(
            "kernel `match` arms take integer literals, inclusive ranges (`1..=5`), `_` and `|` alternatives",
        );
    }
    match m.arms.last() {
        Some(arm) if matches!(arm.pat, Pat::Wild(_)) && arm.guard.is_none() => None,
        _ => Some("a kernel `match` ends with a `_ =>` arm (integers are matched by comparison)"),
    }
}

/// What a `for` loop iterates: a range (`a..b`, `a..=b`), maybe stepped
/// (`(a..b).step_by(s)`) or reversed (`(a..b).rev()`).
pub struct ForRange<'a> {
    /// The range.
    pub range: &'a syn::ExprRange,
    /// `.step_by(s)`.
    pub step: Option<&'a Expr>,
    /// `.rev()`: from the end down.
    pub rev: bool,
}

/// The range a `for` loop iterates, its step and direction.
pub fn for_range(expr: &Expr) -> Option<ForRange<'_>> {
    match expr {
        Expr::Range(range) if range.start.is_some() && range.end.is_some() => Some(ForRange {
            range,
            step: None,
            rev: false,
        }),
        Expr::Paren(p) => for_range(&p.expr),
        Expr::MethodCall(m) if m.method == "step_by" && m.args.len() == 1 => {
            let inner = for_range(&m.receiver)?;
            (inner.step.is_none() && !inner.rev).then_some(ForRange {
                step: m.args.first(),
                ..inner
            })
        }
        Expr::MethodCall(m) if m.method == "rev" && m.args.is_empty() => {
            let inner = for_range(&m.receiver)?;
            (inner.step.is_none() && !inner.rev).then_some(ForRange { rev: true, ..inner })
        }
        _ => None,
    }
}

/// Whether a `for` loop iterates the elements of an array: a literal (`[16, 8, 4]`) or a
/// named array (a `const` array, a local array).
pub fn for_array(expr: &Expr) -> bool {
    match expr {
        Expr::Array(a) => !a.elems.is_empty(),
        Expr::Repeat(_) => true,
        Expr::Path(p) => p.qself.is_none(),
        Expr::Paren(p) => for_array(&p.expr),
        _ => false,
    }
}

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

/// Whether a callee path has explicit generic arguments on its last segment.
fn turbofish(func: &Expr) -> bool {
    let Expr::Path(p) = func else { return false };
    p.path
        .segments
        .last()
        .is_some_and(|s| !matches!(s.arguments, syn::PathArguments::None))
}

/// Whether a `let` is marked `#[tile_static]`.
pub fn is_tile_static(local: &syn::Local) -> bool {
    local.attrs.iter().any(|a| a.path().is_ident("tile_static"))
}

impl Checker<'_> {
    /// Rules on `#[tile_static] let`: a plain name with a type, no initializer (C++ AMP C3584).
    fn tile_static_rules(&mut self, local: &syn::Local) {
        match &local.pat {
            Pat::Type(t) => check_param_pattern(&t.pat, self.errors),
            other => self.errors.push(
                other,
                "a tile_static variable needs a type: `#[tile_static] let mut t: [[f32; 16]; 16];`",
            ),
        }
        if let Some(init) = &local.init {
            self.errors.push(
                &init.expr,
                "tile_static variables cannot have an initializer (C++ AMP C3584); assign their \
                 elements in the kernel, then wait at the tile barrier",
            );
        }
    }
}

impl Checker<'_> {
    /// Checks a loop body.
    fn in_loop(&mut self, f: impl FnOnce(&mut Self)) {
        self.loops += 1;
        f(self);
        self.loops -= 1;
    }
}

/// The prefix of the temporaries the expansion binds (they resolve at the user's tokens, so
/// that errors about them land there).
const RESERVED_PREFIX: &str = "__amp_";

impl<'ast> Visit<'ast> for Checker<'_> {
    fn visit_type(&mut self, ty: &'ast Type) {
        self.type_rules(ty);
        visit::visit_type(self, ty);
    }

    fn visit_stmt(&mut self, stmt: &'ast Stmt) {
        self.stmt_rules(stmt);
        match stmt {
            // Items and macros were rejected whole; their insides are host code.
            Stmt::Item(_) | Stmt::Macro(_) => {}
            _ => visit::visit_stmt(self, stmt),
        }
    }

    fn visit_expr(&mut self, expr: &'ast Expr) {
        match expr {
            Expr::ForLoop(f) => {
                self.expr_rules(expr);
                self.for_rule(f);
                if let Some(r) = for_range(&f.expr) {
                    let range = r.range;
                    range
                        .start
                        .iter()
                        .chain(range.end.iter())
                        .map(|e| &**e)
                        .chain(r.step)
                        .for_each(|e| self.visit_expr(e));
                } else if for_array(&f.expr) {
                    self.visit_array_init(&f.expr);
                }
                self.in_loop(|c| c.visit_block(&f.body));
            }
            Expr::While(w) => {
                self.expr_rules(expr);
                self.visit_expr(&w.cond);
                self.in_loop(|c| c.visit_block(&w.body));
            }
            Expr::Loop(l) => {
                self.expr_rules(expr);
                self.in_loop(|c| c.visit_block(&l.body));
            }
            // Rule: `break` and `continue` leave a loop (E0268).
            Expr::Break(_) | Expr::Continue(_) if self.loops == 0 => {
                self.expr_rules(expr);
                let word = if matches!(expr, Expr::Break(_)) {
                    "break"
                } else {
                    "continue"
                };
                self.errors.push(
                    expr,
                    format!("`{word}` outside of a loop; use `return` to leave the kernel"),
                );
            }
            Expr::Index(i) => {
                self.visit_expr(&i.expr);
                match &*i.index {
                    // `view[(i, j)]` and `view[[i, j]]` build an index from components.
                    Expr::Tuple(t) => t.elems.iter().for_each(|e| self.visit_expr(e)),
                    Expr::Array(a) => a.elems.iter().for_each(|e| self.visit_expr(e)),
                    other => self.visit_expr(other),
                }
            }
            Expr::Call(call) if shape_new(call).is_some() => {
                // `Index::new([i, j])`: the array literal lists components.
                call.args.iter().for_each(|a| match a {
                    Expr::Array(arr) => arr.elems.iter().for_each(|e| self.visit_expr(e)),
                    other => self.visit_expr(other),
                });
            }
            // The macro's body is host code: reported once, not visited.
            Expr::Macro(_) | Expr::Closure(_) => self.expr_rules(expr),
            _ => {
                self.expr_rules(expr);
                visit::visit_expr(self, expr);
            }
        }
    }

    fn visit_local(&mut self, local: &'ast syn::Local) {
        self.visit_pat(&local.pat);
        let Some(init) = &local.init else { return };
        // `let (a, b) = (x, y);` binds each name to its value.
        if let Some(pairs) = tuple_binding(&local.pat, &init.expr) {
            pairs
                .into_iter()
                .for_each(|(_, e)| self.visit_array_init(e));
            return;
        }
        // `let a = [0.0f32; 16];` declares a local array: literals are allowed here.
        self.visit_array_init(&init.expr);
    }

    fn visit_ident(&mut self, ident: &'ast syn::Ident) {
        if ident.to_string().starts_with(RESERVED_PREFIX) {
            self.errors.push(
                ident,
                format!("names starting with `{RESERVED_PREFIX}` are reserved for amp's expansion of kernels"),
            );
        }
    }

    fn visit_lit(&mut self, lit: &'ast Lit) {
        self.literal_rule(lit);
    }

    fn visit_pat(&mut self, pat: &'ast Pat) {
        // Patterns are checked where they occur (let, for, parameters); annotated types here.
        if let Pat::Type(t) = pat {
            self.visit_type(&t.ty);
        }
    }
}

/// Rule: a `parallel_for_each` kernel returns nothing; `return value` is an error at the value.
pub fn check_no_return_value(block: &syn::Block, errors: &mut Errors) {
    check_returns(
        block,
        false,
        "a parallel_for_each kernel returns nothing: write `return;` to end the thread",
        errors,
    );
}

/// Rule: every `return` in a kernel function matches its signature: a value exactly when the
/// function has a result.
pub fn check_fn_returns(func: &syn::ItemFn, errors: &mut Errors) {
    let (value, message) = match &func.sig.output {
        syn::ReturnType::Default => (
            false,
            "this #[kernel] fn returns nothing: write `return;`, or declare its result type",
        ),
        syn::ReturnType::Type(..) => (
            true,
            "this #[kernel] fn returns a value: write `return value;`",
        ),
    };
    check_returns(&func.block, value, message, errors);
}

/// Reports each `return` that has a value when `value` is false, or none when it is true.
fn check_returns(block: &syn::Block, value: bool, message: &str, errors: &mut Errors) {
    struct Returns<'e> {
        value: bool,
        message: &'e str,
        errors: &'e mut Errors,
    }
    impl<'ast> Visit<'ast> for Returns<'_> {
        fn visit_expr_return(&mut self, r: &'ast syn::ExprReturn) {
            match (&r.expr, self.value) {
                (Some(v), false) => self.errors.push(v, self.message),
                (None, true) => self.errors.push(r, self.message),
                _ => {}
            }
            if let Some(v) = &r.expr {
                self.visit_expr(v);
            }
        }
        // Items and closures inside were rejected; their returns are theirs.
        fn visit_item(&mut self, _: &'ast syn::Item) {}
        fn visit_expr_closure(&mut self, _: &'ast syn::ExprClosure) {}
    }
    Returns {
        value,
        message,
        errors,
    }
    .visit_block(block);
}

/// Rule: a kernel function does not call itself (C++ AMP C3559). Recursion through other
/// functions is found when the kernel is built, naming the cycle.
pub fn check_no_self_call(name: &syn::Ident, block: &syn::Block, errors: &mut Errors) {
    struct Calls<'a, 'e> {
        name: &'a syn::Ident,
        errors: &'e mut Errors,
    }
    impl<'ast> Visit<'ast> for Calls<'_, '_> {
        fn visit_expr_call(&mut self, call: &'ast syn::ExprCall) {
            if let Expr::Path(p) = &*call.func {
                if p.qself.is_none() && p.path.is_ident(self.name) {
                    self.errors.push(
                        &call.func,
                        format!(
                            "`{}` calls itself: recursion is not supported in kernels (C++ AMP \
                             C3559); rewrite it as a loop",
                            self.name
                        ),
                    );
                }
            }
            visit::visit_expr_call(self, call);
        }
        fn visit_item(&mut self, _: &'ast syn::Item) {}
    }
    Calls { name, errors }.visit_block(block);
}

/// `let (a, b) = (x, y);` (nested tuples too) as the names and the values they bind, in order:
/// `None` unless the pattern and the value are tuples of the same shape.
pub fn tuple_binding<'a>(pat: &'a Pat, value: &'a Expr) -> Option<Vec<(&'a Pat, &'a Expr)>> {
    let (Pat::Tuple(p), Expr::Tuple(v)) = (pat, value) else {
        return None;
    };
    if p.elems.len() != v.elems.len() || p.elems.is_empty() {
        return None;
    }
    let mut pairs = Vec::new();
    for (pat, value) in p.elems.iter().zip(&v.elems) {
        match tuple_binding(pat, value) {
            Some(inner) => pairs.extend(inner),
            None if matches!(pat, Pat::Tuple(_)) => return None,
            None => pairs.push((pat, value)),
        }
    }
    Some(pairs)
}

/// Rule: a kernel function that returns a value ends in it (or in `return`), as Rust requires
/// (E0308); said here in amp's words at the function's closing brace.
pub fn check_tail(func: &syn::ItemFn, errors: &mut Errors) {
    let syn::ReturnType::Type(_, ty) = &func.sig.output else {
        return;
    };
    let ends_in_value = matches!(
        func.block.stmts.last(),
        Some(Stmt::Expr(_, None) | Stmt::Expr(Expr::Return(_), Some(_)))
    );
    if !ends_in_value {
        let ty = quote::quote!(#ty).to_string().replace(' ', "");
        let close = func.block.brace_token.span.close();
        errors.push(
            quote::quote_spanned!(close=> ;),
            format!(
                "`{}` returns `{ty}` but its body has no final value: end it with the value \
                 (no `;`) or with `return value;`",
                func.sig.ident
            ),
        );
    }
}

/// Whether `op` is a compound assignment (`+=`, `<<=` …).
fn is_compound_assign(op: &syn::BinOp) -> bool {
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
