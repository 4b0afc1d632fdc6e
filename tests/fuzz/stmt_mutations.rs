//! Mutations of statements (deleted, duplicated, swapped, wrapped in an `if`; control flow,
//! barriers, calls, tile_static declarations and unsupported constructs inserted), of the
//! kernel's signature and of the launch's domain.

use crate::fuzz::mutate::{
    argument, at_random, condition_text, paren, parse_expr, parse_stmt, Context, Kind, Node, Rng,
    Subject,
};
use crate::fuzz::tables::*;
use syn::visit_mut::VisitMut;
use syn::{Block, Expr, Stmt, Type};

/// The positions a statement can be inserted at: before the block's value, if it has one.
pub(crate) fn insert_positions(b: &Block) -> usize {
    match b.stmts.last() {
        Some(Stmt::Expr(_, None)) => b.stmts.len(),
        _ => b.stmts.len() + 1,
    }
}

pub(crate) fn delete_stmt(subject: &mut Subject<'_>, _: &Context, rng: &mut Rng) -> bool {
    let r = rng.next() as usize;
    at_random(subject, rng, Kind::Block, &mut |node| match node {
        Node::Block(b) if !b.stmts.is_empty() => {
            b.stmts.remove(r % b.stmts.len());
            true
        }
        _ => false,
    })
}

pub(crate) fn duplicate_stmt(subject: &mut Subject<'_>, _: &Context, rng: &mut Rng) -> bool {
    let r = rng.next() as usize;
    at_random(subject, rng, Kind::Block, &mut |node| match node {
        Node::Block(b) if !b.stmts.is_empty() => {
            let i = r % b.stmts.len();
            let mut copy = b.stmts[i].clone();
            if let Stmt::Expr(_, semi @ None) = &mut copy {
                *semi = Some(Default::default());
            }
            b.stmts.insert(i, copy);
            true
        }
        _ => false,
    })
}

pub(crate) fn swap_stmts(subject: &mut Subject<'_>, _: &Context, rng: &mut Rng) -> bool {
    let r = rng.next() as usize;
    at_random(subject, rng, Kind::Block, &mut |node| match node {
        Node::Block(b) => {
            let movable = insert_positions(b) - 1;
            if movable < 2 {
                return false;
            }
            let i = r % (movable - 1);
            b.stmts.swap(i, i + 1);
            true
        }
        _ => false,
    })
}

/// Inserts `stmt` at a random position of a random block.
pub(crate) fn insert(subject: &mut Subject<'_>, rng: &mut Rng, stmt: Option<Stmt>) -> bool {
    let Some(stmt) = stmt else {
        return false;
    };
    let r = rng.next() as usize;
    at_random(subject, rng, Kind::Block, &mut |node| match node {
        Node::Block(b) => {
            let i = r % insert_positions(b);
            b.stmts.insert(i, stmt.clone());
            true
        }
        _ => false,
    })
}

pub(crate) fn control(subject: &mut Subject<'_>, _: &Context, rng: &mut Rng) -> bool {
    let stmt = parse_stmt(rng.choose(CONTROL));
    insert(subject, rng, stmt)
}

pub(crate) fn unsupported(subject: &mut Subject<'_>, _: &Context, rng: &mut Rng) -> bool {
    let stmt = parse_stmt(rng.choose(UNSUPPORTED));
    insert(subject, rng, stmt)
}

pub(crate) fn tile_static(subject: &mut Subject<'_>, _: &Context, rng: &mut Rng) -> bool {
    let stmt = parse_stmt(rng.choose(TILE_STATIC));
    insert(subject, rng, stmt)
}

pub(crate) fn barrier(subject: &mut Subject<'_>, ctx: &Context, rng: &mut Rng) -> bool {
    let Some(p) = &ctx.index else {
        return false;
    };
    let wait = rng
        .pick(&[
            "barrier.wait()",
            "barrier.wait_with_tile_static_memory_fence()",
            "barrier.wait_with_global_memory_fence()",
        ])
        .to_string();
    let text = match rng.below(4) {
        0 => format!("{p}.{wait};"),
        1 => format!("amp::all_memory_fence({p}.barrier);"),
        _ => format!("if {} {{ {p}.{wait}; }}", condition_text(ctx, rng)),
    };
    let stmt = parse_stmt(&text);
    insert(subject, rng, stmt)
}

