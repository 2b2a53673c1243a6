//! The tree view of an MCTS row: its tree drawn after any iteration (a node's size its
//! visits, its colour its mean reward for the side that made the move, its UCB1 value
//! on hover), stepped iteration by iteration through selection, expansion, playout and
//! backup, each phase said in words; and the quiz on selection and backup. The model is
//! [`crate::tree::mcts`] and [`crate::tree::mcts_quiz`].

use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, Vec2, vec2};

use super::TreelabApp;
use crate::engine::AnyPosition;
use crate::tree::mcts::{MctsState, MctsTree, Phase, value_word};
use crate::tree::mcts_quiz::{MctsAnswer, MctsQuestion, MctsQuiz};

/// Horizontal room of one leaf of the drawing.
const SLOT: f32 = 34.0;
/// Vertical distance between plies.
const LEVEL: f32 = 70.0;
/// Margin around the drawing.
const MARGIN: f32 = 30.0;

/// The MCTS tree on show and where its steps are.
pub struct MctsView {
    /// The tree.
    pub tree: MctsTree,
    /// The step shown: iteration × 4 + phase.
    pub step: usize,
    /// Nodes with fewer visits are hidden (those on the current path never are).
    pub min_visits: u64,
    /// The quiz under way.
    pub quiz: Option<MctsQuiz>,
    /// The quiz's backup answer being typed: visits and mean.
    pub typed: (String, String),
    /// The step (or question) the drawing last scrolled to, so that it scrolls to the
    /// current path once when the step changes and is left where the user puts it.
    scrolled_for: Option<(usize, Phase)>,
    /// Playing the steps, at this many a second, the last one taken then.
    playing: Option<(f32, std::time::Instant)>,
    /// Steps per second when playing.
    pub speed: f32,
}

impl MctsView {
    /// A view of `tree` at its last step, or its first question in a quiz.
    #[must_use]
    pub fn new(tree: MctsTree, quiz: bool) -> Self {
        let quiz = quiz.then(|| MctsQuiz::new(&tree));
        MctsView {
            step: if quiz.is_some() {
                0
            } else {
                (tree.iterations.len() * 4).saturating_sub(1)
            },
            tree,
            min_visits: 1,
            quiz,
            typed: (String::new(), String::new()),
            scrolled_for: None,
            playing: None,
            speed: 4.0,
        }
    }

    /// The iteration and phase shown.
    #[must_use]
    pub fn at(&self) -> (usize, Phase) {
        if let Some(q) = self.quiz.as_ref().and_then(MctsQuiz::question) {
            return q.shows();
        }
        (self.step / 4, Phase::ALL[self.step % 4])
    }

    fn steps(&self) -> usize {
        self.tree.iterations.len() * 4
    }
}

/// What the drawing shows at one step.
struct Shown {
    state: MctsState,
    /// Whether each node is drawn.
    drawn: Vec<bool>,
    /// The current iteration's path as far as it is shown.
    path: Vec<usize>,
    /// The node added, once expansion is shown.
    added: Option<usize>,
    phase: Phase,
    /// The text under the last node of the path in the playout phase.
    playout: Option<String>,
}

fn shown(view: &MctsView) -> Shown {
    let tree = &view.tree;
    let (i, phase) = view.at();
    let it = &tree.iterations[i];
    let mut state = tree.state_after(if phase == Phase::Backup { i + 1 } else { i });
    let added = it
        .added
        .as_ref()
        .map(|(n, _)| *n as usize)
        .filter(|_| phase >= Phase::Expansion);
    if let Some(n) = added {
        state.exists[n] = true;
    }
    let mut path: Vec<usize> = it.selected.iter().map(|&n| n as usize).collect();
    // A selection question shows the path down to the node asked about only.
    if let Some(Some(MctsQuestion::Select { parent, .. })) =
        view.quiz.as_ref().map(MctsQuiz::question)
    {
        let verdict = view.quiz.as_ref().is_some_and(|q| q.verdict.is_some());
        if !verdict && let Some(k) = path.iter().position(|&n| n == parent) {
            path.truncate(k + 1);
        }
    }
    path.extend(added);
    let drawn = (0..tree.nodes.len())
        .map(|n| {
            state.exists[n] && (state.visits[n] >= view.min_visits || path.contains(&n) || n == 0)
        })
        .collect();
    let playout = (phase == Phase::Playout).then(|| {
        let moves = if it.playout.len() > 12 {
            format!(
                "{} … {} ({} moves)",
                it.playout[..6].join(" "),
                it.playout[it.playout.len() - 3..].join(" "),
                it.playout.len()
            )
        } else {
            it.playout.join(" ")
        };
        format!("{moves} → {:+.2}", it.reward)
    });
    Shown {
        state,
        drawn,
        path,
        added,
        phase,
        playout,
    }
}

