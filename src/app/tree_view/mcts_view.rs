//! The tree view of an MCTS row: its tree drawn after any iteration (a node's size its
//! visits, its colour its mean reward for the side that made the move, its UCB1 value
//! on hover; for PUCT its prior beside it and its PUCT value on hover), stepped iteration by iteration through selection, expansion, playout and
//! backup, each phase said in words; and the quiz on selection and backup
//! ([`super::quiz_view::mcts_quiz_ui`]). The drawing pans and zooms as the minimax
//! tree's does ([`super::tree_canvas::pan_zoom`]) and opens fitted to its pane. The
//! controls keep their places while the steps go by: the phase word has the room of
//! the widest, the explanation a box of fixed height. The model is
//! [`crate::tree::mcts`] and [`crate::tree::mcts_quiz`].

use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, Vec2, vec2};

use super::tree_canvas::pan_zoom::{PanZoom, ZoomAsk, zoom_buttons_ui};
use crate::app::frame::layout;
use crate::app::frame::panel::Panel;
use crate::engine::AnyPosition;
use crate::tree::mcts::{MctsState, MctsTree, Phase, value_word};
use crate::tree::mcts_quiz::{MctsQuestion, MctsQuiz};

/// Horizontal room of one leaf of the drawing.
const SLOT: f32 = 34.0;
/// Horizontal room of one leaf of a PUCT drawing: its prior is written under it.
const PUCT_SLOT: f32 = 44.0;

/// The horizontal room of one leaf of `tree`'s drawing.
fn slot(tree: &MctsTree) -> f32 {
    if tree.puct.is_some() { PUCT_SLOT } else { SLOT }
}
/// Vertical distance between plies.
const LEVEL: f32 = 70.0;
/// Margin around the drawing.
const MARGIN: f32 = 30.0;
/// The most a fitted drawing is enlarged.
const FIT_ZOOM: f32 = 1.4;
/// The smallest text drawn, in points (smaller texts are left out).
const MIN_TEXT: f32 = 6.0;

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
    playing: Option<(f32, crate::platform::clock::Instant)>,
    /// Steps per second when playing.
    pub speed: f32,
    /// The drawing's zoom and scroll.
    pub view: PanZoom,
    /// The pane size of the last fit.
    fitted: Option<Vec2>,
    /// The distance between plies, chosen by the fit.
    level: f32,
    /// The nodes drawn in the last frame with their discs on screen, and the drawing's
    /// pane (for tests).
    pub drawn: (Vec<(usize, Rect)>, Rect),
    /// PUCT: the priors written under the nodes in the last frame (for tests).
    pub priors_drawn: Vec<(usize, String)>,
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
            view: PanZoom::default(),
            fitted: None,
            level: LEVEL,
            drawn: (Vec::new(), Rect::NOTHING),
            priors_drawn: Vec::new(),
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
/// parents above the middle of their children. Returns each node's centre in the
/// scene and the scene rectangle the drawing takes (a margin around the nodes, room
/// under the lowest for a playout's line); `level`: the distance between plies.
fn layout(tree: &MctsTree, drawn: &[bool], level: f32) -> (Vec<Option<Pos2>>, Rect) {
    let mut at = vec![None; tree.nodes.len()];
    let mut next = 0.0f32;
    let mut depth = 0;
    place(tree, drawn, 0, &mut next, &mut at, &mut depth);
    for p in at.iter_mut().flatten() {
        p.y = MARGIN + p.y * level;
    }
    let bounds = Rect::from_min_size(
        Pos2::ZERO,
        vec2(
            next.max(1.0) * slot(tree) + 2.0 * MARGIN,
            depth as f32 * level + 2.0 * MARGIN + 30.0,
        ),
    );
    (at, bounds)
}

