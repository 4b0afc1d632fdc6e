//! The checker driven through `Observer` as the executor drives it.

use super::*;
use naga::{Barrier, Span};

/// Workgroup variable 0.
const TILE: Space = Space::Workgroup { var: 0 };
/// Binding 0 of group 0.
const VIEW: Space = Space::Binding {
    group: 0,
    binding: 0,
};

/// The span numbered `n`.
fn sp(n: u32) -> Span {
    Span::new(10 * n, 10 * n + 5)
}

/// A dispatch of one-dimensional workgroups of `lanes` lanes, with a 4 KiB workgroup variable
/// and a 64 KiB binding.
struct Run {
    checker: Checker,
    lanes: u32,
}

impl Run {
    fn new(lanes: u32) -> Run {
        let mut checker = Checker::new();
        checker.begin_dispatch(&[(0, 4096)], &[(VIEW, 65536)]);
        Run { checker, lanes }
    }

    fn group(&mut self, id: u32) {
        self.checker.begin_group([id, 0, 0], [self.lanes, 1, 1]);
    }

    fn touch(&mut self, lane: u32, space: Space, word: u64, kind: AccessKind, span: u32) {
        self.checker
            .access(lane, space, 4 * word, 4, kind, sp(span));
    }

    fn write(&mut self, lane: u32, space: Space, word: u64, span: u32) {
        self.touch(lane, space, word, AccessKind::Write, span);
    }

    fn read(&mut self, lane: u32, space: Space, word: u64, span: u32) {
        self.touch(lane, space, word, AccessKind::Read, span);
    }

    fn atomic(&mut self, lane: u32, space: Space, word: u64, span: u32) {
        self.touch(lane, space, word, AccessKind::Atomic, span);
    }

    /// A barrier every lane reaches.
    fn barrier(&mut self, flags: Barrier) {
        let all = vec![true; self.lanes as usize];
        let none = vec![false; self.lanes as usize];
        self.checker.barrier(&all, &none, flags, sp(99));
    }

    fn finish(mut self) -> Vec<Finding> {
        self.checker.end_group();
        self.checker.finish()
    }
}

fn thread(group: u32, lane: u32) -> Thread {
    Thread {
        group: [group, 0, 0],
        local: [lane, 0, 0],
    }
}

fn access(group: u32, lane: u32, kind: AccessKind, span: u32) -> Access {
    Access {
        thread: thread(group, lane),
        kind,
        span: sp(span),
    }
}

const TILE_FENCE: Barrier = Barrier::WORK_GROUP;
const ALL_FENCE: Barrier = Barrier::WORK_GROUP.union(Barrier::STORAGE);

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

#[test]
fn a_read_of_unwritten_tile_static_memory_is_found_in_each_workgroup() {
    let mut run = Run::new(4);
    run.group(0);
    run.read(1, TILE, 2, 1);
    run.read(2, TILE, 2, 1);
    run.write(0, TILE, 5, 2);
    run.barrier(TILE_FENCE);
    run.read(1, TILE, 5, 3);
    run.checker.end_group();
    // Workgroup 0's write is not in workgroup 1's memory.
    run.group(1);
    run.read(0, TILE, 5, 3);
    assert_eq!(
        run.finish(),
        [
            Finding::Uninitialized {
                space: TILE,
                offset: 8,
                access: access(0, 1, AccessKind::Read, 1),
            },
            Finding::Uninitialized {
                space: TILE,
                offset: 20,
                access: access(1, 0, AccessKind::Read, 3),
            },
        ]
    );
}

#[test]
fn atomics_initialise_and_are_not_uninitialised_reads() {
    let mut run = Run::new(4);
    run.group(0);
    run.atomic(0, TILE, 0, 1);
    run.barrier(TILE_FENCE);
    run.read(1, TILE, 0, 2);
    assert_eq!(run.finish(), []);
}

