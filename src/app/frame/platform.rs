//! The app's side of the platform seam: opening the window, the file dialogs and the
//! page around the app in a browser. Natively eframe's own window and rfd's dialogs.
//! In a browser the page starts the app on its canvas ([`start_in_page`]); a file to
//! open comes from the page's file picker, later ([`FileDialog::pick_file_later`],
//! [`take_picked`]); a file to save is a download named as offered; the page's
//! address fragment carries a session link, its storage the last session; and the
//! page's test hook reads the app's state and sends it commands ([`publish_state`],
//! [`take_page_commands`]). Natively those page parts answer that there is no page.
//! The rest of the platform (clock, threads, files) is `crate::platform`.

use std::path::PathBuf;

/// Opens the native window titled `title`, `size` points large, running the app that
/// `make` builds, until it is closed.
///
/// # Errors
/// When no window can be opened (no display, no OpenGL), or in a browser.
pub fn open_window(
    title: &str,
    size: [f32; 2],
    make: impl FnOnce() -> Box<dyn eframe::App> + 'static,
) -> anyhow::Result<()> {
    imp::open_window(title, size, make)
}

/// Starts the app on the page's canvas `canvas_id` (in a browser; natively nothing):
/// `make` builds it, given the app's context. A failure is written into the page's
/// element `status`, if it has one.
pub fn start_in_page(
    canvas_id: &str,
    make: impl FnOnce(&egui::Context) -> Box<dyn eframe::App> + 'static,
) {
    imp::start_in_page(canvas_id, make);
}

/// The page address's fragment (after `#`), if there is one (never, natively).
#[must_use]
pub fn page_fragment() -> Option<String> {
    imp::page_fragment().filter(|f| !f.is_empty())
}

/// A fragment the page's address took while the app was open (a link pasted into the
/// address of the open page: only the part after `#` changes, so the page does not
/// load again), once; never natively.
#[must_use]
pub fn take_new_fragment() -> Option<String> {
    hook::NEW_FRAGMENT
        .with_borrow_mut(Option::take)
        .filter(|f| !f.is_empty())
}

/// Shows `title` as the window's title (in a browser, the page's).
pub fn set_title(ctx: &egui::Context, title: &str) {
    imp::set_title(ctx, title);
}

/// Takes the fragment off the page's address (the session it held is open now: a
/// reload then restores the session as the person left it, from the page's storage).
pub fn forget_fragment() {
    imp::forget_fragment();
}

/// The page's address without its fragment, the base of the links it makes (`None`
/// natively).
#[must_use]
pub fn page_address() -> Option<String> {
    imp::page_address()
}

/// What the page's storage holds under `key` (nothing, natively).
#[must_use]
pub fn stored(key: &str) -> Option<String> {
    imp::stored(key)
}

/// Keeps `value` under `key` in the page's storage (nothing, natively).
///
/// # Errors
/// When the browser refuses (storage full or off).
pub fn store(key: &str, value: &str) -> Result<(), String> {
    imp::store(key, value)
}

/// The file the person picked after [`FileDialog::pick_file_later`], once it has been
/// read: the path [`crate::platform::files::open_file`] reads it under.
#[must_use]
pub fn take_picked() -> Option<PathBuf> {
    hook::PICKED.with_borrow_mut(Option::take)
}

/// Publishes the app's state for the page's test hook (`treelab_state()`).
pub fn publish_state(state: String) {
    hook::STATE.set(state);
}

/// The state last published.
#[must_use]
pub fn published_state() -> String {
    hook::STATE.with_borrow(Clone::clone)
}

/// A command from the page's test hook (`treelab_command(name)`): queued for the
/// app's next frame, which is asked for now.
pub fn page_command(name: &str) {
    hook::COMMANDS.with_borrow_mut(|c| c.push(name.to_string()));
    hook::wake_app();
}

