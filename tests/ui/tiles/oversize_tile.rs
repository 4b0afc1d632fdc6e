use amp::prelude::*;

fn main() {
    // C++ AMP's conformance cases: too many threads, a zero dimension, a rank-3 tile deeper than 64.
    let _ = Extent::new([2048]).tile::<1025>();
    let _ = Extent::new([64, 64]).tile::<25, 41>();
    let _ = Extent::new([64, 64]).tile::<0, 16>();
    let _ = Extent::new([65, 1, 1]).tile::<65, 1, 1>();
}
