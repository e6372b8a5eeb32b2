import { InviteForm } from './invite-form'
import { PendingInvitations } from './pending-invitations'

/** The invitations (docs/organisation.md, "Invitations"): the form, then the pending ones. */
export const InvitationsSection = ({ defaultCountry }: { defaultCountry: string }) => (
  <div className="admin-section">
    <InviteForm defaultCountry={defaultCountry} />
    <PendingInvitations />
  </div>
)
