//! amp: C++ AMP for Rust (facade; filled in as the crates land).
