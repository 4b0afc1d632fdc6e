// An array parameter is rejected at its type, with what to pass instead; a call of the function
// is then an error at the call.
use amp::prelude::*;

#[kernel]
fn stop_early(v: [f32; 4], i: i32) {
    v[i] = 1;
    return;
    v.atomic_fetch_add(i, 5);
}

fn main() {
    let mut out = vec![0i32; 16];
    let ov = ArrayView::new(16, &mut out).expect("view");
    parallel_for_each!(ov.extent(), |i: Index<1>| {
        stop_early(ov, i[0]);
    })
    .expect("launch");
}
