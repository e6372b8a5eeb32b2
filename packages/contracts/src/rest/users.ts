export const usersRoutes = {} as const
