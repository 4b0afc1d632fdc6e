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
fn div_ceil_of_a_signed_integer(n: i32) -> i32 {
    n.div_ceil(4)
}

#[kernel]
fn signed_div_ceil_by_path(n: i32) -> i32 {
    i32::div_ceil(n, 4)
}

#[kernel]
fn abs_diff_of_floats(x: f32) -> f32 {
    x.abs_diff(1.0)
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
