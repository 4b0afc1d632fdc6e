//! A lost device (C++ AMP `accelerator_view_removed`): every later operation of the
//! accelerator is `Error::AcceleratorRemoved`, and host data keeps what it held. (In a process of
//! its own: the default accelerator stays lost for the rest of the process.)

use crate::own_process::ran_in_own_process;
use amp::prelude::*;
use amp::Error;

fn removed<T: std::fmt::Debug>(result: Result<T, Error>) {
    match result {
        Err(Error::AcceleratorRemoved(message)) => {
            assert!(message.to_string().contains("lost"), "{message}")
        }
        other => panic!("expected AcceleratorRemoved, got {other:?}"),
    }
}

#[test]
fn every_operation_after_a_loss_is_accelerator_removed() -> Result<(), Error> {
    if ran_in_own_process() {
        return Ok(());
    }
    let acc = Accelerator::default()?;
    let mut data: Vec<i32> = (0..256).collect();
    let array = Array::new(256, &data)?;
    {
        let v = ArrayView::new(256, &mut data)?;
        parallel_for_each!(v.extent(), |i: Index<1>| {
            v[i] *= 2;
            array[i] += 1;
        })?;
        v.synchronize()?;
    }
    let before = data.clone();
    acc.simulate_loss()?;

    let v = ArrayView::new(256, &mut data)?;
    removed(parallel_for_each!(v.extent(), |i: Index<1>| {
        v[i] += 1;
    }));
    // The array's data is on the lost device (a kernel wrote it last).
    removed(array.to_vec());
    removed(acc.wait());
    removed(acc.default_view().create_marker().wait());
    drop(v);
    // The host data keeps what it held before the loss.
    assert_eq!(data, before);
    Ok(())
}
