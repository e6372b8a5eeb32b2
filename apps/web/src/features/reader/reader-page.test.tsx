import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { readerPath } from '../../lib/paths'
import {
  calledUrls,
  failure,
  fileItem,
  files,
  local,
  probedUrls,
  profile,
  renderReader,
  stubApi,
  viewer,
} from './test-support'

// pdf.js does not run in jsdom: the canvas is a stand-in here (pdf-document.test.tsx).
vi.mock('./pdf-canvas', () => ({ PdfCanvas: () => <div data-testid="pdf-canvas-stand-in" /> }))

afterEach(() => {
  vi.unstubAllGlobals()
})

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement
const at = (router: ReturnType<typeof renderReader>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`

describe('ReaderPage', () => {
  it('shows the sender, the date, the name as the heading, the image and its download', async () => {
    const list = [files(1)[0]!, fileItem('team photo___a1.png'), fileItem('notes___b2.zip')]
    const fetchMock = stubApi(list)
    renderReader(readerPath('team photo___a1.png', 'p1'))

    expect(screen.getByRole('heading', { level: 1, name: 'team photo.png' })).toBeTruthy()
    const meta = await screen.findByTestId('reader-meta')
    expect(meta.textContent).toContain('Alice Martin')
    expect(within(meta).getByText('5 Mar 2024 14:07').getAttribute('datetime')).toBe(
      local(5, 14, 7),
    )
    // The image itself, not its thumbnail.
    const image = screen.getByRole('img', { name: 'team photo.png' })
    expect(image.getAttribute('src')).toBe('/api/files/team%20photo___a1.png')
    const download = screen.getByRole('link', { name: 'Download' })
    expect(download.getAttribute('href')).toBe('/api/files/team%20photo___a1.png')
    expect(download.getAttribute('download')).toBe('team photo.png')
    expect(calledUrls(fetchMock)).toEqual(['/api/commentFiles/p1/0'])
  })

  it("says 'Me' for the viewer's files, '+' and the phone for a sender without a name", async () => {
    const list = [
      fileItem('mine___a1.zip', { emet: viewer, emetName: 'Viewer Name' }),
      fileItem('theirs___b2.zip', { emetName: undefined }),
    ]
    stubApi(list)
    const { router } = renderReader(readerPath('mine___a1.zip', 'p1'))
    expect((await screen.findByTestId('reader-meta')).textContent).toContain('Me')
    await userEvent.click(button('Next file'))
    await waitFor(() =>
      expect(screen.getByTestId('reader-meta').textContent).toContain('+33600000002'),
    )
    expect(at(router)).toBe(readerPath('theirs___b2.zip', 'p1'))
  })

  it('shows a type it cannot draw as its icon, its name and its download', async () => {
    stubApi([fileItem('site plan___c3.dwg')])
    renderReader(readerPath('site plan___c3.dwg', 'p1'))
    const card = await screen.findByTestId('reader-file-card')
    expect(within(card).getByText('site plan.dwg')).toBeTruthy()
    expect(card.querySelector('svg')?.textContent).toBe('DWG')
    const download = within(card).getByRole('link', { name: 'Download' })
    expect(download.getAttribute('href')).toBe('/api/files/site%20plan___c3.dwg')
    expect(download.getAttribute('download')).toBe('site plan.dwg')
  })

  it('plays a video and a recording in players', async () => {
    stubApi([fileItem('clip___v1.mp4'), fileItem('voice___v2.webm')])
    const { router } = renderReader(readerPath('clip___v1.mp4', 'p1'))
    const video = screen.getByLabelText('Video clip.mp4')
    expect(video.tagName).toBe('VIDEO')
    expect(video.hasAttribute('controls')).toBe(true)
    expect(video.getAttribute('src')).toBe('/api/files/clip___v1.mp4')
    await screen.findByTestId('reader-meta')
    await userEvent.click(button('Next file'))
    expect((await screen.findByLabelText('Audio voice.webm')).tagName).toBe('AUDIO')
    expect(at(router)).toBe(readerPath('voice___v2.webm', 'p1'))
  })

  it('takes the focus to Close as it opens, over the inert wall', async () => {
    stubApi(files(2))
    renderReader(readerPath('f0___id0.zip', 'p1'))
    await waitFor(() => expect(document.activeElement).toBe(button('Close')))
  })

  it('closes to the discussion with the Close button', async () => {
    stubApi(files(2))
    const { router } = renderReader(readerPath('f0___id0.zip', 'p1'))
    await userEvent.click(button('Close'))
    expect(await screen.findByText('Discussion stand-in')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/wall/discussion/p1')
  })

  it('goes back to the page of the wall that opened it, however many files it stepped through', async () => {
    stubApi(files(3))
    const { router } = renderReader(readerPath('f0___id0.zip', 'p1'), 'en', profile, '/wall')
    await userEvent.click(await screen.findByRole('button', { name: 'Next file' }))
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('f1.zip'),
    )
    expect(at(router)).toBe(readerPath('f1___id1.zip', 'p1'))
    await userEvent.click(button('Close'))
    expect(await screen.findByText('Wall stand-in')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/wall')
    expect(router.state.historyAction).toBe('POP')
  })

  it('shows a file alone, closing to the wall, without a post', async () => {
    const fetchMock = stubApi(files(2))
    const { router } = renderReader('/wall/discussion/lecteur/f0___id0.zip')
    expect(screen.getByRole('heading', { level: 1, name: 'f0.zip' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Next file' })).toBeNull()
    expect(screen.queryByRole('status')).toBeNull()
    expect(calledUrls(fetchMock)).toEqual([])
    await userEvent.click(button('Close'))
    expect(await screen.findByText('Wall stand-in')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/wall')
  })

  it("shows a file alone when it is not among the post's files", async () => {
    stubApi(files(3))
    renderReader(readerPath('elsewhere___z9.zip', 'p1'))
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull())
    expect(screen.queryByRole('button', { name: 'Next file' })).toBeNull()
    expect(screen.queryByTestId('reader-meta')).toBeNull()
    expect(screen.getByRole('heading', { level: 1, name: 'elsewhere.zip' })).toBeTruthy()
  })

  it("falls back to the icon, the name and the download when the office preview can't be made", async () => {
    let answer: (response: Response) => void = () => undefined
    const fetchMock = stubApi(
      [fileItem('budget___d4.xlsx')],
      (url) =>
        new Promise<Response>((resolve) => {
          if (url === '/api/files/budget___d4.xlsx/preview') answer = resolve
          else resolve(failure(404))
        }),
    )
    renderReader(readerPath('budget___d4.xlsx', 'p1'))
    expect(await screen.findByText('Preparing the preview…')).toBeTruthy()
    expect(screen.getByText('Preparing the preview…').getAttribute('role')).toBe('status')
    await waitFor(() =>
      expect(calledUrls(fetchMock)).toContain('/api/files/budget___d4.xlsx/preview'),
    )
    answer(failure(503, 'The preview could not be made.'))

    const card = await screen.findByTestId('reader-file-card')
    expect(within(card).getByText('budget.xlsx')).toBeTruthy()
    expect(within(card).getByText('No preview for this file.')).toBeTruthy()
    expect(within(card).getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(
      '/api/files/budget___d4.xlsx',
    )
    expect(screen.queryByTestId('pdf-canvas-stand-in')).toBeNull()
  })

  it('speaks French, with French dates', async () => {
    stubApi([fileItem('mine___a1.zip', { emet: viewer }), ...files(1)])
    renderReader(readerPath('mine___a1.zip', 'p1'), 'fr')
    const meta = await screen.findByTestId('reader-meta')
    expect(meta.textContent).toContain('Moi')
    expect(meta.textContent).toContain('5 mars 2024 14:07')
    expect(button('Fichier suivant').disabled).toBe(false)
    expect(button('Fichier précédent').disabled).toBe(true)
    expect(button('Fermer')).toBeTruthy()
    expect(screen.getAllByRole('link', { name: 'Télécharger' })).toHaveLength(2)
  })
})

describe('ReaderPage, a file that is gone (docs/reader.md)', () => {
  const noDownload = () => expect(screen.queryAllByRole('link', { name: 'Download' })).toEqual([])

  it('says a file shown as a card is no longer available, and offers no download', async () => {
    const fetchMock = stubApi([fileItem('notes___b2.zip')], undefined, {
      gone: ['notes___b2.zip'],
    })
    renderReader(readerPath('notes___b2.zip', 'p1'))

    const card = await screen.findByTestId('reader-gone')
    expect(within(card).getByText('notes.zip')).toBeTruthy()
    expect(within(card).getByText('This file is no longer available.')).toBeTruthy()
    expect(screen.queryByText('No preview for this file.')).toBeNull()
    noDownload()
    expect(probedUrls(fetchMock)).toEqual(['/api/files/notes___b2.zip'])
    // The heading still names the file.
    expect(screen.getByRole('heading', { level: 1, name: 'notes.zip' })).toBeTruthy()
  })

  it('offers the download of a card once the server says the file is there', async () => {
    const fetchMock = stubApi([fileItem('notes___b2.zip')])
    renderReader(readerPath('notes___b2.zip', 'p1'))
    await waitFor(() => expect(probedUrls(fetchMock)).toEqual(['/api/files/notes___b2.zip']))
    const card = await screen.findByTestId('reader-file-card')
    expect(within(card).getByRole('link', { name: 'Download' })).toBeTruthy()
    expect(screen.getAllByRole('link', { name: 'Download' })).toHaveLength(2)
    expect(screen.queryByTestId('reader-gone')).toBeNull()
  })

  it('says a PDF the server answers 404 for is no longer available', async () => {
    stubApi([fileItem('minutes___m1.pdf')])
    renderReader(readerPath('minutes___m1.pdf', 'p1'))
    const card = await screen.findByTestId('reader-gone')
    expect(within(card).getByText('This file is no longer available.')).toBeTruthy()
    expect(screen.queryByTestId('reader-file-card')).toBeNull()
    noDownload()
  })

  it("says so of an office document whose preview's file is not there", async () => {
    stubApi([fileItem('budget___d4.xlsx')])
    renderReader(readerPath('budget___d4.xlsx', 'p1'))
    expect(await screen.findByText('This file is no longer available.')).toBeTruthy()
    noDownload()
  })

  it('asks after an image that does not load: gone, it says so', async () => {
    const fetchMock = stubApi([fileItem('team photo___a1.png')], undefined, {
      gone: ['team photo___a1.png'],
    })
    renderReader(readerPath('team photo___a1.png', 'p1'))
    expect(probedUrls(fetchMock)).toEqual([])
    fireEvent.error(screen.getByRole('img', { name: 'team photo.png' }))

    expect(await screen.findByText('This file is no longer available.')).toBeTruthy()
    expect(probedUrls(fetchMock)).toEqual(['/api/files/team%20photo___a1.png'])
    noDownload()
  })

  it('asks after an image that does not load: there, it has no preview but its download', async () => {
    stubApi([fileItem('scan___s1.png')])
    renderReader(readerPath('scan___s1.png', 'p1'))
    fireEvent.error(screen.getByRole('img', { name: 'scan.png' }))

    const card = await screen.findByTestId('reader-file-card')
    expect(within(card).getByText('No preview for this file.')).toBeTruthy()
    expect(screen.getAllByRole('link', { name: 'Download' })).toHaveLength(2)
  })

  it('asks after a recording that does not play: gone, it says so', async () => {
    stubApi([fileItem('voice___v2.webm')], undefined, { gone: ['voice___v2.webm'] })
    renderReader(readerPath('voice___v2.webm', 'p1'))
    fireEvent.error(screen.getByLabelText('Audio voice.webm'))
    expect(await screen.findByText('This file is no longer available.')).toBeTruthy()
    noDownload()
  })

  it('offers the download again on the next file, which is there', async () => {
    stubApi([fileItem('old___o1.zip'), fileItem('new___n1.zip')], undefined, {
      gone: ['old___o1.zip'],
    })
    renderReader(readerPath('old___o1.zip', 'p1'))
    await screen.findByTestId('reader-gone')
    noDownload()
    await userEvent.click(button('Next file'))
    expect(await screen.findByTestId('reader-file-card')).toBeTruthy()
    expect(screen.getAllByRole('link', { name: 'Download' })).toHaveLength(2)
  })

  it('says it in French', async () => {
    stubApi([fileItem('notes___b2.zip')], undefined, { gone: ['notes___b2.zip'] })
    renderReader(readerPath('notes___b2.zip', 'p1'), 'fr')
    expect(await screen.findByText("Ce fichier n'est plus disponible.")).toBeTruthy()
    expect(screen.queryAllByRole('link', { name: 'Télécharger' })).toEqual([])
  })
})
