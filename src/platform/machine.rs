//! The machine: its description for manifests (CPU model and features) and the
//! counters the engine and the tools read (free memory, the process's CPU time, its
//! memory and threads, its context switches). Natively from `/proc` on Linux and the CPU's feature flags;
//! where a figure cannot be had (another system, a browser) it is `None` or
//! `unknown`, never a guess. And one hint to the memory manager: huge pages for a large
//! table.

/// The CPU features worth naming (bit tricks and vector units the engine may use).
pub const FEATURES: [&str; 10] = [
    "sse4.2", "popcnt", "avx", "avx2", "bmi1", "bmi2", "lzcnt", "fma", "avx512f", "avx512bw",
];

/// A file of `/proc` as text; `None` where there is none (not Linux, a browser).
fn proc_text(path: &str) -> Option<String> {
    if super::IN_BROWSER {
        return None;
    }
    std::fs::read_to_string(path).ok()
}

/// The CPU's model name (`/proc/cpuinfo` on Linux), or `unknown`.
#[must_use]
pub fn cpu_model() -> String {
    proc_text("/proc/cpuinfo")
        .and_then(|text| {
            text.lines()
                .find(|l| l.starts_with("model name") || l.starts_with("Model"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.split_whitespace().collect::<Vec<_>>().join(" "))
        })
        .filter(|m| !m.is_empty())
        .unwrap_or_else(|| "unknown".to_string())
}

/// The machine's features of [`FEATURES`] (detected at run time on x86-64).
#[must_use]
pub fn cpu_features() -> String {
    #[cfg(target_arch = "x86_64")]
    {
        let has = |f: &str| match f {
            "sse4.2" => std::arch::is_x86_feature_detected!("sse4.2"),
            "popcnt" => std::arch::is_x86_feature_detected!("popcnt"),
            "avx" => std::arch::is_x86_feature_detected!("avx"),
            "avx2" => std::arch::is_x86_feature_detected!("avx2"),
            "bmi1" => std::arch::is_x86_feature_detected!("bmi1"),
            "bmi2" => std::arch::is_x86_feature_detected!("bmi2"),
            "lzcnt" => std::arch::is_x86_feature_detected!("lzcnt"),
            "fma" => std::arch::is_x86_feature_detected!("fma"),
            "avx512f" => std::arch::is_x86_feature_detected!("avx512f"),
            "avx512bw" => std::arch::is_x86_feature_detected!("avx512bw"),
            _ => false,
        };
        let on: Vec<&str> = FEATURES.into_iter().filter(|f| has(f)).collect();
        format!("has {}", on.join(" "))
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        "features not detected on this architecture".to_string()
    }
}

/// The memory this machine can still give, in MiB (`MemAvailable` of `/proc/meminfo`);
/// `None` where that is not known (then only the fixed limits apply).
#[must_use]
pub fn available_memory_mib() -> Option<u64> {
    let text = proc_text("/proc/meminfo")?;
    text.lines()
        .find_map(|l| l.strip_prefix("MemAvailable:"))
        .and_then(|rest| {
            rest.trim()
                .trim_end_matches("kB")
                .trim()
                .parse::<u64>()
                .ok()
        })
        .map(|kib| kib / 1024)
}

/// A field of `/proc/self/status` (`VmRSS`, `Threads`) as a number (kB units dropped).
#[must_use]
pub fn proc_status(field: &str) -> Option<u64> {
    let text = proc_text("/proc/self/status")?;
    text.lines().find_map(|line| {
        let rest = line.strip_prefix(field)?.strip_prefix(':')?;
        rest.split_whitespace().next()?.parse().ok()
    })
}

/// The CPU time the process (all its threads) has used, from `/proc/self/stat`
/// (user + system, in the kernel's fixed 100 ticks per second); `None` elsewhere.
#[must_use]
pub fn process_cpu_seconds() -> Option<f64> {
    /// `/proc` reports times in USER_HZ, 100 on every Linux architecture we build for.
    const TICKS_PER_SECOND: f64 = 100.0;
    let text = proc_text("/proc/self/stat")?;
    // Fields after the command name (which may hold spaces) start at field 3 (state);
    // utime and stime are fields 14 and 15.
    let rest = &text[text.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let user: f64 = fields.get(11)?.parse().ok()?;
    let system: f64 = fields.get(12)?.parse().ok()?;
    Some((user + system) / TICKS_PER_SECOND)
}

/// The CPU time the calling thread has used (`/proc/thread-self/schedstat`,
/// nanoseconds); `None` elsewhere.
#[must_use]
pub fn thread_cpu_seconds() -> Option<f64> {
    proc_text("/proc/thread-self/schedstat")
        .as_deref()
        .and_then(|t| t.split_whitespace().next())
        .and_then(|n| n.parse::<f64>().ok())
        .map(|ns| ns / 1e9)
}

/// The voluntary context switches (the times a thread gave its core up to wait: for a
/// lock, a wake-up, a join) of the calling thread so far, from `getrusage`; `None`
/// where the system does not tell (not Linux, a browser).
#[must_use]
pub fn thread_voluntary_switches() -> Option<u64> {
    #[cfg(target_os = "linux")]
    {
        voluntary_switches(libc::RUSAGE_THREAD)
    }
    #[cfg(not(target_os = "linux"))]
    {
        None
    }
}

/// The voluntary context switches of the whole process so far (every thread, ended ones
/// too), from `getrusage`; `None` where the system does not tell.
#[must_use]
pub fn process_voluntary_switches() -> Option<u64> {
    #[cfg(target_os = "linux")]
    {
        voluntary_switches(libc::RUSAGE_SELF)
    }
    #[cfg(not(target_os = "linux"))]
    {
        None
    }
}

/// `ru_nvcsw` of `getrusage(who)`.
#[cfg(target_os = "linux")]
fn voluntary_switches(who: libc::c_int) -> Option<u64> {
    // SAFETY: `getrusage` only writes the struct it is given, which is plain data.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: a valid `who` and a pointer to a live `rusage`.
    let ok = unsafe { libc::getrusage(who, &raw mut usage) } == 0;
    ok.then(|| u64::try_from(usage.ru_nvcsw).unwrap_or(0))
}

/// Asks Linux to back the 2 MiB-aligned part of `len` bytes at `start` (allocated, not
/// yet touched) with huge pages: one TLB entry per 2 MiB instead of per 4 KiB, so the
/// table's random probes miss the TLB far less. A hint; without it nothing changes but
/// the speed.
pub fn advise_huge_pages(start: *const u8, len: usize) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let begin = (start as usize).next_multiple_of(HUGE);
        let end = (start as usize + len) / HUGE * HUGE;
        if end > begin {
            // SAFETY: the range lies within one live allocation of ours; MADV_HUGEPAGE
            // changes how the kernel backs it, never its contents or its validity.
            unsafe {
                libc::madvise(begin as *mut libc::c_void, end - begin, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (start, len);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_description_is_never_empty_and_the_counters_are_sane() {
        assert!(!cpu_model().is_empty());
        assert!(!cpu_features().is_empty());
        if cfg!(target_os = "linux") {
            assert!(available_memory_mib().is_some_and(|m| m > 0));
            assert!(proc_status("Threads").is_some_and(|t| t >= 1));
            assert!(process_cpu_seconds().is_some_and(|s| s >= 0.0));
            assert!(thread_cpu_seconds().is_some_and(|s| s >= 0.0));
            let (thread, process) = (thread_voluntary_switches(), process_voluntary_switches());
            assert!(thread.is_some() && process.is_some());
            // A sleep gives the core up: one switch more, at least.
            std::thread::sleep(std::time::Duration::from_millis(2));
            assert!(thread_voluntary_switches() > thread);
            assert!(process_voluntary_switches() > process);
        }
    }
}
