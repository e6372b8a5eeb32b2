import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeXhr } from '../../test/fake-xhr'
import { renderWith } from '../../test/render-with'
import { CreatePollModal } from './create-poll-modal'
import { creator, stubApi, stubMicrophone } from './test-support'

beforeEach(() => {
  FakeXhr.reset()
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const renderModal = () =>
  renderWith(<CreatePollModal open creatorPhone={creator} onClose={vi.fn()} onCreated={vi.fn()} />)
const recorder = (name: string) => screen.getByRole('group', { name })
const upload = async () => {
  await waitFor(() => expect(FakeXhr.requests).toHaveLength(1))
  return FakeXhr.requests[0] as FakeXhr
}
const submitButton = () => screen.getByRole('button', { name: 'Create the quiz' })

/** A valid quiz around the recordings: a title, a question text, one correct answer. */
const fillTheRest = async () => {
  const user = userEvent.setup()
  await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Heard quiz')
  const question = screen.getByRole('group', { name: 'Question 1' })
  await user.type(within(question).getByRole('textbox', { name: 'Question 1' }), 'Listen')
  await user.click(within(question).getAllByRole('checkbox', { name: 'Correct answer' })[0]!)
}

describe('AudioRecorder (docs/quizzes.md, "Recording")', () => {
  it("records a question, uploads it as webm at once, and the question gets the server's name", async () => {
    const mic = stubMicrophone()
    const calls = stubApi(() => [201, { pollId: 'p1', title: 'Heard quiz' }])
    renderModal()
    const group = recorder('Recording of question 1')
    expect(group.dataset['state']).toBe('idle')

    fireEvent.click(within(group).getByRole('button', { name: 'Record' }))
    expect(await within(group).findByText('Recording...')).toBeTruthy()
    expect(mic.getUserMedia).toHaveBeenCalledWith({ audio: true })
    expect(mic.recorders[0]?.options).toEqual({ mimeType: 'audio/webm' })
    // Nothing may be created while a recording is under way.
    await fillTheRest()
    expect(submitButton().hasAttribute('disabled')).toBe(true)

    fireEvent.click(within(group).getByRole('button', { name: 'Stop' }))
    const request = await upload()
    expect(request.url).toBe('/api/upload/audio')
    expect(request.fileName).toMatch(/\.webm$/)
    expect(mic.track.stop).toHaveBeenCalled()
    expect(within(group).getByText('Uploading the recording…')).toBeTruthy()
    request.answer(200, '200#recording___abcabcabcabc.webm')

    await waitFor(() => expect(group.dataset['state']).toBe('recorded'))
    expect(within(group).getByText('Recorded')).toBeTruthy()
    expect(screen.queryByText('Recording...')).toBeNull()

    // Playback toggles.
    fireEvent.click(within(group).getByRole('button', { name: 'Play' }))
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled()
    fireEvent.click(within(group).getByRole('button', { name: 'Stop' }))
    expect(within(group).getByRole('button', { name: 'Play' })).toBeTruthy()

    await waitFor(() => expect(submitButton().hasAttribute('disabled')).toBe(false))
    fireEvent.click(submitButton())
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]?.body).toMatchObject({
      questions: [
        {
          isAudio: true,
          audioFileName: 'recording___abcabcabcabc.webm',
          questionText: 'Listen',
        },
      ],
    })
  })

  it("records an answer: the answer gets the server's name", async () => {
    stubMicrophone()
    const calls = stubApi(() => [201, { pollId: 'p1', title: 'Heard quiz' }])
    renderModal()
    const group = recorder('Recording of answer 2')
    fireEvent.click(within(group).getByRole('button', { name: 'Record' }))
    fireEvent.click(await within(group).findByRole('button', { name: 'Stop' }))
    ;(await upload()).answer(200, '200#answer___abcabcabcabc.webm')
    await waitFor(() => expect(group.dataset['state']).toBe('recorded'))
    await fillTheRest()
    await waitFor(() => expect(submitButton().hasAttribute('disabled')).toBe(false))
    fireEvent.click(submitButton())
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]?.body).toMatchObject({
      questions: [
        {
          isAudio: false,
          possibleAnswers: [
            { text: '✓', isAudio: false },
            { text: '✗', isAudio: true, audioFileName: 'answer___abcabcabcabc.webm' },
          ],
        },
      ],
    })
  })

  it('records as m4a in a browser that records mp4 audio only (Safari)', async () => {
    const mic = stubMicrophone({ webm: false, mp4: true })
    renderModal()
    const group = recorder('Recording of question 1')
    fireEvent.click(within(group).getByRole('button', { name: 'Record' }))
    fireEvent.click(await within(group).findByRole('button', { name: 'Stop' }))
    expect(mic.recorders[0]?.options).toEqual({ mimeType: 'audio/mp4' })
    const request = await upload()
    expect(request.url).toBe('/api/upload/audio')
    expect(request.fileName).toMatch(/\.m4a$/)
    request.answer(200, '200#recording___abcabcabcabc.m4a')
    await waitFor(() => expect(group.dataset['state']).toBe('recorded'))
  })

  it('says so next to the recorder when the microphone is refused', async () => {
    stubMicrophone({ refuse: true })
    renderModal()
    const group = recorder('Recording of question 1')
    fireEvent.click(within(group).getByRole('button', { name: 'Record' }))
    expect((await within(group).findByRole('alert')).textContent).toBe(
      'The microphone could not be used. Allow it in the browser and try again.',
    )
    expect(group.dataset['state']).toBe('idle')
    expect(within(group).getByRole('button', { name: 'Record' })).toBeTruthy()
    expect(FakeXhr.requests).toEqual([])
  })

  it('says so, without asking for the microphone, in a browser that records neither webm nor mp4', async () => {
    const { getUserMedia } = stubMicrophone({ webm: false })
    renderModal()
    const group = recorder('Recording of question 1')
    fireEvent.click(within(group).getByRole('button', { name: 'Record' }))
    expect((await within(group).findByRole('alert')).textContent).toBe(
      'This browser cannot record audio. Try Chrome, Edge, Firefox or Safari.',
    )
    expect(getUserMedia).not.toHaveBeenCalled()
    expect(group.dataset['state']).toBe('idle')
  })

  it("shows the server's reason when the upload fails, and is ready to record again", async () => {
    stubMicrophone()
    renderModal()
    const group = recorder('Recording of question 1')
    fireEvent.click(within(group).getByRole('button', { name: 'Record' }))
    fireEvent.click(await within(group).findByRole('button', { name: 'Stop' }))
    ;(await upload()).answer(415, {
      error: { code: 'unsupported_media_type', message: 'This upload takes webm files only.' },
    })
    expect((await within(group).findByRole('alert')).textContent).toBe(
      'This upload takes webm files only.',
    )
    expect(group.dataset['state']).toBe('idle')
    expect(within(group).queryByText('Uploading the recording…')).toBeNull()
    expect(within(group).getByRole('button', { name: 'Record' })).toBeTruthy()
  })

  it('removes a recording: the question is no longer audio', async () => {
    stubMicrophone()
    const calls = stubApi(() => [201, { pollId: 'p1', title: 'Heard quiz' }])
    renderModal()
    const group = recorder('Recording of question 1')
    fireEvent.click(within(group).getByRole('button', { name: 'Record' }))
    fireEvent.click(await within(group).findByRole('button', { name: 'Stop' }))
    ;(await upload()).answer(200, '200#recording___abcabcabcabc.webm')
    fireEvent.click(await within(group).findByRole('button', { name: 'Remove the recording' }))
    expect(group.dataset['state']).toBe('idle')
    await fillTheRest()
    await waitFor(() => expect(submitButton().hasAttribute('disabled')).toBe(false))
    fireEvent.click(submitButton())
    await waitFor(() => expect(calls).toHaveLength(1))
    const [sent] = (calls[0]?.body as { questions: Record<string, unknown>[] }).questions
    expect(sent?.['isAudio']).toBe(false)
    expect(sent).not.toHaveProperty('audioFileName')
  })
})
