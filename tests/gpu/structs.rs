//! User structs (`#[derive(Element)]`) in kernels: as view and array elements, captures,
//! locals, literals, tile_static and local arrays, device function arguments and results, with
//! fields read and written in place.

use crate::common;

use amp::prelude::*;
use amp::Error;
use common::{random_floats as floats, random_words};

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Element)]
struct Particle {
    pos: Float3,
    mass: f32,
    vel: Float3,
    charge: i32,
}

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Element)]
struct Pair {
    key: u32,
    value: f32,
}

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Element)]
struct Cell {
    pair: Pair,
    weights: [f32; 3],
    tag: u32,
}

fn particles(n: usize, seed: u32) -> Vec<Particle> {
    let f = floats(n * 7, seed);
    (0..n)
        .map(|k| {
            let c = &f[k * 7..k * 7 + 7];
            Particle {
                pos: float3(c[0], c[1], c[2]),
                mass: c[3].abs() + 1.0,
                vel: float3(c[4], c[5], c[6]),
                charge: (k % 5) as i32 - 2,
            }
        })
        .collect()
}

#[kernel]
fn step(p: Particle, dt: f32) -> Particle {
    let mut q = p;
    q.pos = p.pos + p.vel * dt;
    q.vel[1] -= 9.8 * dt / p.mass;
    q
}

#[test]
fn particles_update_in_place_over_many_steps() -> Result<(), Error> {
    let n = 300;
    let start = particles(n, 3);
    let mut data = start.clone();
    let dt = 0.01f32;
    let steps = 5;
    {
        let pv = ArrayView::new(n as i32, &mut data)?;
        for _ in 0..steps {
            parallel_for_each!(pv.extent(), |i: Index<1>| {
                pv[i] = step(pv[i], dt);
                pv[i].vel[0] += dt * pv[i].charge as f32;
            })?;
        }
        pv.synchronize()?;
    }
    let mut expected = start;
    for _ in 0..steps {
        // The device function itself, on the host (a #[derive(Element)] struct is a host value).
        for p in &mut expected {
            let mut q = step(*p, dt);
            q.vel.0[0] += dt * q.charge as f32;
            *p = q;
        }
    }
    // A GPU's division may differ from the host's in the last bits (Vulkan allows 2.5 ulp).
    let close = |a: f32, b: f32| (a - b).abs() <= 1e-5 * b.abs().max(1.0);
    for (k, (d, e)) in data.iter().zip(&expected).enumerate() {
        let same = (0..3).all(|c| close(d.pos.0[c], e.pos.0[c]) && close(d.vel.0[c], e.vel.0[c]));
        assert!(
            same && d.mass == e.mass && d.charge == e.charge,
            "particle {k}: {d:?} vs {e:?}"
        );
    }
    Ok(())
}

#[test]
fn struct_literals_captures_and_nested_fields() -> Result<(), Error> {
    let n = 100usize;
    let src: Vec<Cell> = random_words(n * 2, 9)
        .chunks_exact(2)
        .map(|w| Cell {
            pair: Pair {
                key: w[0] % 1000,
                value: (w[1] % 100) as f32,
            },
            weights: [1.0, 2.0, (w[0] % 7) as f32],
            tag: 0,
        })
        .collect();
    let mut dst = vec![
        Cell {
            pair: Pair { key: 0, value: 0.0 },
            weights: [0.0; 3],
            tag: 99,
        };
        n
    ];
    let bias = Pair { key: 7, value: 0.5 };
    let sv = ConstArrayView::new(n as i32, &src)?;
    let dv = ArrayView::new(n as i32, &mut dst)?;
    parallel_for_each!(dv.extent(), |i: Index<1>| {
        let c = sv[i];
        let w = c.weights;
        let pair = Pair {
            key: c.pair.key + bias.key,
            value: c.pair.value * w[2] + bias.value,
        };
        dv[i] = Cell {
            pair,
            tag: i[0] as u32,
            ..c
        };
        dv[i].weights[0] = w[0] + w[1];
    })?;
    drop(dv);
    for (k, (s, d)) in src.iter().zip(&dst).enumerate() {
        let expected = Cell {
            pair: Pair {
                key: s.pair.key + 7,
                value: s.pair.value * s.weights[2] + 0.5,
            },
            weights: [3.0, s.weights[1], s.weights[2]],
            tag: k as u32,
        };
        assert_eq!(*d, expected, "element {k}");
    }
    Ok(())
}

