//! Unit tests of the pattern evaluation's training: samples as text, runs split at a
//! game boundary, the fit on held-out positions.

use super::*;

#[test]
fn samples_round_trip_as_text_and_bad_lines_say_where() {
    let samples = vec![
        Sample {
            p: 0x0000_0008_1000_0000,
            o: 0x0000_0010_0800_0000,
            score: 0,
        },
        Sample {
            p: 1,
            o: 2,
            score: -64,
        },
    ];
    let text = samples_to_text(&samples);
    assert_eq!(samples_from_text(&text, "x").expect("reads back"), samples);
    for (bad, want) in [
        ("0000000000000001 0000000000000002", "expected"),
        ("0000000000000001 0000000000000001 +2", "share squares"),
        ("00000000000000zz 0000000000000002 +2", "not 16 hex digits"),
        ("0000000000000001 0000000000000002 +66", "outside"),
        ("0000000000000001 0000000000000002 ten", "not a score"),
    ] {
        let err = samples_from_text(&format!("{text}{bad}\n"), "x")
            .expect_err("a bad line is refused")
            .to_string();
        assert!(err.contains(want), "{bad}: {err}");
        assert!(err.starts_with("x:3"), "{bad}: {err}");
    }
}

#[test]
fn a_run_split_at_a_game_boundary_solves_the_same_samples() {
    let whole = TrainConfig {
        games: 40,
        empties: vec![10],
        threads: 1,
        ..TrainConfig::default()
    };
    let first = TrainConfig {
        games: 25,
        ..whole.clone()
    };
    let second = TrainConfig {
        first_game: 25,
        ..whole.clone()
    };
    let mut parts = generate(&first, &|_| {});
    parts.extend(generate(&second, &|_| {}));
    assert!(parts.len() > 30);
    assert_eq!(parts, generate(&whole, &|_| {}));
}

#[test]
fn training_reduces_the_error_on_held_out_positions() {
    let config = TrainConfig {
        games: 300,
        empties: vec![10, 12],
        threads: 1,
        epochs: 8,
        holdout: 0.2,
        ..TrainConfig::default()
    };
    let samples = generate(&config, &|_| {});
    assert!(samples.len() > 500);
    let trained = train(&samples, &config);
    let (insts, (offsets, n)) = (instances(), layout());
    let err = |w: &[f32]| {
        let mut feats = Vec::new();
        let mut sum = 0.0f64;
        let mut count = 0;
        for (i, s) in samples.iter().enumerate() {
            if i % 5 != 4 {
                continue;
            }
            features(s.p, s.o, &insts, &offsets, &mut feats);
            let mut v: f32 = feats.iter().map(|&f| w[f]).sum();
            let sc = scalars(s.p, s.o);
            for k in 0..SCALARS {
                v += w[n - SCALARS + k] * sc[k];
            }
            sum += f64::from(v - s.score as f32).powi(2);
            count += 1;
        }
        (sum / f64::from(count)).sqrt()
    };
    let before = err(&vec![0.0; n]);
    let after = err(&trained.weights);
    assert!(
        after < 0.8 * before,
        "held-out rms {after:.2} vs {before:.2}"
    );
}
