//! Shapes at the edges of their types: `Extent::size` on the host and in a kernel, and the
//! largest untiled launch.

use amp::prelude::*;

/// What a kernel's `extent.size()` returns: the host's size, saturated to `u32`.
fn kernel_size<const N: usize>(e: Extent<N>) -> u32 {
    u32::try_from(e.size()).unwrap_or(u32::MAX)
}

#[test]
fn extent_size_agrees_between_host_and_kernel() {
    let (neg3, wide3, plain3) = (
        Extent::new([-1, 2, 3]),
        Extent::new([65536, 65536, 1]),
        Extent::new([2, 3, 4]),
    );
    // Just below 2³², past it then zero, far past it.
    let (fits3, zero3, huge3) = (
        Extent::new([65536, 65535, 1]),
        Extent::new([65536, 65536, 0]),
        Extent::new([i32::MAX; 3]),
    );
    let (neg2, wide2, neg1) = (
        Extent::new([-1, -1]),
        Extent::new([65536, 65536]),
        Extent::new([-5]),
    );
    assert_eq!((neg3.size(), wide3.size(), plain3.size()), (0, 1 << 32, 24));

    let mut out = vec![0xdead_beef_u32; 9];
    let ov = ArrayView::new(9, &mut out).expect("view");
    parallel_for_each!(Extent::new([1]), |_i: Index<1>| {
        ov[0] = neg3.size();
        ov[1] = wide3.size();
        ov[2] = plain3.size();
        ov[3] = fits3.size();
        ov[4] = zero3.size();
        ov[5] = huge3.size();
        ov[6] = neg2.size();
        ov[7] = wide2.size();
        ov[8] = neg1.size();
    })
    .expect("launch");
    drop(ov);
    // The kernel used to say 4294967290 for (-1,2,3), 0 for (65536,65536,1) and 1 for (-1,-1).
    assert_eq!(out[..3], [0, u32::MAX, 24]);
    let expected = [
        kernel_size(neg3),
        kernel_size(wide3),
        kernel_size(plain3),
        kernel_size(fits3),
        kernel_size(zero3),
        kernel_size(huge3),
        kernel_size(neg2),
        kernel_size(wide2),
        kernel_size(neg1),
    ];
    assert_eq!(out, expected);
    assert_eq!(expected[3..], [65536 * 65535, 0, u32::MAX, 0, u32::MAX, 0]);
}

/// The largest rank-3 launch of this shape below the thread limit (2³²−2 threads, 2²⁴
/// workgroups dispatched as 65535 × 257) runs each index once: surplus workgroups numbered 2²⁴
/// and up used to wrap their thread number and run (0, 0…, 0) again. Quick on a GPU, far too
/// slow on lavapipe: `cargo test --test shapes -- --ignored` on a machine with one.
/// (`tests/gpu/dispatch_split.rs` runs surplus workgroups on small data.)
#[test]
#[ignore = "launches 2^32-2 threads: run it on a GPU"]
fn the_largest_rank3_launch_runs_each_index_once() {
    let mut runs = vec![0u32; 3];
    let rv = ArrayView::new(3, &mut runs).expect("view");
    let last = i32::MAX - 1;
    parallel_for_each!(Extent::new([2, i32::MAX, 1]), |idx: Index<3>| {
        if idx[1] == 0 {
            rv.atomic_fetch_add(idx[0], 1u32);
        }
        if idx[0] == 1 && idx[1] == last {
            rv.atomic_fetch_add(2, 1u32);
        }
    })
    .expect("launch");
    drop(rv);
    // (0,0,0), (1,0,0) and the last index (1, 2³¹−2, 0), once each.
    assert_eq!(runs, [1, 1, 1]);
}
