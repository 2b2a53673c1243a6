//! Stop latency and frame times of the app during a long search (issue: the window
//! keeps answering; Stop ends every search within 100 ms).
//!
//! Drives the real app with egui_kittest (no display): starts a deep comparison on
//! every core, steps frames for a while measuring each frame's time (layout, the run's
//! event drain, tessellation; not the GPU), presses Stop and measures how long until
//! every worker thread has ended. Prints the figures; `cargo bench --bench
//! responsiveness`.

use std::time::{Duration, Instant};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use treelab::app::{Command, TreelabApp};
use treelab::engine::{AnyPosition, GameKind};

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let k = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[k]
}

fn main() {
    let rounds = 5;
    let run_for = Duration::from_secs(3);
    let mut frames_ms: Vec<f64> = Vec::new();
    let mut stops_ms: Vec<f64> = Vec::new();
    let mut runner_stops_ms: Vec<f64> = Vec::new();
    let mut frames_per_sec: Vec<f64> = Vec::new();
    for round in 0..rounds {
        let mut h = Harness::builder()
            .with_size([1280.0, 800.0])
            .build_ui_state(
                |ui, app: &mut TreelabApp| app.frame_ui(ui),
                TreelabApp::new_for_tests(),
            );
        h.step();
        // Two rows (NegaAlpha, NegaScout) at depth 14 from the Othello start: minutes
        // of work.
        h.state_mut()
            .push(Command::SetPosition(AnyPosition::start(GameKind::Othello)));
        h.state_mut().push(Command::SetRowDepths(0, 14, 14));
        h.state_mut().push(Command::SetRowDepths(1, 14, 14));
        h.step();
        h.get_by_label("▶ Run (F5)").click();
        h.step();
        assert!(h.state().is_running());
        let start = Instant::now();
        let mut n = 0u32;
        while start.elapsed() < run_for {
            let t = Instant::now();
            h.step();
            frames_ms.push(t.elapsed().as_secs_f64() * 1000.0);
            n += 1;
            // Aim at 60 frames a second, as a window would.
            let spent = t.elapsed();
            if spent < Duration::from_millis(16) {
                std::thread::sleep(Duration::from_millis(16) - spent);
            }
        }
        frames_per_sec.push(f64::from(n) / start.elapsed().as_secs_f64());
        let stop = Instant::now();
        assert!(
            h.state().is_running(),
            "the run ended by itself: {}",
            h.state().status().text()
        );
        h.get_by_label("■ Stop (Esc)").click();
        while h.state().is_running() {
            h.step();
            assert!(
                stop.elapsed() < Duration::from_secs(10),
                "Stop did not end the run"
            );
        }
        stops_ms.push(stop.elapsed().as_secs_f64() * 1000.0);
        if let Some(d) = h.state().last_stop_latency() {
            runner_stops_ms.push(d.as_secs_f64() * 1000.0);
        }
        let kept = h.state().session().results.len();
        println!(
            "round {round}: {n} frames, stop seen by the UI after {:.1} ms, threads ended {:.1} ms after Stop; {kept} partial results kept",
            stops_ms[round],
            runner_stops_ms.last().copied().unwrap_or(f64::NAN)
        );
    }
    frames_ms.sort_by(f64::total_cmp);
    stops_ms.sort_by(f64::total_cmp);
    runner_stops_ms.sort_by(f64::total_cmp);
    println!(
        "frame time during a run (ms): median {:.2}, p95 {:.2}, max {:.2} over {} frames; {:.1} frames/s achieved (target 60)",
        percentile(&frames_ms, 0.5),
        percentile(&frames_ms, 0.95),
        frames_ms.last().copied().unwrap_or(0.0),
        frames_ms.len(),
        frames_per_sec.iter().sum::<f64>() / frames_per_sec.len() as f64
    );
    println!(
        "stop latency (ms): threads ended median {:.1}, max {:.1}; UI saw the end median {:.1}, max {:.1}",
        percentile(&runner_stops_ms, 0.5),
        runner_stops_ms.last().copied().unwrap_or(0.0),
        percentile(&stops_ms, 0.5),
        stops_ms.last().copied().unwrap_or(0.0)
    );
}
