//! The app in a browser page: where its session comes from when the page opens (the
//! session the page kept, else the default; then a session link in the address,
//! asking first when it would replace work), a link pasted into the address of the
//! open page, keeping the session in the page's storage as it changes (a reload
//! loses nothing: the results, the file's name, unsaved or not), and the page's test
//! hook: the state the browser tests read and the commands they send. Natively only
//! [`session_link`] (File ▸ Copy link) is used.

use super::command::Command;
use super::model::Model;
use super::platform;
use crate::platform::clock::Instant;
use crate::report::Column;
use crate::session::Session;

/// The page storage's key of the session.
const STORED_SESSION: &str = "treelab.session";
/// The page storage's key of the session's file name (what Save downloads it as),
/// with `*` in front while it has unsaved changes.
const STORED_FILE: &str = "treelab.session.file";

/// The least time between two writes of the session to the page's storage during a
/// run.
const STORE_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// How often the app redraws by itself while searches or a match stream in (a
/// person's input redraws at once). In a browser the page's drawing shares the
/// machine's cores with the workers' searches, and without a graphics card (software
/// WebGL) a frame costs a core a tenth of a second: four frames a second there.
pub(in crate::app) const LIVE_REFRESH: std::time::Duration = if crate::platform::FRAMES_ARE_DEAR {
    std::time::Duration::from_millis(250)
} else {
    std::time::Duration::from_millis(100)
};

/// The page's own state, kept by the app.
#[derive(Debug, Default)]
pub(in crate::app) struct PageState {
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
    pub(in crate::app) awaiting: Option<super::files::PromptFor>,
    /// A link's session waiting for the person to say whether it replaces the open
    /// one.
    link_question: Option<Box<Session>>,
}

/// What the person answered to a link that would replace the open session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LinkAnswer {
    /// Open the link's session.
    Open,
    /// Save the open session (a download in a page), then open the link's.
    SaveFirst,
    /// Keep the open session.
    Keep,
}

/// Notes where the widget `name` is (in a browser, for the tests to click it).
pub(in crate::app) fn note_widget(ctx: &egui::Context, name: &'static str, rect: egui::Rect) {
    if crate::platform::IN_PAGE {
        ctx.data_mut(|d| d.insert_temp(widget_id(name), rect));
    }
}

/// Notes that the menu item `label` was drawn in this frame (in a browser, for the
/// tests to read which items a menu has).
pub(in crate::app) fn note_menu_item(ctx: &egui::Context, label: &str) {
    if crate::platform::IN_PAGE {
        let frame = ctx.cumulative_frame_nr();
        ctx.data_mut(|d| {
            let drawn = d.get_temp_mut_or_default::<(u64, Vec<String>)>(widget_id("menu_items"));
            if drawn.0 != frame {
                *drawn = (frame, Vec::new());
            }
            drawn.1.push(label.to_string());
        });
    }
}

