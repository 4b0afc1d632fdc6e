use amp::prelude::*;

// Sums and shuffles take numbers and short vectors; bit operations integers; votes bool.
fn wrong_types(v: &ArrayView<f32, 1>) -> Result<(), amp::Error> {
    parallel_for_each!(v.extent().tile::<16>(), |t: TiledIndex<1>| {
        let x = v[t];
        let bad_and = subgroup::reduce_and(x);
        let bad_sum = subgroup::reduce_add(x > 0.0);
        let bad_shuffle = subgroup::shuffle(x > 0.0, 1);
        let bad_vote = subgroup::any(x);
        let bad_lane = subgroup::shuffle(x, 1.0);
    })
}

fn main() {}
