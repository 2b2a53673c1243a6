//! UI tests of the tree view of an MCTS row: opened on the Tree tab it shows the last
//! iteration backed up; the step buttons go phase by phase and iteration by iteration,
//! and Play goes by itself until Pause;
//! the phase is said in words; its quiz takes the child the search selected and the
//! visits and mean its backup left as right, and another child as wrong, with the UCB1
//! values that decide it, and can show an answer (not scored) or skip a question. The
//! drawing opens fitted with its root in view and zooms as the minimax tree's; the step
//! buttons and the drawing keep their places from phase to phase; an MCTS row beside
//! another is refused naming the drop-down to change. A PUCT row is stepped in its own
//! words (the network evaluates, PUCT's rule selects) with each drawn node's prior
//! written under it, and its quiz asks which move PUCT's rule takes.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use treelab::app::TreelabApp;
use treelab::tree::mcts::Phase;
use treelab::tree::mcts_quiz::{MctsQuestion, next_on_path, right_choice};

mod common;
use common::{harness_with_session, settle};

fn open(algorithm: &str, iterations: u64, quiz: bool) -> Harness<'static, TreelabApp> {
    open_at(algorithm, iterations, quiz, [1280.0, 800.0])
}

fn open_at(
    algorithm: &str,
    iterations: u64,
    quiz: bool,
    size: [f32; 2],
) -> Harness<'static, TreelabApp> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mcts.ron");
    std::fs::write(
        &path,
        format!(
            r#"Session(
    version: 2,
    game: tictactoe,
    position: "......... X",
    rows: [
        ComparisonRow(algorithm: {algorithm}, options: SearchOptions(iterations: {iterations}), depth_min: 9, depth_max: 9),
    ],
    view: ViewChoices(tab: Tree, tree_row: 0, tree_depth: 9, tree_quiz: {quiz}),
)"#
        ),
    )
    .unwrap();
    let mut h = harness_with_session(&path, size);
    settle(&mut h);
    if h.state().mcts_shown().is_none() {
        h.get_by_label("Build tree").click();
        settle(&mut h);
    }
    h
}

fn at(h: &Harness<'_, TreelabApp>) -> (usize, Phase) {
    h.state().mcts_shown().expect("an MCTS tree").1
}

#[test]
fn the_steps_go_phase_by_phase_and_say_what_each_does() {
    let mut h = open("mcts", 30, false);
    assert_eq!(at(&h), (29, Phase::Backup));
    h.get_by_label_contains("of 30: backup");
    h.get_by_label_contains("Backup: each node on the path gets a visit");
    h.get_by_label("|◀").click();
    settle(&mut h);
    assert_eq!(at(&h), (0, Phase::Selection));
    h.get_by_label_contains("Selection: the root still has moves not tried");
    for phase in [
        Phase::Expansion,
        Phase::Playout,
        Phase::Backup,
        Phase::Selection,
    ] {
        h.get_by_label("▶").click();
        settle(&mut h);
        assert_eq!(at(&h).1, phase);
    }
    assert_eq!(at(&h).0, 1);
    h.get_by_label("▶▶").click();
    settle(&mut h);
    assert_eq!(at(&h), (2, Phase::Selection));
    // Iteration 10 is the first below the root (tic-tac-toe has 9 moves).
    for _ in 0..7 {
        h.get_by_label("▶▶").click();
        settle(&mut h);
    }
    assert_eq!(at(&h), (9, Phase::Selection));
    h.get_by_label_contains("Selection at root (N = 9)");
}

#[test]
fn play_goes_through_the_phases_by_itself_and_pause_stops_it() {
    let mut h = open("mcts", 30, false);
    h.get_by_label("|◀").click();
    settle(&mut h);
    h.get_by_label("Play").click();
    let start = std::time::Instant::now();
    while at(&h) < (0, Phase::Playout) {
        assert!(start.elapsed().as_secs() < 10, "Play did not step");
        std::thread::sleep(std::time::Duration::from_millis(50));
        h.step();
    }
    h.get_by_label("Pause").click();
    settle(&mut h);
    let paused = at(&h);
    std::thread::sleep(std::time::Duration::from_millis(600));
    settle(&mut h);
    assert_eq!(at(&h), paused);
    h.get_by_label("Play");
}

