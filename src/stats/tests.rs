//! The match statistics against values computed independently: by hand from the
//! definitions (Elo, interval, LOS, normalized Elo) and, for the SPRT's log-likelihood
//! ratio, by a direct numerical maximisation of the likelihood (see
//! `sprt_llr_matches_an_independent_maximisation`), plus simulated matches that check
//! the error rates.

use super::*;
use crate::game::SeededRng;

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

/// Values worked by hand from the definitions: 60 wins, 20 draws, 20 losses.
#[test]
fn trinomial_figures_match_hand_computed_values() {
    let t = Trinomial {
        wins: 60,
        draws: 20,
        losses: 20,
    };
    let e = t.estimate().expect("games");
    // s = (60 + 10) / 100 = 0.7; Elo = -400 log10(1/0.7 - 1) = 147.19...
    assert!(close(e.score, 0.7, 1e-12));
    assert!(close(e.elo, 147.190_714, 1e-5), "{}", e.elo);
    // var = (0.6·0.09 + 0.2·0.04 + 0.2·0.49) = 0.16; se = 0.04.
    let lo = -400.0 * (1.0 / (0.7 - Z95 * 0.04) - 1.0).log10();
    let hi = -400.0 * (1.0 / (0.7 + Z95 * 0.04) - 1.0).log10();
    assert!(close(e.low, lo, 1e-9) && close(e.high, hi, 1e-9));
    // LOS = Φ((s - ½) / se) = Φ(0.2 / 0.04) = Φ(5) = 0.999 999 713 (the normal table's
    // value; not cutechess's Φ((W - L) / √(W + L)) = Φ(4.47) = 0.999 996).
    assert!(close(e.los, 0.999_999_713_348_428, 1e-10), "{}", e.los);
    // nElo = 0.2 / 0.4 · 800 / ln 10 = 173.72...
    assert!(close(e.n_elo.expect("sd > 0"), 173.717_793, 1e-5));
    assert!(e.text().contains("Elo +147.2 ±"), "{}", e.text());
}

#[test]
fn pentanomial_figures_match_hand_computed_values() {
    // 10 pairs: counts for 0, ½, 1, 1½, 2 of 1, 2, 3, 3, 1.
    let p = Pentanomial {
        counts: [1, 2, 3, 3, 1],
    };
    let e = p.estimate().expect("pairs");
    // mean = (0 + 2·0.25 + 3·0.5 + 3·0.75 + 1) / 10 = 0.525.
    assert!(close(e.score, 0.525, 1e-12));
    let var = (0.525f64.powi(2)
        + 2.0 * 0.275f64.powi(2)
        + 3.0 * 0.025f64.powi(2)
        + 3.0 * 0.225f64.powi(2)
        + 0.475f64.powi(2))
        / 10.0;
    let se = (var / 10.0).sqrt();
    assert!(close(e.low, elo_of_score(0.525 - Z95 * se), 1e-9));
    assert!(close(e.los, normal_cdf(0.025 / se), 1e-12));
    let n_elo = 0.025 / (2.0 * var).sqrt() * 800.0 / std::f64::consts::LN_10;
    assert!(close(e.n_elo.expect("sd > 0"), n_elo, 1e-9));
    let mut q = Pentanomial::default();
    q.add(1.0, 0.5);
    q.add(0.0, 0.0);
    assert_eq!(q.counts, [1, 0, 0, 1, 0]);
}

