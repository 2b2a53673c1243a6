//! What the rest of treelab needs to know of a game, in one place: its names, its text
//! form and files, its evaluators, the names of its sides, and how its board is laid
//! out and edited. Each game implements [`Describe`] in its own folder; the facade
//! (`engine`) and the app read everything through it, so adding a game is its folder and
//! one line in the engine's registry (see `docs/design.md`).
//!
//! Nothing here draws: a board is described as a grid of cells (or columns, a list of
//! numeric parameters, or a tree's nodes) and the app paints it.

use std::fmt::Debug;
use std::ops::RangeInclusive;

use super::perft::PerftConvention;
use super::{Evaluator, FormatError, Game, Side};

/// How a position is shown and edited in the app.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardLayout {
    /// A grid of cells, each clicked on its own (Othello, tic-tac-toe). Cells are
    /// numbered row by row from the top left.
    Grid {
        /// Columns.
        cols: usize,
        /// Rows.
        rows: usize,
        /// How stones look.
        style: GridStyle,
    },
    /// Columns that stones drop into (Connect Four): a click on a column plays it, a
    /// right click in edit mode takes its top stone off. Cells are numbered row by row
    /// from the top left.
    Columns {
        /// Columns.
        cols: usize,
        /// Rows.
        rows: usize,
    },
    /// No board: numeric parameters ([`Describe::params`]), and a sketch of the tree's
    /// shape when [`Describe::tree_shape`] gives one (random trees).
    Parameters,
    /// A hand-built tree drawn node by node ([`Describe::tree_nodes`]): a click selects
    /// a node, and [`Describe::tree_edited`] adds a child, removes a subtree or sets a
    /// value (custom trees).
    Tree,
}

/// One node of a [`BoardLayout::Tree`] board, as [`Describe::tree_nodes`] lists them:
/// in preorder, the position itself first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeNode {
    /// The index of the parent in the list (`None` for the position itself).
    pub parent: Option<usize>,
    /// The move from the parent in notation (empty for the position itself).
    pub label: String,
    /// Plies below the position.
    pub ply: u32,
    /// The side to move at the node.
    pub side: Side,
    /// A leaf's value, or an interior node's value where it has one (the first side's
    /// point of view).
    pub value: Option<i32>,
    /// Whether the node is a leaf (a finished game).
    pub leaf: bool,
    /// Whether the node is a chance node (drawn as a circle).
    pub chance: bool,
    /// The probability of the edge from its parent, as written, when the parent is a
    /// chance node.
    pub prob: Option<String>,
}

/// An edit of a [`BoardLayout::Tree`] board; nodes are indices into
/// [`Describe::tree_nodes`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TreeEdit {
    /// Give the node one more child (a leaf gets a child carrying its value).
    AddChild(usize),
    /// Remove the node and everything below it.
    Remove(usize),
    /// Set the node's value (`None`: an interior node without one).
    SetValue(usize, Option<i32>),
    /// Make an interior node a chance node (its outcomes equally likely), or a chance
    /// node a player's node again.
    ToggleChance(usize),
    /// Set the probability of an outcome of a chance node; the other outcomes share
    /// the rest in the proportions they had.
    SetProb(usize, crate::game::chance::Prob),
}

/// How the stones of a [`BoardLayout::Grid`] look.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GridStyle {
    /// Black and white discs on a green board with coordinates (Othello).
    Discs,
    /// X and O marks on a plain grid (tic-tac-toe).
    Marks,
    /// Numbered cubes, white and black ([`Describe::cell_texts`] gives the numbers);
    /// a cell does not name a move, so the app lists the moves by name (EinStein
    /// würfelt nicht!).
    Cubes,
}

/// One numeric parameter of a board-less game (a random tree's width, depth, ...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Param {
    /// Its label.
    pub name: &'static str,
    /// Its value (for a choice, the index into `choices`).
    pub value: u64,
    /// The smallest value allowed.
    pub min: u64,
    /// The largest value allowed.
    pub max: u64,
    /// What it means, shown next to it.
    pub hint: String,
    /// For a choice between named options: their names (empty for a number).
    pub choices: &'static [&'static str],
}

