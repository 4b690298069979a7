import { useSyncExternalStore } from 'react'

const unchanging = () => () => undefined

/**
 * False while the server draws the page and while React hydrates that view, true otherwise
 * (right after hydration React renders again with true). What the server cannot know (the
 * visitor's time zone, the page's full address, the clock to the minute) is drawn from it, so
 * the hydrating render matches the served markup.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  )
