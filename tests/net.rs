//! The policy-value networks: each game's planes, positions labelled by the exact
//! solvers (checked against Pons' test set and plain negamax), seeded training that
//! gives the same weights twice and learns tic-tac-toe's best moves, weights that
//! round-trip through safetensors with their manifest, a network saved without one
//! (as PyTorch saves) read by its tensors' shapes, and clear errors for broken files,
//! networks of the wrong game and bad options of `train-net`.

mod common;

use treelab::game::connect4::Connect4;
use treelab::game::othello::Othello;
use treelab::game::tictactoe::TicTacToe;
use treelab::game::{Game, SeededRng};
use treelab::net::data::{self, Draw};
use treelab::net::train::{TrainOptions, accuracy, train};
use treelab::net::{NetShape, PolicyValueNet};
use treelab::solve::connect4::{C4Options, C4Solver};

/// Checks the planes of `pos` and of positions after random moves: two disjoint planes
/// of 0/1, the side to move's stones first (as many as `counts` says), and every legal
/// move's cell empty when `cell_of` gives one.
fn planes_hold<G: Game>(
    start: G,
    counts: impl Fn(&G) -> (usize, usize),
    cell_of: impl Fn(&G, G::Move) -> Option<usize>,
) {
    let cells = G::NET_INPUTS / 2;
    assert!(cells > 0, "{} has a network face", G::NAME);
    let mut rng = SeededRng::new(7);
    for game in 0..20 {
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for ply in 0..60 {
            let mut x = vec![9.0; G::NET_INPUTS];
            pos.net_input(&mut x);
            assert!(x.iter().all(|&v| v == 0.0 || v == 1.0), "{}", G::NAME);
            let (mine, theirs) = (&x[..cells], &x[cells..]);
            assert!(mine.iter().zip(theirs).all(|(a, b)| a * b == 0.0));
            let ones = |p: &[f32]| p.iter().filter(|&&v| v == 1.0).count();
            assert_eq!(
                (ones(mine), ones(theirs)),
                counts(&pos),
                "{} game {game} ply {ply}",
                G::NAME
            );
            moves.clear();
            pos.legal_moves(&mut moves);
            if pos.outcome().is_some() || moves.is_empty() {
                break;
            }
            for &m in &moves {
                assert!(G::move_index(m) < G::MOVE_SLOTS);
                if let Some(c) = cell_of(&pos, m) {
                    assert_eq!(
                        (mine[c], theirs[c]),
                        (0.0, 0.0),
                        "{} move {}",
                        G::NAME,
                        G::move_to_string(m)
                    );
                }
            }
            pos = pos.play(moves[rng.below(moves.len() as u64) as usize]);
        }
    }
}

#[test]
fn each_game_writes_two_planes_from_the_side_to_move() {
    planes_hold(
        TicTacToe::new(),
        |p| {
            let n = p.plies_played();
            (n / 2, n - n / 2)
        },
        |_, m| Some(TicTacToe::move_index(m)),
    );
    planes_hold(
        Connect4::new(),
        |p| {
            let n = p.moves_played();
            (n / 2, n - n / 2)
        },
        // The cell a stone dropped in the column lands on: column * 6 + its height.
        |p, m| {
            let col = Connect4::move_index(m);
            let height = ((p.all_stones() >> (col * 7)) & 0x3f).count_ones() as usize;
            Some(col * 6 + height)
        },
    );
    planes_hold(
        Othello::start(),
        |p| {
            let (b, w) = (p.black_discs() as usize, p.white_discs() as usize);
            if p.side_to_move() == treelab::game::Side::First {
                (b, w)
            } else {
                (w, b)
            }
        },
        |_, m| m.square().map(usize::from),
    );
}

#[test]
fn connect_four_labels_are_the_solvers_values_and_pons_scores() {
    // The label's score is the best child's: it must equal the solver's score of the
    // position itself, and Pons' score where his test set gives one.
    let mut solver = C4Solver::new(C4Options::default());
    let text = std::fs::read_to_string("assets/connect4/Test_L3_R1").expect("Pons' test set");
    for line in text.lines().take(40) {
        let (moves, score) = line.split_once(' ').expect("moves and score");
        let pos = Connect4::from_moves(moves).expect("a position");
        let s = data::label(&pos, &mut |p: &Connect4| solver.solve(p).score);
        assert_eq!(s.score, score.parse::<i32>().expect("a score"), "{moves}");
        assert!(!s.best.is_empty() && s.best.iter().all(|m| s.legal.contains(m)));
        assert_eq!(s.value(), s.score.signum() as f32);
    }
    let draw = Draw {
        count: 30,
        seed: 3,
        min_plies: 16,
        max_plies: 30,
    };
    for pos in data::draw_positions(&Connect4::new(), &draw) {
        let direct = solver.solve(&pos).score;
        let s = data::label(&pos, &mut |p: &Connect4| solver.solve(p).score);
        assert_eq!(s.score, direct);
        assert!((16..=30).contains(&s.plies));
    }
}

