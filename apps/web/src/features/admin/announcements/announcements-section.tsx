import {
  newAnnouncementSchema,
  pickerExtensions,
  type Group,
  type NewAnnouncement,
} from '@palabre/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { FormAlert } from '../../../components/form-alert'
import { isApiError } from '../../../lib/api-error'
import { discussionPath } from '../../../lib/paths'
import { useServerText } from '../../../i18n/server-text'
import { folderName, folderNameTexts, useUploads, type PickedFile } from '../../wall'
import { adminKeys, announce, fetchFolders } from '../admin-calls'
import { QueryState } from '../parts/query-state'
import './announcements-section.css'

const audiences = ['everyone', 'folders'] as const
type Audience = (typeof audiences)[number]

const accept = pickerExtensions.map((ext) => `.${ext}`).join(',')

/** What the form says is wrong, each where it belongs; contracts texts stay as they came. */
interface Problems {
  text?: string
  folders?: string
  files?: string
  other: string[]
}

const noProblem: Problems = { other: [] }

/** The field an issue of a refused call names: `body.text`, `body.folderIds.0`, … */
const fieldOf = (path: string): 'text' | 'folders' | 'files' | null => {
  if (/(^|\.)text$/.test(path)) return 'text'
  if (/(^|\.)folderIds(\.|$)/.test(path)) return 'folders'
  if (/(^|\.)fileNames(\.|$)/.test(path)) return 'files'
  return null
}

