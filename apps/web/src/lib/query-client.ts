import { QueryClient } from '@tanstack/react-query'

/** One client per app: a failed call is shown, not silently retried (docs/behaviour.md, "Messages"). */
export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  })
