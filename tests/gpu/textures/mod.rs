//! Textures (C++ AMP's graphics library): made, filled and read back for every element type,
//! bits and rank; read, written, sampled and gathered in kernels, against references computed
//! here; and C++ AMP's rules reported in amp's words.

mod errors;
mod kernels;
mod round_trip;
mod sampling;