/// Places the drawn nodes: leaves side by side in the order children were added,
/// parents above the middle of their children. Returns each node's centre.
fn layout(tree: &MctsTree, drawn: &[bool]) -> (Vec<Option<Pos2>>, Vec2) {
    let mut at = vec![None; tree.nodes.len()];
    let mut next = 0.0f32;
    let mut depth = 0;
    place(tree, drawn, 0, &mut next, &mut at, &mut depth);
    // Room on the right for the playout's line of moves under the last leaf.
    let size = vec2(
        next.max(1.0) * SLOT + 2.0 * MARGIN + 320.0,
        depth as f32 * LEVEL + 2.0 * MARGIN + 30.0,
    );
    (at, size)
}

fn place(
    tree: &MctsTree,
    drawn: &[bool],
    n: usize,
    next: &mut f32,
    at: &mut [Option<Pos2>],
    depth: &mut u32,
) -> f32 {
    let ply = tree.nodes[n].ply;
    *depth = (*depth).max(ply);
    let y = MARGIN + ply as f32 * LEVEL;
    let children: Vec<usize> = tree.nodes[n]
        .children
        .iter()
        .copied()
        .filter(|&c| drawn[c])
        .collect();
    let x = if children.is_empty() {
        let x = MARGIN + (*next + 0.5) * SLOT;
        *next += 1.0;
        x
    } else {
        let xs: Vec<f32> = children
            .iter()
            .map(|&c| place(tree, drawn, c, next, at, depth))
            .collect();
        (xs[0] + xs[xs.len() - 1]) / 2.0
    };
    at[n] = Some(Pos2::new(x, y));
    x
}

/// The colour of a mean reward: green for +1, red for -1, grey between.
fn mean_color(mean: f64, visits: u64) -> Color32 {
    if visits == 0 {
        return Color32::from_gray(235);
    }
    let t = mean.clamp(-1.0, 1.0) as f32;
    let grey = 170.0;
    let (r, g, b) = if t >= 0.0 {
        (grey - t * 130.0, grey + t * 30.0, grey - t * 130.0)
    } else {
        (grey - t * 50.0, grey + t * 120.0, grey + t * 120.0)
    };
    Color32::from_rgb(r as u8, g as u8, b as u8)
}

/// The MCTS tree view: steps, what the phase does, the drawing, the quiz. Returns the
/// position of a node clicked (the board is to show it).
pub fn mcts_ui(
    ui: &mut egui::Ui,
    app: &mut TreelabApp,
    view: &mut MctsView,
) -> Option<AnyPosition> {
    if view.tree.iterations.is_empty() {
        ui.label("The search ran no iteration: the game is over at the root (or proven there).");
        return None;
    }
    let tree = &view.tree;
    if tree.asked > tree.request.options.iterations {
        ui.weak(format!(
            "The first {} of the row's {} iterations (the same seed makes them the row's own; the rest go on the same way).",
            tree.request.options.iterations, tree.asked
        ));
    }
    if view.quiz.is_some() {
        quiz_ui(ui, view);
    } else {
        steps_ui(ui, view);
        play_tick(ui, view);
    }
    let (i, phase) = view.at();
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        let asking = view
            .quiz
            .as_ref()
            .is_some_and(|q| q.question().is_some() && q.verdict.is_none());
        let lines = if asking {
            vec![format!("Iteration {}, {}.", i + 1, phase.name())]
        } else {
            view.tree.describe(i, phase)
        };
        // A long backup or selection scrolls inside its box, leaving the tree room on a
        // small window.
        egui::ScrollArea::vertical()
            .id_salt("mcts_phase")
            .max_height((ui.available_height() * 0.3).max(80.0))
            .show(ui, |ui| {
                for line in lines {
                    ui.label(line);
                }
            });
    });
    legend_ui(ui, view);
    let scroll = view.scrolled_for != Some((i, phase));
    view.scrolled_for = Some((i, phase));
    let n = drawing_ui(ui, view, scroll)?;
    show_node(app, view, n)
}

