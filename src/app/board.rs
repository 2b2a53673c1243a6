//! Board widgets for the four games, drawn with `egui::Painter`.
//!
//! Each square, cell or column is its own clickable area with an accessibility label
//! (`square d3`, `cell a1`, `column 4`), so tests and screen readers find it by name.
//! Clicks become [`Command`]s; nothing here changes the app directly except the
//! tic-tac-toe draft (a board being edited that no game reaches yet).

use egui::{Color32, Pos2, Rect, Sense, Stroke, Vec2, pos2, vec2};

use super::{Command, TreelabApp};
use crate::engine::AnyPosition;
use crate::game::Side;
use crate::game::connect4::{self, Connect4, HEIGHT, WIDTH};
use crate::game::othello::Othello;
use crate::game::random_tree::{self, RandomTree, TreeSpec, ValueModel};
use crate::game::tictactoe::TicTacToe;

/// The largest board edge, in points.
const MAX_BOARD: f32 = 340.0;
/// Room for coordinates around the Othello board.
const MARGIN: f32 = 18.0;

const OTHELLO_GREEN: Color32 = Color32::from_rgb(0, 118, 60);
const GRID_DARK: Color32 = Color32::from_rgb(0, 60, 30);
const C4_BLUE: Color32 = Color32::from_rgb(30, 80, 190);
const C4_RED: Color32 = Color32::from_rgb(220, 40, 40);
const C4_YELLOW: Color32 = Color32::from_rgb(245, 210, 40);

/// The board of the current game.
pub fn board_ui(ui: &mut egui::Ui, app: &mut TreelabApp) {
    let pos = app.position.clone();
    match &pos {
        AnyPosition::Othello(p) => othello_ui(ui, app, p),
        AnyPosition::TicTacToe(p) => tictactoe_ui(ui, app, p),
        AnyPosition::Connect4(p, moves) => connect4_ui(ui, app, p, moves.as_deref()),
        AnyPosition::RandomTree(t) => random_tree_ui(ui, app, t),
    }
}

/// A clickable area with an accessibility label.
fn cell_response(ui: &egui::Ui, rect: Rect, label: &str) -> egui::Response {
    let id = ui.make_persistent_id(("board_cell", label));
    let response = ui.interact(rect, id, Sense::click());
    let label = label.to_string();
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
    response
}

fn board_edge(ui: &egui::Ui, margin: f32) -> f32 {
    (ui.available_width() - margin).clamp(160.0, MAX_BOARD)
}

fn othello_ui(ui: &mut egui::Ui, app: &mut TreelabApp, p: &Othello) {
    let show_coords = app.session.view.show_coordinates;
    let margin = if show_coords { MARGIN } else { 0.0 };
    let edge = board_edge(ui, margin);
    let (outer, _) = ui.allocate_exact_size(Vec2::splat(edge + margin), Sense::hover());
    let board = Rect::from_min_size(outer.min + vec2(margin, margin), Vec2::splat(edge));
    let cell = edge / 8.0;
    let painter = ui.painter_at(outer);
    painter.rect_filled(board, 2.0, OTHELLO_GREEN);
    for i in 0..=8 {
        let t = i as f32 * cell;
        let stroke = Stroke::new(1.0, GRID_DARK);
        painter.line_segment(
            [board.min + vec2(t, 0.0), board.min + vec2(t, edge)],
            stroke,
        );
        painter.line_segment(
            [board.min + vec2(0.0, t), board.min + vec2(edge, t)],
            stroke,
        );
    }
    for (cx, cy) in [(2.0, 2.0), (6.0, 2.0), (2.0, 6.0), (6.0, 6.0)] {
        painter.circle_filled(board.min + vec2(cx * cell, cy * cell), 3.0, GRID_DARK);
    }
    if show_coords {
        let font = egui::FontId::proportional(12.0);
        let color = ui.visuals().text_color();
        for i in 0..8u8 {
            let t = (f32::from(i) + 0.5) * cell;
            painter.text(
                pos2(board.min.x + t, outer.min.y + margin / 2.0),
                egui::Align2::CENTER_CENTER,
                char::from(b'A' + i),
                font.clone(),
                color,
            );
            painter.text(
                pos2(outer.min.x + margin / 2.0, board.min.y + t),
                egui::Align2::CENTER_CENTER,
                char::from(b'1' + i),
                font.clone(),
                color,
            );
        }
    }
    let play = app.session.view.play_mode;
    let legal = if play { p.move_mask() } else { 0 };
    for square in 0..64u8 {
        let (col, row) = (f32::from(square % 8), f32::from(square / 8));
        let rect = Rect::from_min_size(board.min + vec2(col * cell, row * cell), Vec2::splat(cell));
        let name = format!(
            "{}{}",
            char::from(b'a' + square % 8),
            char::from(b'1' + square / 8)
        );
        let response = cell_response(ui, rect, &format!("square {name}"));
        let disc = p.disc_at(square);
        if let Some(side) = disc {
            let (fill, line) = match side {
                Side::First => (Color32::from_gray(20), Color32::from_gray(70)),
                Side::Second => (Color32::from_gray(240), Color32::from_gray(150)),
            };
            painter.circle(rect.center(), cell * 0.42, fill, Stroke::new(1.0, line));
        }
        let is_legal = legal & (1u64 << square) != 0;
        if is_legal && app.session.view.show_legal_moves {
            let color = match p.side() {
                Side::First => Color32::from_black_alpha(150),
                Side::Second => Color32::from_white_alpha(180),
            };
            painter.circle_filled(rect.center(), cell * 0.1, color);
        }
        if response.hovered() && (!play || is_legal) {
            painter.rect_stroke(
                rect.shrink(1.5),
                2.0,
                Stroke::new(2.0, Color32::from_rgb(255, 220, 80)),
                egui::StrokeKind::Inside,
            );
        }
        if response.clicked() {
            if play {
                if is_legal {
                    app.push(Command::PlayMove(name));
                } else {
                    app.info(format!("{name} is not a legal move here"));
                }
            } else {
                let bit = 1u64 << square;
                let (mut black, mut white) = (p.black(), p.white());
                match disc {
                    None => black |= bit,
                    Some(Side::First) => {
                        black &= !bit;
                        white |= bit;
                    }
                    Some(Side::Second) => white &= !bit,
                }
                match Othello::from_bitboards(black, white, p.side()) {
                    Ok(q) => app.push(Command::SetPosition(AnyPosition::Othello(q))),
                    Err(e) => app.error(e.to_string()),
                }
            }
        }
    }
}

