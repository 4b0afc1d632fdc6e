//! Textures (C++ AMP's graphics library): made, filled and read back for every element type,
//! bits and rank; read, written, sampled and gathered in kernels, against references computed
//! here; and C++ AMP's rules reported in amp's words.

mod errors;
#[cfg(feature = "image")]
mod images;
mod kernels;
#[cfg(feature = "image")]
mod pictures;
mod round_trip;
mod sampling;
