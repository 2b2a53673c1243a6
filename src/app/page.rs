//! The app in a browser page: where its session comes from when the page opens (a
//! session link in the address, else the session the page kept, else the default),
//! keeping the session in the page's storage as it changes (a reload loses nothing),
//! and the page's test hook: the state the browser tests read and the commands they
//! send. Natively only [`TreelabApp::session_link`] (File ▸ Copy link) is used.

use super::platform;
use super::{Command, TreelabApp};
use crate::platform::clock::Instant;
use crate::session::Session;

/// The page storage's key of the session.
const STORED_SESSION: &str = "treelab.session";

/// The least time between two writes of the session to the page's storage during a
/// run.
const STORE_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// How often the app redraws by itself while searches or a match stream in (a
/// person's input redraws at once). In a browser the page's drawing shares the
/// machine's cores with the workers' searches, and without a graphics card (software
/// WebGL) a frame costs a core a tenth of a second: four frames a second there.
pub(super) const LIVE_REFRESH: std::time::Duration = if crate::platform::IN_BROWSER {
    std::time::Duration::from_millis(250)
} else {
    std::time::Duration::from_millis(100)
};

/// The page's own state, kept by the app.
#[derive(Debug, Default)]
pub(super) struct PageState {
    /// The session revision last written to the page's storage.
    stored_revision: Option<u64>,
    /// When the session was last written there.
    stored_at: Option<Instant>,
    /// Frames drawn (the tests see the page answer by it).
    frames: u64,
    /// When this frame began, and how long the last one took (the app's part of it,
    /// not the drawing).
    frame_began: Option<Instant>,
    last_frame_ms: f64,
    /// The last link File ▸ Copy link made.
    last_link: Option<String>,
    /// A file dialog whose file comes later (a browser's file picker), and what it is
    /// for.
    pub(super) awaiting: Option<super::files::PromptFor>,
}

/// Notes where the widget `name` is (in a browser, for the tests to click it).
pub(super) fn note_widget(ctx: &egui::Context, name: &'static str, rect: egui::Rect) {
    if crate::platform::IN_BROWSER {
        ctx.data_mut(|d| d.insert_temp(widget_id(name), rect));
    }
}

fn widget_id(name: &'static str) -> egui::Id {
    egui::Id::unique(("treelab.page.widget", name))
}

/// Where the widget `name` was last drawn, in the page's CSS pixels, as JSON.
fn widget_json(ctx: &egui::Context, name: &'static str) -> String {
    match ctx.data(|d| d.get_temp::<egui::Rect>(widget_id(name))) {
        Some(r) => {
            let z = ctx.zoom_factor();
            format!(
                "[{:.1},{:.1},{:.1},{:.1}]",
                r.min.x * z,
                r.min.y * z,
                r.width() * z,
                r.height() * z
            )
        }
        None => "null".into(),
    }
}

/// Starts the app on the page's canvas `canvas_id` (in a browser).
pub fn start_in_page(canvas_id: &str) {
    platform::start_in_page(canvas_id, |_ctx| Box::new(TreelabApp::new_in_page()));
}

impl TreelabApp {
    /// The app as a page opens it: the session of the link in the address, else the
    /// session the page kept, else the default one. A link that does not open says
    /// why, over the default session; nothing runs until asked.
    #[must_use]
    pub fn new_in_page() -> TreelabApp {
        let mut app = TreelabApp::new_for_tests();
        if let Some(fragment) = platform::page_fragment() {
            platform::forget_fragment();
            match crate::session::link::session_from_link(&fragment) {
                Ok(session) => {
                    let problem = app.take_session(session, None);
                    match problem {
                        Some(e) => app.error(format!("Opened the session of the link, but {e}")),
                        None => app.info("Opened the session of the link"),
                    }
                }
                Err(e) => app.error(format!(
                    "The link does not open ({e}); the default session is open instead"
                )),
            }
        } else if let Some(text) = platform::stored(STORED_SESSION) {
            match Session::from_ron(&text) {
                Ok(session) => {
                    let problem = app.take_session(session, None);
                    if let Some(e) = problem {
                        app.error(format!("Restored the last session, but {e}"));
                    }
                }
                Err(e) => app.error(format!(
                    "The session this page kept does not open ({e}); the default session is open instead"
                )),
            }
        }
        app
    }

