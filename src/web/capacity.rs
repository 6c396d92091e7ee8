//! How many connections the server takes at once: below the process's open-file limit, so that a
//! flood of connections never leaves it unable to open a database connection, a log file or a
//! socket to the mail relay.

/// File descriptors kept free for everything but client connections.
const RESERVED_FILES: u64 = 64;

/// The process's open-file limit (the soft one), if it can be read.
pub fn open_file_limit() -> Option<u64> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit only writes into the struct it is given.
    let read = unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) };
    (read == 0 && limit.rlim_cur != libc::RLIM_INFINITY).then_some(limit.rlim_cur)
}

/// The most client connections to serve at once in all: `configured` if set, else what the file
/// limit leaves after the database pool, the mail workers and a reserve; never above that.
pub fn max_connections(configured: usize, file_limit: Option<u64>, other_files: u64) -> usize {
    let room = file_limit.map(|limit| limit.saturating_sub(RESERVED_FILES + other_files).max(1));
    let room = room.map_or(usize::MAX, |r| usize::try_from(r).unwrap_or(usize::MAX));
    match configured {
        0 => room.min(25_000),
        n => n.min(room),
    }
}

/// actix counts connections per worker thread: the total split between them, at least one each.
pub fn per_worker(total: usize, workers: usize) -> usize {
    total.div_ceil(workers.max(1)).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cap_stays_below_the_file_limit() {
        assert_eq!(max_connections(0, Some(1024), 16), 1024 - 64 - 16);
        assert_eq!(max_connections(5000, Some(1024), 16), 1024 - 64 - 16);
        assert_eq!(max_connections(100, Some(1024), 16), 100);
        assert_eq!(max_connections(0, None, 16), 25_000);
        assert_eq!(max_connections(0, Some(10), 16), 1);
        assert!(open_file_limit().is_some_and(|n| n > 0));
    }

    #[test]
    fn the_total_is_split_between_workers() {
        assert_eq!(per_worker(10, 2), 5);
        assert_eq!(per_worker(3, 2), 2);
        assert_eq!(per_worker(1, 4), 1);
    }
}
