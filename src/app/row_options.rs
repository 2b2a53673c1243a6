//! A comparison row's options: the panel that edits them (each control greyed out,
//! with the reason, where the row's algorithm cannot take it) and the short summary
//! shown in the row. Edits go to the session as a command (`Session::set_row_options`
//! drops the options that mean nothing alone).

use super::{Command, TreelabApp};
use crate::game::Scoring;
use crate::search::options::DEFAULT_MT_MEMORY_MIB;
use crate::search::options::{MAX_GRAIN, MAX_KILLERS, MAX_SHALLOW_DEPTH, MAX_SSS_MIB, MAX_TT_MIB};
use crate::search::registry::OwnOption;
use crate::search::{InitialWindow, MoveOrder, MtMemory, SearchOptions, TableKind};
use crate::session::option_applies as applies;

/// A short summary of the options that differ from the defaults.
#[must_use]
pub fn options_summary(o: &SearchOptions) -> String {
    let d = SearchOptions::default();
    let mut parts = Vec::new();
    if o.fail_soft {
        parts.push("fail-soft".to_string());
    }
    if o.soft_cutoffs {
        parts.push("soft cutoffs".to_string());
    }
    if o.ordering != MoveOrder::Generation {
        let first = if o.order_all { "" } else { " (first)" };
        parts.push(format!("order {}{first}", o.ordering.name()));
    }
    if o.oracle_win_loss {
        parts.push("oracle win/loss".into());
    }
    if o.killers > 0 {
        parts.push(format!("killers {}", o.killers));
    }
    if o.history {
        parts.push("history".into());
    }
    if o.tt_mib > 0 {
        let sym = if o.tt_symmetry { " sym" } else { "" };
        let leaves = if o.tt_leaves { " +leaves" } else { "" };
        let kind = match o.table {
            TableKind::Full => "",
            TableKind::Upper => " upper",
            TableKind::LastBound => " last bound",
        };
        parts.push(format!("TT {} MiB{kind}{sym}{leaves}", o.tt_mib));
    }
    match o.mt_memory {
        MtMemory::Plaat => {}
        MtMemory::Ordinary => parts.push("ordinary table".into()),
        MtMemory::None => parts.push("no memory".into()),
    }
    if o.win_at_once {
        parts.push("win at once".into());
    }
    if o.non_losing {
        parts.push("non-losing".into());
    }
    if o.iterative_deepening {
        parts.push("ID".into());
    }
    if o.aspiration > 0 {
        parts.push(format!("aspiration ±{}", o.aspiration));
    }
    if o.window != d.window {
        parts.push(format!("window {}", o.window.name()));
    }
    if o.scoring != d.scoring {
        parts.push(format!("scoring {}", o.scoring.name()));
    }
    if o.skip_shallow_research {
        parts.push("skip re-search d≤2".into());
    }
    if o.first_guess != d.first_guess {
        parts.push(format!("first guess {}", o.first_guess));
    }
    if o.guess_before_last {
        parts.push("guess from depth d-2".into());
    }
    if o.grain > 1 {
        parts.push(format!("grain {}", o.grain));
    }
    if o.sss_memory_mib != d.sss_memory_mib {
        parts.push(format!("OPEN {} MiB", o.sss_memory_mib));
    }
    if parts.is_empty() {
        "defaults".into()
    } else {
        parts.join(", ")
    }
}

/// A memory choice of MT-SSS* in words for the menu.
fn memory_name(m: MtMemory) -> &'static str {
    match m {
        MtMemory::Plaat => "Plaat's (leaves kept)",
        MtMemory::Ordinary => "an ordinary table",
        MtMemory::None => "none",
    }
}

/// Adds a control that is greyed out, with the reason as its tooltip, when `why` is an
/// error.
fn gated<R>(
    ui: &mut egui::Ui,
    why: Result<(), String>,
    add: impl FnOnce(&mut egui::Ui) -> R,
) -> Option<R> {
    match why {
        Ok(()) => Some(add(ui)),
        Err(reason) => {
            let r = ui.add_enabled_ui(false, add);
            r.response.on_disabled_hover_text(reason);
            None
        }
    }
}