/// The commands the page's test hook sent since the last call.
#[must_use]
pub fn take_page_commands() -> Vec<String> {
    hook::COMMANDS.with_borrow_mut(std::mem::take)
}

/// What the page's hooks share with the app (one thread: the page's).
mod hook {
    use std::cell::RefCell;
    use std::path::PathBuf;

    thread_local! {
        pub(super) static STATE: RefCell<String> = const { RefCell::new(String::new()) };
        pub(super) static COMMANDS: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
        pub(super) static PICKED: RefCell<Option<PathBuf>> = const { RefCell::new(None) };
        pub(super) static CONTEXT: RefCell<Option<egui::Context>> = const { RefCell::new(None) };
        pub(super) static NEW_FRAGMENT: RefCell<Option<String>> = const { RefCell::new(None) };
    }

    /// Asks the app for a frame now (once it has started), to act on what just came.
    pub(super) fn wake_app() {
        CONTEXT.with_borrow(|ctx| {
            if let Some(ctx) = ctx {
                ctx.request_repaint();
            }
        });
    }
}

/// A file dialog being set up: a title, filters, a folder and a file name to start
/// from; then asked for a file to open, a file to save or a folder.
#[derive(Clone, Debug, Default)]
pub struct FileDialog {
    title: String,
    filters: Vec<(String, Vec<String>)>,
    directory: Option<PathBuf>,
    file_name: Option<String>,
}

impl FileDialog {
    /// A dialog with nothing set.
    #[must_use]
    pub fn new() -> FileDialog {
        FileDialog::default()
    }

    /// Its title.
    #[must_use]
    pub fn set_title(mut self, title: &str) -> FileDialog {
        self.title = title.to_string();
        self
    }

    /// A filter named `name` showing files of these extensions (`*` for all).
    #[must_use]
    pub fn add_filter(mut self, name: &str, extensions: &[&str]) -> FileDialog {
        self.filters.push((
            name.to_string(),
            extensions.iter().map(|e| (*e).to_string()).collect(),
        ));
        self
    }

    /// The folder it opens in.
    #[must_use]
    pub fn set_directory(mut self, dir: PathBuf) -> FileDialog {
        self.directory = Some(dir);
        self
    }

    /// The file name it offers.
    #[must_use]
    pub fn set_file_name(mut self, name: impl Into<String>) -> FileDialog {
        self.file_name = Some(name.into());
        self
    }

    /// A file to open; `None` when cancelled or when no dialog could be shown.
    #[must_use]
    pub fn pick_file(self) -> Option<PathBuf> {
        imp::pick(&self, Ask::Open)
    }

    /// A file to save to; `None` when cancelled or when no dialog could be shown.
    #[must_use]
    pub fn save_file(self) -> Option<PathBuf> {
        imp::pick(&self, Ask::Save)
    }

    /// A folder; `None` when cancelled or when no dialog could be shown.
    #[must_use]
    pub fn pick_folder(self) -> Option<PathBuf> {
        imp::pick(&self, Ask::Folder)
    }

    /// In a browser: shows the page's file picker and says true; the file comes later,
    /// through [`take_picked`], once the person picked it and it was read. Natively
    /// false (use [`FileDialog::pick_file`]).
    #[must_use]
    pub fn pick_file_later(self) -> bool {
        imp::pick_later(&self)
    }
}

