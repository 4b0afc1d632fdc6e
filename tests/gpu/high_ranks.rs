//! `Index` and `Extent` of ranks 4 to 8 in untiled kernels, as on the host: launch domains,
//! views, captures, component access and arithmetic (ranks above 4 are arrays in naga, so
//! their operations go component by component).

use amp::prelude::*;
use amp::Error;

/// Row-major linear position of `idx` in `e`, on the host.
fn linear<const N: usize>(idx: [i32; N], e: [i32; N]) -> i32 {
    idx.iter().zip(e).fold(0, |acc, (&i, e)| acc * e + i)
}

#[test]
fn rank_4_and_5_domains_and_views() -> Result<(), Error> {
    let e4 = [3, 2, 4, 5];
    let mut out4 = vec![-1i32; 3 * 2 * 4 * 5];
    let v4 = ArrayView::new(e4, &mut out4)?;
    parallel_for_each!(v4.extent(), |idx: Index<4>| {
        let e = v4.extent();
        v4[idx] = ((idx[0] * e[1] + idx[1]) * e[2] + idx[2]) * e[3] + idx[3];
    })?;
    drop(v4);
    assert_eq!(out4, (0..120).collect::<Vec<i32>>());

    let e5 = [2, 3, 2, 2, 3];
    let n5 = 2 * 3 * 2 * 2 * 3;
    let src: Vec<i32> = (0..n5).map(|i| i * 7 % 11).collect();
    let mut out5 = vec![0i32; n5 as usize];
    let sv = ConstArrayView::new(e5, &src)?;
    let ov = ArrayView::new(e5, &mut out5)?;
    let shift = Index::new([0, 1, 0, 0, 1]);
    parallel_for_each!(ov.extent(), |idx: Index<5>| {
        // Reads the neighbour `idx + shift` where it exists (arithmetic and comparison on
        // rank-5 shapes), else writes -1.
        let at = idx + shift;
        let e = sv.extent();
        if e.contains(at) && at != idx {
            ov[idx] = sv[at] + 2 * idx[4];
        } else {
            ov[idx] = -1;
        }
    })?;
    drop(ov);
    for i0 in 0..2 {
        for i1 in 0..3 {
            for i2 in 0..2 {
                for i3 in 0..2 {
                    for i4 in 0..3 {
                        let idx = [i0, i1, i2, i3, i4];
                        let at = [i0, i1 + 1, i2, i3, i4 + 1];
                        let inside = at.iter().zip(e5).all(|(&a, e)| a < e);
                        let want = if inside {
                            src[linear(at, e5) as usize] + 2 * i4
                        } else {
                            -1
                        };
                        assert_eq!(out5[linear(idx, e5) as usize], want, "{idx:?}");
                    }
                }
            }
        }
    }
    Ok(())
}

#[test]
fn rank_8_domain() -> Result<(), Error> {
    let e = [2, 1, 2, 1, 2, 1, 2, 3];
    let mut out = vec![0i32; 48];
    let ov = ArrayView::new(e, &mut out)?;
    parallel_for_each!(ov.extent(), |idx: Index<8>| {
        let twice = idx * 2;
        ov[idx] = twice[0] + twice[2] + twice[4] + twice[6] + twice[7];
    })?;
    drop(ov);
    for (k, got) in out.iter().enumerate() {
        let mut rest = k as i32;
        let mut idx = [0; 8];
        for d in (0..8).rev() {
            idx[d] = rest % e[d];
            rest /= e[d];
        }
        assert_eq!(
            *got,
            2 * (idx[0] + idx[2] + idx[4] + idx[6] + idx[7]),
            "{idx:?}"
        );
    }
    Ok(())
}
