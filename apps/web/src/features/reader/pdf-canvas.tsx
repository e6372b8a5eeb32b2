import { getDocument, GlobalWorkerOptions, PDFWorker, type PDFDocumentProxy } from 'pdfjs-dist'
// `?worker&url`: Vite bundles the worker into a `.js` file of its own. Its `.mjs` copy (`?url`)
// would reach a browser as application/octet-stream from servers without that type (nginx's
// default types), and `nosniff` then refuses it as a module (docs/reader.md, "PDF and previews").
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?worker&url'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { BundledDecoders } from './pdf-decoders'
import { PdfPage } from './pdf-page'
import './pdf-canvas.css'

GlobalWorkerOptions.workerSrc = workerUrl

// One worker for every PDF of the tab: stepping from file to file does not start pdf.js again.
let shared: PDFWorker | undefined
const pdfWorker = (): PDFWorker => {
  if (shared === undefined || shared.destroyed) shared = new PDFWorker()
  return shared
}

export interface PdfCanvasProps {
  /** The PDF's bytes. */
  data: Blob
  /** pdf.js could not read it: the reader shows the file's card instead. */
  onFailed: () => void
}

/**
 * Draws a PDF with pdf.js, each page to a canvas (docs/reader.md, "PDF and previews"). Only the
 * pages are drawn: no annotation layer, no form, no script of the PDF ever runs, and pdf.js
 * itself parses the file in its worker. This module is loaded lazily, with pdf.js.
 */
export const PdfCanvas = ({ data, onFailed }: PdfCanvasProps) => {
  const { t } = useTranslation()
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null)

  useEffect(() => {
    let cancelled = false
    let destroy: (() => Promise<void>) | undefined
    const open = async () => {
      // A copy per opening: pdf.js hands its bytes to the worker, which leaves them unusable here.
      const bytes = new Uint8Array(await data.arrayBuffer())
      if (cancelled) return
      const task = getDocument({
        data: bytes,
        worker: pdfWorker(),
        enableXfa: false,
        // The worker asks the page for its image decoders, which Vite has renamed.
        useWorkerFetch: false,
        BinaryDataFactory: BundledDecoders,
      })
      destroy = () => task.destroy()
      const opened = await task.promise
      if (!cancelled) setDoc(opened)
    }
    open().catch(() => {
      if (!cancelled) onFailed()
    })
    return () => {
      cancelled = true
      void destroy?.()
    }
  }, [data, onFailed])

  if (doc === null)
    return (
      <p className="reader-view__status" role="status">
        {t('reader.loading')}
      </p>
    )
  const count = doc.numPages
  return (
    <div className="reader-pdf" data-testid="reader-pdf">
      <p className="reader-pdf__count">{t('reader.pages', { count })}</p>
      {Array.from({ length: count }, (_, i) => (
        <PdfPage key={i} doc={doc} page={i + 1} count={count} onFailed={onFailed} />
      ))}
    </div>
  )
}
