//! The bracket notation of hand-built trees, read with the column where it goes wrong,
//! and the suite files (`.tree`) that list named trees with their values.

use super::{CustomTree, MAX_CHILDREN, MAX_HEIGHT, MAX_NODES, MAX_VALUE, Side, Subtree, TreeData};
use crate::game::FormatError;
use crate::game::chance::{Prob, parse_scaled, weights};

/// An example for messages.
const EXAMPLE: &str = "((3 12 8) (2 4 6) (14 5 2))";

/// Reads a tree in bracket notation:
///
/// ```text
/// position := [ "max:" | "min:" ] node
/// node     := number | "(" node { [","] node } ")" [ ":" number ]
///           | "?(" outcome { [","] outcome } ")" [ ":" number ]
/// outcome  := prob ":" node
/// prob     := digits "/" digits | [digits] "." digits | digits     (0 < p <= 1)
/// number   := [ "-" | "+" ] digits          (-1,000,000 to 1,000,000)
/// ```
///
/// Whitespace may stand anywhere between the parts; children are separated by
/// whitespace or one comma. A leaf is its value (MAX's view); `(…):5` gives an interior
/// node the value a search stopping there uses; `min:` puts MIN to move at the root
/// (MAX by default). `?(…)` is a chance node: its outcomes' probabilities sum to
/// exactly 1 (refused with the column otherwise); its outcomes are nodes of the side
/// opposite its parent's (at the root, of the side `max:`/`min:` names). Limits: [`MAX_CHILDREN`] children per node, [`MAX_NODES`] nodes,
/// leaves at most [`MAX_HEIGHT`] plies deep. Errors carry the 1-based column (in
/// characters) where the text goes wrong and what was expected there.
pub fn parse_tree(text: &str) -> Result<CustomTree, FormatError> {
    let mut p = Parser {
        chars: text.chars().collect(),
        at: 0,
        nodes: 0,
    };
    p.skip_space();
    if p.peek().is_none() {
        return Err(FormatError::whole(format!(
            "no tree: write one in brackets, such as {EXAMPLE}"
        )));
    }
    let side = p.side_prefix()?;
    p.skip_space();
    let root = p.node(0)?;
    p.skip_space();
    if let Some(c) = p.peek() {
        let message = match c {
            ')' => "an extra ')': the tree is already closed".to_string(),
            _ => format!(
                "unexpected '{c}' after the tree: the whole tree goes in one pair of brackets"
            ),
        };
        return Err(p.error(message));
    }
    CustomTree::new(&root, side)
}

/// The text form [`parse_tree`] reads back: `min:` when MIN moves, children separated
/// by one space, interior values as `):5`.
#[must_use]
pub fn write_tree(pos: &CustomTree) -> String {
    let mut out = String::new();
    if pos.side == Side::Second {
        out.push_str("min:");
    }
    write_node(&pos.tree, pos.node, &mut out);
    out
}

fn write_node(tree: &TreeData, index: u32, out: &mut String) {
    let node = &tree.nodes[index as usize];
    if node.children.is_empty() {
        out.push_str(&node.value.unwrap_or(0).to_string());
        return;
    }
    if !node.probs.is_empty() {
        out.push('?');
    }
    out.push('(');
    for (i, &c) in node.children.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        if let Some(p) = node.probs.get(i) {
            out.push_str(&p.to_string());
            out.push(':');
        }
        write_node(tree, c, out);
    }
    out.push(')');
    if let Some(v) = node.value {
        out.push(':');
        out.push_str(&v.to_string());
    }
}