/// What a dialog asks for.
enum Ask {
    /// A file to open.
    Open,
    /// A file to save to.
    Save,
    /// A folder.
    Folder,
}

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    use super::{Ask, FileDialog};
    use std::path::PathBuf;

    pub(super) fn open_window(
        title: &str,
        size: [f32; 2],
        make: impl FnOnce() -> Box<dyn eframe::App> + 'static,
    ) -> anyhow::Result<()> {
        let options = eframe::NativeOptions {
            viewport: egui::ViewportBuilder::default()
                .with_title(title)
                .with_inner_size(size),
            ..Default::default()
        };
        eframe::run_native(title, options, Box::new(|_cc| Ok(make())))
            .map_err(|e| anyhow::anyhow!("could not open the window: {e}"))
    }

    pub(super) fn start_in_page(
        _canvas_id: &str,
        _make: impl FnOnce(&egui::Context) -> Box<dyn eframe::App> + 'static,
    ) {
    }

    pub(super) fn page_fragment() -> Option<String> {
        None
    }

    pub(super) fn set_title(ctx: &egui::Context, title: &str) {
        ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.to_string()));
    }

    pub(super) fn forget_fragment() {}

    pub(super) fn page_address() -> Option<String> {
        None
    }

    pub(super) fn stored(_key: &str) -> Option<String> {
        None
    }

    pub(super) fn store(_key: &str, _value: &str) -> Result<(), String> {
        Ok(())
    }

    pub(super) fn pick_later(_d: &FileDialog) -> bool {
        false
    }

    pub(super) fn pick(d: &FileDialog, ask: Ask) -> Option<PathBuf> {
        let mut r = rfd::FileDialog::new();
        if !d.title.is_empty() {
            r = r.set_title(&d.title);
        }
        for (name, extensions) in &d.filters {
            r = r.add_filter(name, extensions);
        }
        if let Some(dir) = &d.directory {
            r = r.set_directory(dir);
        }
        if let Some(name) = &d.file_name {
            r = r.set_file_name(name);
        }
        match ask {
            Ask::Open => r.pick_file(),
            Ask::Save => r.save_file(),
            Ask::Folder => r.pick_folder(),
        }
    }
}

#[cfg(target_arch = "wasm32")]
mod imp {
    use super::{Ask, FileDialog, hook};
    use std::path::PathBuf;
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::{Closure, JsValue};

    pub(super) fn open_window(
        _title: &str,
        _size: [f32; 2],
        _make: impl FnOnce() -> Box<dyn eframe::App> + 'static,
    ) -> anyhow::Result<()> {
        anyhow::bail!("in a browser the page starts the app; there is no window to open")
    }

    fn window() -> Option<web_sys::Window> {
        web_sys::window()
    }

    /// Writes `text` into the page's `status` element (what the page shows until the
    /// app draws, and instead of it when it cannot).
    fn say_in_page(text: &str) {
        if let Some(el) = window()
            .and_then(|w| w.document())
            .and_then(|d| d.get_element_by_id("status"))
        {
            el.set_text_content(Some(text));
        }
    }

    pub(super) fn start_in_page(
        canvas_id: &str,
        make: impl FnOnce(&egui::Context) -> Box<dyn eframe::App> + 'static,
    ) {
        let Some(document) = window().and_then(|w| w.document()) else {
            return;
        };
        let Some(canvas) = document
            .get_element_by_id(canvas_id)
            .and_then(|e| e.dyn_into::<web_sys::HtmlCanvasElement>().ok())
        else {
            say_in_page(&format!("treelab: the page has no canvas '{canvas_id}'"));
            return;
        };
        follow_the_address();
        wasm_bindgen_futures::spawn_local(async move {
            let runner = eframe::WebRunner::new();
            let started = runner
                .start(
                    canvas,
                    eframe::WebOptions::default(),
                    Box::new(move |cc| {
                        hook::CONTEXT.set(Some(cc.egui_ctx.clone()));
                        Ok(make(&cc.egui_ctx))
                    }),
                )
                .await;
            match started {
                Ok(()) => {
                    if let Some(el) = window()
                        .and_then(|w| w.document())
                        .and_then(|d| d.get_element_by_id("status"))
                    {
                        el.remove();
                    }
                }
                Err(e) => say_in_page(&format!(
                    "treelab could not start: {}",
                    e.as_string().unwrap_or_else(|| format!("{e:?}"))
                )),
            }
            // The runner lives as long as the page.
            std::mem::forget(runner);
        });
    }

