//! `treelab bench` on small grids: totals are sums of single searches, parallel (cells
//! shared out) equals serial, shards together equal the whole, outputs parse back.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use treelab::engine::{SearchRequest, Suite, run_search};
use treelab::experiment::bench::{self, BenchResult, BenchSpec, CountKind, Format};
use treelab::search::{SearchControl, SearchOptions};

fn spec(threads: usize, shard: Option<(usize, usize)>) -> BenchSpec {
    let mut suite = Suite::load_named("fforum-40-59.obf").expect("shipped suite");
    suite.items.truncate(5);
    let base = SearchOptions::default();
    let rows = [
        "negaalpha",
        "scout",
        "negascout+skip-shallow-research",
        "mtdf+tt=4+id",
    ]
    .iter()
    .map(|s| bench::parse_row_spec(s, &base).expect("valid row"))
    .collect();
    BenchSpec {
        suite,
        rows,
        depths: vec![2, 3, 4],
        evaluator: String::new(),
        threads,
        shard,
    }
}

fn run(spec: &BenchSpec) -> BenchResult {
    bench::run_bench(spec, &Arc::new(AtomicBool::new(false)), &|_, _, _| {}).expect("bench runs")
}

fn without_time(mut r: BenchResult) -> BenchResult {
    for c in &mut r.cells {
        c.record.counters = c.record.counters.without_time();
        for it in &mut c.record.iterations {
            it.elapsed_secs = 0.0;
        }
    }
    r
}

#[test]
fn totals_equal_the_sum_of_single_searches() {
    let s = spec(1, None);
    let r = run(&s);
    assert_eq!(r.cells.len(), 5 * 4 * 3);
    let totals = r.totals(CountKind::Nodes);
    for (ri, row) in s.rows.iter().enumerate() {
        for (di, &depth) in s.depths.iter().enumerate() {
            let mut sum = 0;
            for item in &s.suite.items {
                let req = SearchRequest {
                    algorithm: row.algorithm,
                    options: row.options.clone(),
                    depth,
                    evaluator: String::new(),
                };
                sum += run_search(&item.position, &req, SearchControl::default())
                    .expect("search")
                    .counters
                    .nodes();
            }
            assert_eq!(totals[ri][di], sum, "{} depth {depth}", row.label);
        }
    }
    assert!(
        r.disagreements().is_empty(),
        "exact algorithms agree on every score"
    );
}

#[test]
fn parallel_equals_serial_and_shards_merge_to_the_whole() {
    // Cells are shared out (the longest expected first), so even one position's rows
    // and depths run on several workers: the result is still the serial one.
    let serial = without_time(run(&spec(1, None)));
    for threads in [2, 3, 8] {
        let parallel = without_time(run(&spec(threads, None)));
        assert_eq!(serial, parallel, "{threads} threads");
    }
    let mut one = spec(4, None);
    one.suite.items.truncate(1);
    let mut one_serial = one.clone();
    one_serial.threads = 1;
    assert_eq!(without_time(run(&one)), without_time(run(&one_serial)));
    let mut merged: Vec<_> = (0..3)
        .flat_map(|k| without_time(run(&spec(2, Some((k, 3))))).cells)
        .collect();
    merged.sort_by_key(|c| (c.position_index, c.row, c.depth));
    assert_eq!(merged, serial.cells);
}

#[test]
fn csv_and_ron_outputs_parse_back() {
    let r = run(&spec(2, None));
    let text =
        ron::ser::to_string_pretty(&r, ron::ser::PrettyConfig::default()).expect("serialises");
    let back: BenchResult = ron::from_str(&text).expect("parses back");
    assert_eq!(back, r);
    let csv = r.render(CountKind::Nodes, Format::Csv);
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().expect("header").split(',').collect();
    let nodes_col = header
        .iter()
        .position(|h| *h == "nodes")
        .expect("nodes column");
    let mut rows = 0;
    for (line, cell) in lines.zip(&r.cells) {
        let fields: Vec<&str> = line.split(',').collect();
        assert_eq!(fields.len(), header.len());
        assert_eq!(
            fields[nodes_col].parse::<u64>().expect("a number"),
            cell.record.counters.nodes()
        );
        rows += 1;
    }
    assert_eq!(rows, r.cells.len());
    let text = r.render(CountKind::Leaves, Format::Text);
    assert!(text.contains("test = #40") && text.contains("ratio to negaalpha"));
}

/// Stockfish's habit: a fixed bench whose node totals are golden values. A change that
/// alters any of these changed what the search does; a refactor must keep them.
#[test]
fn golden_bench_node_totals() {
    let suite = Suite::load_named("fforum-40-59.obf").expect("shipped suite");
    let base = SearchOptions::default();
    let golden = [
        ("negaalpha", 167_435),
        ("scout", 145_984),
        ("negascout+skip-shallow-research", 132_727),
        ("pvs+order=static+killers=2+history", 74_127),
        ("mtdf+tt=4+id", 76_649),
        ("sss", 120_044),
    ];
    let rows = golden
        .iter()
        .map(|(s, _)| bench::parse_row_spec(s, &base).expect("valid row"))
        .collect();
    let spec = BenchSpec {
        suite,
        rows,
        depths: vec![5],
        evaluator: String::new(),
        threads: 2,
        shard: None,
    };
    let totals = run(&spec).totals(CountKind::Nodes);
    for (i, (label, nodes)) in golden.iter().enumerate() {
        assert_eq!(totals[i][0], *nodes, "{label}");
    }
}

