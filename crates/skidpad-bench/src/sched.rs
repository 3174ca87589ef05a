//! Where a run's threads spent the wall time: on a core, waiting for one, or asleep.
//!
//! Wall-clock scaling over threads says little on a machine whose cores other processes share:
//! a thread the scheduler leaves in its run queue looks like a slow thread. Linux keeps, per
//! thread, the time it ran and the time it waited in a run queue
//! (`/proc/self/task/<tid>/schedstat`: run ns, wait ns, time slices); summed over the process's
//! threads across the timed steps they split `threads × wall` into
//! - **run**: CPU time of the step's work (and of rayon's brief idle spinning): equal at 1 and
//!   2 threads if parallel stepping adds no work;
//! - **wait**: runnable but not running — the other processes' share of the cores;
//! - **idle** (the rest): asleep — serial parts of a step, load imbalance at its end, the
//!   wake-up of a sleeping worker.
//!
//! The kernel moves a running thread's counters at its scheduler tick (a few ms) and at
//! switches, so a read can lag by a tick per thread: a timed span must be long against that (the thread-scaling runs in PERFORMANCE.md are 0.13–10 s). A thread
//! that exits inside the span takes its counts out of the sum (the span's run time can then come
//! out negative): the process's other threads must outlive the span (the benchmark's do; tests
//! that time spans run one at a time). Elsewhere than Linux the counters are absent and the
//! fields are `None`.

use serde::Serialize;

/// Run and run-queue wait time summed over the process's threads. Unit: s.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Counters {
    /// Time on a core.
    pub run: f64,
    /// Time runnable, waiting for a core.
    pub wait: f64,
}

/// Read the process's threads' counters now (`None` where `/proc` has no `schedstat`).
pub fn read() -> Option<Counters> {
    let mut sum = Counters::default();
    for task in std::fs::read_dir("/proc/self/task").ok()? {
        let Ok(text) = std::fs::read_to_string(task.ok()?.path().join("schedstat")) else {
            continue; // the thread exited between the listing and the read
        };
        let mut f = text.split_whitespace().map(|x| x.parse::<f64>().ok());
        sum.run += f.next()??.max(0.0) * 1e-9;
        sum.wait += f.next()??.max(0.0) * 1e-9;
    }
    Some(sum)
}

/// The split of `threads × wall` over a timed span, as fractions of it.
#[derive(Debug, Clone, Copy, Default, Serialize)]
pub struct Split {
    /// Run time / (threads × wall).
    pub run: f64,
    /// Run-queue wait / (threads × wall).
    pub wait: f64,
    /// The rest: asleep.
    pub idle: f64,
    /// Run time over the span. Unit: s.
    pub run_seconds: f64,
}

impl Split {
    /// The split between `before` and `after` over `wall` seconds on `threads` threads.
    pub fn between(before: Counters, after: Counters, wall: f64, threads: usize) -> Self {
        let span = wall * threads.max(1) as f64;
        let run = after.run - before.run;
        let wait = after.wait - before.wait;
        Split {
            run: run / span,
            wait: wait / span,
            idle: 1.0 - (run + wait) / span,
            run_seconds: run,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_of_a_worked_example() {
        // 2 threads over 1 s: 1.5 s on a core, 0.3 s waiting, so 0.2 s asleep.
        let s = Split::between(
            Counters {
                run: 1.0,
                wait: 2.0,
            },
            Counters {
                run: 2.5,
                wait: 2.3,
            },
            1.0,
            2,
        );
        assert!((s.run - 0.75).abs() < 1e-12);
        assert!((s.wait - 0.15).abs() < 1e-12);
        assert!((s.idle - 0.10).abs() < 1e-12);
        assert!((s.run_seconds - 1.5).abs() < 1e-12);
    }

    #[test]
    fn counters_grow_with_work_on_linux() {
        let Some(a) = read() else { return };
        let mut x = 0u64;
        for i in 0..20_000_000u64 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(i);
        }
        std::hint::black_box(x);
        let b = read().expect("counters stay readable");
        assert!(b.run > a.run && b.wait >= a.wait);
    }
}
