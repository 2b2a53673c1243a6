//! E2: the killer heuristic, killer counts in whole Othello games (article 004).

use super::common::*;

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

/// One row of article 004's figures: mean nodes and milliseconds per game with `killers`
/// killer moves per ply (0 is plain alpha-beta).
struct ArticleRow {
    /// Killer moves per ply.
    killers: u32,
    /// Mean nodes per game.
    nodes: f64,
    /// Mean milliseconds per game.
    ms: f64,
}

/// Article 004's mean nodes and time per game, one row per killer count.
const E2_ARTICLE: [ArticleRow; 9] = [
    article_row(0, 182_336.39, 22_964.40),
    article_row(1, 112_789.62, 16_365.91),
    article_row(2, 108_800.69, 16_000.39),
    article_row(4, 94_617.41, 14_969.75),
    article_row(8, 98_554.55, 15_192.91),
    article_row(16, 97_492.46, 15_086.16),
    article_row(32, 93_997.23, 15_284.74),
    article_row(64, 96_379.85, 15_488.62),
    article_row(128, 98_864.71, 15_681.85),
];

/// A [`ArticleRow`], written short.
const fn article_row(killers: u32, nodes: f64, ms: f64) -> ArticleRow {
    ArticleRow { killers, nodes, ms }
}

/// E2's result: one self-play match per killer count.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct E2Result {
    /// The killer counts, in order.
    pub killers: Vec<u32>,
    /// One match per killer count.
    pub matches: Vec<MatchResult>,
}

/// The seed of E2's random openings.
const SEED: u64 = 2011;
/// How many seeded random moves open each game.
const OPENINGS: usize = 4;

pub(super) fn e2(
    cfg: ExperimentConfig<'_>,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<ExperimentOutput, EngineError> {
    let games = if cfg.quick { 10 } else { 100 };
    let ks: Vec<u32> = E2_ARTICLE.iter().map(|s| s.killers).collect();
    let matches = play_matches(&ks, games, cfg, progress)?;
    let mut text = String::new();
    let _ = writeln!(
        text,
        "E2 (article 004): killer moves per ply, NegaAlpha (fail-hard, generation order) at depth {DEPTH}, \
         Othello self-play (the same player on both sides), {games} games from {OPENINGS} seeded random \
         opening moves (seed {SEED}); nodes and seconds per game are both sides' searches together."
    );
    let t = mean_table(&matches);
    text.push_str(&t.text());
    write_findings(&mut text, &matches, &ks);
    let per_game = games_across(&matches, &ks);
    text.push('\n');
    text.push_str(&per_game.text());
    text.push_str(&across_note(
        "k = 0 on the game from the same opening",
        "nodes",
    ));
    let chart = LineChart {
        title: format!("E2: killer moves, NegaAlpha depth {DEPTH}, Othello games"),
        x_label: "killer moves per ply (0 = plain alpha-beta)".into(),
        y_label: "mean nodes per game".into(),
        x_ticks: ks.iter().map(u32::to_string).collect(),
        series: vec![
            Series {
                name: "treelab".into(),
                intervals: Vec::new(),
                values: matches.iter().map(|m| Some(m.total_nodes().mean)).collect(),
            },
            Series {
                name: "article 004".into(),
                intervals: Vec::new(),
                values: E2_ARTICLE.iter().map(|s| Some(s.nodes)).collect(),
            },
        ],
    };
    let games_csv = games_csv(&matches, &ks);
    let result = E2Result {
        killers: ks,
        matches,
    };
    Ok(ExperimentOutput {
        text,
        files: vec![
            ("e2.csv".into(), t.csv()),
            ("e2-games.csv".into(), games_csv),
            ("e2-across.csv".into(), per_game.csv()),
            ("e2.ron".into(), ron_text(&result)?),
            ("e2.svg".into(), chart.to_svg()),
        ],
    })
}

/// Each killer count against none, game by game: the game from the same opening
/// (its index), both sides' nodes together.
fn games_across(matches: &[MatchResult], ks: &[u32]) -> TextTable {
    let nodes = |m: &MatchResult, index: usize| {
        m.games
            .iter()
            .find(|g| g.index == index)
            .map(|g| g.nodes[0] + g.nodes[1])
    };
    let lines = matches
        .iter()
        .zip(ks)
        .skip(1)
        .map(|(m, k)| {
            let pairs = matches[0]
                .games
                .iter()
                .filter_map(|g| Some((nodes(m, g.index)?, nodes(&matches[0], g.index)?)))
                .collect();
            (vec![k.to_string()], pairs)
        })
        .collect();
    across_table(
        "Nodes per game against k = 0, game by game (the game from the same opening)",
        &["k"],
        "games",
        lines,
    )
}

