import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderRoute } from '../../test/render-route'

// The way back to sign-in from the sign-up, in each language (docs/behaviour.md, "Sign-up").
describe('sign-up header', () => {
  it("offers 'Log in', which opens the sign-in", async () => {
    const { router } = renderRoute('/inscription')
    await screen.findByRole('heading', { level: 1, name: 'Create your account' })
    const link = within(screen.getByRole('banner')).getByRole('link', { name: 'Log in' })
    expect(link.getAttribute('href')).toBe('/auth')
    fireEvent.click(link)
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/auth')
  })

  it("says 'Se connecter' in French", async () => {
    renderRoute('/inscription', { language: 'fr' })
    await screen.findByRole('heading', { level: 1, name: 'Créez votre compte' })
    const link = within(screen.getByRole('banner')).getByRole('link', { name: 'Se connecter' })
    expect(link.getAttribute('href')).toBe('/auth')
  })
})
