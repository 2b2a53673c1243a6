//! The Help menu and its windows: the keyboard shortcuts, the tree view's marks and
//! colours (drawn in the colours the tree uses), what each tab is for, and where the
//! documentation is; and the one line a first start shows.

use crate::tree::NodeType;
use crate::tree::draw::{Rgb, edge_color, type_color};

/// The key that runs the comparison: F5 natively; Ctrl+Enter in a browser, where F5
/// reloads the page (Ctrl+Enter runs natively too).
pub const RUN_KEY: &str = if crate::platform::F5_RELOADS {
    "Ctrl+Enter"
} else {
    "F5"
};

/// The Run button's words.
pub const RUN_BUTTON: &str = if crate::platform::F5_RELOADS {
    "▶ Run (Ctrl+Enter)"
} else {
    "▶ Run (F5)"
};

/// The line the status bar shows on a first start: what to do first.
pub const FIRST_START: &str = if crate::platform::F5_RELOADS {
    "Welcome: pick a game and a position on the left, choose the algorithms in the rows, then press ▶ Run (Ctrl+Enter). Help has the shortcuts and the tree view's legend."
} else {
    "Welcome: pick a game and a position on the left, choose the algorithms in the rows, then press ▶ Run (F5). Help has the shortcuts and the tree view's legend."
};

/// Every keyboard shortcut, with what it does.
pub const SHORTCUTS: [(&str, &str); 11] = [
    (RUN_KEY, "Run every enabled row"),
    ("Esc", "Stop the run (finished results stay)"),
    ("Ctrl+Z", "Undo the last edit of the position or the rows"),
    ("Ctrl+Shift+Z", "Redo it"),
    ("Ctrl+S", "Save the session"),
    ("Ctrl+Shift+S", "Save the session as…"),
    ("Ctrl+O", "Open a session"),
    ("Ctrl+N", "New session"),
    ("Ctrl+B", "Fold or unfold the board panel"),
    ("Ctrl+Q", "Quit (asks first when there are unsaved changes)"),
    ("double-click", "In the tree view: fold or unfold a subtree"),
];

/// What each results tab is for.
pub const TABS: [(&str, &str); 5] = [
    (
        "Table",
        "One line per search (row × position × depth) with every counter; sort by a column, pick the columns, copy or save it as CSV or Markdown.",
    ),
    (
        "Article layout",
        "The articles' tables: per position a line per row and a column per depth, the totals over the positions, the ratios to the baseline row and the statistics across positions.",
    ),
    (
        "Charts",
        "Nodes against depth (log scale, with the minimal tree and full minimax on a random tree), each row against the baseline per position, and the geometric mean of the ratios with its interval.",
    ),
    (
        "Tree",
        "Every visit of a search drawn with its window, value and why it ended; two rows side by side; a quiz that asks each visit's window and value, or for MCTS each phase of an iteration.",
    ),
    (
        "Match",
        "Whole games between two rows (or a row and the random mover), with Elo, LOS and an optional SPRT; a click on a game replays it on the board.",
    ),
];

/// Where the documentation is, in the repository and on the command line.
pub const DOCS: [(&str, &str); 5] = [
    (
        "docs/app.md",
        "a tour of the app, from a position to the tree view's quiz",
    ),
    (
        "docs/cli.md",
        "every command and flag of `treelab`, the options' names and the positions' text forms",
    ),
    (
        "docs/node-definition.md",
        "what one node counts, the same in every algorithm",
    ),
    (
        "docs/results/",
        "the classic experiments reproduced, with their commands and figures",
    ),
    ("treelab --help", "the command line's own help"),
];

/// Which Help window is open.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum HelpWindow {
    /// None.
    #[default]
    Closed,
    /// The keyboard shortcuts.
    Shortcuts,
    /// The tree view's marks and colours.
    TreeLegend,
    /// What each tab is for.
    Tabs,
    /// Where the documentation is.
    Docs,
}

/// The Help menu: a button per window.
pub fn help_menu_ui(ui: &mut egui::Ui, open: &mut HelpWindow) {
    for (window, label) in [
        (HelpWindow::Shortcuts, "Keyboard shortcuts"),
        (HelpWindow::TreeLegend, "The tree view's marks and colours"),
        (HelpWindow::Tabs, "What each tab is for"),
        (HelpWindow::Docs, "Where the documentation is"),
    ] {
        if ui.button(label).clicked() {
            *open = window;
        }
    }
}

