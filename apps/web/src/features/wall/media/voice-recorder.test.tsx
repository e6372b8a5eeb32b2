import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeXhr } from '../../../test/fake-xhr'
import { stubMicrophone } from '../../quizzes/test-support'
import { Composer } from '../discussion/composer'
import { renderCard } from '../post-card/test-render'

beforeEach(() => {
  FakeXhr.reset()
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  sessionStorage.clear()
})

const compose = async ({
  mobile = false,
  lang = 'en',
}: { mobile?: boolean; lang?: 'en' | 'fr' } = {}) => {
  const onSend = vi.fn()
  renderCard(<Composer phone="336" postId="p1" mobile={mobile} onSend={onSend} />, lang)
  // The recorder's code comes after the footer's (docs/bundle-budgets.md).
  await screen.findByRole('button', {
    name: lang === 'fr' ? 'Enregistrer un message vocal' : 'Record a voice message',
  })
  return onSend
}
const box = () => screen.queryByRole('textbox', { name: 'Type a message...' })
const recordButton = () => screen.getByRole('button', { name: 'Record a voice message' })
const recording = () => screen.findByRole('group', { name: 'Voice message' })
const upload = async () => {
  await waitFor(() => expect(FakeXhr.requests).toHaveLength(1))
  return FakeXhr.requests[0] as FakeXhr
}

describe('the voice message recorder (docs/wall.md, "Voice messages")', () => {
  it('records, shows the time recorded, then uploads and sends the recording as a comment', async () => {
    const mic = stubMicrophone()
    const onSend = await compose()
    fireEvent.change(box()!, { target: { value: 'half-written' } })
    const started = Date.now()
    fireEvent.click(recordButton())

    const group = await recording()
    expect(mic.getUserMedia).toHaveBeenCalledWith({ audio: true })
    expect(mic.recorders[0]?.options).toEqual({ mimeType: 'audio/webm' })
    expect(within(group).getByRole('timer').textContent).toBe('Recording 0:00')
    // The row is the recorder's while it records.
    expect(box()).toBeNull()
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull()
    vi.spyOn(Date, 'now').mockReturnValue(started + 3_400)
    await waitFor(() => expect(within(group).getByRole('timer').textContent).toBe('Recording 0:03'))

    fireEvent.click(within(group).getByRole('button', { name: 'Send the voice message' }))
    const request = await upload()
    expect(request.url).toBe('/api/upload/audio')
    expect(request.fileName).toMatch(/^recording-.*\.webm$/)
    expect(mic.track.stop).toHaveBeenCalled()
    expect((await screen.findByRole('status')).textContent).toBe('Sending the voice message…')
    expect(onSend).not.toHaveBeenCalled()

    request.answer(200, '200#recording-x___abcabcabcabc.webm')
    await waitFor(() =>
      expect(onSend).toHaveBeenCalledExactlyOnceWith({
        text: '',
        fileDocName: 'recording-x___abcabcabcabc.webm',
      }),
    )
    // Ready for another; what was typed is still there.
    expect(recordButton()).toBeTruthy()
    expect((box() as HTMLTextAreaElement).value).toBe('half-written')
  })

  it('records m4a in a browser that records mp4 audio only (Safari)', async () => {
    const mic = stubMicrophone({ webm: false, mp4: true })
    const onSend = await compose()
    fireEvent.click(recordButton())
    fireEvent.click(
      within(await recording()).getByRole('button', { name: 'Send the voice message' }),
    )
    const request = await upload()
    expect(mic.recorders[0]?.options).toEqual({ mimeType: 'audio/mp4' })
    expect(request.fileName).toMatch(/\.m4a$/)
    request.answer(200, '200#recording-x___abcabcabcabc.m4a')
    await waitFor(() =>
      expect(onSend).toHaveBeenCalledWith({
        text: '',
        fileDocName: 'recording-x___abcabcabcabc.m4a',
      }),
    )
  })

  it('cancels a recording: the microphone stops, nothing uploads, nothing is sent', async () => {
    const mic = stubMicrophone()
    const onSend = await compose()
    fireEvent.click(recordButton())
    const group = await recording()
    fireEvent.click(within(group).getByRole('button', { name: 'Cancel the voice message' }))
    expect(recordButton()).toBeTruthy()
    expect(box()).toBeTruthy()
    expect(mic.track.stop).toHaveBeenCalled()
    expect(mic.recorders[0]?.state).toBe('inactive')
    expect(FakeXhr.requests).toEqual([])
    expect(onSend).not.toHaveBeenCalled()
  })

  it('cancels an upload under way: it is aborted and nothing is sent', async () => {
    stubMicrophone()
    const onSend = await compose()
    fireEvent.click(recordButton())
    fireEvent.click(
      within(await recording()).getByRole('button', { name: 'Send the voice message' }),
    )
    const request = await upload()
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the voice message' }))
    expect(request.aborted).toBe(true)
    expect(recordButton()).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(onSend).not.toHaveBeenCalled()
  })

  it('says so when the microphone is refused', async () => {
    stubMicrophone({ refuse: true })
    const onSend = await compose()
    fireEvent.click(recordButton())
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The microphone could not be used. Allow it in the browser and try again.',
    )
    expect(recordButton()).toBeTruthy()
    expect(box()).toBeTruthy()
    expect(onSend).not.toHaveBeenCalled()
  })

  it('says so, without asking for the microphone, in a browser that cannot record', async () => {
    const { getUserMedia } = stubMicrophone({ webm: false })
    await compose()
    fireEvent.click(recordButton())
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This browser cannot record audio. Try Chrome, Edge, Firefox or Safari.',
    )
    expect(getUserMedia).not.toHaveBeenCalled()
  })

  it("shows the server's reason when the upload fails, and can record again", async () => {
    stubMicrophone()
    const onSend = await compose()
    fireEvent.click(recordButton())
    fireEvent.click(
      within(await recording()).getByRole('button', { name: 'Send the voice message' }),
    )
    ;(await upload()).answer(413, {
      error: { code: 'payload_too_large', message: 'The file is larger than 50 MB.' },
    })
    expect((await screen.findByRole('alert')).textContent).toBe('The file is larger than 50 MB.')
    expect(recordButton()).toBeTruthy()
    expect(onSend).not.toHaveBeenCalled()
  })

  it('says a failed upload in words when the server gave none', async () => {
    stubMicrophone()
    await compose()
    fireEvent.click(recordButton())
    fireEvent.click(
      within(await recording()).getByRole('button', { name: 'Send the voice message' }),
    )
    ;(await upload()).onerror?.()
    expect((await screen.findByRole('alert')).textContent).toBe('The server cannot be reached.')
  })

  it('is in the phone footer too, and speaks French', async () => {
    stubMicrophone()
    await compose({ mobile: true, lang: 'fr' })
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer un message vocal' }))
    const group = await screen.findByRole('group', { name: 'Message vocal' })
    expect(within(group).getByRole('timer').textContent).toBe('Enregistrement 0:00')
    expect(within(group).getByRole('button', { name: 'Annuler le message vocal' })).toBeTruthy()
    expect(within(group).getByRole('button', { name: 'Envoyer le message vocal' })).toBeTruthy()
  })
})
