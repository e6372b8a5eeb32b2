export const filesRoutes = {} as const
