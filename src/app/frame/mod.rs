//! The frame's room: the model the panels read, the commands and the model's edits they
//! ask for, undo and redo, the menus, help, the run's life, files, the browser page, the
//! window (its size, fonts, status line, shortcuts), and the small helpers every room
//! shares (layout, labels, the platform seam).

pub(super) mod command;
pub(super) mod commands;
pub mod files;
pub(super) mod help;
pub(super) mod history;
pub(super) mod labels;
pub(super) mod layout;
pub(super) mod menus;
pub(super) mod model;
pub(super) mod page;
pub(super) mod panel;
pub mod platform;
pub(super) mod results_view;
pub(super) mod run;
pub(super) mod window;
