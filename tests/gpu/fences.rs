//! `wait()` drops its global fence when no view is both read and written, unless the launch
//! binds one array's data to a read and a written view. In a process of its own: it counts
//! pipeline builds, which concurrent tests would disturb.

use crate::own_process::ran_in_own_process;
use amp::prelude::*;
use amp::Error;

#[test]
fn a_view_and_its_section_sharing_data_keep_the_global_fence() -> Result<(), Error> {
    if ran_in_own_process() {
        return Ok(());
    }
    // The kernel reads `whole` and writes `half` and `rest`: alone that needs no global fence,
    // but both are the same data, so a thread may read what another thread of its tile wrote.
    let mut data = vec![0i32; 32];
    let whole = ArrayView::new(32, &mut data)?;
    let half = whole.section(Index::new([0]), Extent::new([16]))?;
    let rest = whole.section(Index::new([16]), Extent::new([16]))?;
    let before = amp::pipelines_built();
    for _ in 0..2 {
        parallel_for_each!(Extent::new([16]).tile::<16>(), |t: TiledIndex<1>| {
            let l = t.local[0];
            half[l] = l + 1;
            t.barrier.wait();
            // The neighbour's value, written before the barrier by another thread.
            rest[l] = whole[(l + 1) % 16];
        })?;
    }
    // Built once without the global fence, then with it for this launch; cached afterwards.
    assert_eq!(amp::pipelines_built() - before, 2);
    let got = whole.to_vec()?;
    let expected: Vec<i32> = (1..=16).chain((0..16).map(|l| (l + 1) % 16 + 1)).collect();
    assert_eq!(got, expected);
    Ok(())
}
