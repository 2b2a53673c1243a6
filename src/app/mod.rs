//! The egui application. The only module that imports egui, eframe or rfd.

/// Opens the main window and runs until it is closed.
pub fn run() -> anyhow::Result<()> {
    let options = eframe::NativeOptions::default();
    eframe::run_native("treelab", options, Box::new(|_cc| Ok(Box::new(App))))
        .map_err(|e| anyhow::anyhow!("could not open the window: {e}"))
}

struct App;

impl eframe::App for App {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        egui::CentralPanel::default().show(ui, |ui| {
            ui.heading("treelab");
        });
    }
}
