//! The app's side of the platform seam: opening the window and the file dialogs.
//! Natively eframe's own window and rfd's dialogs; a browser build is started by its
//! page, and has no file dialogs (its sessions are links and downloads), so there
//! every dialog answers that none can be shown and the window is refused with why.
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
    use super::{Ask, FileDialog};
    use std::path::PathBuf;

    pub(super) fn open_window(
        _title: &str,
        _size: [f32; 2],
        _make: impl FnOnce() -> Box<dyn eframe::App> + 'static,
    ) -> anyhow::Result<()> {
        anyhow::bail!("in a browser the page starts the app; there is no window to open")
    }

    pub(super) fn pick(_d: &FileDialog, _ask: Ask) -> Option<PathBuf> {
        None
    }
}