/// The menu items drawn in the last frame that drew any, as JSON.
fn menu_items_json(ctx: &egui::Context) -> String {
    let drawn = ctx.data(|d| d.get_temp::<(u64, Vec<String>)>(widget_id("menu_items")));
    let items: Vec<String> = drawn
        .map(|(_, items)| items.iter().map(|i| json::text(i)).collect())
        .unwrap_or_default();
    format!("[{}]", items.join(","))
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

impl PageState {
    /// What a page opening does to `model`: the session the page kept (else the
    /// default one stays), then the session of the link in the address, if any, asking
    /// first when it would replace work ([`PageState::open_link`]). A link that does
    /// not open says why; nothing runs until asked.
    pub(in crate::app) fn open_page(&mut self, model: &mut Model, out: &mut Vec<Command>) {
        if let Some(text) = platform::stored(STORED_SESSION) {
            restore_kept(model, &text, out);
        }
        if let Some(fragment) = platform::page_fragment() {
            self.open_link(model, &fragment, out);
        }
    }

    /// A session link (the address's fragment, after `#`) opened on the page: its
    /// session replaces the open one at once when that holds nothing to lose (no
    /// results, no unsaved change); else the person is asked (open it, save the open
    /// one first, or keep the open one).
    pub(in crate::app) fn open_link(
        &mut self,
        model: &mut Model,
        fragment: &str,
        out: &mut Vec<Command>,
    ) {
        let session = match crate::session::link::session_from_link(fragment) {
            Ok(session) => session,
            Err(e) => {
                platform::forget_fragment();
                let open = if model.session == Session::default() {
                    "the default session is open instead"
                } else {
                    "the open session stays"
                };
                return model.error(format!("The link does not open ({e}); {open}"));
            }
        };
        if would_lose_work(model) {
            self.link_question = Some(Box::new(session));
            model.info("A link asks to replace the open session: open it, or keep this one?");
        } else {
            take_link_session(model, session, out);
        }
    }

    /// The question put when a link would replace work, while it is open.
    ///
    /// True when the person asked to save first: the frame then saves (what File ▸
    /// Save does) and calls [`PageState::after_save`].
    pub(in crate::app) fn link_question_ui(
        &mut self,
        ctx: &egui::Context,
        model: &mut Model,
        out: &mut Vec<Command>,
    ) -> bool {
        let Some(incoming) = &self.link_question else {
            return false;
        };
        let open = &model.session;
        let n = open.results.len();
        let what = match n {
            0 => "unsaved changes".to_string(),
            1 => "a result".to_string(),
            n => format!("{n} results"),
        };
        let summary = format!(
            "The link opens a session of {} ({} row{}, no results). The page holds {what}: \
             opening the link replaces it.",
            incoming.position.kind().label(),
            incoming.rows.len(),
            if incoming.rows.len() == 1 { "" } else { "s" },
        );
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("treelab.page.link_question")).show(ctx, |ui| {
            ui.set_max_width(520.0);
            ui.heading("Open the link?");
            ui.label(summary);
            ui.add_space(8.0);
            ui.horizontal_wrapped(|ui| {
                let buttons = [
                    ("link_keep", "Keep this session", LinkAnswer::Keep),
                    (
                        "link_save",
                        "Save it, then open the link",
                        LinkAnswer::SaveFirst,
                    ),
                    ("link_open", "Open the link", LinkAnswer::Open),
                ];
                for (name, label, what) in buttons {
                    let button = ui.button(label);
                    note_widget(ui.ctx(), name, button.rect);
                    if button.clicked() {
                        answer = Some(what);
                    }
                }
            });
        });
        let Some(answer) = answer else {
            return false;
        };
        if answer == LinkAnswer::SaveFirst {
            return true;
        }
        let Some(incoming) = self.link_question.take() else {
            return false;
        };
        if answer == LinkAnswer::Keep {
            platform::forget_fragment();
            model.info("Kept the open session; the link's session was not opened");
        } else {
            take_link_session(model, *incoming, out);
        }
        false
    }

    /// After the save the person asked for before opening a link: the link's session
    /// opens, unless the save failed (then the work stays, and the question is put
    /// again).
    pub(in crate::app) fn after_save(&mut self, model: &mut Model, out: &mut Vec<Command>) {
        if matches!(model.status, super::model::Status::Error(_)) {
            return;
        }
        if let Some(incoming) = self.link_question.take() {
            take_link_session(model, *incoming, out);
        }
    }

    /// File ▸ Copy link: the link goes to the clipboard.
    pub(in crate::app) fn copy_link(&mut self, ctx: &egui::Context, model: &mut Model) {
        let link = session_link(&model.session);
        ctx.copy_text(link.clone());
        model.info(format!(
            "Copied a link to this session ({} characters; its results stay here)",
            link.len()
        ));
        self.last_link = Some(link);
    }

    /// At the start of a frame: the page's commands and the file a picker read (in a
    /// browser; natively nothing).
    pub(in crate::app) fn start_frame(
        &mut self,
        ctx: &egui::Context,
        model: &mut Model,
        out: &mut Vec<Command>,
    ) {
        if !crate::platform::IN_PAGE {
            return;
        }
        self.frames += 1;
        self.frame_began = Some(Instant::now());
        for name in platform::take_page_commands() {
            match hook_command(&name) {
                Some(command) => out.push(command),
                None => model.error(format!("the page sent an unknown command '{name}'")),
            }
        }
        if let Some(path) = platform::take_picked()
            && let Some(purpose) = self.awaiting.take()
        {
            out.push(purpose.command(path));
        }
        if let Some(fragment) = platform::take_new_fragment() {
            self.open_link(model, &fragment, out);
        }
        if model.is_running() {
            ctx.request_repaint_after(LIVE_REFRESH);
        }
    }

    /// At the end of a frame: the session into the page's storage and the state for the
    /// tests (in a browser; natively nothing).
    ///
    /// `confirming`: a "discard unsaved changes?" question is open.
    pub(in crate::app) fn publish(
        &mut self,
        ctx: &egui::Context,
        model: &mut Model,
        confirming: bool,
    ) {
        if !crate::platform::IN_PAGE {
            return;
        }
        self.keep_in_page(model);
        if let Some(began) = self.frame_began {
            self.last_frame_ms = began.elapsed().as_secs_f64() * 1000.0;
        }
        platform::publish_state(self.page_state_json(ctx, model, confirming));
    }

    /// Writes the session (with its results; without them if the page's storage is
    /// too small) to the page's storage when it changed: at once, but at most once a
    /// second while a run streams results in (the frames of a run come to write the
    /// rest).
    fn keep_in_page(&mut self, model: &mut Model) {
        let revision = model.revision();
        let recent =
            model.is_running() && self.stored_at.is_some_and(|at| at.elapsed() < STORE_EVERY);
        if self.stored_revision == Some(revision) || recent {
            return;
        }
        let session = &model.session;
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
        let file = model
            .path
            .as_deref()
            .map(|p| p.display().to_string())
            .unwrap_or_default();
        let marker = if model.is_dirty() { "*" } else { "" };
        let written =
            written.and_then(|()| platform::store(STORED_FILE, &format!("{marker}{file}")));
        if let Err(e) = written {
            model.error(format!("the page could not keep the session: {e}"));
        }
        self.stored_revision = Some(revision);
        self.stored_at = Some(Instant::now());
    }

    /// What the browser tests read: the position, rows, tab, status, run and results.
    fn page_state_json(&self, ctx: &egui::Context, model: &Model, confirming: bool) -> String {
        let session = &model.session;
        let (running, done, total) = match &model.run.active {
            Some(a) => (true, a.run.finished_jobs(), a.run.jobs().len()),
            None => (false, 0, 0),
        };
        let rows: Vec<String> = session
            .rows
            .iter()
            .map(|r| json::text(&r.label()))
            .collect();
        let results = results_json(session);
        let suite = session.suite.as_ref();
        json::object(&[
            ("frames", self.frames.to_string()),
            ("run_button", widget_json(ctx, "run_button")),
            ("match_button", widget_json(ctx, "match_button")),
            ("match", match_json(session.match_result.as_ref())),
            ("frame_ms", format!("{:.1}", self.last_frame_ms)),
            (
                "clock_step_ms",
                (crate::platform::clock::resolution().as_secs_f64() * 1000.0).to_string(),
            ),
            ("revision", model.revision().to_string()),
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
            ("refusals", refusals_json(model)),
            ("title", json::text(&model.window_title())),
            ("question", self.question_json(ctx, confirming)),
            ("status", json::text(model.status.text())),
            (
                "error",
                matches!(model.status, super::model::Status::Error(_)).to_string(),
            ),
            ("running", running.to_string()),
            ("jobs_done", done.to_string()),
            ("jobs_total", total.to_string()),
            (
                "stop_latency_ms",
                model.run.last_stop_latency.map_or("null".into(), |d| {
                    format!("{:.1}", d.as_secs_f64() * 1000.0)
                }),
            ),
            ("results", results),
            (
                "link",
                self.last_link.as_deref().map_or("null".into(), json::text),
            ),
        ])
    }

    /// The questions and menus the tests answer and read: whether a link's question or
    /// a "discard?" is open, where the link question's buttons and the File menu are,
    /// and the menu items drawn last.
    fn question_json(&self, ctx: &egui::Context, confirming: bool) -> String {
        json::object(&[
            ("link_question", self.link_question.is_some().to_string()),
            ("confirming", confirming.to_string()),
            ("link_keep", widget_json(ctx, "link_keep")),
            ("link_save", widget_json(ctx, "link_save")),
            ("link_open", widget_json(ctx, "link_open")),
            ("file_menu", widget_json(ctx, "file_menu")),
            ("menu_items", menu_items_json(ctx)),
        ])
    }
}

