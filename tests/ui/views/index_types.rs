use amp::prelude::*;

fn main() -> Result<(), amp::Error> {
    let mut data = vec![0; 64];
    let v = ArrayView::new(64, &mut data)?;
    let mut grid = vec![0.0f32; 64];
    let g = ArrayView::new([8, 8], &mut grid)?;
    parallel_for_each!(v.extent(), |i: Index<1>| {
        v[i] = i[i];
    })?;
    parallel_for_each!(v.extent(), |i: Index<1>| {
        let x = 1.5f32;
        v[x] = 1;
    })?;
    parallel_for_each!(g.extent(), |i: Index<2>| {
        let f = float3(1.0, 2.0, 3.0);
        g[i] = f[2.0f32];
    })?;
    Ok(())
}
