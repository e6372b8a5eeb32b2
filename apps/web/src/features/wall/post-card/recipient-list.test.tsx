import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { other, post, recipient, viewer } from '../format/test-posts'
import type { PostView } from '../model/types'
import { RecipientList } from './recipient-list'
import { renderCard } from './test-render'

const people = [
  recipient('331', 'Bob', { delivred: 4, delivredtoWeb: 0 }),
  recipient('332', 'Carol', { delivred: 1, delivredtoWeb: 3 }),
  recipient('333', 'Dan', { delivred: 2, delivredtoWeb: 0 }),
  recipient('334', '', { delivred: 0, delivredtoWeb: 0 }),
]

const show = (item: PostView, lang: 'en' | 'fr' = 'en') => {
  const onContact = vi.fn()
  const onGroup = vi.fn()
  renderCard(
    <RecipientList post={item} viewerPhone={viewer} onContact={onContact} onGroup={onGroup} />,
    lang,
  )
  return { onContact, onGroup, rows: screen.getAllByTestId('recipient') }
}

const mine = post({}, { author: { phone: viewer }, recipients: people })

describe('RecipientList', () => {
  it("shows each recipient's ticks to the sender", () => {
    const { rows } = show(mine)
    expect(rows.map((row) => row.dataset.ticks)).toEqual(['seen', 'seen', 'delivered', 'none'])
    expect(within(rows[0]!).getByRole('img', { name: 'Read' })).toBeTruthy()
    expect(within(rows[2]!).getByRole('img', { name: 'Delivered' })).toBeTruthy()
    expect(within(rows[3]!).queryByRole('img')).toBeNull()
    expect(within(rows[3]!).getByText('+334')).toBeTruthy()
  })

  it('shows no ticks to a recipient', () => {
    const received = post(
      {},
      { author: { phone: other }, recipients: [...people, recipient(viewer)] },
    )
    const { rows } = show(received)
    expect(rows.every((row) => row.dataset.ticks === undefined)).toBe(true)
    expect(screen.queryByRole('img')).toBeNull()
    expect(within(rows[4]!).getByText('You')).toBeTruthy()
  })

  it('opens a contact and a folder', async () => {
    const toFolder = post({}, { ...mine.data, groups: [{ idGroup: 'g1', name: 'Sales' }] })
    const { onContact, onGroup } = show(toFolder)
    expect(screen.getByTestId('recipient-group').textContent).toContain('Sales')
    await userEvent.click(screen.getByRole('button', { name: 'Folder info: Sales' }))
    expect(onGroup).toHaveBeenCalledWith('g1')
    await userEvent.click(screen.getByRole('button', { name: 'Carol' }))
    expect(onContact).toHaveBeenCalledWith('332', 'Carol')
  })

  it('speaks French under the French interface', () => {
    const received = post(
      {},
      { recipients: [recipient(viewer)], groups: [{ idGroup: 'g', name: 'RH' }] },
    )
    show(received, 'fr')
    expect(screen.getByRole('list', { name: 'Destinataires' })).toBeTruthy()
    expect(screen.getByText('Vous')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Infos du dossier : RH' })).toBeTruthy()
  })
})

// A person an administrator deactivated is marked wherever a post names them (docs/wall.md,
// "Deactivated people").
describe('RecipientList: deactivated people', () => {
  const withGone = post(
    {},
    {
      author: { phone: viewer },
      recipients: [
        recipient('331', 'Bob', { delivred: 4 }),
        recipient('332', 'Carol', { deactivated: true }),
      ],
    },
  )

  it('marks a deactivated recipient, its name muted, its ticks kept', () => {
    const { rows } = show(withGone)
    const carol = within(rows[1]!).getByRole('button', { name: 'Carol' })
    expect(carol.className).toContain('deactivated-name')
    const mark = within(rows[1]!).getByText('deactivated')
    expect(mark.getAttribute('title')).toBe('An administrator deactivated this account')
    expect(rows[1]!.dataset.deactivated).toBe('true')
    expect(rows[1]!.textContent).toBe('Caroldeactivated')
    // The others are not.
    expect(within(rows[0]!).queryByText('deactivated')).toBeNull()
    expect(within(rows[0]!).getByRole('button', { name: 'Bob' }).className).not.toContain(
      'deactivated-name',
    )
  })

  it('marks them in French', () => {
    const { rows } = show(withGone, 'fr')
    const mark = within(rows[1]!).getByText('désactivé')
    expect(mark.getAttribute('title')).toBe('Un administrateur a désactivé ce compte')
  })
})
