//! `treelab match` and `treelab experiment`: matches are deterministic and their node
//! totals are sums of the searches along the games; E3's quick run states the
//! perfect-oracle equality; the SVG charts are well-formed; the outputs parse back.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use treelab::engine::{AnyPosition, GameKind, SearchRequest, run_search};
use treelab::experiment::experiments::E3Result;
use treelab::game::Side;
use treelab::matches::play::{MatchResult, MatchSpec, PlayerKind, parse_player, run_match};
use treelab::output::chart::{LineChart, Series};
use treelab::search::{SearchControl, SearchOptions};

mod common;
use common::{treelab, without_time};

fn spec(game: GameKind, a: &str, b: &str, games: usize, threads: usize) -> MatchSpec {
    common::match_spec(game, a, b, games, 7, threads)
}

fn play(s: &MatchSpec) -> MatchResult {
    run_match(s, &Arc::new(AtomicBool::new(false)), &|_, _| {}).expect("match runs")
}

#[test]
fn a_match_is_deterministic_for_a_seed_whatever_the_threads() {
    let s1 = spec(GameKind::Othello, "negaalpha+killers=4@3", "random", 6, 1);
    let s2 = MatchSpec {
        threads: 2,
        ..s1.clone()
    };
    let a = without_time(play(&s1));
    let b = without_time(play(&s2));
    assert_eq!(a, b);
    assert_eq!(a.games.len(), 6);
    // Games 2j and 2j+1 share an opening, with colours swapped.
    assert_eq!(a.games[0].moves[..3], a.games[1].moves[..3]);
    assert!(a.games[0].a_first && !a.games[1].a_first);
    // Another seed gives other openings.
    let other = without_time(play(&MatchSpec { seed: 8, ..s1 }));
    assert_ne!(other.games[0].moves, a.games[0].moves);
}

#[test]
fn match_node_totals_are_the_sum_of_the_searches_along_the_games() {
    for (game, a, b) in [
        (GameKind::Othello, "pvs+order=static@3", "negaalpha@2"),
        (
            GameKind::Connect4,
            "negaalpha+order=static+tt=1@6",
            "random",
        ),
        (GameKind::TicTacToe, "scout@9", "alphabeta@9"),
    ] {
        let s = spec(game, a, b, 4, 2);
        let m = play(&s);
        for who in 0..2 {
            let sum: u64 = m.games.iter().map(|g| g.nodes[who]).sum();
            assert_eq!(m.nodes(who).total as u64, sum, "{game:?}");
        }
        // Replay every game and search again where a searcher moved.
        for g in &m.games {
            let mut pos = AnyPosition::start(game);
            let mut nodes = [0u64; 2];
            for (ply, mv) in g.moves.iter().enumerate() {
                if ply >= g.opening_moves {
                    let first = pos.side_to_move() == Side::First;
                    let who = usize::from(first != g.a_first);
                    let player = if who == 0 { &s.a } else { &s.b };
                    if let PlayerKind::Search { row, depth, .. } = &player.kind {
                        let req = SearchRequest {
                            algorithm: row.algorithm,
                            options: row.options.clone(),
                            depth: *depth,
                            evaluator: String::new(),
                        };
                        let r = run_search(&pos, &req, SearchControl::default()).expect("search");
                        assert_eq!(r.best_move.as_deref(), Some(mv.as_str()));
                        nodes[who] += r.counters.nodes();
                    }
                }
                pos = pos.play(mv).expect("legal move");
            }
            assert!(pos.is_over(), "a game is played to its end");
            assert_eq!(nodes, g.nodes, "{game:?} game {}", g.index);
        }
        let (w, d, l) = m.wins_draws_losses();
        assert_eq!(w + d + l, 4);
    }
}