/// A way to write a position to a file.
#[derive(Clone, Copy, Debug)]
pub struct SaveFormat<D> {
    /// The menu label (`Save position as OBF…`).
    pub label: &'static str,
    /// The extension the save dialog proposes.
    pub extension: &'static str,
    /// The file's contents.
    pub write: fn(&D) -> String,
}

/// How strongly a game claims a suite file by its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Claim {
    /// Not this game's file.
    No,
    /// Read as this game's file when no game claims it by its extension.
    Fallback,
    /// This game's file (its extension says so).
    Yes,
}

/// One position of a suite file, with what the file says of it.
#[derive(Clone, Debug, PartialEq)]
pub struct SuiteLine<D> {
    /// A display name (`#40`, `line 12`).
    pub name: String,
    /// The position.
    pub position: D,
    /// The exact value for the side to move, when the file gives it.
    pub expected_score: Option<i32>,
    /// Exact scores of moves in notation, best first, when the file gives them.
    pub move_scores: Vec<(String, i32)>,
}

/// A suite file of one position a line in a text form (`parse`): blank lines and lines
/// starting with `#` are skipped, an error names its line, and `name` names each
/// position from its number in the suite (1-based), its line and the position.
pub fn suite_of_lines<D>(
    text: &str,
    parse: impl Fn(&str) -> Result<D, FormatError>,
    name: impl Fn(usize, usize, &D) -> String,
) -> Result<Vec<SuiteLine<D>>, FormatError> {
    let mut items = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let position = parse(line).map_err(|e| e.on_line(i + 1))?;
        items.push(SuiteLine {
            name: name(items.len() + 1, i + 1, &position),
            position,
            expected_score: None,
            move_scores: Vec::new(),
        });
    }
    Ok(items)
}

