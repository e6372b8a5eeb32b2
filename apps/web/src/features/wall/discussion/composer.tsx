import { isBlankMessage, messages } from '@palabre/contracts'
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { readDraft, writeDraft } from './drafts'

export interface ComposerProps {
  phone: string
  postId: string
  mobile: boolean
  onSend: (text: string) => void
}

/**
 * The discussion's footer (docs/wall.md, "Discussion"): Enter sends, Shift+Enter starts a new
 * line; a blank message is refused with the product's message; the draft of each post is kept.
 * The attach button waits for the files issue. Its parent keys it by post.
 */
export const Composer = ({ phone, postId, mobile, onSend }: ComposerProps) => {
  const { t } = useTranslation()
  const [text, setText] = useState(() => readDraft(phone, postId))
  const [error, setError] = useState<string | null>(null)
  const errorId = useId()
  const placeholder = mobile
    ? t('wall.layout.placeholderMobile')
    : t('wall.layout.placeholderDesktop')

  const change = (value: string) => {
    setText(value)
    setError(null)
    writeDraft(phone, postId, value)
  }

  const submit = (event?: FormEvent) => {
    event?.preventDefault()
    if (isBlankMessage(text)) {
      setError(messages.message.empty)
      return
    }
    onSend(text)
    change('')
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      submit()
    }
  }

  return (
    <form className="composer" onSubmit={submit}>
      {error && (
        <p id={errorId} className="composer__error" role="alert">
          {error}
        </p>
      )}
      <div className="composer__row">
        <button
          type="button"
          className="composer__attach"
          disabled
          aria-label={t('wall.layout.attach')}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              fill="currentColor"
              d="M16.5 6.5v10a4.5 4.5 0 0 1-9 0V5a3 3 0 0 1 6 0v10.5a1.5 1.5 0 0 1-3 0V6.5H9V15.5a3 3 0 0 0 6 0V5a4.5 4.5 0 0 0-9 0v11.5a6 6 0 0 0 12 0v-10z"
            />
          </svg>
        </button>
        <textarea
          className="composer__input"
          rows={1}
          value={text}
          aria-label={placeholder}
          aria-describedby={error ? errorId : undefined}
          placeholder={placeholder}
          onChange={(e) => change(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="composer__send btn btn-primary">
          {t('wall.layout.send')}
        </button>
      </div>
    </form>
  )
}
