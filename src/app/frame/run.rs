//! The run's life: start every enabled row on background threads
//! ([`crate::runner::Run`]), drain their events once a frame into the session's
//! results, and end with a status line that says what happened. The UI thread never
//! waits on a search, so the window keeps answering during a run.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use super::command::Command;
use super::model::{ActiveRun, Model, RowLive, RunState};
use crate::runner::{JobOrder, Run, RunEvent, Target};

impl Model {
    /// Starts every enabled row on the current position or the whole suite; asks first
    /// when a search in it is beyond reach ([`crate::engine::beyond_reach`]) unless
    /// `anyway`.
    pub(in crate::app) fn start_run_checked(&mut self, ctx: &egui::Context, anyway: bool) {
        if !anyway && !self.is_running() && self.ask_before_run() {
            return;
        }
        self.start_run(ctx);
    }

    /// Whether the run would hold a search beyond reach: then the question is put (the
    /// first such search named with its size) and true returned. Each row is sized at
    /// its deepest depth on each position; nothing is searched.
    fn ask_before_run(&mut self) -> bool {
        let Ok(positions) =
            crate::runner::target_positions(&self.session, Target::of(&self.session))
        else {
            return false;
        };
        for (i, row) in self
            .session
            .rows
            .iter()
            .enumerate()
            .filter(|(_, r)| r.enabled)
        {
            let request = row.request(row.depth_max);
            for at in &positions {
                if let Some(size) = crate::engine::beyond_reach(&at.position, &request) {
                    self.run.ask = Some(format!("Row {} on {}: {size}.", i + 1, at.label()));
                    return true;
                }
            }
        }
        false
    }

    /// Starts every enabled row on the current position or the whole suite.
    fn start_run(&mut self, ctx: &egui::Context) {
        if self.is_running() {
            return;
        }
        let target = Target::of(&self.session);
        let positions = match crate::runner::target_positions(&self.session, target) {
            Ok(p) => p,
            Err(e) => return self.error(e),
        };
        let threads = self.threads.clamp(1, 256);
        let (jobs, left_out) =
            match crate::runner::plan_runnable(&self.session.rows, &positions, threads) {
                Ok(planned) => planned,
                Err(e) => return self.error(format!("Cannot run: {e}")),
            };
        let mut live: HashMap<usize, RowLive> = HashMap::new();
        for j in &jobs {
            live.entry(j.row).or_default().total += 1;
        }
        let ctx = ctx.clone();
        let notify = Arc::new(move || ctx.request_repaint_after(super::page::LIVE_REFRESH));
        let n = jobs.len();
        // Taken as a person reads them: the shallowest depth over every position and
        // row first, so a Stop at any moment leaves whole depths to read.
        let search = self.run.search_fn.as_ref().map(Arc::clone);
        let run = Run::start_ordered(jobs, threads, notify, search, JobOrder::Reading);
        let left_note = left_out_note(&left_out);
        self.info(format!(
            "Running {n} searches on {} thread{}{left_note}",
            threads.min(n),
            if threads.min(n) == 1 { "" } else { "s" }
        ));
        self.run.active = Some(ActiveRun {
            run,
            live,
            left_out,
        });
    }

    /// Asks the running searches to stop; finished results stay.
    pub(in crate::app) fn stop_run(&mut self) {
        if let Some(a) = &mut self.run.active {
            a.run.stop();
            self.info("Stopping…");
        }
    }

    /// Drains the run's events into the session; ends the run when its threads are gone.
    pub(in crate::app) fn poll_run(&mut self, ctx: &egui::Context) {
        let Some(active) = &mut self.run.active else {
            return;
        };
        let finished = drain_events(active);
        let done = active.run.is_done();
        if !finished.is_empty() {
            self.touch();
        }
        for entry in finished {
            if !crate::runner::insert_result(&mut self.session.results, entry) {
                self.run.kept_complete += 1;
            }
        }
        if done {
            self.end_run();
        } else {
            ctx.request_repaint_after(super::page::LIVE_REFRESH);
        }
    }

    /// Ends a run whose threads are gone: its results in the jobs' order, and a status
    /// line saying how it ended (stopped, failed or finished) and what was kept.
    fn end_run(&mut self) {
        let Some(a) = self.run.active.take() else {
            return;
        };
        crate::runner::order_like_jobs(&mut self.session.results, a.run.jobs());
        self.touch();
        let total = a.run.jobs().len();
        let elapsed = crate::report::duration_text(a.run.elapsed().as_secs_f64());
        let latency = a.run.stop_latency();
        self.run.last_stop_latency = latency;
        let failed: usize = a.live.values().map(|l| l.failed).sum();
        let fail_note = if failed > 0 {
            format!(", {failed} failed (see the Status column)")
        } else {
            String::new()
        };
        let kept = std::mem::take(&mut self.run.kept_complete);
        let left_note = left_out_note(&a.left_out);
        let kept_note = if kept > 0 {
            format!("; {kept} stopped or failed searches left the earlier complete result in place")
        } else {
            String::new()
        };
        if a.run.stop_requested() {
            let partial_note = if self.session.results.iter().any(|r| !r.is_complete()) {
                ". Counts marked * include a stopped search and are partial."
            } else {
                "."
            };
            let ended = a.run.finished_jobs();
            let ms = latency.map_or(0.0, |d| d.as_secs_f64() * 1000.0);
            self.info(format!(
                "Stopped after {elapsed}: kept {ended} of {total} searches (threads ended {ms:.0} ms after Stop){fail_note}{kept_note}{left_note}{partial_note}"
            ));
        } else if failed > 0 {
            self.error(format!(
                "Finished {total} searches in {elapsed}{fail_note}{kept_note}{left_note}"
            ));
        } else {
            self.info(format!(
                "Finished {total} searches in {elapsed}{kept_note}{left_note}"
            ));
        }
    }

