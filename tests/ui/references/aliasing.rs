use amp::prelude::*;

#[kernel]
fn swap(a: &mut f32, b: &mut f32) {
    let t = *a;
    *a = *b;
    *b = t;
}

#[kernel]
fn add_to(a: &mut f32, b: &f32) {
    *a += *b;
}

// Rust's rules on references hold in kernels, reported by rustc in its words: no two live
// `&mut` of one variable or of two elements of one array (E0499), no `&` while a `&mut` lives
// (E0502), no use of a variable while it is mutably borrowed (E0503).
#[kernel]
fn kernel_body(x: f32) -> f32 {
    let mut a = x;
    swap(&mut a, &mut a);
    let mut arr = [x, 1.0, 2.0];
    swap(&mut arr[0], &mut arr[1]);
    add_to(&mut a, &a);
    let r = &mut a;
    a += 1.0;
    *r += 1.0;
    a
}

fn main() {}
