//! Array view coherence through kernels: `discard_data` on a section.

use amp::prelude::*;

/// Discarding a section keeps the kernel's results outside it (C++ AMP discards only the
/// section; amp, which tracks coherence for the whole data, discards nothing then).
#[test]
fn discarding_a_section_keeps_results_outside_it() {
    let (rows, cols) = (6, 5);
    let mut data = vec![-1i32; (rows * cols) as usize];
    let view = ArrayView::new([rows, cols], &mut data).expect("view");
    parallel_for_each!(view.extent(), |idx: Index<2>| {
        view[idx] = idx[0] * 100 + idx[1];
    })
    .expect("launch");
    let section = view.section([1, 1], [3, 2]).expect("section");
    section.discard_data();
    view.synchronize().expect("synchronize");
    assert_eq!(view.get([5, 4]).expect("get"), 504);
    drop(section);
    drop(view);
    for (i, &v) in data.iter().enumerate() {
        let (r, c) = (i as i32 / cols, i as i32 % cols);
        let inside = (1..4).contains(&r) && (1..3).contains(&c);
        // The section's elements may hold either value; amp keeps the kernel's.
        assert!(v == r * 100 + c || inside, "({r},{c}) = {v}");
    }
}

/// Discarding a section before the first kernel still uploads the data outside it.
#[test]
fn discarding_a_section_keeps_host_data_outside_it() {
    let mut data: Vec<i32> = (0..40).map(|i| i * 7 + 3).collect();
    let expected: Vec<i32> = data.iter().map(|v| v + 1).collect();
    let view = ArrayView::new(40, &mut data).expect("view");
    view.section(10, 5).expect("section").discard_data();
    parallel_for_each!(view.extent(), |idx: Index<1>| {
        view[idx] = view[idx] + 1;
    })
    .expect("launch");
    drop(view);
    for (i, (&v, &want)) in data.iter().zip(&expected).enumerate() {
        assert!(v == want || (10..15).contains(&i), "[{i}] = {v}");
    }
}

/// A section that covers all the data is the whole view: discarding it drops pending results,
/// as on the view itself.
#[test]
fn discarding_a_whole_section_drops_pending_results() {
    let mut data = vec![5i32; 12];
    let view = ArrayView::new([3, 4], &mut data).expect("view");
    parallel_for_each!(view.extent(), |idx: Index<2>| {
        view[idx] = 9;
    })
    .expect("launch");
    view.section_from([0, 0]).expect("section").discard_data();
    assert_eq!(view.downloads(), 0);
    drop(view);
    assert_eq!(data, [5; 12]);
}
