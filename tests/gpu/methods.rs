//! Methods and associated functions in kernels (C++ AMP's `restrict(amp)` member functions):
//! `#[kernel] impl` blocks on `#[derive(Element)]` structs, called as Rust calls them —
//! `Body::new(p, v)`, `Self::new(..)`, `b.speed()`, `b.advance(dt)` — on locals, view elements,
//! local array elements and fields.

use crate::common::random_floats as floats;

use amp::prelude::*;
use amp::Error;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Element)]
struct Body {
    pos: Float3,
    mass: f32,
    vel: Float3,
    steps: u32,
}

/// A free device function the methods call.
#[kernel]
fn squared(x: f32) -> f32 {
    x * x
}

#[kernel]
impl Body {
    /// Gravity, read as `Self::GRAVITY` (and `Body::GRAVITY`) in kernels.
    const GRAVITY: f32 = 9.8;

    /// A constructor: an associated function returning `Self`.
    fn new(pos: Float3, vel: Float3, mass: f32) -> Self {
        Self {
            pos,
            mass,
            vel,
            steps: 0,
        }
    }

    /// A `&self` getter calling a free `#[kernel] fn`.
    fn speed(&self) -> f32 {
        (squared(self.vel.x()) + squared(self.vel.y()) + squared(self.vel.z())).sqrt()
    }

    /// A `&self` method calling another method.
    fn energy(&self) -> f32 {
        0.5 * self.mass * self.speed() * self.speed()
    }

    /// A `self` method returning a new value through `Self::new`.
    fn reversed(self) -> Self {
        let mut b = Self::new(self.pos, -self.vel, self.mass);
        b.steps = self.steps;
        b
    }

    /// A `mut self` method: its receiver is a mutable copy, changed through a `&mut self` method.
    fn advanced(mut self, dt: f32) -> Self {
        self.advance(dt);
        self
    }

    /// A `&mut self` update.
    fn advance(&mut self, dt: f32) {
        self.pos = self.pos + self.vel * dt;
        self.vel[1] -= Self::GRAVITY * dt;
        self.steps += 1;
    }

    /// A `&mut self` method that may return early.
    fn slow_down(&mut self, limit: f32) {
        if self.speed() <= limit {
            return;
        }
        self.vel = self.vel * 0.5;
    }

    /// A `&mut self` method with a result, replacing the whole receiver through `*self`.
    fn reset(&mut self) -> u32 {
        let steps = self.steps;
        *self = Self::new(self.pos, self.vel * 0.0, self.mass);
        steps
    }

    /// A `&mut self` method calling another one on `self`.
    fn advance_twice(&mut self, dt: f32) {
        self.advance(dt);
        self.advance(dt);
    }
}

/// The host's reference for `Body`'s methods (the `#[kernel] impl` block's functions run in
/// kernels).
mod host {
    use super::Body;
    use amp::prelude::*;

