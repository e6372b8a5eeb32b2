import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useNavigate } from 'react-router-dom'
import { FormAlert } from '../../components/form-alert'
import { TextField } from '../../components/text-field'
import { useLang } from '../../i18n/use-lang'
import { useAccountTexts } from './account-texts'
import { PhoneFields } from './phone-fields'
import type { SignInValues } from './sign-in-schema'
import { lazyResolver, loadAccountRuntime } from './use-account-runtime'

export type NoticeTone = 'error' | 'success'

export interface SignInFormProps {
  defaultValues?: Partial<SignInValues>
  /**
   * Said above the fields, already in the screen's language, until the form is sent: then the
   * form's own answer speaks, so a refusal is never said twice (docs/behaviour.md, "Sign-in").
   */
  notice?: { text: string; tone: NoticeTone } | null
  onForgotPassword: (values: Pick<SignInValues, 'country' | 'phone'>) => void
}

const resolver = lazyResolver((runtime) => runtime.resolvers.signIn)

/**
 * Country, phone, password, 'Log in'; verified by the server (docs/behaviour.md, "Sign-in").
 * The messages are the contracts' texts, shown in the screen's language. The checks and the
 * call come with the account runtime (docs/bundle-budgets.md, "First paint").
 */
export const SignInForm = ({ defaultValues, notice, onForgotPassword }: SignInFormProps) => {
  const { t, serverText, fieldText, runtime } = useAccountTexts()
  const language = useLang()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [failure, setFailure] = useState<string | null>(null)
  const [sent, setSent] = useState(false)
  const form = useForm<SignInValues>({
    resolver,
    defaultValues: { country: '', phone: '', password: '', ...defaultValues },
  })
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit(async ({ country, phone, password }) => {
    setFailure(null)
    setSent(true)
    const { logIn, storeSession } = await loadAccountRuntime()
    const result = await logIn(country, phone, password)
    if ('fields' in result) {
      if (result.fields.phone) form.setError('phone', { message: result.fields.phone })
      if (result.fields.password) form.setError('password', { message: result.fields.password })
      return
    }
    if ('failure' in result) {
      setFailure(result.failure)
      return
    }
    storeSession(queryClient, result.profile)
    await navigate('/wall', { replace: true })
  })

  return (
    <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
      {notice && !sent && <FormAlert tone={notice.tone}>{notice.text}</FormAlert>}
      <PhoneFields
        control={form.control}
        register={form.register}
        runtime={runtime}
        phoneLabel={t('account.signIn.phone')}
        countryError={fieldText(errors.country?.message)}
        phoneError={fieldText(errors.phone?.message)}
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