#[test]
fn match_outputs_parse_back_and_bad_input_is_refused() {
    let m = play(&spec(GameKind::TicTacToe, "random", "pvs@9", 5, 1));
    let text = ron::ser::to_string_pretty(&m, ron::ser::PrettyConfig::default()).expect("ron");
    let back: MatchResult = ron::from_str(&text).expect("parses back");
    assert_eq!(back, m);
    let csv = m.render(true);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 6);
    let header: Vec<&str> = lines[0].split(',').collect();
    let col = header
        .iter()
        .position(|h| *h == "nodes_b")
        .expect("nodes_b");
    for (line, g) in lines[1..].iter().zip(&m.games) {
        let fields: Vec<&str> = line.split(',').collect();
        assert_eq!(fields.len(), header.len());
        assert_eq!(fields[col].parse::<u64>().expect("number"), g.nodes[1]);
    }
    let base = SearchOptions::default();
    assert!(parse_player("negaalpha", &base).is_err(), "no depth");
    assert!(parse_player("negaalpha@x", &base).is_err());
    assert!(parse_player("nosuch@3", &base).is_err());
    assert!(parse_player("minimax+killers=2@3", &base).is_err());
    let mut tree = spec(GameKind::TicTacToe, "random", "random", 1, 1);
    tree.game = GameKind::RandomTree;
    let err = run_match(&tree, &Arc::new(AtomicBool::new(false)), &|_, _| {})
        .expect_err("random trees have no games");
    assert!(err.to_string().contains("random tree"), "{err}");
}

#[test]
fn experiment_e3_quick_shows_the_perfect_oracle_equality_and_writes_its_files() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().to_str().expect("utf-8 path");
    let (ok, stdout, stderr) = treelab(&["experiment", "e3", "--quick", "--out", out]);
    assert!(ok, "{stderr}");
    assert!(
        stdout.contains("alpha-beta == PVS (article's scout): equal: yes"),
        "{stdout}"
    );
    assert!(stdout.contains("alpha-beta == Pearl's Scout: equal: yes"));
    assert!(stdout.contains("4520/4520"));
    for file in ["e3.csv", "e3-across.csv", "e3.ron", "e3.svg", "e3.txt"] {
        assert!(dir.path().join(file).exists(), "{file}");
    }
    let ron_text = std::fs::read_to_string(dir.path().join("e3.ron")).expect("read");
    let result: E3Result = ron::from_str(&ron_text).expect("E3 RON parses back");
    assert_eq!(result.positions, 627);
    let csv = std::fs::read_to_string(dir.path().join("e3.csv")).expect("read");
    assert_eq!(csv.lines().count(), result.cells.len() + 1);
    let svg = std::fs::read_to_string(dir.path().join("e3.svg")).expect("read");
    assert_well_formed(&svg, 4);

    // The app's E3 preset is defined from the same experiment: run as the app runs it,
    // its row totals are the CLI's cells (win-loss, no table, infinite window).
    let mut session = (treelab::presets::find("e3").expect("e3 preset").build)();
    treelab::runner::run_session_blocking(
        &mut session,
        treelab::runner::Target::Suite,
        2,
        |_, _| {},
    )
    .expect("the preset runs");
    let cell = |ordering: &str, algo: &str| {
        result
            .cells
            .iter()
            .find(|c| {
                c.scoring == "win-loss"
                    && !c.tt
                    && c.window == "infinite"
                    && c.ordering == ordering
                    && !c.order_all
            })
            .and_then(|c| c.totals.iter().find(|(n, _)| n == algo))
            .and_then(|(_, t)| *t)
            .unwrap_or_else(|| panic!("no E3 cell {ordering} {algo}"))
    };
    let expected = [
        cell("oracle", "alphabeta"),
        cell("oracle", "scout"),
        cell("static", "alphabeta"),
        cell("static", "scout"),
    ];
    for (row, want) in expected.iter().enumerate() {
        let got: u64 = session
            .results
            .iter()
            .filter(|r| r.row == row)
            .map(|r| r.record.counters.nodes())
            .sum();
        assert_eq!(got, *want, "preset row {}", row + 1);
    }
}

#[test]
fn match_and_experiment_refuse_bad_input_with_a_reason() {
    let (ok, _, err) = treelab(&["experiment", "e99", "--quick"]);
    assert!(!ok && err.contains("unknown experiment"), "{err}");
    let (ok, _, err) = treelab(&[
        "match",
        "--game",
        "random-tree",
        "--black",
        "random",
        "--white",
        "random",
    ]);
    assert!(!ok && err.contains("random tree"), "{err}");
    let (ok, _, err) = treelab(&[
        "match",
        "--game",
        "othello",
        "--black",
        "negaalpha",
        "--white",
        "random",
    ]);
    assert!(!ok && err.contains("@DEPTH"), "{err}");
    let (ok, out, err) = treelab(&[
        "match",
        "--game",
        "connect4",
        "--black",
        "negaalpha+order=static@4",
        "--white",
        "random",
        "--games",
        "3",
        "--seed",
        "5",
        "--format",
        "csv",
    ]);
    assert!(ok, "{err}");
    assert_eq!(out.lines().count(), 4);
}

