/** The query of the signed-in person's own profile (docs/organisation.md, "Profiles"). */
export const myProfileKey = ['myProfile'] as const
