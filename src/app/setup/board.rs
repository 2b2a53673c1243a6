//! The board of the current game, drawn with `egui::Painter` from the game's
//! description (`game::describe`): a grid of discs or marks, columns that stones drop
//! into, or a board-less game's parameters with a sketch of its tree.
//!
//! Each square, cell or column is its own clickable area with an accessibility label
//! (`square d3`, `cell a1`, `column 4`), so tests and screen readers find it by name.
//! Clicks become [`Command`]s; nothing here changes the app directly except the draft
//! (an edited board that no game reaches yet).

use egui::{Color32, Pos2, Rect, Sense, Stroke, Vec2, pos2, vec2};

use super::position_state::PositionPanel;
use crate::app::frame::command::Command;
use crate::app::frame::layout;
use crate::app::frame::panel::Panel;
use crate::engine::AnyPosition;
use crate::game::Side;
use crate::game::describe::{BoardLayout, GridStyle, Param};

/// The largest board edge, in points.
const MAX_BOARD: f32 = 340.0;
/// The largest edge of a board of marks (tic-tac-toe).
const MAX_MARKS_BOARD: f32 = 240.0;
/// Room for coordinates around a board of discs.
const MARGIN: f32 = 18.0;

const DISCS_GREEN: Color32 = Color32::from_rgb(0, 118, 60);
const GRID_DARK: Color32 = Color32::from_rgb(0, 60, 30);
const COLUMNS_BLUE: Color32 = Color32::from_rgb(30, 80, 190);
const FIRST_STONE: Color32 = Color32::from_rgb(220, 40, 40);
const SECOND_STONE: Color32 = Color32::from_rgb(245, 210, 40);
const MARK_X: Color32 = Color32::from_rgb(40, 110, 220);
const MARK_O: Color32 = Color32::from_rgb(220, 80, 40);
const HOVER: Color32 = Color32::from_rgb(255, 220, 80);

