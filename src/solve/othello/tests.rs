//! Unit tests of the solver's parts: the table's precision rules, stability, and the
//! last square's flip count against brute force.

use super::last::{last_flip_count, last_square};
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
    let table = Table::new(1);
    let h = hash(0x1234, 0x5678_0000);
    // Presearch bounds never overwrite exact ones (the entry stays as it was)...
    table.store(h, entry(-4, 10, 3, EXACT));
    table.store(h, entry(12, 64, 5, 14));
    let e = table.probe(h).expect("stored");
    assert_eq!((e.lower, e.upper, e.best, e.precision), (-4, 10, 3, EXACT));
    // ...exact bounds replace presearch ones instead of meeting them...
    let h = hash(0x99, 0x4242_0000);
    table.store(h, entry(12, 64, 5, 14));
    table.store(h, entry(-64, 8, NO_MOVE, EXACT));
    let e = table.probe(h).expect("stored");
    assert_eq!((e.lower, e.upper, e.best, e.precision), (-64, 8, 5, EXACT));
    // ...and bounds of the same precision meet.
    table.store(h, entry(2, 64, 7, EXACT));
    let e = table.probe(h).expect("stored");
    assert_eq!((e.lower, e.upper, e.best), (2, 8, 7));
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
