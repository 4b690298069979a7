import { postEvent, swipeBehavior } from '@tma.js/sdk-react'
import { openExternal } from '../../lib/platform/open-link'
import { hapticSelection } from '../../lib/telegram/haptics'

/** Vertical swipe closes the mini-app: off while any dialog or bottom sheet is open. */
export function watchOpenDialogs(): () => void {
  // null: the first sync always tells the client.
  let anyOpen: boolean | null = null
  const sync = () => {
    const open = document.querySelector('dialog[open]') !== null
    if (open === anyOpen) return
    const first = anyOpen === null
    anyOpen = open
    if (open) swipeBehavior.disableVertical.ifAvailable()
    else if (first) allowVerticalSwipe()
    else swipeBehavior.enableVertical.ifAvailable()
  }
  const observer = new MutationObserver(sync)
  observer.observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['open'],
  })
  sync()
  return () => {
    observer.disconnect()
    if (anyOpen) swipeBehavior.enableVertical.ifAvailable()
  }
}

/**
 * Swipes on, said to the client even when the SDK believes them on already: it posts only
 * changes and starts believing them on, while the client may still hold them off from an
 * earlier page of this session (a reload whose saved state the frame's storage refused).
 */
function allowVerticalSwipe() {
  if (!swipeBehavior.enableVertical.isAvailable()) return
  if (swipeBehavior.isVerticalEnabled())
    postEvent('web_app_setup_swipe_behavior', { allow_vertical_swipe: true })
  else swipeBehavior.enableVertical()
}

const SELECTION = '[aria-pressed], [role="tab"], [role="radio"], [role="option"]'

/**
 * One listener for the whole app: a press on a selection control (chips, tabs) or a changed
 * select/radio ticks the haptic engine; a link to another site opens through Telegram.
 */
export function delegateSelectionAndLinks(): () => void {
  const onClick = (e: MouseEvent) => {
    const target = e.target instanceof Element ? e.target : null
    if (!target) return
    if (target.closest(SELECTION)) hapticSelection()
    const link = target.closest<HTMLAnchorElement>('a[href]')
    if (!link || e.defaultPrevented || e.button !== 0) return
    const url = new URL(link.href, location.href)
    if (url.origin === location.origin || !/^https?:$|^tg:$/.test(url.protocol)) return
    e.preventDefault()
    void openExternal(url.href)
  }
  const onChange = (e: Event) => {
    if (e.target instanceof HTMLSelectElement) hapticSelection()
    else if (e.target instanceof HTMLInputElement && e.target.type === 'radio') hapticSelection()
  }
  document.addEventListener('click', onClick)
  document.addEventListener('change', onChange)
  return () => {
    document.removeEventListener('click', onClick)
    document.removeEventListener('change', onChange)
  }
}
