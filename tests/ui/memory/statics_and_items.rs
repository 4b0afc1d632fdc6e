use amp::prelude::*;

#[kernel]
fn f(n: i32) -> i32 {
    static COUNTER: i32 = 0;
    fn helper() -> i32 {
        1
    }
    struct Local;
    n
}

fn main() {}
