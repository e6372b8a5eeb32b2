import { open } from 'node:fs/promises'
import { Log, MP4BoxBuffer, createFile } from 'mp4box'
import { parseFile } from 'music-metadata'
import { webmTiming } from './webm-duration.js'

/** How much of an ISO media file is read at a time while looking for its movie header. */
const CHUNK = 64 * 1024

Log.setLogLevel(Log.error)

const positive = (seconds: number | null | undefined): number | null =>
  typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? seconds : null

/**
 * The movie's duration of an ISO media file (mp4, m4a), from its movie header (mp4box, GPAC's
 * parser), whatever its tracks: a video without sound has one too. The file is read by chunks
 * and the parser skips what it does not need (the media data), so a movie header at the end of a
 * large file costs two reads. A fragmented file (a recording written as it goes) has no
 * duration in its movie header: null here, its fragments are added up by `audioSeconds`.
 */
export const movieSeconds = async (path: string): Promise<number | null> => {
  const movie = createFile(false)
  let duration: number | null = null
  let ready = false
  let failed = false
  movie.onReady = (info) => {
    ready = true
    duration = positive(info.timescale > 0 ? info.duration / info.timescale : null)
  }
  movie.onError = () => {
    failed = true
  }
  const handle = await open(path)
  try {
    const { size } = await handle.stat()
    let position = 0
    while (!ready && !failed && position < size) {
      const chunk = Buffer.alloc(Math.min(CHUNK, size - position))
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, position)
      if (bytesRead === 0) break
      const bytes = chunk.buffer.slice(chunk.byteOffset, chunk.byteOffset + bytesRead)
      const wanted = movie.appendBuffer(
        MP4BoxBuffer.fromArrayBuffer(bytes, position),
        position + bytesRead >= size,
      )
      // The parser names the next byte it needs: past a media box it skips the box.
      position = wanted > position ? wanted : position + bytesRead
    }
  } catch {
    return null
  } finally {
    await handle.close()
  }
  return duration
}

/**
 * The duration music-metadata reads of an audio file: Ogg (its last page), ISO media's audio
 * track, a fragmented recording's fragments added up (what Safari's MediaRecorder writes).
 */
export const audioSeconds = async (path: string): Promise<number | null> => {
  try {
    const { format } = await parseFile(path, { duration: true, skipCovers: true })
    return positive(format.duration)
  } catch {
    return null
  }
}

/**
 * Seconds of play of a stored file, read from the file itself (docs/files.md, "Durations"), or
 * null for a type that has none or a file it cannot be read from. `ext` is the checked
 * extension; a webm is read after its duration was written (webm-duration.ts).
 */
export const mediaSeconds = async (path: string, ext: string): Promise<number | null> => {
  switch (ext) {
    case 'mp4':
    case 'm4a':
      return (await movieSeconds(path)) ?? (await audioSeconds(path))
    case 'ogg':
      return audioSeconds(path)
    case 'webm':
      try {
        const timing = await webmTiming(path)
        return positive(timing.headerSeconds) ?? positive(timing.blocksSeconds)
      } catch {
        return null
      }
    default:
      return null
  }
}
