//! N-body gravity with `Float4` views (xyz position, w mass) and tile_static blocking: each tile
//! loads a block of bodies into tile_static memory once, and every thread of the tile reads them
//! from there (C++ AMP's classic n-body sample).

use amp::prelude::*;

/// Bodies per tile.
pub const TILE: usize = 128;
/// Softening, so that close encounters stay finite.
const SOFTENING: f32 = 0.01;

/// The accelerations of all bodies (`bodies.len()` a multiple of `TILE`).
pub fn accelerations(bodies: &[Float4]) -> Result<Vec<Float4>, amp::Error> {
    let n = bodies.len() as i32;
    let mut acc = vec![Float4::default(); bodies.len()];
    let bv = ConstArrayView::new(n, bodies)?;
    let av = ArrayView::new(n, &mut acc)?;
    av.discard_data();
    parallel_for_each!(av.extent().tile::<TILE>(), |t: TiledIndex<1>| {
        #[tile_static]
        let mut block: [Float4; TILE];
        let me = bv[t.global];
        let mut a = float3(0.0, 0.0, 0.0);
        let mut start = 0;
        while start < n {
            block[t.local[0]] = bv[start + t.local[0]];
            t.barrier.wait();
            for j in 0..TILE as i32 {
                let other = block[j];
                let d = float3(other.x() - me.x(), other.y() - me.y(), other.z() - me.z());
                let r2 = d.dot(d) + SOFTENING;
                let inv = fast_math::rsqrt(r2);
                a += d * (other.w() * inv * inv * inv);
            }
            t.barrier.wait();
            start += TILE as i32;
        }
        av[t.global] = float4(a.x(), a.y(), a.z(), 0.0);
    })?;
    av.synchronize()?;
    drop(av);
    Ok(acc)
}

/// The same sums on the CPU.
pub fn accelerations_cpu(bodies: &[Float4]) -> Vec<Float4> {
    bodies
        .iter()
        .map(|me| {
            let mut a = float3(0.0, 0.0, 0.0);
            for other in bodies {
                let d = float3(other.x() - me.x(), other.y() - me.y(), other.z() - me.z());
                let r2 = d.dot(d) + SOFTENING;
                let inv = 1.0 / r2.sqrt();
                a += d * (other.w() * inv * inv * inv);
            }
            float4(a.x(), a.y(), a.z(), 0.0)
        })
        .collect()
}

/// `n` bodies in a cube, with masses.
pub fn galaxy(n: usize, seed: u32) -> Vec<Float4> {
    let mut s = seed.max(1);
    let mut next = move || {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        (s % 20_000) as f32 / 10_000.0 - 1.0
    };
    (0..n)
        .map(|_| float4(next(), next(), next(), next().abs() + 0.1))
        .collect()
}

#[allow(dead_code)]
fn main() -> Result<(), amp::Error> {
    let bodies = galaxy(TILE * 16, 7);
    let acc = accelerations(&bodies)?;
    let cpu = accelerations_cpu(&bodies);
    let worst = acc
        .iter()
        .zip(&cpu)
        .map(|(a, c)| (*a - *c).length() / (c.length() + 1.0))
        .fold(0.0f32, f32::max);
    println!(
        "{} bodies: largest relative difference from the CPU {worst:e}",
        bodies.len()
    );
    Ok(())
}
