import type { mongo } from 'mongoose'

/** A sort over one or more fields, the last of them unique among the walked documents. */
export type SortSpec = readonly (readonly [field: string, direction: 1 | -1])[]

export interface WalkOptions {
  /** Documents per round trip: what one batch holds in memory (100 unless given). */
  batchSize?: number
  /** Fields to read; the sort's fields are always read too. */
  projection?: Record<string, 0 | 1>
}

/** Whether the server ended a cursor it kept between two batches (idle too long, session gone). */
const isCursorLost = (error: unknown): boolean => {
  const e = error as { code?: unknown; codeName?: unknown; message?: unknown }
  return (
    e?.code === 43 ||
    e?.codeName === 'CursorNotFound' ||
    (typeof e?.message === 'string' && /cursor.*not found/i.test(e.message))
  )
}

const valueAt = (doc: mongo.Document, field: string): unknown => doc[field]

/**
 * The filter of what comes after `last` in `sort`: `{a > x}` or `{a = x and b > y}`…, each
 * comparison in the field's direction.
 */
export const keysetAfter = (sort: SortSpec, last: mongo.Document): mongo.Document => ({
  $or: sort.map(([field, direction], i) => ({
    ...Object.fromEntries(sort.slice(0, i).map(([f]) => [f, valueAt(last, f)])),
    [field]: { [direction === 1 ? '$gt' : '$lt']: valueAt(last, field) },
  })),
})

/**
 * Every document of `filter` in `sort` order, read through one cursor a batch at a time
 * (docs/export.md, "Streaming"): the caller pulls the next document when it has written the
 * last, so a slow reader of the export holds one batch and nothing more. When the server drops
 * the cursor between two batches (a reader paused longer than the server keeps an idle cursor),
 * the walk opens another after the last document it gave, so nothing is read twice or left out.
 * Stopping the walk (`return`, a `break` of the loop over it) closes the cursor.
 */
export async function* walk<T>(
  model: { collection: unknown },
  filter: mongo.Document,
  sort: SortSpec,
  { batchSize = 100, projection }: WalkOptions = {},
): AsyncGenerator<T> {
  const collection = model.collection as unknown as mongo.Collection<mongo.Document>
  const fullProjection =
    projection && Object.values(projection).some((v) => v === 1)
      ? { ...projection, ...Object.fromEntries(sort.map(([f]) => [f, 1])) }
      : projection
  let last: mongo.Document | undefined
  for (let resumed = 0; ; resumed++) {
    const cursor = collection.find(last ? { $and: [filter, keysetAfter(sort, last)] } : filter, {
      sort: Object.fromEntries(sort.map(([f, d]) => [f, d])),
      batchSize,
      ...(fullProjection ? { projection: fullProjection } : {}),
    })
    try {
      for await (const doc of cursor) {
        last = doc
        yield doc as unknown as T
      }
      return
    } catch (error) {
      if (!isCursorLost(error) || resumed >= 20) throw error
    } finally {
      await cursor.close().catch(() => undefined)
    }
  }
}

/** Groups a walk's documents in arrays of at most `size`, in order. */
export async function* inBatches<T>(items: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let batch: T[] = []
  for await (const item of items) {
    batch.push(item)
    if (batch.length >= size) {
      yield batch
      batch = []
    }
  }
  if (batch.length > 0) yield batch
}
