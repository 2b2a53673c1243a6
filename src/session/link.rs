//! Sessions as links: a session written into the fragment of a URL (the text after
//! `#`), so that the browser build of treelab opens it from the address alone and a
//! teacher can hand out an exercise as a link.
//!
//! The fragment is `s=1.` followed by the session's text compressed: the RON text the
//! session file holds ([`Session::to_ron`]), of a copy of the session without what a
//! link does not carry (results, the last match, what could not be read back, a
//! student's name and answers), compressed as a zlib stream (DEFLATE at level 9 with
//! its Adler-32 check, so that a link altered in transit is refused rather than opened
//! as another session) and written in base64url without padding (`A-Z a-z 0-9 - _`).
//! The `1` is [`LINK_VERSION`].
//!
//! Reading a link ([`session_from_link`]) takes a whole URL or only its fragment, never
//! panics, and bounds its work: the link's length and the inflated text's size are
//! capped. The text is then read exactly as a session file is ([`Session::from_ron`]):
//! the same version checks, upgrades of older files and position checks.
//!
//! This module does not import egui: the app, its browser build and the command line
//! share it.

use super::entry::CURRENT_VERSION;
use super::entry::SessionError;
use super::model::Session;

/// Where `scripts/web.sh serve` serves the browser build: the base of a link when none
/// is given.
pub const DEFAULT_WEB_URL: &str = "http://127.0.0.1:8000/";

/// The link format this treelab writes and reads; a link of a larger version is refused.
pub const LINK_VERSION: u32 = 1;

/// The longest link read, in bytes (a handout of a hundred exercises takes a few
/// thousand).
pub const MAX_LINK_LEN: usize = 1024 * 1024;

/// The largest session text a link may inflate to, in bytes.
pub const MAX_INFLATED: usize = 8 * 1024 * 1024;

/// The key of the session in a fragment (`s=VERSION.DATA`).
const KEY: &str = "s=";

/// The DEFLATE level links are written at (the smallest links miniz_oxide makes).
const LEVEL: u8 = 9;

/// What is wrong with a link, in words for the user: what happened and what to do.
#[derive(Debug, thiserror::Error)]
pub enum LinkError {
    /// The text has no `s=` fragment.
    #[error(
        "there is no session in this link: a treelab link ends in #s={LINK_VERSION}. and a long run of letters; copy the whole link"
    )]
    NoSession,
    /// The link does not decode: cut short, or changed on the way.
    #[error(
        "the link is cut or altered ({detail}); copy the whole link again, or ask for a new one"
    )]
    Altered {
        /// What does not decode, and where when that is known.
        detail: String,
    },
    /// A link from a newer treelab.
    #[error(
        "this link was made by a newer treelab (link version {found}; this one reads version {LINK_VERSION}); open it with a newer treelab"
    )]
    NewerLink {
        /// The version the link states.
        found: u32,
    },
    /// The link, or the session it holds, is larger than a link may be.
    #[error("the link is too large: {what}")]
    TooLarge {
        /// What is too large, with the limit.
        what: String,
    },
    /// The link decodes, but its session is refused as a session file would be (one
    /// written by a newer treelab).
    #[error("the session in the link cannot be opened: {0}")]
    Session(SessionError),
}

impl LinkError {
    fn altered(detail: impl Into<String>) -> LinkError {
        LinkError::Altered {
            detail: detail.into(),
        }
    }
}

/// The copy of `session` a link carries: the position, the suite, the rows with all
/// their options, the view, the match set up and the handout, without results, the
/// last match, what could not be read back, or a student's name and answers.
#[must_use]
pub fn link_copy(session: &Session) -> Session {
    let mut copy = session.clone();
    copy.version = CURRENT_VERSION;
    copy.results.clear();
    copy.match_result = None;
    copy.problems.clear();
    if let Some(practice) = &mut copy.practice {
        practice.student.clear();
        for item in &mut practice.exercises {
            item.answers.clear();
        }
    }
    copy
}

/// The fragment (the text after `#`) of a link to `session`: `s=1.` and the text of
/// [`link_copy`] compressed and in base64url (see the module's doc).
///
/// # Panics
///
/// Only if the session cannot be written as RON, which saving it as a file would
/// refuse too (no session the app or the command line makes is such).
#[must_use]
pub fn fragment(session: &Session) -> String {
    let text = link_copy(session)
        .to_ron()
        .expect("a session always writes as RON");
    let packed = miniz_oxide::deflate::compress_to_vec_zlib(text.as_bytes(), LEVEL);
    format!("{KEY}{LINK_VERSION}.{}", base64url_encode(&packed))
}

/// A link to `session`: `base_url` (without a fragment it may have) with `#` and the
/// [`fragment`].
#[must_use]
pub fn link(session: &Session, base_url: &str) -> String {
    let base = base_url.split('#').next().unwrap_or_default();
    format!("{base}#{}", fragment(session))
}

