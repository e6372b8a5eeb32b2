import { messages } from '@palabre/contracts'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { contacts, mockListHeight, renderWith, source } from '../lists/test-support'
import type { Contact } from '../model/types'
import { AddParticipantsModal } from './add-participants-modal'

const people = contacts(4)
const members = new Set([people[0]!.phone, people[2]!.phone])
const setup = (onAdd = vi.fn(async (_picked: Contact[]) => {}), onClose = vi.fn()) => {
  renderWith(
    <AddParticipantsModal
      open
      onClose={onClose}
      contacts={source(people)}
      memberPhones={members}
      onAdd={onAdd}
    />,
  )
  return { onAdd, onClose }
}

describe('AddParticipantsModal', () => {
  beforeEach(() => {
    mockListHeight()
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('lists only the contacts who are not members', () => {
    setup()
    expect(screen.getByRole('heading', { name: 'Add participants' })).toBeTruthy()
    expect(screen.getAllByTestId('contact-item').map((row) => row.dataset.phone)).toEqual([
      people[1]!.phone,
      people[3]!.phone,
    ])
    expect(screen.getByRole('searchbox', { name: 'Search a contact' })).toBeTruthy()
  })

  it('asks for at least one contact', async () => {
    const { onAdd } = setup()
    fireEvent.click(screen.getByRole('button', { name: 'Add' }))
    expect((await screen.findByRole('alert')).textContent).toBe(messages.folder.noContact)
    expect(onAdd).not.toHaveBeenCalled()
  })

  it('adds the picked contacts and closes', async () => {
    const { onAdd, onClose } = setup()
    fireEvent.click(screen.getByRole('checkbox', { name: /Contact 3/ }))
    fireEvent.click(screen.getByRole('button', { name: 'Add' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(onAdd).toHaveBeenCalledWith([people[3]])
  })

  it('speaks French', () => {
    renderWith(
      <AddParticipantsModal
        open
        onClose={vi.fn()}
        contacts={source([])}
        memberPhones={members}
        onAdd={vi.fn()}
      />,
      'fr',
    )
    expect(screen.getByRole('heading', { name: 'Ajouter des participants' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Ajouter' })).toBeTruthy()
  })
})
