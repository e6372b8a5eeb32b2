// The benchmarks' one reader of the environment (docs/benchmarks.md): sizes can be lowered for a
// quick run. A variable left unset or empty takes its default; one set to something else than
// what it takes is refused, naming it, rather than silently measuring another size.
const int = (name: string, fallback: number): number => {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a whole number above 0, not "${raw}"`)
  return value
}

/** A comma-separated list of whole numbers above 0 (`50,100,150`). */
const ints = (name: string, fallback: string): number[] => {
  const raw = process.env[name] || fallback
  const values = raw.split(',').map((value) => Number(value.trim()))
  if (values.length === 0 || values.some((value) => !Number.isInteger(value) || value <= 0))
    throw new Error(`${name} must list whole numbers above 0, comma-separated, not "${raw}"`)
  return values
}

/** One of `choices`, the first by default. */
const oneOf = <T extends string>(name: string, choices: readonly [T, ...T[]]): T => {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return choices[0]
  const found = choices.find((choice) => choice === raw)
  if (found === undefined)
    throw new Error(`${name} must be one of ${choices.join(', ')}, not "${raw}"`)
  return found
}

const exportFiles = int('BENCH_EXPORT_FILES', 100)

export const benchEnv = {
  /** Deep packet: decodings of each packet, and each packet's size in bytes. */
  deepPacketRepeats: int('BENCH_DEEP_PACKET_REPEATS', 30),
  deepPacketBytes: int('BENCH_DEEP_PACKET_BYTES', 900_000),
  /** Deep JSON: measured requests of each body, its size in bytes (even), flooding bodies. */
  deepJsonRepeats: int('BENCH_DEEP_JSON_REPEATS', 30),
  deepJsonBytes: int('BENCH_DEEP_JSON_BYTES', 900_000) & ~1,
  deepJsonFlood: int('BENCH_DEEP_JSON_FLOOD', 10),
  /** Fan-out: folder size and measured rounds (after 3 warm-up rounds). */
  fanOutMembers: int('BENCH_FANOUT_MEMBERS', 200),
  fanOutRounds: int('BENCH_FANOUT_ROUNDS', 30),
  /**
   * Fan-out: where the clients run: 'process' (a Node process of their own, as browsers are
   * apart from the server) or 'inline' (the server's own process, as before 2026-11-26).
   */
  fanOutClients: oneOf('BENCH_FANOUT_CLIENTS', ['process', 'inline']),
  /** Wall: inbox entries of the measured user, and repetitions of each query. */
  wallEntries: int('BENCH_WALL_ENTRIES', 100_000),
  wallRepeats: int('BENCH_WALL_REPEATS', 10),
  /** The larger size of the directory benchmark, and its rounds. */
  directoryMembers: int('BENCH_DIRECTORY_MEMBERS', 100_000),
  directoryRepeats: int('BENCH_DIRECTORY_REPEATS', 30),
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

/** `pnpm bench:real` (docs/benchmarks.md, "9. As people use it"). */
export const realEnv = {
  /** What is measured: `pnpm start` (serve), or one realtime node of `pnpm cluster`. */
  target: oneOf('BENCH_REAL_TARGET', ['serve', 'cluster']),
  /** People signed up through the api, and the contacts each saves (the next ones). */
  people: int('BENCH_REAL_PEOPLE', 200),
  contacts: int('BENCH_REAL_CONTACTS', 10),
  /** Tabs (sockets) per person, one configuration after the other. */
  tabs: ints('BENCH_REAL_TABS', '1,5'),
  /** The rising rates, posts per second, each for `seconds`. */
  rates: ints('BENCH_REAL_RATES', '50,100,150,200,300,400'),
  seconds: int('BENCH_REAL_SECONDS', 20),
  /** Node processes the clients are spread over. */
  clientProcesses: int('BENCH_REAL_CLIENT_PROCESSES', 2),
  /** A MongoDB of your own for the product, instead of its embedded database. */
  mongoUrl: process.env.MONGO_URL || undefined,
}
