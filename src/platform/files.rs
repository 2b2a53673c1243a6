//! Files: opening one to read, listing a folder, making folders, atomic writes (a save
//! either lands whole or leaves the old file as it was) and the settings folder.
//! Natively `std::fs`; a browser has no file system, and each call there says so (its
//! sessions travel as links and downloads instead).

use std::path::{Path, PathBuf};

pub use imp::{create_dir_all, files_in, is_folder, open_file, resolve, write_atomic};

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
}

#[cfg(target_arch = "wasm32")]
mod imp {
    use super::no_file_system;
    use std::path::{Path, PathBuf};

    /// A browser has no file system: refused.
    ///
    /// # Errors
    /// Always.
    pub fn open_file(path: &Path) -> std::io::Result<(std::io::Empty, Option<u64>)> {
        Err(no_file_system("opening", path))
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

    /// A browser has no file system: refused.
    ///
    /// # Errors
    /// Always.
    pub fn create_dir_all(dir: &Path) -> std::io::Result<()> {
        Err(no_file_system("making the folder", dir))
    }

    /// `path` as it is.
    #[must_use]
    pub fn resolve(path: &Path) -> PathBuf {
        path.to_path_buf()
    }

    /// A browser has no file system: refused.
    ///
    /// # Errors
    /// Always.
    pub fn write_atomic(path: &Path, _bytes: &[u8]) -> std::io::Result<()> {
        Err(no_file_system("writing", path))
    }
}
