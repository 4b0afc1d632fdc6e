//! The range analysis on its own: what it proves, what it must not prove, and how many checks
//! a kernel keeps.

use crate::builder::{Bound, Interval, KernelBuilder};
use crate::for_loop::ForLoop;
use crate::layout::{BindingKind, Checks};
use crate::ops::{Arith, ArithOp, CmpOp, Compare};
use crate::tile_static::DeclareMemory;
use crate::view::{IndexConst, IndexRead, IndexWrite};
use crate::{Index, KernelValue, Loc, ReadWrite, View};
use naga::valid::Capabilities;

const HERE: Loc = Loc::new("bounds.rs", 1, 1);

fn tiled(tile: [u32; 3]) -> (KernelBuilder, crate::TiledIndex<2>) {
    let mut b = KernelBuilder::new("analysis", HERE);
    let t = b.tiled_entry::<2>(tile);
    (b, t)
}

fn lit(b: &mut KernelBuilder, v: i32) -> KernelValue<i32> {
    b.literal(v)
}

fn op(b: &mut KernelBuilder, l: KernelValue<i32>, o: ArithOp, r: i32) -> KernelValue<i32> {
    let r = lit(b, r);
    l.arith(b, o, r)
}

#[test]
fn local_indices_are_known() {
    let (mut b, t) = tiled([16, 8, 1]);
    let row = t.local.index_const(&mut b, 0);
    let col = t.local.index_const(&mut b, 1);
    assert_eq!(b.interval(row.handle()), Some(Interval::new(0, 15)));
    assert_eq!(b.interval(col.handle()), Some(Interval::new(0, 7)));
    assert!(b.proves_below(row.handle(), Bound::Const(16)));
    assert!(!b.proves_below(row.handle(), Bound::Const(15)));
    // The tile and global indices are not bounded by anything the kernel knows.
    let tile = t.tile.index_const(&mut b, 0);
    assert!(!b.proves_below(tile.handle(), Bound::Const(1 << 30)));
}

#[test]
fn register_blocked_indices_are_proven() {
    // The shapes of a 64x64-per-tile matmul: e = lin + r * 256, m = e / 16, k = e % 16.
    let (mut b, t) = tiled([16, 16, 1]);
    let ty = t.local.index_const(&mut b, 0);
    let tx = t.local.index_const(&mut b, 1);
    let lin = op(&mut b, ty, ArithOp::Mul, 16);
    let lin = lin.arith(&mut b, ArithOp::Add, tx);
    let (zero, four) = (lit(&mut b, 0), lit(&mut b, 4));
    let r = b.begin_for(zero, four, false);
    let r = b.load(r);
    let e = op(&mut b, r, ArithOp::Mul, 256);
    let e = lin.arith(&mut b, ArithOp::Add, e);
    let m = op(&mut b, e, ArithOp::Div, 16);
    let k = op(&mut b, e, ArithOp::Rem, 16);
    assert_eq!(b.interval(e.handle()), Some(Interval::new(0, 1023)));
    assert!(b.proves_below(m.handle(), Bound::Const(64)));
    assert!(b.proves_below(k.handle(), Bound::Const(16)));
    // ty * 4 + i for i in 0..4 indexes 64 columns.
    let i = b.begin_for(zero, four, false);
    let i = b.load(i);
    let c = op(&mut b, ty, ArithOp::Mul, 4);
    let c = c.arith(&mut b, ArithOp::Add, i);
    assert!(b.proves_below(c.handle(), Bound::Const(64)));
    assert!(!b.proves_below(c.handle(), Bound::Const(63)));
}

#[test]
fn wrongly_provable_indices_keep_their_check() {
    let (mut b, t) = tiled([16, 1, 1]);
    let l = t.local.index_const(&mut b, 0);
    // l - 1 is -1 for the first thread.
    let below = op(&mut b, l, ArithOp::Sub, 1);
    assert!(!b.proves_below(below.handle(), Bound::Const(16)));
    // l + 1 is 16 for the last.
    let above = op(&mut b, l, ArithOp::Add, 1);
    assert!(!b.proves_below(above.handle(), Bound::Const(16)));
    // A product that may wrap is anything.
    let huge = op(&mut b, l, ArithOp::Mul, 0x1000_0000);
    let back = op(&mut b, huge, ArithOp::Rem, 16);
    assert!(!b.proves_below(back.handle(), Bound::Const(16)));
    // Unsigned wrap-around: (l as u32) - 1 is 4294967295 for the first thread.
    let lu: KernelValue<u32> = KernelValue::from_handle(b.as_u32(l.handle()));
    let one = b.literal(1u32);
    let wrapped = lu.arith(&mut b, ArithOp::Sub, one);
    assert!(!b.proves_below(wrapped.handle(), Bound::Const(16)));
    // A mutable local is not its earlier value: `if i < 16 { i += 1; a[i] }`.
    let i = b.var(None, l);
    let iv = b.load(i);
    let sixteen = lit(&mut b, 16);
    let inside = iv.compare(&mut b, CmpOp::Lt, sixteen);
    b.begin_if(inside);
    // Inside: below 16 (but a local's value may be negative, so not proven in range).
    assert_eq!(b.interval(iv.handle()).map(|i| i.hi), Some(15));
    assert!(!b.proves_below(iv.handle(), Bound::Const(16)));
    let next = op(&mut b, iv, ArithOp::Add, 1);
    b.store(i, next);
    let reloaded = b.load(i);
    assert!(!b.proves_below(reloaded.handle(), Bound::Const(16)));
    b.end_if();
    // The guard's fact ends with its block.
    assert_eq!(b.interval(iv.handle()).map(|i| i.hi), Some(i32::MAX.into()));
}

