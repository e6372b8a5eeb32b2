import { newAnnouncementSchema, type Group } from '@palabre/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeXhr } from '../../../test/fake-xhr'
import { renderRoute } from '../../../test/render-route'
import {
  adminPhone,
  callsTo,
  failure,
  jsonResponse,
  stubAdminApi,
  type ApiCall,
} from '../test-support'

/**
 * Announcing from the console (docs/announcements.md, "On the web"): the text, everyone or
 * chosen folders, files uploaded as the wall uploads them, and what the answer says.
 */

beforeEach(() => {
  FakeXhr.reset()
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
})

afterEach(() => {
  vi.unstubAllGlobals()
})

const folder = (idGroup: string, extra: Partial<Group> = {}): Group => ({
  nomGroup: `Folder ${idGroup}`,
  idGroup,
  participants: [],
  nbrParticipants: 3,
  nbrNotifNonLu: 0,
  datecreation: '2026-03-01T10:00:00.000Z',
  datelastevent: '2026-03-01T10:00:00.000Z',
  noName: '0',
  ...extra,
})

const announced = (recipients: number) => (call: ApiCall) => {
  if (call.method === 'POST' && call.path === '/api/admin/announcements')
    return jsonResponse({ idPostEmet: 'announcement-1', recipients }, 201)
  if (call.method === 'GET' && call.path === `/api/groupe/${adminPhone}`)
    return jsonResponse([
      folder('g1', { nomGroup: 'Sales' }),
      folder('g2', {
        nomGroup: 'Bob, Carol',
        noName: '1',
        nbrParticipants: 2,
        participants: [
          { phone: adminPhone, name: 'Ada Admin' },
          { phone: '33612340002', name: 'Bob' },
          { phone: '33612340003', name: 'Carol' },
        ],
      }),
    ])
  return undefined
}

const open = async (language: 'en' | 'fr' = 'en') => {
  renderRoute('/admin?tab=announcements', { language })
  return screen.findByRole('heading', {
    level: 2,
    name: language === 'en' ? 'Announcements' : 'Annonces',
  })
}

const textField = () => screen.getByRole('textbox', { name: 'Text' })