/// Opens the session the page kept (its text `text`), with its file's name and
/// unsaved state, and says so.
fn restore_kept(model: &mut Model, text: &str, out: &mut Vec<Command>) {
    let session = match Session::from_ron(text) {
        Ok(session) => session,
        Err(e) => {
            return model.error(format!(
                "The session this page kept does not open ({e}); the default session is open instead"
            ));
        }
    };
    let file = platform::stored(STORED_FILE).unwrap_or_default();
    let (unsaved, name) = match file.strip_prefix('*') {
        Some(name) => (true, name),
        None => (false, file.as_str()),
    };
    let path = (!name.is_empty()).then(|| std::path::PathBuf::from(name));
    let problem = model.take_session(session, path.as_deref(), out);
    if unsaved {
        model.touch();
    }
    let n = model.session.results.len();
    let results = match n {
        0 => String::new(),
        1 => " with its result".to_string(),
        n => format!(" with its {n} results"),
    };
    match problem {
        Some(e) => model.error(format!("Restored the last session{results}, but {e}")),
        None => model.info(format!(
            "Restored the session this page kept{results} (File ▸ New session starts afresh)"
        )),
    }
}

/// Whether opening another session would throw away something of the open one:
/// its results, or a change not saved (a session as it was opened, from a file or
/// a link, can be opened again; the page keeps the unsaved marker across a reload).
fn would_lose_work(model: &Model) -> bool {
    !model.session.results.is_empty() || model.is_dirty()
}

