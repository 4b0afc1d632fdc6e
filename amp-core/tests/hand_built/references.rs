//! References passed to device functions: one naga function per specialisation. A reference is
//! its root and path; a function-local root is a pointer argument, a global root (tile_static
//! memory, a view) a specialisation of its own. Two calls with the same shapes share one
//! function; another tile_static root makes another.

use amp_core::builder::device_fn;
use amp_core::lang::Assign;
use amp_core::place::IntoPlace;
use amp_core::refs::{borrow_mut, RefMut};
use amp_core::tile_static::DeclareMemory;
use amp_core::view::IndexWrite;
use amp_core::{ops, KernelBuilder, KernelIr, Loc, ReadWrite, View};
use naga::valid::Capabilities;
use std::any::TypeId;

const HERE: Loc = Loc::new("references.rs", 1, 1);

/// The marker of `fill`.
struct Fill;
/// The marker of `bump`.
struct Bump;

/// `fn fill(a: &mut [f32; 64]) { a[0] = 1.0; }`, called.
fn fill(b: &mut KernelBuilder, a: RefMut<'_, [f32; 64]>) {
    device_fn(b, "fill", TypeId::of::<Fill>(), (a.erase(),), |b, (a,)| {
        let place = a.into_place(b);
        let (i, one) = (ops::lit(b, 0u32), ops::lit(b, 1.0f32));
        place.index_write(b, i, one);
    })
}

/// `fn bump(a: &mut f32) { *a = 2.0; }`, called.
fn bump(b: &mut KernelBuilder, a: RefMut<'_, f32>) {
    device_fn(b, "bump", TypeId::of::<Bump>(), (a.erase(),), |b, (a,)| {
        let two = ops::lit(b, 2.0f32);
        a.place().assign(b, two);
    })
}

/// The module's functions named `name`.
fn functions(ir: &KernelIr, name: &str) -> usize {
    ir.module
        .functions
        .iter()
        .filter(|(_, f)| f.name.as_deref() == Some(name))
        .count()
}

#[test]
fn one_function_per_root_and_shape() {
    let mut b = KernelBuilder::new("references", HERE);
    let t = b.tiled_entry::<1>([64, 1, 1]);
    let out = View::<f32, 1, ReadWrite>::declare(&mut b);
    let mut first = b.tile_static::<[f32; 64]>(Some("first"));
    let mut second = b.tile_static::<[f32; 64]>(Some("second"));
    // The same tile_static root twice: one function; another root: another.
    for _ in 0..2 {
        let place = first;
        let r = borrow_mut(&mut first, &mut b, place);
        fill(&mut b, r);
    }
    let place = second;
    let r = borrow_mut(&mut second, &mut b, place);
    fill(&mut b, r);
    // Two locals of one type, at a constant and at a run-time index: one function (the root is
    // passed as a pointer, the index as a value).
    let zeros = ops::lit(&mut b, 0.0f32);
    let mut x = b.var(Some("x"), zeros);
    let mut y = b.var(Some("y"), zeros);
    for var in [&mut x, &mut y] {
        let place = (*var).into_place(&mut b);
        let r = borrow_mut(var, &mut b, place);
        bump(&mut b, r);
    }
    // An element of a view: a specialisation for its binding.
    let place = out.place(&mut b, t.global);
    let mut view = out;
    let r = borrow_mut(&mut view, &mut b, place);
    bump(&mut b, r);
    let v = b.load(x);
    out.store(&mut b, t.global, v);
    let ir = b.finish(Capabilities::empty()).expect("valid");
    assert_eq!(functions(&ir, "fill"), 2, "one `fill` per tile_static root");
    assert_eq!(
        functions(&ir, "bump"),
        2,
        "one `bump` for locals, one for the view"
    );
}