/// The board of the current game.
pub fn board_ui(ui: &mut egui::Ui, cx: &mut Panel<'_>, panel: &mut PositionPanel) {
    let pos = cx.session().position.clone();
    match pos.kind().info().layout() {
        BoardLayout::Grid { cols, rows, style } => {
            grid_ui(ui, cx, panel, &pos, (cols, rows), style);
        }
        BoardLayout::Columns { cols, rows } => columns_ui(ui, cx, &pos, cols, rows),
        BoardLayout::Parameters => parameters_ui(ui, cx, &pos),
        BoardLayout::Tree => super::tree_editor::tree_ui(ui, cx, panel, &pos),
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

/// The cells to draw: the draft being edited, else the position's.
fn shown_cells(panel: &PositionPanel, pos: &AnyPosition) -> Vec<Option<Side>> {
    panel.draft.clone().unwrap_or_else(|| pos.as_dyn().cells())
}

/// Edit mode: the cell goes empty → first side → second side → empty. A board no game
/// reaches stays as a draft with the reason shown.
fn cycle_cell(
    cx: &mut Panel<'_>,
    panel: &mut PositionPanel,
    pos: &AnyPosition,
    mut cells: Vec<Option<Side>>,
    i: usize,
) {
    cells[i] = match cells[i] {
        None => Some(Side::First),
        Some(Side::First) => Some(Side::Second),
        Some(Side::Second) => None,
    };
    match pos.as_dyn().with_cells(&cells) {
        Ok(q) => {
            panel.clear_drafts();
            cx.push(Command::SetPosition(q));
        }
        Err(e) => {
            panel.draft = Some(cells);
            panel.edit_error = Some(format!("Not a position yet: {}", e.message));
        }
    }
}

/// Play mode: plays the move a cell names, or says it is not legal.
fn play_cell(cx: &mut Panel<'_>, legal: &[String], mv: String) {
    if legal.contains(&mv) {
        cx.push(Command::PlayMove(mv));
    } else {
        cx.info(format!("{mv} is not a legal move here"));
    }
}

/// A board of cells clicked one by one: discs on green (Othello) or marks (tic-tac-toe).
fn grid_ui(
    ui: &mut egui::Ui,
    cx: &mut Panel<'_>,
    panel: &mut PositionPanel,
    pos: &AnyPosition,
    (cols, rows): (usize, usize),
    style: GridStyle,
) {
    let info = pos.kind().info();
    let discs = style == GridStyle::Discs;
    let show_coords = discs && cx.view.show_coordinates;
    let margin = if show_coords { MARGIN } else { 0.0 };
    let mut edge = board_edge(ui, margin);
    if !discs {
        edge = edge.min(MAX_MARKS_BOARD);
    }
    let cell = edge / cols.max(rows) as f32;
    let size = vec2(cell * cols as f32, cell * rows as f32);
    let (outer, _) = ui.allocate_exact_size(size + Vec2::splat(margin), Sense::hover());
    let board = Rect::from_min_size(outer.min + Vec2::splat(margin), size);
    let painter = ui.painter_at(outer);
    if discs {
        paint_discs_board(&painter, board, cell, (cols, rows));
    } else {
        paint_marks_board(ui, &painter, board, cell, (cols, rows));
    }
    if show_coords {
        paint_coordinates(ui, &painter, outer, board, cell, (cols, rows), margin);
    }
    let play = cx.view.play_mode;
    let legal = if play { pos.legal_moves() } else { Vec::new() };
    let cells = shown_cells(panel, pos);
    let texts = pos.as_dyn().cell_texts();
    let to_move = pos.side_to_move();
    for (i, &stone) in cells.iter().enumerate().take(cols * rows) {
        let (col, row) = ((i % cols) as f32, (i / cols) as f32);
        let rect = Rect::from_min_size(board.min + vec2(col * cell, row * cell), Vec2::splat(cell));
        let response = cell_response(ui, rect, &info.cell_label(i));
        let centre = rect.center();
        if let Some(side) = stone {
            if style == GridStyle::Cubes {
                let number = texts.get(i).map_or("", String::as_str);
                paint_cube(&painter, centre, cell, side, number);
            } else {
                paint_stone(&painter, centre, cell, side, discs);
            }
        }
        let mv = info.cell_move(i);
        let is_legal = play && legal.contains(&mv);
        if discs && is_legal && cx.view.show_legal_moves {
            let color = match to_move {
                Side::First => Color32::from_black_alpha(150),
                Side::Second => Color32::from_white_alpha(180),
            };
            painter.circle_filled(centre, cell * 0.1, color);
        }
        if response.hovered() && (!play || is_legal || !discs) {
            let (stroke, inset) = if discs {
                (Stroke::new(2.0, HOVER), 1.5)
            } else {
                (Stroke::new(1.5, ui.visuals().selection.stroke.color), 3.0)
            };
            painter.rect_stroke(rect.shrink(inset), 2.0, stroke, egui::StrokeKind::Inside);
        }
        let back = response.secondary_clicked();
        if response.clicked() || (back && !play) {
            if play {
                play_cell(cx, &legal, mv);
            } else if let Some(stepped) = pos.as_dyn().cell_stepped(i, back) {
                // Numbered stones: the cell steps through its choices.
                match stepped {
                    Ok(q) => cx.push(Command::SetPosition(q)),
                    Err(e) => cx.error(format!("Cannot set that cell: {}", e.message)),
                }
            } else {
                cycle_cell(cx, panel, pos, cells.clone(), i);
            }
        }
    }
}

/// The green board of a game of discs (Othello): its grid lines, and on an 8×8 board
/// the four marked points.
fn paint_discs_board(
    painter: &egui::Painter,
    board: Rect,
    cell: f32,
    (cols, rows): (usize, usize),
) {
    painter.rect_filled(board, 2.0, DISCS_GREEN);
    let stroke = Stroke::new(1.0, GRID_DARK);
    for i in 0..=cols {
        let x = board.min.x + i as f32 * cell;
        painter.line_segment([pos2(x, board.min.y), pos2(x, board.max.y)], stroke);
    }
    for i in 0..=rows {
        let y = board.min.y + i as f32 * cell;
        painter.line_segment([pos2(board.min.x, y), pos2(board.max.x, y)], stroke);
    }
    if cols == 8 && rows == 8 {
        for (cx, cy) in [(2.0, 2.0), (6.0, 2.0), (2.0, 6.0), (6.0, 6.0)] {
            painter.circle_filled(board.min + vec2(cx * cell, cy * cell), 3.0, GRID_DARK);
        }
    }
}

/// The board of a game of marks (tic-tac-toe): the inner lines only, short of the edge.
fn paint_marks_board(
    ui: &egui::Ui,
    painter: &egui::Painter,
    board: Rect,
    cell: f32,
    (cols, rows): (usize, usize),
) {
    painter.rect_filled(board, 4.0, ui.visuals().extreme_bg_color);
    let line = Stroke::new(3.0, ui.visuals().strong_text_color());
    for i in 1..cols {
        let x = board.min.x + i as f32 * cell;
        painter.line_segment(
            [pos2(x, board.min.y + 6.0), pos2(x, board.max.y - 6.0)],
            line,
        );
    }
    for i in 1..rows {
        let y = board.min.y + i as f32 * cell;
        painter.line_segment(
            [pos2(board.min.x + 6.0, y), pos2(board.max.x - 6.0, y)],
            line,
        );
    }
}

/// The coordinates in the `margin` between `outer` and `board`: letters over the
/// columns, numbers left of the rows.
fn paint_coordinates(
    ui: &egui::Ui,
    painter: &egui::Painter,
    outer: Rect,
    board: Rect,
    cell: f32,
    (cols, rows): (usize, usize),
    margin: f32,
) {
    let font = egui::FontId::proportional(12.0);
    let color = ui.visuals().text_color();
    for i in 0..cols.max(rows) {
        let t = (i as f32 + 0.5) * cell;
        if i < cols {
            painter.text(
                pos2(board.min.x + t, outer.min.y + margin / 2.0),
                egui::Align2::CENTER_CENTER,
                char::from(b'A' + i as u8),
                font.clone(),
                color,
            );
        }
        if i < rows {
            painter.text(
                pos2(outer.min.x + margin / 2.0, board.min.y + t),
                egui::Align2::CENTER_CENTER,
                (i + 1).to_string(),
                font.clone(),
                color,
            );
        }
    }
}

/// A side's stone in a cell of edge `cell` centred at `centre`: a black or white disc,
/// or (on a board of marks) an X or an O.
fn paint_stone(painter: &egui::Painter, centre: Pos2, cell: f32, side: Side, discs: bool) {
    match (side, discs) {
        (side, true) => {
            let (fill, line) = match side {
                Side::First => (Color32::from_gray(20), Color32::from_gray(70)),
                Side::Second => (Color32::from_gray(240), Color32::from_gray(150)),
            };
            painter.circle(centre, cell * 0.42, fill, Stroke::new(1.0, line));
        }
        (Side::First, false) => {
            let (r, s) = (cell * 0.3, Stroke::new(5.0, MARK_X));
            painter.line_segment([centre - vec2(r, r), centre + vec2(r, r)], s);
            painter.line_segment([centre + vec2(-r, r), centre + vec2(r, -r)], s);
        }
        (Side::Second, false) => {
            painter.circle_stroke(centre, cell * 0.3, Stroke::new(5.0, MARK_O));
        }
    }
}

/// A numbered cube (EinStein würfelt nicht!): White's light, Black's dark, the number
/// on it.
fn paint_cube(painter: &egui::Painter, centre: Pos2, cell: f32, side: Side, number: &str) {
    let (fill, line, ink) = match side {
        Side::First => (
            Color32::from_gray(235),
            Color32::from_gray(120),
            Color32::from_gray(20),
        ),
        Side::Second => (
            Color32::from_gray(35),
            Color32::from_gray(110),
            Color32::from_gray(240),
        ),
    };
    let rect = egui::Rect::from_center_size(centre, Vec2::splat(cell * 0.72));
    painter.rect(
        rect,
        cell * 0.1,
        fill,
        Stroke::new(1.5, line),
        egui::StrokeKind::Inside,
    );
    painter.text(
        centre,
        egui::Align2::CENTER_CENTER,
        number,
        egui::FontId::proportional(cell * 0.42),
        ink,
    );
}

/// Columns that stones drop into (Connect Four): a click plays the column in either
/// mode; a right click in edit mode takes the column's top stone off.
fn columns_ui(ui: &mut egui::Ui, cx: &mut Panel<'_>, pos: &AnyPosition, cols: usize, rows: usize) {
    let info = pos.kind().info();
    let width = board_edge(ui, 0.0);
    let cell = width / cols as f32;
    let (board, _) = ui.allocate_exact_size(vec2(width, cell * rows as f32), Sense::hover());
    let painter = ui.painter_at(board);
    painter.rect_filled(board, 6.0, COLUMNS_BLUE);
    let play = cx.view.play_mode;
    let over = pos.is_over();
    let legal = pos.legal_moves();
    let cells = pos.as_dyn().cells();
    let hole_bg = ui.visuals().extreme_bg_color;
    for col in 0..cols {
        let column = Rect::from_min_size(
            board.min + vec2(col as f32 * cell, 0.0),
            vec2(cell, board.height()),
        );
        let response = cell_response(ui, column, &info.cell_label(col));
        if response.hovered() {
            painter.rect_filled(column.shrink(1.0), 4.0, Color32::from_white_alpha(25));
        }
        for row in 0..rows {
            let centre = pos2(column.center().x, board.min.y + (row as f32 + 0.5) * cell);
            let fill = match cells.get(row * cols + col).copied().flatten() {
                Some(Side::First) => FIRST_STONE,
                Some(Side::Second) => SECOND_STONE,
                None => hole_bg,
            };
            painter.circle_filled(centre, cell * 0.4, fill);
        }
        if response.clicked() {
            let mv = info.cell_move(col);
            if over {
                cx.info("The game is over: undo or edit to go on");
            } else if legal.contains(&mv) {
                cx.push(Command::PlayMove(mv));
            } else {
                cx.info(format!("Column {} is full", col + 1));
            }
        }
        if response.secondary_clicked() && !play {
            remove_top(cx, pos, cells.clone(), cols, col);
        }
    }
}

/// Edit mode: takes the top stone off column `col`, if the rest is still a position.
fn remove_top(
    cx: &mut Panel<'_>,
    pos: &AnyPosition,
    mut cells: Vec<Option<Side>>,
    cols: usize,
    col: usize,
) {
    let Some(top) = (col..cells.len())
        .step_by(cols)
        .find(|&i| cells[i].is_some())
    else {
        cx.info(format!("Column {} is empty", col + 1));
        return;
    };
    cells[top] = None;
    match pos.as_dyn().with_cells(&cells) {
        Ok(q) => cx.push(Command::SetPosition(q)),
        Err(e) => cx.error(format!("Cannot remove that disc: {}", e.message)),
    }
}

/// A board-less game: its parameters, facts about it, and a sketch of its tree.
fn parameters_ui(ui: &mut egui::Ui, cx: &mut Panel<'_>, pos: &AnyPosition) {
    let params = pos.as_dyn().params();
    let mut values: Vec<u64> = params.iter().map(|p| p.value).collect();
    egui::Grid::new("game_params")
        .num_columns(3)
        .spacing([8.0, 4.0])
        .show(ui, |ui| {
            for (i, param) in params.iter().enumerate() {
                param_ui(ui, param, &mut values[i]);
                ui.end_row();
            }
        });
    if values.iter().zip(&params).any(|(v, p)| *v != p.value) {
        match pos.as_dyn().with_params(&values) {
            Ok(q) => cx.push(Command::SetPosition(q)),
            Err(e) => cx.error(e.to_string()),
        }
    }
    for note in pos.as_dyn().notes() {
        ui.label(note);
    }
    if let Some((width, depth)) = pos.as_dyn().tree_shape() {
        draw_tree(ui, width, depth);
    }
}

/// One parameter: a label, a number field or a choice, and its hint.
fn param_ui(ui: &mut egui::Ui, param: &Param, value: &mut u64) {
    let label = ui.label(param.name).id;
    if param.choices.is_empty() {
        ui.add(layout::number(value).range(param.min..=param.max))
            .labelled_by(label);
    } else {
        let current = usize::try_from(*value).unwrap_or(0);
        let shown = param.choices.get(current).copied().unwrap_or("?");
        egui::ComboBox::from_id_salt(("game_param", param.name))
            .selected_text(shown)
            .show_ui(ui, |ui| {
                for (i, name) in param.choices.iter().enumerate() {
                    ui.selectable_value(value, i as u64, *name);
                }
            })
            .response
            .labelled_by(label);
    }
    ui.weak(&param.hint);
}

/// A small drawing of the tree's shape: at most 3 children and 3 levels drawn.
fn draw_tree(ui: &mut egui::Ui, tree_width: u32, tree_depth: u32) {
    let width = board_edge(ui, 0.0);
    let shown_depth = tree_depth.min(3);
    let shown_width = tree_width.min(3);
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
    if tree_width > shown_width {
        note.push(format!("{} children per node", tree_width));
    }
    if tree_depth > shown_depth {
        note.push(format!("{} plies deep", tree_depth));
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