    pub fn speed(b: &Body) -> f32 {
        let v = b.vel.0;
        (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt()
    }

    pub fn energy(b: &Body) -> f32 {
        0.5 * b.mass * speed(b) * speed(b)
    }

    pub fn advance(b: &mut Body, dt: f32) {
        b.pos += b.vel * dt;
        b.vel.0[1] -= 9.8 * dt;
        b.steps += 1;
    }

    pub fn reversed(b: &Body) -> Body {
        Body {
            vel: float3(-b.vel.0[0], -b.vel.0[1], -b.vel.0[2]),
            ..*b
        }
    }
}

fn bodies(n: usize, seed: u32) -> Vec<Body> {
    let f = floats(n * 7, seed);
    (0..n)
        .map(|k| {
            let c = &f[k * 7..k * 7 + 7];
            Body {
                pos: float3(c[0], c[1], c[2]),
                mass: c[3].abs() + 1.0,
                vel: float3(c[4], c[5], c[6]),
                steps: k as u32,
            }
        })
        .collect()
}

fn close(a: f32, b: f32) -> bool {
    (a - b).abs() <= 1e-4 * a.abs().max(b.abs()).max(1.0)
}

fn close3(a: Float3, b: Float3) -> bool {
    (0..3).all(|k| close(a.0[k], b.0[k]))
}

#[test]
fn methods_on_view_elements_locals_and_fields() -> Result<(), Error> {
    let n = 300;
    let start = bodies(n, 11);
    let mut data = start.clone();
    let mut speeds = vec![-1.0f32; n];
    let mut energies = vec![-1.0f32; n];
    let dt = 0.01f32;
    {
        let bv = ArrayView::new(n as i32, &mut data)?;
        let sv = ArrayView::new(n as i32, &mut speeds)?;
        let ev = ArrayView::new(n as i32, &mut energies)?;
        parallel_for_each!(bv.extent(), |i: Index<1>| {
            // Getters on a view element, before it changes.
            sv[i] = bv[i].speed();
            // `&mut self` on a view element, in place.
            bv[i].advance(dt);
            // On a local: built by an associated function, updated, read back.
            let mut local = Body::new(bv[i].pos, bv[i].vel, bv[i].mass);
            local.advance_twice(dt);
            ev[i] = local.energy() + Body::GRAVITY - Body::GRAVITY;
            // On an element of a local array, and through a `self` method's result.
            let mut pair = [local, local.reversed()];
            pair[1].advance(dt);
            bv[i].pos = bv[i].pos + pair[1].pos - pair[1].pos;
            bv[i].steps += pair[1].steps - local.steps;
        })?;
        bv.synchronize()?;
        sv.synchronize()?;
        ev.synchronize()?;
    }
    for k in 0..n {
        let s = start[k];
        assert!(close(speeds[k], host::speed(&s)), "speed {k}");
        let mut b = s;
        host::advance(&mut b, dt);
        let mut local = b;
        local.steps = 0;
        host::advance(&mut local, dt);
        host::advance(&mut local, dt);
        assert!(close(energies[k], host::energy(&local)), "energy {k}");
        assert!(close3(data[k].pos, b.pos), "pos {k}");
        assert!(close3(data[k].vel, b.vel), "vel {k}");
        // `pair[1]` was advanced once more than `local`.
        assert_eq!(data[k].steps, b.steps + 1, "steps {k}");
        let mut r = host::reversed(&local);
        host::advance(&mut r, dt);
        assert_eq!(r.steps, local.steps + 1);
    }
    Ok(())
}

#[test]
fn a_read_only_view_element_takes_self_methods() -> Result<(), Error> {
    let n = 100;
    let start = bodies(n, 5);
    let mut out = vec![-1.0f32; n];
    {
        let bv = ConstArrayView::new(n as i32, &start)?;
        let ov = ArrayView::new(n as i32, &mut out)?;
        parallel_for_each!(ov.extent(), |i: Index<1>| {
            ov[i] = bv[i].reversed().speed() + bv[i].advanced(0.5).vel[1];
        })?;
        ov.synchronize()?;
    }
    for k in 0..n {
        let mut b = start[k];
        host::advance(&mut b, 0.5);
        let expected = host::speed(&start[k]) + b.vel.0[1];
        assert!(close(out[k], expected), "{k}: {} vs {expected}", out[k]);
    }
    Ok(())
}

#[test]
fn a_mut_self_method_returns_early() -> Result<(), Error> {
    let n = 200;
    let start = bodies(n, 7);
    let mut out = vec![-1.0f32; n];
    let limit = 9.0f32;
    {
        let bv = ConstArrayView::new(n as i32, &start)?;
        let ov = ArrayView::new(n as i32, &mut out)?;
        parallel_for_each!(ov.extent(), |i: Index<1>| {
            let mut b = bv[i];
            b.slow_down(limit);
            ov[i] = b.speed();
        })?;
        ov.synchronize()?;
    }
    let mut slowed = 0;
    for k in 0..n {
        let s = host::speed(&start[k]);
        let expected = if s <= limit { s } else { s * 0.5 };
        slowed += usize::from(s > limit);
        assert!(
            close(out[k], expected),
            "speed {k}: {} vs {expected}",
            out[k]
        );
    }
    assert!(slowed > 0 && slowed < n, "{slowed} of {n} slowed");
    Ok(())
}

#[test]
fn methods_on_tile_static_elements() -> Result<(), Error> {
    let n = 128usize;
    let start = bodies(n, 13);
    let mut data = start.clone();
    let dt = 0.05f32;
    {
        let bv = ArrayView::new(n as i32, &mut data)?;
        parallel_for_each!(bv.extent().tile::<32>(), |t: TiledIndex<1>| {
            #[tile_static]
            let mut shared: [Body; 32];
            let l = t.local[0];
            shared[l] = bv[t.global];
            t.barrier.wait();
            // Each thread advances its neighbour's copy, then takes it back reversed.
            shared[(l + 1) % 32].advance(dt);
            t.barrier.wait();
            bv[t.global] = shared[l].reversed();
        })?;
        bv.synchronize()?;
    }
    for k in 0..n {
        let mut b = start[k];
        host::advance(&mut b, dt);
        let r = host::reversed(&b);
        assert!(close3(data[k].pos, r.pos), "pos {k}");
        assert!(close3(data[k].vel, r.vel), "vel {k}");
        assert_eq!(data[k].steps, r.steps, "steps {k}");
    }
    Ok(())
}

/// A free device function taking a `&mut` reference, calling methods through it.
#[kernel]
fn advance_and_reset(b: &mut Body, dt: f32) -> u32 {
    b.advance(dt);
    b.reset()
}

#[test]
fn mut_self_methods_with_results_and_through_references() -> Result<(), Error> {
    let n = 150;
    let start = bodies(n, 9);
    let mut data = start.clone();
    let mut steps = vec![0u32; n];
    let dt = 0.02f32;
    {
        let bv = ArrayView::new(n as i32, &mut data)?;
        let sv = ArrayView::new(n as i32, &mut steps)?;
        parallel_for_each!(bv.extent(), |i: Index<1>| {
            sv[i] = advance_and_reset(&mut bv[i], dt) + bv[i].steps;
        })?;
        bv.synchronize()?;
        sv.synchronize()?;
    }
    for k in 0..n {
        let mut b = start[k];
        host::advance(&mut b, dt);
        assert_eq!(steps[k], b.steps, "steps {k}");
        assert!(close3(data[k].pos, b.pos), "pos {k}");
        assert_eq!(data[k].vel, float3(0.0, 0.0, 0.0), "vel {k}");
        assert_eq!(data[k].steps, 0, "steps {k}");
    }
    Ok(())
}

/// A complex number as C++ AMP samples write one: a class whose member functions are
/// `restrict(amp)`.
///
/// ```cpp
/// struct Complex {
///     float re, im;
///     Complex(float re, float im) restrict(amp) : re(re), im(im) {}
///     Complex mul(const Complex& o) const restrict(amp) {
///         return Complex(re * o.re - im * o.im, re * o.im + im * o.re);
///     }
///     Complex add(const Complex& o) const restrict(amp) { return Complex(re + o.re, im + o.im); }
///     float norm() const restrict(amp) { return re * re + im * im; }
/// };
///
/// parallel_for_each(iters.extent, [=](index<2> idx) restrict(amp) {
///     Complex c(x0 + idx[1] * dx, y0 + idx[0] * dy);
///     Complex z(0, 0);
///     int n = 0;
///     while (n < max_iter && z.norm() <= 4.0f) { z = z.mul(z).add(c); n++; }
///     iters[idx] = n;
/// });
/// ```
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Element)]
struct Complex {
    re: f32,
    im: f32,
}