/// Everything the facade and the app know of one game. Implemented by the value the
/// app holds as the position (usually the [`Game`] itself; Connect Four adds the move
/// string that led to the position).
pub trait Describe: Clone + Debug + PartialEq + Send + Sync + 'static {
    /// The position type the searches run on.
    type Game: Game;
    /// The game's static evaluators.
    type Eval: Evaluator<Self::Game> + Copy + Default + PartialEq;

    /// The display name (`Connect Four`).
    const LABEL: &'static str;
    /// Other names the CLI and session files accept (`c4`).
    const ALIASES: &'static [&'static str];
    /// The names of the sides, the first mover first (`Black`, `White`).
    const SIDES: [&'static str; 2];
    /// The name of the one-line text form (`OBF`, `Moves`).
    const TEXT_NAME: &'static str;
    /// An example or a description of the text form, for an empty input box.
    const TEXT_HINT: &'static str;
    /// How a click edits the board in edit mode.
    const EDIT_HINT: &'static str;
    /// How the board is shown.
    const LAYOUT: BoardLayout;
    /// Whether two players can play a match of it (a random tree is a tree to search,
    /// not a game to play out).
    const PLAYABLE: bool = true;
    /// The suite files shipped with treelab: (path under `assets/`, contents).
    const SHIPPED_SUITES: &'static [(&'static str, &'static str)] = &[];

    /// The game's name in the CLI and session files.
    #[must_use]
    fn name() -> &'static str {
        Self::Game::NAME
    }

    /// The perft convention of the game's community.
    #[must_use]
    fn perft_convention() -> PerftConvention {
        Self::Game::PERFT_CONVENTION
    }

    /// The start position.
    fn start() -> Self;

    /// Parses the one-line text form (never empty: the caller maps "" to the start).
    fn parse(text: &str) -> Result<Self, FormatError>;

    /// The one-line text form ([`Describe::parse`] reads it back).
    fn to_text(&self) -> String;

    /// The position the searches run on.
    fn game(&self) -> &Self::Game;

    /// The position after `mv` (legal in [`Describe::game`]).
    fn play(&self, mv: <Self::Game as Game>::Move) -> Self;

    /// Every evaluator, the default first.
    fn evaluators() -> Vec<Self::Eval>;

    /// An evaluator's name.
    fn eval_name(eval: Self::Eval) -> &'static str;

    /// The evaluator called `name`.
    #[must_use]
    fn eval_from_name(name: &str) -> Option<Self::Eval> {
        Self::evaluators()
            .into_iter()
            .find(|&e| Self::eval_name(e) == name)
    }

    /// Whether a suite file of this name is this game's.
    #[must_use]
    fn claims_suite(_file_name: &str) -> Claim {
        Claim::No
    }

    /// Reads a suite file this game claims.
    fn parse_suite(_name: &str, _text: &str) -> Result<Vec<SuiteLine<Self>>, FormatError> {
        Err(FormatError::whole("this game reads no suite files"))
    }

    /// The ways to save a position, the one-line text form first.
    #[must_use]
    fn save_formats() -> Vec<SaveFormat<Self>> {
        vec![SaveFormat {
            label: "Save position…",
            extension: "txt",
            write: |p| format!("{}\n", p.to_text()),
        }]
    }

    /// The cells of a [`BoardLayout::Grid`] or [`BoardLayout::Columns`] board, row by
    /// row from the top left.
    #[must_use]
    fn cells(&self) -> Vec<Option<Side>> {
        Vec::new()
    }

    /// What is written on each cell's stone, row by row (a cube's number); empty when
    /// the stones carry nothing.
    #[must_use]
    fn cell_texts(&self) -> Vec<String> {
        Vec::new()
    }

    /// The position with these cells (edit mode), or why no game reaches it.
    fn with_cells(&self, _cells: &[Option<Side>]) -> Result<Self, FormatError> {
        Err(FormatError::whole("this game has no board to edit"))
    }

    /// The accessible name of cell `index` (`square d3`), or of column `index` for
    /// [`BoardLayout::Columns`] (`column 4`).
    #[must_use]
    fn cell_label(index: usize) -> String {
        format!("cell {index}")
    }

    /// The move a click on cell (or column) `index` plays in play mode, in notation.
    #[must_use]
    fn cell_move(index: usize) -> String {
        index.to_string()
    }

    /// The empty board (`None`: the game has none, no Clear button).
    #[must_use]
    fn cleared(&self) -> Option<Self> {
        None
    }

    /// The same board with the other side to move, where the game allows setting it.
    #[must_use]
    fn side_switched(&self) -> Option<Self> {
        None
    }

    /// Edit mode on a board whose stones carry numbers ([`GridStyle::Cubes`]): the
    /// position with cell `cell` holding the next of its choices (`back`: the previous
    /// one), or why none is a position. `None` for boards whose cells
    /// [`Describe::with_cells`] sets by side alone.
    fn cell_stepped(&self, _cell: usize, _back: bool) -> Option<Result<Self, FormatError>> {
        None
    }

    /// The same board in each phase a set-up may choose, named (a dice game: before
    /// the roll, or the die showing 1 to 6); empty when there is no such choice.
    #[must_use]
    fn phase_choices(&self) -> Vec<(String, Self)> {
        Vec::new()
    }

    /// A short note next to the side to move (`12 black, 3 white`).
    #[must_use]
    fn counts_note(&self) -> Option<String> {
        None
    }

    /// Why the text form of this (edited) board would not load back, if it would not.
    #[must_use]
    fn text_warning(&self) -> Option<String> {
        None
    }

    /// The parameters of a [`BoardLayout::Parameters`] game.
    #[must_use]
    fn params(&self) -> Vec<Param> {
        Vec::new()
    }

    /// The position with these parameter values (one per [`Describe::params`] entry).
    fn with_params(&self, _values: &[u64]) -> Result<Self, FormatError> {
        Err(FormatError::whole("this game has no parameters"))
    }

    /// Lines of facts about the position shown under its board or parameters.
    #[must_use]
    fn notes(&self) -> Vec<String> {
        Vec::new()
    }

    /// (children per node, plies) of a uniform tree to sketch, for tree games.
    #[must_use]
    fn tree_shape(&self) -> Option<(u32, u32)> {
        None
    }

    /// (children per node, plies to the leaves) when every node from here down has the
    /// same number of children and every leaf lies at the same ply (a random uniform
    /// tree): the size of a search that prunes nothing is then known exactly. `None`
    /// (the default): the size is estimated by sampling paths.
    #[must_use]
    fn uniform_below(&self) -> Option<(u32, u32)> {
        None
    }

    /// The nodes of a [`BoardLayout::Tree`] board, in preorder, the position first.
    #[must_use]
    fn tree_nodes(&self) -> Vec<TreeNode> {
        Vec::new()
    }

    /// The position after an edit of its [`BoardLayout::Tree`] board, or why not.
    fn tree_edited(&self, _edit: TreeEdit) -> Result<Self, FormatError> {
        Err(FormatError::whole("this game has no tree to edit"))
    }

    /// The depth that reaches every end of the game from here, when the game knows it
    /// (a tree's height, the empty cells of a board that fills up): the command line's
    /// depth when none is given.
    #[must_use]
    fn full_depth(&self) -> Option<u32> {
        None
    }

    /// Why a search that may stop short of the end at any ply in `plies` (counted from
    /// this position) cannot score the positions where it stops, if it cannot: a
    /// hand-built tree's interior node with no value. The engine asks before every
    /// search and refuses it with this reason.
    #[must_use]
    fn horizon_refusal(&self, _plies: RangeInclusive<u32>) -> Option<String> {
        None
    }

    /// Why a search that averages chance nodes exactly (expectimax, Star1, Star2) to the
    /// plies in `plies` cannot keep its values exact from here, if it cannot: more chance
    /// nodes on a path than the game's value scale holds. Searches that sample chance
    /// outcomes (MCTS) are not asked.
    #[must_use]
    fn exact_horizon_refusal(&self, _plies: RangeInclusive<u32>) -> Option<String> {
        None
    }
}

