import { FormAlert } from '../../../components/form-alert'

/** What became of the last action: its failure, said at once, or its success, said politely. */
export type Notice = { tone: 'error' | 'success'; text: string } | null

/**
 * Where a section says what became of its last action. The status region is always there, so
 * screen readers hear a success written into it; a failure is an alert of its own.
 */
export const NoticeLine = ({ notice }: { notice: Notice }) => (
  <>
    {notice?.tone === 'error' && <FormAlert>{notice.text}</FormAlert>}
    <p className="admin-notice" role="status">
      {notice?.tone === 'success' ? notice.text : ''}
    </p>
  </>
)
