use amp::prelude::*;

#[kernel]
fn float_method_on_int(n: i32) -> i32 {
    n.sin()
}

#[kernel]
fn float_method_with_args(n: i32) -> i32 {
    n.mul_add(n, n)
}

#[kernel]
fn integer_method_on_float(x: f32) -> u32 {
    x.count_ones()
}

#[kernel]
fn sign_method_on_unsigned(u: u32) -> u32 {
    u.abs()
}

#[kernel]
fn unsigned_method_on_signed(n: i32) -> bool {
    n.is_power_of_two()
}

#[kernel]
fn number_method_on_bool(a: bool, b: bool) -> bool {
    a.max(b)
}

#[kernel]
fn bits_of_an_integer(n: i32) -> u32 {
    n.to_bits()
}

fn main() {}
