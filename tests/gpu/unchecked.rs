//! `parallel_for_each_unchecked!`: the same kernel without runtime checks, in an `unsafe` block.

use amp::prelude::*;

#[test]
fn unchecked_launch_computes_the_same_result() {
    let a: Vec<f32> = (0..1000).map(|i| i as f32).collect();
    let mut checked = vec![0.0f32; 1000];
    let mut unchecked = vec![0.0f32; 1000];
    let av = ConstArrayView::new(1000, &a).expect("view");
    let cv = ArrayView::new(1000, &mut checked).expect("view");
    let uv = ArrayView::new(1000, &mut unchecked).expect("view");
    parallel_for_each!(cv.extent(), |i: Index<1>| {
        cv[i] = av[i] * 2.0 + 1.0;
    })
    .expect("checked");
    // SAFETY: every thread reads and writes its own element, inside both extents.
    unsafe {
        parallel_for_each_unchecked!(uv.extent(), |i: Index<1>| {
            uv[i] = av[i] * 2.0 + 1.0;
        })
    }
    .expect("unchecked");
    drop((cv, uv));
    assert_eq!(checked, unchecked);
    assert_eq!(checked[999], 1999.0);
}
