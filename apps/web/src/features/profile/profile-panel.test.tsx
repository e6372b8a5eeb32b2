import type { MyProfile } from '@palabre/contracts'
import { photoPath } from '@palabre/contracts'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWith } from '../../test/render-with'
import { ProfilePanel } from './profile-panel'
import { createI18n } from '../../i18n'
import { createQueryClient } from '../../lib/query-client'
import { applyProfileLanguage } from './profile-language'
import { FakeXhr } from '../../test/fake-xhr'

// The 'Profile' panel (docs/organisation.md, "Profiles") against a stubbed api.

afterEach(() => {
  vi.unstubAllGlobals()
})

const stored: MyProfile = {
  phone: '33612345678',
  phoneDisplay: '+33 6 12 34 56 78',
  name: 'Awa Diop',
  title: 'Buyer',
  team: 'Ops',
  site: 'Dakar',
  kind: 'partner',
}

/** GET and PATCH /api/me/profile as the server answers them; the PATCH bodies sent. */
const stubProfileApi = (start: MyProfile = stored) => {
  let profile = start
  const patches: unknown[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://palabre.test').pathname
      if (path === '/api/me/profile' && init?.method?.toUpperCase() === 'PATCH') {
        const body = JSON.parse(String(init.body)) as Partial<MyProfile>
        patches.push(body)
        if (body.name === 'Refused')
          return new Response(
            JSON.stringify({ error: { code: 'bad_request', message: 'A name cannot be empty.' } }),
            { status: 400, headers: { 'content-type': 'application/json' } },
          )
        const { photoFileName, ...fields } = body as Partial<MyProfile> & {
          photoFileName?: string | null
        }
        profile = { ...profile, ...fields }
        if (photoFileName === null) {
          const { photo: _removed, ...rest } = profile
          profile = rest
        } else if (photoFileName !== undefined)
          profile = { ...profile, photo: `photo_of_${photoFileName}.webp` }
      }
      if (path !== '/api/me/profile') return new Response('{}', { status: 404 })
      return new Response(JSON.stringify(profile), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      })
    }),
  )
  return patches
}

describe('the profile panel', () => {
  it('changes the photo through an image upload, shows it large, and removes it', async () => {
    FakeXhr.reset()
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    const patches = stubProfileApi()
    renderWith(<ProfilePanel onClose={() => undefined} onChangePassword={() => undefined} />)
    await screen.findByLabelText('Name')
    // No photo yet: the initials, and nothing to remove.
    expect(document.querySelector('.avatar--initials')?.getAttribute('data-initials')).toBe('AD')
    expect(screen.queryByRole('button', { name: 'Remove photo' })).toBeNull()
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' })
    await userEvent.upload(screen.getByLabelText('Change photo'), file)
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1))
    const sent = FakeXhr.requests[0] as FakeXhr
    expect([sent.method, sent.url, sent.fileName]).toEqual(['POST', '/api/upload/image', 'me.png'])
    sent.answer(201, { fileName: 'me___abcdefabcdef.png' })
    expect(await screen.findByText('Your photo is saved.')).toBeTruthy()
    const shown = document.querySelector('img.avatar--large')
    expect(shown?.getAttribute('src')).toBe(
      photoPath('photo_of_me___abcdefabcdef.png.webp', 'large'),
    )
    await userEvent.click(screen.getByRole('button', { name: 'Remove photo' }))
    expect(await screen.findByText('Your photo is removed.')).toBeTruthy()
    expect(document.querySelector('img.avatar--large')).toBeNull()
    expect(patches).toEqual([{ photoFileName: 'me___abcdefabcdef.png' }, { photoFileName: null }])
  })

  it('edits the name, title and language, and shows what administrators set', async () => {
    const patches = stubProfileApi()
    renderWith(<ProfilePanel onClose={() => undefined} onChangePassword={() => undefined} />)
    const name = await screen.findByLabelText('Name')
    expect((name as HTMLInputElement).value).toBe('Awa Diop')
    expect(screen.getByText('Ops')).toBeTruthy()
    expect(screen.getByText('Dakar')).toBeTruthy()
    expect(screen.getByText('Partner')).toBeTruthy()
    await userEvent.clear(name)
    await userEvent.type(name, 'Awa N. Diop')
    await userEvent.clear(screen.getByLabelText('Title'))
    await userEvent.type(screen.getByLabelText('Title'), 'Head buyer')
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'fr')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    // Saved, and the screen is now in French.
    expect(await screen.findByText('Votre profil est enregistré.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeTruthy()
    expect(document.documentElement.lang).toBe('fr')
    expect(patches).toEqual([{ name: 'Awa N. Diop', title: 'Head buyer', language: 'fr' }])
  })

  it("shows the server's refusal in French, and keeps what was typed", async () => {
    stubProfileApi({ ...stored, language: 'fr' })
    renderWith(<ProfilePanel onClose={() => undefined} onChangePassword={() => undefined} />, 'fr')
    const name = await screen.findByLabelText('Nom')
    expect(screen.getByRole('dialog', { name: 'Profil' })).toBeTruthy()
    expect(screen.getByText('Partenaire')).toBeTruthy()
    await userEvent.clear(name)
    await userEvent.type(name, 'Refused')
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Un nom ne peut pas être vide.')
    expect((screen.getByLabelText('Nom') as HTMLInputElement).value).toBe('Refused')
  })
})

describe("the profile's language", () => {
  it('wins over the browser setting once signed in, when set', async () => {
    stubProfileApi({ ...stored, language: 'fr' })
    const instance = createI18n('en')
    expect(document.documentElement.lang).toBe('en')
    await applyProfileLanguage(createQueryClient(), instance)
    expect(instance.resolvedLanguage).toBe('fr')
    expect(document.documentElement.lang).toBe('fr')
  })

  it('leaves the browser setting when the profile has none', async () => {
    stubProfileApi()
    const instance = createI18n('fr')
    await applyProfileLanguage(createQueryClient(), instance)
    expect(instance.resolvedLanguage).toBe('fr')
  })
})
