import { displayPhoneKey } from '../../../lib/phone-input'

/** A person of a list: their name when known, over their phone in international form. */
export const Person = ({ name, phone }: { name?: string | undefined; phone: string }) => (
  <span className="admin-person">
    {name !== undefined && name !== '' && <span className="admin-person__name">{name}</span>}
    <span className="admin-person__phone">{displayPhoneKey(phone)}</span>
  </span>
)
