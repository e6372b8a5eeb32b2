// The benchmarks' one reader of the environment (docs/benchmarks.md): sizes can be lowered for a
// quick run.
const int = (name: string, fallback: number): number => {
  const value = Number.parseInt(process.env[name] ?? '', 10)
  return Number.isInteger(value) && value > 0 ? value : fallback
}

/** A comma-separated list of positive whole numbers, or `fallback` where none is given. */
const ints = (name: string, fallback: string): number[] =>
  (process.env[name] || fallback)
    .split(',')
    .map((value) => Number.parseInt(value, 10))
    .filter((value) => Number.isInteger(value) && value > 0)

const exportFiles = int('BENCH_EXPORT_FILES', 100)

export const benchEnv = {
  /** Fan-out: folder size and measured rounds (after 3 warm-up rounds). */
  fanOutMembers: int('BENCH_FANOUT_MEMBERS', 200),
  fanOutRounds: int('BENCH_FANOUT_ROUNDS', 30),
  /**
   * Fan-out: where the clients run: 'process' (a Node process of their own, as browsers are
   * apart from the server) or 'inline' (the server's own process, as before 2026-11-26).
   */
  fanOutClients: process.env.BENCH_FANOUT_CLIENTS === 'inline' ? 'inline' : 'process',
  /** Wall: inbox entries of the measured user, and repetitions of each query. */
  wallEntries: int('BENCH_WALL_ENTRIES', 100_000),
  wallRepeats: int('BENCH_WALL_REPEATS', 10),
  /** Sustained load: online users, posts per second, seconds. */
  loadUsers: int('BENCH_LOAD_USERS', 500),
  loadRate: int('BENCH_LOAD_RATE', 50),
  loadSeconds: int('BENCH_LOAD_SECONDS', 60),
  /** Announcement: members, of them online, the others' posts per second, baseline seconds. */
  announceMembers: int('BENCH_ANNOUNCE_MEMBERS', 5_000),
  announceOnline: int('BENCH_ANNOUNCE_ONLINE', 1_000),
  announceRate: int('BENCH_ANNOUNCE_RATE', 50),
  announceBaselineSeconds: int('BENCH_ANNOUNCE_BASELINE_SECONDS', 10),
  /** Throughput: online users, seconds at each rate, and the rates (posts/s, comma-separated). */
  throughputUsers: int('BENCH_THROUGHPUT_USERS', 1_000),
  throughputSeconds: int('BENCH_THROUGHPUT_SECONDS', 20),
  throughputRates: ints('BENCH_THROUGHPUT_RATES', '25,100,150,200,250,300,400'),
  /** Export memory: files of the large export and the size of each in MB. */
  exportFiles,
  exportFileMb: int('BENCH_EXPORT_FILE_MB', 10),
  /** Export memory: files of the baseline export (a tenth of the large one's). */
  exportBaselineFiles: int(
    'BENCH_EXPORT_BASELINE_FILES',
    Math.max(1, Math.round(exportFiles / 10)),
  ),
  /** Export memory: posts both people take part in. */
  exportPosts: int('BENCH_EXPORT_POSTS', 2_000),
}
