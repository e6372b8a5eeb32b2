import { messages, otpResendSeconds } from '@palabre/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { AuthShell } from '../../components/auth-shell'
import { useCountdown } from '../../lib/use-countdown'
import { OtpStepForm } from './otp-step-form'
import { PhoneStepForm, type PhoneStepValues } from './phone-step-form'
import { EmailStepForm } from './email-step-form'
import { ProfileStepForm, type ProfileStepValues } from './profile-step-form'
import type { SignUpData } from './sign-up-calls'
import { accountFailure } from './account-failure'
import { useAccountTexts } from './account-texts'
import { loadAccountRuntime } from './use-account-runtime'

type Step = 1 | 2 | 3 | 4 | 5

/** Each step's title in the catalogue (`account.signUp.titles`). */
const titles = {
  1: 'phone',
  2: 'phoneCode',
  3: 'email',
  4: 'emailCode',
  5: 'profile',
} as const satisfies Record<Step, string>

const stepCount = 5

/**
 * `/inscription`, the five steps (docs/behaviour.md, "Sign-up"): phone -> WhatsApp code -> e-mail -> e-mail code
 * -> names and password. Success opens the wall. The calls come with the account runtime
 * (docs/bundle-budgets.md, "First paint"), which the first step's check has fetched.
 * `?phone=<key>`, an invitation's link, fills the phone step in (docs/organisation.md,
 * "Invitations").
 */
export const InscriptionPage = () => {
  const { t, runtime } = useAccountTexts()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [step, setStep] = useState<Step>(1)
  const [data, setData] = useState<SignUpData>({ country: '', phone: '', mail: '' })
  const countdown = useCountdown(otpResendSeconds)
  // The phone metadata that reads the link's key comes with the runtime; a value it cannot
  // read as a phone of an accepted country is ignored (docs/behaviour.md, "Sign-up").
  const [search] = useSearchParams()
  const linkKey = search.get('phone')
  const linked = useMemo(
    () => (linkKey === null || runtime === null ? null : runtime.phoneFieldsOfKey(linkKey)),
    [linkKey, runtime],
  )

  const pageTitle = t('account.signUp.title')
  // `<html lang>` follows the language setting (docs/languages.md, "The language setting").
  useEffect(() => {
    document.title = `${pageTitle} · Palabre`
  }, [pageTitle])

  /** The 'Log in' link shown beside an error of the sign-up (docs/behaviour.md, "Sign-up"). */
  const logInLink = <Link to="/auth">{t('account.signUp.logIn')}</Link>

  const sendPhone = async (values: PhoneStepValues): Promise<string | null> => {
    try {
      const { sendPhoneCode } = await loadAccountRuntime()
      await sendPhoneCode(values.country, values.phone)
    } catch (error) {
      return accountFailure(error, messages.signUp.phoneOtpSendFailed)
    }
    setData((current) => ({ ...current, ...values }))
    countdown.start()
    setStep(2)
    return null
  }

  const verifyPhone = async (otp: string): Promise<string | null> => {
    try {
      const { verifyPhoneCode } = await loadAccountRuntime()
      await verifyPhoneCode(data.country, data.phone, otp)
    } catch (error) {
      return accountFailure(error, messages.signUp.failed, { 400: messages.signUp.phoneOtpWrong })
    }
    countdown.stop()
    setStep(3)
    return null
  }

  const sendMail = async (mail: string): Promise<string | null> => {
    try {
      const { sendEmailCode } = await loadAccountRuntime()
      await sendEmailCode(mail)
    } catch (error) {
      return accountFailure(error, messages.signUp.emailOtpSendFailed)
    }
    setData((current) => ({ ...current, mail }))
    countdown.start()
    setStep(4)
    return null
  }

  const verifyMail = async (otp: string): Promise<string | null> => {
    try {
      const { verifyEmailCode } = await loadAccountRuntime()
      await verifyEmailCode(data.mail, otp)
    } catch (error) {
      return accountFailure(error, messages.signUp.failed, { 400: messages.signUp.emailOtpWrong })
    }
    countdown.stop()
    setStep(5)
    return null
  }

  const finish = async (profile: ProfileStepValues): Promise<string | null> => {
    const { signUp, signUpFailureMessage, storeSession } = await loadAccountRuntime()
    try {
      const answer = await signUp(data, profile)
      storeSession(queryClient, answer.user)
    } catch (error) {
      return signUpFailureMessage(error)
    }
    await navigate('/wall', { replace: true })
    return null
  }

  const resendPhone = async () => {
    try {
      const { sendPhoneCode } = await loadAccountRuntime()
      await sendPhoneCode(data.country, data.phone)
    } catch (error) {
      return accountFailure(error, messages.signUp.phoneOtpSendFailed)
    }
    countdown.start()
    return null
  }

  const resendMail = async () => {
    try {
      const { sendEmailCode } = await loadAccountRuntime()
      await sendEmailCode(data.mail)
    } catch (error) {
      return accountFailure(error, messages.signUp.emailOtpSendFailed)
    }
    countdown.start()
    return null
  }

  const back = (to: Step) => {
    countdown.stop()
    setStep(to)
  }

  return (
    <AuthShell
      title={t(`account.signUp.titles.${titles[step]}`)}
      headerLink={
        // Back to sign-in, as sign-in offers sign-up (docs/behaviour.md, "Sign-up").
        <Link className="btn btn-secondary" to="/auth">
          {t('account.signUp.logIn')}
        </Link>
      }
    >
      <p className="auth-form__step">{t('account.signUp.step', { step, total: stepCount })}</p>
      {step === 1 && (
        <PhoneStepForm
          defaultValues={{ country: data.country, phone: data.phone }}
          prefill={data.country === '' && data.phone === '' ? linked : null}
          onSend={sendPhone}
          errorExtra={logInLink}
        />
      )}
      {step === 2 && (
        <OtpStepForm
          key="phone-code"
          destination={runtime?.displayPhone(data.country, data.phone) ?? data.phone}
          remaining={countdown.remaining}
          wrongCodeMessage={messages.signUp.phoneOtpWrong}
          resendLabel={t('account.otp.resendWhatsApp')}
          changeLabel={t('account.otp.changeNumber')}
          onVerify={verifyPhone}
          onResend={resendPhone}
          onChangeDestination={() => back(1)}
          errorExtra={logInLink}
        />
      )}
      {step === 3 && (
        <EmailStepForm defaultMail={data.mail} onSend={sendMail} errorExtra={logInLink} />
      )}
      {step === 4 && (
        <OtpStepForm
          key="mail-code"
          destination={data.mail}
          remaining={countdown.remaining}
          wrongCodeMessage={messages.signUp.emailOtpWrong}
          resendLabel={t('account.otp.resendEmail')}
          changeLabel={t('account.otp.changeEmail')}
          onVerify={verifyMail}
          onResend={resendMail}
          onChangeDestination={() => back(3)}
          errorExtra={logInLink}
        />
      )}
      {step === 5 && <ProfileStepForm onSignUp={finish} errorExtra={logInLink} />}
    </AuthShell>
  )
}
