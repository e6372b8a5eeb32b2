/**
 * The console's sections (docs/organisation.md, "The console"; the announcements:
 * docs/announcements.md, "On the web"). The address keeps the one
 * on screen, `/admin?tab=members`, and the audit trail's filter, `&phone=33612345678`, so a
 * reload or a shared link opens the same view.
 */
export const sections = [
  'members',
  'invitations',
  'announcements',
  'settings',
  'export',
  'audit',
] as const

export type Section = (typeof sections)[number]

/** The section a `tab` parameter names; the members when it names none. */
export const sectionOf = (tab: string | null): Section =>
  sections.find((section) => section === tab) ?? 'members'

/** The console's address for a section, the audit trail filtered by a phone key if given. */
export const sectionSearch = (section: Section, phone?: string): string => {
  const params = new URLSearchParams({ tab: section })
  if (phone !== undefined && phone !== '') params.set('phone', phone)
  return `?${params.toString()}`
}
