import { messages, newContactSchema } from '@palabre/contracts'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWith } from '../lists/test-support'
import { SaveContactModal, type NewContactInput } from './save-contact-modal'

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
const add = () => fireEvent.click(screen.getByRole('button', { name: 'Add a contact' }))
const phoneValue = () => (screen.getByLabelText('Phone number') as HTMLInputElement).value

const setup = (onSave = vi.fn(async (_contact: NewContactInput) => {}), onClose = vi.fn()) => {
  renderWith(<SaveContactModal open onClose={onClose} onSave={onSave} />)
  return { onSave, onClose }
}

describe('SaveContactModal', () => {
  it('asks for a name and a phone', async () => {
    const { onSave } = setup()
    expect(screen.getByRole('heading', { name: 'Save a new contact !' })).toBeTruthy()
    add()
    expect(await screen.findByText(messages.contact.nameRequired)).toBeTruthy()
    expect(screen.getByText(messages.contact.phoneRequired)).toBeTruthy()
    expect(onSave).not.toHaveBeenCalled()
  })

  it.each([
    ['a phone of special characters only', ' +(-)# ', messages.contact.phoneRequired],
    ['a phone without its +', '33612345678', messages.contact.formatIncorrect],
    ['a phone too short', '+33 12', messages.contact.formatIncorrect],
    ['a phone with letters', '+33 6 12 ab', messages.contact.formatIncorrect],
  ])('refuses %s', async (_, phone, message) => {
    const { onSave } = setup()
    fill('Contact name', 'Awa')
    fill('Phone number', phone)
    add()
    expect((await screen.findByRole('alert')).textContent).toBe(message)
    expect(onSave).not.toHaveBeenCalled()
  })

  it('saves the trimmed name and the phone stripped of its special characters', async () => {
    const { onSave, onClose } = setup()
    fill('Contact name', '  Awa Diop ')
    fill('Phone number', '+33 6 12-34-56-78')
    add()
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(onSave).toHaveBeenCalledWith({ name: 'Awa Diop', phone: '+33612345678' })
    // The body passes the contract, which stores the canonical digits.
    expect(newContactSchema.parse(onSave.mock.calls[0]![0]).phone).toBe('33612345678')
  })

  it('pre-fills the dial code of the chosen country, never over a typed number', () => {
    setup()
    fill('Country code', 'FR')
    expect(phoneValue()).toBe('+33')
    fill('Country code', 'BE')
    expect(phoneValue()).toBe('+32')
    fill('Phone number', '+32 470 12 34 56')
    fill('Country code', 'SN')
    expect(phoneValue()).toBe('+32 470 12 34 56')
  })

  it('shows the failure and stays open', async () => {
    const onSave = vi
      .fn()
      .mockRejectedValueOnce(new Error(''))
      .mockRejectedValueOnce(new Error('Too many requests'))
    const { onClose } = setup(onSave)
    fill('Contact name', 'Awa')
    fill('Phone number', '+221 77 123 45 67')
    add()
    expect((await screen.findByRole('alert')).textContent).toBe(messages.contact.saveFailed)
    add()
    expect(await screen.findByText('Too many requests')).toBeTruthy()
    expect(onClose).not.toHaveBeenCalled()
  })

  it('closes on Escape', () => {
    const { onClose } = setup()
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' })
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('speaks French, country names included', async () => {
    renderWith(<SaveContactModal open onClose={vi.fn()} onSave={vi.fn()} />, 'fr')
    expect(screen.getByRole('heading', { name: 'Enregistrer un nouveau contact !' })).toBeTruthy()
    expect(screen.getByRole('option', { name: 'Belgique (+32)' })).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Numéro de téléphone'), { target: { value: '0612' } })
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter un contact' }))
    expect(await screen.findByText("/!\\ Saisissez un nom, s'il vous plaît")).toBeTruthy()
    expect(screen.getByText('Le format est incorrect.')).toBeTruthy()
  })
})
