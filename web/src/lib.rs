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

    /// A worker's entry point: serves the runner's jobs and matches.
    #[wasm_bindgen]
    pub fn worker_main() {
        treelab::platform::workers::serve(treelab::runner::serve_worker);
    }

    /// The app's state as JSON, for the page's tests (empty until the app has drawn).
    #[wasm_bindgen]
    pub fn treelab_state() -> String {
        treelab::app::platform::published_state()
    }

    /// One search, run where this is called (a worker, or a page that can wait): the
    /// game's name, the position's text form (empty: the start), a row as the command
    /// line writes it (`negascout+tt=16+id`) and the depth. Answers JSON with the
    /// nodes, the score and the seconds the search took, as `treelab search` counts
    /// them; the speed script times the engine in a worker with it.
    ///
    /// # Errors
    /// A game, position or row that does not read, or a search that fails: the message.
    #[wasm_bindgen]
    pub fn treelab_search(
        game: &str,
        position: &str,
        row: &str,
        depth: u32,
    ) -> Result<String, wasm_bindgen::JsValue> {
        let control = treelab::search::SearchControl::default();
        let r = treelab::engine::search_named(game, position, row, Some(depth), control)
            .map_err(|e| wasm_bindgen::JsValue::from_str(&e.to_string()))?;
        let score = r
            .score
            .map_or_else(|| "null".to_string(), |s| s.to_string());
        Ok(format!(
            "{{\"nodes\":{},\"score\":{score},\"secs\":{}}}",
            r.counters.nodes(),
            r.counters.elapsed_secs()
        ))
    }

    /// Sends the app a command: `run`, `stop`, `copy-link`, `save`, `open`,
    /// `export=table`, `threads=N` and the others the app's page module lists, each the
    /// command of a menu item or button. The app acts on it on its next frame.
    #[wasm_bindgen]
    pub fn treelab_command(name: &str) {
        treelab::app::platform::page_command(name);
    }
}
