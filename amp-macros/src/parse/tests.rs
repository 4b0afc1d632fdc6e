//! The parser on its own: the tree it builds, and the errors it collects.

use crate::ast::{ArrayKind, Binding, ExprKind, ForIter, StmtKind};
use crate::errors::Errors;

/// `body` (a block's statements) parsed, with the messages of its errors.
fn parse(body: &str) -> (crate::ast::Block, Vec<String>) {
    let block: syn::Block = syn::parse_str(&format!("{{ {body} }}")).expect("a block");
    let mut errors = Errors::default();
    let tree = super::block(&block, &mut errors);
    let messages = match errors.finish() {
        Ok(()) => Vec::new(),
        Err(e) => e.into_iter().map(|e| e.to_string()).collect(),
    };
    (tree, messages)
}

#[test]
fn every_form_kernels_lack_is_reported_in_one_walk() {
    let (_, errors) = parse(
        "let s = \"text\";
         let v = vec![1];
         unsafe { x = &&p; }
         let t = (a, b);
         for i in f(n) { }",
    );
    assert_eq!(errors.len(), 6, "{errors:#?}");
    assert!(errors[0].starts_with("string literals"));
    assert!(errors[1].starts_with("this macro is not supported in kernels"));
    assert!(errors[2].starts_with("`unsafe` blocks"));
    assert!(errors[3].starts_with("references to references"));
    assert!(errors[4].starts_with("tuples are not supported"));
    assert!(errors[5].starts_with("`for` loops in kernels iterate"));
}

#[test]
fn statements_become_the_forms_they_are() {
    let (tree, errors) = parse(
        "#[tile_static] let mut t: [f32; 16];
         let (a, b) = (x, [0.0f32; 4]);
         let mut acc: f32 = 0.0;
         let arr = [1, 2, 3];
         for i in (0..n).step_by(2) { acc += v[i].clone(); }",
    );
    assert!(errors.is_empty(), "{errors:#?}");
    let kinds: Vec<_> = tree.stmts.iter().map(|s| &s.kind).collect();
    assert!(matches!(kinds[0], StmtKind::TileStatic(t)
        if matches!(&t.binding, Binding::Name { name, mutable: true } if name == "t")));
    let StmtKind::Tuple(pairs) = kinds[1] else {
        panic!("a tuple binding")
    };
    assert!(matches!(pairs[0].1.kind, ArrayKind::Value(_)));
    assert!(matches!(pairs[1].1.kind, ArrayKind::Repeat { .. }));
    assert!(matches!(kinds[2], StmtKind::Let(l) if l.ty.is_some()));
    assert!(matches!(kinds[3], StmtKind::LocalArray(a)
        if matches!(&a.init.kind, ArrayKind::List(elems) if elems.len() == 3)));
    let StmtKind::Expr { expr, .. } = kinds[4] else {
        panic!("a loop")
    };
    let ExprKind::For(f) = &expr.kind else {
        panic!("a `for` loop")
    };
    assert!(matches!(&f.iter, ForIter::Range(r) if r.step.is_some() && !r.rev && !r.inclusive));
    let Some(StmtKind::Expr { expr, .. }) = f.body.stmts.first().map(|s| &s.kind) else {
        panic!("the loop's body")
    };
    let ExprKind::Assign {
        op: Some(_), value, ..
    } = &expr.kind
    else {
        panic!("a compound assignment")
    };
    assert!(matches!(value.kind, ExprKind::Clone(_)));
}

#[test]
fn a_rejected_form_leaves_its_contents() {
    let (tree, errors) = parse("unsafe { return 5; }");
    assert_eq!(errors.len(), 1);
    let Some(StmtKind::Expr { expr, .. }) = tree.stmts.first().map(|s| &s.kind) else {
        panic!("a statement")
    };
    let ExprKind::Block(b) = &expr.kind else {
        panic!("the block stands for `unsafe`")
    };
    assert!(b.diverges());
}

#[test]
fn only_places_are_assigned_and_only_paths_called() {
    let (_, errors) = parse("f(x) = 1; (g.h)(2); *p = 3;");
    assert_eq!(
        errors,
        [
            "only locals, view and array elements, and their fields and components can be \
             assigned in kernels",
            "kernels can only call #[kernel] functions by name",
        ]
    );
}

#[test]
fn references_and_dereferences_are_parsed() {
    let (tree, errors) = parse("let r = &mut a[i]; *r += 1; let s = &x; let v = *s;");
    assert!(errors.is_empty(), "{errors:#?}");
    let kinds: Vec<_> = tree.stmts.iter().map(|s| &s.kind).collect();
    assert!(matches!(kinds[0], StmtKind::Let(l)
        if matches!(&l.value.kind, ExprKind::Reference { mutable: true, operand, .. }
            if matches!(operand.kind, ExprKind::Index { .. }))));
    let StmtKind::Expr { expr, .. } = kinds[1] else {
        panic!("an assignment")
    };
    assert!(
        matches!(&expr.kind, ExprKind::Assign { place, op: Some(_), .. }
        if matches!(place.kind, crate::ast::PlaceKind::Deref { .. }))
    );
    assert!(matches!(kinds[2], StmtKind::Let(l)
        if matches!(&l.value.kind, ExprKind::Reference { mutable: false, .. })));
    assert!(matches!(kinds[3], StmtKind::Let(l)
        if matches!(&l.value.kind, ExprKind::Unary { op: crate::ast::UnaryOp::Deref, .. })));
}

#[test]
fn break_and_continue_stay_in_loops() {
    let (_, errors) = parse("break; loop { break; while c { continue; } } continue;");
    assert_eq!(errors.len(), 2, "{errors:#?}");
    assert!(errors.iter().all(|e| e.contains("outside of a loop")));
}