/// Tic-tac-toe's positions drawn and labelled by negamax.
fn ttt_samples(count: usize, seed: u64) -> Vec<data::Sample> {
    let draw = Draw {
        count,
        seed,
        min_plies: 0,
        max_plies: 8,
    };
    data::sample(&TicTacToe::new(), &draw, data::negamax_exact)
}

#[test]
fn drawn_positions_are_different_and_seeded() {
    let a = ttt_samples(500, 1);
    assert_eq!(a.len(), 500);
    assert_eq!(a, ttt_samples(500, 1));
    assert_ne!(a, ttt_samples(500, 2));
    let mut inputs: Vec<&Vec<f32>> = a.iter().map(|s| &s.input).collect();
    inputs.sort_by(|x, y| x.partial_cmp(y).expect("no NaN"));
    inputs.dedup();
    assert_eq!(inputs.len(), 500, "no position twice");
    // The empty board is a draw and every first move keeps it (negamax's value).
    let empty = data::label(&TicTacToe::new(), &mut data::negamax_exact);
    assert_eq!((empty.score, empty.best.len()), (0, 9));
}

/// A tic-tac-toe network trained on `samples` with `seed`: its bytes and its held-out
/// accuracy before and after.
fn trained(
    samples: &[data::Sample],
    seed: u64,
) -> (Vec<u8>, treelab::net::Accuracy, treelab::net::Accuracy) {
    let (train_set, held) = data::split(samples.to_vec(), 0.2, seed);
    let shape = NetShape::parse("18-64-64-9").expect("a shape");
    let net = PolicyValueNet::new(&shape, seed).expect("a network");
    let before = accuracy(&net, &held).expect("fits");
    let opts = TrainOptions {
        epochs: 25,
        batch: 64,
        seed,
        ..TrainOptions::default()
    };
    let epochs = train(&net, &train_set, &held, &opts, |_| {}).expect("trains");
    assert_eq!(epochs.len(), 25);
    assert!(epochs[24].loss < epochs[0].loss, "{epochs:?}");
    (net.to_bytes().expect("bytes"), before, epochs[24].held_out)
}

#[test]
fn seeded_training_gives_the_same_weights_and_learns_the_best_moves() {
    let samples = ttt_samples(2000, 5);
    let (a, before, after) = trained(&samples, 11);
    let (b, _, again) = trained(&samples, 11);
    assert!(a == b, "the same seed, the same weights");
    assert_eq!(after, again);
    let (c, _, _) = trained(&samples, 12);
    assert!(a != c, "another seed, other weights");
    // Untrained, a best move about as often as a random legal move is one; trained,
    // far more often.
    assert!(before.move_percent() < 70.0, "{before:?}");
    assert!(after.move_percent() >= 80.0, "{after:?}");
    assert!(
        after.value_percent() >= before.value_percent() + 15.0,
        "{before:?} {after:?}"
    );
}

#[test]
fn weights_and_manifest_round_trip_and_bad_files_say_why() {
    let shape = NetShape::parse("84-32-7").expect("a shape");
    let mut net = PolicyValueNet::new(&shape, 3).expect("a network");
    net.manifest.set("game", "connect4");
    net.manifest.set("seed", "3");
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join("c4.safetensors");
    net.save(&path).expect("saved");
    let back = PolicyValueNet::load(&path).expect("loaded");
    assert_eq!(back.shape(), &shape);
    assert_eq!(back.manifest, net.manifest);
    let mut x = vec![0.0; 84 * 2];
    Connect4::from_moves("4453")
        .expect("a position")
        .net_input(&mut x[84..]);
    assert_eq!(
        back.evaluate(&x, 2).expect("runs"),
        net.evaluate(&x, 2).expect("runs")
    );
    // The wrong game, the wrong input length, a broken file.
    let e = back
        .check_fits("tictactoe", 18, 9)
        .expect_err("not tic-tac-toe's");
    assert!(
        e.contains("84-32-7") && e.contains("tictactoe") && e.contains("trained for connect4"),
        "{e}"
    );
    assert!(back.check_fits("connect4", 84, 7).is_ok());
    let e = back.evaluate(&x[..100], 1).expect_err("short");
    assert!(
        e.contains("100 numbers for 1 positions of 84 inputs"),
        "{e}"
    );
    let e = PolicyValueNet::from_bytes(b"not a network", "x.safetensors").expect_err("broken");
    assert!(
        e.starts_with("x.safetensors: not a safetensors file"),
        "{e}"
    );
    let bytes = std::fs::read(&path).expect("bytes");
    let e =
        PolicyValueNet::from_bytes(&bytes[..bytes.len() - 8], "cut.safetensors").expect_err("cut");
    assert!(e.starts_with("cut.safetensors:"), "{e}");
}

