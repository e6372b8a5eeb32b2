import { signupModeSchema, type SignupMode, type SignupSettings } from '@palabre/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormAlert } from '../../../components/form-alert'
import { isApiError } from '../../../lib/api-error'
import { formatPostDate } from '../../../lib/dates'
import { useFailureMessage } from '../../../lib/failure-message'
import { useServerText } from '../../../i18n/server-text'
import { useLang } from '../../../i18n/use-lang'
import { adminKeys, fetchSettings, saveSettings } from '../admin-calls'
import { QueryState } from '../parts/query-state'
import { domainLines, settingsIssues, type SettingsIssues } from './settings-issues'

/**
 * The sign-up settings (docs/organisation.md, "Settings"): open or closed, the allowed e-mail
 * domains one a line, Save. Says whether the server's configuration still holds, and puts a
 * refused save's messages on the fields they concern.
 */
export const SettingsSection = () => {
  const settings = useQuery({
    queryKey: adminKeys.settings,
    queryFn: ({ signal }) => fetchSettings(signal),
  })
  return (
    <div className="admin-section">
      <QueryState query={settings} />
      {settings.data !== undefined && <SettingsForm settings={settings.data} />}
    </div>
  )
}

const SettingsForm = ({ settings }: { settings: SignupSettings }) => {
  const { t } = useTranslation()
  const lang = useLang()
  const id = useId()
  const client = useQueryClient()
  const serverText = useServerText()
  const failureMessage = useFailureMessage()
  const [mode, setMode] = useState<SignupMode>(settings.signupMode)
  const [domains, setDomains] = useState(settings.allowedEmailDomains.join('\n'))
  const [issues, setIssues] = useState<SettingsIssues | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  const [sent, setSent] = useState<string[]>([])

  const save = useMutation({
    mutationFn: saveSettings,
    onMutate: () => {
      setIssues(null)
      setFailure(null)
      setSaved(false)
    },
    onSuccess: (answer) => {
      client.setQueryData(adminKeys.settings, answer)
      // The domains as the server keeps them: trimmed, lower-cased.
      setMode(answer.signupMode)
      setDomains(answer.allowedEmailDomains.join('\n'))
      setSaved(true)
    },
    onError: (error) => {
      const found = isApiError(error) ? settingsIssues(error.issues) : null
      if (found && (found.domains.length > 0 || found.signupMode || found.other.length > 0))
        setIssues(found)
      else setFailure(failureMessage(error, t('admin.page.actionFailed')))
    },
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.auditAll }),
  })

  const domainProblems = (issues?.domains ?? []).map(({ at, message }) =>
    t('admin.settings.domainIssue', { domain: sent[at] ?? '', message: serverText(message) }),
  )
  const listProblems = (issues?.other ?? []).map(serverText)
  const domainError = [...domainProblems, ...listProblems]

  return (
    <form
      className="admin-form admin-panel"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        const list = domainLines(domains)
        setSent(list)
        save.mutate({ signupMode: mode, allowedEmailDomains: list })
      }}
    >
      <p className="admin-muted" data-testid="settings-origin">
        {settings.savedAt === null
          ? t('admin.settings.fromEnvironment')
          : t('admin.settings.savedOn', { date: formatPostDate(settings.savedAt, lang) })}
      </p>
      <fieldset
        className="admin-choice"
        aria-describedby={issues?.signupMode ? `${id}-mode-error` : `${id}-mode-hint`}
      >
        <legend className="field__label">{t('admin.settings.mode')}</legend>
        {signupModeSchema.options.map((option) => (
          <label key={option} className="admin-choice__option">
            <input
              type="radio"
              name={`${id}-mode`}
              value={option}
              checked={mode === option}
              onChange={() => setMode(option)}
            />
            {t(`admin.settings.${option}`)}
          </label>
        ))}
        <p id={`${id}-mode-hint`} className="field__hint">
          {t('admin.settings.closedHint')}
        </p>
        {issues?.signupMode && (
          <p id={`${id}-mode-error`} className="field__error" role="alert">
            {serverText(issues.signupMode)}
          </p>
        )}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-domains`} className="field__label">
          {t('admin.settings.domains')}
        </label>
        <textarea
          id={`${id}-domains`}
          className="field__input admin-textarea"
          rows={5}
          value={domains}
          spellCheck={false}
          aria-invalid={domainError.length > 0 ? true : undefined}
          aria-describedby={`${id}-domains-hint${domainError.length > 0 ? ` ${id}-domains-error` : ''}`}
          onChange={(event) => setDomains(event.target.value)}
        />
        <p id={`${id}-domains-hint`} className="field__hint">
          {t('admin.settings.domainsHint')}
        </p>
        {domainError.length > 0 && (
          <ul id={`${id}-domains-error`} className="field__error admin-problems" role="alert">
            {domainError.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
      </div>
      {failure !== null && <FormAlert>{failure}</FormAlert>}
      <p className="admin-notice" role="status">
        {saved ? t('admin.settings.saved') : ''}
      </p>
      <div>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {t('admin.settings.save')}
        </button>
      </div>
    </form>
  )
}
