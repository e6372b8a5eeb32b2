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
    ['a phone of special characters only', 'FR', ' +(-)# ', messages.contact.phoneRequired],
    ['a national number without a country', '', '06 12 34 56 02', messages.contact.formatIncorrect],
    ['a phone too short', '', '+33 12', messages.contact.formatIncorrect],
    ['a phone with letters', '', '+33 6 12 ab', messages.contact.formatIncorrect],
    [
      'a number that cannot be a phone of the country',
      'CI',
      '07 12 34 56',
      messages.contact.formatIncorrect,
    ],
  ])('refuses %s', async (_, country, phone, message) => {
    const { onSave } = setup()
    fill('Contact name', 'Awa')
    if (country !== '') fill('Country code', country)
    fill('Phone number', phone)
    add()
    expect((await screen.findByRole('alert')).textContent).toBe(message)
    expect(onSave).not.toHaveBeenCalled()
  })

  it.each([
    ['a full number with its +', '', '+33 6 12-34-56-78', '+33612345678'],
    ['a full number with its + and a trunk 0', 'SN', '+33 06 12 34 56 02', '+33612345602'],
    ['a French number typed at home', 'FR', '06 12 34 56 02', '+33612345602'],
    ['an Ivorian number, its 0 kept', 'CI', '07 07 12 34 56', '+2250707123456'],
  ])('saves the trimmed name and %s under its canonical key', async (_, country, phone, sent) => {
    const { onSave, onClose } = setup()
    fill('Contact name', '  Awa Diop ')
    if (country !== '') fill('Country code', country)
    fill('Phone number', phone)
    add()
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(onSave).toHaveBeenCalledWith({ name: 'Awa Diop', phone: sent })
    // The body passes the contract, '+' included.
    expect(newContactSchema.safeParse(onSave.mock.calls[0]![0]).success).toBe(true)
  })

  it('reads the number again when the country changes', async () => {
    const { onSave } = setup()
    fill('Contact name', 'Awa')
    fill('Country code', 'FR')
    fill('Phone number', '07 07 12 34 56')
    add()
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ name: 'Awa', phone: '+33707123456' }))
    onSave.mockClear()
    fill('Country code', 'BJ')
    expect((await screen.findByRole('alert')).textContent).toBe(messages.contact.formatIncorrect)
    expect(phoneValue()).toBe('07 07 12 34 56')
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
