use amp::prelude::*;

#[kernel]
fn f(n: i32) -> i32 {
    let x = n.checked_add(1)?;
    let y = async { 1 };
    x
}

#[kernel]
async fn g(n: i32) {}

#[kernel]
unsafe fn h(n: i32) {}

fn main() {}
