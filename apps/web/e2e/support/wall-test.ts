import { test as base } from '@playwright/test'
import { signUpMember, type Member } from './members'

export { expect } from '@playwright/test'

/** The phone the wall's mobile layout is tested on (430px or less is the phone layout). */
export const phoneViewport = { width: 390, height: 844 }
/** The desktop the wall is tried at (docs/wall.md, "Layout"). */
export const desktopViewport = { width: 1366, height: 850 }

export type SignUp = (
  name: string,
  options?: { viewport?: { width: number; height: number } },
) => Promise<Member>

/**
 * Browser tests of the wall: `signUp(name)` gives a freshly signed-up person in a browser
 * context of their own, closed once the test ends.
 */
export const test = base.extend<{ signUp: SignUp }>({
  signUp: async ({ browser }, use) => {
    const members: Member[] = []
    await use(async (name, options = {}) => {
      const member = await signUpMember(browser, name, options)
      members.push(member)
      return member
    })
    for (const member of members) await member.context.close()
  },
})
