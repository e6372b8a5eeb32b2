export const syncRoutes = {} as const
