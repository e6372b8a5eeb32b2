import { fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockListHeight } from '../lists/test-support'
import { commentView as comment, viewer } from '../queries/wall.test-support'
import { renderCard } from '../post-card/test-render'
import { CommentThread } from './comment-thread'

afterEach(() => vi.restoreAllMocks())

const thread = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    comment({ id: `c${i}`, postId: 'p', minute: i, text: `Comment number ${i}` }),
  )

describe('CommentThread', () => {
  it('draws only the comments in view of a 1,000-comment thread', async () => {
    mockListHeight(420)
    // The thread's box is 420px high, each comment 84px.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      const height = this.getAttribute('role') === 'log' ? 420 : 84
      return DOMRect.fromRect({ width: 400, height })
    })
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(420)
    renderCard(
      <CommentThread
        comments={thread(1000)}
        viewerPhone={viewer}
        viewerName="Viewer Name"
        onResend={() => {}}
      />,
    )
    const drawn = await screen.findAllByTestId('comment-bubble')
    expect(drawn.length).toBeGreaterThan(0)
    expect(drawn.length).toBeLessThan(40)
    expect(screen.queryByText('Comment number 999')).toBeNull()

    // Scrolled to its end, the thread draws its last comments, still only a few.
    const log = screen.getByRole('log')
    // Past the end: a browser stops at the end, jsdom does not, the thread draws its last rows.
    log.scrollTop = 1000 * 84 * 2
    fireEvent.scroll(log)
    expect(await screen.findByText('Comment number 999')).toBeTruthy()
    expect(screen.getAllByTestId('comment-bubble').length).toBeLessThan(40)
    expect(screen.queryByText('Comment number 0')).toBeNull()
  })
})
