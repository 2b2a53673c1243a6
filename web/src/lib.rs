//! treelab in the browser: the page's WebAssembly. The page (`index.html`, written by
//! `scripts/web.sh`) loads this module, which starts the app on the page's canvas; each
//! Web Worker (`worker.js`) loads the same module and serves searches. The test hook
//! (`treelab_state`, `treelab_command`) lets the browser tests read what the app shows
//! and press its Run and Stop. Natively this crate is empty: the library is the app.

#[cfg(target_arch = "wasm32")]
mod page {
    use wasm_bindgen::prelude::wasm_bindgen;

    /// Runs when the module loads: on the page, starts the app on the canvas
    /// `treelab`; in a worker (no window), nothing (the worker calls `worker_main`).
    #[wasm_bindgen(start)]
    pub fn start() {
        if web_sys::window().is_some() {
            treelab::app::start_in_page("treelab");
        }
    }

    /// A worker's entry point: serves the runner's jobs.
    #[wasm_bindgen]
    pub fn worker_main() {
        treelab::platform::workers::serve(treelab::runner::serve_job);
    }

    /// The app's state as JSON, for the page's tests (empty until the app has drawn).
    #[wasm_bindgen]
    pub fn treelab_state() -> String {
        treelab::app::platform::published_state()
    }

    /// Sends the app a command (`run`, `stop`, `copy-link`, `threads=N`): it acts on its
    /// next frame.
    #[wasm_bindgen]
    pub fn treelab_command(name: &str) {
        treelab::app::platform::page_command(name);
    }
}
