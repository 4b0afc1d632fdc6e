//! Mutations of expressions and types: literals, operators, casts, method calls, subscripts,
//! array lengths, names, `let`s, loop ranges and conditions.

use crate::fuzz::mutate::{
    argument, at_random, condition_text, paren, parse_expr, Context, Kind, Node, Rng, Subject,
};
use crate::fuzz::tables::*;
use syn::{BinOp, Expr, Type};

pub(crate) fn literal(subject: &mut Subject<'_>, _: &Context, rng: &mut Rng) -> bool {
    let new = rng.choose(LITERALS);
    at_random(subject, rng, Kind::Literal, &mut |node| match node {
        Node::Expr(e) => parse_expr(new).map(|n| *e = n).is_some(),
        _ => false,
    })
}

pub(crate) fn operator(subject: &mut Subject<'_>, _: &Context, rng: &mut Rng) -> bool {
    let plain = rng.choose(BINOPS);
    let assign = rng.choose(ASSIGN_OPS);
    at_random(subject, rng, Kind::Binary, &mut |node| {
        let Node::Expr(Expr::Binary(b)) = node else {
            return false;
        };
        let is_assign = matches!(
            b.op,
            BinOp::AddAssign(_)
                | BinOp::SubAssign(_)
                | BinOp::MulAssign(_)
                | BinOp::DivAssign(_)
                | BinOp::RemAssign(_)
                | BinOp::BitAndAssign(_)
                | BinOp::BitOrAssign(_)
                | BinOp::BitXorAssign(_)
                | BinOp::ShlAssign(_)
                | BinOp::ShrAssign(_)
        );
        let op = if is_assign { assign } else { plain };
        match syn::parse_str::<BinOp>(op) {
            Ok(op) => {
                b.op = op;
                true
            }
            Err(_) => false,
        }
    })
}

