import { zodResolver } from '@hookform/resolvers/zod'
import { authRoutes, loginSchema, messages, phoneMessages } from '@palabre/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { Link, useNavigate } from 'react-router-dom'
import { CountrySelect } from '../../components/country-select'
import { FormAlert } from '../../components/form-alert'
import { TextField } from '../../components/text-field'
import { callRoute } from '../../lib/api-client'
import { messageFor } from '../../lib/error-message'
import { issuesByField } from '../../lib/form-issues'
import { accountPhone, isPhoneOf, phoneCountries } from '../../lib/phone-input'
import { useLang } from '../../i18n/use-lang'
import { storeSession } from '../../session/session-query'
import { useAccountTexts } from './account-texts'
import { signInSchema, type SignInValues } from './sign-in-schema'

export interface SignInFormProps {
  defaultValues?: Partial<SignInValues>
  /** Said above the fields, already in the screen's language. */
  notice?: string | null
  onForgotPassword: (values: Pick<SignInValues, 'country' | 'phone'>) => void
}

/**
 * Country, phone, password, 'Log in'; verified by the server (docs/behaviour.md, "Sign-in").
 * The messages are the contracts' texts, shown in the screen's language.
 */
export const SignInForm = ({ defaultValues, notice, onForgotPassword }: SignInFormProps) => {
  const { t, serverText, fieldText } = useAccountTexts()
  const language = useLang()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { country: '', phone: '', password: '', ...defaultValues },
  })
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit(async ({ country, phone, password }) => {
    setFailure(null)
    // The account's key, by the rule the server applies (docs/behaviour.md, "Phone numbers").
    if (!isPhoneOf(country, phone)) {
      form.setError('phone', { message: phoneMessages.formatIncorrect })
      return
    }
    const body = { phone: accountPhone(country, phone), password }
    const checked = loginSchema.safeParse(body)
    if (!checked.success) {
      const issue = issuesByField(checked.error)
      if (issue.phone) form.setError('phone', { message: issue.phone })
      if (issue.password) form.setError('password', { message: issue.password })
      return
    }
    try {
      const profile = await callRoute(authRoutes.login, { body })
      storeSession(queryClient, profile)
      await navigate('/wall', { replace: true })
    } catch (error) {
      setFailure(
        messageFor(error, messages.reset.unexpected, {
          401: messages.signIn.wrongPassword,
          404: messages.signIn.notFound,
        }),
      )
    }
  })

  return (
    <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
      {notice && <FormAlert tone="success">{notice}</FormAlert>}
      <Controller
        control={form.control}
        name="country"
        render={({ field }) => (
          <CountrySelect
            countries={phoneCountries}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            name={field.name}
            ref={field.ref}
            error={fieldText(errors.country?.message)}
          />
        )}
      />
      <TextField
        label={t('account.signIn.phone')}
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        error={fieldText(errors.phone?.message)}
        {...form.register('phone')}
      />
      <TextField
        label={t('account.signIn.password')}
        type="password"
        autoComplete="current-password"
        error={fieldText(errors.password?.message)}
        {...form.register('password')}
      />
      {failure !== null && <FormAlert>{serverText(failure)}</FormAlert>}
      <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
        {t('account.signIn.logIn')}
      </button>
      <div className="auth-form__links">
        {/* The privacy policy in the screen's language (docs/behaviour.md, "Sign-in"). */}
        <Link to={language === 'fr' ? '/privacy-fr' : '/privacy-eng'}>
          {t('account.signIn.privacy')}
        </Link>
        <button
          type="button"
          className="link-button"
          onClick={() => {
            const { country, phone } = form.getValues()
            onForgotPassword({ country, phone })
          }}
        >
          {t('account.signIn.forgotPassword')}
        </button>
      </div>
    </form>
  )
}
