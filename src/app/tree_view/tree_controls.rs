//! The tree view's controls: the rows, depth, quiz and bounds choices with Build tree
//! and Save tree as… above the drawing; the steps (buttons, a slider whose track takes
//! a click, Play) and what the current visit did; the zoom buttons and the legend.

use egui::TextWrapMode;

use super::tree_canvas::Canvas;
use super::tree_canvas::pan_zoom::{ZoomAsk, zoom_buttons_ui};
use super::tree_state::TreeViewState;
use crate::app::frame::command::Command;
use crate::app::frame::layout;
use crate::app::frame::panel::Panel;
use crate::tree::NodeType;
use crate::tree::draw::{ONLY_HERE, OTHERWISE, Rgb, type_color};
use crate::tree::export::TreeFormat;

/// The widest a row picker is (a longer row is cut, whole on hover).
const ROW_WIDTH: f32 = 170.0;
/// The narrowest a row picker is made to keep Build tree on the pickers' line.
const ROW_WIDTH_MIN: f32 = 110.0;
/// About the room the rest of the pickers' line takes: the words, the depth and
/// Build tree.
const LINE_REST: f32 = 300.0;

fn color(c: Rgb) -> egui::Color32 {
    egui::Color32::from_rgb(c.0, c.1, c.2)
}

/// The rows and depth with Build tree on one line (a long row name is cut in its
/// picker), then the choices and Save tree as….
pub fn controls_ui(ui: &mut egui::Ui, cx: &mut Panel<'_>, tree: &mut TreeViewState) {
    let n = cx.session().rows.len();
    let labels = cx.session().row_labels();
    let has_trees = !tree.panes.is_empty();
    let two = tree.panes.len() > 1;
    let quiz_open = tree.quiz_show().is_some_and(|q| !q.over);
    let state = &mut cx.view;
    let mut build = false;
    let mut save = None;
    ui.horizontal_wrapped(|ui| {
        // Each control keeps its text on one line; the row wraps between controls.
        ui.style_mut().wrap_mode = Some(TextWrapMode::Extend);
        let width = ((ui.available_width() - LINE_REST) / 2.0).clamp(ROW_WIDTH_MIN, ROW_WIDTH);
        row_pickers_ui(ui, &labels, width, &mut state.tree_row, &mut state.tree_row_beside);
        let depth = ui.label("depth");
        ui.add(
            layout::number(&mut state.tree_depth)
                .range(1..=crate::search::options::MAX_DEPTH),
        )
        .labelled_by(depth.id);
        if ui
            .add_enabled(n > 0, egui::Button::new("Build tree"))
            .on_hover_text("Search the current position with a trace and draw it")
            .clicked()
        {
            build = true;
        }
        ui.checkbox(&mut state.tree_quiz, "Quiz")
            .on_hover_text("Build the tree as a quiz: at each visit, say the window, the value and the cutoff before you see them (saved in the session, to hand out)");
        ui.checkbox(&mut state.tree_bounds, "≤ ≥ bounds")
            .on_hover_text("Write a value at or below its window's α as ≤ v (it failed low: the true value is at most v) and one at or above β as ≥ v (it failed high: at least v), as textbooks write fail-hard bounds; on screen and in the figures");
        // A unit of its own, so that the line wraps before it (a scope is never wrapped,
        // and would widen the whole panel past the window).
        layout::wrap_unit(ui, "tree_save", |ui| {
            ui.add_enabled_ui(has_trees && !quiz_open, |ui| {
                save = save_tree_menu_ui(ui, two, &mut tree.save_both, quiz_open);
            })
        });
        if has_trees && tree.quiz.is_none() {
            layout::wrap_unit(ui, "tree_steps", |ui| steps_ui(ui, tree));
        }
    });
    // A refusal is about the rows and depth it was given: another choice clears it.
    let view = &cx.view;
    let now = (view.tree_row, view.tree_row_beside, view.tree_depth);
    if tree
        .message
        .as_ref()
        .is_some_and(|(_, about)| *about != now)
    {
        tree.message = None;
    }
    if build {
        cx.push(Command::BuildTrees);
    }
    if let Some(f) = save {
        cx.push(Command::SaveTreeDialog(f));
    }
}

