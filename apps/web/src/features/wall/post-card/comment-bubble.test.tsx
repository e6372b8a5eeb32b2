import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { comment, other, viewer } from '../format/test-posts'
import type { CommentView } from '../model/types'
import { CommentBubble } from './comment-bubble'
import { renderCard } from './test-render'

const show = (item: CommentView, lang: 'en' | 'fr' = 'en') => {
  const onResend = vi.fn()
  const { container } = renderCard(
    <CommentBubble comment={item} viewerPhone={viewer} onResend={onResend} />,
    lang,
  )
  return { onResend, bubble: within(container).getByTestId('comment-bubble') }
}

const own = (extra: Partial<CommentView> = {}, data: Partial<CommentView['data']> = {}) =>
  comment(extra, { emetr_phone: viewer, emetr_name: 'Viewer Name', ...data })

describe('CommentBubble', () => {
  it("puts others' comments on the other side under their author's name", () => {
    const { bubble } = show(comment({ tagcmtstatut: '4' }, { idCmtEmet: 'c9' }))
    expect(bubble.dataset).toMatchObject({ commentId: 'c9', self: 'false' })
    expect(bubble.className).toContain('comment-bubble--other')
    expect(within(bubble).getByText('Alice Martin')).toBeTruthy()
    expect(within(bubble).queryByRole('img')).toBeNull()
  })

  it("names an author without a name by '+' and the phone", () => {
    const { bubble } = show(comment({}, { emetr_name: '' }))
    expect(within(bubble).getByText(`+${other}`)).toBeTruthy()
  })

  it('puts own comments on the self side, without the name', () => {
    const { bubble } = show(own())
    expect(bubble.dataset.self).toBe('true')
    expect(bubble.className).toContain('comment-bubble--self')
    expect(within(bubble).queryByText('Viewer Name')).toBeNull()
  })

  it.each([
    ['', 'sent', 'Sent'],
    ['0', 'sent', 'Sent'],
    ['1', 'delivered', 'Delivered'],
    ['2', 'delivered', 'Delivered'],
    ['3', 'seen', 'Read'],
    ['4', 'seen', 'Read'],
  ] as const)("shows tagcmtstatut '%s' as %s ticks", (status, kind, label) => {
    const { bubble } = show(own({ tagcmtstatut: status }))
    expect(within(bubble).getByRole('img', { name: label }).dataset.ticks).toBe(kind)
  })

  it('shows a clock while sending, Resend once failed and a notice while throttled', async () => {
    const pending = show(own({ sendState: 'pending' })).bubble
    expect(within(pending).getByRole('img', { name: 'Sending' }).dataset.ticks).toBe('pending')
    const failed = show(own({ sendState: 'failed' }))
    await userEvent.click(within(failed.bubble).getByRole('button', { name: 'Resend' }))
    expect(failed.onResend).toHaveBeenCalledOnce()
    const throttled = show(own({ sendState: 'throttled' })).bubble
    expect(within(throttled).getByRole('status').textContent).toBe(
      'Too many messages: sending again shortly',
    )
  })

  it("writes the date as 'd MMM y HH:mm', in French too", () => {
    const date = new Date(2024, 11, 25, 18, 45).toISOString()
    const english = show(own({}, { dateCreation: date })).bubble
    expect(within(english).getByText('25 Dec 2024 18:45')).toBeTruthy()
    const french = show(own({}, { dateCreation: date }), 'fr').bubble
    expect(within(french).getByText('25 déc. 2024 18:45')).toBeTruthy()
  })

  it('makes links clickable in a new tab', () => {
    const { bubble } = show(comment({}, { cmt: 'Look at www.example.org' }))
    const link = within(bubble).getByRole('link', { name: 'www.example.org' })
    expect(link.getAttribute('href')).toBe('https://www.example.org')
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
  })

  it('shows an attachment by its display name', () => {
    const { bubble } = show(
      comment({ type: '1' }, { cmt: '', image: '', fileDocName: 'thumb_report___a1b2.pdf' }),
    )
    expect(within(bubble).getByTestId('comment-file').textContent).toBe('Attachment: report.pdf')
  })

  it('speaks French under the French interface', () => {
    show(own({ sendState: 'failed' }), 'fr')
    expect(screen.getByRole('button', { name: 'Renvoyer' })).toBeTruthy()
  })
})
