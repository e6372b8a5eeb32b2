import { describe, expect, it } from 'vitest'
import { searchKey } from '@palabre/contracts'
import { matchesSearch } from './search-key'

describe('searchKey and matchesSearch', () => {
  it('fold case and accents, as the server folds contact names', () => {
    expect(searchKey('Zoé ÉLODIE Œuvre Straße')).toBe('zoe elodie oeuvre strasse')
    expect(matchesSearch('Zoé Lambert', 'zoe')).toBe(true)
    expect(matchesSearch('zoe', 'ZOÉ')).toBe(true)
    expect(matchesSearch('Équipe Projet', 'equipe p')).toBe(true)
  })

  it('match a literal substring only', () => {
    expect(matchesSearch('Alpha team', 'a.')).toBe(false)
    expect(matchesSearch('Alpha (team)', '(team')).toBe(true)
  })
})
