//! A kernel's pipeline is built on its first launch and reused afterwards. (In a process of its
//! own, so the process-wide counter sees no other kernels.)

use crate::own_process::ran_in_own_process;
use amp::prelude::*;

fn scale(data: &mut [f32], factor: f32) -> Result<(), amp::Error> {
    let n = data.len() as i32;
    let view = ArrayView::new(n, data)?;
    parallel_for_each!(view.extent(), |idx: Index<1>| {
        view[idx] = view[idx] * factor;
    })
}

#[test]
fn second_launch_builds_nothing() {
    if ran_in_own_process() {
        return;
    }
    let mut data: Vec<f32> = (0..1000).map(|i| i as f32).collect();
    let before = amp::pipelines_built();
    scale(&mut data, 2.0).expect("first launch");
    assert_eq!(
        amp::pipelines_built(),
        before + 1,
        "first launch builds the kernel"
    );
    scale(&mut data, 3.0).expect("second launch");
    scale(&mut data[..10], 0.5).expect("third launch, other extent");
    assert_eq!(
        amp::pipelines_built(),
        before + 1,
        "later launches reuse it"
    );
    for (i, v) in data.iter().enumerate() {
        let expected = i as f32 * 6.0 * if i < 10 { 0.5 } else { 1.0 };
        assert_eq!(*v, expected, "element {i}");
    }
}
