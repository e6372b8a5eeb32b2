import { describe, expect, it } from 'vitest'
import { commentAttachments, displayFileName } from './file-name'

describe('displayFileName', () => {
  it('drops the thumbnail prefix and the stored suffix, keeping the extension', () => {
    expect(displayFileName('thumb_report___a1b2.pdf')).toBe('report.pdf')
    expect(displayFileName('report___a1b2.pdf')).toBe('report.pdf')
    expect(displayFileName('thumb_photo___k3.jpg')).toBe('photo.jpg')
  })

  it('keeps a name without a suffix as it is', () => {
    expect(displayFileName('notes.txt')).toBe('notes.txt')
    expect(displayFileName('thumb_notes.txt')).toBe('notes.txt')
  })

  it('cuts at the last separator', () => {
    expect(displayFileName('a___b___c9.docx')).toBe('a___b.docx')
  })
})

describe('commentAttachments', () => {
  it("lists the stored names of the image and the document, skipping ''", () => {
    expect(commentAttachments({ image: 'p___1.png', fileDocName: '' })).toEqual(['p___1.png'])
    expect(commentAttachments({ image: '', fileDocName: 'cv___2.pdf' })).toEqual(['cv___2.pdf'])
    expect(commentAttachments({ image: 'p___1.png', fileDocName: 'cv___2.pdf' })).toEqual([
      'p___1.png',
      'cv___2.pdf',
    ])
    expect(commentAttachments({ image: '', fileDocName: ' ' })).toEqual([])
  })
})