/// The two row pickers, each `width` wide (a longer row name is cut, whole on hover):
/// the row whose tree is drawn (`row`), and a second one drawn beside it (`beside`),
/// or nothing (`labels`: every row's label).
fn row_pickers_ui(
    ui: &mut egui::Ui,
    labels: &[String],
    width: f32,
    row: &mut usize,
    beside: &mut Option<usize>,
) {
    ui.label("Tree of");
    let name = labels.get(*row).cloned().unwrap_or_default();
    let hover = format!("{name}\nThe row whose search is drawn");
    cut_picker_ui(ui, "tree_row_a", width, name, &hover, |ui| {
        for (i, l) in labels.iter().enumerate() {
            ui.selectable_value(row, i, l);
        }
    });
    ui.label("beside");
    let name = beside
        .and_then(|b| labels.get(b).cloned())
        .unwrap_or_else(|| "nothing".into());
    let hover = format!(
        "{name}\nA second row to draw beside it, on the same places: visits only one tree makes are ringed"
    );
    cut_picker_ui(ui, "tree_row_b", width, name, &hover, |ui| {
        ui.selectable_value(beside, None, "nothing");
        for (i, l) in labels.iter().enumerate() {
            ui.selectable_value(beside, Some(i), l);
        }
    });
}

/// A drop-down `width` wide showing `selected` cut to fit (whole in `hover`), its
/// choices drawn by `choices` (whole, in a list as wide as they need).
fn cut_picker_ui(
    ui: &mut egui::Ui,
    salt: &str,
    width: f32,
    selected: String,
    hover: &str,
    choices: impl FnOnce(&mut egui::Ui),
) {
    let height = ui.spacing().interact_size.y;
    ui.allocate_ui_with_layout(
        egui::vec2(width, height),
        egui::Layout::left_to_right(egui::Align::Center),
        |ui| {
            ui.set_max_width(width);
            egui::ComboBox::from_id_salt(salt)
                .selected_text(selected)
                .width(width)
                .truncate()
                .show_ui(ui, choices)
                .response
                .on_hover_text(hover);
        },
    );
}

/// The Save tree as… menu: with `two` trees, whether the figure has both
/// (`save_both`), then a button per format. Returns the format picked, if any.
/// (Disabled during a quiz under way, `quiz_open`, or with no tree: its hover says why.)
fn save_tree_menu_ui(
    ui: &mut egui::Ui,
    two: bool,
    save_both: &mut bool,
    quiz_open: bool,
) -> Option<TreeFormat> {
    let mut save = None;
    ui.menu_button("Save tree as…", |ui| {
        if two {
            ui.checkbox(save_both, "Both trees, side by side")
                .on_hover_text("One figure with the two trees beside each other, as on screen; untick for the left tree only");
            ui.separator();
        }
        for f in TreeFormat::ALL {
            if ui.button(f.label()).clicked() {
                save = Some(f);
                ui.close();
            }
        }
    })
    .response
    .on_disabled_hover_text(if quiz_open {
        "Finish the quiz first: the figure shows every answer"
    } else {
        "Build a tree first"
    });
    save
}

/// A slider over `0..=max` whose track also takes a single click (egui's slider moves
/// on a drag only, so a click that presses and releases at once left it where it was).
/// Returns whether the value changed.
pub fn click_slider(ui: &mut egui::Ui, value: &mut usize, max: usize, name: &str) -> bool {
    let before = *value;
    let resp = ui.add(
        egui::Slider::new(value, 0..=max)
            .show_value(false)
            .clamping(egui::SliderClamping::Always),
    );
    let resp = resp
        .interact(egui::Sense::click())
        .on_hover_text("Drag, or click the track");
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Slider, true, name.to_string()));
    if resp.clicked()
        && let Some(p) = resp.interact_pointer_pos()
    {
        // The slider's handle travels the track less its radius at both ends.
        let r = resp.rect;
        let handle = r.height() / 2.5;
        let span = (r.width() - 2.0 * handle).max(1.0);
        let t = ((p.x - r.left() - handle) / span).clamp(0.0, 1.0);
        *value = (t * max as f32).round() as usize;
    }
    *value != before
}

