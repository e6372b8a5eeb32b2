import { describe, expect, it } from 'vitest'
import { parsePastedList } from './pasted-list'

describe('a pasted list of invitations (docs/organisation.md, "The console")', () => {
  it('reads one phone a line and the name after it', () => {
    expect(parsePastedList('06 12 34 56 78 Jane Doe\n+221 77 123 45 67 Awa Diallo')).toEqual([
      { phone: '06 12 34 56 78', name: 'Jane Doe' },
      { phone: '+221 77 123 45 67', name: 'Awa Diallo' },
    ])
  })

  it('keeps a phone without a name as it is, and skips blank lines', () => {
    expect(parsePastedList('\n  0612345678  \r\n\r\n0033 6 12 34 56 79\n   \n')).toEqual([
      { phone: '0612345678' },
      { phone: '0033 6 12 34 56 79' },
    ])
  })

  it("takes the number's '+', dots, dashes and brackets, and turns the dots into spaces", () => {
    expect(parsePastedList('06.12.34.56.78 Jane\n(0)6-12-34-56-79 Bruno Keita')).toEqual([
      { phone: '06 12 34 56 78', name: 'Jane' },
      { phone: '(0)6-12-34-56-79', name: 'Bruno Keita' },
    ])
  })

  it('ends the phone at its last digit: the punctuation before the name is not part of either', () => {
    expect(
      parsePastedList('06 12 34 56 78 - Jane Doe\n06 12 34 56 79, Chloé\n06 12 34 56 80 (Zoé)'),
    ).toEqual([
      { phone: '06 12 34 56 78', name: 'Jane Doe' },
      { phone: '06 12 34 56 79', name: 'Chloé' },
      { phone: '06 12 34 56 80', name: '(Zoé)' },
    ])
  })

  it('keeps digits inside the name in the name', () => {
    expect(parsePastedList('0612345678 Jane 2nd floor')).toEqual([
      { phone: '0612345678', name: 'Jane 2nd floor' },
    ])
  })

  it('sends a line that starts with no number whole, as its phone', () => {
    expect(parsePastedList('Jane Doe 06 12 34 56 78\n+ Bruno')).toEqual([
      { phone: 'Jane Doe 06 12 34 56 78' },
      { phone: '+ Bruno' },
    ])
  })
})
