import { describe, expect, it } from 'vitest'
import { searchCountBound } from '@palabre/contracts'
import { pageRange } from './paging'

describe('pageRange', () => {
  it('counts three pages of 25 posts', () => {
    expect(pageRange(0, 25)).toEqual({
      first: 1,
      last: 10,
      total: 25,
      canPrevious: false,
      canNext: true,
      label: '1 - 10 of 25',
    })
    expect(pageRange(10, 25)).toMatchObject({
      label: '11 - 20 of 25',
      canPrevious: true,
      canNext: true,
    })
    expect(pageRange(20, 25)).toMatchObject({
      first: 21,
      last: 25,
      label: '21 - 25 of 25',
      canPrevious: true,
      canNext: false,
    })
  })

  it("reads '0 - 0 of 0' for an empty scope, with neither way", () => {
    expect(pageRange(0, 0)).toEqual({
      first: 0,
      last: 0,
      total: 0,
      canPrevious: false,
      canNext: false,
      label: '0 - 0 of 0',
    })
  })

  it('has no next page when the last page is exactly full', () => {
    expect(pageRange(10, 20)).toMatchObject({ label: '11 - 20 of 20', canNext: false })
    expect(pageRange(0, 10)).toMatchObject({ label: '1 - 10 of 10', canNext: false })
  })

  it('takes another page size', () => {
    expect(pageRange(7, 15, 7)).toMatchObject({ label: '8 - 14 of 15', canNext: true })
  })

  it("writes 'sur' in French", () => {
    expect(pageRange(10, 25, 10, 'fr').label).toBe('11 - 20 sur 25')
  })

  describe('a search count past its bound (more than 1,000)', () => {
    const many = searchCountBound + 1

    it("reads '1,000+' and goes on while pages come back full", () => {
      expect(pageRange(0, many)).toMatchObject({
        first: 1,
        last: 10,
        canPrevious: false,
        canNext: true,
        label: '1 - 10 of 1,000+',
      })
      // Past the bound the pages go on: the 101st page is as full as the others.
      expect(pageRange(1000, many, 10, 'en', 10)).toMatchObject({
        label: '1001 - 1010 of 1,000+',
        canNext: true,
      })
    })

    it('ends at a page that is not full, numbered by what it holds', () => {
      expect(pageRange(1230, many, 10, 'en', 4)).toMatchObject({
        first: 1231,
        last: 1234,
        canPrevious: true,
        canNext: false,
      })
      expect(pageRange(1240, many, 10, 'en', 0)).toMatchObject({ last: 1240, canNext: false })
    })

    it('writes the bound as French does', () => {
      expect(pageRange(0, many, 10, 'fr').label).toBe('1 - 10 sur 1\u202f000+')
    })

    it('counts exactly up to the bound itself', () => {
      expect(pageRange(990, searchCountBound)).toMatchObject({
        label: '991 - 1000 of 1000',
        canNext: false,
      })
    })
  })
})
