//! Host data in and out of textures of every element type, bits and rank.
