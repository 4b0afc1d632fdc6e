//! Dispatches larger than the per-dimension workgroup limit are split into a 2-D grid. Real
//! devices allow 65535 workgroups per dimension; this binary lowers the limit amp assumes to 7
//! (`AMP_MAX_WORKGROUPS_PER_DIM`) so the split path runs on small data. (In a process of its own:
//! the variable is read once per process.)

use crate::own_process::ran_in_own_process;
use amp::prelude::*;

#[test]
fn launches_past_the_workgroup_limit_cover_every_thread_once() {
    if ran_in_own_process() {
        return;
    }
    std::env::set_var("AMP_MAX_WORKGROUPS_PER_DIM", "7");

    // Untiled, rank 1: 40 workgroups of 256 threads on a 7-wide grid.
    let mut data = vec![0u32; 10_000];
    let view = ArrayView::new(10_000, &mut data).expect("view");
    parallel_for_each!(view.extent(), |idx: Index<1>| {
        view[idx] = view[idx] + (idx[0] as u32) + 1;
    })
    .expect("untiled launch");
    drop(view);
    assert!(data.iter().enumerate().all(|(i, &v)| v == i as u32 + 1));

    // Untiled, rank 2: 16×16 blocks, 8 × 5 of them with partial edge blocks.
    let mut data = vec![0i32; 117 * 70];
    let view = ArrayView::new([117, 70], &mut data).expect("view");
    parallel_for_each!(view.extent(), |idx: Index<2>| {
        view[idx] = view[idx] + idx[0] * 1000 + idx[1];
    })
    .expect("rank-2 launch");
    drop(view);
    assert!(data
        .iter()
        .enumerate()
        .all(|(i, &v)| v == (i / 70 * 1000 + i % 70) as i32));

    // Untiled, rank 3.
    let mut data = vec![0i32; 13 * 17 * 19];
    let view = ArrayView::new([13, 17, 19], &mut data).expect("view");
    parallel_for_each!(view.extent(), |idx: Index<3>| {
        view[idx] = view[idx] + idx[0] * 10000 + idx[1] * 100 + idx[2];
    })
    .expect("rank-3 launch");
    drop(view);
    let e = Extent::new([13, 17, 19]);
    for (i, idx) in e.indices().enumerate() {
        assert_eq!(data[i], idx[0] * 10000 + idx[1] * 100 + idx[2]);
    }

    // Tiled, rank 1: 100 tiles of 64 threads.
    let mut data = vec![0i32; 6400];
    let view = ArrayView::new(6400, &mut data).expect("view");
    parallel_for_each!(view.extent().tile::<64>(), |t: TiledIndex<1>| {
        view[t] = view[t] + t.tile[0] * 1000 + t.local[0];
    })
    .expect("tiled launch");
    drop(view);
    assert!(data
        .iter()
        .enumerate()
        .all(|(i, &v)| v == (i / 64 * 1000 + i % 64) as i32));

    // Tiled, rank 2: 12 × 9 tiles of 4 × 8.
    let mut data = vec![0i32; 48 * 72];
    let view = ArrayView::new([48, 72], &mut data).expect("view");
    parallel_for_each!(view.extent().tile::<4, 8>(), |t: TiledIndex<2>| {
        view[t] = view[t] + t.global[0] * 100 + t.global[1];
    })
    .expect("tiled rank-2 launch");
    drop(view);
    assert!(data
        .iter()
        .enumerate()
        .all(|(i, &v)| v == (i / 72 * 100 + i % 72) as i32));
}