/// The reader: the text as characters (columns count characters), where it is, and
/// how many nodes it has started.
struct Parser {
    chars: Vec<char>,
    at: usize,
    nodes: usize,
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.at += 1;
        }
    }

    /// An error at the current column.
    fn error(&self, message: impl Into<String>) -> FormatError {
        FormatError::at_column(self.at + 1, message)
    }

    /// `max:` or `min:` (any case), or nothing: MAX to move.
    fn side_prefix(&mut self) -> Result<Side, FormatError> {
        if !self.peek().is_some_and(char::is_alphabetic) {
            return Ok(Side::First);
        }
        let start = self.at;
        while self.peek().is_some_and(char::is_alphanumeric) {
            self.at += 1;
        }
        let word: String = self.chars[start..self.at].iter().collect();
        let side = match word.to_ascii_lowercase().as_str() {
            "max" => Side::First,
            "min" => Side::Second,
            _ => {
                return Err(FormatError::at_column(
                    start + 1,
                    format!(
                        "unexpected '{word}': a tree starts with '(', a number, or max: or min: for the side to move"
                    ),
                ));
            }
        };
        self.skip_space();
        if self.peek() != Some(':') {
            return Err(self.error(format!("expected ':' after '{word}'")));
        }
        self.at += 1;
        Ok(side)
    }

    /// One node at `ply` plies below the root.
    fn node(&mut self, ply: u32) -> Result<Subtree, FormatError> {
        let column = self.at + 1;
        match self.peek() {
            Some('(') => {}
            Some('?') => {}
            Some(c) if c == '-' || c == '+' || c.is_ascii_digit() => {}
            Some(c) => {
                return Err(self.error(format!(
                    "unexpected '{c}': expected a number, '(' or '?(' for a chance node"
                )));
            }
            None => return Err(self.error("the text ends: expected a number or '('")),
        }
        if ply > MAX_HEIGHT {
            return Err(self.error(format!(
                "too deep: a leaf lies at most {MAX_HEIGHT} plies below the root"
            )));
        }
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return Err(self.error(format!("too many nodes: a tree has at most {MAX_NODES}")));
        }
        let chance = self.peek() == Some('?');
        if chance {
            self.at += 1;
            if self.peek() != Some('(') {
                return Err(self.error("expected '(' after '?': a chance node is ?(1/2:3 1/2:5)"));
            }
        }
        let column = if chance { column + 1 } else { column };
        if self.peek() != Some('(') {
            let value = self.number()?;
            let after = self.at;
            self.skip_space();
            if self.peek() == Some(':') {
                return Err(self.error(
                    "a leaf is its value: only a node in brackets takes ':value', as (3 12 8):5",
                ));
            }
            self.at = after;
            return Ok(Subtree::Leaf(value));
        }
        self.at += 1;
        let (children, probs) = self.children(ply, column, chance)?;
        if chance {
            weights(&probs).map_err(|e| FormatError::at_column(column - 1, e.message))?;
        }
        let after = self.at;
        self.skip_space();
        let value = if self.peek() == Some(':') {
            self.at += 1;
            self.skip_space();
            Some(self.number()?)
        } else {
            self.at = after;
            None
        };
        Ok(Subtree::Inner {
            children,
            value,
            probs: chance.then_some(probs),
        })
    }

    /// The children of a node whose '(' (at `column`) was just read, up to and with its
    /// ')': with a chance node's probabilities when `chance`.
    fn children(
        &mut self,
        ply: u32,
        column: usize,
        chance: bool,
    ) -> Result<(Vec<Subtree>, Vec<Prob>), FormatError> {
        let mut children = Vec::new();
        let mut probs = Vec::new();
        loop {
            self.skip_space();
            match self.peek() {
                None => {
                    return Err(self.error(format!(
                        "missing ')': the '(' at column {column} is never closed"
                    )));
                }
                Some(')') if children.is_empty() => {
                    return Err(FormatError::at_column(
                        column,
                        "empty (): a node needs at least one child; write a leaf as a number",
                    ));
                }
                Some(')') => {
                    self.at += 1;
                    break;
                }
                Some(',') => {
                    return Err(self.error("a ',' with no child before it"));
                }
                Some(c) if chance && c != '.' && !c.is_ascii_digit() => {
                    return Err(self.error(format!(
                        "unexpected '{c}': a chance node's outcome is a probability, ':' and a node, as 1/2:3"
                    )));
                }
                Some(c)
                    if !chance
                        && c != '('
                        && c != '?'
                        && c != '-'
                        && c != '+'
                        && !c.is_ascii_digit() =>
                {
                    let why = if c == '.' {
                        "values are whole numbers".to_string()
                    } else {
                        "expected a child (a number or '(') or ')'".to_string()
                    };
                    return Err(self.error(format!("unexpected '{c}': {why}")));
                }
                Some(_) => {}
            }
            if children.len() == MAX_CHILDREN {
                return Err(self.error(format!(
                    "a 27th child: a node has at most {MAX_CHILDREN} (moves a to z)"
                )));
            }
            if chance {
                probs.push(self.probability()?);
            }
            children.push(self.node(ply + 1)?);
            self.skip_space();
            if self.peek() == Some(',') {
                self.at += 1;
                self.skip_space();
                if matches!(self.peek(), None | Some(')' | ',')) {
                    return Err(self.error("expected a child after ','"));
                }
            }
        }
        Ok((children, probs))
    }

    /// An outcome's probability and the ':' after it.
    fn probability(&mut self) -> Result<Prob, FormatError> {
        let start = self.at;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_digit() || c == '/' || c == '.')
        {
            self.at += 1;
        }
        let text: String = self.chars[start..self.at].iter().collect();
        let prob =
            Prob::parse(&text).map_err(|message| FormatError::at_column(start + 1, message))?;
        self.skip_space();
        if self.peek() != Some(':') {
            return Err(self.error(format!(
                "expected ':' after the probability {text}, then the outcome, as {text}:3"
            )));
        }
        self.at += 1;
        self.skip_space();
        Ok(prob)
    }

    /// A whole number in range.
    fn number(&mut self) -> Result<i32, FormatError> {
        let start = self.at;
        let negative = match self.peek() {
            Some('-') => {
                self.at += 1;
                true
            }
            Some('+') => {
                self.at += 1;
                false
            }
            _ => false,
        };
        let digits = self.at;
        let mut magnitude: i64 = 0;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            magnitude = (magnitude * 10 + i64::from(d)).min(i64::from(u32::MAX));
            self.at += 1;
        }
        if self.at == digits {
            return Err(match self.peek() {
                Some(c) => self.error(format!("unexpected '{c}': expected a number")),
                None => self.error("the text ends: expected a number"),
            });
        }
        if magnitude > i64::from(MAX_VALUE) {
            let written: String = self.chars[start..self.at].iter().collect();
            return Err(FormatError::at_column(
                start + 1,
                format!("{written} is out of range: values are -{MAX_VALUE} to {MAX_VALUE}"),
            ));
        }
        let value = if negative { -magnitude } else { magnitude };
        Ok(value as i32)
    }
}

