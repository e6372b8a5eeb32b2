/** The exporter lost access while the export streamed: it stops, cut short. */
export class AccessEnded extends Error {
  constructor(readonly reason: string) {
    super(`The export was cut short: ${reason}.`)
  }
}

/**
 * How often at most an export asks again whether its exporter may still read it. Measured on
 * FerretDB (2 shared cores), one ask is a session read of about 2 ms (and for the
 * organisation's export a role read of 2 ms more), while an export of 1,000 small files writes
 * one every 4 ms: asking per file would make such an export half again as slow, and twice as
 * slow for an administrator. Once a second costs it under 0.5 %, and ends a revoked export
 * within a second of its next entry (docs/export.md, "Access that ends").
 */
export const ACCESS_CHECK_EVERY_MS = 1000

/**
 * A check run between an export's entries, asking `stillAllowed` at most once every `everyMs`
 * of `clock` (the request's own check counts as the first): when it answers a reason, the
 * check throws `AccessEnded` with it; null means the exporter may go on.
 */
export const accessCheck = (
  stillAllowed: () => Promise<string | null>,
  clock: () => Date,
  everyMs = ACCESS_CHECK_EVERY_MS,
): (() => Promise<void>) => {
  let last = clock().getTime()
  return async () => {
    const now = clock().getTime()
    if (now - last < everyMs) return
    last = now
    const ended = await stillAllowed()
    if (ended !== null) throw new AccessEnded(ended)
  }
}
