import { messages } from '@palabre/contracts'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FolderNamesProvider } from '../lists/folder-names'
import { contact, folder, mockListHeight, renderWith, source } from '../lists/test-support'
import { FolderInfoModal, type FolderInfoModalProps } from './folder-info-modal'

const viewer = '33600000009'
const sales = folder(1, {
  nomGroup: 'Sales',
  participants: [
    { name: 'Me Myself', phone: viewer },
    { name: 'Bob', phone: '33600000001' },
    { phone: '221770000000' },
  ],
})

const setup = (props: Partial<FolderInfoModalProps> = {}, language: 'en' | 'fr' = 'en') => {
  const all = {
    onClose: vi.fn(),
    onAdd: vi.fn(async () => {}),
    onRemove: vi.fn(async () => {}),
    ...props,
  }
  renderWith(
    <FolderInfoModal
      open
      folder={sales}
      viewerPhone={viewer}
      contacts={source([contact(1), contact(5)])}
      {...all}
    />,
    language,
  )
  return all
}

const members = () =>
  within(screen.getByRole('list', { name: /Members|Membres/ })).getAllByRole('listitem')

describe('FolderInfoModal', () => {
  beforeEach(() => {
    mockListHeight()
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('lists the members: You for the viewer, the name or +phone of the others', () => {
    setup()
    expect(screen.getByRole('heading', { name: 'Sales' })).toBeTruthy()
    expect(members().map((row) => row.querySelector('.folder-info__name')?.textContent)).toEqual([
      'You',
      'Bob',
      '+221770000000',
    ])
    expect(within(members()[0]!).queryByRole('button')).toBeNull()
  })

  it('asks before removing a member: No keeps them', () => {
    const { onRemove } = setup()
    fireEvent.click(screen.getByRole('button', { name: 'Remove Bob' }))
    const question = screen.getByRole('alertdialog')
    expect(question.textContent).toContain(messages.folder.confirmRemove('Bob', 'Sales'))
    fireEvent.click(within(question).getByRole('button', { name: 'No' }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(onRemove).not.toHaveBeenCalled()
  })

  it('removes the member on Yes and stays open', async () => {
    const { onRemove, onClose } = setup()
    fireEvent.click(screen.getByRole('button', { name: 'Remove +221770000000' }))
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }))
    await waitFor(() => expect(onRemove).toHaveBeenCalledWith({ phone: '221770000000' }))
    expect(onClose).not.toHaveBeenCalled()
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })

  it('shows a failed removal', async () => {
    setup({ onRemove: vi.fn().mockRejectedValue(new Error('Nope')) })
    fireEvent.click(screen.getByRole('button', { name: 'Remove Bob' }))
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Nope')
  })

  it('asks before leaving: No keeps the viewer in, and the card open', () => {
    const { onRemove, onClose, onLeft } = setup({ onLeft: vi.fn() })
    fireEvent.click(screen.getByRole('button', { name: 'Left folder' }))
    const question = screen.getByRole('alertdialog', { name: 'Leave the Sales folder?' })
    fireEvent.click(within(question).getByRole('button', { name: 'No' }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(onRemove).not.toHaveBeenCalled()
    expect(onClose).not.toHaveBeenCalled()
    expect(onLeft).not.toHaveBeenCalled()
  })

  it('leaves the folder on Yes: removes the viewer, closes, and says so', async () => {
    const { onRemove, onClose, onLeft } = setup({ onLeft: vi.fn() })
    fireEvent.click(screen.getByRole('button', { name: 'Left folder' }))
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(onRemove).toHaveBeenCalledWith({ name: 'Me Myself', phone: viewer })
    expect(onLeft).toHaveBeenCalledWith('Sales')
  })

  it('does not say the viewer left when leaving failed', async () => {
    const { onClose, onLeft } = setup({
      onLeft: vi.fn(),
      onRemove: vi.fn().mockRejectedValue(new Error('Nope')),
    })
    fireEvent.click(screen.getByRole('button', { name: 'Left folder' }))
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Nope')
    expect(onClose).not.toHaveBeenCalled()
    expect(onLeft).not.toHaveBeenCalled()
  })

  it('names an unnamed folder by its members but the viewer', () => {
    const unnamed = { ...sales, noName: '1' as const, nomGroup: 'Bob,+221770000000' }
    renderWith(
      <FolderNamesProvider value={{ viewerPhone: viewer, folders: [unnamed] }}>
        <FolderInfoModal
          open
          folder={unnamed}
          viewerPhone={viewer}
          contacts={source([])}
          onClose={vi.fn()}
          onAdd={vi.fn(async () => {})}
          onRemove={vi.fn(async () => {})}
        />
      </FolderNamesProvider>,
    )
    expect(screen.getByRole('dialog').getAttribute('aria-labelledby')).toBeTruthy()
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Bob, +221770000000')
  })

  it('adds participants among the contacts who are not members', async () => {
    const { onAdd } = setup()
    fireEvent.click(screen.getByRole('button', { name: 'Add' }))
    const adding = screen.getByRole('dialog', { name: 'Add participants' })
    expect(
      within(adding)
        .getAllByTestId('contact-item')
        .map((row) => row.dataset.phone),
    ).toEqual([contact(5).phone])
    fireEvent.click(within(adding).getByRole('checkbox', { name: /Contact 5/ }))
    fireEvent.click(within(adding).getByRole('button', { name: 'Add' }))
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add participants' })).toBeNull(),
    )
    expect(onAdd).toHaveBeenCalledWith([contact(5)])
    expect(screen.getByRole('dialog', { name: 'Sales' })).toBeTruthy()
  })

  it('closes on Escape; Escape on the question only answers No', () => {
    const { onClose } = setup()
    fireEvent.click(screen.getByRole('button', { name: 'Remove Bob' }))
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' })
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(onClose).not.toHaveBeenCalled()
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Sales' }), { key: 'Escape' })
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('speaks French', () => {
    setup({}, 'fr')
    expect(members()[0]!.querySelector('.folder-info__name')?.textContent).toBe('Vous')
    expect(screen.getByRole('button', { name: 'Quitter le dossier' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Retirer Bob' }))
    expect(screen.getByRole('alertdialog', { name: 'Retirer Bob du dossier Sales ?' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Oui' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Non' }))
    fireEvent.click(screen.getByRole('button', { name: 'Quitter le dossier' }))
    expect(screen.getByRole('alertdialog', { name: 'Quitter le dossier Sales ?' })).toBeTruthy()
  })
})

// A member an administrator deactivated is marked in the folder's card (docs/wall.md,
// "Deactivated people").
describe('FolderInfoModal: deactivated members', () => {
  beforeEach(() => {
    mockListHeight()
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  const withGone = folder(2, {
    nomGroup: 'Ops',
    participants: [
      { name: 'Me Myself', phone: viewer },
      { name: 'Bob', phone: '33600000001', deactivated: true },
      { name: 'Carol', phone: '33600000002' },
    ],
  })

  const open = (language: 'en' | 'fr') =>
    renderWith(
      <FolderInfoModal
        open
        folder={withGone}
        viewerPhone={viewer}
        contacts={source([])}
        onClose={vi.fn()}
        onAdd={vi.fn(async () => {})}
        onRemove={vi.fn(async () => {})}
      />,
      language,
    )

  it('marks the deactivated member, muted, and still offers to remove them', () => {
    open('en')
    const [, bob, carol] = members()
    expect(within(bob!).getByText('Bob').className).toContain('deactivated-name')
    expect(within(bob!).getByText('deactivated')).toBeTruthy()
    expect(within(bob!).getByRole('button', { name: 'Remove Bob' })).toBeTruthy()
    expect(within(carol!).queryByText('deactivated')).toBeNull()
  })

  it('marks them in French', () => {
    open('fr')
    const [, bob] = members()
    expect(within(bob!).getByText('désactivé')).toBeTruthy()
  })
})
