import type { UserProfile } from '@palabre/contracts'
import type { ReactNode } from 'react'

/**
 * The signed-in person's own name and phone, at the top of either width's side (docs/wall.md,
 * "Layout"): the phone as the server wrote it for reading, the wall carrying no phone metadata
 * (docs/phones.md, "Showing a phone").
 */
export const SignedInAs = ({
  profile,
  className,
  children,
}: {
  profile: UserProfile
  className?: string
  /** What follows the phone on its line: the desktop's 'Profile'. */
  children?: ReactNode
}) => (
  <p className={className === undefined ? 'wall__me' : `wall__me ${className}`}>
    <span data-testid="wall-user-name">{profile.nomPrenom}</span>
    <span className="wall__me-line">
      <span className="wall__me-phone">{profile.phoneDisplay ?? `+${profile.phone}`}</span>
      {children}
    </span>
  </p>
)