/// All wins, all draws, all losses, one game: no division by zero, infinities kept
/// as infinities and printed as such.
#[test]
fn extremes_stay_finite_or_say_inf() {
    let all_wins = Trinomial {
        wins: 5,
        draws: 0,
        losses: 0,
    }
    .estimate()
    .expect("games");
    assert_eq!(all_wins.elo, f64::INFINITY);
    assert_eq!(all_wins.high, f64::INFINITY);
    assert!(all_wins.half_width().is_none());
    // Five wins out of five: the lower end is where the likelihood of five wins,
    // m^5, falls to e^(-z²/2): m = e^(-z²/10).
    let m = (-Z95 * Z95 / 10.0).exp();
    assert!(close(all_wins.low, -400.0 * (1.0 / m - 1.0).log10(), 1e-9));
    assert!(
        all_wins.text().starts_with(&format!(
            "Elo +inf (95%: {} to +inf, unbounded above: every game won), LOS 100.0%",
            signed(all_wins.low)
        )),
        "{}",
        all_wins.text()
    );
    // Nine wins and a draw: a finite Elo whose interval reaches a score of 100%.
    let nearly = Trinomial {
        wins: 9,
        draws: 1,
        losses: 0,
    }
    .estimate()
    .expect("games");
    assert!(
        nearly.elo.is_finite() && nearly.high.is_infinite(),
        "{nearly:?}"
    );
    let text = nearly.text();
    assert!(
        text.starts_with(&format!("Elo {} (95%: ", signed(nearly.elo)))
            && text.contains(
                "to +inf, unbounded above: a score of 100% is within the margin of error), LOS"
            ),
        "{text}"
    );
    assert!(!text.contains('±'), "{text}");
    let all_losses = Trinomial {
        wins: 0,
        draws: 0,
        losses: 4,
    }
    .estimate()
    .expect("games");
    assert!(
        all_losses
            .text()
            .contains("unbounded below: every game lost"),
        "{}",
        all_losses.text()
    );
    let draws = Trinomial {
        wins: 0,
        draws: 7,
        losses: 0,
    }
    .estimate()
    .expect("games");
    assert_eq!((draws.elo, draws.los, draws.n_elo), (0.0, 0.5, None));
    // Seven draws: an interval symmetric about 0, not a point.
    assert!(
        draws.high > 50.0 && close(draws.low, -draws.high, 1e-9),
        "{draws:?}"
    );
    let losses = Pentanomial {
        counts: [3, 0, 0, 0, 0],
    }
    .estimate()
    .expect("pairs");
    assert_eq!(losses.elo, f64::NEG_INFINITY);
    assert_eq!(losses.los, 0.0);
    assert!(losses.high.is_finite() && losses.low == f64::NEG_INFINITY);
    assert!(losses.high.is_finite() && losses.low == f64::NEG_INFINITY);
    assert!(Trinomial::default().estimate().is_none());
    assert!(close(normal_cdf(0.0), 0.5, 1e-12));
    assert!(close(normal_cdf(Z95), 0.975, 1e-12));
    assert!(close(normal_cdf(-1.0), 0.158_655_253_931_457, 1e-12));
    assert!(close(normal_cdf(5.0), 0.999_999_713_348_428, 1e-10));
}

#[test]
fn sprt_settings_parse_and_refuse_nonsense() {
    let s = SprtSpec::parse("elo0=0,elo1=10,alpha=0.05,beta=0.05").expect("parses");
    assert_eq!((s.elo0, s.elo1, s.alpha, s.beta), (0.0, 10.0, 0.05, 0.05));
    assert_eq!(s.model, EloModel::Normalized, "normalized Elo by default");
    let (lo, hi) = s.bounds();
    assert!(close(lo, (0.05f64 / 0.95).ln(), 1e-12) && close(hi, 19f64.ln(), 1e-12));
    assert!(SprtSpec::parse("elo1=5, elo0=-5").is_ok());
    let l = SprtSpec::parse("elo0=-10,elo1=0,alpha=0.1,beta=0.02,model=logistic").expect("parses");
    assert_eq!(l.model, EloModel::Logistic);
    assert_eq!(SprtSpec::parse(&l.text()), Ok(l), "the text reads back");
    assert_eq!(SprtSpec::parse(&s.text()), Ok(s));
    // Logistic Elo reaches ±2000, normalized Elo ±200.
    assert!(SprtSpec::parse("elo0=0,elo1=500,model=logistic").is_ok());
    for bad in [
        "elo0=10,elo1=0",
        "elo0=0",
        "elo0=0,elo1=5,alpha=0.7",
        "elo0=0,elo1=5,gamma=1",
        "elo0=0,elo1=x",
        "elo0=0,elo1=nan",
        "elo0=0,elo1=5,model=bayes",
        "elo0=0,elo1=500",
        "elo0=0,elo1=2500,model=logistic",
    ] {
        assert!(SprtSpec::parse(bad).is_err(), "{bad}");
    }
    let why = SprtSpec::parse("elo0=0,elo1=5,model=bayes").expect_err("refused");
    assert!(why.contains("normalized or logistic"), "{why}");
}

/// A spec saved before the model was a setting (sessions, `--format ron` results) was
/// run on logistic Elo and reads so; a spec with its model reads back as written.
#[test]
fn a_spec_saved_without_its_model_reads_as_logistic() {
    let old: SprtSpec =
        ron::from_str("(elo0: 0.0, elo1: 10.0, alpha: 0.05, beta: 0.05)").expect("reads");
    assert_eq!(old.model, EloModel::Logistic);
    let new = SprtSpec::parse("elo0=-1.5,elo1=0.5").expect("parses");
    let text = ron::to_string(&new).expect("writes");
    assert!(text.contains("model:normalized"), "{text}");
    assert_eq!(ron::from_str::<SprtSpec>(&text), Ok(new));
}