#[kernel]
impl Complex {
    fn new(re: f32, im: f32) -> Self {
        Complex { re, im }
    }

    fn mul(&self, o: Complex) -> Complex {
        Complex::new(
            self.re * o.re - self.im * o.im,
            self.re * o.im + self.im * o.re,
        )
    }

    fn add(&self, o: Complex) -> Complex {
        Complex::new(self.re + o.re, self.im + o.im)
    }

    fn norm(&self) -> f32 {
        self.re * self.re + self.im * self.im
    }
}

#[test]
fn mandelbrot_with_a_complex_class() -> Result<(), Error> {
    let (rows, cols, max_iter) = (48usize, 64usize, 64i32);
    let (x0, y0, dx, dy) = (-2.0f32, -1.2f32, 3.0 / cols as f32, 2.4 / rows as f32);
    let mut iters = vec![-1i32; rows * cols];
    {
        let iv = ArrayView::new([rows as i32, cols as i32], &mut iters)?;
        parallel_for_each!(iv.extent(), |idx: Index<2>| {
            let c = Complex::new(x0 + idx[1] as f32 * dx, y0 + idx[0] as f32 * dy);
            let mut z = Complex::new(0.0, 0.0);
            let mut n = 0;
            while n < max_iter && z.norm() <= 4.0 {
                z = z.mul(z).add(c);
                n += 1;
            }
            iv[idx] = n;
        })?;
        iv.synchronize()?;
    }
    // The host's reference, with the same class (its member functions are `restrict(cpu,
    // amp)`). An orbit that ends within a rounding of the escape radius may take one iteration
    // more or less on the device (contracted multiply-adds).
    let mut differ = 0;
    for r in 0..rows {
        for col in 0..cols {
            let c = Complex::new(x0 + col as f32 * dx, y0 + r as f32 * dy);
            let mut z = Complex::new(0.0, 0.0);
            let mut n = 0;
            while n < max_iter && z.norm() <= 4.0 {
                z = z.mul(z).add(c);
                n += 1;
            }
            // A point on the set's boundary is chaotic: a rounding there (a device's fused
            // multiply-add) may change its count by any amount, so a few points may differ.
            differ += usize::from(iters[r * cols + col] != n);
        }
    }
    assert!(differ * 20 < rows * cols, "{differ} points differ");
    assert!(iters.contains(&max_iter) && iters.iter().any(|&n| n < 4));
    Ok(())
}

