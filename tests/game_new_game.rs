//! The walk-through of `docs/design.md`, "Adding a game": Nim, written here the way a
//! game's folder under `src/game/` is written (the rules as a `Game`, an evaluator, and
//! a `Describe` implementation), checked by the same description check every
//! registered game passes, and searched through the facade by every algorithm.
//!
//! To put Nim in the app and the CLI, the file would move to `src/game/nim/` and the
//! registry (`src/engine/registry.rs`) would gain one line, `Nim => crate::game::nim::Nim`.
//! Nothing in the app names a game: the game picker, the board (here, parameters), the
//! text form, the save menu and the evaluator lists all come from the description.
//!
//! Ground truth: Bouton's theorem (1901): in normal-play Nim the side to move loses
//! exactly when the heaps' sizes XOR to zero.

use treelab::engine::search_described;
use treelab::game::describe::{BoardLayout, Describe, Param, SaveFormat, check_description};
use treelab::game::perft::PerftConvention;
use treelab::game::{Evaluator, FormatError, Game, Outcome, Scoring, Side, splitmix64};
use treelab::search::{Algorithm, SearchControl, SearchOptions};

mod common;
use common::request;

/// Heaps in a position.
const HEAPS: usize = 3;
/// The largest heap.
const MAX_HEAP: u8 = 7;

/// A move: take `count` (1 ..= heap) objects from heap `heap`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Take {
    heap: u8,
    count: u8,
}

/// A Nim position: three heaps and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Nim {
    heaps: [u8; HEAPS],
    side: Side,
}

impl Game for Nim {
    type Move = Take;
    const NAME: &'static str = "nim";
    const MOVE_SLOTS: usize = HEAPS * MAX_HEAP as usize;
    const MAX_PLIES: usize = HEAPS * MAX_HEAP as usize;
    const PERFT_CONVENTION: PerftConvention = PerftConvention::FinishedIsDropped;

    fn side_to_move(&self) -> Side {
        self.side
    }

    fn legal_moves(&self, out: &mut Vec<Take>) {
        out.clear();
        for (heap, &size) in self.heaps.iter().enumerate() {
            for count in 1..=size {
                out.push(Take {
                    heap: heap as u8,
                    count,
                });
            }
        }
    }

    fn play(&self, mv: Take) -> Nim {
        let mut heaps = self.heaps;
        heaps[usize::from(mv.heap)] -= mv.count;
        Nim {
            heaps,
            side: self.side.other(),
        }
    }

    /// Normal play: whoever cannot move (the heaps are empty) has lost.
    fn outcome(&self) -> Option<Outcome> {
        (self.heaps == [0; HEAPS]).then_some(Outcome::Loss)
    }

    fn terminal_score(&self, _scoring: Scoring) -> i32 {
        -1
    }

    fn score_range(&self, _scoring: Scoring) -> (i32, i32) {
        (-1, 1)
    }

    fn hash(&self) -> u64 {
        let packed = self
            .heaps
            .iter()
            .fold(self.side.index() as u64, |h, &s| (h << 8) | u64::from(s));
        splitmix64(packed)
    }

    fn move_index(mv: Take) -> usize {
        usize::from(mv.heap) * usize::from(MAX_HEAP) + usize::from(mv.count) - 1
    }

    /// `b3`: take 3 from heap b.
    fn move_to_string(mv: Take) -> String {
        format!("{}{}", char::from(b'a' + mv.heap), mv.count)
    }

    fn parse_move(&self, text: &str) -> Result<Take, FormatError> {
        let text = text.trim();
        let mut chars = text.chars();
        let heap = chars
            .next()
            .and_then(|c| (c as u32).checked_sub('a' as u32))
            .filter(|&h| (h as usize) < HEAPS)
            .ok_or_else(|| FormatError::at_column(1, "expected a heap a, b or c"))?;
        let count: u8 = chars
            .as_str()
            .parse()
            .map_err(|_| FormatError::at_column(2, "expected how many to take"))?;
        let mv = Take {
            heap: heap as u8,
            count,
        };
        if count == 0 || count > self.heaps[heap as usize] {
            return Err(FormatError::whole(format!("{text}: the heap is smaller")));
        }
        Ok(mv)
    }

    fn plies_played(&self) -> usize {
        0
    }
}

/// The only evaluator: 0 (Nim is searched to the end).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Zero;

impl Evaluator<Nim> for Zero {
    fn evaluate(&self, _pos: &Nim) -> i32 {
        0
    }
}