fn games(losses: u64, draws: u64, wins: u64) -> SprtData {
    SprtData::Games(Trinomial {
        wins,
        draws,
        losses,
    })
}

fn pairs(counts: [u64; 5]) -> SprtData {
    SprtData::Pairs(Pentanomial { counts })
}

/// The LLR on fixed counts, both models, games and pairs, against values computed by a
/// different method than treelab's: the likelihood `Σ q ln p` (q the observed
/// frequencies, an outcome never seen counting 0.001) maximised numerically, in double
/// precision, under each hypothesis:
///
/// - logistic Elo: the mean score `s = 1 / (1 + 10^(-elo/400))` fixed, through the
///   concave dual `max_y Σ q ln(1 + y (a - s))` solved by damped Newton steps (the
///   maximum is `Σ q ln q` minus it);
/// - normalized Elo: the t-value `(μ - ½) / σ = nElo / (800 / ln 10)` (times √2 for
///   pairs, whose σ is a game's over √2) fixed, through a golden-section search over the
///   mean μ of the likelihood maximised at mean μ and deviation σ = (μ - ½) / t, each
///   such maximum through its two-dimensional concave dual `max_y Σ q ln(1 + y₁ (a - μ)
///   + y₂ ((a - μ)² - σ²))` by damped Newton steps.
///
/// LLR = N (ℓ₁ - ℓ₀), N the regularized count. (The same counts through fishtest's
/// fixed-point iteration from the uniform distribution agree to 1e-12.) Where a count
/// is 0, its 0.001 weight moves the LLR by about 1e-4, far above the tolerance: the
/// figures hold it in.
#[test]
fn sprt_llr_matches_an_independent_maximisation() {
    // (data, elo0, elo1, logistic LLR, normalized LLR)
    let cases = [
        // 20 losses, 20 draws, 60 wins.
        (
            games(20, 20, 60),
            0.0,
            10.0,
            1.389_822_163_939,
            1.246_143_410_365,
        ),
        // The 109 games of the reproduction (L 14, D 11, W 84).
        (
            games(14, 11, 84),
            -10.0,
            0.0,
            2.288_492_335_006,
            2.169_106_436_557,
        ),
        // No loss: the unseen outcome's term is -2.233e-4 (logistic), -1.828e-4.
        (
            games(0, 10, 50),
            0.0,
            50.0,
            8.015_287_512_976,
            7.269_726_409_449,
        ),
        (games(30, 40, 30), -5.0, 5.0, 0.0, 0.0),
        (
            pairs([1, 2, 3, 3, 1]),
            0.0,
            10.0,
            0.031_340_020_335,
            0.027_253_309_285,
        ),
        (
            pairs([5, 30, 120, 40, 6]),
            0.0,
            5.0,
            0.460_892_200_982,
            0.281_678_199_713,
        ),
        // No pair lost twice: that term is -1.126e-4 (logistic), -8.373e-5.
        (
            pairs([0, 3, 10, 20, 9]),
            -10.0,
            0.0,
            1.226_139_015_051,
            1.134_532_770_625,
        ),
        (
            pairs([0, 3, 10, 20, 9]),
            0.0,
            2.0,
            0.241_051_430_291,
            0.219_445_582_809,
        ),
        // Forty pairs won twice: four unseen outcomes, 2.465e-4 and 3.995e-5 together.
        (
            pairs([0, 0, 0, 0, 40]),
            0.0,
            50.0,
            5.343_920_358_591,
            7.274_005_439_602,
        ),
    ];
    for (data, elo0, elo1, logistic, normalized) in cases {
        for (model, want) in [
            (EloModel::Logistic, logistic),
            (EloModel::Normalized, normalized),
        ] {
            let spec = SprtSpec {
                elo0,
                elo1,
                alpha: 0.05,
                beta: 0.05,
                model,
            };
            let got = spec.llr(&data);
            assert!(
                close(got, want, 1e-9),
                "{data:?} {elo0}..{elo1} {model:?}: {got} against {want}"
            );
        }
    }
    let spec = SprtSpec::parse("elo0=0,elo1=5").expect("parses");
    assert_eq!(spec.llr(&games(0, 0, 0)), 0.0, "no game, no evidence");
}