/// A parse-ish check: one root `<svg>`, every opened element closed in order, and one
/// `<path>` per series.
fn assert_well_formed(svg: &str, series: usize) {
    assert!(svg.starts_with("<svg "), "starts with <svg");
    assert!(svg.trim_end().ends_with("</svg>"));
    let mut stack: Vec<String> = Vec::new();
    let mut rest = svg;
    while let Some(open) = rest.find('<') {
        let close = rest[open..].find('>').expect("every tag ends") + open;
        let tag = &rest[open + 1..close];
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(stack.pop().as_deref(), Some(name.trim()), "tags nest");
        } else if !tag.ends_with('/') {
            let name = tag.split_whitespace().next().expect("a name");
            stack.push(name.to_string());
        }
        assert_eq!(
            tag.matches('"').count() % 2,
            0,
            "attribute quotes balance: {tag}"
        );
        rest = &rest[close + 1..];
    }
    assert!(stack.is_empty(), "unclosed: {stack:?}");
    assert_eq!(svg.matches("<path ").count(), series);
}

#[test]
fn chart_svg_is_well_formed_with_one_path_per_series() {
    let chart = LineChart {
        title: "a <title> & more".into(),
        x_label: "depth".into(),
        y_label: "nodes".into(),
        x_ticks: (2..=6).map(|d| d.to_string()).collect(),
        series: vec![
            Series {
                name: "alpha".into(),
                intervals: Vec::new(),
                values: vec![Some(10.0), Some(120.0), Some(900.0), None, Some(1e6)],
            },
            Series {
                name: "beta".into(),
                intervals: Vec::new(),
                values: vec![Some(5.0), Some(0.0), Some(70.0), Some(800.0), Some(9e4)],
            },
            Series {
                name: "empty".into(),
                intervals: Vec::new(),
                values: vec![None; 5],
            },
        ],
    };
    let svg = chart.to_svg();
    assert_well_formed(&svg, 3);
    assert!(svg.contains("1e0") && svg.contains("1e6"), "decade ticks");
    assert!(svg.contains("&lt;title&gt; &amp; more"));
}

#[test]
fn experiment_results_parse_back_and_do_not_depend_on_threads() {
    use treelab::experiment::bench::BenchResult;
    use treelab::experiment::experiments::{ExperimentConfig, run_experiment};
    let run = |name: &str, threads: usize| {
        run_experiment(name, ExperimentConfig::new(true, threads), &|_| {})
            .expect("experiment runs")
    };
    let file = |out: &treelab::experiment::ExperimentOutput, name: &str| {
        out.files
            .iter()
            .find(|(f, _)| f == name)
            .map(|(_, text)| text.clone())
            .unwrap_or_else(|| panic!("{name} written"))
    };
    // E4's Othello part is a bench: its RON is the BenchResult the app loads.
    let e4 = run("e4", 2);
    let bench: BenchResult = ron::from_str(&file(&e4, "e4-othello.ron")).expect("BenchResult");
    assert_eq!(bench.positions().len(), 20);
    assert!(bench.disagreements().is_empty());
    // Six algorithm rows, minimax and the minimal tree.
    assert_eq!(file(&e4, "e4.svg").matches("<path ").count(), 8);
    // Plaat's equivalence on every quick tree, printed; the headline and grain tables.
    assert!(
        e4.text
            .contains("evaluated exactly SSS*'s leaves on 100 of 100 trees"),
        "{}",
        e4.text
    );
    assert!(file(&e4, "e4-grain.csv").starts_with("domain,depth,grain,row,leaves"));
    assert!(file(&e4, "e4-headline.csv").lines().count() > 30);
    // Across the trees and the positions: MT-SSS* with leaves in the table evaluates
    // exactly SSS*'s leaves on every tree, so against alpha-beta its line is SSS*'s; the
    // PVS row with aspiration searches as NegaScout with aspiration on every position.
    let trees = file(&e4, "e4-trees-across.csv");
    for shape in ["independent:1000,4,6,", "incremental:10,8,5,"] {
        let figures = |row: &str| {
            let line = trees
                .lines()
                .find(|l| l.starts_with(&format!("{shape}{row},")))
                .unwrap_or_else(|| panic!("{shape}{row} in {trees}"));
            line.split(',')
                .skip(4)
                .map(str::to_string)
                .collect::<Vec<_>>()
        };
        assert_eq!(figures("sss"), figures("mt-sss"), "{shape}");
    }
    let othello = file(&e4, "e4-othello-across.csv");
    assert!(
        othello.contains(
            "pvs+order=static+tt=16+id+aspiration=20,20,1.00,1.00-1.00,1.00,0,20,0,all equal"
        ),
        "{othello}"
    );
    // E3 has no times in it: the whole output is the same on one thread and on two.
    let one = run("e3", 1);
    let two = run("e3", 2);
    assert_eq!(one.text, two.text);
    assert_eq!(file(&one, "e3.ron"), file(&two, "e3.ron"));
}