fn steps_ui(ui: &mut egui::Ui, view: &mut MctsView) {
    let last = view.steps() - 1;
    ui.horizontal_wrapped(|ui| {
        if ui
            .button("|◀")
            .on_hover_text("The first iteration")
            .clicked()
        {
            view.step = 0;
        }
        if ui
            .button("◀◀")
            .on_hover_text("The previous iteration")
            .clicked()
        {
            view.step = view.step.saturating_sub(4);
        }
        if ui.button("◀").on_hover_text("The previous phase").clicked() {
            view.step = view.step.saturating_sub(1);
        }
        let (i, phase) = view.at();
        let label = ui.label("iteration");
        let mut shown = i + 1;
        if ui
            .add(egui::DragValue::new(&mut shown).range(1..=view.tree.iterations.len()))
            .labelled_by(label.id)
            .changed()
        {
            view.step = (shown - 1) * 4 + view.step % 4;
        }
        ui.label(format!(
            "of {}: {}",
            view.tree.iterations.len(),
            phase.name()
        ));
        if ui.button("▶").on_hover_text("The next phase").clicked() {
            view.step = (view.step + 1).min(last);
        }
        if ui
            .button("▶▶")
            .on_hover_text("The next iteration")
            .clicked()
        {
            view.step = (view.step + 4).min(last);
        }
        if ui
            .button("▶|")
            .on_hover_text("The last iteration, backed up")
            .clicked()
        {
            view.step = last;
        }
        ui.add(egui::Slider::new(&mut view.step, 0..=last).show_value(false))
            .on_hover_text("Drag through the steps: four per iteration");
        let play = if view.playing.is_some() {
            "Pause"
        } else {
            "Play"
        };
        if ui.button(play).clicked() {
            view.playing = match view.playing {
                Some(_) => None,
                None => {
                    if view.step >= last {
                        view.step = 0;
                    }
                    Some((view.speed, std::time::Instant::now()))
                }
            };
        }
        ui.add(
            egui::DragValue::new(&mut view.speed)
                .range(0.5..=100.0)
                .suffix("/s"),
        )
        .on_hover_text("Phases per second when playing");
        let hide = ui.label("hide nodes under");
        ui.add(egui::DragValue::new(&mut view.min_visits).range(1..=1_000_000))
            .labelled_by(hide.id)
            .on_hover_text("Nodes with fewer visits are not drawn (the current path always is)");
        ui.label("visits");
    });
}

/// Playing: one phase per 1/speed seconds, stopping at the last; asks for the next
/// frame in time.
fn play_tick(ui: &egui::Ui, view: &mut MctsView) {
    let Some((_, last_tick)) = view.playing else {
        return;
    };
    let every = 1.0 / view.speed.max(0.1);
    let now = std::time::Instant::now();
    if now.duration_since(last_tick).as_secs_f32() >= every {
        if view.step + 1 < view.steps() {
            view.step += 1;
            view.playing = Some((view.speed, now));
        } else {
            view.playing = None;
            return;
        }
    }
    ui.ctx()
        .request_repaint_after(std::time::Duration::from_secs_f32(every));
}

fn legend_ui(ui: &mut egui::Ui, view: &MctsView) {
    ui.horizontal_wrapped(|ui| {
        ui.weak("Size: visits. Colour: mean reward for the side that made the move:");
        for (m, t) in [(1.0, "+1"), (0.0, "0"), (-1.0, "−1")] {
            ui.colored_label(mean_color(m, 1), "●");
            ui.weak(t);
        }
        ui.weak("Blue: this iteration's path; orange ring: the node added.");
        if view.tree.proves {
            ui.weak("W, D, L: proven result for the side that made the move.");
        }
        ui.weak("Hover a node for its UCB1 value; click it to see its position.");
    });
}

/// The colour of the current path.
const PATH_COLOR: Color32 = Color32::from_rgb(40, 110, 230);
/// The colour of the node added and its playout.
const ADDED_COLOR: Color32 = Color32::from_rgb(240, 140, 20);

