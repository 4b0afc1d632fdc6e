//! Device functions as C++ AMP code bases write them: a class with `restrict(cpu, amp)` member
//! functions, an out-parameter helper (`void polar(float x, float y, float& r, float& a)`), a
//! helper taking a `tile_static` array, and a `template<int N>` helper — each called in a kernel
//! and, where the host can run it, on the host to verify the kernel.
//!
//! Run with `cargo run --example device_functions`.

use amp::prelude::*;

/// A complex number (C++ AMP: `struct Complex { float re, im; … restrict(cpu, amp) }`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Element)]
pub struct Complex {
    /// The real part.
    pub re: f32,
    /// The imaginary part.
    pub im: f32,
}

#[kernel]
impl Complex {
    /// `re + im·i`.
    pub fn new(re: f32, im: f32) -> Self {
        Complex { re, im }
    }

    /// The product `self · o`.
    pub fn mul(&self, o: Complex) -> Complex {
        Complex::new(
            self.re * o.re - self.im * o.im,
            self.re * o.im + self.im * o.re,
        )
    }

    /// `self += o`, in place.
    pub fn add_assign(&mut self, o: Complex) {
        self.re += o.re;
        self.im += o.im;
    }

    /// The squared modulus.
    pub fn norm(&self) -> f32 {
        self.re * self.re + self.im * self.im
    }
}

/// Out-parameters: the modulus and the argument of `(x, y)`.
#[kernel]
pub fn polar(x: f32, y: f32, r: &mut f32, a: &mut f32) {
    *r = (x * x + y * y).sqrt();
    *a = y.atan2(x);
}

/// `z ↦ z^N + c`, `N` a const parameter (C++ AMP: `template<int N>`).
#[kernel]
pub fn step<const N: u32>(z: Complex, c: Complex) -> Complex {
    let mut p = z;
    for _ in 1..N {
        p = p.mul(z);
    }
    let mut next = p;
    next.add_assign(c);
    next
}

/// Escape iterations of `c` under `z ↦ z^N + c`, at most `limit`.
#[kernel]
pub fn escape<const N: u32>(c: Complex, limit: i32) -> i32 {
    let mut z = Complex::new(0.0, 0.0);
    let mut n = 0;
    while n < limit && z.norm() <= 4.0 {
        z = step::<N>(z, c);
        n += 1;
    }
    n
}

/// The sum of a tile's values, reduced in its tile_static array by the tile's threads.
#[kernel]
fn tile_sum(shared: &mut [i32; 64], t: TiledIndex<1>) -> i32 {
    let local = t.local[0];
    let mut stride = 32;
    while stride > 0 {
        if local < stride {
            shared[local] += shared[local + stride];
        }
        t.barrier.wait();
        stride /= 2;
    }
    shared[0]
}

/// Escape counts of a `rows`×`cols` grid over [-2, 1]×[-1.2, 1.2], for the Mandelbrot map.
pub fn escapes(rows: i32, cols: i32, limit: i32) -> Result<Vec<i32>, amp::Error> {
    let mut counts = vec![0; (rows * cols) as usize];
    {
        let view = ArrayView::new([rows, cols], &mut counts)?;
        let (dx, dy) = (3.0 / cols as f32, 2.4 / rows as f32);
        parallel_for_each!(view.extent(), |idx: Index<2>| {
            let c = Complex::new(-2.0 + idx[1] as f32 * dx, -1.2 + idx[0] as f32 * dy);
            view[idx] = escape::<2>(c, limit);
        })?;
        view.synchronize()?;
    }
    Ok(counts)
}

/// The moduli and arguments of the points `(x[i], y[i])`, through the out-parameter helper.
pub fn polars(x: &[f32], y: &[f32]) -> Result<(Vec<f32>, Vec<f32>), amp::Error> {
    let n = x.len() as i32;
    let (mut r, mut a) = (vec![0.0; x.len()], vec![0.0; x.len()]);
    {
        let (xv, yv) = (ConstArrayView::new(n, x)?, ConstArrayView::new(n, y)?);
        let (rv, av) = (ArrayView::new(n, &mut r)?, ArrayView::new(n, &mut a)?);
        parallel_for_each!(rv.extent(), |i: Index<1>| {
            let (mut m, mut t) = (0.0f32, 0.0f32);
            polar(xv[i], yv[i], &mut m, &mut t);
            rv[i] = m;
            av[i] = t;
        })?;
        rv.synchronize()?;
        av.synchronize()?;
    }
    Ok((r, a))
}

/// Each tile's sum of `data`, through the tile_static helper (`data.len()` a multiple of 64).
pub fn tile_sums(data: &[i32]) -> Result<Vec<i32>, amp::Error> {
    let n = data.len() as i32;
    let mut sums = vec![0; data.len() / 64];
    let dv = ConstArrayView::new(n, data)?;
    let sv = ArrayView::new(n / 64, &mut sums)?;
    sum_tiles(dv, &sv)?;
    drop(sv);
    Ok(sums)
}

fn sum_tiles(dv: ConstArrayView<i32, 1>, sv: &ArrayView<i32, 1>) -> Result<(), amp::Error> {
    parallel_for_each!(dv.extent().tile::<64>(), |t: TiledIndex<1>| {
        #[tile_static]
        let mut shared: [i32; 64];
        shared[t.local[0]] = dv[t.global];
        t.barrier.wait();
        let total = tile_sum(&mut shared, t);
        if t.local[0] == 0 {
            sv[t.tile[0]] = total;
        }
    })?;
    sv.synchronize()
}

#[allow(dead_code)]
fn main() -> Result<(), amp::Error> {
    // The kernel's escape counts, checked with the same functions on the host (a host call
    // naming generic arguments names one `_` per parameter after them).
    let (rows, cols, limit) = (24, 64, 50);
    let counts = escapes(rows, cols, limit)?;
    let (dx, dy) = (3.0 / cols as f32, 2.4 / rows as f32);
    let mut same = 0;
    for r in 0..rows {
        for c in 0..cols {
            let point = Complex::new(-2.0 + c as f32 * dx, -1.2 + r as f32 * dy);
            same += usize::from(counts[(r * cols + c) as usize] == escape::<2, _, _>(point, limit));
        }
    }
    println!(
        "escape counts: {same} of {} points as the host computes them",
        rows * cols
    );
    for r in (0..rows).step_by(3) {
        let line: String = (0..cols)
            .map(|c| {
                if counts[(r * cols + c) as usize] == limit {
                    '#'
                } else {
                    '.'
                }
            })
            .collect();
        println!("{line}");
    }

    let (x, y) = ([3.0f32, 0.0, -1.0], [4.0f32, 2.0, -1.0]);
    let (m, a) = polars(&x, &y)?;
    println!("polar: moduli {m:?}, arguments {a:?}");

    let data: Vec<i32> = (0..256).collect();
    println!("tile sums: {:?}", tile_sums(&data)?);
    Ok(())
}
