import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { comment, viewer } from '../format/test-posts'
import type { CommentView } from '../model/types'
import { CommentBubble } from '../post-card/comment-bubble'
import { renderCard } from '../post-card/test-render'
import { stubServer } from './test-support'

const voice = 'recording-x___abcabcabcabc.webm'

const show = (item: CommentView, lang: 'en' | 'fr' = 'en') =>
  within(
    renderCard(
      <CommentBubble comment={item} viewerPhone={viewer} viewerName="Viewer" onResend={vi.fn()} />,
      lang,
    ).container,
  ).getByTestId('comment-bubble')

const info = (durationSeconds: number | null) =>
  stubServer((call) =>
    call.url.endsWith('/info') ? [200, { mime: 'audio/webm', size: 4000, durationSeconds }] : [404],
  )

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('a voice message in the discussion (docs/wall.md, "Voice messages")', () => {
  it('shows a player with the recording’s length, from the server, before it is played', async () => {
    const calls = info(2.04)
    const bubble = show(comment({ type: '1' }, { cmt: '', fileDocName: voice }))
    const player = await within(bubble).findByRole('group', { name: 'Voice message, 0:02' })
    expect(within(player).getByTestId('voice-duration').textContent).toBe('0:02')
    expect(within(player).getByRole('button', { name: 'Play the voice message' })).toBeTruthy()
    expect(player.querySelector('audio')?.getAttribute('src')).toBe(`/api/files/${voice}`)
    expect(within(player).getByRole('link', { name: 'Download recording-x.webm' })).toBeTruthy()
    expect(calls.map((c) => c.url)).toEqual([`/api/files/${voice}/info`])
  })

  it('takes the length from the file itself when the server has none', async () => {
    info(null)
    const bubble = show(comment({ type: '1' }, { cmt: '', fileDocName: voice }))
    const player = within(bubble).getByTestId('voice-message')
    expect(player.getAttribute('aria-label')).toBe('Voice message')
    expect(within(player).getByTestId('voice-duration').textContent).toBe('-:--')
    const audio = player.querySelector('audio') as HTMLAudioElement
    Object.defineProperty(audio, 'duration', { configurable: true, value: 61.6 })
    fireEvent.loadedMetadata(audio)
    await waitFor(() => expect(player.getAttribute('aria-label')).toBe('Voice message, 1:02'))
    expect(within(player).getByTestId('voice-duration').textContent).toBe('1:02')
  })

  it('plays and pauses, showing how far it played', async () => {
    info(5)
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined)
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue(undefined)
    const bubble = show(comment({ type: '1' }, { cmt: '', fileDocName: voice }))
    const player = await within(bubble).findByRole('group', { name: 'Voice message, 0:05' })
    const audio = player.querySelector('audio') as HTMLAudioElement

    fireEvent.click(within(player).getByRole('button', { name: 'Play the voice message' }))
    expect(play).toHaveBeenCalledOnce()
    fireEvent.play(audio)
    Object.defineProperty(audio, 'currentTime', { configurable: true, value: 2.2 })
    fireEvent.timeUpdate(audio)
    expect(within(player).getByTestId('voice-duration').textContent).toBe('0:02 / 0:05')

    Object.defineProperty(audio, 'paused', { configurable: true, value: false })
    fireEvent.click(within(player).getByRole('button', { name: 'Pause the voice message' }))
    expect(pause).toHaveBeenCalledOnce()
    fireEvent.pause(audio)
    expect(within(player).getByRole('button', { name: 'Play the voice message' })).toBeTruthy()

    fireEvent.ended(audio)
    expect(within(player).getByTestId('voice-duration').textContent).toBe('0:05')
  })

  it('says Play again when the browser refuses to play', async () => {
    info(5)
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(new Error('NotAllowedError'))
    const bubble = show(comment({ type: '1' }, { cmt: '', fileDocName: voice }))
    const player = await within(bubble).findByRole('group', { name: 'Voice message, 0:05' })
    fireEvent.click(within(player).getByRole('button', { name: 'Play the voice message' }))
    expect(await within(player).findByRole('button', { name: 'Play the voice message' }))
    expect(player.dataset['playing']).toBe('false')
  })

  it("takes Safari's m4a for a voice message too, and an ogg for a plain audio file", async () => {
    info(3)
    const m4a = show(comment({ type: '1' }, { cmt: '', fileDocName: 'recording-y___abc.m4a' }))
    expect(await within(m4a).findByRole('group', { name: 'Voice message, 0:03' })).toBeTruthy()
    const ogg = show(comment({ type: '1' }, { cmt: '', fileDocName: 'memo___a1.ogg' }))
    expect(within(ogg).queryByTestId('voice-message')).toBeNull()
    expect(within(ogg).getByLabelText('Audio: memo.ogg').tagName).toBe('AUDIO')
  })

  it('ticks like any comment of the viewer’s', async () => {
    info(2)
    const bubble = show(
      comment(
        { type: '1', status: '3' },
        { cmt: '', fileDocName: voice, author: { phone: viewer, name: 'Viewer' } },
      ),
    )
    expect(await within(bubble).findByRole('group', { name: 'Voice message, 0:02' })).toBeTruthy()
    expect(within(bubble).getByRole('img', { name: 'Read' }).dataset['ticks']).toBe('seen')
  })

  it('speaks French', async () => {
    info(2)
    show(comment({ type: '1' }, { cmt: '', fileDocName: voice }), 'fr')
    const player = await screen.findByRole('group', { name: 'Message vocal, 0:02' })
    expect(within(player).getByRole('button', { name: 'Écouter le message vocal' })).toBeTruthy()
  })
})
