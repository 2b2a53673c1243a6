//! Files: opening one to read, listing a folder, making folders, atomic writes (a save
//! either lands whole or leaves the old file as it was), a file made only if absent,
//! locked files to append to (a grid folder's cells) and the settings folder.
//! Natively `std::fs`. A browser has no file system: there a write is a download, a
//! file to read is one the person picked in the page's picker (held in memory), and
//! the rest says so.

use std::path::{Path, PathBuf};

pub use imp::{
    Appender, create_dir_all, files_in, is_folder, open_appender, open_file, resolve, write_atomic,
    write_new,
};

#[cfg(target_arch = "wasm32")]
pub use imp::hold;

/// The error of a browser build asked for a file.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
fn no_file_system(what: &str, path: &Path) -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::Unsupported,
        format!(
            "{what} {}: a browser has no file system (open and save sessions as links or downloads)",
            path.display()
        ),
    )
}

/// The folder of treelab's settings: `$XDG_CONFIG_HOME/treelab`, else
/// `~/.config/treelab`; `None` where neither is set (and in a browser).
#[must_use]
pub fn settings_folder() -> Option<PathBuf> {
    if super::IN_BROWSER {
        return None;
    }
    let base = std::env::var_os("XDG_CONFIG_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|v| !v.is_empty())
                .map(|h| PathBuf::from(h).join(".config"))
        })?;
    Some(base.join("treelab"))
}

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    use std::io::Write as _;
    use std::path::{Path, PathBuf};

    /// Opens the file at `path` to read, with its length when it is a regular file (a
    /// pipe or a device has none: read it up to a cap).
    ///
    /// # Errors
    /// When it cannot be opened.
    pub fn open_file(path: &Path) -> std::io::Result<(std::fs::File, Option<u64>)> {
        let file = std::fs::File::open(path)?;
        let len = file
            .metadata()
            .ok()
            .filter(std::fs::Metadata::is_file)
            .map(|m| m.len());
        Ok((file, len))
    }

    /// Whether `path` is a folder.
    #[must_use]
    pub fn is_folder(path: &Path) -> bool {
        path.is_dir()
    }

    /// The files of the folder `dir` whose extension is `extension`, sorted.
    ///
    /// # Errors
    /// When the folder cannot be read.
    pub fn files_in(dir: &Path, extension: &str) -> std::io::Result<Vec<PathBuf>> {
        let mut found: Vec<PathBuf> = std::fs::read_dir(dir)?
            .flatten()
            .map(|e| e.path())
            .filter(|f| f.extension().is_some_and(|e| e == extension))
            .collect();
        found.sort();
        Ok(found)
    }

    /// Makes the folder `dir` and the folders above it that are missing.
    ///
    /// # Errors
    /// When one cannot be made.
    pub fn create_dir_all(dir: &Path) -> std::io::Result<()> {
        std::fs::create_dir_all(dir)
    }

    /// `path` made absolute with its links resolved; `path` itself where that fails.
    #[must_use]
    pub fn resolve(path: &Path) -> PathBuf {
        std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
    }

    /// Writes `bytes` to `path` so that `path` holds either its old contents or all of
    /// the new ones, never a part: the bytes go to `path.tmp` in the same folder, are
    /// flushed to disk, and the temporary file is renamed over `path`.
    ///
    /// # Errors
    /// When the temporary file cannot be written or renamed (it is removed then).
    pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
        let mut tmp_name = path
            .file_name()
            .map(std::ffi::OsStr::to_os_string)
            .unwrap_or_else(|| "session".into());
        tmp_name.push(".tmp");
        let tmp = path.with_file_name(tmp_name);
        let result = (|| {
            let mut file = std::fs::File::create(&tmp)?;
            file.write_all(bytes)?;
            file.sync_all()?;
            drop(file);
            std::fs::rename(&tmp, path)
        })();
        if result.is_err() {
            // Best effort: do not leave the half-written temporary file behind.
            let _ = std::fs::remove_file(&tmp);
        }
        result?;
        // Make the rename itself durable where the platform allows it.
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
            && let Ok(dir) = std::fs::File::open(dir)
        {
            let _ = dir.sync_all();
        }
        Ok(())
    }

    /// A file open for appending and locked against every other process that opens it
    /// with [`open_appender`] (an advisory lock, which the system drops when the process
    /// ends, however it ends): one writer per file, whatever the machine.
    #[derive(Debug)]
    pub struct Appender {
        file: std::fs::File,
    }

    /// Opens (or makes) `path` to append to and locks it; `Ok(None)` when another
    /// process holds its lock.
    ///
    /// # Errors
    /// When it cannot be opened or locked for another reason.
    pub fn open_appender(path: &Path) -> std::io::Result<Option<Appender>> {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)?;
        match file.try_lock() {
            Ok(()) => Ok(Some(Appender { file })),
            Err(std::fs::TryLockError::WouldBlock) => Ok(None),
            Err(std::fs::TryLockError::Error(e)) => Err(e),
        }
    }

    impl Appender {
        /// Appends `bytes` at the end of the file in one write where the system
        /// allows it (a file opened to append: each write lands whole at the end).
        ///
        /// # Errors
        /// When the write fails.
        pub fn append(&mut self, bytes: &[u8]) -> std::io::Result<()> {
            self.file.write_all(bytes)
        }

        /// Cuts the file to its first `len` bytes (a torn last line dropped).
        ///
        /// # Errors
        /// When the file cannot be cut.
        pub fn truncate(&mut self, len: u64) -> std::io::Result<()> {
            self.file.set_len(len)?;
            self.file.sync_data()
        }
    }

    /// Writes `bytes` to `path` only if no file is there, whole or not at all, even
    /// when several processes try at once (one of them makes it): the bytes go to a
    /// temporary file of this process, which is then linked to `path`. Returns whether
    /// this call made it.
    ///
    /// # Errors
    /// When the temporary file cannot be written or linked for another reason than
    /// `path` being there.
    pub fn write_new(path: &Path, bytes: &[u8]) -> std::io::Result<bool> {
        let mut tmp_name = path
            .file_name()
            .map(std::ffi::OsStr::to_os_string)
            .unwrap_or_else(|| "file".into());
        tmp_name.push(format!(".{}.tmp", std::process::id()));
        let tmp = path.with_file_name(tmp_name);
        let written = (|| {
            let mut file = std::fs::File::create(&tmp)?;
            file.write_all(bytes)?;
            file.sync_all()
        })();
        let linked = written.and_then(|()| std::fs::hard_link(&tmp, path));
        let _ = std::fs::remove_file(&tmp);
        match linked {
            Ok(()) => Ok(true),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(false),
            Err(e) => Err(e),
        }
    }
}

