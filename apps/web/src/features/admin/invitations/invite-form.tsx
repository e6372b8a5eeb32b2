import { maxInvitationsPerCall, type CsvInviteAnswer, type InviteResult } from '@palabre/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CountrySelect } from '../../../components/country-select'
import { FormAlert } from '../../../components/form-alert'
import { TextField } from '../../../components/text-field'
import { isApiError } from '../../../lib/api-error'
import { dialCodeFor, phoneCountries } from '../../../lib/phone-input'
import { useServerText } from '../../../i18n/server-text'
import { adminKeys, importInvitations, invite } from '../admin-calls'
import { CsvFields } from './csv-fields'
import { CsvResults } from './csv-results'
import { InviteResults } from './invite-results'
import { parsePastedList, type PastedInvitation } from './pasted-list'

const kinds = ['one', 'list', 'csv'] as const
type Kind = (typeof kinds)[number]

/** The line of a list an issue's path names (`body.invitations.3.name` is line 4), if any. */
const lineOf = (path: string): number | undefined => {
  const match = /(?:^|\.)invitations\.(\d+)(?:\.|$)/.exec(path)
  return match ? Number(match[1]) + 1 : undefined
}

/**
 * Inviting (docs/organisation.md, "Invitations"): a country for the numbers typed without '+'
 * or '00', then one phone with an optional name, a pasted list, or a CSV file's text. Each
 * item's outcome, or a file's counts and refused lines, is shown in words once the server has
 * answered.
 */
export const InviteForm = ({ defaultCountry }: { defaultCountry: string }) => {
  const { t } = useTranslation()
  const serverText = useServerText()
  const client = useQueryClient()
  const kindName = useId()
  const [country, setCountry] = useState(defaultCountry)
  const [kind, setKind] = useState<Kind>('one')
  const [phone, setPhone] = useState('')
  const [name, setName] = useState('')
  const [pasted, setPasted] = useState('')
  const [problems, setProblems] = useState<string[]>([])
  const [results, setResults] = useState<InviteResult[] | null>(null)
  const [csv, setCsv] = useState('')
  const [imported, setImported] = useState<CsvInviteAnswer | null>(null)

  const clear = () => {
    setProblems([])
    setResults(null)
    setImported(null)
  }

  const showFailure = (error: Error) => {
    const issues = isApiError(error) ? error.issues : []
    const listed = issues.map((issue) => {
      const line = lineOf(issue.path)
      const message = serverText(issue.message)
      return kind === 'list' && line !== undefined
        ? t('admin.invitations.lineIssue', { line, message })
        : message
    })
    setProblems(
      listed.length > 0
        ? [...new Set(listed)]
        : [serverText(error.message || t('admin.page.actionFailed'))],
    )
  }

  const sending = useMutation({
    mutationFn: invite,
    onMutate: clear,
    onSuccess: (answer) => {
      setResults(answer.results)
      setPhone('')
      setName('')
      setPasted('')
    },
    onError: showFailure,
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  })

  // A file's import refreshes the pending list as the list's does.
  const importing = useMutation({
    mutationFn: importInvitations,
    onMutate: clear,
    onSuccess: (answer) => {
      setImported(answer)
      setCsv('')
    },
    onError: showFailure,
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  })

  const submit = () => {
    const dialCode = dialCodeFor(country)
    if (kind === 'csv') {
      if (csv.trim() === '') return setProblems([t('admin.invitations.csvNothing')])
      return importing.mutate({ csv, ...(dialCode === '' ? {} : { dialCode }) })
    }
    const invitations: PastedInvitation[] =
      kind === 'one'
        ? phone.trim() === ''
          ? []
          : [
              name.trim() === ''
                ? { phone: phone.trim() }
                : { phone: phone.trim(), name: name.trim() },
            ]
        : parsePastedList(pasted)
    if (invitations.length === 0) return setProblems([t('admin.invitations.nothing')])
    if (invitations.length > maxInvitationsPerCall)
      return setProblems([t('admin.invitations.tooMany', { max: maxInvitationsPerCall })])
    sending.mutate({ invitations, ...(dialCode === '' ? {} : { dialCode }) })
  }

  return (
    <section className="admin-panel" aria-labelledby={`${kindName}-heading`}>
      <h3 id={`${kindName}-heading`}>{t('admin.invitations.heading')}</h3>
      <form
        className="admin-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        <CountrySelect countries={phoneCountries} value={country} onChange={setCountry} />
        <fieldset className="admin-choice">
          <legend className="field__label">{t('admin.invitations.kind')}</legend>
          {kinds.map((option) => (
            <label key={option} className="admin-choice__option">
              <input
                type="radio"
                name={kindName}
                value={option}
                checked={kind === option}
                onChange={() => setKind(option)}
              />
              {t(`admin.invitations.${option}`)}
            </label>
          ))}
        </fieldset>
        {kind === 'one' ? (
          <div className="admin-form__row">
            <TextField
              label={t('admin.invitations.phone')}
              type="tel"
              autoComplete="off"
              maxLength={64}
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
            />
            <TextField
              label={t('admin.invitations.name')}
              autoComplete="off"
              maxLength={100}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
        ) : kind === 'csv' ? (
          <CsvFields id={kindName} text={csv} onText={setCsv} />
        ) : (
          <div className="field">
            <label htmlFor={`${kindName}-list`} className="field__label">
              {t('admin.invitations.pasted')}
            </label>
            <textarea
              id={`${kindName}-list`}
              className="field__input admin-textarea"
              rows={6}
              value={pasted}
              aria-describedby={`${kindName}-list-hint`}
              onChange={(event) => setPasted(event.target.value)}
            />
            <p id={`${kindName}-list-hint`} className="field__hint">
              {t('admin.invitations.pastedHint')}
            </p>
          </div>
        )}
        {problems.length > 0 && (
          <FormAlert>
            {problems.length === 1 ? (
              problems[0]
            ) : (
              <ul className="admin-problems">
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            )}
          </FormAlert>
        )}
        <div>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={sending.isPending || importing.isPending}
          >
            {kind === 'csv' ? t('admin.invitations.csvSubmit') : t('admin.invitations.submit')}
          </button>
        </div>
      </form>
      {results !== null && <InviteResults results={results} />}
      {imported !== null && <CsvResults answer={imported} />}
    </section>
  )
}
