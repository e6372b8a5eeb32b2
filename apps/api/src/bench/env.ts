// The api benchmarks' one reader of the environment: sizes can be lowered for a quick run.
const int = (name: string, fallback: number): number => {
  const value = Number.parseInt(process.env[name] ?? '', 10)
  return Number.isInteger(value) && value > 0 ? value : fallback
}

const files = int('BENCH_EXPORT_FILES', 100)

export const exportBenchEnv = {
  /** Files of the large export, and the size of each in MB. */
  files,
  fileMb: int('BENCH_EXPORT_FILE_MB', 10),
  /** Files of the baseline export (a tenth of the large one's). */
  baselineFiles: int('BENCH_EXPORT_BASELINE_FILES', Math.max(1, Math.round(files / 10))),
  /** Posts both people take part in. */
  posts: int('BENCH_EXPORT_POSTS', 2_000),
}

/** The deep-JSON benchmark's sizes (docs/benchmarks.md, "9. Deep JSON"). */
export const deepJsonBenchEnv = {
  /** Measured requests of each body. */
  repeats: int('BENCH_DEEP_JSON_REPEATS', 30),
  /** The size of each body, in bytes (even). */
  bytes: int('BENCH_DEEP_JSON_BYTES', 900_000) & ~1,
  /** Bodies each of the four flooding clients sends while /api/health is timed. */
  floodRequests: int('BENCH_DEEP_JSON_FLOOD', 10),
}
