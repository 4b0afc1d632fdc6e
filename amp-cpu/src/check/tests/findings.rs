//! Out-of-range indices, uninitialised reads, divergent barriers, and the checker's own bookkeeping.

use super::*;

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
