//! The access patterns of amp's kernels, which must give no finding.

use super::*;

#[test]
fn a_histogram_in_tile_static_memory_with_atomics_has_no_finding() {
    let mut run = Run::new(8);
    let bins = 12;
    for group in 0..3 {
        run.group(group);
        // Zeroed by the tile, counted atomically, added to the view's bins atomically.
        for lane in 0..8 {
            for bin in (lane..bins).step_by(8) {
                run.write(lane, TILE, u64::from(bin), 1);
            }
        }
        run.barrier(TILE_FENCE);
        for lane in 0..8 {
            run.atomic(lane, TILE, u64::from((lane * 5 + group) % bins), 2);
        }
        run.barrier(TILE_FENCE);
        for lane in 0..8 {
            for bin in (lane..bins).step_by(8) {
                run.read(lane, TILE, u64::from(bin), 3);
                run.atomic(lane, VIEW, u64::from(bin), 4);
            }
        }
        run.checker.end_group();
    }
    assert_eq!(run.finish(), []);
}

#[test]
fn scans_with_barriers_between_reads_and_writes_have_no_finding() {
    let mut run = Run::new(8);
    for group in 0..2 {
        run.group(group);
        // In place: each round reads, waits, writes, waits.
        for lane in 0..8 {
            run.write(lane, TILE, u64::from(lane), 1);
        }
        run.barrier(TILE_FENCE);
        for offset in [1, 2, 4] {
            for lane in 0..8 {
                run.read(lane, TILE, u64::from(lane), 2);
                if lane >= offset {
                    run.read(lane, TILE, u64::from(lane - offset), 3);
                }
            }
            run.barrier(TILE_FENCE);
            for lane in 0..8 {
                run.write(lane, TILE, u64::from(lane), 4);
            }
            run.barrier(TILE_FENCE);
        }
        // Double-buffered: reads of one half, writes of the other, a barrier a round.
        let (mut from, mut to) = (0, 8);
        for offset in [1, 2, 4] {
            for lane in 0..8 {
                run.read(lane, TILE, u64::from(from + lane), 5);
                if lane >= offset {
                    run.read(lane, TILE, u64::from(from + lane - offset), 6);
                }
                run.write(lane, TILE, u64::from(to + lane), 7);
            }
            run.barrier(TILE_FENCE);
            (from, to) = (to, from);
        }
        run.checker.end_group();
    }
    assert_eq!(run.finish(), []);
}

#[test]
fn a_scatter_to_distinct_elements_from_every_workgroup_has_no_finding() {
    let out = Space::Binding {
        group: 0,
        binding: 1,
    };
    let mut checker = Checker::new();
    checker.begin_dispatch(&[], &[(VIEW, 256), (out, 256)]);
    for group in 0..8u32 {
        checker.begin_group([group, 0, 0], [8, 1, 1]);
        for lane in 0..8 {
            let i = group * 8 + lane;
            checker.access(lane, VIEW, u64::from(i) * 4, 4, AccessKind::Read, sp(1));
            let to = (i * 37) % 64;
            checker.access(lane, out, u64::from(to) * 4, 4, AccessKind::Write, sp(2));
        }
        checker.end_group();
    }
    assert_eq!(checker.finish(), []);
}

#[test]
fn a_value_one_lane_writes_and_all_read_between_barriers_has_no_finding() {
    // `read_uniform` in a loop: the executor reports a barrier, the reads, a barrier.
    let mut run = Run::new(8);
    run.group(0);
    for round in 0..3 {
        run.write(0, TILE, 0, 1 + round);
        run.barrier(TILE_FENCE);
        for lane in 0..8 {
            run.read(lane, TILE, 0, 10);
        }
        run.barrier(TILE_FENCE);
    }
    assert_eq!(run.finish(), []);
}
