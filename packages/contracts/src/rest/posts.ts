export const postsRoutes = {} as const
