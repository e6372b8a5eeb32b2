import { screen, within } from '@testing-library/react'
import { useEffect } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { readerPath } from '../../lib/paths'
import type { PdfCanvasProps } from './pdf-canvas'
import { calledUrls, failure, fileItem, pdfResponse, renderReader, stubApi } from './test-support'

/**
 * pdf.js does not run in jsdom: these tests check what reaches it. The stand-in shows the bytes
 * it got, and fails, as pdf.js would on a broken file, when they do not start as a PDF does.
 */
const StandIn = ({ data, onFailed }: PdfCanvasProps) => {
  useEffect(() => {
    void data.text().then((text) => {
      if (!text.startsWith('%PDF-')) onFailed()
    })
  }, [data, onFailed])
  return <div data-testid="pdf-canvas-stand-in" data-bytes={data.size} />
}
vi.mock('./pdf-canvas', () => ({ PdfCanvas: StandIn }))

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('PdfDocument', () => {
  it('hands a PDF, as the server sends it, to the canvas', async () => {
    const fetchMock = stubApi([fileItem('minutes___m1.pdf')], (url) =>
      url === '/api/files/minutes___m1.pdf' ? pdfResponse('%PDF-1.4 minutes') : failure(404),
    )
    renderReader(readerPath('minutes___m1.pdf', 'p1'))
    expect(screen.getByText('Loading…').getAttribute('role')).toBe('status')
    const canvas = await screen.findByTestId('pdf-canvas-stand-in')
    expect(canvas.dataset.bytes).toBe(String('%PDF-1.4 minutes'.length))
    expect(calledUrls(fetchMock)).toContain('/api/files/minutes___m1.pdf')
    expect(calledUrls(fetchMock).some((url) => url.endsWith('/preview'))).toBe(false)
  })

  it("hands an office document's PDF preview to the canvas", async () => {
    const fetchMock = stubApi([fileItem('report___r1.docx')], (url) =>
      url === '/api/files/report___r1.docx/preview' ? pdfResponse() : failure(404),
    )
    renderReader(readerPath('report___r1.docx', 'p1'))
    expect(await screen.findByTestId('pdf-canvas-stand-in')).toBeTruthy()
    expect(calledUrls(fetchMock)).toContain('/api/files/report___r1.docx/preview')
    expect(calledUrls(fetchMock)).not.toContain('/api/files/report___r1.docx')
  })

  it('shows the card when the server has no preview for the type (415)', async () => {
    stubApi([fileItem('old___o1.ppt')], () => failure(415))
    renderReader(readerPath('old___o1.ppt', 'p1'))
    const card = await screen.findByTestId('reader-file-card')
    expect(within(card).getByText('old.ppt')).toBeTruthy()
    expect(within(card).getByRole('link', { name: 'Download' })).toBeTruthy()
  })

  it('shows the card when pdf.js cannot read the file', async () => {
    stubApi([fileItem('broken___b1.pdf')], (url) =>
      url === '/api/files/broken___b1.pdf' ? pdfResponse('not a pdf') : failure(404),
    )
    renderReader(readerPath('broken___b1.pdf', 'p1'))
    const card = await screen.findByTestId('reader-file-card')
    expect(within(card).getByText('No preview for this file.')).toBeTruthy()
    expect(screen.queryByTestId('pdf-canvas-stand-in')).toBeNull()
  })
})
