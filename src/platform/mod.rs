//! The platform seam: everything treelab asks of the machine it runs on goes through
//! these modules, so that the native build and a browser build (wasm32) differ here
//! alone.
//!
//! - [`clock`]: the monotonic clock (searches' time budgets, progress, timings) and the
//!   date.
//! - [`threads`]: how many cores, named background threads, scoped threads, a pause.
//! - [`pool`]: [`pool::map_in_order`], the one pool that runs many independent jobs.
//! - [`crew`]: [`crew::Crew`], helper threads started once for a search, a solver or a
//!   grid, and the splits that share a search's work out to them.
//! - [`files`]: opening, listing and atomically writing files, and the settings
//!   folder.
//! - [`machine`]: the machine's description for manifests and its counters (CPU
//!   model and features, free memory, the process's CPU time and memory, context
//!   switches).
//!
//! Each module has a native side (std, `/proc` on Linux) and a browser side: one
//! thread (work asked for on another runs at once, on the caller's), the page's clock,
//! no file system (each call says so), no `/proc`. Nothing outside `platform` (and the
//! app's own launcher and dialogs, `app::platform`) names `std::thread`,
//! `std::time::Instant`, `SystemTime`, `std::fs` or a `target_arch` — the structure test
//! holds that.

pub mod clock;
pub mod crew;
pub mod files;
pub mod machine;
pub mod pool;
pub mod threads;
pub mod workers;

/// Whether this build runs in a browser (wasm32): one thread, no file system.
pub const IN_BROWSER: bool = cfg!(target_arch = "wasm32");
