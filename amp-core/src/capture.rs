//! Captured values inside kernels: declaring a capture reserves its parameter words (and a view
//! its storage binding) in the kernel's launch layout, and reads them as kernel values.

use crate::builder::{BindingKind, KernelBuilder, KernelValue};
use crate::types::{Element, Rank, Value};
use naga::Handle;

impl KernelBuilder {
    /// Declares a captured value: its `T::WORDS` parameter words.
    pub fn param<T: Element>(&mut self) -> KernelValue<T> {
        let word = self.alloc_words(T::WORDS as u32);
        KernelValue::from_handle(T::param_value(self, word))
    }

    /// Declares a captured `N`-component shape (`Index`/`Extent`): `N` parameter words.
    pub fn param_shape<S: Value + Rank>(&mut self) -> KernelValue<S> {
        let n = S::COMPONENTS as u32;
        let first = self.alloc_words(n);
        self.shape_from_words(first, n)
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

    /// Reserves a storage binding for a view of `T`: an array of `T`'s storage entries
    /// ([`Element::entry_type`]); returns its global variable.
    pub fn alloc_storage<T: Element>(&mut self, read_only: bool) -> Handle<naga::GlobalVariable> {
        let binding = self.layout.bindings.len() + 1;
        let entry = T::entry_type(self);
        // Tightly packed, as on the host: an element's words over its entries.
        let stride = (T::WORDS as u32 * 4) / T::ENTRIES;
        self.alloc_binding(
            BindingKind::Storage { read_only },
            &format!("amp_view{binding}"),
            (entry, stride),
            read_only,
        )
    }
}
