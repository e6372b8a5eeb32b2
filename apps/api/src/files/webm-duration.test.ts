import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sampleWebm } from '@palabre/testing/sample-files'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { webmTiming, writeWebmDuration } from './webm-duration.js'

/** Chromium's MediaRecorder, 1.5 s of its fake microphone (fixtures/README.md). */
const recording = new URL('./fixtures/mediarecorder.webm', import.meta.url)
const RECORDED_SECONDS = 1.5

/** Where the first cluster (the recorded blocks) starts: its id, 1F 43 B6 75. */
const firstCluster = (bytes: Buffer) => bytes.indexOf(Buffer.from([0x1f, 0x43, 0xb6, 0x75]))

let work = ''
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'palabre-webm-'))
})
afterAll(() => rm(work, { recursive: true, force: true }))

const copyOfRecording = async (name: string) => {
  const path = join(work, name)
  await copyFile(recording, path)
  return path
}

describe('a MediaRecorder webm (docs/files.md, "Recordings")', () => {
  it('has no duration and no cues in its header as recorded, though its blocks last 1.5 s', async () => {
    const timing = await webmTiming(await copyOfRecording('as-recorded.webm'))
    expect(timing.headerSeconds).toBeNull()
    expect(timing.headerCues).toBe(0)
    expect(timing.blocksSeconds).toBeCloseTo(RECORDED_SECONDS, 1)
  })

  it('gets the duration its blocks cover and a cue per cluster, its blocks copied as they are', async () => {
    const path = await copyOfRecording('rewritten.webm')
    const before = await readFile(path)

    const written = await writeWebmDuration(path)

    expect(written).toBeCloseTo(RECORDED_SECONDS, 1)
    const timing = await webmTiming(path)
    expect(timing.headerSeconds).toBe(written)
    expect(timing.blocksSeconds).toBe(written)
    expect(timing.headerCues).toBeGreaterThan(0)
    const after = await readFile(path)
    expect(after.subarray(firstCluster(after))).toEqual(before.subarray(firstCluster(before)))
    // Nothing left beside it.
    expect(await readFile(`${path}.duration`).catch(() => null)).toBeNull()
  })

  it('leaves a file that has its duration already as it is', async () => {
    const path = await copyOfRecording('twice.webm')
    await writeWebmDuration(path)
    const once = await readFile(path)

    expect(await writeWebmDuration(path)).toBeNull()
    expect(await readFile(path)).toEqual(once)
  })

  it('leaves a webm without an audio or video track as it is', async () => {
    const path = join(work, 'header-only.webm')
    await writeFile(path, sampleWebm())

    expect(await writeWebmDuration(path)).toBeNull()
    expect(await readFile(path)).toEqual(sampleWebm())
  })
})