pub(super) fn options_ui(ui: &mut egui::Ui, app: &mut TreelabApp, i: usize) {
    let Some(row) = app.session.rows.get(i) else {
        return;
    };
    let a = row.algorithm;
    let before = row.options.clone();
    let problem = row.check().err();
    ui.label(
        egui::RichText::new(format!(
            "Options of row {}: {}",
            i + 1,
            before.variant_label(a)
        ))
        .strong(),
    );
    let mut edited = before.clone();
    let o = &mut edited;
    // As many cells to a row as the panel has room for (2 to 4).
    let per_row = ((ui.available_width() / 240.0) as usize).clamp(2, 4);
    let mut cells = 0usize;
    let mut next = |ui: &mut egui::Ui| {
        cells += 1;
        if cells.is_multiple_of(per_row) {
            ui.end_row();
        }
    };
    egui::Grid::new(("row_options", i))
        .num_columns(per_row)
        .spacing([12.0, 4.0])
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                gated(ui, applies(a, |x| x.fail_soft = true), |ui| {
                    ui.checkbox(&mut o.fail_soft, "Fail-soft")
                });
                let soft_cuts = applies(a, |x| x.soft_cutoffs = true).and_then(|()| {
                    if o.fail_soft {
                        Err("a fail-hard variant: fail-soft returns every value as it is".to_string())
                    } else {
                        Ok(())
                    }
                });
                gated(ui, soft_cuts, |ui| {
                    ui.checkbox(&mut o.soft_cutoffs, "Soft cutoffs")
                        .on_hover_text("Fail-hard, but a cutoff returns the value that caused it and a known bound is returned as it is (Pons' negamax)")
                });
            });
            next(ui);
            ui.horizontal(|ui| {
                ui.label("Ordering");
                let mut kind = match o.ordering {
                    MoveOrder::Shallow(_) => MoveOrder::Shallow(0),
                    other => other,
                };
                egui::ComboBox::from_id_salt(("ordering", i))
                    .selected_text(match kind {
                        MoveOrder::Generation => "generation order",
                        MoveOrder::Static => "static hint",
                        MoveOrder::Evaluation => "evaluation",
                        MoveOrder::Shallow(_) => "shallow search",
                        MoveOrder::Oracle => "perfect oracle",
                        MoveOrder::Threats => "threats",
                    })
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut kind, MoveOrder::Generation, "generation order");
                        ui.selectable_value(&mut kind, MoveOrder::Static, "static hint")
                            .on_hover_text("The game's hint: corners first, centre first");
                        ui.selectable_value(&mut kind, MoveOrder::Evaluation, "evaluation")
                            .on_hover_text("Each child's static evaluation");
                        ui.selectable_value(&mut kind, MoveOrder::Shallow(0), "shallow search")
                            .on_hover_text("A shallow alpha-beta search of each child");
                        ui.selectable_value(&mut kind, MoveOrder::Oracle, "perfect oracle")
                            .on_hover_text("Each child's exact value (not counted)");
                        ui.selectable_value(&mut kind, MoveOrder::Threats, "threats")
                            .on_hover_text("The lines each move threatens to complete (Connect Four, tic-tac-toe), centre first on ties: Pons' step 7");
                    })
