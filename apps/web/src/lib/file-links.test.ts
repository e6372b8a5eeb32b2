import { describe, expect, it } from 'vitest'
import { fileKindOf, fileUrl, isRecording, previewUrl, thumbnailUrl } from './file-links'
import { readerPath } from './paths'

describe('file links', () => {
  it('read a stored file, its thumbnail and its preview by the escaped name', () => {
    expect(fileUrl('Q3 report___a1.pdf')).toBe('/api/files/Q3%20report___a1.pdf')
    expect(thumbnailUrl('photo___b2.png')).toBe('/api/files/thumb_photo___b2.png')
    expect(thumbnailUrl('thumb_photo___b2.png')).toBe('/api/files/thumb_photo___b2.png')
    expect(previewUrl('plan #2___c3.docx')).toBe('/api/files/plan%20%232___c3.docx/preview')
  })

  it('open the reader on a file, with the post whose files it steps through', () => {
    expect(readerPath('a&b___d4.png', 'post/1')).toBe(
      '/wall/discussion/lecteur/a%26b___d4.png?post=post%2F1',
    )
  })

  it.each([
    ['photo___1.JPG', 'image'],
    ['photo___1.gif', 'image'],
    ['clip___1.mp4', 'video'],
    ['voice___1.ogg', 'audio'],
    ['answer___1.webm', 'audio'],
    ['recording___1.m4a', 'audio'],
    ['notes___1.pdf', 'pdf'],
    ['notes___1.docx', 'office'],
    ['sheet___1.xlsm', 'office'],
    ['deck___1.ppt', 'office'],
    ['Fire drill_____q1.poll', 'poll'],
    ['plan___1.dwg', 'other'],
    ['README', 'other'],
  ] as const)('show %s as %s', (name, kind) => {
    expect(fileKindOf(name)).toBe(kind)
  })

  it.each([
    ['recording-1___a.webm', true],
    ['recording-1___a.M4A', true],
    ['memo___a.ogg', false],
    ['clip___a.mp4', false],
  ] as const)('take %s for a recording: %s', (name, recording) => {
    expect(isRecording(name)).toBe(recording)
  })
})
