//! Particles as a struct: one view of `Particle`s, updated in place by a kernel over many steps
//! (gravity, drag, bouncing off the floor), then checked against the same steps on the CPU.

use amp::prelude::*;

/// One particle, as the host and the accelerator both lay it out.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Element)]
pub struct Particle {
    /// Position.
    pub pos: Float3,
    /// Mass (kg).
    pub mass: f32,
    /// Velocity.
    pub vel: Float3,
    /// How many times it bounced.
    pub bounces: u32,
}

/// The simulation's constants.
#[repr(C)]
#[derive(Clone, Copy, Debug, Element)]
pub struct World {
    /// Gravity.
    pub gravity: Float3,
    /// Time step.
    pub dt: f32,
    /// Drag per step, relative to the velocity.
    pub drag: f32,
    /// Height of the floor.
    pub floor: f32,
    _pad: [f32; 2],
}

impl World {
    /// Earth, with a floor at 0.
    pub fn earth(dt: f32) -> World {
        World {
            gravity: float3(0.0, -9.81, 0.0),
            dt,
            drag: 0.02,
            floor: 0.0,
            _pad: [0.0; 2],
        }
    }
}

/// One step of one particle; the same code runs on the host (`cpu_step`) and in the kernel.
#[kernel]
fn advance(p: Particle, w: World) -> Particle {
    let mut q = p;
    let drag = q.vel * (w.drag / p.mass);
    q.vel += w.gravity * w.dt - drag;
    q.pos += q.vel * w.dt;
    if q.pos[1] < w.floor {
        q.pos[1] = w.floor;
        q.vel[1] = -q.vel[1] * 0.5;
        q.bounces += 1;
    }
    q
}

/// Runs `steps` steps over `particles` on the accelerator.
pub fn simulate(particles: &mut [Particle], world: World, steps: u32) -> Result<(), amp::Error> {
    let pv = ArrayView::new(particles.len() as i32, particles)?;
    for _ in 0..steps {
        parallel_for_each!(pv.extent(), |i: Index<1>| {
            pv[i] = advance(pv[i], world);
        })?;
    }
    pv.synchronize()
}

/// The same steps on the CPU.
pub fn simulate_cpu(particles: &mut [Particle], w: World, steps: u32) {
    for _ in 0..steps {
        for p in particles.iter_mut() {
            let drag = p.vel * (w.drag / p.mass);
            p.vel += w.gravity * w.dt - drag;
            p.pos += p.vel * w.dt;
            if p.pos[1] < w.floor {
                p.pos[1] = w.floor;
                p.vel[1] = -p.vel[1] * 0.5;
                p.bounces += 1;
            }
        }
    }
}

/// `n` particles at reproducible pseudo-random places, moving.
pub fn spawn(n: usize, seed: u32) -> Vec<Particle> {
    let mut s = seed.max(1);
    let mut next = move || {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        (s % 10_000) as f32 / 1000.0 - 5.0
    };
    (0..n)
        .map(|_| Particle {
            pos: float3(next(), next().abs() + 1.0, next()),
            mass: next().abs() + 0.5,
            vel: float3(next(), next(), next()),
            bounces: 0,
        })
        .collect()
}

#[allow(dead_code)]
fn main() -> Result<(), amp::Error> {
    let world = World::earth(0.01);
    let mut particles = spawn(10_000, 42);
    let mut expected = particles.clone();
    simulate(&mut particles, world, 200)?;
    simulate_cpu(&mut expected, world, 200);
    let bounced: u32 = particles.iter().map(|p| p.bounces).sum();
    let worst = particles
        .iter()
        .zip(&expected)
        .map(|(a, b)| (a.pos - b.pos).length())
        .fold(0.0f32, f32::max);
    println!(
        "{} particles, 200 steps: {bounced} bounces",
        particles.len()
    );
    println!("largest distance from the CPU's result: {worst:e}");
    Ok(())
}
