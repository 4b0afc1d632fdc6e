//! Data larger than one storage binding. The binding and buffer limits amp assumes are lowered
//! with `AMP_MAX_BINDING_BYTES` (test hooks) so that small arrays reach them; each test runs in
//! a process of its own, since the limits are read from the environment.

use crate::own_process::ran_in_own_process;
use amp::error::{Error, MemoryError};
use amp::prelude::*;

/// The largest storage binding the tests below assume: 64 KiB, 16384 `f32`.
const BINDING: &str = "65536";

#[test]
fn a_view_larger_than_one_binding_is_a_typed_error_before_any_upload() {
    if ran_in_own_process() {
        return;
    }
    std::env::set_var("AMP_MAX_BINDING_BYTES", BINDING);
    let small = Array::<f32, 1>::from_extent(16383).expect("a small array");
    let data: Vec<f32> = (0..20_000).map(|i| i as f32).collect();
    let large = Array::new(20_000, &data).expect("a large array");
    let err = parallel_for_each!(large.extent(), |i: Index<1>| {
        small[0] = large[i];
    })
    .expect_err("the large view does not fit one binding");
    let Error::OutOfMemory(MemoryError::Binding {
        slot, bytes, max, ..
    }) = &err
    else {
        panic!("a binding error, not {err:?}");
    };
    // Slot 0 is the domain, 1 the small array, 2 the large one; its bytes include the zero
    // sentinel past the data.
    assert_eq!((*slot, *bytes, *max), (2, 80_004, 65_536));
    let message = err.to_string();
    assert!(message.contains("extent (20000)"), "{message}");
    assert!(message.contains("slot 2"), "{message}");
    assert_eq!(large.uploads(), 0, "nothing moved before the error");
}