fn tictactoe_ui(ui: &mut egui::Ui, app: &mut TreelabApp, p: &TicTacToe) {
    let edge = board_edge(ui, 0.0).min(240.0);
    let (board, _) = ui.allocate_exact_size(Vec2::splat(edge), Sense::hover());
    let painter = ui.painter_at(board);
    let cell = edge / 3.0;
    painter.rect_filled(board, 4.0, ui.visuals().extreme_bg_color);
    let line = Stroke::new(3.0, ui.visuals().strong_text_color());
    for i in 1..3 {
        let t = i as f32 * cell;
        painter.line_segment(
            [board.min + vec2(t, 6.0), board.min + vec2(t, edge - 6.0)],
            line,
        );
        painter.line_segment(
            [board.min + vec2(6.0, t), board.min + vec2(edge - 6.0, t)],
            line,
        );
    }
    let (x_mask, o_mask) = app
        .position_ui
        .ttt_draft
        .unwrap_or((p.x_mask(), p.o_mask()));
    let play = app.session.view.play_mode;
    let legal = if play {
        p.legal_moves_names()
    } else {
        Vec::new()
    };
    for c in 0..9u8 {
        let rect = Rect::from_min_size(
            board.min + vec2(f32::from(c % 3) * cell, f32::from(c / 3) * cell),
            Vec2::splat(cell),
        );
        let name = TicTacToe::cell_name(c);
        let response = cell_response(ui, rect, &format!("cell {name}"));
        let bit = 1u16 << c;
        let r = cell * 0.3;
        let centre = rect.center();
        if x_mask & bit != 0 {
            let s = Stroke::new(5.0, Color32::from_rgb(40, 110, 220));
            painter.line_segment([centre - vec2(r, r), centre + vec2(r, r)], s);
            painter.line_segment([centre + vec2(-r, r), centre + vec2(r, -r)], s);
        } else if o_mask & bit != 0 {
            painter.circle_stroke(centre, r, Stroke::new(5.0, Color32::from_rgb(220, 80, 40)));
        }
        if response.hovered() {
            painter.rect_stroke(
                rect.shrink(3.0),
                3.0,
                Stroke::new(1.5, ui.visuals().selection.stroke.color),
                egui::StrokeKind::Inside,
            );
        }
        if response.clicked() {
            if play {
                if legal.contains(&name) {
                    app.push(Command::PlayMove(name));
                } else {
                    app.info(format!("{name} is not a legal move here"));
                }
            } else {
                let (mut x, mut o) = (x_mask, o_mask);
                if x & bit != 0 {
                    x &= !bit;
                    o |= bit;
                } else if o & bit != 0 {
                    o &= !bit;
                } else {
                    x |= bit;
                }
                match TicTacToe::from_masks(x, o) {
                    Ok(q) => {
                        app.position_ui.ttt_draft = None;
                        app.position_ui.edit_error = None;
                        app.push(Command::SetPosition(AnyPosition::TicTacToe(q)));
                    }
                    Err(e) => {
                        app.position_ui.ttt_draft = Some((x, o));
                        app.position_ui.edit_error =
                            Some(format!("Not a position yet: {}", e.message));
                    }
                }
            }
        }
    }
}

