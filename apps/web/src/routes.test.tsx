import { messages } from '@palabre/contracts'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderRoute } from './test/render-route'

describe('router', () => {
  it('sends an unknown path to /not-found and shows the 404 texts', async () => {
    const { router } = renderRoute('/this/path/does/not/exist')
    expect(await screen.findByRole('heading', { name: 'Error 404' })).toBeTruthy()
    expect(screen.getByText('The page you are looking for does not exist!')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/not-found')
    expect(messages.notFound.title).toBe('Error 404')
  })

  it('serves the public pages without a session', async () => {
    renderRoute('/privacy-fr')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Politique de confidentialité' }),
    ).toBeTruthy()
    expect(screen.getByRole('link', { name: 'English version' }).getAttribute('href')).toBe(
      '/privacy-eng',
    )
  })
})
