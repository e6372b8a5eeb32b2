import { useEffect, useState } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { AuthShell } from '../../components/auth-shell'
import { useAccountTexts } from './account-texts'
import type { PhoneStepValues } from './phone-step-form'
import { ForgotPassword, type ResetStep } from './forgot-password'
import { SignInForm, type NoticeTone } from './sign-in-form'

/**
 * What the sign-in form says above its fields: a contracts text another screen sent (a session
 * that ended, as news; an account deactivated, as a refusal), or our own once a reset succeeded.
 * Kept as what to say, not as words, so it is written in the screen's language.
 */
type Notice = { server: string; tone: NoticeTone } | 'passwordChanged'

type Mode =
  | { name: 'signIn'; phone: PhoneStepValues; notice: Notice | null }
  | { name: 'forgot'; phone: PhoneStepValues; step: ResetStep }

const emptyPhone: PhoneStepValues = { country: '', phone: '' }

/** A screen that sends the person here may say why (a session ended elsewhere). */
const noticeOf = (state: unknown): Notice | null =>
  typeof state === 'object' &&
  state !== null &&
  'notice' in state &&
  typeof state.notice === 'string'
    ? {
        server: state.notice,
        tone: 'tone' in state && state.tone === 'error' ? 'error' : 'success',
      }
    : null

/** `/auth`: sign-in, with the password reset inside it (docs/behaviour.md, "Screens and routes"). */
export const AuthPage = () => {
  const { t, serverText, serverTextReady } = useAccountTexts()
  const arrivedWith = noticeOf(useLocation().state)
  const [mode, setMode] = useState<Mode>({ name: 'signIn', phone: emptyPhone, notice: arrivedWith })
  const pageTitle = t('account.signIn.logIn')

  // `<html lang>` follows the language setting (docs/languages.md, "The language setting").
  useEffect(() => {
    document.title = `${pageTitle} · Palabre`
  }, [pageTitle])

  const backToLogin = (phone: PhoneStepValues, notice: Notice | null = null) =>
    setMode({ name: 'signIn', phone, notice })

  // Another screen's notice is a contracts text: shown once it can be in the screen's language.
  const notice =
    mode.name !== 'signIn' || mode.notice === null
      ? null
      : mode.notice === 'passwordChanged'
        ? { text: t('account.reset.passwordChanged'), tone: 'success' as const }
        : serverTextReady
          ? { text: serverText(mode.notice.server), tone: mode.notice.tone }
          : null

  return (
    <AuthShell
      title={mode.name === 'signIn' ? pageTitle : t(`account.reset.titles.${mode.step}`)}
      headerLink={
        <Link className="btn btn-secondary" to="/inscription">
          {t('account.signIn.signUp')}
        </Link>
      }
    >
      {mode.name === 'signIn' ? (
        <SignInForm
          key="sign-in"
          defaultValues={mode.phone}
          notice={notice}
          onForgotPassword={(phone) => setMode({ name: 'forgot', phone, step: 'phone' })}
        />
      ) : (
        <>
          <ForgotPassword
            initial={mode.phone}
            onStepChange={(step) => setMode({ ...mode, step })}
            onDone={(phone) => backToLogin(phone, 'passwordChanged')}
          />
          <p className="auth-back">
            <button type="button" className="link-button" onClick={() => backToLogin(mode.phone)}>
              {t('account.reset.backToLogin')}
            </button>
          </p>
        </>
      )}
    </AuthShell>
  )
}
