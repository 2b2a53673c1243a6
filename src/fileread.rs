//! Reading a file a person names (a suite, a session, a result slice, training samples,
//! evaluation weights), capped at a stated size, so that `/dev/zero`, a FIFO or any
//! endless stream ends at once with an error instead of filling the memory.
//!
//! Every reader of a user-supplied file goes through [`read_capped`] or
//! [`read_text_capped`] with one of the limits below. The cap is enforced on the bytes
//! read (through `take(limit + 1)`), never on the size the file system reports, which a
//! FIFO, a device or a growing file does not tell truthfully. The module sits in the
//! lowest layer, beside `game/`, and imports nothing of the crate, so every layer that
//! reads a file (the engine's suites, the session, the solver, the command line) can
//! reach it.

use std::io::Read;
use std::path::Path;

/// One mebibyte.
const MIB: u64 = 1 << 20;

/// The most a suite file (positions, one a line) may hold: 64 MiB.
pub const SUITE_LIMIT: u64 = 64 * MIB;
/// The most a session file may hold: 64 MiB (the classic experiments' sessions, with
/// every result, take about 2 MiB).
pub const SESSION_LIMIT: u64 = 64 * MIB;
/// The most the app's settings file may hold: 1 MiB.
pub const CONFIG_LIMIT: u64 = MIB;
/// The most a bench or match result slice (`treelab merge`) may hold: 256 MiB.
pub const RESULT_LIMIT: u64 = 256 * MIB;
/// The most a file of training samples (`treelab train-eval --from-samples`) may hold:
/// 256 MiB.
pub const SAMPLES_LIMIT: u64 = 256 * MIB;
/// The most a file of pattern-evaluation weights may hold: 64 MiB (the shipped one takes
/// under 0.5 MiB).
pub const WEIGHTS_LIMIT: u64 = 64 * MIB;

/// A size in bytes as people read it: `64 MiB`, `1 KiB`, `100 bytes`.
#[must_use]
pub fn size_text(bytes: u64) -> String {
    if bytes >= MIB && bytes.is_multiple_of(MIB) {
        format!("{} MiB", bytes / MIB)
    } else if bytes >= 1024 && bytes.is_multiple_of(1024) {
        format!("{} KiB", bytes / 1024)
    } else {
        format!("{bytes} bytes")
    }
}

/// Reads at most `limit` bytes of the file at `path`; a file holding more is refused
/// (after reading `limit + 1` bytes, not more) with an error of kind
/// [`std::io::ErrorKind::FileTooLarge`] that names the limit, what it is the limit for
/// (`what`: "a suite", "a session"...) and says the file is larger.
///
/// The error does not name the path: every caller puts it in front (`FILE: ...`), as it
/// does for a file that cannot be opened.
///
/// # Errors
/// When the file cannot be opened or read, or holds more than `limit` bytes.
pub fn read_capped(path: &Path, limit: u64, what: &str) -> std::io::Result<Vec<u8>> {
    let (file, len) = crate::platform::files::open_file(path)?;
    // The reported length only sizes the first allocation; the cap is on what is read.
    let hint = len.map_or(0, |n| n.min(limit.saturating_add(1)));
    let mut bytes = Vec::with_capacity(usize::try_from(hint).unwrap_or(0));
    file.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(std::io::Error::new(
            std::io::ErrorKind::FileTooLarge,
            format!(
                "the file is larger than {}, the limit for {what}: refused (only the first {} were read)",
                size_text(limit),
                size_text(limit)
            ),
        ));
    }
    Ok(bytes)
}

/// [`read_capped`] for a text file: the bytes must be UTF-8, else the error (of kind
/// [`std::io::ErrorKind::InvalidData`]) gives the offset of the first byte that is not.
///
/// # Errors
/// As [`read_capped`], and when the file is not UTF-8 text.
pub fn read_text_capped(path: &Path, limit: u64, what: &str) -> std::io::Result<String> {
    String::from_utf8(read_capped(path, limit, what)?).map_err(|e| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!(
                "not UTF-8 text: byte {} is not part of a UTF-8 character",
                e.utf8_error().valid_up_to()
            ),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file of exactly the limit reads whole; one byte more is refused, the error
    /// naming the limit and saying the file is larger; text that is not UTF-8 is refused
    /// with its offset.
    #[test]
    fn the_limit_is_inclusive_and_named() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let limit = 3 * 1024;
        let at = dir.path().join("at-limit.txt");
        let content: Vec<u8> = (0..limit).map(|i| b'a' + (i % 26) as u8).collect();
        std::fs::write(&at, &content).expect("written");
        assert_eq!(
            read_text_capped(&at, limit, "a test file")
                .expect("reads")
                .as_bytes(),
            content.as_slice()
        );
        let over = dir.path().join("over.txt");
        std::fs::write(&over, [content.as_slice(), b"z"].concat()).expect("written");
        let e = read_capped(&over, limit, "a test file").expect_err("refused");
        assert_eq!(e.kind(), std::io::ErrorKind::FileTooLarge);
        let text = e.to_string();
        assert!(
            text.contains("larger than 3 KiB, the limit for a test file"),
            "{text}"
        );
        let bad = dir.path().join("bad.txt");
        std::fs::write(&bad, b"ab\xffcd").expect("written");
        let e = read_text_capped(&bad, limit, "a test file").expect_err("not UTF-8");
        assert!(e.to_string().contains("byte 2"), "{e}");
        let missing = read_capped(&dir.path().join("none"), limit, "a test file");
        assert_eq!(
            missing.expect_err("no file").kind(),
            std::io::ErrorKind::NotFound
        );
        assert_eq!(size_text(SUITE_LIMIT), "64 MiB");
        assert_eq!(size_text(100), "100 bytes");
    }

    /// An endless FIFO (a writer thread writing for ever) ends at the limit at once.
    #[cfg(target_os = "linux")]
    #[test]
    fn an_endless_fifo_ends_at_the_limit() {
        use std::io::Write as _;
        let dir = tempfile::tempdir().expect("a temporary folder");
        let fifo = dir.path().join("endless");
        let c_path =
            std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).expect("no NUL in it");
        // SAFETY: a valid NUL-terminated path and a plain mode; mkfifo only creates it.
        let made = unsafe { libc::mkfifo(c_path.as_ptr(), 0o600) };
        assert_eq!(made, 0, "mkfifo: {}", std::io::Error::last_os_error());
        let writer_path = fifo.clone();
        let writer = std::thread::spawn(move || {
            let Ok(mut w) = std::fs::OpenOptions::new().write(true).open(&writer_path) else {
                return 0u64;
            };
            let chunk = [b'x'; 4096];
            let mut sent = 0u64;
            // Writes until the reader closes its end (then the write fails: EPIPE).
            while w.write_all(&chunk).is_ok() {
                sent += chunk.len() as u64;
            }
            sent
        });
        let clock = std::time::Instant::now();
        let limit = 1024 * 1024;
        let e = read_capped(&fifo, limit, "a test file").expect_err("refused");
        assert_eq!(e.kind(), std::io::ErrorKind::FileTooLarge, "{e}");
        assert!(e.to_string().contains("1 MiB"), "{e}");
        let sent = writer.join().expect("the writer ends");
        assert!(sent > limit, "the writer sent {sent} bytes");
        assert!(
            clock.elapsed() < std::time::Duration::from_secs(10),
            "took {:?}",
            clock.elapsed()
        );
    }
}
