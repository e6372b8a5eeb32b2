/**
 * Writes of one kind that come while one is under way wait for it to end, then go together (a
 * group commit; docs/database-engine.md, "Group commits"). One at a time, each costs its own
 * round trip as before; many at once share theirs, with no wait added to the first. `write`
 * takes the items gathered, in the order they came, and answers one result per item; should it
 * fail, every item of its batch fails with it.
 */
export const groupCommit = <I, O>(
  write: (items: I[]) => Promise<O[]>,
): ((item: I) => Promise<O>) => {
  let writing = false
  const waiting: { item: I; resolve(result: O): void; reject(error: unknown): void }[] = []
  const drain = async () => {
    writing = true
    while (waiting.length > 0) {
      const batch = waiting.splice(0)
      try {
        const results = await write(batch.map((w) => w.item))
        batch.forEach((w, i) => w.resolve(results[i] as O))
      } catch (error) {
        for (const w of batch) w.reject(error)
      }
    }
    writing = false
  }
  return (item) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject })
      if (!writing) void drain()
    })
}