    /// A link to the session as it is now (not its results), on this page's address
    /// (natively, on the address `scripts/web.sh serve` serves).
    #[must_use]
    pub fn session_link(&self) -> String {
        let base = platform::page_address()
            .unwrap_or_else(|| crate::session::link::DEFAULT_WEB_URL.to_string());
        crate::session::link::link(&self.model.session, &base)
    }

    /// File ▸ Copy link: the link goes to the clipboard.
    pub(super) fn copy_link(&mut self, ctx: &egui::Context) {
        let link = self.session_link();
        ctx.copy_text(link.clone());
        self.info(format!(
            "Copied a link to this session ({} characters; its results stay here)",
            link.len()
        ));
        self.page.last_link = Some(link);
    }

    /// At the start of a frame: the page's commands and the file a picker read (in a
    /// browser; natively nothing).
    pub(super) fn page_frame(&mut self, ctx: &egui::Context) {
        if !crate::platform::IN_BROWSER {
            return;
        }
        self.page.frames += 1;
        self.page.frame_began = Some(Instant::now());
        for name in platform::take_page_commands() {
            match hook_command(&name) {
                Some(command) => self.push(command),
                None => self.error(format!("the page sent an unknown command '{name}'")),
            }
        }
        if let Some(path) = platform::take_picked()
            && let Some(purpose) = self.page.awaiting.take()
        {
            self.push(purpose.command(path));
        }
        if self.model.is_running() {
            ctx.request_repaint_after(LIVE_REFRESH);
        }
    }

    /// At the end of a frame: the session into the page's storage and the state for the
    /// tests (in a browser; natively nothing).
    pub(super) fn page_publish(&mut self, ctx: &egui::Context) {
        if !crate::platform::IN_BROWSER {
            return;
        }
        self.keep_in_page();
        if let Some(began) = self.page.frame_began {
            self.page.last_frame_ms = began.elapsed().as_secs_f64() * 1000.0;
        }
        platform::publish_state(self.page_state_json(ctx));
    }

    /// Writes the session (with its results; without them if the page's storage is
    /// too small) to the page's storage when it changed: at once, but at most once a
    /// second while a run streams results in (the frames of a run come to write the
    /// rest).
    fn keep_in_page(&mut self) {
        let revision = self.model.revision();
        let recent = self.model.is_running()
            && self
                .page
                .stored_at
                .is_some_and(|at| at.elapsed() < STORE_EVERY);
        if self.page.stored_revision == Some(revision) || recent {
            return;
        }
        let session = &self.model.session;
        let written = session
            .to_ron()
            .map_err(|e| e.to_string())
            .and_then(|text| {
                platform::store(STORED_SESSION, &text).or_else(|_| {
                    let mut bare = session.clone();
                    bare.results.clear();
                    let text = bare.to_ron().map_err(|e| e.to_string())?;
                    platform::store(STORED_SESSION, &text)
                })
            });
        if let Err(e) = written {
            self.error(format!("the page could not keep the session: {e}"));
        }
        self.page.stored_revision = Some(revision);
        self.page.stored_at = Some(Instant::now());
    }

