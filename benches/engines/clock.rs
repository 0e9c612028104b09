//! The benchmarks' clock: the time this thread spent on a CPU, so that other processes
//! on a busy machine do not count.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// The time this thread spent on a CPU (Linux: `CLOCK_THREAD_CPUTIME_ID`), so that
/// other processes on a busy machine do not count; elsewhere (or with `--wall`)
/// the wall clock.
pub enum Clock {
    Cpu(Duration),
    Wall(Instant),
}

/// Set (by `--wall`) to time with the wall clock instead.
pub static WALL: AtomicBool = AtomicBool::new(false);

#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
fn thread_cpu() -> Option<Duration> {
    #[repr(C)]
    struct Timespec {
        sec: i64,
        nsec: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, tp: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut t = Timespec { sec: 0, nsec: 0 };
    // SAFETY: `t` is a valid, writable timespec (two 64-bit fields on this target).
    let ok = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0;
    ok.then(|| Duration::new(t.sec as u64, t.nsec as u32))
}

#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
fn thread_cpu() -> Option<Duration> {
    None
}

impl Clock {
    pub fn now() -> Clock {
        match thread_cpu() {
            Some(t) if !WALL.load(Relaxed) => Clock::Cpu(t),
            _ => Clock::Wall(Instant::now()),
        }
    }

    pub fn elapsed(&self) -> Duration {
        match *self {
            Clock::Cpu(start) => thread_cpu().unwrap_or(start).saturating_sub(start),
            Clock::Wall(start) => start.elapsed(),
        }
    }
}