#[cfg(target_arch = "wasm32")]
mod imp {
    use super::no_file_system;
    use std::cell::RefCell;
    use std::collections::HashMap;
    use std::path::{Path, PathBuf};
    use wasm_bindgen::JsCast;

    thread_local! {
        static HELD: RefCell<HashMap<PathBuf, Vec<u8>>> = RefCell::default();
    }

    /// Keeps the bytes of a file the person picked in the page's file picker, so that
    /// [`open_file`] reads them; returns the path it reads them under: the file's bare
    /// name (what the app's messages then show, and what a save downloads as).
    pub fn hold(name: &str, bytes: Vec<u8>) -> PathBuf {
        let file = Path::new(name)
            .file_name()
            .map_or_else(|| "file".into(), |n| n.to_owned());
        let path = PathBuf::from(file);
        HELD.with_borrow_mut(|held| held.insert(path.clone(), bytes));
        path
    }

    /// A file the person picked in this page (see [`hold`]); anything else is refused.
    ///
    /// # Errors
    /// When `path` is not a picked file.
    pub fn open_file(path: &Path) -> std::io::Result<(std::io::Cursor<Vec<u8>>, Option<u64>)> {
        match HELD.with_borrow(|held| held.get(path).cloned()) {
            Some(bytes) => {
                let len = bytes.len() as u64;
                Ok((std::io::Cursor::new(bytes), Some(len)))
            }
            None => Err(no_file_system("opening", path)),
        }
    }

    /// A browser has no folders.
    #[must_use]
    pub fn is_folder(_path: &Path) -> bool {
        false
    }

    /// A browser has no file system: refused.
    ///
    /// # Errors
    /// Always.
    pub fn files_in(dir: &Path, _extension: &str) -> std::io::Result<Vec<PathBuf>> {
        Err(no_file_system("listing", dir))
    }

    /// A browser has no folders to make: the downloads land where the browser puts
    /// them.
    ///
    /// # Errors
    /// Never.
    pub fn create_dir_all(_dir: &Path) -> std::io::Result<()> {
        Ok(())
    }

    /// `path` as it is.
    #[must_use]
    pub fn resolve(path: &Path) -> PathBuf {
        path.to_path_buf()
    }

    /// Hands `bytes` to the browser as a download named as `path`'s file name (a
    /// browser saves whole files: a download is as atomic as a save can be there).
    ///
    /// # Errors
    /// When the page cannot make the download.
    pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
        let name = path
            .file_name()
            .map_or_else(|| "download".into(), |n| n.to_string_lossy());
        download(&name, bytes)
            .map_err(|e| std::io::Error::other(format!("could not download {name}: {e:?}")))
    }

    /// A browser has no files to append to.
    #[derive(Debug)]
    pub struct Appender;

    /// A browser has no file system: refused.
    ///
    /// # Errors
    /// Always.
    pub fn open_appender(path: &Path) -> std::io::Result<Option<Appender>> {
        Err(no_file_system("appending to", path))
    }

    impl Appender {
        /// Never made in a browser.
        ///
        /// # Errors
        /// Never.
        pub fn append(&mut self, _bytes: &[u8]) -> std::io::Result<()> {
            Ok(())
        }

        /// Never made in a browser.
        ///
        /// # Errors
        /// Never.
        pub fn truncate(&mut self, _len: u64) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// A browser has no file system: refused.
    ///
    /// # Errors
    /// Always.
    pub fn write_new(path: &Path, _bytes: &[u8]) -> std::io::Result<bool> {
        Err(no_file_system("writing", path))
    }

    fn download(name: &str, bytes: &[u8]) -> Result<(), wasm_bindgen::JsValue> {
        let document = web_sys::window()
            .and_then(|w| w.document())
            .ok_or("no page")?;
        let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
        let blob = web_sys::Blob::new_with_u8_array_sequence(&parts)?;
        let url = web_sys::Url::create_object_url_with_blob(&blob)?;
        let a: web_sys::HtmlAnchorElement = document.create_element("a")?.dyn_into()?;
        a.set_href(&url);
        a.set_download(name);
        a.click();
        // The object URL is not revoked: the download may still be reading it.
        Ok(())
    }
}
