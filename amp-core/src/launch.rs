//! The launch contract, as a launch fills it: [`LaunchArgs`] takes the domain's words and each
//! capture's value in declaration order, checks each against the kernel's [`Slot`](crate::layout::Slot)s, and yields
//! the [`Launch`]: the parameter block and the resources to bind.
//!
//! The resource type is the backend's (wgpu buffers, texture views and samplers for the
//! runtime), so the contract names no device API.

use crate::layout::{LaunchLayout, Slot, SlotKind, Words};
use crate::shape::Extent;
use crate::types::Element;
use std::fmt;

/// Where a view's elements lie in its buffer at one launch: what the kernel reads from the
/// view's parameter words ([`ViewWords`](crate::layout::ViewWords)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ViewArgs<const N: usize> {
    /// The view's extent.
    pub extent: Extent<N>,
    /// The element of the buffer at index 0 of the view.
    pub offset: usize,
    /// Elements between consecutive indices of each component (the last is 1).
    pub strides: [usize; N],
    /// The index of the zero element past the data, which a checked read out of range reads.
    pub sentinel: usize,
}

impl<const N: usize> ViewArgs<N> {
    /// The view's parameter words, in the order [`ViewWords`](crate::layout::ViewWords) gives:
    /// the extent's bits, the offset, the strides of components `0..N-1`, the sentinel.
    pub fn words(&self) -> Vec<u32> {
        let mut words = Vec::with_capacity(2 * N + 1);
        self.write_words(&mut words);
        words
    }

    /// Appends [`words`](Self::words) to `words`.
    fn write_words(&self, words: &mut Vec<u32>) {
        words.extend(self.extent.0.iter().map(|&c| c as u32));
        words.push(self.offset as u32);
        words.extend(
            self.strides[..N.saturating_sub(1)]
                .iter()
                .map(|&s| s as u32),
        );
        words.push(self.sentinel as u32);
    }
}

/// A launch that does not fill the kernel's slots as the kernel declared them.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LaunchError {
    /// A value of another kind than the slot's (a view where the kernel declared a value, …).
    WrongKind {
        /// The slot, counted from 0 in declaration order (the domain is slot 0).
        slot: usize,
        /// What the kernel declared there.
        declared: SlotKind,
        /// What the launch supplied.
        supplied: SlotKind,
    },
    /// A value of another size than the slot's.
    WrongSize {
        /// The slot.
        slot: usize,
        /// The words the kernel declared.
        declared: u32,
        /// The words the launch supplied.
        supplied: u32,
    },
    /// A view whose data is split over another number of buffers than the kernel binds.
    WrongSegments {
        /// The slot.
        slot: usize,
        /// The bindings the kernel declared for the view.
        declared: u32,
        /// The buffers the launch supplied.
        supplied: u32,
    },
    /// More values than the kernel declared.
    Extra {
        /// The first slot past the kernel's.
        slot: usize,
        /// What the launch supplied there.
        supplied: SlotKind,
    },
    /// Fewer values than the kernel declared.
    Missing {
        /// The first slot left empty.
        slot: usize,
        /// What the kernel declared there.
        declared: SlotKind,
    },
}

impl fmt::Display for LaunchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            LaunchError::WrongKind {
                slot,
                declared,
                supplied,
            } => write!(
                f,
                "the kernel declared {} at slot {slot} but the launch supplied {}",
                declared.describe(),
                supplied.describe()
            ),
            LaunchError::WrongSize {
                slot,
                declared,
                supplied,
            } => write!(
                f,
                "the kernel declared {declared} parameter words at slot {slot} but the launch \
                 supplied {supplied}"
            ),
            LaunchError::WrongSegments {
                slot,
                declared,
                supplied,
            } => write!(
                f,
                "the kernel binds the view at slot {slot} as {declared} buffers but the launch \
                 supplied {supplied}"
            ),
            LaunchError::Extra { slot, supplied } => write!(
                f,
                "the launch supplied {} at slot {slot}, past the kernel's last slot",
                supplied.describe()
            ),
            LaunchError::Missing { slot, declared } => write!(
                f,
                "the kernel declared {} at slot {slot} but the launch supplied nothing there",
                declared.describe()
            ),
        }
    }
}

impl std::error::Error for LaunchError {}

/// Fills a built kernel's slots for one launch, in declaration order. Each call fills the next
/// slot; the first value that does not fit its slot is kept and reported by
/// [`finish`](Self::finish), which also reports slots left empty.
#[derive(Debug)]
pub struct LaunchArgs<'l, B> {
    layout: &'l LaunchLayout,
    /// Slots filled (or tried) so far.
    filled: usize,
    /// The parameter block.
    words: Vec<u32>,
    /// The resources to bind (views' buffers, textures, samplers), in slot order.
    buffers: Vec<B>,
    error: Option<LaunchError>,
    /// A value's words on their way into its slot, kept so that filling allocates nothing per
    /// value.
    scratch: Vec<u32>,
}

