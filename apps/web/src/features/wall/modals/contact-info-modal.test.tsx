import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWith } from '../lists/test-support'
import { ContactInfoModal } from './contact-info-modal'

describe('ContactInfoModal', () => {
  it('shows the name and +phone of a registered contact', () => {
    renderWith(
      <ContactInfoModal
        open
        onClose={vi.fn()}
        contact={{ name: 'Awa', phone: '221771234567', status: '1' }}
      />,
    )
    expect(screen.getByRole('heading', { name: 'Awa' })).toBeTruthy()
    expect(screen.getByText('+221771234567').getAttribute('href')).toBe('tel:+221771234567')
    expect(screen.queryByText('non inscris')).toBeNull()
  })

  it.each([{ status: '0' }, {}])('marks a contact without an account (%j)', (status) => {
    renderWith(
      <ContactInfoModal
        open
        onClose={vi.fn()}
        contact={{ name: 'Bo', phone: '3361', ...status }}
      />,
      'fr',
    )
    expect(screen.getByText('non inscris')).toBeTruthy()
  })

  it('draws nothing without a contact, and closes on Escape', () => {
    const onClose = vi.fn()
    const { rerender } = renderWith(<ContactInfoModal open onClose={onClose} contact={null} />)
    expect(screen.queryByRole('dialog')).toBeNull()
    rerender(<ContactInfoModal open onClose={onClose} contact={{ name: '', phone: '3361' }} />)
    expect(screen.getByRole('heading', { name: '+3361' })).toBeTruthy()
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' })
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('offers neither Rename nor Delete for a recipient who is not a saved contact', () => {
    renderWith(
      <ContactInfoModal
        open
        onClose={vi.fn()}
        contact={{ name: 'Awa', phone: '221771234567' }}
        onRename={vi.fn()}
        onDelete={vi.fn()}
      />,
    )
    expect(screen.queryByRole('button', { name: 'Rename' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull()
  })
})

describe('ContactInfoModal, for a saved contact', () => {
  const saved = { name: 'Awa', phone: '221771234567', status: '1', saved: true }

  it('renames the contact: asks for a name, saves it, and titles the card with it', async () => {
    const onRename = vi.fn(async () => {})
    renderWith(
      <ContactInfoModal
        open
        onClose={vi.fn()}
        contact={saved}
        onRename={onRename}
        onDelete={vi.fn()}
      />,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }))
    const field = screen.getByLabelText('Contact name')
    expect((field as HTMLInputElement).value).toBe('Awa')
    fireEvent.change(field, { target: { value: '   ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('/!\\ Enter a name, please')).toBeTruthy()
    expect(onRename).not.toHaveBeenCalled()
    fireEvent.change(field, { target: { value: ' Awa Diop ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('heading', { name: 'Awa Diop' })).toBeTruthy()
    expect(onRename).toHaveBeenCalledWith('221771234567', 'Awa Diop')
    expect(screen.getByRole('button', { name: 'Rename' })).toBeTruthy()
  })

  it("shows a refused rename's reason and keeps the form", async () => {
    const onRename = vi.fn(async () => {
      throw new Error('This contact is not in your repertoire.')
    })
    renderWith(
      <ContactInfoModal
        open
        onClose={vi.fn()}
        contact={saved}
        onRename={onRename}
        onDelete={vi.fn()}
      />,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }))
    fireEvent.change(screen.getByLabelText('Contact name'), { target: { value: 'Bo' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('This contact is not in your repertoire.')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Awa' })).toBeTruthy()
  })

  it('deletes the contact only once confirmed, then closes', async () => {
    const onDelete = vi.fn(async () => {})
    const onClose = vi.fn()
    renderWith(
      <ContactInfoModal
        open
        onClose={onClose}
        contact={saved}
        onRename={vi.fn()}
        onDelete={onDelete}
      />,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
    const question = 'Delete Awa from your contacts? The posts you exchanged stay.'
    expect(screen.getByRole('alertdialog', { name: question })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'No' }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(onDelete).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }))
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1))
    expect(onDelete).toHaveBeenCalledWith('221771234567')
  })

  it('speaks French', () => {
    renderWith(
      <ContactInfoModal
        open
        onClose={vi.fn()}
        contact={saved}
        onRename={vi.fn()}
        onDelete={vi.fn()}
      />,
      'fr',
    )
    expect(screen.getByRole('button', { name: 'Renommer' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer' }))
    expect(
      screen.getByRole('alertdialog', {
        name: 'Supprimer Awa de vos contacts ? Les messages échangés restent.',
      }),
    ).toBeTruthy()
  })
})
