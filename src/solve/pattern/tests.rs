//! Unit tests of the pattern evaluation: placements, the fast layout, the weights
//! file, stages, the incremental features.

use super::eval::{PatternEval, SCALE};
use super::shapes::{MAX_SHAPE, SCALARS, features, instances, layout, scalars};
use super::write_weights;
use crate::game::SeededRng;
use crate::game::othello::Othello;

#[test]
fn placements_are_the_46_distinct_symmetric_images() {
    let insts = instances();
    assert_eq!(insts.len(), 46);
    for inst in &insts {
        assert_eq!(inst.mask.count_ones() as usize, inst.squares.len());
        assert!(inst.squares.len() <= MAX_SHAPE);
    }
}

#[test]
fn fast_layout_equals_the_training_layout() {
    // Random weights, random positions: the fast evaluation equals the slow sum.
    let (offsets, n) = layout();
    let insts = instances();
    let mut rng = SeededRng::new(7);
    let w: Vec<f32> = (0..n)
        .map(|_| (rng.below(2001) as f32 - 1000.0) / SCALE)
        .collect();
    let eval = PatternEval::from_weights(&[0], std::slice::from_ref(&w));
    let mut feats = Vec::new();
    for _ in 0..200 {
        let a = rng.next_u64();
        let b = rng.next_u64() & !a;
        features(a, b, &insts, &offsets, &mut feats);
        let mut slow: i32 = feats.iter().map(|&f| (w[f] * SCALE).round() as i32).sum();
        let sc = scalars(a, b);
        for k in 0..SCALARS {
            slow += (w[n - SCALARS + k] * SCALE).round() as i32 * sc[k] as i32;
        }
        assert_eq!(eval.eval(a, b), slow);
    }
}

#[test]
fn weights_round_trip_and_bad_files_are_refused() {
    let (_, n) = layout();
    let w: Vec<f32> = (0..n).map(|i| (i % 17) as f32 * 0.25).collect();
    let bytes = write_weights(&[0], std::slice::from_ref(&w));
    assert!(PatternEval::from_bytes(&bytes).is_ok());
    assert!(PatternEval::from_bytes(&bytes[..bytes.len() - 4]).is_err());
    assert!(PatternEval::from_bytes(b"nonsense").is_err());
    let mut wrong = bytes.clone();
    wrong[8] ^= 1;
    assert!(PatternEval::from_bytes(&wrong).is_err());
}

#[test]
fn each_stage_evaluates_the_positions_of_its_empties() {
    // Two stages whose weights differ only in the constant: positions with fewer
    // than 14 empties get the first, the others the second.
    let (_, n) = layout();
    let mut early = vec![0.0f32; n];
    let mut late = vec![0.0f32; n];
    early[n - 1] = 3.0;
    late[n - 1] = -5.0;
    let bytes = write_weights(&[0, 14], &[early, late]);
    let eval = PatternEval::from_bytes(&bytes).expect("two stages load");
    let start = Othello::start();
    let (p, o) = (start.player(), start.opponent());
    assert_eq!(eval.eval(p, o), -5 * 32);
    let full = !0u64 ^ 0xFFF; // 12 empties
    assert_eq!(
        eval.eval(full & 0x5555_5555_5555_5555, full & !0x5555_5555_5555_5555),
        3 * 32
    );
    // Stages out of order, not starting at 0, or too many are refused.
    let w = vec![0.0f32; n];
    for starts in [&[0, 14, 14][..], &[3, 14][..], &[0, 70][..]] {
        let ws = vec![w.clone(); starts.len()];
        let err = PatternEval::from_bytes(&write_weights(starts, &ws))
            .expect_err("bad stages are refused");
        assert!(err.to_string().contains("stage"), "{err}");
    }
}

#[test]
fn incremental_features_give_the_same_evaluation() {
    // Random play from the start: each child's features, updated from its parent's,
    // equal the features computed afresh, and evaluate to the plain evaluation; a pass
    // swaps the sides. (Random weights, so that every lane's index matters.)
    use crate::game::othello::board::{flips, moves};
    let (_, n) = layout();
    let mut rng = SeededRng::new(13);
    let w: Vec<f32> = (0..n)
        .map(|_| (rng.below(2001) as f32 - 1000.0) / SCALE)
        .collect();
    let random = PatternEval::from_weights(&[0], std::slice::from_ref(&w));
    for eval in [&random, PatternEval::shipped()] {
        for _ in 0..30 {
            let (mut p, mut o) = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
            let mut f = eval.features(p, o);
            loop {
                assert_eq!(f, eval.features(p, o));
                assert_eq!(eval.eval_features(&f, p, o, moves(p, o)), eval.eval(p, o));
                let mask = moves(p, o);
                if mask == 0 {
                    if moves(o, p) == 0 {
                        break;
                    }
                    f = f.passed();
                    (p, o) = (o, p);
                    continue;
                }
                let k = rng.below(u64::from(mask.count_ones())) as u32;
                let mut rest = mask;
                for _ in 0..k {
                    rest &= rest - 1;
                }
                let square = rest.trailing_zeros();
                let x = flips(p, o, square);
                f = eval.child_features(&f, square, x);
                (p, o) = (o ^ x, p ^ x ^ (1u64 << square));
            }
        }
    }
}
