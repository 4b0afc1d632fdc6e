//! Tiled launches: every tiled example on random data over many tiles, the divisibility rule,
//! the tile-uniformity of barriers, and the limits.

#[path = "../../examples/matrix_multiply_tiled.rs"]
mod matrix_multiply_tiled;
#[path = "../../examples/moving_average.rs"]
mod moving_average;
#[path = "../../examples/reduction.rs"]
mod reduction;
#[path = "../../examples/tile_average.rs"]
mod tile_average;
#[path = "../../examples/tile_sum.rs"]
mod tile_sum;
#[path = "../../examples/transpose.rs"]
mod transpose;

use amp::prelude::*;
use amp::{Error, KernelError};

#[test]
fn tile_average_gives_the_seed_output() {
    let sample = [
        2, 2, 9, 7, 1, 4, 4, 4, 8, 8, 3, 4, 1, 5, 1, 2, 5, 2, 6, 8, 3, 2, 7, 2,
    ];
    let average = tile_average::tile_average(&sample, 4, 6).expect("launch");
    assert_eq!(
        average,
        [3, 3, 8, 8, 3, 3, 3, 3, 8, 8, 3, 3, 5, 5, 2, 2, 4, 4, 5, 5, 2, 2, 4, 4]
    );
}

#[test]
fn tile_average_on_random_data_of_many_tiles() {
    let (rows, cols) = (30, 46);
    let data = matrix_multiply_tiled::random_matrix(rows * cols, 9);
    let got = tile_average::tile_average(&data, rows as i32, cols as i32).expect("launch");
    for r in 0..rows {
        for c in 0..cols {
            let (r0, c0) = (r / 2 * 2, c / 2 * 2);
            let sum = data[r0 * cols + c0]
                + data[r0 * cols + c0 + 1]
                + data[(r0 + 1) * cols + c0]
                + data[(r0 + 1) * cols + c0 + 1];
            assert_eq!(got[r * cols + c], sum / 4, "({r},{c})");
        }
    }
}

#[test]
fn tiled_matrix_multiplies_equal_the_cpu() {
    use matrix_multiply_tiled::*;
    for (m, w, n) in [(16, 16, 16), (64, 48, 32), (128, 96, 64)] {
        let a = random_matrix((m * w) as usize, 1);
        let b = random_matrix((w * n) as usize, 2);
        let expected = matmul_cpu(&a, &b, m, n, w);
        assert_eq!(
            matmul_tiled(&a, &b, m, n, w).expect("fig 4"),
            expected,
            "fig 4 {m}x{w}x{n}"
        );
        assert_eq!(
            matmul_tile_static(&a, &b, m, n, w).expect("fig 5"),
            expected,
            "fig 5 {m}x{w}x{n}"
        );
    }
}

#[test]
fn every_transpose_equals_the_cpu() {
    use transpose::*;
    assert_eq!(
        Extent::new([999, 666]).tile::<16, 16>().truncate().extent(),
        Extent::new([992, 656])
    );
    for (rows, cols) in [(999, 666), (17, 33), (64, 16)] {
        let a: Vec<f32> = moving_average::random_series((rows * cols) as usize, 3);
        let expected = transpose_cpu(&a, rows as usize, cols as usize);
        assert_eq!(
            run(transpose_simple, &a, rows, cols).expect("simple"),
            expected
        );
        assert_eq!(
            run(transpose_tiled_pad, &a, rows, cols).expect("pad"),
            expected
        );
        assert_eq!(
            run(transpose_tiled_truncate, &a, rows, cols).expect("truncate"),
            expected
        );
        assert_eq!(
            run(transpose_tiled_sections, &a, rows, cols).expect("sections"),
            expected
        );
    }
    let a: Vec<f32> = moving_average::random_series(992 * 656, 4);
    let expected = transpose_cpu(&a, 992, 656);
    assert_eq!(
        run(transpose_tiled_even, &a, 992, 656).expect("even"),
        expected
    );
}

