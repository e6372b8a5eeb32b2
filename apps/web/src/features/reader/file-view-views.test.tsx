import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { readerPath } from '../../lib/paths'
import { isWatched, resetViewReporting } from '../../lib/view-session'
import { drive } from '../../test/media-player'
import { fileItem, jsonResponse, renderReader, stubApi } from './test-support'

beforeEach(() => {
  resetViewReporting()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the reader’s video (docs/files.md, "On the web")', () => {
  it('reports what was played, as the discussion’s player does', async () => {
    const fetchMock = stubApi([fileItem('clip___v1.mp4')], () =>
      jsonResponse({ watchedFraction: 0.2, completedAt: null }),
    )
    renderReader(readerPath('clip___v1.mp4', 'p1'))
    const player = screen.getByLabelText('Video clip.mp4') as HTMLVideoElement
    await waitFor(() => expect(isWatched(player)).toBe(true))
    const video = drive(player)
    video.play()
    video.playTo(4)
    video.pause()
    await waitFor(() =>
      expect(
        fetchMock.mock.calls
          .filter(([, init]) => init?.method === 'POST')
          .map(([input, init]) => [String(input), init?.body]),
      ).toEqual([
        // As it starts playing, then what it played.
        ['/api/files/clip___v1.mp4/views', JSON.stringify({ ranges: [] })],
        ['/api/files/clip___v1.mp4/views', JSON.stringify({ ranges: [[0, 4]] })],
      ]),
    )
  })
})
