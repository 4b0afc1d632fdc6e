//! Mutations of a kernel's syntax tree: each picks one site of a kind (a literal, an operator, a
//! block, a type …) uniformly among those of the kernel and changes it, so that the result still
//! parses. Deterministic for a given random stream. The mutations themselves are in
//! `expr_mutations.rs` (expressions and types) and `stmt_mutations.rs` (statements, the
//! signature, the launch's domain); what they insert is listed in `tables.rs`.

use crate::fuzz::expr_mutations::*;
use crate::fuzz::stmt_mutations::*;
use syn::visit_mut::VisitMut;
use syn::{Block, Expr, ExprClosure, ItemFn, Local, Stmt, Type};

/// xorshift64*: a small deterministic random stream.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// True with probability `1 / n`.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// A copy of a random item (`items` not empty).
    pub fn choose<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// What a kernel offers to its mutations.
#[derive(Default)]
pub struct Context {
    /// The thread index parameter (`idx`, `t`), if a plain name.
    pub index: Option<String>,
    /// Whether the kernel is tiled (its index is a `TiledIndex`).
    pub tiled: bool,
    /// For a `#[kernel] fn`: its name and its parameters' names.
    pub this_fn: Option<(String, Vec<String>)>,
    /// The file's kernel functions with their numbers of parameters.
    pub kernels: Vec<(String, usize)>,
    /// Names the kernel reads (locals, captures, parameters).
    pub idents: Vec<String>,
    /// Index expressions of the kernel's subscripts.
    pub indices: Vec<Expr>,
    /// Small expressions of the kernel, to move around.
    pub exprs: Vec<Expr>,
}

/// What is mutated: a launch's closure (and its other arguments) or a kernel function.
pub enum Subject<'a> {
    Launch(&'a mut Vec<Expr>, &'a mut ExprClosure),
    Kernel(&'a mut ItemFn),
}

