use amp::prelude::*;

// The index parameter's type follows from the domain.
fn wrong_rank(v: &ArrayView<i32, 1>) -> Result<(), amp::Error> {
    parallel_for_each!(v.extent(), |i: Index<2>| {
        v[i[0]] = 1;
    })
}

fn tiled_index_untiled_domain(v: &ArrayView<i32, 1>) -> Result<(), amp::Error> {
    parallel_for_each!(v.extent(), |t: TiledIndex<1>| {
        v[t] = 1;
    })
}

fn no_parameter(v: &ArrayView<i32, 1>) -> Result<(), amp::Error> {
    parallel_for_each!(v.extent(), || {
        v[0] = 1;
    })
}

fn main() {}
