import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

/** A letter page's shape, until a page's own is known: placeholders take room, and scroll. */
const defaultRatio = 612 / 792
/** Sharp on a dense screen, without canvases of a hundred megapixels. */
const maxPixelRatio = 2
/** A window dragged wider does not draw the page again at every pixel. */
const widthStep = 16

export interface PdfPageProps {
  doc: PDFDocumentProxy
  /** From 1. */
  page: number
  count: number
  onFailed: () => void
}

/**
 * One page of a PDF, drawn to its canvas at the width it is shown at once it comes near the
 * screen: a long document draws only the pages read (docs/reader.md, "PDF and previews").
 */
export const PdfPage = ({ doc, page, count, onFailed }: PdfPageProps) => {
  const { t } = useTranslation()
  const box = useRef<HTMLDivElement>(null)
  const canvas = useRef<HTMLCanvasElement>(null)
  const [near, setNear] = useState(page === 1)
  const [ratio, setRatio] = useState(defaultRatio)
  // The width the page is shown at: drawn again when it changes (a phone turned, a window).
  const [width, setWidth] = useState(0)

  useEffect(() => {
    const element = box.current
    if (element === null) return
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width / widthStep) * widthStep)
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  useEffect(() => {
    const element = box.current
    if (near || element === null) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true)
      },
      { rootMargin: '100% 0px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [near])

  useEffect(() => {
    if (!near || width === 0) return
    let cancelled = false
    let task: RenderTask | undefined
    const draw = async () => {
      const proxy = await doc.getPage(page)
      const target = canvas.current
      if (cancelled || target === null) return
      const natural = proxy.getViewport({ scale: 1 })
      const density = Math.min(window.devicePixelRatio || 1, maxPixelRatio)
      const viewport = proxy.getViewport({ scale: (width / natural.width) * density })
      target.width = Math.floor(viewport.width)
      target.height = Math.floor(viewport.height)
      setRatio(natural.width / natural.height)
      task = proxy.render({ canvas: target, viewport })
      await task.promise
    }
    draw().catch((error: unknown) => {
      // Cancelled by leaving the page: nothing failed.
      if (!cancelled && (error as { name?: string }).name !== 'RenderingCancelledException')
        onFailed()
    })
    return () => {
      cancelled = true
      task?.cancel()
    }
  }, [near, width, doc, page, onFailed])

  return (
    <div className="reader-pdf__page" ref={box} style={{ aspectRatio: ratio }}>
      <canvas
        ref={canvas}
        className="reader-pdf__canvas"
        role="img"
        aria-label={t('reader.page', { page, count })}
      />
    </div>
  )
}