/// The SPRT ends a match of a strong player against `random` with H1 well before 100
/// games, prints Elo with its interval and LOS, and decides after the same game
/// whatever the number of threads.
#[test]
fn match_sprt_accepts_h1_early_against_random_and_ignores_the_threads() {
    let args = |threads: &str| {
        vec![
            "match".to_string(),
            "--game".into(),
            "connect4".into(),
            "--black".into(),
            "pvs+order=static+tt=16@8".into(),
            "--white".into(),
            "random".into(),
            "--alternate".into(),
            "--sprt".into(),
            "elo0=0,elo1=50,alpha=0.05,beta=0.05".into(),
            "--games".into(),
            "1000".into(),
            "--seed".into(),
            "1".into(),
            "--threads".into(),
            threads.into(),
        ]
    };
    let run = |threads: &str| {
        let a = args(threads);
        let refs: Vec<&str> = a.iter().map(String::as_str).collect();
        let (ok, stdout, stderr) = treelab(&refs);
        assert!(ok, "{stderr}");
        stdout
    };
    let one = run("1");
    let verdict = one
        .lines()
        .find(|l| l.contains("SPRT"))
        .expect("an SPRT line");
    let games: usize = verdict
        .split("H1 accepted after ")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no H1: {verdict}"));
    assert!(games < 100 && games.is_multiple_of(2), "{verdict}");
    let elo = one
        .lines()
        .find(|l| l.contains("Elo "))
        .expect("an Elo line");
    // The interval, with its half-width or, unbounded, with the reason.
    assert!(
        (elo.contains('±') || elo.contains("unbounded"))
            && elo.contains("95%: ")
            && elo.contains("LOS"),
        "{elo}"
    );
    let strip_times = |s: &str| -> Vec<String> {
        s.lines()
            .filter(|l| !l.contains("seconds"))
            .map(|l| l.split_whitespace().take(5).collect::<Vec<_>>().join(" "))
            .collect()
    };
    assert_eq!(strip_times(&one), strip_times(&run("2")));
}

#[test]
fn match_refuses_a_bad_sprt_with_a_reason() {
    for (bad, why) in [
        ("elo0=10,elo1=0", "must be above"),
        ("elo0=0,elo1=5,alpha=2", "alpha"),
        ("elo0=0", "elo1"),
    ] {
        let (ok, _, err) = treelab(&[
            "match",
            "--game",
            "tictactoe",
            "--black",
            "random",
            "--white",
            "random",
            "--sprt",
            bad,
        ]);
        assert!(
            !ok && err.contains("--sprt") && err.contains(why),
            "{bad}: {err}"
        );
    }
}

