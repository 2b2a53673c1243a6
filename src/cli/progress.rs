//! Live progress of a long search on standard error, as chess engines print it: the
//! depth being searched, the nodes, the speed and the best line so far, one line
//! rewritten in place a few times a second, and only on a terminal (a script or a test
//! that captures standard error sees nothing extra). Also the refusal of a search too
//! big to end ([`refuse_beyond_reach`]), which `search` and `bench` share.

use std::io::{IsTerminal, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::{Result, bail};

use crate::engine::{AnyPosition, SearchRequest, beyond_reach};
use crate::search::Progress;

/// A search shorter than this prints no progress.
const QUIET_SECS: f64 = 1.0;

/// The least time between two progress lines.
pub(super) const INTERVAL: Duration = Duration::from_millis(250);

/// The most moves of the best line a progress line shows.
const PV_MOVES: usize = 10;

/// One progress line, e.g. `depth 7: 12345678 nodes in 1.5 s (8.2 M nodes/s); best so
/// far: score +4, pv d3 c5 f6`. `value` writes a score in the game's units.
#[must_use]
pub fn progress_line(p: &Progress, value: impl Fn(i32) -> String) -> String {
    let rate = if p.elapsed_secs > 0.0 {
        p.nodes as f64 / p.elapsed_secs
    } else {
        0.0
    };
    let mut line = format!(
        "depth {}: {} nodes in {:.1} s ({:.1} M nodes/s)",
        p.depth,
        p.nodes,
        p.elapsed_secs,
        rate / 1e6
    );
    if let Some(score) = p.score {
        line.push_str(&format!("; best so far: score {}", value(score)));
        if !p.pv.is_empty() {
            let shown = &p.pv[..p.pv.len().min(PV_MOVES)];
            let more = if p.pv.len() > PV_MOVES { " ..." } else { "" };
            line.push_str(&format!(", pv {}{more}", shown.join(" ")));
        } else if let Some(best) = &p.best_move {
            line.push_str(&format!(", best {best}"));
        }
    }
    line
}

/// Prints [`progress_line`]s on standard error while a search runs, when standard
/// error is a terminal and the search has run for a second.
pub(super) struct LiveProgress {
    /// Whether a line was printed (so [`LiveProgress::finish`] ends it).
    printed: Arc<AtomicBool>,
    /// The engine units of one unit of the game's values.
    scale: u32,
}

impl LiveProgress {
    /// A printer for a search of a position whose values are in units of `scale`, or
    /// `None` when standard error is not a terminal.
    pub(super) fn on_terminal(scale: u32) -> Option<LiveProgress> {
        std::io::stderr().is_terminal().then(|| LiveProgress {
            printed: Arc::new(AtomicBool::new(false)),
            scale,
        })
    }

    /// The sink to hand the search ([`crate::search::SearchControl::progress`]).
    pub(super) fn sink(&self) -> Box<dyn FnMut(&Progress) + Send + 'static> {
        let printed = Arc::clone(&self.printed);
        let scale = self.scale;
        Box::new(move |p: &Progress| {
            if p.elapsed_secs < QUIET_SECS {
                return;
            }
            let line = progress_line(p, |v| crate::game::chance::scaled_text(i64::from(v), scale));
            let mut err = std::io::stderr().lock();
            // Back to the line's start, the line, then clear what an older line left.
            let _ = write!(err, "\r{line}\x1b[K");
            let _ = err.flush();
            printed.store(true, Ordering::Relaxed);
        })
    }

    /// Ends the progress line, if one was printed, so that what follows starts on a
    /// line of its own.
    pub(super) fn finish(&self) {
        if self.printed.load(Ordering::Relaxed) {
            eprintln!();
        }
    }
}

/// Refuses `req` on `pos` when it prunes nothing and cannot end
/// ([`beyond_reach`]), unless `force`: the message gives the size and the way past it.
pub(super) fn refuse_beyond_reach(
    pos: &AnyPosition,
    req: &SearchRequest,
    force: bool,
) -> Result<()> {
    if force {
        return Ok(());
    }
    if let Some(size) = beyond_reach(pos, req) {
        bail!("{size}; refused. Pass --force to run it anyway.");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The line names every number, and shows the best line once an iteration ended.
    #[test]
    fn a_progress_line_says_what_each_number_is() {
        let mut p = Progress {
            depth: 7,
            nodes: 12_345_678,
            elapsed_secs: 1.5,
            ..Progress::default()
        };
        let plain = |v: i32| format!("{v:+}");
        assert_eq!(
            progress_line(&p, plain),
            "depth 7: 12345678 nodes in 1.5 s (8.2 M nodes/s)"
        );
        p.score = Some(4);
        p.best_move = Some("d3".into());
        assert_eq!(
            progress_line(&p, plain),
            "depth 7: 12345678 nodes in 1.5 s (8.2 M nodes/s); best so far: score +4, best d3"
        );
        p.pv = (0..12).map(|i| format!("m{i}")).collect();
        let line = progress_line(&p, |v| format!("{}", f64::from(v) / 2.0));
        assert!(
            line.ends_with("score 2, pv m0 m1 m2 m3 m4 m5 m6 m7 m8 m9 ..."),
            "{line}"
        );
    }
}
