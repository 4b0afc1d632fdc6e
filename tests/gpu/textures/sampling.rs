//! Sampling and gathering against references computed here.
