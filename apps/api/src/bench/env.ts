// The export benchmark's one reader of the environment: sizes can be lowered for a quick run.
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
