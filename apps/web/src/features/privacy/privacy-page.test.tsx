import { act, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderRoute } from '../../test/render-route'

describe('privacy pages', () => {
  it('keep their own language, and give <html lang> back to the setting when left', async () => {
    const { router } = renderRoute('/privacy-fr')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Politique de confidentialité' }),
    ).toBeTruthy()
    expect(document.documentElement.lang).toBe('fr')
    await act(() => router.navigate('/landing-page'))
    expect(await screen.findByRole('link', { name: 'Privacy policy' })).toBeTruthy()
    expect(document.documentElement.lang).toBe('en')
  })

  it('are in English at /privacy-eng when the screen is in French', async () => {
    renderRoute('/privacy-eng', { language: 'fr' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy policy' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Version française' })).toBeTruthy()
  })
})