/// The distance between plies that spreads a drawing of `bounds` (laid out at
/// [`LEVEL`], `depth` plies deep) down a pane of `size` once fitted: from [`LEVEL`] up
/// to four times it.
fn stretched_level(bounds: Rect, depth: f32, size: Vec2) -> f32 {
    if depth < 1.0 {
        return LEVEL;
    }
    let z = PanZoom::whole_zoom(size, bounds).min(FIT_ZOOM);
    let room = size.y / z - (bounds.height() - depth * LEVEL);
    (room / depth).clamp(LEVEL, 4.0 * LEVEL)
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
    let y = ply as f32;
    let children: Vec<usize> = tree.nodes[n]
        .children
        .iter()
        .copied()
        .filter(|&c| drawn[c])
        .collect();
    let x = if children.is_empty() {
        let x = MARGIN + (*next + 0.5) * slot(tree);
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
pub fn mcts_ui(ui: &mut egui::Ui, cx: &mut Panel<'_>, view: &mut MctsView) -> Option<AnyPosition> {
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
    if let Some(quiz) = view.quiz.as_mut() {
        super::quiz_view::mcts_quiz_ui(ui, quiz, &view.tree, &mut view.typed);
    } else {
        steps_ui(ui, view);
        play_tick(ui, view);
    }
    phase_box_ui(ui, view);
    legend_ui(ui, view);
    let (i, phase) = view.at();
    let follow = view.scrolled_for != Some((i, phase));
    view.scrolled_for = Some((i, phase));
    let n = drawing_ui(ui, view, follow)?;
    show_node(cx, view, n)
}

/// What the phase shown does, in words, in a box of fixed height (a long backup or
/// selection scrolls inside it), so that the drawing under it stays where it is.
fn phase_box_ui(ui: &mut egui::Ui, view: &MctsView) {
    let (i, phase) = view.at();
    let asking = view
        .quiz
        .as_ref()
        .is_some_and(|q| q.question().is_some() && q.verdict.is_none());
    let lines = if asking {
        vec![format!("Iteration {}, {}.", i + 1, phase.name())]
    } else {
        view.tree.describe(i, phase)
    };
    let line = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
    let height = (ui.available_height() * 0.22).clamp(3.0 * line, 6.0 * line);
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        egui::ScrollArea::vertical()
            .id_salt("mcts_phase")
            .auto_shrink([false, false])
            .max_height(height)
            .show(ui, |ui| {
                for line in lines {
                    ui.label(line);
                }
            });
    });
}

/// The steps: first, back, the iteration and its phase, forward, last, the slider,
/// Play and its speed, and the visits under which nodes are hidden.
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
            .add(layout::number(&mut shown).range(1..=view.tree.iterations.len()))
            .labelled_by(label.id)
            .changed()
        {
            view.step = (shown - 1) * 4 + view.step % 4;
        }
        phase_label_ui(ui, view.tree.iterations.len(), phase);
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
                    Some((view.speed, crate::platform::clock::Instant::now()))
                }
            };
        }
        ui.add(
            layout::number(&mut view.speed)
                .range(0.5..=100.0)
                .suffix("/s"),
        )
        .on_hover_text("Phases per second when playing");
        let hide = ui.label("hide nodes under");
        ui.add(layout::number(&mut view.min_visits).range(1..=1_000_000))
            .labelled_by(hide.id)
            .on_hover_text("Nodes with fewer visits are not drawn (the current path always is)");
        ui.label("visits");
    });
}

/// "of n: phase" in the room of the widest phase word, so that the buttons after it
/// stay where they are from phase to phase.
fn phase_label_ui(ui: &mut egui::Ui, iterations: usize, phase: Phase) {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let color = ui.visuals().text_color();
    let widest = Phase::ALL
        .iter()
        .map(|p| {
            let text = format!("of {iterations}: {}", p.name());
            ui.fonts_mut(|f| f.layout_no_wrap(text, font.clone(), color).size().x)
        })
        .fold(0.0, f32::max);
    let height = ui.spacing().interact_size.y;
    ui.allocate_ui_with_layout(
        vec2(widest, height),
        egui::Layout::left_to_right(egui::Align::Center),
        |ui| {
            ui.set_min_width(widest);
            ui.label(format!("of {iterations}: {}", phase.name()));
        },
    );
}

