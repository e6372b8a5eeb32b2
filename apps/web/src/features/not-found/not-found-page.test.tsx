import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderRoute } from '../../test/render-route'

describe('404 page', () => {
  it('speaks French when the screen does', async () => {
    renderRoute('/no/such/page', { language: 'fr' })
    expect(await screen.findByRole('heading', { name: 'Erreur 404' })).toBeTruthy()
    expect(screen.getByText("La page que vous cherchez n'existe pas !")).toBeTruthy()
    expect(screen.getByRole('link', { name: "Retour à l'accueil" }).getAttribute('href')).toBe('/')
    // The title is set by an effect once the page is on screen, which may come a moment later.
    await waitFor(() => expect(document.title).toBe('Erreur 404 · Palabre'))
  })

  it("keeps the product's texts in English", async () => {
    renderRoute('/no/such/page')
    expect(await screen.findByRole('heading', { name: 'Error 404' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to home' })).toBeTruthy()
  })
})