    pub(super) fn page_fragment() -> Option<String> {
        let hash = window()?.location().hash().ok()?;
        Some(hash.trim_start_matches('#').to_string())
    }

    /// Listens for the address's fragment changing while the page is open (a link
    /// pasted into it): the new fragment waits for the app's next frame, asked for now.
    fn follow_the_address() {
        let Some(w) = window() else {
            return;
        };
        let on_change = Closure::<dyn FnMut()>::new(|| {
            if let Some(fragment) = page_fragment().filter(|f| !f.is_empty()) {
                hook::NEW_FRAGMENT.set(Some(fragment));
                hook::wake_app();
            }
        });
        w.set_onhashchange(Some(on_change.as_ref().unchecked_ref()));
        // The listener lives as long as the page.
        on_change.forget();
    }

    pub(super) fn set_title(_ctx: &egui::Context, title: &str) {
        if let Some(document) = window().and_then(|w| w.document()) {
            document.set_title(title);
        }
    }

    pub(super) fn forget_fragment() {
        if let (Some(w), Some(address)) = (window(), page_address())
            && let Ok(history) = w.history()
        {
            let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&address));
        }
    }

    pub(super) fn page_address() -> Option<String> {
        let location = window()?.location();
        let origin = location.origin().ok()?;
        let path = location.pathname().ok()?;
        let search = location.search().ok()?;
        Some(format!("{origin}{path}{search}"))
    }

    fn storage() -> Option<web_sys::Storage> {
        window()?.local_storage().ok().flatten()
    }

    pub(super) fn stored(key: &str) -> Option<String> {
        storage()?.get_item(key).ok().flatten()
    }

    pub(super) fn store(key: &str, value: &str) -> Result<(), String> {
        let storage = storage().ok_or("the page has no storage")?;
        storage
            .set_item(key, value)
            .map_err(|e| format!("the page's storage refused it: {e:?}"))
    }

    /// The accept list of an `<input type=file>` for the dialog's filters.
    fn accept(d: &FileDialog) -> String {
        let mut out = Vec::new();
        for (_, extensions) in &d.filters {
            if extensions.iter().any(|e| e == "*") {
                return String::new();
            }
            out.extend(extensions.iter().map(|e| format!(".{e}")));
        }
        out.join(",")
    }

    pub(super) fn pick_later(d: &FileDialog) -> bool {
        let Some(document) = window().and_then(|w| w.document()) else {
            return false;
        };
        let Ok(input) = document
            .create_element("input")
            .map(|e| e.unchecked_into::<web_sys::HtmlInputElement>())
        else {
            return false;
        };
        input.set_type("file");
        input.set_accept(&accept(d));
        let chosen = input.clone();
        let on_change = Closure::once(move || {
            let Some(file) = chosen.files().and_then(|f| f.get(0)) else {
                return;
            };
            wasm_bindgen_futures::spawn_local(async move {
                let Ok(buffer) = wasm_bindgen_futures::JsFuture::from(file.array_buffer()).await
                else {
                    return;
                };
                let bytes = js_sys::Uint8Array::new(&buffer).to_vec();
                let path = crate::platform::files::hold(&file.name(), bytes);
                hook::PICKED.set(Some(path));
                hook::wake_app();
            });
        });
        input.set_onchange(Some(on_change.as_ref().unchecked_ref()));
        // Called once, when the person picked: it frees itself then.
        on_change.forget();
        input.click();
        true
    }

    /// A browser saves by downloading: the file name offered is the answer at once
    /// (the writes of `crate::platform::files` are downloads there); nothing else has
    /// a dialog.
    pub(super) fn pick(d: &FileDialog, ask: Ask) -> Option<PathBuf> {
        match ask {
            Ask::Save => Some(PathBuf::from(
                d.file_name
                    .clone()
                    .unwrap_or_else(|| "download".to_string()),
            )),
            Ask::Open | Ask::Folder => None,
        }
    }
}