/// One self-play match of `games` games per killer count in `ks`.
fn play_matches(
    ks: &[u32],
    games: usize,
    cfg: ExperimentConfig<'_>,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<Vec<MatchResult>, EngineError> {
    let base = SearchOptions::default();
    let mut matches = Vec::new();
    for &k in ks {
        let spec_text = format!("{}@{DEPTH}", player(k));
        let player = parse_player(&spec_text, &base)?;
        let spec = MatchSpec {
            game: GameKind::Othello,
            a: player.clone(),
            b: player,
            games,
            seed: SEED,
            openings: OPENINGS,
            book: Vec::new(),
            book_name: None,
            alternate: false,
            evaluator: String::new(),
            threads: cfg.threads,
            sprt: None,
            shard: None,
        };
        let stop = Arc::new(AtomicBool::new(false));
        let m = match_quiet(&spec, cfg, &stop, &|done, total| {
            progress(&format!("k={k}: {done}/{total} games"));
        })?;
        matches.push(m);
    }
    Ok(matches)
}

/// The table of mean nodes and seconds per game for each match (one per row of
/// [`E2_ARTICLE`]), beside article 004's.
fn mean_table(matches: &[MatchResult]) -> TextTable {
    let base_nodes = matches[0].total_nodes().mean;
    let base_secs = matches[0].total_seconds().mean;
    let baseline = &E2_ARTICLE[0];
    let mut t = TextTable::new(
        "Mean per game (± standard deviation over the games) beside article 004",
        &[
            "k",
            "nodes/game",
            "± sd",
            "vs k=0",
            "seconds/game",
            "time vs k=0",
            "article nodes/game",
            "article vs k=0",
            "article time vs k=0",
        ],
    );
    for (m, article) in matches.iter().zip(&E2_ARTICLE) {
        let n = m.total_nodes();
        let s = m.total_seconds();
        t.push(vec![
            if article.killers == 0 {
                "0 (alpha-beta)".into()
            } else {
                article.killers.to_string()
            },
            format!("{:.0}", n.mean),
            format!("{:.0}", n.stddev),
            format!("{:+.1}%", (n.mean / base_nodes - 1.0) * 100.0),
            format!("{:.3}", s.mean),
            format!("{:+.1}%", (s.mean / base_secs - 1.0) * 100.0),
            format!("{:.0}", article.nodes),
            format!("{:+.1}%", (article.nodes / baseline.nodes - 1.0) * 100.0),
            format!("{:+.1}%", (article.ms / baseline.ms - 1.0) * 100.0),
        ]);
    }
    t
}

/// Writes which killer count searched the fewest nodes and how many matches played
/// alpha-beta's games move for move.
fn write_findings(text: &mut String, matches: &[MatchResult], ks: &[u32]) {
    let base_nodes = matches[0].total_nodes().mean;
    let best = matches
        .iter()
        .zip(ks)
        .skip(1)
        .min_by(|a, b| a.0.total_nodes().mean.total_cmp(&b.0.total_nodes().mean));
    if let Some((m, k)) = best {
        let _ = writeln!(
            text,
            "\nfewest nodes: k={k}, {:.1}% fewer than alpha-beta (article 004: k=32, 48.4% fewer)",
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
}

/// Every game of every match as CSV, each line led by its killer count.
fn games_csv(matches: &[MatchResult], ks: &[u32]) -> String {
    let mut games_csv = String::new();
    for (m, k) in matches.iter().zip(ks) {
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
    games_csv
}

/// The app's E2: the same players (killer counts, depth) searching the FFO #40-#59
/// positions instead of playing whole games (the app has no match view).
fn preset() -> Session {
    let mut s = preset_with_suite(preset_base(GameKind::Othello), "fforum-40-59.obf");
    let base = SearchOptions::default();
    s.rows = E2_ARTICLE
        .iter()
        .filter_map(|article| preset_row(&player(article.killers), &base, (DEPTH, DEPTH)))
        .collect();
    s.view.tab = ResultsTab::Table;
    s
}