/// The LLR of a few pairs of wins is the likelihood they really have, not an
/// instant decision: after one pair of wins it is small and below the bound.
#[test]
fn sprt_does_not_decide_on_a_handful_of_wins() {
    for model in EloModel::ALL {
        let s = SprtSpec {
            model,
            ..SprtSpec::parse("elo0=0,elo1=50").expect("parses")
        };
        // One pair won twice: LLR 0.1338 logistic, 0.1819 normalized (by the method of
        // `sprt_llr_matches_an_independent_maximisation`).
        let state = s.state(&pairs([0, 0, 0, 0, 1]));
        let want = match model {
            EloModel::Logistic => 0.133_836_946_224,
            EloModel::Normalized => 0.181_887_921_920,
        };
        assert!(close(state.llr, want, 1e-9), "{model:?} {state:?}");
        assert!(state.decision.is_none(), "{state:?}");
        // A long run of wins decides, as it should.
        let many = s.state(&pairs([0, 0, 0, 0, 40]));
        assert_eq!(many.decision, Some(Hypothesis::H1), "{model:?}");
        assert_eq!(
            s.state(&games(50, 10, 0)).decision,
            Some(Hypothesis::H0),
            "{model:?}"
        );
    }
}

/// The score of independent games with draw rate `draw` whose normalized Elo is
/// `n_elo`: the root s of (s - ½) / √(s - s² - draw/4) = nElo / (800 / ln 10) (a game's
/// variance with wins s - draw/2 and draws `draw`), by bisection.
fn score_of_normalized_elo(n_elo: f64, draw: f64) -> f64 {
    let t = n_elo * std::f64::consts::LN_10 / 800.0;
    let f = |s: f64| (s - 0.5) / (s - s * s - draw / 4.0).sqrt() - t;
    let (mut lo, mut hi) = (draw / 2.0 + 1e-9, 1.0 - draw / 2.0 - 1e-9);
    for _ in 0..100 {
        let m = 0.5 * (lo + hi);
        if f(m) > 0.0 {
            hi = m;
        } else {
            lo = m;
        }
    }
    0.5 * (lo + hi)
}

/// Simulated matches at a known Elo, on each model's scale: the SPRT accepts the wrong
/// hypothesis about as often as alpha and beta say, and no more.
#[test]
fn sprt_error_rates_stay_near_alpha_and_beta() {
    for model in EloModel::ALL {
        let spec = SprtSpec {
            model,
            ..SprtSpec::parse("elo0=0,elo1=40,alpha=0.05,beta=0.05").expect("parses")
        };
        let draw = 0.3;
        let runs = 300;
        let mut rng = SeededRng::new(2026);
        let mut wrong = [0usize; 2];
        for (k, true_elo) in [spec.elo0, spec.elo1].into_iter().enumerate() {
            let s = match model {
                EloModel::Logistic => score_of_elo(true_elo),
                EloModel::Normalized => score_of_normalized_elo(true_elo, draw),
            };
            let (win, loss) = (s - draw / 2.0, 1.0 - s - draw / 2.0);
            assert!(win > 0.0 && loss > 0.0);
            for _ in 0..runs {
                let mut p = Pentanomial::default();
                let mut game = || {
                    let u = rng.below(1_000_000) as f64 / 1e6;
                    if u < win {
                        1.0
                    } else if u < win + draw {
                        0.5
                    } else {
                        0.0
                    }
                };
                let decision = loop {
                    let (a, b) = (game(), game());
                    p.add(a, b);
                    if let Some(d) = spec.state(&SprtData::Pairs(p)).decision {
                        break d;
                    }
                    assert!(p.pairs() < 100_000, "an SPRT that never ends");
                };
                let expected = if k == 0 {
                    Hypothesis::H0
                } else {
                    Hypothesis::H1
                };
                if decision != expected {
                    wrong[k] += 1;
                }
            }
        }
        let rate = |w: usize| w as f64 / runs as f64;
        // 300 runs: the binomial standard deviation at 0.05 is 0.0126; allow 3 of them.
        assert!(
            rate(wrong[0]) < 0.05 + 0.04,
            "{model:?}: type I rate {}",
            rate(wrong[0])
        );
        assert!(
            rate(wrong[1]) < 0.05 + 0.04,
            "{model:?}: type II rate {}",
            rate(wrong[1])
        );
    }
}

#[test]
fn the_normal_tail_keeps_its_digits_far_out() {
    // 0.5 erfc(x / sqrt 2), from Python's math.erfc.
    for (x, want) in [
        (2.0, 0.022_750_131_948_179_22),
        (5.0, 2.866_515_718_791_946e-7),
        (10.0, 7.619_853_024_160_593e-24),
        (20.0, 2.753_624_118_606_331_4e-89),
        (37.0, 5.725_571_222_525_139e-300),
    ] {
        let got = normal_tail(x);
        assert!(
            ((got - want) / want).abs() < 2e-7,
            "{x}: {got} against {want}"
        );
        assert_eq!(normal_tail(-x), got);
    }
}
