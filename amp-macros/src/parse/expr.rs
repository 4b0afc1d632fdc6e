//! Expressions and places.

use super::calls::{is_compound_assign, scalar_path};
use super::{control, forms, syntax, Parser};
use crate::ast::{BinaryOp, Callee, Expr, ExprKind, Place, PlaceKind, Subscript, UnaryOp};
use syn::spanned::Spanned;

impl Parser<'_> {
    /// An expression, its own rules first, then its parts in source order.
    pub(super) fn expr(&mut self, e: &syn::Expr) -> Expr {
        let special = match e {
            syn::Expr::Call(c) => self.constructor(c),
            _ => None,
        };
        let kind = match special {
            Some(kind) => kind,
            None => {
                self.rules(e);
                self.parts(e)
            }
        };
        Expr {
            span: e.span(),
            kind,
        }
    }

    /// The rules on an expression's own syntax (its parts are checked as they are parsed).
    fn rules(&mut self, e: &syn::Expr) {
        if let Some(message) = forms::message(e) {
            self.errors.push(e, message);
        }
        match e {
            syn::Expr::Call(c) => self.call_rules(c),
            syn::Expr::MethodCall(m) => self.method_rules(m),
            _ => {}
        }
    }

    /// The parts of an expression whose own rules were applied: the node kernels make of it.
    /// A form kernels lack keeps its parsed contents (`unsafe { b }` is `b`), or `()`.
    fn parts(&mut self, e: &syn::Expr) -> ExprKind {
        use syn::Expr as E;
        match e {
            E::ForLoop(f) => self.for_loop(f),
            E::While(w) => {
                let cond = Box::new(self.expr(&w.cond));
                let body = self.in_loop(|p| p.block(&w.body));
                if is_literal_true(&w.cond) {
                    endless_loop_rule(self, &w.while_token, "while true", &body);
                }
                ExprKind::While { cond, body }
            }
            E::Loop(l) => {
                let body = self.in_loop(|p| p.block(&l.body));
                endless_loop_rule(self, &l.loop_token, "loop", &body);
                ExprKind::Loop { body }
            }
            E::Break(b) if self.loops == 0 => {
                self.outside_loop(e, "break");
                ExprKind::Break(b.break_token.span)
            }
            E::Continue(c) if self.loops == 0 => {
                self.outside_loop(e, "continue");
                ExprKind::Continue(c.continue_token.span)
            }
            E::Index(i) => {
                let base = Box::new(self.expr(&i.expr));
                let index = self.subscript(&i.index);
                ExprKind::Index {
                    base,
                    index,
                    bracket_span: i.bracket_token.span.join(),
                }
            }
            E::Macro(m) => {
                self.attrs(&m.attrs);
                self.mac(&m.mac)
            }
            // The closure's body is host code: reported once, not parsed.
            E::Closure(_) => ExprKind::Unit,
            E::Lit(l) => {
                self.attrs(&l.attrs);
                syntax::literal_rule(self, &l.lit);
                ExprKind::Lit(l.lit.clone())
            }
            E::Path(p) => {
                self.path(p);
                ExprKind::Path(p.clone())
            }
            E::Paren(p) => {
                self.attrs(&p.attrs);
                ExprKind::Paren(Box::new(self.expr(&p.expr)))
            }
            E::Group(g) => {
                self.attrs(&g.attrs);
                ExprKind::Paren(Box::new(self.expr(&g.expr)))
            }
            E::Block(b) => {
                self.attrs(&b.attrs);
                self.label(b.label.as_ref().map(|l| &l.name));
                ExprKind::Block(self.block(&b.block))
            }
            E::Binary(b) => self.binary(b),
            E::Unary(u) => {
                self.attrs(&u.attrs);
                let operand = Box::new(self.expr(&u.expr));
                let op = match u.op {
                    syn::UnOp::Neg(t) => (UnaryOp::Neg, t.span),
                    syn::UnOp::Not(t) => (UnaryOp::Not, t.span),
                    syn::UnOp::Deref(t) => (UnaryOp::Deref, t.span),
                    other => {
                        self.errors.push(other, forms::UNSUPPORTED);
                        return ExprKind::Paren(operand);
                    }
                };
                ExprKind::Unary {
                    op: op.0,
                    op_span: op.1,
                    operand,
                }
            }
            E::Cast(c) => {
                self.attrs(&c.attrs);
                let value = Box::new(self.expr(&c.expr));
                self.ty(&c.ty);
                ExprKind::Cast {
                    value,
                    ty: (*c.ty).clone(),
                    as_span: c.as_token.span,
                }
            }
            E::Field(f) => {
                self.attrs(&f.attrs);
                let base = Box::new(self.expr(&f.base));
                self.member(&f.member);
                ExprKind::Field {
                    base,
                    member: f.member.clone(),
                }
            }
            E::Struct(s) => self.struct_literal(s),
            E::MethodCall(m) => self.method_call(m),
            E::Call(c) => self.call(c),
            E::If(i) => self.if_expr(i),
            E::Match(m) => self.match_expr(m),
            E::Break(b) => {
                self.attrs(&b.attrs);
                self.label(b.label.as_ref());
                if let Some(value) = &b.expr {
                    self.expr(value);
                }
                ExprKind::Break(b.break_token.span)
            }
            E::Continue(c) => {
                self.attrs(&c.attrs);
                self.label(c.label.as_ref());
                ExprKind::Continue(c.continue_token.span)
            }
            E::Return(r) => {
                self.attrs(&r.attrs);
                let value_end = match &r.expr {
                    Some(v) => last_span(v),
                    None => r.return_token.span,
                };
                ExprKind::Return {
                    keyword: r.return_token.span,
                    value: r.expr.as_ref().map(|v| Box::new(self.expr(v))),
                    value_end,
                }
            }
            E::Assign(a) => {
                self.attrs(&a.attrs);
                self.assign(&a.left, None, &a.right)
            }
            E::Tuple(t) => {
                self.attrs(&t.attrs);
                self.discard(&t.elems);
                ExprKind::Unit
            }
            // Reported; their contents are parsed for what else they hold.
            E::Unsafe(u) => {
                self.attrs(&u.attrs);
                ExprKind::Block(self.block(&u.block))
            }
            E::Async(a) => {
                self.attrs(&a.attrs);
                ExprKind::Block(self.block(&a.block))
            }
            E::TryBlock(t) => {
                self.attrs(&t.attrs);
                ExprKind::Block(self.block(&t.block))
            }
            E::Const(c) => {
                self.attrs(&c.attrs);
                ExprKind::Block(self.block(&c.block))
            }
            E::Await(a) => self.inner(&a.attrs, &a.base),
            E::Try(t) => self.inner(&t.attrs, &t.expr),
            E::Reference(r) => {
                self.attrs(&r.attrs);
                let span = match &r.mutability {
                    Some(m) => r.and_token.span.join(m.span).unwrap_or(r.and_token.span),
                    None => r.and_token.span,
                };
                ExprKind::Reference {
                    mutable: r.mutability.is_some(),
                    span,
                    operand: Box::new(self.expr(&r.expr)),
                }
            }
            E::RawAddr(r) => self.inner(&r.attrs, &r.expr),
            E::Let(l) => {
                self.attrs(&l.attrs);
                self.annotation(&l.pat);
                self.inner(&[], &l.expr)
            }
            E::Array(a) => {
                self.attrs(&a.attrs);
                self.discard(&a.elems);
                ExprKind::Unit
            }
            E::Repeat(r) => {
                self.attrs(&r.attrs);
                self.expr(&r.expr);
                self.expr(&r.len);
                ExprKind::Unit
            }
            E::Range(r) => {
                self.attrs(&r.attrs);
                self.discard(r.start.iter().chain(&r.end).map(|e| &**e));
                ExprKind::Unit
            }
            E::Yield(y) => {
                self.attrs(&y.attrs);
                if let Some(value) = &y.expr {
                    self.expr(value);
                }
                ExprKind::Unit
            }
            E::Infer(i) => {
                self.attrs(&i.attrs);
                ExprKind::Unit
            }
            E::Verbatim(_) => ExprKind::Unit,
            other => {
                self.errors.push(other, forms::UNSUPPORTED);
                ExprKind::Unit
            }
        }
    }

    /// Rule: `break` and `continue` leave a loop (E0268). What they carry is not parsed.
    fn outside_loop(&mut self, e: &syn::Expr, word: &str) {
        self.errors.push(
            e,
            format!("`{word}` outside of a loop; use `return` to leave the kernel"),
        );
    }

    /// The parts of a reported form that nothing stands for, parsed for what else they hold.
    fn discard<'a>(&mut self, parts: impl IntoIterator<Item = &'a syn::Expr>) {
        for part in parts {
            self.expr(part);
        }
    }

    /// A reported form whose one part is parsed and stands for it.
    fn inner(&mut self, attrs: &[syn::Attribute], inner: &syn::Expr) -> ExprKind {
        self.attrs(attrs);
        ExprKind::Paren(Box::new(self.expr(inner)))
    }

    fn binary(&mut self, b: &syn::ExprBinary) -> ExprKind {
        self.attrs(&b.attrs);
        if is_compound_assign(&b.op) {
            return self.assign(&b.left, Some(&b.op), &b.right);
        }
        let left = Box::new(self.expr(&b.left));
        let right = Box::new(self.expr(&b.right));
        let Some(op) = binary_op(&b.op) else {
            self.errors.push(b.op, forms::UNSUPPORTED);
            return ExprKind::Unit;
        };
        ExprKind::Binary {
            op,
            op_span: b.op.span(),
            left,
            right,
        }
    }

    /// `place = value` (`op` is `None`) or `place op= value`. An assignment to something that
    /// is no place leaves its value in the tree.
    fn assign(&mut self, left: &syn::Expr, op: Option<&syn::BinOp>, right: &syn::Expr) -> ExprKind {
        let place = self.place(left);
        let value = Box::new(self.expr(right));
        let op = match op {
            Some(op) => match binary_op(op) {
                Some(binary) => Some((binary, op.span())),
                None => {
                    self.errors.push(op, forms::UNSUPPORTED);
                    return ExprKind::Paren(value);
                }
            },
            None => None,
        };
        match place {
            Some(place) => ExprKind::Assign { place, op, value },
            None => ExprKind::Paren(value),
        }
    }

    /// Rule: only locals, view and array elements, and their fields and components are
    /// assigned (a `let mut` local, `v[i]`, `p.pos.x`, and the same in parentheses).
    fn place(&mut self, e: &syn::Expr) -> Option<Place> {
        let kind = match e {
            syn::Expr::Path(p) => {
                self.path(p);
                PlaceKind::Name(p.clone())
            }
            syn::Expr::Paren(p) => {
                self.attrs(&p.attrs);
                PlaceKind::Paren(Box::new(self.place(&p.expr)?))
            }
            syn::Expr::Index(i) => {
                let base = self.place(&i.expr);
                let index = self.subscript(&i.index);
                PlaceKind::Index {
                    base: Box::new(base?),
                    index,
                    bracket_span: i.bracket_token.span.join(),
                }
            }
            syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => {
                self.attrs(&u.attrs);
                PlaceKind::Deref {
                    star_span: u.op.span(),
                    operand: Box::new(self.expr(&u.expr)),
                }
            }
            syn::Expr::Field(f) => {
                self.attrs(&f.attrs);
                let base = self.place(&f.base);
                self.member(&f.member);
                PlaceKind::Field {
                    base: Box::new(base?),
                    member: f.member.clone(),
                }
            }
            other => {
                // Said once: a form kernels lack is reported as that.
                let before = self.errors.len();
                self.expr(other);
                if self.errors.len() == before {
                    self.errors.push(
                        other,
                        "only locals, view and array elements, and their fields and components \
                         can be assigned in kernels",
                    );
                }
                return None;
            }
        };
        Some(Place {
            span: e.span(),
            kind,
        })
    }

    /// An index: `[i, j]` / `(i, j)` compose an `Index`; anything else is a value.
    fn subscript(&mut self, index: &syn::Expr) -> Subscript {
        let items = match index {
            syn::Expr::Tuple(t) => &t.elems,
            syn::Expr::Array(a) => &a.elems,
            other => return Subscript::Value(Box::new(self.expr(other))),
        };
        Subscript::Components {
            span: index.span(),
            items: items.iter().map(|e| self.expr(e)).collect(),
        }
    }

    /// `S { a: x, ..s }`.
    fn struct_literal(&mut self, s: &syn::ExprStruct) -> ExprKind {
        self.attrs(&s.attrs);
        if let Some(q) = &s.qself {
            self.ty(&q.ty);
        }
        self.type_path(&s.path);
        let fields = s
            .fields
            .iter()
            .map(|f| {
                self.attrs(&f.attrs);
                self.member(&f.member);
                (f.member.clone(), self.expr(&f.expr))
            })
            .collect();
        let rest = s.rest.as_ref().map(|r| Box::new(self.expr(r)));
        if s.qself.is_some() {
            return ExprKind::Unit;
        }
        ExprKind::Struct {
            path: s.path.clone(),
            fields,
            rest,
        }
    }

    /// A call with a meaning of its own, no rule of calls applying: `Index::new([i, j])` (the
    /// array lists components), `Index::new(a)` / `Index::from(a)` of an array value, and
    /// `T::default()` (the type's zero).
    fn constructor(&mut self, c: &syn::ExprCall) -> Option<ExprKind> {
        if let Some(shape) = control::shape_new(c) {
            return Some(self.shape(shape, c));
        }
        if let Some(shape) = control::shape_from(c) {
            return Some(self.shape_from(shape, c));
        }
        let path = control::default_call(c)?;
        self.attrs(&c.attrs);
        self.path(path);
        Some(ExprKind::Default { path: path.clone() })
    }

    fn method_call(&mut self, m: &syn::ExprMethodCall) -> ExprKind {
        self.attrs(&m.attrs);
        // A swizzle write (`v.set_xy(w)`) assigns its receiver the vector with those components
        // replaced: `v = v.set_xy(w)`, the kernel method returning the new vector. Its receiver
        // is parsed as a place and again as a value; the second parse's errors are the first's.
        let write = amp_spec::swizzle_write(&m.method.to_string()).is_some()
            && m.args.len() == 1
            && m.turbofish.is_none();
        let place = if write { self.place(&m.receiver) } else { None };
        let before = self.errors.len();
        let receiver = Box::new(self.expr(&m.receiver));
        if write {
            self.errors.truncate(before);
        }
        self.ident(&m.method);
        if let Some(t) = &m.turbofish {
            self.generic_args(t);
        }
        let args: Vec<Expr> = m.args.iter().map(|a| self.expr(a)).collect();
        // Kernel values are copies: `x.clone()` is `x`.
        if m.method == "clone" && args.is_empty() && m.turbofish.is_none() {
            return ExprKind::Clone(receiver);
        }
        let call = ExprKind::MethodCall {
            receiver,
            method: m.method.clone(),
            turbofish: m.turbofish.clone(),
            args,
        };
        match place {
            Some(place) => ExprKind::Assign {
                place,
                op: None,
                value: Box::new(Expr {
                    span: m.span(),
                    kind: call,
                }),
            },
            None => call,
        }
    }

    /// Rule: kernels call functions by name (a path).
    fn call(&mut self, c: &syn::ExprCall) -> ExprKind {
        self.attrs(&c.attrs);
        let callee = match &*c.func {
            syn::Expr::Path(func) => {
                self.path(func);
                Some(match scalar_path(func) {
                    Some((ty, name)) => Callee::Scalar {
                        ty: ty.clone(),
                        name: name.clone(),
                    },
                    None => Callee::Function(func.clone()),
                })
            }
            other => {
                let before = self.errors.len();
                self.expr(other);
                if self.errors.len() == before {
                    self.errors
                        .push(other, "kernels can only call #[kernel] functions by name");
                }
                None
            }
        };
        let args = c.args.iter().map(|a| self.expr(a)).collect();
        match callee {
            Some(callee) => ExprKind::Call {
                callee,
                callee_span: c.func.span(),
                args,
            },
            None => ExprKind::Unit,
        }
    }
}

