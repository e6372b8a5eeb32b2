import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { messages } from '@palabre/contracts'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  contacts as makeContacts,
  folder,
  mockListHeight,
  renderWith,
  source,
} from '../lists/test-support'
import type { Contact } from '../model/types'
import { FakeXhr } from '../../../test/fake-xhr'
import { createQuiz, stubApi } from '../../quizzes/test-support'
import { SendPostModal, type SendPostModalProps } from './send-post-modal'

const people = makeContacts(5)
const groups = [folder(1, { nomGroup: 'Sales team' }), folder(2, { nomGroup: 'Board' })]

/** A source searching its contacts by name, as the server would. */
const Harness = (props: Partial<SendPostModalProps>) => {
  const [word, setWord] = useState('')
  const items = people.filter((c: Contact) => c.name.toLowerCase().includes(word.toLowerCase()))
  return (
    <SendPostModal
      open
      onClose={vi.fn()}
      viewerPhone="33611111111"
      contacts={source(items, { word, setWord })}
      folders={groups}
      onSend={vi.fn(async () => {})}
      {...props}
    />
  )
}

const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send' }))
const typeText = (text: string) =>
  fireEvent.change(screen.getByLabelText('Message'), { target: { value: text } })

describe('SendPostModal', () => {
  beforeEach(() => {
    mockListHeight()
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it.each(['', '      '])('refuses a blank message (%j) and sends nothing', async (text) => {
    const onSend = vi.fn(async () => {})
    renderWith(<Harness onSend={onSend} />)
    fireEvent.click(screen.getByRole('checkbox', { name: /Contact 1/ }))
    typeText(text)
    send()
    expect((await screen.findByRole('alert')).textContent).toBe(messages.message.empty)
    expect(onSend).not.toHaveBeenCalled()
  })

  it('refuses a message without a contact or a folder', async () => {
    const onSend = vi.fn(async () => {})
    renderWith(<Harness onSend={onSend} />)
    typeText('Hello')
    send()
    expect((await screen.findByRole('alert')).textContent).toBe(messages.message.noContact)
    expect(onSend).not.toHaveBeenCalled()
  })

  it('sends the text with the picked contacts and folders, kept while searching', async () => {
    const onSend = vi.fn(async () => {})
    const onClose = vi.fn()
    renderWith(<Harness onSend={onSend} onClose={onClose} />)
    fireEvent.click(screen.getByRole('checkbox', { name: /Contact 1/ }))
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search a contact' }), {
      target: { value: 'Contact 3' },
    })
    expect(screen.queryByRole('checkbox', { name: /Contact 1/ })).toBeNull()
    fireEvent.click(screen.getByRole('checkbox', { name: /Contact 3/ }))
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search a folder' }), {
      target: { value: 'SALES' },
    })
    expect(screen.queryByRole('checkbox', { name: 'Board' })).toBeNull()
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sales team' }))
    expect(screen.getAllByText('2 selected')).toHaveLength(1)
    typeText('Hello\nteam')
    send()
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(onSend).toHaveBeenCalledWith({
      text: 'Hello\nteam',
      contacts: [people[1], people[3]],
      folders: [groups[0]],
      attachments: [],
    })
  })

  it('starts with the contact the directory posts to picked (docs/wall.md, "Directory")', async () => {
    const onSend = vi.fn(async () => {})
    const onClose = vi.fn()
    const bruno = { name: 'Bruno Keita', phone: '33612000002', status: '1' as const }
    renderWith(<Harness onSend={onSend} onClose={onClose} initialContacts={[bruno]} />)
    typeText('Hello Bruno')
    send()
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(onSend).toHaveBeenCalledWith({
      text: 'Hello Bruno',
      contacts: [bruno],
      folders: [],
      attachments: [],
    })
  })

  it('writes a new line on Enter instead of sending', async () => {
    const user = userEvent.setup()
    const onSend = vi.fn(async () => {})
    renderWith(<Harness onSend={onSend} />)
    fireEvent.click(screen.getByRole('checkbox', { name: 'Board' }))
    await user.type(screen.getByLabelText('Message'), 'one{Enter}two{Shift>}{Enter}{/Shift}three')
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('one\ntwo\nthree')
    expect(onSend).not.toHaveBeenCalled()
  })

  it('keeps the modal open with the error while disabling Send during the call', async () => {
    let fail: (error: Error) => void = () => {}
    const onSend = vi.fn(() => new Promise<void>((_, reject) => (fail = reject)))
    const onClose = vi.fn()
    renderWith(<Harness onSend={onSend} onClose={onClose} />)
    fireEvent.click(screen.getByRole('checkbox', { name: 'Board' }))
    typeText('Hi')
    send()
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true),
    )
    fail(new Error('A post can go to at most 50 people.'))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'A post can go to at most 50 people.',
    )
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(false)
    expect(onClose).not.toHaveBeenCalled()
  })

  // 'Failed to send' is a contracts text, translated in one catalogue entry (server.message).
  it("reads 'Failed to send' for a failure without a reason, in the screen's language", async () => {
    for (const [language, text] of [
      ['en', messages.message.failedToSend],
      ['fr', "Échec de l'envoi"],
    ] as const) {
      const { unmount } = renderWith(
        <Harness onSend={vi.fn(() => Promise.reject(new Error('')))} />,
        language,
      )
      fireEvent.click(screen.getByRole('checkbox', { name: 'Board' }))
      typeText('Hi')
      fireEvent.click(screen.getByRole('button', { name: language === 'en' ? 'Send' : 'Envoyer' }))
      expect((await screen.findByRole('alert')).textContent).toBe(text)
      unmount()
    }
  })

  it('pre-fills a shared text', () => {
    renderWith(<Harness initialText="Shared words" />)
    expect(screen.getByRole('heading', { name: 'Share' })).toBeTruthy()
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Shared words')
  })

  it("pre-fills a shared post's files, sent again with the new post", async () => {
    const onSend = vi.fn(async () => {})
    renderWith(
      <Harness
        initialText="Shared words"
        initialFiles={[
          { image: 'photo___abcabcabcabc.png', fileDocName: '' },
          { image: '', fileDocName: 'minutes___abcabcabcabc.pdf' },
        ]}
        onSend={onSend}
      />,
    )
    expect(screen.getAllByTestId('picked-file').map((row) => row.textContent)).toEqual([
      'photo.png×',
      'minutes.pdf×',
    ])
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo.png' }))
    fireEvent.click(screen.getByRole('checkbox', { name: /Contact 1/ }))
    send()
    await waitFor(() => expect(onSend).toHaveBeenCalled())
    expect(onSend).toHaveBeenCalledWith(
      expect.objectContaining({
        attachments: [{ image: '', fileDocName: 'minutes___abcabcabcabc.pdf' }],
      }),
    )
  })

  describe('attachments (docs/wall.md, "Attachments")', () => {
    beforeEach(() => {
      FakeXhr.reset()
      vi.stubGlobal('XMLHttpRequest', FakeXhr)
    })
    afterEach(() => vi.unstubAllGlobals())

    const choose = (...names: string[]) =>
      fireEvent.change(screen.getByTestId('attach-input'), {
        target: { files: names.map((name) => new File(['x'], name)) },
      })
    const uploads = async (count: number) => {
      await waitFor(() => expect(FakeXhr.requests).toHaveLength(count))
      return FakeXhr.requests
    }

    it('sends the stored files in the order chosen, images as images', async () => {
      const onSend = vi.fn(async () => {})
      renderWith(<Harness onSend={onSend} />)
      fireEvent.click(screen.getByRole('checkbox', { name: /Contact 1/ }))
      typeText('Files')
      choose('minutes.pdf', 'photo.png')
      const [pdf, png] = await uploads(2)
      // Answered out of order: the order chosen is kept.
      png?.answer(201, { fileName: 'photo___abcabcabcabc.png' })
      pdf?.answer(201, { fileName: 'minutes___abcabcabcabc.pdf' })
      await waitFor(() =>
        expect(screen.getAllByTestId('picked-file').map((row) => row.dataset['state'])).toEqual([
          'done',
          'done',
        ]),
      )
      send()
      await waitFor(() => expect(onSend).toHaveBeenCalled())
      expect(onSend).toHaveBeenCalledWith(
        expect.objectContaining({
          attachments: [
            { image: '', fileDocName: 'minutes___abcabcabcabc.pdf' },
            { image: 'photo___abcabcabcabc.png', fileDocName: '' },
          ],
        }),
      )
    })

    it('waits for the uploads before sending', async () => {
      const onSend = vi.fn(async () => {})
      renderWith(<Harness onSend={onSend} />)
      fireEvent.click(screen.getByRole('checkbox', { name: /Contact 1/ }))
      typeText('Files')
      choose('minutes.pdf')
      const [pdf] = await uploads(1)
      pdf?.progress(5, 10)
      send()
      expect((await screen.findByRole('alert')).textContent).toBe(
        'Wait until the files are uploaded.',
      )
      expect(onSend).not.toHaveBeenCalled()
    })

    it('shows why a file failed and sends the others without it', async () => {
      const onSend = vi.fn(async () => {})
      renderWith(<Harness onSend={onSend} />)
      fireEvent.click(screen.getByRole('checkbox', { name: /Contact 1/ }))
      typeText('Files')
      choose('big.pdf', 'small.pdf')
      const [big, small] = await uploads(2)
      big?.answer(413, {
        error: { code: 'payload_too_large', message: 'The file is larger than 50 MB.' },
      })
      small?.answer(201, { fileName: 'small___abcabcabcabc.pdf' })
      expect((await screen.findByRole('alert')).textContent).toBe('The file is larger than 50 MB.')
      await waitFor(() =>
        expect(screen.getAllByTestId('picked-file').map((row) => row.dataset['state'])).toEqual([
          'failed',
          'done',
        ]),
      )
      send()
      await waitFor(() => expect(onSend).toHaveBeenCalled())
      expect(onSend).toHaveBeenCalledWith(
        expect.objectContaining({
          attachments: [{ image: '', fileDocName: 'small___abcabcabcabc.pdf' }],
        }),
      )
    })
  })

  describe('the quiz button (docs/quizzes.md, "The attachment")', () => {
    afterEach(() => vi.unstubAllGlobals())

    /** The signed-in person (Harness's viewerPhone) creates the quiz. */
    const renderSignedIn = (props: Partial<SendPostModalProps>) =>
      renderWith(<Harness {...props} />)

    it('creates a quiz over the modal, which joins the files and goes with the post', async () => {
      const calls = stubApi(() => [201, { pollId: 'p42', title: 'Safety quiz' }])
      const onSend = vi.fn(async () => {})
      const onClose = vi.fn()
      renderSignedIn({ onSend, onClose })
      fireEvent.click(screen.getByRole('button', { name: 'New quiz' }))
      await createQuiz('Safety quiz')
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New quiz' })).toBeNull())
      expect(calls[0]?.body).toMatchObject({ phoneCreatorPoll: '33611111111' })
      // Creating the quiz neither sent nor closed the post.
      expect(onSend).not.toHaveBeenCalled()
      expect(onClose).not.toHaveBeenCalled()
      expect(screen.getByTestId('picked-file').textContent).toBe('Quiz: Safety quiz×')

      fireEvent.click(screen.getByRole('checkbox', { name: /Contact 1/ }))
      typeText('A quiz for you')
      send()
      await waitFor(() => expect(onSend).toHaveBeenCalled())
      expect(onSend).toHaveBeenCalledWith(
        expect.objectContaining({
          attachments: [{ image: '', fileDocName: 'Safety quiz_____p42.poll' }],
        }),
      )
    })

    it('closes the quiz modal alone on Escape', async () => {
      const onClose = vi.fn()
      renderSignedIn({ onClose })
      fireEvent.click(screen.getByRole('button', { name: 'New quiz' }))
      const quiz = await screen.findByRole('dialog', { name: 'New quiz' })
      fireEvent.keyDown(screen.getByRole('textbox', { name: 'Title' }), { key: 'Escape' })
      await waitFor(() => expect(quiz.isConnected).toBe(false))
      expect(onClose).not.toHaveBeenCalled()
      expect(screen.getByRole('dialog', { name: 'New Message' })).toBeTruthy()
    })
  })

  it('closes on Back and on Escape', () => {
    const onClose = vi.fn()
    renderWith(<Harness onClose={onClose} />)
    expect(screen.getByRole('heading', { name: 'New Message' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Back' }))
    expect(onClose).toHaveBeenCalledTimes(1)
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' })
    expect(onClose).toHaveBeenCalledTimes(2)
  })

  it('speaks French', async () => {
    renderWith(<Harness />, 'fr')
    expect(screen.getByRole('heading', { name: 'Nouveau message' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Le message est vide')
    typeText('Bonjour')
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }))
    expect(await screen.findByText("Aucun contact n'est sélectionné")).toBeTruthy()
  })
})
