//! Views of the same data with another element type (C++ AMP `reinterpret_as`).
//!
//! On the accelerator nothing changes: a view's buffer holds each element as its `WORDS` device
//! words, one element after another (short vectors of 3 as three scalar entries, so no padding
//! between elements), so a view of `U` over the same buffer sees the same bytes. On the host the
//! data keeps its own element type; a reinterpreted view reads and writes it through the
//! elements' device words ([`Recast`]), which is exact for every element type whose host value
//! round-trips through its words (all but `bool`, which reinterpretation refuses).
//!
//! A reinterpreted view holds the data's core through [`CastCore`], which hides the data's own
//! element type, so it shares the coherence state of the view it came from.

use super::core::{CastCore, Core, Locked, Meta, Shared, State};
use super::host::{HostAccess, HostKind};
use super::segments::Segments;
use super::ViewData;
use crate::accelerator::Accelerator;
use crate::error::{
    coords, DomainError, ElementType, Error, FeatureError, ReinterpretError, Result,
};
use amp_core::{Element, Extent};
use std::any::TypeId;
use std::borrow::Cow;
use std::marker::PhantomData;
use std::sync::atomic::Ordering;
use std::sync::Arc;

impl<'a, S: Element, T: Element> CastCore<'a, T> for Shared<'a, S> {
    fn meta(&self) -> &Meta {
        &self.meta
    }

    fn with_lock(&self, f: &mut dyn FnMut(&mut Locked<'_, T>)) {
        let mut guard = self.lock();
        let State { host, co } = &mut *guard;
        let mut recast = Recast::<S, T>::new(host);
        f(&mut Locked {
            host: &mut recast,
            co,
        });
    }
}

/// A reinterpretation of a reinterpreted view: converts from the view's type.
struct Chain<'a, S: Element>(Arc<dyn CastCore<'a, S> + 'a>);

impl<'a, S: Element, T: Element> CastCore<'a, T> for Chain<'a, S> {
    fn meta(&self) -> &Meta {
        self.0.meta()
    }

    fn with_lock(&self, f: &mut dyn FnMut(&mut Locked<'_, T>)) {
        self.0.with_lock(&mut |locked| {
            let mut recast = Recast::<S, T>::new(&mut *locked.host);
            f(&mut Locked {
                host: &mut recast,
                co: &mut *locked.co,
            });
        });
    }
}

/// Host data of element type `S` seen as elements of `T`, through their device words.
struct Recast<'h, S: Element, T: Element> {
    inner: &'h mut dyn HostAccess<S>,
    _t: PhantomData<T>,
}

impl<'h, S: Element, T: Element> Recast<'h, S, T> {
    fn new(inner: &'h mut dyn HostAccess<S>) -> Self {
        Recast {
            inner,
            _t: PhantomData,
        }
    }

    /// The elements of `S` that hold elements `first..first + len` of `T`, as `(first, len)`,
    /// and the word of the first of them where element `first` of `T` starts.
    fn covering(first: usize, len: usize) -> (usize, usize, usize) {
        let s_words = S::WORDS.max(1);
        let start = first * T::WORDS;
        let end = (first + len) * T::WORDS;
        let s_first = start / s_words;
        let s_end = end.div_ceil(s_words);
        (s_first, s_end - s_first, start - s_first * s_words)
    }
}

/// The device words of `values`.
fn words_of<E: Element>(values: &[E]) -> Vec<u32> {
    let mut words = Vec::with_capacity(values.len() * E::WORDS);
    values.iter().for_each(|v| v.write_words(&mut words));
    words
}

/// The elements that `words` hold (whole elements only).
fn elements_of<E: Element>(words: &[u32]) -> Vec<E> {
    words
        .chunks_exact(E::WORDS.max(1))
        .map(E::read_words)
        .collect()
}

impl<S: Element, T: Element> HostAccess<T> for Recast<'_, S, T> {
    fn kind(&self) -> HostKind {
        self.inner.kind()
    }

    fn len(&self) -> usize {
        self.inner.len() * S::WORDS / T::WORDS.max(1)
    }

    fn read(&self, first: usize, len: usize) -> Cow<'_, [T]> {
        let (s_first, s_len, skip) = Self::covering(first, len);
        let words = words_of(&self.inner.read(s_first, s_len));
        let mut values = elements_of::<T>(words.get(skip..).unwrap_or(&[]));
        values.truncate(len);
        Cow::Owned(values)
    }

    fn write(&mut self, first: usize, values: &[T]) {
        let (s_first, s_len, skip) = Self::covering(first, values.len());
        let mut words = words_of(&self.inner.read(s_first, s_len));
        let new = words_of(values);
        // Out of range (callers check bounds): change nothing.
        if let Some(dst) = words.get_mut(skip..skip + new.len()) {
            dst.copy_from_slice(&new);
            self.inner.write(s_first, &elements_of::<S>(&words));
        }
    }

    fn upload_all(&self, acc: &Accelerator, segments: &Segments) -> Result<()> {
        self.inner.upload_all(acc, segments)
    }

    fn download_all(&mut self, acc: &Accelerator, segments: &Segments) -> Result<()> {
        self.inner.download_all(acc, segments)
    }

    fn load_all(&mut self, bytes: &[u8]) {
        self.inner.load_all(bytes);
    }
}

