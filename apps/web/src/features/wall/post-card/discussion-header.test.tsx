import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { other, post, recipient, viewer } from '../format/test-posts'
import type { PostView } from '../model/types'
import { DiscussionHeader, type DiscussionHeaderProps } from './discussion-header'
import { renderCard } from './test-render'

const show = (
  item: PostView,
  extra: Partial<DiscussionHeaderProps> = {},
  lang: 'en' | 'fr' = 'en',
) => {
  const props = { post: item, viewerPhone: viewer, onContact: vi.fn(), onGroup: vi.fn(), ...extra }
  renderCard(<DiscussionHeader {...props} />, lang)
  return props
}

const long = `${'a'.repeat(250)} https://example.com`
const date = new Date(2024, 2, 5, 14, 7).toISOString()

describe('DiscussionHeader', () => {
  it("shows the sender, the date as 'd MMM HH:mm' and the whole text, linkified", async () => {
    const props = show(post({}, { text: long, dateCreation: date }))
    expect(screen.getByText('5 Mar 14:07')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'https://example.com' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Read more...' })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Alice Martin' }))
    expect(props.onContact).toHaveBeenCalledWith(other, 'Alice Martin')
    expect(screen.getByTestId('recipient').dataset.ticks).toBeUndefined()
  })

  it("reads 'Me' to the sender, who sees the recipients' ticks", () => {
    show(
      post(
        {},
        { author: { phone: viewer }, recipients: [recipient('331', 'Bob', { delivred: 2 })] },
      ),
    )
    expect(screen.getByText('Me')).toBeTruthy()
    expect(screen.getByTestId('recipient').dataset.ticks).toBe('delivered')
  })

  it('shows back and info only when given, for the mobile header', () => {
    show(post())
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Post info' })).toBeNull()
  })

  it('calls back and info, in French too', async () => {
    const props = show(post({}, { dateCreation: date }), { onBack: vi.fn(), onInfo: vi.fn() }, 'fr')
    await userEvent.click(screen.getByRole('button', { name: 'Retour' }))
    await userEvent.click(screen.getByRole('button', { name: 'Infos du message' }))
    expect(props.onBack).toHaveBeenCalledOnce()
    expect(props.onInfo).toHaveBeenCalledOnce()
    expect(screen.getByText('5 mars 14:07')).toBeTruthy()
  })
})

describe('DiscussionHeader: deactivated people', () => {
  it('marks a deactivated recipient among those it names', () => {
    show(
      post(
        {},
        {
          recipients: [
            recipient(viewer, 'Viewer Name'),
            recipient('331', 'Bob', { deactivated: true }),
          ],
        },
      ),
    )
    const header = screen.getByTestId('discussion-header')
    const [you, bob] = within(header).getAllByTestId('recipient')
    expect(within(bob!).getByText('deactivated')).toBeTruthy()
    expect(within(you!).queryByText('deactivated')).toBeNull()
  })
})
