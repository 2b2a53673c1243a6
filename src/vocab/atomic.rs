//! Atomic file writes: a save either lands whole or leaves the old file as it was.

use std::io::Write as _;
use std::path::Path;

/// Writes `bytes` to `path` so that `path` holds either its old contents or all of the
/// new ones, never a part: the bytes go to `path.tmp` in the same folder, are flushed
/// to disk, and the temporary file is renamed over `path`.
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
