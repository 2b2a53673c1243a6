//! Unit tests of the solver's parts: the table's precision rules and clearing,
//! stability, the last square's flip count against brute force, and the root's trace.

use super::last::{last_flip_count, last_square};
use super::params::*;
use super::stability::full_lines;
use super::table::{EXACT, Entry, NO_MOVE, hash};
use super::*;
use crate::game::othello::board::flips;
use crate::game::splitmix64;

/// Brute-force minimax to the end (tiny positions only).
fn brute(p: u64, o: u64) -> i32 {
    let mut mask = moves(p, o);
    if mask == 0 {
        if moves(o, p) == 0 {
            return final_score(p, o);
        }
        return -brute(o, p);
    }
    let mut best = -INF;
    while mask != 0 {
        let sq = mask.trailing_zeros();
        mask &= mask - 1;
        let f = flips(p, o, sq);
        best = best.max(-brute(o ^ f, p ^ f ^ (1u64 << sq)));
    }
    best
}

fn entry(lower: i32, upper: i32, best: u8, precision: u8) -> Entry {
    Entry {
        lower,
        upper,
        best,
        empties: 20,
        precision,
    }
}

#[test]
fn table_keeps_exact_bounds_apart_from_the_presearch() {
    let table = SolverTable::new(1);
    let h = hash(0x1234, 0x5678_0000);
    // Presearch bounds never overwrite exact ones (the entry stays as it was)...
    table.store(h, entry(-4, 10, 3, EXACT));
    table.store(h, entry(12, 64, 5, 14));
    let e = table.look_up(h).expect("stored");
    assert_eq!((e.lower, e.upper, e.best, e.precision), (-4, 10, 3, EXACT));
    // ...exact bounds replace presearch ones instead of meeting them...
    let h = hash(0x99, 0x4242_0000);
    table.store(h, entry(12, 64, 5, 14));
    table.store(h, entry(-64, 8, NO_MOVE, EXACT));
    let e = table.look_up(h).expect("stored");
    assert_eq!((e.lower, e.upper, e.best, e.precision), (-64, 8, 5, EXACT));
    // ...and bounds of the same precision meet.
    table.store(h, entry(2, 64, 7, EXACT));
    let e = table.look_up(h).expect("stored");
    assert_eq!((e.lower, e.upper, e.best), (2, 8, 7));
}

#[test]
fn a_cleared_table_forgets_every_entry_across_the_wipe() {
    let table = SolverTable::new(1);
    let h = hash(0x1234, 0x5678_0000);
    table.store(h, entry(-4, 10, 3, EXACT));
    assert!(table.look_up(h).is_some());
    table.clear();
    assert!(
        table.look_up(h).is_none(),
        "an entry of the last generation"
    );
    // An entry written now merges with nothing of before: its own bounds only.
    table.store(h, entry(2, 64, 7, EXACT));
    let e = table.look_up(h).expect("stored");
    assert_eq!((e.lower, e.upper, e.best), (2, 64, 7));
    // Through more clears than there are generation numbers (the memory is wiped once
    // on the way), an old entry never comes back.
    for _ in 0..300 {
        table.clear();
        assert!(table.look_up(h).is_none());
    }
    // The slots of old generations are free: a bucket takes four new entries without
    // losing one, although every slot held an old one.
    let hashes: Vec<u64> = (0..4u64).map(|i| 0x77 + i).collect(); // one bucket
    for &h in &hashes {
        table.store(h, entry(-64, 0, 1, EXACT));
    }
    table.clear();
    for (k, &h) in hashes.iter().enumerate() {
        let empties = 10 + k as u32;
        table.store(
            h,
            Entry {
                empties,
                ..entry(-64, 2, 1, EXACT)
            },
        );
    }
    for (k, &h) in hashes.iter().enumerate() {
        let e = table.look_up(h).expect("all four kept");
        assert_eq!((e.upper, e.empties), (2, 10 + k as u32));
    }
}

#[test]
fn a_reused_solver_counts_the_nodes_of_a_fresh_one() {
    // The table is cleared by generations between solves: the 300 solves cross the
    // wipe, and each must see an empty table, as a new solver does.
    let opts = OthelloOptions {
        tt_mib: 1,
        ..OthelloOptions::default()
    };
    let positions: Vec<(u64, u64)> = crate::game::othello::tests::random_positions(13, 150)
        .iter()
        .map(|g| (g.player(), g.opponent()))
        .filter(|&(p, o)| (12..=14).contains(&(64 - (p | o).count_ones())))
        .take(300)
        .collect();
    assert_eq!(positions.len(), 300);
    let mut reused = OthelloSolver::new(opts.clone());
    for (k, &(p, o)) in positions.iter().enumerate() {
        let again = reused.solve(p, o);
        let fresh = OthelloSolver::new(opts.clone()).solve(p, o);
        assert_eq!(
            (again.score, again.nodes),
            (fresh.score, fresh.nodes),
            "position {k}"
        );
    }
}

#[test]
fn stable_discs_of_a_full_board_are_all_discs() {
    let p = 0x0F0F_0F0F_0F0F_0F0F;
    let o = !p;
    assert_eq!(stable_discs(p, o), p);
}

