//! amp::algorithms against plain Rust on random data.
use amp::algorithms::*;
use amp::prelude::*;

#[kernel]
fn add_mod(a: u32, b: u32) -> u32 {
    (a + b) % 1000
}

#[test]
fn smoke() {
    for n in [1usize, 5, 256, 2047, 2048, 2049, 100_000, 3_000_000] {
        let data: Vec<u32> = (0..n as u32)
            .map(|i| i.wrapping_mul(2654435761) % 1000)
            .collect();
        let v = ConstArrayView::new(n as i32, &data).unwrap();
        let got = reduce(&v, Sum).unwrap();
        let want = data.iter().fold(0u32, |a, b| a.wrapping_add(*b));
        assert_eq!(got, Some(want), "n={n}");
        assert_eq!(reduce(&v, Max).unwrap(), data.iter().copied().max());
        assert_eq!(
            reduce(&v, add_mod).unwrap(),
            Some(data.iter().fold(0, |a, b| (a + b) % 1000))
        );
    }
    let out = ArrayView::<f32, 1>::from_extent(5).unwrap();
    iota(&out, 1.5f32).unwrap();
    assert_eq!(out.to_vec().unwrap(), [1.5, 2.5, 3.5, 4.5, 5.5]);
    fill(&out, 2.0f32).unwrap();
    assert_eq!(out.to_vec().unwrap(), [2.0; 5]);
}
