use amp::prelude::*;

#[kernel]
fn scale(x: u8) -> i32 {
    let y: i16 = 3;
    (x as u16) as i32
}

fn main() {}
