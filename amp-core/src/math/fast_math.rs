//! Single-precision functions at the accelerator's native speed (C++ AMP
//! `concurrency::fast_math`).

use super::*;
common_math!();