/// Tic-tac-toe helpers the board needs.
trait LegalNames {
    fn legal_moves_names(&self) -> Vec<String>;
}

impl LegalNames for TicTacToe {
    fn legal_moves_names(&self) -> Vec<String> {
        AnyPosition::TicTacToe(*self).legal_moves()
    }
}

fn connect4_ui(ui: &mut egui::Ui, app: &mut TreelabApp, p: &Connect4, moves: Option<&str>) {
    let width = board_edge(ui, 0.0);
    let cell = width / WIDTH as f32;
    let (board, _) = ui.allocate_exact_size(vec2(width, cell * HEIGHT as f32), Sense::hover());
    let painter = ui.painter_at(board);
    painter.rect_filled(board, 6.0, C4_BLUE);
    let play = app.session.view.play_mode;
    let over = AnyPosition::Connect4(*p, None).is_over();
    let hole_bg = ui.visuals().extreme_bg_color;
    for col in 0..WIDTH {
        let column = Rect::from_min_size(
            board.min + vec2(col as f32 * cell, 0.0),
            vec2(cell, board.height()),
        );
        let response = cell_response(ui, column, &format!("column {}", col + 1));
        if response.hovered() {
            painter.rect_filled(column.shrink(1.0), 4.0, Color32::from_white_alpha(25));
        }
        for row in 0..HEIGHT {
            let centre = pos2(column.center().x, board.max.y - (row as f32 + 0.5) * cell);
            let fill = match p.cell(col, row) {
                Some(Side::First) => C4_RED,
                Some(Side::Second) => C4_YELLOW,
                None => hole_bg,
            };
            painter.circle_filled(centre, cell * 0.4, fill);
        }
        if response.clicked() {
            if over {
                app.info("The game is over: undo or edit to go on");
            } else if p.can_play(col) {
                app.push(Command::PlayMove((col + 1).to_string()));
            } else {
                app.info(format!("Column {} is full", col + 1));
            }
        }
        if response.secondary_clicked() && !play {
            remove_top(app, p, moves, col);
        }
    }
}

/// Edit mode: takes the top disc off column `col`, if the rest is still a position.
fn remove_top(app: &mut TreelabApp, p: &Connect4, moves: Option<&str>, col: usize) {
    let height = p.column_height(col);
    if height == 0 {
        app.info(format!("Column {} is empty", col + 1));
        return;
    }
    let digit = char::from_digit((col + 1) as u32, 10);
    // When the disc is the last move played, the move string simply loses it.
    if let Some(m) = moves
        && m.chars().last() == digit
        && let Ok(q) = Connect4::from_moves(&m[..m.len() - 1])
    {
        app.push(Command::SetPosition(AnyPosition::Connect4(
            q,
            Some(m[..m.len() - 1].to_string()),
        )));
        return;
    }
    let board = connect4::to_board(p);
    let mut rows: Vec<Vec<char>> = board.lines().map(|l| l.chars().collect()).collect();
    let row_index = HEIGHT - height;
    if let Some(c) = rows.get_mut(row_index).and_then(|r| r.get_mut(col)) {
        *c = '.';
    }
    let text: Vec<String> = rows.into_iter().map(|r| r.into_iter().collect()).collect();
    match connect4::parse_board(&text.join("\n")) {
        Ok(q) => app.push(Command::SetPosition(AnyPosition::Connect4(q, None))),
        Err(e) => app.error(format!("Cannot remove that disc: {}", e.message)),
    }
}

