import { displayPhoneKey } from '@palabre/contracts'
import type { UserDoc } from './user-model.js'

/** What the domain hands out about a user: an explicit field list, so no hash can slip through. */
export interface UserProfile {
  nomPrenom: string
  phone: string
  mail: string
  indicatif: string
  /** The phone as people read it (docs/phones.md, "Showing a phone"). */
  phoneDisplay: string
  /** Their photo's file name, when they have one (docs/organisation.md, "Photos"). */
  photo?: string
}

/** The person's own profile, as their sign-in and their session read it. */
export const presentUser = (
  user: Pick<UserDoc, 'nomPrenom' | 'phone' | 'mail' | 'indicatif' | 'photo'>,
): UserProfile => ({
  nomPrenom: user.nomPrenom,
  phone: user.phone,
  mail: user.mail,
  indicatif: user.indicatif,
  phoneDisplay: displayPhoneKey(user.phone),
  ...(user.photo ? { photo: user.photo } : {}),
})
