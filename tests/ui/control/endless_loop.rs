use amp::prelude::*;

// A `loop` (or `while true`) with no `break` of its own and no `return` never ends; a `break`
// of an inner loop does not leave the outer one.
fn endless(v: &ArrayView<u32, 1>) -> Result<(), amp::Error> {
    parallel_for_each!(v.extent(), |i: Index<1>| {
        loop {
            v[i] += 1;
        }
    })?;
    parallel_for_each!(v.extent(), |i: Index<1>| {
        loop {
            for k in 0..4u32 {
                if k == 2 {
                    break;
                }
            }
        }
    })?;
    parallel_for_each!(v.extent(), |i: Index<1>| {
        while true {
            v[i] += 1;
        }
    })
}

// Loops that leave are accepted.
#[kernel]
fn leaves(x: u32) -> u32 {
    let mut n = x;
    loop {
        if n > 100 {
            break;
        }
        if n == 7 {
            return n;
        }
        n += 1;
    }
    n
}

fn main() {}
