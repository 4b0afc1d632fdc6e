//! C++ AMP's texture rules, reported in amp's words.
