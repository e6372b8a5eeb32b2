import { filesRoutes } from '@palabre/contracts'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useCallback, useEffect, useState, type ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import { callRoute } from '../../lib/api-client'
import { isApiError } from '../../lib/api-error'
import { FileCard } from './file-card'
import type { PdfCanvasProps } from './pdf-canvas'
import { readerKeys } from './use-reader-files'

// pdf.js is most of a megabyte: it loads with the first PDF shown, never with the reader's first
// load (docs/bundle-budgets.md, docs/reader.md "PDF and previews").
const loadCanvas = () => import('./pdf-canvas')

/** A browser that cannot load pdf.js is told as a failed drawing would be. */
const CanvasUnavailable = ({ onFailed }: PdfCanvasProps) => {
  useEffect(() => onFailed(), [onFailed])
  return null
}

const PdfCanvas = lazy(async (): Promise<{ default: ComponentType<PdfCanvasProps> }> => {
  try {
    return { default: (await loadCanvas()).PdfCanvas }
  } catch {
    return { default: CanvasUnavailable }
  }
})

const isBlob = (value: unknown): value is Blob =>
  typeof value === 'object' && value !== null && 'arrayBuffer' in value

export interface PdfDocumentProps {
  /** The stored file. */
  name: string
  viewer: string
  /** The file itself (a PDF), or the server's PDF of an office document. */
  source: 'file' | 'preview'
  /** The server has no such file for the viewer (404): the reader says it is gone. */
  onGone: () => void
}

/**
 * A PDF, or an office document as the server converts it to PDF (docs/files.md, "Previews"),
 * drawn by pdf.js. What cannot be fetched or drawn (a 415, a 503, a broken file) shows the
 * file's icon, its name and its download instead; a file that is not there (404) is gone.
 */
export const PdfDocument = ({ name, viewer, source, onGone }: PdfDocumentProps) => {
  const { t } = useTranslation()
  const [failed, setFailed] = useState(false)
  const fail = useCallback(() => setFailed(true), [])
  const bytes = useQuery({
    queryKey: readerKeys.document(viewer, source, name),
    queryFn: async ({ signal }) => {
      const route = source === 'preview' ? filesRoutes.getFilePreview : filesRoutes.getFile
      const body = await callRoute(route, { params: { name }, signal })
      if (!isBlob(body)) throw new Error('Not a file')
      return body
    },
    // The bytes of a name never change (docs/files.md, "Downloads").
    staleTime: Infinity,
    gcTime: 60_000,
  })
  // pdf.js loads while the bytes come.
  useEffect(() => {
    void loadCanvas().catch(() => undefined)
  }, [])

  // The file itself, or the document a preview is made of, is not there (docs/reader.md, "A
  // file that is gone").
  const missing = bytes.isError && isApiError(bytes.error) && bytes.error.status === 404
  useEffect(() => {
    if (missing) onGone()
  }, [missing, onGone])

  if (missing) return null
  if (bytes.isError || failed) return <FileCard name={name} note={t('reader.noPreview')} />
  const waiting = (
    <p className="reader-view__status" role="status">
      {source === 'preview' ? t('reader.preparing') : t('reader.loading')}
    </p>
  )
  if (bytes.data === undefined) return waiting
  return (
    <Suspense fallback={waiting}>
      <PdfCanvas data={bytes.data} onFailed={fail} />
    </Suspense>
  )
}
