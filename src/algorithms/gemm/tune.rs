//! The small autotune: on the first `gemm` of a size class on an accelerator, every tile
//! configuration that fits the accelerator's limits runs on a problem of the class's
//! representative size, and the fastest is kept for the process (keyed by the accelerator, the
//! size class and the kernel's form: `Float4` and element loads are tuned apart) and on disk,
//! in amp's cache directory (`Accelerator::tuned`: per device, driver and amp version), so
//! that a later process on the same machine reads it instead of tuning again.
//! `AMP_CACHE_DIR=off` (the pipeline cache's switch) turns the disk part off.

use super::tiles::{self, Form, GemmTiles};
use super::Dims;
use crate::error::FeatureError;
use crate::{AcceleratorView, Array, Error};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};

/// A size class: the buckets of M and N (0: up to 256, 1: up to 1024, 2: larger). The best
/// tiles depend mostly on how many blocks C makes against the accelerator's parallelism, so K
/// is left out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct SizeClass {
    m: u8,
    n: u8,
}

impl SizeClass {
    pub(super) fn of(dims: Dims) -> SizeClass {
        SizeClass {
            m: bucket(dims.m),
            n: bucket(dims.n),
        }
    }
}

fn bucket(d: i32) -> u8 {
    match d {
        ..=256 => 0,
        257..=1024 => 1,
        _ => 2,
    }
}

/// The problem a class is timed on: each bucket's largest size (4096 for the last), K = 512.
/// On a CPU device (lavapipe), a small stand-in: timing there says nothing about a GPU, and the
/// tune must stay cheap in tests.
fn representative(class: SizeClass, emulated: bool) -> Dims {
    let side = |b: u8| match (emulated, b) {
        (true, _) => 128,
        (false, 0) => 256,
        (false, 1) => 1024,
        (false, _) => 4096,
    };
    Dims {
        m: side(class.m),
        n: side(class.n),
        k: if emulated { 64 } else { 512 },
    }
}

/// The configurations timed on a CPU device (lavapipe): building each kernel there takes about
/// a second, and its timings say nothing about a GPU, so two keep the tune cheap (and tested).
const CPU_CANDIDATES: [GemmTiles; 2] = [GemmTiles::T64x64, GemmTiles::T128x128];

/// Timed launches per configuration, after one that builds its pipeline.
const TIMED_RUNS: u32 = 3;

/// The shortest timed batch.
const MIN_BATCH: Duration = Duration::from_millis(2);

/// The most launches in a timed batch.
const MAX_RUNS: u32 = 243;

/// What a tune is kept under: the accelerator's id, the size class, the kernel's form.
type Key = (u64, SizeClass, Form);

type Cache = Mutex<HashMap<Key, GemmTiles>>;

fn cache() -> &'static Cache {
    static CACHE: OnceLock<Cache> = OnceLock::new();
    CACHE.get_or_init(Default::default)
}

/// The configuration for `dims` on `view`'s accelerator: the cached winner of its size class,
/// or the winner of a tune run now.
pub(super) fn tiles_for(
    view: &AcceleratorView,
    dims: Dims,
    form: Form,
) -> Result<GemmTiles, Error> {
    let key = (view.accelerator().id(), SizeClass::of(dims), form);
    let cached = cache()
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get(&key)
        .copied();
    if let Some(tiles) = cached {
        return Ok(tiles);
    }
    let acc = view.accelerator();
    let record = record_name(key.1, form);
    // A record of an earlier process: used if it names a configuration that still fits.
    let stored = acc
        .tuned(&record)
        .and_then(|name| {
            GemmTiles::ALL
                .into_iter()
                .find(|t| format!("{t:?}") == name)
        })
        .filter(|t| t.fits(acc));
    let tiles = match stored {
        Some(tiles) => tiles,
        None => {
            // Two threads may tune one class at once; both find a good answer, and the later
            // one is kept. Not holding the lock lets other classes and accelerators proceed.
            let tiles = tune(view, key.1, form)?;
            acc.store_tuned(&record, &format!("{tiles:?}"));
            tiles
        }
    };
    cache()
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .insert(key, tiles);
    Ok(tiles)
}

/// The name of a tune's record on disk: the form and the size class.
fn record_name(class: SizeClass, form: Form) -> String {
    format!("gemm {form:?} m{} n{}", class.m, class.n)
}

