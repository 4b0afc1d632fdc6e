use amp::prelude::*;

#[kernel]
fn branch(x: i32) -> i32 {
    if x {
        return 1;
    }
    0
}

#[kernel]
fn spin(n: u32) -> u32 {
    let mut k = n;
    while k {
        k -= 1;
    }
    k
}

#[kernel]
fn both(a: bool, f: f32) -> bool {
    a && f
}

fn main() {}