/** The chosen files: a progress bar while uploading, the server's reason when it failed. */
const FileRows = ({
  files,
  onRemove,
}: {
  files: readonly PickedFile[]
  onRemove: (key: string) => void
}) => {
  const { t } = useTranslation()
  const serverText = useServerText()
  if (files.length === 0) return null
  return (
    <ul className="announce-files" aria-label={t('admin.announcements.chosenFiles')}>
      {files.map((file) => (
        <li
          key={file.key}
          className="announce-files__item"
          data-testid="announcement-file"
          data-state={file.state}
        >
          <span className="announce-files__name">{file.name}</span>
          {file.state === 'uploading' && (
            <progress
              max={1}
              value={file.progress}
              aria-label={t('admin.announcements.uploading', { name: file.name })}
            />
          )}
          {file.state === 'failed' && (
            <span className="announce-files__error" role="alert">
              {serverText(file.error ?? '')}
            </span>
          )}
          <button
            type="button"
            className="btn btn-secondary admin-action"
            aria-label={t('admin.announcements.removeFile', { name: file.name })}
            onClick={() => onRemove(file.key)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  )
}

/** The administrator's folders, to choose whose members it goes to. */
const FolderChoice = ({
  phone,
  chosen,
  onChange,
  describedBy,
}: {
  phone: string
  chosen: readonly string[]
  onChange: (ids: string[]) => void
  describedBy: string | undefined
}) => {
  const { t } = useTranslation()
  const folders = useQuery({
    queryKey: adminKeys.folders(phone),
    queryFn: ({ signal }): Promise<Group[]> => fetchFolders(phone, signal),
  })
  const texts = {
    more: (n: number) => t('admin.announcements.moreMembers', { n }),
    onlyYou: t('admin.announcements.onlyYou'),
  }
  return (
    <fieldset className="admin-choice announce-folders" aria-describedby={describedBy}>
      <legend className="field__label">{t('admin.announcements.foldersList')}</legend>
      <QueryState query={folders} />
      {folders.data?.length === 0 && (
        <p className="admin-muted">{t('admin.announcements.noFolder')}</p>
      )}
      {folders.data?.map((folder) => {
        // An unnamed folder reads as its people, as on the wall (docs/wall.md, "Folder names").
        const name = folderNameTexts(folderName(folder, phone), texts)
        return (
          <label key={folder.idGroup} className="admin-choice__option" title={name.full}>
            <input
              type="checkbox"
              checked={chosen.includes(folder.idGroup)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? [...chosen, folder.idGroup]
                    : chosen.filter((id) => id !== folder.idGroup),
                )
              }
            />
            <span className="announce-folders__name">{name.label}</span>
            <span className="admin-muted">
              {t('admin.announcements.members', { count: folder.nbrParticipants })}
            </span>
          </label>
        )
      })}
    </fieldset>
  )
}

/**
 * Announcing (docs/announcements.md, "On the web"): the text, to everyone or to the members of
 * chosen folders, files uploaded as the wall uploads them, then Send. The answer says how many
 * people it reached and links to its discussion on the wall, where its table of confirmations is.
 */
export const AnnouncementsSection = ({ phone }: { phone: string }) => {
  const { t } = useTranslation()
  const serverText = useServerText()
  const client = useQueryClient()
  const id = useId()
  const fileInput = useRef<HTMLInputElement>(null)
  const [text, setText] = useState('')
  const [audience, setAudience] = useState<Audience>('everyone')
  const [chosen, setChosen] = useState<string[]>([])
  const [problems, setProblems] = useState<Problems>(noProblem)
  const [sent, setSent] = useState<{ idPostEmet: string; recipients: number } | null>(null)
  const uploads = useUploads()

  const sending = useMutation({
    mutationFn: (body: NewAnnouncement) => announce(body),
    onMutate: () => {
      setProblems(noProblem)
      setSent(null)
    },
    onSuccess: (answer) => {
      setSent(answer)
      setText('')
      setChosen([])
      for (const file of uploads.files) uploads.remove(file.key)
    },
    onError: (error) => {
      const found: Problems = { other: [] }
      for (const issue of isApiError(error) ? error.issues : []) {
        const field = fieldOf(issue.path)
        if (field === null) found.other.push(issue.message)
        else found[field] ??= issue.message
      }
      if (!found.text && !found.folders && !found.files && found.other.length === 0)
        found.other.push(error instanceof Error ? error.message : t('admin.page.actionFailed'))
      setProblems(found)
    },
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.auditAll }),
  })

  const submit = () => {
    setSent(null)
    const found: Problems = { other: [] }
    const checked = newAnnouncementSchema.shape.text.safeParse(text)
    if (!checked.success) found.text = checked.error.issues[0]?.message ?? ''
    if (audience === 'folders' && chosen.length === 0)
      found.folders = t('admin.announcements.chooseFolder')
    if (uploads.uploading) found.files = t('admin.announcements.waitForUploads')
    if (found.text !== undefined || found.folders !== undefined || found.files !== undefined)
      return setProblems(found)
    // A file that failed is not sent, as on the wall (docs/wall.md, "Attachments").
    const fileNames = uploads.files.flatMap((file) =>
      file.state === 'done' && file.fileName !== undefined ? [file.fileName] : [],
    )
    sending.mutate({
      text,
      ...(fileNames.length > 0 ? { fileNames } : {}),
      ...(audience === 'folders' ? { folderIds: chosen } : {}),
    })
  }

  const textError = problems.text === undefined ? undefined : serverText(problems.text)
  const foldersError = problems.folders === undefined ? undefined : serverText(problems.folders)
  const filesError = problems.files === undefined ? undefined : serverText(problems.files)

  return (
    <div className="admin-section">
      <section className="admin-panel" aria-labelledby={`${id}-heading`}>
        <h3 id={`${id}-heading`}>{t('admin.announcements.heading')}</h3>
        <p className="admin-muted announce-intro">{t('admin.announcements.intro')}</p>
        <form
          className="admin-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            submit()
          }}
        >
          <div className="field">
            <label htmlFor={`${id}-text`} className="field__label">
              {t('admin.announcements.text')}
            </label>
            <textarea
              id={`${id}-text`}
              className="field__input admin-textarea"
              rows={6}
              value={text}
              aria-invalid={textError ? true : undefined}
              aria-describedby={textError ? `${id}-text-error` : undefined}
              onChange={(event) => setText(event.target.value)}
            />
            {textError && (
              <p id={`${id}-text-error`} className="field__error" role="alert">
                {textError}
              </p>
            )}
          </div>
          <fieldset className="admin-choice">
            <legend className="field__label">{t('admin.announcements.audience')}</legend>
            {audiences.map((option) => (
              <label key={option} className="admin-choice__option">
                <input
                  type="radio"
                  name={`${id}-audience`}
                  value={option}
                  checked={audience === option}
                  onChange={() => setAudience(option)}
                />
                {t(`admin.announcements.${option}`)}
              </label>
            ))}
          </fieldset>
          {audience === 'folders' && (
            <FolderChoice
              phone={phone}
              chosen={chosen}
              onChange={setChosen}
              describedBy={foldersError ? `${id}-folders-error` : undefined}
            />
          )}
          {foldersError && (
            <p id={`${id}-folders-error`} className="field__error" role="alert">
              {foldersError}
            </p>
          )}
          <div className="announce-attach">
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => fileInput.current?.click()}
            >
              {t('admin.announcements.attach')}
            </button>
            <input
              ref={fileInput}
              type="file"
              multiple
              accept={accept}
              hidden
              data-testid="announcement-file-input"
              onChange={(event) => {
                const files = [...(event.target.files ?? [])]
                // The same file may be chosen again later.
                event.target.value = ''
                if (files.length > 0) uploads.add(files)
              }}
            />
            <FileRows files={uploads.files} onRemove={uploads.remove} />
            {filesError && (
              <p className="field__error" role="alert">
                {filesError}
              </p>
            )}
          </div>
          {problems.other.length > 0 && (
            <FormAlert>
              {problems.other.length === 1 ? (
                serverText(problems.other[0] ?? '')
              ) : (
                <ul className="admin-problems">
                  {problems.other.map((problem) => (
                    <li key={problem}>{serverText(problem)}</li>
                  ))}
                </ul>
              )}
            </FormAlert>
          )}
          <p className="admin-notice" role="status" data-testid="announcement-sent">
            {sent ? t('admin.announcements.sent', { count: sent.recipients }) : ''}
          </p>
          {sent && (
            <p className="announce-open">
              <Link to={discussionPath(sent.idPostEmet)}>{t('admin.announcements.open')}</Link>
            </p>
          )}
          <div>
            <button type="submit" className="btn btn-primary" disabled={sending.isPending}>
              {t('admin.announcements.submit')}
            </button>
          </div>
        </form>
      </section>
    </div>
  )
}