impl<'l, B> LaunchArgs<'l, B> {
    /// Starts filling `layout`'s slots.
    pub fn new(layout: &'l LaunchLayout) -> Self {
        LaunchArgs {
            layout,
            filled: 0,
            words: vec![0; layout.block_words() as usize],
            buffers: Vec::new(),
            error: None,
            scratch: Vec::new(),
        }
    }

    /// The slot the next value fills, counted from 0 in declaration order (the domain is slot
    /// 0).
    pub fn next_slot(&self) -> usize {
        self.filled
    }

    /// Fills the domain's slot with `words` ([`DomainLaunch::words`](crate::domain::DomainLaunch)).
    pub fn domain(&mut self, words: &[u32]) {
        self.fill(SlotKind::Domain, words);
    }

    /// Fills a value's slot with `value` (a scalar, a short vector, a `#[derive(Element)]`
    /// struct).
    pub fn value<T: Element>(&mut self, value: T) {
        self.fill_with(SlotKind::Value, |words| value.write_words(words));
    }

    /// Fills a value's slot with a shape's components (an `Index`, an `Extent`).
    pub fn shape(&mut self, components: &[i32]) {
        self.fill_with(SlotKind::Value, |words| {
            words.extend(components.iter().map(|&c| c as u32))
        });
    }

    /// Fills a view's slot: its place in `buffer`, and the buffer to bind.
    pub fn view<const N: usize>(&mut self, view: &ViewArgs<N>, buffer: B) {
        self.view_segments(view, [buffer]);
    }

    /// Fills a texture's slot: its extent (the components of the texture, or of the mip level
    /// a view of it shows) and the texture to bind.
    pub fn texture(&mut self, extent: &[i32], texture: B) {
        if self.fill_with(SlotKind::Texture, |words| {
            words.extend(extent.iter().map(|&c| c as u32))
        }) {
            self.buffers.push(texture);
        }
    }

    /// Fills a sampler's slot with the sampler to bind.
    pub fn sampler(&mut self, sampler: B) {
        if self.fill(SlotKind::Sampler, &[]) {
            self.buffers.push(sampler);
        }
    }

    /// Fills a view's slot with its data split over `buffers`, one per binding of the slot's
    /// [`ViewSegments`](crate::layout::ViewSegments), in order.
    pub fn view_segments<const N: usize>(
        &mut self,
        view: &ViewArgs<N>,
        buffers: impl IntoIterator<Item = B>,
    ) {
        let slot = self.filled;
        if !self.fill_with(SlotKind::View, |words| view.write_words(words)) {
            return;
        }
        let before = self.buffers.len();
        self.buffers.extend(buffers);
        let supplied = (self.buffers.len() - before) as u32;
        if let Some(Slot::View { segments, .. }) = self.layout.slots.get(slot) {
            if segments.count != supplied {
                self.error = Some(LaunchError::WrongSegments {
                    slot,
                    declared: segments.count,
                    supplied,
                });
            }
        }
    }

    /// [`fill`](Self::fill) with the words `write` appends to the scratch vector.
    fn fill_with(&mut self, kind: SlotKind, write: impl FnOnce(&mut Vec<u32>)) -> bool {
        let mut words = std::mem::take(&mut self.scratch);
        words.clear();
        write(&mut words);
        let filled = self.fill(kind, &words);
        self.scratch = words;
        filled
    }

    /// Writes `words` into the next slot if it is of `kind` and their size; returns whether it
    /// did.
    fn fill(&mut self, kind: SlotKind, words: &[u32]) -> bool {
        if self.error.is_some() {
            return false;
        }
        let slot = self.filled;
        self.filled += 1;
        let Some(declared) = self.layout.slots.get(slot) else {
            self.error = Some(LaunchError::Extra {
                slot,
                supplied: kind,
            });
            return false;
        };
        if declared.kind() != kind {
            self.error = Some(LaunchError::WrongKind {
                slot,
                declared: declared.kind(),
                supplied: kind,
            });
            return false;
        }
        let Words { first, count } = declared.words();
        let target = self.words.get_mut(first as usize..(first + count) as usize);
        match target {
            Some(target) if words.len() == count as usize => {
                target.copy_from_slice(words);
                true
            }
            _ => {
                self.error = Some(LaunchError::WrongSize {
                    slot,
                    declared: count,
                    supplied: words.len() as u32,
                });
                false
            }
        }
    }

    /// The filled launch, once every slot holds a value of its kind.
    pub fn finish(self) -> Result<Launch<B>, LaunchError> {
        if let Some(error) = self.error {
            return Err(error);
        }
        if let Some(declared) = self.layout.slots.get(self.filled) {
            return Err(LaunchError::Missing {
                slot: self.filled,
                declared: declared.kind(),
            });
        }
        Ok(Launch {
            words: self.words,
            buffers: self.buffers,
            launch_word: self.layout.faults.map(|f| f.launch_word),
        })
    }
}

/// A launch's arguments, every slot filled: the parameter block and the views' buffers.
#[derive(Clone, Debug)]
pub struct Launch<B> {
    words: Vec<u32>,
    buffers: Vec<B>,
    launch_word: Option<u32>,
}

