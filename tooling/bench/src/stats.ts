/** The q-quantile (0..1) of some durations, nearest rank. */
export const percentile = (values: readonly number[], q: number): number => {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))
  return sorted[rank] as number
}

export const ms = (value: number): string =>
  Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'n/a'

export const summary = (values: readonly number[]): string =>
  `p50 ${ms(percentile(values, 0.5))}  p95 ${ms(percentile(values, 0.95))}  p99 ${ms(percentile(values, 0.99))}  (n=${values.length})`

/** Runs `fn` and returns how long it took, in ms. */
export const timed = async (fn: () => Promise<unknown>): Promise<number> => {
  const start = performance.now()
  await fn()
  return performance.now() - start
}