pub(crate) fn wrap_if(subject: &mut Subject<'_>, ctx: &Context, rng: &mut Rng) -> bool {
    let Some(cond) = parse_expr(&condition_text(ctx, rng)) else {
        return false;
    };
    let r = rng.next() as usize;
    at_random(subject, rng, Kind::Block, &mut |node| match node {
        Node::Block(b) if !b.stmts.is_empty() => {
            let i = r % b.stmts.len();
            let stmt = &b.stmts[i];
            // In parentheses: a condition may hold a struct literal, which `if` cannot take bare.
            match syn::parse2::<Expr>(quote::quote!(if (#cond) { #stmt })) {
                Ok(wrapped) => {
                    b.stmts[i] = Stmt::Expr(wrapped, None);
                    true
                }
                Err(_) => false,
            }
        }
        _ => false,
    })
}

/// A call to this kernel function (recursion) or to another of the file's.
pub(crate) fn call(subject: &mut Subject<'_>, ctx: &Context, rng: &mut Rng) -> bool {
    let text = match &ctx.this_fn {
        Some((name, params)) if rng.one_in(2) => {
            format!("let _fz = {name}({});", params.join(", "))
        }
        _ => {
            if ctx.kernels.is_empty() {
                return false;
            }
            let (name, arity) = rng.pick(&ctx.kernels).clone();
            let arity = if rng.one_in(4) { arity + 1 } else { arity };
            let args: Vec<String> = (0..arity).map(|_| argument(ctx, rng)).collect();
            format!("let _fz = {name}({});", args.join(", "))
        }
    };
    let stmt = parse_stmt(&text);
    insert(subject, rng, stmt)
}
/// Changes the closure's parameters or the kernel function's signature.
pub(crate) fn signature(subject: &mut Subject<'_>, ctx: &Context, rng: &mut Rng) -> bool {
    match subject {
        Subject::Launch(_, closure) => {
            let text = *rng.pick(&[
                "|idx: Index<2>|",
                "|idx: TiledIndex<1>|",
                "|idx|",
                "|idx: Index<1>, j: i32|",
                "||",
                "|(a, b): (i32, i32)|",
                "|idx: i32|",
                "|_: Index<1>|",
                "move |idx: Index<1>|",
                "|idx: Index<9>|",
            ]);
            // Keep the parameter's name, so that the body still refers to it.
            let name = ctx.index.as_deref().unwrap_or("idx");
            let text = text.replace("idx", name);
            let Ok(Expr::Closure(new)) = syn::parse_str::<Expr>(&format!("{text} {{}}")) else {
                return false;
            };
            closure.inputs = new.inputs;
            closure.capture = new.capture;
            true
        }
        Subject::Kernel(f) => match rng.below(5) {
            4 => {
                f.vis = syn::parse_quote!(pub);
                true
            }
            0 => {
                f.sig.output = syn::parse_quote!(-> f32);
                true
            }
            1 => {
                f.sig.output = syn::ReturnType::Default;
                true
            }
            2 => {
                f.sig.inputs.push(syn::parse_quote!(extra: i32));
                true
            }
            _ => f.sig.inputs.pop().is_some(),
        },
    }
}

/// Changes the launch's domain: tiles an untiled launch (and makes its index a `TiledIndex`),
/// changes a tiled launch's tile sizes, or launches over another extent.
pub(crate) fn domain(subject: &mut Subject<'_>, _: &Context, rng: &mut Rng) -> bool {
    let Subject::Launch(args, closure) = subject else {
        return false;
    };
    let Some(d) = args.last_mut() else {
        return false;
    };
    let sizes = ["0", "1", "3", "4", "16", "64", "1024", "2048"];
    let mut retiled = false;
    let mut tiles = Tiles {
        sizes: (0..3).map(|_| (*rng.pick(&sizes)).to_owned()).collect(),
        found: false,
    };
    tiles.visit_expr_mut(d);
    if tiles.found {
        return true;
    }
    // The rank of the index parameter, when it is annotated `Index<R>`.
    let rank = match closure.inputs.first_mut() {
        Some(syn::Pat::Type(t)) => {
            let ty = &t.ty;
            let text = quote::quote!(#ty).to_string().replace(' ', "");
            text.strip_prefix("Index<")
                .and_then(|r| r.strip_suffix('>'))
                .and_then(|r| r.parse::<usize>().ok())
                .filter(|r| (1..=3).contains(r))
                .map(|r| (r, t))
        }
        _ => None,
    };
    let e = paren(d);
    let e = quote::quote!(#e).to_string();
    let text = match (rng.below(6), rank) {
        (0..=3, Some((r, t))) => {
            let dims: Vec<&str> = (0..r).map(|_| *rng.pick(&sizes)).collect();
            let edge = *rng.pick(&["", ".pad()", ".truncate()"]);
            if let Ok(ty) = syn::parse_str::<Type>(&format!("TiledIndex<{r}>")) {
                *t.ty = ty;
                retiled = true;
            }
            format!("{e}.tile::<{}>(){edge}", dims.join(", "))
        }
        (4, _) => "Extent::new([0])".to_owned(),
        (5, _) => "Extent::new([1, 1, 1, 1, 1, 1, 1, 1, 1])".to_owned(),
        _ => "Extent::new([3])".to_owned(),
    };
    parse_expr(&text).map(|n| *d = n).is_some() || retiled
}

/// Replaces the tile sizes of a `.tile::<…>()` call.
struct Tiles {
    sizes: Vec<String>,
    found: bool,
}

impl VisitMut for Tiles {
    fn visit_expr_method_call_mut(&mut self, m: &mut syn::ExprMethodCall) {
        if m.method == "tile" {
            if let Some(turbofish) = &mut m.turbofish {
                let n = turbofish.args.len().min(self.sizes.len());
                let text = format!("::<{}>", self.sizes[..n].join(", "));
                if let Ok(new) = syn::parse_str::<syn::AngleBracketedGenericArguments>(&text) {
                    *turbofish = new;
                    self.found = true;
                }
            }
        }
        syn::visit_mut::visit_expr_method_call_mut(self, m);
    }
}
