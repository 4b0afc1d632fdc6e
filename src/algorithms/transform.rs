//! `transform`: each tile maps one contiguous chunk, every thread [`IN_FLIGHT`] elements
//! (striped by the tile's width, all loaded before any is mapped) per loop pass.

use super::ops::Unary;
use super::plan::{accelerator, check_len, same_len, stream_chunks, IN_FLIGHT, TILE};
use super::{Source, Target, UnaryOp};
use crate::{parallel_for_each, Element, Result, TiledIndex};

/// Sets `output[i] = f(input[i])` for every element (C++ AMP's `transform`, Rust's `map`), on the
/// accelerator; `f` is a `#[kernel] fn(T) -> U`. `output` must have as many elements as `input`
/// ([`Error::InvalidArgument`](crate::Error::InvalidArgument) otherwise); it may be `input`
/// itself when `T` and `U` are the same (an in-place map).
///
/// ```
/// use amp::prelude::*;
///
/// #[kernel]
/// fn half(x: i32) -> f32 {
///     x as f32 / 2.0
/// }
///
/// let data = [1, 2, 3];
/// let input = ConstArrayView::new(3, &data)?;
/// let output = ArrayView::<f32, 1>::from_extent(3)?;
/// amp::algorithms::transform(&input, &output, half)?;
/// assert_eq!(output.to_vec()?, [0.5, 1.0, 1.5]);
/// # Ok::<(), amp::Error>(())
/// ```
pub fn transform<T, U, I, O, F>(input: &I, output: &O, f: F) -> Result<()>
where
    T: Element,
    U: Element,
    I: Source<T>,
    O: Target<U>,
    F: UnaryOp<T, U>,
{
    let n = input.elements();
    check_len("transform", n)?;
    same_len("transform", n, output.elements())?;
    if n == 0 {
        return Ok(());
    }
    let acc = accelerator(&[input.home(), output.home()])?;
    let (src, out) = (input.captured(), output.captured());
    let map = Unary::<F, T, U>::new(f);
    let chunks = stream_chunks(&acc, n);
    let chunk = chunks.chunk;
    parallel_for_each!(acc, chunks.domain(), |t: TiledIndex<1>| {
        let l = t.local[0] as u32;
        let start = t.tile[0] as u32 * chunk;
        let end = (start + chunk).min(src.extent()[0] as u32);
        let tile_threads = TILE as u32;
        for base in (start + l..end).step_by(IN_FLIGHT * TILE) {
            if base + 3 * tile_threads < end {
                let a = src[base];
                let b = src[base + tile_threads];
                let c = src[base + 2 * tile_threads];
                let d = src[base + 3 * tile_threads];
                out[base] = map(a);
                out[base + tile_threads] = map(b);
                out[base + 2 * tile_threads] = map(c);
                out[base + 3 * tile_threads] = map(d);
            } else {
                for i in (base..end).step_by(TILE) {
                    out[i] = map(src[i]);
                }
            }
        }
    })
}