#[test]
fn moving_averages_equal_the_cpu() {
    use moving_average::*;
    for (len, window) in [(100_003, 37), (1000, 1), (513, 600)] {
        let series = random_series(len, 5);
        let expected = sma_cpu(&series, (window as usize).min(len));
        let window = window.min(len as i32);
        let simple = sma_simple(&series, window).expect("simple");
        let tiled = sma_tiled(&series, window).expect("tiled");
        assert!(max_difference(&simple, &expected) < 1e-3);
        assert!(max_difference(&tiled, &expected) < 1e-3, "{len} {window}");
    }
}

#[test]
fn tile_sums_are_correct_for_any_number_of_tiles() {
    let data: Vec<i32> = (1..=12).collect();
    assert_eq!(tile_sum::tile_sum(&data, 2, 6).expect("launch"), 78);
    let data = matrix_multiply_tiled::random_matrix(40 * 62, 8);
    let expected: i32 = data.iter().sum();
    assert_eq!(tile_sum::tile_sum(&data, 40, 62).expect("launch"), expected);
}

#[test]
fn reduction_equals_the_cpu_sum() {
    for len in [1, 255, 256, 257, 1_000_003] {
        let data = reduction::random(len, 13);
        let cpu: f64 = data.iter().map(|&x| f64::from(x)).sum();
        let gpu = f64::from(reduction::sum(&data).expect("launch"));
        assert!(
            (gpu - cpu).abs() <= 1e-5 * cpu.max(1.0),
            "{len}: {gpu} vs {cpu}"
        );
    }
}

#[test]
fn non_divisible_tiled_extent_is_an_invalid_compute_domain() {
    let mut data = vec![3; 32 * 6];
    let view = ArrayView::new([32, 6], &mut data).expect("view");
    let err = parallel_for_each!(view.extent().tile::<6, 2>(), |t: TiledIndex<2>| {
        view[t] = 0;
    })
    .expect_err("32 is not a multiple of 6");
    assert!(matches!(err, Error::InvalidComputeDomain(_)), "{err}");
    let text = err.to_string();
    assert!(
        text.contains("the extent of dimension 0 of the compute domain (32) cannot be evenly divided by the extent of dimension 0 of the tile (6)"),
        "{text}"
    );
    drop(view);
    assert_eq!(data, vec![3; 32 * 6]);
}

fn build_error(result: Result<(), Error>) -> (String, amp::Loc) {
    match result {
        Err(Error::Kernel(KernelError::Build { message, loc, .. })) => (message, loc),
        other => panic!("expected a kernel build error, got {other:?}"),
    }
}

// Conditions on the thread's index are compile errors (tests/ui/tiles/divergent_barriers.rs);
// what only memory or the call graph shows is found when the kernel is built.
#[test]
fn barrier_under_a_memory_condition_is_rejected() {
    let mut data = vec![1; 64];
    let view = ArrayView::new(64, &mut data).expect("view");
    let condition_line = line!() + 3;
    let barrier_line = line!() + 3;
    let result = parallel_for_each!(view.extent().tile::<16>(), |t: TiledIndex<1>| {
        if view[0] % 2 == 0 {
            t.barrier.wait();
        }
        view[t] = 2;
    });
    let (message, loc) = build_error(result);
    assert_eq!(loc.line, barrier_line, "{message}");
    assert!(message.contains("not tile-uniform"), "{message}");
    assert!(
        message.contains(&format!("tiling.rs:{condition_line}:")),
        "{message}"
    );
    drop(view);
    assert_eq!(data, vec![1; 64], "no data moved");
}

#[kernel]
fn stage(t: TiledIndex<1>, view: ArrayView<i32, 1>) {
    view[t] = view[t] + 1;
    t.barrier.wait();
}

