use amp::prelude::*;

fn main() -> Result<(), amp::Error> {
    let mut data = vec![0i32; 4096];
    let v = ArrayView::new([64, 64], &mut data)?;
    // C++ AMP's conformance cases: too many threads, a zero dimension, a rank-3 tile deeper than
    // 64. Each is reported at the domain of the launch that uses it.
    let big = Extent::new([2048]).tile::<1025>();
    parallel_for_each!(big, |t: TiledIndex<1>| {
        let _ = t.local[0];
    })?;
    parallel_for_each!(v.extent().tile::<25, 41>(), |t: TiledIndex<2>| {
        v[t.global] = 1;
    })?;
    parallel_for_each!(v.extent().tile::<0, 16>(), |t: TiledIndex<2>| {
        v[t.global] = 2;
    })?;
    parallel_for_each!(Extent::new([65, 1, 1]).tile::<65, 1, 1>(), |t: TiledIndex<3>| {
        let _ = t.local[0];
    })?;
    Ok(())
}
