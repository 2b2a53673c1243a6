//! Handouts: a session of exercises every student gets the same ([`handout`]), the
//! student's answers replayed into the quiz they left ([`resume`]), and the teacher's
//! table of scores over several students' sessions ([`scores_csv`]).
//!
//! A score is never read from the file: each exercise's tree is regenerated from its id,
//! searched again with its row, and every stored answer is marked again by the quiz's
//! own marking ([`crate::tree::quiz::Quiz::mark`]). An answer the quiz could not have
//! taken (a visit out of order, past the end, or with nothing to ask) is an error that
//! names the exercise and the answer.

use std::collections::BTreeSet;

use super::{Exercise, parse_id, search, tree_text};
use crate::engine::rowspec::{BenchRow, parse_row_spec, row_spec};
use crate::engine::{AnyPosition, GameKind};
use crate::search::SearchOptions;
use crate::session::{
    ComparisonRow, GivenAnswer, Practice, PracticeItem, ResultsTab, Session, ViewChoices,
};
use crate::tree::SearchTree;
use crate::tree::quiz::{Answer, Quiz};

/// How one exercise went.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Visits of the search.
    pub visits: usize,
    /// Visits with something to ask.
    pub questions: usize,
    /// Of those, answered (checked or shown).
    pub answered: usize,
    /// Visits whose answer was shown, not given.
    pub shown: u32,
    /// Visits passed over with Skip (neither answered nor shown).
    pub skipped: u32,
    /// Parts answered right.
    pub right: u32,
    /// Parts marked.
    pub asked: u32,
}

impl Score {
    /// The sum of two scores.
    #[must_use]
    pub fn plus(self, o: Score) -> Score {
        Score {
            visits: self.visits + o.visits,
            questions: self.questions + o.questions,
            answered: self.answered + o.answered,
            shown: self.shown + o.shown,
            skipped: self.skipped + o.skipped,
            right: self.right + o.right,
            asked: self.asked + o.asked,
        }
    }

    /// Right answers as a percentage of the parts marked (None: nothing marked).
    #[must_use]
    pub fn percent(&self) -> Option<f64> {
        (self.asked > 0).then(|| 100.0 * f64::from(self.right) / f64::from(self.asked))
    }

    /// "5 of 7 right; 3 of 4 visits" for the app.
    #[must_use]
    pub fn text(&self) -> String {
        let right = if self.asked == 0 {
            "not started".to_string()
        } else {
            format!("{} of {} right", self.right, self.asked)
        };
        format!("{right}; {} of {} visits", self.answered, self.questions)
    }
}

/// The tree (bracket notation) and row of a handout's exercise.
pub fn item_exercise(item: &PracticeItem) -> Result<(String, BenchRow), String> {
    let (shape, seed) = parse_id(&item.id)?;
    let row = parse_row_spec(&item.row, &SearchOptions::default())
        .map_err(|e| format!("row '{}': {e}", item.row))?;
    Ok((tree_text(&shape, seed), row))
}

/// The quiz's answer a stored answer holds.
#[must_use]
pub fn answer_of(g: &GivenAnswer) -> Answer {
    Answer {
        window: g.window,
        value: g.value,
        cutoff: g.cutoff,
        never: g.never.iter().cloned().collect::<BTreeSet<String>>(),
    }
}

/// The stored form of the answer given at `visit` (`shown`: Show the answer instead).
#[must_use]
pub fn given(visit: usize, answer: &Answer, shown: bool) -> GivenAnswer {
    if shown {
        return GivenAnswer {
            visit,
            shown,
            ..GivenAnswer::default()
        };
    }
    GivenAnswer {
        visit,
        shown,
        skipped: false,
        window: answer.window,
        value: answer.value,
        cutoff: answer.cutoff,
        never: answer.never.iter().cloned().collect(),
    }
}

/// The stored form of Skip at `visit`: the visit passed over, nothing else kept.
#[must_use]
pub fn skipped(visit: usize) -> GivenAnswer {
    GivenAnswer {
        visit,
        skipped: true,
        ..GivenAnswer::default()
    }
}

