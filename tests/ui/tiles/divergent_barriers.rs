use amp::prelude::*;

// A barrier under a condition on the thread's index (C++ AMP C3561), found in the source.
fn local_condition(v: &ArrayView<i32, 1>) -> Result<(), amp::Error> {
    parallel_for_each!(v.extent().tile::<16>(), |t: TiledIndex<16>| {
        if t.local[0] % 2 == 0 {
            t.barrier.wait();
        }
    })
}

// The taint follows locals, including assignments in loops.
fn through_locals(v: &ArrayView<i32, 1>) -> Result<(), amp::Error> {
    parallel_for_each!(v.extent().tile::<16>(), |t: TiledIndex<16>| {
        let l = t.global[0];
        let mut k = 0;
        for _ in 0..4 {
            k += l;
        }
        while k > 3 {
            t.barrier.wait_with_tile_static_memory_fence();
            k -= 1;
        }
    })
}

// After some threads returned, the others wait alone.
#[kernel]
fn early_return(t: TiledIndex<16>, n: i32) {
    if t.global[0] >= n {
        return;
    }
    t.barrier.wait();
}

// Leaving a loop early makes every later iteration's barrier divergent.
#[kernel]
fn loop_exit(t: TiledIndex<16>) {
    for i in 0..8 {
        t.barrier.wait();
        if i == t.local[0] {
            break;
        }
    }
}

fn main() {}
