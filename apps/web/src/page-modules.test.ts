import { describe, expect, it } from 'vitest'
import { pageModulesOf } from './page-modules'

// What the entry fetches first for the page the browser opens (docs/bundle-budgets.md, "First
// paint"): the modules src/routes.tsx loads for that path.
describe('the first page’s modules', () => {
  it('names the page of each public route', () => {
    expect(pageModulesOf('/landing-page')).toEqual(['landingPage'])
    expect(pageModulesOf('/privacy-fr')).toEqual(['privacyPage'])
    expect(pageModulesOf('/privacy-eng')).toEqual(['privacyPage'])
    expect(pageModulesOf('/not-found')).toEqual(['notFoundPage'])
  })

  it('adds the query client to the pages that call the api, and the guard to the signed-in ones', () => {
    expect(pageModulesOf('/auth')).toEqual(['queryClient', 'authPage'])
    expect(pageModulesOf('/inscription/')).toEqual(['queryClient', 'inscriptionPage'])
    const wall = ['queryClient', 'requireSession', 'wallPage']
    expect(pageModulesOf('/')).toEqual(wall)
    expect(pageModulesOf('/wall')).toEqual(wall)
    expect(pageModulesOf('/wall/discussion/42')).toEqual(wall)
    expect(pageModulesOf('/wall/discussion/lecteur/report___ab12.pdf')).toEqual([
      ...wall,
      'readerPage',
    ])
  })

  it('sends any other path to the 404 page, as the routes do', () => {
    expect(pageModulesOf('/nothing/here')).toEqual(['notFoundPage'])
    expect(pageModulesOf('/wall/elsewhere')).toEqual(['notFoundPage'])
  })
})
