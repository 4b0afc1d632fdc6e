use amp::prelude::*;

// A loop with barriers exiting on a tile_static value only thread 0 writes: a plain read is
// not the same for every thread (C++ AMP C3561)…
fn plain_read(v: &ArrayView<u32, 1>) -> Result<(), amp::Error> {
    parallel_for_each!(v.extent().tile::<16>(), |t: TiledIndex<1>| {
        #[tile_static]
        let mut finished: u32;
        let mut rounds = 0u32;
        loop {
            rounds += 1;
            t.barrier.wait_with_tile_static_memory_fence();
            if t.local[0] == 0 {
                finished = 0u32;
                if rounds >= v[0] {
                    finished = 1u32;
                }
            }
            t.barrier.wait_with_tile_static_memory_fence();
            if finished != 0u32 {
                break;
            }
        }
    })
}

// …whereas `t.barrier.read_uniform(finished)` is (accepted: tests/gpu/tiling.rs). The read is
// a barrier itself: under a condition on the thread's index it is rejected.
fn divergent_read(v: &ArrayView<u32, 1>) -> Result<(), amp::Error> {
    parallel_for_each!(v.extent().tile::<16>(), |t: TiledIndex<1>| {
        #[tile_static]
        let mut shared: u32;
        shared = 1u32;
        if t.local[0] == 0 {
            v[t] = t.barrier.read_uniform(shared);
        }
    })
}

// It reads a tile_static variable, not a value.
fn not_a_place(v: &ArrayView<u32, 1>) -> Result<(), amp::Error> {
    parallel_for_each!(v.extent().tile::<16>(), |t: TiledIndex<1>| {
        let mine = v[t];
        v[t] = t.barrier.read_uniform(mine + 1u32);
    })
}

fn main() {}