impl Context {
    /// Gathers the names and expressions of `subject`.
    pub fn of(subject: &mut Subject<'_>, kernels: Vec<(String, usize)>) -> Context {
        let mut ctx = Context {
            kernels,
            ..Context::default()
        };
        match subject {
            Subject::Launch(_, closure) => {
                if let Some(first) = closure.inputs.first() {
                    let (pat, ty) = match first {
                        syn::Pat::Type(t) => (&*t.pat, Some(&*t.ty)),
                        other => (other, None),
                    };
                    if let syn::Pat::Ident(id) = pat {
                        ctx.index = Some(id.ident.to_string());
                    }
                    ctx.tiled = ty.is_some_and(|t| quote::quote!(#t).to_string().contains("Tiled"));
                }
            }
            Subject::Kernel(f) => {
                let mut names = Vec::new();
                for input in &f.sig.inputs {
                    if let syn::FnArg::Typed(t) = input {
                        if let syn::Pat::Ident(id) = &*t.pat {
                            names.push(id.ident.to_string());
                            let ty = &t.ty;
                            let ty = quote::quote!(#ty).to_string();
                            if ty.contains("Index") && ctx.index.is_none() {
                                ctx.index = Some(id.ident.to_string());
                                ctx.tiled = ty.contains("Tiled");
                            }
                        }
                    }
                }
                ctx.this_fn = Some((f.sig.ident.to_string(), names));
            }
        }
        let mut gather = Gather::default();
        match subject {
            Subject::Launch(_, closure) => gather.visit_expr_mut(&mut closure.body),
            Subject::Kernel(f) => gather.visit_block_mut(&mut f.block),
        }
        gather.idents.sort();
        gather.idents.dedup();
        ctx.idents = gather.idents;
        ctx.indices = gather.indices;
        ctx.exprs = gather.exprs;
        ctx
    }
}

#[derive(Default)]
struct Gather {
    idents: Vec<String>,
    indices: Vec<Expr>,
    exprs: Vec<Expr>,
}

impl VisitMut for Gather {
    fn visit_expr_mut(&mut self, e: &mut Expr) {
        match e {
            Expr::Path(p) if p.path.segments.len() == 1 && p.qself.is_none() => {
                self.idents.push(p.path.segments[0].ident.to_string());
            }
            Expr::Index(i) => self.indices.push((*i.index).clone()),
            _ => {}
        }
        if !matches!(
            e,
            Expr::Block(_) | Expr::If(_) | Expr::ForLoop(_) | Expr::While(_) | Expr::Loop(_)
        ) && quote::quote!(#e).to_string().len() < 60
        {
            self.exprs.push(e.clone());
        }
        syn::visit_mut::visit_expr_mut(self, e);
    }
}

/// The kinds of site a mutation picks among.
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Kind {
    Literal,
    Binary,
    AnyExpr,
    Type,
    Block,
    Index,
    ArrayLen,
    Path,
    Local,
    For,
    If,
    MethodCall,
}

/// A site handed to a mutation.
pub(crate) enum Node<'a> {
    Expr(&'a mut Expr),
    Type(&'a mut Type),
    Block(&'a mut Block),
    Local(&'a mut Local),
}

/// Counts the sites of a kind, or applies `apply` to site number `target`.
struct Sites<'f> {
    kind: Kind,
    count: usize,
    target: usize,
    apply: Option<&'f mut dyn FnMut(Node<'_>) -> bool>,
    applied: bool,
}

impl Sites<'_> {
    /// Whether this site is the target (then it has been handled).
    fn hit(&mut self, node: Node<'_>) -> bool {
        let n = self.count;
        self.count += 1;
        if n != self.target {
            return false;
        }
        if let Some(apply) = self.apply.as_mut() {
            self.applied = apply(node);
        }
        true
    }
}

impl VisitMut for Sites<'_> {
    fn visit_expr_mut(&mut self, e: &mut Expr) {
        let matches = match self.kind {
            Kind::Literal => matches!(
                e,
                Expr::Lit(l) if matches!(l.lit, syn::Lit::Int(_) | syn::Lit::Float(_) | syn::Lit::Bool(_))
            ),
            Kind::Binary => matches!(e, Expr::Binary(_)),
            Kind::AnyExpr => !matches!(e, Expr::Block(_) | Expr::Macro(_) | Expr::Verbatim(_)),
            Kind::Index => matches!(e, Expr::Index(_)),
            Kind::ArrayLen => matches!(e, Expr::Repeat(_)),
            Kind::Path => matches!(e, Expr::Path(p) if p.path.segments.len() == 1),
            Kind::For => matches!(e, Expr::ForLoop(_)),
            Kind::If => matches!(e, Expr::If(_)),
            Kind::MethodCall => matches!(e, Expr::MethodCall(_)),
            Kind::Type | Kind::Block | Kind::Local => false,
        };
        if matches && self.hit(Node::Expr(e)) {
            return;
        }
        syn::visit_mut::visit_expr_mut(self, e);
    }

    fn visit_type_mut(&mut self, t: &mut Type) {
        let matches = match self.kind {
            Kind::Type => true,
            Kind::ArrayLen => matches!(t, Type::Array(_)),
            _ => false,
        };
        if matches && self.hit(Node::Type(t)) {
            return;
        }
        syn::visit_mut::visit_type_mut(self, t);
    }

    fn visit_block_mut(&mut self, b: &mut Block) {
        if self.kind == Kind::Block && self.hit(Node::Block(b)) {
            return;
        }
        syn::visit_mut::visit_block_mut(self, b);
    }

    fn visit_local_mut(&mut self, l: &mut Local) {
        if self.kind == Kind::Local && self.hit(Node::Local(l)) {
            return;
        }
        syn::visit_mut::visit_local_mut(self, l);
    }
}

fn visit(subject: &mut Subject<'_>, sites: &mut Sites<'_>) {
    match subject {
        Subject::Launch(_, closure) => sites.visit_expr_closure_mut(closure),
        Subject::Kernel(f) => {
            sites.visit_signature_mut(&mut f.sig);
            sites.visit_block_mut(&mut f.block);
        }
    }
}

/// Applies `apply` to a random site of `kind`; false when there is none or it declined.
pub(crate) fn at_random(
    subject: &mut Subject<'_>,
    rng: &mut Rng,
    kind: Kind,
    apply: &mut dyn FnMut(Node<'_>) -> bool,
) -> bool {
    let mut count = Sites {
        kind,
        count: 0,
        target: usize::MAX,
        apply: None,
        applied: false,
    };
    visit(subject, &mut count);
    if count.count == 0 {
        return false;
    }
    let mut sites = Sites {
        kind,
        count: 0,
        target: rng.below(count.count),
        apply: Some(apply),
        applied: false,
    };
    visit(subject, &mut sites);
    sites.applied
}

pub(crate) fn parse_expr(s: &str) -> Option<Expr> {
    syn::parse_str(s).ok()
}

pub(crate) fn parse_stmt(s: &str) -> Option<Stmt> {
    syn::parse_str::<Block>(&format!("{{ {s} }}"))
        .ok()
        .and_then(|b| b.stmts.into_iter().next())
}

/// Wraps an expression in parentheses unless it is atomic.
pub(crate) fn paren(e: &Expr) -> Expr {
    match e {
        Expr::Path(_)
        | Expr::Lit(_)
        | Expr::Paren(_)
        | Expr::Call(_)
        | Expr::MethodCall(_)
        | Expr::Index(_)
        | Expr::Field(_) => e.clone(),
        _ => syn::parse_quote!((#e)),
    }
}

/// One mutation; false when it found nothing to change.
type Mutation = fn(&mut Subject<'_>, &Context, &mut Rng) -> bool;

/// Every mutation, by name.
pub const MUTATIONS: &[(&str, Mutation)] = &[
    ("literal", literal),
    ("operator", operator),
    ("unary", unary),
    ("cast", cast),
    ("method", method),
    ("type", change_type),
    ("delete-stmt", delete_stmt),
    ("duplicate-stmt", duplicate_stmt),
    ("swap-stmts", swap_stmts),
    ("control", control),
    ("wrap-if", wrap_if),
    ("barrier", barrier),
    ("call", call),
    ("index", index),
    ("array-len", array_len),
    ("ident", ident),
    ("let", local),
    ("range", range),
    ("unsupported", unsupported),
    ("tile-static", tile_static),
    ("condition", condition),
    ("replace-expr", replace_expr),
    ("rename-method", rename_method),
    ("signature", signature),
    ("domain", domain),
];

/// Applies `count` random mutations; returns the names of those applied.
pub fn mutate(
    subject: &mut Subject<'_>,
    ctx: &Context,
    rng: &mut Rng,
    count: usize,
) -> Vec<&'static str> {
    let mut applied = Vec::new();
    let mut tries = 0;
    while applied.len() < count && tries < 50 {
        tries += 1;
        let (name, mutation) = *rng.pick(MUTATIONS);
        if mutation(subject, ctx, rng) {
            applied.push(name);
        }
    }
    applied
}

/// An argument for an inserted call: a name of the kernel or a literal.
pub(crate) fn argument(ctx: &Context, rng: &mut Rng) -> String {
    if !ctx.idents.is_empty() && rng.one_in(2) {
        rng.pick(&ctx.idents).clone()
    } else {
        rng.pick(&["1", "1.0f32", "2u32", "0"]).to_string()
    }
}

/// A condition: thread-dependent, tile-uniform or constant.
pub(crate) fn condition_text(ctx: &Context, rng: &mut Rng) -> String {
    let mut options = vec!["true".to_owned(), "1 > 2".to_owned()];
    if let Some(p) = &ctx.index {
        options.push(format!("{p}[0] % 2 == 0"));
        options.push(format!("{p}[0] > 3"));
        if ctx.tiled {
            options.push(format!("{p}.local[0] == 0"));
            options.push(format!("{p}.tile[0] == 0"));
        }
    }
    rng.pick(&options).clone()
}
