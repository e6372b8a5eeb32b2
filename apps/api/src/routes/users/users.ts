import type { Router } from 'express'
import type { ApiContext } from '../../context.js'
import { mountProfile } from './profile.js'
import { mountResetPassword } from './reset-password.js'
import { mountSignUp } from './sign-up.js'

export const mountUsers = (router: Router, ctx: ApiContext): void => {
  mountSignUp(router, ctx)
  mountProfile(router, ctx)
  mountResetPassword(router, ctx)
}
