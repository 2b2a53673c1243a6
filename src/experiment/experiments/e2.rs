//! E2: the killer heuristic, killer counts in whole Othello games (article 004).

use super::*;

/// E2 as the CLI runs it and the Presets menu sets it up.
pub(super) const E2: Experiment = Experiment {
    name: "e2",
    label: "E2: killer moves k = 0..128, NegaAlpha depth 6, FFO #40-#59",
    description: "Article 004: the same search with 0, 1, 2, 4, ..., 128 killer moves per ply.",
    preset: Some(preset),
    run: e2,
};

/// The search depth of every player.
const DEPTH: u32 = 6;

/// The player with `k` killer moves per ply, as a row spec.
fn player(k: u32) -> String {
    format!("negaalpha+killers={k}")
}

/// Article 004's mean nodes per game: `(k, nodes, seconds)` (k = 0 is plain alpha-beta).
const E2_SEED: [(u32, f64, f64); 9] = [
    (0, 182_336.39, 22_964.40),
    (1, 112_789.62, 16_365.91),
    (2, 108_800.69, 16_000.39),
    (4, 94_617.41, 14_969.75),
    (8, 98_554.55, 15_192.91),
    (16, 97_492.46, 15_086.16),
    (32, 93_997.23, 15_284.74),
    (64, 96_379.85, 15_488.62),
    (128, 98_864.71, 15_681.85),
];

/// E2's result: one self-play match per killer count.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct E2Result {
    /// The killer counts, in order.
    pub killers: Vec<u32>,
    /// One match per killer count.
    pub matches: Vec<MatchResult>,
}

pub(super) fn e2(
    cfg: ExperimentConfig,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<ExperimentOutput, EngineError> {
    let (games, openings, depth) = if cfg.quick {
        (10, 4, DEPTH)
    } else {
        (100, 4, DEPTH)
    };
    let seed = 2011;
    let ks: Vec<u32> = E2_SEED.iter().map(|s| s.0).collect();
    let base = SearchOptions::default();
    let mut matches = Vec::new();
    for &k in &ks {
        let spec_text = format!("{}@{depth}", player(k));
        let player = parse_player(&spec_text, &base)?;
        let spec = MatchSpec {
            game: GameKind::Othello,
            a: player.clone(),
            b: player,
            games,
            seed,
            openings,
            book: Vec::new(),
            book_name: None,
            alternate: false,
            evaluator: String::new(),
            threads: cfg.threads,
            sprt: None,
            shard: None,
        };
        let stop = Arc::new(AtomicBool::new(false));
        let m = run_match(&spec, &stop, &|done, total| {
            progress(&format!("k={k}: {done}/{total} games"));
        })?;
        matches.push(m);
    }
    let mut text = String::new();
    let _ = writeln!(
        text,
        "E2 (article 004): killer moves per ply, NegaAlpha (fail-hard, generation order) at depth {depth}, \
         Othello self-play (the same player on both sides), {games} games from {openings} seeded random \
         opening moves (seed {seed}); nodes and seconds per game are both sides' searches together."
    );
    let base_nodes = matches[0].total_nodes().mean;
    let base_secs = matches[0].total_seconds().mean;
    let mut t = Table::new(
        "Mean per game (± standard deviation over the games) beside article 004",
        &[
            "k",
            "nodes/game",
            "± sd",
            "vs k=0",
            "seconds/game",
            "time vs k=0",
            "seed nodes/game",
            "seed vs k=0",
            "seed time vs k=0",
        ],
    );
    for (m, (k, seed_nodes, seed_ms)) in matches.iter().zip(E2_SEED) {
        let n = m.total_nodes();
        let s = m.total_seconds();
        t.push(vec![
            if k == 0 {
                "0 (alpha-beta)".into()
            } else {
                k.to_string()
            },
            format!("{:.0}", n.mean),
            format!("{:.0}", n.stddev),
            format!("{:+.1}%", (n.mean / base_nodes - 1.0) * 100.0),
            format!("{:.3}", s.mean),
            format!("{:+.1}%", (s.mean / base_secs - 1.0) * 100.0),
            format!("{seed_nodes:.0}"),
            format!("{:+.1}%", (seed_nodes / E2_SEED[0].1 - 1.0) * 100.0),
            format!("{:+.1}%", (seed_ms / E2_SEED[0].2 - 1.0) * 100.0),
        ]);
    }
    text.push_str(&t.text());
    let best = matches
        .iter()
        .zip(&ks)
        .skip(1)
        .min_by(|a, b| a.0.total_nodes().mean.total_cmp(&b.0.total_nodes().mean));
    if let Some((m, k)) = best {
        let _ = writeln!(
            text,
            "\nfewest nodes: k={k}, {:.1}% fewer than alpha-beta (seed: k=32, 48.4% fewer)",
            (1.0 - m.total_nodes().mean / base_nodes) * 100.0
        );
    }
    let same_games = matches
        .iter()
        .filter(|m| {
            m.games
                .iter()
                .zip(&matches[0].games)
                .all(|(a, b)| a.moves == b.moves)
        })
        .count();
    let _ = writeln!(
        text,
        "matches whose games are move for move those of alpha-beta: {same_games}/{} \
         (killers change the order, so a tie between equal moves can go another way)",
        matches.len()
    );
    let chart = LineChart {
        title: format!("E2: killer moves, NegaAlpha depth {depth}, Othello games"),
        x_label: "killer moves per ply (0 = plain alpha-beta)".into(),
        y_label: "mean nodes per game".into(),
        x_ticks: ks.iter().map(u32::to_string).collect(),
        series: vec![
            Series {
                name: "treelab".into(),
                values: matches.iter().map(|m| Some(m.total_nodes().mean)).collect(),
            },
            Series {
                name: "article 004".into(),
                values: E2_SEED.iter().map(|s| Some(s.1)).collect(),
            },
        ],
    };
    let mut games_csv = String::new();
    for (m, k) in matches.iter().zip(&ks) {
        for (i, line) in m.render(true).lines().enumerate() {
            if i == 0 {
                if games_csv.is_empty() {
                    let _ = writeln!(games_csv, "killers,{line}");
                }
            } else {
                let _ = writeln!(games_csv, "{k},{line}");
            }
        }
    }
    let result = E2Result {
        killers: ks,
        matches,
    };
    Ok(ExperimentOutput {
        text,
        files: vec![
            ("e2.csv".into(), t.csv()),
            ("e2-games.csv".into(), games_csv),
            ("e2.ron".into(), ron_text(&result)?),
            ("e2.svg".into(), chart.to_svg()),
        ],
    })
}

/// The app's E2: the same players (killer counts, depth) searching the FFO #40-#59
/// positions instead of playing whole games (the app has no match view).
fn preset() -> Session {
    let mut s = preset_with_suite(preset_base(GameKind::Othello), "fforum-40-59.obf");
    let base = SearchOptions::default();
    s.rows = E2_SEED
        .iter()
        .filter_map(|&(k, _, _)| preset_row(&player(k), &base, (DEPTH, DEPTH)))
        .collect();
    s.view.tab = ResultsTab::Table;
    s
}
