export const otpRoutes = {} as const