#[test]
fn corner_is_stable_and_lone_centre_is_not() {
    let p = 1u64 | (1 << 27);
    let o = 1u64 << 28;
    assert_eq!(stable_discs(p, o), 1);
}

#[test]
fn full_lines_of_a_full_row() {
    let occ = 0xFF;
    let (h, v, _, _) = full_lines(occ);
    assert_eq!(h, 0xFF);
    assert_eq!(v, 0);
}

#[test]
fn last_square_matches_brute_force_on_every_square() {
    for seed in 0..2000u64 {
        let square = (seed % 64) as u32;
        let bit = 1u64 << square;
        let p = splitmix64(seed) & !bit;
        let o = !p & !bit;
        assert_eq!(
            last_flip_count(p, square),
            flips(p, o, square).count_ones() as i32,
            "seed {seed}"
        );
        assert_eq!(last_square(p, o, square), brute(p, o), "seed {seed}");
    }
}

/// Solves `(p, o)` recording the root's searches; checks that they account for every
/// node (and change none), that each exact test's proof holds for the score, and that
/// the last one is the PVS in the window around the score. Returns the searches.
fn check_root_trace(opts: &OthelloOptions, p: u64, o: u64) -> Vec<RootSearch> {
    let mut trace = Vec::new();
    let traced = OthelloSolver::new(opts.clone()).solve_observed(p, o, &mut |r| trace.push(*r));
    let plain = OthelloSolver::new(opts.clone()).solve(p, o);
    assert_eq!((traced.score, traced.nodes), (plain.score, plain.nodes));
    if moves(p, o) == 0 && moves(o, p) == 0 {
        assert!(trace.is_empty(), "a finished game has no root search");
        return trace;
    }
    let score = traced.score;
    assert_eq!(trace.iter().map(|r| r.nodes).sum::<u64>(), traced.nodes);
    let last = trace.last().expect("a root search");
    assert_eq!(last.stage, RootStage::Pvs);
    assert_eq!(last.value, score);
    assert!(last.alpha < score && score < last.beta, "{last:?}");
    for r in trace.iter().filter(|r| r.stage == RootStage::Exact) {
        assert_eq!(r.beta, r.alpha + 1, "{r:?}");
        if r.value > r.alpha {
            assert!(score >= r.value, "{r:?} against {score}");
        } else {
            assert!(score <= r.value, "{r:?} against {score}");
        }
    }
    trace
}

#[test]
fn the_root_trace_accounts_for_every_node_and_every_test_holds() {
    let games = crate::game::othello::tests::random_positions(21, 40);
    let pick = |lo: u32, hi: u32, n: usize| -> Vec<(u64, u64)> {
        let chosen: Vec<(u64, u64)> = games
            .iter()
            .map(|g| (g.player(), g.opponent()))
            .filter(|&(p, o)| (lo..=hi).contains(&(64 - (p | o).count_ones())))
            .step_by(3)
            .take(n)
            .collect();
        assert_eq!(chosen.len(), n, "positions with {lo}-{hi} empties");
        chosen
    };
    let opts = OthelloOptions::default();
    for (p, o) in pick(10, 14, 12) {
        let trace = check_root_trace(&opts, p, o);
        assert!(trace.iter().all(|r| r.stage != RootStage::Presearch));
    }
    // From PRESEARCH_MIN_EMPTIES on the presearch's tests come first.
    for (p, o) in pick(PRESEARCH_MIN_EMPTIES, 17, 6) {
        let trace = check_root_trace(&opts, p, o);
        let first_exact = trace.iter().position(|r| r.stage != RootStage::Presearch);
        assert!(first_exact.is_some_and(|k| k > 0), "{trace:?}");
        assert!(
            trace[first_exact.unwrap_or(0)..]
                .iter()
                .all(|r| r.stage != RootStage::Presearch)
        );
    }
    // Without aspiration: one PVS with the full window.
    let plain = OthelloOptions {
        aspiration: false,
        ..OthelloOptions::default()
    };
    for (p, o) in pick(10, 12, 4) {
        let trace = check_root_trace(&plain, p, o);
        assert_eq!(trace.len(), 1);
        assert_eq!((trace[0].alpha, trace[0].beta), (-INF, INF));
    }
}

#[test]
fn the_root_trace_of_a_pass_is_for_the_side_that_passes() {
    // The solver searches the opponent's root and negates: the trace must be negated
    // too, so that its PVS value is the (passing) side's score.
    let passes: Vec<(u64, u64)> = crate::game::othello::tests::random_positions(5, 400)
        .iter()
        .map(|g| (g.player(), g.opponent()))
        .filter(|&(p, o)| moves(p, o) == 0 && moves(o, p) != 0)
        .filter(|&(p, o)| (64 - (p | o).count_ones()) >= 3)
        .take(10)
        .collect();
    assert_eq!(passes.len(), 10);
    for (p, o) in passes {
        let trace = check_root_trace(&OthelloOptions::default(), p, o);
        assert!(!trace.is_empty());
    }
}
