//! Handouts: `treelab exercise --session` writes a session of exercises every student
//! gets the same; the answers a student gives in the app's quiz are kept in it, the quiz
//! picks up where it was left when the file is opened again, and `treelab session
//! scores` (File ▸ Scores of students' sessions… in the app) marks every student's
//! answers again on a fresh search of each exercise's tree. The answers written here
//! are taken from the traced search (the truth) or made wrong on purpose, so the
//! expected marks are known without the marking code.

use egui_kittest::kittest::Queryable;
use treelab::experiment::exercise::practice;
use treelab::session::{GivenAnswer, Session};
use treelab::tree::SearchTree;

mod common;
use common::{settle, treelab};

/// The right answer at every visit of `tree` (alpha-beta: a window everywhere, a value
/// and a cutoff at interior nodes), and how many parts that is.
fn right_answers(tree: &SearchTree) -> (Vec<GivenAnswer>, u32) {
    let mut parts = 0;
    let answers = tree
        .nodes
        .iter()
        .enumerate()
        .map(|(visit, n)| {
            let interior = !n.leaf && !n.table_cut && n.value.is_some();
            parts += if interior { 3 } else { 1 };
            GivenAnswer {
                visit,
                shown: false,
                skipped: false,
                window: Some((n.alpha, n.beta)),
                value: interior.then_some(n.value).flatten(),
                cutoff: interior.then_some(n.cutoff_child.is_some()),
                never: if interior {
                    n.pruned.clone()
                } else {
                    Vec::new()
                },
            }
        })
        .collect();
    (answers, parts)
}

/// Writes a medium handout of three exercises in `dir`; returns its path and the
/// `ID TREE` lines printed.
fn write_handout(dir: &std::path::Path) -> (std::path::PathBuf, Vec<String>) {
    let path = dir.join("class.ron");
    let p = path.to_str().unwrap();
    let (ok, out, err) = treelab(&[
        "exercise",
        "--difficulty",
        "medium",
        "--count",
        "3",
        "--seed",
        "5",
        "--format",
        "tree",
        "--session",
        p,
    ]);
    assert!(ok, "{err}");
    (path, out.lines().map(str::to_string).collect())
}

