//! The window: on a first start it fits a large screen (the default size is for a small
//! one), and it opens next time at the size it had when the app closed. The settings
//! folder is a temporary one, set for this test binary alone.

use egui_kittest::Harness;
use treelab::app::TreelabApp;
use treelab::session::AppConfig;

#[test]
fn the_window_fits_a_large_screen_and_its_size_is_remembered() {
    let dir = tempfile::tempdir().unwrap();
    // SAFETY: this binary's one test, before any thread that reads the environment.
    unsafe { std::env::set_var("XDG_CONFIG_HOME", dir.path()) };
    let config = AppConfig::default_path().expect("a settings path");
    assert!(config.starts_with(dir.path()));

    let mut h = Harness::builder()
        .with_size([1100.0, 720.0])
        .build_ui_state(
            |ui, app: &mut TreelabApp| app.frame_ui(ui),
            TreelabApp::new_from_config(),
        );
    // A 1920x1080 screen: the first frame asks for 85% of it.
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1100.0, 720.0));
    let viewport = h
        .input_mut()
        .viewports
        .entry(egui::ViewportId::ROOT)
        .or_default();
    viewport.monitor_size = Some(egui::vec2(1920.0, 1080.0));
    viewport.inner_rect = Some(window);
    h.step();
    let asked = viewport_commands(&h);
    assert!(
        asked.contains(&egui::ViewportCommand::InnerSize(egui::vec2(1632.0, 918.0))),
        "{asked:?}"
    );
    // Closing remembers the size the window has.
    h.state_mut().remember_window();
    let saved = AppConfig::load(&config);
    assert_eq!(saved.window, Some([1100.0, 720.0]));

    // Next start: the size is known, so the screen's size changes nothing.
    let mut h = Harness::builder()
        .with_size([1100.0, 720.0])
        .build_ui_state(
            |ui, app: &mut TreelabApp| app.frame_ui(ui),
            TreelabApp::new_from_config(),
        );
    h.input_mut()
        .viewports
        .entry(egui::ViewportId::ROOT)
        .or_default()
        .monitor_size = Some(egui::vec2(1920.0, 1080.0));
    h.step();
    let asked = viewport_commands(&h);
    assert!(
        !asked
            .iter()
            .any(|c| matches!(c, egui::ViewportCommand::InnerSize(_))),
        "{asked:?}"
    );
}

/// What the app asked of its window in the last frame.
fn viewport_commands(h: &Harness<'_, TreelabApp>) -> Vec<egui::ViewportCommand> {
    h.output()
        .viewport_output
        .values()
        .flat_map(|v| v.commands.clone())
        .collect()
}