/// The block's functions are host functions too (C++ AMP's `restrict(cpu, amp)` members):
/// associated functions and methods, `&self`, `self` and `&mut self`, agree with the host's
/// hand-written reference.
#[test]
fn methods_run_on_the_host() {
    for mut b in bodies(32, 7) {
        assert_eq!(b.speed(), host::speed(&b));
        assert_eq!(b.energy(), host::energy(&b));
        assert_eq!(b.reversed().vel, host::reversed(&b).vel);
        let mut expected = b;
        host::advance(&mut expected, 0.25);
        b.advance(0.25);
        assert_eq!(
            (b.pos, b.vel, b.steps),
            (expected.pos, expected.vel, expected.steps)
        );
    }
    let made = Body::new(float3(1.0, 2.0, 3.0), float3(0.0, 3.0, 4.0), 2.0);
    assert_eq!(made.speed(), 5.0);
}

/// A type whose `#[kernel] impl` block has a `default` function: `Gauge::default()` in a kernel
/// calls it (as on the host), rather than being the type's zero.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Element)]
struct Gauge {
    level: f32,
    ticks: i32,
}

#[kernel]
impl Gauge {
    fn default() -> Self {
        Gauge {
            level: 0.5,
            ticks: -3,
        }
    }

    fn tick(&mut self) {
        self.ticks += 1;
    }
}

#[test]
fn a_kernel_impl_default_function_is_the_one_called() -> Result<(), Error> {
    let blank = Gauge {
        level: 0.0,
        ticks: 0,
    };
    let mut data = vec![blank; 8];
    {
        let view = ArrayView::new([8], &mut data)?;
        parallel_for_each!(view.extent(), |i: Index<1>| {
            let mut g = Gauge::default();
            g.tick();
            view[i] = g;
        })?;
        view.synchronize()?;
    }
    let mut expected = Gauge::default();
    expected.tick();
    assert_eq!(expected.ticks, -2);
    assert!(data.iter().all(|g| *g == expected), "{data:?}");
    Ok(())
}
