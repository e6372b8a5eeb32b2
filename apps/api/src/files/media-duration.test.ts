// Durations are read from the files themselves (docs/files.md, "Durations"): real files made by
// ffmpeg and Chromium's MediaRecorder (fixtures/README.md), and files that have none to read.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sampleMp4, sampleOgg, samplePdf } from '@palabre/testing/sample-files'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { audioSeconds, mediaSeconds, movieSeconds } from './media-duration.js'

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url))

let work = ''
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'palabre-durations-'))
})
afterAll(() => rm(work, { recursive: true, force: true }))

const written = async (name: string, bytes: Buffer) => {
  const path = join(work, name)
  await writeFile(path, bytes)
  return path
}

describe('durations read from the file', () => {
  it('of a video without sound: its movie header, written after the media data', async () => {
    expect(await movieSeconds(fixture('ten-minutes.mp4'))).toBe(600)
    expect(await mediaSeconds(fixture('ten-minutes.mp4'), 'mp4')).toBe(600)
    // music-metadata reads audio tracks only: the movie header is what gives a silent video one.
    expect(await audioSeconds(fixture('ten-minutes.mp4'))).toBeNull()
  })

  it('of an m4a, plain or fragmented as a MediaRecorder writes it', async () => {
    // The movie header says 3 s; the audio track holds 3.02 s with the encoder's priming.
    expect(await mediaSeconds(fixture('voice.m4a'), 'm4a')).toBeCloseTo(3, 1)
    // An empty movie header: the fragments are added up.
    expect(await movieSeconds(fixture('fragmented-recording.m4a'))).toBeNull()
    expect(await mediaSeconds(fixture('fragmented-recording.m4a'), 'm4a')).toBeCloseTo(3, 1)
  })

  it('of a MediaRecorder webm once its duration is written, or from its blocks before', async () => {
    expect(await mediaSeconds(fixture('mediarecorder.webm'), 'webm')).toBeCloseTo(1.5, 1)
  })

  it('is null for files that have none to read, and never throws', async () => {
    expect(await mediaSeconds(await written('empty.mp4', sampleMp4()), 'mp4')).toBeNull()
    expect(await mediaSeconds(await written('first-page.ogg', sampleOgg()), 'ogg')).toBeNull()
    expect(await mediaSeconds(await written('not.m4a', samplePdf()), 'm4a')).toBeNull()
    expect(await mediaSeconds(await written('not.webm', samplePdf()), 'webm')).toBeNull()
    expect(await mediaSeconds(fixture('voice.m4a'), 'pdf')).toBeNull()
  })
})