fn random_tree_ui(ui: &mut egui::Ui, app: &mut TreelabApp, t: &RandomTree) {
    let spec = *t.spec();
    let mut edited = spec;
    egui::Grid::new("tree_spec")
        .num_columns(3)
        .spacing([8.0, 4.0])
        .show(ui, |ui| {
            let label = ui.label("Width").id;
            ui.add(egui::DragValue::new(&mut edited.width).range(1..=random_tree::MAX_WIDTH))
                .labelled_by(label);
            ui.weak(format!(
                "children per node, 1 to {}",
                random_tree::MAX_WIDTH
            ));
            ui.end_row();
            let label = ui.label("Depth").id;
            ui.add(egui::DragValue::new(&mut edited.depth).range(1..=random_tree::MAX_DEPTH))
                .labelled_by(label);
            ui.weak(format!(
                "plies to the leaves, 1 to {}",
                random_tree::MAX_DEPTH
            ));
            ui.end_row();
            let label = ui.label("Seed").id;
            ui.add(egui::DragValue::new(&mut edited.seed))
                .labelled_by(label);
            ui.weak("every value derives from it");
            ui.end_row();
            ui.label("Values");
            let (mut incremental, mut magnitude) = match edited.model {
                ValueModel::Independent { range } => (false, range),
                ValueModel::Incremental { step } => (true, step),
            };
            ui.horizontal(|ui| {
                egui::ComboBox::from_id_salt("value_model")
                    .selected_text(if incremental {
                        "incremental"
                    } else {
                        "independent"
                    })
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut incremental, false, "independent");
                        ui.selectable_value(&mut incremental, true, "incremental");
                    })
                    .response
                    .on_hover_text("Value model");
                ui.add(egui::DragValue::new(&mut magnitude).range(1..=random_tree::MAX_MAGNITUDE))
                    .on_hover_text("Leaf range, or step per ply");
            });
            ui.weak(if incremental {
                "step per ply, 1 to 1,000,000"
            } else {
                "leaf range ±, 1 to 1,000,000"
            });
            edited.model = if incremental {
                ValueModel::Incremental { step: magnitude }
            } else {
                ValueModel::Independent { range: magnitude }
            };
            ui.end_row();
        });
    if edited != spec {
        match RandomTree::new(edited) {
            Ok(tree) => app.push(Command::SetPosition(AnyPosition::RandomTree(tree))),
            Err(e) => app.error(e.to_string()),
        }
    }
    let leaves = spec
        .leaf_count()
        .map_or_else(|| "more than 2^64".to_string(), |n| n.to_string());
    let minimal = spec
        .minimal_leaves()
        .map_or_else(|| "more than 2^64".to_string(), |n| n.to_string());
    ui.label(format!(
        "{leaves} leaves; a perfectly ordered alpha-beta sees {minimal}"
    ));
    if t.ply() > 0 {
        ui.label(format!(
            "At ply {} of the tree (value {})",
            t.ply(),
            t.value()
        ));
    }
    draw_tree(ui, &spec);
}

/// A small drawing of the tree's shape: at most 3 children and 3 levels drawn.
fn draw_tree(ui: &mut egui::Ui, spec: &TreeSpec) {
    let width = board_edge(ui, 0.0);
    let shown_depth = spec.depth.min(3);
    let shown_width = spec.width.min(3);
    let height = 40.0 + 36.0 * shown_depth as f32;
    let (rect, _) = ui.allocate_exact_size(vec2(width, height), Sense::hover());
    let painter = ui.painter_at(rect);
    let stroke = Stroke::new(1.2, ui.visuals().text_color());
    let node = ui.visuals().selection.bg_fill;
    let top = rect.min.y + 14.0;
    let mut level: Vec<Pos2> = vec![pos2(rect.center().x, top)];
    for d in 1..=shown_depth {
        let count = level.len() * shown_width as usize;
        let y = top + 36.0 * d as f32;
        let step = (rect.width() - 20.0) / count as f32;
        let next: Vec<Pos2> = (0..count)
            .map(|i| pos2(rect.min.x + 10.0 + step * (i as f32 + 0.5), y))
            .collect();
        for (i, child) in next.iter().enumerate() {
            let parent = level[i / shown_width as usize];
            painter.line_segment([parent, *child], stroke);
        }
        for p in &level {
            painter.circle_filled(*p, 4.5, node);
        }
        level = next;
    }
    for p in &level {
        painter.circle_filled(*p, 3.0, node);
    }
    let mut note = Vec::new();
    if spec.width > shown_width {
        note.push(format!("{} children per node", spec.width));
    }
    if spec.depth > shown_depth {
        note.push(format!("{} plies deep", spec.depth));
    }
    if !note.is_empty() {
        painter.text(
            pos2(rect.center().x, rect.max.y - 8.0),
            egui::Align2::CENTER_CENTER,
            format!("… {}", note.join(", ")),
            egui::FontId::proportional(12.0),
            ui.visuals().weak_text_color(),
        );
    }
}