#[test]
fn the_quiz_takes_the_search_s_answers_and_corrects_others() {
    let mut h = open("mcts", 30, true);
    let mut right = 0;
    let mut wrong = 0;
    for _ in 0..40 {
        let (tree, _, quiz) = h.state().mcts_shown().unwrap();
        let quiz = quiz.expect("a quiz");
        let Some(q) = quiz.question() else { break };
        match q {
            MctsQuestion::Select { iteration, parent } => {
                let taken = next_on_path(tree, iteration, parent);
                let choices = quiz.choices(tree);
                // Every other question answered wrong.
                let pick = if (right + wrong) % 2 == 0 {
                    taken
                } else {
                    choices.iter().find(|(c, _)| *c != taken).unwrap().0
                };
                let mv = tree.nodes[pick].mv.clone().unwrap();
                let good = pick == taken;
                h.get_by_label(&mv).click();
                settle(&mut h);
                if good {
                    h.get_by_label("Right.");
                    right += 1;
                } else {
                    h.get_by_label("Not quite.");
                    h.get_by_label_contains(&format!("UCB1 takes {}:", tree_move(&h, taken)));
                    wrong += 1;
                }
            }
            MctsQuestion::Backup { iteration, node } => {
                let after = tree.state_after(iteration + 1);
                let (visits, mean) = (after.visits[node], after.mean(node));
                h.get_by_label("visits").focus();
                h.step();
                h.get_by_label("visits").type_text(&visits.to_string());
                h.step();
                h.get_by_label("mean").focus();
                h.step();
                h.get_by_label("mean").type_text(&format!("{mean:.3}"));
                h.step();
                h.get_by_label("Check").click();
                settle(&mut h);
                h.get_by_label("Right.");
                right += 1;
            }
        }
        h.get_by_label("Next question").click();
        settle(&mut h);
    }
    let quiz = h.state().mcts_shown().unwrap().2.unwrap();
    assert!(right >= 10 && wrong >= 3, "{right} right, {wrong} wrong");
    assert_eq!(quiz.right as usize, right);
    assert_eq!(quiz.asked as usize, right + wrong);
}

fn tree_move(h: &Harness<'_, TreelabApp>, n: usize) -> String {
    h.state().mcts_shown().unwrap().0.nodes[n]
        .mv
        .clone()
        .unwrap()
}

/// The MCTS drawing's nodes on screen and its pane.
fn drawn(h: &Harness<'_, TreelabApp>) -> (Vec<(usize, egui::Rect)>, egui::Rect) {
    h.state().mcts_drawn().expect("an MCTS drawing")
}

/// The root's disc on screen.
fn root(h: &Harness<'_, TreelabApp>) -> egui::Rect {
    let (nodes, _) = drawn(h);
    nodes
        .iter()
        .find(|(n, _)| *n == 0)
        .expect("the root is drawn")
        .1
}