/// The drawing, scrolled to the current path's last node when `scroll`; returns the
/// node clicked.
fn drawing_ui(ui: &mut egui::Ui, view: &MctsView, scroll: bool) -> Option<usize> {
    let tree = &view.tree;
    let s = shown(view);
    let (at, size) = layout(tree, &s.drawn);
    let text_color = ui.visuals().text_color();
    egui::ScrollArea::both()
        .id_salt("mcts_tree")
        .auto_shrink([false, false])
        .show(ui, |ui| -> Option<usize> {
            let (rect, _) = ui.allocate_exact_size(size, Sense::hover());
            let painter = ui.painter_at(rect);
            let o = rect.min.to_vec2();
            // Edges, then nodes over them.
            paint_edges(&painter, tree, &s, &at, o, text_color);
            let mut clicked = None;
            for (n, p) in at.iter().enumerate() {
                if let Some(p) = *p
                    && paint_node(ui, &painter, view, &s, n, p + o)
                {
                    clicked = Some(n);
                }
            }
            if let Some(p) = s.path.last().and_then(|&last| at[last]) {
                if let Some(text) = &s.playout {
                    let c = p + o + vec2(0.0, 18.0);
                    painter.line_segment([c, c + vec2(0.0, 16.0)], Stroke::new(1.5, ADDED_COLOR));
                    painter.text(
                        c + vec2(-8.0, 18.0),
                        Align2::LEFT_TOP,
                        text,
                        FontId::proportional(12.0),
                        text_color,
                    );
                }
                if scroll {
                    ui.scroll_to_rect(
                        Rect::from_center_size(p + o, vec2(SLOT * 4.0, LEVEL * 2.0)),
                        Some(egui::Align::Center),
                    );
                }
            }
            clicked
        })
        .inner
}

/// The edges, the current path's thick and blue, each with its move while the tree is
/// small enough to read them.
fn paint_edges(
    painter: &egui::Painter,
    tree: &MctsTree,
    s: &Shown,
    at: &[Option<Pos2>],
    o: Vec2,
    text_color: Color32,
) {
    let on_path = |a: usize, b: usize| s.path.windows(2).any(|w| w[0] == a && w[1] == b);
    let labels = s.drawn.iter().filter(|&&d| d).count() <= 400;
    for (n, node) in tree.nodes.iter().enumerate() {
        let (Some(p), Some(parent)) = (at[n], node.parent) else {
            continue;
        };
        let Some(q) = at[parent] else { continue };
        let (width, color) = if on_path(parent, n) {
            (3.0, PATH_COLOR)
        } else {
            (1.0, Color32::from_gray(150))
        };
        painter.line_segment([q + o, p + o], Stroke::new(width, color));
        if labels {
            let mid = q + o + (p - q) * 0.55;
            painter.text(
                mid + vec2(4.0, 0.0),
                Align2::LEFT_CENTER,
                node.mv.as_deref().unwrap_or(""),
                FontId::proportional(11.0),
                text_color,
            );
        }
    }
}

/// Node `n` at `c`: its disc (size: visits, colour: mean), its ring, its proof, its
/// visits in a backup, its facts on hover. Returns whether it was clicked.
fn paint_node(
    ui: &mut egui::Ui,
    painter: &egui::Painter,
    view: &MctsView,
    s: &Shown,
    n: usize,
    c: Pos2,
) -> bool {
    let visits = s.state.visits[n];
    let root_visits = s.state.visits[0].max(1) as f32;
    let r = 5.0 + 13.0 * (visits as f32 / root_visits).sqrt();
    let fill = if n == 0 {
        Color32::from_gray(200)
    } else {
        mean_color(s.state.mean(n), visits)
    };
    painter.circle_filled(c, r, fill);
    let ring = if s.added == Some(n) {
        Stroke::new(3.0, ADDED_COLOR)
    } else if s.path.contains(&n) {
        Stroke::new(2.5, PATH_COLOR)
    } else {
        Stroke::new(1.0, Color32::from_gray(90))
    };
    painter.circle_stroke(c, r, ring);
    if view.tree.proves
        && n > 0
        && let Some(v) = s.state.proven(n)
    {
        // The mover's result is the opposite of the side to move's.
        let letter = match -v {
            1 => "W",
            0 => "D",
            _ => "L",
        };
        painter.text(
            c,
            Align2::CENTER_CENTER,
            letter,
            FontId::proportional(11.0),
            Color32::BLACK,
        );
    }
    if s.phase == Phase::Backup && s.path.contains(&n) {
        painter.text(
            c + vec2(r + 3.0, -r),
            Align2::LEFT_BOTTOM,
            format!("n {visits}"),
            FontId::proportional(11.0),
            PATH_COLOR,
        );
    }
    let id = ui.make_persistent_id(("mcts_node", n));
    let resp = ui.interact(
        Rect::from_center_size(c, Vec2::splat(2.0 * r + 4.0)),
        id,
        Sense::click(),
    );
    resp.on_hover_ui(|ui| {
        ui.label(node_text(view, &s.state, n));
    })
    .clicked()
}