/// Makes a link's session the open one.
fn take_link_session(model: &mut Model, session: Session, out: &mut Vec<Command>) {
    platform::forget_fragment();
    match model.take_session(session, None, out) {
        Some(e) => model.error(format!("Opened the session of the link, but {e}")),
        None => model.info("Opened the session of the link"),
    }
}

/// A link to the session as it is now (not its results), on this page's address
/// (natively, on the address `scripts/web.sh serve` serves).
#[must_use]
pub fn session_link(session: &Session) -> String {
    let base = platform::page_address()
        .unwrap_or_else(|| crate::session::link::DEFAULT_WEB_URL.to_string());
    crate::session::link::link(session, &base)
}

/// Why Run would refuse each row (`null`: it runs), as JSON: what the "(!)" on a
/// row says.
fn refusals_json(model: &Model) -> String {
    let each: Vec<String> = model
        .row_refusals()
        .iter()
        .map(|r| r.as_deref().map_or("null".into(), json::text))
        .collect();
    format!("[{}]", each.join(","))
}

/// The session's results as the tests read them: each one's search, counts, and its
/// time and rate as the results table shows them.
fn results_json(session: &Session) -> String {
    let report =
        crate::report::Report::new(&session.results, &session.rows, session.view.baseline_row);
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
                ("nodes", r.record.counters.nodes().to_string()),
                ("secs", format!("{:.6}", r.record.counters.elapsed_secs())),
                ("time", json::text(&report.cell(r, Column::Time))),
                ("rate", json::text(&report.cell(r, Column::NodesPerSec))),
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
    format!("[{}]", results.join(","))
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
        "clear-results" => Command::ClearResults,
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
