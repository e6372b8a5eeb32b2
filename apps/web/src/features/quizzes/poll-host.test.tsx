import { pollFileName } from '@palabre/contracts'
import { fireEvent, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWith } from '../../test/render-with'
import { PollCard } from './poll-card'
import { PollHost } from './poll-host'
import { refusal, respondent, stubApi, unansweredPoll } from './test-support'

beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** A discussion: its host, and a thread that may stop drawing the card. */
const Discussion = () => {
  const [showCard, setShowCard] = useState(true)
  return (
    <PollHost viewerPhone={respondent} viewerName="Bob">
      <button type="button" onClick={() => setShowCard(false)}>
        Scroll away
      </button>
      {showCard && (
        <PollCard
          fileName={pollFileName('Safety quiz', 'poll42')}
          viewerPhone={respondent}
          viewerName="Bob"
        />
      )}
    </PollHost>
  )
}

describe('PollHost (docs/quizzes.md, "The card")', () => {
  it('keeps a quiz open, answers ticked, when its card leaves the drawn rows', async () => {
    stubApi((call) =>
      call.url === '/api/poll/poll42' ? [200, unansweredPoll()] : refusal(404, 'None yet.'),
    )
    renderWith(<Discussion />)
    fireEvent.click(screen.getByRole('button', { name: 'Open the quiz Safety quiz' }))
    await screen.findByRole('dialog', { name: 'Safety quiz' })
    const red = await screen.findByRole('checkbox', { name: 'Red' })
    fireEvent.click(red)
    // New comments scrolled the card out of the virtualized thread.
    fireEvent.click(screen.getByRole('button', { name: 'Scroll away' }))
    expect(screen.queryByTestId('poll-card')).toBeNull()
    expect(screen.getByRole('dialog', { name: 'Safety quiz' })).toBeTruthy()
    expect((screen.getByRole('checkbox', { name: 'Red' }) as HTMLInputElement).checked).toBe(true)
  })
})
