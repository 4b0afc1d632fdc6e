use amp::prelude::*;

#[kernel]
fn store(idx: Index<1>, input: ConstArrayView<i32, 1>) {
    input[idx] = 1;
}

fn main() {}
