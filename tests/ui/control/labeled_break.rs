use amp::prelude::*;

#[kernel]
fn search(n: i32) -> i32 {
    let mut found = 0;
    'outer: for i in 0..n {
        for j in 0..n {
            if i * j == 12 {
                found = i;
                break 'outer;
            }
            if j > i {
                continue 'outer;
            }
        }
    }
    found
}

fn main() {}