#[test]
fn the_drawing_opens_fitted_with_its_root_in_view_and_zooms() {
    let mut h = open("mcts", 200, false);
    let (nodes, pane) = drawn(&h);
    let tree_nodes = h.state().mcts_shown().unwrap().0.nodes.len();
    assert!(tree_nodes > 150, "{tree_nodes} nodes");
    assert!(
        pane.contains_rect(root(&h)),
        "root {:?} in {pane:?}",
        root(&h)
    );
    // Fitted: every node in the pane.
    assert_eq!(nodes.len(), tree_nodes);
    for (n, r) in &nodes {
        assert!(pane.expand(1.0).contains(r.center()), "node {n} at {r:?}");
    }
    let fitted = root(&h).width();
    h.get_by_label("zoom +").click();
    settle(&mut h);
    let bigger = root(&h).width();
    assert!(
        (bigger / fitted - 1.25).abs() < 0.01,
        "{fitted} -> {bigger}"
    );
    for _ in 0..2 {
        h.get_by_label("zoom −").click();
        settle(&mut h);
    }
    let smaller = root(&h).width();
    assert!(smaller < bigger * 0.7, "{bigger} -> {smaller}");
    // The wheel zooms too.
    let at = drawn(&h).1.center();
    h.event(egui::Event::PointerMoved(at));
    h.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Point,
        delta: egui::vec2(0.0, 120.0),
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Wheel,
        modifiers: egui::Modifiers::NONE,
    });
    settle(&mut h);
    assert!(root(&h).width() > smaller * 1.1, "the wheel zoomed in");
    h.get_by_label("fit").click();
    settle(&mut h);
    assert!((root(&h).width() - fitted).abs() < 0.01, "fit again");
    assert_eq!(drawn(&h).0.len(), tree_nodes);
}

#[test]
fn the_drawing_opens_with_its_root_in_view_at_1024x700() {
    let h = open_at("mcts", 200, false, [1024.0, 700.0]);
    let (_, pane) = drawn(&h);
    assert!(pane.max.x <= 1024.0 && pane.height() > 150.0, "{pane:?}");
    assert!(
        pane.contains_rect(root(&h)),
        "root {:?} in {pane:?}",
        root(&h)
    );
}

#[test]
fn the_step_buttons_and_the_drawing_stay_put_through_every_phase() {
    let mut h = open("mcts", 30, false);
    h.get_by_label("|◀").click();
    settle(&mut h);
    let places = |h: &Harness<'_, TreelabApp>| {
        let xs: Vec<f32> = ["◀", "▶", "▶▶", "▶|", "Play"]
            .iter()
            .map(|b| h.get_by_label(b).rect().min.x)
            .collect();
        (xs, drawn(h).1.min.y)
    };
    let first = places(&h);
    for step in 1..12 {
        h.get_by_label("▶").click();
        settle(&mut h);
        assert_eq!(places(&h), first, "step {step}: {:?}", at(&h));
    }
    assert_eq!(at(&h), (2, Phase::Backup));
}

#[test]
fn the_quiz_can_show_an_answer_or_skip_a_question() {
    let mut h = open("mcts", 200, true);
    let quiz = |h: &Harness<'_, TreelabApp>| h.state().mcts_shown().unwrap().2.unwrap().clone();
    assert!(quiz(&h).questions.len() > 400);
    h.get_by_label_contains("question 1 of");
    h.get_by_label("Show the answer").click();
    settle(&mut h);
    h.get_by_label("The answer.");
    // The answer with why: the first question is the first backup's.
    assert!(matches!(
        quiz(&h).question(),
        Some(MctsQuestion::Backup { iteration: 0, .. })
    ));
    h.get_by_label_contains("has n 1 and mean");
    let q = quiz(&h);
    assert_eq!((q.at, q.asked, q.right, q.revealed), (0, 0, 0, 1));
    h.get_by_label("Next question").click();
    settle(&mut h);
    h.get_by_label_contains("question 2 of");
    h.get_by_label("Skip").click();
    settle(&mut h);
    let q = quiz(&h);
    assert_eq!((q.at, q.asked, q.skipped), (2, 0, 1));
    h.get_by_label_contains("question 3 of");
    h.get_by_label_contains("1 question shown, not answered; 1 skipped");
}

#[test]
fn an_mcts_row_beside_another_is_refused_naming_the_drop_down() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("beside.ron");
    std::fs::write(
        &path,
        r#"Session(
    version: 2,
    game: tictactoe,
    position: "......... X",
    rows: [
        ComparisonRow(algorithm: mcts, options: SearchOptions(iterations: 20), depth_min: 9, depth_max: 9),
        ComparisonRow(algorithm: alphabeta, depth_min: 2, depth_max: 2),
    ],
    view: ViewChoices(tab: Tree, tree_row: 0, tree_row_beside: Some(1), tree_depth: 9),
)"#,
    )
    .unwrap();
    let mut h = harness_with_session(&path, [1280.0, 800.0]);
    settle(&mut h);
    h.get_by_label("Build tree").click();
    settle(&mut h);
    h.get_by_label_contains("set \"beside\" to nothing");
    assert!(h.query_by_label_contains("untick").is_none());
}

