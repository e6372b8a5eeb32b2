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
import { storeSession } from '../../session/session-query'
import { signInSchema, type SignInValues } from './sign-in-schema'

export interface SignInFormProps {
  defaultValues?: Partial<SignInValues>
  notice?: string | null
  onForgotPassword: (values: Pick<SignInValues, 'country' | 'phone'>) => void
}

/** Country, phone, password, 'Log in'; verified by the server (docs/behaviour.md, "Sign-in"). */
export const SignInForm = ({ defaultValues, notice, onForgotPassword }: SignInFormProps) => {
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
            error={errors.country?.message}
          />
        )}
      />
      <TextField
        label="Phone number"
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        error={errors.phone?.message}
        {...form.register('phone')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      {failure !== null && <FormAlert>{failure}</FormAlert>}
      <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
        {messages.signIn.logIn}
      </button>
      <div className="auth-form__links">
        <Link to="/privacy-eng">Privacy policy</Link>
        <button
          type="button"
          className="link-button"
          onClick={() => {
            const { country, phone } = form.getValues()
            onForgotPassword({ country, phone })
          }}
        >
          {messages.signIn.forgotPassword}
        </button>
      </div>
    </form>
  )
}