#[test]
fn a_network_saved_without_a_manifest_is_read_by_its_tensors() {
    // What `safetensors.torch.save_file` writes for an nn.Linear stack with these
    // names: no metadata; the shape follows from the tensors.
    let shape = NetShape::parse("18-16-8-9").expect("a shape");
    let net = PolicyValueNet::new(&shape, 9).expect("a network");
    let ours = net.to_bytes().expect("bytes");
    let file = safetensors::SafeTensors::deserialize(&ours).expect("ours reads");
    let tensors: Vec<(String, safetensors::tensor::TensorView<'_>)> = file.tensors();
    let bare = safetensors::serialize(tensors, None).expect("written");
    let back = PolicyValueNet::from_bytes(&bare, "torch.safetensors").expect("read by shapes");
    assert_eq!(back.shape(), &shape);
    let x = vec![0.5; 18];
    assert_eq!(
        back.evaluate(&x, 1).expect("runs"),
        net.evaluate(&x, 1).expect("runs")
    );
}

#[test]
fn train_net_refuses_bad_options_with_reasons() {
    let cases: [(&[&str], &str); 5] = [
        (
            &["--game", "ewn"],
            "--game ewn: no solver labels its positions yet",
        ),
        (
            &["--game", "connect4", "--plies", "9..3"],
            "--plies '9..3': give MIN..MAX with MIN <= MAX <= 200",
        ),
        (
            &["--game", "connect4", "--positions", "0"],
            "--positions 0: give 1 to 1000000",
        ),
        (
            &["--game", "tictactoe", "--hidden", "64,x"],
            "--hidden: shape '18-64-x-9': 'x' is not a layer width",
        ),
        (&["--game", "chess"], "--game:"),
    ];
    for (args, want) in cases {
        let mut all = vec!["train-net", "--out", "/nonexistent/never.safetensors"];
        all.extend(args);
        let (ok, _, err) = common::treelab(&all);
        assert!(!ok && err.contains(want), "{args:?}: {err}");
    }
}

#[test]
fn train_net_writes_a_network_that_loads_with_its_manifest() {
    let dir = tempfile::tempdir().expect("a folder");
    let out = dir.path().join("ttt.safetensors");
    let out_text = out.display().to_string();
    let args = [
        "train-net",
        "--game",
        "tictactoe",
        "--positions",
        "600",
        "--epochs",
        "4",
        "--hidden",
        "32",
        "--seed",
        "4",
        "--out",
        &out_text,
    ];
    let (ok, stdout, err) = common::treelab(&args);
    assert!(ok, "{err}");
    assert!(stdout.contains("epoch 4/4: loss"), "{stdout}");
    let net = PolicyValueNet::load(&out).expect("loads");
    assert_eq!(net.shape().text(), "18-32-9");
    assert_eq!(net.manifest.get("game"), Some("tictactoe"));
    assert_eq!(net.manifest.get("seed"), Some("4"));
    let command = net.manifest.get("command").expect("the command");
    assert!(
        command.starts_with("treelab train-net --game tictactoe --positions 600 --plies 0..8"),
        "{command}"
    );
    // The held-out accuracy the manifest keeps is the last epoch's line.
    let best = net.manifest.get("held_out_best_move").expect("accuracy");
    let (right, of) = best.split_once('/').expect("right/of");
    let percent = 100.0 * right.parse::<f64>().expect("n") / of.parse::<f64>().expect("n");
    assert!(
        stdout.contains(&format!("best move {percent:.1}% ({of} positions)")),
        "{stdout}"
    );
    // Trained again, the same file.
    let (ok, _, err) = common::treelab(&args);
    assert!(ok, "{err}");
    let again = std::fs::read(&out).expect("bytes");
    assert!(
        again == net.to_bytes().expect("bytes"),
        "the same file, byte for byte"
    );
}

#[test]
fn the_shipped_networks_fit_their_games_and_tic_tac_toes_trains_again_to_the_same_weights() {
    let shipped = |game: &str| {
        PolicyValueNet::load(std::path::Path::new(&format!(
            "assets/nets/{game}.safetensors"
        )))
        .expect("a shipped network")
    };
    let c4 = shipped("connect4");
    c4.check_fits("connect4", Connect4::NET_INPUTS, Connect4::MOVE_SLOTS)
        .expect("fits");
    let ttt = shipped("tictactoe");
    ttt.check_fits("tictactoe", TicTacToe::NET_INPUTS, TicTacToe::MOVE_SLOTS)
        .expect("fits");
    let othello = shipped("othello");
    othello
        .check_fits("othello", Othello::NET_INPUTS, Othello::MOVE_SLOTS)
        .expect("fits");
    for net in [&c4, &ttt, &othello] {
        for key in [
            "game",
            "seed",
            "commit",
            "data",
            "command",
            "held_out_best_move",
        ] {
            assert!(
                net.manifest.get(key).is_some_and(|v| !v.is_empty()),
                "{key}"
            );
        }
    }
    // The command in tic-tac-toe's manifest, run again (into another file), gives the
    // same weights and the same held-out accuracy.
    let command = ttt.manifest.get("command").expect("a command");
    let dir = tempfile::tempdir().expect("a folder");
    let out = dir.path().join("again.safetensors");
    let out_text = out.display().to_string();
    let mut args: Vec<&str> = command.split(' ').skip(1).collect();
    let at = args.iter().position(|a| *a == "--out").expect("--out");
    args[at + 1] = &out_text;
    let (ok, _, err) = common::treelab(&args);
    assert!(ok, "{err}");
    let again = PolicyValueNet::load(&out).expect("loads");
    for key in ["held_out_best_move", "held_out_value_sign", "data", "seed"] {
        assert_eq!(again.manifest.get(key), ttt.manifest.get(key), "{key}");
    }
    let mut x = vec![0.0; 18 * 3];
    TicTacToe::new().net_input(&mut x[..18]);
    let pos = TicTacToe::new();
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let child = pos.play(moves[4]);
    child.net_input(&mut x[18..36]);
    child.play(moves[0]).net_input(&mut x[36..]);
    assert_eq!(
        again.evaluate(&x, 3).expect("runs"),
        ttt.evaluate(&x, 3).expect("runs")
    );
}

#[test]
fn a_search_evaluates_as_the_trained_network_does() {
    // The plain forward pass a search calls against candle's, on positions of both
    // shipped networks' games.
    for game in ["connect4", "othello", "tictactoe"] {
        let net = PolicyValueNet::load(std::path::Path::new(&format!(
            "assets/nets/{game}.safetensors"
        )))
        .expect("a shipped network");
        let fast = treelab::net::Inference::new(&net).expect("its weights");
        let inputs = net.shape().inputs;
        let mut rng = treelab::game::SeededRng::new(4);
        for _ in 0..20 {
            let x: Vec<f32> = (0..inputs).map(|_| (rng.below(3) as f32) - 1.0).collect();
            let (logits, value) = fast.evaluate(&x);
            let slow = net.evaluate(&x, 1).expect("runs");
            assert!(
                (value - slow[0].1).abs() < 1e-5,
                "{game}: {value} {}",
                slow[0].1
            );
            for (a, b) in logits.iter().zip(&slow[0].0) {
                assert!((a - b).abs() < 1e-4, "{game}: {a} {b}");
            }
        }
        // Priors over some slots: a softmax over their logits alone.
        let (logits, _) = fast.evaluate(&vec![0.0; inputs]);
        let p = treelab::net::infer::priors(&logits, &[0, 2]);
        assert!((p[0] + p[1] - 1.0).abs() < 1e-6);
        assert_eq!(p[0] > p[1], logits[0] > logits[2]);
    }
}

#[test]
fn othellos_labels_are_plain_negamaxs_values_to_the_end() {
    // The endgame solver that labels Othello's training positions, against negamax
    // searching every line to the game's end, on positions of 6 to 8 empty squares.
    let draw = Draw {
        count: 12,
        seed: 5,
        min_plies: 52,
        max_plies: 54,
    };
    let positions = data::draw_positions(&Othello::start(), &draw);
    assert_eq!(positions.len(), 12);
    for p in &positions {
        assert_eq!(
            treelab::solve::label::othello_exact(p),
            data::negamax_exact(p),
            "{p}"
        );
    }
}
