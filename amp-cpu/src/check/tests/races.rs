//! Races on tile_static memory and on bindings, and what is not one.

use super::*;

#[test]
fn two_lanes_writing_one_tile_static_word_race() {
    let mut run = Run::new(4);
    run.group(0);
    run.write(0, TILE, 3, 1);
    run.write(2, TILE, 3, 2);
    assert_eq!(
        run.finish(),
        [Finding::Race {
            space: TILE,
            offset: 12,
            first: access(0, 0, AccessKind::Write, 1),
            second: access(0, 2, AccessKind::Write, 2),
        }]
    );
}

#[test]
fn a_read_of_another_lanes_write_needs_a_tile_barrier() {
    // Without a barrier: a race.
    let mut run = Run::new(4);
    run.group(0);
    run.write(0, TILE, 0, 1);
    run.read(1, TILE, 0, 2);
    assert_eq!(
        run.finish(),
        [Finding::Race {
            space: TILE,
            offset: 0,
            first: access(0, 0, AccessKind::Write, 1),
            second: access(0, 1, AccessKind::Read, 2),
        }]
    );
    // A barrier fencing only view memory does not order tile_static memory.
    let mut run = Run::new(4);
    run.group(0);
    run.write(0, TILE, 0, 1);
    run.barrier(Barrier::STORAGE);
    run.read(1, TILE, 0, 2);
    assert_eq!(run.finish().len(), 1);
    // With one: every lane reads it, none races.
    let mut run = Run::new(4);
    run.group(0);
    run.write(0, TILE, 0, 1);
    run.barrier(TILE_FENCE);
    for lane in 0..4 {
        run.read(lane, TILE, 0, 2);
    }
    assert_eq!(run.finish(), []);
}

#[test]
fn a_read_then_another_lanes_write_race() {
    let mut run = Run::new(4);
    run.group(0);
    run.write(0, TILE, 0, 1);
    run.barrier(TILE_FENCE);
    run.read(0, TILE, 0, 2);
    run.read(1, TILE, 0, 2);
    run.read(2, TILE, 0, 2);
    run.write(1, TILE, 0, 3);
    let found = run.finish();
    assert_eq!(found.len(), 1);
    let Finding::Race { first, second, .. } = found[0] else {
        panic!("not a race: {found:?}");
    };
    assert_eq!(first.kind, AccessKind::Read);
    assert_ne!(first.thread, thread(0, 1));
    assert_eq!(second, access(0, 1, AccessKind::Write, 3));
}

#[test]
fn many_lanes_reading_what_every_lane_wrote_is_no_race() {
    // A GEMM tile: loaded, then read by every lane, then loaded again after a barrier.
    let mut run = Run::new(8);
    for group in 0..3 {
        run.group(group);
        for round in 0..3 {
            for lane in 0..8 {
                run.write(lane, TILE, u64::from(lane), 1);
            }
            run.barrier(TILE_FENCE);
            for lane in 0..8 {
                for word in 0..8 {
                    run.read(lane, TILE, word, 2);
                }
            }
            run.barrier(TILE_FENCE);
            for lane in 0..8 {
                run.write(lane, VIEW, u64::from(group * 32 + round * 8 + lane), 3);
            }
        }
        run.checker.end_group();
    }
    assert_eq!(run.finish(), []);
}

/// A tile_static tree reduction of 16 lanes in each of `groups` workgroups, leaving out the
/// barrier after round `skip`.
fn tree_reduction(groups: u32, skip: Option<u32>) -> Vec<Finding> {
    let mut run = Run::new(16);
    for group in 0..groups {
        run.group(group);
        for lane in 0..16 {
            run.read(lane, VIEW, u64::from(group * 16 + lane), 1);
            run.write(lane, TILE, u64::from(lane), 2);
        }
        run.barrier(TILE_FENCE);
        let mut round = 0;
        let mut stride = 8;
        while stride > 0 {
            for lane in 0..stride {
                run.read(lane, TILE, u64::from(lane), 3);
                run.read(lane, TILE, u64::from(lane + stride), 4);
            }
            for lane in 0..stride {
                run.write(lane, TILE, u64::from(lane), 5);
            }
            if skip != Some(round) {
                run.barrier(TILE_FENCE);
            }
            round += 1;
            stride /= 2;
        }
        run.read(0, TILE, 0, 6);
        run.write(0, VIEW, u64::from(1000 + group), 7);
        run.checker.end_group();
    }
    run.finish()
}

#[test]
fn a_tree_reduction_with_its_barriers_has_no_race() {
    assert_eq!(tree_reduction(3, None), []);
}

#[test]
fn a_tree_reduction_missing_a_barrier_races() {
    let found = tree_reduction(3, Some(1));
    // Lane 2 wrote word 2 in round 1 (stride 4); lane 0 reads it in round 2 (stride 2) with
    // no barrier between.
    assert_eq!(
        found[0],
        Finding::Race {
            space: TILE,
            offset: 8,
            first: access(0, 2, AccessKind::Write, 5),
            second: access(0, 0, AccessKind::Read, 4),
        }
    );
    assert!(found
        .iter()
        .all(|f| matches!(f, Finding::Race { space: TILE, .. })));
}

