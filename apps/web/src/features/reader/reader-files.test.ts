import { describe, expect, it } from 'vitest'
import { closePath, fileOf, fileOfAddress, loadedCount, readerList, senderOf } from './reader-files'
import { fileItem, viewer } from './test-support'

describe('the reader’s list of files', () => {
  it("takes an item's image when it has one, else its document", () => {
    expect(fileOf(fileItem('a___1.png'))).toBe('a___1.png')
    expect(fileOf(fileItem('b___2.pdf'))).toBe('b___2.pdf')
    expect(fileOf({ ...fileItem('c___3.png'), fileDoc: 'd___4.pdf' })).toBe('c___3.png')
  })

  it('keeps the order, drops quizzes and a file met twice, and counts every item sent', () => {
    const pages = [
      [fileItem('a___1.png'), fileItem('Quiz_____q1.poll'), fileItem('b___2.pdf')],
      [fileItem('a___1.png'), fileItem('c___3.docx')],
    ]
    expect(readerList(pages).map(fileOf)).toEqual(['a___1.png', 'b___2.pdf', 'c___3.docx'])
    expect(loadedCount(pages)).toBe(5)
  })

  it("shows a thumbnail's image", () => {
    expect(fileOfAddress('thumb_a___1.png')).toBe('a___1.png')
    expect(fileOfAddress('a___1.png')).toBe('a___1.png')
  })

  it("names the sender: 'Me', the name, or '+' and the phone", () => {
    expect(senderOf(fileItem('a___1.png', { emet: viewer }), viewer, 'Me')).toBe('Me')
    expect(senderOf(fileItem('a___1.png'), viewer, 'Me')).toBe('Alice Martin')
    expect(senderOf(fileItem('a___1.png', { emetName: ' ' }), viewer, 'Me')).toBe('+33600000002')
  })

  it("closes to the post's discussion, or to the wall", () => {
    expect(closePath('p 1')).toBe('/wall/discussion/p%201')
    expect(closePath(null)).toBe('/wall')
  })
})