#[test]
fn loop_counters_are_bounded_inside_their_loop_only() {
    let mut b = KernelBuilder::new("loops", HERE);
    let _ = b.untiled_entry::<1>();
    let (zero, eight) = (lit(&mut b, 0), lit(&mut b, 8));
    let counter = b.begin_for(zero, eight, false);
    let k = b.load(counter);
    assert!(b.proves_below(k.handle(), Bound::Const(8)));
    b.end_for(counter, eight, None::<KernelValue<u32>>, false);
    let after = b.load(counter);
    assert!(!b.proves_below(after.handle(), Bound::Const(8)));
    // Inclusive ranges reach their end.
    let counter = b.begin_for(zero, eight, true);
    let k = b.load(counter);
    assert!(!b.proves_below(k.handle(), Bound::Const(8)));
    assert!(b.proves_below(k.handle(), Bound::Const(9)));
    b.end_for(counter, eight, None::<KernelValue<u32>>, true);
    // A range starting below zero.
    let minus = lit(&mut b, -2);
    let counter = b.begin_for(minus, eight, false);
    let k = b.load(counter);
    assert!(!b.proves_below(k.handle(), Bound::Const(8)));
    b.end_for(counter, eight, None::<KernelValue<u32>>, false);
}

#[test]
fn guards_prove_view_accesses_symbolically() {
    let mut b = KernelBuilder::new("guards", HERE);
    let idx = b.untiled_entry::<1>();
    let v = View::<f32, 1, ReadWrite>::declare(&mut b);
    let i = idx.index_const(&mut b, 0);
    let n = v.extent(&mut b).index_const(&mut b, 0);
    let outside = i.compare(&mut b, CmpOp::Ge, n);
    // `if i >= n { return; }` guards the rest of the kernel.
    b.begin_if(outside);
    b.ret_unit();
    b.end_if();
    eprintln!("DEBUG i {:?}", b.interval(i.handle()));
    let x = v.index_read(&mut b, i);
    v.index_write(&mut b, i, x);
    // An unguarded neighbour keeps its check.
    let j = op(&mut b, i, ArithOp::Add, 1);
    let y = v.index_read(&mut b, j);
    // `for k in 0..v.extent()[0] { v[k] }` needs no check either.
    let zero = lit(&mut b, 0);
    let n2 = v.extent(&mut b).index_const(&mut b, 0);
    let counter = b.begin_for(zero, n2, false);
    let k = b.load(counter);
    let z = v.index_read(&mut b, k);
    let s = z.arith(&mut b, ArithOp::Add, y);
    v.index_write(&mut b, k, s);
    b.end_for(counter, n2, None::<KernelValue<u32>>, false);
    let ir = b.finish(Capabilities::empty()).expect("valid");
    assert_eq!(ir.sites.len(), 1, "only v[i + 1] is checked");
    assert_eq!(ir.sites[0].kind, crate::builder::AccessKind::ViewRead);
}

#[test]
fn unchecked_kernels_have_no_checks_and_no_fault_buffer() {
    let mut b = KernelBuilder::new("unchecked", HERE);
    b.set_checks(Checks::Unchecked);
    let idx = b.untiled_entry::<1>();
    let v = View::<i32, 1, ReadWrite>::declare(&mut b);
    let i = idx.index_const(&mut b, 0);
    let j = op(&mut b, i, ArithOp::Add, 7);
    let x = v.index_read(&mut b, j);
    v.index_write(&mut b, i, x);
    let ir = b.finish(Capabilities::empty()).expect("valid");
    assert!(ir.sites.is_empty());
    assert_eq!(ir.layout.faults, None);
    assert_eq!(ir.layout.bindings.len(), 1);
}

