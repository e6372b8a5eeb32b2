/**
 * Runs `work` over the items, a few at a time: for work that each needs its own answer, so one
 * bulk command cannot do it (an invitation sent per invitee). Each write in flight holds a connection of the driver's pool, and on FerretDB connections to
 * a PostgreSQL cluster that allows 100 (some 300 writes in flight at once were refused with
 * "too many clients already"): a 200-member folder must not take them all from other requests.
 * Nor does more parallelism pay: on FerretDB 2.7 (2 cores), 200 increments took 210 ms four at
 * a time and 188 ms sixty-four at a time.
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