#[test]
fn out_of_range_indices_are_found_once_per_span() {
    let mut run = Run::new(4);
    run.group(2);
    run.checker.out_of_range(3, 9, 8, sp(1));
    run.checker.out_of_range(2, -1, 8, sp(1));
    run.checker.out_of_range(1, 12, 4, sp(2));
    assert_eq!(
        run.finish(),
        [
            Finding::OutOfRange {
                access: access(2, 3, AccessKind::Read, 1),
                index: 9,
                len: 8,
            },
            Finding::OutOfRange {
                access: access(2, 1, AccessKind::Read, 2),
                index: 12,
                len: 4,
            },
        ]
    );
}

#[test]
fn a_barrier_not_all_lanes_reach_is_divergent() {
    let mut run = Run::new(4);
    run.group(0);
    // Lanes 2 and 3 on another path.
    let on_path = [true, true, false, false];
    let exited = [false; 4];
    run.checker.barrier(&on_path, &exited, TILE_FENCE, sp(1));
    run.checker.barrier(&on_path, &exited, TILE_FENCE, sp(1));
    // Lane 1 left the kernel while the others wait.
    let arrived = [true, false, true, true];
    let exited = [false, true, false, false];
    run.checker.barrier(&arrived, &exited, ALL_FENCE, sp(2));
    // Every lane that has not left arrives, and there is none that left: fine.
    run.checker
        .barrier(&[true; 4], &[false; 4], TILE_FENCE, sp(3));
    assert_eq!(
        run.finish(),
        [
            Finding::DivergentBarrier {
                span: sp(1),
                arrived: thread(0, 0),
                missing: thread(0, 2),
                missing_exited: false,
            },
            Finding::DivergentBarrier {
                span: sp(2),
                arrived: thread(0, 0),
                missing: thread(0, 1),
                missing_exited: true,
            },
        ]
    );
}

#[test]
fn a_subgroup_barrier_orders_tile_static_memory_and_is_not_checked_for_divergence() {
    let mut run = Run::new(4);
    run.group(0);
    run.write(0, TILE, 0, 1);
    run.checker.barrier(
        &[true, true, false, false],
        &[false; 4],
        Barrier::SUB_GROUP,
        sp(2),
    );
    run.read(1, TILE, 0, 3);
    assert_eq!(run.finish(), []);
}

#[test]
fn lanes_writing_neighbouring_halves_of_a_word_do_not_race() {
    let mut run = Run::new(4);
    run.group(0);
    // A word written whole, then its halves by two lanes after a barrier.
    run.write(0, TILE, 0, 1);
    run.barrier(TILE_FENCE);
    run.checker.access(0, TILE, 0, 2, AccessKind::Write, sp(2));
    run.checker.access(1, TILE, 2, 2, AccessKind::Write, sp(2));
    run.barrier(TILE_FENCE);
    run.checker.access(2, TILE, 0, 4, AccessKind::Read, sp(3));
    // Without the barrier: a race on the second half only.
    run.checker.access(1, TILE, 6, 2, AccessKind::Write, sp(4));
    run.checker.access(3, TILE, 4, 4, AccessKind::Read, sp(5));
    assert_eq!(
        run.finish(),
        [Finding::Race {
            space: TILE,
            offset: 6,
            first: access(0, 1, AccessKind::Write, 4),
            second: access(0, 3, AccessKind::Read, 5),
        }]
    );
}

#[test]
fn a_struct_read_with_its_padding_after_its_members_were_written_is_initialised() {
    let mut run = Run::new(4);
    run.group(0);
    // A `vec3<f32>` member at 0 and an `f32` at 16 of a 32-byte struct, written by lane 0.
    run.checker.access(0, TILE, 0, 12, AccessKind::Write, sp(1));
    run.checker.access(0, TILE, 16, 4, AccessKind::Write, sp(2));
    run.barrier(TILE_FENCE);
    run.checker.access(1, TILE, 0, 32, AccessKind::Read, sp(3));
    // The next struct, written by no one.
    run.checker.access(2, TILE, 32, 32, AccessKind::Read, sp(4));
    assert_eq!(
        run.finish(),
        [Finding::Uninitialized {
            space: TILE,
            offset: 32,
            access: access(0, 2, AccessKind::Read, 4),
        }]
    );
}

