//! `Accelerator::wait` reports a fault of a checked launch that no host access observed. In a
//! process of its own: `wait` reports faults of every launch on the accelerator, so a concurrent
//! test's fault would be taken by it.

use crate::own_process::ran_in_own_process;
use amp::prelude::*;
use amp::{AccessKind, Error};

#[test]
fn accelerator_wait_reports_a_fault_of_a_dropped_view() -> Result<(), Error> {
    if ran_in_own_process() {
        return Ok(());
    }
    let acc = Accelerator::default()?;
    acc.wait()?;
    let data = vec![1.0f32; 4];
    {
        // Nothing of this launch is observed: the array is never read back, the views never
        // synchronized.
        let v = ConstArrayView::new(4, &data)?;
        let out = Array::new(Extent::new([1]), &[0.0f32])?;
        parallel_for_each!(out.extent(), |i: Index<1>| {
            out[i] = v[7];
        })?;
    }
    match acc.wait() {
        Err(Error::OutOfBounds {
            index,
            fault: Some(fault),
            ..
        }) => {
            assert_eq!(index.to_string(), "(7)");
            assert_eq!(fault.access, AccessKind::ViewRead);
        }
        other => panic!("wait must report the fault, got {other:?}"),
    }
    acc.wait()?;
    Ok(())
}
