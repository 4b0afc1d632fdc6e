use amp::prelude::*;

#[derive(Clone, Copy, Element)]
struct NotReprC {
    x: f32,
}

#[repr(C)]
#[derive(Clone, Copy, Element)]
struct Generic<T> {
    x: T,
}

#[repr(C)]
#[derive(Clone, Copy, Element)]
struct Tuple(f32, f32);

#[repr(C)]
#[derive(Clone, Copy, Element)]
enum Kind {
    A,
    B,
}

#[repr(C)]
#[derive(Clone, Copy, Element)]
struct Borrowing {
    data: &'static f32,
}

fn main() {}
