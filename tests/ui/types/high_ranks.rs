use amp::prelude::*;

#[kernel]
fn rank_nine(i: Index<9>) -> i32 {
    i[0]
}

fn main() {}