impl Describe for Nim {
    type Game = Nim;
    type Eval = Zero;
    const LABEL: &'static str = "Nim";
    const ALIASES: &'static [&'static str] = &[];
    const SIDES: [&'static str; 2] = ["First", "Second"];
    const TEXT_NAME: &'static str = "Heaps";
    const TEXT_HINT: &'static str = "3 4 5, and 'second' when the second player moves";
    const EDIT_HINT: &'static str = "Set the heaps below";
    const LAYOUT: BoardLayout = BoardLayout::Parameters;

    fn start() -> Nim {
        Nim {
            heaps: [3, 4, 5],
            side: Side::First,
        }
    }

    fn parse(text: &str) -> Result<Nim, FormatError> {
        let mut words: Vec<&str> = text.split_whitespace().collect();
        let side = if words.last() == Some(&"second") {
            words.pop();
            Side::Second
        } else {
            Side::First
        };
        if words.len() != HEAPS {
            return Err(FormatError::whole(format!("expected {HEAPS} heaps")));
        }
        let mut heaps = [0; HEAPS];
        for (heap, word) in heaps.iter_mut().zip(words) {
            *heap = word
                .parse()
                .ok()
                .filter(|&n| n <= MAX_HEAP)
                .ok_or_else(|| FormatError::whole(format!("'{word}': a heap is 0 to 7")))?;
        }
        Ok(Nim { heaps, side })
    }

    fn to_text(&self) -> String {
        let heaps: Vec<String> = self.heaps.iter().map(u8::to_string).collect();
        match self.side {
            Side::First => heaps.join(" "),
            Side::Second => format!("{} second", heaps.join(" ")),
        }
    }

    fn game(&self) -> &Nim {
        self
    }

    fn play(&self, mv: Take) -> Nim {
        Game::play(self, mv)
    }

    fn evaluators() -> Vec<Zero> {
        vec![Zero]
    }

    fn eval_name(_eval: Zero) -> &'static str {
        "zero"
    }

    fn save_formats() -> Vec<SaveFormat<Nim>> {
        vec![SaveFormat {
            label: "Save heaps…",
            extension: "nim",
            write: |p| format!("{}\n", p.to_text()),
        }]
    }

    fn params(&self) -> Vec<Param> {
        (0..HEAPS)
            .map(|i| Param {
                name: ["Heap a", "Heap b", "Heap c"][i],
                value: u64::from(self.heaps[i]),
                min: 0,
                max: u64::from(MAX_HEAP),
                hint: "objects, 0 to 7".into(),
                choices: &[],
            })
            .collect()
    }

    fn with_params(&self, values: &[u64]) -> Result<Nim, FormatError> {
        let mut heaps = [0; HEAPS];
        for (heap, &v) in heaps.iter_mut().zip(values) {
            *heap = u8::try_from(v)
                .ok()
                .filter(|&n| n <= MAX_HEAP)
                .ok_or_else(|| FormatError::whole(format!("{v}: a heap is 0 to 7")))?;
        }
        Ok(Nim {
            heaps,
            side: self.side,
        })
    }
}

#[test]
fn nim_keeps_every_promise_of_a_description() {
    assert_eq!(check_description::<Nim>(), Ok(()));
    let p = Nim::parse("1 2 3 second").expect("reads");
    assert_eq!(Nim::parse(&p.to_text()), Ok(p));
    assert!(Nim::parse("1 2 9").is_err());
    assert!(Nim::start().with_params(&[1, 2, 8]).is_err());
}

/// Every algorithm, searched to the end through the facade, finds Bouton's value on
/// every position with heaps up to 3 (the same value as minimax; alpha-beta never more
/// nodes), and a winning best move leaves heaps that XOR to zero.
#[test]
fn every_algorithm_solves_nim_as_bouton_says() {
    let depth = (HEAPS * 3) as u32;
    for a in 0..=3u8 {
        for b in 0..=3u8 {
            for c in 0..=3u8 {
                let pos = Nim {
                    heaps: [a, b, c],
                    side: Side::First,
                };
                let bouton = if a ^ b ^ c == 0 { -1 } else { 1 };
                let minimax = search_described(
                    &pos,
                    &request(Algorithm::Minimax, SearchOptions::default(), depth),
                    SearchControl::default(),
                )
                .expect("minimax searches");
                assert_eq!(minimax.score, Some(bouton), "{}", pos.to_text());
                for algorithm in Algorithm::exact() {
                    let r = search_described(
                        &pos,
                        &request(algorithm, SearchOptions::default(), depth),
                        SearchControl::default(),
                    )
                    .unwrap_or_else(|e| panic!("{algorithm:?}: {e}"));
                    assert_eq!(r.score, minimax.score, "{algorithm:?} {}", pos.to_text());
                    let pruning = matches!(algorithm, Algorithm::AlphaBeta | Algorithm::NegaAlpha);
                    assert!(
                        !pruning || r.counters.nodes() <= minimax.counters.nodes(),
                        "{algorithm:?} searched more than minimax on {}",
                        pos.to_text()
                    );
                    // A winning best move leaves heaps that XOR to zero.
                    if bouton == 1 {
                        let best = r.best_move.as_deref().expect("a move");
                        let after = Game::play(&pos, pos.parse_move(best).expect("legal"));
                        let [x, y, z] = after.heaps;
                        assert_eq!(x ^ y ^ z, 0, "{algorithm:?} played {best}");
                    }
                }
            }
        }
    }
}
