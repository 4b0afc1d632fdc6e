//! Untiled kernels run several indices per thread: the body is a function of the index, which
//! the entry point calls once per index of its thread, unless the kernel must run one index per
//! thread on its accelerator.

use amp_core::ops::{self, ArithOp, CmpOp};
use amp_core::ops::{Arith, Compare};
use amp_core::tile_static::DeclareMemory;
use amp_core::{IndicesPerThread, KernelBuilder, KernelIr, Loc, ReadOnly, ReadWrite, View};
use naga::valid::Capabilities;
use naga::{Block, Statement};

const HERE: Loc = Loc::new("untiled.rs", 1, 1);

/// `out[i] = a[i] + 1` over `Extent<$n>`, built for `$k` indices per thread (`None`: the
/// builder's default), on an accelerator that limits loop passes (`$limit`); `$with_loop` adds
/// a loop of three passes.
macro_rules! add_one {
    ($n:literal, $k:expr, $limit:expr, $with_loop:expr) => {{
        let mut b = KernelBuilder::new("add_one", HERE);
        if let Some(k) = $k {
            b.set_indices_per_thread(k);
        }
        if $limit {
            b.set_loop_limit(Some(65535));
        }
        let idx = b.untiled_entry::<$n>();
        let out = View::<f32, $n, ReadWrite>::declare(&mut b);
        let a = View::<f32, $n, ReadOnly>::declare(&mut b);
        let mut v = a.load(&mut b, idx);
        if $with_loop {
            let start = ops::lit(&mut b, 0i32);
            let i = b.var(Some("i"), start);
            b.begin_loop();
            let iv = b.load(i);
            let three = ops::lit(&mut b, 3i32);
            let more = iv.compare(&mut b, CmpOp::Lt, three);
            b.break_unless(more);
            b.begin_continuing();
            let one = ops::lit(&mut b, 1i32);
            let iv = iv.arith(&mut b, ArithOp::Add, one);
            b.store(i, iv);
            b.end_loop();
        }
        let one = ops::lit(&mut b, 1.0f32);
        v = v.arith(&mut b, ArithOp::Add, one);
        out.store(&mut b, idx, v);
        b.finish(Capabilities::empty()).expect("valid")
    }};
}

/// Calls of the function named `name` in `block` and the blocks inside it.
fn calls(ir: &KernelIr, block: &Block, name: &str) -> usize {
    block
        .iter()
        .map(|s| match s {
            Statement::Call { function, .. } => {
                usize::from(ir.module.functions[*function].name.as_deref() == Some(name))
            }
            Statement::Block(b) => calls(ir, b, name),
            Statement::If { accept, reject, .. } => {
                calls(ir, accept, name) + calls(ir, reject, name)
            }
            Statement::Loop {
                body, continuing, ..
            } => calls(ir, body, name) + calls(ir, continuing, name),
            _ => 0,
        })
        .sum()
}

fn body_calls(ir: &KernelIr) -> usize {
    let entry = &ir.module.entry_points[0].function;
    calls(ir, &entry.body, "amp_body")
}

#[test]
fn untiled_kernels_run_four_indices_per_thread_by_default() {
    for ir in [
        add_one!(1, None::<IndicesPerThread>, false, false),
        add_one!(3, None::<IndicesPerThread>, false, false),
    ] {
        assert_eq!(ir.layout.indices_per_thread, IndicesPerThread::Four);
        assert_eq!(ir.layout.indices_per_thread, IndicesPerThread::UNTILED);
        // Four unguarded calls in a full workgroup, four guarded ones in a partial one.
        assert_eq!(body_calls(&ir), 8, "{}", ir.wgsl());
        assert_eq!(ir.layout.workgroup_size, [256, 1, 1]);
        // The body is a function of the index: it does not return from the entry point.
        let wgsl = ir.wgsl();
        assert!(wgsl.contains("fn amp_body(linear: u32)"), "{wgsl}");
        // Workgroups past the domain leave: the last with indices is (count - 1) >> 10; those
        // below count >> 10 are full.
        assert!(wgsl.contains(" - 1u) >> 10u)"), "{wgsl}");
        assert_eq!(wgsl.matches(" >> 10u)").count(), 2, "{wgsl}");
        assert!(wgsl.contains("+ 768u"), "{wgsl}");
    }
}

#[test]
fn the_count_is_chosen_when_the_kernel_is_built() {
    for (k, shift) in [
        (IndicesPerThread::One, 8),
        (IndicesPerThread::Two, 9),
        (IndicesPerThread::Eight, 11),
    ] {
        let ir = add_one!(1, Some(k), false, false);
        assert_eq!(ir.layout.indices_per_thread, k);
        let calls = match k {
            IndicesPerThread::One => 1,
            k => 2 * k.get() as usize,
        };
        assert_eq!(body_calls(&ir), calls);
        let wgsl = ir.wgsl();
        assert!(wgsl.contains(&format!(">> {shift}u")), "{wgsl}");
    }
}

#[test]
fn loops_on_an_accelerator_that_counts_their_passes_run_one_index_per_thread() {
    // The passes of every index a thread runs would count against one limit.
    let ir = add_one!(1, None::<IndicesPerThread>, true, true);
    assert_eq!(ir.layout.indices_per_thread, IndicesPerThread::One);
    assert_eq!(body_calls(&ir), 1);
    // Without the limit, or without a loop, the kernel runs four.
    assert_eq!(
        add_one!(1, None::<IndicesPerThread>, false, true)
            .layout
            .indices_per_thread,
        IndicesPerThread::Four
    );
    assert_eq!(
        add_one!(1, None::<IndicesPerThread>, true, false)
            .layout
            .indices_per_thread,
        IndicesPerThread::Four
    );
}

#[test]
fn rank_two_and_tiled_kernels_run_one_index_per_thread() {
    let ir = add_one!(2, None::<IndicesPerThread>, false, false);
    assert_eq!(ir.layout.indices_per_thread, IndicesPerThread::One);
    assert_eq!(body_calls(&ir), 0);
    let mut b = KernelBuilder::new("tiled", HERE);
    let t = b.tiled_entry::<1>([64, 1, 1]);
    let out = View::<i32, 1, ReadWrite>::declare(&mut b);
    let v = ops::lit(&mut b, 1i32);
    out.store(&mut b, t.global, v);
    let ir = b.finish(Capabilities::empty()).expect("valid");
    assert_eq!(ir.layout.indices_per_thread, IndicesPerThread::One);
    assert_eq!(body_calls(&ir), 0);
}
