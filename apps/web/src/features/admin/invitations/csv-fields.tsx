import { invitationCsvColumns } from '@palabre/contracts'
import { useTranslation } from 'react-i18next'

/** The header a file starts with, in the template's order (docs/organisation.md, "Invitations"). */
export const csvHeader = invitationCsvColumns.join(',')

/** The template offered for download: the header, then one example line. */
const template = `${csvHeader}\n+33 6 12 34 56 78,Jane Doe,Accountant,Finance,Lyon,employee\n`
const templateHref = `data:text/csv;charset=utf-8,${encodeURIComponent(template)}`

/**
 * A CSV file's text (docs/organisation.md, "The console"): chosen as a file, whose text fills
 * the box, or pasted in the box with its header line.
 */
export const CsvFields = ({
  id,
  text,
  onText,
}: {
  id: string
  text: string
  onText: (text: string) => void
}) => {
  const { t } = useTranslation()
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-file`} className="field__label">
          {t('admin.invitations.csvFile')}
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          className="admin-file"
          aria-describedby={`${id}-csv-hint`}
          onChange={(event) => {
            const file = event.target.files?.[0]
            if (file !== undefined) void file.text().then(onText)
          }}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-csv`} className="field__label">
          {t('admin.invitations.csvPasted')}
        </label>
        <textarea
          id={`${id}-csv`}
          className="field__input admin-textarea"
          rows={6}
          spellCheck={false}
          value={text}
          aria-describedby={`${id}-csv-hint`}
          onChange={(event) => onText(event.target.value)}
        />
        <p id={`${id}-csv-hint`} className="field__hint">
          {t('admin.invitations.csvHint')} <code className="admin-wrap">{csvHeader}</code>{' '}
          <a href={templateHref} download="invitations.csv">
            {t('admin.invitations.csvTemplate')}
          </a>
        </p>
      </div>
    </>
  )
}
