import { isBlankMessage, pollFileName } from '@palabre/contracts'
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { AttachButton } from '../attachments/attach-button'
import { UploadList } from '../attachments/upload-list'
import { attachmentOf, useUploads } from '../attachments/use-uploads'
import { PollIcon } from '../../../components/icons'
import { LazyCreatePollModal } from '../../quizzes'
import { LazyVoiceRecorder } from '../media/lazy-media'
import { readDraft, writeDraft } from './drafts'
import type { CommentContent } from '../queries/sending/new-comment'

export interface ComposerProps {
  phone: string
  postId: string
  mobile: boolean
  onSend: (content: CommentContent) => void
}

/**
 * The discussion's footer (docs/wall.md, "Discussion"): Enter sends, Shift+Enter starts a new
 * line; a blank message is refused with the product's message; the draft of each post is kept.
 * A chosen file uploads at once and, once stored, goes as its own comment with the text typed
 * so far (docs/wall.md, "Attachments"); a voice message goes as its own comment, the text typed
 * staying in the field (docs/wall.md, "Voice messages"). A quiz created from here goes as its own comment
 * (docs/quizzes.md, "The attachment"). Its parent keys it by post.
 */
export const Composer = ({ phone, postId, mobile, onSend }: ComposerProps) => {
  const { t } = useTranslation()
  const [text, setText] = useState(() => readDraft(phone, postId))
  // Read when an upload ends, later than the render that chose the file.
  const textRef = useRef(text)
  useEffect(() => {
    textRef.current = text
  })
  const [error, setError] = useState<string | null>(null)
  const [creatingPoll, setCreatingPoll] = useState(false)
  // A voice message being recorded or uploaded takes the row (docs/wall.md, "Voice messages").
  const [recording, setRecording] = useState(false)
  const errorId = useId()
  const placeholder = mobile
    ? t('wall.layout.placeholderMobile')
    : t('wall.layout.placeholderDesktop')

  const change = (value: string) => {
    setText(value)
    setError(null)
    writeDraft(phone, postId, value)
  }

  const uploads = useUploads((file) => {
    const typed = textRef.current
    onSend({ text: isBlankMessage(typed) ? '' : typed, ...attachmentOf(file) })
    change('')
  })

  const submit = (event?: FormEvent) => {
    event?.preventDefault()
    if (isBlankMessage(text)) {
      setError(t('wall.modals.send.empty'))
      return
    }
    onSend({ text })
    change('')
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      submit()
    }
  }

  return (
    <>
      <form className="composer" onSubmit={submit}>
        {error && (
          <p id={errorId} className="composer__error" role="alert">
            {error}
          </p>
        )}
        <UploadList files={uploads.files} onRemove={uploads.remove} />
        <div className="composer__row">
          {!recording && (
            <>
              <AttachButton
                className="composer__attach"
                label={t('wall.layout.attach')}
                onFiles={uploads.add}
              >
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                  <path
                    fill="currentColor"
                    d="M16.5 6.5v10a4.5 4.5 0 0 1-9 0V5a3 3 0 0 1 6 0v10.5a1.5 1.5 0 0 1-3 0V6.5H9V15.5a3 3 0 0 0 6 0V5a4.5 4.5 0 0 0-9 0v11.5a6 6 0 0 0 12 0v-10z"
                  />
                </svg>
              </AttachButton>
              <button
                type="button"
                className="composer__attach"
                aria-label={t('wall.modals.send.poll')}
                title={t('wall.modals.send.poll')}
                onClick={() => setCreatingPoll(true)}
              >
                <PollIcon />
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
            </>
          )}
          <LazyVoiceRecorder
            onBusy={setRecording}
            onFailure={setError}
            onRecorded={(fileName) => onSend({ text: '', fileDocName: fileName })}
          />
          {/* On a phone Send is an icon, so the field keeps the width its placeholder needs. */}
          {recording ? null : mobile ? (
            <button
              type="submit"
              className="composer__send composer__send--icon btn btn-primary"
              aria-label={t('wall.layout.send')}
              title={t('wall.layout.send')}
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path fill="currentColor" d="M3.4 20.4 21 12 3.4 3.6 3.4 10l12.6 2-12.6 2z" />
              </svg>
            </button>
          ) : (
            <button type="submit" className="composer__send btn btn-primary">
              {t('wall.layout.send')}
            </button>
          )}
        </div>
      </form>
      {/* Outside the form: the quiz's own form is not nested in this one. */}
      <LazyCreatePollModal
        open={creatingPoll}
        creatorPhone={phone}
        onClose={() => setCreatingPoll(false)}
        onCreated={({ pollId, title }) =>
          onSend({ text: '', fileDocName: pollFileName(title, pollId) })
        }
      />
    </>
  )
}
