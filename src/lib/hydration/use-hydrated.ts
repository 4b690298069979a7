import { useSyncExternalStore } from 'react'

const unchanging = () => () => undefined

/**
 * False while the server draws the page and while React hydrates that view, true otherwise
 * (right after hydration React renders again with true). What the server cannot know (the
 * visitor's time zone, the page's full address, the clock to the minute, data the client
 * fetched itself: the coin icons, the profile) is drawn from it, so the hydrating render matches
 * the served markup. A lazy part hydrates later than the page, when its chunk is in, and by then
 * such data may have arrived: it hydrates as served all the same, then shows it.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  )
