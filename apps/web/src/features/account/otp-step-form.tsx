import { useState, type FormEvent, type ReactNode } from 'react'
import { TextField } from '../../components/text-field'
import { formatCountdown } from '../../lib/countdown'
import { useAccountTexts } from './account-texts'

export interface OtpStepFormProps {
  /** Where the code went, shown to the user ('+33 612345678', 'ana@example.org'). */
  destination: string
  /** Seconds before resending is allowed (the running countdown). */
  remaining: number
  /** The product's message for a wrong code of this flow (a contracts text). */
  wrongCodeMessage: string
  /** The resend and go-back buttons, in the screen's language. */
  resendLabel: string
  changeLabel: string
  /** Resolves to an error message to show (a contracts text), or null when the code was accepted. */
  onVerify: (code: string) => Promise<string | null>
  onResend: () => Promise<string | null>
  onChangeDestination: () => void
  /** Shown with an error (sign-up offers a 'Log in' link there). */
  errorExtra?: ReactNode
}

const sixDigits = /^\d{6}$/

/** Stands for the destination in its sentence, so the sentence can be cut around it. */
const slot = '\u0001'

/**
 * Step "enter the code": 'Verify Code', the 0:59 countdown, 'Didn't receive a code?', a resend
 * button enabled at zero and the way back to the previous step (docs/behaviour.md, "Resend countdown").
 */
export const OtpStepForm = ({
  destination,
  remaining,
  wrongCodeMessage,
  resendLabel,
  changeLabel,
  onVerify,
  onResend,
  onChangeDestination,
  errorExtra,
}: OtpStepFormProps) => {
  const { t, serverText } = useAccountTexts()
  // Each language puts the destination where it goes in its sentence; it is shown in bold.
  const [sentBefore, sentAfter = ''] = t('account.otp.sentTo', { destination: slot }).split(slot)
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const typed = code.replace(/\s/g, '')
    // A code that cannot be one of ours is wrong without asking the server.
    if (!sixDigits.test(typed)) {
      setError(wrongCodeMessage)
      return
    }
    setBusy(true)
    setError(null)
    const failure = await onVerify(typed)
    setBusy(false)
    if (failure !== null) setError(failure)
  }

  const resend = async () => {
    setBusy(true)
    setError(null)
    setCode('')
    const failure = await onResend()
    setBusy(false)
    if (failure !== null) setError(failure)
  }

  return (
    <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
      <p className="auth-form__lead">
        {sentBefore}
        <strong>{destination}</strong>
        {sentAfter}
      </p>
      <TextField
        label={t('account.otp.code')}
        name="otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error === null ? undefined : serverText(error)}
      />
      {error !== null && errorExtra !== undefined && (
        <p className="auth-form__extra">{errorExtra}</p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {t('account.otp.verify')}
      </button>
      <div className="otp-resend">
        <p className="otp-resend__timer" aria-live="off">
          <span>{t('account.otp.noCode')}</span>{' '}
          <span className="otp-resend__count" data-testid="otp-countdown">
            {formatCountdown(remaining)}
          </span>
        </p>
        <div className="otp-resend__actions">
          <button
            type="button"
            className="btn btn-secondary"
            disabled={busy || remaining > 0}
            onClick={() => void resend()}
          >
            {resendLabel}
          </button>
          <button type="button" className="btn btn-ghost" onClick={onChangeDestination}>
            {changeLabel}
          </button>
        </div>
      </div>
    </form>
  )
}