    /// What the browser tests read: the position, rows, tab, status, run and results.
    fn page_state_json(&self, ctx: &egui::Context) -> String {
        let session = &self.model.session;
        let (running, done, total) = match &self.model.run.active {
            Some(a) => (true, a.run.finished_jobs(), a.run.jobs().len()),
            None => (false, 0, 0),
        };
        let rows: Vec<String> = session
            .rows
            .iter()
            .map(|r| json::text(&r.label()))
            .collect();
        let results: Vec<String> = session
            .results
            .iter()
            .map(|r| {
                json::object(&[
                    ("row", r.row.to_string()),
                    ("label", json::text(&r.label)),
                    ("position", json::text(&r.position_label())),
                    ("position_text", json::text(&r.position_text)),
                    ("depth", r.depth.to_string()),
                    ("nodes", r.record.counters.nodes.to_string()),
                    ("secs", format!("{:.6}", r.record.counters.elapsed_secs)),
                    (
                        "score",
                        r.record.score.map_or("null".into(), |s| s.to_string()),
                    ),
                    ("complete", r.is_complete().to_string()),
                    (
                        "error",
                        r.error.as_deref().map_or("null".into(), json::text),
                    ),
                ])
            })
            .collect();
        let suite = session.suite.as_ref();
        json::object(&[
            ("frames", self.page.frames.to_string()),
            ("run_button", widget_json(ctx, "run_button")),
            ("match_button", widget_json(ctx, "match_button")),
            ("match", match_json(session.match_result.as_ref())),
            ("frame_ms", format!("{:.1}", self.page.last_frame_ms)),
            ("revision", self.model.revision().to_string()),
            (
                "game",
                json::text(&format!("{:?}", session.position.kind())),
            ),
            ("position", json::text(&session.position.to_text())),
            (
                "suite",
                suite.map_or("null".into(), |s| json::text(&s.source)),
            ),
            (
                "selected",
                suite
                    .and_then(|s| s.selected)
                    .map_or("null".into(), |i| i.to_string()),
            ),
            ("tab", json::text(&format!("{:?}", session.view.tab))),
            ("rows", format!("[{}]", rows.join(","))),
            ("status", json::text(self.model.status.text())),
            (
                "error",
                matches!(self.model.status, super::model::Status::Error(_)).to_string(),
            ),
            ("running", running.to_string()),
            ("jobs_done", done.to_string()),
            ("jobs_total", total.to_string()),
            (
                "stop_latency_ms",
                self.model.run.last_stop_latency.map_or("null".into(), |d| {
                    format!("{:.1}", d.as_secs_f64() * 1000.0)
                }),
            ),
            ("results", format!("[{}]", results.join(","))),
            (
                "link",
                self.page
                    .last_link
                    .as_deref()
                    .map_or("null".into(), json::text),
            ),
        ])
    }
}

/// The little JSON the test hook writes.
mod json {
    /// A JSON string.
    pub(super) fn text(s: &str) -> String {
        let mut out = String::with_capacity(s.len() + 2);
        out.push('"');
        for c in s.chars() {
            match c {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                '\n' => out.push_str("\\n"),
                c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
                c => out.push(c),
            }
        }
        out.push('"');
        out
    }

    /// A JSON object of fields whose values are already JSON.
    pub(super) fn object(fields: &[(&str, String)]) -> String {
        let body: Vec<String> = fields
            .iter()
            .map(|(k, v)| format!("{}:{v}", text(k)))
            .collect();
        format!("{{{}}}", body.join(","))
    }
}

/// The command a page's test hook names (`treelab_command(name)`): each is what a menu
/// item or button of the app pushes, so a test of the page goes the app's own way.
fn hook_command(name: &str) -> Option<Command> {
    use super::command::{ChartFormat, PositionFormat};
    use crate::tree::export::TreeFormat;
    Some(match name {
        "run" => Command::RunComparison,
        "stop" => Command::StopRun,
        "copy-link" => Command::CopyLink,
        "save" => Command::Save,
        "save-as" => Command::SaveAsDialog,
        "open" => Command::OpenSessionDialog,
        "build-trees" => Command::BuildTrees,
        "export=table" => Command::SaveTableDialog,
        "export=position" => Command::SavePositionDialog(PositionFormat(0)),
        "export=chart-svg" => Command::SaveChartDialog(ChartFormat::Svg),
        "export=chart-png" => Command::SaveChartDialog(ChartFormat::Png),
        "export=tree-svg" => Command::SaveTreeDialog(TreeFormat::Svg),
        "export=tree-tikz" => Command::SaveTreeDialog(TreeFormat::Tikz),
        "export=tree-png" => Command::SaveTreeDialog(TreeFormat::Png),
        other => Command::SetThreads(other.strip_prefix("threads=")?.parse().ok()?),
    })
}

/// The session's finished match for the page's tests: its players and each game's
/// moves, score and nodes (`null` when there is none).
fn match_json(m: Option<&crate::matches::record::MatchResult>) -> String {
    let Some(m) = m else {
        return "null".into();
    };
    let games: Vec<String> = m
        .games
        .iter()
        .map(|g| {
            json::object(&[
                ("index", g.index.to_string()),
                ("moves", json::text(&g.moves.join(" "))),
                ("score_a", g.score_a.to_string()),
                ("nodes_a", g.nodes[0].to_string()),
                ("nodes_b", g.nodes[1].to_string()),
            ])
        })
        .collect();
    json::object(&[
        ("a", json::text(&m.a)),
        ("b", json::text(&m.b)),
        ("games", format!("[{}]", games.join(","))),
    ])
}
