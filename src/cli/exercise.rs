//! `treelab exercise`: generated practice trees with a chosen difficulty, each with an
//! id that regenerates it, a printable sheet and an answer key
//! ([`crate::experiment::exercise`]).

use anyhow::{Context, Result, bail};
use clap::Args;

use crate::engine::rowspec::parse_row_spec;
use crate::experiment::exercise::{self, Difficulty, Exercise, Order, Request, Shape, sheet};
use crate::output::manifest::Manifest;

/// `treelab exercise`.
#[derive(Debug, Args)]
pub struct ExerciseArgs {
    /// The algorithm row the exercises practise, with its options as in `bench`
    /// (`alphabeta`, `alphabeta+fail-soft`, `negascout`, `scout`, `mtdf+tt=1`, ...);
    /// `expectimax`, `star1` and `star2` get trees with chance nodes.
    #[arg(long, default_value = "alphabeta")]
    pub algo: String,
    /// easy (depth 2, 2-3 children, at least 1 cutoff), medium (depth 3, 2-3 children,
    /// at least 2 cutoffs, 1 above the leaves) or hard (depth 4, 2-3 children, at least
    /// 4 cutoffs, 2 above the leaves); with chance nodes a ply shallower (hard: 2
    /// children, 3 cutoffs, 1 above); the flags below override its parts.
    #[arg(long)]
    pub difficulty: Option<String>,
    /// Plies from the root to the leaves (1 to 5).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Children per interior node: `3`, or a range `2..3`.
    #[arg(long)]
    pub width: Option<String>,
    /// Cutoffs that leave moves unsearched: `3` exactly, `2..` at least, `2..4`.
    #[arg(long)]
    pub cutoffs: Option<String>,
    /// Of those, how many above the leaves' parents (whole subtrees unsearched).
    #[arg(long)]
    pub deep_cutoffs: Option<String>,
    /// MIN moves at the root (MAX by default).
    #[arg(long)]
    pub min_first: bool,
    /// How each node's children are ordered: good (best first), bad (worst first) or
    /// random.
    #[arg(long, default_value = "random")]
    pub order: String,
    /// Leaf values: `LO..HI` (within -99..99).
    #[arg(long, default_value = "0..20", allow_hyphen_values = true)]
    pub values: String,
    /// The seed the trees are drawn from: the same request and seed give the same
    /// exercises.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// How many exercises.
    #[arg(long, default_value_t = 1)]
    pub count: usize,
    /// Regenerate the exercise with this id (as printed; the shape flags are ignored).
    #[arg(long)]
    pub id: Option<String>,
    /// text (the id, the tree and what the search does on it) or tree (`ID TREE`).
    #[arg(long, default_value = "text")]
    pub format: String,
    /// Write a printable sheet: `.html` (SVG figures) or `.tex` (TikZ figures).
    #[arg(long)]
    pub sheet: Option<std::path::PathBuf>,
    /// Write the answer key: `.html` or `.tex`.
    #[arg(long)]
    pub key: Option<std::path::PathBuf>,
    /// Write the trees as a suite file (`.tree`, one `ID ? TREE` a line, the values left
    /// for the student to find) that the app opens with Open suite.
    #[arg(long)]
    pub suite: Option<std::path::PathBuf>,
    /// Write a handout: a session (`.ron`) with the exercises, which the app opens on
    /// the first one's quiz; students save their answers in it, and `treelab session
    /// scores` marks them.
    #[arg(long)]
    pub session: Option<std::path::PathBuf>,
    /// Print links instead, one a line, each opening an exercise in the browser build as
    /// a handout of one (its tree on the board, its quiz open); with `--session`, one link
    /// to the whole handout.
    #[arg(long)]
    pub link: bool,
    /// Where the browser build is served: the links start with it.
    #[arg(long, requires = "link", default_value = crate::session::link::DEFAULT_WEB_URL)]
    pub base_url: String,
}