/// The quiz after `answers` on `tree`, marked as the app marked them, left at the last
/// visit answered; an error names the answer the quiz could not have taken.
pub fn replay(tree: &SearchTree, answers: &[GivenAnswer]) -> Result<Quiz, String> {
    let mut quiz = Quiz::new();
    let mut last: Option<usize> = None;
    for (k, g) in answers.iter().enumerate() {
        let bad = |why: &str| format!("answer {} (visit {}): {why}", k + 1, g.visit + 1);
        if g.visit >= tree.nodes.len() {
            return Err(bad(&format!("the search has {} visits", tree.nodes.len())));
        }
        if last.is_some_and(|l| g.visit <= l) {
            return Err(bad("the answers are not in the order of the visits"));
        }
        quiz.visit = g.visit;
        quiz.marks = None;
        quiz.shown = false;
        if quiz.question(tree).parts.is_empty() {
            return Err(bad("nothing is asked at that visit"));
        }
        if g.skipped {
            quiz.skip(tree);
        } else if g.shown {
            quiz.reveal(tree);
        } else {
            quiz.mark(tree, &answer_of(g));
        }
        last = Some(g.visit);
    }
    Ok(quiz)
}

/// The quiz where the student goes on: after the answers, at the next visit (or at
/// the end, its marks shown, when the last visit was answered).
pub fn resume(tree: &SearchTree, answers: &[GivenAnswer]) -> Result<Quiz, String> {
    let mut quiz = replay(tree, answers)?;
    if quiz.answered() {
        quiz.next(tree);
    }
    Ok(quiz)
}

/// The search of a handout's exercise, to the tree's height.
pub fn item_search(item: &PracticeItem) -> Result<SearchTree, String> {
    let (tree, row) = item_exercise(item)?;
    search(&tree, &row)
}

/// How exercise `item` went: its answers marked again on a fresh search.
pub fn score(item: &PracticeItem) -> Result<Score, String> {
    let tree = item_search(item)?;
    let quiz = replay(&tree, &item.answers)?;
    let questions = (0..tree.nodes.len())
        .filter(|&v| {
            let q = Quiz {
                visit: v,
                ..Quiz::default()
            };
            !q.question(&tree).parts.is_empty()
        })
        .count();
    Ok(Score {
        visits: tree.nodes.len(),
        questions,
        answered: item.answers.iter().filter(|g| !g.skipped).count(),
        shown: quiz.skipped,
        skipped: quiz.passed,
        right: quiz.right,
        asked: quiz.asked,
    })
}

/// The handout of `exercises`, each for `row`, no answers yet.
#[must_use]
pub fn handout(exercises: &[Exercise], row: &BenchRow) -> Practice {
    let spec = row_spec(row.algorithm, &row.options);
    Practice {
        student: String::new(),
        exercises: exercises
            .iter()
            .map(|ex| PracticeItem {
                id: ex.id.clone(),
                row: spec.clone(),
                answers: Vec::new(),
            })
            .collect(),
        current: 0,
        handout: true,
    }
}

/// Sets `session` up for its handout's exercise `k`: the exercise current, its row as
/// row 1, the Tree tab's quiz open on it; returns the exercise's position, for the
/// caller to put on the board. Nothing changes when the exercise cannot be read.
pub fn open_item(session: &mut Session, k: usize) -> Result<AnyPosition, String> {
    let practice = session.practice.as_mut().ok_or("no handout is open")?;
    let item = practice
        .exercises
        .get(k)
        .ok_or_else(|| format!("the handout has no exercise {}", k + 1))?;
    let (tree, row) = item_exercise(item)?;
    let position = AnyPosition::parse(GameKind::CustomTree, &tree).map_err(|e| e.to_string())?;
    let depth = position.as_dyn().full_depth().unwrap_or(super::MAX_DEPTH);
    practice.current = k;
    // At the depth that reaches every leaf only: an exercise's inner nodes carry no
    // value, so the engine refuses a search that stops above them (and Run would mark
    // the row with its "(!)").
    let wanted = ComparisonRow {
        algorithm: row.algorithm,
        options: row.options,
        depth_min: depth,
        depth_max: depth,
        ..ComparisonRow::default()
    };
    match session.rows.first_mut() {
        Some(first) if first.algorithm == wanted.algorithm && first.options == wanted.options => {
            // A handout written before: its row at depths 1 to the tree's.
            first.depth_min = first.depth_min.max(depth);
            first.depth_max = first.depth_max.max(depth);
        }
        Some(first) => *first = wanted,
        None => session.rows.push(wanted),
    }
    quiz_view(&mut session.view, depth);
    Ok(position)
}

