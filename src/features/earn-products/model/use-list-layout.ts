import { useSyncExternalStore } from 'react'
import { WIDE_LIST_MEDIA } from '../../../../contract/first-view'
import { platformStore } from '../../../lib/platform/platform-store'

/**
 * From the lg breakpoint (lib/layout/breakpoints.ts) product lists are a table (issue 17).
 * Written out in contract/, not read from the breakpoints object: that would ship whole in
 * home's first load, and the server preloads the table for the same query.
 */
const WIDE = WIDE_LIST_MEDIA

const subscribe = (onChange: () => void) => {
  const query = matchMedia(WIDE)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

/** How a product list is drawn: a table, cards, or both with CSS showing one by width. */
type ListLayout = 'table' | 'cards' | 'both'

const byWidth = (): ListLayout => (matchMedia(WIDE).matches ? 'table' : 'cards')
// The server knows the user agent only: pc or h5, never a Telegram platform.
const served = (): ListLayout => (platformStore.serverDrawn === 'pc' ? 'both' : 'cards')

/** The layout a render draws now: the width's in a browser, the served one on the server. */
export const listLayoutNow = (): ListLayout =>
  typeof matchMedia === 'function' ? byWidth() : served()

/**
 * The product list's layout. The server cannot measure the frame it draws for: for a desktop
 * user agent it draws both layouts and the lg media query shows one, since a desktop browser
 * may well be a 390 px frame (Telegram Web); a phone gets cards, which fit any width. A
 * hydrating render draws the same, so the served view is adopted, not replaced; the layout of
 * the real width takes over right after, and the one hidden by CSS leaves the page unseen.
 */
export const useListLayout = (): ListLayout => useSyncExternalStore(subscribe, byWidth, served)
