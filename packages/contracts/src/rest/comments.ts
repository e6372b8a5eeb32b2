export const commentsRoutes = {} as const