#[test]
fn atomics_from_every_lane_and_workgroup_do_not_race() {
    let mut run = Run::new(8);
    for group in 0..4 {
        run.group(group);
        for lane in 0..8 {
            run.atomic(lane, TILE, 0, 1);
            run.atomic(lane, VIEW, u64::from(lane % 3), 2);
        }
        run.checker.end_group();
    }
    assert_eq!(run.finish(), []);
}

#[test]
fn an_atomic_and_a_plain_access_race() {
    let mut run = Run::new(8);
    run.group(0);
    run.atomic(0, VIEW, 5, 1);
    run.checker.end_group();
    run.group(1);
    run.read(3, VIEW, 5, 2);
    run.write(4, TILE, 0, 3);
    run.atomic(5, TILE, 0, 4);
    assert_eq!(
        run.finish(),
        [
            Finding::Race {
                space: VIEW,
                offset: 20,
                first: access(0, 0, AccessKind::Atomic, 1),
                second: access(1, 3, AccessKind::Read, 2),
            },
            Finding::Race {
                space: TILE,
                offset: 0,
                first: access(1, 4, AccessKind::Write, 3),
                second: access(1, 5, AccessKind::Atomic, 4),
            },
        ]
    );
}

#[test]
fn threads_writing_their_own_elements_do_not_race() {
    let mut run = Run::new(8);
    for group in 0..4 {
        run.group(group);
        for lane in 0..8 {
            let i = u64::from(group * 8 + lane);
            run.read(lane, VIEW, i, 1);
            run.write(lane, VIEW, i, 2);
            // A lane reading back what it wrote.
            run.read(lane, VIEW, i, 3);
        }
        run.checker.end_group();
    }
    assert_eq!(run.finish(), []);
}

#[test]
fn workgroups_writing_disjoint_halves_do_not_race_and_overlapping_ones_do() {
    let halves = |overlap: u64| {
        let mut run = Run::new(4);
        for group in 0..2 {
            run.group(group);
            for lane in 0..4 {
                for k in 0..4 {
                    let word = u64::from(group) * (16 - overlap) + u64::from(lane) * 4 + k;
                    run.write(lane, VIEW, word, 1 + group);
                }
            }
            run.checker.end_group();
        }
        run.finish()
    };
    assert_eq!(halves(0), []);
    assert_eq!(
        halves(1),
        [Finding::Race {
            space: VIEW,
            offset: 60,
            first: access(0, 3, AccessKind::Write, 1),
            second: access(1, 0, AccessKind::Write, 2),
        }]
    );
}

#[test]
fn a_binding_is_ordered_within_a_workgroup_by_a_storage_barrier_only() {
    let run_with = |flags: Barrier| {
        let mut run = Run::new(4);
        run.group(0);
        run.write(0, VIEW, 7, 1);
        run.barrier(flags);
        run.read(3, VIEW, 7, 2);
        run.finish()
    };
    assert_eq!(run_with(ALL_FENCE), []);
    assert_eq!(run_with(Barrier::STORAGE), []);
    assert_eq!(
        run_with(TILE_FENCE),
        [Finding::Race {
            space: VIEW,
            offset: 28,
            first: access(0, 0, AccessKind::Write, 1),
            second: access(0, 3, AccessKind::Read, 2),
        }]
    );
}

#[test]
fn a_write_races_with_a_read_of_an_earlier_workgroup_behind_many_later_reads() {
    let mut run = Run::new(8);
    run.group(0);
    run.read(5, VIEW, 0, 1);
    run.checker.end_group();
    run.group(1);
    for lane in 0..8 {
        run.read(lane, VIEW, 0, 2);
    }
    run.barrier(ALL_FENCE);
    run.write(0, VIEW, 0, 3);
    assert_eq!(
        run.finish(),
        [Finding::Race {
            space: VIEW,
            offset: 0,
            first: access(0, 5, AccessKind::Read, 1),
            second: access(1, 0, AccessKind::Write, 3),
        }]
    );
}

#[test]
fn reads_before_a_barrier_do_not_race_with_a_write_after_it() {
    let mut run = Run::new(4);
    run.group(0);
    run.write(2, TILE, 0, 1);
    run.barrier(TILE_FENCE);
    run.read(1, TILE, 0, 2);
    run.read(3, TILE, 0, 2);
    run.barrier(TILE_FENCE);
    run.read(0, TILE, 0, 3);
    run.write(0, TILE, 0, 4);
    assert_eq!(run.finish(), []);
}

#[test]
fn a_lane_rereading_or_rewriting_its_own_bytes_does_not_race() {
    let mut run = Run::new(8);
    run.group(0);
    run.write(3, TILE, 2, 1);
    run.read(3, TILE, 2, 2);
    run.write(3, TILE, 2, 3);
    run.read(3, TILE, 2, 4);
    assert_eq!(run.finish(), []);
}