/// Parses `N`, `N..`, `N..M` or `..M` into (lowest, highest).
fn parse_range(what: &str, text: &str) -> Result<(i64, Option<i64>)> {
    let num = |t: &str| -> Result<i64> {
        t.trim()
            .parse()
            .with_context(|| format!("{what} '{text}': '{t}' is not a whole number"))
    };
    let (lo, hi) = match text.split_once("..") {
        Some((a, b)) => (
            if a.trim().is_empty() { 0 } else { num(a)? },
            if b.trim().is_empty() {
                None
            } else {
                Some(num(b.trim_start_matches('='))?)
            },
        ),
        None => {
            let n = num(text)?;
            (n, Some(n))
        }
    };
    if hi.is_some_and(|h| h < lo) {
        bail!("{what} '{text}': the range is empty");
    }
    Ok((lo, hi))
}

/// A count range (cutoffs) as the request holds it.
fn count_range(what: &str, text: &str) -> Result<(u32, Option<u32>)> {
    let (lo, hi) = parse_range(what, text)?;
    let fit = |v: i64| {
        u32::try_from(v).map_err(|_| anyhow::anyhow!("{what} '{text}': give counts from 0 up"))
    };
    Ok((fit(lo)?, hi.map(fit).transpose()?))
}

/// The request the flags make, over the difficulty's defaults.
fn request(args: &ExerciseArgs) -> Result<Request> {
    let difficulty = match &args.difficulty {
        Some(d) => Difficulty::from_name(d).map_err(|e| anyhow::anyhow!(e))?,
        None => Difficulty::Easy,
    };
    let base = crate::search::SearchOptions::default();
    let row = parse_row_spec(&args.algo, &base).map_err(|e| anyhow::anyhow!("--algo: {e}"))?;
    let preset = difficulty.request(row, args.seed, args.count);
    let width = match &args.width {
        Some(w) => {
            let (lo, hi) = parse_range("width", w)?;
            let hi = hi.context("width: give an upper end, as in 2..3")?;
            (
                u32::try_from(lo).unwrap_or(0),
                u32::try_from(hi).unwrap_or(u32::MAX),
            )
        }
        None => preset.shape.width,
    };
    let (vlo, vhi) = parse_range("values", &args.values)?;
    let vhi = vhi.context("values: give an upper end, as in 0..20")?;
    let clamp = |v: i64| i32::try_from(v).unwrap_or(if v < 0 { i32::MIN } else { i32::MAX });
    Ok(Request {
        row: preset.row.clone(),
        shape: Shape {
            depth: args.depth.unwrap_or(preset.shape.depth),
            width,
            values: (clamp(vlo), clamp(vhi)),
            order: Order::from_name(&args.order).map_err(|e| anyhow::anyhow!(e))?,
            min_first: args.min_first,
            chance: preset.shape.chance,
        },
        cutoffs: match &args.cutoffs {
            Some(t) => count_range("cutoffs", t)?,
            None => preset.cutoffs,
        },
        deep_cutoffs: match &args.deep_cutoffs {
            Some(t) => count_range("deep cutoffs", t)?,
            None => preset.deep_cutoffs,
        },
        seed: args.seed,
        count: args.count,
    })
}

/// The line printed for an exercise.
fn line(ex: &Exercise, format: &str) -> String {
    match format {
        "tree" => format!("{} {}", ex.id, ex.tree),
        _ => format!(
            "{}  {}\n      cutoffs: {}, above the leaves' parents: {}; leaves evaluated: {} of {}",
            ex.id,
            ex.tree,
            ex.measure.cutoffs,
            ex.measure.deep_cutoffs,
            ex.measure.leaves_searched,
            ex.measure.leaves
        ),
    }
}

