//! An untiled launch of rank 1 or 3 whose workgroup grid holds more workgroups than the domain
//! needs runs every index exactly once: the surplus workgroups leave before forming a thread
//! number. This binary lowers the per-dimension workgroup limit amp assumes to 7
//! (`AMP_MAX_WORKGROUPS_PER_DIM`) so surplus workgroups appear on small data. (One test: the
//! variable is read once per process.)
//!
//! Why this is enough: the defect this guards against needs a surplus workgroup numbered 2²⁴ or
//! more, whose `group * 256 + local` wraps in `u32` to a small number below the thread count
//! (`Extent::new([2, i32::MAX, 1])`: 2³²−2 threads, 2²⁴ workgroups dispatched as 65535 × 257,
//! so workgroups 2²⁴… ran indices (0, 0…, 0) a second time). Launching 4 billion threads is too
//! slow for lavapipe, so the full-size case is split in two: amp-runtime's unit test
//! `untiled_thread_numbers_never_wrap` checks the launch words and the kernel prologue's `u32`
//! arithmetic at that size, and this test runs the same prologue, surplus workgroups included,
//! on a GPU (or lavapipe). `tests/shapes.rs` has the full-size launch as an ignored test for
//! real GPUs.

use amp::prelude::*;

#[test]
fn surplus_workgroups_run_no_index_twice() {
    std::env::set_var("AMP_MAX_WORKGROUPS_PER_DIM", "7");

    // Rank 3, shaped like (2, i32::MAX, 1): 2 × 1537 × 1 = 3074 threads need 13 workgroups of
    // 256, dispatched as 7 × 2, so one workgroup is surplus.
    let (rows, cols) = (2, 1537);
    let mut runs = vec![0u32; (rows * cols) as usize];
    let view = ArrayView::new([rows, cols, 1], &mut runs).expect("view");
    parallel_for_each!(view.extent(), |idx: Index<3>| {
        view.atomic_fetch_add(idx, 1u32);
    })
    .expect("rank-3 launch");
    drop(view);
    assert!(runs.iter().all(|&r| r == 1), "{runs:?}");

    // Rank 1: 8 × 256 + 1 threads, 9 workgroups dispatched as 7 × 2 (five surplus), the last
    // needed one holding a single thread.
    let mut runs = vec![0u32; 8 * 256 + 1];
    let view = ArrayView::new(runs.len() as i32, &mut runs).expect("view");
    parallel_for_each!(view.extent(), |idx: Index<1>| {
        view.atomic_fetch_add(idx, 1u32);
    })
    .expect("rank-1 launch");
    drop(view);
    assert!(runs.iter().all(|&r| r == 1), "{runs:?}");
}
