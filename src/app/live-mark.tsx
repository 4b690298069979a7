import { useLayoutEffect } from 'react'
import { APP_LIVE_EVENT } from '../../contract/first-view'
import { markAppLive } from '../lib/platform/app-live'

let marked = false

/**
 * Marks the document once the app is live: the page's own content hydrated (or drawn) and its
 * handlers attached. Rendered inside what draws a page (the earn layout, and the root's
 * not-found and error screens, which stand without it), not beside the router: React hydrates
 * the router's Suspense boundary in a later commit than the root's, 150–400 ms later on a slow
 * phone, and a mark beside it came before the page's buttons worked (docs/performance.md, Run
 * AS). Once per page load: `<html data-live>`, a performance mark for monitoring and the e2e
 * tests, markAppLive, and APP_LIVE_EVENT, on which the shell replays the taps it held.
 */
export function LiveMark() {
  useLayoutEffect(() => {
    if (marked) return
    marked = true
    document.documentElement.dataset.live = ''
    performance.mark(APP_LIVE_EVENT)
    markAppLive()
    document.dispatchEvent(new Event(APP_LIVE_EVENT))
  }, [])
  return null
}