/// A player limited by nodes per move deepens iteratively up to the limit; its games
/// are the same on any number of threads, and each search stops near its budget.
#[test]
fn node_limited_players_play_the_same_games_on_any_threads() {
    let base = SearchOptions::default();
    let p = parse_player("negaalpha+nodes=3000", &base).expect("a node-limited player");
    match &p.kind {
        PlayerKind::Search {
            row, depth, nodes, ..
        } => {
            assert!(
                row.options.iterative_deepening,
                "a limit deepens iteratively"
            );
            assert_eq!((*depth, *nodes), (64, Some(3000)));
        }
        PlayerKind::Random => panic!("not a searcher"),
    }
    let timed = parse_player("pvs+time=50@7", &base).expect("a timed player");
    assert!(matches!(
        timed.kind,
        PlayerKind::Search {
            depth: 7,
            time_ms: Some(50),
            ..
        }
    ));
    for bad in [
        "negaalpha+nodes=0",
        "negaalpha+nodes=x",
        "sss+nodes=5",
        "negaalpha",
    ] {
        assert!(parse_player(bad, &base).is_err(), "{bad}");
    }
    let mut s = spec(
        GameKind::Othello,
        "negaalpha+nodes=3000",
        "negascout+order=static+nodes=3000",
        4,
        1,
    );
    let one = without_time(play(&s));
    s.threads = 2;
    assert_eq!(one, without_time(play(&s)));
    for g in &one.games {
        // Each search stops on its budget exactly.
        let per_search = g.nodes[0] as f64 / g.searches[0].max(1) as f64;
        assert!(per_search <= 3000.0, "{per_search}");
    }
}

/// `--openings FILE`: each position of the file starts a pair of games with colours
/// swapped; a suite of another game, or a finished position, is refused with the reason.
#[test]
fn openings_from_a_file_start_each_pair_with_colours_swapped() {
    let dir = tempfile::tempdir().expect("temp dir");
    let book = dir.path().join("book.ttt");
    std::fs::write(&book, "X...O....\n# a comment\n....X....\n").expect("write");
    let out = dir.path().join("m.ron");
    let (ok, _, err) = treelab(&[
        "match",
        "--game",
        "tictactoe",
        "--black",
        "negaalpha@9",
        "--white",
        "random",
        "--openings",
        book.to_str().expect("utf-8"),
        "--games",
        "6",
        "--format",
        "ron",
        "--out",
        out.to_str().expect("utf-8"),
    ]);
    assert!(ok, "{err}");
    let m: MatchResult =
        ron::from_str(&std::fs::read_to_string(&out).expect("read")).expect("parses");
    assert!(
        m.alternate,
        "a book plays each opening twice, colours swapped"
    );
    assert_eq!(m.book.as_deref(), Some("book.ttt"));
    let starts: Vec<&str> = m.games.iter().map(|g| g.start.as_str()).collect();
    let first = AnyPosition::parse(GameKind::TicTacToe, "X...O....").expect("board");
    let second = AnyPosition::parse(GameKind::TicTacToe, "....X....").expect("board");
    let (a, b) = (first.to_text(), second.to_text());
    assert_eq!(starts, [&a, &a, &b, &b, &a, &a]);
    for pair in m.games.chunks(2) {
        assert!(pair[0].a_first && !pair[1].a_first);
    }
    // A perfect player never loses from these openings.
    assert!(m.games.iter().all(|g| g.score_a >= 0), "{:?}", m.games);

    let (ok, _, err) = treelab(&[
        "match",
        "--game",
        "tictactoe",
        "--black",
        "random",
        "--white",
        "random",
        "--openings",
        "Test_L3_R1",
    ]);
    assert!(!ok && err.contains("Connect Four suite"), "{err}");
    std::fs::write(&book, "XXXOO....\n").expect("write");
    let (ok, _, err) = treelab(&[
        "match",
        "--game",
        "tictactoe",
        "--black",
        "random",
        "--white",
        "random",
        "--openings",
        book.to_str().expect("utf-8"),
    ]);
    assert!(!ok && err.contains("finished game"), "{err}");
}