describe('the announcements (docs/announcements.md, "On the web")', () => {
  it('announces to everyone, says to how many, and links its discussion on the wall', async () => {
    const calls = stubAdminApi(announced(12))
    await open()
    await userEvent.type(textField(), 'The office is closed on Friday.')
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))

    expect((await screen.findByTestId('announcement-sent')).textContent).toBe(
      'Announced to 12 people.',
    )
    expect(callsTo(calls, 'POST', '/api/admin/announcements').map((c) => c.body)).toEqual([
      { text: 'The office is closed on Friday.' },
    ])
    expect(
      screen.getByRole('link', { name: 'Open its discussion on the wall' }).getAttribute('href'),
    ).toBe('/wall/discussion/announcement-1')
    // The form is ready for the next one.
    expect((textField() as HTMLTextAreaElement).value).toBe('')
  })

  it('asks for a text before anything is sent, in the contracts words', async () => {
    const calls = stubAdminApi(announced(1))
    await open()
    await userEvent.type(textField(), '   ')
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect((await screen.findByRole('alert')).textContent).toBe('An announcement needs a text.')
    expect(callsTo(calls, 'POST', '/api/admin/announcements')).toEqual([])
  })

  it("goes to the chosen folders' members, an unnamed one named by its people", async () => {
    const calls = stubAdminApi(announced(4))
    await open()
    await userEvent.type(textField(), 'Sales meeting at ten.')
    await userEvent.click(screen.getByRole('radio', { name: 'To the members of chosen folders' }))
    const folders = await screen.findByRole('group', { name: 'Your folders' })
    expect(within(folders).getByRole('checkbox', { name: /Bob, Carol/ })).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Choose at least one folder.')
    expect(callsTo(calls, 'POST', '/api/admin/announcements')).toEqual([])

    await userEvent.click(within(folders).getByRole('checkbox', { name: /Sales/ }))
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))

    expect((await screen.findByTestId('announcement-sent')).textContent).toBe(
      'Announced to 4 people.',
    )
    expect(callsTo(calls, 'POST', '/api/admin/announcements').map((c) => c.body)).toEqual([
      { text: 'Sales meeting at ten.', folderIds: ['g1'] },
    ])
  })

  it('uploads its files as the wall does and sends their stored names, once uploaded', async () => {
    const calls = stubAdminApi(announced(2))
    await open()
    await userEvent.type(textField(), 'The new rules are attached.')
    await userEvent.upload(screen.getByTestId('announcement-file-input'), [
      new File(['%PDF'], 'rules.pdf', { type: 'application/pdf' }),
      new File(['jpg'], 'map.jpg', { type: 'image/jpeg' }),
    ])
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(2))
    expect(FakeXhr.requests.map((r) => [r.method, r.url, r.fileName])).toEqual([
      ['POST', '/api/upload/file', 'rules.pdf'],
      ['POST', '/api/upload/image', 'map.jpg'],
    ])

    // Still uploading: Send waits.
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Wait until the files are uploaded.',
    )
    expect(callsTo(calls, 'POST', '/api/admin/announcements')).toEqual([])

    FakeXhr.requests[0]?.answer(201, { fileName: 'rules___abc123abc123.pdf' })
    FakeXhr.requests[1]?.answer(201, { fileName: 'map___abc123abc123.jpg' })
    await waitFor(() =>
      expect(screen.getAllByTestId('announcement-file').map((row) => row.dataset.state)).toEqual([
        'done',
        'done',
      ]),
    )
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))

    await screen.findByTestId('announcement-sent')
    expect(callsTo(calls, 'POST', '/api/admin/announcements').map((c) => c.body)).toEqual([
      {
        text: 'The new rules are attached.',
        fileNames: ['rules___abc123abc123.pdf', 'map___abc123abc123.jpg'],
      },
    ])
    await waitFor(() => expect(screen.queryAllByTestId('announcement-file')).toEqual([]))
  })

  it("shows the server's refusal in French", async () => {
    stubAdminApi((call) =>
      call.method === 'POST' && call.path === '/api/admin/announcements'
        ? failure(400, 'validation_failed', 'This announcement would reach nobody.')
        : undefined,
    )
    await open('fr')
    await userEvent.type(screen.getByRole('textbox', { name: 'Texte' }), 'Bonjour')
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Cette annonce ne parviendrait à personne.',
    )
  })

  it("puts a refused text's message under the text, in French", async () => {
    // As the api refuses it: the contracts' schema's message.
    const tooLong =
      newAnnouncementSchema.shape.text.safeParse('a'.repeat(10_001)).error?.issues[0]?.message ?? ''
    expect(tooLong).toBe('An announcement is at most 10,000 characters.')
    stubAdminApi((call) =>
      call.method === 'POST' && call.path === '/api/admin/announcements'
        ? failure(400, 'validation_failed', 'Invalid input.', [
            { path: 'body.text', message: tooLong },
          ])
        : undefined,
    )
    await open('fr')
    const text = screen.getByRole('textbox', { name: 'Texte' })
    await userEvent.type(text, 'Bonjour')
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Une annonce compte au plus 10 000 caractères.',
    )
    expect(text.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByTestId('announcement-sent').textContent).toBe('')
  })

  it('speaks French', async () => {
    stubAdminApi(announced(1))
    await open('fr')
    await userEvent.type(screen.getByRole('textbox', { name: 'Texte' }), 'Bonjour à tous')
    expect(screen.getByRole('radio', { name: 'À tout le monde' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Joindre des fichiers' })).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer' }))
    expect((await screen.findByTestId('announcement-sent')).textContent).toBe(
      'Annonce envoyée à 1 personne.',
    )
    expect(screen.getByRole('link', { name: 'Ouvrir sa discussion sur le mur' })).toBeTruthy()
  })
})
