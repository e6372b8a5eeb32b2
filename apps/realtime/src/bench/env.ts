// The benchmarks' one reader of the environment: sizes can be lowered for a quick run.
const int = (name: string, fallback: number): number => {
  const value = Number.parseInt(process.env[name] ?? '', 10)
  return Number.isInteger(value) && value > 0 ? value : fallback
}

export const benchEnv = {
  /** Deep packet: decodings of each packet, and each packet's size in bytes. */
  deepPacketRepeats: int('BENCH_DEEP_PACKET_REPEATS', 30),
  deepPacketBytes: int('BENCH_DEEP_PACKET_BYTES', 900_000),
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
  throughputRates: (process.env.BENCH_THROUGHPUT_RATES ?? '25,100,150,200,250,300,400')
    .split(',')
    .map((rate) => Number.parseInt(rate, 10))
    .filter((rate) => Number.isInteger(rate) && rate > 0),
}