#[test]
fn tile_static_and_local_arrays_of_structs() -> Result<(), Error> {
    let n = 256usize;
    let src: Vec<Pair> = random_words(n, 5)
        .into_iter()
        .map(|w| Pair {
            key: w % 100,
            value: (w % 13) as f32,
        })
        .collect();
    let mut dst = vec![Pair { key: 0, value: 0.0 }; n];
    let sv = ConstArrayView::new(n as i32, &src)?;
    let dv = ArrayView::new(n as i32, &mut dst)?;
    parallel_for_each!(dv.extent().tile::<64>(), |t: TiledIndex<1>| {
        #[tile_static]
        let mut shared: [Pair; 64];
        let l = t.local[0];
        shared[l] = sv[t.global];
        shared[l].key += 1000;
        t.barrier.wait();
        // Reverse within the tile, through a local array of structs.
        let mut local = [shared[63 - l]; 2];
        local[1].value = local[0].value * 2.0;
        dv[t.global] = local[1];
    })?;
    drop(dv);
    for k in 0..n {
        let tile = k / 64 * 64;
        let s = src[tile + 63 - (k - tile)];
        assert_eq!(
            dst[k],
            Pair {
                key: s.key + 1000,
                value: s.value * 2.0
            },
            "element {k}"
        );
    }
    Ok(())
}

#[test]
fn struct_arrays_round_trip_through_the_accelerator() -> Result<(), Error> {
    let data = particles(1000, 11);
    let array = Array::new(1000, &data)?;
    let mut back = vec![particles(1, 1)[0]; 1000];
    array.copy_to(&mut back)?;
    assert_eq!(back, data);
    Ok(())
}

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Element)]
struct Bucket {
    pairs: [Pair; 2],
    count: u32,
    _pad: u32,
}

#[test]
fn arrays_of_structs_inside_structs_are_places_too() -> Result<(), Error> {
    let n = 64usize;
    let mut data = vec![
        Bucket {
            pairs: [Pair { key: 0, value: 0.0 }; 2],
            count: 0,
            _pad: 0,
        };
        n
    ];
    let bv = ArrayView::new(n as i32, &mut data)?;
    parallel_for_each!(bv.extent(), |i: Index<1>| {
        let k = i[0] % 2;
        bv[i].pairs[k].key = i[0] as u32;
        bv[i].pairs[1 - k].value = 0.5 * i[0] as f32;
        bv[i].count += bv[i].pairs[k].key + 1;
        let mut local = bv[i];
        local.pairs[0].value += 1.0;
        bv[i].pairs[0].value = local.pairs[0].value;
    })?;
    drop(bv);
    for (i, b) in data.iter().enumerate() {
        let k = i % 2;
        let mut pairs = [Pair { key: 0, value: 0.0 }; 2];
        pairs[k].key = i as u32;
        pairs[1 - k].value = 0.5 * i as f32;
        pairs[0].value += 1.0;
        assert_eq!(b.pairs, pairs, "bucket {i}");
        assert_eq!(b.count, i as u32 + 1, "bucket {i}");
    }
    Ok(())
}

/// A struct with padding between its fields: its host bytes are not the accelerator's.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Element)]
struct Padded {
    tag: u32,
    wide: u64,
}

/// Structs without padding cross as their bytes; a padded one is converted field by field, and
/// both round-trip, large enough for the host side to split the copy over threads.
#[test]
fn structs_without_padding_move_as_bytes() -> Result<(), Error> {
    let pairs = [Pair { key: 1, value: 2.0 }];
    assert!(<Pair as Element>::as_device_bytes(&pairs).is_some());
    const { assert!(<Particle as Element>::PLAIN && <Cell as Element>::PLAIN) };
    const { assert!(<Bucket as Element>::PLAIN) };
    let padded = [Padded { tag: 1, wide: 2 }];
    const { assert!(!<Padded as Element>::PLAIN) };
    assert!(<Padded as Element>::as_device_bytes(&padded).is_none());

    let n = 300_000;
    let data: Vec<Padded> = (0..n)
        .map(|i| Padded {
            tag: i as u32,
            wide: (i as u64) << 33 | 7,
        })
        .collect();
    // Made on the accelerator (uploaded at once), read straight back from it.
    let view = Accelerator::default()?.default_view();
    let array = Array::new_on(&view, n as i32, &data)?;
    let mut back = vec![Padded { tag: 0, wide: 0 }; n];
    copy(&array, &mut back[..])?;
    assert_eq!(back, data);
    let bytes = (n * 16) as u64;
    assert_eq!(
        array.transfer_bytes(),
        (bytes, bytes),
        "both ways over the link"
    );
    let pairs: Vec<Pair> = (0..n)
        .map(|i| Pair {
            key: i as u32,
            value: i as f32 * 0.5,
        })
        .collect();
    // Onto data the accelerator holds (it goes there), and back straight from it.
    let resident = Array::new_on(&view, n as i32, &vec![Pair { key: 0, value: 0.0 }; n])?;
    copy(&pairs[..], &resident)?;
    let mut out = vec![Pair { key: 0, value: 0.0 }; n];
    copy(&resident, &mut out[..])?;
    assert_eq!(out, pairs);
    let bytes = (n * 8) as u64;
    assert_eq!(resident.transfer_bytes(), (2 * bytes, bytes));
    Ok(())
}