/// The kernel operator of a binary operator that is not an assignment (`+=` is `Add`).
fn binary_op(op: &syn::BinOp) -> Option<BinaryOp> {
    use syn::BinOp::*;
    Some(match op {
        Add(_) | AddAssign(_) => BinaryOp::Arith("Add"),
        Sub(_) | SubAssign(_) => BinaryOp::Arith("Sub"),
        Mul(_) | MulAssign(_) => BinaryOp::Arith("Mul"),
        Div(_) | DivAssign(_) => BinaryOp::Arith("Div"),
        Rem(_) | RemAssign(_) => BinaryOp::Arith("Rem"),
        BitAnd(_) | BitAndAssign(_) => BinaryOp::Bit("And"),
        BitOr(_) | BitOrAssign(_) => BinaryOp::Bit("Or"),
        BitXor(_) | BitXorAssign(_) => BinaryOp::Bit("Xor"),
        Shl(_) | ShlAssign(_) => BinaryOp::Shift("Shl"),
        Shr(_) | ShrAssign(_) => BinaryOp::Shift("Shr"),
        Eq(_) => BinaryOp::Compare("Eq"),
        Ne(_) => BinaryOp::Compare("Ne"),
        Lt(_) => BinaryOp::Compare("Lt"),
        Le(_) => BinaryOp::Compare("Le"),
        Gt(_) => BinaryOp::Compare("Gt"),
        Ge(_) => BinaryOp::Compare("Ge"),
        And(_) => BinaryOp::Logic(true),
        Or(_) => BinaryOp::Logic(false),
        _ => return None,
    })
}

