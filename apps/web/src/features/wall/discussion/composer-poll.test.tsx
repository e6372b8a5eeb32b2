import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderCard } from '../post-card/test-render'
import { createQuiz, stubApi } from '../../quizzes/test-support'
import { Composer } from './composer'

afterEach(() => {
  vi.unstubAllGlobals()
  sessionStorage.clear()
})

describe('Composer quiz button (docs/quizzes.md, "The attachment")', () => {
  it('creates a quiz as the signed-in person and sends it as its own comment', async () => {
    const calls = stubApi(() => [201, { pollId: 'p7', title: 'Team quiz' }])
    const onSend = vi.fn()
    renderCard(<Composer phone="33611111111" postId="p1" mobile={false} onSend={onSend} />)
    fireEvent.change(screen.getByRole('textbox', { name: 'Type a message...' }), {
      target: { value: 'Half typed' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'New quiz' }))
    await createQuiz('Team quiz')
    await waitFor(() =>
      expect(onSend).toHaveBeenCalledExactlyOnceWith({
        text: '',
        fileDocName: 'Team quiz_____p7.poll',
      }),
    )
    expect(calls.map((c) => [c.method, c.url])).toEqual([['POST', '/api/createPoll']])
    expect(calls[0]?.body).toMatchObject({ phoneCreatorPoll: '33611111111', title: 'Team quiz' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    // What was typed stays for its own comment.
    expect(
      (screen.getByRole('textbox', { name: 'Type a message...' }) as HTMLTextAreaElement).value,
    ).toBe('Half typed')
  })

  it('sends nothing when the quiz modal is closed', async () => {
    const onSend = vi.fn()
    renderCard(<Composer phone="33611111111" postId="p1" mobile={false} onSend={onSend} />)
    fireEvent.click(screen.getByRole('button', { name: 'New quiz' }))
    await screen.findByRole('dialog', { name: 'New quiz' })
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(onSend).not.toHaveBeenCalled()
  })
})
