//! amp-macros: `#[kernel]` and `parallel_for_each!`, amp's `restrict(amp)`.
//!
//! Each macro is parse → check → expand: `parse` turns the kernel body into amp's own typed
//! kernel syntax (`ast`), reporting every form kernels lack; `check` applies the rules that
//! need the whole kernel to that tree; `lower` turns it into Rust code that builds the
//! kernel's naga IR through amp-core when the kernel is first launched. Every violation is
//! reported with its tokens, all of them in one compile. Use these through the `amp` crate.

mod ast;
mod captures;
mod check;
mod const_args;
mod element_derive;
mod errors;
mod for_each;
mod host_body;
mod host_fn;
mod kernel_fn;
mod kernel_impl;
mod lower;
mod parse;
mod std_methods;
mod types;
mod views_derive;

use proc_macro::TokenStream;

/// Marks a function as a kernel function (C++ AMP `restrict(amp)`), callable from kernels; on
/// an inherent impl block (`#[kernel] impl Particle { … }`), marks its associated functions and
/// methods (C++ AMP's `restrict(amp)` member functions).
///
/// The body is checked against the kernel language at compile time; see the `amp` crate.
#[proc_macro_attribute]
pub fn kernel(args: TokenStream, item: TokenStream) -> TokenStream {
    let item: proc_macro2::TokenStream = item.into();
    match syn::parse2::<syn::ItemImpl>(item.clone()) {
        Ok(block) => kernel_impl::expand(args.into(), block).into(),
        Err(_) => kernel_fn::expand(args.into(), item).into(),
    }
}

/// Runs a kernel closure once per point of a domain (C++ AMP `parallel_for_each`).
///
/// `parallel_for_each!(extent, |idx: Index<N>| { ... })` evaluates to
/// `Result<(), amp::Error>`; see the `amp` crate. The launch is checked: an access outside a
/// view, tile_static or local array touches no memory and is reported as
/// `amp::Error::OutOfBounds` (with its source line) when the launch's results are observed.
#[proc_macro]
pub fn parallel_for_each(input: TokenStream) -> TokenStream {
    for_each::expand(input.into(), amp_spec::Checks::Checked).into()
}

/// [`parallel_for_each!`] without runtime bounds checks, for kernels whose accesses are known to
/// be in range: `unsafe { parallel_for_each_unchecked!(extent, |idx| { ... }) }`. An access
/// outside a view or tile_static array, an integer division by zero and a loop that never ends
/// are then undefined behaviour. It must be used inside an `unsafe` block.
#[proc_macro]
pub fn parallel_for_each_unchecked(input: TokenStream) -> TokenStream {
    for_each::expand(input.into(), amp_spec::Checks::Unchecked).into()
}

/// Makes a `#[repr(C)]` struct a kernel type: the element of views, arrays, tile_static and
/// local arrays, a capture, a local, and an argument or result of `#[kernel]` functions.
///
/// Fields are kernel scalars (not `bool`), short vectors, other `#[derive(Element)]` structs,
/// and fixed-size arrays of these; the struct must also be `Clone + Copy`. The host's
/// `#[repr(C)]` layout is the device's: a field the accelerator cannot address where
/// `#[repr(C)]` puts it (a `Float4` at byte 12) is a compile error naming the field.
#[proc_macro_derive(Element)]
pub fn derive_element(input: TokenStream) -> TokenStream {
    element_derive::expand(input.into()).into()
}

/// Makes a struct whose fields are array views (`ArrayView`, `ConstArrayView`, `Array`) and
/// other captures a capture of kernel closures and a parameter of `#[kernel]` functions (C++
/// AMP's lambda capturing a struct of `array_view`s): `b.output[i] = b.input[i] * 2.0` in a
/// kernel. Each field is bound and synchronised as a captured view is. The struct may have
/// lifetime parameters only.
#[proc_macro_derive(Views)]
pub fn derive_views(input: TokenStream) -> TokenStream {
    views_derive::expand(input.into()).into()
}
