import { messages } from '@palabre/contracts'
import { useEffect, useState } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { AuthShell } from '../../components/auth-shell'
import type { PhoneStepValues } from './phone-step-form'
import { ForgotPassword, resetStepTitles } from './forgot-password'
import { SignInForm } from './sign-in-form'

type Mode =
  | { name: 'signIn'; phone: PhoneStepValues; notice: string | null }
  | { name: 'forgot'; phone: PhoneStepValues; title: string }

const emptyPhone: PhoneStepValues = { country: '', phone: '' }

/** A screen that sends the person here may say why (a session ended elsewhere). */
const noticeOf = (state: unknown): string | null =>
  typeof state === 'object' &&
  state !== null &&
  'notice' in state &&
  typeof state.notice === 'string'
    ? state.notice
    : null

/** `/auth`: sign-in, with the password reset inside it (docs/behaviour.md, "Screens and routes"). */
export const AuthPage = () => {
  const arrivedWith = noticeOf(useLocation().state)
  const [mode, setMode] = useState<Mode>({ name: 'signIn', phone: emptyPhone, notice: arrivedWith })

  useEffect(() => {
    document.title = 'Log in · Palabre'
    document.documentElement.lang = 'en'
  }, [])

  const backToLogin = (phone: PhoneStepValues, notice: string | null = null) =>
    setMode({ name: 'signIn', phone, notice })

  return (
    <AuthShell
      title={mode.name === 'signIn' ? messages.signIn.logIn : mode.title}
      headerLink={
        <Link className="btn btn-secondary" to="/inscription">
          {messages.signIn.signUpLink}
        </Link>
      }
    >
      {mode.name === 'signIn' ? (
        <SignInForm
          key="sign-in"
          defaultValues={mode.phone}
          notice={mode.notice}
          onForgotPassword={(phone) =>
            setMode({ name: 'forgot', phone, title: resetStepTitles.phone })
          }
        />
      ) : (
        <>
          <ForgotPassword
            initial={mode.phone}
            onStepChange={(step) => setMode({ ...mode, title: resetStepTitles[step] })}
            onDone={(phone) =>
              backToLogin(phone, 'Your password has been changed. You can log in.')
            }
          />
          <p className="auth-back">
            <button type="button" className="link-button" onClick={() => backToLogin(mode.phone)}>
              {messages.reset.backToLogin}
            </button>
          </p>
        </>
      )}
    </AuthShell>
  )
}