/// Playing: one phase per 1/speed seconds, stopping at the last; asks for the next
/// frame in time.
fn play_tick(ui: &egui::Ui, view: &mut MctsView) {
    let Some((_, last_tick)) = view.playing else {
        return;
    };
    let every = 1.0 / view.speed.max(0.1);
    let now = crate::platform::clock::Instant::now();
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

/// The zoom buttons and the legend: what a node's size and colour say.
fn legend_ui(ui: &mut egui::Ui, view: &mut MctsView) {
    ui.horizontal_wrapped(|ui| {
        match zoom_buttons_ui(ui, "Show the whole tree in the pane") {
            Some(ZoomAsk::Fit) => {
                view.view.auto_fit = true;
                view.fitted = None;
            }
            Some(ask) => {
                let size = view.drawn.1.size();
                view.view.zoom_at(ask.factor(), size / 2.0);
            }
            None => {}
        }
        ui.add_space(4.0);
        ui.spacing_mut().item_spacing.x = 6.0;
        ui.weak("Size: visits. Colour: mean reward for the side that made the move:");
        for (m, t) in [(1.0, "+1"), (0.0, "0"), (-1.0, "−1")] {
            ui.colored_label(mean_color(m, 1), "●");
            ui.weak(t);
        }
        ui.weak("Blue: this iteration's path; orange ring: the node added.");
        if view.tree.proves {
            ui.weak("W, D, L: proven result for the side that made the move.");
        }
        if view.tree.puct.is_some() {
            ui.weak("P: the network's prior for the move. Hover a node for its visits, mean and PUCT value; click it to see its position.");
        } else {
            ui.weak("Hover a node for its UCB1 value; click it to see its position.");
        }
    });
}

/// The colour of the current path.
const PATH_COLOR: Color32 = Color32::from_rgb(40, 110, 230);
/// The colour of the node added and its playout.
const ADDED_COLOR: Color32 = Color32::from_rgb(240, 140, 20);

/// The drawing in the space left, fitted to it on first show (and on `fit`), the
/// current path's last node brought into view when `follow`; returns the node clicked.
fn drawing_ui(ui: &mut egui::Ui, view: &mut MctsView, follow: bool) -> Option<usize> {
    let s = shown(view);
    let area = ui.available_rect_before_wrap();
    let area = Rect::from_min_size(area.min, vec2(area.width(), area.height().max(160.0)));
    ui.allocate_rect(area, Sense::hover());
    let size = area.size();
    if view.view.auto_fit && view.fitted != Some(size) {
        // The plies spread down the pane, the whole drawing in it.
        let (at, bounds) = layout(&view.tree, &s.drawn, LEVEL);
        let depth = at.iter().flatten().map(|p| p.y).fold(0.0, f32::max);
        view.level = stretched_level(bounds, (depth - MARGIN) / LEVEL, size);
        let (_, bounds) = layout(&view.tree, &s.drawn, view.level);
        view.view.fit(size, bounds, FIT_ZOOM);
        view.fitted = Some(size);
    }
    let (at, bounds) = layout(&view.tree, &s.drawn, view.level);
    view.view
        .pan_and_zoom_ui(ui, std::slice::from_ref(&area), "mcts_area");
    if follow && let Some(p) = s.path.last().and_then(|&last| at[last]) {
        view.view.keep_in_view(size, [p.x, p.y], 40.0);
    }
    view.view.clamp(size, bounds);
    let painter = ui.painter_at(area);
    painter.rect_filled(area, 4.0, ui.visuals().extreme_bg_color);
    let screen: Vec<Option<Pos2>> = at
        .iter()
        .map(|p| p.map(|p| view.view.to_screen(area.min, [p.x, p.y])))
        .collect();
    let z = view.view.zoom;
    let text_color = ui.visuals().text_color();
    // Edges, then nodes over them.
    paint_edges(&painter, &view.tree, &s, &screen, z, text_color);
    let mut clicked = None;
    let mut drawn = Vec::new();
    let mut priors = Vec::new();
    for (n, c) in screen.iter().enumerate() {
        let Some(c) = *c else { continue };
        let r = disc_radius(&s.state, n) * z;
        if !area.expand(r).contains(c) {
            continue;
        }
        drawn.push((n, Rect::from_center_size(c, Vec2::splat(2.0 * r))));
        if paint_node(ui, &painter, view, &s, n, (c, z)) {
            clicked = Some(n);
        }
        // PUCT: the node's prior under its disc (its visits are its size, its mean its
        // colour).
        if let Some(p) = view.tree.nodes[n].prior
            && 11.0 * z >= MIN_TEXT
        {
            let text = format!("P {p:.2}");
            painter.text(
                c + vec2(0.0, r + 1.0),
                Align2::CENTER_TOP,
                &text,
                FontId::proportional(11.0 * z),
                ui.visuals().weak_text_color(),
            );
            priors.push((n, text));
        }
    }
    view.priors_drawn = priors;
    if let (Some(text), Some(p)) = (&s.playout, s.path.last().and_then(|&l| screen[l])) {
        let c = p + vec2(0.0, 18.0) * z;
        painter.line_segment([c, c + vec2(0.0, 16.0) * z], Stroke::new(1.5, ADDED_COLOR));
        if 12.0 * z >= MIN_TEXT {
            painter.text(
                c + vec2(-8.0, 18.0) * z,
                Align2::LEFT_TOP,
                text,
                FontId::proportional(12.0 * z),
                text_color,
            );
        }
    }
    view.drawn = (drawn, area);
    clicked
}

/// The radius of node `n`'s disc in the scene: its share of the root's visits.
fn disc_radius(state: &MctsState, n: usize) -> f32 {
    let root_visits = state.visits[0].max(1) as f32;
    5.0 + 13.0 * (state.visits[n] as f32 / root_visits).sqrt()
}

/// The edges (`at`: each node's centre on screen, `z`: the zoom), the current path's
/// thick and blue, each with its move while the tree is small enough to read them.
fn paint_edges(
    painter: &egui::Painter,
    tree: &MctsTree,
    s: &Shown,
    at: &[Option<Pos2>],
    z: f32,
    text_color: Color32,
) {
    let on_path = |a: usize, b: usize| s.path.windows(2).any(|w| w[0] == a && w[1] == b);
    let labels = s.drawn.iter().filter(|&&d| d).count() <= 400 && 11.0 * z >= MIN_TEXT;
    let clip = painter.clip_rect();
    for (n, node) in tree.nodes.iter().enumerate() {
        let (Some(p), Some(parent)) = (at[n], node.parent) else {
            continue;
        };
        let Some(q) = at[parent] else { continue };
        if !clip.intersects(Rect::from_two_pos(p, q)) {
            continue;
        }
        let (width, color) = if on_path(parent, n) {
            (3.0, PATH_COLOR)
        } else {
            (1.0, Color32::from_gray(150))
        };
        painter.line_segment([q, p], Stroke::new(width * z.clamp(0.5, 1.5), color));
        if labels {
            let mid = q + (p - q) * 0.55;
            painter.text(
                mid + vec2(4.0, 0.0) * z,
                Align2::LEFT_CENTER,
                node.mv.as_deref().unwrap_or(""),
                FontId::proportional(11.0 * z),
                text_color,
            );
        }
    }
}

/// Node `n` at `c` on screen at zoom `z`: its disc (size: visits, colour: mean), its
/// ring, its proof, its visits in a backup, its facts on hover. Returns whether it was
/// clicked.
fn paint_node(
    ui: &mut egui::Ui,
    painter: &egui::Painter,
    view: &MctsView,
    s: &Shown,
    n: usize,
    (c, z): (Pos2, f32),
) -> bool {
    let visits = s.state.visits[n];
    let r = disc_radius(&s.state, n) * z;
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
    let text = 11.0 * z;
    if view.tree.proves
        && n > 0
        && text >= MIN_TEXT
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
            FontId::proportional(text),
            Color32::BLACK,
        );
    }
    if s.phase == Phase::Backup && s.path.contains(&n) && text >= MIN_TEXT {
        painter.text(
            c + vec2(r + 3.0, -r),
            Align2::LEFT_BOTTOM,
            format!("n {visits}"),
            FontId::proportional(text),
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
        if let (Some(p), Some(c)) = (tree.nodes[n].parent, tree.puct) {
            lines.extend(puct_lines(tree, state, p, n, c));
        } else if let Some(p) = tree.nodes[n].parent {
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

/// A PUCT node's prior and its PUCT value below its parent `p` (`c`: c_puct).
fn puct_lines(tree: &MctsTree, state: &MctsState, p: usize, n: usize, c: f64) -> Vec<String> {
    let edges = tree.puct_edges(state, p);
    let Some(e) = edges.iter().find(|e| e.child == Some(n)) else {
        return Vec::new();
    };
    vec![
        format!(
            "prior P {:.3} (the network's, at {})",
            e.prior,
            tree.name(p)
        ),
        format!(
            "PUCT Q + c·P·√N / (1 + n) = {:+.3} + {c:.2}·{:.3}·√{} / (1 + {}) = {:.3}",
            e.q, e.prior, state.visits[p], e.n, e.value
        ),
    ]
}

/// A click on node `n`: the board shows its position (Undo goes back); returns it.
fn show_node(cx: &mut Panel<'_>, view: &MctsView, n: usize) -> Option<AnyPosition> {
    cx.show_line(&view.tree.root, &view.tree.line(n))
}
