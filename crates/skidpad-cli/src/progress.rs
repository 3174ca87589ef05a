//! The main job's progress display (binary-only: the library never prints).

use crate::Ui;

/// A progress bar on stderr for the main job, drawn only once the job has taken more than a
/// second (and only on a terminal: indicatif hides it otherwise; never with `--quiet`).
pub(crate) struct Progress {
    bar: indicatif::ProgressBar,
    start: std::time::Instant,
    shown: bool,
}

impl Progress {
    /// A bar over `steps` steps, labelled `label`.
    pub(crate) fn new(steps: usize, label: &str, ui: Ui) -> Self {
        let bar = indicatif::ProgressBar::with_draw_target(
            Some(steps as u64),
            indicatif::ProgressDrawTarget::hidden(),
        );
        if let Ok(style) =
            indicatif::ProgressStyle::with_template("{prefix} [{bar:30}] {pos}/{len} {msg}")
        {
            bar.set_style(style.progress_chars("=> "));
        }
        bar.set_prefix(label.to_string());
        Self {
            bar,
            start: std::time::Instant::now(),
            shown: ui.quiet,
        }
    }

    /// A spinner labelled `label` for work without steps (one manoeuvre): it appears on
    /// stderr once the work has taken more than a second, and ticks on its own.
    pub(crate) fn spinner(label: &str, ui: Ui) -> Self {
        let bar =
            indicatif::ProgressBar::with_draw_target(None, indicatif::ProgressDrawTarget::hidden());
        if let Ok(style) = indicatif::ProgressStyle::with_template("{prefix} {spinner} {elapsed}") {
            bar.set_style(style);
        }
        bar.set_prefix(label.to_string());
        if !ui.quiet {
            let shown = bar.clone();
            std::thread::spawn(move || {
                std::thread::sleep(std::time::Duration::from_secs(1));
                if !shown.is_finished() {
                    shown.set_draw_target(indicatif::ProgressDrawTarget::stderr());
                    shown.enable_steady_tick(std::time::Duration::from_millis(100));
                }
            });
        }
        Self {
            bar,
            start: std::time::Instant::now(),
            shown: true,
        }
    }

    /// Step `i` (named `name`) begins.
    pub(crate) fn step(&mut self, i: usize, name: &str) {
        if !self.shown && self.start.elapsed() > std::time::Duration::from_secs(1) {
            self.bar
                .set_draw_target(indicatif::ProgressDrawTarget::stderr());
            self.shown = true;
        }
        self.bar.set_position(i as u64);
        self.bar.set_message(name.to_string());
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}