#[test]
fn students_answers_are_marked_again_from_the_handouts_ids() {
    let dir = tempfile::tempdir().unwrap();
    let (path, lines) = write_handout(dir.path());
    let class = Session::load(&path).unwrap();
    let handout = class.practice.clone().expect("the session is a handout");
    // The same ids as printed, each regenerating the tree printed beside it.
    assert_eq!(handout.exercises.len(), 3);
    for (item, line) in handout.exercises.iter().zip(&lines) {
        let (id, tree) = line.split_once(' ').unwrap();
        assert_eq!(item.id, id);
        assert_eq!(practice::item_exercise(item).unwrap().0, tree);
        assert!(item.answers.is_empty());
    }
    assert_eq!(class.rows[0].label(), "alphabeta");
    assert!(class.view.tree_quiz);

    // Ada answers all of exercise 1 right; in exercise 2 she asks to be shown the first
    // visit and gets the root's value wrong at the next interior visit... of which only
    // the window is right. Ben hands in nothing.
    let hand_in = dir.path().join("hand-in");
    std::fs::create_dir(&hand_in).unwrap();
    let mut ada = class.clone();
    let p = ada.practice.as_mut().unwrap();
    p.student = "Ada, L.".into();
    let t1 = practice::item_search(&p.exercises[0]).unwrap();
    let (right, parts1) = right_answers(&t1);
    p.exercises[0].answers = right;
    let t2 = practice::item_search(&p.exercises[1]).unwrap();
    let (mut second, _) = right_answers(&t2);
    second.truncate(2);
    second[0] = GivenAnswer {
        visit: 0,
        shown: true,
        ..GivenAnswer::default()
    };
    let wrong = second[1].value.map_or(1, |v| v + 1);
    if second[1].value.is_some() {
        second[1].value = Some(wrong);
    }
    let parts2 = if second[1].value.is_some() { 3 } else { 1 };
    let right2 = if second[1].value.is_some() { 2 } else { 1 };
    p.exercises[1].answers = second;
    // Exercise 3: she skips the first question and stops there.
    p.exercises[2].answers = vec![practice::skipped(0)];
    ada.save(&hand_in.join("ada.ron")).unwrap();
    class.save(&hand_in.join("ben.ron")).unwrap();
    // A session that is no handout is passed over in a folder.
    Session::default().save(&hand_in.join("other.ron")).unwrap();

    let csv_path = dir.path().join("scores.csv");
    let (ok, _, err) = treelab(&[
        "session",
        "scores",
        hand_in.to_str().unwrap(),
        "--out",
        csv_path.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let csv = std::fs::read_to_string(&csv_path).unwrap();
    assert!(
        std::fs::read_to_string(dir.path().join("scores.csv.manifest"))
            .unwrap()
            .contains("treelab session scores")
    );
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "student,file,exercise,id,row,questions,answered,shown,skipped,right,marked,percent right"
    );
    // 2 students, 3 exercises and a total each.
    assert_eq!(lines.len(), 1 + 2 * 4, "{csv}");
    let ex1 = lines[1];
    let n1 = t1.nodes.len();
    assert!(
        ex1.starts_with("\"Ada, L.\",")
            && ex1.contains(&format!(
                ",1,{},alphabeta,{n1},{n1},0,0,{parts1},{parts1},100.0",
                handout.exercises[0].id
            )),
        "{ex1}"
    );
    let ex2 = lines[2];
    assert!(
        ex2.contains(&format!(",2,{},", handout.exercises[1].id))
            && ex2.ends_with(&format!(
                ",{},2,1,0,{right2},{parts2},{:.1}",
                t2.nodes.len(),
                100.0 * f64::from(right2) / f64::from(parts2)
            )),
        "{ex2}"
    );
    // The skipped question: not answered, not shown, skipped.
    assert!(lines[3].ends_with(",0,0,1,0,0,"), "{}", lines[3]);
    assert!(lines[4].contains(",all,,,"), "{}", lines[4]);
    assert!(
        lines[5].starts_with("ben,"),
        "a nameless student goes by the file's name"
    );

    // A file edited by hand so that its answers could not have been given is refused,
    // saying which file, exercise and answer.
    let mut bad = ada.clone();
    let answers = &mut bad.practice.as_mut().unwrap().exercises[0].answers;
    answers.swap(0, 1);
    let bad_path = dir.path().join("bad.ron");
    bad.save(&bad_path).unwrap();
    let (ok, _, err) = treelab(&["session", "scores", bad_path.to_str().unwrap()]);
    assert!(!ok);
    assert!(
        err.contains("bad.ron: exercise 1: answer 2 (visit 1): the answers are not in the order"),
        "{err}"
    );
    // A session given by name must be a handout.
    let other = hand_in.join("other.ron");
    let (ok, _, err) = treelab(&["session", "scores", other.to_str().unwrap()]);
    assert!(!ok && err.contains("holds no handout"), "{err}");
}

/// Types `text` into the text field labelled `label`.
fn type_into(h: &mut egui_kittest::Harness<'_, treelab::app::TreelabApp>, label: &str, text: &str) {
    h.get_by_label(label).focus();
    h.step();
    h.get_by_label(label).type_text(text);
    h.step();
}

#[test]
fn the_app_keeps_a_students_answers_and_resumes_the_quiz_where_it_was_left() {
    let dir = tempfile::tempdir().unwrap();
    let (path, _) = write_handout(dir.path());
    let mut h = common::harness_with_session(&path, [1280.0, 800.0]);
    settle(&mut h);
    h.get_by_label_contains("Handout: 3 exercises");
    h.get_by_label_contains("Quiz — visit 1 of");
    type_into(&mut h, "Your name:", "Ada");
    // Visit 1: shown; visit 2: a window answered wrong (no such window is right).
    h.get_by_label("Show the answer").click();
    settle(&mut h);
    h.get_by_label("Next visit").click();
    settle(&mut h);
    type_into(&mut h, "window: α", "5");
    type_into(&mut h, "β", "4");
    if h.query_by_label("value returned").is_some() {
        type_into(&mut h, "value returned", "99");
        h.get_by_label("no").click();
        settle(&mut h);
    }
    h.get_by_label("Check").click();
    settle(&mut h);
    // No second try at a handout's visit.
    assert!(h.query_by_label("Start again").is_none());
    let kept = h.state().session().practice.clone().unwrap();
    assert_eq!(kept.student, "Ada");
    let answers = &kept.exercises[0].answers;
    assert_eq!(answers.len(), 2);
    assert!(answers[0].shown && answers[0].visit == 0);
    assert_eq!((answers[1].visit, answers[1].window), (1, Some((5, 4))));
    // Only a "no cutoff" can be right, when visit 2 is interior and makes none.
    let tree = practice::item_search(&kept.exercises[0]).unwrap();
    let n = &tree.nodes[1];
    let no_cut =
        answers[1].cutoff == Some(false) && n.cutoff_child.is_none() && n.pruned.is_empty();
    let score = practice::score(&kept.exercises[0]).unwrap();
    assert_eq!(
        (score.right, score.shown, score.answered),
        (u32::from(no_cut), 1, 2)
    );
    let saved = dir.path().join("ada.ron");
    h.state_mut().save_session_to(&saved).unwrap();

    // Opened again: the quiz goes on at visit 3 with the same score.
    let mut h = common::harness_with_session(&saved, [1280.0, 800.0]);
    settle(&mut h);
    h.get_by_label_contains("Quiz — visit 3 of");
    let q = h.state().tree_quiz().unwrap();
    assert_eq!((q.right, q.asked, q.skipped), (score.right, score.asked, 1));
    h.get_by_label_contains(&format!("Exercise 1 ({})", kept.exercises[0].id));
    // Exercise 2 starts at its first visit; back to 1, at visit 3 again.
    h.get_by_label("Ex 2").click();
    settle(&mut h);
    h.get_by_label_contains("Quiz — visit 1 of");
    assert_eq!(
        h.state().session().position.to_text(),
        practice::item_exercise(&kept.exercises[1]).unwrap().0
    );
    h.get_by_label("Ex 1").click();
    settle(&mut h);
    h.get_by_label_contains("Quiz — visit 3 of");
    // Skip passes over visit 3 to visit 4, and the handout keeps the skip.
    h.get_by_label("Skip").click();
    settle(&mut h);
    h.get_by_label_contains("Quiz — visit 4 of");
    h.get_by_label_contains("1 visit skipped");
    let kept = h.state().session().practice.clone().unwrap();
    let last = kept.exercises[0].answers.last().unwrap();
    assert!(last.skipped && last.visit == 2 && last.window.is_none());
    let score = practice::score(&kept.exercises[0]).unwrap();
    assert_eq!((score.answered, score.skipped), (2, 1));
}
