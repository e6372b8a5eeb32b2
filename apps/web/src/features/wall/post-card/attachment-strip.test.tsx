import type { CommentFile } from '@palabre/contracts'
import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { jsonResponse, stubFetch } from '../queries/wall.test-support'
import { AttachmentStrip } from './attachment-strip'
import { renderCard } from './test-render'

const viewer = '33600000001'

const file = (i: number): CommentFile => ({
  emet: '33600000002',
  emetName: 'Alice Martin',
  image: i % 2 === 0 ? `photo ${i}___i${i}.png` : '',
  fileDoc: i % 2 === 0 ? '' : `doc ${i}___d${i}.pdf`,
  dateCreation: new Date(2024, 0, 1, 12, i).toISOString(),
  idCmtEmet: `c${i}`,
})

/** The server: 10 files, 7 a page, from the offset in the path. */
const serveFiles = () =>
  stubFetch((url) => {
    const offset = Number(/\/api\/commentFiles\/p1\/(\d+)$/.exec(url)?.[1])
    const all = Array.from({ length: 10 }, (_, i) => file(i))
    return jsonResponse(all.slice(offset, offset + 7))
  })

/** jsdom lays nothing out and keeps no scroll position: say where the strip is scrolled to. */
const scrollTo = (list: HTMLElement, left: number) => {
  Object.defineProperty(list, 'scrollLeft', { configurable: true, value: left })
  fireEvent.scroll(list)
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('AttachmentStrip', () => {
  it('shows the first 7 files, images by thumbnail, documents by icon and name, each opening the reader', async () => {
    const fetchMock = serveFiles()
    // Its content is wider than the strip: its end is out of view.
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(1000)
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300)
    renderCard(<AttachmentStrip viewerPhone={viewer} postId="p1" hasComments />)
    const strip = await screen.findByRole('list', { name: 'Attachments' })
    const links = within(strip).getAllByRole('link')
    expect(links).toHaveLength(7)
    expect(links[0]?.getAttribute('aria-label')).toBe('Open photo 0.png')
    expect(links[0]?.getAttribute('href')).toBe(
      '/wall/discussion/lecteur/photo%200___i0.png?post=p1',
    )
    expect(links[0]?.querySelector('img')?.getAttribute('src')).toBe(
      '/api/files/thumb_photo%200___i0.png',
    )
    expect(links[1]?.textContent).toBe('PDFdoc 1.pdf')
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/commentFiles/p1/0')
  })

  it('loads the next 7 once scrolled to its right edge', async () => {
    const fetchMock = serveFiles()
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(1000)
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300)
    renderCard(<AttachmentStrip viewerPhone={viewer} postId="p1" hasComments />)
    const strip = await screen.findByRole('list', { name: 'Attachments' })
    scrollTo(strip, 200)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    scrollTo(strip, 700)
    expect(await within(strip).findByRole('link', { name: 'Open doc 9.pdf' })).toBeTruthy()
    expect(within(strip).getAllByRole('link')).toHaveLength(10)
    expect(fetchMock.mock.calls.map((call) => call[0])).toEqual([
      '/api/commentFiles/p1/0',
      '/api/commentFiles/p1/7',
    ])
  })

  it('loads on by itself while its end is in view, and stops at a short page', async () => {
    const fetchMock = serveFiles()
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(300)
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300)
    renderCard(<AttachmentStrip viewerPhone={viewer} postId="p1" hasComments />)
    const strip = await screen.findByRole('list', { name: 'Attachments' })
    expect(await within(strip).findByRole('link', { name: 'Open doc 9.pdf' })).toBeTruthy()
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })

  it('asks nothing for a post without comments, and shows nothing', () => {
    const fetchMock = serveFiles()
    const { container } = renderCard(
      <AttachmentStrip viewerPhone={viewer} postId="p1" hasComments={false} />,
    )
    expect(container.querySelector('ul')).toBeNull()
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