    /// Ends the run, if any (dropping it stops its threads), and forgets the last
    /// one's figures: for a session that replaces this one.
    pub(in crate::app) fn forget_run(&mut self) {
        self.run = RunState::default();
    }

    /// Whether a comparison is running.
    #[must_use]
    pub fn is_running(&self) -> bool {
        self.run.active.is_some()
    }

    /// How long the comparison running now has run.
    #[must_use]
    pub fn run_elapsed(&self) -> Option<Duration> {
        self.run.active.as_ref().map(|a| a.run.elapsed())
    }

    /// Why each row would be refused by Run now, on what Run searches (None: it runs;
    /// a row that is off is never refused), worked out again only when the rows, the
    /// positions or the threads change. Nothing is searched
    /// ([`crate::runner::row_left_out`]).
    pub fn row_refusals(&self) -> Vec<Option<String>> {
        use std::hash::{Hash, Hasher};
        let rows = &self.session.rows;
        let threads = self.threads.clamp(1, 256);
        let target = Target::of(&self.session);
        // The key is cheap (no position is copied): what Run would search is the board's
        // position, or the open suite by its source and the one loaded.
        let mut h = std::collections::hash_map::DefaultHasher::new();
        threads.hash(&mut h);
        for row in rows {
            (
                row.label(),
                row.enabled,
                row.depth_min,
                row.depth_max,
                &row.evaluator,
            )
                .hash(&mut h);
        }
        (target == Target::Suite).hash(&mut h);
        (
            self.session.position.kind(),
            self.session.position.to_text(),
        )
            .hash(&mut h);
        if let Some(open) = &self.session.suite {
            (
                &open.source,
                open.selected,
                std::sync::Arc::as_ptr(&open.suite),
            )
                .hash(&mut h);
        }
        let key = h.finish();
        let mut memo = self.refusals.borrow_mut();
        if let Some((k, why)) = memo.as_ref()
            && *k == key
        {
            return why.clone();
        }
        let Ok(positions) = crate::runner::target_positions(&self.session, target) else {
            return vec![None; rows.len()];
        };
        let why: Vec<Option<String>> = rows
            .iter()
            .map(|row| {
                row.enabled
                    .then(|| crate::runner::row_left_out(0, row, &positions, threads))
                    .flatten()
                    .map(|l| {
                        if l.depths.is_empty() {
                            format!("Run leaves this row out: {}", l.what())
                        } else {
                            format!("Run leaves out this row's {}", l.what())
                        }
                    })
            })
            .collect();
        *memo = Some((key, why.clone()));
        why
    }
}

/// The question before a run that holds a search beyond reach: run anyway (the
/// command that does) or not.
pub(in crate::app) fn ask_run_ui(ctx: &egui::Context, model: &mut Model) -> Option<Command> {
    let text = model.run.ask.clone()?;
    let mut answer = None;
    egui::Modal::new(egui::Id::unique("ask_before_run")).show(ctx, |ui| {
        ui.set_max_width(520.0);
        ui.heading("A search beyond reach");
        ui.label(&text);
        ui.label(
            "It would not end in a working day. Lower the depth, or pick an algorithm that prunes.",
        );
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if ui.button("Cancel").clicked() {
                answer = Some(false);
            }
            if ui.button("Run anyway").clicked() {
                answer = Some(true);
            }
        });
    });
    match answer {
        Some(true) => {
            model.run.ask = None;
            return Some(Command::RunAnyway);
        }
        Some(false) => {
            model.run.ask = None;
            model.info("Not run: a search was beyond reach");
        }
        None => {}
    }
    None
}

/// What a status line says of the rows a run left out (empty when none was).
fn left_out_note(left_out: &[crate::runner::LeftOut]) -> String {
    if left_out.is_empty() {
        return String::new();
    }
    let each: Vec<String> = left_out
        .iter()
        .map(|l| {
            if l.depths.is_empty() {
                format!("row {}", l.row + 1)
            } else {
                let d: Vec<String> = l.depths.iter().map(ToString::to_string).collect();
                format!("row {} at depth {}", l.row + 1, d.join(", "))
            }
        })
        .collect();
    format!(
        "; left out {}, which would be refused (the (!) on the row says why)",
        each.join(", ")
    )
}

/// Takes the run's new events: the rows' live state follows them, and the finished
/// searches come back as results to insert.
fn drain_events(active: &mut ActiveRun) -> Vec<crate::session::ResultEntry> {
    let mut finished = Vec::new();
    for e in active.run.poll() {
        match e {
            RunEvent::Started { .. } => {}
            RunEvent::Progress { job, progress } => {
                let j = &active.run.jobs()[job];
                let live = active.live.entry(j.row).or_default();
                live.latest = Some((j.at.label(), j.request.depth, progress));
            }
            RunEvent::Finished { job, result } => {
                let j = active.run.jobs()[job].clone();
                let live = active.live.entry(j.row).or_default();
                live.done += 1;
                if result.is_err() {
                    live.failed += 1;
                }
                finished.push(crate::runner::result_entry(&j, result.map(|r| *r)));
            }
        }
    }
    finished
}
