export const contactsRoutes = {} as const