#[test]
fn a_puct_row_is_stepped_in_its_words_with_each_node_s_prior_beside_it() {
    let mut h = open("puct", 30, false);
    assert_eq!(at(&h), (29, Phase::Backup));
    h.get_by_label_contains("P: the network's prior for the move");
    let priors = h.state().mcts_priors_drawn().expect("an MCTS drawing");
    let tree = h.state().mcts_shown().unwrap().0.clone();
    assert!(tree.puct.is_some());
    // Every node drawn but the root has its prior beside it, as the network gave it.
    let (nodes, _) = drawn(&h);
    assert!(nodes.len() > 5, "{nodes:?}");
    for (n, _) in nodes.iter().filter(|(n, _)| *n > 0) {
        let text = priors
            .iter()
            .find(|(k, _)| k == n)
            .map(|(_, t)| t.clone())
            .unwrap_or_else(|| panic!("node {n} has no prior drawn: {priors:?}"));
        assert_eq!(text, format!("P {:.2}", tree.nodes[*n].prior.unwrap()));
    }
    h.get_by_label("|◀").click();
    settle(&mut h);
    h.get_by_label_contains("Selection: the network has not evaluated the root yet");
    h.get_by_label("▶").click();
    settle(&mut h);
    h.get_by_label_contains(
        "Expansion: none; the network evaluates root: its moves get priors a1 ",
    );
    h.get_by_label("▶").click();
    settle(&mut h);
    h.get_by_label_contains("Playout: none; the network values root at ");
    for _ in 0..2 {
        h.get_by_label("▶").click();
        settle(&mut h);
    }
    assert_eq!(at(&h), (1, Phase::Selection));
    h.get_by_label_contains("Selection at root (N = 1): ");
    h.get_by_label_contains("has Q + c·P·√N / (1 + n) = +0.000 + 1.25·");
}

#[test]
fn the_quiz_on_a_puct_row_asks_which_move_its_rule_takes() {
    let mut h = open("puct", 20, true);
    let (mut right, mut wrong) = (0, 0);
    for _ in 0..30 {
        let (tree, _, quiz) = h.state().mcts_shown().unwrap();
        let quiz = quiz.expect("a quiz");
        let Some(q) = quiz.question() else { break };
        match q {
            MctsQuestion::Select { iteration, parent } => {
                h.get_by_label_contains("Which move does PUCT take");
                let taken = right_choice(tree, iteration, parent);
                let choices = quiz.choices(tree);
                // Every move of the node is offered, the ones not tried yet too.
                assert_eq!(choices.len(), tree.edges[parent].len());
                let pick = if (right + wrong) % 2 == 0 {
                    taken
                } else {
                    (taken + 1) % choices.len()
                };
                let taken_move = choices[taken].1.clone();
                h.get_by_label(&choices[pick].1).click();
                settle(&mut h);
                if pick == taken {
                    h.get_by_label("Right.");
                    right += 1;
                } else {
                    h.get_by_label("Not quite.");
                    h.get_by_label_contains(&format!("PUCT takes {taken_move}:"));
                    wrong += 1;
                }
            }
            MctsQuestion::Backup { .. } => {
                h.get_by_label("Skip").click();
                settle(&mut h);
                continue;
            }
        }
        h.get_by_label("Next question").click();
        settle(&mut h);
    }
    let quiz = h.state().mcts_shown().unwrap().2.unwrap();
    assert!(right >= 3 && wrong >= 3, "{right} right, {wrong} wrong");
    assert_eq!(quiz.right as usize, right);
}