/// The open Help window, if any (closed with its × or Close).
pub fn help_window_ui(ctx: &egui::Context, open: &mut HelpWindow) {
    let title = match open {
        HelpWindow::Closed => return,
        HelpWindow::Shortcuts => "Keyboard shortcuts",
        HelpWindow::TreeLegend => "The tree view's marks and colours",
        HelpWindow::Tabs => "What each tab is for",
        HelpWindow::Docs => "Where the documentation is",
    };
    let mut keep = true;
    egui::Window::new(title)
        .id(egui::Id::unique("help_window"))
        .open(&mut keep)
        .collapsible(false)
        .resizable(true)
        .default_width(520.0)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .max_height(480.0)
                .show(ui, |ui| match open {
                    HelpWindow::Shortcuts => {
                        // A page does not quit: its tab closes it.
                        let shown: Vec<(&str, &str)> = SHORTCUTS
                            .into_iter()
                            .filter(|(key, _)| crate::platform::CAN_QUIT || *key != "Ctrl+Q")
                            .collect();
                        pairs_ui(ui, "help_shortcuts", &shown);
                    }
                    HelpWindow::TreeLegend => legend_ui(ui),
                    HelpWindow::Tabs => pairs_ui(ui, "help_tabs", &TABS),
                    HelpWindow::Docs => pairs_ui(ui, "help_docs", &DOCS),
                    HelpWindow::Closed => {}
                });
            ui.add_space(6.0);
            if ui.button("Close").clicked() {
                *open = HelpWindow::Closed;
            }
        });
    if !keep {
        *open = HelpWindow::Closed;
    }
}

/// A two-column list: a name in bold, its meaning wrapped beside it.
fn pairs_ui(ui: &mut egui::Ui, id: &str, pairs: &[(&str, &str)]) {
    egui::Grid::new(id)
        .num_columns(2)
        .spacing([14.0, 6.0])
        .striped(true)
        .show(ui, |ui| {
            for (name, what) in pairs {
                ui.label(egui::RichText::new(*name).strong());
                ui.add(egui::Label::new(*what).wrap());
                ui.end_row();
            }
        });
}

fn colour(c: Rgb) -> egui::Color32 {
    egui::Color32::from_rgb(c.0, c.1, c.2)
}

/// The tree view's legend: node colours by what each visit turned out to be, the
/// edges, the other marks; each drawn as the tree draws it.
fn legend_ui(ui: &mut egui::Ui) {
    use crate::search::trace::VisitKind;
    let nodes = [
        (
            NodeType::Pv,
            "its value fell inside its window: exact, on its window's principal variation",
        ),
        (
            NodeType::Cut,
            "a child's value cut it off (β-cutoff, or α at a MIN node); a chance node whose outcomes bound its mean beyond the window",
        ),
        (
            NodeType::All,
            "every child searched, none raised its value into the window: the value is a bound",
        ),
        (
            NodeType::Leaf,
            "a leaf, scored by the evaluation or the rules (drawn as a square)",
        ),
        (NodeType::TableCut, "answered by the transposition table"),
    ];
    ui.label(egui::RichText::new("Nodes").strong());
    egui::Grid::new("help_legend_nodes")
        .num_columns(2)
        .spacing([14.0, 6.0])
        .show(ui, |ui| {
            for (t, what) in nodes {
                ui.horizontal(|ui| {
                    ui.label(
                        egui::RichText::new("●")
                            .color(colour(type_color(t)))
                            .size(18.0),
                    );
                    ui.label(egui::RichText::new(t.label()).strong());
                });
                ui.add(egui::Label::new(what).wrap());
                ui.end_row();
            }
        });
    ui.add_space(6.0);
    ui.label(egui::RichText::new("Edges and marks").strong());
    let edges = [
        (
            "———",
            edge_color(VisitKind::Normal),
            "thick: the principal variation; thin: any other visit",
        ),
        (
            "- - -",
            edge_color(VisitKind::NullWindow),
            "dashed: a null-window test (is the value above α?)",
        ),
        (
            "———",
            edge_color(VisitKind::Research),
            "orange: a re-search for the exact value after a test failed high",
        ),
        (
            "- - -",
            edge_color(VisitKind::Probe),
            "teal dashed: a Star2 probe (an outcome's first move only)",
        ),
        (
            "× a b",
            Rgb(150, 150, 150),
            "dotted grey, after a ×: moves never searched (pruned)",
        ),
        (
            "○",
            Rgb(200, 200, 200),
            "a circle: a chance node, the mean of its outcomes; ½ on an edge is its probability",
        ),
        (
            "?",
            Rgb(200, 200, 200),
            "in the quiz: the visit asked, drawn grey until it is answered",
        ),
    ];
    egui::Grid::new("help_legend_edges")
        .num_columns(2)
        .spacing([14.0, 6.0])
        .show(ui, |ui| {
            for (mark, c, what) in edges {
                ui.label(egui::RichText::new(mark).color(colour(c)).strong());
                ui.add(egui::Label::new(what).wrap());
                ui.end_row();
            }
        });
    ui.add_space(6.0);
    ui.label("Above a node: the move to it and its value; under it: its window [α, β] on entry. Hover a node for why it ended as it did.");
}
