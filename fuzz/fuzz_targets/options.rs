#![no_main]
//! Fuzz target: bench row specs, depth lists and option names as the CLI reads them.

use libfuzzer_sys::fuzz_target;
use treelab::cli::parse_depths;
use treelab::engine::{AnyPosition, GameKind};
use treelab::experiment::bench::parse_row_spec;
use treelab::search::{Algorithm, MoveOrder, SearchOptions};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let base = SearchOptions::default();
    for spec in text.split(',') {
        if let Ok(row) = parse_row_spec(spec, &base) {
            for depth in [1, 8, 64] {
                let _ = row.options.validate(row.algorithm, depth);
            }
        }
    }
    let _ = parse_depths(text);
    let _ = MoveOrder::from_name(text);
    let _ = Algorithm::from_name(text);
    if let Ok(kind) = GameKind::from_name(text) {
        let _ = kind.evaluator_names();
    }
    for kind in GameKind::ALL {
        if let Ok(p) = AnyPosition::parse(kind, text) {
            let _ = p.legal_moves();
        }
    }
});
