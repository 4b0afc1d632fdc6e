//! Captured values inside kernels: declaring a capture records its [`Slot`] in the kernel's
//! launch layout (its parameter words, and a view's storage binding) and reads it as a kernel
//! value.

use crate::builder::{KernelBuilder, KernelValue};
use crate::layout::{BindingKind, Slot, ViewWords, Words};
use crate::types::{Element, Rank, Value};
use naga::Handle;

impl KernelBuilder {
    /// Declares a captured value: a slot of its `T::WORDS` parameter words.
    pub fn param<T: Element>(&mut self) -> KernelValue<T> {
        let words = self.declare_words(T::WORDS as u32);
        KernelValue::from_handle(T::param_value(self, words.first))
    }

    /// Declares a captured `N`-component shape (`Index`/`Extent`): a slot of `N` parameter
    /// words.
    pub fn param_shape<S: Value + Rank>(&mut self) -> KernelValue<S> {
        let n = S::COMPONENTS as u32;
        let words = self.declare_words(n);
        self.shape_from_words(words.first, n)
    }

    /// A value slot of `count` parameter words.
    fn declare_words(&mut self, count: u32) -> Words {
        let words = Words {
            first: self.alloc_words(count),
            count,
        };
        self.layout.slots.push(Slot::Value(words));
        words
    }

    /// Composes an `n`-component `i32` shape from parameter words `first..first + n`.
    pub(crate) fn shape_from_words<S: Value + Rank>(
        &mut self,
        first: u32,
        n: u32,
    ) -> KernelValue<S> {
        let components: Vec<_> = (first..first + n)
            .map(|w| self.param_scalar(w, naga::Scalar::I32))
            .collect();
        KernelValue::from_handle(self.compose::<S>(components))
    }

    /// Declares a captured view of `T` and rank `rank`: a slot of its storage binding, an array
    /// of `T`'s storage entries ([`Element::entry_type`]), and its parameter words
    /// ([`ViewWords`]). Returns the binding's global variable and the words.
    pub(crate) fn declare_view<T: Element>(
        &mut self,
        rank: u32,
        read_only: bool,
    ) -> (Handle<naga::GlobalVariable>, ViewWords) {
        let binding = self.layout.bindings.len() as u32 + 1;
        let segments = self.next_view_segments();
        let entry = T::entry_type(self);
        // Tightly packed, as on the host: an element's bytes over its entries.
        let stride = T::BYTES as u32 / T::ENTRIES;
        let globals: Vec<_> = (0..segments.count.max(1))
            .map(|k| {
                let name = match k {
                    0 => format!("amp_view{binding}"),
                    k => format!("amp_view{binding}_{k}"),
                };
                self.alloc_binding(
                    BindingKind::Storage { read_only },
                    &name,
                    (entry, stride),
                    read_only,
                )
            })
            .collect();
        let global = globals[0];
        if globals.len() > 1 {
            self.split_view(globals, segments.elements);
        }
        let words = ViewWords::new(self.alloc_words(ViewWords::count(rank)), rank);
        self.layout.slots.push(Slot::View {
            words,
            binding,
            segments,
        });
        (global, words)
    }
}
