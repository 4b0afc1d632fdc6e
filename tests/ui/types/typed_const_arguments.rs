use amp::prelude::*;

// A rank, a tile size or an array length is a plain number: a typed literal is one error at
// the literal, not one at every use of the type.

#[kernel]
fn view_rank(v: ArrayView<u32, 1i64>, i: u32) -> u32 {
    v[i] * 2
}

#[kernel]
fn array_length(x: f32) -> f32 {
    let a: [f32; 4u32] = [x; 4];
    let mut b = [0.0f32; 2i32];
    b[0] = a[0];
    b[0]
}

fn main() {
    let mut data = vec![0u32; 64];
    let v = ArrayView::new(64, &mut data).unwrap();
    let _ = parallel_for_each!(v.extent().tile::<16>(), |t: TiledIndex<16u32>| {
        #[tile_static]
        let mut local: [u32; 16u64];
        local[t.local[0]] = 1;
        t.barrier.wait();
        v[t.global] = local[t.local[0]];
    });
}