/// A match split with --shard (by pairs with --alternate) merges back into the whole
/// match; overlapping slices and an SPRT in shards are refused.
#[test]
fn match_shards_merge_into_the_whole_match() {
    let dir = tempfile::tempdir().expect("temp dir");
    let common = [
        "match",
        "--game",
        "tictactoe",
        "--black",
        "negaalpha@3",
        "--white",
        "random",
        "--alternate",
        "--openings",
        "2",
        "--games",
        "10",
        "--seed",
        "5",
        "--format",
        "ron",
    ];
    let mut slices = Vec::new();
    for k in 1..=3 {
        let out = dir.path().join(format!("s{k}.ron"));
        let shard = format!("{k}/3");
        let mut args: Vec<&str> = common.to_vec();
        args.extend(["--shard", &shard, "--shard-from-one", "--out"]);
        let out_text = out.to_str().expect("utf-8").to_string();
        args.push(&out_text);
        let (ok, _, err) = treelab(&args);
        assert!(ok, "{err}");
        slices.push(out_text);
    }
    let merged = dir.path().join("merged.ron");
    let mut args = vec!["merge"];
    args.extend(slices.iter().map(String::as_str));
    args.extend(["--format", "ron", "--out", merged.to_str().expect("utf-8")]);
    let (ok, _, err) = treelab(&args);
    assert!(ok, "{err}");
    let read = |p: &std::path::Path| -> MatchResult {
        ron::from_str(&std::fs::read_to_string(p).expect("read")).expect("parses")
    };
    let whole_path = dir.path().join("whole.ron");
    let mut args: Vec<&str> = common.to_vec();
    args.extend(["--out", whole_path.to_str().expect("utf-8")]);
    let (ok, _, err) = treelab(&args);
    assert!(ok, "{err}");
    assert_eq!(without_time(read(&merged)), without_time(read(&whole_path)));
    // Each slice holds whole pairs.
    let first = read(std::path::Path::new(&slices[0]));
    assert!(first.games.iter().all(|g| (g.index / 2) % 3 == 0));
    let (ok, _, err) = treelab(&["merge", &slices[0], &slices[0]]);
    assert!(!ok && err.contains("overlap"), "{err}");
}

#[test]
fn experiment_e6_quick_proves_every_value_and_fsss_never_evaluates_more_leaves() {
    use treelab::experiment::experiments::E6Result;
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().to_str().expect("utf-8 path");
    let (ok, stdout, stderr) = treelab(&["experiment", "e6", "--quick", "--out", out]);
    assert!(ok, "{stderr}");
    for part in ["part 1: P-game", "part 2", "part 3", "part 4"] {
        assert!(stdout.contains(part), "{part}: {stdout}");
    }
    for file in [
        "e6-pgame.csv",
        "e6-fsss.csv",
        "e6-solving.csv",
        "e6-playing.csv",
        "e6.ron",
        "e6.txt",
    ] {
        assert!(dir.path().join(file).exists(), "{file}");
    }
    let text = std::fs::read_to_string(dir.path().join("e6.ron")).expect("read");
    let r: E6Result = ron::from_str(&text).expect("E6 RON parses back");
    // Part 1: three searchers at four budgets on two shapes.
    assert_eq!(r.pgame.len(), 2 * 3 * 4);
    assert!(
        r.pgame
            .iter()
            .all(|l| l.trees == 20 && l.failures <= l.trees)
    );
    // Part 2: FSSS-Minimax never evaluated more leaves than alpha-beta.
    assert_eq!(r.fsss.len(), 10);
    assert!(
        r.fsss.iter().all(|l| l.never_more == l.trees),
        "{:?}",
        r.fsss
    );
    // Part 3: every value proven and right, by both searchers on both sets.
    assert_eq!(r.solving.len(), 8);
    assert!(
        r.solving
            .iter()
            .all(|l| l.right == l.positions && l.positions == 100),
        "{:?}",
        r.solving
    );
    // Part 4: a match per game with and without MCTS-MR, and Connect Four with the
    // game's hooks in the playouts, every game played.
    assert_eq!(r.matches.len(), 5);
    assert!(r.matches.iter().all(|m| m.games.len() == 10));
}

