//! What a panel gets: the [`Model`] to read, the session's saved view choices to edit
//! (its own part of the session), and a sink for its [`Command`]s. Panels never get
//! the app: the frame ([`crate::app::TreelabApp::frame_ui`]) applies the commands and the
//! edited view choices once every panel has drawn.

use super::command::Command;
use super::model::{Model, Status};
use crate::report::{Across, Report};
use crate::session::{PositionSet, Session, ViewChoices};

/// A panel's reads, its saved view choices and its command sink.
pub struct Panel<'a> {
    /// The session and the runtime state around it, read-only.
    pub model: &'a Model,
    /// The session's view choices as this frame's panels left them (the open tab, the
    /// scope, the baseline, the tree view's rows...); the frame keeps them when drawn.
    pub view: &'a mut ViewChoices,
    /// The commands the panels pushed this frame, in order.
    commands: &'a mut Vec<Command>,
}

impl<'a> Panel<'a> {
    /// A panel reading `model`, editing `view`, pushing onto `commands`.
    pub fn new(
        model: &'a Model,
        view: &'a mut ViewChoices,
        commands: &'a mut Vec<Command>,
    ) -> Panel<'a> {
        Panel {
            model,
            view,
            commands,
        }
    }

    /// The session (its `view` as the frame began: read `self.view` for this frame's).
    #[must_use]
    pub fn session(&self) -> &'a Session {
        &self.model.session
    }

    /// Queues a command for the end of the frame.
    pub fn push(&mut self, command: Command) {
        self.commands.push(command);
    }

    /// Queues an informational status message.
    pub fn info(&mut self, text: impl Into<String>) {
        self.push(Command::Say(Status::Info(text.into())));
    }

    /// Queues an error status message.
    pub fn error(&mut self, text: impl Into<String>) {
        self.push(Command::Say(Status::Error(text.into())));
    }

    /// The positions the results views show (this frame's scope).
    #[must_use]
    pub fn position_set(&self) -> PositionSet {
        self.model.position_set_for(self.view)
    }

    /// The report over the results of the positions the views show.
    #[must_use]
    pub fn report(&self) -> Report<'a> {
        self.model.report_for(self.view)
    }

    /// The rows against the baseline across the shown positions (remembered).
    #[must_use]
    pub fn across_stats(&self) -> std::collections::BTreeMap<(usize, u32), Across> {
        self.model.across_stats_for(self.view)
    }

    /// Puts the position after `path` from `root` on the board (Undo goes back) and says
    /// so; returns it. A node of either tree view.
    pub fn show_line(
        &mut self,
        root: &crate::engine::AnyPosition,
        path: &[String],
    ) -> Option<crate::engine::AnyPosition> {
        match crate::tree::replay(root, path) {
            Ok(p) => {
                self.push(Command::SetPosition(p.clone()));
                let moves = if path.is_empty() {
                    "the root".to_string()
                } else {
                    path.join(" ")
                };
                self.info(format!(
                    "The board shows the position after {moves} (Undo goes back)"
                ));
                Some(p)
            }
            Err(e) => {
                self.error(e.to_string());
                None
            }
        }
    }
}
