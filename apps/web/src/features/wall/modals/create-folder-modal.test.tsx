import { messages } from '@palabre/contracts'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { contacts, mockListHeight, renderWith, source } from '../lists/test-support'
import { CreateFolderModal, type CreateFolderInput } from './create-folder-modal'

const people = contacts(3)
const create = () => fireEvent.click(screen.getByRole('button', { name: 'Create a folder' }))
const setup = (onCreate = vi.fn(async (_input: CreateFolderInput) => {}), onClose = vi.fn()) => {
  renderWith(
    <CreateFolderModal open onClose={onClose} contacts={source(people)} onCreate={onCreate} />,
  )
  return { onCreate, onClose }
}

describe('CreateFolderModal', () => {
  beforeEach(() => {
    mockListHeight()
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('asks for a name first', async () => {
    const { onCreate } = setup()
    expect(screen.getByRole('heading', { name: 'Create a new shared folder' })).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Folder name'), { target: { value: '   ' } })
    create()
    expect((await screen.findByRole('alert')).textContent).toBe(messages.folder.nameRequired)
    expect(onCreate).not.toHaveBeenCalled()
  })

  it('asks for at least one contact', async () => {
    const { onCreate } = setup()
    fireEvent.change(screen.getByLabelText('Folder name'), { target: { value: 'Sales' } })
    create()
    expect((await screen.findByRole('alert')).textContent).toBe(messages.folder.noContact)
    expect(onCreate).not.toHaveBeenCalled()
  })

  it('creates the folder with its trimmed name and the picked contacts', async () => {
    const { onCreate, onClose } = setup()
    fireEvent.change(screen.getByLabelText('Folder name'), { target: { value: ' Sales ' } })
    fireEvent.click(screen.getByRole('checkbox', { name: /Contact 2/ }))
    fireEvent.click(screen.getByRole('checkbox', { name: /Contact 0/ }))
    create()
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(onCreate).toHaveBeenCalledWith({ name: 'Sales', participants: [people[2], people[0]] })
  })

  it('keeps the modal open with the error', async () => {
    const { onClose } = setup(vi.fn().mockRejectedValue(new Error('A folder can have at most 5.')))
    fireEvent.change(screen.getByLabelText('Folder name'), { target: { value: 'Sales' } })
    fireEvent.click(screen.getByRole('checkbox', { name: /Contact 1/ }))
    create()
    expect((await screen.findByRole('alert')).textContent).toBe('A folder can have at most 5.')
    expect(onClose).not.toHaveBeenCalled()
  })

  it('searches contacts through the source and closes on Escape', () => {
    const setWord = vi.fn()
    const onClose = vi.fn()
    renderWith(
      <CreateFolderModal
        open
        onClose={onClose}
        contacts={source(people, { setWord })}
        onCreate={vi.fn()}
      />,
    )
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search a contact' }), {
      target: { value: 'awa' },
    })
    expect(setWord).toHaveBeenCalledWith('awa')
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' })
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('speaks French', async () => {
    renderWith(
      <CreateFolderModal open onClose={vi.fn()} contacts={source([])} onCreate={vi.fn()} />,
      'fr',
    )
    expect(screen.getByRole('heading', { name: 'Créer un nouveau dossier partagé' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Créer un dossier' }))
    expect(
      await screen.findByText("/!\\ Saisissez le nom du dossier, s'il vous plaît"),
    ).toBeTruthy()
  })
})