/// The golden bench's second half: every other algorithm has its signature too (the
/// exact ones over FFO #40-#59 at depth 5, minimax, negamax and two-sided alpha-beta at
/// depth 4, the chance-node ones over E7's 40 EinStein
/// positions at depth 4, MCTS and MCTS-Solver seeded on tic-tac-toe's whole game).
/// Like the first half, these numbers change only when what a search does changes.
#[test]
fn golden_bench_node_totals_of_the_other_algorithms() {
    let base = SearchOptions::default();
    let totals = |suite: &str, golden: &[(&str, u64)], depth: u32| {
        let spec = BenchSpec {
            suite: Suite::load_named(suite).expect("shipped suite"),
            rows: golden
                .iter()
                .map(|(s, _)| bench::parse_row_spec(s, &base).expect("valid row"))
                .collect(),
            depths: vec![depth],
            evaluator: String::new(),
            threads: 2,
            shard: None,
        };
        let totals = run(&spec).totals(CountKind::Nodes);
        for (i, (label, nodes)) in golden.iter().enumerate() {
            assert_eq!(totals[i][0], *nodes, "{label} over {suite}");
        }
    };
    totals(
        "fforum-40-59.obf",
        &[
            ("mt-sss", 141_928),
            ("bisect", 1_064_303),
            ("fsss", 582_150),
        ],
        5,
    );
    // The full-width searches and two-sided alpha-beta, at depth 4 (minimax's whole
    // tree at depth 5 would take the test longer than it is worth).
    totals(
        "fforum-40-59.obf",
        &[
            ("minimax", 265_247),
            ("negamax", 265_247),
            ("alphabeta", 27_137),
            ("alphabeta+fail-soft", 27_137),
        ],
        4,
    );
    totals(
        "e7-positions.ewn",
        &[
            ("expectimax", 1_486_774),
            ("star1", 1_240_728),
            ("star2", 1_470_423),
        ],
        4,
    );
    let start = treelab::engine::AnyPosition::start(treelab::engine::GameKind::TicTacToe);
    for (spec, nodes) in [
        ("mcts+iterations=2000", 17_095),
        ("mcts-solver+iterations=2000", 17_134),
    ] {
        let row = bench::parse_row_spec(spec, &base).expect("valid row");
        let req = SearchRequest {
            algorithm: row.algorithm,
            options: row.options,
            depth: 9,
            evaluator: String::new(),
        };
        let r = run_search(&start, &req, SearchControl::default()).expect("search");
        assert_eq!(r.counters.nodes(), nodes, "{spec}");
    }
}

/// The golden bench of the parallel rows: on one thread each is PVS node for node (its
/// total pinned with PVS's, over FFO #40-#59 at depth 5), and on several threads, where
/// their counts vary from run to run, their value on every position is NegaAlpha's.
#[test]
fn golden_bench_of_the_parallel_rows() {
    let base = SearchOptions::default();
    let rows = [
        "pvs+tt=4+id",
        "pvs-root+tt=4+id+threads=1",
        "lazy-smp+tt=4+id+threads=1",
        "ybwc+tt=4+id+threads=1",
        "abdada+tt=4+id+threads=1",
    ];
    let spec = BenchSpec {
        suite: Suite::load_named("fforum-40-59.obf").expect("shipped suite"),
        rows: rows
            .iter()
            .map(|s| bench::parse_row_spec(s, &base).expect("valid row"))
            .collect(),
        depths: vec![5],
        evaluator: String::new(),
        threads: 2,
        shard: None,
    };
    let totals = run(&spec).totals(CountKind::Nodes);
    for (i, label) in rows.iter().enumerate() {
        assert_eq!(totals[i][0], 70_931, "{label}");
    }
    // Several threads: the value on every position, against NegaAlpha's.
    let suite = Suite::load_named("fforum-40-59.obf").expect("shipped suite");
    let value = |spec: &str, pos: &treelab::engine::AnyPosition| {
        let row = bench::parse_row_spec(spec, &base).expect("valid row");
        let req = SearchRequest {
            algorithm: row.algorithm,
            options: row.options,
            depth: 5,
            evaluator: String::new(),
        };
        run_search(pos, &req, SearchControl::default())
            .expect("search")
            .score
    };
    for item in &suite.items {
        let truth = value("negaalpha", &item.position);
        for parallel in ["pvs-root", "lazy-smp", "ybwc", "abdada"] {
            for threads in [2, 4] {
                let spec = format!("{parallel}+tt=4+id+threads={threads}");
                assert_eq!(
                    value(&spec, &item.position),
                    truth,
                    "{spec} on {}",
                    item.name
                );
            }
        }
    }
}
