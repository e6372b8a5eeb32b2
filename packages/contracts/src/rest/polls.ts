export const pollsRoutes = {} as const