/// One tree of a suite file: its name, its value for the side to move (when the file
/// gives it) and the tree.
pub type SuiteTree = (String, Option<i32>, CustomTree);

/// Reads a suite of trees (`.tree` files): one tree per line as `NAME VALUE TREE`, where
/// NAME has no spaces, VALUE is the tree's minimax value for the side to move at its
/// root (a decimal or fraction such as `2.1` or `7/3` where chance nodes make one; `?`
/// when unknown) and TREE is the bracket notation to the end of the line.
/// Blank lines and lines starting with `#` are skipped. Errors carry the line and the
/// column.
pub fn parse_suite_text(text: &str) -> Result<Vec<SuiteTree>, FormatError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        out.push(parse_suite_line(line).map_err(|e| e.on_line(i + 1))?);
    }
    Ok(out)
}

/// One `NAME VALUE TREE` line.
fn parse_suite_line(line: &str) -> Result<SuiteTree, FormatError> {
    let chars: Vec<char> = line.chars().collect();
    let mut at = 0;
    let word = |at: &mut usize| {
        while chars.get(*at).is_some_and(|c| c.is_whitespace()) {
            *at += 1;
        }
        let start = *at;
        while chars.get(*at).is_some_and(|c| !c.is_whitespace()) {
            *at += 1;
        }
        (start + 1, chars[start..*at].iter().collect::<String>())
    };
    let (_, name) = word(&mut at);
    let (column, value) = word(&mut at);
    if value.is_empty() {
        return Err(FormatError::at_column(
            column,
            "expected the tree's value (a number, or ? when unknown) after its name",
        ));
    }
    let rest: String = chars[at..].iter().collect();
    if rest.trim().is_empty() {
        return Err(FormatError::at_column(
            at + 1,
            "expected the tree after its value",
        ));
    }
    let tree = parse_tree(&rest).map_err(|e| e.shifted(at))?;
    // A chance tree's value may be a fraction (2.1, 7/3): read in the tree's units.
    let expected = if value == "?" {
        None
    } else {
        Some(
            parse_scaled(&value, tree.tree.scale)
                .map_err(|message| FormatError::at_column(column, message))?,
        )
    };
    Ok((name, expected, tree))
}

/// A tree debugs as its bracket text (here, beside the writer it uses).
impl std::fmt::Debug for CustomTree {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "CustomTree({})", write_tree(self))
    }
}
