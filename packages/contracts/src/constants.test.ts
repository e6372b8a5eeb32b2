import { describe, expect, it } from 'vitest'
import { isBlankMessage, postsPerPage } from './constants.js'
import {
  displayFileName,
  parsePollFileName,
  pollFileName,
  storedFileName,
  stripThumbPrefix,
} from './file-names.js'
import { pricingPlans } from './pricing.js'
import { extensionOf, isAllowedFor, uploadKindOf } from './uploads.js'

describe('texts and pages', () => {
  it('treats blank text as empty', () => {
    expect(isBlankMessage('')).toBe(true)
    expect(isBlankMessage('     ')).toBe(true)
    expect(isBlankMessage('  hi ')).toBe(false)
    expect(postsPerPage).toBe(10)
  })
})

describe('uploads', () => {
  it('routes an upload by its extension', () => {
    expect(uploadKindOf('a.JPG')).toBe('image')
    expect(uploadKindOf('a.gif')).toBe('image')
    expect(uploadKindOf('clip.mp4')).toBe('media')
    expect(uploadKindOf('voice.ogg')).toBe('media')
    expect(uploadKindOf('rec.webm')).toBe('audio')
    expect(uploadKindOf('plan.xlsm')).toBe('file')
    expect(uploadKindOf('virus.exe')).toBeNull()
    expect(uploadKindOf('noext')).toBeNull()
    expect(extensionOf('.bashrc')).toBe('')
    expect(isAllowedFor('audio', 'a.ogg')).toBe(false)
  })
})

describe('file names', () => {
  it('cuts the stored suffix and the thumbnail prefix for display', () => {
    expect(storedFileName('report', 'k3j9', 'pdf')).toBe('report___k3j9.pdf')
    expect(displayFileName('report___k3j9.pdf')).toBe('report.pdf')
    expect(displayFileName('thumb_photo___x1.jpg')).toBe('photo.jpg')
    expect(displayFileName('plain.pdf')).toBe('plain.pdf')
    expect(stripThumbPrefix('thumb_a.png')).toBe('a.png')
  })

  it('names a poll attachment title_____id.poll and reads it back', () => {
    const name = pollFileName('Safety quiz', 'p42')
    expect(name).toBe('Safety quiz_____p42.poll')
    expect(parsePollFileName(name)).toEqual({ title: 'Safety quiz', pollId: 'p42' })
    expect(parsePollFileName('report.pdf')).toBeNull()
    expect(parsePollFileName('no-separator.poll')).toBeNull()
  })

  it('never puts a path separator of a title in a poll attachment name', () => {
    expect(pollFileName('Q1/Q2 \\ review', 'p7')).toBe('Q1-Q2 - review_____p7.poll')
  })
})

describe('pricing', () => {
  it('holds the three pricing plans', () => {
    expect(pricingPlans.map((p) => [p.plan, p.price])).toEqual([
      ['Free', '0$'],
      ['Business', '9.99$'],
      ['Enterprise & Public', 'on request'],
    ])
  })
})