/// The session a link holds. `text` is a whole URL, or only its fragment (with or
/// without the `#`); spaces and line breaks around it or inside its data (a link
/// wrapped by a mail program) are skipped. The session is read as a session file is
/// ([`Session::from_ron`]): what it could not load back (a suite file this machine does
/// not have) is in [`Session::problems`].
///
/// Never panics; refuses a link longer than [`MAX_LINK_LEN`] or holding more than
/// [`MAX_INFLATED`] bytes of text.
pub fn session_from_link(text: &str) -> Result<Session, LinkError> {
    if text.len() > MAX_LINK_LEN {
        return Err(LinkError::TooLarge {
            what: format!(
                "{} characters; a link holds at most {MAX_LINK_LEN}",
                text.len()
            ),
        });
    }
    let (_version, data) = split_fragment(text)?;
    let packed = base64url_decode(&data).map_err(LinkError::altered)?;
    let bytes = miniz_oxide::inflate::decompress_to_vec_zlib_with_limit(&packed, MAX_INFLATED)
        .map_err(|e| match e.status {
            miniz_oxide::inflate::TINFLStatus::HasMoreOutput => LinkError::TooLarge {
                what: format!(
                    "its session is over {} MiB of text",
                    MAX_INFLATED / (1024 * 1024)
                ),
            },
            miniz_oxide::inflate::TINFLStatus::FailedCannotMakeProgress => {
                LinkError::altered("its data ends too early")
            }
            miniz_oxide::inflate::TINFLStatus::Adler32Mismatch => {
                LinkError::altered("its data fails its check")
            }
            _ => LinkError::altered("its data does not decompress"),
        })?;
    let ron = String::from_utf8(bytes)
        .map_err(|_| LinkError::altered("its session is not text (not UTF-8)"))?;
    Session::from_ron(&ron).map_err(|e| match e {
        SessionError::Parse {
            line,
            column,
            message,
        } => LinkError::altered(format!(
            "its session does not read at line {line}, column {column}: {message}"
        )),
        other => LinkError::Session(other),
    })
}

/// The link version and the data of the session in `text` (a URL or a fragment),
/// whitespace taken out of the data.
fn split_fragment(text: &str) -> Result<(u32, String), LinkError> {
    let text = text.trim();
    let fragment = match text.split_once('#') {
        Some((_, after)) => after,
        None => text,
    };
    // Other keys may come beside the session's one day: `a=..&s=1.DATA&b=..`.
    let value = fragment
        .split('&')
        .find_map(|part| part.trim().strip_prefix(KEY))
        .ok_or(LinkError::NoSession)?;
    let Some((version, data)) = value.split_once('.') else {
        return Err(LinkError::altered(format!(
            "no '.' after the link version in '{}'",
            shortened(value)
        )));
    };
    let version: u32 = version.trim().parse().map_err(|_| {
        LinkError::altered(format!(
            "the link version '{}' is not a number",
            shortened(version)
        ))
    })?;
    if version > LINK_VERSION {
        return Err(LinkError::NewerLink { found: version });
    }
    if version == 0 {
        return Err(LinkError::altered("link version 0 does not exist"));
    }
    let data: String = data.chars().filter(|c| !c.is_whitespace()).collect();
    if data.is_empty() {
        return Err(LinkError::altered("it has no data after 's=1.'"));
    }
    Ok((version, data))
}

/// At most the first 20 characters of `text`, for a message.
fn shortened(text: &str) -> String {
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(20).collect();
    if chars.next().is_some() {
        format!("{head}...")
    } else {
        head
    }
}

/// The base64url alphabet (RFC 4648 section 5).
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// `bytes` in base64url without padding.
#[must_use]
pub fn base64url_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        // 2, 3 or 4 characters for 1, 2 or 3 bytes.
        for k in 0..=chunk.len() {
            let six = (n >> (18 - 6 * k)) & 63;
            out.push(char::from(ALPHABET[six as usize]));
        }
    }
    out
}

/// The value (0 to 63) of a base64url character.
fn sextet(c: u8) -> Option<u32> {
    let v = match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'-' => 62,
        b'_' => 63,
        _ => return None,
    };
    Some(u32::from(v))
}

/// The bytes of base64url `text` (no padding; a trailing `=` or two are accepted).
/// Only the canonical spelling is read: the unused bits of the last character must be
/// zero, so that every change to a character changes the bytes. The error says what is
/// wrong and at which character.
pub fn base64url_decode(text: &str) -> Result<Vec<u8>, String> {
    let text = text.trim_end_matches('=');
    let raw = text.as_bytes();
    if raw.len() % 4 == 1 {
        return Err(format!(
            "its data has a length ({}) base64url never has",
            raw.len()
        ));
    }
    let mut out = Vec::with_capacity(raw.len() / 4 * 3 + 2);
    for (c, chunk) in raw.chunks(4).enumerate() {
        let mut n = 0u32;
        for (k, &ch) in chunk.iter().enumerate() {
            let v = sextet(ch).ok_or_else(|| {
                let at = c * 4 + k;
                let shown = text.get(at..).and_then(|t| t.chars().next()).unwrap_or('?');
                format!("'{shown}' at character {} of its data", at + 1)
            })?;
            n |= v << (18 - 6 * k);
        }
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        // 2, 3 or 4 characters hold 1, 2 or 3 bytes; the bits left over are zero.
        let keep = chunk.len() - 1;
        if bytes[keep..].iter().any(|&b| b != 0) {
            return Err("its last character is not one a link ends in".into());
        }
        out.extend_from_slice(&bytes[..keep]);
    }
    Ok(out)
}

#[cfg(test)]
#[path = "link_tests.rs"]
mod tests;