/// The steps: first, back, the slider, forward, last, Play and its speed.
fn steps_ui(ui: &mut egui::Ui, state: &mut TreeViewState) {
    let Some(p) = state.panes.first() else {
        return;
    };
    let last = p.tree.nodes.len().saturating_sub(1);
    ui.spacing_mut().item_spacing.x = 4.0;
    ui.spacing_mut().slider_width = 64.0;
    if ui.button("|◀").on_hover_text("First visit").clicked() {
        state.step = 0;
    }
    if ui.button("◀").on_hover_text("Step back").clicked() {
        state.step = state.step.saturating_sub(1);
    }
    click_slider(ui, &mut state.step, last, "step slider");
    // Counted from 1, as "Visit k of n" under it.
    let label = ui.label("visit");
    let mut shown = state.step + 1;
    if ui
        .add(layout::number(&mut shown).range(1..=last + 1))
        .labelled_by(label.id)
        .changed()
    {
        state.step = shown - 1;
    }
    ui.label(format!("of {}", last + 1));
    if ui.button("▶").on_hover_text("Step forward").clicked() {
        state.step = (state.step + 1).min(last);
    }
    if ui.button("▶|").on_hover_text("Last visit").clicked() {
        state.step = last;
    }
    let play = if state.playing { "Pause" } else { "Play" };
    if ui.button(play).clicked() {
        state.playing = !state.playing;
        if state.playing && state.step >= last {
            state.step = 0;
        }
        state.last_tick = None;
    }
    ui.add(
        layout::number(&mut state.speed)
            .range(0.5..=200.0)
            .suffix("/s"),
    )
    .on_hover_text("Steps per second when playing");
}

/// What the current visit did, in words.
pub fn step_ui(ui: &mut egui::Ui, state: &TreeViewState) {
    let Some(p) = state.panes.first() else {
        return;
    };
    let last = p.tree.nodes.len().saturating_sub(1);
    let step = state.step.min(last);
    let node = &p.tree.nodes[step];
    let mv = node.mv.as_deref().unwrap_or("root");
    ui.label(format!(
        "Visit {} of {} — {} at ply {} ({}): {}",
        step + 1,
        last + 1,
        mv,
        node.ply,
        node.node_type().label(),
        p.tree.explain(step)
    ));
}

/// The zoom buttons.
fn zoom_ui(ui: &mut egui::Ui, canvas: &mut Canvas) {
    match zoom_buttons_ui(
        ui,
        "Show the whole tree in the pane, as drawn now (folds closed)",
    ) {
        Some(ZoomAsk::Fit) => canvas.refit(),
        Some(ask) => canvas.zoom_centre(ask.factor()),
        None => {}
    }
}

/// The zoom buttons and the legend, in small text: the node types, the edges and, beside a second tree,
/// the rings.
pub fn legend_ui(ui: &mut egui::Ui, canvas: &mut Canvas, two: bool) {
    let small = |text: &str| egui::RichText::new(text).small();
    ui.horizontal_wrapped(|ui| {
        zoom_ui(ui, canvas);
        ui.add_space(4.0);
        ui.spacing_mut().item_spacing = egui::vec2(6.0, 0.0);
        for t in [
            NodeType::Pv,
            NodeType::Cut,
            NodeType::All,
            NodeType::Leaf,
            NodeType::TableCut,
        ] {
            ui.colored_label(color(type_color(t)), small(&format!("● {}", t.label())));
        }
        let help = "Thick edges: the principal variation; dashed: a null-window test; orange: a re-search; × b c: moves never searched.\nClick a visit to see its position on the board, double-click to fold its subtree; drag to pan, the wheel zooms at the cursor, fit shows the whole tree";
        ui.weak(small("thick PV · dashed test · orange re-search · × unsearched"))
            .on_hover_text(help);
        if two {
            ui.colored_label(color(ONLY_HERE), small("◯ only here"))
                .on_hover_text("The other tree never visits this node");
            ui.colored_label(color(OTHERWISE), small("◌ both, differently"))
                .on_hover_text("Both trees visit this node, but one of them (at least once) as a null-window test or a re-search where the other does not");
        }
    });
}
