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
    <CommentBubble
      comment={item}
      viewerPhone={viewer}
      viewerName="Viewer Name"
      onResend={onResend}
    />,
    lang,
  )
  return { onResend, bubble: within(container).getByTestId('comment-bubble') }
}

const own = (extra: Partial<CommentView> = {}, data: Partial<CommentView['data']> = {}) =>
  comment(extra, { author: { phone: viewer, name: 'Viewer Name' }, ...data })

describe('CommentBubble', () => {
  it("puts others' comments on the other side under their author's name", () => {
    const { bubble } = show(comment({ status: '4' }, { idCmtEmet: 'c9' }))
    expect(bubble.dataset).toMatchObject({ commentId: 'c9', self: 'false' })
    expect(bubble.className).toContain('comment-bubble--other')
    expect(within(bubble).getByText('Alice Martin')).toBeTruthy()
    expect(within(bubble).queryByRole('img')).toBeNull()
  })

  it("names an author without a name by '+' and the phone", () => {
    const { bubble } = show(comment({}, { author: { name: '' } }))
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
    const { bubble } = show(own({ status }))
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

  it('says a waiting comment goes by itself once connected, with no Resend', () => {
    const waiting = show(own({ sendState: 'waiting' })).bubble
    expect(within(waiting).getByRole('status').textContent).toBe(
      'Not sent yet: it will go as soon as the connection is back',
    )
    expect(within(waiting).queryByRole('button', { name: 'Resend' })).toBeNull()
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

  it("shows an image's thumbnail, opening the reader, and a download of the image", () => {
    const { bubble } = show(
      comment({ type: '1' }, { cmt: '', image: 'photo___a1b2.png', idPostEmet: 'p7' }),
    )
    const open = within(bubble).getByRole('link', { name: 'Open photo.png' })
    expect(open.getAttribute('href')).toBe('/wall/discussion/lecteur/photo___a1b2.png?post=p7')
    expect(open.querySelector('img')?.getAttribute('src')).toBe('/api/files/thumb_photo___a1b2.png')
    const download = within(bubble).getByRole('link', { name: 'Download photo.png' })
    expect(download.getAttribute('href')).toBe('/api/files/photo___a1b2.png')
    expect(download.getAttribute('download')).toBe('photo.png')
  })

  it('shows a document as a card with its icon and display name, opening the reader', () => {
    const { bubble } = show(
      comment(
        { type: '1' },
        { cmt: 'Minutes', fileDocName: 'notes 1___k9.docx', idPostEmet: 'p7' },
      ),
    )
    const open = within(bubble).getByRole('link', { name: 'Open notes 1.docx' })
    expect(open.getAttribute('href')).toBe('/wall/discussion/lecteur/notes%201___k9.docx?post=p7')
    expect(open.textContent).toBe('DOCXnotes 1.docx')
    expect(within(bubble).getByText('Minutes')).toBeTruthy()
    expect(
      within(bubble).getByRole('link', { name: 'Download notes 1.docx' }).getAttribute('href'),
    ).toBe('/api/files/notes%201___k9.docx')
  })

  it('plays an mp4 inline as a video and an ogg as audio, each with its download', () => {
    const video = show(comment({ type: '1' }, { fileDocName: 'clip___v1.mp4' })).bubble
    const player = within(video).getByLabelText('Video: clip.mp4')
    expect(player.tagName).toBe('VIDEO')
    expect(player.getAttribute('src')).toBe('/api/files/clip___v1.mp4')
    expect(player.hasAttribute('controls')).toBe(true)
    expect(within(video).getByRole('link', { name: 'Download clip.mp4' })).toBeTruthy()
    const audio = show(comment({ type: '1' }, { fileDocName: 'memo___a1.ogg' })).bubble
    const sound = within(audio).getByLabelText('Audio: memo.ogg')
    expect(sound.tagName).toBe('AUDIO')
    expect(sound.getAttribute('src')).toBe('/api/files/memo___a1.ogg')
  })

  it("shows a quiz as its card, titled from the attachment's name, with no download", () => {
    const { bubble } = show(comment({ type: '1' }, { fileDocName: 'Fire drill_____q1.poll' }))
    expect(within(bubble).getByTestId('poll-card').textContent).toContain('Fire drill')
    expect(within(bubble).queryByRole('link')).toBeNull()
  })

  it('speaks French under the French interface', () => {
    show(own({ sendState: 'failed' }), 'fr')
    expect(screen.getByRole('button', { name: 'Renvoyer' })).toBeTruthy()
  })
})
