import { extensionOf } from '@palabre/contracts'
import './file-icon.css'

/** A colour per family, as file managers do: the eye finds a spreadsheet among documents. */
const families: Record<string, string> = {
  pdf: 'pdf',
  doc: 'word',
  docx: 'word',
  xls: 'sheet',
  xlsx: 'sheet',
  xlsm: 'sheet',
  csv: 'sheet',
  ppt: 'slides',
  pptx: 'slides',
  mp4: 'media',
  ogg: 'media',
  webm: 'media',
  zip: 'archive',
  psd: 'design',
  indd: 'design',
  dwg: 'design',
  rvt: 'design',
  pln: 'design',
}

/**
 * A file's icon (docs/wall.md, "Attachments"; docs/reader.md): a page with its extension written
 * on it, in its family's colour. Decorative: the name beside it, or the control around it, says
 * which file it is. `size` is its height in pixels.
 */
export const FileIcon = ({ name, size = 40 }: { name: string; size?: number }) => {
  const ext = extensionOf(name)
  return (
    <svg
      className={`file-icon file-icon--${families[ext] ?? 'other'}`}
      viewBox="0 0 32 40"
      width={size * 0.8}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <path className="file-icon__page" d="M2 1h20l8 8v30H2z" />
      <path className="file-icon__fold" d="M22 1v8h8" />
      <rect className="file-icon__band" x="0" y="22" width="28" height="11" rx="2" />
      <text className="file-icon__ext" x="14" y="30.5" textAnchor="middle">
        {ext.toUpperCase().slice(0, 4) || '?'}
      </text>
    </svg>
  )
}
