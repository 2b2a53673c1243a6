//! Batch experiments: suites x configurations x depths.