#[test]
fn other_non_uniform_barriers_are_rejected() {
    let mut data = vec![1; 64];
    let view = ArrayView::new(64, &mut data).expect("view");
    // After an early return taken by some threads.
    let result = parallel_for_each!(view.extent().tile::<16>(), |t: TiledIndex<1>| {
        if view[0] > 5 {
            return;
        }
        t.barrier.wait();
    });
    assert!(build_error(result).0.contains("not tile-uniform"));
    // In a loop whose trip count depends on memory.
    let result = parallel_for_each!(view.extent().tile::<16>(), |t: TiledIndex<1>| {
        let mut i = 0;
        while i < view[1] {
            t.barrier.wait();
            i += 1;
        }
    });
    assert!(build_error(result).0.contains("not tile-uniform"));
    // Through a local assigned from memory.
    let result = parallel_for_each!(view.extent().tile::<16>(), |t: TiledIndex<1>| {
        let mut go = 0;
        go = view[3];
        if go == 1 {
            t.barrier.wait();
        }
    });
    assert!(build_error(result).0.contains("not tile-uniform"));
    // A device function that waits, called under a non-uniform branch.
    let result = parallel_for_each!(view.extent().tile::<16>(), |t: TiledIndex<1>| {
        if t.local[0] == 0 {
            stage(t, view);
        }
    });
    let (message, _) = build_error(result);
    assert!(message.contains("a call to `stage`"), "{message}");
    drop(view);
    assert_eq!(data, vec![1; 64]);
}

#[test]
fn uniform_barriers_are_accepted() {
    let mut data = vec![1; 64];
    let view = ArrayView::new(64, &mut data).expect("view");
    let rounds = 3;
    parallel_for_each!(view.extent().tile::<16>(), |t: TiledIndex<1>| {
        // A loop with uniform bounds, a branch on a captured value and on the tile index.
        for _ in 0..rounds {
            t.barrier.wait();
        }
        if rounds > 2 {
            t.barrier.wait();
        }
        if t.tile[0] == 1 {
            t.barrier.wait();
        }
        stage(t, view);
    })
    .expect("uniform barriers");
    drop(view);
    assert_eq!(data, vec![2; 64]);
}

#[kernel]
fn uses_tile_static(i: i32) -> i32 {
    #[tile_static]
    let mut scratch: [i32; 4];
    scratch[0] = i;
    scratch[0]
}

#[test]
fn tile_static_in_an_untiled_launch_is_a_located_error() {
    let mut data = vec![1; 8];
    let view = ArrayView::new(8, &mut data).expect("view");
    let result = parallel_for_each!(view.extent(), |idx: Index<1>| {
        view[idx] = uses_tile_static(idx[0]);
    });
    let (message, _) = build_error(result);
    assert!(
        message.contains("only allowed in tiled kernels"),
        "{message}"
    );
}

#[test]
fn tiles_larger_than_the_device_allows_are_unsupported() {
    let mut data = vec![0.0f32; 8192];
    let view = ArrayView::new(8192, &mut data).expect("view");
    // 40 KiB of tile_static memory: more than lavapipe's 32 KiB (an H100 allows 48 KiB).
    let result = parallel_for_each!(view.extent().tile::<1024>(), |t: TiledIndex<1>| {
        #[tile_static]
        let mut big: [f32; 10240];
        big[t.local[0]] = view[t];
        t.barrier.wait();
        view[t] = big[1023 - t.local[0]];
    });
    let limit = Accelerator::default()
        .expect("acc")
        .limits()
        .max_compute_workgroup_storage_size;
    if limit < 40960 {
        let err = result.expect_err("too much tile_static memory");
        assert!(matches!(err, Error::UnsupportedFeature(_)), "{err}");
        assert!(
            err.to_string()
                .contains("40960 bytes of tile_static memory"),
            "{err}"
        );
    } else {
        result.expect("fits this device");
    }
}

