export const groupsRoutes = {} as const