/// Checks what every [`Describe`] implementation promises, for the games' own tests and
/// for a new game's: the start position's text form reads back to it, every evaluator's
/// name finds it, the cells read back through [`Describe::with_cells`], the parameters
/// through [`Describe::with_params`], and the layout has as many cells as it says.
/// Returns the first broken promise.
pub fn check_description<D: Describe>() -> Result<(), String> {
    let start = D::start();
    let text = start.to_text();
    let back = D::parse(&text).map_err(|e| format!("start text '{text}' does not read: {e}"))?;
    if back != start {
        return Err(format!(
            "start text '{text}' reads back to another position"
        ));
    }
    let evals = D::evaluators();
    if evals.is_empty() || evals[0] != D::Eval::default() {
        return Err("the default evaluator must come first".into());
    }
    for &e in &evals {
        if D::eval_from_name(D::eval_name(e)) != Some(e) {
            return Err(format!(
                "evaluator '{}' is not found by its name",
                D::eval_name(e)
            ));
        }
    }
    let cells = start.cells();
    match D::LAYOUT {
        BoardLayout::Grid { cols, rows, .. } | BoardLayout::Columns { cols, rows } => {
            if cells.len() != cols * rows {
                return Err(format!("{} cells for a {cols}x{rows} board", cells.len()));
            }
            let again = start
                .with_cells(&cells)
                .map_err(|e| format!("the start's own cells are refused: {e}"))?;
            if again.cells() != cells {
                return Err("the cells do not read back".into());
            }
        }
        BoardLayout::Parameters => {
            let values: Vec<u64> = start.params().iter().map(|p| p.value).collect();
            let again = start
                .with_params(&values)
                .map_err(|e| format!("the start's own parameters are refused: {e}"))?;
            if again != start {
                return Err("the parameters do not read back".into());
            }
        }
        BoardLayout::Tree => {
            let nodes = start.tree_nodes();
            let Some(root) = nodes.first() else {
                return Err("a tree board lists no nodes".into());
            };
            if root.parent.is_some() || nodes.iter().skip(1).any(|n| n.parent.is_none()) {
                return Err("the position must be the first node and the only root".into());
            }
            let again = start
                .tree_edited(TreeEdit::SetValue(0, root.value))
                .map_err(|e| format!("the root's own value is refused: {e}"))?;
            if again != start {
                return Err("setting the root's own value changes the tree".into());
            }
        }
    }
    if D::save_formats().is_empty() {
        return Err("at least the text form must be a save format".into());
    }
    Ok(())
}

/// `all` with its [`Default`] value moved to the front (the order [`Describe::evaluators`]
/// promises), the rest in their order.
#[must_use]
pub fn default_first<T: Copy + Default + PartialEq>(all: &[T]) -> Vec<T> {
    let default = T::default();
    let mut out = vec![default];
    out.extend(all.iter().copied().filter(|&e| e != default));
    out
}
