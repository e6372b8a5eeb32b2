import { createReadStream, createWriteStream } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'
import { Decoder, Reader, tools } from 'ts-ebml'

/** What a webm's header says, and what its blocks show, read in one pass over the file. */
export interface WebmTiming {
  /** The duration written in the header's Info, in seconds; null when there is none. */
  headerSeconds: number | null
  /** The duration its blocks cover, in seconds; null for a file without an audio or video track. */
  blocksSeconds: number | null
  /** Cue points (where each cluster starts, by time) written in the header. */
  headerCues: number
}

/** A file's chunk as the decoder takes it: its bytes alone, not the pool they may sit in. */
const bytesOf = (chunk: Buffer): ArrayBuffer =>
  chunk.buffer.slice(chunk.byteOffset, chunk.byteOffset + chunk.byteLength) as ArrayBuffer

type Element = ReturnType<Decoder['decode']>[number]

/**
 * Streams a webm through ts-ebml's reader, which keeps the header's elements (everything up to
 * the first cluster) and the timing of the blocks, never the whole file. `until` ends the
 * reading after the element it is true of.
 */
const readWebm = async (path: string, until?: (element: Element) => boolean): Promise<Reader> => {
  const decoder = new Decoder()
  const reader = new Reader()
  reader.logging = false
  // Keep the header's elements as they are: the rewrite changes nothing but the seeking ones.
  reader.drop_default_duration = false
  read: for await (const chunk of createReadStream(path))
    for (const element of decoder.decode(bytesOf(chunk as Buffer))) {
      reader.read(element)
      if (until?.(element)) break read
    }
  reader.stop()
  return reader
}

/** The first cluster begins: the reader has the whole header. */
const firstCluster = (element: Element) => element.name === 'Cluster'

const seconds = (reader: Reader, ticks: number) => (ticks * reader.timestampScale) / 1e9

const headerDuration = (reader: Reader): number | null => {
  const element = reader.metadatas.find((e) => e.name === 'Duration')
  return element && element.type === 'f' && element.value > 0 ? element.value : null
}

/** Reads a webm's timing (docs/files.md, "Recordings"); a file that is not one throws. */
export const webmTiming = async (path: string): Promise<WebmTiming> => {
  const reader = await readWebm(path)
  const header = headerDuration(reader)
  return {
    headerSeconds: header === null ? null : seconds(reader, header),
    blocksSeconds: reader.trackInfo.type === 'nothing' ? null : seconds(reader, reader.duration),
    headerCues: reader.metadatas.filter((e) => e.name === 'CuePoint' && e.type === 'm' && !e.isEnd)
      .length,
  }
}

/**
 * ts-ebml's encoder answers `Buffer.concat(…).buffer`, which in Node is the shared pool a small
 * buffer is cut from, garbage around it (ts-ebml issue #55). With pooling off for the one,
 * synchronous call, each buffer it makes owns its memory and the answer is the header alone.
 */
const unpooled = <T>(make: () => T): T => {
  const poolSize = Buffer.poolSize
  Buffer.poolSize = 0
  try {
    return make()
  } finally {
    Buffer.poolSize = poolSize
  }
}

/** The length of the Segment's opening as MediaRecorder writes it: its id and an 8-byte "unknown". */
const SEGMENT_OPENING = 12

/**
 * Gives a recording its duration (docs/files.md, "Recordings"): MediaRecorder writes a webm
 * as it goes, so its header has no Duration and no Cues, and players read it as '0:00' until
 * played through. The header is rewritten by ts-ebml with the duration its blocks cover and a
 * cue per cluster; the clusters are copied as they are. A file that has a duration already,
 * has no audio or video track, or is laid out otherwise than MediaRecorder writes it is left
 * as it is. Streams the file: only its header is held in memory. Answers the duration set, in
 * seconds, or null when the file was left alone.
 */
export const writeWebmDuration = async (path: string): Promise<number | null> => {
  // The header first: a file written otherwise is left before its blocks are read.
  const head = await readWebm(path, firstCluster)
  const segment = head.metadatas.find((e) => e.name === 'Segment')
  if (
    segment === undefined ||
    segment.type !== 'm' ||
    !segment.unknownSize ||
    segment.dataStart - segment.tagStart !== SEGMENT_OPENING ||
    head.trackInfo.type === 'nothing' ||
    headerDuration(head) !== null
  )
    return null
  const reader = await readWebm(path)
  if (reader.cues.length === 0) return null
  const duration = reader.duration
  if (!(duration > 0)) return null
  const header = Buffer.from(
    unpooled(() => tools.makeMetadataSeekable(reader.metadatas, duration, reader.cues)),
  )
  const rewritten = `${path}.duration`
  try {
    await pipeline(
      async function* () {
        yield header
        yield* createReadStream(path, { start: reader.metadataSize })
      },
      createWriteStream(rewritten, { flags: 'wx' }),
    )
    await rename(rewritten, path)
  } finally {
    await rm(rewritten, { force: true })
  }
  return seconds(reader, duration)
}
