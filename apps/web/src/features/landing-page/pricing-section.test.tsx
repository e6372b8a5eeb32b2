import { pricingPlans } from '@palabre/contracts'
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderRoute } from '../../test/render-route'

// The pricing in the screen's language (docs/behaviour.md, "Landing and privacy pages").
describe('pricing', () => {
  it("shows the contracts' plans verbatim in English", async () => {
    renderRoute('/landing-page')
    const table = await screen.findByRole('table')
    for (const plan of pricingPlans) {
      expect(within(table).getByRole('columnheader', { name: plan.plan })).toBeTruthy()
      expect(within(table).getAllByRole('cell', { name: plan.history }).length).toBeGreaterThan(0)
    }
    expect(screen.getByText('Audio/video messages (upcoming)')).toBeTruthy()
  })

  it('translates the values, not only the row labels, in French', async () => {
    renderRoute('/landing-page', { language: 'fr' })
    const table = await screen.findByRole('table')
    expect(within(table).getByRole('columnheader', { name: 'Gratuit' })).toBeTruthy()
    expect(within(table).getByRole('rowheader', { name: 'Historique' })).toBeTruthy()
    expect(within(table).getByRole('cell', { name: '90 jours' })).toBeTruthy()
    expect(within(table).getByRole('cell', { name: 'sur demande' })).toBeTruthy()
    expect(within(table).getByRole('cell', { name: "jusqu'à 10 Go" })).toBeTruthy()
    expect(within(table).queryByRole('cell', { name: '90 days' })).toBeNull()
    expect(screen.getByText('Messages audio et vidéo (à venir)')).toBeTruthy()
    expect(screen.getByText('export des données')).toBeTruthy()
  })
})