/// The span of the last token of `tokens` (where a syn error about them ends).
fn last_span(tokens: &impl quote::ToTokens) -> proc_macro2::Span {
    let mut tokens = tokens.to_token_stream().into_iter();
    let first = tokens.next().map(|t| t.span());
    tokens
        .last()
        .map(|t| t.span())
        .or(first)
        .unwrap_or_else(proc_macro2::Span::call_site)
}

/// Whether a condition is the literal `true` (`while true`, which is a `loop`).
fn is_literal_true(cond: &syn::Expr) -> bool {
    matches!(
        cond,
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Bool(b),
            ..
        }) if b.value
    )
}

/// Rule: a `loop` (or `while true`, `keyword`, at `at`) leaves by a `break` of its own or a
/// `return`. One with neither never ends: the accelerator would run it until the driver resets
/// the device (a CPU device, for minutes), so it is rejected where it is written.
fn endless_loop_rule(
    parser: &mut Parser,
    at: &impl quote::ToTokens,
    keyword: &str,
    body: &crate::ast::Block,
) {
    use crate::ast::visit::{walk_expr, Visit};
    /// Whether a walk meets an exit of the loop it starts in.
    struct Exits {
        /// Loops entered inside the body (their `break`s are theirs).
        depth: usize,
        found: bool,
    }
    impl Visit for Exits {
        fn visit_expr(&mut self, expr: &Expr) {
            match &expr.kind {
                ExprKind::Return { .. } => self.found = true,
                ExprKind::Break(_) if self.depth == 0 => self.found = true,
                ExprKind::Loop { .. } | ExprKind::While { .. } | ExprKind::For(_) => {
                    self.depth += 1;
                    walk_expr(self, expr);
                    self.depth -= 1;
                }
                _ => walk_expr(self, expr),
            }
        }
    }
    let mut exits = Exits {
        depth: 0,
        found: false,
    };
    exits.visit_block(body);
    if !exits.found {
        parser.errors.push(
            at,
            format!(
                "this `{keyword}` has no `break` and no `return`: it never ends, and the \
                 accelerator would run it until the driver resets the device; give it an exit"
            ),
        );
    }
}