/// The Tree tab's quiz on row 1 alone, to `depth`: how an exercise is answered.
pub fn quiz_view(view: &mut ViewChoices, depth: u32) {
    view.tab = ResultsTab::Tree;
    view.tree_row = 0;
    view.tree_row_beside = None;
    view.tree_depth = depth;
    view.tree_quiz = true;
}

/// A new session for handing out `practice`: its first exercise on the board.
pub fn handout_session(practice: Practice) -> Result<Session, String> {
    practice.check()?;
    let mut session = Session {
        suite: None,
        rows: Vec::new(),
        results: Vec::new(),
        view: ViewChoices::default(),
        practice: Some(practice),
        ..Session::default()
    };
    session.position = open_item(&mut session, 0)?;
    Ok(session)
}

/// Which exercise of a handout `tree` (bracket notation, as the board writes it) and
/// row 1 are: the current one when they match it.
#[must_use]
pub fn on_board(session: &Session) -> Option<usize> {
    let practice = session.practice.as_ref()?;
    let item = practice.exercises.get(practice.current)?;
    let (tree, row) = item_exercise(item).ok()?;
    let first = session.rows.first()?;
    let same_tree = AnyPosition::parse(GameKind::CustomTree, &tree)
        .is_ok_and(|p| p.to_text() == session.position.to_text());
    (same_tree && first.algorithm == row.algorithm && first.options == row.options)
        .then_some(practice.current)
}

/// The handouts in `paths` (session files, or every `.ron` file of a folder that holds
/// one), each named by its path; an error names the file that cannot be read, or the
/// file given by name that holds no handout.
pub fn handouts(paths: &[std::path::PathBuf]) -> Result<Vec<(String, Practice)>, String> {
    let mut files = Vec::new();
    for p in paths {
        if crate::platform::files::is_folder(p) {
            let found = crate::platform::files::files_in(p, "ron")
                .map_err(|e| format!("reading the folder {}: {e}", p.display()))?;
            for f in found {
                if let Some(practice) = Session::open(&f)?.practice {
                    files.push((f.display().to_string(), practice));
                }
            }
        } else {
            let practice = Session::open(p)?.practice.ok_or_else(|| {
                format!(
                    "{}: this session holds no handout (write one with treelab exercise --session)",
                    p.display()
                )
            })?;
            files.push((p.display().to_string(), practice));
        }
    }
    if files.is_empty() {
        return Err("no handout among the sessions given".into());
    }
    Ok(files)
}

/// The scores of students' handouts as CSV: per student (named by the name typed, else
/// by `name`, the file's) a line per exercise and a line `all` with the sums; the
/// columns are the student, the file, the exercise (1, 2, ... or `all`), its id and
/// row, the visits with something to ask, those answered, those whose answer was shown,
/// those skipped, the parts right and marked, and the percentage right. An error names the file and
/// exercise whose answers cannot be marked.
pub fn scores_csv(students: &[(String, Practice)]) -> Result<String, String> {
    use crate::output::csv::field;
    let mut out = String::from(
        "student,file,exercise,id,row,questions,answered,shown,skipped,right,marked,percent right\n",
    );
    for (name, practice) in students {
        let stem = std::path::Path::new(name)
            .file_stem()
            .map_or_else(|| name.clone(), |s| s.to_string_lossy().into_owned());
        let who = if practice.student.trim().is_empty() {
            stem.as_str()
        } else {
            practice.student.trim()
        };
        let mut total = Score::default();
        let mut line = |ex: &str, id: &str, row: &str, s: &Score| {
            let pct = s.percent().map_or_else(String::new, |p| format!("{p:.1}"));
            out.push_str(&format!(
                "{},{},{ex},{},{},{},{},{},{},{},{},{pct}\n",
                field(who),
                field(name),
                field(id),
                field(row),
                s.questions,
                s.answered,
                s.shown,
                s.skipped,
                s.right,
                s.asked
            ));
        };
        for (k, item) in practice.exercises.iter().enumerate() {
            let s = score(item).map_err(|e| format!("{name}: exercise {}: {e}", k + 1))?;
            line(&(k + 1).to_string(), &item.id, &item.row, &s);
            total = total.plus(s);
        }
        line("all", "", "", &total);
    }
    Ok(out)
}
