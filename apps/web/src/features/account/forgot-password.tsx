import { messages, otpResendSeconds } from '@palabre/contracts'
import { useState } from 'react'
import { isApiError } from '../../lib/api-error'
import { useCountdown } from '../../lib/use-countdown'
import { accountFailure, organisationRefusal } from './account-failure'
import { useAccountTexts } from './account-texts'
import { OtpStepForm } from './otp-step-form'
import { PhoneStepForm, type PhoneStepValues } from './phone-step-form'
import { NewPasswordForm } from './new-password-form'
import { loadAccountRuntime } from './use-account-runtime'

/** The reset's steps; each has its title in the catalogue (`account.reset.titles`). */
export type ResetStep = 'phone' | 'code' | 'password'

/**
 * The reset's failure text (docs/behaviour.md, "Password reset"): a deactivated account is told
 * so, else the server's 404/500 message, else fixed texts.
 */
export const resetFailureMessage = (error: unknown): string => {
  const refusal = organisationRefusal(error)
  if (refusal !== undefined) return refusal
  if (!isApiError(error)) return messages.reset.unexpected
  if (error.status === 404) return error.serverMessage ?? messages.reset.notFound
  if (error.status === 500) return error.serverMessage ?? messages.reset.updateFailed
  return messages.reset.unexpected
}

export interface ForgotPasswordProps {
  initial: PhoneStepValues
  onStepChange: (step: ResetStep) => void
  /** Back to the sign-in form after a successful reset, with the phone filled in. */
  onDone: (values: PhoneStepValues) => void
}

/**
 * The three steps (docs/behaviour.md, "Password reset"): 'Send Code' -> 'Verify Code' (0:59 countdown, resend via
 * WhatsApp, change the number) -> new password and 'Reset Password'. The calls come with the
 * account runtime (docs/bundle-budgets.md, "First paint").
 */
export const ForgotPassword = ({ initial, onStepChange, onDone }: ForgotPasswordProps) => {
  const { t, runtime } = useAccountTexts()
  const [step, setStepState] = useState<ResetStep>('phone')
  const [phone, setPhone] = useState<PhoneStepValues>(initial)
  const countdown = useCountdown(otpResendSeconds)

  const setStep = (next: ResetStep) => {
    setStepState(next)
    onStepChange(next)
  }

  const send = async (values: PhoneStepValues): Promise<string | null> => {
    try {
      const { sendPhoneCode } = await loadAccountRuntime()
      await sendPhoneCode(values.country, values.phone)
    } catch (error) {
      return accountFailure(error, messages.reset.otpSendFailed)
    }
    setPhone(values)
    countdown.start()
    if (step !== 'code') setStep('code')
    return null
  }

  const verify = async (otp: string): Promise<string | null> => {
    try {
      const { verifyPhoneCode } = await loadAccountRuntime()
      await verifyPhoneCode(phone.country, phone.phone, otp)
    } catch (error) {
      return accountFailure(error, messages.reset.unexpected, { 400: messages.reset.otpWrong })
    }
    countdown.stop()
    setStep('password')
    return null
  }

  const reset = async (password: string): Promise<string | null> => {
    try {
      const { updatePassword } = await loadAccountRuntime()
      await updatePassword(phone.country, phone.phone, password)
    } catch (error) {
      return resetFailureMessage(error)
    }
    onDone(phone)
    return null
  }

  if (step === 'phone') return <PhoneStepForm defaultValues={phone} onSend={send} />
  if (step === 'code') {
    return (
      <OtpStepForm
        destination={runtime?.displayPhone(phone.country, phone.phone) ?? phone.phone}
        remaining={countdown.remaining}
        wrongCodeMessage={messages.reset.otpWrong}
        resendLabel={t('account.otp.resendWhatsApp')}
        changeLabel={t('account.otp.changeNumber')}
        onVerify={verify}
        onResend={() => send(phone)}
        onChangeDestination={() => {
          countdown.stop()
          setStep('phone')
        }}
      />
    )
  }
  return <NewPasswordForm onReset={reset} />
}
