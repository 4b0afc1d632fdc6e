//! What several test modules share: reproducible random numbers.
#![allow(dead_code)]

/// A reproducible stream of random numbers (xorshift64); test modules add their own draws.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// `len` reproducible random words (xorshift32).
pub fn random_words(len: usize, seed: u32) -> Vec<u32> {
    let mut s = seed.max(1);
    (0..len)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 17;
            s ^= s << 5;
            s
        })
        .collect()
}

/// `len` reproducible random floats in [-10, 10], two decimals.
pub fn random_floats(len: usize, seed: u32) -> Vec<f32> {
    random_words(len, seed)
        .into_iter()
        .map(|w| (w % 2001) as f32 / 100.0 - 10.0)
        .collect()
}

/// The index, extent and site of a kernel fault (panics on any other error).
pub fn fault_of(err: amp::Error) -> (String, String, amp::KernelFault) {
    match err {
        amp::Error::OutOfBounds {
            index,
            extent,
            fault: Some(fault),
        } => {
            let extent: Vec<String> = extent.iter().map(i64::to_string).collect();
            (index.to_string(), format!("({})", extent.join(",")), *fault)
        }
        other => panic!("expected a kernel fault, got {other}"),
    }
}
