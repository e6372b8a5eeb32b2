/**
 * Runs `work` over the items, a few at a time. FerretDB (SQLite) serialises writers, so
 * hundreds of parallel writes there are slower than a short queue; MongoDB likes some
 * parallelism. Batched updates (bulkWrite) are avoided on purpose: FerretDB 1.24 stalls on
 * update batches of about a hundred statements.
 */
export const forEachLimited = async <T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<unknown>,
): Promise<void> => {
  let cursor = 0
  const worker = async () => {
    while (cursor < items.length) await work(items[cursor++] as T)
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker))
}

/** Writes per hot path in flight at once. */
export const WRITE_CONCURRENCY = 4