.response.on_hover_text("Move ordering");
                o.ordering = match (kind, o.ordering) {
                    (MoveOrder::Shallow(_), MoveOrder::Shallow(k)) => MoveOrder::Shallow(k),
                    (MoveOrder::Shallow(_), _) => MoveOrder::Shallow(2),
                    (k, _) => k,
                };
                if let MoveOrder::Shallow(k) = &mut o.ordering {
                    ui.add(egui::DragValue::new(k).range(1..=MAX_SHALLOW_DEPTH).prefix("depth "));
                }
            });
            next(ui);
            let ordered = if o.ordering == MoveOrder::Generation {
                Err("no ordering chosen".to_string())
            } else {
                Ok(())
            };
            gated(ui, ordered, |ui| {
                let mut first_only = !o.order_all;
                ui.checkbox(&mut first_only, "Only the first move")
                    .on_hover_text("Bring only the best-rated move to the front (article 002)");
                o.order_all = !first_only;
            });
            next(ui);
            let oracle = if o.ordering == MoveOrder::Oracle {
                Ok(())
            } else {
                Err("only with the perfect oracle".to_string())
            };
            gated(ui, oracle, |ui| {
                ui.checkbox(&mut o.oracle_win_loss, "Oracle blind to win distance")
            });
            next(ui);

            gated(ui, applies(a, |x| x.killers = 1), |ui| {
                ui.horizontal(|ui| {
                    ui.label("Killers");
                    ui.add(egui::DragValue::new(&mut o.killers).range(0..=MAX_KILLERS))
                        .on_hover_text(format!(
                            "Killer moves kept per ply, 0 (off) to {MAX_KILLERS}"
                        ));
                })
            });
            next(ui);
            gated(ui, applies(a, |x| x.history = true), |ui| {
                ui.checkbox(&mut o.history, "History heuristic")
            });
            next(ui);
            let info = a.info();
            if info.has(OwnOption::MtMemory) {
                ui.horizontal(|ui| {
                    ui.label("Memory");
                    egui::ComboBox::from_id_salt(("mt_memory", i))
                        .selected_text(memory_name(o.mt_memory))
                        .show_ui(ui, |ui| {
                            for (m, why) in [
                                (MtMemory::Plaat, "Plaat et al.'s MT memory: a table that keeps leaves and bounds only; MT-SSS* evaluates exactly SSS*'s leaves"),
                                (MtMemory::Ordinary, "An ordinary table: its best move first, leaves evaluated again on every pass"),
                                (MtMemory::None, "No table: every pass searches from the root again"),
                            ] {
                                ui.selectable_value(&mut o.mt_memory, m, memory_name(m))
                                    .on_hover_text(why);
                            }
                        })
                        .response
                        .on_hover_text("What MT-SSS*'s null-window passes share");
                });
                if o.mt_memory == MtMemory::None {
                    o.tt_mib = 0;
                    o.tt_leaves = false;
                }
                if o.mt_memory == MtMemory::Ordinary {
                    o.tt_leaves = false;
                }
                next(ui);
            }
            let table_size = applies(a, |x| x.tt_mib = 1).and_then(|()| {
                if info.has(OwnOption::MtMemory) && o.mt_memory == MtMemory::None {
                    Err(format!("{} without memory has no table", info.label))
                } else {
                    Ok(())
                }
            });
            gated(ui, table_size, |ui| {
                ui.horizontal(|ui| {
                    ui.label("TT");
                    let none = if info.has(OwnOption::MtMemory) {
                        format!("the default {DEFAULT_MT_MEMORY_MIB} MiB memory")
                    } else {
                        "none".to_string()
                    };
                    ui.add(
                        egui::DragValue::new(&mut o.tt_mib)
                            .range(0..=MAX_TT_MIB)
                            .suffix(" MiB"),
                    )
                    .on_hover_text(format!(
                        "Transposition table size, 0 ({none}) to {MAX_TT_MIB} MiB; Run refuses tables that do not fit in memory with that many threads"
                    ));
                })
            });
            next(ui);
            let sym = if o.tt_mib == 0 {
                Err("needs a transposition table (set its size)".to_string())
            } else {
                Ok(())
            };
            gated(ui, sym, |ui| {
                ui.checkbox(&mut o.tt_symmetry, "Share symmetric positions")
            });
            next(ui);

            let leaves = applies(a, |x| {
                x.tt_mib = 1;
                x.tt_leaves = true;
            })
            .and_then(|()| {
                if info.has(OwnOption::MtMemory) {
                    Err(format!("{}'s memory decides: Plaat's keeps leaves, an ordinary table does not", info.label))
                } else if o.tt_mib == 0 {
                    Err("needs a transposition table (set its size)".to_string())
                } else {
                    Ok(())
                }
            });
            gated(ui, leaves, |ui| {
                ui.checkbox(&mut o.tt_leaves, "Keep leaves in the table")
                    .on_hover_text("Later null-window passes read a leaf's value instead of evaluating it again")
            });
            next(ui);

            let kinds = if o.tt_mib == 0 {
                Err("needs a transposition table (set its size)".to_string())
            } else {
                Ok(())
            };
            gated(ui, kinds, |ui| {
                ui.horizontal(|ui| {
                    ui.label("Table keeps");
                    egui::ComboBox::from_id_salt(("table", i))
                        .selected_text(o.table.name())
                        .show_ui(ui, |ui| {
                            for k in TableKind::ALL {
                                ui.selectable_value(&mut o.table, k, k.name())
                                    .on_hover_text(k.label());
                            }
                        })
                        .response
                        .on_hover_text("What the table keeps per position");
                })
            });
            next(ui);
            ui.checkbox(&mut o.win_at_once, "Win at once")
                .on_hover_text("Score a node whose side to move wins at once without expanding it, and narrow the window to the game's bounds on the value (searches to the end of the game; Pons)");
            next(ui);
            let nonlosing = if o.win_at_once {
                Ok(())
            } else {
                Err("needs the win-at-once check".to_string())
            };
            gated(ui, nonlosing, |ui| {
                ui.checkbox(&mut o.non_losing, "Only non-losing moves")
                    .on_hover_text("Search only the moves that do not let the opponent win at once (Pons' step 6)")
            });
            next(ui);

            gated(ui, applies(a, |x| x.iterative_deepening = true), |ui| {
                ui.checkbox(&mut o.iterative_deepening, "Iterative deepening")
            });
            next(ui);
            let asp = applies(a, |x| {
                x.iterative_deepening = true;
                x.aspiration = 1;
            })
            .and_then(|()| {
                if o.iterative_deepening {
                    Ok(())
                } else {
                    Err("aspiration windows centre on the previous iteration: turn on iterative deepening".to_string())
                }
            });
            gated(ui, asp, |ui| {
                ui.horizontal(|ui| {
                    ui.label("Aspiration ±");
                    ui.add(egui::DragValue::new(&mut o.aspiration).range(0..=10_000))
                        .on_hover_text("Half-width around the last score (0 = off)");
                })
            });
            next(ui);
            gated(ui, applies(a, |x| x.window = InitialWindow::GameRange), |ui| {
                ui.horizontal(|ui| {
                    ui.label("Window");
                    ui.radio_value(&mut o.window, InitialWindow::Infinite, "(-∞, ∞)");
                    ui.radio_value(&mut o.window, InitialWindow::GameRange, "game range");
                })
            });
            next(ui);
            ui.horizontal(|ui| {
                ui.label("Scoring");
                egui::ComboBox::from_id_salt(("scoring", i))
                    .selected_text(o.scoring.name())
                    .show_ui(ui, |ui| {
                        for s in Scoring::ALL {
                            ui.selectable_value(&mut o.scoring, s, s.name());
                        }
                    })
.response.on_hover_text("Scoring");
            });
            next(ui);

            let skip = applies(a, |x| x.skip_shallow_research = true);
            gated(ui, skip, |ui| {
                ui.checkbox(&mut o.skip_shallow_research, "Skip re-search at depth ≤ 2")
            });
            next(ui);
            if info.has(OwnOption::FirstGuess) {
                ui.horizontal(|ui| {
                    ui.label("First guess");
                    ui.add(egui::DragValue::new(&mut o.first_guess).range(-1_000_000..=1_000_000));
                });
                next(ui);
                let before_last = if o.iterative_deepening {
                    Ok(())
                } else {
                    Err("needs iterative deepening".to_string())
                };
                gated(ui, before_last, |ui| {
                    ui.checkbox(&mut o.guess_before_last, "Guess from depth d-2")
                        .on_hover_text("Start each iteration from the value of the iteration before last (same parity of depth), as Othello programs did")
                });
                next(ui);
            }
            ui.horizontal(|ui| {
                ui.label("Grain");
                ui.add(egui::DragValue::new(&mut o.grain).range(0..=MAX_GRAIN))
                    .on_hover_text("Round static evaluations to multiples of this many units (0 = off); finished games keep exact scores");
            });
            next(ui);
            if info.has(OwnOption::OpenListBudget) {
                ui.horizontal(|ui| {
                    ui.label("OPEN list cap");
                    ui.add(
                        egui::DragValue::new(&mut o.sss_memory_mib)
                            .range(1..=MAX_SSS_MIB)
                            .suffix(" MiB"),
                    );
                });
                next(ui);
            }
            ui.end_row();
        });
    if edited != before {
        app.push(Command::SetRowOptions(i, edited));
    }
    if let Some(e) = problem {
        ui.colored_label(
            ui.visuals().error_fg_color,
            format!("Row {} cannot run: {e}", i + 1),
        );
    }
}
