use amp::prelude::*;

/// A host function with a constructor's signature is still not callable in kernels.
fn make(x: f32, y: f32, z: f32) -> Float3 {
    Float3::new(z, y, x)
}

#[kernel]
fn from_helper(x: f32) -> Float3 {
    make(x, x, x)
}

#[kernel]
fn integer_component(i: i32) -> Float3 {
    float3(i, 1.0, 2.0)
}

fn main() {
    // On the host, the components have the vector's component type too.
    let v = float3(1, 2, 3);
    let w = Int2::new(1.5, 2.0);
    let _ = (v, w);
}