#[test]
fn sections_are_views_of_the_same_data() {
    let mut data: Vec<i32> = (0..24).collect();
    let whole = ArrayView::new([4, 6], &mut data).expect("view");
    let part = whole.section([1, 2], [2, 3]).expect("section");
    assert_eq!(part.extent(), Extent::new([2, 3]));
    assert_eq!(part.get([0, 0]).expect("get"), 8);
    assert_eq!(part.to_vec().expect("to_vec"), [8, 9, 10, 14, 15, 16]);
    parallel_for_each!(part.extent(), |idx: Index<2>| {
        part[idx] = part[idx] * 100;
    })
    .expect("launch over a section");
    // The parent sees the kernel's writes, through the one shared device copy.
    assert_eq!(whole.get([1, 2]).expect("get"), 800);
    assert_eq!(whole.get([0, 2]).expect("get"), 2);
    assert_eq!((whole.uploads(), whole.downloads()), (1, 1));
    let tail = whole.section_from([3, 4]).expect("section_from");
    assert_eq!(tail.to_vec().expect("to_vec"), [22, 23]);
    let head = whole.section_extent([1, 2]).expect("section_extent");
    assert_eq!(head.to_vec().expect("to_vec"), [0, 1]);
    let err = whole.section([3, 4], [2, 2]).expect_err("does not fit");
    assert!(matches!(err, Error::OutOfBounds { .. }), "{err}");
    drop((whole, part, tail, head));
    assert_eq!(data[8], 800);
    assert_eq!(data[16], 1600);
    assert_eq!(data[7], 7);
}

#[test]
fn atomics_on_tile_static_memory() {
    // A 16-bin histogram: each tile counts into tile_static bins, then adds them to the result.
    let values: Vec<u32> = (0..4096u32)
        .map(|i| i.wrapping_mul(2_654_435_761) >> 28)
        .collect();
    let mut bins = vec![0u32; 16];
    let vv = ConstArrayView::new(4096, &values).expect("view");
    let bv = ArrayView::new(16, &mut bins).expect("view");
    parallel_for_each!(vv.extent().tile::<256>(), |t: TiledIndex<1>| {
        #[tile_static]
        let mut local: [u32; 16];
        let lid = t.local[0];
        if lid < 16 {
            local.atomic_exchange(lid, 0u32);
        }
        t.barrier.wait_with_tile_static_memory_fence();
        local.atomic_fetch_add(vv[t], 1u32);
        t.barrier.wait_with_tile_static_memory_fence();
        if lid < 16 {
            bv.atomic_fetch_add(lid, local[lid]);
        }
    })
    .expect("launch");
    drop(bv);
    let mut expected = vec![0u32; 16];
    values.iter().for_each(|&v| expected[v as usize] += 1);
    assert_eq!(bins, expected);
}

#[test]
fn a_tiled_index_stands_for_its_global_index() {
    let mut out = vec![0i32; 64];
    let ov = ArrayView::new([8, 8], &mut out).expect("view");
    parallel_for_each!(ov.extent().tile::<4, 4>(), |t: TiledIndex<2>| {
        let shifted = t + Index::new([1, 1]);
        let inside = ov.extent().contains(t) && t == t.global;
        let mut v = t[0] * 100 + t[1];
        if !ov.extent().contains(shifted) {
            v = -v;
        }
        if inside {
            ov[t] = v;
        }
    })
    .expect("launch");
    drop(ov);
    for r in 0..8 {
        for c in 0..8 {
            let v = r * 100 + c;
            let want = if r == 7 || c == 7 { -v } else { v };
            assert_eq!(out[(r * 8 + c) as usize], want, "({r},{c})");
        }
    }
}

#[test]
fn an_impossibly_large_tile_static_array_is_a_located_error() {
    let mut data = vec![0; 16];
    let view = ArrayView::new(16, &mut data).expect("view");
    let line = line!() + 2;
    let result = parallel_for_each!(view.extent().tile::<16>(), |t: TiledIndex<1>| {
        #[tile_static]
        let mut huge: [[i32; 2]; 4294967295];
        huge[0][t.local[0]] = 1;
        view[t] = huge[0][0];
    });
    let (message, loc) = build_error(result);
    assert!(
        message.contains("far more than any accelerator"),
        "{message}"
    );
    assert_eq!(loc.line, line);
}

