import { passwordSchema } from '@palabre/contracts'

export interface NewPasswordTexts {
  passwordRequired: string
  confirmRequired: string
  passwordsMismatch: string
}

export interface NewPasswordProblem {
  path: 'password' | 'confirm'
  message: string
}

/**
 * A new password and its confirmation (reset step 3, sign-up step 5), with their messages (docs/behaviour.md, "Sign-up"):
 * the password is required, then the contract's own password rule applies; the confirmation is
 * required and must match. At sign-up the confirmation is asked for only once a password is
 * typed (`confirmOncePasswordTyped`).
 */
export const newPasswordProblems = (
  { password, confirm }: { password: string; confirm: string },
  texts: NewPasswordTexts,
  { confirmOncePasswordTyped }: { confirmOncePasswordTyped: boolean },
): NewPasswordProblem[] => {
  const problems: NewPasswordProblem[] = []
  if (password === '') {
    problems.push({ path: 'password', message: texts.passwordRequired })
    if (confirmOncePasswordTyped) return problems
  } else {
    const rule = passwordSchema.safeParse(password)
    if (!rule.success)
      problems.push({
        path: 'password',
        message: rule.error.issues[0]?.message ?? texts.passwordRequired,
      })
  }
  if (confirm === '') problems.push({ path: 'confirm', message: texts.confirmRequired })
  else if (password !== '' && password !== confirm)
    problems.push({ path: 'confirm', message: texts.passwordsMismatch })
  return problems
}