#[test]
fn a_race_between_two_spans_is_reported_once() {
    let mut run = Run::new(64);
    run.group(0);
    for lane in 0..64 {
        run.write(lane, TILE, 0, 1);
    }
    assert_eq!(run.finish().len(), 1);
}

#[test]
fn findings_stop_at_the_cap_keeping_the_first() {
    let mut run = Run::new(4);
    run.group(0);
    for n in 0..40 {
        run.checker.out_of_range(0, 5, 4, sp(n));
    }
    let found = run.finish();
    assert_eq!(found.len(), MAX_FINDINGS);
    assert!(matches!(found[0], Finding::OutOfRange { access, .. } if access.span == sp(0)));
}

#[test]
fn multidimensional_lanes_are_named_by_their_local_ids() {
    let mut checker = Checker::new();
    checker.begin_dispatch(&[(3, 64)], &[]);
    checker.begin_group([1, 2, 3], [4, 2, 2]);
    let space = Space::Workgroup { var: 3 };
    checker.access(0, space, 0, 4, AccessKind::Write, sp(1));
    checker.access(13, space, 0, 4, AccessKind::Write, sp(2));
    let found = checker.finish();
    let [Finding::Race { second, .. }] = found[..] else {
        panic!("one race expected: {found:?}");
    };
    assert_eq!(
        second.thread,
        Thread {
            group: [1, 2, 3],
            local: [1, 1, 1],
        }
    );
}

#[test]
fn a_new_dispatch_starts_with_nothing_seen() {
    let mut checker = Checker::new();
    checker.begin_dispatch(&[], &[(VIEW, 16)]);
    checker.begin_group([0; 3], [2, 1, 1]);
    checker.access(0, VIEW, 0, 4, AccessKind::Write, sp(1));
    assert_eq!(checker.finish(), []);
    checker.begin_dispatch(&[], &[(VIEW, 16)]);
    checker.begin_group([1, 0, 0], [2, 1, 1]);
    checker.access(1, VIEW, 0, 4, AccessKind::Write, sp(2));
    assert_eq!(checker.finish(), []);
}

#[test]
fn a_cell_of_shadow_takes_32_bytes() {
    assert_eq!(std::mem::size_of::<shadow::Cell>(), 32);
}

#[test]
fn spans_past_what_a_site_holds_name_no_location() {
    let mut sites = site::Sites::default();
    let first = sites.site(sp(0), AccessKind::Write);
    for n in 1..20_000 {
        sites.number(sp(n));
    }
    let late = sites.site(sp(19_999), AccessKind::Read);
    assert_eq!(sites.span(first), sp(0));
    assert_eq!(site::Sites::kind(first), AccessKind::Write);
    assert_eq!(sites.span(late), Span::UNDEFINED);
    assert_eq!(site::Sites::kind(late), AccessKind::Read);
}

#[test]
fn accesses_past_a_region_or_to_unknown_memory_are_passed_over() {
    let mut checker = Checker::new();
    let huge = Space::Binding {
        group: 1,
        binding: 0,
    };
    checker.begin_dispatch(&[(0, 8)], &[(VIEW, 16), (huge, u64::MAX)]);
    checker.begin_group([0; 3], [2, 1, 1]);
    for lane in 0..2 {
        checker.access(lane, VIEW, 16, 4, AccessKind::Write, sp(1));
        checker.access(lane, TILE, u64::MAX - 1, 4, AccessKind::Write, sp(2));
        checker.access(
            lane,
            Space::Workgroup { var: 7 },
            0,
            4,
            AccessKind::Write,
            sp(3),
        );
        checker.access(lane, huge, 1 << 40, 4, AccessKind::Write, sp(4));
    }
    // The last word of the view, touched by an access that runs past its end.
    checker.access(0, VIEW, 12, 8, AccessKind::Write, sp(5));
    checker.access(1, VIEW, 12, 4, AccessKind::Write, sp(6));
    assert_eq!(
        checker.finish(),
        [Finding::Race {
            space: VIEW,
            offset: 12,
            first: access(0, 0, AccessKind::Write, 5),
            second: access(0, 1, AccessKind::Write, 6),
        }]
    );
}

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
