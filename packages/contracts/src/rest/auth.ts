export const authRoutes = {} as const
