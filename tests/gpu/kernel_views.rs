//! Views converted inside kernels: `v.as_const()` (C++ AMP's `array_view<T>` to
//! `array_view<const T>`), read, sectioned and passed to a `#[kernel] fn` that takes a
//! `ConstArrayView`.

use amp::prelude::*;
use amp::Error;

/// The sum of three neighbours, through a read-only view.
#[kernel]
fn around(src: ConstArrayView<i32, 1>, i: i32) -> i32 {
    let n = src.extent()[0];
    let mut sum = src[i];
    if i > 0 {
        sum += src[i - 1];
    }
    if i + 1 < n {
        sum += src[i + 1];
    }
    sum
}

#[test]
fn a_view_as_const_in_a_kernel_is_a_read_only_view_of_the_same_data() -> Result<(), Error> {
    let mut data: Vec<i32> = (0..64).collect();
    let mut out = vec![0i32; 64];
    {
        let v = ArrayView::new(64, &mut data)?;
        let o = ArrayView::new(64, &mut out)?;
        parallel_for_each!(v.extent(), |idx: Index<1>| {
            let c = v.as_const();
            let part = c.section(Index::new([8]), Extent::new([16]));
            let mut extra = 0;
            if idx[0] < 16 {
                extra = part[idx[0]];
            }
            o[idx] = around(c, idx[0]) * 1000 + extra;
        })?;
    }
    let want: Vec<i32> = (0..64)
        .map(|k: i32| {
            let sum: i32 = (k - 1..=k + 1).filter(|j| (0..64).contains(j)).sum();
            sum * 1000 + if k < 16 { k + 8 } else { 0 }
        })
        .collect();
    assert_eq!(out, want);
    assert_eq!(data, (0..64).collect::<Vec<_>>());
    Ok(())
}
