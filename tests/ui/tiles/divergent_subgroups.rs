use amp::prelude::*;

// A subgroup operation under a condition on the thread's index: only some lanes would take part.
fn local_condition(v: &ArrayView<i32, 1>) -> Result<(), amp::Error> {
    parallel_for_each!(v.extent().tile::<16>(), |t: TiledIndex<1>| {
        if t.local[0] < 8 {
            v[t] = subgroup::reduce_add(v[t]);
        }
    })
}

// Subgroup results differ between the threads of a tile: a condition on one taints.
fn condition_on_a_lane(v: &ArrayView<i32, 1>) -> Result<(), amp::Error> {
    parallel_for_each!(v.extent().tile::<16>(), |t: TiledIndex<1>| {
        let first = subgroup::lane() == 0;
        if first {
            v[t] = subgroup::broadcast_first(v[t]);
        }
        if subgroup::all(v[t] > 0) {
            t.barrier.wait();
        }
    })
}

// Reading the lane or the size is no operation of the subgroup: allowed anywhere.
fn builtins_anywhere(v: &ArrayView<i32, 1>) -> Result<(), amp::Error> {
    parallel_for_each!(v.extent().tile::<16>(), |t: TiledIndex<1>| {
        if t.local[0] < 8 {
            v[t] = (subgroup::lane() + subgroup::size()) as i32;
        }
        if subgroup::size() > 4 {
            v[t] = subgroup::reduce_add(v[t]);
        }
    })
}

// The lane of a broadcast is a literal.
#[kernel]
fn broadcast_from(x: i32, lane: u32) -> i32 {
    subgroup::broadcast(x, lane) + subgroup::broadcast(x, 2) + subgroup::shuffle(x, lane)
}

fn main() {}
