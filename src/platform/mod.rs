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

/// Whether this build runs in a browser (wasm32): one thread, no file system. The rest
/// of the crate asks the named facts below, never this, so that each difference between
/// a window and a page is stated once, here.
pub const IN_BROWSER: bool = cfg!(target_arch = "wasm32");

/// The program can quit itself: a window can; a page closes with its tab (and keeps
/// the session in its storage).
pub const CAN_QUIT: bool = !IN_BROWSER;

/// F5 is the browser's: it reloads the page, so a page cannot take it as a shortcut.
pub const F5_RELOADS: bool = IN_BROWSER;

/// A folder can be listed and its files read; a page reads only the files a person
/// picks, one at a time.
pub const READS_FOLDERS: bool = !IN_BROWSER;

/// A file picked to open arrives later, from the page's picker, not from a dialog that
/// returns it.
pub const PICKED_FILES_COME_LATER: bool = IN_BROWSER;

/// The program lives in a web page: it keeps the session in the page's storage, reads
/// links from the page's address, and answers the browser tests' hook.
pub const IN_PAGE: bool = IN_BROWSER;

/// Searches and matches run in workers that share no memory and talk by messages (Web
/// Workers), not on threads of this process.
pub const SEARCHES_IN_WORKERS: bool = IN_BROWSER;

/// The thread that owns a run may block while it waits for the run's events; a page's
/// one thread must not (it draws the page).
pub const OWNER_MAY_BLOCK: bool = !IN_BROWSER;

/// A frame costs much: a page's drawing (software WebGL without a graphics card) shares
/// the cores with the workers' searches, so the app redraws less often by itself and
/// draws no spinner.
pub const FRAMES_ARE_DEAR: bool = IN_BROWSER;

/// The cores searches may use: every one natively; in a page every one but the one that
/// draws it.
#[must_use]
pub fn search_cores() -> usize {
    let cores = workers::available();
    if IN_BROWSER {
        cores.saturating_sub(1).max(1)
    } else {
        cores
    }
}
