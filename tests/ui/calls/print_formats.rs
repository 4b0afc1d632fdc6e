use amp::prelude::*;

#[derive(Clone, Copy, Element)]
#[repr(C)]
struct Pair {
    a: i32,
    b: i32,
}

#[kernel]
fn format_strings(n: i32) -> i32 {
    println!(concat!("{}", "!"), n);
    println!("{:>5}", n);
    println!("{} {}", n);
    println!("{}", n, n);
    eprintln!("{:#?}", n);
    assert!(n > 0, "{:e}", n);
    n
}

#[kernel]
fn printed_types(p: Pair) -> i32 {
    println!("{}", p);
    assert_eq!(p.a, p.b, "{}", p);
    p.a
}

fn main() {}