pub(crate) fn unary(subject: &mut Subject<'_>, _: &Context, rng: &mut Rng) -> bool {
    let op = *rng.pick(&["-", "!"]);
    at_random(subject, rng, Kind::AnyExpr, &mut |node| match node {
        Node::Expr(e) => {
            let inner = paren(e);
            parse_expr(&format!("{op}{}", quote::quote!(#inner)))
                .map(|n| *e = n)
                .is_some()
        }
        _ => false,
    })
}

pub(crate) fn cast(subject: &mut Subject<'_>, _: &Context, rng: &mut Rng) -> bool {
    let ty = rng.choose(TYPES);
    at_random(subject, rng, Kind::AnyExpr, &mut |node| match node {
        Node::Expr(e) => {
            let inner = paren(e);
            parse_expr(&format!("({} as {ty})", quote::quote!(#inner)))
                .map(|n| *e = n)
                .is_some()
        }
        _ => false,
    })
}

pub(crate) fn method(subject: &mut Subject<'_>, ctx: &Context, rng: &mut Rng) -> bool {
    let template = rng.choose(METHODS);
    let mut call = String::new();
    for (i, part) in template.split("{}").enumerate() {
        if i > 0 {
            call.push_str(&argument(ctx, rng));
        }
        call.push_str(part);
    }
    at_random(subject, rng, Kind::AnyExpr, &mut |node| match node {
        Node::Expr(e) => {
            let inner = paren(e);
            parse_expr(&format!("{}.{call}", quote::quote!(#inner)))
                .map(|n| *e = n)
                .is_some()
        }
        _ => false,
    })
}

pub(crate) fn change_type(subject: &mut Subject<'_>, _: &Context, rng: &mut Rng) -> bool {
    let new = rng.choose(TYPES);
    at_random(subject, rng, Kind::Type, &mut |node| match node {
        Node::Type(t) => syn::parse_str::<Type>(new).map(|n| *t = n).is_ok(),
        _ => false,
    })
}
pub(crate) fn index(subject: &mut Subject<'_>, ctx: &Context, rng: &mut Rng) -> bool {
    let p = ctx.index.clone().unwrap_or_else(|| "0".to_owned());
    let mut options = vec![
        "-1".to_owned(),
        "1000000".to_owned(),
        format!("{p}[0] + 1"),
        "(0, 0)".to_owned(),
        "[0, 0, 0]".to_owned(),
        p.clone(),
        "1.0f32".to_owned(),
        "0u32".to_owned(),
    ];
    for e in &ctx.indices {
        options.push(quote::quote!(#e).to_string());
    }
    let new = rng.pick(&options).clone();
    let swap = rng.one_in(3);
    at_random(subject, rng, Kind::Index, &mut |node| {
        let Node::Expr(Expr::Index(i)) = node else {
            return false;
        };
        if swap {
            if let Expr::Tuple(t) = &mut *i.index {
                if t.elems.len() >= 2 {
                    let mut elems: Vec<Expr> = t.elems.iter().cloned().collect();
                    elems.swap(0, 1);
                    t.elems = elems.into_iter().collect();
                    return true;
                }
            }
        }
        parse_expr(&new).map(|n| *i.index = n).is_some()
    })
}

pub(crate) fn array_len(subject: &mut Subject<'_>, _: &Context, rng: &mut Rng) -> bool {
    let Some(len) = parse_expr(rng.choose(ARRAY_LENS)) else {
        return false;
    };
    at_random(subject, rng, Kind::ArrayLen, &mut |node| match node {
        Node::Expr(Expr::Repeat(r)) => {
            *r.len = len.clone();
            true
        }
        Node::Type(Type::Array(a)) => {
            a.len = len.clone();
            true
        }
        _ => false,
    })
}

pub(crate) fn ident(subject: &mut Subject<'_>, ctx: &Context, rng: &mut Rng) -> bool {
    if ctx.idents.len() < 2 {
        return false;
    }
    let new = rng.pick(&ctx.idents).clone();
    at_random(subject, rng, Kind::Path, &mut |node| match node {
        Node::Expr(e) => parse_expr(&new).map(|n| *e = n).is_some(),
        _ => false,
    })
}

pub(crate) fn local(subject: &mut Subject<'_>, _: &Context, rng: &mut Rng) -> bool {
    let choice = rng.below(3);
    let ty = rng.choose(TYPES);
    at_random(subject, rng, Kind::Local, &mut |node| {
        let Node::Local(l) = node else {
            return false;
        };
        match choice {
            0 => {
                let pat = match &mut l.pat {
                    syn::Pat::Type(t) => &mut *t.pat,
                    other => other,
                };
                if let syn::Pat::Ident(id) = pat {
                    id.mutability = match id.mutability {
                        Some(_) => None,
                        None => Some(Default::default()),
                    };
                    true
                } else {
                    false
                }
            }
            1 => l.init.take().is_some(),
            _ => {
                let Ok(ty) = syn::parse_str::<Type>(ty) else {
                    return false;
                };
                let pat = match &l.pat {
                    syn::Pat::Type(t) => (*t.pat).clone(),
                    other => other.clone(),
                };
                l.pat = syn::Pat::Type(syn::PatType {
                    attrs: Vec::new(),
                    pat: Box::new(pat),
                    colon_token: Default::default(),
                    ty: Box::new(ty),
                });
                true
            }
        }
    })
}

pub(crate) fn range(subject: &mut Subject<'_>, ctx: &Context, rng: &mut Rng) -> bool {
    let choice = rng.below(8);
    let name = ctx
        .idents
        .first()
        .cloned()
        .unwrap_or_else(|| "n".to_owned());
    at_random(subject, rng, Kind::For, &mut |node| {
        let Node::Expr(Expr::ForLoop(f)) = node else {
            return false;
        };
        let e = paren(&f.expr);
        let text = match (choice, &*f.expr) {
            (0, _) => format!("{}.rev()", quote::quote!(#e)),
            (1, _) => format!("{}.step_by(0)", quote::quote!(#e)),
            (2, _) => format!("{}.step_by(3)", quote::quote!(#e)),
            (3, Expr::Range(r)) => {
                let (a, b) = (&r.start, &r.end);
                format!("{}..{}", quote::quote!(#b), quote::quote!(#a))
            }
            (4, Expr::Range(r)) => {
                let (a, b) = (&r.start, &r.end);
                format!("{}..={}", quote::quote!(#a), quote::quote!(#b))
            }
            (5, _) => "0..100000".to_owned(),
            (6, _) => "[1, 2, 3]".to_owned(),
            _ => name.clone(),
        };
        parse_expr(&text).map(|n| *f.expr = n).is_some()
    })
}

pub(crate) fn condition(subject: &mut Subject<'_>, ctx: &Context, rng: &mut Rng) -> bool {
    let choice = rng.below(4);
    let other = condition_text(ctx, rng);
    let name = argument(ctx, rng);
    at_random(subject, rng, Kind::If, &mut |node| {
        let Node::Expr(Expr::If(i)) = node else {
            return false;
        };
        let c = paren(&i.cond);
        let text = match choice {
            0 => format!("!{}", quote::quote!(#c)),
            1 => format!("{} && {other}", quote::quote!(#c)),
            2 => name.clone(),
            _ => other.clone(),
        };
        parse_expr(&text).map(|n| *i.cond = n).is_some()
    })
}

pub(crate) fn replace_expr(subject: &mut Subject<'_>, ctx: &Context, rng: &mut Rng) -> bool {
    let new = if !ctx.exprs.is_empty() && !rng.one_in(4) {
        rng.pick(&ctx.exprs).clone()
    } else {
        match parse_expr(rng.choose(LITERALS)) {
            Some(e) => e,
            None => return false,
        }
    };
    at_random(subject, rng, Kind::AnyExpr, &mut |node| match node {
        Node::Expr(e) => {
            *e = paren(&new);
            true
        }
        _ => false,
    })
}

pub(crate) fn rename_method(subject: &mut Subject<'_>, _: &Context, rng: &mut Rng) -> bool {
    let template = rng.choose(METHODS);
    let name = template.split('(').next().unwrap_or("abs").to_owned();
    at_random(subject, rng, Kind::MethodCall, &mut |node| {
        let Node::Expr(Expr::MethodCall(m)) = node else {
            return false;
        };
        m.method = syn::Ident::new(&name, m.method.span());
        true
    })
}