/// Writes the sheet or key at `path` (`.html` or `.tex`).
fn write_doc(
    path: &std::path::Path,
    exercises: &[Exercise],
    req: &Request,
    manifest: &Manifest,
    key: bool,
) -> Result<()> {
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    let footer = manifest.text();
    let text = match (ext.as_str(), key) {
        ("html" | "htm", false) => sheet::sheet_html(exercises, &req.row, &footer),
        ("html" | "htm", true) => sheet::key_html(exercises, &req.row, &footer),
        ("tex", false) => sheet::sheet_latex(exercises, &req.row, &footer),
        ("tex", true) => sheet::key_latex(exercises, &req.row, &footer),
        _ => bail!("{}: write a sheet or key as .html or .tex", path.display()),
    }
    .map_err(|e| anyhow::anyhow!(e))?;
    crate::platform::files::write_atomic(path, text.as_bytes())
        .with_context(|| format!("writing {}", path.display()))
}

pub(super) fn exercise_cmd(args: &ExerciseArgs) -> Result<()> {
    if !matches!(args.format.as_str(), "text" | "tree") {
        bail!("unknown format '{}'; expected text or tree", args.format);
    }
    let mut req = request(args)?;
    let exercises = match &args.id {
        Some(id) => {
            let (shape, seed) = exercise::parse_id(id).map_err(|e| anyhow::anyhow!(e))?;
            req.shape = shape;
            vec![exercise::exercise(&shape, seed, &req.row).map_err(|e| anyhow::anyhow!(e))?]
        }
        None => exercise::generate(&req).map_err(|e| anyhow::anyhow!(e))?,
    };
    if !args.link {
        for ex in &exercises {
            println!("{}", line(ex, &args.format));
        }
    }
    let manifest = Manifest::new(super::common::command_line(), 1)
        .with_rows([req.row.label.clone()])
        .with_seeds([req.seed]);
    if let Some(path) = &args.sheet {
        write_doc(path, &exercises, &req, &manifest, false)?;
    }
    if let Some(path) = &args.key {
        write_doc(path, &exercises, &req, &manifest, true)?;
    }
    if let Some(path) = &args.suite {
        let mut text = format!(
            "# Exercises for {}: one tree a line, named by its id (treelab exercise --id ID \
             regenerates it); the values are left for the student to find.\n",
            req.row.label
        );
        for l in manifest.lines() {
            text.push_str(&format!("# {l}\n"));
        }
        for ex in &exercises {
            text.push_str(&format!("{} ? {}\n", ex.id, ex.tree));
        }
        crate::platform::files::write_atomic(path, text.as_bytes())
            .with_context(|| format!("writing {}", path.display()))?;
    }
    if let Some(path) = &args.session {
        handout_session(&exercises, &req)?
            .save_with(path, &manifest)
            .with_context(|| format!("writing {}", path.display()))?;
    }
    if args.link {
        print_links(args, &exercises, &req)?;
    }
    Ok(())
}

/// The handout session of `exercises`, as `--session` writes it: the app opens it on
/// the first exercise's quiz.
fn handout_session(exercises: &[Exercise], req: &Request) -> Result<crate::session::Session> {
    use exercise::practice;
    let handout = practice::handout(exercises, &req.row);
    practice::handout_session(handout).map_err(|e| anyhow::anyhow!(e))
}

/// `--link`: a link to the handout with `--session`, else a link per exercise, each a
/// handout of that one exercise (the session the app makes of a handout, so the link
/// opens on the exercise's tree with its quiz).
fn print_links(args: &ExerciseArgs, exercises: &[Exercise], req: &Request) -> Result<()> {
    use crate::session::link::link;
    if args.session.is_some() {
        println!(
            "{}",
            link(&handout_session(exercises, req)?, &args.base_url)
        );
        return Ok(());
    }
    for ex in exercises {
        let session = handout_session(std::slice::from_ref(ex), req)
            .with_context(|| format!("exercise {}", ex.id))?;
        println!("{}", link(&session, &args.base_url));
    }
    Ok(())
}
