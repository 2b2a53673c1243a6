//! UI tests of the tree view of an MCTS row: opened on the Tree tab it shows the last
//! iteration backed up; the step buttons go phase by phase and iteration by iteration,
//! and Play goes by itself until Pause;
//! the phase is said in words; its quiz takes the child the search selected and the
//! visits and mean its backup left as right, and another child as wrong, with the UCB1
//! values that decide it.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use treelab::app::TreelabApp;
use treelab::tree::mcts::Phase;
use treelab::tree::mcts_quiz::{MctsQuestion, next_on_path};

mod common;
use common::{harness_with_session, settle};

fn open(algorithm: &str, iterations: u64, quiz: bool) -> Harness<'static, TreelabApp> {
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
    let mut h = harness_with_session(&path, [1280.0, 800.0]);
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
