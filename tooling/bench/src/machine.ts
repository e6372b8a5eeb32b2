import { availableParallelism, loadavg } from 'node:os'

/**
 * The machine's cores and load at a benchmark's start and end: other work on it (a test run)
 * weighs on every figure, ratios within one run excepted.
 */
export const machineLine = (when: string): string =>
  `machine (${when}): ${availableParallelism()} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (1, 5, 15 min)`
