use amp::prelude::*;

#[kernel]
fn twice(x: f32) -> f32 {
    x * 2.0
}

#[kernel]
fn tile_sum(t: TiledIndex<1>, x: f32) -> f32 {
    x + t.local[0] as f32
}

#[kernel]
fn lane_sum(x: u32) -> u32 {
    subgroup::broadcast_first(x)
}

// On the host, a #[kernel] fn takes the values its signature names; one that runs only in
// kernels (by its parameters or its body), and amp's math called with the wrong type, are errors
// at the call, in amp's words.
fn main() {
    let _ = twice(1);
    let _ = twice(1.0f64);
    let _ = tile_sum(0, 1.0);
    let _ = lane_sum(3);
    let _ = fast_math::sqrt(1);
    let _ = intrinsics::countbits(1.5f32);
}