/// A node's facts on hover: its line, visits, mean and UCB1 value below its parent.
fn node_text(view: &MctsView, state: &MctsState, n: usize) -> String {
    let tree = &view.tree;
    let mut lines = vec![
        format!("{} (node {n})", tree.name(n)),
        format!("visits {}", state.visits[n]),
    ];
    if n > 0 {
        lines.push(format!(
            "mean {:+.3} for the side that played it",
            state.mean(n)
        ));
        if let Some(p) = tree.nodes[n].parent {
            let u = tree.ucb(state, p, n);
            lines.push(if u.enterable {
                format!(
                    "UCB1 {:+.3} + {:.2}·√(ln {} / {}) = {:.3}",
                    u.mean,
                    tree.exploration,
                    state.visits[p].max(1),
                    state.visits[n].max(1),
                    u.value()
                )
            } else {
                "selection passes it by: it cannot improve on what its parent is sure of".into()
            });
        }
    }
    if tree.proves {
        let (lo, hi) = state.bounds[n];
        lines.push(if lo == hi {
            format!("proven: {} for the side to move there", value_word(lo))
        } else {
            format!(
                "value for the side to move there: between {} and {}",
                value_word(lo),
                value_word(hi)
            )
        });
    }
    lines.join("\n")
}

/// A click on node `n`: the board shows its position (Undo goes back); returns it.
fn show_node(app: &mut TreelabApp, view: &MctsView, n: usize) -> Option<AnyPosition> {
    super::tree_view::show_line(app, &view.tree.root, &view.tree.line(n))
}

fn quiz_ui(ui: &mut egui::Ui, view: &mut MctsView) {
    let Some(quiz) = view.quiz.as_mut() else {
        return;
    };
    let tree = &view.tree;
    ui.horizontal_wrapped(|ui| {
        ui.strong(format!(
            "Quiz: {} of {} right, question {} of {}",
            quiz.right,
            quiz.asked,
            (quiz.at + 1).min(quiz.questions.len()),
            quiz.questions.len()
        ));
    });
    ui.label(quiz.text(tree));
    let Some(q) = quiz.question() else { return };
    match &quiz.verdict {
        None => match q {
            MctsQuestion::Select { .. } => {
                ui.horizontal_wrapped(|ui| {
                    for (c, mv) in quiz.choices(tree) {
                        if ui.button(mv).clicked() {
                            quiz.answer(tree, MctsAnswer::Child(c));
                        }
                    }
                });
            }
            MctsQuestion::Backup { .. } => {
                ui.horizontal_wrapped(|ui| {
                    let v = ui.label("visits");
                    ui.add(egui::TextEdit::singleline(&mut view.typed.0).desired_width(50.0))
                        .labelled_by(v.id);
                    let m = ui.label("mean");
                    ui.add(egui::TextEdit::singleline(&mut view.typed.1).desired_width(70.0))
                        .labelled_by(m.id);
                    let visits = view.typed.0.trim().parse::<u64>();
                    let mean = view.typed.1.trim().replace('−', "-").parse::<f64>();
                    let ok = visits.is_ok() && mean.is_ok();
                    if ui
                        .add_enabled(ok, egui::Button::new("Check"))
                        .on_disabled_hover_text(
                            "Type the visits (a whole number) and the mean (e.g. -0.333)",
                        )
                        .clicked()
                        && let (Ok(v), Ok(m)) = (visits, mean)
                    {
                        quiz.answer(tree, MctsAnswer::Stats(v, m));
                    }
                });
            }
        },
        Some((right, why)) => {
            let color = if *right {
                Color32::from_rgb(30, 140, 60)
            } else {
                ui.visuals().error_fg_color
            };
            ui.colored_label(color, if *right { "Right." } else { "Not quite." });
            ui.label(why.clone());
            if ui.button("Next question").clicked() {
                quiz.advance();
                view.typed = (String::new(), String::new());
            }
        }
    }
}
