import { QueryClient } from '@tanstack/react-query'

/** Request-hook defaults of spec §9. */
export const QUERY_DEFAULTS = {
  gcTimeMs: 300_000,
  focusRefreshMs: 5_000,
  retryDelayStartMs: 1_000,
  retryDelayMaxMs: 30_000,
} as const

/** How long a suspended request may hold a page before it gives up (spec §9). */
export const SUSPENSE_TIMEOUT_MS = 120_000

export const retryDelay = (attempt: number) =>
  Math.min(QUERY_DEFAULTS.retryDelayStartMs * 2 ** attempt, QUERY_DEFAULTS.retryDelayMaxMs)

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: QUERY_DEFAULTS.gcTimeMs,
        // Data younger than the focus-refresh window is not refetched on focus.
        staleTime: QUERY_DEFAULTS.focusRefreshMs,
        refetchOnWindowFocus: true,
        retryDelay,
      },
    },
  })
}