#[test]
fn checked_kernels_record_faults_and_validate() {
    let mut b = KernelBuilder::new("checked", HERE);
    let idx = b.untiled_entry::<2>();
    let v = View::<i32, 2, ReadWrite>::declare(&mut b);
    let x = v.index_read(&mut b, idx);
    let y = op(&mut b, x, ArithOp::Add, 1);
    v.index_write(&mut b, idx, y);
    let ir = b.finish(Capabilities::empty()).expect("valid");
    assert_eq!(ir.sites.len(), 2);
    let faults = ir.layout.faults.expect("a fault slot");
    assert_eq!(faults.launch_word, ir.layout.words - 1);
    assert_eq!(faults.binding as usize, ir.layout.bindings.len());
    assert_eq!(ir.layout.bindings.last(), Some(&BindingKind::Faults));
    let _: Index<2>;
}

#[test]
fn signed_division_of_proven_nonnegative_values_is_unsigned() {
    let (mut b, t) = tiled([16, 1, 1]);
    let l = t.local.index_const(&mut b, 0);
    let q = op(&mut b, l, ArithOp::Div, 4);
    let r = op(&mut b, l, ArithOp::Rem, 4);
    for e in [q, r] {
        assert!(
            matches!(
                b.cur.function.expressions[e.handle()],
                naga::Expression::As { .. }
            ),
            "a non-negative dividend divides unsigned"
        );
        assert!(b.proves_below(e.handle(), Bound::Const(16)));
    }
    // l - 1 may be negative: the division stays signed.
    let m = op(&mut b, l, ArithOp::Sub, 1);
    let q = op(&mut b, m, ArithOp::Div, 4);
    assert!(matches!(
        b.cur.function.expressions[q.handle()],
        naga::Expression::Binary { .. }
    ));
}

#[test]
fn innermost_loops_are_versioned_when_their_checks_are_decided_before_them() {
    let mut b = KernelBuilder::new("versioned", HERE);
    let idx = b.untiled_entry::<1>();
    let v = View::<f32, 2, ReadWrite>::declare(&mut b);
    let r = idx.index_const(&mut b, 0);
    let (zero, n) = (lit(&mut b, 0), lit(&mut b, 8));
    b.begin_version();
    let k = b.begin_for(zero, n, false);
    let kv = b.load(k);
    let at: KernelValue<Index<2>> =
        KernelValue::from_handle(b.compose::<Index<2>>(vec![r.handle(), kv.handle()]));
    let x = v.index_read(&mut b, at);
    v.index_write(&mut b, at, x);
    b.end_for(k, n, None::<KernelValue<u32>>, false);
    assert!(
        b.version_else(),
        "both checks were deferred, so a checked copy is needed"
    );
    let k = b.begin_for(zero, n, false);
    let kv = b.load(k);
    let at: KernelValue<Index<2>> =
        KernelValue::from_handle(b.compose::<Index<2>>(vec![r.handle(), kv.handle()]));
    let x = v.index_read(&mut b, at);
    v.index_write(&mut b, at, x);
    b.end_for(k, n, None::<KernelValue<u32>>, false);
    b.end_version();
    let ir = b.finish(Capabilities::empty()).expect("valid");
    // Only the checked copy has checks: a read and a write.
    assert_eq!(ir.sites.len(), 2);
    let wgsl = ir.wgsl();
    assert_eq!(wgsl.matches("loop {").count(), 2, "{wgsl}");
}

#[test]
fn a_signed_guard_says_nothing_of_the_unsigned_cast() {
    // `if x < 5 { a[x as u32] }` with a negative x indexes 4294967295: keep the check.
    let mut b = KernelBuilder::new("casts", HERE);
    let _ = b.untiled_entry::<1>();
    let x = b.param::<i32>();
    let five = lit(&mut b, 5);
    let below = x.compare(&mut b, CmpOp::Lt, five);
    b.begin_if(below);
    let xu: KernelValue<u32> = KernelValue::from_handle(b.as_u32(x.handle()));
    assert!(!b.proves_below(xu.handle(), Bound::Const(5)));
    assert!(
        !b.proves_below(x.handle(), Bound::Const(5)),
        "x may be negative"
    );
    b.end_if();
    // A counter over -2..3 cast to u32 is not below 3 either.
    let (minus, three) = (lit(&mut b, -2), lit(&mut b, 3));
    let counter = b.begin_for(minus, three, false);
    let k = b.load(counter);
    let ku: KernelValue<u32> = KernelValue::from_handle(b.as_u32(k.handle()));
    assert!(!b.proves_below(ku.handle(), Bound::Const(3)));
    b.end_for(counter, three, None::<KernelValue<u32>>, false);
    // A view's extent bound: a signed guard on a possibly negative i32 proves nothing unsigned.
    let v = View::<i32, 1, ReadWrite>::declare(&mut b);
    let n = v.extent(&mut b).index_const(&mut b, 0);
    let inside = x.compare(&mut b, CmpOp::Lt, n);
    b.begin_if(inside);
    let xu: KernelValue<u32> = KernelValue::from_handle(b.as_u32(x.handle()));
    let bound = b.param_word(1).handle();
    assert!(!b.proves_below(xu.handle(), Bound::Value(bound)));
    b.end_if();
}
