import { pickerExtensions } from '@palabre/contracts'
import { useRef, type ReactNode } from 'react'

const accept = pickerExtensions.map((ext) => `.${ext}`).join(',')

export interface AttachButtonProps {
  label: string
  className: string
  onFiles: (files: File[]) => void
  disabled?: boolean
  /** The paperclip icon of the place it sits in. */
  children: ReactNode
}

/**
 * The paperclip (docs/wall.md, "Attachments"): the picker offers the product's types and takes
 * several files at once.
 */
export const AttachButton = ({
  label,
  className,
  onFiles,
  disabled,
  children,
}: AttachButtonProps) => {
  const input = useRef<HTMLInputElement>(null)
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={label}
        title={label}
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        {children}
      </button>
      <input
        ref={input}
        type="file"
        multiple
        accept={accept}
        hidden
        data-testid="attach-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])]
          // The same file may be chosen again later.
          event.target.value = ''
          if (files.length > 0) onFiles(files)
        }}
      />
    </>
  )
}