/// Times every configuration that fits (on a CPU device, [`CPU_CANDIDATES`]) on the class's
/// representative problem; the fastest. A configuration that fails (its kernel rejected by the device) is skipped; when all fail,
/// the last error is returned.
fn tune(view: &AcceleratorView, class: SizeClass, form: Form) -> Result<GemmTiles, Error> {
    let acc = view.accelerator();
    #[cfg(test)]
    tests::count_tune((acc.id(), class, form));
    let emulated = acc.is_emulated();
    let dims = representative(class, emulated);
    // Zeros (nothing is uploaded); the timing does not depend on the values.
    let a = Array::<f32, 2>::from_extent_on(view, [dims.m, dims.k])?;
    let b = Array::<f32, 2>::from_extent_on(view, [dims.k, dims.n])?;
    let c = Array::<f32, 2>::from_extent_on(view, [dims.m, dims.n])?;
    let mut best: Option<(Duration, GemmTiles)> = None;
    let mut failure = None;
    let candidates = GemmTiles::ALL
        .into_iter()
        .filter(|t| t.fits(acc) && (!emulated || CPU_CANDIDATES.contains(t)));
    for tiles in candidates {
        match time(view, tiles, form, &a, &b, &c, dims) {
            Ok(t) if best.is_none_or(|(fastest, _)| t < fastest) => best = Some((t, tiles)),
            Ok(_) => {}
            Err(error @ Error::AcceleratorRemoved(_)) => return Err(error),
            Err(error) => failure = Some(error),
        }
    }
    match (best, failure) {
        (Some((_, tiles)), _) => Ok(tiles),
        (None, Some(error)) => Err(error),
        (None, None) => Err(Error::UnsupportedFeature(
            FeatureError::NoTileConfiguration {
                function: "gemm",
                accelerator: acc.description().to_owned(),
            },
        )),
    }
}

/// The mean time of a launch of `tiles` on the representative problem, after one that builds
/// the kernel: [`TIMED_RUNS`] launches, or three times as many until the batch takes
/// [`MIN_BATCH`], so that the cost of submitting and waiting does not decide between
/// configurations of small problems.
fn time(
    view: &AcceleratorView,
    tiles: GemmTiles,
    form: Form,
    a: &Array<f32, 2>,
    b: &Array<f32, 2>,
    c: &Array<f32, 2>,
    dims: Dims,
) -> Result<Duration, Error> {
    let batch = |runs: u32| -> Result<Duration, Error> {
        let start = Instant::now();
        for _ in 0..runs {
            match form {
                Form::Float4 => tiles::run(view, tiles, 1.0, a, b, 0.0, c, dims)?,
                Form::Element => tiles::run_element(view, tiles, 1.0, a, b, 0.0, c, dims)?,
            }
        }
        view.flush()?;
        // A marker waits for the work without reporting faults of the caller's earlier
        // launches, which `wait()` would; these launches cannot fault (the sizes divide every
        // block).
        view.create_marker().wait()?;
        Ok(start.elapsed())
    };
    batch(1)?;
    let mut runs = TIMED_RUNS;
    loop {
        let elapsed = batch(runs)?;
        if elapsed >= MIN_BATCH || runs >= MAX_RUNS {
            return Ok(elapsed / runs);
        }
        runs *= 3;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Accelerator;

    /// Tunes run in this process, per key (tests run in parallel, so each counts its own).
    static TUNES: Mutex<Vec<Key>> = Mutex::new(Vec::new());

    pub(super) fn count_tune(key: Key) {
        TUNES
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(key);
    }

    fn tunes(key: Key) -> usize {
        let tunes = TUNES.lock().unwrap_or_else(PoisonError::into_inner);
        tunes.iter().filter(|k| **k == key).count()
    }

    /// A second process (here: the in-memory table emptied) reads the winner from disk
    /// instead of tuning again; a record naming no configuration is ignored and replaced.
    #[test]
    fn a_tune_is_kept_on_disk_for_later_processes() -> Result<(), Error> {
        let acc = Accelerator::default()?;
        let view = acc.default_view();
        // A class of its own: element loads, M above 1024, N up to 256.
        let dims = Dims {
            m: 2000,
            n: 100,
            k: 8,
        };
        let form = Form::Element;
        let key = (acc.id(), SizeClass::of(dims), form);
        let record = record_name(key.1, form);
        let forget = || {
            cache()
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .remove(&key)
        };
        // A corrupt record: tuned anew, and the record rewritten.
        acc.store_tuned(&record, "T999x999");
        forget();
        let before = tunes(key);
        let first = tiles_for(&view, dims, form)?;
        assert_eq!(tunes(key), before + 1);
        assert_eq!(
            acc.tuned(&record),
            Some(format!("{first:?}")),
            "not kept on disk (is amp's cache directory off or not writable here?)"
        );
        // The next "process": no tune.
        forget();
        let second = tiles_for(&view, dims, form)?;
        assert_eq!(second, first);
        assert_eq!(
            tunes(key),
            before + 1,
            "tuned again instead of reading the disk"
        );
        Ok(())
    }

    #[test]
    fn classes_bucket_m_and_n() {
        let class = |m, n, k| SizeClass::of(Dims { m, n, k });
        assert_eq!(class(1, 1, 1), class(256, 200, 4096));
        assert_ne!(class(256, 1, 1), class(257, 1, 1));
        assert_eq!(class(4096, 1025, 1), SizeClass { m: 2, n: 2 });
        let rep = representative(class(4096, 100, 7), false);
        assert_eq!((rep.m, rep.n, rep.k), (4096, 256, 512));
        for tiles in GemmTiles::ALL {
            assert!(tiles.divides(rep), "{tiles}");
            assert!(
                tiles.divides(representative(class(1, 1, 1), true)),
                "{tiles}"
            );
        }
    }
}