impl<B> Launch<B> {
    /// The parameter block: [`LaunchLayout::block_words`] words.
    pub fn words(&self) -> &[u32] {
        &self.words
    }

    /// The resources to bind in slot order (views' buffers, textures, samplers): the resource
    /// of binding `k + 1` is `buffers()[k]` (captures are declared before the fault buffer).
    pub fn buffers(&self) -> &[B] {
        &self.buffers
    }

    /// Sets the launch's number in a checked kernel's fault slot (nothing without one): the
    /// number the backend records the launch's faults under.
    pub fn set_launch_number(&mut self, number: u32) {
        if let Some(word) = self
            .launch_word
            .and_then(|w| self.words.get_mut(w as usize))
        {
            *word = number;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Domain;
    use crate::layout::ViewWords;
    use crate::view::IndexWrite;
    use crate::{Index, KernelBuilder, Loc, ReadWrite, View};
    use naga::valid::Capabilities;

    const HERE: Loc = Loc::new(file!(), 1, 1);

    /// A kernel over an `Extent<1>` capturing an `f32`, a view and an `Index<2>`, which writes
    /// through the view (so it has a fault slot).
    fn layout() -> LaunchLayout {
        let mut b = KernelBuilder::new("slots", HERE);
        let idx = crate::Extent::<1>::entry(&mut b);
        let x = b.param::<f32>();
        let v = View::<f32, 1, ReadWrite>::declare(&mut b);
        let _ = b.param_shape::<Index<2>>();
        v.index_write(&mut b, idx, x);
        let ir = b.finish(Capabilities::empty()).expect("valid");
        ir.layout
    }

    fn view() -> ViewArgs<1> {
        ViewArgs {
            extent: crate::Extent::new([7]),
            offset: 2,
            strides: [1],
            sentinel: 9,
        }
    }

    #[test]
    fn declarations_record_slots_in_order() {
        let layout = layout();
        let domain = Words { first: 0, count: 2 };
        assert_eq!(
            layout.slots,
            [
                Slot::Domain(domain),
                Slot::Value(Words { first: 2, count: 1 }),
                Slot::View {
                    words: ViewWords::new(3, 1),
                    binding: 1,
                    segments: crate::layout::ViewSegments::WHOLE,
                },
                Slot::Value(Words { first: 6, count: 2 }),
            ]
        );
        let faults = layout.faults.expect("a checked write has a fault slot");
        assert_eq!((faults.binding, faults.launch_word), (2, 8));
        assert_eq!(layout.words, 9);
    }

    #[test]
    fn a_filled_launch_has_every_word_and_buffer() {
        let layout = layout();
        let domain = crate::Extent::new([7]).launch().expect("a domain");
        let mut args = LaunchArgs::new(&layout);
        args.domain(&domain.words);
        args.value(1.5f32);
        args.view(&view(), "buffer");
        args.shape(&[-1, 4]);
        let mut launch = args.finish().expect("every slot filled");
        launch.set_launch_number(42);
        let one_and_a_half = 1.5f32.to_bits();
        assert_eq!(
            launch.words(),
            [7, 7, one_and_a_half, 7, 2, 9, u32::MAX, 4, 42, 0, 0, 0]
        );
        assert_eq!(launch.buffers(), ["buffer"]);
    }

    #[test]
    fn a_value_of_another_kind_or_size_is_an_error() {
        let layout = layout();
        let mut args = LaunchArgs::new(&layout);
        args.domain(&[7, 7]);
        args.view(&view(), "buffer");
        assert_eq!(
            args.finish().err(),
            Some(LaunchError::WrongKind {
                slot: 1,
                declared: SlotKind::Value,
                supplied: SlotKind::View
            })
        );
        let mut args = LaunchArgs::<()>::new(&layout);
        args.domain(&[7, 7]);
        args.value(1.5f64);
        assert_eq!(
            args.finish().err(),
            Some(LaunchError::WrongSize {
                slot: 1,
                declared: 1,
                supplied: 2
            })
        );
    }

    #[test]
    fn missing_and_extra_values_are_errors() {
        let layout = layout();
        let mut args = LaunchArgs::<()>::new(&layout);
        args.domain(&[7, 7]);
        args.value(1.5f32);
        let err = args.finish().err();
        assert_eq!(
            err,
            Some(LaunchError::Missing {
                slot: 2,
                declared: SlotKind::View
            })
        );
        let message = err.map(|e| e.to_string()).unwrap_or_default();
        assert_eq!(
            message,
            "the kernel declared an array view at slot 2 but the launch supplied nothing there"
        );
        let mut args = LaunchArgs::new(&layout);
        args.domain(&[7, 7]);
        args.value(1.5f32);
        args.view(&view(), ());
        args.shape(&[1, 2]);
        args.value(3u32);
        assert_eq!(
            args.finish().err(),
            Some(LaunchError::Extra {
                slot: 4,
                supplied: SlotKind::Value
            })
        );
    }
}