#[test]
fn experiment_e7_quick_agrees_with_expectimax_and_prunes_with_ordering() {
    use treelab::experiment::experiments::E7Part;
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().to_str().expect("utf-8 path");
    // The run itself fails if Star1 or Star2 ever returns another value than expectimax.
    let (ok, stdout, stderr) = treelab(&["experiment", "e7", "--quick", "--out", out]);
    assert!(ok, "{stderr}");
    assert!(
        stdout.contains("Random chance trees") && stdout.contains("EinStein"),
        "{stdout}"
    );
    for file in [
        "e7-part1.csv",
        "e7-part2.csv",
        "e7-part1-across.csv",
        "e7-part2-across.csv",
        "e7.ron",
        "e7.svg",
        "e7.txt",
    ] {
        assert!(dir.path().join(file).exists(), "{file}");
    }
    let text = std::fs::read_to_string(dir.path().join("e7.ron")).expect("read");
    let parts: Vec<E7Part> = ron::from_str(&text).expect("E7 RON parses back");
    assert_eq!(parts.len(), 2);
    for part in &parts {
        assert_eq!(part.depths, [1, 2, 3, 4]);
        for rows in &part.cells {
            for (k, row) in rows.iter().enumerate() {
                let [e, s1, s2] = row;
                // Star1 never visits more nodes than expectimax; at depth 1 nothing cuts.
                assert!(s1.nodes <= e.nodes, "{}: {row:?}", part.title);
                if k == 0 {
                    assert_eq!((s1.nodes, s2.nodes), (e.nodes, e.nodes));
                }
            }
        }
        // With ordering, Star2 at the deepest depth needs well under half of
        // expectimax's nodes, on both kinds of positions.
        let [e, _, s2] = part.cells[1][3];
        assert!(2 * s2.nodes < e.nodes, "{}: {e:?} {s2:?}", part.title);
    }
    // The app's E7 preset is E7's EWN part: run as the app runs it on the quick run's
    // positions (the shipped suite's first 10) to depth 3, its row totals are the
    // experiment's cells (rows: expectimax, Star1, Star2, then ordered Star1, Star2).
    let mut session = (treelab::presets::find("e7").expect("e7 preset").build)();
    let open = session.suite.as_mut().expect("the shipped suite is open");
    let mut suite = (*open.suite).clone();
    suite.items.truncate(10);
    open.suite = std::sync::Arc::new(suite);
    for row in &mut session.rows {
        row.depth_max = 3;
    }
    treelab::runner::run_session_blocking(
        &mut session,
        treelab::runner::Target::Suite,
        2,
        |_, _| {},
    )
    .expect("the preset runs");
    let ewn = &parts[1];
    let cells = [(0, 0), (0, 1), (0, 2), (1, 1), (1, 2)];
    for (row, &(ordered, algo)) in cells.iter().enumerate() {
        for depth in 1..=3u32 {
            let got: u64 = session
                .results
                .iter()
                .filter(|r| r.row == row && r.depth == depth)
                .map(|r| r.record.counters.nodes())
                .sum();
            let want = ewn.cells[ordered][depth as usize - 1][algo].nodes;
            assert_eq!(got, want, "preset row {} depth {depth}", row + 1);
        }
    }
    // Position by position: the app's own results, paired here, give the figures of
    // the experiment's across-positions table (ordered Star2 against expectimax, depth 3).
    let nodes_at = |row: usize, i: usize| {
        let r = session
            .results
            .iter()
            .find(|r| r.row == row && r.depth == 3 && r.suite_index == Some(i));
        r.map(|r| r.record.counters.nodes()).expect("a result")
    };
    // In the suite's order: the bootstrap resamples positions by their index.
    let pairs: Vec<(u64, u64)> = (0..10).map(|i| (nodes_at(4, i), nodes_at(0, i))).collect();
    let a = treelab::stats::across::Across::of(&pairs).expect("figures");
    let csv = std::fs::read_to_string(dir.path().join("e7-part2-across.csv")).expect("read");
    let line = csv
        .lines()
        .find(|l| l.starts_with("shallow:1 + table,3,Star2,"))
        .expect("the line");
    let (lo, hi) = a.interval.expect("an interval");
    assert!(
        line.starts_with(&format!(
            "shallow:1 + table,3,Star2,10,{:.2},{lo:.2}-{hi:.2},{:.2},{},{},{},",
            a.geomean, a.total_ratio, a.fewer, a.equal, a.more
        )),
        "{line} against {a:?}"
    );
    assert!(stdout.contains("nodes against expectimax's, position by position"));
}