#[test]
fn a_loop_with_barriers_exits_on_a_tile_uniform_read() {
    // Each tile runs as many rounds as its first element says, decided by thread 0 alone and
    // read by every thread through `read_uniform`: a memory-dependent exit of a loop with
    // barriers.
    let tiles = 6usize;
    let mut data: Vec<u32> = (0..tiles * 64)
        .map(|i| {
            if i % 64 == 0 {
                (i / 64) as u32 * 3 + 1
            } else {
                0
            }
        })
        .collect();
    let view = ArrayView::new((tiles * 64) as i32, &mut data).expect("view");
    parallel_for_each!(view.extent().tile::<64>(), |t: TiledIndex<1>| {
        #[tile_static]
        let mut rounds: u32;
        #[tile_static]
        let mut finished: u32;
        let l = t.local[0];
        let first = t.tile_origin[0];
        let limit = view[first];
        t.barrier.wait();
        if l == 0 {
            rounds = 0u32;
        }
        let mut mine = 0u32;
        loop {
            mine += 1;
            t.barrier.wait_with_tile_static_memory_fence();
            if l == 0 {
                rounds += 1u32;
                finished = 0u32;
                if rounds >= limit {
                    finished = 1u32;
                }
            }
            if t.barrier.read_uniform(finished) != 0u32 {
                break;
            }
        }
        view[t] = mine * 100 + t.barrier.read_uniform(rounds);
    })
    .expect("a loop exiting on a tile-uniform read is accepted");
    drop(view);
    for (i, &x) in data.iter().enumerate() {
        let rounds = (i / 64) as u32 * 3 + 1;
        assert_eq!(x, rounds * 101, "element {i}");
    }
}

// The same loop exiting on a plain read of a tile_static variable that only thread 0 writes is
// a compile error (tests/ui/tiles/uniform_read.rs); written by every thread from memory, it is
// found when the kernel is built.
#[test]
fn a_loop_with_barriers_exiting_on_a_plain_tile_static_read_is_rejected() {
    let mut data = vec![3u32; 64];
    let view = ArrayView::new(64, &mut data).expect("view");
    let condition_line = line!() + 12;
    let result = parallel_for_each!(view.extent().tile::<64>(), |t: TiledIndex<1>| {
        #[tile_static]
        let mut finished: u32;
        let mut rounds = 0u32;
        loop {
            rounds += 1;
            t.barrier.wait_with_tile_static_memory_fence();
            finished = 0u32;
            if rounds >= view[0] {
                finished = 1u32;
            }
            if finished != 0u32 {
                break;
            }
        }
        view[t] = rounds;
    });
    let (message, _) = build_error(result);
    assert!(message.contains("not tile-uniform"), "{message}");
    assert!(
        message.contains(&format!("tiling.rs:{condition_line}:")),
        "{message}"
    );
    drop(view);
    assert_eq!(data, vec![3u32; 64], "no data moved");
}

#[test]
fn a_tile_uniform_read_under_a_memory_condition_is_rejected() {
    let mut data = vec![1u32; 64];
    let view = ArrayView::new(64, &mut data).expect("view");
    let read_line = line!() + 6;
    let result = parallel_for_each!(view.extent().tile::<64>(), |t: TiledIndex<1>| {
        #[tile_static]
        let mut shared: u32;
        shared = 5u32;
        if view[0] == 1u32 {
            view[t] = t.barrier.read_uniform(shared);
        }
    });
    let (message, loc) = build_error(result);
    assert_eq!(loc.line, read_line, "{message}");
    assert!(message.contains("tile-uniform read"), "{message}");
    drop(view);
    assert_eq!(data, vec![1u32; 64]);
}
