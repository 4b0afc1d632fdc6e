//! Subgroup operations (`amp::subgroup`).

use amp::prelude::*;

#[test]
fn smoke() {
    let data: Vec<i32> = (0..64).collect();
    let input = Array::new(64, &data).expect("input");
    let out = Array::<i32, 1>::filled(64, 0).expect("out");
    let lanes = Array::<u32, 1>::filled(64, 0).expect("lanes");
    parallel_for_each!(input.extent().tile::<16>(), |t: TiledIndex<1>| {
        let x = input[t];
        out[t] = subgroup::reduce_add(x) + subgroup::inclusive_min(x) * 0;
        lanes[t] = subgroup::lane() + subgroup::size() * 100;
    })
    .expect("launch");
    eprintln!("{:?}", out.to_vec().unwrap());
    eprintln!("{:?}", lanes.to_vec().unwrap());
}
