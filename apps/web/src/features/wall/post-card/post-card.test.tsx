import { messages } from '@palabre/contracts'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { other, post, recipient, viewer } from '../format/test-posts'
import type { PostView } from '../model/types'
import { PostCard, type PostCardProps } from './post-card'
import { renderCard } from './test-render'

const handlers = () => ({
  onOpen: vi.fn(),
  onExpand: vi.fn(),
  onComment: vi.fn(),
  onShare: vi.fn(),
  onCopy: vi.fn(),
  onResend: vi.fn(),
  onContact: vi.fn(),
  onRecipients: vi.fn(),
  onGroup: vi.fn(),
})

const show = (item: PostView, lang: 'en' | 'fr' = 'en', extra: Partial<PostCardProps> = {}) => {
  const props = { ...handlers(), post: item, viewerPhone: viewer, isOpen: false, ...extra }
  const { container } = renderCard(<PostCard {...props} />, lang)
  return { props, card: within(container).getByTestId('post-card') }
}

const mine = (extra: Partial<PostView> = {}, data: Partial<PostView['data']> = {}) =>
  post(extra, { author: { phone: viewer, name: 'Viewer Name' }, ...data })

describe('PostCard', () => {
  it('is an article named by its sender, with the post id and its state', () => {
    const { card } = show(post({ unreadComments: 0 }))
    expect(screen.getByRole('article', { name: 'Alice Martin' })).toBe(card)
    expect(card.dataset).toMatchObject({ postId: 'post-1', new: 'true', emphasized: 'true' })
    expect(card.className).toContain('post-card--emphasized')
  })

  it("reads 'Me' for the viewer's own post, which is never new", () => {
    const { card } = show(mine())
    expect(screen.getByRole('article', { name: 'Me' })).toBe(card)
    expect(card.dataset).toMatchObject({ new: 'false', emphasized: 'false' })
    expect(card.className).toContain('post-card--read')
  })

  it('is emphasized but not new when seen with unread comments', () => {
    const { card } = show(post({ delivred: 4, unreadComments: 3 }))
    expect(card.dataset).toMatchObject({ new: 'false', emphasized: 'true' })
    expect(within(card).getByLabelText('3 unread comments').textContent).toBe('3')
  })

  it("shows 'You' for the viewer as single recipient and opens the sender's contact", async () => {
    const { props, card } = show(post())
    expect(within(card).getByText('You')).toBeTruthy()
    await userEvent.click(within(card).getByRole('button', { name: 'Alice Martin' }))
    expect(props.onContact).toHaveBeenCalledWith(other, 'Alice Martin')
  })

  it("names the first two of three recipients, '+ 1' and an info button", async () => {
    const people = [recipient('331', 'Bob'), recipient('332', 'Carol'), recipient('333', 'Dan')]
    const { props, card } = show(mine({}, { recipients: people }))
    expect(within(card).getByRole('button', { name: 'Bob' })).toBeTruthy()
    expect(within(card).getByRole('button', { name: 'Carol' })).toBeTruthy()
    expect(within(card).queryByText('Dan')).toBeNull()
    expect(within(card).getByText(messages.wall.moreRecipients(1))).toBeTruthy()
    await userEvent.click(within(card).getByRole('button', { name: 'All recipients' }))
    expect(props.onRecipients).toHaveBeenCalledOnce()
    await userEvent.click(within(card).getByRole('button', { name: 'Carol' }))
    expect(props.onContact).toHaveBeenCalledWith('332', 'Carol')
  })

  it('shows a folder by name and opens its info', async () => {
    const toFolder = post(
      {},
      {
        groups: [{ idGroup: 'g1', name: 'Sales' }],
        recipients: [recipient(viewer, 'Viewer', { idGroupe: ['g1'] })],
      },
    )
    const { props, card } = show(toFolder)
    await userEvent.click(within(card).getByRole('button', { name: 'Folder info: Sales' }))
    expect(props.onGroup).toHaveBeenCalledWith('g1')
    expect(within(card).queryByText('You')).toBeNull()
  })

  it("shows the date as 'd MMM y at HH:mm'", () => {
    const date = new Date(2024, 2, 5, 14, 7).toISOString()
    const { card } = show(post({}, { dateCreation: date }))
    expect(within(card).getByText('5 Mar 2024 at 14:07')).toBeTruthy()
  })

  it("cuts a long text and toggles 'Read more...' and 'Less'", async () => {
    const text = `${'a'.repeat(200)}THE END`
    const { props, card } = show(post({}, { text }))
    expect(within(card).queryByText(/THE END/)).toBeNull()
    await userEvent.click(within(card).getByRole('button', { name: 'Read more...' }))
    expect(props.onExpand).toHaveBeenCalledOnce()
    expect(props.onOpen).not.toHaveBeenCalled()
    expect(within(card).getByText(/THE END/)).toBeTruthy()
    await userEvent.click(within(card).getByRole('button', { name: 'Less' }))
    expect(within(card).queryByText(/THE END/)).toBeNull()
  })

  it('keeps a link the cut would fall in whole, and working, on the cut card', () => {
    const link = 'https://example.org/minutes/2024-05-02/board-meeting?annex=budget'
    const text = `${'word '.repeat(33)}minutes: ${link} and a long tail after it ${'z'.repeat(80)}`
    const { card } = show(post({}, { text }))
    expect(within(card).getByRole('button', { name: 'Read more...' })).toBeTruthy()
    const shown = within(card).getByRole('link')
    expect(shown.getAttribute('href')).toBe(link)
    expect(shown.textContent).toBe(link)
    expect(within(card).getByTestId('post-card-body').textContent).toContain(`${link}…`)
  })

  it('has no toggle for a text of 200 characters', () => {
    const { card } = show(post({}, { text: 'a'.repeat(200) }))
    expect(within(card).queryByRole('button', { name: 'Read more...' })).toBeNull()
  })

  it('makes links clickable in a new tab', () => {
    const { card } = show(post({}, { text: 'See https://example.com/a now' }))
    const link = within(card).getByRole('link', { name: 'https://example.com/a' })
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
  })

  it('opens on a click on its text, and marks the open card', async () => {
    const { props, card } = show(post(), 'en', { isOpen: true })
    await userEvent.click(within(card).getByText('Hello team'))
    expect(props.onOpen).toHaveBeenCalledOnce()
    expect(card.className).toContain('post-card--open')
  })

  it('offers Comment, Share and Copy on a sent post', async () => {
    const { props, card } = show(post({ tagstatus: '' }))
    await userEvent.click(within(card).getByRole('button', { name: 'Comment' }))
    await userEvent.click(within(card).getByRole('button', { name: 'Share' }))
    await userEvent.click(within(card).getByRole('button', { name: 'Copy' }))
    expect(props.onComment).toHaveBeenCalledOnce()
    expect(props.onShare).toHaveBeenCalledOnce()
    expect(props.onCopy).toHaveBeenCalledOnce()
    expect(within(card).queryByRole('button', { name: 'Resend' })).toBeNull()
  })

  it.each([
    ["tagstatus 'false'", { tagstatus: 'false' as const }],
    ['a failed send', { sendState: 'failed' as const }],
  ])('offers only Resend for %s', async (_, state) => {
    const { props, card } = show(mine(state))
    await userEvent.click(within(card).getByRole('button', { name: 'Resend' }))
    expect(props.onResend).toHaveBeenCalledOnce()
    expect(within(card).queryByRole('button', { name: 'Comment' })).toBeNull()
  })

  it('shows a clock while pending and a notice while throttled', () => {
    const pending = show(mine({ sendState: 'pending' })).card
    expect(within(pending).getByTestId('post-pending').textContent).toBe('Sending…')
    expect(within(pending).queryByRole('button', { name: 'Comment' })).toBeNull()
    const throttled = show(mine({ sendState: 'throttled' })).card
    expect(within(throttled).getByRole('status').textContent).toBe(
      'Too many messages: sending again shortly',
    )
  })

  it('says a waiting post goes by itself once connected, and offers no Resend', () => {
    const waiting = show(mine({ sendState: 'waiting' })).card
    expect(within(waiting).getByRole('status').textContent).toBe(
      'Not sent yet: it will go as soon as the connection is back',
    )
    expect(within(waiting).queryByRole('button', { name: 'Resend' })).toBeNull()
    expect(within(waiting).queryByRole('button', { name: 'Comment' })).toBeNull()
    const french = show(mine({ sendState: 'waiting' }), 'fr').card
    expect(within(french).getByRole('status').textContent).toBe(
      'Pas encore envoyé : il partira dès le retour de la connexion',
    )
  })

  it('speaks French under the French interface', async () => {
    const long = `${'a'.repeat(201)}`
    const date = new Date(2024, 1, 12, 8, 30).toISOString()
    const { card } = show(mine({ unreadComments: 2 }, { text: long, dateCreation: date }), 'fr')
    expect(screen.getByRole('article', { name: 'Moi' })).toBe(card)
    expect(within(card).getByText('12 févr. 2024 à 08:30')).toBeTruthy()
    expect(within(card).getByRole('button', { name: /^Commenter/ })).toBeTruthy()
    expect(within(card).getByLabelText('2 commentaires non lus')).toBeTruthy()
    expect(within(card).getByRole('button', { name: 'Partager' })).toBeTruthy()
    expect(within(card).getByRole('button', { name: 'Copier' })).toBeTruthy()
    await userEvent.click(within(card).getByRole('button', { name: 'Lire la suite...' }))
    expect(within(card).getByRole('button', { name: 'Moins' })).toBeTruthy()
    const failed = show(post({ tagstatus: 'false' }), 'fr').card
    expect(within(failed).getByRole('button', { name: 'Renvoyer' })).toBeTruthy()
    expect(within(failed).getByText('Vous')).toBeTruthy()
  })
})

// A person an administrator deactivated is marked on the card too (docs/wall.md, "Deactivated
// people").
describe('PostCard: deactivated recipients', () => {
  it('marks a deactivated person it names, and only them', () => {
    const people = [recipient('331', 'Bob', { deactivated: true }), recipient('332', 'Carol')]
    const { card } = show(mine({}, { recipients: people }))
    const bob = within(card).getByRole('button', { name: 'Bob' })
    expect(bob.className).toContain('deactivated-name')
    expect(bob.nextElementSibling?.textContent).toBe('deactivated')
    expect(within(card).getAllByText('deactivated')).toHaveLength(1)
    expect(within(card).getByRole('button', { name: 'Carol' }).className).not.toContain(
      'deactivated-name',
    )
  })

  it('marks a single deactivated recipient, in French', () => {
    const { card } = show(
      mine({}, { recipients: [recipient('331', 'Bob', { deactivated: true })] }),
      'fr',
    )
    expect(within(card).getByText('désactivé')).toBeTruthy()
  })
})
