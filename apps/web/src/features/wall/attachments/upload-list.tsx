import { useTranslation } from 'react-i18next'
import type { PickedFile } from './use-uploads'
import './attachments.css'

export interface UploadListProps {
  files: readonly PickedFile[]
  onRemove: (key: string) => void
}

/** The chosen files, in order: a progress bar while uploading, the reason when it failed. */
export const UploadList = ({ files, onRemove }: UploadListProps) => {
  const { t } = useTranslation()
  if (files.length === 0) return null
  return (
    <ul className="upload-list" aria-label={t('wall.layout.chosenFiles')}>
      {files.map((file) => (
        <li
          key={file.key}
          className={`upload-list__item upload-list__item--${file.state}`}
          data-testid="picked-file"
          data-state={file.state}
        >
          <span className="upload-list__name">
            {file.kind === 'poll' ? `${t('wall.layout.quiz')}: ${file.name}` : file.name}
          </span>
          {file.state === 'uploading' && (
            <progress
              className="upload-list__progress"
              max={1}
              value={file.progress}
              aria-label={t('wall.layout.uploading', { name: file.name })}
            />
          )}
          {file.state === 'failed' && (
            <span className="upload-list__error" role="alert">
              {file.error}
            </span>
          )}
          <button
            type="button"
            className="upload-list__remove"
            aria-label={t('wall.layout.removeFile', { name: file.name })}
            onClick={() => onRemove(file.key)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  )
}