/// `E` as errors name it.
fn element_type<E: Element>() -> ElementType {
    ElementType {
        name: E::name(),
        bytes: (E::WORDS * 4) as u64,
    }
}

impl<'a, T: Element> ViewData<'a, T, 1> {
    /// The same elements as a rank-1 view of element type `U` (C++ AMP `reinterpret_as`),
    /// coherent with this one. The view's bytes must be a whole number of `U`s and must start
    /// on a `U` boundary of the data, else [`Error::Reinterpret`]; `bool` elements, which are
    /// one byte on the host and a word on the accelerator, cannot be reinterpreted
    /// ([`Error::UnsupportedFeature`]).
    pub(crate) fn reinterpret<U: Element>(&self) -> Result<ViewData<'a, U, 1>> {
        let bool_id = TypeId::of::<bool>();
        if TypeId::of::<T>() == bool_id || TypeId::of::<U>() == bool_id {
            return Err(Error::UnsupportedFeature(FeatureError::ReinterpretBool {
                from: T::name(),
                to: U::name(),
            }));
        }
        if T::BYTES != T::WORDS * 4 || U::BYTES != U::WORDS * 4 {
            // Packed 16-bit elements: their word encoding is not their bytes in a buffer.
            return Err(Error::UnsupportedFeature(FeatureError::ReinterpretPacked {
                from: T::name(),
                to: U::name(),
            }));
        }
        if T::WORDS == 0 || U::WORDS == 0 {
            return Err(Error::UnsupportedFeature(FeatureError::ReinterpretEmpty {
                from: T::name(),
                to: U::name(),
            }));
        }
        let (t_bytes, u_bytes) = ((T::WORDS * 4) as u64, (U::WORDS * 4) as u64);
        let bytes = self.extent.size() * t_bytes;
        if !bytes.is_multiple_of(u_bytes) {
            return Err(Error::Reinterpret(ReinterpretError::Size {
                elements: self.extent.size(),
                from: element_type::<T>(),
                bytes,
                to: element_type::<U>(),
            }));
        }
        let start = self.offset as u64 * t_bytes;
        if !start.is_multiple_of(u_bytes) {
            return Err(Error::Reinterpret(ReinterpretError::Start {
                byte: start,
                to: element_type::<U>(),
            }));
        }
        if !self.is_contiguous() {
            return Err(Error::InvalidComputeDomain(DomainError::ReinterpretGaps {
                extent: coords::extent(self.extent),
            }));
        }
        let count = i32::try_from(bytes / u_bytes).map_err(|_| {
            Error::InvalidComputeDomain(DomainError::ReinterpretCount {
                to: U::name(),
                elements: bytes / u_bytes,
            })
        })?;
        let core: Core<'a, U> = match &self.core {
            Core::Typed(shared) => Core::Cast(Arc::clone(shared) as Arc<dyn CastCore<'a, U> + 'a>),
            Core::Cast(cast) => Core::Cast(Arc::new(Chain(Arc::clone(cast)))),
        };
        core.meta().views.fetch_add(1, Ordering::AcqRel);
        core.meta().reserve_sentinel::<U>();
        Ok(ViewData {
            extent: Extent::new([count]),
            offset: (start / u_bytes) as usize,
            strides: [1],
            core,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amp_core::short_vector::Float4;

    /// A reinterpretation to a larger type after the buffer was made grows the buffer on the
    /// accelerator (the data moves buffer to buffer, nothing crosses to the host), so the new
    /// type's zero sentinel fits.
    #[test]
    fn a_larger_sentinel_grows_the_buffer() -> Result<()> {
        let acc = Accelerator::default()?;
        let data: Vec<f32> = (1..=8).map(|x| x as f32).collect();
        let floats = ViewData::read_only(Extent::new([8]), &data)?;
        assert_eq!(
            floats.device_buffer(&acc)?.buffers()[0].clone().size(),
            9 * 4
        );
        let quads = floats.reinterpret::<Float4>()?;
        assert_eq!(quads.view_args().words(), [2, 0, 2]);
        let buffer = quads.device_buffer(&acc)?.buffers()[0].clone();
        assert_eq!(buffer.size(), 3 * 16, "room for the sentinel at element 2");
        assert_eq!(floats.transfer_bytes(), (32, 0));
        let mut back = vec![Float4::default(); 2];
        crate::view::transfer::download(&acc, &buffer, 0, &mut back)?;
        assert_eq!(back[1].0, [5.0, 6.0, 7.0, 8.0]);
        // A smaller type needs no more room.
        let words = quads.reinterpret::<u32>()?;
        assert_eq!(
            words.device_buffer(&acc)?.buffers()[0].clone().size(),
            3 * 16
        );
        assert_eq!(words.view_args().words(), [8, 0, 8]);
        Ok(())
    }
}
