import { useSyncExternalStore } from 'react'
import { platformStore } from '../../../lib/platform/platform-store'

/**
 * From the lg breakpoint (lib/layout/breakpoints.ts) product lists are a table (issue 17).
 * Written out: the breakpoints object would otherwise ship whole in home's first load.
 */
const WIDE = '(min-width: 992px)'

/** The screen is wide now (false where there is no screen: the server's render). */
export const isWideScreen = () => typeof matchMedia === 'function' && matchMedia(WIDE).matches

const subscribe = (onChange: () => void) => {
  const query = matchMedia(WIDE)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

/**
 * Whether the screen is wide enough for the product table. The server cannot measure the
 * screen: it draws the table for a desktop user agent and cards for a phone, and a hydrating
 * render draws the same, so the served view is adopted, not replaced; the real width takes
 * over right after (a narrow desktop window switches to cards once).
 */
export const useWideScreen = (): boolean =>
  useSyncExternalStore(
    subscribe,
    isWideScreen,
    // The server knows the user agent only: pc or h5, never a Telegram platform.
    () => platformStore.serverDrawn === 'pc',
  )
